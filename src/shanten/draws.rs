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

/// Regular-form replacement number of valid counts with no caps and at most 13 tiles,
/// and the kinds (bit k) whose draw lowers it; kinds held four times are never set.
#[allow(clippy::needless_range_loop)] // kinds index several arrays
pub fn regular_improving(counts: &Counts, need: usize) -> (u8, u64) {
    let t = table::tables();
    let mut idx = [0usize; 3];
    let mut words = [(0u64, 0u8); 3];
    let mut l = [[0u8; 16]; 4];
    for g in 0..3 {
        let v = &counts[9 * g..9 * g + 9];
        let w = u64::from_le_bytes([v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]]);
        words[g] = (w, v[8]);
        idx[g] = table::suit_index_of(w, v[8]);
        l[g] = suit_lanes(idx[g]);
    }
    let hkey = table::honor_key(&counts[27..34]);
    let honor = |key: usize| lanes(t.honor.get(key).copied().unwrap_or(u64::MAX));
    l[3] = honor(hkey);
    let c01 = convolve(&l[0], &l[1]);
    let c23 = convolve(&l[2], &l[3]);
    let others = [
        convolve(&l[1], &c23),
        convolve(&l[0], &c23),
        convolve(&c01, &l[3]),
        convolve(&c01, &l[2]),
    ];
    let r = finish(&c01, &c23, need);
    let mut mask = 0u64;
    for g in 0..4 {
        // lanes of group g that some optimal split uses
        let mut tight = 0u16;
        for m in 0..=need.min(4) {
            for p in 0..2 {
                let lane = 8 * p + m;
                let comp = 8 * (1 - p) + (need - m);
                if u16::from(l[g][lane]) + u16::from(others[g][comp]) == u16::from(r) {
                    tight |= 1 << lane;
                }
            }
        }
        if g < 3 {
            let (w, last) = words[g];
            let m = suit_masks(idx[g], w, last, &l[g]);
            let mut bits = 0u16;
            for (lane, &lm) in m.iter().enumerate() {
                if tight >> lane & 1 == 1 {
                    bits |= lm;
                }
            }
            mask |= u64::from(bits) << (9 * g);
        } else {
            // honors: a draw's entry depends only on how many copies its kind holds
            let mut by_count = [false; 4];
            for h in 0..4u8 {
                if !counts[27..34].contains(&h) {
                    continue;
                }
                let w = |x: u8| usize::from(HONOR_WEIGHT[x as usize]);
                let after = honor(hkey + w(h + 1) - w(h));
                by_count[h as usize] =
                    (0..16).any(|lane| tight >> lane & 1 == 1 && after[lane] + 1 == l[3][lane]);
            }
            for k in 27..34 {
                let h = counts[k] as usize;
                if h < 4 && by_count[h] {
                    mask |= 1 << k;
                }
            }
        }
    }
    (r, mask)
}
