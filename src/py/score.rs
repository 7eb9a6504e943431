//! Glue for scoring: `ScoringRules`, `ScoreResult`, `score`, `score_batch`, `nagashi_mangan`.

use numpy::{
    IntoPyArray, PyArrayMethods, PyReadonlyArray1, PyReadonlyArray2, PyReadonlyArray3,
    PyUntypedArrayMethods,
};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyList, PyString, PyType};

use crate::batch_score::{self, ScoreColumns, ScoreOutput};
use crate::decompose::WaitShape;
use crate::error::Error;
use crate::fu::{FuItem, FuKind};
use crate::hand::Hand;
use crate::notation;
use crate::points::{self, Limit, Payments};
use crate::py::errors::{bool_arg, shown, utf8, wrong_type, InvalidTile};
use crate::py::tiles::PyHand;
use crate::rules::{Atozuke, Chiitoitsu, Kazoe, OpenPinfuRon, Renhou, ScoringRules};
use crate::score::{self as core_score, ScoreResult, Situation};
use crate::tile::Tile;
use crate::yaku::Yaku;

fn bad(name: &'static str, reason: String) -> PyErr {
    Error::InvalidArgument { name, reason }.into()
}

/// The scoring rules as the Rust scorer reads them (build it from `riichi.Rules.scoring()`).
///
/// Compared by value; pickles and copies through its constructor's keyword arguments.
#[pyclass(name = "ScoringRules", module = "riichi._core", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyScoringRules(pub ScoringRules);

#[pymethods]
impl PyScoringRules {
    #[new]
    #[pyo3(signature = (*, red_fives = (1, 1, 1), kuitan = true, atozuke = None,
        kiriage_mangan = false, kazoe_yakuman = "yakuman",
        double_yakuman_special_waits = Vec::new(),
        yakuman_stacking = true, pinfu_tsumo = true, open_pinfu_ron_fu = "30",
        chiitoitsu_value = "25fu_2han", double_wind_pair_fu = 4, renhou = "off",
        daisharin = false, suurenkou = false, hyakuman_goku = false, beni_kujaku = false,
        shiisan_puutaa = false, honba_points = 300, two_han_minimum_from_honba = None,
        riichi_stick = 1000, num_players = 4, ura_dora = true, kan_ura_dora = true,
        ippatsu = true, aotenjou = false, ryuuiisou_hatsu = false, paarenchan = false,
        daichisei = false, sanrenkou = false, iishoku_yonjun = false, uumensai = false,
        daisharin_other_suits = false, minimum_han = 1, mangan_minimum = false,
        riichi_required = false, open_riichi = false, rinshan_tsumo_fu = true))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        red_fives: (u8, u8, u8),
        kuitan: bool,
        atozuke: Option<&Bound<'_, PyAny>>,
        kiriage_mangan: bool,
        kazoe_yakuman: &str,
        double_yakuman_special_waits: Vec<String>,
        yakuman_stacking: bool,
        pinfu_tsumo: bool,
        open_pinfu_ron_fu: &str,
        chiitoitsu_value: &str,
        double_wind_pair_fu: u8,
        renhou: &str,
        daisharin: bool,
        suurenkou: bool,
        hyakuman_goku: bool,
        beni_kujaku: bool,
        shiisan_puutaa: bool,
        honba_points: u32,
        two_han_minimum_from_honba: Option<u32>,
        riichi_stick: u32,
        num_players: u8,
        ura_dora: bool,
        kan_ura_dora: bool,
        ippatsu: bool,
        aotenjou: bool,
        ryuuiisou_hatsu: bool,
        paarenchan: bool,
        daichisei: bool,
        sanrenkou: bool,
        iishoku_yonjun: bool,
        uumensai: bool,
        daisharin_other_suits: bool,
        minimum_han: u8,
        mangan_minimum: bool,
        riichi_required: bool,
        open_riichi: bool,
        rinshan_tsumo_fu: bool,
    ) -> PyResult<Self> {
        let atozuke = match atozuke {
            None => Atozuke::Allowed,
            Some(a) if a.is_instance_of::<PyBool>() => {
                if a.is_truthy()? {
                    Atozuke::Allowed
                } else {
                    Atozuke::Forbidden
                }
            }
            Some(a) => match a.extract::<String>().ok().as_deref() {
                Some("allowed") => Atozuke::Allowed,
                Some("yakuhai_katazuke_forbidden") => Atozuke::YakuhaiKatazukeForbidden,
                Some("forbidden") => Atozuke::Forbidden,
                _ => {
                    return Err(bad(
                        "atozuke",
                        format!(
                            "{} (\"allowed\", \"yakuhai_katazuke_forbidden\", \"forbidden\", \
                             True or False)",
                            repr(a)
                        ),
                    ))
                }
            },
        };
        if !(1..=13).contains(&minimum_han) {
            return Err(bad("minimum_han", format!("{minimum_han} (1..=13)")));
        }
        let red = [red_fives.0, red_fives.1, red_fives.2];
        if red.iter().any(|&r| r > 3) {
            return Err(bad(
                "red_fives",
                format!("{red:?}: each suit has 0..=3 red fives"),
            ));
        }
        let kazoe = match kazoe_yakuman {
            "yakuman" => Kazoe::Yakuman,
            "sanbaiman" => Kazoe::Sanbaiman,
            "double_at_26" => Kazoe::DoubleAt26,
            o => {
                return Err(bad(
                    "kazoe_yakuman",
                    format!("{o:?} (\"yakuman\", \"sanbaiman\" or \"double_at_26\")"),
                ))
            }
        };
        let open_pinfu_ron = match open_pinfu_ron_fu {
            "30" => OpenPinfuRon::Always30,
            "30_at_1han" => OpenPinfuRon::ThirtyAtOneHan,
            "20" => OpenPinfuRon::Twenty,
            o => {
                return Err(bad(
                    "open_pinfu_ron_fu",
                    format!("{o:?} (\"30\", \"30_at_1han\" or \"20\")"),
                ))
            }
        };
        let chiitoitsu = match chiitoitsu_value {
            "25fu_2han" => Chiitoitsu::Fu25Han2,
            "50fu_1han" => Chiitoitsu::Fu50Han1,
            "30fu_2han" => Chiitoitsu::Fu30Han2,
            o => {
                return Err(bad(
                    "chiitoitsu_value",
                    format!("{o:?} (\"25fu_2han\", \"50fu_1han\" or \"30fu_2han\")"),
                ))
            }
        };
        let renhou = match renhou {
            "off" => Renhou::Off,
            "mangan" => Renhou::Mangan,
            "baiman" => Renhou::Baiman,
            "yakuman" => Renhou::Yakuman,
            o => {
                return Err(bad(
                    "renhou",
                    format!("{o:?} (\"off\", \"mangan\", \"baiman\" or \"yakuman\")"),
                ))
            }
        };
        let doubles = [
            Yaku::Kokushi13.name(),
            Yaku::SuuankouTanki.name(),
            Yaku::JunseiChuurenPoutou.name(),
            Yaku::Daisuushi.name(),
        ];
        for d in &double_yakuman_special_waits {
            if !doubles.contains(&d.as_str()) {
                return Err(bad(
                    "double_yakuman_special_waits",
                    format!("unknown entry {d:?} (one of {doubles:?})"),
                ));
            }
        }
        let has = |n: &str| double_yakuman_special_waits.iter().any(|d| d == n);
        if ![2, 4].contains(&double_wind_pair_fu) {
            return Err(bad(
                "double_wind_pair_fu",
                format!("{double_wind_pair_fu} (2 or 4)"),
            ));
        }
        if !(2..=4).contains(&num_players) {
            return Err(bad("num_players", format!("{num_players} (3 or 4)")));
        }
        Ok(PyScoringRules(ScoringRules {
            red_fives: red,
            kuitan,
            atozuke,
            kiriage_mangan,
            kazoe,
            double_kokushi_13: has(doubles[0]),
            double_suuankou_tanki: has(doubles[1]),
            double_junsei_chuuren: has(doubles[2]),
            double_daisuushi: has(doubles[3]),
            yakuman_stacking,
            pinfu_tsumo,
            open_pinfu_ron,
            chiitoitsu,
            double_wind_pair_fu,
            renhou,
            daisharin,
            suurenkou,
            hyakuman_goku,
            beni_kujaku,
            shiisan_puutaa,
            honba_points,
            two_han_minimum_from_honba,
            riichi_stick,
            num_players,
            ura_dora,
            kan_ura_dora,
            ippatsu,
            aotenjou,
            ryuuiisou_hatsu,
            paarenchan,
            daichisei,
            sanrenkou,
            iishoku_yonjun,
            uumensai,
            daisharin_other_suits,
            minimum_han,
            mangan_minimum,
            riichi_required,
            open_riichi,
            rinshan_tsumo_fu,
        }))
    }

    fn __repr__(&self) -> String {
        format!("ScoringRules({:?})", self.0)
    }

    /// Pickle and copy support: the constructor's keyword arguments as a dict, rebuilt by
    /// `_from_state` through the constructor (so every value is checked again).
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, (Bound<'py, PyDict>,))> {
        Ok((
            slf.get_type().getattr("_from_state")?,
            (scoring_kwargs(slf.py(), &slf.get().0)?,),
        ))
    }

    /// Rebuild pickled scoring rules (private: the inverse of `__reduce__`). A state that
    /// is no dict of the constructor's arguments, or holds a value outside its domain, is
    /// refused with a `RiichiError` naming it.
    #[classmethod]
    fn _from_state<'py>(
        cls: &Bound<'py, PyType>,
        state: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let expected = "a pickled ScoringRules state (a dict of its keyword arguments)";
        let kwargs = state
            .cast::<PyDict>()
            .map_err(|_| wrong_type("state", expected, state))?;
        cls.call((), Some(kwargs)).map_err(|e| {
            if e.is_instance_of::<crate::py::errors::RiichiError>(cls.py()) {
                e
            } else {
                Error::InvalidArgument {
                    name: "state",
                    reason: format!("{expected} refused ({e}): {}", shown(state)),
                }
                .into()
            }
        })
    }
}

/// The keyword arguments of `ScoringRules(...)` that build `r` again. Every field is
/// named in the pattern, so a field added to [`ScoringRules`] without a line here does
/// not compile (a pickle never drops one silently).
fn scoring_kwargs<'py>(py: Python<'py>, r: &ScoringRules) -> PyResult<Bound<'py, PyDict>> {
    let ScoringRules {
        red_fives,
        kuitan,
        atozuke,
        kiriage_mangan,
        kazoe,
        double_kokushi_13,
        double_suuankou_tanki,
        double_junsei_chuuren,
        double_daisuushi,
        yakuman_stacking,
        pinfu_tsumo,
        open_pinfu_ron,
        chiitoitsu,
        double_wind_pair_fu,
        renhou,
        daisharin,
        suurenkou,
        hyakuman_goku,
        beni_kujaku,
        shiisan_puutaa,
        honba_points,
        two_han_minimum_from_honba,
        riichi_stick,
        num_players,
        ura_dora,
        kan_ura_dora,
        ippatsu,
        aotenjou,
        ryuuiisou_hatsu,
        paarenchan,
        daichisei,
        sanrenkou,
        iishoku_yonjun,
        uumensai,
        daisharin_other_suits,
        minimum_han,
        mangan_minimum,
        riichi_required,
        open_riichi,
        rinshan_tsumo_fu,
    } = r;
    let d = PyDict::new(py);
    d.set_item("red_fives", (red_fives[0], red_fives[1], red_fives[2]))?;
    d.set_item("kuitan", kuitan)?;
    let atozuke = match atozuke {
        Atozuke::Allowed => "allowed",
        Atozuke::YakuhaiKatazukeForbidden => "yakuhai_katazuke_forbidden",
        Atozuke::Forbidden => "forbidden",
    };
    d.set_item("atozuke", atozuke)?;
    d.set_item("kiriage_mangan", kiriage_mangan)?;
    let kazoe = match kazoe {
        Kazoe::Yakuman => "yakuman",
        Kazoe::Sanbaiman => "sanbaiman",
        Kazoe::DoubleAt26 => "double_at_26",
    };
    d.set_item("kazoe_yakuman", kazoe)?;
    let doubles: Vec<&str> = [
        (double_kokushi_13, Yaku::Kokushi13),
        (double_suuankou_tanki, Yaku::SuuankouTanki),
        (double_junsei_chuuren, Yaku::JunseiChuurenPoutou),
        (double_daisuushi, Yaku::Daisuushi),
    ]
    .into_iter()
    .filter(|(on, _)| **on)
    .map(|(_, y)| y.name())
    .collect();
    d.set_item("double_yakuman_special_waits", doubles)?;
    d.set_item("yakuman_stacking", yakuman_stacking)?;
    d.set_item("pinfu_tsumo", pinfu_tsumo)?;
    let open_pinfu_ron = match open_pinfu_ron {
        OpenPinfuRon::Always30 => "30",
        OpenPinfuRon::ThirtyAtOneHan => "30_at_1han",
        OpenPinfuRon::Twenty => "20",
    };
    d.set_item("open_pinfu_ron_fu", open_pinfu_ron)?;
    let chiitoitsu = match chiitoitsu {
        Chiitoitsu::Fu25Han2 => "25fu_2han",
        Chiitoitsu::Fu50Han1 => "50fu_1han",
        Chiitoitsu::Fu30Han2 => "30fu_2han",
    };
    d.set_item("chiitoitsu_value", chiitoitsu)?;
    d.set_item("double_wind_pair_fu", double_wind_pair_fu)?;
    let renhou = match renhou {
        Renhou::Off => "off",
        Renhou::Mangan => "mangan",
        Renhou::Baiman => "baiman",
        Renhou::Yakuman => "yakuman",
    };
    d.set_item("renhou", renhou)?;
    d.set_item("daisharin", daisharin)?;
    d.set_item("suurenkou", suurenkou)?;
    d.set_item("hyakuman_goku", hyakuman_goku)?;
    d.set_item("beni_kujaku", beni_kujaku)?;
    d.set_item("shiisan_puutaa", shiisan_puutaa)?;
    d.set_item("honba_points", honba_points)?;
    d.set_item("two_han_minimum_from_honba", two_han_minimum_from_honba)?;
    d.set_item("riichi_stick", riichi_stick)?;
    d.set_item("num_players", num_players)?;
    d.set_item("ura_dora", ura_dora)?;
    d.set_item("kan_ura_dora", kan_ura_dora)?;
    d.set_item("ippatsu", ippatsu)?;
    d.set_item("aotenjou", aotenjou)?;
    d.set_item("ryuuiisou_hatsu", ryuuiisou_hatsu)?;
    d.set_item("paarenchan", paarenchan)?;
    d.set_item("daichisei", daichisei)?;
    d.set_item("sanrenkou", sanrenkou)?;
    d.set_item("iishoku_yonjun", iishoku_yonjun)?;
    d.set_item("uumensai", uumensai)?;
    d.set_item("daisharin_other_suits", daisharin_other_suits)?;
    d.set_item("minimum_han", minimum_han)?;
    d.set_item("mangan_minimum", mangan_minimum)?;
    d.set_item("riichi_required", riichi_required)?;
    d.set_item("open_riichi", open_riichi)?;
    d.set_item("rinshan_tsumo_fu", rinshan_tsumo_fu)?;
    Ok(d)
}

/// The scored value of a hand (immutable). See `riichi.score`.
#[pyclass(name = "ScoreResult", module = "riichi._core", frozen, eq)]
#[derive(Clone, PartialEq)]
pub struct PyScoreResult(pub ScoreResult);

// ---------------------------------------------------------------- pickling a ScoreResult
//
// A result is pickled as a tuple of plain values (enums by their position in the lists
// below, yaku by Tenhou id) and rebuilt by `ScoreResult._from_state`; nothing is scored
// again, so a result unpickles equal to the original whatever rules produced it.

const FU_KINDS: [FuKind; 14] = [
    FuKind::Base,
    FuKind::MenzenRon,
    FuKind::Tsumo,
    FuKind::ClosedTriplet,
    FuKind::OpenTriplet,
    FuKind::ClosedKan,
    FuKind::OpenKan,
    FuKind::ValuePair,
    FuKind::Kanchan,
    FuKind::Penchan,
    FuKind::Tanki,
    FuKind::OpenPinfuRon,
    FuKind::Chiitoitsu,
    FuKind::Rounding,
];

const WAIT_SHAPES: [WaitShape; 5] = [
    WaitShape::Ryanmen,
    WaitShape::Kanchan,
    WaitShape::Penchan,
    WaitShape::Tanki,
    WaitShape::Shanpon,
];

/// Limit -> (code, yakuman multiple): 0..=4 mangan..kazoe yakuman, 5 yakuman.
fn limit_code(l: Limit) -> (u8, u8) {
    match l {
        Limit::Mangan => (0, 0),
        Limit::Haneman => (1, 0),
        Limit::Baiman => (2, 0),
        Limit::Sanbaiman => (3, 0),
        Limit::KazoeYakuman => (4, 0),
        Limit::Yakuman(n) => (5, n),
    }
}

fn limit_of(code: (u8, u8)) -> Option<Limit> {
    Some(match code {
        (0, 0) => Limit::Mangan,
        (1, 0) => Limit::Haneman,
        (2, 0) => Limit::Baiman,
        (3, 0) => Limit::Sanbaiman,
        (4, 0) => Limit::KazoeYakuman,
        (5, n) if n > 0 => Limit::Yakuman(n),
        _ => return None,
    })
}

type YakuState = Vec<(u8, u32)>;
type FuState = Vec<(u8, Option<u8>, u32)>;
type PayState = (u32, u32, u32, u32, u32, u32);
/// (is_agari, has_yaku, yaku, yakuman, (dora, uradora, akadora, han, fu, basic_points),
/// fu_breakdown, limit, payments, (dealer, tsumo), wait)
type ResultState = (
    bool,
    bool,
    YakuState,
    YakuState,
    (u32, u32, u32, u32, u32, u32),
    FuState,
    Option<(u8, u8)>,
    PayState,
    (bool, bool),
    Option<u8>,
);

fn result_state(r: &ScoreResult) -> ResultState {
    let yaku = |v: &[(Yaku, u32)]| v.iter().map(|(y, n)| (y.id(), *n)).collect();
    let p = &r.payments;
    (
        r.is_agari,
        r.has_yaku,
        yaku(&r.yaku),
        yaku(&r.yakuman),
        (r.dora, r.uradora, r.akadora, r.han, r.fu, r.basic_points),
        r.fu_breakdown
            .iter()
            .map(|i| {
                let k = FU_KINDS.iter().position(|&k| k == i.kind).unwrap_or(0) as u8;
                (k, i.tile.map(|t| t.index() as u8), i.fu)
            })
            .collect(),
        r.limit.map(limit_code),
        (
            p.ron,
            p.tsumo_dealer,
            p.tsumo_nondealer,
            p.kyotaku,
            p.total,
            p.value,
        ),
        (r.dealer, r.tsumo),
        r.wait
            .map(|w| WAIT_SHAPES.iter().position(|&x| x == w).unwrap_or(0) as u8),
    )
}

fn result_of_state(st: ResultState) -> Option<ScoreResult> {
    let yaku = |v: YakuState| -> Option<Vec<(Yaku, u32)>> {
        v.into_iter()
            .map(|(id, n)| Some((Yaku::from_id(id)?, n)))
            .collect()
    };
    let (dora, uradora, akadora, han, fu, basic_points) = st.4;
    let fu_breakdown =
        st.5.into_iter()
            .map(|(k, t, f)| {
                let tile = match t {
                    Some(t) if t < 34 => Some(Tile::from_index(usize::from(t))),
                    Some(_) => return None,
                    None => None,
                };
                Some(FuItem {
                    kind: *FU_KINDS.get(usize::from(k))?,
                    tile,
                    fu: f,
                })
            })
            .collect::<Option<Vec<_>>>()?;
    let limit = match st.6 {
        Some(c) => Some(limit_of(c)?),
        None => None,
    };
    let wait = match st.9 {
        Some(w) => Some(*WAIT_SHAPES.get(usize::from(w))?),
        None => None,
    };
    let (ron, tsumo_dealer, tsumo_nondealer, kyotaku, total, value) = st.7;
    Some(ScoreResult {
        is_agari: st.0,
        has_yaku: st.1,
        yaku: yaku(st.2)?,
        yakuman: yaku(st.3)?,
        dora,
        uradora,
        akadora,
        han,
        fu,
        fu_breakdown,
        limit,
        basic_points,
        payments: Payments {
            ron,
            tsumo_dealer,
            tsumo_nondealer,
            kyotaku,
            total,
            value,
        },
        dealer: st.8 .0,
        tsumo: st.8 .1,
        wait,
    })
}

fn names(v: &[(Yaku, u32)]) -> Vec<(&'static str, u32)> {
    v.iter().map(|(y, n)| (y.name(), *n)).collect()
}

#[pymethods]
impl PyScoreResult {
    /// A `ScoreResult` is a result of riichi.score, not built by calling the class:
    /// always raises `RiichiError` saying so.
    #[new]
    #[pyo3(signature = (*args, **kwargs))]
    fn new(
        args: &Bound<'_, pyo3::types::PyTuple>,
        kwargs: Option<&Bound<'_, pyo3::types::PyDict>>,
    ) -> PyResult<Self> {
        Err(crate::py::tiles::result_class_called(
            "ScoreResult",
            "riichi.score",
            args,
            kwargs,
        ))
    }
    /// Pickle and copy support: the result's values as plain data (see `_from_state`).
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (ResultState,))> {
        Ok((
            slf.get_type().getattr("_from_state")?,
            (result_state(&slf.get().0),),
        ))
    }
    /// Rebuild a pickled result (private: the inverse of `__reduce__`).
    #[staticmethod]
    fn _from_state(state: &Bound<'_, PyAny>) -> PyResult<Self> {
        state
            .extract::<ResultState>()
            .ok()
            .and_then(result_of_state)
            .map(PyScoreResult)
            .ok_or_else(|| wrong_type("state", "a pickled ScoreResult state", state))
    }
    /// The tiles form a complete hand.
    #[getter]
    fn is_agari(&self) -> bool {
        self.0.is_agari
    }
    /// Complete and with enough han from yaku (dora excluded).
    #[getter]
    fn has_yaku(&self) -> bool {
        self.0.has_yaku
    }
    /// A legal win: complete with a yaku (same as `has_yaku`).
    #[getter]
    fn valid(&self) -> bool {
        self.0.has_yaku
    }
    /// Every yaku of the win as (name, han): the yaku with their han, then the dora,
    /// uradora and akadora lines, and each yakuman at 13 han per multiple (as `Hora` events
    /// list them); the han sum to `han`. Empty when there is no win.
    #[getter]
    fn yaku(&self) -> Vec<(&'static str, u32)> {
        let mut v = names(&self.0.yaku);
        v.extend(self.0.yakuman.iter().map(|(y, n)| (y.name(), 13 * n)));
        v
    }
    /// Yakuman as (name, multiplier) (also listed in `yaku`, at 13 han each).
    #[getter]
    fn yakuman(&self) -> Vec<(&'static str, u32)> {
        names(&self.0.yakuman)
    }
    /// Tenhou ids (60 on: local yaku) of the entries of `yaku`, in the same order (dora 52,
    /// uradora 53, akadora 54; yakuman last).
    #[getter]
    fn yaku_ids(&self) -> Vec<u32> {
        let r = &self.0;
        r.yaku
            .iter()
            .chain(&r.yakuman)
            .map(|(y, _)| u32::from(y.id()))
            .collect()
    }
    /// Dora (kan dora and nuki dora included).
    #[getter]
    fn dora(&self) -> u32 {
        self.0.dora
    }
    /// Uradora (0 without riichi).
    #[getter]
    fn uradora(&self) -> u32 {
        self.0.uradora
    }
    /// Red fives.
    #[getter]
    fn akadora(&self) -> u32 {
        self.0.akadora
    }
    /// Total han (dora included); 13 per multiple for yakuman hands; 0 without a yaku.
    #[getter]
    fn han(&self) -> u32 {
        self.0.han
    }
    /// Fu, rounded (0 when not complete).
    #[getter]
    fn fu(&self) -> u32 {
        self.0.fu
    }
    /// Fu items as (item, fu); they sum to `fu`.
    #[getter]
    fn fu_breakdown(&self) -> Vec<(String, u32)> {
        self.0
            .fu_breakdown
            .iter()
            .map(|i| (i.label(), i.fu))
            .collect()
    }
    /// `"mangan"`, `"haneman"`, `"baiman"`, `"sanbaiman"`, `"kazoe_yakuman"`, `"yakuman"`,
    /// `"double_yakuman"`, ... or None.
    #[getter]
    fn limit(&self) -> Option<String> {
        self.0.limit.map(|l| l.name())
    }
    /// Basic points (fu × 2^(han+2) or the limit's value).
    #[getter]
    fn basic_points(&self) -> u32 {
        self.0.basic_points
    }
    /// Hand value in points without honba and kyotaku (ron: the discarder's payment; tsumo:
    /// the sum of the shares).
    #[getter]
    fn points(&self) -> u32 {
        self.0.payments.value
    }
    /// Ron: what the discarder pays, honba included (0 on tsumo).
    #[getter]
    fn ron_payment(&self) -> u32 {
        self.0.payments.ron
    }
    /// Tsumo: the dealer's share with honba (0 on ron or when the winner is the dealer).
    #[getter]
    fn tsumo_dealer_payment(&self) -> u32 {
        self.0.payments.tsumo_dealer
    }
    /// Tsumo: each non-dealer's share with honba (0 on ron).
    #[getter]
    fn tsumo_nondealer_payment(&self) -> u32 {
        self.0.payments.tsumo_nondealer
    }
    /// Riichi sticks collected, in points.
    #[getter]
    fn kyotaku_points(&self) -> u32 {
        self.0.payments.kyotaku
    }
    /// The winner's total gain (honba and kyotaku included).
    #[getter]
    fn total(&self) -> u32 {
        self.0.payments.total
    }
    /// The winner is the dealer.
    #[getter]
    fn dealer(&self) -> bool {
        self.0.dealer
    }
    /// Self-draw.
    #[getter]
    fn tsumo(&self) -> bool {
        self.0.tsumo
    }
    /// Wait of the chosen reading (`"ryanmen"`, `"kanchan"`, `"penchan"`, `"tanki"`,
    /// `"shanpon"`) or None.
    #[getter]
    fn wait(&self) -> Option<&'static str> {
        self.0.wait.map(wait_name)
    }
    /// Every field as a plain dict.
    fn to_dict<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyDict>> {
        let py = slf.py();
        let d = PyDict::new(py);
        for name in [
            "is_agari",
            "has_yaku",
            "yaku",
            "yakuman",
            "dora",
            "uradora",
            "akadora",
            "han",
            "fu",
            "fu_breakdown",
            "limit",
            "basic_points",
            "points",
            "ron_payment",
            "tsumo_dealer_payment",
            "tsumo_nondealer_payment",
            "kyotaku_points",
            "total",
            "dealer",
            "tsumo",
            "wait",
        ] {
            d.set_item(name, slf.getattr(name)?)?;
        }
        Ok(d)
    }
    fn __repr__(&self) -> String {
        let r = &self.0;
        if !r.is_agari {
            return "ScoreResult(not agari)".into();
        }
        if !r.has_yaku {
            return format!("ScoreResult(no yaku, dora={}, aka={})", r.dora, r.akadora);
        }
        let list = if r.yakuman.is_empty() {
            &r.yaku
        } else {
            &r.yakuman
        };
        let ys: Vec<String> = list
            .iter()
            .map(|(y, n)| format!("{} {n}", y.name()))
            .collect();
        let p = &r.payments;
        let pay = if r.tsumo {
            if r.dealer {
                format!("{} all", p.tsumo_nondealer)
            } else {
                format!("{}/{}", p.tsumo_nondealer, p.tsumo_dealer)
            }
        } else {
            format!("ron {}", p.ron)
        };
        format!(
            "ScoreResult({}han {}fu{} [{}] {} total={})",
            r.han,
            r.fu,
            r.limit
                .map(|l| format!(" {}", l.name()))
                .unwrap_or_default(),
            ys.join(", "),
            pay,
            p.total
        )
    }
}

fn wait_name(w: crate::decompose::WaitShape) -> &'static str {
    use crate::decompose::WaitShape::*;
    match w {
        Ryanmen => "ryanmen",
        Kanchan => "kanchan",
        Penchan => "penchan",
        Tanki => "tanki",
        Shanpon => "shanpon",
    }
}

/// Scoring rules from a `ScoringRules` or from anything with a `scoring()` method (`Rules`).
pub(crate) fn extract_rules(obj: &Bound<'_, PyAny>) -> PyResult<ScoringRules> {
    if let Ok(r) = obj.cast::<PyScoringRules>() {
        return Ok(r.get().0.clone());
    }
    // riichi.Rules keeps its built ScoringRules in `_scoring_cache` (filled at construction).
    if let Ok(cache) = obj.getattr("_scoring_cache") {
        if let Ok(first) = cache.get_item(0) {
            if let Ok(r) = first.cast::<PyScoringRules>() {
                return Ok(r.get().0.clone());
            }
        }
    }
    // a wrong type is bad input like any other: RiichiError, as `score`'s docstring says
    let built = obj.call_method0("scoring").map_err(|_| {
        crate::py::errors::RiichiError::new_err(format!(
            "rules: expected riichi.Rules or ScoringRules, got {}",
            obj.get_type()
                .name()
                .map(|n| n.to_string())
                .unwrap_or_default()
        ))
    })?;
    let r = built.cast::<PyScoringRules>().map_err(|_| {
        crate::py::errors::RiichiError::new_err("rules.scoring() did not return a ScoringRules")
    })?;
    Ok(r.get().0.clone())
}

/// A tile given as a kind (0..=33) or mpsz text.
/// An optional bool argument: `None` is false; anything but a bool is refused by name.
fn flag(obj: Option<&Bound<'_, PyAny>>, name: &'static str) -> PyResult<bool> {
    match obj {
        None => Ok(false),
        Some(o) => o
            .cast::<PyBool>()
            .map(|b| b.is_true())
            .map_err(|_| bad(name, format!("expected True or False, got {}", repr(o)))),
    }
}

/// An optional count argument `0..=most`: `None` is 0; a non-int or out-of-range value is
/// refused by name (never wrapped or truncated).
fn count(obj: Option<&Bound<'_, PyAny>>, name: &'static str, most: u32) -> PyResult<u32> {
    let Some(o) = obj else { return Ok(0) };
    let v = if o.is_instance_of::<PyBool>() {
        None
    } else {
        o.extract::<i64>().ok()
    };
    match v {
        Some(v) if (0..=i64::from(most)).contains(&v) => Ok(v as u32),
        _ => Err(bad(
            name,
            format!("expected an int 0..={most}, got {}", repr(o)),
        )),
    }
}

fn repr(o: &Bound<'_, PyAny>) -> String {
    o.repr()
        .map(|r| r.to_string())
        .unwrap_or_else(|_| "?".into())
}

/// A notation error in the text of argument `name`, named: `invalid win_tile: invalid tile
/// notation "9z" ...` (still an `InvalidTile`).
fn named(name: &'static str, e: Error) -> PyErr {
    InvalidTile::new_err(format!("invalid {name}: {e}"))
}

fn extract_tile(obj: &Bound<'_, PyAny>, name: &'static str) -> PyResult<Tile> {
    if let Ok(s) = obj.cast::<PyString>() {
        return notation::parse_tile(&utf8(s, name)?).map_err(|e| named(name, e));
    }
    if obj.is_instance_of::<PyBool>() {
        // a bool is an int to Python; as a tile it is always a mistake
        return Err(bad(name, format!("expected a tile, got {}", obj.repr()?)));
    }
    match obj.extract::<i64>() {
        Ok(k) => Tile::new(k).map_err(|e| named(name, e)),
        Err(_) => Err(bad(
            name,
            format!(
                "expected a tile kind (int 0..=33) or mpsz text, got {}",
                repr(obj)
            ),
        )),
    }
}

/// A wind given as "E"/"S"/"W"/"N", 1z..4z or a kind 27..=30.
fn extract_wind(obj: &Bound<'_, PyAny>, name: &'static str) -> PyResult<Tile> {
    if let Ok(s) = obj.cast::<PyString>() {
        let t = match utf8(s, name)?.as_ref() {
            "E" => Tile::EAST,
            "S" => Tile::SOUTH,
            "W" => Tile::WEST,
            "N" => Tile::NORTH,
            other => notation::parse_tile(other).map_err(|_| {
                bad(
                    name,
                    format!("expected a wind E S W N (or 1z..4z), got {other:?}"),
                )
            })?,
        };
        if !t.is_wind() {
            return Err(bad(name, format!("{t} is not a wind (E S W N or 1z..4z)")));
        }
        return Ok(t);
    }
    let t = extract_tile(obj, name)?;
    if !t.is_wind() {
        return Err(bad(
            name,
            format!("{t} (kind {}) is not a wind (27..=30)", t.index()),
        ));
    }
    Ok(t)
}

fn extract_tiles(obj: &Bound<'_, PyAny>, name: &'static str) -> PyResult<Indicators> {
    if let Ok(s) = obj.cast::<PyString>() {
        let parsed = notation::parse_tiles(&utf8(s, name)?).map_err(|e| named(name, e))?;
        let mut red = [0u8; 3];
        for p in parsed.iter().filter(|p| p.red) {
            red[p.tile.index() / 9] += 1;
        }
        return Ok(Indicators {
            tiles: parsed.iter().map(|p| p.tile).collect(),
            red,
        });
    }
    let iter = obj.try_iter().map_err(|_| {
        bad(
            name,
            format!(
                "expected mpsz text or a sequence of tiles, got {}",
                repr(obj)
            ),
        )
    })?;
    let mut out = Indicators::default();
    for item in iter {
        let item = item?;
        let tile = extract_tile(&item, name)?;
        if crate::py::tiles::is_tile(&item)? && item.getattr("red")?.is_truthy()? {
            out.red[tile.index() / 9] += 1; // a red riichi.TileKind: 0m, 0p or 0s
        }
        out.tiles.push(tile);
    }
    Ok(out)
}

/// Indicator tiles and the red fives among them per suit (man, pin, sou): the text `0p`
/// or a red `riichi.TileKind`; a plain int kind carries no colour.
#[derive(Default)]
struct Indicators {
    tiles: Vec<Tile>,
    red: [u8; 3],
}

/// A red five shown as a (ura)dora indicator is a copy the hand does not hold: the hand's
/// red fives (melds included) and the indicators' together are at most the rules' per
/// suit. Under Tenhou's rules (one red five per suit) a `0p` indicator beside a `0p` in the
/// hand, or any `0p` under rules without red fives, cannot happen: refused, as a red five
/// the rules do not have in the hand is, rather than read as a plain five.
fn check_red_indicators(
    hand: &Hand,
    dora: &[u8; 3],
    ura: &[u8; 3],
    rules: &ScoringRules,
) -> PyResult<()> {
    let mut held = hand.red();
    for m in hand.melds() {
        if m.red() > 0 {
            held[(m.tile().suit() as usize).min(2)] += m.red();
        }
    }
    for s in 0..3 {
        let shown = dora[s] + ura[s];
        if shown > 0 && held[s] + shown > rules.red_fives[s] {
            let five = Tile::from_index(s * 9 + 4);
            let name = if dora[s] > 0 {
                "dora_indicators"
            } else {
                "ura_indicators"
            };
            return Err(bad(
                name,
                format!(
                    "{shown} red {five} among the indicators, but the rules have {} and the \
                     hand holds {}",
                    rules.red_fives[s], held[s]
                ),
            ));
        }
    }
    Ok(())
}

fn extract_hand(obj: &Bound<'_, PyAny>) -> PyResult<Hand> {
    if let Ok(h) = obj.cast::<PyHand>() {
        return Ok(h.get().0.clone());
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(Hand::parse(&utf8(s, "hand")?)?);
    }
    Err(crate::py::errors::InvalidHand::new_err(format!(
        "hand: expected a riichi.Hand or mpsz text, got {}",
        obj.get_type()
            .name()
            .map(|n| n.to_string())
            .unwrap_or_default()
    )))
}

/// Score a winning hand: yaku, fu, han, limit and payments.
///
/// Args:
///     hand: The hand with the winning tile among its concealed tiles (14 tiles, each kan
///         counted as 3): a `riichi.Hand` or mpsz text with melds after spaces, e.g.
///         `"678m567p88s pon:111z kakan:2222z"`. Red fives (`0`) count as aka dora; for a
///         chankan of a red five pass the hand holding the red five.
///     win_tile: The winning tile, mpsz (`"5m"`, `"0m"` allowed) or kind 0..33.
///     tsumo: Self-draw (rinshan included). False for ron and chankan.
///     riichi, double_riichi, ippatsu, haitei, houtei, rinshan, chankan: Situational yaku
///         (the caller knows the situation; the scorer trusts the flags).
///     open_riichi: The riichi (or double riichi) was declared open, the concealed hand
///         shown (オープンリーチ): the yaku `open_riichi`, 1 han on top of riichi (2 in all;
///         3 with double riichi). Needs `riichi` or `double_riichi` and rules whose
///         `open_riichi` is not `"off"` (else `RiichiError`). What a deal-in pays is the
///         round's settlement (`Rules.open_riichi`), not the scorer's.
///     tenhou, chiihou, renhou: First-go-around wins (renhou valued by `rules.renhou`).
///     seat_wind: "E"/"S"/"W"/"N", "1z".."4z" or kind 27..30 (default East: the dealer).
///     round_wind: Same encoding (default East).
///     dora_indicators: Indicators (not the dora): mpsz text ("1m5z") or a sequence of tiles.
///         A red five shown (`"0p"`, a red `riichi.TileKind`) keeps its colour: with the
///         hand's red fives it may not pass the rules' count (`RiichiError`).
///     ura_indicators: Uradora indicators; counted only with riichi or double riichi (red
///         fives as `dora_indicators`).
///     honba: Honba counters (`rules.honba_points` in total each; Tenhou 300).
///     kyotaku: Riichi sticks on the table; the winner collects `rules.riichi_stick` each.
///     nukidora: North tiles set aside in three-player games (each a dora).
///     rules: A `riichi.Rules` (or its `ScoringRules`); default Tenhou.
///     renchan: Wins the winner has made in a row as dealer before this one (0 for the
///         first); read only by paarenchan (`Rules.paarenchan`).
///
/// Returns:
///     A frozen `ScoreResult`. A hand that is not complete has `is_agari` False; a complete
///     hand without yaku has `has_yaku` False; both score zero points.
///
/// Raises:
///     InvalidTile: bad tile notation or kind.
///     InvalidHand: a hand that cannot exist.
///     RiichiError: a hand of the wrong size, a winning tile not among the concealed tiles,
///         a non-wind seat/round wind, more red fives than `rules.red_fives`, a situation
///         that cannot happen (e.g. riichi on an open hand, an indicator that would be a
///         fifth copy), or an argument of the wrong type or range (named).
#[pyfunction]
#[pyo3(signature = (hand, win_tile, *, tsumo = None, riichi = None, double_riichi = None,
    ippatsu = None, haitei = None, houtei = None, rinshan = None, chankan = None,
    tenhou = None, chiihou = None, renhou = None, seat_wind = None, round_wind = None,
    dora_indicators = None, ura_indicators = None, honba = None, kyotaku = None, nukidora = None,
    rules = None, renchan = None, open_riichi = None))]
#[allow(clippy::too_many_arguments)]
fn score(
    hand: &Bound<'_, PyAny>,
    win_tile: &Bound<'_, PyAny>,
    tsumo: Option<&Bound<'_, PyAny>>,
    riichi: Option<&Bound<'_, PyAny>>,
    double_riichi: Option<&Bound<'_, PyAny>>,
    ippatsu: Option<&Bound<'_, PyAny>>,
    haitei: Option<&Bound<'_, PyAny>>,
    houtei: Option<&Bound<'_, PyAny>>,
    rinshan: Option<&Bound<'_, PyAny>>,
    chankan: Option<&Bound<'_, PyAny>>,
    tenhou: Option<&Bound<'_, PyAny>>,
    chiihou: Option<&Bound<'_, PyAny>>,
    renhou: Option<&Bound<'_, PyAny>>,
    seat_wind: Option<&Bound<'_, PyAny>>,
    round_wind: Option<&Bound<'_, PyAny>>,
    dora_indicators: Option<&Bound<'_, PyAny>>,
    ura_indicators: Option<&Bound<'_, PyAny>>,
    honba: Option<&Bound<'_, PyAny>>,
    kyotaku: Option<&Bound<'_, PyAny>>,
    nukidora: Option<&Bound<'_, PyAny>>,
    rules: Option<&Bound<'_, PyAny>>,
    renchan: Option<&Bound<'_, PyAny>>,
    open_riichi: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyScoreResult> {
    let tsumo = flag(tsumo, "tsumo")?;
    let riichi = flag(riichi, "riichi")?;
    let double_riichi = flag(double_riichi, "double_riichi")?;
    let open_riichi = flag(open_riichi, "open_riichi")?;
    let ippatsu = flag(ippatsu, "ippatsu")?;
    let haitei = flag(haitei, "haitei")?;
    let houtei = flag(houtei, "houtei")?;
    let rinshan = flag(rinshan, "rinshan")?;
    let chankan = flag(chankan, "chankan")?;
    let tenhou = flag(tenhou, "tenhou")?;
    let chiihou = flag(chiihou, "chiihou")?;
    let renhou = flag(renhou, "renhou")?;
    let honba = count(honba, "honba", 10_000)?;
    let kyotaku = count(kyotaku, "kyotaku", 10_000)?;
    let nukidora = count(nukidora, "nukidora", 4)? as u8;
    let renchan = count(renchan, "renchan", 10_000)?;
    let hand = extract_hand(hand)?;
    let win = extract_tile(win_tile, "win_tile")?;
    let (seat, round) = (
        seat_wind.map_or(Ok(Tile::EAST), |w| extract_wind(w, "seat_wind"))?,
        round_wind.map_or(Ok(Tile::EAST), |w| extract_wind(w, "round_wind"))?,
    );
    let dora = dora_indicators.map_or(Ok(Indicators::default()), |d| {
        extract_tiles(d, "dora_indicators")
    })?;
    let ura = ura_indicators.map_or(Ok(Indicators::default()), |d| {
        extract_tiles(d, "ura_indicators")
    })?;
    let (dora_red, ura_red) = (dora.red, ura.red);
    let sit = Situation {
        win_tile: win,
        tsumo,
        riichi,
        double_riichi,
        open_riichi,
        ippatsu,
        haitei,
        houtei,
        rinshan,
        chankan,
        tenhou,
        chiihou,
        renhou,
        seat_wind: seat,
        round_wind: round,
        dora_indicators: dora.tiles,
        ura_indicators: ura.tiles,
        honba,
        kyotaku,
        nukidora,
        renchan,
    };
    let rules = match rules {
        Some(r) => extract_rules(r)?,
        None => ScoringRules::tenhou(),
    };
    check_red_win_tile(win_tile, &hand)?;
    check_red_indicators(&hand, &dora_red, &ura_red, &rules)?;
    crate::shanten::Players::of_table(rules.num_players).check_win(
        &hand,
        sit.win_tile,
        &sit.dora_indicators,
        &sit.ura_indicators,
    )?;
    Ok(PyScoreResult(core_score::score(&hand, &sit, &rules)?))
}

/// A winning tile given as a red five (the text `"0p"`, or a red `riichi.TileKind` such as
/// `riichi.parse_tile("0p")`) must be a red five the hand holds: the hand already carries
/// the red fives, so a contradiction is an input error, not a silent choice.
fn check_red_win_tile(win_tile: &Bound<'_, PyAny>, hand: &Hand) -> PyResult<()> {
    let text = if let Ok(s) = win_tile.cast::<PyString>() {
        utf8(s, "win_tile")?.into_owned()
    } else if crate::py::tiles::is_tile(win_tile)? && win_tile.getattr("red")?.is_truthy()? {
        win_tile.str()?.to_string() // "0m", "0p" or "0s"
    } else {
        return Ok(());
    };
    let suit = match text.as_bytes() {
        [b'0', b'm'] => 0,
        [b'0', b'p'] => 1,
        [b'0', b's'] => 2,
        _ => return Ok(()),
    };
    if hand.red()[suit] == 0 {
        return Err(bad(
            "win_tile",
            format!("{text:?} is a red five, but the hand holds no red five of that suit"),
        ));
    }
    Ok(())
}

const FLAGS: [&str; 12] = [
    "tsumo",
    "riichi",
    "double_riichi",
    "ippatsu",
    "haitei",
    "houtei",
    "rinshan",
    "chankan",
    "tenhou",
    "chiihou",
    "renhou",
    "open_riichi",
];

fn request_from_dict(d: &Bound<'_, PyDict>) -> PyResult<(Hand, Situation, [[u8; 3]; 2])> {
    let get = |k: &str| d.get_item(k);
    let hand =
        extract_hand(&get("hand")?.ok_or_else(|| bad("requests", "missing \"hand\"".into()))?)?;
    let win = get("win_tile")?.ok_or_else(|| bad("requests", "missing \"win_tile\"".into()))?;
    let mut sit = Situation::new(extract_tile(&win, "win_tile")?);
    check_red_win_tile(&win, &hand)?;
    sit.seat_wind = Tile::EAST;
    let mut reds = [[0u8; 3]; 2]; // red fives among the dora and ura indicators
    for (k, v) in d.iter() {
        let key = k
            .cast::<PyString>()
            .map_err(|_| bad("requests", "keys must be strings".into()))?;
        match utf8(key, "requests")?.as_ref() {
            "hand" | "win_tile" => {}
            "seat_wind" => sit.seat_wind = extract_wind(&v, "seat_wind")?,
            "round_wind" => sit.round_wind = extract_wind(&v, "round_wind")?,
            "dora_indicators" => {
                let got = extract_tiles(&v, "dora_indicators")?;
                (sit.dora_indicators, reds[0]) = (got.tiles, got.red);
            }
            "ura_indicators" => {
                let got = extract_tiles(&v, "ura_indicators")?;
                (sit.ura_indicators, reds[1]) = (got.tiles, got.red);
            }
            "honba" => sit.honba = count(Some(&v), "honba", 10_000)?,
            "kyotaku" => sit.kyotaku = count(Some(&v), "kyotaku", 10_000)?,
            "nukidora" => sit.nukidora = count(Some(&v), "nukidora", 4)? as u8,
            "renchan" => sit.renchan = count(Some(&v), "renchan", 10_000)?,
            f if FLAGS.contains(&f) => {
                // as in `score`: None is False, anything but a bool is refused by name
                let name = FLAGS.iter().find(|&&x| x == f).copied().unwrap_or("flag");
                let b = flag(if v.is_none() { None } else { Some(&v) }, name)?;
                match f {
                    "tsumo" => sit.tsumo = b,
                    "riichi" => sit.riichi = b,
                    "double_riichi" => sit.double_riichi = b,
                    "ippatsu" => sit.ippatsu = b,
                    "haitei" => sit.haitei = b,
                    "houtei" => sit.houtei = b,
                    "rinshan" => sit.rinshan = b,
                    "chankan" => sit.chankan = b,
                    "tenhou" => sit.tenhou = b,
                    "chiihou" => sit.chiihou = b,
                    "open_riichi" => sit.open_riichi = b,
                    _ => sit.renhou = b,
                }
            }
            other => return Err(bad("requests", format!("unknown key {other:?}"))),
        }
    }
    Ok((hand, sit, reds))
}

/// Score many hands in parallel (GIL released). `requests`: a list of dicts with the keyword
/// names of `score` plus `"hand"` and `"win_tile"`. Returns a dict of NumPy columns.
#[pyfunction]
#[pyo3(signature = (requests, rules = None))]
fn score_batch<'py>(
    py: Python<'py>,
    requests: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let rules = match rules {
        Some(r) if !r.is_none() => extract_rules(r)?,
        _ => ScoringRules::tenhou(),
    };
    let mut reqs = Vec::new();
    let items = requests
        .try_iter()
        .map_err(|_| wrong_type("requests", "a sequence of dicts", requests))?;
    for (i, item) in items.enumerate() {
        let item = item?;
        let d = item.cast::<PyDict>().map_err(|_| {
            bad(
                "requests",
                format!("requests[{i}]: expected a dict, got {}", shown(&item)),
            )
        })?;
        // the same class (InvalidTile, InvalidHand, RiichiError), the request named
        let named =
            |e: PyErr| PyErr::from_type(e.get_type(py), format!("requests[{i}]: {}", e.value(py)));
        let (hand, sit, [dora_red, ura_red]) = request_from_dict(d).map_err(named)?;
        check_red_indicators(&hand, &dora_red, &ura_red, &rules).map_err(named)?;
        reqs.push((hand, sit));
    }
    let out = py.detach(|| batch_score::score_requests(&reqs, &rules, None));
    columns(py, out)
}

/// The result columns as a dict of NumPy arrays; a bad row raises the class of its error
/// (`InvalidHand` for a hand that cannot exist or a 2m-8m under three players, else
/// `RiichiError`) naming it as `requests[i]`.
fn columns(py: Python<'_>, out: Result<ScoreOutput, Error>) -> PyResult<Bound<'_, PyDict>> {
    let out = out.map_err(|e| match e {
        Error::Row { row, error } => {
            let msg = format!("requests[{row}]: {error}");
            PyErr::from_type(PyErr::from(*error).get_type(py), msg)
        }
        e => PyErr::from(e),
    })?;
    let n = out.han.len();
    let d = PyDict::new(py);
    d.set_item("han", out.han.into_pyarray(py))?;
    d.set_item("fu", out.fu.into_pyarray(py))?;
    d.set_item("points", out.points.into_pyarray(py))?;
    d.set_item("total", out.total.into_pyarray(py))?;
    d.set_item("ron_payment", out.ron.into_pyarray(py))?;
    d.set_item("tsumo_dealer_payment", out.tsumo_dealer.into_pyarray(py))?;
    d.set_item(
        "tsumo_nondealer_payment",
        out.tsumo_nondealer.into_pyarray(py),
    )?;
    d.set_item("is_agari", out.is_agari.into_pyarray(py))?;
    d.set_item("has_yaku", out.has_yaku.into_pyarray(py))?;
    let mask = out
        .yaku_mask
        .into_pyarray(py)
        .reshape([n, batch_score::YAKU_MASK_WORDS])?;
    d.set_item("yaku_mask", mask)?;
    d.set_item("yakuman", out.yakuman.into_pyarray(py))?;
    Ok(d)
}

fn slice<'a, T: numpy::Element, D: numpy::ndarray::Dimension>(
    a: &'a numpy::PyReadonlyArray<'_, T, D>,
    name: &'static str,
) -> PyResult<&'a [T]> {
    a.as_slice()
        .map_err(|_| bad(name, "the array must be C-contiguous".into()))
}

/// Score N hands given as NumPy columns (see `riichi.batch_score.score_arrays`), in parallel
/// with the GIL released.
#[pyfunction]
#[pyo3(signature = (concealed, win_tile, red, melds, flags, seat_wind, round_wind, dora, ura,
    honba, kyotaku, rules = None))]
#[allow(clippy::too_many_arguments)]
fn score_arrays<'py>(
    py: Python<'py>,
    concealed: PyReadonlyArray2<'py, u8>,
    win_tile: PyReadonlyArray1<'py, u8>,
    red: PyReadonlyArray2<'py, u8>,
    melds: PyReadonlyArray3<'py, u8>,
    flags: PyReadonlyArray1<'py, u16>,
    seat_wind: PyReadonlyArray1<'py, u8>,
    round_wind: PyReadonlyArray1<'py, u8>,
    dora: PyReadonlyArray2<'py, i8>,
    ura: PyReadonlyArray2<'py, i8>,
    honba: PyReadonlyArray1<'py, u16>,
    kyotaku: PyReadonlyArray1<'py, u16>,
    rules: Option<PyRef<'py, PyScoringRules>>,
) -> PyResult<Bound<'py, PyDict>> {
    let rules = rules
        .map(|r| r.0.clone())
        .unwrap_or_else(ScoringRules::tenhou);
    let n = concealed.shape()[0];
    let shape_err = |name: &'static str, want: String, got: &[usize]| {
        bad(name, format!("shape {got:?}, expected {want}"))
    };
    if concealed.shape()[1] != 34 {
        return Err(shape_err(
            "concealed",
            format!("({n}, 34)"),
            concealed.shape(),
        ));
    }
    if red.shape() != [n, 3] {
        return Err(shape_err("red", format!("({n}, 3)"), red.shape()));
    }
    if melds.shape()[0] != n || melds.shape()[2] != 3 || melds.shape()[1] > 4 {
        return Err(shape_err("melds", format!("({n}, <=4, 3)"), melds.shape()));
    }
    if dora.shape()[0] != n || ura.shape() != dora.shape() {
        return Err(shape_err("dora/ura", format!("({n}, K) both"), ura.shape()));
    }
    for (name, len) in [
        ("win_tile", win_tile.len()),
        ("flags", flags.len()),
        ("seat_wind", seat_wind.len()),
        ("round_wind", round_wind.len()),
        ("honba", honba.len()),
        ("kyotaku", kyotaku.len()),
    ] {
        if len != n {
            return Err(shape_err(name, format!("({n},)"), &[len]));
        }
    }
    let cols = ScoreColumns {
        concealed: slice(&concealed, "concealed")?,
        win: slice(&win_tile, "win_tile")?,
        red: slice(&red, "red")?,
        melds: slice(&melds, "melds")?,
        max_melds: melds.shape()[1],
        flags: slice(&flags, "flags")?,
        seat: slice(&seat_wind, "seat_wind")?,
        round: slice(&round_wind, "round_wind")?,
        dora: slice(&dora, "dora")?,
        ura: slice(&ura, "ura")?,
        max_dora: dora.shape()[1],
        honba: slice(&honba, "honba")?,
        kyotaku: slice(&kyotaku, "kyotaku")?,
    };
    let out = py.detach(|| batch_score::score_columns(&cols, &rules, None));
    columns(py, out)
}

/// Nagashi mangan settlement: (dealer share, non-dealer share, total) of a mangan tsumo.
#[pyfunction]
#[pyo3(signature = (dealer, rules = None))]
fn nagashi_mangan(
    dealer: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
) -> PyResult<(u32, u32, u32)> {
    let dealer = bool_arg(dealer, "dealer")?;
    let r = match rules {
        Some(r) if !r.is_none() => extract_rules(r)?,
        _ => ScoringRules::tenhou(),
    };
    let p = points::nagashi_mangan(dealer, &r);
    Ok((p.tsumo_dealer, p.tsumo_nondealer, p.total))
}

/// The value of a hand of `han` han and `fu` fu (or `yakuman` multiples) under `rules`:
/// (basic points, limit name or None, ron payment, dealer's tsumo share, each non-dealer's
/// tsumo share, kyotaku points, the winner's total, the value without honba and kyotaku).
/// See `riichi.payment`.
#[pyfunction]
#[pyo3(signature = (han, fu, *, dealer, tsumo, honba = None, kyotaku = None, yakuman = None,
    rules = None))]
#[allow(clippy::too_many_arguments)]
fn payment(
    han: &Bound<'_, PyAny>,
    fu: &Bound<'_, PyAny>,
    dealer: &Bound<'_, PyAny>,
    tsumo: &Bound<'_, PyAny>,
    honba: Option<&Bound<'_, PyAny>>,
    kyotaku: Option<&Bound<'_, PyAny>>,
    yakuman: Option<&Bound<'_, PyAny>>,
    rules: Option<&Bound<'_, PyAny>>,
) -> PyResult<PaymentTuple> {
    let han = count(Some(han), "han", 1000)?;
    let fu = count(Some(fu), "fu", 170)?;
    let dealer = bool_arg(dealer, "dealer")?;
    let tsumo = bool_arg(tsumo, "tsumo")?;
    let honba = count(honba, "honba", 10_000)?;
    let kyotaku = count(kyotaku, "kyotaku", 10_000)?;
    let yakuman = count(yakuman, "yakuman", 8)?;
    let r = match rules {
        Some(r) if !r.is_none() => extract_rules(r)?,
        _ => ScoringRules::tenhou(),
    };
    let (basic, limit, p) =
        points::hand_payments(han, fu, yakuman, dealer, tsumo, honba, kyotaku, &r)?;
    Ok((
        basic,
        limit.map(|l| l.name()),
        p.ron,
        p.tsumo_dealer,
        p.tsumo_nondealer,
        p.kyotaku,
        p.total,
        p.value,
    ))
}

type PaymentTuple = (u32, Option<String>, u32, u32, u32, u32, u32, u32);

/// Every yaku as (id, name), Tenhou ids.
#[pyfunction]
fn yaku_table(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
    let v: Vec<(u8, &str)> = crate::yaku::ALL
        .iter()
        .map(|y| (y.id(), y.name()))
        .collect();
    PyList::new(py, v)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyScoringRules>()?;
    m.add_class::<PyScoreResult>()?;
    m.add_function(wrap_pyfunction!(score, m)?)?;
    m.add_function(wrap_pyfunction!(score_batch, m)?)?;
    m.add_function(wrap_pyfunction!(score_arrays, m)?)?;
    m.add_function(wrap_pyfunction!(nagashi_mangan, m)?)?;
    m.add_function(wrap_pyfunction!(payment, m)?)?;
    m.add_function(wrap_pyfunction!(yaku_table, m)?)?;
    Ok(())
}
