//! Glue for Tenhou's wall shuffle: MT19937 words from a seed key, one core call.

use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::error::Error;
use crate::mt19937::{tenhou_shuffle as shuffle, Mt19937};

/// The first `n` words of MT19937 seeded by `init_by_array(key)`, as little-endian bytes.
///
/// Args:
///     key: the seed key as little-endian 32-bit words (`bytes`, length a multiple of 4,
///         at least 4).
///     n: how many words (at most 2**24).
///
/// Returns:
///     bytes: `4 * n` bytes, word `i` at `4 * i` (little-endian), as `genrand_int32` gives them.
///
/// Raises:
///     RiichiError: a key that is empty or not whole words, or `n` too large.
#[pyfunction]
fn mt19937_words<'py>(py: Python<'py>, key: &[u8], n: usize) -> PyResult<Bound<'py, PyBytes>> {
    if key.is_empty() || key.len() % 4 != 0 {
        return Err(Error::InvalidArgument {
            name: "key",
            reason: format!(
                "must be whole 32-bit words (a multiple of 4 bytes, at least 4), got {} bytes",
                key.len()
            ),
        }
        .into());
    }
    if n > 1 << 24 {
        return Err(Error::InvalidArgument {
            name: "n",
            reason: format!("at most 16777216 words, got {n}"),
        }
        .into());
    }
    let words: Vec<u32> = key
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let mut mt = Mt19937::from_key(&words);
    let mut out = Vec::with_capacity(4 * n);
    for _ in 0..n {
        out.extend_from_slice(&mt.next_u32().to_le_bytes());
    }
    Ok(PyBytes::new(py, &out))
}

/// Tenhou's wall shuffle of one round from its random words.
///
/// Args:
///     rnd: the 576 bytes of the round's nine SHA-512 digests (144 little-endian words).
///     players: 4, or 3 (sanma: the 108 ids without 2m..8m).
///
/// Returns:
///     tuple[bytes, int, int]: the shuffled ids (136 or 108, one byte each) and the two dice.
///
/// Raises:
///     RiichiError: `rnd` not 576 bytes, or `players` not 3 or 4.
#[pyfunction]
fn tenhou_shuffle(rnd: &[u8], players: u8) -> PyResult<(Vec<u8>, u8, u8)> {
    if rnd.len() != 576 || !(3..=4).contains(&players) {
        return Err(Error::InvalidArgument {
            name: "rnd",
            reason: format!(
                "needs 576 bytes and 3 or 4 players, got {} bytes and {players} players",
                rnd.len()
            ),
        }
        .into());
    }
    let mut words = [0u32; 144];
    for (w, c) in words.iter_mut().zip(rnd.chunks_exact(4)) {
        *w = u32::from_le_bytes([c[0], c[1], c[2], c[3]]);
    }
    let (wall, (d1, d2)) = shuffle(&words, players);
    Ok((wall, d1, d2))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(mt19937_words, m)?)?;
    m.add_function(wrap_pyfunction!(tenhou_shuffle, m)?)?;
    Ok(())
}
