//! Glue for the round engine's hot kernels: wait masks from raw counts (no `Hand` or
//! `Wait` objects), one core call each.

use pyo3::prelude::*;

use crate::error::Error;
use crate::tile::Counts;
use crate::wait;

/// 34 counts from a `bytes` of length 34.
fn counts(name: &'static str, b: &[u8]) -> PyResult<Counts> {
    <Counts>::try_from(b).map_err(|_| {
        Error::InvalidArgument {
            name,
            reason: format!(
                "must be 34 bytes (one count per tile kind), got {}",
                b.len()
            ),
        }
        .into()
    })
}

/// Wait kinds of 3n+1 concealed tiles as a bit mask (bit k: a wait on kind k).
///
/// Args:
///     concealed: 34 counts as `bytes`.
///     meld_counts: 34 counts as `bytes`, the copies held in the player's melds (a kind
///         whose four copies are all the player's own is no wait, RC08).
///
/// Returns:
///     int: the mask (0 when noten).
///
/// Raises:
///     InvalidHand: a kind held more than 4 times, or a tile count other than 3n+1.
///     RiichiError: an argument that is not 34 bytes.
#[pyfunction]
fn wait_mask(concealed: &[u8], meld_counts: &[u8]) -> PyResult<u64> {
    let c = counts("concealed", concealed)?;
    let m = counts("meld_counts", meld_counts)?;
    Ok(wait::wait_mask(&c, &m)?)
}

/// The waits left by each discard of 3n+2 concealed tiles.
///
/// Args:
///     concealed: 34 counts as `bytes` (3n+2 tiles).
///     meld_counts: as in `wait_mask`.
///
/// Returns:
///     list[tuple[int, int]]: (discarded kind, wait mask) for every discard that leaves a
///     wait, ascending by kind; empty when no discard leaves the hand tenpai.
///
/// Raises:
///     InvalidHand: a kind held more than 4 times, or a tile count other than 3n+2.
///     RiichiError: an argument that is not 34 bytes.
#[pyfunction]
fn discard_wait_masks(concealed: &[u8], meld_counts: &[u8]) -> PyResult<Vec<(u8, u64)>> {
    let c = counts("concealed", concealed)?;
    let m = counts("meld_counts", meld_counts)?;
    let out = wait::discard_wait_masks(&c, &m)?;
    Ok((0u8..34).zip(out).filter(|&(_, mask)| mask != 0).collect())
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(wait_mask, m)?)?;
    m.add_function(wrap_pyfunction!(discard_wait_masks, m)?)?;
    Ok(())
}
