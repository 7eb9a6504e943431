//! Glue for the mjlog fast path: the canonical-shape tokenizer and the run expander.

use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString, PyTuple};

use crate::mjlog::{plain_ints, scan, Item, CODES};

/// The Python string of a tag or attribute name: Tenhou's own names are interned once.
fn py_name<'py>(py: Python<'py>, s: &str) -> Bound<'py, PyString> {
    macro_rules! known {
        ($($n:literal)*) => {
            match s {
                $($n => intern!(py, $n).clone(),)*
                _ => PyString::new(py, s),
            }
        };
    }
    known!(
        "N" "REACH" "INIT" "AGARI" "RYUUKYOKU" "DORA" "UN" "BYE" "GO" "TAIKYOKU" "SHUFFLE"
        "who" "m" "step" "ten" "hai" "seed" "oya" "hai0" "hai1" "hai2" "hai3" "ba" "machi"
        "yaku" "yakuman" "doraHai" "doraHaiUra" "fromWho" "paoWho" "sc" "owari" "type"
        "lobby" "n0" "n1" "n2" "n3" "dan" "rate" "sx" "log"
    )
}

/// Tokenize a Tenhou mjlog in Tenhou's canonical shape (see `riichi.logs.tenhou_xml`).
///
/// Args:
///     data: the decompressed XML bytes.
///
/// Returns:
///     list | None: None when `data` is not in the canonical shape (the caller then uses an
///     XML parser). Otherwise, in document order: `bytes` for each run of draws and discards
///     (native-endian 16-bit codes: a draw `seat * 136 + id`, a discard
///     `544 + 2 * (seat * 136 + id) + tsumogiri`), and `(index, tag, attributes)` for each
///     other tag (`index` among the root's children, `attributes` a `dict[str, str]`).
#[pyfunction]
fn mjlog_scan<'py>(py: Python<'py>, data: &[u8]) -> PyResult<Option<Bound<'py, PyList>>> {
    let Some(items) = scan(data) else {
        return Ok(None);
    };
    let out = PyList::empty(py);
    for item in items {
        match item {
            Item::Run(codes) => {
                let raw: Vec<u8> = codes.iter().flat_map(|c| c.to_ne_bytes()).collect();
                out.append(PyBytes::new(py, &raw))?;
            }
            Item::Element { index, name, attrs } => {
                let d = PyDict::new(py);
                for (k, v) in attrs {
                    d.set_item(py_name(py, k), PyString::new(py, v))?;
                }
                let tag = py_name(py, name);
                out.append(PyTuple::new(
                    py,
                    [
                        index.into_pyobject(py)?.into_any(),
                        tag.into_any(),
                        d.into_any(),
                    ],
                )?)?;
            }
        }
    }
    Ok(Some(out))
}

/// Append the events of a run of codes from `mjlog_scan` to `events`: `table[code]` each.
///
/// Args:
///     events: the list to extend.
///     table: the event of each code (1632 entries; None for a seat that does not play).
///     codes: a run from `mjlog_scan`.
///
/// Returns:
///     bool: False, with nothing appended, when a code's entry is None or out of the table.
#[pyfunction]
fn mjlog_extend(
    events: &Bound<'_, PyList>,
    table: &Bound<'_, PyList>,
    codes: &[u8],
) -> PyResult<bool> {
    let mut picked = Vec::with_capacity(codes.len() / 2);
    for c in codes.chunks_exact(2) {
        let code = usize::from(u16::from_ne_bytes([c[0], c[1]]));
        if code >= usize::from(CODES) || code >= table.len() {
            return Ok(false);
        }
        let ev = table.get_item(code)?;
        if ev.is_none() {
            return Ok(false);
        }
        picked.push(ev);
    }
    for ev in picked {
        events.append(ev)?;
    }
    Ok(true)
}

/// The integers of a plainly written comma-separated list (`"250,-26,0"`).
///
/// Returns:
///     list[int] | None: None for anything but `-?[0-9]{1,18}` items joined by commas (the
///     caller then parses the text itself and reports what is wrong).
#[pyfunction]
fn mjlog_ints(text: &str) -> Option<Vec<i64>> {
    plain_ints(text)
}

/// The tiles of a plainly written comma-separated list of Tenhou tile ids (`"16,18,19"`).
///
/// Args:
///     text: the ids.
///     table: the tile of each id 0..135.
///     sort: whether to sort the ids first.
///
/// Returns:
///     tuple | None: `table[id]` for each id; None for an id outside 0..135 or text that is
///     not plain `[0-9]` items joined by commas (the caller then reports what is wrong).
#[pyfunction]
fn mjlog_tiles<'py>(
    text: &str,
    table: &Bound<'py, PyList>,
    sort: bool,
) -> PyResult<Option<Bound<'py, PyTuple>>> {
    let Some(mut ids) = plain_ints(text) else {
        return Ok(None);
    };
    if ids.iter().any(|&i| !(0..136).contains(&i)) || table.len() < 136 {
        return Ok(None);
    }
    if sort {
        ids.sort_unstable();
    }
    let tiles = ids
        .into_iter()
        .map(|i| table.get_item(i as usize))
        .collect::<PyResult<Vec<_>>>()?;
    Ok(Some(PyTuple::new(table.py(), tiles)?))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(mjlog_scan, m)?)?;
    m.add_function(wrap_pyfunction!(mjlog_extend, m)?)?;
    m.add_function(wrap_pyfunction!(mjlog_ints, m)?)?;
    m.add_function(wrap_pyfunction!(mjlog_tiles, m)?)?;
    Ok(())
}
