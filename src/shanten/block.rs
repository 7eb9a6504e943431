//! Shanten of many hands at once: the batch kernel.
//!
//! Each hand is summarised on its own (checks, table entries, the closed forms), then
//! the regular form of [`LANES`] hands is combined "vertically": one byte lane per
//! hand, one plane per (group, melds, pair) cost, so the min-plus combination is a
//! fixed sequence of byte additions and minimums over whole planes, with no
//! shuffles and no per-hand branches. Only the one (melds, pair) entry each hand
//! needs is computed in the last step. The planes are plain arrays the compiler
//! vectorises (SSE2 by default, AVX2 when the CPU has it: see `rows_avx2`).
use super::{row_shanten, row_stats, table, Form, RowStats};
use crate::error::Error;
use crate::tile::Counts;

/// Hands combined together.
pub const LANES: usize = 32;

/// One cost per hand.
type Plane = [u8; LANES];

/// Costs of one group for each (melds, pair), index `2 * melds + pair`.
type Group = [Plane; 10];

/// The ten cost planes of one group from its packed table entries.
#[inline(always)]
fn unpack(e: &[u64; LANES]) -> Group {
    let mut g = [[0u8; LANES]; 10];
    for (f, plane) in g.iter_mut().enumerate() {
        for (x, &v) in plane.iter_mut().zip(e) {
            *x = ((v >> (4 * f)) & 15) as u8;
        }
    }
    g
}

/// Min-plus combination of two groups over (melds ≤ 4, pair ≤ 1).
#[inline(always)]
fn pair(a: &Group, b: &Group) -> Group {
    let mut r = [[0x7Fu8; LANES]; 10];
    for m in 0..5 {
        for i in 0..=m {
            let j = m - i;
            for l in 0..LANES {
                let no = a[2 * i][l] + b[2 * j][l];
                let p1 = a[2 * i + 1][l] + b[2 * j][l];
                let p2 = a[2 * i][l] + b[2 * j + 1][l];
                r[2 * m][l] = r[2 * m][l].min(no);
                r[2 * m + 1][l] = r[2 * m + 1][l].min(p1.min(p2));
            }
        }
    }
    r
}

/// Cost of `k` melds and the pair from two combined halves.
#[inline(always)]
fn finish(ab: &Group, cd: &Group, k: usize) -> Plane {
    let mut r = [0x7Fu8; LANES];
    for i in 0..=k {
        let j = k - i;
        for l in 0..LANES {
            let x = (ab[2 * i + 1][l] + cd[2 * j][l]).min(ab[2 * i][l] + cd[2 * j + 1][l]);
            r[l] = r[l].min(x);
        }
    }
    r
}

/// Replacement numbers of the hands of one block.
///
/// `entries[g][h]`: packed table entry of group `g` of hand `h`; `need[h]` melds the
/// hand needs (0..=4); `bound[h]` an upper bound to take the minimum with (the closed
/// forms, or anything ≥ 15).
#[inline(always)]
fn combine(entries: &[[u64; LANES]; 4], need: &Plane, bound: &Plane) -> Plane {
    let ab = pair(&unpack(&entries[0]), &unpack(&entries[1]));
    let cd = pair(&unpack(&entries[2]), &unpack(&entries[3]));
    let mut present = 0u8;
    for &k in need {
        present |= 1 << (k & 7);
    }
    let mut out = if present == 1 << 4 {
        finish(&ab, &cd, 4)
    } else {
        let mut out = [0x7Fu8; LANES];
        for k in 0..5 {
            if present & (1 << k) != 0 {
                let f = finish(&ab, &cd, k);
                for l in 0..LANES {
                    if need[l] as usize == k {
                        out[l] = f[l];
                    }
                }
            }
        }
        out
    };
    for (o, &b) in out.iter_mut().zip(bound) {
        *o = (*o).min(b);
    }
    out
}

/// The instructions the kernel may use, chosen once per call. Only [`Isa::detect`]
/// can select AVX2 (the field is private), so safe code cannot run it on a CPU
/// without it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Isa {
    avx2: bool,
}

impl Isa {
    /// The baseline build (SSE2 on x86_64): runs anywhere.
    pub const BASE: Isa = Isa { avx2: false };

    /// The best the running CPU supports: AVX2 when it also has POPCNT, BMI1 and BMI2
    /// (x86_64, detected at run time), else [`Isa::BASE`].
    pub fn detect() -> Isa {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2")
            && std::arch::is_x86_feature_detected!("popcnt")
            && std::arch::is_x86_feature_detected!("bmi1")
            && std::arch::is_x86_feature_detected!("bmi2")
        {
            return Isa { avx2: true };
        }
        Isa::BASE
    }

    /// AVX2 was detected.
    pub fn is_avx2(self) -> bool {
        self.avx2
    }
}

/// Shanten of every row of `data` (34 counts per row) into `out`, one form, with
/// the instructions `isa` allows.
///
/// # Errors
/// The index (within `data`) and error of the first bad row, as [`row_shanten`].
pub fn shanten_rows(
    data: &[u8],
    form: Form,
    out: &mut [i8],
    isa: Isa,
) -> Result<(), (usize, Error)> {
    #[cfg(target_arch = "x86_64")]
    if isa.avx2 {
        // SAFETY: `avx2` is only set by `Isa::detect`, after detecting every feature
        // `rows_avx2` enables.
        return unsafe { rows_avx2(data, form, out) };
    }
    let _ = isa;
    rows_base(data, form, out)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,popcnt,bmi1,bmi2")]
fn rows_avx2(data: &[u8], form: Form, out: &mut [i8]) -> Result<(), (usize, Error)> {
    rows_impl(data, form, out, |c| row_stats_avx2(c))
}

fn rows_base(data: &[u8], form: Form, out: &mut [i8]) -> Result<(), (usize, Error)> {
    rows_impl(data, form, out, row_stats)
}

/// [`row_stats`] with AVX2: compares and bit masks over the first 32 kinds, the last
/// two by hand.
#[cfg(target_arch = "x86_64")]
#[inline]
#[target_feature(enable = "avx2,popcnt")]
fn row_stats_avx2(c: &Counts) -> RowStats {
    use std::arch::x86_64::{
        __m256i, _mm256_castsi256_si128, _mm256_cmpeq_epi8, _mm256_cmpgt_epi8,
        _mm256_extracti128_si256, _mm256_loadu_si256, _mm256_max_epu8, _mm256_movemask_epi8,
        _mm256_sad_epu8, _mm256_set1_epi8, _mm256_setzero_si256, _mm_add_epi64, _mm_cvtsi128_si64,
        _mm_unpackhi_epi64,
    };
    // SAFETY: `c` holds 34 bytes, so the 32-byte unaligned load stays inside it.
    let y = unsafe { _mm256_loadu_si256(c.as_ptr().cast::<__m256i>()) };
    let four = _mm256_set1_epi8(4);
    let low_ok = _mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_max_epu8(y, four), four)) == -1;
    let ge1 = !(_mm256_movemask_epi8(_mm256_cmpeq_epi8(y, _mm256_setzero_si256())) as u32);
    let ge2 = _mm256_movemask_epi8(_mm256_cmpgt_epi8(y, _mm256_set1_epi8(1))) as u32;
    let sad = _mm256_sad_epu8(y, _mm256_setzero_si256());
    let s = _mm_add_epi64(
        _mm256_castsi256_si128(sad),
        _mm256_extracti128_si256::<1>(sad),
    );
    let low_total = _mm_cvtsi128_si64(_mm_add_epi64(s, _mm_unpackhi_epi64(s, s))) as usize;
    let (t0, t1) = (c[32], c[33]);
    let ge1 = u64::from(ge1) | u64::from(t0 >= 1) << 32 | u64::from(t1 >= 1) << 33;
    let ge2 = u64::from(ge2) | u64::from(t0 >= 2) << 32 | u64::from(t1 >= 2) << 33;
    let pairs = ge2.count_ones();
    RowStats {
        over4: !low_ok || t0 > 4 || t1 > 4,
        total: low_total + usize::from(t0) + usize::from(t1),
        pairs,
        singles: ge1.count_ones() - pairs,
        yaochuu_kinds: (ge1 & YAOCHUU_BITS).count_ones(),
        yaochuu_pair: ge2 & YAOCHUU_BITS != 0,
    }
}

/// Bit `k` set for the terminal and honor kinds `k`.
#[cfg(target_arch = "x86_64")]
const YAOCHUU_BITS: u64 = {
    let mut m = 0u64;
    let mut i = 0;
    while i < super::YAOCHUU.len() {
        m |= 1 << super::YAOCHUU[i];
        i += 1;
    }
    m
};

#[inline(always)]
fn rows_impl(
    data: &[u8],
    form: Form,
    out: &mut [i8],
    row_stats: impl Fn(&Counts) -> RowStats,
) -> Result<(), (usize, Error)> {
    let row = |i: usize| -> &Counts { data[34 * i..34 * i + 34].try_into().unwrap_or(&[0u8; 34]) };
    if matches!(form, Form::Chiitoitsu | Form::Kokushi) {
        for (i, o) in out.iter_mut().enumerate() {
            *o = row_shanten(row(i), form).map_err(|e| (i, e))?;
        }
        return Ok(());
    }
    let t = table::tables();
    let suit = |v: &[u8]| table::suit_index(v.try_into().unwrap_or(&[0; 9]));
    let mut index = [[0usize; LANES]; 4];
    let mut entries = [[0u64; LANES]; 4];
    let mut need = [4u8; LANES];
    let mut bound = [0x7Fu8; LANES];
    for (b, o) in out.chunks_mut(LANES).enumerate() {
        // first every row's checks and table indices, then the loads, all independent
        for (l, _) in o.iter().enumerate() {
            let i = b * LANES + l;
            let c = row(i);
            let st = row_stats(c);
            if st.over4 {
                crate::hand::check_counts(c).map_err(|e| (i, e))?;
            }
            super::check_total(st.total).map_err(|e| (i, e))?;
            need[l] = (st.total / 3) as u8;
            bound[l] = if form == Form::Minimum && st.total >= 13 {
                super::chiitoitsu_from(&st).min(super::kokushi_from(&st))
            } else {
                0x7F
            };
            index[0][l] = suit(&c[0..9]);
            index[1][l] = suit(&c[9..18]);
            index[2][l] = suit(&c[18..27]);
            index[3][l] = table::honor_index(c[26..34].try_into().unwrap_or(&[0; 8]));
        }
        for g in 0..3 {
            for l in 0..o.len() {
                entries[g][l] = t.suit.get(index[g][l]).copied().unwrap_or(0);
            }
        }
        for l in 0..o.len() {
            entries[3][l] = t.honor.get(index[3][l]).copied().unwrap_or(0);
        }
        let r = combine(&entries, &need, &bound);
        for (o, &x) in o.iter_mut().zip(&r) {
            *o = x as i8 - 1;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// xorshift hands of `n` tiles drawn from the 136 (so at most 4 copies).
    fn hands(count: usize, sizes: &[usize], seed: u64) -> Vec<u8> {
        let mut s = seed;
        let mut next = move || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s
        };
        let mut data = vec![0u8; 34 * count];
        for (i, row) in data.chunks_exact_mut(34).enumerate() {
            let mut wall: Vec<u8> = (0..136).map(|x| (x / 4) as u8).collect();
            for j in 0..sizes[i % sizes.len()] {
                let k = j + (next() as usize) % (136 - j);
                wall.swap(j, k);
                row[wall[j] as usize] += 1;
            }
        }
        data
    }

    fn check(data: &[u8], form: Form) {
        let want: Vec<i8> = data
            .chunks_exact(34)
            .map(|r| row_shanten(r.try_into().unwrap(), form).unwrap())
            .collect();
        for isa in [Isa::BASE, Isa::detect()] {
            let mut got = vec![0i8; want.len()];
            shanten_rows(data, form, &mut got, isa).unwrap();
            assert_eq!(got, want, "{form:?} {isa:?}");
        }
    }

    #[test]
    fn equals_the_row_kernel_on_random_hands() {
        for form in [Form::Minimum, Form::Regular] {
            // 13/14 tiles (blocks that need four melds), then every size mixed
            check(&hands(20_011, &[13, 14], 7), form);
            check(&hands(20_011, &[1, 2, 4, 5, 7, 8, 10, 11, 13, 14], 9), form);
            check(&hands(333, &[5], 11), form);
        }
        let closed = hands(1000, &[13, 14], 13);
        check(&closed, Form::Chiitoitsu);
        check(&closed, Form::Kokushi);
    }

    #[test]
    fn equals_the_row_kernel_on_concentrated_hands() {
        // one suit plus honors: deep table entries and honor keys
        let mut s = 0x0123_4567_89AB_CDEFu64;
        let mut data = Vec::new();
        for i in 0..20_000usize {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            let mut row = [0u8; 34];
            let n = [13, 14, 11, 8][i % 4];
            let suit = (s % 4) as usize;
            let (lo, len) = if suit < 3 { (9 * suit, 9) } else { (27, 7) };
            let mut t = s;
            let mut placed = 0;
            while placed < n {
                t ^= t << 13;
                t ^= t >> 7;
                t ^= t << 17;
                let k = if t % 5 == 0 {
                    27 + (t >> 8) as usize % 7
                } else {
                    lo + (t >> 8) as usize % len
                };
                if row[k] < 4 {
                    row[k] += 1;
                    placed += 1;
                }
            }
            data.extend_from_slice(&row);
        }
        check(&data, Form::Minimum);
        check(&data, Form::Regular);
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn avx2_row_stats_equal_the_word_version() {
        if !Isa::detect().is_avx2() {
            return;
        }
        let mut s = 0xDEAD_BEEF_1234_5678u64;
        for i in 0..200_000 {
            let mut c = [0u8; 34];
            for x in c.iter_mut() {
                s ^= s << 13;
                s ^= s >> 7;
                s ^= s << 17;
                // mostly 0..=4, sometimes above (every position, the last two too)
                *x = if i % 7 == 0 {
                    (s % 7) as u8
                } else {
                    (s % 5) as u8 * u8::from(s % 3 == 0)
                };
            }
            if i % 11 == 0 {
                c[32 + i % 2] = 200;
            }
            // SAFETY: AVX2 and POPCNT were detected above.
            let (a, b) = (row_stats(&c), unsafe { row_stats_avx2(&c) });
            assert_eq!(a.over4, b.over4, "{c:?}");
            if !a.over4 {
                assert_eq!(
                    (a.total, a.pairs, a.singles, a.yaochuu_kinds, a.yaochuu_pair),
                    (b.total, b.pairs, b.singles, b.yaochuu_kinds, b.yaochuu_pair),
                    "{c:?}"
                );
            }
        }
    }

    #[test]
    fn first_bad_row_is_reported() {
        let mut data = hands(100, &[13, 14], 5);
        data[34 * 70 + 3] = 5;
        // row 90: 3 tiles, a bad total (an error too, but after row 70)
        data[34 * 90..34 * 91].fill(0);
        data[34 * 90 + 5] = 3;
        for isa in [Isa::BASE, Isa::detect()] {
            let mut out = vec![0i8; 100];
            let (i, e) = shanten_rows(&data, Form::Minimum, &mut out, isa).unwrap_err();
            assert_eq!(i, 70);
            assert!(matches!(e, Error::TooManyCopies { count: 5, .. }), "{e}");
            let (i, e) =
                shanten_rows(&data[34 * 71..], Form::Regular, &mut out[71..], isa).unwrap_err();
            assert_eq!(i, 19);
            assert!(matches!(e, Error::BadTileCount { .. }), "{e}");
        }
    }
}
