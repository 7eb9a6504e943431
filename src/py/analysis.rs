//! Glue for shanten, ukeire and discard tables.

use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyList, PyString};
use std::sync::atomic::{AtomicBool, Ordering};

use crate::error::Error;
use crate::notation;
use crate::py::tiles::{
    counts_from_vec, extract_hand_like, sequence_items, tile_kind, HandLike, Items, PyHand,
};
use crate::shanten::{self, Form, Players, ShantenDetail};
use crate::tile::{Counts, Tile};
use crate::ukeire::{self, DrawMask};
use pyo3::types::PyInt;

/// Shanten of each form: `chiitoitsu` and `kokushi` are None when they do not apply
/// (a called meld, or fewer than 13 concealed tiles).
///
/// Compared by value; pickles and copies to an equal `ShantenDetail`.
#[pyclass(name = "ShantenDetail", module = "riichi._core", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyShantenDetail(ShantenDetail);

/// The pickled state of a `ShantenDetail`: regular, chiitoitsu and kokushi shanten.
type DetailState = (i8, Option<i8>, Option<i8>);

#[pymethods]
impl PyShantenDetail {
    /// A `ShantenDetail` is a result of riichi.shanten_detail or Hand.shanten_detail, not built by calling the class:
    /// always raises `RiichiError` saying so.
    #[new]
    #[pyo3(signature = (*args, **kwargs))]
    fn new(
        args: &Bound<'_, pyo3::types::PyTuple>,
        kwargs: Option<&Bound<'_, pyo3::types::PyDict>>,
    ) -> PyResult<Self> {
        Err(crate::py::tiles::result_class_called(
            "ShantenDetail",
            "riichi.shanten_detail or Hand.shanten_detail",
            args,
            kwargs,
        ))
    }
    /// Pickle and copy support: `(regular, chiitoitsu, kokushi)` as plain data, rebuilt by
    /// `_from_state` (the minimum is derived again).
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (DetailState,))> {
        let d = slf.get().0;
        Ok((
            slf.get_type().getattr("_from_state")?,
            ((d.regular, d.chiitoitsu, d.kokushi),),
        ))
    }
    /// Rebuild a pickled detail (private: the inverse of `__reduce__`). Refuses, with a
    /// `RiichiError` naming the value, a shanten out of its form's range (regular -1..=8,
    /// chiitoitsu -1..=6, kokushi -1..=13) or only one of chiitoitsu and kokushi given
    /// (both apply to the same hands).
    #[staticmethod]
    fn _from_state(state: &Bound<'_, PyAny>) -> PyResult<Self> {
        let what = "ShantenDetail";
        let (regular, chiitoitsu, kokushi) = state
            .extract::<DetailState>()
            .map_err(|_| bad_state(what, state, "expected (regular, chiitoitsu, kokushi)"))?;
        let range = |name: &str, v: i8, max: i8| -> PyResult<()> {
            if (-1..=max).contains(&v) {
                Ok(())
            } else {
                let why = format!("{name} shanten {v} is out of -1..={max}");
                Err(bad_state(what, state, &why))
            }
        };
        range("regular", regular, 8)?;
        match (chiitoitsu, kokushi) {
            (Some(c), Some(k)) => {
                range("chiitoitsu", c, 6)?;
                range("kokushi", k, 13)?;
            }
            (None, None) => {}
            _ => {
                let why = "chiitoitsu and kokushi apply to the same hands: both or neither";
                return Err(bad_state(what, state, why));
            }
        }
        let minimum = regular
            .min(chiitoitsu.unwrap_or(i8::MAX))
            .min(kokushi.unwrap_or(i8::MAX));
        Ok(PyShantenDetail(ShantenDetail {
            regular,
            chiitoitsu,
            kokushi,
            minimum,
        }))
    }
    /// Regular form (melds and a pair).
    #[getter]
    fn regular(&self) -> i8 {
        self.0.regular
    }
    /// Seven pairs, or None.
    #[getter]
    fn chiitoitsu(&self) -> Option<i8> {
        self.0.chiitoitsu
    }
    /// Thirteen orphans, or None.
    #[getter]
    fn kokushi(&self) -> Option<i8> {
        self.0.kokushi
    }
    /// The minimum over the forms that apply.
    #[getter]
    fn minimum(&self) -> i8 {
        self.0.minimum
    }
    fn __repr__(&self) -> String {
        let opt = |x: Option<i8>| x.map_or("None".to_owned(), |v| v.to_string());
        format!(
            "ShantenDetail(regular={}, chiitoitsu={}, kokushi={}, minimum={})",
            self.0.regular,
            opt(self.0.chiitoitsu),
            opt(self.0.kokushi),
            self.0.minimum
        )
    }
}

/// Improving draws: tile kinds (ascending), live copies of each, their total, and the
/// shanten before the draw.
///
/// Held as a kind mask and 34 live counts (no allocation); `tiles` and `counts` list
/// them when asked.
///
/// Compared by value; pickles and copies to an equal `Ukeire`.
#[pyclass(name = "Ukeire", module = "riichi._core", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyUkeire(DrawMask);

/// The pickled state of a [`DrawMask`]: the shanten, the improving kinds (ascending) and
/// the live copies of each.
type DrawState = (i8, Vec<u8>, Vec<u8>);

fn draw_state(u: &DrawMask) -> DrawState {
    (
        u.shanten,
        u.kinds().map(|k| k as u8).collect(),
        u.kinds().map(|k| u.live[k]).collect(),
    )
}

/// The [`DrawMask`] of a pickled state, or why it is none: the shanten must be -1..=13,
/// the kinds strictly ascending in 0..=33, one live count 0..=4 for each.
fn draw_of_state((shanten, kinds, live): DrawState) -> Result<DrawMask, String> {
    if !(-1..=13).contains(&shanten) {
        return Err(format!("shanten {shanten} is out of -1..=13"));
    }
    if kinds.len() != live.len() {
        return Err(format!(
            "{} tile kinds but {} live counts",
            kinds.len(),
            live.len()
        ));
    }
    let mut d = DrawMask {
        shanten,
        mask: 0,
        live: [0; 34],
        total: 0,
    };
    let mut last: Option<u8> = None;
    for (&k, &n) in kinds.iter().zip(&live) {
        if k > 33 || last.is_some_and(|l| l >= k) {
            return Err(format!(
                "tile kinds {kinds:?} are not strictly ascending in 0..=33"
            ));
        }
        if n > 4 {
            return Err(format!("{n} live copies of kind {k} (at most 4)"));
        }
        last = Some(k);
        d.mask |= 1 << k;
        d.live[usize::from(k)] = n;
        d.total += u32::from(n);
    }
    Ok(d)
}

/// The pickled state of a `DiscardOption`: the kind, whether it is red and the ukeire.
type DiscardState = (u8, bool, DrawState);

/// The error for a pickled state that is refused.
fn bad_state(what: &str, state: &Bound<'_, PyAny>, why: &str) -> PyErr {
    Error::InvalidArgument {
        name: "state",
        reason: format!(
            "not a pickled {what} state: {why}: {}",
            crate::py::errors::shown(state)
        ),
    }
    .into()
}

/// `"12 tiles: 14m25p"`: the total and the kinds in mpsz.
fn short(u: &DrawMask) -> String {
    let mut c = [0u8; 34];
    for k in u.kinds() {
        c[k] = 1;
    }
    format!(
        "{} tiles: {}",
        u.total,
        notation::format_counts(&c, [0, 0, 0])
    )
}

#[pymethods]
impl PyUkeire {
    /// A `Ukeire` is a result of riichi.ukeire or Hand.ukeire, not built by calling the class:
    /// always raises `RiichiError` saying so.
    #[new]
    #[pyo3(signature = (*args, **kwargs))]
    fn new(
        args: &Bound<'_, pyo3::types::PyTuple>,
        kwargs: Option<&Bound<'_, pyo3::types::PyDict>>,
    ) -> PyResult<Self> {
        Err(crate::py::tiles::result_class_called(
            "Ukeire",
            "riichi.ukeire or Hand.ukeire",
            args,
            kwargs,
        ))
    }
    /// Pickle and copy support: `(shanten, kinds, live counts)` as plain data, rebuilt by
    /// `_from_state`.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (DrawState,))> {
        Ok((
            slf.get_type().getattr("_from_state")?,
            (draw_state(&slf.get().0),),
        ))
    }
    /// Rebuild a pickled ukeire (private: the inverse of `__reduce__`). Refuses, with a
    /// `RiichiError`, a shanten out of -1..=13, kinds not strictly ascending in 0..=33, a
    /// live count above 4 or a count per kind missing.
    #[staticmethod]
    fn _from_state(state: &Bound<'_, PyAny>) -> PyResult<Self> {
        let s = state
            .extract::<DrawState>()
            .map_err(|_| bad_state("Ukeire", state, "expected (shanten, kinds, counts)"))?;
        draw_of_state(s)
            .map(PyUkeire)
            .map_err(|why| bad_state("Ukeire", state, &why))
    }
    /// Improving tile kinds (0..=33, each a `riichi.TileKind`), ascending.
    #[getter]
    fn tiles(&self, py: Python<'_>) -> PyResult<Vec<Py<PyAny>>> {
        self.0
            .kinds()
            .map(|k| tile_kind(py, Tile::from_index(k), false))
            .collect()
    }
    /// Live copies of each kind in `tiles` (may be 0 when all are visible).
    #[getter]
    fn counts(&self) -> Vec<u32> {
        self.0.kinds().map(|k| u32::from(self.0.live[k])).collect()
    }
    /// Sum of `counts`.
    #[getter]
    fn total(&self) -> u32 {
        self.0.total
    }
    /// Shanten of the hand before the draw.
    #[getter]
    fn shanten(&self) -> i8 {
        self.0.shanten
    }
    fn __len__(&self) -> usize {
        self.0.len()
    }
    fn __repr__(&self) -> String {
        format!("Ukeire(shanten={}, {})", self.0.shanten, short(&self.0))
    }
}

/// One discard: the tile kind, the shanten after it and the ukeire after it.
///
/// Rows are per tile kind. When the hand holds both a red five and a plain five of a suit,
/// the row is for the plain five (same shanten and ukeire, and the red five's dora stays);
/// when every copy of that five in the hand is red, the row discards the red five and
/// `red` is True.
///
/// Compared by value; pickles and copies to an equal `DiscardOption`.
#[pyclass(name = "DiscardOption", module = "riichi._core", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyDiscard(Tile, DrawMask, bool);

#[pymethods]
impl PyDiscard {
    /// A `DiscardOption` is a result of riichi.discards or Hand.discards, not built by calling the class:
    /// always raises `RiichiError` saying so.
    #[new]
    #[pyo3(signature = (*args, **kwargs))]
    fn new(
        args: &Bound<'_, pyo3::types::PyTuple>,
        kwargs: Option<&Bound<'_, pyo3::types::PyDict>>,
    ) -> PyResult<Self> {
        Err(crate::py::tiles::result_class_called(
            "DiscardOption",
            "riichi.discards or Hand.discards",
            args,
            kwargs,
        ))
    }
    /// Pickle and copy support: `(kind, red, (shanten, kinds, live counts))` as plain data,
    /// rebuilt by `_from_state`.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (DiscardState,))> {
        let d = slf.get();
        Ok((
            slf.get_type().getattr("_from_state")?,
            ((d.0.index() as u8, d.2, draw_state(&d.1)),),
        ))
    }
    /// Rebuild a pickled discard option (private: the inverse of `__reduce__`). Refuses,
    /// with a `RiichiError`, a kind out of 0..=33, `red` on a kind other than 5m, 5p or
    /// 5s, and a bad ukeire state (as `Ukeire._from_state`).
    #[staticmethod]
    fn _from_state(state: &Bound<'_, PyAny>) -> PyResult<Self> {
        let what = "DiscardOption";
        let (kind, red, draws) = state
            .extract::<DiscardState>()
            .map_err(|_| bad_state(what, state, "expected (kind, red, ukeire state)"))?;
        if kind > 33 {
            return Err(bad_state(what, state, &format!("kind {kind} (0..=33)")));
        }
        let tile = Tile::from_index(usize::from(kind));
        if red && (tile.is_honor() || tile.number() != 5) {
            return Err(bad_state(what, state, &format!("no red {tile}")));
        }
        let d = draw_of_state(draws).map_err(|why| bad_state(what, state, &why))?;
        Ok(PyDiscard(tile, d, red))
    }
    /// The tile kind discarded: a `riichi.TileKind` (an `int` 0..=33 whose text is mpsz
    /// and whose `red` is this option's `red`).
    #[getter]
    fn tile(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        tile_kind(py, self.0, self.2)
    }
    /// Shanten after the discard.
    #[getter]
    fn shanten(&self) -> i8 {
        self.1.shanten
    }
    /// Ukeire after the discard.
    #[getter]
    fn ukeire(&self) -> PyUkeire {
        PyUkeire(self.1)
    }
    /// True when the tile discarded is a red five (the hand holds no plain copy of it).
    #[getter]
    fn red(&self) -> bool {
        self.2
    }
    fn __repr__(&self) -> String {
        format!(
            "DiscardOption(tile={}, shanten={}, ukeire={})",
            notation::format_tile(self.0, self.2),
            self.1.shanten,
            short(&self.1)
        )
    }
}

/// A new result object that the cycle collector does not track. Every `#[pyclass]` is
/// created tracked, but these results are frozen and hold no Python object, so they can
/// be part of no reference cycle (CPython untracks its own tuples and dicts of atomic
/// values for the same reason): untracked, a collection never visits them, which for a
/// discard table of fourteen options costs more than computing it.
pub(crate) fn untracked<'py, T>(py: Python<'py>, value: T) -> PyResult<Bound<'py, T>>
where
    T: pyo3::PyClass + Into<pyo3::PyClassInitializer<T>>,
{
    let obj = Bound::new(py, value)?;
    // SAFETY: `obj` is a live object of a garbage-collected type (every pyclass is one),
    // owned here and not yet seen by any other code. Untracking only unlinks it from the
    // collector's list; its dealloc untracks again, a no-op on an untracked object.
    unsafe { pyo3::ffi::PyObject_GC_UnTrack(obj.as_ptr().cast()) };
    Ok(obj)
}

/// A list of new untracked result objects ([`untracked`]).
pub(crate) fn untracked_list<'py, T>(
    py: Python<'py>,
    values: Vec<T>,
) -> PyResult<Bound<'py, PyList>>
where
    T: pyo3::PyClass + Into<pyo3::PyClassInitializer<T>>,
{
    let list = PyList::empty(py);
    for v in values {
        list.append(untracked(py, v)?)?;
    }
    Ok(list)
}

/// The tile set to analyse for: None (four players), 3 or 4, or a `riichi.Rules`
/// (anything with an int `num_players`, read once).
pub(crate) fn players_arg(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Players> {
    let Some(obj) = obj else {
        return Ok(Players::Four);
    };
    if obj.is_none() {
        return Ok(Players::Four);
    }
    let bad = || {
        PyErr::from(Error::InvalidArgument {
            name: "players",
            reason: format!(
                "expected 3, 4, None or a riichi.Rules, got {}",
                crate::py::errors::shown(obj)
            ),
        })
    };
    let n = if let Ok(i) = obj.cast_exact::<PyInt>() {
        i.extract::<i64>().map_err(|_| bad())?
    } else if let Ok(n) = obj.getattr("num_players") {
        if !n.is_exact_instance_of::<PyInt>() {
            return Err(bad());
        }
        n.extract::<i64>().map_err(|_| bad())?
    } else {
        return Err(bad());
    };
    Ok(Players::from_count(n)?)
}

/// Visible tiles: None, mpsz text, a list of `riichi.TileKind`, or 34 counts.
pub(crate) fn visible_counts(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Counts> {
    let Some(obj) = obj else {
        return Ok([0; 34]);
    };
    if obj.is_none() {
        return Ok([0; 34]);
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(notation::parse_counts(&crate::py::errors::utf8(s, "visible")?)?.0);
    }
    let c = match sequence_items(obj, "visible") {
        Some(Ok(Items::Ints(v))) => counts_from_vec(&v)?,
        Some(Ok(Items::Tiles(c, _red))) => return Ok(c), // at most 4 copies each: checked
        Some(Err(e)) => return Err(e),
        None => {
            return Err(Error::InvalidArgument {
                name: "visible",
                reason: format!(
                    "expected None, mpsz text, a list of riichi.TileKind or 34 counts, got {}",
                    crate::py::errors::shown(obj)
                ),
            }
            .into())
        }
    };
    if let Some(k) = c.iter().position(|&x| x > 4) {
        return Err(Error::TooManyCopies {
            tile: Tile::from_index(k),
            count: u32::from(c[k]),
        }
        .into());
    }
    Ok(c)
}

/// Where CPython keeps its cached ints 0..=4: the address of 0 and the distance between
/// consecutive ones as a shift (they sit in one static array, so int `v` is at
/// `zero + v << shift`), or None when that layout does not hold (checked once).
#[cfg(not(feature = "abi3"))]
fn small_int_layout(py: Python<'_>) -> Option<(usize, u32)> {
    static LAYOUT: PyOnceLock<Option<(usize, u32)>> = PyOnceLock::new();
    *LAYOUT.get_or_init(py, || {
        let ptrs: Vec<usize> = (0u8..=4)
            .map(|v| v.into_pyobject(py).map_or(0, |o| o.as_ptr() as usize))
            .collect();
        let stride = ptrs[1].checked_sub(ptrs[0])?;
        if !stride.is_power_of_two() {
            return None;
        }
        let shift = stride.trailing_zeros();
        let ok = ptrs
            .iter()
            .enumerate()
            .all(|(v, &p)| p == ptrs[0] + (v << shift));
        ok.then_some((ptrs[0], shift))
    })
}

/// Fast path for the common single-call input, a list or tuple of 34 small ints:
/// CPython caches the ints 0..=4 as singletons in one array, so each item is matched
/// by its address, with no reference counting and no conversion. Anything else (other
/// ints, other types, other lengths) returns None and takes the general, fully
/// checked path.
fn small_counts(obj: &Bound<'_, PyAny>) -> Option<Counts> {
    #[cfg(feature = "abi3")]
    return small_counts_abi3(obj);
    #[cfg(not(feature = "abi3"))]
    {
        let (zero, shift) = small_int_layout(obj.py())?;
        let p = obj.as_ptr();
        // SAFETY: `p` is a live object (we hold a reference through `obj`, with the GIL).
        // Exact list and tuple checks come first; for a list of length 34 (read once) its
        // `ob_item` holds 34 valid borrowed pointers, and nothing runs between the length
        // check and the reads that could resize it (no Python code, GIL held). Items are
        // only compared as addresses, never dereferenced.
        unsafe {
            let items: *const *mut pyo3::ffi::PyObject = if pyo3::ffi::PyList_CheckExact(p) != 0 {
                if pyo3::ffi::PyList_GET_SIZE(p) != 34 {
                    return None;
                }
                (*(p as *mut pyo3::ffi::PyListObject)).ob_item
            } else if pyo3::ffi::PyTuple_CheckExact(p) != 0 {
                if pyo3::ffi::PyTuple_GET_SIZE(p) != 34 {
                    return None;
                }
                (*(p as *mut pyo3::ffi::PyTupleObject)).ob_item.as_ptr()
            } else {
                return None;
            };
            small_int_counts(items, zero, shift)
        }
    }
}

/// The counts of 34 item pointers that are all CPython's cached ints 0..=4 (see
/// [`small_int_layout`] for `zero` and `shift`), or None if any is not.
///
/// Each item's distance from the cached 0 is its value shifted by `shift` exactly when the
/// item is one of the cached ints 0..=7; any other object (below 0, beyond 7, or not on
/// the stride) sets a bit outside that field. Values 5..=7 are then refused by count.
/// Two items at a time in SSE2 (every x86-64 has it): about 90 instructions for the 34,
/// a third of a loop over them.
///
/// # Safety
/// `items` points to 34 readable pointers (they are only compared and subtracted as
/// addresses, never dereferenced).
#[cfg(all(not(feature = "abi3"), target_arch = "x86_64"))]
unsafe fn small_int_counts(
    items: *const *mut pyo3::ffi::PyObject,
    zero: usize,
    shift: u32,
) -> Option<Counts> {
    use std::arch::x86_64::*;
    let mut c = [0u8; 34];
    // SAFETY: 17 unaligned 16-byte loads cover the 34 pointers the caller vouches for;
    // the stores write the 34 bytes of `c` (two 16-byte stores and two bytes).
    unsafe {
        let z = _mm_set1_epi64x(zero as i64);
        let outside = _mm_set1_epi64x(!(7u64 << shift) as i64);
        let by = _mm_cvtsi32_si128(shift as i32);
        let p = items.cast::<__m128i>();
        let mut bad = _mm_setzero_si128();
        let mut values = |j: usize| {
            let d = _mm_sub_epi64(_mm_loadu_si128(p.add(j)), z);
            bad = _mm_or_si128(bad, _mm_and_si128(d, outside));
            // two values 0..=7 in the low dwords of the two lanes: moved to dwords 0, 1
            _mm_shuffle_epi32::<0b10_00_10_00>(_mm_srl_epi64(d, by))
        };
        let mut over = _mm_setzero_si128();
        for half in 0..2 {
            let j = 8 * half;
            let a = _mm_unpacklo_epi64(values(j), values(j + 1));
            let b = _mm_unpacklo_epi64(values(j + 2), values(j + 3));
            let e = _mm_unpacklo_epi64(values(j + 4), values(j + 5));
            let f = _mm_unpacklo_epi64(values(j + 6), values(j + 7));
            let bytes = _mm_packus_epi16(_mm_packs_epi32(a, b), _mm_packs_epi32(e, f));
            over = _mm_or_si128(over, _mm_subs_epu8(bytes, _mm_set1_epi8(4)));
            _mm_storeu_si128(c.as_mut_ptr().add(16 * half).cast(), bytes);
        }
        let last = values(16);
        let low = _mm_cvtsi128_si32(last) as u32 as u64;
        let high = _mm_cvtsi128_si32(_mm_srli_si128::<4>(last)) as u32 as u64;
        c[32] = low as u8;
        c[33] = high as u8;
        let all = _mm_or_si128(bad, over);
        if _mm_movemask_epi8(_mm_cmpeq_epi8(all, _mm_setzero_si128())) != 0xFFFF
            || low > 4
            || high > 4
        {
            return None;
        }
    }
    Some(c)
}

/// [`small_int_counts`] item by item, where SSE2 is not a given.
///
/// # Safety
/// As [`small_int_counts`].
#[cfg(all(not(feature = "abi3"), not(target_arch = "x86_64")))]
unsafe fn small_int_counts(
    items: *const *mut pyo3::ffi::PyObject,
    zero: usize,
    shift: u32,
) -> Option<Counts> {
    let mut c = [0u8; 34];
    let mut top = 0usize;
    for (i, slot) in c.iter_mut().enumerate() {
        // the distance from the cached 0, rotated by the stride: v for the cached int v;
        // anything that is not an exact multiple (its low bits rotate to the top) or lies
        // below 0 or beyond 4 gives a value above 4
        // SAFETY: the caller vouches for 34 readable pointers
        let v = (unsafe { *items.add(i) } as usize)
            .wrapping_sub(zero)
            .rotate_right(shift);
        top = top.max(v);
        *slot = v as u8;
    }
    (top <= 4).then_some(c)
}

/// [`small_counts`] for the abi3 build: the limited API has neither the list's item array
/// nor inline item access, and its safe iterators pay a size call and a reference count per
/// item (about 1,800 instructions for 34 items: +60% on a single `shanten(list)` call). The
/// 34 items of an exact list or tuple are read as borrowed pointers and only compared by
/// address with the cached ints 0..=4.
#[cfg(feature = "abi3")]
fn small_counts_abi3(obj: &Bound<'_, PyAny>) -> Option<Counts> {
    use pyo3::types::{PyList, PyTuple};
    static SMALL: PyOnceLock<[Py<PyAny>; 5]> = PyOnceLock::new();
    let py = obj.py();
    let small = SMALL.get_or_init(py, || {
        [0u8, 1, 2, 3, 4].map(|v| {
            v.into_pyobject(py)
                .map_or_else(|_| py.None(), |o| o.into_any().unbind())
        })
    });
    let ptrs = [0, 1, 2, 3, 4].map(|i| small[i].as_ptr());
    let list = if let Ok(list) = obj.cast_exact::<PyList>() {
        if list.len() != 34 {
            return None;
        }
        true
    } else if let Ok(tuple) = obj.cast_exact::<PyTuple>() {
        if tuple.len() != 34 {
            return None;
        }
        false
    } else {
        return None;
    };
    let seq = obj.as_ptr();
    let mut c = [0u8; 34];
    for (i, slot) in c.iter_mut().enumerate() {
        let i = i as pyo3::ffi::Py_ssize_t;
        // SAFETY: `seq` is a live exact list or tuple (checked above, held bound by `obj`)
        // of 34 items (checked above), and the GIL is held with no Python code run in
        // between, so index `i` is in range and nothing can resize it. The item pointer
        // returned is borrowed and never dereferenced or kept: it is only compared.
        let p = unsafe {
            if list {
                pyo3::ffi::PyList_GetItem(seq, i)
            } else {
                pyo3::ffi::PyTuple_GetItem(seq, i)
            }
        };
        *slot = ptrs.iter().position(|&q| q == p)? as u8;
    }
    Some(c)
}

/// True once `numpy` is in `sys.modules`. Until then no object can be an ndarray, and
/// asking (a cast to `PyArray1`) would import NumPy: tens of milliseconds that
/// `riichi.shanten("...")` on text or lists must not pay.
fn numpy_loaded(py: Python<'_>) -> bool {
    static LOADED: AtomicBool = AtomicBool::new(false);
    if LOADED.load(Ordering::Relaxed) {
        return true;
    }
    let loaded = py
        .import("sys")
        .and_then(|sys| sys.getattr("modules"))
        .and_then(|m| m.contains("numpy"))
        .unwrap_or(true);
    if loaded {
        LOADED.store(true, Ordering::Relaxed);
    }
    loaded
}

/// A 1-D NumPy integer array read through its buffer (the sequence protocol would
/// create one NumPy scalar per item); None for anything else.
fn numpy_counts(obj: &Bound<'_, PyAny>) -> Option<PyResult<Counts>> {
    if obj.is_instance_of::<PyString>() || !numpy_loaded(obj.py()) {
        return None;
    }
    macro_rules! try_dtype {
        ($($t:ty),*) => {$(
            if let Ok(a) = obj.cast::<PyArray1<$t>>() {
                let v: Vec<i64> = match a.try_readonly() {
                    Ok(r) => r.as_array().iter().map(|&x| x as i64).collect(),
                    Err(_) => return None,
                };
                return Some(counts_from_vec(&v).map_err(PyErr::from).and_then(|c| {
                    crate::hand::check_counts(&c)?;
                    Ok(c)
                }));
            }
        )*};
    }
    try_dtype!(u8, i64, i32, u16, i16, i8, u32, u64);
    None
}

/// [`extract_hand_like`] with the fast paths above.
pub(crate) fn hand_like(obj: &Bound<'_, PyAny>) -> PyResult<HandLike> {
    if let Some(c) = small_counts(obj) {
        return Ok(HandLike::Counts(c, [0; 3]));
    }
    if let Some(c) = numpy_counts(obj) {
        return Ok(HandLike::Counts(c?, [0; 3]));
    }
    extract_hand_like(obj)
}

fn shanten_of(h: &HandLike, players: Players) -> PyResult<i8> {
    Ok(match h {
        HandLike::Hand(h) => shanten::hand_shanten_detail_for(h, players)?.minimum,
        HandLike::Counts(c, _) => shanten::row_shanten_for(c, Form::Minimum, players)?,
    })
}

fn ukeire_of(h: &HandLike, visible: &Counts, players: Players) -> PyResult<PyUkeire> {
    Ok(PyUkeire(match h {
        HandLike::Hand(h) => ukeire::hand_ukeire_mask_for(h, visible, players)?,
        HandLike::Counts(c, _) => ukeire::ukeire_mask_for(c, visible, players)?,
    }))
}

fn discards_of(h: &HandLike, visible: &Counts, players: Players) -> PyResult<Vec<PyDiscard>> {
    // the row of a five is its red five when every copy of that five held is red
    let only_red = |concealed: &Counts, red: &[u8; 3], tile: Tile| {
        let k = tile.index();
        k < 27 && k % 9 == 4 && red[k / 9] > 0 && concealed[k] == red[k / 9]
    };
    Ok(match h {
        HandLike::Hand(h) => ukeire::hand_discard_masks_for(h, visible, players)?
            .into_iter()
            .map(|(tile, d)| PyDiscard(tile, d, only_red(h.concealed(), &h.red(), tile)))
            .collect(),
        HandLike::Counts(c, red) => ukeire::discard_masks_for(c, visible, players)?
            .into_iter()
            .map(|(tile, d)| PyDiscard(tile, d, only_red(c, red, tile)))
            .collect(),
    })
}

/// Shanten: the fewest tiles to draw to complete the hand, minus one.
///
/// The minimum over the regular form, chiitoitsu and kokushi (the latter two only for
/// closed 13/14-tile hands). Exact: a complete hand needing a fifth copy of a kind (or
/// more than 4 minus the copies in the player's own melds) does not count, so
/// `123456789m1111z` is 1-shanten (definition of the `xiangting` package).
///
/// A red five counts as its five here and in `shanten_detail`, `ukeire` and `waits`, on
/// purpose: its colour changes no shanten, no improving kind and no wait (those are tile
/// kinds, and a red five drawn is that five); `discards` keeps it (its `red` rows).
///
/// Args:
///     hand: a `Hand`; mpsz text (`"123m456p789s1122z"`, melds after spaces); a list
///         (or any sequence) of tiles, every item a `riichi.TileKind`
///         (`riichi.parse_tiles("123m406p789s1122z")`: answered as that text is; text
///         and tiles keep their red fives for `discards`); or 34 counts per tile kind, plain ints (a sequence is read as tiles
///         when its first item is a `TileKind`, as counts when it is an int, and a mix is
///         refused). Bare counts (and tiles or text without melds) of n tiles,
///         n % 3 in {1, 2}, n <= 14, imply (14 - n) // 3 called melds of unknown tiles.
///
///     players: the tile set: None or 4 (all 34 kinds), 3 (three-player mahjong: no
///         2m-8m, so 1m and 9m only pair and triplet, as `xiangting`'s
///         `PlayerCount.THREE`), or a `riichi.Rules` (its `num_players`).
///
/// Returns:
///     int: -1 for a complete hand, 0 for tenpai, 1 for iishanten, ...
///
/// Raises:
///     InvalidHand: a kind above 4 copies, or a tile total not 1, 2, 4, ..., 13 or 14;
///         under 3 players a 2m-8m in the hand (naming the tile); a sequence mixing
///         `TileKind` items and ints, or holding an item that is neither (naming the
///         first such item and its index).
///     InvalidTile: bad mpsz text.
///     RiichiError: a counts sequence not of length 34, or a negative count; a
///         `players` other than 3, 4, None or a Rules.
#[pyfunction(name = "shanten")]
#[pyo3(signature = (hand, players = None))]
fn py_shanten(hand: &Bound<'_, PyAny>, players: Option<&Bound<'_, PyAny>>) -> PyResult<i8> {
    let players = players_arg(players)?;
    if let Some(c) = small_counts(hand) {
        return Ok(shanten::row_shanten_for(&c, Form::Minimum, players)?);
    }
    shanten_of(&hand_like(hand)?, players)
}

/// Shanten of each form: `ShantenDetail(regular, chiitoitsu, kokushi, minimum)`.
///
/// `chiitoitsu` and `kokushi` are None for a hand with melds or fewer than 13
/// concealed tiles. Arguments and errors as `shanten`.
#[pyfunction(name = "shanten_detail")]
#[pyo3(signature = (hand, players = None))]
fn py_shanten_detail(
    hand: &Bound<'_, PyAny>,
    players: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyShantenDetail> {
    let players = players_arg(players)?;
    Ok(PyShantenDetail(match hand_like(hand)? {
        HandLike::Hand(h) => shanten::hand_shanten_detail_for(&h, players)?,
        HandLike::Counts(c, _) => shanten::shanten_detail_for(&c, players)?,
    }))
}

/// Ukeire of a hand of 3n + 1 tiles: the tile kinds whose draw lowers shanten.
///
/// A kind counts when one more concealed copy lowers the shanten (minimum over forms)
/// and the player holds fewer than 4 copies (concealed and melded). Its live count is
/// `4 - own copies - visible[kind]`; an improving kind with no live copy is listed with 0.
/// The tiles are kinds: a red five in the hand or in `visible` counts as its five (see
/// `shanten`), and a red five drawn is a draw of the five listed.
///
/// Args:
///     hand: as `shanten` (a 13-tile `Hand`, or 3n + 1 tiles).
///     visible: tiles the player sees elsewhere (discards, others' melds, dora
///         indicators): None, mpsz text, a list of `riichi.TileKind` or 34 counts
///         (a mix of tiles and ints is a `RiichiError` naming the first odd item and
///         its index). The player's own tiles are
///         subtracted automatically; do not include them.
///     players: as `shanten`; under 3 players 2m-8m are never improving draws.
///
/// Returns:
///     Ukeire: `tiles` (kinds, ascending), `counts` (live per tile), `total`, `shanten`.
///
/// Raises:
///     InvalidHand: as `shanten`; a 3n + 2 hand (use `discards`); own plus visible
///         copies of a kind above 4 (naming the kind); under 3 players a 2m-8m in the
///         hand or in `visible`.
#[pyfunction(name = "ukeire")]
#[pyo3(signature = (hand, visible = None, players = None))]
fn py_ukeire<'py>(
    hand: &Bound<'py, PyAny>,
    visible: Option<&Bound<'_, PyAny>>,
    players: Option<&Bound<'_, PyAny>>,
) -> PyResult<Bound<'py, PyUkeire>> {
    let players = players_arg(players)?;
    let u = ukeire_of(&hand_like(hand)?, &visible_counts(visible)?, players)?;
    untracked(hand.py(), u)
}

/// Discard table of a hand of 3n + 2 tiles.
///
/// Each distinct concealed kind with the shanten and ukeire after discarding it, by
/// shanten ascending, then ukeire total descending, then tile kind. Live counts
/// subtract all 14 tiles: the discarded copy lies in the pond and is not live.
///
/// A hand whose only copies of a five are red (a `Hand`, mpsz text such as
/// `"406p11222z"` or a list of `riichi.TileKind`, of any length) gives that five's row as
/// the red five (`red` True, tile `0m`/`0p`/`0s`); 34 counts carry no colour, so their
/// rows are plain fives.
///
/// Args:
///     hand: as `shanten` (a 14-tile `Hand`, or 3n + 2 tiles).
///     visible: as `ukeire`.
///     players: as `ukeire`.
///
/// Returns:
///     list[DiscardOption]: `DiscardOption(tile, shanten, ukeire)`.
///
/// Raises:
///     InvalidHand: as `ukeire`, with a 3n + 1 hand refused.
#[pyfunction(name = "discards")]
#[pyo3(signature = (hand, visible = None, players = None))]
fn py_discards<'py>(
    hand: &Bound<'py, PyAny>,
    visible: Option<&Bound<'_, PyAny>>,
    players: Option<&Bound<'_, PyAny>>,
) -> PyResult<Bound<'py, PyList>> {
    let players = players_arg(players)?;
    let d = discards_of(&hand_like(hand)?, &visible_counts(visible)?, players)?;
    untracked_list(hand.py(), d)
}

#[pymethods]
impl PyHand {
    /// Shanten (minimum over the forms that apply; melds cap the copies); `players`:
    /// None or 4, 3 (no 2m-8m), or a `riichi.Rules` (see `riichi.shanten`).
    #[pyo3(signature = (players = None))]
    fn shanten(&self, players: Option<&Bound<'_, PyAny>>) -> PyResult<i8> {
        match players_arg(players)? {
            Players::Four => Ok(shanten::hand_shanten(&self.0)),
            p => Ok(shanten::hand_shanten_detail_for(&self.0, p)?.minimum),
        }
    }
    /// Shanten of each form; `players` as `shanten`.
    #[pyo3(signature = (players = None))]
    fn shanten_detail(&self, players: Option<&Bound<'_, PyAny>>) -> PyResult<PyShantenDetail> {
        Ok(PyShantenDetail(shanten::hand_shanten_detail_for(
            &self.0,
            players_arg(players)?,
        )?))
    }
    /// Ukeire of a 13-tile hand; `visible`: None, mpsz text, tiles or 34 counts (as
    /// `riichi.ukeire`); `players` as
    /// `shanten`.
    #[pyo3(signature = (visible = None, players = None))]
    fn ukeire<'py>(
        &self,
        py: Python<'py>,
        visible: Option<&Bound<'_, PyAny>>,
        players: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyUkeire>> {
        let players = players_arg(players)?;
        let u = ukeire::hand_ukeire_mask_for(&self.0, &visible_counts(visible)?, players)?;
        untracked(py, PyUkeire(u))
    }
    /// Discard table of a 14-tile hand; `visible`: None, mpsz text, tiles or 34 counts;
    /// `players` as `shanten`.
    #[pyo3(signature = (visible = None, players = None))]
    fn discards<'py>(
        &self,
        py: Python<'py>,
        visible: Option<&Bound<'_, PyAny>>,
        players: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyList>> {
        let players = players_arg(players)?;
        let d = discards_of(
            &HandLike::Hand(self.0.clone()),
            &visible_counts(visible)?,
            players,
        )?;
        untracked_list(py, d)
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyShantenDetail>()?;
    m.add_class::<PyUkeire>()?;
    m.add_class::<PyDiscard>()?;
    m.add_function(wrap_pyfunction!(py_shanten, m)?)?;
    m.add_function(wrap_pyfunction!(py_shanten_detail, m)?)?;
    m.add_function(wrap_pyfunction!(py_ukeire, m)?)?;
    m.add_function(wrap_pyfunction!(py_discards, m)?)?;
    Ok(())
}
