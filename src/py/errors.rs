//! The one exception tree, `RiichiError(ValueError)`, and the one mapping from
//! core errors to it.

use std::borrow::Cow;

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyString};

use crate::error::Error;

create_exception!(
    _core,
    RiichiError,
    PyValueError,
    "Base of every error riichi raises (a ValueError)."
);
create_exception!(
    _core,
    InvalidTile,
    RiichiError,
    "A tile, tile id or tile notation that does not exist."
);
create_exception!(
    _core,
    InvalidHand,
    RiichiError,
    "A hand, meld or counts array that cannot exist."
);
create_exception!(
    _core,
    IllegalAction,
    RiichiError,
    "An action the rules do not allow in this state."
);
create_exception!(
    _core,
    LogFormatError,
    RiichiError,
    "A game log that cannot be read."
);

/// Which Python exception class each core error becomes (exhaustive: a new variant
/// must be placed here).
pub fn exception_name(e: &Error) -> &'static str {
    match e {
        Error::TileKindOutOfRange { .. }
        | Error::TileIdOutOfRange { .. }
        | Error::Notation { .. } => "InvalidTile",
        Error::TooManyCopies { .. }
        | Error::TooManyRedFives { .. }
        | Error::BadTileCount { .. }
        | Error::InvalidMeld { .. }
        | Error::NotInThreePlayer { .. } => "InvalidHand",
        Error::InvalidArgument { .. } => "RiichiError",
        Error::Row { error, .. } => exception_name(error),
    }
}

impl From<Error> for PyErr {
    fn from(e: Error) -> PyErr {
        let msg = e.to_string();
        match exception_name(&e) {
            "InvalidTile" => InvalidTile::new_err(msg),
            "InvalidHand" => InvalidHand::new_err(msg),
            _ => RiichiError::new_err(msg),
        }
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("RiichiError", py.get_type::<RiichiError>())?;
    m.add("InvalidTile", py.get_type::<InvalidTile>())?;
    m.add("InvalidHand", py.get_type::<InvalidHand>())?;
    m.add("IllegalAction", py.get_type::<IllegalAction>())?;
    m.add("LogFormatError", py.get_type::<LogFormatError>())?;
    // Users see and catch these as riichi.X, so say so in tracebacks.
    for name in [
        "RiichiError",
        "InvalidTile",
        "InvalidHand",
        "IllegalAction",
        "LogFormatError",
    ] {
        m.getattr(name)?.setattr("__module__", "riichi")?;
    }
    Ok(())
}

// ---------------------------------------------------------------- argument extraction
//
// The one place where a Python argument of the wrong type becomes an error: PyO3's own
// extraction raises TypeError, OverflowError or UnicodeEncodeError, which the public API
// promises never to leak. Each `#[pyfunction]` takes its arguments as `&Bound<PyAny>`
// and extracts them through these helpers, whose errors are `RiichiError` subclasses
// naming the argument and the value given.

/// `repr(obj)`, or `"?"` when even that fails.
pub fn shown(obj: &Bound<'_, PyAny>) -> String {
    obj.repr()
        .map(|r| r.to_string())
        .unwrap_or_else(|_| "?".into())
}

/// The error for an argument `name` that is not `expected`, showing the value given.
pub fn wrong_type(name: &'static str, expected: &str, obj: &Bound<'_, PyAny>) -> PyErr {
    Error::InvalidArgument {
        name,
        reason: format!("expected {expected}, got {}", shown(obj)),
    }
    .into()
}

/// The UTF-8 text of a Python `str`. A `str` holding a lone surrogate (non-UTF-8 bytes
/// decoded with `surrogateescape`, as `sys.argv` does) is no tile text: `InvalidTile`
/// naming the argument and the character position.
///
/// Borrowed from the `str` where the Python API allows it; a copy in the abi3 build for
/// Python 3.9, whose limited API has no borrowed UTF-8 view.
pub fn utf8<'a>(s: &'a Bound<'_, PyString>, name: &'static str) -> PyResult<Cow<'a, str>> {
    s.to_cow().map_err(|_| {
        let lossy = s.to_string_lossy();
        let at = lossy.chars().position(|c| c == '\u{FFFD}').unwrap_or(0);
        InvalidTile::new_err(format!(
            "invalid {name}: {} is not UTF-8 text (a lone surrogate at position {at})",
            s.as_any()
                .repr()
                .map(|r| r.to_string())
                .unwrap_or_else(|_| "?".into())
        ))
    })
}

/// A `str` argument as UTF-8 text (see [`utf8`]).
pub fn text_arg<'a>(obj: &'a Bound<'_, PyAny>, name: &'static str) -> PyResult<Cow<'a, str>> {
    match obj.cast::<PyString>() {
        Ok(s) => utf8(s, name),
        Err(_) => Err(wrong_type(name, "a str", obj)),
    }
}

/// An `int` argument (a bool is not one; NumPy integers are) within `i64`.
pub fn int_arg(obj: &Bound<'_, PyAny>, name: &'static str) -> PyResult<i64> {
    if obj.is_instance_of::<PyBool>() {
        return Err(wrong_type(name, "an int", obj));
    }
    obj.extract::<i64>()
        .map_err(|_| wrong_type(name, "an int", obj))
}

/// A `bool` argument (`True`/`False` or a NumPy bool; `0`, `1.0` or `None` are not).
pub fn bool_arg(obj: &Bound<'_, PyAny>, name: &'static str) -> PyResult<bool> {
    obj.extract::<bool>()
        .map_err(|_| wrong_type(name, "True or False", obj))
}

/// A sequence of ints (each within `i64`, no bools) such as 34 counts; text is not one.
pub fn int_list_arg(obj: &Bound<'_, PyAny>, name: &'static str) -> PyResult<Vec<i64>> {
    let expected = "a sequence of ints";
    if obj.is_instance_of::<PyString>() || obj.is_instance_of::<PyBytes>() {
        return Err(wrong_type(name, expected, obj));
    }
    let items = obj
        .try_iter()
        .map_err(|_| wrong_type(name, expected, obj))?;
    let mut out = Vec::new();
    for (i, item) in items.enumerate() {
        let item = item.map_err(|_| wrong_type(name, expected, obj))?;
        if item.is_instance_of::<PyBool>() {
            return Err(bad_item(name, i, &item));
        }
        out.push(
            item.extract::<i64>()
                .map_err(|_| bad_item(name, i, &item))?,
        );
    }
    Ok(out)
}

fn bad_item(name: &'static str, i: usize, item: &Bound<'_, PyAny>) -> PyErr {
    Error::InvalidArgument {
        name,
        reason: format!("item {i} must be an int, got {}", shown(item)),
    }
    .into()
}

/// Red fives per suit `(man, pin, sou)`: three ints 0..=4 (the hand checks them further).
pub fn red_arg(obj: Option<&Bound<'_, PyAny>>, name: &'static str) -> PyResult<[u8; 3]> {
    let Some(obj) = obj else {
        return Ok([0; 3]);
    };
    let v = int_list_arg(obj, name)?;
    if v.len() != 3 || v.iter().any(|&x| !(0..=4).contains(&x)) {
        return Err(wrong_type(name, "three counts 0..=4 (man, pin, sou)", obj));
    }
    Ok([v[0] as u8, v[1] as u8, v[2] as u8])
}
