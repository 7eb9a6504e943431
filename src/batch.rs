//! Batch kernels over many hands: `(N, 34)` count rows in, one result per row out.
//!
//! Rows are validated as they are computed (every count ≤ 4, total `n % 3` ∈ {1, 2},
//! `n ≤ 14`); the first bad row, by index, is reported as [`Error::Row`]. Work is
//! split into chunks of rows and run on a rayon pool: `threads = None` uses rayon's
//! global pool (all cores), `Some(1)` runs in the calling thread with no pool, and
//! `Some(k)` a cached pool of `k` threads.
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use rayon::prelude::*;

use crate::error::{Error, Result};
use crate::shanten::block::{shanten_rows, Isa};
use crate::shanten::{check_total, row_shanten_for, Form, Players};
use crate::tile::{Counts, Tile};
use crate::ukeire::{discard_row, live_counts, ukeire_row_for};
use crate::wait::bare_waits;

/// Rows per parallel task.
const CHUNK: usize = 2048;

/// Check one row of counts; its tile total.
///
/// # Errors
/// [`Error::TooManyCopies`] or [`Error::BadTileCount`] (without the row index).
#[inline]
pub fn check_row(row: &Counts) -> Result<usize> {
    let mut n = 0usize;
    let mut max = 0u8;
    for &c in row {
        n += c as usize;
        max = max.max(c);
    }
    if max > 4 {
        let k = row.iter().position(|&c| c > 4).unwrap_or(0);
        return Err(Error::TooManyCopies {
            tile: Tile::from_index(k),
            count: u32::from(row[k]),
        });
    }
    check_total(n)?;
    Ok(n)
}

fn at_row(row: usize) -> impl FnOnce(Error) -> Error {
    move |e| Error::Row {
        row,
        error: Box::new(e),
    }
}

/// Check that row-major data is a whole number of 34-count rows.
fn check_len(data: &[u8], name: &'static str) -> Result<usize> {
    if data.len() % 34 != 0 {
        return Err(Error::InvalidArgument {
            name,
            reason: format!(
                "{} values is not a whole number of 34-count rows",
                data.len()
            ),
        });
    }
    Ok(data.len() / 34)
}

/// The row at `i` of row-major data checked by [`check_len`].
#[inline]
fn row_at(data: &[u8], i: usize) -> &Counts {
    let r = &data[34 * i..34 * i + 34];
    r.try_into().unwrap_or(&[0; 34])
}

/// A cached pool per thread count.
pub(crate) fn pool(threads: usize) -> Result<Arc<rayon::ThreadPool>> {
    static POOLS: OnceLock<Mutex<HashMap<usize, Arc<rayon::ThreadPool>>>> = OnceLock::new();
    let mut pools = POOLS
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|p| p.into_inner());
    if let Some(p) = pools.get(&threads) {
        return Ok(p.clone());
    }
    let p = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Error::InvalidArgument {
            name: "threads",
            reason: format!("cannot start {threads} threads: {e}"),
        })?;
    let p = Arc::new(p);
    pools.insert(threads, p.clone());
    Ok(p)
}

/// Run `kernel` over the rows of `data` writing `out` (`width` outputs per row),
/// chunked and in parallel as `threads` says; the lowest failing row's error wins.
fn run<T: Send>(
    data: &[u8],
    out: &mut [T],
    width: usize,
    threads: Option<usize>,
    kernel: impl Fn(usize, &Counts, &mut [T]) -> Result<()> + Sync,
) -> Result<()> {
    run_chunks(data, out, width, threads, |first, rows, out| {
        for (i, o) in out.chunks_mut(width).enumerate() {
            kernel(first + i, row_at(rows, i), o)?;
        }
        Ok(())
    })
}

/// As [`run`], with a kernel over a whole chunk of rows (`first` = its first row).
fn run_chunks<T: Send>(
    data: &[u8],
    out: &mut [T],
    width: usize,
    threads: Option<usize>,
    serial: impl Fn(usize, &[u8], &mut [T]) -> Result<()> + Sync,
) -> Result<()> {
    let mut parallel = || -> Result<()> {
        let errs: Vec<Error> = data
            .par_chunks(CHUNK * 34)
            .zip(out.par_chunks_mut(CHUNK * width))
            .enumerate()
            .filter_map(|(c, (rows, o))| serial(c * CHUNK, rows, o).err())
            .collect();
        errs.into_iter().next().map_or(Ok(()), Err)
    };
    match threads {
        Some(0) => Err(Error::InvalidArgument {
            name: "threads",
            reason: "must be at least 1 (or None for all cores)".into(),
        }),
        Some(1) => serial(0, data, out),
        None => parallel(),
        Some(k) => pool(k)?.install(&mut parallel),
    }
}

/// Shanten of every row of `data` (N × 34 counts, row-major) for one form.
///
/// # Errors
/// [`Error::Row`] wrapping [`Error::TooManyCopies`] or [`Error::BadTileCount`]
/// (also for chiitoitsu or kokushi on a row of fewer than 13 tiles);
/// [`Error::InvalidArgument`] for a length not a multiple of 34 or `threads == 0`.
pub fn shanten(data: &[u8], form: Form, threads: Option<usize>) -> Result<Vec<i8>> {
    let n = check_len(data, "counts")?;
    let mut out = vec![0i8; n];
    let isa = Isa::detect();
    run_chunks(data, &mut out, 1, threads, |first, rows, o| {
        shanten_rows(rows, form, o, isa).map_err(|(i, e)| at_row(first + i)(e))
    })?;
    Ok(out)
}

/// [`shanten`] for `players`: three-player rows refuse 2m–8m and read 1m and 9m as
/// pairs and triplets only.
///
/// # Errors
/// As [`shanten`]; [`Error::Row`] wrapping [`Error::NotInThreePlayer`].
pub fn shanten_for(
    data: &[u8],
    form: Form,
    players: Players,
    threads: Option<usize>,
) -> Result<Vec<i8>> {
    if players == Players::Four {
        return shanten(data, form, threads);
    }
    let n = check_len(data, "counts")?;
    let mut out = vec![0i8; n];
    run(data, &mut out, 1, threads, |i, row, o| {
        o[0] = row_shanten_for(row, form, players).map_err(at_row(i))?;
        Ok(())
    })?;
    Ok(out)
}

/// Check per-row visible counts against `n` rows of hands.
fn check_visible(visible: Visible<'_>, n: usize) -> Result<()> {
    if let Visible::PerRow(v) = visible {
        let rows = check_len(v, "visible")?;
        if rows != n {
            return Err(Error::InvalidArgument {
                name: "visible",
                reason: format!("{rows} rows, but counts has {n}"),
            });
        }
    }
    Ok(())
}

/// The visible counts of row `i`, each checked ≤ 4.
fn visible_row<'a>(visible: Visible<'a>, i: usize, none: &'a Counts) -> Result<&'a Counts> {
    let vis = match visible {
        Visible::PerRow(v) => row_at(v, i),
        Visible::Shared(v) => v,
        Visible::None => none,
    };
    for (k, &v) in vis.iter().enumerate() {
        if v > 4 {
            return Err(at_row(i)(Error::TooManyCopies {
                tile: Tile::from_index(k),
                count: u32::from(v),
            }));
        }
    }
    Ok(vis)
}

/// A checked row of `3n + rem` tiles (rem 1: waiting or drawing, 2: discarding) for
/// `players`; its tile total.
fn checked_row(
    row: &Counts,
    i: usize,
    rem: usize,
    players: Players,
    what: &'static str,
) -> Result<usize> {
    let n = check_row(row).map_err(at_row(i))?;
    if n % 3 != rem {
        return Err(at_row(i)(Error::BadTileCount {
            concealed: n,
            melds: (14 - n) / 3,
            expected: what,
        }));
    }
    players.check(row, "hand").map_err(at_row(i))?;
    Ok(n)
}

/// Visible tiles for [`ukeire`]: none, one row for all hands, or one row per hand.
#[derive(Clone, Copy, Debug)]
pub enum Visible<'a> {
    /// Nothing visible.
    None,
    /// The same 34 counts for every row.
    Shared(&'a Counts),
    /// 34 counts per row (N × 34, row-major).
    PerRow(&'a [u8]),
}

/// Live counts of the improving kinds of every row (3n + 1 tiles), 0 for kinds that
/// do not improve: N × 34 values, row-major. See [`crate::ukeire`].
///
/// # Errors
/// As [`shanten`], plus [`Error::BadTileCount`] for a 3n + 2 row and
/// [`Error::TooManyCopies`] where own and visible copies exceed 4 (with the row);
/// [`Error::InvalidArgument`] when per-row visible counts have another row count.
pub fn ukeire(data: &[u8], visible: Visible<'_>, threads: Option<usize>) -> Result<Vec<u8>> {
    ukeire_for(data, visible, Players::Four, threads)
}

/// [`ukeire`] for `players` (three players: 2m–8m refused, never improving).
///
/// # Errors
/// As [`ukeire`]; [`Error::Row`] wrapping [`Error::NotInThreePlayer`].
pub fn ukeire_for(
    data: &[u8],
    visible: Visible<'_>,
    players: Players,
    threads: Option<usize>,
) -> Result<Vec<u8>> {
    let n = check_len(data, "counts")?;
    check_visible(visible, n)?;
    let none = [0u8; 34];
    let mut out = vec![0u8; n * 34];
    run(data, &mut out, 34, threads, |i, row, o| {
        let vis = visible_row(visible, i, &none)?;
        let n = checked_row(row, i, 1, players, "3n + 1 tiles for ukeire")?;
        o.copy_from_slice(&ukeire_row_for(row, n, vis, players).map_err(at_row(i))?);
        Ok(())
    })?;
    Ok(out)
}

/// Waits of every row (3n + 1 tiles, bare counts): per row and kind, the wait shapes
/// as bits of [`crate::wait::SHAPES`] (0: not a wait) and the live copies of each wait
/// kind (`4 − held − visible`; 0 elsewhere, so a wait with 0 live copies is karaten).
/// Two N × 34 arrays, row-major.
///
/// # Errors
/// As [`ukeire_for`] (a 3n + 2 row refused).
pub fn waits(
    data: &[u8],
    visible: Visible<'_>,
    players: Players,
    threads: Option<usize>,
) -> Result<(Vec<u8>, Vec<u8>)> {
    let n = check_len(data, "counts")?;
    check_visible(visible, n)?;
    let none = [0u8; 34];
    let mut out = vec![(0u8, 0u8); n * 34];
    run(data, &mut out, 34, threads, |i, row, o| {
        let vis = visible_row(visible, i, &none)?;
        checked_row(row, i, 1, players, "3n + 1 tiles for waits")?;
        players.check(vis, "visible").map_err(at_row(i))?;
        let live = live_counts(row, vis).map_err(at_row(i))?;
        if let Some((mask, bits)) = bare_waits(row) {
            for k in 0..34 {
                if mask >> k & 1 == 1 {
                    o[k] = (bits[k], live[k]);
                }
            }
        }
        Ok(())
    })?;
    Ok(out.into_iter().unzip())
}

/// One cell of the batch discard table.
#[derive(Clone, Copy, Default)]
struct DiscardCell {
    shanten: i8,
    total: u16,
    mask: u64,
}

/// The discard table of every row (3n + 2 tiles, bare counts): per row and kind `k`,
/// the shanten after discarding `k` (`i8::MAX` where `k` is not held), the live ukeire
/// total after it and its improving kinds as a bit mask. Three N × 34 arrays,
/// row-major. Live counts subtract the whole row (the discarded copy is not live).
///
/// # Errors
/// As [`ukeire_for`], with a 3n + 1 row refused.
pub fn discards(
    data: &[u8],
    visible: Visible<'_>,
    players: Players,
    threads: Option<usize>,
) -> Result<(Vec<i8>, Vec<u16>, Vec<u64>)> {
    let n = check_len(data, "counts")?;
    check_visible(visible, n)?;
    let none = [0u8; 34];
    let mut out = vec![DiscardCell::default(); n * 34];
    run(data, &mut out, 34, threads, |i, row, o| {
        let vis = visible_row(visible, i, &none)?;
        let n = checked_row(row, i, 2, players, "3n + 2 tiles for discards")?;
        let (sh, total, mask) = discard_row(row, n, vis, players).map_err(at_row(i))?;
        for k in 0..34 {
            o[k] = DiscardCell {
                shanten: sh[k],
                total: total[k],
                mask: mask[k],
            };
        }
        Ok(())
    })?;
    let sh = out.iter().map(|c| c.shanten).collect();
    let total = out.iter().map(|c| c.total).collect();
    let mask = out.iter().map(|c| c.mask).collect();
    Ok((sh, total, mask))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_counts;

    #[test]
    fn rows_and_errors() {
        let a = parse_counts("123m456p789s1122z").unwrap().0;
        let b = parse_counts("19m19p19s1234567z").unwrap().0;
        let mut data = Vec::new();
        for _ in 0..5000 {
            data.extend_from_slice(&a);
            data.extend_from_slice(&b);
        }
        let one = shanten(&data, Form::Minimum, Some(1)).unwrap();
        let two = shanten(&data, Form::Minimum, Some(2)).unwrap();
        let all = shanten(&data, Form::Regular, None).unwrap();
        assert_eq!(one, two);
        assert_eq!(&one[..2], &[0, 0]);
        assert!(all[1] > 0);
        data[34 * 7777] = 5;
        let e = shanten(&data, Form::Minimum, Some(2)).unwrap_err();
        assert!(matches!(e, Error::Row { row: 7777, .. }), "{e}");
        assert!(e.to_string().starts_with("row 7777: 5 copies of 1m"));
        assert!(shanten(&data[..33], Form::Minimum, None).is_err());
        assert!(shanten(&[], Form::Minimum, Some(0)).is_err());
        assert!(shanten(&[], Form::Minimum, None).unwrap().is_empty());
        let u = ukeire(&a, Visible::None, Some(1)).unwrap();
        assert_eq!((u[27], u[28]), (2, 2));
        assert_eq!(u.iter().map(|&x| x as u32).sum::<u32>(), 4);
    }

    #[test]
    fn batch_waits_and_discards_equal_single_calls() {
        let hands = [
            "123m456p789s1122z",
            "1112345678999m",
            "19m19p19s1234567z",
            "1m234p",
        ];
        let mut data = Vec::new();
        for h in hands {
            data.extend_from_slice(&parse_counts(h).unwrap().0);
        }
        let mut vis = [0u8; 34];
        vis[27] = 2; // both other 1z visible: karaten on 1z
        let (shapes, live) = waits(&data, Visible::Shared(&vis), Players::Four, Some(1)).unwrap();
        for (r, h) in hands.iter().enumerate() {
            let c = parse_counts(h).unwrap().0;
            let want = crate::wait::waits(&c, &[0; 34]);
            let got: Vec<usize> = (0..34).filter(|&k| shapes[34 * r + k] != 0).collect();
            assert_eq!(
                got,
                want.iter().map(|w| w.tile.index()).collect::<Vec<_>>(),
                "{h}"
            );
        }
        assert_eq!((shapes[27], live[27]), (1 << 4, 0));
        assert_eq!(live[28], 2);
        let d14 = parse_counts("123m456p789s11222z").unwrap().0;
        let (sh, total, mask) = discards(&d14, Visible::None, Players::Four, None).unwrap();
        for d in crate::ukeire::discards(&d14, &[0; 34]).unwrap() {
            let k = d.tile.index();
            assert_eq!(sh[k], d.shanten);
            assert_eq!(u32::from(total[k]), d.ukeire.total);
            assert_eq!(mask[k].count_ones() as usize, d.ukeire.tiles.len());
        }
        assert_eq!(sh[0], 0); // 1m discarded: a 23m ryanmen left
        assert_eq!(sh[3], i8::MAX); // 4m not held
        let e = discards(&data[..34], Visible::None, Players::Four, None).unwrap_err();
        assert!(matches!(e, Error::Row { row: 0, .. }), "{e}");
        let e = waits(&data, Visible::None, Players::Three, None).unwrap_err();
        assert!(e.to_string().contains("2m"), "{e}");
    }
}
