//! Waits: the winning tiles of a tenpai hand and the shapes each completes.
//!
//! A hand is tenpai when it has at least one wait. A tile whose four copies are all in
//! the player's own hand (concealed tiles and melds, ankan included) is not a wait: no
//! fifth copy exists (Tenhou and Mahjong Soul: `123456789m1111p` is noten at exhaustive
//! draw, RC08). Copies merely visible elsewhere (discards, other players' melds, dora
//! indicators) do not matter: such a "karaten" hand is tenpai on Tenhou.

use crate::decompose::{
    group_fit, is_chiitoitsu, is_kokushi, wait_shape, Block, WaitShape, IS_YAOCHUU,
};
use crate::error::{Error, Result};
use crate::hand::{tile_count, Hand};
use crate::shanten::group_completing_draws;

/// Kinds (bit k) by copies held, for counts each at most 4.
#[inline]
fn kinds_by_held(c: &Counts) -> [u64; 5] {
    #[cfg(target_arch = "x86_64")]
    return crate::shanten::kinds_by_held(c);
    #[cfg(not(target_arch = "x86_64"))]
    {
        let mut m = [0u64; 5];
        for (k, &x) in c.iter().enumerate() {
            m[usize::from(x.min(4))] |= 1 << k;
        }
        m
    }
}
use crate::tile::{Counts, Tile};

/// One winning tile of a tenpai hand with every shape it completes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Wait {
    /// The winning tile kind.
    pub tile: Tile,
    /// Every wait shape the tile completes over all readings, sorted and distinct.
    pub shapes: Vec<WaitShape>,
}

/// Winning tile kinds (ascending) of 3n+1 concealed tiles, given copies already used in
/// melds (`meld_counts`, 34 counts; zeros if none). Every form counts (regular;
/// chiitoitsu and kokushi with 13 concealed tiles). A tile whose 4 copies are all in the
/// player's own hand (concealed + melds) is not a wait (RC08); copies visible elsewhere
/// still count (karaten is tenpai on Tenhou).
///
/// Malformed input (a count above 4 in either vector or in their sum, a concealed tile
/// count other than 3n+1 ≤ 13) has no waits, never a panic; [`waits_of_hand`] takes a
/// [`Hand`], which is always valid.
pub fn waits(concealed: &Counts, meld_counts: &Counts) -> Vec<Wait> {
    let mut out = Vec::new();
    if meld_counts.iter().all(|&x| x == 0) {
        if let Some((mask, all_bits)) = bare_waits(concealed) {
            for k in (0..34).filter(|&k| mask >> k & 1 == 1) {
                let tile = Tile::from_index(k);
                let bits = all_bits[k];
                let shapes = SHAPES
                    .iter()
                    .enumerate()
                    .filter(|&(i, _)| bits >> i & 1 == 1)
                    .map(|(_, &s)| s)
                    .collect();
                out.push(Wait { tile, shapes });
            }
            return out;
        }
    }
    scan_winning_tiles(concealed, meld_counts, &mut |tile, won| {
        let bits = shape_bits(won, tile);
        let shapes = SHAPES
            .iter()
            .enumerate()
            .filter(|&(i, _)| bits >> i & 1 == 1)
            .map(|(_, &s)| s)
            .collect();
        out.push(Wait { tile, shapes });
        true
    });
    out
}

/// The wait shapes in their order, bit `i` of [`shape_bits`] standing for `SHAPES[i]`.
pub const SHAPES: [WaitShape; 5] = [
    WaitShape::Ryanmen,
    WaitShape::Kanchan,
    WaitShape::Penchan,
    WaitShape::Tanki,
    WaitShape::Shanpon,
];

/// The shapes `win` completes in the complete counts `won` (14 tiles counting implied
/// melds), as bits of [`SHAPES`]: each block that can hold the winning tile (its pair,
/// its triplet, each sequence through it) is taken out and the rest tested for melds
/// (and the pair), which is the set of shapes of every reading of [`decompose_win`]
/// without listing the readings. Chiitoitsu and kokushi wins are tanki.
pub fn shape_bits(won: &Counts, win: Tile) -> u8 {
    let t = win.index();
    let g = if t < 27 { t / 9 } else { 3 };
    // the other groups: every one must fit, and count the pairs among them
    let mut others_ok = true;
    let mut others_pairs = 0;
    for h in 0..4 {
        if h != g {
            let f = group_fit(won, h);
            others_ok &= f.melds || f.pair;
            others_pairs += usize::from(f.pair);
        }
    }
    let mut bits = 0u8;
    let n: u32 = won.iter().map(|&x| u32::from(x)).sum();
    if n == 14 && (is_chiitoitsu(won) || is_kokushi(won)) {
        bits |= 1 << 3;
    }
    if !others_ok || others_pairs > 1 {
        return bits;
    }
    bits | regular_shape_bits(won, win, others_pairs)
}

/// The regular-form part of [`shape_bits`]: the shapes `win` completes in its own group
/// of `won`, given that every other group fits as melds with `others_pairs` (0 or 1)
/// pairs among them. The other groups are not looked at again (a caller that fitted them
/// before the winning tile passes what it found: the tile changes no other group).
fn regular_shape_bits(won: &Counts, win: Tile, others_pairs: usize) -> u8 {
    let t = win.index();
    let g = if t < 27 { t / 9 } else { 3 };
    let mut bits = 0u8;
    let mut c = *won;
    // the rest of the group, with `block` taken out, fits with the pair still to place
    let rest_fits = |take: &[usize], pair_taken: bool, c: &mut Counts| -> bool {
        if take.iter().any(|&k| c[k] == 0) {
            return false;
        }
        // (a pair block may take the same kind twice)
        let mut ok = true;
        for &k in take {
            if c[k] == 0 {
                ok = false;
            }
            c[k] = c[k].wrapping_sub(1);
        }
        if ok {
            let f = group_fit(c, g);
            ok = if pair_taken {
                others_pairs == 0 && f.melds
            } else {
                (others_pairs == 0 && f.pair) || (others_pairs == 1 && f.melds)
            };
        }
        for &k in take {
            c[k] = c[k].wrapping_add(1);
        }
        ok
    };
    if rest_fits(&[t, t], true, &mut c) {
        bits |= 1 << 3; // tanki
    }
    if rest_fits(&[t, t, t], false, &mut c) {
        bits |= 1 << 4; // shanpon
    }
    if g < 3 {
        let r = t % 9;
        // sequences (lo, lo+1, lo+2) through t
        for lo in r.saturating_sub(2)..=r.min(6) {
            let base = t - r + lo;
            if rest_fits(&[base, base + 1, base + 2], false, &mut c) {
                let shape = match wait_shape(Block::Sequence(Tile::from_index(base)), win) {
                    Some(WaitShape::Kanchan) => 1,
                    Some(WaitShape::Penchan) => 2,
                    _ => 0,
                };
                bits |= 1 << shape;
            }
        }
    }
    bits
}

/// Wait kinds (bit k) of bare concealed counts with no melds' copies, when valid
/// (each ≤ 4, 3n + 1 ≤ 13 tiles); None for invalid counts. See [`bare_waits`].
#[cfg(test)]
fn bare_wait_mask(concealed: &Counts) -> Option<u64> {
    bare_waits(concealed).map(|(mask, _)| mask)
}

/// Waits of bare concealed counts (no melds' copies to cap them), when valid (each
/// ≤ 4, 3n + 1 ≤ 13 tiles): the wait kinds as a bit mask and, per kind, its shapes as
/// bits of [`SHAPES`]. None for invalid counts.
///
/// A complete hand has every group (suit or honors) fitting as melds, one of them with
/// the pair; the winning tile changes one group only. So the groups are fitted once,
/// and only a group whose neighbours all fit (with at most one pair among them) can
/// hold the winning tile: its winning kinds are the draws that complete it (the draw
/// masks of the shanten kernel, [`group_completing_draws`]), and only their shapes are
/// fitted. A group's fit and waits depend on its own counts only, so each thread keeps
/// them in a small table ([`Memo`]) and a hand of common groups reads them from there.
pub fn bare_waits(concealed: &Counts) -> Option<(u64, [u8; 34])> {
    with_memo(|memo| bare_waits_with(concealed, memo))
}

/// [`bare_waits`] with the groups' fits and waits read from `memo` (or all computed
/// without one).
fn bare_waits_with(concealed: &Counts, mut memo: Memo<'_>) -> Option<(u64, [u8; 34])> {
    // the counts checked and totalled word-parallel, then the kinds by copies held
    let n = checked_total(concealed)?;
    if n % 3 != 1 || n > 13 {
        return None;
    }
    let held = kinds_by_held(concealed);
    let any = ALL_KINDS & !held[0];
    let mut mask = 0u64;
    let mut bits = [0u8; 34];
    // each group's fit (and, once asked, its waits) from the table, by its counts
    let mut keys = [0u64; 4];
    let mut slots = [usize::MAX; 4];
    let mut known = [0u64; 4];
    let mut totals = [0usize; 4];
    for g in 0..4 {
        let (lo, hi) = group_span(g);
        totals[g] = concealed[lo..hi].iter().map(|&x| usize::from(x)).sum();
        if totals[g] == 0 {
            known[g] = FITS_MELDS; // no tiles: no melds, and no wait either (0 mod 3)
            continue;
        }
        keys[g] = group_key(concealed, g);
        (slots[g], known[g]) = memo.entry(keys[g], || fit_value(group_fit(concealed, g)));
    }
    for g in 0..4 {
        let mut others_pairs = 0;
        let mut others_ok = true;
        for (h, &v) in known.iter().enumerate() {
            if h != g {
                others_ok &= v & (FITS_MELDS | FITS_PAIR) != 0;
                others_pairs += usize::from(v & FITS_PAIR != 0);
            }
        }
        if !others_ok || others_pairs > 1 {
            continue;
        }
        // with one more tile the group must hold melds only (the pair is elsewhere) or
        // melds and the pair: its total must be 2 or 1 (mod 3) accordingly, so the
        // total alone says where the pair is, and the waits depend on the counts only
        let total = totals[g];
        let pair = others_pairs == 0;
        if total % 3 != if pair { 1 } else { 2 } {
            continue;
        }
        let v = if known[g] & WAITS_KNOWN != 0 {
            known[g]
        } else {
            let melds = if pair {
                (total - 1) / 3
            } else {
                (total + 1) / 3
            };
            let (kinds, shapes) = compute_group_waits(concealed, g, others_pairs, melds);
            let v = known[g] | WAITS_KNOWN | (u64::from(kinds) << KINDS_SHIFT) | shapes;
            memo.update(slots[g], keys[g], v);
            v
        };
        let lo = group_span(g).0;
        let kinds = (v >> KINDS_SHIFT) & 0x1FF;
        mask |= kinds << lo;
        let mut todo = kinds;
        while todo != 0 {
            let r = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            // chiitoitsu and kokushi come below
            bits[lo + r] = (v >> (5 * r)) as u8 & 0x1F;
        }
    }
    if n == 13 {
        // chiitoitsu: six distinct pairs and a single, which is the wait
        if held[2].count_ones() == 6 && held[1].count_ones() == 1 {
            let k = held[1].trailing_zeros() as usize;
            mask |= 1 << k;
            bits[k] |= 1 << 3;
        }
        // kokushi: thirteen terminals and honors, at most one kind missing
        if any & !YAOCHUU_BITS == 0 {
            let missing = YAOCHUU_BITS & held[0];
            let waits = match missing.count_ones() {
                0 => YAOCHUU_BITS,
                1 => missing,
                _ => 0,
            };
            mask |= waits;
            let mut w = waits;
            while w != 0 {
                let k = w.trailing_zeros() as usize;
                w &= w - 1;
                bits[k] |= 1 << 3;
            }
        }
    }
    Some((mask, bits))
}

/// The waits of group `g` (0..=2 a suit, 3 the honors) of valid bare counts whose other
/// groups all fit as melds with `others_pairs` (0 or 1) pairs among them, the group to
/// hold `melds` melds, and the pair when `others_pairs` is 0, once the winning tile is in:
/// the kinds (bit = rank within the group) whose draw completes it, from the shanten
/// kernel's draw masks ([`group_completing_draws`]), and per such rank `r` the shapes it
/// completes as bits of [`SHAPES`] at bits `5r..5r + 5`, each fitted in the group
/// ([`regular_shape_bits`]).
fn compute_group_waits(
    concealed: &Counts,
    g: usize,
    others_pairs: usize,
    melds: usize,
) -> (u16, u64) {
    let lo = 9 * g.min(3);
    let kinds = group_completing_draws(concealed, g, melds, others_pairs == 0);
    let mut c = *concealed;
    let mut shapes = 0u64;
    let mut todo = kinds;
    while todo != 0 {
        let r = todo.trailing_zeros() as usize;
        todo &= todo - 1;
        let k = lo + r;
        c[k] += 1;
        // the other groups were fitted by the caller
        shapes |= u64::from(regular_shape_bits(&c, Tile::from_index(k), others_pairs)) << (5 * r);
        c[k] -= 1;
    }
    (kinds, shapes)
}

/// The kinds of group `g`: its first kind and one past its last.
#[inline]
fn group_span(g: usize) -> (usize, usize) {
    if g < 3 {
        (9 * g, 9 * g + 9)
    } else {
        (27, 34)
    }
}

/// A [`Memo`] value: the group fits as melds only ([`GroupFit::melds`]).
const FITS_MELDS: u64 = 1 << 60;
/// A [`Memo`] value: the group fits as melds and one pair ([`GroupFit::pair`]).
const FITS_PAIR: u64 = 1 << 61;
/// A [`Memo`] value: its waits (kinds at [`KINDS_SHIFT`], shapes in bits 0..45) are filled.
const WAITS_KNOWN: u64 = 1 << 62;
/// Where a [`Memo`] value keeps a group's winning kinds (bit = rank within the group).
const KINDS_SHIFT: u32 = 48;

/// The [`Memo`] value of a group's fit, its waits not yet known.
fn fit_value(f: crate::decompose::GroupFit) -> u64 {
    (if f.melds { FITS_MELDS } else { 0 }) | (if f.pair { FITS_PAIR } else { 0 })
}

/// What waits remember of a group's counts: how they fit and, once a hand waited on them,
/// the waits they hold. Both are pure functions of the group's own counts: a group can
/// hold the wait only with a total of 1 or 2 (mod 3), and that total alone says whether the
/// pair is in the group (1) or elsewhere (2). A tenpai hand's groups are among a few
/// thousand common shapes (5,915 distinct in the benchmark's 20,000 hands, 3 groups each),
/// so a hand usually costs three table reads instead of four group fits, the group's draw
/// masks and a fit per shape and winning kind.
///
/// Per thread, 8,192 entries of `[key, value]` (128 kB) in sets of two: a read finds its
/// key in either; a miss computes the value and puts it first, moving the first to second.
/// Without the table (in use further up the stack, or the thread ending) every value is
/// computed. The table only ever holds computed values.
struct Memo<'a>(Option<&'a mut [[u64; 2]]>);

impl Memo<'_> {
    /// The slot holding `key` and its value; a key not held is entered with `fill()`.
    /// The slot is `usize::MAX` without a table.
    #[inline]
    fn entry(&mut self, key: u64, fill: impl FnOnce() -> u64) -> (usize, u64) {
        let Some(table) = self.0.as_deref_mut() else {
            return (usize::MAX, fill());
        };
        let set = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - MEMO_BITS)) as usize & !1;
        let Some(ways) = table.get_mut(set..set + 2) else {
            return (usize::MAX, fill());
        };
        if ways[0][0] == key {
            return (set, ways[0][1]);
        }
        if ways[1][0] == key {
            return (set + 1, ways[1][1]);
        }
        let value = fill();
        ways[1] = ways[0];
        ways[0] = [key, value];
        (set, value)
    }

    /// Replace the value of `key` at `slot` (from [`Memo::entry`] in the same call: the key
    /// is checked again, nothing is written elsewhere).
    #[inline]
    fn update(&mut self, slot: usize, key: u64, value: u64) {
        if let Some(e) = self.0.as_deref_mut().and_then(|t| t.get_mut(slot)) {
            if e[0] == key {
                e[1] = value;
            }
        }
    }
}

/// Run `f` with this thread's [`Memo`] (made on first use), or with none when it is not
/// available; `f` runs once either way.
fn with_memo<R>(mut f: impl FnMut(Memo<'_>) -> R) -> R {
    let done = MEMO
        .try_with(|cell| {
            let mut table = cell.try_borrow_mut().ok()?;
            if table.is_empty() {
                table.resize(1 << MEMO_BITS, [EMPTY, 0]);
            }
            Some(f(Memo(Some(&mut table[..]))))
        })
        .ok()
        .flatten();
    match done {
        Some(r) => r,
        None => f(Memo(None)),
    }
}

/// The [`Memo`] key of group `g` of counts each at most 4: the group's first eight counts
/// in the eight bytes (3 bits used of each), its ninth count in bits 3..=5 and "honors" in
/// bit 7 (the honors' seven counts fill bytes 0..=6). Distinct groups give distinct keys,
/// and no key is [`EMPTY`].
#[inline]
fn group_key(c: &Counts, g: usize) -> u64 {
    let mut b = [0u8; 8];
    let ninth = if g < 3 {
        b.copy_from_slice(&c[9 * g..9 * g + 8]);
        c[9 * g + 8]
    } else {
        b[..7].copy_from_slice(&c[27..34]);
        0
    };
    u64::from_le_bytes(b) | (u64::from(ninth) << 3) | (u64::from(g >= 3) << 7)
}

/// Entries of the [`Memo`] table (a power of two).
const MEMO_BITS: u32 = 13;

/// A free [`Memo`] entry's key (never a real key: byte 1 of one is at most 4).
const EMPTY: u64 = u64::MAX;

thread_local! {
    /// [`Memo`]'s table: `[key, value]` per entry, in sets of two.
    static MEMO: std::cell::RefCell<Vec<[u64; 2]>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The total of counts each at most 4, or None when one is above 4: eight counts per
/// word, a count of 5 or more caught by a carry into its byte's high bit. (The shanten
/// kernel's row statistics also count pairs and singles, which waits do not need.)
#[inline]
fn checked_total(c: &Counts) -> Option<usize> {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    const ONES: u64 = 0x0101_0101_0101_0101;
    let mut over = 0u64;
    let mut sum = 0u64;
    for i in 0..5 {
        let mut b = [0u8; 8];
        let hi = (8 * i + 8).min(34);
        b[..hi - 8 * i].copy_from_slice(&c[8 * i..hi]);
        let x = u64::from_le_bytes(b);
        // byte >= 5: its low 7 bits + 0x7B carry into bit 7, or bit 7 is already set
        over |= (((x & !HIGH) + 0x7B * ONES) | x) & HIGH;
        // with every byte at most 4, five words sum to at most 20 a byte: no carry
        sum = sum.wrapping_add(x);
    }
    // the eight byte sums (at most 160 in all) added into the top byte
    (over == 0).then(|| (sum.wrapping_mul(ONES) >> 56) as usize)
}

/// Every kind, bit k = kind k.
const ALL_KINDS: u64 = (1 << 34) - 1;

/// The terminals and honors, bit k = kind k.
const YAOCHUU_BITS: u64 = {
    let mut m = 0u64;
    let mut k = 0;
    while k < 34 {
        if IS_YAOCHUU[k] {
            m |= 1 << k;
        }
        k += 1;
    }
    m
};

/// Whether 3n+1 concealed tiles (with `meld_counts` as in [`waits`]) have any wait;
/// stops at the first one and computes no shapes.
pub fn has_wait(concealed: &Counts, meld_counts: &Counts) -> bool {
    let mut any = false;
    scan_winning_tiles(concealed, meld_counts, &mut |_, _| {
        any = true;
        false
    });
    any
}

/// Call `f(tile, completed counts)` for each winning tile in ascending order while it
/// returns true. Malformed input calls nothing.
fn scan_winning_tiles(
    concealed: &Counts,
    meld_counts: &Counts,
    f: &mut dyn FnMut(Tile, &Counts) -> bool,
) {
    let n = tile_count(concealed);
    if n % 3 != 1 || n > 13 {
        return;
    }
    for k in 0..34 {
        if u32::from(concealed[k]) + u32::from(meld_counts[k]) > 4 {
            return;
        }
    }
    // Fit of each group as it stands; adding a tile changes only its own group.
    let fits = [0, 1, 2, 3].map(|g| group_fit(concealed, g));
    // Kokushi tenpai needs 13 concealed terminals/honors; then every one is a candidate.
    let kokushi_shape = n == 13 && (0..34).all(|k| concealed[k] == 0 || IS_YAOCHUU[k]);
    let mut c = *concealed;
    for k in 0..34 {
        if concealed[k] + meld_counts[k] >= 4 {
            continue; // every copy is in the player's own hand (RC08)
        }
        let g = k / 9;
        // a winning tile touches the hand: same kind, or a numbered neighbour within 2
        let near = if g == 3 {
            concealed[k] > 0
        } else {
            let lo = (k - k % 9).max(k.saturating_sub(2));
            let hi = (k - k % 9 + 8).min(k + 2);
            (lo..=hi).any(|j| concealed[j] > 0)
        };
        if !(near || (kokushi_shape && IS_YAOCHUU[k])) {
            continue;
        }
        c[k] += 1;
        let own = group_fit(&c, g);
        let mut pairs = usize::from(own.pair);
        let mut regular = own.melds || own.pair;
        for (h, fit) in fits.iter().enumerate() {
            if h != g {
                regular &= fit.melds || fit.pair;
                pairs += usize::from(fit.pair);
            }
        }
        let complete =
            (regular && pairs == 1) || (n == 13 && (is_chiitoitsu(&c) || is_kokushi(&c)));
        if complete && !f(Tile::from_index(k), &c) {
            return;
        }
        c[k] -= 1;
    }
}

/// Waits of a hand with 13 tiles counting each meld as 3 (see [`waits`]).
///
/// # Errors
/// [`Error::BadTileCount`] if the hand holds 14 tiles (it must discard first).
pub fn waits_of_hand(hand: &Hand) -> Result<Vec<Wait>> {
    let meld_counts = checked_meld_counts(hand)?;
    Ok(waits(hand.concealed(), &meld_counts))
}

/// Whether a 13-tile hand is tenpai: it has at least one wait (see [`waits`]).
///
/// # Errors
/// [`Error::BadTileCount`] if the hand holds 14 tiles.
pub fn is_tenpai(hand: &Hand) -> Result<bool> {
    let meld_counts = checked_meld_counts(hand)?;
    Ok(has_wait(hand.concealed(), &meld_counts))
}

/// Winning tile kinds of 3n+1 concealed tiles as a bit mask (bit `k` set for a wait on kind
/// `k`), the same set as [`waits`] without the shapes: the cheap question a game engine asks
/// after every discard. A hand of shanten ≥ 1 returns 0 at once.
///
/// # Errors
/// [`Error::TooManyCopies`] for a kind held more than 4 times (concealed and melds
/// together), [`Error::BadTileCount`] unless 1, 4, 7, 10 or 13 concealed tiles.
pub fn wait_mask(concealed: &Counts, meld_counts: &Counts) -> Result<u64> {
    let n = check_engine_counts(concealed, meld_counts)?;
    if n % 3 != 1 {
        return Err(Error::BadTileCount {
            concealed: n,
            melds: (13usize.saturating_sub(n)) / 3,
            expected: "3n+1 concealed tiles (1, 4, 7, 10 or 13) waiting for a winning tile",
        });
    }
    // Most hands are far from tenpai: the table shanten answers them without the scan.
    if crate::shanten::shanten(concealed)? > 0 {
        return Ok(0);
    }
    Ok(mask_of(concealed, meld_counts))
}

/// [`wait_mask`] of counts the caller already holds valid: every kind at most 4 with the
/// melds' copies, and `n`, the concealed total, one of 1, 4, 7, 10 or 13. The engine's seat
/// hands ([`crate::seat::SeatHand`]) keep these facts from the checks made when their tiles
/// came in, so the questions they ask on every draw and discard skip [`wait_mask`]'s checks
/// of them; the answer is the same.
pub(crate) fn valid_wait_mask(concealed: &Counts, meld_counts: &Counts, n: usize) -> u64 {
    debug_assert!(
        n % 3 == 1 && matches!(check_engine_counts(concealed, meld_counts), Ok(m) if m == n)
    );
    // Most hands are far from tenpai: the table shanten answers them without the scan.
    if !valid_shanten_at_most_zero(concealed, n) {
        return 0;
    }
    mask_of(concealed, meld_counts)
}

/// Whether the shanten of valid bare counts (each at most 4, `n` their total, at most 14)
/// is 0 or less: a 3n+1 hand is tenpai, a 3n+2 hand has a discard leaving it tenpai (the
/// shanten of a hand is never above that of the hand with one tile more, so a 3n+2 hand
/// of shanten 1 or more leaves no wait with any discard).
pub(crate) fn valid_shanten_at_most_zero(concealed: &Counts, n: usize) -> bool {
    let c = crate::shanten::Concealed::from_valid_counts(concealed, n);
    crate::shanten::replacement(&c, crate::shanten::Form::Minimum).unwrap_or(0) <= 1
}

/// For 3n+2 concealed tiles (a hand that must discard), the waits left by each discard:
/// `out[k]` is the [`wait_mask`] of the hand without one copy of kind `k` (0 when `k` is
/// not held or the rest is noten). Answers riichi (which discards leave tenpai) and the
/// waits after the discard in one call; a hand of shanten ≥ 1 returns all zeros at once.
///
/// # Errors
/// [`Error::TooManyCopies`] as [`wait_mask`], [`Error::BadTileCount`] unless 2, 5, 8, 11
/// or 14 concealed tiles.
pub fn discard_wait_masks(concealed: &Counts, meld_counts: &Counts) -> Result<[u64; 34]> {
    let n = check_engine_counts(concealed, meld_counts)?;
    if n % 3 != 2 {
        return Err(Error::BadTileCount {
            concealed: n,
            melds: (14usize.saturating_sub(n)) / 3,
            expected: "3n+2 concealed tiles (2, 5, 8, 11 or 14) before a discard",
        });
    }
    let mut out = [0u64; 34];
    // A discard leaving a wait needs a hand of shanten <= 0 (copy caps only raise it).
    if crate::shanten::shanten(concealed)? > 0 {
        return Ok(out);
    }
    let mut c = *concealed;
    for k in 0..34 {
        if c[k] == 0 {
            continue;
        }
        c[k] -= 1;
        out[k] = mask_of(&c, meld_counts);
        c[k] += 1;
    }
    Ok(out)
}

/// Total concealed tiles after checking counts (≤ 4 per kind with the melds, ≤ 14 tiles).
fn check_engine_counts(concealed: &Counts, meld_counts: &Counts) -> Result<usize> {
    for k in 0..34 {
        let held = u32::from(concealed[k]) + u32::from(meld_counts[k]);
        if held > 4 {
            return Err(Error::TooManyCopies {
                tile: Tile::from_index(k),
                count: held,
            });
        }
    }
    let n = tile_count(concealed);
    if n > 14 {
        return Err(Error::BadTileCount {
            concealed: n,
            melds: 0,
            expected: "at most 14 concealed tiles",
        });
    }
    Ok(n)
}

fn mask_of(concealed: &Counts, meld_counts: &Counts) -> u64 {
    let mut mask = 0u64;
    scan_winning_tiles(concealed, meld_counts, &mut |tile, _| {
        mask |= 1u64 << tile.index();
        true
    });
    mask
}

/// Copies in the hand's melds, or the error for a 14-tile hand.
fn checked_meld_counts(hand: &Hand) -> Result<Counts> {
    if hand.is_full() {
        return Err(Error::BadTileCount {
            concealed: hand.concealed_len(),
            melds: hand.melds().len(),
            expected: "13 tiles counting each meld as 3 (a hand waiting for its 14th tile)",
        });
    }
    let mut meld_counts = [0u8; 34];
    for m in hand.melds() {
        m.add_to(&mut meld_counts);
    }
    Ok(meld_counts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_tile;

    fn w(hand: &str) -> Vec<(String, Vec<WaitShape>)> {
        waits_of_hand(&Hand::parse(hand).unwrap())
            .unwrap()
            .into_iter()
            .map(|w| (w.tile.to_string(), w.shapes))
            .collect()
    }
    fn tiles(hand: &str) -> Vec<String> {
        w(hand).into_iter().map(|(t, _)| t).collect()
    }

    #[test]
    fn shapes_per_wait() {
        use WaitShape::*;
        assert_eq!(
            w("123m789p789s23p11z"),
            vec![("1p".into(), vec![Ryanmen]), ("4p".into(), vec![Ryanmen])]
        );
        assert_eq!(w("123m789p789s13p11z"), vec![("2p".into(), vec![Kanchan])]);
        assert_eq!(w("123m789p789s12p11z"), vec![("3p".into(), vec![Penchan])]);
        assert_eq!(w("123m789p789s1p111z"), vec![("1p".into(), vec![Tanki])]);
        assert_eq!(
            w("123m789p789s11p11z"),
            vec![("1p".into(), vec![Shanpon]), ("1z".into(), vec![Shanpon])]
        );
        // 1m: 11m pair + 123m... / 111m + 23m: several shapes for one tile
        assert_eq!(
            w("1123m456p789s111z"),
            vec![
                ("1m".into(), vec![Ryanmen, Tanki]),
                ("4m".into(), vec![Ryanmen])
            ]
        );
    }

    #[test]
    fn nine_sided_and_thirteen_sided() {
        assert_eq!(
            tiles("1112345678999m"),
            (1..=9).map(|k| format!("{k}m")).collect::<Vec<_>>()
        );
        let k = w("19m19p19s1234567z");
        assert_eq!(k.len(), 13);
        assert!(k.iter().all(|(_, s)| s == &vec![WaitShape::Tanki]));
        assert_eq!(tiles("19m19p19s1234566z"), vec!["7z".to_string()]);
    }

    #[test]
    fn chiitoitsu_needs_distinct_pairs() {
        assert_eq!(tiles("1122m3344p5566s7z"), vec!["7z".to_string()]);
        // 1111m is not two pairs: no chiitoitsu wait on 7z
        assert!(tiles("1111m3344p5566s7z").is_empty());
    }

    #[test]
    fn no_wait_on_a_fifth_copy_rc08() {
        // RC08 / RC01 family: every completing tile is a fifth copy
        for h in [
            "123456789m1111p",
            "123456789m1111z",
            "112233s123p1111m",
            "1m234567p789s pon:111m",     // tanki on the pon's tile
            "12m456p789s11z ankan:3333m", // penchan into an ankan
            "5555m123p456s789s",
        ] {
            assert!(tiles(h).is_empty(), "{h}: {:?}", tiles(h));
            assert!(!is_tenpai(&Hand::parse(h).unwrap()).unwrap(), "{h}");
        }
        // one side of a ryanmen held in an ankan: only the other side remains
        assert_eq!(tiles("23m456p789s11z ankan:1111m"), vec!["4m".to_string()]);
        assert_eq!(tiles("2m234567p789s pon:111m"), vec!["2m".to_string()]);
        assert!(is_tenpai(&Hand::parse("2m234567p789s pon:111m").unwrap()).unwrap());
        // bare counts: the meld copies come in through meld_counts
        let mut melds = [0u8; 34];
        melds[parse_tile("1m").unwrap().index()] = 3;
        let (conc, _) = crate::notation::parse_counts("1m234567p789s").unwrap();
        assert!(waits(&conc, &melds).is_empty());
        assert_eq!(waits(&conc, &[0; 34]).len(), 1);
    }

    #[test]
    fn bad_input() {
        let full = Hand::parse("123m456p789s11122z").unwrap();
        assert!(matches!(
            waits_of_hand(&full),
            Err(Error::BadTileCount { concealed: 14, .. })
        ));
        assert!(is_tenpai(&full).is_err());
        let mut five = [0u8; 34];
        five[0] = 5;
        five[1] = 8;
        assert!(waits(&five, &[0; 34]).is_empty());
        let mut c = [0u8; 34];
        c[0] = 4;
        let mut m = [0u8; 34];
        m[0] = 4;
        c[5] = 3;
        c[6] = 3;
        c[7] = 3;
        assert!(waits(&c, &m).is_empty());
    }

    fn mask_text(mask: u64) -> Vec<String> {
        (0..34)
            .filter(|k| mask >> k & 1 == 1)
            .map(|k| Tile::from_index(k).to_string())
            .collect()
    }

    fn kinds(ws: &[Wait]) -> u64 {
        ws.iter().fold(0, |m, w| m | 1 << w.tile.index())
    }

    #[test]
    fn wait_mask_matches_waits() {
        let (c, _) = crate::notation::parse_counts("1112345678999m").unwrap();
        assert_eq!(
            mask_text(wait_mask(&c, &[0; 34]).unwrap()),
            tiles("1112345678999m")
        );
        let (c, _) = crate::notation::parse_counts("19m19p19s1234567z").unwrap();
        assert_eq!(wait_mask(&c, &[0; 34]).unwrap().count_ones(), 13);
        let (c, _) = crate::notation::parse_counts("123m456p789s1234z").unwrap();
        assert_eq!(wait_mask(&c, &[0; 34]).unwrap(), 0);
        // RC08 through meld_counts: a tanki on the pon's kind is no wait
        let (c, _) = crate::notation::parse_counts("1m234567p789s").unwrap();
        let mut melds = [0u8; 34];
        melds[0] = 3;
        assert_eq!(wait_mask(&c, &melds).unwrap(), 0);
        assert_eq!(mask_text(wait_mask(&c, &[0; 34]).unwrap()), vec!["1m"]);
    }

    #[test]
    fn discard_wait_masks_per_discard() {
        // 1112345678999m + 5z: discarding 5z leaves the nine-sided wait, anything else
        // leaves no wait at all except a few of the manzu
        let (c, _) = crate::notation::parse_counts("1112345678999m5z").unwrap();
        let out = discard_wait_masks(&c, &[0; 34]).unwrap();
        assert_eq!(out[31].count_ones(), 9);
        for k in 0..34 {
            let mut d = c;
            if d[k] == 0 {
                assert_eq!(out[k], 0);
                continue;
            }
            d[k] -= 1;
            assert_eq!(out[k], kinds(&waits(&d, &[0; 34])), "discard {k}");
        }
        // two shanten: all zeros
        let (c, _) = crate::notation::parse_counts("147m258p369s12345z").unwrap();
        assert_eq!(discard_wait_masks(&c, &[0; 34]).unwrap(), [0; 34]);
        // open hand: 5 concealed tiles and three melds' copies
        let (c, _) = crate::notation::parse_counts("23m55p9s").unwrap();
        let mut melds = [0u8; 34];
        melds[0] = 4; // kan 1111m: the 1m side of 23m is gone (RC08)
        let out = discard_wait_masks(&c, &melds).unwrap();
        assert_eq!(mask_text(out[26]), vec!["4m"]);
        assert_eq!(out[1], 0);
    }

    #[test]
    fn discard_wait_masks_agree_with_waits_on_random_hands() {
        // xorshift: deterministic pseudo-random 14-, 11- and 8-tile hands drawn from a
        // wall biased to few kinds so that many are tenpai
        let mut rng = crate::test_hands::Xorshift(0x9E37_79B9_7F4A_7C15);
        let mut tenpai = 0;
        for i in 0..4000 {
            let n = [14, 11, 8, 5][i % 4];
            let span = [9, 12, 18, 34][(i / 4) % 4];
            let c = rng.counts(n, span);
            let out = discard_wait_masks(&c, &[0; 34]).unwrap();
            for k in 0..34 {
                let want = if c[k] == 0 {
                    0
                } else {
                    let mut d = c;
                    d[k] -= 1;
                    kinds(&waits(&d, &[0; 34]))
                };
                assert_eq!(out[k], want, "hand {c:?} discard {k}");
                tenpai += usize::from(want != 0);
            }
        }
        assert!(tenpai > 500, "too few tenpai discards sampled: {tenpai}");
    }

    #[test]
    fn valid_wait_mask_equals_the_checked_one_and_the_shanten_shortcut_holds() {
        // random 3n+2 hands (biased to few kinds, so many are near tenpai), with meld
        // copies elsewhere: the unchecked mask of each discard equals wait_mask's, and a
        // hand valid_shanten_at_most_zero calls far leaves no wait with any discard
        let mut rng = crate::test_hands::Xorshift(0x2545_F491_4F6C_DD1D);
        let (mut near, mut far) = (0, 0);
        for i in 0..6000 {
            let n = [14, 11, 8, 5, 2][i % 5];
            let span = [9, 12, 18, 34][(i / 5) % 4];
            let c = rng.counts(n, span);
            let mut melds = [0u8; 34];
            for _ in 0..(14 - n) / 3 {
                let k = (rng.next() % 34) as usize;
                if c[k] == 0 && melds[k] == 0 {
                    melds[k] = 3;
                }
            }
            let is_near = valid_shanten_at_most_zero(&c, n);
            assert_eq!(is_near, crate::shanten::shanten(&c).unwrap() <= 0, "{c:?}");
            if is_near {
                near += 1;
            } else {
                far += 1;
            }
            for k in (0..34).filter(|&k| c[k] > 0) {
                let mut d = c;
                d[k] -= 1;
                let want = wait_mask(&d, &melds).unwrap();
                assert_eq!(valid_wait_mask(&d, &melds, n - 1), want, "{d:?} {melds:?}");
                if !is_near {
                    assert_eq!(want, 0, "far hand {c:?} discard {k} keeps a wait");
                }
            }
        }
        assert!(near > 500 && far > 500, "near {near}, far {far}");
    }

    #[test]
    fn engine_masks_reject_bad_counts() {
        let (c, _) = crate::notation::parse_counts("123m456p789s11223z").unwrap();
        assert!(matches!(
            wait_mask(&c, &[0; 34]),
            Err(Error::BadTileCount { concealed: 14, .. })
        ));
        let (c13, _) = crate::notation::parse_counts("123m456p789s1112z").unwrap();
        assert!(matches!(
            discard_wait_masks(&c13, &[0; 34]),
            Err(Error::BadTileCount { concealed: 13, .. })
        ));
        let mut m = [0u8; 34];
        m[27] = 4; // 1z held in a kan and twice in the hand: six copies
        assert!(matches!(
            discard_wait_masks(&c, &m),
            Err(Error::TooManyCopies { count: 6, .. })
        ));
        let mut big = [0u8; 34];
        big[0] = 4;
        big[1] = 4;
        big[2] = 4;
        big[3] = 4;
        assert!(matches!(
            discard_wait_masks(&big, &[0; 34]),
            Err(Error::BadTileCount { concealed: 16, .. })
        ));
    }

    #[test]
    fn shape_bits_equal_the_readings() {
        use crate::decompose::decompose_win;
        let mut rng = crate::test_hands::Xorshift(0x9E37_79B9_7F4A_7C15);
        let mut compared = 0;
        for i in 0..20000 {
            let n = [13, 10, 7, 4, 1][i % 5];
            let span = [9, 12, 18, 34][(i / 5) % 4];
            let c = rng.counts(n, span);
            for w in waits(&c, &[0; 34]) {
                let mut won = c;
                won[w.tile.index()] += 1;
                let mut want: Vec<WaitShape> =
                    decompose_win(&won, w.tile).iter().map(|r| r.wait).collect();
                want.sort_unstable();
                want.dedup();
                assert_eq!(w.shapes, want, "{c:?} wins on {}", w.tile);
                compared += 1;
            }
        }
        assert!(compared > 2000, "{compared}");
    }

    #[test]
    fn bare_waits_equal_the_scan() {
        let mut rng = crate::test_hands::Xorshift(0xDEAD_BEEF_1234_5678);
        let mut tenpai = 0;
        for i in 0..40000 {
            let n = [13, 10, 7, 4, 1][i % 5];
            let span = [9, 12, 18, 34][(i / 5) % 4];
            let c = rng.counts(n, span);
            let fast = bare_wait_mask(&c).unwrap();
            assert_eq!(fast, mask_of(&c, &[0; 34]), "{c:?}");
            tenpai += usize::from(fast != 0);
        }
        assert!(tenpai > 3000, "{tenpai}");
    }
    #[test]
    fn checked_total_equals_the_sum_and_refuses_a_fifth_copy() {
        let mut rng = crate::test_hands::Xorshift(0x1234_5678_9ABC_DEF1);
        for i in 0..20000 {
            let mut c = [0u8; 34];
            for x in c.iter_mut() {
                // mostly 0..=4, sometimes 5..=255 at any kind
                let r = rng.next();
                *x = if i % 3 == 0 && r % 50 == 0 {
                    5 + (r >> 8) as u8 % 251
                } else {
                    (r % 5) as u8
                };
            }
            let want = c
                .iter()
                .all(|&x| x <= 4)
                .then(|| c.iter().map(|&x| usize::from(x)).sum::<usize>());
            assert_eq!(checked_total(&c), want, "{c:?}");
        }
        let mut c = [4u8; 34];
        assert_eq!(checked_total(&c), Some(136));
        c[33] = 5;
        assert_eq!(checked_total(&c), None);
    }

    #[test]
    fn remembered_waits_equal_the_computed_ones() {
        // the same hands over and over among many others (more group shapes than the
        // table keeps): every answer, read from the table or computed afresh, equals the
        // one computed without a table
        let mut rng = crate::test_hands::Xorshift(0x0BAD_5EED_0000_0001);
        let hands: Vec<Counts> = (0..30000)
            .map(|i| rng.counts([13, 10, 7, 4, 1][i % 5], [9, 12, 18, 34][(i / 5) % 4]))
            .collect();
        let (mut asked, mut tenpai) = (0, 0);
        for round in 0..3 {
            for (i, c) in hands.iter().enumerate() {
                if round > 0 && i % 7 != 0 {
                    continue;
                }
                let want = bare_waits_with(c, Memo(None));
                assert_eq!(bare_waits(c), want, "{c:?}");
                asked += 1;
                tenpai += usize::from(want.is_some_and(|(m, _)| m != 0));
            }
        }
        assert!(asked > 35000 && tenpai > 3000, "{asked} {tenpai}");
        // a table in use further up the stack: the inner call computes without it
        let c = hands[0];
        let inner = with_memo(|_| bare_waits(&c));
        assert_eq!(inner, bare_waits_with(&c, Memo(None)));
        // keys: distinct inputs, distinct keys
        let mut a = [0u8; 34];
        a[8] = 1;
        let mut b = [0u8; 34];
        b[0] = 1;
        assert_ne!(group_key(&a, 0), group_key(&b, 0));
        let mut h = [0u8; 34];
        h[27] = 1;
        assert_ne!(group_key(&h, 3), group_key(&b, 0));
        assert_ne!(group_key(&[4; 34], 0), EMPTY);
        assert_ne!(group_key(&[4; 34], 3), EMPTY);
    }
}
