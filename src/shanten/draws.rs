//! Improving draws of the regular form from per-lane draw masks: for each group, the
//! ranks whose draw lowers the group's cost in each (melds, pair) lane by one. A draw
//! lowers the hand's replacement number exactly when it lowers, by one, a lane of its
//! group that some optimal split of the hand uses (a "tight" lane): one more tile lowers
//! no lane by more than one, and the other groups' costs do not change.
//!
//! A suit's masks need its nine after-draw table entries; they are kept in a small
//! per-thread cache keyed by the suit vector's table index, so a hand usually costs
//! four table lookups instead of thirty-four.
use std::cell::RefCell;

use super::table::{self, HONOR_WEIGHT};
use super::{convolve, finish, lanes, Costs};
use crate::tile::Counts;

/// Per lane (16 lanes as in [`Costs`]), the ranks (bit r) whose draw lowers it by one.
type LaneMasks = [u16; 16];

/// [`LaneMasks`] of the ten lanes that hold a (melds, pair) combination, 0..=4 and
/// 8..=12, as stored in the cache.
type Stored = [u16; 10];

fn store(m: &LaneMasks) -> Stored {
    let mut s = [0u16; 10];
    s[..5].copy_from_slice(&m[..5]);
    s[5..].copy_from_slice(&m[8..13]);
    s
}

fn load(s: &Stored) -> LaneMasks {
    let mut m = [0u16; 16];
    m[..5].copy_from_slice(&s[..5]);
    m[8..13].copy_from_slice(&s[5..]);
    m
}

const CACHE_BITS: u32 = 13;

#[derive(Clone, Copy)]
struct Entry {
    /// Table index + 1 (0: empty slot).
    key: u32,
    masks: Stored,
}

thread_local! {
    static CACHE: RefCell<Vec<Entry>> = const { RefCell::new(Vec::new()) };
}

/// The lanes of the table entry at `index` (all 15 outside the table).
#[inline]
fn suit_lanes(index: usize) -> Costs {
    lanes(table::tables().suit.get(index).copied().unwrap_or(u64::MAX))
}

/// Masks of a suit vector (ranks 0..8 in the bytes of `w`, rank 8 = `last`) whose
/// table index is `index` and lanes `before`.
fn compute_suit_masks(w: u64, last: u8, before: &Costs) -> LaneMasks {
    let mut m = [0u16; 16];
    for r in 0..9 {
        let held = if r < 8 { (w >> (8 * r)) as u8 } else { last };
        if held >= 4 {
            continue;
        }
        let (w2, l2) = if r < 8 {
            (w + (1u64 << (8 * r)), last)
        } else {
            (w, last + 1)
        };
        let after = suit_lanes(table::suit_index_of(w2, l2));
        for l in 0..16 {
            if before[l] < 0x7F && after[l] + 1 == before[l] {
                m[l] |= 1 << r;
            }
        }
    }
    m
}

fn suit_masks(index: usize, w: u64, last: u8, before: &Costs) -> LaneMasks {
    CACHE.with(|cache| {
        let Ok(mut cache) = cache.try_borrow_mut() else {
            return compute_suit_masks(w, last, before);
        };
        if cache.is_empty() {
            cache.resize(
                1 << CACHE_BITS,
                Entry {
                    key: 0,
                    masks: [0; 10],
                },
            );
        }
        let slot = (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - CACHE_BITS);
        let slot = slot as usize;
        let key = index as u32 + 1;
        match cache.get_mut(slot) {
            Some(e) if e.key == key => load(&e.masks),
            Some(e) => {
                let masks = compute_suit_masks(w, last, before);
                *e = Entry {
                    key,
                    masks: store(&masks),
                };
                masks
            }
            None => compute_suit_masks(w, last, before),
        }
    })
}

/// One group's part of a hand: its cost lanes and, per lane, the kinds of the group
/// (bit = rank within the group) whose draw lowers that lane by one.
#[derive(Clone, Copy)]
pub(crate) struct GroupDraws {
    lanes: Costs,
    masks: LaneMasks,
}

/// The [`GroupDraws`] of suit `g` (0..3) of valid counts.
#[inline]
pub(crate) fn suit_draws(counts: &Counts, g: usize) -> GroupDraws {
    let v = &counts[9 * g..9 * g + 9];
    let w = u64::from_le_bytes([v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]]);
    let idx = table::suit_index_of(w, v[8]);
    let lanes = suit_lanes(idx);
    GroupDraws {
        masks: suit_masks(idx, w, v[8], &lanes),
        lanes,
    }
}

/// The [`GroupDraws`] of the three-player manzu group (1m and 9m only, no caps): 1m is
/// rank 0 and 9m rank 8 of the group, as in the four-player suit.
#[inline]
pub(crate) fn sanma_manzu_draws(counts: &Counts) -> GroupDraws {
    let (c1, c9) = (counts[0], counts[8]);
    let before = super::sanma_manzu_costs(c1, c9, 4, 4);
    let mut masks = [0u16; 16];
    for (rank, after) in [
        (
            0,
            (c1 < 4).then(|| super::sanma_manzu_costs(c1 + 1, c9, 4, 4)),
        ),
        (
            8,
            (c9 < 4).then(|| super::sanma_manzu_costs(c1, c9 + 1, 4, 4)),
        ),
    ] {
        if let Some(after) = after {
            for l in 0..16 {
                if before[l] < 0x7F && after[l] + 1 == before[l] {
                    masks[l] |= 1 << rank;
                }
            }
        }
    }
    GroupDraws {
        lanes: before,
        masks,
    }
}

/// The kinds of group `g` (0..3 a suit, 3 the honors; bit = rank within the group) whose
/// draw completes the group as `melds` melds, and the pair when `pair`, in valid counts:
/// the group's cost for that target is one and the draw lowers it to none. A kind held
/// four times is never one (no fifth copy).
pub fn group_completing_draws(counts: &Counts, g: usize, melds: usize, pair: bool) -> u16 {
    let d = if g < 3 {
        suit_draws(counts, g)
    } else {
        honor_draws(counts)
    };
    let lane = 8 * usize::from(pair) + melds.min(4);
    if d.lanes[lane] == 1 {
        d.masks[lane]
    } else {
        0
    }
}

/// Three-player [`regular_improving`]: valid counts with no 2m–8m and no meld caps.
pub fn regular_improving_sanma(counts: &Counts, need: usize) -> (u8, u64) {
    let g = [
        sanma_manzu_draws(counts),
        suit_draws(counts, 1),
        suit_draws(counts, 2),
        honor_draws(counts),
    ];
    combine(&g, need)
}

/// The [`GroupDraws`] of the honors of valid counts: a draw's entry depends only on how
/// many copies its kind holds, so at most five lookups.
#[inline]
pub(crate) fn honor_draws(counts: &Counts) -> GroupDraws {
    let t = table::tables();
    let h = &counts[27..34];
    let key = table::honor_key(h);
    let honor = |key: usize| lanes(t.honor.get(key).copied().unwrap_or(u64::MAX));
    let before = honor(key);
    let mut masks = [0u16; 16];
    let w = |x: u8| usize::from(HONOR_WEIGHT[x as usize]);
    // kinds (bit i = honor i) by copies held, in one pass
    let mut by_held = [0u16; 5];
    for (i, &x) in h.iter().enumerate() {
        by_held[usize::from(x.min(4))] |= 1 << i;
    }
    for held in 0..4u8 {
        let kinds = by_held[usize::from(held)];
        if kinds == 0 {
            continue;
        }
        let after = honor(key + w(held + 1) - w(held));
        for l in 0..16 {
            if before[l] < 0x7F && after[l] + 1 == before[l] {
                masks[l] |= kinds;
            }
        }
    }
    GroupDraws {
        lanes: before,
        masks,
    }
}

/// The regular-form replacement number of four groups and the kinds (bit k) whose draw
/// lowers it: the union, over each group's lanes that an optimal split uses, of the
/// group's draw masks for those lanes. On x86_64 the convolutions and the tight-lane
/// tests run as SSE2 vector code ([`super::simd::combine_tight`]); elsewhere as the
/// portable loops ([`combine_portable`]), which the tests hold it equal to.
#[inline]
pub(crate) fn combine(g: &[GroupDraws; 4], need: usize) -> (u8, u64) {
    #[cfg(target_arch = "x86_64")]
    {
        let (r, tight) =
            super::simd::combine_tight([&g[0].lanes, &g[1].lanes, &g[2].lanes, &g[3].lanes], need);
        let mut mask = 0u64;
        for (gi, grp) in g.iter().enumerate() {
            let mut t = tight[gi];
            let mut bits = 0u16;
            while t != 0 {
                bits |= grp.masks[t.trailing_zeros() as usize];
                t &= t - 1;
            }
            mask |= u64::from(bits) << (9 * gi);
        }
        (r, mask)
    }
    #[cfg(not(target_arch = "x86_64"))]
    combine_portable(g, need)
}

/// [`combine`] with the portable sixteen-lane loops.
#[cfg_attr(all(target_arch = "x86_64", not(test)), allow(dead_code))]
fn combine_portable(g: &[GroupDraws; 4], need: usize) -> (u8, u64) {
    let c01 = convolve(&g[0].lanes, &g[1].lanes);
    let c23 = convolve(&g[2].lanes, &g[3].lanes);
    let others = [
        convolve(&g[1].lanes, &c23),
        convolve(&g[0].lanes, &c23),
        convolve(&c01, &g[3].lanes),
        convolve(&c01, &g[2].lanes),
    ];
    let r = u16::from(finish(&c01, &c23, need));
    let need = need.min(4);
    let mut mask = 0u64;
    for (gi, grp) in g.iter().enumerate() {
        let o = &others[gi];
        let mut bits = 0u16;
        for m in 0..=need {
            // (m melds, no pair) with the others' (need - m melds, the pair), and the
            // pair here with the others' no-pair lane
            if u16::from(grp.lanes[m]) + u16::from(o[8 + need - m]) == r {
                bits |= grp.masks[m];
            }
            if u16::from(grp.lanes[8 + m]) + u16::from(o[need - m]) == r {
                bits |= grp.masks[8 + m];
            }
        }
        mask |= u64::from(bits) << (9 * gi);
    }
    (r as u8, mask)
}

/// Regular-form replacement number of valid counts with no caps and at most 13 tiles,
/// and the kinds (bit k) whose draw lowers it; kinds held four times are never set.
pub fn regular_improving(counts: &Counts, need: usize) -> (u8, u64) {
    let g = [
        suit_draws(counts, 0),
        suit_draws(counts, 1),
        suit_draws(counts, 2),
        honor_draws(counts),
    ];
    combine(&g, need)
}

/// The regular-form discard table of valid counts of 3n + 2 tiles with no caps:
/// `f(k, after_discard, improving)` for each kind `k` held, ascending, with the
/// replacement number without one `k` and the kinds whose draw then lowers it. Only the
/// discarded kind's group is looked up again per discard.
pub fn regular_discard_improving(counts: &Counts, need: usize, f: &mut dyn FnMut(usize, u8, u64)) {
    let base = [
        suit_draws(counts, 0),
        suit_draws(counts, 1),
        suit_draws(counts, 2),
        honor_draws(counts),
    ];
    let mut c = *counts;
    for k in 0..34 {
        if c[k] == 0 {
            continue;
        }
        let g = if k < 27 { k / 9 } else { 3 };
        c[k] -= 1;
        let mut groups = base;
        groups[g] = if g < 3 {
            suit_draws(&c, g)
        } else {
            honor_draws(&c)
        };
        let (r, mask) = combine(&groups, need);
        c[k] += 1;
        f(k, r, mask);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The vector combine equals the portable loops: the same replacement number and the
    /// same improving kinds, on random hands of every size (four and three players).
    #[test]
    fn combine_equals_the_portable_loops() {
        let mut rng = crate::test_hands::Xorshift(0xC0B1_11E5_7A6B_0042);
        for i in 0..20000 {
            let n = [13, 10, 7, 4, 1, 14, 11, 8, 5, 2][i % 10];
            let c = rng.counts(n, [9, 14, 20, 34][(i / 10) % 4]);
            let need = n / 3;
            let g = [
                suit_draws(&c, 0),
                suit_draws(&c, 1),
                suit_draws(&c, 2),
                honor_draws(&c),
            ];
            assert_eq!(combine(&g, need), combine_portable(&g, need), "{c:?}");
            let mut s = c;
            s[crate::shanten::SANMA_MISSING].fill(0);
            let g = [
                sanma_manzu_draws(&s),
                suit_draws(&s, 1),
                suit_draws(&s, 2),
                honor_draws(&s),
            ];
            assert_eq!(combine(&g, need), combine_portable(&g, need), "{s:?}");
        }
    }
}
