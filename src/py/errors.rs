//! The one exception tree, `RiichiError(ValueError)`, and the one mapping from
//! core errors to it.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

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
        | Error::InvalidMeld { .. } => "InvalidHand",
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
