//! Hand decomposition: the ways to read complete concealed tiles as blocks.
//!
//! A complete hand is one of three forms:
//! - **regular**: n sequences/triplets and one pair among the concealed tiles (melds are
//!   separate and never passed here);
//! - **chiitoitsu**: seven pairs of seven *distinct* kinds (four of a kind is not two
//!   pairs, as on Tenhou and in most rule sets);
//! - **kokushi**: one of each of the 13 terminals and honors plus a second copy of one.
//!
//! Chiitoitsu and kokushi exist only with 14 concealed tiles. [`is_complete`] is a
//! heap-free check (per-suit greedy); [`decompose`] and [`decompose_win`] enumerate every
//! distinct block decomposition.

use crate::error::{Error, Result};
use crate::hand::{check_counts, tile_count};
use crate::notation::format_counts;
use crate::tile::{Counts, Tile};

/// Wait shape of the winning tile within one reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum WaitShape {
    /// Two-sided: 23 waiting on 1 or 4 (the win tile is an end of a sequence that is not
    /// a penchan).
    Ryanmen,
    /// Closed: 13 waiting on 2 (the win tile is the middle of its sequence).
    Kanchan,
    /// Edge: 12 waiting on 3, or 89 waiting on 7.
    Penchan,
    /// Single: the win tile completes the pair (also every chiitoitsu and kokushi win).
    Tanki,
    /// Dual pon: the win tile completes a triplet (the other pair was the alternative).
    Shanpon,
}

impl WaitShape {
    /// The romaji name: `"ryanmen"`, `"kanchan"`, `"penchan"`, `"tanki"` or `"shanpon"`.
    pub const fn name(self) -> &'static str {
        match self {
            WaitShape::Ryanmen => "ryanmen",
            WaitShape::Kanchan => "kanchan",
            WaitShape::Penchan => "penchan",
            WaitShape::Tanki => "tanki",
            WaitShape::Shanpon => "shanpon",
        }
    }
}

/// One block of the concealed part of a complete hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Block {
    /// Three consecutive tiles of one suit, named by the lowest.
    Sequence(Tile),
    /// Three of a kind (a concealed triplet before the win).
    Triplet(Tile),
    /// Two of a kind.
    Pair(Tile),
}

impl Block {
    /// The tile that names the block (lowest tile of a sequence).
    pub const fn tile(self) -> Tile {
        match self {
            Block::Sequence(t) | Block::Triplet(t) | Block::Pair(t) => t,
        }
    }

    /// Whether the block holds a copy of `tile`.
    pub const fn contains(self, tile: Tile) -> bool {
        match self {
            Block::Sequence(t) => tile.index() >= t.index() && tile.index() <= t.index() + 2,
            Block::Triplet(t) | Block::Pair(t) => t.index() == tile.index(),
        }
    }

    /// Add the block's tiles to `counts`.
    pub fn add_to(self, counts: &mut Counts) {
        match self {
            Block::Sequence(t) => {
                for i in 0..3 {
                    counts[t.index() + i] += 1;
                }
            }
            Block::Triplet(t) => counts[t.index()] += 3,
            Block::Pair(t) => counts[t.index()] += 2,
        }
    }

    /// The block kind as written in Python results: `"sequence"`, `"triplet"`, `"pair"`.
    pub const fn kind_name(self) -> &'static str {
        match self {
            Block::Sequence(_) => "sequence",
            Block::Triplet(_) => "triplet",
            Block::Pair(_) => "pair",
        }
    }
}

impl std::fmt::Display for Block {
    /// mpsz text of the block's tiles: `123m`, `111z`, `22p`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let t = self.tile();
        let letter = t.suit().letter();
        let n = t.number();
        match self {
            Block::Sequence(_) => write!(f, "{}{}{}{letter}", n, n + 1, n + 2),
            Block::Triplet(_) => write!(f, "{n}{n}{n}{letter}"),
            Block::Pair(_) => write!(f, "{n}{n}{letter}"),
        }
    }
}

/// The form of a complete hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Form {
    /// Sequences/triplets and one pair.
    Regular,
    /// Seven distinct pairs.
    Chiitoitsu,
    /// Thirteen orphans.
    Kokushi,
}

impl Form {
    /// `"regular"`, `"chiitoitsu"` or `"kokushi"`.
    pub const fn name(self) -> &'static str {
        match self {
            Form::Regular => "regular",
            Form::Chiitoitsu => "chiitoitsu",
            Form::Kokushi => "kokushi",
        }
    }
}

/// One way to read a complete hand with a given winning tile.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Reading {
    /// Which form the reading has.
    pub form: Form,
    /// Regular: the concealed blocks (sequences and triplets, then exactly one pair), sorted;
    /// Chiitoitsu: the 7 pairs; Kokushi: empty.
    pub blocks: Vec<Block>,
    /// Index into `blocks` of the block the winning tile completed (None for kokushi, and
    /// for every reading from [`decompose`], which has no winning tile).
    pub win_block: Option<usize>,
    /// Wait shape of the winning tile in this reading (kokushi and chiitoitsu: Tanki;
    /// readings from [`decompose`]: Tanki as a placeholder, meaningless without a win tile).
    pub wait: WaitShape,
}

/// The 13 terminal and honor kinds.
pub const YAOCHUU: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

/// `IS_YAOCHUU[k]`: kind k is a terminal or honor.
pub(crate) const IS_YAOCHUU: [bool; 34] = {
    let mut t = [false; 34];
    let mut i = 0;
    while i < YAOCHUU.len() {
        t[YAOCHUU[i]] = true;
        i += 1;
    }
    t
};

/// Whether one numbered suit (9 counts) splits into sequences and triplets only.
/// Greedy is exact: at the lowest rank, any three sequences starting there can be traded
/// for three triplets, so `count % 3` sequences start there if any decomposition exists.
#[inline]
fn suit_melds(c: &[u8]) -> bool {
    // sequences started at rank i-1 and i-2, each still needing a tile of rank i
    let (mut p1, mut p2) = (0u8, 0u8);
    for (i, &x) in c.iter().enumerate().take(9) {
        let need = p1 + p2;
        if x < need {
            return false;
        }
        let r = (x - need) % 3;
        if r > 0 && i >= 7 {
            return false;
        }
        p2 = p1;
        p1 = r;
    }
    true
}

/// The pair positions worth trying in one numbered suit: every sequence and triplet has
/// a rank sum ≡ 0 (mod 3) (ranks 0-based), so a pair at rank p needs 2p ≡ Σ rank·count,
/// i.e. p ≡ 2·Σ (mod 3): the first candidate rank, then every third rank.
#[inline]
fn first_pair_rank(suit: &[u8]) -> usize {
    let s: usize = suit
        .iter()
        .enumerate()
        .map(|(i, &x)| i * usize::from(x))
        .sum();
    (2 * s) % 3
}

/// Whether one numbered suit splits into sequences/triplets and exactly one pair.
#[inline]
fn suit_with_pair(suit: &[u8]) -> bool {
    let mut w = [0u8; 9];
    w.copy_from_slice(&suit[..9]);
    let mut p = first_pair_rank(suit);
    while p < 9 {
        if w[p] >= 2 {
            w[p] -= 2;
            let ok = suit_melds(&w);
            w[p] += 2;
            if ok {
                return true;
            }
        }
        p += 3;
    }
    false
}

/// The group holding the pair (0..=2 a numbered suit, 3 honors) if the counts (each ≤ 4,
/// 3n+2 in all) form a regular hand, else None.
fn regular_pair_group(c: &Counts) -> Option<usize> {
    let mut pair_group = None;
    for &h in &c[27..34] {
        match h {
            0 | 3 => {}
            2 if pair_group.is_none() => pair_group = Some(3),
            _ => return None,
        }
    }
    for s in 0..3 {
        let suit = &c[s * 9..s * 9 + 9];
        let total: u32 = suit.iter().map(|&x| u32::from(x)).sum();
        match total % 3 {
            0 => {
                if total > 0 && !suit_melds(suit) {
                    return None;
                }
            }
            2 if pair_group.is_none() => {
                if !suit_with_pair(suit) {
                    return None;
                }
                pair_group = Some(s);
            }
            _ => return None,
        }
    }
    pair_group
}

/// Regular form (melds + one pair) of counts already known to be ≤ 4 each with 3n+2 tiles.
#[inline]
fn is_regular(c: &Counts) -> bool {
    regular_pair_group(c).is_some()
}

/// How one group of tiles (a numbered suit 0..=2, or 3 = honors) can be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct GroupFit {
    /// As sequences/triplets only (an empty group too).
    pub melds: bool,
    /// As sequences/triplets and exactly one pair.
    pub pair: bool,
}

/// The [`GroupFit`] of group `g` of counts each ≤ 4. A regular hand is one where every
/// group fits one way or the other and exactly one group holds the pair.
pub(crate) fn group_fit(c: &Counts, g: usize) -> GroupFit {
    if g == 3 {
        let (mut pairs, mut ok) = (0, true);
        for &h in &c[27..34] {
            match h {
                0 | 3 => {}
                2 => pairs += 1,
                _ => ok = false,
            }
        }
        return GroupFit {
            melds: ok && pairs == 0,
            pair: ok && pairs == 1,
        };
    }
    let suit = &c[g * 9..g * 9 + 9];
    let total: u32 = suit.iter().map(|&x| u32::from(x)).sum();
    match total % 3 {
        0 => GroupFit {
            melds: total == 0 || suit_melds(suit),
            pair: false,
        },
        2 => GroupFit {
            melds: false,
            pair: suit_with_pair(suit),
        },
        _ => GroupFit {
            melds: false,
            pair: false,
        },
    }
}

/// Seven pairs of seven distinct kinds (14 tiles).
pub(crate) fn is_chiitoitsu(c: &Counts) -> bool {
    // 14 tiles in kinds of exactly 0 or 2 copies: seven distinct pairs
    c.iter().all(|&x| x == 0 || x == 2) && c.iter().map(|&x| u32::from(x)).sum::<u32>() == 14
}

/// Thirteen orphans (14 tiles): every terminal and honor, one of them twice.
pub(crate) fn is_kokushi(c: &Counts) -> bool {
    let mut pair = false;
    for (k, &x) in c.iter().enumerate() {
        match (IS_YAOCHUU[k], x) {
            (false, 0) => {}
            (true, 1) => {}
            (true, 2) if !pair => pair = true,
            _ => return false,
        }
    }
    pair
}

/// Whether the concealed tiles form a complete hand (any form; chiitoitsu and kokushi only
/// with 14 tiles). Malformed input (a count above 4, a tile count other than 3n+2 up to
/// 14) is simply not complete. No heap allocation.
pub fn is_complete(concealed: &Counts) -> bool {
    let Some(n) = valid_len(concealed) else {
        return false;
    };
    is_regular(concealed) || (n == 14 && (is_chiitoitsu(concealed) || is_kokushi(concealed)))
}

/// Wait shape of `win` completing `block` (None if the block does not hold `win`).
/// Sequence: middle tile → Kanchan; the 3 of 123 or the 7 of 789 → Penchan; otherwise
/// Ryanmen. Triplet → Shanpon. Pair → Tanki.
pub fn wait_shape(block: Block, win: Tile) -> Option<WaitShape> {
    if !block.contains(win) {
        return None;
    }
    Some(match block {
        Block::Sequence(lo) => {
            let off = win.index() - lo.index();
            if off == 1 {
                WaitShape::Kanchan
            } else if (off == 2 && lo.number() == 1) || (off == 0 && lo.number() == 7) {
                WaitShape::Penchan
            } else {
                WaitShape::Ryanmen
            }
        }
        Block::Triplet(_) => WaitShape::Shanpon,
        Block::Pair(_) => WaitShape::Tanki,
    })
}

/// Fixed-capacity block stack for the enumeration (at most 4 melds + 1 pair).
struct Stack {
    blocks: [Block; 5],
    len: usize,
}

impl Stack {
    fn push(&mut self, b: Block) {
        self.blocks[self.len] = b;
        self.len += 1;
    }
}

/// Enumerate every multiset of sequences/triplets covering `c` (which must be coverable
/// or the branch dies), each exactly once: at the lowest remaining kind, choose how many
/// triplets of it (0 or 1; counts ≤ 4); the rest of its copies start sequences.
fn melds_rec(c: &mut Counts, present: u64, st: &mut Stack, f: &mut dyn FnMut(&[Block])) {
    // `present`: bit k set iff c[k] > 0 (every kind below the lowest is already covered)
    if present == 0 {
        f(&st.blocks[..st.len]);
        return;
    }
    let i = present.trailing_zeros() as usize;
    let n = c[i];
    for t in [1u8, 0] {
        if 3 * t > n {
            continue;
        }
        let s = n - 3 * t;
        if s > 0 && (i >= 27 || i % 9 > 6 || c[i + 1] < s || c[i + 2] < s) {
            continue;
        }
        let len = st.len;
        let mut rest = present & !(1u64 << i);
        c[i] = 0;
        if s > 0 {
            c[i + 1] -= s;
            c[i + 2] -= s;
            rest &= !(u64::from(c[i + 1] == 0) << (i + 1) | u64::from(c[i + 2] == 0) << (i + 2));
        }
        if t == 1 {
            st.push(Block::Triplet(Tile::from_index(i)));
        }
        for _ in 0..s {
            st.push(Block::Sequence(Tile::from_index(i)));
        }
        melds_rec(c, rest, st, f);
        st.len = len;
        c[i] = n;
        if s > 0 {
            c[i + 1] += s;
            c[i + 2] += s;
        }
    }
}

/// Bit k set for every kind k with a non-zero count.
#[inline]
pub(crate) fn present_mask(counts: &Counts) -> u64 {
    // eight kinds at a time: the high bit of each non-zero byte, gathered into 8 bits
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let byte_bits = |w: u64| {
        let high = (((w & LOW7) + LOW7) | w) & !LOW7;
        ((high >> 7).wrapping_mul(0x0102_0408_1020_4080)) >> 56
    };
    let mut m = 0u64;
    for (i, chunk) in counts.chunks(8).enumerate() {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        m |= byte_bits(u64::from_le_bytes(word)) << (8 * i);
    }
    m
}

/// Call `f` with every regular decomposition of valid 3n+2 counts, each once, as its
/// sorted melds and the pair (enumeration order, not sorted across calls).
fn for_each_regular(c: &Counts, f: &mut dyn FnMut(&[Block], Block)) {
    for_each_regular_in(c, present_mask(c), f);
}

/// The melds of one group in one reading: runs and triplets, each by ascending kind.
#[derive(Clone, Copy)]
struct GroupMelds {
    seqs: [Block; 4],
    ns: usize,
    trips: [Block; 4],
    nt: usize,
}

impl GroupMelds {
    const EMPTY: GroupMelds = GroupMelds {
        seqs: [Block::Pair(Tile::EAST); 4],
        ns: 0,
        trips: [Block::Pair(Tile::EAST); 4],
        nt: 0,
    };
}

/// The greedy reading of one group as melds only (at each rank, as many triplets as fit
/// after the runs that must continue, the rest starting runs): `None` if the group does not
/// split into melds (or would hold more than four), else whether another reading may exist
/// (a triplet at a rank whose next two ranks hold three copies each could be three runs).
/// Without that flag the greedy reading is the only one.
///
/// `present` is the [`present_mask`] of `c` (ranks without tiles are skipped).
fn group_greedy(c: &Counts, present: u64, g: usize, m: &mut GroupMelds) -> Option<bool> {
    *m = GroupMelds::EMPTY;
    if g == 3 {
        for (k, &h) in c.iter().enumerate().skip(27) {
            match h {
                0 => {}
                3 => {
                    *m.trips.get_mut(m.nt)? = Block::Triplet(Tile::from_index(k));
                    m.nt += 1;
                }
                _ => return None,
            }
        }
        return Some(false);
    }
    let base = g * 9;
    let suit = &c[base..base + 9];
    let bits = (present >> base) & 0x1ff;
    if bits == 0 {
        return Some(false);
    }
    let (mut p1, mut p2) = (0u8, 0u8);
    let mut ambiguous = false;
    for i in bits.trailing_zeros() as usize..9 {
        let x = suit[i];
        let need = p1 + p2;
        if x < need {
            return None;
        }
        let rest = x - need;
        // rest ≤ 4 (counts are at most 4): rest % 3 without a division
        let r = if rest >= 3 { rest - 3 } else { rest };
        if r > 0 && i >= 7 {
            return None;
        }
        if rest >= 3 {
            ambiguous |= i <= 6 && suit[i + 1] >= 3 && suit[i + 2] >= 3;
            *m.trips.get_mut(m.nt)? = Block::Triplet(Tile::from_index(base + i));
            m.nt += 1;
        }
        for _ in 0..r {
            *m.seqs.get_mut(m.ns)? = Block::Sequence(Tile::from_index(base + i));
            m.ns += 1;
        }
        p2 = p1;
        p1 = r;
        if bits >> (i + 1) == 0 {
            // no tile above: every run must be complete
            if p1 | p2 != 0 {
                return None;
            }
            break;
        }
    }
    if m.ns + m.nt > 4 {
        return None;
    }
    Some(ambiguous)
}

/// Every regular decomposition when each group reads one way only (the usual case), in
/// the order [`for_each_regular_in`] gives: `Some(true)` when done, `Some(false)` (nothing
/// called) when some group may read several ways, for the full enumeration to take over,
/// `None` when the tiles are not a regular hand. `present` is the [`present_mask`] of `c`.
fn for_each_unique_regular(
    c: &Counts,
    present: u64,
    f: &mut dyn FnMut(&[Block], Block),
) -> Option<bool> {
    // the pair's group: the one suit of 3n + 2 tiles, or the honors holding a 2
    let mut g = None;
    for s in 0..3 {
        let total: u8 = c[s * 9..s * 9 + 9].iter().sum();
        match total % 3 {
            0 => {}
            2 if g.is_none() => g = Some(s),
            _ => return None,
        }
    }
    if c[27..34].contains(&2) {
        if g.is_some() {
            return None;
        }
        g = Some(3);
    }
    let g = g?;
    let mut groups = [GroupMelds::EMPTY; 4];
    for (k, m) in groups.iter_mut().enumerate() {
        if k != g {
            match group_greedy(c, present, k, m)? {
                false => {}
                true => return Some(false),
            }
        }
    }
    // the pair's group: each pair candidate with its melds (at most 3 in a suit: every
    // third rank; exactly one 2 among the honors)
    let mut cands = [(Tile::EAST, GroupMelds::EMPTY); 3];
    let mut n_cands = 0;
    let (start, first, step) = if g == 3 {
        (27, 0, 1)
    } else {
        (g * 9, first_pair_rank(&c[g * 9..g * 9 + 9]), 3)
    };
    let end = if g == 3 { 34 } else { start + 9 };
    let mut w = *c;
    let mut p = start + first;
    while p < end {
        if w[p] >= 2 {
            w[p] -= 2;
            let mut m = GroupMelds::EMPTY;
            let r = group_greedy(&w, present & !(u64::from(w[p] == 0) << p), g, &mut m);
            w[p] += 2;
            match r {
                Some(false) => {
                    if let Some(slot) = cands.get_mut(n_cands) {
                        *slot = (Tile::from_index(p), m);
                        n_cands += 1;
                    }
                }
                Some(true) => return Some(false),
                None => {}
            }
        }
        p += step;
    }
    for &(pair, m) in &cands[..n_cands] {
        groups[g] = m;
        let mut sorted = [Block::Pair(pair); 4];
        let mut n = 0;
        for gm in &groups {
            for &b in &gm.seqs[..gm.ns] {
                if let Some(slot) = sorted.get_mut(n) {
                    *slot = b;
                    n += 1;
                }
            }
        }
        for gm in &groups {
            for &b in &gm.trips[..gm.nt] {
                if let Some(slot) = sorted.get_mut(n) {
                    *slot = b;
                    n += 1;
                }
            }
        }
        f(&sorted[..n], Block::Pair(pair));
    }
    Some(true)
}

/// [`for_each_regular`] given the [`present_mask`] of `c`.
fn for_each_regular_in(c: &Counts, present: u64, f: &mut dyn FnMut(&[Block], Block)) {
    if for_each_unique_regular(c, present, f) != Some(false) {
        return;
    }
    let Some(g) = regular_pair_group(c) else {
        return;
    };
    let mut w = *c;
    let mut st = Stack {
        blocks: [Block::Pair(Tile::EAST); 5],
        len: 0,
    };
    let (start, first, step) = if g == 3 {
        (27, 0, 1)
    } else {
        (g * 9, first_pair_rank(&c[g * 9..g * 9 + 9]), 3)
    };
    let end = if g == 3 { 34 } else { start + 9 };
    let mut p = start + first;
    while p < end {
        if w[p] >= 2 {
            w[p] -= 2;
            // the other groups read as melds only (regular_pair_group checked them)
            let rest_ok = if g == 3 {
                w[27..34].iter().all(|&h| h % 3 == 0)
            } else {
                suit_melds(&w[start..end])
            };
            if rest_ok {
                let pair = Block::Pair(Tile::from_index(p));
                let present = present & !(u64::from(w[p] == 0) << p);
                melds_rec(&mut w, present, &mut st, &mut |blocks| {
                    // melds_rec lists blocks by ascending kind (a triplet before the
                    // runs of its kind), so the sorted order (runs, then triplets, each by
                    // kind) is a stable partition
                    let mut sorted = [pair; 4];
                    let mut n = 0;
                    for &b in blocks.iter().filter(|b| matches!(b, Block::Sequence(_))) {
                        sorted[n] = b;
                        n += 1;
                    }
                    for &b in blocks.iter().filter(|b| matches!(b, Block::Triplet(_))) {
                        sorted[n] = b;
                        n += 1;
                    }
                    f(&sorted[..n], pair);
                });
            }
            w[p] += 2;
        }
        p += step;
    }
}

/// The block list of one regular reading: sorted melds, then the pair.
fn reading_blocks(melds: &[Block], pair: Block) -> Vec<Block> {
    let mut v = Vec::with_capacity(melds.len() + 1);
    v.extend_from_slice(melds);
    v.push(pair);
    v
}

/// Validate input for [`decompose_win`] / [`decompose`] where it comes from outside:
/// every count ≤ 4, 3n+2 tiles up to 14, and `win` (if given) among them.
///
/// # Errors
/// [`Error::TooManyCopies`] for a count above 4, [`Error::BadTileCount`] unless the tiles
/// number 3n+2 ≤ 14 (`melds` is only echoed in the message), [`Error::InvalidArgument`]
/// (`win_tile`) if `win` is not among the concealed tiles.
pub fn check_complete_input(concealed: &Counts, melds: usize, win: Option<Tile>) -> Result<()> {
    check_counts(concealed)?;
    let n = tile_count(concealed);
    if n % 3 != 2 || n > 14 {
        return Err(Error::BadTileCount {
            concealed: n,
            melds,
            expected: "a complete hand: 3n+2 concealed tiles (2, 5, 8, 11 or 14), \
                       14 tiles counting each meld as 3",
        });
    }
    if let Some(win) = win {
        if concealed[win.index()] == 0 {
            return Err(Error::InvalidArgument {
                name: "win_tile",
                reason: format!(
                    "the winning tile {win} is not among the concealed tiles {}",
                    format_counts(concealed, [0; 3])
                ),
            });
        }
    }
    Ok(())
}

/// 3n+2 ≤ 14 tiles with counts ≤ 4, or None.
fn valid_len(c: &Counts) -> Option<usize> {
    let mut n = 0usize;
    for &x in c {
        if x > 4 {
            return None;
        }
        n += usize::from(x);
    }
    (n % 3 == 2 && n <= 14).then_some(n)
}

fn chiitoitsu_blocks(c: &Counts) -> Vec<Block> {
    (0..34)
        .filter(|&k| c[k] == 2)
        .map(|k| Block::Pair(Tile::from_index(k)))
        .collect()
}

/// Every reading of the concealed tiles `concealed` (3n+2 tiles including the winning
/// tile; melds are separate and not passed) in which `win` is the winning tile: for each
/// block decomposition, one [`Reading`] per distinct block containing `win` (so 123m+345m
/// with win 3m gives both a penchan and a ryanmen reading).
///
/// Order: regular readings by ascending block list, then by `win_block`; then the
/// chiitoitsu reading; then kokushi. Empty if the tiles are not complete. Chiitoitsu and
/// kokushi only with 14 concealed tiles.
///
/// Malformed input (a count above 4, a tile count other than 3n+2 ≤ 14) and a `win`
/// that is not among the tiles give no readings, never a panic; validate outside input
/// with [`check_complete_input`] to get the error instead.
pub fn decompose_win(concealed: &Counts, win: Tile) -> Vec<Reading> {
    let mut buf = WinReadings::new();
    win_readings(concealed, win, &mut buf);
    let mut out: Vec<Reading> = buf
        .regular()
        .iter()
        .map(|r| Reading {
            form: Form::Regular,
            blocks: r.blocks().to_vec(),
            win_block: Some(usize::from(r.win_block)),
            wait: r.wait,
        })
        .collect();
    if buf.chiitoitsu {
        let blocks = chiitoitsu_blocks(concealed);
        let i = blocks.iter().position(|b| b.tile() == win);
        out.push(Reading {
            form: Form::Chiitoitsu,
            blocks,
            win_block: i,
            wait: WaitShape::Tanki,
        });
    }
    if buf.kokushi {
        out.push(Reading {
            form: Form::Kokushi,
            blocks: Vec::new(),
            win_block: None,
            wait: WaitShape::Tanki,
        });
    }
    out
}

/// A regular reading with a winning tile, held inline (no heap): the scorer's hot path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct WinReading {
    /// Sorted melds, then the pair; `len` of them are used.
    blocks: [Block; 5],
    len: u8,
    /// Index into the blocks of the block the winning tile completed.
    pub win_block: u8,
    /// Wait shape of the winning tile in this reading.
    pub wait: WaitShape,
}

impl WinReading {
    /// The concealed blocks: sorted melds, then the pair.
    pub fn blocks(&self) -> &[Block] {
        &self.blocks[..usize::from(self.len)]
    }
}

/// Inline capacity of [`WinReadings`]; more readings spill to the heap.
const INLINE_READINGS: usize = 16;

/// Every reading of a complete hand with a winning tile, in [`decompose_win`]'s order:
/// regular readings inline (spilling to the heap only past [`INLINE_READINGS`]), and
/// whether the chiitoitsu and kokushi readings exist.
#[derive(Clone, Debug)]
pub(crate) struct WinReadings {
    inline: [WinReading; INLINE_READINGS],
    len: usize,
    spill: Vec<WinReading>,
    /// The tiles are seven distinct pairs (14 tiles).
    pub chiitoitsu: bool,
    /// The tiles are thirteen orphans (14 tiles).
    pub kokushi: bool,
}

impl WinReadings {
    /// An empty set of readings.
    pub const fn new() -> WinReadings {
        let filler = WinReading {
            blocks: [Block::Pair(Tile::EAST); 5],
            len: 0,
            win_block: 0,
            wait: WaitShape::Tanki,
        };
        WinReadings {
            inline: [filler; INLINE_READINGS],
            len: 0,
            spill: Vec::new(),
            chiitoitsu: false,
            kokushi: false,
        }
    }

    fn push(&mut self, r: WinReading) {
        if self.spill.is_empty() && self.len < INLINE_READINGS {
            self.inline[self.len] = r;
            self.len += 1;
        } else {
            if self.spill.is_empty() {
                self.spill.extend_from_slice(&self.inline[..self.len]);
            }
            self.spill.push(r);
        }
    }

    /// The regular readings, by ascending block list, then by winning block.
    pub fn regular(&self) -> &[WinReading] {
        if self.spill.is_empty() {
            &self.inline[..self.len]
        } else {
            &self.spill
        }
    }

    /// Empty again, for reuse.
    pub fn clear(&mut self) {
        self.len = 0;
        self.spill.clear();
        self.chiitoitsu = false;
        self.kokushi = false;
    }

    /// Whether there is no reading at all (the tiles are not a complete hand).
    pub fn is_empty(&self) -> bool {
        self.regular().is_empty() && !self.chiitoitsu && !self.kokushi
    }
}

/// Fill `out` (fresh from [`WinReadings::new`]) with every reading of `concealed` won on
/// `win`, exactly as [`decompose_win`] lists them, without heap allocation in practice.
pub(crate) fn win_readings(concealed: &Counts, win: Tile, out: &mut WinReadings) {
    if let Some(n) = valid_len(concealed) {
        win_readings_valid(concealed, n, win, out);
    }
}

/// Bit k set for each terminal and honor kind k.
const YAOCHUU_MASK: u64 = {
    let mut m = 0u64;
    let mut i = 0;
    while i < YAOCHUU.len() {
        m |= 1 << YAOCHUU[i];
        i += 1;
    }
    m
};

/// [`win_readings`] of counts already known valid: each ≤ 4, `n` of them in all with
/// `n` = 3k + 2 ≤ 14 (as a checked 14-tile hand's concealed part is).
pub(crate) fn win_readings_valid(concealed: &Counts, n: usize, win: Tile, out: &mut WinReadings) {
    if concealed[win.index()] == 0 {
        return;
    }
    let present = present_mask(concealed);
    for_each_regular_in(concealed, present, &mut |melds, pair| {
        let mut blocks = [pair; 5];
        blocks[..melds.len()].copy_from_slice(melds);
        let len = melds.len() + 1;
        let mut last: Option<Block> = None;
        for (i, &b) in blocks[..len].iter().enumerate() {
            if last == Some(b) {
                continue;
            }
            last = Some(b);
            if let Some(shape) = wait_shape(b, win) {
                out.push(WinReading {
                    blocks,
                    len: len as u8,
                    win_block: i as u8,
                    wait: shape,
                });
            }
        }
    });
    let sort = |v: &mut [WinReading]| {
        if v.len() > 1 {
            v.sort_unstable_by(|a, b| (a.blocks(), a.win_block).cmp(&(b.blocks(), b.win_block)));
        }
    };
    if out.spill.is_empty() {
        sort(&mut out.inline[..out.len]);
    } else {
        sort(&mut out.spill);
    }
    // cheap masks first: seven kinds present / nothing but terminals and honors
    out.chiitoitsu = n == 14 && present.count_ones() == 7 && is_chiitoitsu(concealed);
    out.kokushi = n == 14 && present & !YAOCHUU_MASK == 0 && is_kokushi(concealed);
}

/// Every block decomposition of complete concealed tiles regardless of winning tile:
/// regular readings (ascending block lists), then chiitoitsu, then kokushi. Each reading
/// has `win_block: None` and `wait: Tanki` (a placeholder: there is no winning tile).
/// Empty if the tiles are not complete.
///
/// Malformed input gives no readings, never a panic (see [`check_complete_input`]).
pub fn decompose(concealed: &Counts) -> Vec<Reading> {
    let Some(n) = valid_len(concealed) else {
        return Vec::new();
    };
    let mut out: Vec<Reading> = Vec::new();
    for_each_regular(concealed, &mut |melds, pair| {
        out.push(Reading {
            form: Form::Regular,
            blocks: reading_blocks(melds, pair),
            win_block: None,
            wait: WaitShape::Tanki,
        });
    });
    out.sort_unstable_by(|a, b| a.blocks.cmp(&b.blocks));
    if n == 14 && is_chiitoitsu(concealed) {
        out.push(Reading {
            form: Form::Chiitoitsu,
            blocks: chiitoitsu_blocks(concealed),
            win_block: None,
            wait: WaitShape::Tanki,
        });
    }
    if n == 14 && is_kokushi(concealed) {
        out.push(Reading {
            form: Form::Kokushi,
            blocks: Vec::new(),
            win_block: None,
            wait: WaitShape::Tanki,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{parse_counts, parse_tile};

    fn c(s: &str) -> Counts {
        parse_counts(s).unwrap().0
    }
    fn t(s: &str) -> Tile {
        parse_tile(s).unwrap()
    }
    fn seq(s: &str) -> Block {
        Block::Sequence(t(s))
    }
    fn tri(s: &str) -> Block {
        Block::Triplet(t(s))
    }
    fn pair(s: &str) -> Block {
        Block::Pair(t(s))
    }
    /// (block the win tile completed, shape) of every reading.
    fn wins(hand: &str, win: &str) -> Vec<(Form, Option<Block>, WaitShape)> {
        decompose_win(&c(hand), t(win))
            .into_iter()
            .map(|r| (r.form, r.win_block.map(|i| r.blocks[i]), r.wait))
            .collect()
    }

    #[test]
    fn each_wait_shape() {
        let h = "123m456m789m234p55s";
        use Form::Regular as R;
        assert_eq!(
            wins(h, "2p"),
            vec![(R, Some(seq("2p")), WaitShape::Ryanmen)]
        );
        assert_eq!(
            wins(h, "4p"),
            vec![(R, Some(seq("2p")), WaitShape::Ryanmen)]
        );
        assert_eq!(
            wins(h, "3p"),
            vec![(R, Some(seq("2p")), WaitShape::Kanchan)]
        );
        assert_eq!(wins(h, "5s"), vec![(R, Some(pair("5s")), WaitShape::Tanki)]);
        let e = "456m456m789m123p55s";
        assert_eq!(
            wins(e, "3p"),
            vec![(R, Some(seq("1p")), WaitShape::Penchan)]
        );
        assert_eq!(
            wins(e, "1p"),
            vec![(R, Some(seq("1p")), WaitShape::Ryanmen)]
        );
        let e = "456m456m234m789p55s";
        assert_eq!(
            wins(e, "7p"),
            vec![(R, Some(seq("7p")), WaitShape::Penchan)]
        );
        assert_eq!(
            wins(e, "9p"),
            vec![(R, Some(seq("7p")), WaitShape::Ryanmen)]
        );
        assert_eq!(
            wins("123m456m789m555p11s", "5p"),
            vec![(R, Some(tri("5p")), WaitShape::Shanpon)]
        );
    }

    #[test]
    fn one_reading_per_distinct_block_holding_the_win() {
        // 123m + 345m with win 3m: penchan in 123m and ryanmen in 345m
        let r = decompose_win(&c("123345m456p789s11z"), t("3m"));
        let got: Vec<_> = r
            .iter()
            .map(|r| (r.blocks[r.win_block.unwrap()], r.wait))
            .collect();
        assert_eq!(
            got,
            vec![
                (seq("1m"), WaitShape::Penchan),
                (seq("3m"), WaitShape::Ryanmen)
            ]
        );
        // identical blocks give one reading: iipeikou 112233m with win 2m
        let r = decompose_win(&c("112233m456p789s11z"), t("2m"));
        assert_eq!(r.len(), 1);
        assert_eq!(
            r[0].blocks,
            vec![seq("1m"), seq("1m"), seq("4p"), seq("7s"), pair("1z")]
        );
        assert_eq!((r[0].win_block, r[0].wait), (Some(0), WaitShape::Kanchan));
    }

    #[test]
    fn triplets_or_runs_111222333m() {
        let h = "111222333m789s55p";
        let d = decompose(&c(h));
        let blocks: Vec<_> = d.iter().map(|r| r.blocks.clone()).collect();
        assert_eq!(
            blocks,
            vec![
                vec![seq("1m"), seq("1m"), seq("1m"), seq("7s"), pair("5p")],
                vec![seq("7s"), tri("1m"), tri("2m"), tri("3m"), pair("5p")],
            ]
        );
        assert!(d
            .iter()
            .all(|r| r.win_block.is_none() && r.form == Form::Regular));
        let w = wins(h, "1m");
        assert_eq!(
            w,
            vec![
                (Form::Regular, Some(seq("1m")), WaitShape::Ryanmen),
                (Form::Regular, Some(tri("1m")), WaitShape::Shanpon),
            ]
        );
        let w = wins(h, "3m");
        assert_eq!(w[0], (Form::Regular, Some(seq("1m")), WaitShape::Penchan));
        let w = wins(h, "2m");
        assert_eq!(w[0], (Form::Regular, Some(seq("1m")), WaitShape::Kanchan));
    }

    #[test]
    fn ryanpeikou_and_chiitoitsu() {
        let h = c("223344s556677p11z");
        let d = decompose(&h);
        assert_eq!(d.len(), 2);
        // pinzu (kinds 9..=17) sort before souzu (18..=26)
        assert_eq!(
            d[0].blocks,
            vec![seq("5p"), seq("5p"), seq("2s"), seq("2s"), pair("1z")]
        );
        assert_eq!(d[1].form, Form::Chiitoitsu);
        assert_eq!(d[1].blocks.len(), 7);
        let w = decompose_win(&h, t("3s"));
        assert_eq!(w.len(), 2);
        assert_eq!((w[0].form, w[0].wait), (Form::Regular, WaitShape::Kanchan));
        assert_eq!(
            (w[1].form, w[1].blocks[w[1].win_block.unwrap()], w[1].wait),
            (Form::Chiitoitsu, pair("3s"), WaitShape::Tanki)
        );
        // four of a kind is not two pairs
        assert!(!is_complete(&c("1111m223344p5566s")));
        assert!(is_complete(&c("1122m223344p5566s")));
    }

    #[test]
    fn nine_sided_chuuren() {
        let base = "1112345678999m";
        for k in 1..=9 {
            let mut h = c(base);
            let win = t(&format!("{k}m"));
            h[win.index()] += 1;
            assert!(is_complete(&h), "{k}m");
            assert!(!decompose_win(&h, win).is_empty(), "{k}m");
        }
        // 11112345678999m = 111m 123m 456m 789m 99m: the win 1m completes the triplet
        // (shanpon with 99m) or the run (ryanmen 23m)
        let w = wins("11112345678999m", "1m");
        assert_eq!(
            w,
            vec![
                (Form::Regular, Some(seq("1m")), WaitShape::Ryanmen),
                (Form::Regular, Some(tri("1m")), WaitShape::Shanpon),
            ]
        );
        // 11123455678999m with win 5m: 111m 234m 55m 678m 999m (tanki), 111m 345m 567m
        // ... every reading holds the 5m in a distinct block
        let w = wins("11123455678999m", "5m");
        assert!(w.contains(&(Form::Regular, Some(pair("5m")), WaitShape::Tanki)));
    }

    #[test]
    fn rule_case_readings() {
        // RC15: kanchan reading keeps 222s as a triplet
        let r = decompose_win(&c("12222305888s666z"), t("2s"));
        assert!(r.iter().any(|r| r.blocks.contains(&tri("2s"))
            && r.blocks[r.win_block.unwrap()] == seq("1s")
            && r.wait == WaitShape::Kanchan));
        assert!(r
            .iter()
            .any(|r| r.blocks[r.win_block.unwrap()] == tri("2s") && r.wait == WaitShape::Shanpon));
        // RC17: all-triplet reading (shanpon on 1s) and the 123s x3 reading
        let r = wins("11122233344s222z", "1s");
        assert!(r.contains(&(Form::Regular, Some(tri("1s")), WaitShape::Shanpon)));
        assert!(r.contains(&(Form::Regular, Some(seq("1s")), WaitShape::Ryanmen)));
        // RC18
        let r = wins("11122233344789m", "1m");
        assert!(r.contains(&(Form::Regular, Some(tri("1m")), WaitShape::Shanpon)));
        assert!(r.contains(&(Form::Regular, Some(seq("1m")), WaitShape::Ryanmen)));
        // RC30 (concealed part, pon:888m apart): ryanmen 678s or kanchan 567s
        let r = decompose_win(&c("777p05567888s"), t("6s"));
        let got: Vec<_> = r
            .iter()
            .map(|r| (r.blocks.clone(), r.blocks[r.win_block.unwrap()], r.wait))
            .collect();
        assert_eq!(
            got,
            vec![
                (
                    vec![seq("5s"), tri("7p"), tri("8s"), pair("5s")],
                    seq("5s"),
                    WaitShape::Kanchan
                ),
                (
                    vec![seq("6s"), tri("7p"), tri("5s"), pair("8s")],
                    seq("6s"),
                    WaitShape::Ryanmen
                ),
            ]
        );
    }

    #[test]
    fn kokushi() {
        let h = c("19m19p19s12345677z");
        let r = decompose_win(&h, t("7z"));
        assert_eq!(r.len(), 1);
        assert_eq!(
            (r[0].form, r[0].blocks.len(), r[0].win_block, r[0].wait),
            (Form::Kokushi, 0, None, WaitShape::Tanki)
        );
        assert!(is_complete(&h));
        assert!(!is_complete(&c("19m19p19s1234566z"))); // 13 tiles
        assert!(!is_complete(&c("119m19p19s123456z"))); // chun missing
    }

    #[test]
    fn malformed_input_is_not_complete_and_never_panics() {
        let mut five = c("1111m23456789p11s");
        five[0] = 5;
        assert!(!is_complete(&five));
        assert!(decompose(&five).is_empty());
        let mut huge = [0u8; 34];
        huge[0] = 255;
        huge[33] = 255;
        assert!(!is_complete(&huge));
        assert!(decompose_win(&huge, t("1m")).is_empty());
        assert!(decompose(&c("123m456p789s1122z")).is_empty()); // 13 tiles
        assert!(decompose_win(&c("123m456p789s11122z"), t("5m")).is_empty());
        assert!(matches!(
            check_complete_input(&five, 0, None),
            Err(Error::TooManyCopies { count: 5, .. })
        ));
        assert!(matches!(
            check_complete_input(&c("123m456p789s1122z"), 0, None),
            Err(Error::BadTileCount { concealed: 13, .. })
        ));
        let e = check_complete_input(&c("123m456p789s11122z"), 0, Some(t("5m"))).unwrap_err();
        assert!(e.to_string().contains("5m is not among"), "{e}");
        assert!(check_complete_input(&c("123m456p789s11122z"), 0, Some(t("2z"))).is_ok());
    }

    #[test]
    fn not_complete() {
        for h in [
            "123m456p789s11223z",
            "12m",
            "13579m2468p135s1z",
            "1112223334445m",
            // RC01 family: four of a kind is neither a triplet plus a fifth tile nor two pairs
            "11112222333444z",
            "11m111122223333z",
            "23m111122223333z",
        ] {
            let x = c(h);
            assert!(!is_complete(&x), "{h}");
            assert!(decompose(&x).is_empty(), "{h}");
        }
        for h in ["11z", "111m22z", "123m11z", "11122233344455m"] {
            assert!(is_complete(&c(h)), "{h}");
        }
    }
}
