//! Ukeire: the tile kinds whose draw lowers shanten, with how many copies are still
//! live, and the discard table of a hand that must discard.
//!
//! A kind counts when one more concealed copy lowers the replacement number (see
//! [`crate::shanten`]) of the minimum over the forms that apply, and the player
//! could hold that copy (own concealed and melded copies below 4). Its live count is
//! `4 − own copies (concealed and melded) − visible[kind]`, where `visible` holds the
//! tiles the player can see elsewhere (discards, others' melds, dora indicators).
//! A kind that improves but has no live copy is listed with count 0.
use crate::error::{Error, Result};
use crate::hand::Hand;
use crate::shanten::{
    chiitoitsu_replacement, group_costs_of, kokushi_replacement, regular_discard_improving,
    regular_from_groups, regular_improving, regular_improving_sanma, Concealed, Players, YAOCHUU,
};
use crate::tile::{Counts, Tile};

/// The improving draws of a hand.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ukeire {
    /// Shanten of the hand before the draw.
    pub shanten: i8,
    /// Improving tile kinds, ascending.
    pub tiles: Vec<Tile>,
    /// Live copies of each kind in `tiles`.
    pub counts: Vec<u8>,
    /// Sum of `counts`.
    pub total: u32,
}

/// One discard of a hand that must discard.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Discard {
    /// The kind discarded.
    pub tile: Tile,
    /// Shanten after the discard.
    pub shanten: i8,
    /// Ukeire after the discard.
    pub ukeire: Ukeire,
}

/// The improving draws of a hand without allocation: the kinds as a bit mask (bit `k` =
/// kind `k`) and the live copies of each (0 outside the mask). [`DrawMask::to_ukeire`]
/// lists them; the single-call bindings keep this form and list on demand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DrawMask {
    /// Shanten of the hand before the draw.
    pub shanten: i8,
    /// Improving kinds, bit `k` = kind `k`.
    pub mask: u64,
    /// Live copies of each improving kind; 0 for kinds outside `mask`.
    pub live: Counts,
    /// Sum of `live`.
    pub total: u32,
}

impl DrawMask {
    /// From the replacement number before the draw, the improving kinds and the live
    /// copies of every kind.
    #[inline]
    pub fn new(replacement: u8, mask: u64, live: &Counts) -> DrawMask {
        let mut d = DrawMask {
            shanten: replacement as i8 - 1,
            mask,
            live: [0; 34],
            total: 0,
        };
        let mut m = mask;
        while m != 0 {
            let k = m.trailing_zeros() as usize;
            m &= m - 1;
            d.live[k] = live[k];
            d.total += u32::from(live[k]);
        }
        d
    }

    /// Improving kinds, ascending.
    pub fn kinds(&self) -> impl Iterator<Item = usize> {
        let mut m = self.mask;
        std::iter::from_fn(move || {
            (m != 0).then(|| {
                let k = m.trailing_zeros() as usize;
                m &= m - 1;
                k
            })
        })
    }

    /// Number of improving kinds.
    pub fn len(&self) -> usize {
        self.mask.count_ones() as usize
    }

    /// No improving kind.
    pub fn is_empty(&self) -> bool {
        self.mask == 0
    }

    /// The listed form.
    pub fn to_ukeire(&self) -> Ukeire {
        Ukeire {
            shanten: self.shanten,
            tiles: self.kinds().map(Tile::from_index).collect(),
            counts: self.kinds().map(|k| self.live[k]).collect(),
            total: self.total,
        }
    }
}

/// Copies of each kind still live: `4 − own − visible`.
///
/// # Errors
/// [`Error::TooManyCopies`] naming the first kind where own and visible copies
/// together exceed 4.
pub fn live_counts(own: &Counts, visible: &Counts) -> Result<Counts> {
    // one branch-free pass (it vectorises), the error looked for only when there is one
    let mut live = [0u8; 34];
    let mut top = 0u8;
    for k in 0..34 {
        let used = own[k].saturating_add(visible[k]);
        top = top.max(used);
        live[k] = 4u8.wrapping_sub(used);
    }
    if top > 4 {
        for k in 0..34 {
            let used = u32::from(own[k]) + u32::from(visible[k]);
            if used > 4 {
                return Err(Error::TooManyCopies {
                    tile: Tile::from_index(k),
                    count: used,
                });
            }
        }
    }
    Ok(live)
}

/// Replacement number (minimum over the forms) and, per kind, whether one more copy
/// lowers it (`false` where the player cannot hold one more).
pub fn improving(c: &Concealed) -> (u8, [bool; 34]) {
    let (base, mask) = improving_mask(c);
    (base, std::array::from_fn(|k| mask >> k & 1 == 1))
}

/// [`improving`] as a bit mask (bit `k` = kind `k`).
pub fn improving_mask(c: &Concealed) -> (u8, u64) {
    match c.caps {
        None => {
            let need = c.melds_needed as usize;
            return with_closed_forms(c, regular_improving(&c.counts, need), Players::Four);
        }
        Some(caps) if caps == Players::Three.caps() => {
            let need = c.melds_needed as usize;
            let r = regular_improving_sanma(&c.counts, need);
            return with_closed_forms(c, r, Players::Three);
        }
        Some(_) => {}
    }
    let need = c.melds_needed as usize;
    let g = [0, 1, 2, 3].map(|g| group_costs_of(c, &c.counts, g));
    let chiitoi = c.closed.then(|| chiitoitsu_replacement(&c.counts));
    let kokushi = c.closed.then(|| kokushi_replacement(&c.counts));
    let mut base = regular_from_groups(&g, need);
    for r in [chiitoi, kokushi].into_iter().flatten() {
        base = base.min(r);
    }
    let mut out = 0u64;
    let mut counts = c.counts;
    for k in 0..34 {
        if counts[k] >= c.cap(k) {
            continue;
        }
        counts[k] += 1;
        let gi = if k < 27 { k / 9 } else { 3 };
        let mut g2 = g;
        g2[gi] = group_costs_of(c, &counts, gi);
        let mut r = regular_from_groups(&g2, need);
        if c.closed {
            r = r
                .min(chiitoitsu_replacement(&counts))
                .min(kokushi_replacement(&counts));
        }
        counts[k] -= 1;
        out |= u64::from(r < base) << k;
    }
    (base, out)
}

/// Kinds (bit k) of the tile set of `players`.
const fn kinds_of(players: Players) -> u64 {
    let all = (1u64 << 34) - 1;
    match players {
        Players::Four => all,
        Players::Three => all & !(0x7F << 1),
    }
}

/// Kinds that are terminals or honors (bit k).
const YAOCHUU_MASK: u64 = {
    let mut m = 0u64;
    let mut i = 0;
    while i < YAOCHUU.len() {
        m |= 1 << YAOCHUU[i];
        i += 1;
    }
    m
};

/// Kinds (bit k) by copies held: `by_held(c)[h]` has bit k when `c[k] == h`, for valid
/// counts (each at most 4).
#[inline]
fn by_held(c: &Counts) -> [u64; 5] {
    #[cfg(target_arch = "x86_64")]
    return crate::shanten::kinds_by_held(c);
    #[cfg(not(target_arch = "x86_64"))]
    return by_held_loop(c);
}

/// [`by_held`] one kind at a time (the portable form, and the tests' reference).
#[cfg_attr(all(target_arch = "x86_64", not(test)), allow(dead_code))]
fn by_held_loop(c: &Counts) -> [u64; 5] {
    let mut m = [0u64; 5];
    for (k, &x) in c.iter().enumerate() {
        if x <= 4 {
            m[usize::from(x)] |= 1 << k;
        }
    }
    m
}

/// The improving kinds of a closed part, from the regular form's replacement number and
/// improving draws and the closed forms' summary: each closed form changes by the held
/// copies and terminal-or-honor class of the kind drawn alone.
#[inline]
fn closed_mask(
    regular: u8,
    regular_mask: u64,
    st: &ClosedStats,
    held: &[u64; 5],
    kinds: u64,
) -> (u8, u64) {
    let closed = st.replacement();
    let base = regular.min(closed);
    let mut out = if regular == base { regular_mask } else { 0 };
    let lowers = closed_lowers(st, closed == base, base);
    for (h, row) in lowers.iter().enumerate() {
        if row[0] {
            out |= held[h] & !YAOCHUU_MASK;
        }
        if row[1] {
            out |= held[h] & YAOCHUU_MASK;
        }
    }
    // never a fifth copy; never a kind the tile set lacks
    (base, out & !held[4] & kinds)
}

/// [`improving_mask`] for a part with no meld caps, from the regular form's replacement
/// number and improving draws (the per-lane draw masks, [`regular_improving`]) and the
/// closed forms judged from the row summary; kinds `players` lacks never improve.
fn with_closed_forms(c: &Concealed, (regular, mask): (u8, u64), players: Players) -> (u8, u64) {
    let kinds = kinds_of(players);
    let held = by_held(&c.counts);
    if !c.closed {
        return (regular, mask & !held[4] & kinds);
    }
    closed_mask(regular, mask, &ClosedStats::of_held(&held), &held, kinds)
}

/// Ukeire of a concealed part whose total is 3n + 1, given the player's own tiles
/// (concealed and melded) and the visible tiles.
///
/// # Errors
/// [`Error::TooManyCopies`] (see [`live_counts`]).
pub fn ukeire_of(c: &Concealed, own: &Counts, visible: &Counts) -> Result<Ukeire> {
    Ok(draw_mask_of(c, own, visible)?.to_ukeire())
}

/// [`ukeire_of`] as a [`DrawMask`] (no allocation).
///
/// # Errors
/// [`Error::TooManyCopies`] (see [`live_counts`]).
pub fn draw_mask_of(c: &Concealed, own: &Counts, visible: &Counts) -> Result<DrawMask> {
    let live = live_counts(own, visible)?;
    let (base, mask) = improving_mask(c);
    Ok(DrawMask::new(base, mask, &live))
}

/// Discards of a concealed part whose total is 3n + 2: each distinct kind with the
/// shanten and ukeire after it, by shanten ascending, ukeire count descending, then
/// tile kind. Live counts subtract the tiles of the hand before the discard (the
/// discarded copy lies in the player's pond, so it is not live).
///
/// # Errors
/// [`Error::TooManyCopies`] (see [`live_counts`]).
pub fn discards_of(c: &Concealed, own: &Counts, visible: &Counts) -> Result<Vec<Discard>> {
    Ok(listed(discard_masks_of(c, own, visible)?))
}

/// [`discards_of`] with each ukeire as a [`DrawMask`], in the same order.
///
/// # Errors
/// [`Error::TooManyCopies`] (see [`live_counts`]).
pub fn discard_masks_of(
    c: &Concealed,
    own: &Counts,
    visible: &Counts,
) -> Result<Vec<(Tile, DrawMask)>> {
    let live = live_counts(own, visible)?;
    let mut rows = Vec::with_capacity(14);
    for_each_discard(c, &mut |k, base, mask| {
        rows.push((Tile::from_index(k), DrawMask::new(base, mask, &live)));
    });
    // by shanten, ukeire total descending, then kind: sort small keys, not the rows
    let mut keys: Vec<u32> = rows
        .iter()
        .enumerate()
        .map(|(i, (t, d))| {
            let shanten = (i32::from(d.shanten) + 1) as u32; // 0..=9
            let fewer = 0xFFF - d.total.min(0xFFF); // descending total
            shanten << 24 | fewer << 12 | (t.index() as u32) << 6 | i as u32
        })
        .collect();
    keys.sort_unstable();
    Ok(keys
        .iter()
        .map(|&key| rows[(key & 0x3F) as usize])
        .collect())
}

/// Closed-form summary of counts, updated one copy at a time.
#[derive(Clone, Copy)]
struct ClosedStats {
    pairs: i32,
    singles: i32,
    yaochuu_kinds: i32,
    yaochuu_pairs: i32,
}

const IS_YAOCHUU: [bool; 34] = {
    let mut m = [false; 34];
    let mut i = 0;
    while i < YAOCHUU.len() {
        m[YAOCHUU[i]] = true;
        i += 1;
    }
    m
};

impl ClosedStats {
    /// Of the kinds by copies held ([`by_held`]): four population counts.
    fn of_held(held: &[u64; 5]) -> ClosedStats {
        let pairs = held[2] | held[3] | held[4];
        let kinds = held[1] | pairs;
        let n = |m: u64| m.count_ones() as i32;
        ClosedStats {
            pairs: n(pairs),
            singles: n(held[1]),
            yaochuu_kinds: n(kinds & YAOCHUU_MASK),
            yaochuu_pairs: n(pairs & YAOCHUU_MASK),
        }
    }

    /// Kind `k` goes from `old` to `new` copies.
    #[inline]
    fn change(&mut self, k: usize, old: u8, new: u8) {
        let d = |f: fn(u8) -> bool| i32::from(f(new)) - i32::from(f(old));
        self.pairs += d(|x| x >= 2);
        self.singles += d(|x| x == 1);
        if IS_YAOCHUU[k] {
            self.yaochuu_kinds += d(|x| x >= 1);
            self.yaochuu_pairs += d(|x| x >= 2);
        }
    }

    /// min(chiitoitsu, kokushi) replacement number.
    #[inline]
    fn replacement(&self) -> u8 {
        let pairs = self.pairs.min(7);
        let chiitoi = 14 - 2 * pairs - self.singles.min(7 - pairs);
        let kokushi = 14 - self.yaochuu_kinds - i32::from(self.yaochuu_pairs > 0);
        chiitoi.min(kokushi) as u8
    }
}

/// Whether one more copy lowers the closed forms below `base`, per (copies held,
/// terminal or honor) class: a closed form's change depends on nothing else. All false
/// when the closed forms are not at `base` (`at_base` false).
fn closed_lowers(st: &ClosedStats, at_base: bool, base: u8) -> [[bool; 2]; 4] {
    let mut out = [[false; 2]; 4];
    if at_base {
        for (h, row) in out.iter_mut().enumerate() {
            for (y, slot) in row.iter_mut().enumerate() {
                let k = if y == 1 { 0 } else { 1 }; // 1m is a terminal, 2m is not
                let mut s2 = *st;
                s2.change(k, h as u8, h as u8 + 1);
                *slot = s2.replacement() < base;
            }
        }
    }
    out
}

/// `f(k, replacement after discarding k, improving draws after it as a mask)` for each
/// distinct concealed kind `k`, ascending, of a part of 3n + 2 tiles. A part with no caps
/// takes the incremental kernel ([`regular_discard_improving`]: only the discarded kind's
/// group is looked up again); one with caps (own melds, three players) recomputes
/// [`improving_mask`] per discard.
fn for_each_discard(c: &Concealed, f: &mut dyn FnMut(usize, u8, u64)) {
    if c.caps.is_some() {
        for k in 0..34 {
            if c.counts[k] == 0 {
                continue;
            }
            let mut after = *c;
            after.counts[k] -= 1;
            let (base, mask) = improving_mask(&after);
            f(k, base, mask);
        }
        return;
    }
    let counts = &c.counts;
    let held = by_held(counts);
    let closed = c.closed.then(|| ClosedStats::of_held(&held));
    let kinds = kinds_of(Players::Four);
    regular_discard_improving(counts, c.melds_needed as usize, &mut |k, regular, mask| {
        // the classes after the discard: kind k moves down one copy
        let h = usize::from(counts[k]);
        let mut after = held;
        after[h] &= !(1 << k);
        after[h - 1] |= 1 << k;
        let Some(st) = closed else {
            f(k, regular, mask & !after[4] & kinds);
            return;
        };
        let mut s = st;
        s.change(k, counts[k], counts[k] - 1);
        let (base, m) = closed_mask(regular, mask, &s, &after, kinds);
        f(k, base, m);
    });
}

/// [`Concealed::from_counts_for`] and the tile total, from one summary of the counts.
///
/// # Errors
/// As [`Concealed::from_counts_for`], in the same order.
fn checked_part(counts: &Counts, players: Players) -> Result<(Concealed, usize)> {
    let st = crate::shanten::row_stats(counts);
    if st.over4 {
        crate::hand::check_counts(counts)?;
    }
    let n = st.total;
    crate::shanten::check_total(n)?;
    players.check(counts, "hand")?;
    let mut c = Concealed::from_valid_counts(counts, n);
    if players == Players::Three {
        c.caps = Some(players.caps());
    }
    Ok((c, n))
}

fn wrong_total(n: usize, melds: usize, expected: &'static str) -> Error {
    Error::BadTileCount {
        concealed: n,
        melds,
        expected,
    }
}

/// Ukeire of bare counts (3n + 1 tiles; see [`crate::shanten`] for implied melds).
///
/// # Errors
/// [`Error::TooManyCopies`], [`Error::BadTileCount`] (wrong total, or 3n + 2 tiles:
/// use [`discards`]).
pub fn ukeire(counts: &Counts, visible: &Counts) -> Result<Ukeire> {
    ukeire_for(counts, visible, Players::Four)
}

/// [`ukeire`] for `players`: under three players 2m–8m are never improving draws.
///
/// # Errors
/// As [`ukeire`]; [`Error::NotInThreePlayer`] for a 2m–8m in `counts` or `visible`
/// under three players.
pub fn ukeire_for(counts: &Counts, visible: &Counts, players: Players) -> Result<Ukeire> {
    Ok(ukeire_mask_for(counts, visible, players)?.to_ukeire())
}

/// [`ukeire_for`] as a [`DrawMask`].
///
/// # Errors
/// As [`ukeire_for`].
pub fn ukeire_mask_for(counts: &Counts, visible: &Counts, players: Players) -> Result<DrawMask> {
    let (c, n) = checked_part(counts, players)?;
    players.check(visible, "visible")?;
    if n % 3 != 1 {
        return Err(wrong_total(
            n,
            (14 - n) / 3,
            "3n + 1 tiles for ukeire (use discards)",
        ));
    }
    draw_mask_of(&c, counts, visible)
}

/// Discard table of bare counts (3n + 2 tiles).
///
/// # Errors
/// As [`ukeire`], with 3n + 1 tiles refused.
pub fn discards(counts: &Counts, visible: &Counts) -> Result<Vec<Discard>> {
    discards_for(counts, visible, Players::Four)
}

/// [`discards`] for `players`.
///
/// # Errors
/// As [`ukeire_for`], with 3n + 1 tiles refused.
pub fn discards_for(counts: &Counts, visible: &Counts, players: Players) -> Result<Vec<Discard>> {
    Ok(listed(discard_masks_for(counts, visible, players)?))
}

/// Discards with their ukeire listed.
fn listed(d: Vec<(Tile, DrawMask)>) -> Vec<Discard> {
    d.into_iter()
        .map(|(tile, d)| Discard {
            tile,
            shanten: d.shanten,
            ukeire: d.to_ukeire(),
        })
        .collect()
}

/// [`discards_for`] with each ukeire as a [`DrawMask`].
///
/// # Errors
/// As [`discards_for`].
pub fn discard_masks_for(
    counts: &Counts,
    visible: &Counts,
    players: Players,
) -> Result<Vec<(Tile, DrawMask)>> {
    let (c, n) = checked_part(counts, players)?;
    players.check(visible, "visible")?;
    if n % 3 != 2 {
        return Err(wrong_total(
            n,
            (14 - n) / 3,
            "3n + 2 tiles for discards (use ukeire)",
        ));
    }
    discard_masks_of(&c, counts, visible)
}

/// Ukeire of a 13-tile hand (melds counted as 3).
///
/// # Errors
/// [`Error::BadTileCount`] for a hand that must discard; [`Error::TooManyCopies`].
pub fn hand_ukeire(hand: &Hand, visible: &Counts) -> Result<Ukeire> {
    hand_ukeire_for(hand, visible, Players::Four)
}

/// [`hand_ukeire`] for `players`.
///
/// # Errors
/// As [`hand_ukeire`]; [`Error::NotInThreePlayer`] as [`ukeire_for`].
pub fn hand_ukeire_for(hand: &Hand, visible: &Counts, players: Players) -> Result<Ukeire> {
    Ok(hand_ukeire_mask_for(hand, visible, players)?.to_ukeire())
}

/// [`hand_ukeire_for`] as a [`DrawMask`].
///
/// # Errors
/// As [`hand_ukeire_for`].
pub fn hand_ukeire_mask_for(hand: &Hand, visible: &Counts, players: Players) -> Result<DrawMask> {
    if hand.is_full() {
        return Err(wrong_total(
            hand.concealed_len(),
            hand.melds().len(),
            "13 tiles for ukeire (use discards for a hand that must discard)",
        ));
    }
    let c = Concealed::from_hand_for(hand, players)?;
    players.check(visible, "visible")?;
    draw_mask_of(&c, &hand.all_counts(), visible)
}

/// Discard table of a 14-tile hand.
///
/// # Errors
/// [`Error::BadTileCount`] for a 13-tile hand; [`Error::TooManyCopies`].
pub fn hand_discards(hand: &Hand, visible: &Counts) -> Result<Vec<Discard>> {
    hand_discards_for(hand, visible, Players::Four)
}

/// [`hand_discards`] for `players`.
///
/// # Errors
/// As [`hand_discards`]; [`Error::NotInThreePlayer`] as [`ukeire_for`].
pub fn hand_discards_for(hand: &Hand, visible: &Counts, players: Players) -> Result<Vec<Discard>> {
    Ok(listed(hand_discard_masks_for(hand, visible, players)?))
}

/// [`hand_discards_for`] with each ukeire as a [`DrawMask`].
///
/// # Errors
/// As [`hand_discards_for`].
pub fn hand_discard_masks_for(
    hand: &Hand,
    visible: &Counts,
    players: Players,
) -> Result<Vec<(Tile, DrawMask)>> {
    if !hand.is_full() {
        return Err(wrong_total(
            hand.concealed_len(),
            hand.melds().len(),
            "14 tiles for discards (use ukeire for a 13-tile hand)",
        ));
    }
    let c = Concealed::from_hand_for(hand, players)?;
    players.check(visible, "visible")?;
    discard_masks_of(&c, &hand.all_counts(), visible)
}

/// Live counts of the improving kinds of valid counts (3n + 1, checked by the
/// caller), 0 elsewhere: the batch kernel.
///
/// # Errors
/// [`Error::TooManyCopies`] (see [`live_counts`]).
pub fn ukeire_row(counts: &Counts, n: usize, visible: &Counts) -> Result<Counts> {
    ukeire_row_for(counts, n, visible, Players::Four)
}

/// [`ukeire_row`] for `players`.
///
/// # Errors
/// As [`ukeire_row`]; [`Error::NotInThreePlayer`] as [`ukeire_for`].
pub fn ukeire_row_for(
    counts: &Counts,
    n: usize,
    visible: &Counts,
    players: Players,
) -> Result<Counts> {
    let mut c = Concealed::from_valid_counts(counts, n);
    if players == Players::Three {
        players.check(counts, "hand")?;
        players.check(visible, "visible")?;
        c.caps = Some(players.caps());
    }
    let live = live_counts(counts, visible)?;
    let (base, mask) = improving_mask(&c);
    Ok(DrawMask::new(base, mask, &live).live)
}

/// One row of the batch discard table (valid counts of 3n + 2 tiles, checked by the
/// caller): per kind `k`, the shanten after discarding it (`i8::MAX` where `k` is not
/// held), the live ukeire total after it and the improving kinds as a bit mask (bit
/// `j` = kind `j`).
///
/// # Errors
/// [`Error::TooManyCopies`] (see [`live_counts`]); [`Error::NotInThreePlayer`] as
/// [`ukeire_for`].
pub fn discard_row(
    counts: &Counts,
    n: usize,
    visible: &Counts,
    players: Players,
) -> Result<([i8; 34], [u16; 34], [u64; 34])> {
    let mut c = Concealed::from_valid_counts(counts, n);
    if players == Players::Three {
        players.check(counts, "hand")?;
        players.check(visible, "visible")?;
        c.caps = Some(players.caps());
    }
    let live = live_counts(counts, visible)?;
    let mut shanten = [i8::MAX; 34];
    let mut total = [0u16; 34];
    let mut mask = [0u64; 34];
    for_each_discard(&c, &mut |k, base, m| {
        let d = DrawMask::new(base, m, &live);
        shanten[k] = d.shanten;
        total[k] = d.total as u16;
        mask[k] = m;
    });
    Ok((shanten, total, mask))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{format_tile, parse_counts};
    use std::cmp::Reverse;

    fn names(u: &Ukeire) -> String {
        u.tiles.iter().map(|&t| format_tile(t, false)).collect()
    }

    #[test]
    fn tenpai_waits() {
        let (c, _) = parse_counts("123m456p789s1122z").unwrap();
        let u = ukeire(&c, &[0; 34]).unwrap();
        assert_eq!(u.shanten, 0);
        assert_eq!(names(&u), "1z2z");
        assert_eq!(u.counts, vec![2, 2]);
        assert_eq!(u.total, 4);
        let mut vis = [0u8; 34];
        vis[27] = 2;
        let u = ukeire(&c, &vis).unwrap();
        assert_eq!(u.counts, vec![0, 2]);
        assert_eq!(u.total, 2);
        vis[27] = 3;
        assert!(matches!(
            ukeire(&c, &vis),
            Err(Error::TooManyCopies { count: 5, .. })
        ));
    }

    #[test]
    fn fifth_copy_is_not_ukeire() {
        // 123456789m1111z: drawing 1z is impossible; the hand improves on anything
        // that makes a pair with a new tile... only draws that make a pair elsewhere
        let (c, _) = parse_counts("123456789m1111z").unwrap();
        let u = ukeire(&c, &[0; 34]).unwrap();
        assert_eq!(u.shanten, 1);
        assert!(!u.tiles.contains(&Tile::from_index(27)));
    }

    #[test]
    fn discards_are_sorted() {
        let (c, _) = parse_counts("123m456p789s11222z").unwrap();
        let d = discards(&c, &[0; 34]).unwrap();
        assert_eq!(d[0].shanten, -1 + 1); // any discard leaves tenpai at best
        for w in d.windows(2) {
            assert!(
                (w[0].shanten, Reverse(w[0].ukeire.total))
                    <= (w[1].shanten, Reverse(w[1].ukeire.total))
            );
        }
        assert!(discards(&parse_counts("123m456p789s1122z").unwrap().0, &[0; 34]).is_err());
        assert!(ukeire(&c, &[0; 34]).is_err());
    }

    #[test]
    fn hand_melds_reduce_live_counts() {
        let h = Hand::parse("1m234p pon:111m pon:222z pon:333z").unwrap();
        let u = hand_ukeire(&h, &[0; 34]).unwrap();
        assert_eq!(u.shanten, 1);
        assert!(!u.tiles.contains(&Tile::from_index(0)));
        let h = Hand::parse("1m pon:111z pon:222z pon:333z pon:444z").unwrap();
        let u = hand_ukeire(&h, &[0; 34]).unwrap();
        assert_eq!(names(&u), "1m");
        assert_eq!(u.total, 3);
    }

    /// The discard table recomputed the slow way: a whole ukeire per discard.
    #[allow(clippy::needless_range_loop)] // kinds index several arrays
    fn slow_discards(c: &Counts) -> Vec<(usize, u8, [bool; 34])> {
        let conc = Concealed::from_counts(c).unwrap();
        let mut out = Vec::new();
        for k in 0..34 {
            if c[k] > 0 {
                let mut after = conc;
                after.counts[k] -= 1;
                let (base, imp) = improving(&after);
                out.push((k, base, imp));
            }
        }
        out
    }

    #[test]
    fn incremental_discards_equal_one_ukeire_per_discard() {
        let mut rng = crate::test_hands::Xorshift(0x2545_F491_4F6C_DD1D);
        for i in 0..3000 {
            let n = [14, 11, 8, 5, 2][i % 5];
            let span = [9, 14, 20, 34][(i / 5) % 4];
            let c = rng.counts(n, span);
            let mut fast = Vec::new();
            for_each_discard(&Concealed::from_counts(&c).unwrap(), &mut |k, b, m| {
                fast.push((k, b, std::array::from_fn(|j| m >> j & 1 == 1)))
            });
            assert_eq!(fast, slow_discards(&c), "{c:?}");
        }
    }

    #[test]
    fn kinds_by_held_equal_one_kind_at_a_time() {
        let mut rng = crate::test_hands::Xorshift(0x0DDB_A11C_AFE5_1234);
        for i in 0..5000 {
            let c = rng.counts([14, 13, 8, 2][i % 4], [9, 20, 34][i % 3]);
            let held = by_held(&c);
            assert_eq!(held, by_held_loop(&c), "{c:?}");
            assert_eq!(held.iter().fold(0, |a, m| a | m), (1 << 34) - 1);
        }
    }

    #[test]
    fn three_players_never_count_2m_to_8m() {
        let (c, _) = parse_counts("19m19p19s1234567z").unwrap();
        let u = ukeire_for(&c, &[0; 34], Players::Three).unwrap();
        assert_eq!(u.shanten, 0);
        assert_eq!(u.tiles.len(), 13);
        // 1m9m only pair or triplet: 11m99m... waits as honors
        let (c, _) = parse_counts("1m9m123p456s789s11z").unwrap();
        let four = ukeire_for(&c, &[0; 34], Players::Four).unwrap();
        let three = ukeire_for(&c, &[0; 34], Players::Three).unwrap();
        assert_eq!(names(&four), "1m2m3m7m8m9m1z");
        assert_eq!(names(&three), "1m9m1z");
        let (c, _) = parse_counts("2m123p456s789s111z").unwrap();
        assert!(matches!(
            ukeire_for(&c, &[0; 34], Players::Three),
            Err(Error::NotInThreePlayer { place: "hand", .. })
        ));
        let mut vis = [0u8; 34];
        vis[4] = 1;
        assert!(matches!(
            ukeire_for(
                &parse_counts("1m123p456s789s111z").unwrap().0,
                &vis,
                Players::Three
            ),
            Err(Error::NotInThreePlayer {
                place: "visible",
                ..
            })
        ));
        let d = discards_for(
            &parse_counts("11m99m123p456s789s1z").unwrap().0,
            &[0; 34],
            Players::Three,
        )
        .unwrap();
        assert_eq!(d[0].tile, Tile::from_index(27));
        assert_eq!(names(&d[0].ukeire), "1m9m");
    }

    #[test]
    #[allow(clippy::needless_range_loop)] // kinds index several arrays
    fn draw_masks_equal_one_table_lookup_per_draw() {
        use crate::shanten::{regular_after_draw, regular_replacement};
        let mut rng = crate::test_hands::Xorshift(0x1357_9BDF_2468_ACE1);
        for i in 0..20000 {
            let n = [13, 10, 7, 4, 1][i % 5];
            let span = [9, 14, 20, 34][(i / 5) % 4];
            let c = rng.counts(n, span);
            let need = n / 3;
            let (r, mask) = regular_improving(&c, need);
            assert_eq!(r, regular_replacement(&c, need), "{c:?}");
            let after = regular_after_draw(&c, need);
            for k in 0..34 {
                assert_eq!(mask >> k & 1 == 1, after[k] < r, "{c:?} draw {k}");
            }
        }
    }

    #[test]
    #[allow(clippy::needless_range_loop)] // kinds index several arrays
    fn improving_equals_a_shanten_per_draw() {
        use crate::shanten::{replacement, Form};
        let mut rng = crate::test_hands::Xorshift(0x0F0F_1234_ABCD_9876);
        for i in 0..20000 {
            let n = [13, 10, 7, 4][i % 4];
            // few kinds: many pairs, so chiitoitsu and kokushi often lead
            let kinds: [usize; 4] = [7, 13, 20, 34];
            let span = kinds[(i / 4) % 4];
            let mut c = [0u8; 34];
            let mut got = 0;
            while got < n {
                let k = if span == 13 {
                    YAOCHUU[(rng.next() % 13) as usize]
                } else {
                    (rng.next() % span as u64) as usize
                };
                if c[k] < 4 {
                    c[k] += 1;
                    got += 1;
                }
            }
            let conc = Concealed::from_counts(&c).unwrap();
            let (base, imp) = improving(&conc);
            let r = replacement(&conc, Form::Minimum).unwrap();
            assert_eq!(base, r, "{c:?}");
            for k in 0..34 {
                let want = c[k] < 4 && {
                    let mut d = c;
                    d[k] += 1;
                    let mut after = Concealed::from_counts(&d).unwrap();
                    after.melds_needed = conc.melds_needed;
                    after.closed = conc.closed;
                    replacement(&after, Form::Minimum).unwrap() < r
                };
                assert_eq!(imp[k], want, "{c:?} draw {k}");
            }
        }
    }
}
