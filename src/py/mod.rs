//! PyO3 glue: the private extension module `riichi._core`. One core call per function;
//! all rule logic lives in the pure core.

use pyo3::prelude::*;

mod analysis;
mod batch;
mod decompose;
mod engine;
mod errors;
mod features;
mod mjlog;
mod score;
mod seat;
mod shuffle;
mod tiles;

/// The private extension module. The public API is the `riichi` package.
#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    tiles::register(m)?;
    decompose::register(m)?;
    score::register(m)?;
    seat::register(m)?;
    analysis::register(m)?;
    batch::register(m)?;
    engine::register(m)?;
    features::register(m)?;
    shuffle::register(m)?;
    mjlog::register(m)?;
    Ok(())
}
