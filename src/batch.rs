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
use crate::shanten::{check_total, Form};
use crate::tile::{Counts, Tile};
use crate::ukeire::ukeire_row;

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
    let n = check_len(data, "counts")?;
    if let Visible::PerRow(v) = visible {
        let rows = check_len(v, "visible")?;
        if rows != n {
            return Err(Error::InvalidArgument {
                name: "visible",
                reason: format!("{rows} rows, but counts has {n}"),
            });
        }
    }
    let none = [0u8; 34];
    let mut out = vec![0u8; n * 34];
    run(data, &mut out, 34, threads, |i, row, o| {
        let vis = match visible {
            Visible::PerRow(v) => row_at(v, i),
            Visible::Shared(v) => v,
            Visible::None => &none,
        };
        let n = check_row(row).map_err(at_row(i))?;
        if n % 3 != 1 {
            return Err(at_row(i)(Error::BadTileCount {
                concealed: n,
                melds: (14 - n) / 3,
                expected: "3n + 1 tiles for ukeire",
            }));
        }
        for (k, &v) in vis.iter().enumerate() {
            if v > 4 {
                return Err(at_row(i)(Error::TooManyCopies {
                    tile: Tile::from_index(k),
                    count: u32::from(v),
                }));
            }
        }
        o.copy_from_slice(&ukeire_row(row, n, vis).map_err(at_row(i))?);
        Ok(())
    })?;
    Ok(out)
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
}
