//! The generator of the shanten lookup tables (see `table`).
//!
//! Run by the build script (`build.rs` includes this file), which writes the encoded
//! tables to `OUT_DIR`; the crate ships them with `include_bytes!` instead of building
//! them at first use. The crate's tests run it again and compare.
use super::table_index::{field, next_base5, suit_rank, SUIT_VECTORS};

/// Bytes per encoded table entry: ten 4-bit costs (fields 0..10 of the packed `u64`).
pub const ENTRY_BYTES: usize = 5;

/// The little-endian encoding of packed entries, [`ENTRY_BYTES`] each (the high bits of
/// a packed entry are zero: ten 4-bit fields fill 40 bits).
pub fn encode(entries: &[u64]) -> Vec<u8> {
    let mut out = Vec::with_capacity(entries.len() * ENTRY_BYTES);
    for &e in entries {
        assert!(
            e >> (8 * ENTRY_BYTES) == 0,
            "packed entry {e:#x} exceeds 40 bits"
        );
        out.extend_from_slice(&e.to_le_bytes()[..ENTRY_BYTES]);
    }
    out
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

/// Packed costs of every suit vector, in [`suit_rank`] order.
pub fn build_suit() -> Vec<u64> {
    // every vector, in rank order
    let mut vecs = vec![[0u8; 9]; SUIT_VECTORS];
    let mut v = [0u8; 9];
    loop {
        if v.iter().map(|&x| x as u32).sum::<u32>() <= 14 {
            vecs[suit_rank(&v)] = v;
        }
        if !next_base5(&mut v) {
            break;
        }
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

/// Packed costs of every honor histogram key (see `honor_key`); unused keys are 0.
pub fn build_honor() -> Vec<u64> {
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
