//! Glue for the feature encoder (`crate::features`): `riichi.mining.observation.Observation`
//! objects in (read with the GIL held), NumPy arrays out (computed with it released).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Arc;

use numpy::{PyArray1, PyArrayMethods};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyList, PyTuple, PyType};

use super::seat::{PySeatHand, PySeatTable};
use crate::error::Error;
use crate::features::{
    self, ActionView, MeldType, MeldView, Observation, PendingType, Shared, MAX_INDICATORS,
    MAX_MELDS, MELD_FIELDS, NUM_ACTIONS, RIVER_FIELDS, RIVER_LEN, ROUND_FIELDS,
};
use crate::seat::SeatAction;

type R<T> = Result<T, Error>;

fn bad(name: &'static str, reason: String) -> Error {
    Error::InvalidArgument { name, reason }
}

fn shown(o: &Bound<'_, PyAny>) -> String {
    let r = o
        .repr()
        .map(|r| r.to_string())
        .unwrap_or_else(|_| "?".into());
    if r.chars().count() > 60 {
        format!("{}...", r.chars().take(60).collect::<String>())
    } else {
        r
    }
}

/// `o.name` with the name interned once (`attr!(o, "name")`).
macro_rules! attr {
    ($o:expr, $name:literal) => {
        $o.getattr(intern!($o.py(), $name)).map_err(|_| {
            bad(
                $name,
                format!("{} has no attribute {:?}", shown(&$o), $name),
            )
        })
    };
}

fn int(o: &Bound<'_, PyAny>, name: &'static str) -> R<i64> {
    if o.is_instance_of::<pyo3::types::PyBool>() {
        return Err(bad(name, format!("expected an int, got {}", shown(o))));
    }
    o.extract::<i64>()
        .map_err(|_| bad(name, format!("expected an int, got {}", shown(o))))
}

fn small(o: &Bound<'_, PyAny>, name: &'static str, limit: i64) -> R<u8> {
    let v = int(o, name)?;
    if (0..limit).contains(&v) {
        Ok(v as u8)
    } else {
        Err(bad(name, format!("{v} is not in 0..={}", limit - 1)))
    }
}

fn i32_of(o: &Bound<'_, PyAny>, name: &'static str) -> R<i32> {
    let v = int(o, name)?;
    i32::try_from(v).map_err(|_| bad(name, format!("{v} does not fit in int32")))
}

fn id(o: &Bound<'_, PyAny>, name: &'static str) -> R<u8> {
    small(o, name, 136)
}

fn flag(o: &Bound<'_, PyAny>, name: &'static str) -> R<bool> {
    o.extract::<bool>()
        .map_err(|_| bad(name, format!("expected True or False, got {}", shown(o))))
}

/// Call `f` on each item of a sequence (a tuple read directly).
fn each<'py>(
    o: &Bound<'py, PyAny>,
    name: &'static str,
    mut f: impl FnMut(&Bound<'py, PyAny>) -> R<()>,
) -> R<()> {
    if let Ok(t) = o.cast::<PyTuple>() {
        for item in t.iter() {
            f(&item)?;
        }
        return Ok(());
    }
    if let Ok(l) = o.cast::<PyList>() {
        for item in l.iter() {
            f(&item)?;
        }
        return Ok(());
    }
    if o.is_instance_of::<pyo3::types::PyString>() {
        return Err(bad(name, format!("expected a sequence, got {}", shown(o))));
    }
    let it = o
        .try_iter()
        .map_err(|_| bad(name, format!("expected a sequence, got {}", shown(o))))?;
    for item in it {
        let item = item.map_err(|_| bad(name, format!("cannot iterate {}", shown(o))))?;
        f(&item)?;
    }
    Ok(())
}

fn ids(o: &Bound<'_, PyAny>, name: &'static str) -> R<Vec<u8>> {
    let mut out = Vec::with_capacity(16);
    each(o, name, |t| {
        out.push(id(t, name)?);
        Ok(())
    })?;
    Ok(out)
}

fn nested<'py, T>(
    o: &Bound<'py, PyAny>,
    name: &'static str,
    mut f: impl FnMut(&Bound<'py, PyAny>) -> R<T>,
) -> R<Vec<T>> {
    let mut out = Vec::with_capacity(4);
    each(o, name, |x| {
        out.push(f(x)?);
        Ok(())
    })?;
    Ok(out)
}

fn flags(o: &Bound<'_, PyAny>, name: &'static str) -> R<Vec<bool>> {
    nested(o, name, |b| flag(b, name))
}

fn opt<T>(o: &Bound<'_, PyAny>, f: impl FnOnce(&Bound<'_, PyAny>) -> R<T>) -> R<Option<T>> {
    if o.is_none() {
        Ok(None)
    } else {
        f(o).map(Some)
    }
}

fn meld(o: &Bound<'_, PyAny>) -> R<MeldView> {
    let name = "melds";
    let t = o
        .cast::<PyTuple>()
        .ok()
        .filter(|t| t.len() == 4)
        .ok_or_else(|| {
            bad(
                name,
                format!("expected (kind, ids, called, source), got {}", shown(o)),
            )
        })?;
    let k = t.get_item(0).map_err(|_| bad(name, "no kind".into()))?;
    let kind_text = k.extract::<String>().unwrap_or_default();
    let kind = match kind_text.as_str() {
        "chi" => MeldType::Chi,
        "pon" => MeldType::Pon,
        "daiminkan" => MeldType::Daiminkan,
        "ankan" => MeldType::Ankan,
        "kakan" => MeldType::Kakan,
        _ => return Err(bad(name, format!("unknown meld kind {}", shown(&k)))),
    };
    let item = |i: usize| t.get_item(i).map_err(|_| bad(name, "short meld".into()));
    Ok(MeldView {
        kind,
        ids: ids(&item(1)?, name)?,
        called: opt(&item(2)?, |c| id(c, name))?,
        source: opt(&item(3)?, |s| small(s, name, 4))?,
    })
}

fn pending(o: &Bound<'_, PyAny>) -> R<(PendingType, u8, u8)> {
    let name = "pending";
    let t = o
        .cast::<PyTuple>()
        .ok()
        .filter(|t| t.len() == 3)
        .ok_or_else(|| bad(name, format!("expected (kind, seat, id), got {}", shown(o))))?;
    let k = t.get_item(0).map_err(|_| bad(name, "no kind".into()))?;
    let kind_text = k.extract::<String>().unwrap_or_default();
    let kind = match kind_text.as_str() {
        "dahai" => PendingType::Dahai,
        "kakan" => PendingType::Kakan,
        "ankan" => PendingType::Ankan,
        "nukidora" => PendingType::Nukidora,
        _ => return Err(bad(name, format!("unknown pending kind {}", shown(&k)))),
    };
    let item = |i: usize| t.get_item(i).map_err(|_| bad(name, "short tuple".into()));
    Ok((kind, small(&item(1)?, name, 4)?, id(&item(2)?, name)?))
}

/// The classes of `riichi.actions`, in the order [`action`] tests them.
static CLASSES: PyOnceLock<Vec<Py<PyType>>> = PyOnceLock::new();

const CLASS_NAMES: [&str; 12] = [
    "Discard",
    "Pass",
    "Chi",
    "Pon",
    "Ron",
    "Riichi",
    "Tsumo",
    "Daiminkan",
    "Ankan",
    "Kakan",
    "Kyuushu",
    "Nukidora",
];

fn classes(py: Python<'_>) -> PyResult<&Vec<Py<PyType>>> {
    CLASSES.get_or_try_init(py, || {
        let m = py.import("riichi.actions")?;
        CLASS_NAMES
            .iter()
            .map(|n| Ok(m.getattr(*n)?.cast_into::<PyType>()?.unbind()))
            .collect()
    })
}

/// An action of `riichi.actions` with its seat.
fn action(o: &Bound<'_, PyAny>, cls: &[Py<PyType>]) -> R<(u8, ActionView)> {
    let name = "action";
    let ty = o.get_type();
    let which = cls
        .iter()
        .position(|c| ty.is(c.bind(o.py())))
        .ok_or_else(|| {
            bad(
                name,
                format!("expected a riichi.actions action, got {}", shown(o)),
            )
        })?;
    let seat = small(&attr!(o, "seat")?, "seat", 4)?;
    let tile = || id(&attr!(o, "tile")?, "tile");
    let tsumogiri = || flag(&attr!(o, "tsumogiri")?, "tsumogiri");
    let consumed = |n: usize| -> R<Vec<u8>> {
        let v = ids(&attr!(o, "consumed")?, "consumed")?;
        if v.len() != n {
            return Err(bad("consumed", format!("{} ids, expected {n}", v.len())));
        }
        Ok(v)
    };
    let a = match which {
        0 => ActionView::Discard {
            tile: tile()?,
            tsumogiri: tsumogiri()?,
        },
        1 => ActionView::Pass,
        2 => {
            let c = consumed(2)?;
            ActionView::Chi {
                tile: tile()?,
                consumed: [c[0], c[1]],
            }
        }
        3 => {
            let c = consumed(2)?;
            ActionView::Pon {
                tile: tile()?,
                consumed: [c[0], c[1]],
            }
        }
        4 => ActionView::Ron,
        5 => ActionView::Riichi {
            tile: tile()?,
            tsumogiri: tsumogiri()?,
            open: flag(&attr!(o, "open")?, "open")?,
        },
        6 => ActionView::Tsumo,
        7 => {
            let c = consumed(3)?;
            ActionView::Daiminkan {
                tile: tile()?,
                consumed: [c[0], c[1], c[2]],
            }
        }
        8 => {
            let c = consumed(4)?;
            ActionView::Ankan {
                consumed: [c[0], c[1], c[2], c[3]],
            }
        }
        9 => ActionView::Kakan { tile: tile()? },
        10 => ActionView::Kyuushu,
        _ => ActionView::Nukidora { tile: tile()? },
    };
    Ok((seat, a))
}

/// A hasher for object addresses (already unique; a multiply spreads them over the table).
#[derive(Default)]
struct AddressHasher(u64);

impl Hasher for AddressHasher {
    fn finish(&self) -> u64 {
        (self.0 >> 4).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_usize(&mut self, n: usize) {
        self.0 = n as u64;
    }
}

/// Actions read, by the address of the (held) action object.
type ActionMemo = HashMap<usize, (Py<PyAny>, u8, ActionView), BuildHasherDefault<AddressHasher>>;

/// Red-id bits, cached for the last frozenset object seen (rows share it; held, so its
/// address names it).
#[derive(Default)]
struct RedCache {
    seen: Option<Py<PyAny>>,
    bits: [u64; 3],
}

/// Per seat, the last object read for a per-seat field and what it gave: successive
/// observations share the tuples that did not change between them (a river only grows),
/// so a tuple read for the observation before is not read again. The object is held, so
/// its address cannot name another object while the memo lives; only tuples (immutable)
/// are remembered.
type SeatMemo<T> = Vec<Option<(Py<PyAny>, T)>>;

/// Actions remembered by object (the round shares its action objects between decisions;
/// the actions of `riichi.actions` are frozen): at most this many, then forgotten.
const ACTION_MEMO: usize = 4096;

/// What [`observation`] remembers between observations: the red ids, each seat's public
/// tuples, the actions read.
#[derive(Default)]
struct Memo {
    /// Whether anything is remembered beyond the red ids (false for a single observation:
    /// remembering costs a copy and nothing would read it).
    keep: bool,
    red: RedCache,
    melds: SeatMemo<Shared<MeldView>>,
    rivers: SeatMemo<Shared<u8>>,
    tsumogiri: SeatMemo<Shared<bool>>,
    called: SeatMemo<Shared<bool>>,
    nukidora: SeatMemo<Shared<u8>>,
    actions: ActionMemo,
}

/// A per-seat field: each seat's item read by `f`, or taken from `memo` when it is the
/// very object read last time for that seat.
fn per_seat<'py, T: Clone>(
    o: &Bound<'py, PyAny>,
    name: &'static str,
    keep: bool,
    memo: &mut SeatMemo<T>,
    mut f: impl FnMut(&Bound<'py, PyAny>) -> R<T>,
) -> R<Vec<T>> {
    if !keep {
        return nested(o, name, f);
    }
    let mut out = Vec::with_capacity(4);
    each(o, name, |x| {
        let s = out.len();
        if memo.len() <= s {
            memo.push(None);
        }
        let v = match &memo[s] {
            Some((seen, v)) if seen.as_ptr() == x.as_ptr() => v.clone(),
            _ => {
                let v = f(x)?;
                // only a tuple is remembered: a list could change under the same address
                memo[s] = if x.is_instance_of::<PyTuple>() {
                    Some((x.clone().unbind(), v.clone()))
                } else {
                    None
                };
                v
            }
        };
        out.push(v);
        Ok(())
    })?;
    Ok(out)
}

/// [`action`], remembered by object in `memo`.
fn action_memo(
    o: &Bound<'_, PyAny>,
    cls: &[Py<PyType>],
    keep: bool,
    memo: &mut ActionMemo,
) -> R<(u8, ActionView)> {
    if !keep {
        return action(o, cls);
    }
    let key = o.as_ptr() as usize;
    if let Some((_, s, a)) = memo.get(&key) {
        return Ok((*s, *a));
    }
    let (s, a) = action(o, cls)?;
    if memo.len() >= ACTION_MEMO {
        memo.clear();
    }
    memo.insert(key, (o.clone().unbind(), s, a));
    Ok((s, a))
}

fn observation(o: &Bound<'_, PyAny>, cls: &[Py<PyType>], memo: &mut Memo) -> R<Observation> {
    let keep = memo.keep;
    let players = small(&attr!(o, "players")?, "players", 5)?;
    let seat = small(&attr!(o, "seat")?, "seat", 4)?;
    let legal_obj = attr!(o, "legal_actions")?;
    let mut legal = Vec::with_capacity(16);
    each(&legal_obj, "legal_actions", |a| {
        let (s, v) = action_memo(a, cls, keep, &mut memo.actions)?;
        if s != seat {
            return Err(bad(
                "legal_actions",
                format!("an action of seat {s} in the observation of seat {seat}"),
            ));
        }
        legal.push(v);
        Ok(())
    })?;
    let red_obj = attr!(o, "red_ids")?;
    let red = &mut memo.red;
    if red.seen.as_ref().map(|r| r.as_ptr()) != Some(red_obj.as_ptr()) {
        let mut bits = [0u64; 3];
        each(&red_obj, "red_ids", |t| {
            let t = id(t, "red_ids")?;
            bits[(t >> 6) as usize] |= 1 << (t & 63);
            Ok(())
        })?;
        red.bits = bits;
        red.seen = Some(red_obj.clone().unbind());
    }
    let red_bits = red.bits;
    Ok(Observation {
        seat,
        players,
        round_wind: small(&attr!(o, "round_wind")?, "round_wind", 4)?,
        seat_wind: small(&attr!(o, "seat_wind")?, "seat_wind", 4)?,
        dealer: small(&attr!(o, "dealer")?, "dealer", 4)?,
        honba: i32_of(&attr!(o, "honba")?, "honba")?,
        kyotaku: i32_of(&attr!(o, "kyotaku")?, "kyotaku")?,
        scores: nested(&attr!(o, "scores")?, "scores", |s| i32_of(s, "scores"))?,
        hand: ids(&attr!(o, "hand")?, "hand")?,
        drawn: opt(&attr!(o, "drawn")?, |d| id(d, "drawn"))?,
        melds: per_seat(&attr!(o, "melds")?, "melds", keep, &mut memo.melds, |per| {
            nested(per, "melds", meld).map(Arc::new)
        })?,
        rivers: per_seat(
            &attr!(o, "rivers")?,
            "rivers",
            keep,
            &mut memo.rivers,
            |r| ids(r, "rivers").map(Arc::new),
        )?,
        tsumogiri: per_seat(
            &attr!(o, "tsumogiri")?,
            "tsumogiri",
            keep,
            &mut memo.tsumogiri,
            |r| flags(r, "tsumogiri").map(Arc::new),
        )?,
        called: per_seat(
            &attr!(o, "called")?,
            "called",
            keep,
            &mut memo.called,
            |r| flags(r, "called").map(Arc::new),
        )?,
        riichi_index: nested(&attr!(o, "riichi_index")?, "riichi_index", |i| {
            i32_of(i, "riichi_index")
        })?,
        riichi: flags(&attr!(o, "riichi")?, "riichi")?,
        nukidora: per_seat(
            &attr!(o, "nukidora")?,
            "nukidora",
            keep,
            &mut memo.nukidora,
            |r| ids(r, "nukidora").map(Arc::new),
        )?,
        dora_indicators: ids(&attr!(o, "dora_indicators")?, "dora_indicators")?,
        live_tiles_left: i32_of(&attr!(o, "live_tiles_left")?, "live_tiles_left")?,
        pending: opt(&attr!(o, "pending")?, pending)?,
        legal,
        red: red_bits,
    })
}

fn observations(list: &Bound<'_, PyAny>) -> PyResult<Vec<Observation>> {
    let cls = classes(list.py())?;
    let mut memo = Memo {
        keep: list.len().map_or(true, |n| n > 1), // rows share tuples
        ..Memo::default()
    };
    let mut out = Vec::new();
    let mut row = 0usize;
    each(list, "observations", |o| {
        let ob = observation(o, cls, &mut memo).map_err(|e| Error::Row {
            row,
            error: Box::new(e),
        })?;
        out.push(ob);
        row += 1;
        Ok(())
    })?;
    Ok(out)
}

fn one(obs: &Bound<'_, PyAny>) -> PyResult<Observation> {
    let o = observation(obs, classes(obs.py())?, &mut Memo::default())?;
    o.check()?;
    Ok(o)
}

/// A shape of at most 5 axes without a heap allocation: the axes and how many are used.
type Shape = ([usize; 5], usize);

fn array<'py, T: numpy::Element>(
    py: Python<'py>,
    v: Vec<T>,
    shape: Shape,
) -> PyResult<Bound<'py, PyAny>> {
    Ok(PyArray1::from_vec(py, v)
        .reshape(&shape.0[..shape.1])?
        .into_any())
}

/// Encode a sequence of observations of `players` players: a dict of NumPy arrays with a
/// leading batch axis (see `riichi.features`).
#[pyfunction]
fn features_encode_batch<'py>(
    py: Python<'py>,
    observations_: &Bound<'py, PyAny>,
    players: usize,
) -> PyResult<Bound<'py, PyDict>> {
    let obs = observations(observations_)?;
    let e = py.detach(|| features::encode_batch(&obs, players))?;
    let m = e.rows;
    arrays(py, e, &[m], true)
}

/// The arrays of `e` as a dict of NumPy arrays, each of shape `lead` + its own shape
/// (`lead` is `[rows]` for a batch, `[]` for one observation), the mask included or not.
fn arrays<'py>(
    py: Python<'py>,
    e: features::Encoded,
    lead: &[usize],
    mask: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let n = e.players;
    let shape = |tail: &[usize]| -> Shape {
        let mut s = [0; 5];
        s[..lead.len()].copy_from_slice(lead);
        s[lead.len()..lead.len() + tail.len()].copy_from_slice(tail);
        (s, lead.len() + tail.len())
    };
    let d = PyDict::new(py);
    d.set_item("hand", array(py, e.hand, shape(&[34]))?)?;
    d.set_item("hand_red", array(py, e.hand_red, shape(&[3]))?)?;
    d.set_item("drawn", array(py, e.drawn, shape(&[2]))?)?;
    d.set_item(
        "melds",
        array(py, e.melds, shape(&[n, MAX_MELDS, MELD_FIELDS]))?,
    )?;
    d.set_item("nukidora", array(py, e.nukidora, shape(&[n]))?)?;
    d.set_item(
        "river",
        array(py, e.river, shape(&[n, RIVER_LEN, RIVER_FIELDS]))?,
    )?;
    d.set_item(
        "dora_indicators",
        array(py, e.dora_indicators, shape(&[MAX_INDICATORS, 2]))?,
    )?;
    d.set_item("dora", array(py, e.dora, shape(&[34]))?)?;
    d.set_item("seen", array(py, e.seen, shape(&[34]))?)?;
    d.set_item("scores", array(py, e.scores, shape(&[n]))?)?;
    d.set_item("riichi", array(py, e.riichi, shape(&[n]))?)?;
    d.set_item("round", array(py, e.round, shape(&[ROUND_FIELDS]))?)?;
    d.set_item("pending", array(py, e.pending, shape(&[4]))?)?;
    d.set_item("shanten", array(py, e.shanten, shape(&[]))?)?;
    d.set_item("waits", array(py, e.waits, shape(&[34]))?)?;
    d.set_item(
        "discard_shanten",
        array(py, e.discard_shanten, shape(&[34]))?,
    )?;
    if mask {
        d.set_item(
            "action_mask",
            array(py, e.action_mask, shape(&[NUM_ACTIONS]))?,
        )?;
    }
    Ok(d)
}

/// The flat float32 vector of `row` (`features::Row::write_flat_into`, `players` 3 or 4)
/// and its int8 action mask (1 at each index of `legal`, the row's legal indices), each
/// written straight into a new NumPy array.
fn flat_arrays<'py>(
    py: Python<'py>,
    row: &features::Row,
    players: usize,
    legal: &[usize],
) -> (Bound<'py, PyAny>, Bound<'py, PyAny>) {
    let len = features::flat_len(players);
    // SAFETY: a new C-contiguous array of `len` float32 that nothing else sees yet; every
    // value is written before it is handed out
    let x = unsafe { PyArray1::<f32>::new(py, [len], false) };
    row.write_flat_into(players, unsafe {
        std::slice::from_raw_parts_mut(x.data(), len)
    });
    let mask = PyArray1::<i8>::zeros(py, [NUM_ACTIONS], false);
    // SAFETY: as above, a new zeroed array of NUM_ACTIONS int8; legal indices are below
    // NUM_ACTIONS (features::action_index)
    let m = unsafe { std::slice::from_raw_parts_mut(mask.data(), NUM_ACTIONS) };
    for &i in legal {
        m[i] = 1;
    }
    (x.into_any(), mask.into_any())
}

/// An encoder for a stream of observations (an environment's, step after step): it
/// remembers the tuples and actions it read, so each observation reads only what changed
/// since the one before (see [`Memo`]).
#[pyclass(name = "FeatureReader", module = "riichi._core")]
#[derive(Default)]
struct FeatureReader {
    memo: Memo,
}

#[pymethods]
impl FeatureReader {
    #[new]
    fn new() -> Self {
        Self {
            memo: Memo {
                keep: true,
                ..Memo::default()
            },
        }
    }

    /// One observation as `(x, mask, legal)`: `x` every array but the mask flattened into
    /// one float32 vector (`features::Row::write_flat`), `mask` the action mask as int8
    /// (NUM_ACTIONS,), `legal` the mask index of each legal action in the order of
    /// `obs.legal_actions`.
    fn encode_flat<'py>(
        &mut self,
        py: Python<'py>,
        obs: &Bound<'py, PyAny>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>, Vec<usize>)> {
        let o = observation(obs, classes(py)?, &mut self.memo)?;
        let (row, legal) = features::encode_legal(&o)?; // checks it
        let (x, mask) = flat_arrays(py, &row, o.players as usize, &legal);
        Ok((x, mask, legal))
    }

    /// One observation as `(arrays, mask, legal)`: `arrays` a dict of every array but the
    /// mask, each with its own shape (no batch axis), `mask` and `legal` as
    /// [`Self::encode_flat`] gives them.
    fn encode_dict<'py>(
        &mut self,
        py: Python<'py>,
        obs: &Bound<'py, PyAny>,
    ) -> PyResult<(Bound<'py, PyDict>, Bound<'py, PyAny>, Vec<usize>)> {
        let o = observation(obs, classes(py)?, &mut self.memo)?;
        let (row, legal) = features::encode_legal(&o)?; // checks it
        let mask: Vec<i8> = row.mask.iter().map(|&b| i8::from(b)).collect();
        let mut e = features::Encoded {
            players: o.players as usize,
            ..Default::default()
        };
        e.push(&row);
        Ok((
            arrays(py, e, &[], false)?,
            PyArray1::from_vec(py, mask).into_any(),
            legal,
        ))
    }

    /// The mask index of each legal action of `obs`, in order.
    fn legal_indices(&mut self, obs: &Bound<'_, PyAny>) -> PyResult<Vec<usize>> {
        let o = observation(obs, classes(obs.py())?, &mut self.memo)?;
        o.check()?;
        Ok(features::legal_indices(&o)?)
    }
}

/// The mask index of each legal action of `obs`, in order.
#[pyfunction]
fn features_legal_indices(obs: &Bound<'_, PyAny>) -> PyResult<Vec<usize>> {
    let o = one(obs)?;
    Ok(features::legal_indices(&o)?)
}

/// `(index, "")` of the choice `action` makes in `obs`, or `(-1, reason)` when it is no
/// choice of `obs` (another seat, a turn action during claims, ...). Legality against
/// the mask is the caller's question.
#[pyfunction]
fn features_action_index(
    obs: &Bound<'_, PyAny>,
    action_: &Bound<'_, PyAny>,
) -> PyResult<(i64, String)> {
    let o = one(obs)?;
    let (seat, a) = action(action_, classes(obs.py())?)?;
    if seat != o.seat {
        return Ok((
            -1,
            format!(
                "an action of seat {seat}, not of the observing seat {}",
                o.seat
            ),
        ));
    }
    Ok(match features::action_index(&o, &a) {
        Ok(i) => (i as i64, String::new()),
        Err(reason) => (-1, reason),
    })
}

/// What [`RoundReader`] keeps of the round it reads, brought up to date from the round's
/// event stream and players as they grow (each event, discard and meld read once). The
/// public per-seat facts live in `obs`, the observation a read fills in place (its
/// buffers reused from read to read).
#[derive(Default)]
struct RoundMemo {
    /// The round read (held, so its address names it while the memo lives).
    round: Option<Py<PyAny>>,
    players: u8,
    /// `len(rnd.events)` when the memo was last brought up to date.
    events: usize,
    pending_riichi: Vec<bool>,
    /// The discards read (`riichi.events.Dahai`, frozen; the round shares one object per
    /// seat, tile and flag): actor and tsumogiri by the address of the (held) event. Kept
    /// from round to round; at most [`ACTION_MEMO`], then forgotten.
    discards: HashMap<usize, (Py<PyAny>, u8, bool), BuildHasherDefault<AddressHasher>>,
    /// Bit `id` set for each id called from a river.
    taken: [u64; 3],
    /// Per seat, the meld objects read (a kakan replaces its pon: compared by identity).
    meld_objs: Vec<Vec<Py<PyAny>>>,
    nuki_objs: Vec<Option<Py<PyAny>>>,
    dora_revealed: i64,
    /// `(dealer, round_wind, honba)`, read once: a round sets them when it is made.
    fixed: Option<(u8, u8, i32)>,
    /// The round's `_open_riichi` (fixed by its rules), read once.
    open_riichi: Option<bool>,
    red_obj: Option<Py<PyAny>>,
    /// The last view read: melds, rivers, tsumogiri, called, riichi_index, nukidora, dora
    /// and red kept up to date here; the seat's own fields rewritten by each read.
    obs: Observation,
}

fn list_of<'a, 'py>(o: &'a Bound<'py, PyAny>, name: &'static str) -> R<&'a Bound<'py, PyList>> {
    o.cast::<PyList>()
        .map_err(|_| bad(name, format!("expected a list, got {}", shown(o))))
}

impl RoundMemo {
    fn reset(&mut self, rnd: &Bound<'_, PyAny>) -> R<()> {
        let n = list_of(&attr!(rnd, "players")?, "players")?.len();
        if n != 3 && n != 4 {
            return Err(bad("players", format!("{n} players: expected 3 or 4")));
        }
        let red_obj = attr!(rnd, "_reds")?;
        let mut red = [0u64; 3];
        each(&red_obj, "red_ids", |t| {
            let t = id(t, "red_ids")?;
            red[(t >> 6) as usize] |= 1 << (t & 63);
            Ok(())
        })?;
        let discards = std::mem::take(&mut self.discards);
        *self = RoundMemo {
            discards,
            round: Some(rnd.clone().unbind()),
            players: n as u8,
            events: 0,
            pending_riichi: vec![false; n],
            taken: [0; 3],
            meld_objs: (0..n).map(|_| Vec::new()).collect(),
            nuki_objs: (0..n).map(|_| None).collect(),
            dora_revealed: -1,
            fixed: None,
            open_riichi: None,
            red_obj: Some(red_obj.unbind()),
            obs: Observation {
                players: n as u8,
                melds: vec![Shared::default(); n],
                rivers: vec![Shared::default(); n],
                tsumogiri: vec![Shared::default(); n],
                called: vec![Shared::default(); n],
                riichi_index: vec![-1; n],
                nukidora: vec![Shared::default(); n],
                red,
                ..Observation::default()
            },
        };
        Ok(())
    }

    /// Bring the memo up to the round `rnd` (a round not read before starts afresh).
    fn sync(&mut self, rnd: &Bound<'_, PyAny>) -> R<()> {
        let py = rnd.py();
        if self.round.as_ref().map(|r| r.as_ptr()) != Some(rnd.as_ptr()) {
            self.reset(rnd)?;
        }
        let events_obj = attr!(rnd, "events")?;
        let events = list_of(&events_obj, "events")?;
        let len = events.len();
        if len == self.events {
            return Ok(()); // every discard, call, kan and dora reveal is an event
        }
        let n = self.players as usize;
        let np = self.players;
        let o = &mut self.obs;
        // the seats whose melds, river or nukidora may have changed (`dirty`: read them
        // all again) or whose river alone grew (`discarded`): a discard is an event of its
        // actor, and so is a call, kan or nukidora; a draw, riichi declaration or riichi
        // stick changes none of them; any other event without an actor (the round's
        // start, a dora reveal, ...) makes every seat read again, and the dora indicators
        let all = (1u8 << n) - 1;
        let mut dirty = if self.events == 0 { all } else { 0 };
        let mut discarded = 0u8;
        let mut other = self.events == 0;
        let cls = event_classes(py).map_err(|e| bad("events", format!("riichi.events: {e}")))?;
        let is = |ty: &Bound<'_, PyType>, c: &Py<PyType>| ty.is(c.bind(py));
        for i in self.events..len {
            let ev = events
                .get_item(i)
                .map_err(|_| bad("events", "changed while read".into()))?;
            // the kinds read here are known by their class (the round makes exactly these);
            // an event of another class by its mjai type
            let ty = ev.get_type();
            let kind = if is(&ty, &cls.tsumo) {
                continue; // a draw: nothing public changes
            } else if is(&ty, &cls.dahai) {
                Plain::Dahai
            } else if is(&ty, &cls.reach) {
                Plain::Reach
            } else if is(&ty, &cls.reach_accepted) {
                continue; // the stick: scores, read by every read
            } else {
                let t = attr!(ev, "type")?;
                if t.eq(intern!(py, "dahai")).unwrap_or(false) {
                    Plain::Dahai
                } else if t.eq(intern!(py, "reach")).unwrap_or(false) {
                    Plain::Reach
                } else {
                    Plain::Other
                }
            };
            // a discard read before: the same (frozen) object, its actor and flag
            let frozen = is(&ty, &cls.dahai); // riichi.events.Dahai itself: frozen
            let known = match kind {
                Plain::Dahai if frozen => self
                    .discards
                    .get(&(ev.as_ptr() as usize))
                    .map(|&(_, s, g)| (s, g))
                    .filter(|&(s, _)| s < np),
                _ => None,
            };
            let actor = match known {
                Some((s, _)) => Some(usize::from(s)),
                None => {
                    let actor = ev
                        .getattr(intern!(py, "actor"))
                        .ok()
                        .filter(|a| !a.is_none());
                    match actor {
                        Some(a) => Some(small(&a, "actor", np.into())? as usize),
                        None => None,
                    }
                }
            };
            match (kind, actor) {
                (Plain::Dahai, Some(s)) => {
                    if self.pending_riichi[s] {
                        o.riichi_index[s] = o.tsumogiri[s].len() as i32;
                        self.pending_riichi[s] = false;
                    }
                    let g = match known {
                        Some((_, g)) => g,
                        None => {
                            let g = attr!(ev, "tsumogiri")?.is_truthy().unwrap_or(false);
                            if frozen {
                                if self.discards.len() >= ACTION_MEMO {
                                    self.discards.clear();
                                }
                                self.discards.insert(
                                    ev.as_ptr() as usize,
                                    (ev.clone().unbind(), s as u8, g),
                                );
                            }
                            g
                        }
                    };
                    Arc::make_mut(&mut o.tsumogiri[s]).push(g);
                    discarded |= 1 << s;
                }
                (Plain::Reach, Some(s)) => self.pending_riichi[s] = true,
                (Plain::Dahai | Plain::Reach, None) => {
                    return Err(bad("actor", format!("{} has no actor", shown(&ev))))
                }
                (Plain::Other, Some(s)) => {
                    dirty |= 1 << s;
                    other = true;
                }
                (Plain::Other, None) => {
                    dirty = all;
                    other = true;
                }
            }
        }
        self.events = len;
        let players_obj = attr!(rnd, "players")?;
        let players = list_of(&players_obj, "players")?;
        if players.len() != n {
            return Err(bad(
                "players",
                format!("{} players, was {n}", players.len()),
            ));
        }
        let taken = &mut self.taken;
        let is_taken = |taken: &[u64; 3], t: u8| taken[(t >> 6) as usize] >> (t & 63) & 1 == 1;
        let mut new_call = false;
        for (s, p) in players.iter().enumerate() {
            if (dirty | discarded) >> s & 1 == 0 {
                continue;
            }
            if dirty >> s & 1 == 0 {
                // a discard alone: the river grew by its entries, nothing else changed
                let river_obj = attr!(p, "river")?;
                let river = list_of(&river_obj, "river")?;
                let known = o.rivers[s].len();
                if river.len() < known {
                    return Err(bad("river", format!("seat {s}: a river shrank")));
                }
                for j in known..river.len() {
                    let t = id(
                        &river
                            .get_item(j)
                            .map_err(|_| bad("river", "changed".into()))?,
                        "rivers",
                    )?;
                    Arc::make_mut(&mut o.rivers[s]).push(t);
                    Arc::make_mut(&mut o.called[s]).push(is_taken(taken, t));
                }
                continue;
            }
            let melds_obj = attr!(p, "melds")?;
            let ms = list_of(&melds_obj, "melds")?;
            let objs = &self.meld_objs[s];
            let same = ms.len() == objs.len()
                && ms
                    .iter()
                    .zip(objs.iter())
                    .all(|(m, o)| m.as_ptr() == o.as_ptr());
            if !same {
                let mut views = Vec::with_capacity(ms.len());
                let mut held = Vec::with_capacity(ms.len());
                for m in ms.iter() {
                    let v = meld_state(&m)?;
                    if let Some(c) = v.called {
                        if !is_taken(taken, c) {
                            taken[(c >> 6) as usize] |= 1 << (c & 63);
                            new_call = true;
                        }
                    }
                    views.push(v);
                    held.push(m.unbind());
                }
                o.melds[s] = Arc::new(views);
                self.meld_objs[s] = held;
            }
            let river_obj = attr!(p, "river")?;
            let river = list_of(&river_obj, "river")?;
            let known = o.rivers[s].len();
            if river.len() < known {
                return Err(bad("river", format!("seat {s}: a river shrank")));
            }
            for j in known..river.len() {
                let t = river
                    .get_item(j)
                    .map_err(|_| bad("river", "changed".into()))?;
                let t = id(&t, "rivers")?;
                Arc::make_mut(&mut o.rivers[s]).push(t);
                Arc::make_mut(&mut o.called[s]).push(is_taken(taken, t));
            }
            let nuki = attr!(p, "nuki")?;
            if self.nuki_objs[s].as_ref().map(|o| o.as_ptr()) != Some(nuki.as_ptr()) {
                o.nukidora[s] = Arc::new(ids(&nuki, "nukidora")?);
                self.nuki_objs[s] = if nuki.is_instance_of::<PyTuple>() {
                    Some(nuki.unbind())
                } else {
                    None
                };
            }
        }
        if new_call {
            // a tile called away from a river entry seen before
            for (r, c) in o.rivers.iter().zip(o.called.iter_mut()) {
                *c = Arc::new(r.iter().map(|&t| is_taken(taken, t)).collect());
            }
        }
        if !other {
            return Ok(()); // draws, discards and riichi only: no dora indicator turned
        }
        let revealed = int(&attr!(rnd, "_dora_revealed")?, "_dora_revealed")?;
        if revealed != self.dora_revealed {
            o.dora_indicators = ids(&attr!(rnd, "dora_indicators")?, "dora_indicators")?;
            self.dora_revealed = revealed;
        }
        Ok(())
    }
}

/// What [`RoundMemo::sync`] reads of an event.
#[derive(Clone, Copy)]
enum Plain {
    Dahai,
    Reach,
    Other,
}

/// The classes of `riichi.events` that [`RoundMemo::sync`] knows by identity.
struct EventClasses {
    tsumo: Py<PyType>,
    dahai: Py<PyType>,
    reach: Py<PyType>,
    reach_accepted: Py<PyType>,
}

static EVENT_CLASSES: PyOnceLock<EventClasses> = PyOnceLock::new();

fn event_classes(py: Python<'_>) -> PyResult<&EventClasses> {
    EVENT_CLASSES.get_or_try_init(py, || {
        let m = py.import("riichi.events")?;
        let c = |name: &str| -> PyResult<Py<PyType>> {
            Ok(m.getattr(name)?.cast_into::<PyType>()?.unbind())
        };
        Ok(EventClasses {
            tsumo: c("Tsumo")?,
            dahai: c("Dahai")?,
            reach: c("Reach")?,
            reach_accepted: c("ReachAccepted")?,
        })
    })
}

/// A round's meld (`riichi.kyoku.state.MeldState`: kind, tiles, called, source).
fn meld_state(m: &Bound<'_, PyAny>) -> R<MeldView> {
    let name = "melds";
    let k = attr!(m, "kind")?;
    let kind = match k.extract::<String>().unwrap_or_default().as_str() {
        "chi" => MeldType::Chi,
        "pon" => MeldType::Pon,
        "daiminkan" => MeldType::Daiminkan,
        "ankan" => MeldType::Ankan,
        "kakan" => MeldType::Kakan,
        _ => return Err(bad(name, format!("unknown meld kind {}", shown(&k)))),
    };
    Ok(MeldView {
        kind,
        ids: ids(&attr!(m, "tiles")?, name)?,
        called: opt(&attr!(m, "called")?, |c| id(c, name))?,
        source: opt(&attr!(m, "source")?, |s| small(s, name, 4))?,
    })
}

/// `riichi.kyoku.state.TURN_CODES`: per seat, the round's shared turn action objects by
/// the core's action code (what `turn.turn_actions` hands to `SeatHand.turn_list`).
static TURN_CODES: PyOnceLock<Py<PyList>> = PyOnceLock::new();

fn turn_codes(py: Python<'_>) -> PyResult<&Py<PyList>> {
    TURN_CODES.get_or_try_init(py, || {
        Ok(py
            .import("riichi.kyoku.state")?
            .getattr("TURN_CODES")?
            .cast_into::<PyList>()?
            .unbind())
    })
}

/// The view of a turn action of the core (codes below the ankan ones: discards, riichi,
/// tsumo, kyuushu); None for the others (ankan, kakan, kita: not shared objects).
fn turn_view(a: &SeatAction) -> Option<ActionView> {
    Some(match *a {
        SeatAction::Discard { tile, tsumogiri } => ActionView::Discard { tile, tsumogiri },
        // the core lists closed riichi only (the open twin is added by the round in Python)
        SeatAction::Riichi { tile, tsumogiri } => ActionView::Riichi {
            tile,
            tsumogiri,
            open: false,
        },
        SeatAction::Tsumo => ActionView::Tsumo,
        SeatAction::Kyuushu => ActionView::Kyuushu,
        _ => return None,
    })
}

/// What `Round._legal` lists for a seat, by the round's phase.
enum Asked<'a, 'py> {
    /// The turn seat on its turn: its turn actions, from its hand and the round's table.
    Turn(&'a PySeatHand, &'a PySeatTable),
    /// A tile open to claims (the round's `_claim`): the seat's options unless it answered.
    Claim(&'a Bound<'py, PyAny>),
    /// Another seat's turn, or the round is over: nothing.
    Nothing,
}

/// The legal actions of `seat` in the round `rnd` now, with their views in `views`: the
/// very list `Round._legal(seat)` gives and keeps in the round's cache (`_cache`, for
/// `_version`), so that `Round.step` knows each of them as an action it offered (its
/// identity shortcut past `_check`). A list the round cached for this version is taken as
/// it is; otherwise `Round._legal`'s own cases are followed without its Python frames and
/// the list is cached as it caches it: the turn seat's turn actions (the core call of
/// `turn.turn_actions`: `SeatHand.turn_list` over the shared objects of `TURN_CODES`), a
/// claim's options for the seat (`[]` once it answered), `[]` for a seat with nothing to
/// do. What it does not follow (open riichi, an ankan, kakan or kita among the turn
/// actions) is asked of `Round._legal` itself. `open_riichi`: the round's `_open_riichi`.
fn round_legal<'py>(
    rnd: &Bound<'py, PyAny>,
    seat: u8,
    asked: Asked<'_, 'py>,
    open_riichi: bool,
    memo: &mut ActionMemo,
    views: &mut Vec<ActionView>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = rnd.py();
    let cls = classes(py)?;
    let read_views =
        |legal: &Bound<'py, PyAny>, views: &mut Vec<ActionView>, memo: &mut ActionMemo| -> R<()> {
            views.clear();
            each(legal, "legal_actions", |a| {
                let (s, v) = action_memo(a, cls, true, memo)?;
                if s != seat {
                    return Err(bad(
                        "legal_actions",
                        format!("an action of seat {s} in the observation of seat {seat}"),
                    ));
                }
                views.push(v);
                Ok(())
            })
        };
    let version = attr!(rnd, "_version")?;
    let cache_obj = attr!(rnd, "_cache")?;
    let cache = cache_obj.cast::<PyDict>().map_err(|_| {
        bad(
            "_cache",
            format!("expected a dict, got {}", shown(&cache_obj)),
        )
    })?;
    let current = attr!(rnd, "_cache_version")?.eq(&version)?;
    if current {
        if let Some(legal) = cache.get_item(seat)? {
            read_views(&legal, views, memo)?;
            return Ok(legal);
        }
    }
    let legal: Option<Bound<'py, PyAny>> = match asked {
        Asked::Turn(hand, table) if !open_riichi => {
            let codes = turn_codes(py)?.bind(py).get_item(seat.into())?;
            let codes = codes.cast::<PyList>()?;
            let mut objs: Vec<Bound<'py, PyAny>> = Vec::with_capacity(24);
            views.clear();
            let mut shared = true;
            let listed = hand.turn_objects(table, codes, |a, x| match turn_view(&a) {
                Some(v) if shared => {
                    views.push(v);
                    objs.push(x);
                }
                _ => shared = false,
            })?;
            if listed && shared {
                Some(PyList::new(py, objs)?.into_any())
            } else {
                None
            }
        }
        Asked::Turn(..) => None,
        Asked::Claim(c) => {
            let options = attr!(c, "options")?;
            match options.cast::<PyDict>() {
                Ok(options) => {
                    let answered = attr!(c, "responses")?.contains(seat)?;
                    let legal = match options.get_item(seat)? {
                        Some(l) if !answered && l.is_truthy()? => l,
                        _ => PyList::empty(py).into_any(),
                    };
                    read_views(&legal, views, memo)?;
                    Some(legal)
                }
                Err(_) => None,
            }
        }
        Asked::Nothing => {
            views.clear();
            Some(PyList::empty(py).into_any())
        }
    };
    let Some(legal) = legal else {
        let legal = rnd.call_method1(intern!(py, "_legal"), (seat,))?;
        read_views(&legal, views, memo)?;
        return Ok(legal);
    };
    // the round's cache holds the listings of one version (as Round._legal keeps it)
    if !current {
        // listings of an older version: forgotten (Round._legal starts a new dict;
        // nothing else holds the round's)
        cache.clear();
        rnd.setattr(intern!(py, "_cache_version"), &version)?;
    }
    cache.set_item(seat, &legal)?;
    Ok(legal)
}

/// One decision recorded by [`RoundReader::push`]: the observation and the round's legal
/// action objects (shared, immutable), the pending tile's kind as the round named it.
struct Record {
    obs: Observation,
    legal: Vec<Py<PyAny>>,
    claim: bool,
    red: Py<PyAny>,
}

/// What [`RoundReader`]'s encoders give: the arrays (`X`), the mask, the legal indices and
/// the round's legal action objects.
type Encoding<'py, X> = (X, Bound<'py, PyAny>, Vec<usize>, Bound<'py, PyList>);

/// A reader of a live round (`riichi.Round`) for the feature encoder: it reads a seat's
/// view straight from the round (the seats' core hands, rivers, melds, the event stream
/// for tsumogiri and riichi marks) into the core's observation, without building the
/// Python `Observation`; what did not change since the last read is not read again. One
/// reader follows one round at a time (a read of another round starts afresh).
#[pyclass(name = "RoundReader", module = "riichi._core")]
#[derive(Default)]
struct RoundReader {
    memo: RoundMemo,
    actions: ActionMemo,
    records: Vec<Record>,
    /// Per seat, the hand analysis of its last encoding (reused while its hand is the same).
    hands: [features::HandMemo; 4],
}

impl RoundReader {
    /// Read the seat's view now into `self.memo.obs`; the round's legal action objects
    /// for it go to `objs` (when given); whether a tile is open to claims.
    fn read(
        &mut self,
        rnd: &Bound<'_, PyAny>,
        seat: i64,
        objs: Option<&mut Vec<Py<PyAny>>>,
    ) -> PyResult<bool> {
        self.read_legal(rnd, seat, objs).map(|(claim, _)| claim)
    }

    /// The encoded row of `seat` now, its legal mask indices and the round's legal action
    /// objects (the read shared by [`Self::encode_flat`] and [`Self::encode_dict`]).
    fn encoded_row<'py>(
        &mut self,
        rnd: &Bound<'py, PyAny>,
        seat: i64,
    ) -> PyResult<(features::Row, Vec<usize>, Bound<'py, PyList>)> {
        let (_, objs) = self.read_legal(rnd, seat, None)?;
        let objs = Self::legal_list(objs)?;
        let o = &self.memo.obs;
        // ids checked as read, the rest here
        let (row, legal) = features::encode_checked_ids_memo(o, &mut self.hands[o.seat as usize])?;
        Ok((row, legal, objs))
    }

    /// The round's legal actions of `seat` as a list, from what [`Self::read_legal`]
    /// gave: the round's own list when it is one (the round never changes a list of legal
    /// actions it gave out: it makes a new one when they change), else a list of its items.
    fn legal_list<'py>(legal: Bound<'py, PyAny>) -> PyResult<Bound<'py, PyList>> {
        if legal.is_exact_instance_of::<PyList>() {
            return Ok(legal.cast_into::<PyList>()?);
        }
        let items = legal.try_iter()?.collect::<PyResult<Vec<_>>>()?;
        PyList::new(legal.py(), items)
    }

    /// As [`Self::read`], also giving the round's legal actions object for the seat.
    fn read_legal<'py>(
        &mut self,
        rnd: &Bound<'py, PyAny>,
        seat: i64,
        objs: Option<&mut Vec<Py<PyAny>>>,
    ) -> PyResult<(bool, Bound<'py, PyAny>)> {
        let py = rnd.py();
        self.memo.sync(rnd)?;
        let n = self.memo.players;
        if !(0..i64::from(n)).contains(&seat) {
            return Err(bad("seat", format!("{seat} is not a seat of {n} players")).into());
        }
        let seat = seat as u8;
        let seats_obj = attr!(rnd, "_seats")?;
        let seats = list_of(&seats_obj, "_seats")?;
        let o = &mut self.memo.obs;
        o.seat = seat;
        o.riichi.clear();
        let mut own = None;
        for (s, h) in seats.iter().enumerate() {
            let h = h.cast_into::<PySeatHand>().map_err(|e| {
                bad(
                    "_seats",
                    format!(
                        "expected a riichi._core.SeatHand, got {}",
                        shown(&e.into_inner())
                    ),
                )
            })?;
            let b = h.borrow();
            o.riichi.push(b.0.riichi);
            if s == seat as usize {
                o.hand.clear();
                o.hand.extend(b.0.ids());
                drop(b);
                own = Some(h);
            }
        }
        let own = match own {
            Some(h) if o.riichi.len() == n as usize => h,
            _ => {
                return Err(bad(
                    "_seats",
                    format!("{} seats for {n} players", o.riichi.len()),
                )
                .into())
            }
        };
        let table_obj = attr!(rnd, "_table")?;
        let table = table_obj
            .cast::<PySeatTable>()
            .map_err(|_| {
                bad(
                    "_table",
                    format!(
                        "expected a riichi._core.SeatTable, got {}",
                        shown(&table_obj)
                    ),
                )
            })?
            .borrow();
        let phase = attr!(rnd, "_phase")?;
        let turn_phase = phase.eq(intern!(py, "turn")).unwrap_or(false);
        // the seat is the turn seat (its turn actions are the legal ones)
        let my_turn = turn_phase && int(&attr!(rnd, "_turn")?, "_turn")? == i64::from(seat);
        o.drawn = if my_turn {
            opt(&attr!(rnd, "_drawn")?, |d| id(d, "drawn"))?
        } else {
            None
        };
        let claim = attr!(rnd, "_claim")?;
        o.pending = if claim.is_none() {
            None
        } else {
            let k = attr!(claim, "kind")?;
            let kind = if k.eq(intern!(py, "dahai")).unwrap_or(false) {
                PendingType::Dahai
            } else if k.eq(intern!(py, "kakan")).unwrap_or(false) {
                PendingType::Kakan
            } else if k.eq(intern!(py, "ankan")).unwrap_or(false) {
                PendingType::Ankan
            } else if k.eq(intern!(py, "nukidora")).unwrap_or(false) {
                PendingType::Nukidora
            } else {
                return Err(bad("pending", format!("unknown pending kind {}", shown(&k))).into());
            };
            Some((
                kind,
                small(&attr!(claim, "seat")?, "pending", 4)?,
                id(&attr!(claim, "tile")?, "pending")?,
            ))
        };
        let own = own.borrow();
        let asked = if my_turn {
            Asked::Turn(&own, &table)
        } else if !turn_phase && phase.eq(intern!(py, "claim")).unwrap_or(false) {
            Asked::Claim(&claim)
        } else {
            Asked::Nothing
        };
        let open_riichi = match self.memo.open_riichi {
            Some(v) => v,
            None => {
                let v = attr!(rnd, "_open_riichi")?.is_truthy()?;
                self.memo.open_riichi = Some(v);
                v
            }
        };
        let o = &mut self.memo.obs;
        let legal_obj = round_legal(
            rnd,
            seat,
            asked,
            open_riichi,
            &mut self.actions,
            &mut o.legal,
        )?;
        if let Some(objs) = objs {
            for a in legal_obj.try_iter()? {
                objs.push(a?.unbind());
            }
        }
        let (dealer, round_wind, honba) = match self.memo.fixed {
            Some(f) => f,
            None => {
                let f = (
                    small(&attr!(rnd, "dealer")?, "dealer", n.into())?,
                    small(&attr!(rnd, "round_wind")?, "round_wind", 4)?,
                    i32_of(&attr!(rnd, "honba")?, "honba")?,
                );
                self.memo.fixed = Some(f);
                f
            }
        };
        let o = &mut self.memo.obs;
        o.dealer = dealer;
        o.seat_wind = (seat + n - dealer) % n;
        o.round_wind = round_wind;
        o.honba = honba;
        o.kyotaku = i32_of(&attr!(rnd, "kyotaku")?, "kyotaku")?;
        o.scores.clear();
        let scores = &mut o.scores;
        each(&attr!(rnd, "scores")?, "scores", |s| {
            scores.push(i32_of(s, "scores")?);
            Ok(())
        })?;
        // the core's table: the round keeps it in step with `Round.live_tiles_left` (its
        // own input for the riichi and haitei rules), read without the property's frame
        o.live_tiles_left = i32::try_from(table.live_left()).map_err(|_| {
            bad(
                "live_tiles_left",
                format!("{} does not fit in int32", table.live_left()),
            )
        })?;
        Ok((!turn_phase, legal_obj))
    }
}

#[pymethods]
impl RoundReader {
    #[new]
    fn new() -> Self {
        Self::default()
    }

    /// The view of `seat` in the round `rnd` now as `(x, mask, legal, actions)`: `x` every
    /// array but the mask flattened into one float32 vector (as
    /// [`FeatureReader::encode_flat`]), `mask` the action mask as int8 (NUM_ACTIONS,),
    /// `legal` the mask index of each legal action and `actions` the round's legal action
    /// objects, in the same order.
    fn encode_flat<'py>(
        &mut self,
        py: Python<'py>,
        rnd: &Bound<'py, PyAny>,
        seat: i64,
    ) -> PyResult<Encoding<'py, Bound<'py, PyAny>>> {
        let (row, legal, objs) = self.encoded_row(rnd, seat)?;
        let (x, mask) = flat_arrays(py, &row, self.memo.obs.players as usize, &legal);
        Ok((x, mask, legal, objs))
    }

    /// As [`Self::encode_flat`] with the arrays as a dict of every array but the mask, each
    /// with its own shape.
    fn encode_dict<'py>(
        &mut self,
        py: Python<'py>,
        rnd: &Bound<'py, PyAny>,
        seat: i64,
    ) -> PyResult<Encoding<'py, Bound<'py, PyDict>>> {
        let (row, legal, objs) = self.encoded_row(rnd, seat)?;
        let mask: Vec<i8> = row.mask.iter().map(|&b| i8::from(b)).collect();
        let mut e = features::Encoded {
            players: self.memo.obs.players as usize,
            ..Default::default()
        };
        e.push(&row);
        Ok((
            arrays(py, e, &[], false)?,
            PyArray1::from_vec(py, mask).into_any(),
            legal,
            objs,
        ))
    }

    /// `(legal, actions)` of `seat` now: the mask index of each legal action and the
    /// round's action objects, in order (no arrays encoded).
    fn legal<'py>(
        &mut self,
        py: Python<'py>,
        rnd: &Bound<'py, PyAny>,
        seat: i64,
    ) -> PyResult<(Vec<usize>, Bound<'py, PyList>)> {
        let mut objs = Vec::with_capacity(16);
        self.read(rnd, seat, Some(&mut objs))?;
        let o = &self.memo.obs;
        o.check_layout()?; // ids checked as read
        Ok((features::legal_indices(o)?, PyList::new(py, objs)?))
    }

    /// Record the view of `seat` now for a later [`Self::encode_rows`]; its row number.
    fn push(&mut self, rnd: &Bound<'_, PyAny>, seat: i64) -> PyResult<usize> {
        let mut legal = Vec::with_capacity(16);
        let claim = self.read(rnd, seat, Some(&mut legal))?;
        let obs = self.memo.obs.clone();
        let red = match &self.memo.red_obj {
            Some(r) => r.clone_ref(rnd.py()),
            None => rnd.py().None(),
        };
        self.records.push(Record {
            obs,
            legal,
            claim,
            red,
        });
        Ok(self.records.len() - 1)
    }

    /// For each pair of recorded row `rows[i]` and action `actions[i]`: `(index, "")`, the
    /// mask index of the choice the action makes in that row's view (as
    /// `features_action_index`), or `(-1, reason)` when it is no choice there (another
    /// seat, a turn action during claims, ...), or `(-2, "index i is masked")` when its
    /// index is not among the view's legal ones.
    fn action_indices(
        &self,
        rows: Vec<usize>,
        actions: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<(i64, String)>> {
        let acts = list_of(actions, "actions")?;
        if acts.len() != rows.len() {
            return Err(bad(
                "actions",
                format!("{} actions for {} rows", acts.len(), rows.len()),
            )
            .into());
        }
        let cls = classes(actions.py())?;
        let mut out = Vec::with_capacity(rows.len());
        for (&r, a) in rows.iter().zip(acts.iter()) {
            let rec = self.records.get(r).ok_or_else(|| {
                bad(
                    "rows",
                    format!("row {r} of {} recorded", self.records.len()),
                )
            })?;
            let o = &rec.obs;
            let (seat, view) = action(&a, cls)?;
            if seat != o.seat {
                out.push((
                    -1,
                    format!(
                        "an action of seat {seat}, not of the observing seat {}",
                        o.seat
                    ),
                ));
                continue;
            }
            out.push(match features::action_index(o, &view) {
                Ok(i) if features::legal_indices(o)?.contains(&i) => (i as i64, String::new()),
                Ok(i) => (-2, format!("index {i} is masked")),
                Err(reason) => (-1, reason),
            });
        }
        Ok(out)
    }

    /// Rows recorded.
    fn __len__(&self) -> usize {
        self.records.len()
    }

    /// Forget the rows recorded (and the round read).
    fn clear(&mut self) {
        self.records.clear();
        self.memo = RoundMemo::default();
    }

    /// The arrays of the recorded rows `rows`, in that order, as `riichi.features.encode_batch`
    /// gives them (a dict of NumPy arrays with a leading batch axis); computed with the GIL
    /// released. Every row must be of `players` players.
    fn encode_rows<'py>(
        &self,
        py: Python<'py>,
        rows: Vec<usize>,
        players: usize,
    ) -> PyResult<Bound<'py, PyDict>> {
        for &r in &rows {
            if r >= self.records.len() {
                return Err(bad(
                    "rows",
                    format!("row {r} of {} recorded", self.records.len()),
                )
                .into());
            }
        }
        let recs = &self.records;
        let e = py.detach(|| -> Result<features::Encoded, Error> {
            let mut out = features::Encoded {
                players,
                ..Default::default()
            };
            for (i, &r) in rows.iter().enumerate() {
                let o = &recs[r].obs;
                let at = |e: Error| Error::Row {
                    row: i,
                    error: Box::new(e),
                };
                if o.players as usize != players {
                    return Err(at(bad(
                        "players",
                        format!("{} players in a batch of {players}", o.players),
                    )));
                }
                // ids checked as read, the rest here
                out.push(&features::encode_checked_ids(o).map_err(at)?.0);
            }
            Ok(out)
        })?;
        let m = e.rows;
        arrays(py, e, &[m], true)
    }

    /// The fields of recorded row `row` as a `riichi.mining.observation.Observation` holds
    /// them, in its field order (seat .. red_ids), tuples as it builds them.
    fn fields<'py>(&self, py: Python<'py>, row: usize) -> PyResult<Bound<'py, PyTuple>> {
        let rec = self.records.get(row).ok_or_else(|| {
            bad(
                "row",
                format!("row {row} of {} recorded", self.records.len()),
            )
        })?;
        let o = &rec.obs;
        let tup = |v: Vec<Bound<'py, PyAny>>| PyTuple::new(py, v);
        let per_seat_ids = |v: &[Shared<u8>]| -> PyResult<Bound<'py, PyTuple>> {
            tup(v
                .iter()
                .map(|r| PyTuple::new(py, r.iter()).map(|t| t.into_any()))
                .collect::<PyResult<_>>()?)
        };
        let per_seat_flags = |v: &[Shared<bool>]| -> PyResult<Bound<'py, PyTuple>> {
            tup(v
                .iter()
                .map(|r| PyTuple::new(py, r.iter()).map(|t| t.into_any()))
                .collect::<PyResult<_>>()?)
        };
        let kind_name = |k: MeldType| match k {
            MeldType::Chi => "chi",
            MeldType::Pon => "pon",
            MeldType::Daiminkan => "daiminkan",
            MeldType::Ankan => "ankan",
            MeldType::Kakan => "kakan",
        };
        let melds = tup(o
            .melds
            .iter()
            .map(|ms| -> PyResult<Bound<'py, PyAny>> {
                Ok(tup(ms
                    .iter()
                    .map(|m| -> PyResult<Bound<'py, PyAny>> {
                        Ok((
                            kind_name(m.kind),
                            PyTuple::new(py, &m.ids)?,
                            m.called,
                            m.source,
                        )
                            .into_pyobject(py)?
                            .into_any())
                    })
                    .collect::<PyResult<_>>()?)?
                .into_any())
            })
            .collect::<PyResult<_>>()?)?;
        let pending = o.pending.map(|(k, s, t)| {
            let k = match k {
                PendingType::Dahai => "dahai",
                PendingType::Kakan => "kakan",
                PendingType::Ankan => "ankan",
                PendingType::Nukidora => "nukidora",
            };
            (k, s, t)
        });
        let legal = PyTuple::new(py, rec.legal.iter().map(|a| a.bind(py)))?;
        let red = rec.red.clone_ref(py).into_bound(py);
        let items: Vec<Bound<'py, PyAny>> = vec![
            o.seat.into_pyobject(py)?.into_any(),
            o.players.into_pyobject(py)?.into_any(),
            o.round_wind.into_pyobject(py)?.into_any(),
            o.seat_wind.into_pyobject(py)?.into_any(),
            o.dealer.into_pyobject(py)?.into_any(),
            o.honba.into_pyobject(py)?.into_any(),
            o.kyotaku.into_pyobject(py)?.into_any(),
            PyTuple::new(py, &o.scores)?.into_any(),
            PyTuple::new(py, &o.hand)?.into_any(),
            o.drawn.into_pyobject(py)?.into_any(),
            melds.into_any(),
            per_seat_ids(&o.rivers)?.into_any(),
            per_seat_flags(&o.tsumogiri)?.into_any(),
            per_seat_flags(&o.called)?.into_any(),
            PyTuple::new(py, &o.riichi_index)?.into_any(),
            PyTuple::new(py, &o.riichi)?.into_any(),
            per_seat_ids(&o.nukidora)?.into_any(),
            PyTuple::new(py, &o.dora_indicators)?.into_any(),
            o.live_tiles_left.into_pyobject(py)?.into_any(),
            (if rec.claim { "claim" } else { "turn" })
                .into_pyobject(py)?
                .into_any(),
            pending.into_pyobject(py)?.into_any(),
            legal.into_any(),
            red,
        ];
        tup(items)
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(features_encode_batch, m)?)?;
    m.add_class::<FeatureReader>()?;
    m.add_class::<RoundReader>()?;
    m.add_function(wrap_pyfunction!(features_legal_indices, m)?)?;
    m.add_function(wrap_pyfunction!(features_action_index, m)?)?;
    m.add("FEATURES_NUM_ACTIONS", NUM_ACTIONS)?;
    m.add("FEATURES_RIVER_LEN", RIVER_LEN)?;
    Ok(())
}
