//! Glue for the wall shuffles: Tenhou's (MT19937 words from a seed key, one core call) and
//! `riichi.Wall.from_seed`'s (a `random.Random` state taken over by a `MersenneTwister`).

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyTuple};

use crate::error::Error;
use crate::mt19937::{
    python_wall_ids, python_wall_order, tenhou_shuffle as shuffle, Mt19937, STATE_WORDS,
};

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

/// The state of a CPython `random.Random`, drawn from in the core: the draws
/// `riichi.Wall.from_seed` makes (the shuffled ids and two dice) take one call instead of a
/// Python frame per draw, and leave the same state a `random.Random` would be left in.
///
/// Args:
///     state: 625 ints, as `random.Random.getstate()[1]`: the 624 state words (each
///         0..2**32-1), then the read position 0..624.
///
/// Raises:
///     RiichiError: `state` not 625 ints of those ranges (the bad one named by position).
#[pyclass(name = "MersenneTwister", module = "riichi._core")]
pub struct PyMersenneTwister(Mt19937);

#[pymethods]
impl PyMersenneTwister {
    #[new]
    fn new(state: &Bound<'_, PyAny>) -> PyResult<Self> {
        let bad = |reason: String| -> PyErr {
            Error::InvalidArgument {
                name: "state",
                reason,
            }
            .into()
        };
        let items: Vec<Bound<'_, PyAny>> = match state.try_iter() {
            Ok(it) if !state.is_instance_of::<pyo3::types::PyString>() => {
                it.collect::<PyResult<_>>()?
            }
            _ => {
                return Err(super::errors::wrong_type(
                    "state",
                    "625 ints (random.Random.getstate()[1])",
                    state,
                ))
            }
        };
        if items.len() != STATE_WORDS + 1 {
            return Err(bad(format!(
                "expected 625 ints (624 words and the position), got {} items",
                items.len()
            )));
        }
        let mut words = [0u32; STATE_WORDS];
        for (i, (w, item)) in words.iter_mut().zip(&items).enumerate() {
            *w = item.extract::<u32>().map_err(|_| {
                bad(format!(
                    "word {i} must be an int 0..4294967295, got {}",
                    super::errors::shown(item)
                ))
            })?;
        }
        let last = &items[STATE_WORDS];
        let index = last.extract::<usize>().ok().filter(|&i| i <= STATE_WORDS);
        let Some(index) = index else {
            return Err(bad(format!(
                "the position (item 624) must be an int 0..624, got {}",
                super::errors::shown(last)
            )));
        };
        Ok(PyMersenneTwister(
            Mt19937::from_state(words, index).expect("position checked"),
        ))
    }

    /// The state as `random.Random.getstate()[1]` holds it (625 ints: the words, then the
    /// read position): `random.Random().setstate((3, t.getstate(), None))` goes on with the
    /// same draws.
    fn getstate<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let (words, index) = self.0.state();
        let mut all = [0usize; STATE_WORDS + 1];
        for (a, &w) in all.iter_mut().zip(words.iter()) {
            *a = w as usize;
        }
        all[STATE_WORDS] = index;
        PyTuple::new(py, all)
    }

    /// The draws of `riichi.Wall.from_seed` from this state, advancing it: the tile ids
    /// shuffled as `random.Random.shuffle` shuffles them (0..135 ascending, or the 108
    /// sanma ids without 2m..8m for `players == 3`), then the two dice (`randint(1, 6)`
    /// each).
    ///
    /// Returns:
    ///     tuple[bytes, int, int]: the ids, one byte each (136 or 108), and the dice.
    ///
    /// Raises:
    ///     RiichiError: `players` not 3 or 4.
    fn wall_ids(&mut self, players: u8) -> PyResult<(Vec<u8>, u8, u8)> {
        if !(3..=4).contains(&players) {
            return Err(Error::InvalidArgument {
                name: "players",
                reason: format!("must be 3 or 4, got {players}"),
            }
            .into());
        }
        let (ids, (d1, d2)) = python_wall_ids(&mut self.0, players);
        Ok((ids, d1, d2))
    }

    /// [`wall_ids`](Self::wall_ids)'s draws with a four-player wall broken by its dice as
    /// `riichi.Wall.from_seed` breaks it: the wall's `order` in draw order (122 live tiles,
    /// 4 rinshan, 5 dora and 5 uradora indicators; the 108 sanma ids as shuffled), and
    /// the dice. Advances the state as `wall_ids` does.
    ///
    /// Returns:
    ///     tuple[tuple[int, ...], int, int]: the wall's ids (136 or 108) and the dice.
    ///
    /// Raises:
    ///     RiichiError: `players` not 3 or 4.
    fn wall_order<'py>(
        &mut self,
        py: Python<'py>,
        players: u8,
    ) -> PyResult<(Bound<'py, PyTuple>, u8, u8)> {
        if !(3..=4).contains(&players) {
            return Err(Error::InvalidArgument {
                name: "players",
                reason: format!("must be 3 or 4, got {players}"),
            }
            .into());
        }
        let (order, (d1, d2)) = python_wall_order(&mut self.0, players);
        Ok((PyTuple::new(py, order)?, d1, d2))
    }

    /// Pickle and copy support: rebuilt from [`getstate`](Self::getstate).
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, (Bound<'py, PyTuple>,))> {
        let state = slf.borrow().getstate(slf.py())?;
        Ok((slf.get_type().into_any(), (state,)))
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyMersenneTwister>()?;
    m.add_function(wrap_pyfunction!(mt19937_words, m)?)?;
    m.add_function(wrap_pyfunction!(tenhou_shuffle, m)?)?;
    Ok(())
}
