//! Indexing of the per-suit shanten tables (see `table`): pure `const` data and
//! arithmetic, shared by the crate and by the build script that generates the tables.
//!
//! A suit count vector's index comes from two base-5 codes (ranks 0..4 and 4..8,
//! computed with two multiplications) and rank 8, through small tables (see
//! [`suit_index`]); vectors are ordered by total first, so the small ones random hands
//! mostly hit stay together and in cache.
/// Number of suit count vectors with at most 14 tiles.
pub const SUIT_VECTORS: usize = 405_350;

/// Base-5 codes of the two digit quadruples of 8 little-endian bytes (each digit
/// 0..=4): `125·x0 + 25·x1 + 5·x2 + x3` of bytes 0..4 and of bytes 4..8, in 0..625.
/// Two multiplications; digits above 4 give unspecified codes (never a panic).
#[inline(always)]
pub fn quad_codes(w: u64) -> (usize, usize) {
    // bytes: x_{j+1} + 5·x_j at even j (≤ 24, no carries)
    let t1 = (w.wrapping_mul(1 + (5 << 8)) >> 8) & 0x00FF_00FF_00FF_00FF;
    // 16-bit lanes: (x3 + 5·x2) + 25·(x1 + 5·x0) at lanes 0 and 2 (≤ 624)
    let t2 = (t1.wrapping_mul(1 + (25 << 16)) >> 16) & 0x0000_FFFF_0000_FFFF;
    ((t2 & 0xFFFF) as usize, (t2 >> 32) as usize)
}

/// Digits of a quadruple code (see [`quad_codes`]).
pub(crate) const fn quad_digits(code: usize) -> [usize; 4] {
    [code / 125, code / 25 % 5, code / 5 % 5, code % 5]
}

/// Digit sum of a quadruple code.
const fn quad_total(code: usize) -> usize {
    let d = quad_digits(code);
    d[0] + d[1] + d[2] + d[3]
}

/// Offsets of the blocks of invalid (over 14 tiles) digit combinations: far outside
/// the table, so a lookup misses instead of reading another vector's entry.
const INVALID: u32 = 1 << 30;

/// `QUAD_SUM[code]`: digit sum of a quadruple.
static QUAD_SUM: [u8; 625] = {
    let mut r = [0u8; 625];
    let mut code = 0;
    while code < 625 {
        r[code] = quad_total(code) as u8;
        code += 1;
    }
    r
};

/// `QUAD_RANK[code]`: rank of a quadruple among those with the same digit sum, by code.
static QUAD_RANK: [u8; 625] = {
    let mut r = [0u8; 625];
    let mut seen = [0u8; 17];
    let mut code = 0;
    while code < 625 {
        let t = quad_total(code);
        r[code] = seen[t];
        seen[t] += 1;
        code += 1;
    }
    r
};

/// `QUADS_OF_SUM[t]`: quadruples with digit sum `t`.
const QUADS_OF_SUM: [u32; 17] = {
    let mut w = [0u32; 17];
    let mut code = 0;
    while code < 625 {
        w[quad_total(code)] += 1;
        code += 1;
    }
    w
};

/// `BLOCK[15 · (625·c + code_b) + t_a]`: first index of the vectors whose rank 8 holds
/// `c` tiles, ranks 4..8 are `code_b` and ranks 0..4 hold `t_a` tiles ([`INVALID`]
/// past 14 tiles).
///
/// Vectors are ordered by total, then rank 8, then ranks 4..8 (by code), then ranks
/// 0..4 (by [`QUAD_RANK`]). Total first keeps the small vectors that random hands
/// mostly hit at the front of the table (those of at most 6 tiles in its first 40 KB),
/// and taking a tile away always lowers the index (the table builder relies on it).
static BLOCK: [u32; 15 * 3125] = {
    let mut off = [INVALID; 15 * 3125];
    let mut acc = 0u32;
    let mut total = 0;
    while total <= 14 {
        let mut c = 0;
        while c < 5 && c <= total {
            let mut b = 0;
            while b < 625 {
                let tb = quad_total(b);
                if c + tb <= total {
                    let ta = total - c - tb;
                    if ta <= 16 {
                        off[15 * (625 * c + b) + ta] = acc;
                        acc += QUADS_OF_SUM[ta];
                    }
                }
                b += 1;
            }
            c += 1;
        }
        total += 1;
    }
    assert!(acc as usize == SUIT_VECTORS);
    off
};

/// Index of a suit count vector that is valid (entries ≤ 4, total ≤ 14): a bijection
/// onto 0..[`SUIT_VECTORS`]. Other vectors give an unspecified index (possibly out of
/// range, never a panic); [`suit_rank`] checks.
#[inline(always)]
pub fn suit_index(v: &[u8; 9]) -> usize {
    let w = u64::from_le_bytes([v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]]);
    suit_index_of(w, v[8])
}

/// [`suit_index`] of the vector whose ranks 0..8 are the bytes of `w` (little-endian)
/// and rank 8 is `last`: callers that change one count can adjust the word instead of
/// storing a byte and reloading the vector (a store-forwarding stall).
#[inline(always)]
pub fn suit_index_of(w: u64, last: u8) -> usize {
    let (a, b) = quad_codes(w);
    let (ta, within) = match (QUAD_SUM.get(a), QUAD_RANK.get(a)) {
        (Some(&t), Some(&r)) => (t as usize, r as usize),
        _ => (15, 0),
    };
    let block = BLOCK
        .get(15 * (625 * last as usize + b) + ta)
        .copied()
        .unwrap_or(INVALID);
    block as usize + within
}

/// Index of a suit count vector in 0..[`SUIT_VECTORS`] (see [`suit_index`]), or
/// `SUIT_VECTORS` (outside the table) when an entry is above 4 or the total above 14.
#[inline(always)]
pub fn suit_rank(v: &[u8]) -> usize {
    let Ok(v) = <&[u8; 9]>::try_from(v) else {
        return SUIT_VECTORS;
    };
    let total: u32 = v.iter().map(|&x| u32::from(x)).sum();
    if total > 14 || v.iter().any(|&x| x > 4) {
        return SUIT_VECTORS;
    }
    suit_index(v)
}

/// Field of the packed cost for `m` melds and `p` pairs.
#[inline(always)]
pub const fn field(m: usize, p: usize) -> u32 {
    4 * (2 * m + p) as u32
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

/// `HONOR_QUAD[code]`: Σ [`HONOR_WEIGHT`] over the digits of a quadruple code.
static HONOR_QUAD: [u16; 625] = {
    let mut r = [0u16; 625];
    let mut code = 0;
    while code < 625 {
        let d = quad_digits(code);
        r[code] = HONOR_WEIGHT[d[0]] + HONOR_WEIGHT[d[1]] + HONOR_WEIGHT[d[2]] + HONOR_WEIGHT[d[3]];
        code += 1;
    }
    r
};

/// [`honor_key`] of the honor counts of a valid row (every count ≤ 4), from the
/// row's last 8 bytes (kinds 26..34). Counts above 4 give an unspecified key.
#[inline(always)]
pub fn honor_index(last8: &[u8; 8]) -> usize {
    let (lo, hi) = quad_codes(u64::from_le_bytes(*last8) >> 8);
    let w = |c: usize| HONOR_QUAD.get(c).copied().unwrap_or(4096) as usize;
    w(lo) + w(hi)
}

/// Step `v` to the next suit vector in base-5 counting order (lowest rank first); false
/// after the last one, `[4; 9]` (every vector with counts 0..=4 is visited once).
#[cfg_attr(not(test), allow(dead_code))] // the generator (build.rs) and the tests use it
pub(crate) fn next_base5(v: &mut [u8; 9]) -> bool {
    let mut i = 0;
    while i < 9 && v[i] == 4 {
        v[i] = 0;
        i += 1;
    }
    if i == 9 {
        return false;
    }
    v[i] += 1;
    true
}
