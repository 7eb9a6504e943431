//! Glue for the batch kernels: NumPy arrays in, NumPy arrays out, GIL released.

use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::prelude::*;

use crate::batch::{self, Visible};
use crate::error::Error;
use crate::py::analysis::players_arg;
use crate::shanten::Form;

fn threads_arg(threads: Option<i64>) -> Result<Option<usize>, Error> {
    match threads {
        None => Ok(None),
        Some(t) if (1..=1024).contains(&t) => Ok(Some(t as usize)),
        Some(t) => Err(Error::InvalidArgument {
            name: "threads",
            reason: format!("{t} is not in 1..=1024 (or None for all cores)"),
        }),
    }
}

fn slice<'a>(a: &'a PyReadonlyArray2<'_, u8>, name: &'static str) -> Result<&'a [u8], Error> {
    let shape = a.shape();
    if shape[1] != 34 {
        return Err(Error::InvalidArgument {
            name,
            reason: format!("shape {shape:?}: expected (N, 34)"),
        });
    }
    a.as_slice().map_err(|_| Error::InvalidArgument {
        name,
        reason: "array is not C-contiguous".into(),
    })
}

/// Shanten per row of a C-contiguous uint8 (N, 34) array; int8 (N,).
#[pyfunction]
#[pyo3(signature = (counts, form = None, threads = None, players = None))]
fn batch_shanten<'py>(
    py: Python<'py>,
    counts: PyReadonlyArray2<'py, u8>,
    form: Option<&Bound<'py, PyAny>>,
    threads: Option<i64>,
    players: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray1<i8>>> {
    let players = players_arg(players)?;
    let form = match form {
        Some(f) => Form::parse(&crate::py::errors::text_arg(f, "form")?)?,
        None => Form::parse("minimum")?,
    };
    let threads = threads_arg(threads)?;
    let data = slice(&counts, "counts")?;
    let out = py.detach(|| batch::shanten_for(data, form, players, threads))?;
    Ok(PyArray1::from_vec(py, out))
}

/// The visible argument of the batch calls: None, one row shared, or one per row.
fn visible_arg<'a>(
    visible: &'a Option<PyReadonlyArray2<'_, u8>>,
    n: usize,
) -> Result<Visible<'a>, Error> {
    Ok(match visible {
        None => Visible::None,
        Some(v) => {
            let s = slice(v, "visible")?;
            if s.len() == 34 && n != 1 {
                Visible::Shared(
                    <&[u8; 34]>::try_from(s).map_err(|_| Error::InvalidArgument {
                        name: "visible",
                        reason: "expected 34 counts".into(),
                    })?,
                )
            } else {
                Visible::PerRow(s)
            }
        }
    })
}

/// Live counts of improving tiles per row; uint8 (N, 34).
#[pyfunction]
#[pyo3(signature = (counts, visible = None, threads = None, players = None))]
fn batch_ukeire<'py>(
    py: Python<'py>,
    counts: PyReadonlyArray2<'py, u8>,
    visible: Option<PyReadonlyArray2<'py, u8>>,
    threads: Option<i64>,
    players: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray2<u8>>> {
    let players = players_arg(players)?;
    let threads = threads_arg(threads)?;
    let data = slice(&counts, "counts")?;
    let n = data.len() / 34;
    let vis = visible_arg(&visible, n)?;
    let out = py.detach(|| batch::ukeire_for(data, vis, players, threads))?;
    PyArray1::from_vec(py, out).reshape([n, 34])
}

/// Waits per row: (shapes uint8 (N, 34), live uint8 (N, 34)).
#[pyfunction]
#[pyo3(signature = (counts, visible = None, threads = None, players = None))]
#[allow(clippy::type_complexity)]
fn batch_waits<'py>(
    py: Python<'py>,
    counts: PyReadonlyArray2<'py, u8>,
    visible: Option<PyReadonlyArray2<'py, u8>>,
    threads: Option<i64>,
    players: Option<&Bound<'py, PyAny>>,
) -> PyResult<(Bound<'py, PyArray2<u8>>, Bound<'py, PyArray2<u8>>)> {
    let players = players_arg(players)?;
    let threads = threads_arg(threads)?;
    let data = slice(&counts, "counts")?;
    let n = data.len() / 34;
    let vis = visible_arg(&visible, n)?;
    let (shapes, live) = py.detach(|| batch::waits(data, vis, players, threads))?;
    Ok((
        PyArray1::from_vec(py, shapes).reshape([n, 34])?,
        PyArray1::from_vec(py, live).reshape([n, 34])?,
    ))
}

/// Discard table per row: (shanten int8, ukeire total uint16, improving mask uint64),
/// each (N, 34).
#[pyfunction]
#[pyo3(signature = (counts, visible = None, threads = None, players = None))]
#[allow(clippy::type_complexity)]
fn batch_discards<'py>(
    py: Python<'py>,
    counts: PyReadonlyArray2<'py, u8>,
    visible: Option<PyReadonlyArray2<'py, u8>>,
    threads: Option<i64>,
    players: Option<&Bound<'py, PyAny>>,
) -> PyResult<(
    Bound<'py, PyArray2<i8>>,
    Bound<'py, PyArray2<u16>>,
    Bound<'py, PyArray2<u64>>,
)> {
    let players = players_arg(players)?;
    let threads = threads_arg(threads)?;
    let data = slice(&counts, "counts")?;
    let n = data.len() / 34;
    let vis = visible_arg(&visible, n)?;
    let (sh, total, mask) = py.detach(|| batch::discards(data, vis, players, threads))?;
    Ok((
        PyArray1::from_vec(py, sh).reshape([n, 34])?,
        PyArray1::from_vec(py, total).reshape([n, 34])?,
        PyArray1::from_vec(py, mask).reshape([n, 34])?,
    ))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(batch_shanten, m)?)?;
    m.add_function(wrap_pyfunction!(batch_ukeire, m)?)?;
    m.add_function(wrap_pyfunction!(batch_waits, m)?)?;
    m.add_function(wrap_pyfunction!(batch_discards, m)?)?;
    Ok(())
}
