//! Glue for tiles, notation, melds and hands.

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBytes, PyDict, PyInt, PyIterator, PyList, PyString, PyTuple, PyType};

use crate::error::Error;
use crate::hand::{self, Hand};
use crate::meld::Meld;
use crate::notation;
use crate::py::errors::{
    bool_arg, int_arg, int_list_arg, red_arg, shown, text_arg, utf8, wrong_type, InvalidHand,
    InvalidTile, RiichiError,
};
use crate::tile::{Counts, Tile};

/// A meld: chi, pon, daiminkan, ankan or kakan, with the seat it was called from.
#[pyclass(name = "Meld", module = "riichi._core", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyMeld(pub Meld);

/// The error of calling a result class (`riichi.Wait(...)`): results are made by the
/// analysis and scoring calls named in `made_by`, never by calling the class (Python's own
/// `TypeError`, "cannot create instances", named nothing).
pub(crate) fn result_class_called(
    class: &str,
    made_by: &str,
    args: &Bound<'_, PyTuple>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyErr {
    RiichiError::new_err(format!(
        "riichi.{class}({}): a {class} is a result of {made_by}, not built by calling the class",
        shown_call(args, kwargs)
    ))
}

/// The arguments of a call as they were given (`1, 'x', red=True`), cut at 200 characters:
/// for the errors of the classes that are not built by calling them.
fn shown_call(args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> String {
    let mut given: Vec<String> = args.iter().map(|a| shown(&a)).collect();
    if let Some(kw) = kwargs {
        given.extend(kw.iter().map(|(k, v)| format!("{k}={}", shown(&v))));
    }
    let given = given.join(", ");
    if given.chars().count() > 200 {
        format!("{}...", given.chars().take(200).collect::<String>())
    } else {
        given
    }
}

#[pymethods]
impl PyMeld {
    /// A `Meld` is not built by calling the class: always raises `RiichiError` naming its
    /// constructor, `Meld.parse("pon:555z@2")` (Python's own `TypeError`, "cannot create
    /// instances", named nothing).
    #[new]
    #[pyo3(signature = (*args, **kwargs))]
    fn new(args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        let given = shown_call(args, kwargs);
        Err(RiichiError::new_err(format!(
            "riichi.Meld({given}): a Meld is not built by calling the class; use \
             Meld.parse(\"pon:555z@2\") (kind:tiles@from), or the melds of a Hand"
        )))
    }
    /// Parse `kind:tiles[@from]`, e.g. `"chi:234s"`, `"pon:555z@2"`, `"ankan:9999m"`.
    ///
    /// `kind` is chi, pon, daiminkan (or minkan), ankan or kakan (or shouminkan); `tiles`
    /// mpsz (`0` a red five); `from` the discarder's turn-order offset 1..=3 (1 shimocha,
    /// 2 toimen, 3 kamicha; none for an ankan).
    ///
    /// Raises:
    ///     InvalidHand: tiles that are not that meld (e.g. a pon of different kinds, a
    ///         chi that is no run), naming the meld text.
    ///     InvalidTile: bad tile notation.
    ///     RiichiError: `text` is not a `str`.
    ///
    /// Example:
    ///     >>> m = riichi.Meld.parse("pon:555z@2")
    ///     >>> m.kind, str(m.tile), m.source, m.is_open
    ///     ('pon', '5z', 2, True)
    #[staticmethod]
    fn parse(text: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PyMeld(Meld::parse(&text_arg(text, "text")?)?))
    }
    /// Pickle and copy support: a meld is rebuilt from its text (`Meld.parse(str(meld))`).
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        Ok((slf.get_type().getattr("parse")?, (slf.get().0.to_string(),)))
    }
    /// `"chi"`, `"pon"`, `"daiminkan"`, `"ankan"` or `"kakan"`.
    #[getter]
    fn kind(&self) -> &'static str {
        self.0.kind().name()
    }
    /// Lowest tile kind of a chi, the tile kind of a set (a `riichi.TileKind`, 0..=33).
    #[getter]
    fn tile(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        tile_kind(py, self.0.tile(), false)
    }
    /// Tile kind taken from the discarder (the set's kind for an ankan), a `riichi.TileKind`.
    #[getter]
    fn called(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        tile_kind(py, self.0.called(), false)
    }
    /// Red fives in the meld.
    #[getter]
    fn red(&self) -> u8 {
        self.0.red()
    }
    /// Turn-order offset of the discarder: 1 shimocha, 2 toimen, 3 kamicha, 0 for an ankan.
    #[getter]
    fn source(&self) -> u8 {
        self.0.from()
    }
    /// The meld's tiles, ascending (3 or 4 `riichi.TileKind`): its `red` fives are red
    /// (`Meld.parse("pon:505s@1").tiles` is `[0s, 5s, 5s]`), a red five first as tiles sort.
    #[getter]
    fn tiles(&self, py: Python<'_>) -> PyResult<Vec<Py<PyAny>>> {
        let mut reds = self.0.red();
        self.0
            .tiles()
            .iter()
            .map(|&t| {
                let i = t.index();
                let red = reds > 0 && i < 27 && i % 9 == 4;
                reds -= u8::from(red);
                tile_kind(py, t, red)
            })
            .collect()
    }
    /// Whether the meld opens the hand (everything but an ankan).
    #[getter]
    fn is_open(&self) -> bool {
        self.0.is_open()
    }
    fn __str__(&self) -> String {
        self.0.to_string()
    }
    fn __repr__(&self) -> String {
        format!("Meld({:?})", self.0.to_string())
    }
}

/// A valid hand: concealed tiles with red fives, and melds (immutable and hashable).
///
/// A `Hand` that exists is valid: 13 or 14 tiles counting each meld as 3, at most 4 melds,
/// no fifth copy of a kind, no more red fives than fives. Build it with `Hand.parse(text)`
/// (mpsz, melds after spaces), `Hand.from_counts(counts, melds, red)` (34 counts) or
/// `Hand.from_ids(ids, melds, red_fives)` (physical tile ids 0..=135); each raises
/// `InvalidTile` / `InvalidHand` / `RiichiError` naming the bad value, and calling
/// `riichi.Hand(...)` itself raises `RiichiError` naming them. `len(hand)` counts the
/// concealed tiles; `str(hand)` is the canonical text `Hand.parse` reads back. The
/// analysis calls (`riichi.shanten`, `waits`, `ukeire`, `discards`, `decompose`) and
/// `riichi.score` take a `Hand` where they take text.
///
/// Example:
///     >>> h = riichi.Hand.parse("123m406p789s11z pon:222z")
///     >>> len(h), h.is_closed, h.red, str(h)
///     (11, False, (0, 1, 0), '123m406p789s11z pon:222z')
#[pyclass(name = "Hand", module = "riichi._core", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyHand(pub Hand);

#[pymethods]
impl PyHand {
    /// A `Hand` is not built by calling the class: always raises `RiichiError` naming the
    /// constructors, `Hand.parse(text)`, `Hand.from_counts(counts, melds, red)` and
    /// `Hand.from_ids(ids, melds, red_fives)` (a list of `riichi.TileKind` goes to the
    /// analysis calls as it is, or to `Hand.parse` as text: `"".join(map(str, tiles))`).
    #[new]
    #[pyo3(signature = (*args, **kwargs))]
    fn new(args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        let given = shown_call(args, kwargs);
        Err(RiichiError::new_err(format!(
            "riichi.Hand({given}): a Hand is not built by calling the class; use \
             Hand.parse(\"123m406p789s1122z\") for mpsz text (melds after spaces), \
             Hand.from_counts(counts, melds, red) for 34 counts or Hand.from_ids(ids, melds, \
             red_fives) for physical tile ids 0..135"
        )))
    }
    /// Parse mpsz text with optional melds after spaces: `"678m567p88s pon:111z kakan:2222z"`.
    ///
    /// The concealed tiles come first, as one group (`0` a red five); each meld as
    /// `Meld.parse` reads it: 13 or 14 tiles counting each meld as 3, at most 4 melds.
    ///
    /// Raises:
    ///     InvalidTile: bad notation, naming the character and its position.
    ///     InvalidHand: a fifth copy of a kind (melds included), another tile count, a
    ///         meld that is not one (naming it).
    ///     RiichiError: `text` is not a `str`.
    ///
    /// Example:
    ///     >>> h = riichi.Hand.parse("123m406p789s1122z")
    ///     >>> len(h), h.red, riichi.shanten(h)
    ///     (13, (0, 1, 0), 0)
    #[staticmethod]
    fn parse(text: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PyHand(Hand::parse(&text_arg(text, "text")?)?))
    }
    /// Pickle and copy support: a hand is rebuilt from its text (`Hand.parse(str(hand))`,
    /// melds and red fives included).
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        Ok((slf.get_type().getattr("parse")?, (slf.get().0.to_string(),)))
    }
    /// Build from 34 counts (plain ints; plain and red fives together), melds and red
    /// fives per suit.
    ///
    /// Raises:
    ///     RiichiError: `counts` not 34 plain ints 0..=4, or holding a `riichi.TileKind`
    ///         (a list of tiles is no counts: it goes to the analysis calls as it is);
    ///         `melds` not a sequence of `Meld`, `red` not three counts 0..=4.
    ///     InvalidHand: five copies of a kind, a tile count that is no hand, more red
    ///         fives than fives.
    #[staticmethod]
    #[pyo3(signature = (counts, melds = None, red = None))]
    fn from_counts(
        counts: &Bound<'_, PyAny>,
        melds: Option<&Bound<'_, PyAny>>,
        red: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let counts = counts_from_vec(&plain_ints_arg(counts, "counts")?)?;
        Ok(PyHand(Hand::new(
            counts,
            red_arg(red, "red")?,
            melds_arg(melds)?,
        )?))
    }
    /// Build from physical tile ids 0..=135 (`kind * 4 + copy`, as `Game.hand()` and the
    /// actions give them), melds, and the red fives per suit of the rules in force
    /// (`Rules.red_fives`, default one per suit: copies `0..red_fives[suit]` of a suit's five
    /// are red, so ids 16, 52 and 88 with the default).
    ///
    /// Raises:
    ///     InvalidTile: an id outside 0..=135 (its position named).
    ///     InvalidHand: an id given twice (both positions named), a tile count that is no
    ///         hand (13 or 14 tiles counting each meld as 3), five copies of a kind.
    ///     RiichiError: `ids` not a sequence of ints (a `riichi.TileKind` item is a kind,
    ///         not an id: refused naming it), `melds` not a sequence of `Meld`,
    ///         `red_fives` not three counts 0..=4.
    #[staticmethod]
    #[pyo3(signature = (ids, melds = None, red_fives = None))]
    fn from_ids(
        ids: &Bound<'_, PyAny>,
        melds: Option<&Bound<'_, PyAny>>,
        red_fives: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let ids = plain_ints_arg(ids, "ids")?;
        let rules_red = match red_fives {
            None => [1, 1, 1],
            Some(r) => red_arg(Some(r), "red_fives")?,
        };
        let (counts, red) = counts_of_ids(&ids, rules_red)?;
        Ok(PyHand(Hand::new(counts, red, melds_arg(melds)?)?))
    }
    /// Concealed tiles: 34 counts per kind (red fives included as fives).
    #[getter]
    fn concealed(&self) -> Vec<u32> {
        self.0.concealed().iter().map(|&c| u32::from(c)).collect()
    }
    /// Red fives among the concealed tiles: (man, pin, sou).
    #[getter]
    fn red(&self) -> (u8, u8, u8) {
        let r = self.0.red();
        (r[0], r[1], r[2])
    }
    /// The melds in the order called.
    #[getter]
    fn melds(&self) -> Vec<PyMeld> {
        self.0.melds().iter().map(|m| PyMeld(*m)).collect()
    }
    /// True when no meld is open (an ankan keeps the hand closed).
    #[getter]
    fn is_closed(&self) -> bool {
        self.0.is_closed()
    }
    /// True for 14 tiles counting each meld as 3 (the hand must discard, or is complete).
    #[getter]
    fn is_full(&self) -> bool {
        self.0.is_full()
    }
    /// Number of concealed tiles.
    fn __len__(&self) -> usize {
        self.0.concealed_len()
    }
    fn __str__(&self) -> String {
        self.0.to_string()
    }
    fn __repr__(&self) -> String {
        format!("Hand({:?})", self.0.to_string())
    }
}

/// `melds`: None or a sequence of `riichi.Meld`.
pub(crate) fn melds_arg(melds: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<Meld>> {
    let mut ms = Vec::new();
    if let Some(melds) = melds {
        let expected = "a sequence of riichi.Meld";
        if melds.is_instance_of::<PyString>() {
            return Err(wrong_type("melds", expected, melds));
        }
        for item in melds
            .try_iter()
            .map_err(|_| wrong_type("melds", expected, melds))?
        {
            let item = item?;
            let m = item
                .cast::<PyMeld>()
                .map_err(|_| wrong_type("melds", expected, &item))?;
            ms.push(m.get().0);
        }
    }
    Ok(ms)
}

/// 34 counts and red fives per suit from physical ids (`kind * 4 + copy`); copies
/// `0..red_fives[suit]` of a suit's five are red. An id out of range is `InvalidTile`, an id
/// given twice `InvalidHand`, each naming the id and its position.
fn counts_of_ids(ids: &[i64], red_fives: [u8; 3]) -> PyResult<(Counts, [u8; 3])> {
    let mut seen = [usize::MAX; 136];
    let mut counts = [0u8; 34];
    let mut red = [0u8; 3];
    for (i, &id) in ids.iter().enumerate() {
        if !(0..=135).contains(&id) {
            return Err(InvalidTile::new_err(format!(
                "invalid ids: item {i}: tile id {id} is out of range 0..=135"
            )));
        }
        let id = id as usize;
        if seen[id] != usize::MAX {
            return Err(InvalidHand::new_err(format!(
                "invalid ids: tile id {id} ({}) is given twice, at items {} and {i}",
                Tile::from_index(id / 4),
                seen[id]
            )));
        }
        seen[id] = i;
        let kind = id / 4;
        counts[kind] += 1;
        if kind < 27 && kind % 9 == 4 && ((id % 4) as u8) < red_fives[kind / 9] {
            red[kind / 9] += 1;
        }
    }
    Ok((counts, red))
}

/// The interned `riichi.tiles.TileKind` of `tile` (an `int` whose text is mpsz; `red` only
/// for a suited five): every tile kind a public value returns goes through here, so that a
/// tile is one type everywhere.
pub fn tile_kind(py: Python<'_>, tile: Tile, red: bool) -> PyResult<Py<PyAny>> {
    static TABLE: PyOnceLock<Py<PyTuple>> = PyOnceLock::new();
    let table = TABLE.get_or_try_init(py, || -> PyResult<Py<PyTuple>> {
        let t = py.import("riichi.tiles")?.getattr("INTERNED")?;
        Ok(t.cast_into::<PyTuple>()?.unbind())
    })?;
    let i = tile.index() * 2 + usize::from(red);
    Ok(table.bind(py).get_item(i)?.unbind())
}

/// Counts from a Python list of ints, naming the bad index.
pub fn counts_from_vec(v: &[i64]) -> Result<Counts, Error> {
    if v.len() != 34 {
        // up to 18 small values are most likely tiles: physical ids of Game.hand(), or
        // plain int kinds (a list of riichi.TileKind is read as tiles)
        let short = (1..=18).contains(&v.len());
        let hint = if short && v.iter().all(|x| (0..=33).contains(x)) {
            " (tile kinds 0..33? give them as riichi.TileKind, e.g. riichi.parse_tiles(text) \
             or [riichi.TileKind(k) for k in kinds]; physical ids 0..135 go to Hand.from_ids)"
        } else if short && v.iter().all(|x| (0..=135).contains(x)) {
            " (tile ids 0..135? Hand.from_ids reads those)"
        } else {
            ""
        };
        return Err(Error::InvalidArgument {
            name: "counts",
            reason: format!(
                "expected 34 counts (one per tile kind), got {}{hint}",
                v.len()
            ),
        });
    }
    let mut c = [0u8; 34];
    for (i, &x) in v.iter().enumerate() {
        if !(0..=4).contains(&x) {
            return Err(if x > 4 {
                Error::TooManyCopies {
                    tile: Tile::from_index(i),
                    count: x.min(u32::MAX as i64) as u32,
                }
            } else {
                Error::InvalidArgument {
                    name: "counts",
                    reason: format!(
                        "count {x} at index {i} ({}) is negative",
                        Tile::from_index(i)
                    ),
                }
            });
        }
        c[i] = x as u8;
    }
    Ok(c)
}

/// Anything the hand-analysis functions accept: a `Hand`, mpsz text, or 34 counts.
#[allow(dead_code)] // used by the analysis glue
pub enum HandLike {
    /// A full hand with melds.
    Hand(Hand),
    /// Bare concealed counts, melds implied by the tile count (14 − n) / 3, and the red
    /// fives among them per suit (man, pin, sou): those of text or a list of tiles, none
    /// for counts (plain ints carry no colour).
    Counts(Counts, [u8; 3]),
}

#[allow(dead_code)]
impl HandLike {
    /// The concealed counts.
    pub fn counts(&self) -> &Counts {
        match self {
            HandLike::Hand(h) => h.concealed(),
            HandLike::Counts(c, _) => c,
        }
    }
}

/// Accept a `Hand`, text (melds allowed: `"123m pon:555z ..."`), or a sequence of 34 counts.
#[allow(dead_code)]
pub fn extract_hand_like(obj: &Bound<'_, PyAny>) -> PyResult<HandLike> {
    if let Ok(h) = obj.cast::<PyHand>() {
        return Ok(HandLike::Hand(h.get().0.clone()));
    }
    if let Ok(s) = obj.cast::<PyString>() {
        let text = utf8(s, "hand")?;
        if text.contains(':') {
            return Ok(HandLike::Hand(Hand::parse(&text)?));
        }
        // text without melds is bare counts with its red fives (a discard table shows
        // the discard of the only, red, copy of a five as that red five)
        let (counts, red) = notation::parse_counts(text.trim())?;
        return Ok(HandLike::Counts(counts, red));
    }
    match sequence_items(obj, "hand") {
        Some(Ok(Items::Ints(v))) => {
            let c = counts_from_vec(&v)?;
            hand::check_counts(&c)?;
            Ok(HandLike::Counts(c, [0; 3]))
        }
        Some(Ok(Items::Tiles(c, red))) => {
            hand::check_counts(&c)?;
            Ok(HandLike::Counts(c, red))
        }
        Some(Err(e)) => Err(e),
        None => Err(bad_hand_like(obj)),
    }
}

/// The items of a sequence argument that holds either counts or tiles.
pub enum Items {
    /// Plain ints (no `riichi.TileKind` among them): 34 counts, unchecked.
    Ints(Vec<i64>),
    /// `riichi.TileKind` items: their counts per kind (at most 4 each, checked) and
    /// red fives per suit (man, pin, sou).
    Tiles(Counts, [u8; 3]),
}

/// [`int_list_arg`] for counts and physical ids, which a list of tiles is not: a
/// `riichi.TileKind` item is refused naming it and its index (its int value is a kind,
/// and read as counts or ids it would give a wrong answer or a misleading error).
fn plain_ints_arg(obj: &Bound<'_, PyAny>, name: &'static str) -> PyResult<Vec<i64>> {
    let is_seq = obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>();
    if !is_seq {
        return int_list_arg(obj, name); // other iterables may be read only once: unchecked
    }
    for (i, item) in obj.try_iter()?.enumerate() {
        let item = item?;
        if is_tile(&item)? {
            let what = if name == "ids" {
                "a physical tile id 0..135"
            } else {
                "a plain int count (34 of them, one per kind)"
            };
            return Err(Error::InvalidArgument {
                name,
                reason: format!(
                    "item {i} is the riichi.TileKind {}, not {what}; a list of tiles goes \
                     to the analysis calls (riichi.shanten, ...) as it is, or to \
                     Hand.parse as its text (\"\".join(map(str, tiles)))",
                    shown(&item)
                ),
            }
            .into());
        }
    }
    int_list_arg(obj, name)
}

/// The class `riichi.tiles.TileKind`, imported once.
fn tile_kind_type(py: Python<'_>) -> PyResult<&Bound<'_, PyType>> {
    static TYPE: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    TYPE.import(py, "riichi.tiles", "TileKind")
}

/// Whether `item` is a `riichi.TileKind`. Anything but a strict subclass of `int` (an
/// exact `int`, a NumPy integer, a float) is answered from its type flags without asking
/// the class, so counts pay two flag tests per item.
pub(crate) fn is_tile(item: &Bound<'_, PyAny>) -> PyResult<bool> {
    if item.is_exact_instance_of::<PyInt>() || !item.is_instance_of::<PyInt>() {
        return Ok(false);
    }
    item.is_instance(tile_kind_type(item.py())?)
}

/// Read a list, tuple or other sequence (not text) whose items are all ints (counts)
/// or all `riichi.TileKind` (tiles, each with its red flag): the first item decides, and
/// an item of the other type is refused naming it and its index (`InvalidHand` for
/// `hand`, `RiichiError` for other arguments). An int item that is not an int (a float,
/// NaN, beyond i64) is refused likewise. None when `obj` is no sequence.
pub fn sequence_items(obj: &Bound<'_, PyAny>, name: &'static str) -> Option<PyResult<Items>> {
    if obj.is_instance_of::<PyString>() || obj.is_instance_of::<PyBytes>() {
        return None;
    }
    // as PyO3's Vec extraction: anything with the sequence protocol (a NumPy array too),
    // not a dict
    // SAFETY: `obj` is a live object and the GIL is held; the check only reads its type.
    if !(obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>())
        && unsafe { pyo3::ffi::PySequence_Check(obj.as_ptr()) } == 0
    {
        return None;
    }
    let items = obj.try_iter().ok()?;
    Some(read_items(items, name))
}

fn read_items(items: Bound<'_, PyIterator>, name: &'static str) -> PyResult<Items> {
    let err = |msg: String| -> PyErr {
        if name == "hand" {
            InvalidHand::new_err(format!("invalid hand: {msg}"))
        } else {
            Error::InvalidArgument { name, reason: msg }.into()
        }
    };
    let mut ints: Vec<i64> = Vec::with_capacity(34);
    let mut tiles: Option<(Counts, [u8; 3], String)> = None;
    let mut first_int = String::new();
    for (i, item) in items.enumerate() {
        let item = item.map_err(|e| err(format!("item {i} cannot be read: {e}")))?;
        if i == 0 && is_tile(&item)? {
            tiles = Some(([0; 34], [0; 3], shown(&item)));
        }
        if let Some((counts, red, first)) = tiles.as_mut() {
            if !is_tile(&item)? {
                let kind = if item.is_instance_of::<PyInt>() {
                    " (an int)"
                } else {
                    ""
                };
                return Err(err(format!(
                    "item {i} is {}{kind}, not a riichi.TileKind like item 0 \
                     ({first}): give a list of tiles or 34 int counts, not both",
                    shown(&item)
                )));
            }
            let tile = Tile::new(item.extract::<i64>()?)?;
            let k = tile.index();
            if counts[k] == 4 {
                return Err(Error::TooManyCopies { tile, count: 5 }.into());
            }
            counts[k] += 1;
            if k < 27 && k % 9 == 4 && item.getattr("red")?.is_truthy()? {
                red[k / 9] += 1;
            }
            continue;
        }
        if is_tile(&item)? {
            return Err(err(format!(
                "item {i} is the riichi.TileKind {}, but item 0 is the int \
                 {first_int}: give 34 int counts or a list of tiles, not both",
                shown(&item)
            )));
        }
        let Ok(v) = item.extract::<i64>() else {
            return Err(err(format!(
                "count at index {i} must be an int 0..=4 (or every item a riichi.TileKind), \
                 got {}",
                shown(&item)
            )));
        };
        if i == 0 {
            first_int = v.to_string();
        }
        ints.push(v);
    }
    Ok(match tiles {
        Some((counts, red, _)) => Items::Tiles(counts, red),
        None => Items::Ints(ints),
    })
}

/// Parse one tile in mpsz (`"5m"`, `"0p"`, `"7z"`) to its kind 0..=33.
#[pyfunction]
fn parse_tile(text: &Bound<'_, PyAny>) -> PyResult<u8> {
    Ok(notation::parse_tile(&text_arg(text, "text")?)?.index() as u8)
}

/// Parse mpsz text to tile kinds in the order written (red fives as fives).
#[pyfunction]
fn parse_tiles(text: &Bound<'_, PyAny>) -> PyResult<Vec<u32>> {
    Ok(notation::parse_tiles(&text_arg(text, "text")?)?
        .iter()
        .map(|p| p.tile.index() as u32)
        .collect())
}

/// Parse mpsz text (concealed tiles only, no melds) to 34 counts and red fives per suit.
///
/// Args:
///     text: mpsz text, `0` a red five (`"123m406p"`); no spaces or melds.
///
/// Returns:
///     `(counts, red)`: a list of 34 ints, the copies of each kind 0..=33 (a red five
///     counted as a five), and a tuple of 3 ints, the red fives of man, pin and sou.
///
/// Raises:
///     InvalidTile: bad notation (a meld or a space included), naming the character and
///         its position.
///     InvalidHand: a fifth copy of a kind.
///     RiichiError: `text` is not a `str`.
///
/// Example:
///     >>> counts, red = riichi.parse_counts("123m406p")
///     >>> counts[:5], counts[12:15], red
///     ([1, 1, 1, 0, 0], [1, 1, 1], (0, 1, 0))
#[pyfunction]
fn parse_counts(text: &Bound<'_, PyAny>) -> PyResult<(Vec<u32>, (u8, u8, u8))> {
    let (c, r) = notation::parse_counts(&text_arg(text, "text")?)?;
    Ok((
        c.iter().map(|&x| u32::from(x)).collect(),
        (r[0], r[1], r[2]),
    ))
}

/// Format 34 counts and red fives per suit as canonical mpsz text (kinds ascending, one
/// group per suit; the inverse of `parse_counts`).
///
/// Args:
///     counts: 34 plain ints 0..=4, the copies of each kind 0..=33 (a `riichi.TileKind`
///         item is refused: a list of tiles is no counts).
///     red: None, or 3 ints (man, pin, sou): how many of each suit's fives are red.
///
/// Returns:
///     str: the mpsz text (`""` for no tiles).
///
/// Raises:
///     RiichiError: `counts` not 34 plain ints (naming the first bad item), a negative
///         count; `red` not three counts 0..=4, or more red fives of a suit than the
///         counts hold fives of it (naming the suit).
///     InvalidHand: a count above 4.
///
/// Example:
///     >>> riichi.format_counts([1, 1, 1] + [0] * 10 + [2] + [0] * 20, red=(0, 1, 0))
///     '123m05p'
#[pyfunction]
#[pyo3(signature = (counts, red = None))]
fn format_counts(counts: &Bound<'_, PyAny>, red: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
    let c = counts_from_vec(&plain_ints_arg(counts, "counts")?)?;
    let red = red_arg(red, "red")?;
    for (i, suit) in ['m', 'p', 's'].into_iter().enumerate() {
        let fives = c[4 + 9 * i];
        if red[i] > fives {
            return Err(Error::InvalidArgument {
                name: "red",
                reason: format!(
                    "{} red 5{suit} but the counts hold {fives} 5{suit} (a red five is \
                     counted among the fives)",
                    red[i]
                ),
            }
            .into());
        }
    }
    Ok(notation::format_counts(&c, red))
}

/// `red` for tile kind `tile`: True only for a five of a suit (the only tiles with a red
/// copy), named in the error otherwise.
fn red_of_kind(red: Option<&Bound<'_, PyAny>>, tile: Tile) -> PyResult<bool> {
    let red = red.map_or(Ok(false), |r| bool_arg(r, "red"))?;
    if red && !matches!(tile.index(), 4 | 13 | 22) {
        return Err(Error::InvalidArgument {
            name: "red",
            reason: format!(
                "True for kind {} ({}): only 5m, 5p and 5s have red copies",
                tile.index(),
                notation::format_tile(tile, false)
            ),
        }
        .into());
    }
    Ok(red)
}

/// The mpsz name of a tile kind.
///
/// Args:
///     kind: a tile kind 0..=33 (an int or a `riichi.TileKind`).
///     red: True for the red copy of a five (5m, 5p, 5s only).
///
/// Returns:
///     str: two characters, e.g. `"5m"`, `"0m"` (the red five), `"7z"` (chun).
///
/// Raises:
///     InvalidTile: `kind` outside 0..=33.
///     RiichiError: `kind` not an int; `red` not a bool, or True for a kind that is not a
///         five.
///
/// Example:
///     >>> riichi.tile_name(4), riichi.tile_name(4, red=True), riichi.tile_name(33)
///     ('5m', '0m', '7z')
#[pyfunction]
#[pyo3(signature = (kind, red = None))]
fn tile_name(kind: &Bound<'_, PyAny>, red: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
    let tile = Tile::new(int_arg(kind, "kind")?)?;
    Ok(notation::format_tile(tile, red_of_kind(red, tile)?))
}

/// The mjai name of a tile kind.
///
/// Args:
///     kind: a tile kind 0..=33 (an int or a `riichi.TileKind`).
///     red: True for the red copy of a five (5m, 5p, 5s only).
///
/// Returns:
///     str: `"1m"`..`"9s"`, `"5mr"`/`"5pr"`/`"5sr"` for a red five, `"E"` `"S"` `"W"`
///     `"N"` for the winds, `"P"` (haku), `"F"` (hatsu), `"C"` (chun).
///
/// Raises:
///     InvalidTile: `kind` outside 0..=33.
///     RiichiError: `kind` not an int; `red` not a bool, or True for a kind that is not a
///         five.
///
/// Example:
///     >>> riichi.mjai_name(13, red=True), riichi.mjai_name(31)
///     ('5pr', 'P')
#[pyfunction]
#[pyo3(signature = (kind, red = None))]
fn mjai_name(kind: &Bound<'_, PyAny>, red: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
    let tile = Tile::new(int_arg(kind, "kind")?)?;
    Ok(notation::mjai_name(tile, red_of_kind(red, tile)?))
}

/// Parse an mjai tile name to its kind and colour.
///
/// Args:
///     name: an mjai tile name: `"1m"`..`"9s"`, `"5mr"` `"5pr"` `"5sr"` (red fives),
///         `"E"` `"S"` `"W"` `"N"`, `"P"` (haku), `"F"` (hatsu), `"C"` (chun).
///
/// Returns:
///     `(kind, red)`: the tile kind 0..=33 (int) and whether it is a red five (bool).
///
/// Raises:
///     InvalidTile: not an mjai tile name (naming it).
///     RiichiError: `name` is not a `str`.
///
/// Example:
///     >>> riichi.parse_mjai("5pr"), riichi.parse_mjai("C")
///     ((13, True), (33, False))
#[pyfunction]
fn parse_mjai(name: &Bound<'_, PyAny>) -> PyResult<(u8, bool)> {
    let p = notation::parse_mjai(&text_arg(name, "name")?)?;
    Ok((p.tile.index() as u8, p.red))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyHand>()?;
    m.add_class::<PyMeld>()?;
    m.add_function(wrap_pyfunction!(parse_tile, m)?)?;
    m.add_function(wrap_pyfunction!(parse_tiles, m)?)?;
    m.add_function(wrap_pyfunction!(parse_counts, m)?)?;
    m.add_function(wrap_pyfunction!(format_counts, m)?)?;
    m.add_function(wrap_pyfunction!(tile_name, m)?)?;
    m.add_function(wrap_pyfunction!(mjai_name, m)?)?;
    m.add_function(wrap_pyfunction!(parse_mjai, m)?)?;
    Ok(())
}

/// The error for an argument that is not a hand: a sequence names its first element that
/// is not an int (a float, NaN or an int beyond i64), anything else its type.
fn bad_hand_like(obj: &Bound<'_, PyAny>) -> PyErr {
    if obj.cast::<PyString>().is_err() {
        if let Ok(items) = obj.try_iter() {
            for (i, item) in items.enumerate() {
                let Ok(item) = item else { break };
                if item.extract::<i64>().is_err() {
                    let shown = item
                        .repr()
                        .map(|r| r.to_string())
                        .unwrap_or_else(|_| "?".to_string());
                    return crate::py::errors::InvalidHand::new_err(format!(
                        "invalid counts: count at index {i} must be an int 0..=4, got {shown}"
                    ));
                }
            }
        }
    }
    crate::py::errors::InvalidHand::new_err(format!(
        "expected a Hand, mpsz text or a sequence of 34 counts, got {}",
        obj.get_type()
            .name()
            .map(|n| n.to_string())
            .unwrap_or_default()
    ))
}
