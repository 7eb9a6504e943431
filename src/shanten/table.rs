//! Per-suit lookup tables for regular-form shanten.
//!
//! For every count vector of one numbered suit (9 ranks, 0..=4 copies each, at most
//! 14 tiles: 405,350 vectors) the table holds, for each target of `m` melds (0..=4)
//! and `p` pairs (0..=1), the minimum number of tiles to draw so that the suit
//! contains such a target with no kind above 4 copies. The ten costs are packed as
//! 4-bit fields of one `u64` (field `2 * m + p`). Honors (no sequences) use a small
//! table keyed by how many honor kinds hold 1, 2, 3 and 4 copies.
//!
//! Vectors are ranked by total first, then lexicographically, so the few thousand
//! small-total vectors that random hands mostly hit are contiguous and stay in cache.
//! The tables are built on first use (tens of milliseconds).
use std::sync::OnceLock;

/// Number of suit count vectors with at most 14 tiles.
pub const SUIT_VECTORS: usize = 405_350;

/// `w[n][s]`: vectors of length `n` (entries 0..=4) summing to `s` (s ≤ 14).
const fn completions() -> [[u32; 15]; 10] {
    let mut w = [[0u32; 15]; 10];
    w[0][0] = 1;
    let mut n = 1;
    while n < 10 {
        let mut s = 0;
        while s < 15 {
            let mut x = 0;
            while x <= 4 && x <= s {
                w[n][s] += w[n - 1][s - x];
                x += 1;
            }
            s += 1;
        }
        n += 1;
    }
    w
}

/// `RANK[i][r][v]`: how many vectors of the same total precede, in lexicographic
/// order, those whose digit `i` is `v` given `r` tiles remain for digits `i..9`
/// (the offset of the total is folded into digit 0).
static RANK: [[[u32; 8]; 16]; 9] = rank_table();

const fn rank_table() -> [[[u32; 8]; 16]; 9] {
    let w = completions();
    let mut t = [[[0u32; 8]; 16]; 9];
    let mut i = 0;
    while i < 9 {
        let mut r = 0;
        while r < 15 {
            let mut v = 0;
            let mut acc = 0u32;
            while v < 5 {
                t[i][r][v] = acc;
                if v <= r {
                    acc += w[8 - i][r - v];
                }
                v += 1;
            }
            r += 1;
        }
        i += 1;
    }
    // offsets by total, folded into digit 0 (digit 0 always sees r = total)
    let mut base = 0u32;
    let mut s = 0;
    while s < 15 {
        let mut v = 0;
        while v < 5 {
            t[0][s][v] += base;
            v += 1;
        }
        base += w[9][s];
        s += 1;
    }
    t
}

/// Rank of a suit count vector (entries ≤ 4, total ≤ 14) in 0..SUIT_VECTORS.
#[inline(always)]
pub fn suit_rank(v: &[u8]) -> usize {
    let v: &[u8; 9] = v.try_into().expect("a suit has 9 ranks");
    let mut r = v.iter().map(|&x| x as usize).sum::<usize>();
    let mut idx = 0u32;
    for i in 0..9 {
        let x = v[i] as usize;
        // masks only drop bounds checks: valid input has r ≤ 14 and x ≤ 4
        idx = idx.wrapping_add(RANK[i][r & 15][x & 7]);
        r = r.wrapping_sub(x);
    }
    idx as usize
}

/// Field of the packed cost for `m` melds and `p` pairs.
#[inline(always)]
pub const fn field(m: usize, p: usize) -> u32 {
    4 * (2 * m + p) as u32
}

/// The built tables.
pub struct Tables {
    /// Packed costs per ranked suit vector.
    pub suit: Vec<u64>,
    /// Packed costs per honor histogram key (see [`honor_key`]).
    pub honor: Vec<u64>,
}

/// Key of the honor counts: Σ `HONOR_WEIGHT[c]` over the seven honor kinds.
pub const HONOR_WEIGHT: [u16; 5] = [0, 1, 8, 64, 512];

/// The honor table key of seven honor counts.
/// A count above 4 gives a key outside the table (never a panic).
#[inline(always)]
pub fn honor_key(h: &[u8]) -> usize {
    h.iter()
        .map(|&c| HONOR_WEIGHT.get(c as usize).map_or(4096, |&w| w as usize))
        .sum()
}

/// The tables, built on first use.
pub fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| Tables {
        suit: build_suit(),
        honor: build_honor(),
    })
}

/// All targets of one suit: `(vector, m, p)` with every entry ≤ 4.
fn for_each_target(mut f: impl FnMut(&[u8; 9], usize, usize)) {
    // meld types: 0..9 triplets, 9..16 sequences starting at rank 0..7
    fn rec(t: &mut [u8; 9], start: usize, m: usize, f: &mut dyn FnMut(&[u8; 9], usize, usize)) {
        f(t, m, 0);
        for q in 0..9 {
            if t[q] <= 2 {
                t[q] += 2;
                f(t, m, 1);
                t[q] -= 2;
            }
        }
        if m == 4 {
            return;
        }
        for ty in start..16 {
            let ok = if ty < 9 {
                t[ty] <= 1
            } else {
                let s = ty - 9;
                t[s] < 4 && t[s + 1] < 4 && t[s + 2] < 4
            };
            if !ok {
                continue;
            }
            if ty < 9 {
                t[ty] += 3;
            } else {
                let s = ty - 9;
                t[s] += 1;
                t[s + 1] += 1;
                t[s + 2] += 1;
            }
            rec(t, ty, m + 1, f);
            if ty < 9 {
                t[ty] -= 3;
            } else {
                let s = ty - 9;
                t[s] -= 1;
                t[s + 1] -= 1;
                t[s + 2] -= 1;
            }
        }
    }
    rec(&mut [0u8; 9], 0, 0, &mut f);
}

fn build_suit() -> Vec<u64> {
    // every vector, in rank order
    let mut vecs = vec![[0u8; 9]; SUIT_VECTORS];
    let mut v = [0u8; 9];
    loop {
        if v.iter().map(|&x| x as u32).sum::<u32>() <= 14 {
            vecs[suit_rank(&v)] = v;
        }
        // next base-5 vector
        let mut i = 0;
        while i < 9 && v[i] == 4 {
            v[i] = 0;
            i += 1;
        }
        if i == 9 {
            break;
        }
        v[i] += 1;
    }
    // sub-shapes: bit 2m+p set when the vector fits inside some target (m, p)
    let mut mask = vec![0u16; SUIT_VECTORS];
    for_each_target(|t, m, p| mask[suit_rank(t)] |= 1 << (2 * m + p));
    for r in (0..SUIT_VECTORS).rev() {
        let bits = mask[r];
        if bits == 0 {
            continue;
        }
        let mut v = vecs[r];
        for k in 0..9 {
            if v[k] > 0 {
                v[k] -= 1;
                mask[suit_rank(&v)] |= bits;
                v[k] += 1;
            }
        }
    }
    // largest sub-shape inside each vector, per (m, p); cost = target size − that
    let mut overlap = vec![[0u8; 10]; SUIT_VECTORS];
    let mut out = vec![0u64; SUIT_VECTORS];
    for r in 0..SUIT_VECTORS {
        let mut v = vecs[r];
        let total: u8 = v.iter().sum();
        let mut best = [0u8; 10];
        for (j, b) in best.iter_mut().enumerate() {
            if mask[r] & (1 << j) != 0 {
                *b = total;
            }
        }
        if mask[r] != 0x3ff {
            for k in 0..9 {
                if v[k] > 0 {
                    v[k] -= 1;
                    let child = &overlap[suit_rank(&v)];
                    for j in 0..10 {
                        if mask[r] & (1 << j) == 0 {
                            best[j] = best[j].max(child[j]);
                        }
                    }
                    v[k] += 1;
                }
            }
        }
        overlap[r] = best;
        let mut packed = 0u64;
        for m in 0..5 {
            for p in 0..2 {
                let size = (3 * m + 2 * p) as u8;
                packed |= u64::from(size - best[2 * m + p]) << field(m, p);
            }
        }
        out[r] = packed;
    }
    out
}

fn build_honor() -> Vec<u64> {
    let mut out = vec![0u64; 4096];
    for (key, slot) in out.iter_mut().enumerate() {
        let n = [key & 7, (key >> 3) & 7, (key >> 6) & 7, (key >> 9) & 7];
        if n.iter().sum::<usize>() > 7 {
            continue;
        }
        // honor counts, descending (zeros for the remaining kinds)
        let mut counts = Vec::with_capacity(7);
        for c in (1..=4).rev() {
            counts.extend(std::iter::repeat(c as u8).take(n[c - 1]));
        }
        counts.resize(7, 0);
        let mut packed = 0u64;
        for m in 0..5 {
            for p in 0..2 {
                // sets on the m + p largest counts; the pair on the smallest of them
                let mut gain = 0u32;
                for (i, &c) in counts.iter().take(m + p).enumerate() {
                    let need = if p == 1 && i == m + p - 1 { 2 } else { 3 };
                    gain += u32::from(c.min(need));
                }
                let size = (3 * m + 2 * p) as u32;
                packed |= u64::from(size - gain) << field(m, p);
            }
        }
        *slot = packed;
    }
    out
}
