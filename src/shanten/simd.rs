//! SSE2 kernel of the regular-form replacement number (x86_64 baseline, no unsafe).
//!
//! Same algorithm as the portable path: three min-plus convolutions of the four groups'
//! cost vectors (lane `m`: `m` melds, no pair; lane `8 + m`: `m` melds and the pair).
//! Each convolution takes its left operand straight from a packed table entry, so the
//! broadcasts are scalar shifts, and its right operand as a vector. Lanes that hold no
//! (melds, pair) combination are kept at or above `0x7F` ("infinite") and arithmetic
//! saturates, so they can never win a minimum.
use std::arch::x86_64::{
    __m128i, _mm_adds_epu8, _mm_cmpeq_epi8, _mm_cvtsi128_si32, _mm_cvtsi128_si64, _mm_min_epu8,
    _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8, _mm_set_epi64x, _mm_shuffle_epi32,
    _mm_shufflehi_epi16, _mm_shufflelo_epi16, _mm_slli_epi16, _mm_slli_si128, _mm_srli_epi16,
    _mm_srli_si128,
};

use super::table;
use crate::tile::Counts;

const INF: u64 = 0x7F;

/// `INF` in lanes `lanes` (a bit set over 16 lanes), 0 elsewhere.
const fn mask(lanes: u32) -> (i64, i64) {
    let mut lo = 0u64;
    let mut hi = 0u64;
    let mut l = 0;
    while l < 16 {
        if lanes & (1 << l) != 0 {
            if l < 8 {
                lo |= INF << (8 * l);
            } else {
                hi |= INF << (8 * (l - 8));
            }
        }
        l += 1;
    }
    (hi as i64, lo as i64)
}

#[inline]
#[target_feature(enable = "sse2")]
fn vec(m: (i64, i64)) -> __m128i {
    _mm_set_epi64x(m.0, m.1)
}

/// The lanes of a packed table entry (4-bit field `2m + p` → lane `8p + m`).
#[inline]
#[target_feature(enable = "sse2")]
fn lanes(x: u64) -> __m128i {
    const LO: u64 = 0x0F_0F0F_0F0F;
    const PAD: u64 = 0x7F7F_7F00_0000_0000;
    _mm_set_epi64x((((x >> 4) & LO) | PAD) as i64, ((x & LO) | PAD) as i64)
}

/// Broadcast the 4-bit field at `shift` of a packed entry.
#[inline]
#[target_feature(enable = "sse2")]
fn splat(x: u64, shift: u32) -> __m128i {
    _mm_set1_epi8(((x >> shift) & 15) as i8)
}

macro_rules! step {
    ($r:ident, $a:ident, $b:ident, $ma:literal, $low0:expr, $low1:expr) => {{
        // MA melds (no pair) from a, the rest (with or without the pair) from b
        let s0 = _mm_or_si128(_mm_slli_si128::<$ma>($b), vec($low0));
        // MA melds and the pair from a, the rest from b's no-pair half
        let s1 = _mm_or_si128(_mm_slli_si128::<{ 8 + $ma }>($b), vec($low1));
        $r = _mm_min_epu8($r, _mm_adds_epu8(s0, splat($a, 8 * $ma)));
        $r = _mm_min_epu8($r, _mm_adds_epu8(s1, splat($a, 8 * $ma + 4)));
    }};
}

/// Lanes below `k`.
const fn below(k: u32) -> u32 {
    (1 << k) - 1
}

/// Lanes that hold no combination: 5..=7 and 13..=15.
const INVALID: u32 = 0b1110_0000_1110_0000;

/// Min-plus convolution of a packed entry `a` with the vector `b`.
#[inline]
#[target_feature(enable = "sse2")]
fn convolve(a: u64, b: __m128i) -> __m128i {
    let mut r = vec(mask(0xFFFF));
    step!(r, a, b, 0, mask(0), mask(below(8)));
    step!(r, a, b, 1, mask(below(1)), mask(below(9)));
    step!(r, a, b, 2, mask(below(2)), mask(below(10)));
    step!(r, a, b, 3, mask(below(3)), mask(below(11)));
    // at four melds only lanes 4 and 12 may take b's lanes 0 and 8
    step!(r, a, b, 4, mask(!((1 << 4) | (1 << 12))), mask(below(12)));
    _mm_or_si128(r, vec(mask(INVALID)))
}

/// Regular-form replacement number of valid counts (no caps) needing `need` melds.
#[inline]
pub fn regular_replacement(counts: &Counts, need: usize) -> u8 {
    // SAFETY: SSE2 is part of the x86_64 baseline, so the feature is always present.
    unsafe { regular_replacement_sse2(counts, need) }
}

#[inline]
#[target_feature(enable = "sse2")]
fn regular_replacement_sse2(counts: &Counts, need: usize) -> u8 {
    let t = table::tables();
    let entry = |v: &[u8]| {
        let v: &[u8; 9] = v.try_into().unwrap_or(&[0; 9]);
        t.suit
            .get(table::suit_index(v))
            .copied()
            .unwrap_or(u64::MAX)
    };
    let m = entry(&counts[0..9]);
    let p = entry(&counts[9..18]);
    let s = entry(&counts[18..27]);
    let z = t
        .honor
        .get(table::honor_index(
            counts[26..34].try_into().unwrap_or(&[0; 8]),
        ))
        .copied()
        .unwrap_or(u64::MAX);
    let r = convolve(z, convolve(s, convolve(m, lanes(p))));
    // lane 8 + need
    let hi = _mm_cvtsi128_si64(_mm_srli_si128::<8>(r)) as u64;
    ((hi >> (8 * (need & 7))) & 0xFF) as u8
}

/// Lane `8 + need` of a convolution result.
#[inline]
#[target_feature(enable = "sse2")]
fn answer(r: __m128i, need: usize) -> u8 {
    let hi = _mm_cvtsi128_si64(_mm_srli_si128::<8>(r)) as u64;
    ((hi >> (8 * (need & 7))) & 0xFF) as u8
}

/// Regular-form replacement numbers after one more copy of each kind (valid counts,
/// no caps, total ≤ 13); `u8::MAX` for kinds already held four times.
#[inline]
pub fn regular_after_draw(counts: &Counts, need: usize) -> [u8; 34] {
    // SAFETY: SSE2 is part of the x86_64 baseline, so the feature is always present.
    unsafe { regular_after_one::<true>(counts, need) }
}

/// Regular-form replacement numbers after one copy fewer of each kind (valid counts, no
/// caps, total ≤ 14, `need` the melds of the hand left); `u8::MAX` for kinds not held.
#[inline]
pub fn regular_after_discard(counts: &Counts, need: usize) -> [u8; 34] {
    // SAFETY: SSE2 is part of the x86_64 baseline, so the feature is always present.
    unsafe { regular_after_one::<false>(counts, need) }
}

/// [`regular_after_draw`] (`DRAW`) or [`regular_after_discard`]: the four groups' table
/// entries and, for each group, the other three convolved are found once; each kind then
/// costs one table look-up of its group with one copy more (or fewer) and one convolution.
#[target_feature(enable = "sse2")]
fn regular_after_one<const DRAW: bool>(counts: &Counts, need: usize) -> [u8; 34] {
    let t = table::tables();
    let suit = |v: &[u8]| {
        let v: &[u8; 9] = v.try_into().unwrap_or(&[0; 9]);
        t.suit
            .get(table::suit_index(v))
            .copied()
            .unwrap_or(u64::MAX)
    };
    let honor = |key: usize| t.honor.get(key).copied().unwrap_or(u64::MAX);
    let key = table::honor_key(&counts[27..34]);
    let e = [
        suit(&counts[0..9]),
        suit(&counts[9..18]),
        suit(&counts[18..27]),
        honor(key),
    ];
    // the other three groups, convolved, for each group
    let sz = convolve(e[2], lanes(e[3]));
    let pz = convolve(e[1], lanes(e[3]));
    let others = [
        convolve(e[1], sz),
        convolve(e[0], sz),
        convolve(e[0], pz),
        convolve(e[0], convolve(e[1], lanes(e[2]))),
    ];
    let mut out = [u8::MAX; 34];
    // each suit as a word of ranks 0..8 and its rank 8: one copy more is an addition, one
    // copy fewer a subtraction
    let words = [0, 1, 2].map(|g| {
        let v = &counts[9 * g..9 * g + 9];
        (
            u64::from_le_bytes([v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]]),
            v[8],
        )
    });
    for k in 0..34 {
        if if DRAW { counts[k] >= 4 } else { counts[k] == 0 } {
            continue;
        }
        let g = if k < 27 { k / 9 } else { 3 };
        let entry = if g < 3 {
            let (w, last) = words[g];
            let r = k - 9 * g;
            let i = match (r < 8, DRAW) {
                (true, true) => table::suit_index_of(w + (1 << (8 * r)), last),
                (true, false) => table::suit_index_of(w - (1 << (8 * r)), last),
                (false, true) => table::suit_index_of(w, last + 1),
                (false, false) => table::suit_index_of(w, last - 1),
            };
            t.suit.get(i).copied().unwrap_or(u64::MAX)
        } else {
            let w = table::HONOR_WEIGHT;
            let h = (counts[k] as usize).min(4);
            let moved = if DRAW { w[h + 1] } else { w[h - 1] };
            honor(key + moved as usize - w[h] as usize)
        };
        out[k] = answer(convolve(entry, others[g]), need);
    }
    out
}

/// [`splat`] of a byte of an unpacked cost vector.
#[inline]
#[target_feature(enable = "sse2")]
fn splat_byte(x: u8) -> __m128i {
    _mm_set1_epi8(x as i8)
}

/// [`convolve`] of two unpacked cost vectors (lanes as in `super::Costs`, the unused
/// lanes at or above `0x7F`) by the kernel of [`combine_tight`]: the tests hold it equal
/// to the portable `super::convolve` on every (melds, pair) lane.
#[cfg(test)]
pub(crate) fn convolve_costs(a: &[u8; 16], b: &[u8; 16]) -> [u8; 16] {
    // SAFETY: SSE2 is part of the x86_64 baseline, so the feature is always present.
    unsafe {
        let r = convolve_splat(&splats(a), load(b));
        let lo = _mm_cvtsi128_si64(r) as u64;
        let hi = _mm_cvtsi128_si64(_mm_srli_si128::<8>(r)) as u64;
        (u128::from(lo) | (u128::from(hi) << 64)).to_le_bytes()
    }
}

/// Kinds (bit k = kind k) by copies held: entry `h` has the kinds held `h` times, for
/// counts each at most 4 (a count above 4 is in no entry). Five byte compares of the
/// first 32 kinds and two scalar ones, instead of a 34-step loop.
#[inline]
pub(crate) fn kinds_by_held(c: &Counts) -> [u64; 5] {
    // SAFETY: SSE2 is part of the x86_64 baseline, so the feature is always present.
    unsafe { kinds_by_held_sse2(c) }
}

#[inline]
#[target_feature(enable = "sse2")]
fn kinds_by_held_sse2(c: &Counts) -> [u64; 5] {
    let word =
        |i: usize| i64::from_le_bytes(<[u8; 8]>::try_from(&c[i..i + 8]).unwrap_or([0xFF; 8]));
    let lo = _mm_set_epi64x(word(8), word(0));
    let hi = _mm_set_epi64x(word(24), word(16));
    let mut out = [0u64; 5];
    for (h, o) in out.iter_mut().enumerate() {
        let s = _mm_set1_epi8(h as i8);
        let a = u64::from(_mm_movemask_epi8(_mm_cmpeq_epi8(lo, s)) as u16);
        let b = u64::from(_mm_movemask_epi8(_mm_cmpeq_epi8(hi, s)) as u16);
        let t = u64::from(usize::from(c[32]) == h) << 32 | u64::from(usize::from(c[33]) == h) << 33;
        *o = a | b << 16 | t;
    }
    out
}

/// A cost vector as a register.
#[inline]
#[target_feature(enable = "sse2")]
fn load(b: &[u8; 16]) -> __m128i {
    let half =
        |i: usize| i64::from_le_bytes(<[u8; 8]>::try_from(&b[i..i + 8]).unwrap_or([0x7F; 8]));
    _mm_set_epi64x(half(8), half(0))
}

/// The ten broadcasts a convolution takes from its left operand: lanes `MA` and `8 + MA`
/// for `MA` in 0..=4, in that order.
#[inline]
#[target_feature(enable = "sse2")]
fn splats(a: &[u8; 16]) -> [__m128i; 10] {
    std::array::from_fn(|i| splat_byte(a[8 * (i & 1) + i / 2]))
}

macro_rules! step_splat {
    ($r:ident, $sp:ident, $b:ident, $ma:literal, $low0:expr, $low1:expr) => {{
        let s0 = _mm_or_si128(_mm_slli_si128::<$ma>($b), vec($low0));
        let s1 = _mm_or_si128(_mm_slli_si128::<{ 8 + $ma }>($b), vec($low1));
        $r = _mm_min_epu8($r, _mm_adds_epu8(s0, $sp[2 * $ma]));
        $r = _mm_min_epu8($r, _mm_adds_epu8(s1, $sp[2 * $ma + 1]));
    }};
}

/// [`convolve_costs`] with the left operand's broadcasts made once ([`splats`]), so that
/// an operand convolved twice is broadcast once.
#[inline]
#[target_feature(enable = "sse2")]
fn convolve_splat(sp: &[__m128i; 10], b: __m128i) -> __m128i {
    let mut r = vec(mask(0xFFFF));
    step_splat!(r, sp, b, 0, mask(0), mask(below(8)));
    step_splat!(r, sp, b, 1, mask(below(1)), mask(below(9)));
    step_splat!(r, sp, b, 2, mask(below(2)), mask(below(10)));
    step_splat!(r, sp, b, 3, mask(below(3)), mask(below(11)));
    step_splat!(r, sp, b, 4, mask(!((1 << 4) | (1 << 12))), mask(below(12)));
    _mm_or_si128(r, vec(mask(INVALID)))
}

/// The complement of each lane for `need` melds and the pair: lane `m` (no pair) gets
/// lane `8 + need - m` and lane `8 + m` gets lane `need - m`. The 16 bytes reversed
/// (lane `l` to `15 - l`), then moved down `7 - need` lanes.
#[inline]
#[target_feature(enable = "sse2")]
fn complement(v: __m128i, need: usize) -> __m128i {
    let x = _mm_or_si128(_mm_slli_epi16::<8>(v), _mm_srli_epi16::<8>(v));
    let x = _mm_shuffle_epi32::<0b00_01_10_11>(x);
    let x = _mm_shufflelo_epi16::<0b10_11_00_01>(x);
    let x = _mm_shufflehi_epi16::<0b10_11_00_01>(x);
    match need {
        0 => _mm_srli_si128::<7>(x),
        1 => _mm_srli_si128::<6>(x),
        2 => _mm_srli_si128::<5>(x),
        3 => _mm_srli_si128::<4>(x),
        _ => _mm_srli_si128::<3>(x),
    }
}

/// The regular-form replacement number of four groups' cost vectors for `need` melds
/// (0..=4) and the pair, and per group its tight lanes (bit `l` = lane `l`): the lanes
/// that some optimal split of the hand uses, where the group's cost plus the best cost
/// of the other three groups for the rest equals the replacement number. Six
/// convolutions, each operand broadcast once.
#[inline]
pub(crate) fn combine_tight(g: [&[u8; 16]; 4], need: usize) -> (u8, [u16; 4]) {
    // SAFETY: SSE2 is part of the x86_64 baseline, so the feature is always present.
    unsafe { combine_tight_sse2(g, need) }
}

#[inline]
#[target_feature(enable = "sse2")]
fn combine_tight_sse2(g: [&[u8; 16]; 4], need: usize) -> (u8, [u16; 4]) {
    let need = need.min(4);
    let sp = g.map(|x| splats(x));
    let v = g.map(|x| load(x));
    let c01 = convolve_splat(&sp[0], v[1]);
    let c23 = convolve_splat(&sp[2], v[3]);
    let others = [
        convolve_splat(&sp[1], c23),
        convolve_splat(&sp[0], c23),
        convolve_splat(&sp[3], c01),
        convolve_splat(&sp[2], c01),
    ];
    // lanes 0..=need and 8..=8+need hold the splits of `need` melds and the pair
    let valid = (((1u32 << (need + 1)) - 1) * 0x0101) as u16;
    let invalid = vec(mask(u32::from(!valid)));
    // the minimum over the splits between {0, 1} and {2, 3}: halve the lanes four times
    let sums = _mm_or_si128(_mm_adds_epu8(c01, complement(c23, need)), invalid);
    let mut m = _mm_min_epu8(sums, _mm_srli_si128::<8>(sums));
    m = _mm_min_epu8(m, _mm_srli_si128::<4>(m));
    m = _mm_min_epu8(m, _mm_srli_si128::<2>(m));
    m = _mm_min_epu8(m, _mm_srli_si128::<1>(m));
    let r = ((_mm_cvtsi128_si32(m) & 0xFF) as u8).min(INF as u8);
    let rv = _mm_set1_epi8(r as i8);
    let tight = std::array::from_fn(|i| {
        let s = _mm_adds_epu8(v[i], complement(others[i], need));
        (_mm_movemask_epi8(_mm_cmpeq_epi8(s, rv)) as u16) & valid
    });
    (r, tight)
}
