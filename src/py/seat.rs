//! Glue for the referee's per-seat hand questions (`crate::seat`): `SeatHand`,
//! `SeatTable` and `discard_answers`. Actions come back as tuples (see `SeatHand`).

use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};

use crate::error::Error;
use crate::py::errors::{int_list_arg, wrong_type};
use crate::py::score::extract_rules;
use crate::py::tiles::PyMeld;
use crate::seat::{self, FlowRules, SeatAction, SeatHand, TableView};
use crate::tile::Tile;

fn bad(name: &'static str, reason: String) -> PyErr {
    Error::InvalidArgument { name, reason }.into()
}

/// A value in `0..limit` from a Python int.
fn small(v: i64, name: &'static str, limit: i64) -> PyResult<u8> {
    if (0..limit).contains(&v) {
        Ok(v as u8)
    } else {
        Err(bad(name, format!("must be 0..{limit}, got {v}")))
    }
}

/// A kind mask from an iterable of kinds 0..=33.
fn kind_mask(obj: &Bound<'_, PyAny>, name: &'static str) -> PyResult<u64> {
    let mut m = 0u64;
    for k in int_list_arg(obj, name)? {
        m |= 1 << small(k, name, 34)?;
    }
    Ok(m)
}

fn kinds_of(mask: u64) -> Vec<u32> {
    (0u32..34).filter(|&k| mask >> k & 1 != 0).collect()
}

/// An action as a tuple: `(name, ...)` with the ids it uses.
fn action_tuple<'py>(py: Python<'py>, a: &SeatAction) -> PyResult<Bound<'py, PyTuple>> {
    match *a {
        SeatAction::Discard { tile, tsumogiri } => ("discard", tile, tsumogiri).into_pyobject(py),
        SeatAction::Riichi { tile, tsumogiri } => ("riichi", tile, tsumogiri).into_pyobject(py),
        SeatAction::Tsumo => ("tsumo",).into_pyobject(py),
        SeatAction::Ankan { ids } => ("ankan", (ids[0], ids[1], ids[2], ids[3])).into_pyobject(py),
        SeatAction::Kakan { tile } => ("kakan", tile).into_pyobject(py),
        SeatAction::Kyuushu => ("kyuushu",).into_pyobject(py),
        SeatAction::Nukidora { tile } => ("nukidora", tile).into_pyobject(py),
        SeatAction::Ron => ("ron",).into_pyobject(py),
        SeatAction::Pon { tile, consumed } => {
            ("pon", tile, (consumed[0], consumed[1])).into_pyobject(py)
        }
        SeatAction::Daiminkan { tile, consumed } => {
            ("daiminkan", tile, (consumed[0], consumed[1], consumed[2])).into_pyobject(py)
        }
        SeatAction::Chi { tile, consumed } => {
            ("chi", tile, (consumed[0], consumed[1])).into_pyobject(py)
        }
        SeatAction::Pass => ("pass",).into_pyobject(py),
    }
}

fn actions<'py>(py: Python<'py>, acts: &[SeatAction]) -> PyResult<Vec<Bound<'py, PyTuple>>> {
    acts.iter().map(|a| action_tuple(py, a)).collect()
}

/// The rules and table facts the hand questions read, as of one decision point.
///
/// Args:
///     rules: a `riichi.Rules`; read: `num_players`, `kuikae`, `furiten_riichi`,
///         `riichi_min_points`, `riichi_min_live_tiles`, `kyuushu_kyuuhai` and the scoring
///         rules (`kuitan`, `red_fives`, ...) for the yaku check of a win.
///     live_left: tiles still drawable from the live wall (`Round.live_tiles_left`).
///     kans: kans declared this round, 0..=4.
///     uninterrupted: no call (an ankan included) yet this round.
///     rinshan: the turn seat's tile was a replacement draw.
///     dealer: the dealer's seat; round_wind: 0 East .. 3 North.
///     dora_indicators: the revealed indicators' kinds (0..=33).
///     honba: honba counters.
///
/// Raises:
///     RiichiError: a value out of range or of the wrong type (named).
#[pyclass(name = "SeatTable", module = "riichi._core", frozen)]
pub struct PySeatTable {
    rules: FlowRules,
    view: TableView,
}

#[pymethods]
impl PySeatTable {
    #[new]
    #[pyo3(signature = (rules, *, live_left, kans = 0, uninterrupted = false, rinshan = false,
        dealer = 0, round_wind = 0, dora_indicators = None, honba = 0))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        rules: &Bound<'_, PyAny>,
        live_left: i64,
        kans: i64,
        uninterrupted: bool,
        rinshan: bool,
        dealer: i64,
        round_wind: i64,
        dora_indicators: Option<&Bound<'_, PyAny>>,
        honba: i64,
    ) -> PyResult<Self> {
        let scoring = extract_rules(rules)?;
        let attr = |name: &'static str| -> PyResult<Bound<'_, PyAny>> {
            rules
                .getattr(name)
                .map_err(|_| wrong_type("rules", "a riichi.Rules", rules))
        };
        let players: i64 = attr("num_players")?.extract()?;
        if players != 3 && players != 4 {
            return Err(bad(
                "rules.num_players",
                format!("must be 3 or 4, got {players}"),
            ));
        }
        let kuikae = attr("kuikae")?;
        let kuikae_forbidden = match kuikae.cast::<PyString>() {
            Ok(s) if s.to_str()? == "forbidden" => true,
            Ok(s) if s.to_str()? == "allowed" => false,
            _ => {
                return Err(bad(
                    "rules.kuikae",
                    format!("expected 'forbidden' or 'allowed', got {kuikae}"),
                ))
            }
        };
        let flow = FlowRules {
            players: players as u8,
            kuikae_forbidden,
            furiten_riichi: attr("furiten_riichi")?.extract()?,
            riichi_min_points: attr("riichi_min_points")?.extract()?,
            riichi_min_live_tiles: attr("riichi_min_live_tiles")?.extract()?,
            kyuushu_kyuuhai: attr("kyuushu_kyuuhai")?.extract()?,
            scoring,
        };
        if live_left < 0 || live_left > 136 {
            return Err(bad(
                "live_left",
                format!("must be 0..=136, got {live_left}"),
            ));
        }
        let dora = match dora_indicators {
            Some(d) => int_list_arg(d, "dora_indicators")?
                .into_iter()
                .map(|k| {
                    Ok(Tile::from_index(usize::from(small(
                        k,
                        "dora_indicators",
                        34,
                    )?)))
                })
                .collect::<PyResult<Vec<Tile>>>()?,
            None => Vec::new(),
        };
        if honba < 0 || honba > 10_000 {
            return Err(bad("honba", format!("must be 0..=10000, got {honba}")));
        }
        let view = TableView {
            live_left: live_left as u32,
            kans: small(kans, "kans", 5)?,
            uninterrupted,
            rinshan,
            dealer: small(dealer, "dealer", i64::from(flow.players))?,
            round_wind: small(round_wind, "round_wind", 4)?,
            dora_indicators: dora,
            honba: honba as u32,
        };
        Ok(PySeatTable { rules: flow, view })
    }

    /// Players at the table (3 or 4).
    #[getter]
    fn players(&self) -> u8 {
        self.rules.players
    }

    fn __repr__(&self) -> String {
        format!(
            "SeatTable(players={}, live_left={}, kans={})",
            self.rules.players, self.view.live_left, self.view.kans
        )
    }
}

/// One seat's hand for the round referee, and its legal actions on a draw or a discard.
///
/// Actions are tuples naming the physical ids they use, one per choice that differs in
/// kind or colour (lowest ids), in the referee's order: `("discard", tile, tsumogiri)`,
/// `("riichi", tile, tsumogiri)`, `("tsumo",)`, `("ankan", (4 ids))`, `("kakan", tile)`,
/// `("kyuushu",)`, `("nukidora", tile)`, `("ron",)`, `("pon", tile, (2 ids))`,
/// `("daiminkan", tile, (3 ids))`, `("chi", tile, (2 ids))`, `("pass",)`.
///
/// Args:
///     seat: the seat 0..=3.
///     ids: the concealed tiles (physical ids 0..=135).
///     drawn: the id just drawn (one of `ids`), or None.
///     melds: the seat's `riichi.Meld`s in the order made.
///     red_fives: red fives per suit in play (`Rules.red_fives`).
///     river_kinds: kinds this seat has discarded (furiten).
///     temp_furiten, riichi_furiten: the furiten flags.
///     riichi, double_riichi, ippatsu: the riichi state.
///     discards_made: discards this seat has made this round.
///     nukidora: Norths set aside (sanma).
///     points: the seat's points (riichi needs `Rules.riichi_min_points`).
///     kuikae: kinds kuikae forbids to discard now (after this seat's chi or pon).
///
/// Raises:
///     RiichiError: an id twice or out of range, a drawn id not held, a hand whose size
///         does not fit its melds, or a value of the wrong type (named).
///     InvalidHand: more than four copies of a kind with the melds.
#[pyclass(name = "SeatHand", module = "riichi._core", frozen)]
pub struct PySeatHand(SeatHand);

#[pymethods]
impl PySeatHand {
    #[new]
    #[pyo3(signature = (seat, ids, drawn = None, melds = None, *, red_fives = (1, 1, 1),
        river_kinds = None, temp_furiten = false, riichi_furiten = false, riichi = false,
        double_riichi = false, ippatsu = false, discards_made = 0, nukidora = 0, points = 25000,
        kuikae = None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        seat: i64,
        ids: &Bound<'_, PyAny>,
        drawn: Option<i64>,
        melds: Option<&Bound<'_, PyAny>>,
        red_fives: (u8, u8, u8),
        river_kinds: Option<&Bound<'_, PyAny>>,
        temp_furiten: bool,
        riichi_furiten: bool,
        riichi: bool,
        double_riichi: bool,
        ippatsu: bool,
        discards_made: i64,
        nukidora: i64,
        points: i64,
        kuikae: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let ids = int_list_arg(ids, "ids")?
            .into_iter()
            .map(|t| small(t, "ids", 136))
            .collect::<PyResult<Vec<u8>>>()?;
        let drawn = drawn.map(|d| small(d, "drawn", 136)).transpose()?;
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
        let red = [red_fives.0, red_fives.1, red_fives.2];
        if red.iter().any(|&r| r > 4) {
            return Err(bad("red_fives", format!("must be 0..=4 each, got {red:?}")));
        }
        let mut h = SeatHand::new(small(seat, "seat", 4)?, &ids, drawn, ms, red)?;
        h.river_kinds = river_kinds.map_or(Ok(0), |r| kind_mask(r, "river_kinds"))?;
        h.temp_furiten = temp_furiten;
        h.riichi_furiten = riichi_furiten;
        h.riichi = riichi;
        h.double_riichi = double_riichi;
        h.ippatsu = ippatsu;
        if !(0..=1000).contains(&discards_made) {
            return Err(bad(
                "discards_made",
                format!("must be 0..=1000, got {discards_made}"),
            ));
        }
        h.discards_made = discards_made as u32;
        h.nukidora = small(nukidora, "nukidora", 5)?;
        h.points = points;
        h.kuikae = kuikae.map_or(Ok(0), |k| kind_mask(k, "kuikae"))?;
        Ok(PySeatHand(h))
    }

    /// The seat 0..=3.
    #[getter]
    fn seat(&self) -> u8 {
        self.0.seat()
    }

    /// The waits of the last 3n+1 hand (after a draw: without the drawn tile), as sorted
    /// kinds.
    #[getter]
    fn waits(&self) -> Vec<u32> {
        kinds_of(self.0.waits())
    }

    /// Furiten: temporary, riichi, or a wait among the seat's own discards.
    #[getter]
    fn furiten(&self) -> bool {
        self.0.furiten()
    }

    /// The seat's legal actions on its own turn (see the class docstring for the tuples):
    /// tsumo (a wait and a yaku), discards (kuikae applied; in riichi only the drawn
    /// tile), riichi discards keeping tenpai, ankan (in riichi only the drawn kind, waits
    /// unchanged) and kakan, kyuushu kyuuhai, kita (sanma).
    ///
    /// Raises:
    ///     RiichiError: a seat in riichi with nothing drawn.
    fn turn_actions<'py>(
        &self,
        py: Python<'py>,
        table: &PySeatTable,
    ) -> PyResult<Vec<Bound<'py, PyTuple>>> {
        actions(py, &self.0.turn_actions(&table.view, &table.rules)?)
    }

    /// This seat's answers to a discard: `[("ron",)?, calls..., ("pass",)]`, or `[]`.
    ///
    /// Args:
    ///     tile: the discarded id.
    ///     kamicha: the discarder sits right before this seat (chi is possible).
    ///     table: the `SeatTable`.
    fn discard_answers<'py>(
        &self,
        py: Python<'py>,
        tile: i64,
        kamicha: bool,
        table: &PySeatTable,
    ) -> PyResult<Vec<Bound<'py, PyTuple>>> {
        let t = small(tile, "tile", 136)?;
        actions(
            py,
            &self
                .0
                .discard_answers(t, kamicha, &table.view, &table.rules)?,
        )
    }

    fn __repr__(&self) -> String {
        format!(
            "SeatHand(seat={}, tiles={}, melds={})",
            self.0.seat(),
            self.0
                .counts()
                .iter()
                .map(|&c| usize::from(c))
                .sum::<usize>(),
            self.0.melds().len()
        )
    }
}

/// Every other seat's answers to one discard, in one call.
///
/// Args:
///     seats: every seat's `SeatHand`, in seat order (`table.players` of them).
///     discarder: the seat that discarded.
///     tile: the discarded id.
///     table: the `SeatTable`.
///
/// Returns:
///     list[tuple[int, list[tuple]]]: `(seat, answers)` for each seat with any, in turn
///     order after the discarder (see `SeatHand.discard_answers`).
///
/// Raises:
///     RiichiError: seats not in seat order or not `table.players` of them, a bad seat or
///         id (named).
#[pyfunction]
fn discard_answers<'py>(
    py: Python<'py>,
    seats: Vec<PyRef<'py, PySeatHand>>,
    discarder: i64,
    tile: i64,
    table: &PySeatTable,
) -> PyResult<Vec<(u8, Vec<Bound<'py, PyTuple>>)>> {
    let hands: Vec<&SeatHand> = seats.iter().map(|s| &s.0).collect();
    let out = seat::discard_answers(
        &hands,
        small(discarder, "discarder", 4)?,
        small(tile, "tile", 136)?,
        &table.view,
        &table.rules,
    )?;
    out.iter()
        .map(|(s, acts)| Ok((*s, actions(py, acts)?)))
        .collect()
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PySeatTable>()?;
    m.add_class::<PySeatHand>()?;
    m.add_function(wrap_pyfunction!(discard_answers, m)?)?;
    Ok(())
}
