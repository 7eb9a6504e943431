//! Glue for the feature encoder (`crate::features`): `riichi.mining.observation.Observation`
//! objects in (read with the GIL held), NumPy arrays out (computed with it released).

use std::collections::HashMap;

use numpy::{PyArray1, PyArrayMethods};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyTuple, PyType};

use crate::error::Error;
use crate::features::{
    self, ActionView, MeldType, MeldView, Observation, PendingType, MAX_INDICATORS, MAX_MELDS,
    MELD_FIELDS, NUM_ACTIONS, RIVER_FIELDS, RIVER_LEN, ROUND_FIELDS,
};

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
    melds: SeatMemo<Vec<MeldView>>,
    rivers: SeatMemo<Vec<u8>>,
    tsumogiri: SeatMemo<Vec<bool>>,
    called: SeatMemo<Vec<bool>>,
    nukidora: SeatMemo<Vec<u8>>,
    actions: HashMap<usize, (Py<PyAny>, u8, ActionView)>,
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
    memo: &mut HashMap<usize, (Py<PyAny>, u8, ActionView)>,
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
            nested(per, "melds", meld)
        })?,
        rivers: per_seat(
            &attr!(o, "rivers")?,
            "rivers",
            keep,
            &mut memo.rivers,
            |r| ids(r, "rivers"),
        )?,
        tsumogiri: per_seat(
            &attr!(o, "tsumogiri")?,
            "tsumogiri",
            keep,
            &mut memo.tsumogiri,
            |r| flags(r, "tsumogiri"),
        )?,
        called: per_seat(
            &attr!(o, "called")?,
            "called",
            keep,
            &mut memo.called,
            |r| flags(r, "called"),
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
            |r| ids(r, "nukidora"),
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
    /// (159,), `legal` the mask index of each legal action in the order of
    /// `obs.legal_actions`.
    fn encode_flat<'py>(
        &mut self,
        py: Python<'py>,
        obs: &Bound<'py, PyAny>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>, Vec<usize>)> {
        let o = observation(obs, classes(py)?, &mut self.memo)?;
        let (row, legal) = features::encode_legal(&o)?; // checks it
        let mut x = Vec::new();
        row.write_flat(o.players as usize, &mut x);
        let mask: Vec<i8> = row.mask.iter().map(|&b| i8::from(b)).collect();
        Ok((
            PyArray1::from_vec(py, x).into_any(),
            PyArray1::from_vec(py, mask).into_any(),
            legal,
        ))
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

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(features_encode_batch, m)?)?;
    m.add_class::<FeatureReader>()?;
    m.add_function(wrap_pyfunction!(features_legal_indices, m)?)?;
    m.add_function(wrap_pyfunction!(features_action_index, m)?)?;
    m.add("FEATURES_NUM_ACTIONS", NUM_ACTIONS)?;
    m.add("FEATURES_RIVER_LEN", RIVER_LEN)?;
    Ok(())
}
