//! Glue for hand decomposition and waits: `decompose`, `waits`, `Hand.waits()`,
//! `Hand.is_tenpai()` and the `Reading` / `Wait` result classes.

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyList, PyString};

use crate::decompose::{self as core, Block, Reading, WaitShape};
use crate::error::Error;
use crate::hand::tile_count;
use crate::meld::Meld;
use crate::notation::{format_counts, parse_tile};
use crate::py::analysis::{hand_like, players_arg, untracked, visible_counts};
use crate::py::tiles::{extract_hand_like, tile_kind, HandLike, PyHand, PyMeld};
use crate::shanten::Players;
use crate::tile::{Counts, Tile};
use crate::wait::{self, Wait};

/// One winning tile of a tenpai hand with every wait shape it completes, and how many
/// of its copies are still live.
///
/// Compared by value; pickles and copies (`pickle`, `copy.copy`, `copy.deepcopy`) to an
/// equal `Wait`, for process pools.
#[pyclass(name = "Wait", module = "riichi._core", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyWait {
    tile: Tile,
    /// Shapes as bits of [`wait::SHAPES`].
    bits: u8,
    /// 4 − own copies (concealed and melds) − visible copies.
    live: u8,
}

/// The pickled state of a `Wait`: the kind, the shape bits and the live count.
type WaitState = (u8, u8, u8);

#[pymethods]
impl PyWait {
    /// A `Wait` is a result of riichi.waits or Hand.waits, not built by calling the class:
    /// always raises `RiichiError` saying so.
    #[new]
    #[pyo3(signature = (*args, **kwargs))]
    fn new(
        args: &Bound<'_, pyo3::types::PyTuple>,
        kwargs: Option<&Bound<'_, pyo3::types::PyDict>>,
    ) -> PyResult<Self> {
        Err(crate::py::tiles::result_class_called(
            "Wait",
            "riichi.waits or Hand.waits",
            args,
            kwargs,
        ))
    }
    /// Pickle and copy support: `(kind, shape bits, live)` as plain ints (bit `i` is the
    /// `i`-th shape of `"ryanmen"`, `"kanchan"`, `"penchan"`, `"tanki"`, `"shanpon"`),
    /// rebuilt by `_from_state`.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (WaitState,))> {
        let w = slf.get();
        Ok((
            slf.get_type().getattr("_from_state")?,
            ((w.tile.index() as u8, w.bits, w.live),),
        ))
    }
    /// Rebuild a pickled wait (private: the inverse of `__reduce__`): the shared object of
    /// that value. Refuses, with a `RiichiError` naming the state, a kind out of 0..=33, no
    /// shape or a shape the tile cannot complete (a honor only tanki or shanpon, kanchan
    /// only 2-8, penchan only 3 or 7) and a live count above 4.
    #[staticmethod]
    fn _from_state(py: Python<'_>, state: &Bound<'_, PyAny>) -> PyResult<Py<PyWait>> {
        let bad = |why: String| -> PyErr {
            Error::InvalidArgument {
                name: "state",
                reason: format!(
                    "not a pickled Wait state: {why}: {}",
                    crate::py::errors::shown(state)
                ),
            }
            .into()
        };
        let (kind, bits, live) = state
            .extract::<WaitState>()
            .map_err(|_| bad("expected (kind, shape bits, live)".to_owned()))?;
        if kind > 33 {
            return Err(bad(format!("kind {kind} (0..=33)")));
        }
        let tile = Tile::from_index(usize::from(kind));
        if bits == 0 || bits >= 32 {
            return Err(bad(format!("shape bits {bits} (1..=31)")));
        }
        let n = tile.number();
        for (i, shape) in wait::SHAPES.iter().enumerate() {
            let fits = match shape {
                WaitShape::Ryanmen => !tile.is_honor(),
                WaitShape::Kanchan => !tile.is_honor() && (2..=8).contains(&n),
                WaitShape::Penchan => !tile.is_honor() && (n == 3 || n == 7),
                WaitShape::Tanki | WaitShape::Shanpon => true,
            };
            if bits >> i & 1 == 1 && !fits {
                return Err(bad(format!("{tile} completes no {} wait", shape.name())));
            }
        }
        if live > 4 {
            return Err(bad(format!("live {live} (0..=4)")));
        }
        let w = PyWait { tile, bits, live };
        match wait_index(&w).and_then(|i| wait_table(py).ok()?.get(i)) {
            Some(obj) => Ok(obj.clone_ref(py)),
            None => Ok(untracked(py, w)?.unbind()),
        }
    }
    /// The winning tile kind (0..=33), a `riichi.TileKind`.
    #[getter]
    fn tile(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        tile_kind(py, self.tile, false)
    }
    /// Copies of the tile still live: 4 minus the player's own (concealed and melded)
    /// minus the visible copies given to `waits` (none when `visible` was not given).
    #[getter]
    fn live(&self) -> u8 {
        self.live
    }
    /// Karaten: every copy of the tile is in the player's hand or visible (`live == 0`).
    /// The wait is still listed: Tenhou counts such a hand tenpai at an exhaustive draw.
    #[getter]
    fn karaten(&self) -> bool {
        self.live == 0
    }
    /// Every shape the tile completes over all readings, distinct, in the order
    /// `"ryanmen"`, `"kanchan"`, `"penchan"`, `"tanki"`, `"shanpon"`.
    #[getter]
    fn shapes(&self) -> Vec<&'static str> {
        wait::SHAPES
            .iter()
            .enumerate()
            .filter(|&(i, _)| self.bits >> i & 1 == 1)
            .map(|(_, s)| s.name())
            .collect()
    }
    /// `{"tile": int, "shapes": list[str], "live": int, "karaten": bool}` (plain ints, for
    /// JSON).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("tile", self.tile.index())?;
        d.set_item("shapes", self.shapes())?;
        d.set_item("live", self.live)?;
        d.set_item("karaten", self.karaten())?;
        Ok(d)
    }
    fn __repr__(&self) -> String {
        let k = if self.karaten() { ", karaten" } else { "" };
        format!("Wait({}: {}{k})", self.tile, self.shapes().join(", "))
    }
}

/// The pickled state of a `Reading`: form, blocks as `(kind name, tile kind)`, win block,
/// win tile kind, wait name, melds as text and the 34 concealed counts.
type ReadingState = (
    String,
    Vec<(String, u8)>,
    Option<usize>,
    Option<u8>,
    Option<String>,
    Vec<String>,
    Vec<u8>,
);

/// One reading of a complete hand: blocks of the concealed tiles, the melds carried
/// along, and (given a winning tile) the block it completed and its wait shape.
///
/// Compared by value; pickles and copies to an equal `Reading` (unpickling decomposes the
/// tiles again and refuses a state that is not one of their readings, a `RiichiError`).
#[pyclass(name = "Reading", module = "riichi._core", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyReading {
    reading: Reading,
    melds: Vec<Meld>,
    win: Option<Tile>,
    concealed: Counts,
}

#[pymethods]
impl PyReading {
    /// A `Reading` is a result of riichi.decompose, not built by calling the class:
    /// always raises `RiichiError` saying so.
    #[new]
    #[pyo3(signature = (*args, **kwargs))]
    fn new(
        args: &Bound<'_, pyo3::types::PyTuple>,
        kwargs: Option<&Bound<'_, pyo3::types::PyDict>>,
    ) -> PyResult<Self> {
        Err(crate::py::tiles::result_class_called(
            "Reading",
            "riichi.decompose",
            args,
            kwargs,
        ))
    }
    /// Pickle and copy support: the reading's fields as plain data (`to_dict`'s values and
    /// the 34 concealed counts), rebuilt by `_from_state`.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (ReadingState,))> {
        let r = slf.get();
        let state = (
            r.form().to_owned(),
            r.reading
                .blocks
                .iter()
                .map(|b| (b.kind_name().to_owned(), b.tile().index() as u8))
                .collect(),
            r.reading.win_block,
            r.win.map(|t| t.index() as u8),
            r.wait().map(str::to_owned),
            r.melds.iter().map(Meld::to_string).collect(),
            r.concealed.to_vec(),
        );
        Ok((slf.get_type().getattr("_from_state")?, (state,)))
    }
    /// Rebuild a pickled reading (private: the inverse of `__reduce__`). The concealed
    /// tiles are decomposed again and the state must be one of their readings: a tampered
    /// state (blocks that are not the tiles, a wrong wait or win block, a fifth copy with
    /// the melds) is refused with a `RiichiError` naming it.
    #[staticmethod]
    fn _from_state(state: &Bound<'_, PyAny>) -> PyResult<Self> {
        let bad = |why: String| -> PyErr {
            Error::InvalidArgument {
                name: "state",
                reason: format!(
                    "not a pickled Reading state: {why}: {}",
                    crate::py::errors::shown(state)
                ),
            }
            .into()
        };
        let (form, blocks, win_block, win, wait, meld_texts, counts) =
            state.extract::<ReadingState>().map_err(|_| {
                bad("expected (form, blocks, win_block, win_tile, wait, melds, counts)".into())
            })?;
        let concealed: Counts = counts
            .try_into()
            .map_err(|c: Vec<u8>| bad(format!("{} concealed counts, not 34", c.len())))?;
        let melds = meld_texts
            .iter()
            .map(|t| Meld::parse(t))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| bad(e.to_string()))?;
        let win = win
            .map(|k| Tile::new(i64::from(k)))
            .transpose()
            .map_err(|e| bad(e.to_string()))?;
        core::check_complete_input(&concealed, melds.len(), win).map_err(|e| bad(e.to_string()))?;
        let n = tile_count(&concealed);
        if n + 3 * melds.len() != 14 {
            return Err(bad(format!(
                "{n} concealed tiles with {} meld(s): a complete hand has 14 counting each \
                 meld as 3",
                melds.len()
            )));
        }
        let mut all = concealed;
        for m in &melds {
            m.add_to(&mut all);
        }
        if let Some(k) = all.iter().position(|&n| n > 4) {
            let t = Tile::from_index(k);
            return Err(bad(format!("{} copies of {t} with the melds", all[k])));
        }
        let readings = match win {
            Some(w) => core::decompose_win(&concealed, w),
            None => core::decompose(&concealed),
        };
        readings
            .into_iter()
            .map(|reading| PyReading {
                reading,
                melds: melds.clone(),
                win,
                concealed,
            })
            .find(|r| {
                r.form() == form
                    && r.reading.win_block == win_block
                    && r.wait() == wait.as_deref()
                    && r.reading.blocks.len() == blocks.len()
                    && r.reading.blocks.iter().zip(&blocks).all(|(b, (kind, k))| {
                        b.kind_name() == kind && b.tile().index() == usize::from(*k)
                    })
            })
            .ok_or_else(|| bad("no reading of these tiles has these blocks and wait".into()))
    }
    /// `"regular"`, `"chiitoitsu"` or `"kokushi"`.
    #[getter]
    fn form(&self) -> &'static str {
        self.reading.form.name()
    }
    /// Concealed blocks as `(kind, tile)`: kind `"sequence"` (tile = its lowest kind),
    /// `"triplet"` or `"pair"`, tile a `riichi.TileKind`. Regular: sequences, triplets,
    /// then the pair; chiitoitsu: the 7 pairs; kokushi: empty.
    #[getter]
    fn blocks(&self, py: Python<'_>) -> PyResult<Vec<(&'static str, Py<PyAny>)>> {
        self.reading
            .blocks
            .iter()
            .map(|b| Ok((b.kind_name(), tile_kind(py, b.tile(), false)?)))
            .collect()
    }
    /// Index into `blocks` of the block the winning tile completed (None for kokushi and
    /// without a winning tile).
    #[getter]
    fn win_block(&self) -> Option<usize> {
        self.reading.win_block
    }
    /// The winning tile kind (a `riichi.TileKind`), or None when decomposed without one.
    #[getter]
    fn win_tile(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        self.win.map(|t| tile_kind(py, t, false)).transpose()
    }
    /// Wait shape of the winning tile in this reading (`"ryanmen"`, `"kanchan"`,
    /// `"penchan"`, `"tanki"`, `"shanpon"`); None without a winning tile.
    #[getter]
    fn wait(&self) -> Option<&'static str> {
        self.win.map(|_| self.reading.wait.name())
    }
    /// The hand's melds, unchanged (a reading's blocks plus its melds are the hand's tiles).
    #[getter]
    fn melds(&self) -> Vec<PyMeld> {
        self.melds.iter().map(|m| PyMeld(*m)).collect()
    }
    /// A plain dict: form, blocks (list of `(kind, tile)`), win_block, win_tile, wait and
    /// melds (as text, e.g. `"pon:555z"`); tiles are plain ints, for JSON.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("form", self.form())?;
        let blocks: Vec<(&str, usize)> = self
            .reading
            .blocks
            .iter()
            .map(|b| (b.kind_name(), b.tile().index()))
            .collect();
        d.set_item("blocks", blocks)?;
        d.set_item("win_block", self.win_block())?;
        d.set_item("win_tile", self.win.map(Tile::index))?;
        d.set_item("wait", self.wait())?;
        let melds: Vec<String> = self.melds.iter().map(|m| m.to_string()).collect();
        d.set_item("melds", melds)?;
        Ok(d)
    }
    fn __repr__(&self) -> String {
        let mut parts: Vec<String> = if self.reading.blocks.is_empty() {
            vec![format_counts(&self.concealed, [0; 3])]
        } else {
            self.reading.blocks.iter().map(Block::to_string).collect()
        };
        parts.extend(self.melds.iter().map(Meld::to_string));
        let mut s = format!("Reading({}: {}", self.form(), parts.join(" "));
        if let Some(win) = self.win {
            s.push_str(&format!(", win {win}"));
            if let Some(i) = self.reading.win_block {
                s.push_str(&format!(" in {}", self.reading.blocks[i]));
            }
            s.push_str(&format!(", {}", self.reading.wait.name()));
        }
        s.push(')');
        s
    }
}

/// A winning tile given as mpsz text (`"3m"`, `"0p"`) or a kind 0..=33.
fn extract_tile(obj: &Bound<'_, PyAny>) -> PyResult<Tile> {
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(parse_tile(&crate::py::errors::utf8(s, "win_tile")?)?);
    }
    match obj.extract::<i64>() {
        Ok(k) => Ok(Tile::new(k)?),
        Err(_) => Err(crate::py::errors::InvalidTile::new_err(format!(
            "win_tile must be mpsz text like \"3m\" or a tile kind 0..=33, got {}",
            obj.repr().map(|r| r.to_string()).unwrap_or_default()
        ))),
    }
}

fn split_hand_like(h: HandLike) -> (Counts, Vec<Meld>) {
    match h {
        HandLike::Hand(h) => (*h.concealed(), h.melds().to_vec()),
        HandLike::Counts(c, _) => (c, Vec::new()),
    }
}

/// Every reading of a complete hand.
///
/// Readings are of tile kinds, on purpose: a red five (in the hand or as `win_tile`)
/// reads as its five, the same readings as the plain five's, since blocks are named by
/// their first kind and which block holds a red copy is no part of the shape (with
/// `055p` in `345p 55p`, either). Its dora is `score`'s (`akadora`).
///
/// Args:
///     hand: a `Hand` (its melds are carried into each reading), mpsz text (melds after
///         spaces, e.g. `"123m55z pon:777z ..."`), a list of `riichi.TileKind` or 34
///         counts (as `riichi.shanten`). The concealed part must
///         number 3n+2 tiles (14 counting each meld as 3).
///     win_tile: the winning tile as mpsz text (`"3m"`) or a kind 0..=33, or None.
///     players: None or 4, 3 (three-player mahjong: a 2m-8m is refused), or a
///         `riichi.Rules` (its `num_players`).
///
/// Returns:
///     list[Reading]: without `win_tile`, one reading per block decomposition (regular
///     ones by ascending blocks, then chiitoitsu, then kokushi; chiitoitsu and kokushi
///     only with 14 concealed tiles), each with `win_block`, `win_tile` and `wait` None.
///     With `win_tile`, one reading per decomposition and per distinct block holding the
///     winning tile (123m+345m with win 3m: a penchan and a ryanmen reading). Empty when
///     the hand is not complete (a value, not an error).
///
/// Raises:
///     InvalidHand: a fifth copy, or a tile count that no complete hand has; under 3
///         players a 2m-8m in the hand or as `win_tile` (naming it); a sequence mixing
///         tiles and ints (as `riichi.shanten`).
///     InvalidTile: a bad tile notation or kind.
///     RiichiError: `win_tile` is not among the concealed tiles; a bad `players`.
#[pyfunction]
#[pyo3(signature = (hand, win_tile = None, players = None))]
fn decompose(
    hand: &Bound<'_, PyAny>,
    win_tile: Option<&Bound<'_, PyAny>>,
    players: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<PyReading>> {
    let players = players_arg(players)?;
    let (concealed, melds) = split_hand_like(extract_hand_like(hand)?);
    let win = win_tile.map(extract_tile).transpose()?;
    check_players(players, &concealed, &melds)?;
    if let Some(w) = win {
        let mut c = [0u8; 34];
        c[w.index()] = 1;
        players.check(&c, "win_tile")?;
    }
    core::check_complete_input(&concealed, melds.len(), win)?;
    let readings = match win {
        Some(w) => core::decompose_win(&concealed, w),
        None => core::decompose(&concealed),
    };
    Ok(readings
        .into_iter()
        .map(|reading| PyReading {
            reading,
            melds: melds.clone(),
            win,
            concealed,
        })
        .collect())
}

/// Under three players, refuse a 2m-8m among the concealed tiles and melds.
fn check_players(players: Players, concealed: &Counts, melds: &[Meld]) -> PyResult<()> {
    let mut all = *concealed;
    for m in melds {
        m.add_to(&mut all);
    }
    Ok(players.check(&all, "hand")?)
}

/// Waits with their live counts: `own` all the player's copies, `visible` the rest seen.
fn with_live(w: Vec<Wait>, own: &Counts, visible: &Counts) -> PyResult<Vec<PyWait>> {
    let live = crate::ukeire::live_counts(own, visible)?;
    Ok(w.into_iter()
        .map(|wait| {
            let bits = wait::SHAPES
                .iter()
                .enumerate()
                .filter(|(_, s)| wait.shapes.contains(s))
                .fold(0u8, |b, (i, _)| b | 1 << i);
            PyWait {
                tile: wait.tile,
                bits,
                live: live[wait.tile.index()],
            }
        })
        .collect())
}

/// The shared `Wait` objects: one per (tile, shapes, live) value, made once (34 kinds ×
/// 32 shape sets × 5 live counts, untracked, about 220 kB) on the first call, at
/// [`wait_index`]. A `Wait` is a frozen value compared by value, so sharing it is
/// invisible, and a call then allocates only its list: results held by the thousand no
/// longer drive the cycle collector (each allocation counts towards its next pass, which
/// then walks every list of results held).
fn wait_table(py: Python<'_>) -> PyResult<&'static [Py<PyWait>]> {
    static TABLE: PyOnceLock<Vec<Py<PyWait>>> = PyOnceLock::new();
    let table = TABLE.get_or_try_init(py, || -> PyResult<Vec<Py<PyWait>>> {
        (0..34 * 32 * 5)
            .map(|i| {
                let value = PyWait {
                    tile: Tile::from_index(i / 160),
                    bits: (i / 5 % 32) as u8,
                    live: (i % 5) as u8,
                };
                Ok(untracked(py, value)?.unbind())
            })
            .collect()
    })?;
    Ok(table)
}

/// Where [`wait_table`] keeps the object of a value; None for shape bits or a live count
/// out of range (no such `Wait` is ever made: bits come from [`wait::SHAPES`], live counts
/// are at most 4).
fn wait_index(w: &PyWait) -> Option<usize> {
    (w.bits < 32 && w.live <= 4)
        .then(|| (w.tile.index() * 32 + usize::from(w.bits)) * 5 + usize::from(w.live))
}

/// A list of the shared `Wait` objects of `waits` ([`wait_table`]); a value outside the
/// table (none is expected) gets an object of its own.
fn wait_list<'py>(py: Python<'py>, waits: Vec<PyWait>) -> PyResult<Bound<'py, PyList>> {
    let table = wait_table(py)?;
    let objs = waits
        .into_iter()
        .map(|w| match wait_index(&w).and_then(|i| table.get(i)) {
            Some(obj) => Ok(obj.bind(py).clone()),
            None => untracked(py, w),
        })
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, objs)
}

/// The waits of a hand as a list of shared `Wait` objects ([`wait_list`]); bare counts
/// go through [`wait::bare_waits`] straight into the list, with no heap allocation
/// besides the list's.
fn waits_list<'py>(
    py: Python<'py>,
    h: &HandLike,
    visible: &Counts,
    players: Players,
) -> PyResult<Bound<'py, PyList>> {
    players.check(visible, "visible")?;
    match h {
        HandLike::Hand(h) => {
            players.check(&h.all_counts(), "hand")?;
            let w = with_live(wait::waits_of_hand(h)?, &h.all_counts(), visible)?;
            wait_list(py, w)
        }
        HandLike::Counts(c, _) => {
            let n = tile_count(c);
            if n % 3 != 1 || n > 13 {
                return Err(Error::BadTileCount {
                    concealed: n,
                    melds: 0,
                    expected: "3n+1 concealed tiles (1, 4, 7, 10 or 13) waiting for a \
                               winning tile",
                }
                .into());
            }
            players.check(c, "hand")?;
            let live = crate::ukeire::live_counts(c, visible)?;
            let Some((mask, bits)) = wait::bare_waits(c) else {
                let w = with_live(wait::waits(c, &[0; 34]), c, visible)?;
                return wait_list(py, w);
            };
            let table = wait_table(py)?;
            let Some(first) = table.first() else {
                return wait_list(py, waits_of_mask(mask, &bits, &live));
            };
            // each kind's object, ascending, then the list made at its length: one
            // allocation for the list and one for its items, nothing else
            let mut objs: [&Py<PyWait>; 34] = [first; 34];
            let mut n = 0;
            let mut m = mask;
            while m != 0 {
                let k = m.trailing_zeros() as usize;
                m &= m - 1;
                let w = PyWait {
                    tile: Tile::from_index(k),
                    bits: bits[k],
                    live: live[k],
                };
                match (wait_index(&w).and_then(|i| table.get(i)), objs.get_mut(n)) {
                    (Some(obj), Some(slot)) => *slot = obj,
                    _ => return wait_list(py, waits_of_mask(mask, &bits, &live)),
                }
                n += 1;
            }
            PyList::new(py, objs[..n].iter().map(|o| o.bind(py)))
        }
    }
}

/// The `PyWait` values of a wait mask with each kind's shape bits and live count.
fn waits_of_mask(mask: u64, bits: &[u8; 34], live: &Counts) -> Vec<PyWait> {
    (0..34)
        .filter(|&k| mask >> k & 1 == 1)
        .map(|k| PyWait {
            tile: Tile::from_index(k),
            bits: bits[k],
            live: live[k],
        })
        .collect()
}

/// Winning tiles of a hand waiting for its 14th tile, ascending by kind.
///
/// A tile whose four copies are all in the player's own hand (concealed tiles and melds,
/// ankan included) is no wait: Tenhou counts `123456789m1111p` noten at exhaustive draw
/// (RC08). A tile whose other copies are all visible elsewhere stays a wait, marked
/// `karaten` (Tenhou counts a karaten hand tenpai at an exhaustive draw).
/// Chiitoitsu needs seven distinct kinds; kokushi may wait on all 13 terminals and honors.
/// Waits are kinds: a red five in the hand counts as its five, and a wait on a five is
/// won on its red copy too (the same list as the plain fives', on purpose).
///
/// Args:
///     hand: a `Hand` of 13 tiles counting melds as 3, mpsz text, a list of
///         `riichi.TileKind`, or 34 counts (3n+1 concealed tiles; bare counts and tiles
///         carry no melds; a mix of tiles and ints is refused, as `riichi.shanten`).
///     visible: tiles the player sees elsewhere (discards, others' melds, dora
///         indicators): None, mpsz text, a list of `riichi.TileKind` or 34 counts;
///         they set each wait's `live` and
///         `karaten`. None: nothing visible (the list is the same either way).
///     players: None or 4, 3 (three-player mahjong: a 2m-8m is refused), or a
///         `riichi.Rules` (its `num_players`).
///
/// Returns:
///     list[Wait]: each winning tile with every shape it completes, its `live` copies and
///     `karaten`; empty when noten.
///
/// Raises:
///     InvalidHand: a fifth copy or a tile count other than 3n+1 (13 with melds); own
///         plus visible copies of a kind above 4; under 3 players a 2m-8m in the hand or
///         in `visible`.
///     InvalidTile: bad tile notation.
///     RiichiError: a bad `visible` or `players`.
#[pyfunction]
#[pyo3(signature = (hand, visible = None, players = None))]
fn waits<'py>(
    hand: &Bound<'py, PyAny>,
    visible: Option<&Bound<'_, PyAny>>,
    players: Option<&Bound<'_, PyAny>>,
) -> PyResult<Bound<'py, PyList>> {
    let players = players_arg(players)?;
    waits_list(
        hand.py(),
        &hand_like(hand)?,
        &visible_counts(visible)?,
        players,
    )
}

#[pymethods]
impl PyHand {
    /// Winning tiles of this 13-tile hand with `live` and `karaten` given `visible`
    /// (see `riichi.waits`).
    #[pyo3(signature = (visible = None, players = None))]
    fn waits<'py>(
        &self,
        py: Python<'py>,
        visible: Option<&Bound<'_, PyAny>>,
        players: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyList>> {
        let players = players_arg(players)?;
        waits_list(
            py,
            &HandLike::Hand(self.0.clone()),
            &visible_counts(visible)?,
            players,
        )
    }
    /// Whether this 13-tile hand has at least one wait (a karaten wait counts);
    /// `players` as `riichi.waits`.
    #[pyo3(signature = (players = None))]
    fn is_tenpai(&self, players: Option<&Bound<'_, PyAny>>) -> PyResult<bool> {
        players_arg(players)?.check(&self.0.all_counts(), "hand")?;
        Ok(wait::is_tenpai(&self.0)?)
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyWait>()?;
    m.add_class::<PyReading>()?;
    m.add_function(wrap_pyfunction!(decompose, m)?)?;
    m.add_function(wrap_pyfunction!(waits, m)?)?;
    Ok(())
}
