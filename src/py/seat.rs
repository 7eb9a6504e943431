//! Glue for the referee's per-seat hand questions (`crate::seat`): `SeatHand`,
//! `SeatTable` and `discard_answers`. Actions come back as tuples (see `SeatHand`).

use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyList, PyString, PyTuple};

use crate::error::Error;
use crate::meld::Meld;
use crate::py::errors::{int_arg, int_list_arg, shown, wrong_type};
use crate::py::score::extract_rules;
use crate::py::tiles::{melds_arg, tile_kind, PyMeld};
use crate::seat::{
    self, FlowRules, Found, Kuikae, RiichiAnkan, Robbed, SeatAction, SeatHand, TableView,
};
use crate::tile::Tile;

fn bad(name: &'static str, reason: String) -> PyErr {
    Error::InvalidArgument { name, reason }.into()
}

/// A value in `0..limit` from a Python int.
fn small(v: i64, name: &'static str, limit: i64) -> PyResult<u8> {
    if (0..limit).contains(&v) {
        Ok(v as u8)
    } else {
        Err(bad(name, format!("must be 0..={}, got {v}", limit - 1)))
    }
}

/// The ids of a wall's order (0..=135 each): a tuple of plain ints (a `riichi.Wall`'s
/// order) read item by item, anything else as `int_list_arg` reads a sequence (the generic
/// iteration costs about three times as much per item).
fn order_ids(order: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    if let Ok(t) = order.cast_exact::<PyTuple>() {
        if t.iter_borrowed().all(|x| x.is_exact_instance_of::<PyInt>()) {
            return t
                .iter_borrowed()
                .enumerate()
                .map(|(i, x)| match x.extract::<i64>() {
                    Ok(v) if (0..136).contains(&v) => Ok(v as u8),
                    _ => Err(bad(
                        "order",
                        format!("item {i} must be a tile id 0..=135, got {}", shown(&x)),
                    )),
                })
                .collect();
        }
    }
    int_list_arg(order, "order")?
        .into_iter()
        .map(|t| small(t, "order", 136))
        .collect()
}

/// A kind mask from an iterable of kinds 0..=33.
fn kind_mask(obj: &Bound<'_, PyAny>, name: &'static str) -> PyResult<u64> {
    let mut m = 0u64;
    for k in int_list_arg(obj, name)? {
        m |= 1 << small(k, name, 34)?;
    }
    Ok(m)
}

/// The kind of a robbed tile from its name.
fn robbed(kind: &str) -> PyResult<Robbed> {
    match kind {
        "kakan" => Ok(Robbed::Kakan),
        "ankan" => Ok(Robbed::Ankan),
        "nukidora" => Ok(Robbed::Nukidora),
        _ => Err(bad(
            "kind",
            format!("expected 'kakan', 'ankan' or 'nukidora', got {kind:?}"),
        )),
    }
}

fn kinds_of(mask: u64) -> Vec<u32> {
    (0u32..34).filter(|&k| mask >> k & 1 != 0).collect()
}

/// An action as a tuple: `(name, ...)` with the ids it uses (names interned: no string is
/// built per action).
fn action_tuple<'py>(py: Python<'py>, a: &SeatAction) -> PyResult<Bound<'py, PyTuple>> {
    match *a {
        SeatAction::Discard { tile, tsumogiri } => {
            (intern!(py, "discard").clone(), tile, tsumogiri).into_pyobject(py)
        }
        SeatAction::Riichi { tile, tsumogiri } => {
            (intern!(py, "riichi").clone(), tile, tsumogiri).into_pyobject(py)
        }
        SeatAction::Tsumo => (intern!(py, "tsumo").clone(),).into_pyobject(py),
        SeatAction::Ankan { ids } => (
            intern!(py, "ankan").clone(),
            (ids[0], ids[1], ids[2], ids[3]),
        )
            .into_pyobject(py),
        SeatAction::Kakan { tile } => (intern!(py, "kakan").clone(), tile).into_pyobject(py),
        SeatAction::Kyuushu => (intern!(py, "kyuushu").clone(),).into_pyobject(py),
        SeatAction::Nukidora { tile } => (intern!(py, "nukidora").clone(), tile).into_pyobject(py),
        SeatAction::Ron => (intern!(py, "ron").clone(),).into_pyobject(py),
        SeatAction::Pon { tile, consumed } => {
            (intern!(py, "pon").clone(), tile, (consumed[0], consumed[1])).into_pyobject(py)
        }
        SeatAction::Daiminkan { tile, consumed } => (
            intern!(py, "daiminkan").clone(),
            tile,
            (consumed[0], consumed[1], consumed[2]),
        )
            .into_pyobject(py),
        SeatAction::Chi { tile, consumed } => {
            (intern!(py, "chi").clone(), tile, (consumed[0], consumed[1])).into_pyobject(py)
        }
        SeatAction::Pass => (intern!(py, "pass").clone(),).into_pyobject(py),
    }
}

/// The code of a turn action (`SeatHand.turn_codes`).
fn turn_code(a: &SeatAction) -> u16 {
    match *a {
        SeatAction::Discard { tile, tsumogiri } => 2 * u16::from(tile) + u16::from(tsumogiri),
        SeatAction::Riichi { tile, tsumogiri } => 272 + 2 * u16::from(tile) + u16::from(tsumogiri),
        SeatAction::Tsumo => 544,
        SeatAction::Kyuushu => 545,
        SeatAction::Ankan { ids } => 546 + u16::from(ids[0] / 4),
        SeatAction::Kakan { tile } => 580 + u16::from(tile),
        SeatAction::Nukidora { tile } => 716 + u16::from(tile),
        // never on a turn
        SeatAction::Ron
        | SeatAction::Pon { .. }
        | SeatAction::Daiminkan { .. }
        | SeatAction::Chi { .. }
        | SeatAction::Pass => u16::MAX,
    }
}

fn actions<'py>(py: Python<'py>, acts: &[SeatAction]) -> PyResult<Vec<Bound<'py, PyTuple>>> {
    acts.iter().map(|a| action_tuple(py, a)).collect()
}

/// The checked facts of a `SeatTable` (its constructor's arguments after `rules`).
#[allow(clippy::too_many_arguments)]
fn table_view(
    flow: &FlowRules,
    live_left: i64,
    kans: i64,
    uninterrupted: bool,
    rinshan: bool,
    dealer: i64,
    round_wind: i64,
    dora_indicators: Option<&Bound<'_, PyAny>>,
    honba: Option<&Bound<'_, PyAny>>,
    kan_seats: Option<i64>,
) -> PyResult<TableView> {
    if !(0..=136).contains(&live_left) {
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
    // any count the scorer takes (u32): the two-han minimum from some honba on reads it
    let honba = match honba {
        Some(h) => int_arg(h, "honba")?,
        None => 0,
    };
    if !(0..=i64::from(u32::MAX)).contains(&honba) {
        return Err(bad(
            "honba",
            format!("must be 0..={}, got {honba}", u32::MAX),
        ));
    }
    let kans = small(kans, "kans", 5)?;
    let kan_seats = match kan_seats {
        Some(k) => small(k, "kan_seats", 5)?,
        None => kans.min(1),
    };
    if kan_seats > kans || (kans > 0 && kan_seats == 0) {
        return Err(bad(
            "kan_seats",
            format!("{kan_seats} seats cannot have declared {kans} kans"),
        ));
    }
    Ok(TableView {
        live_left: live_left as u32,
        kans,
        kan_seats,
        uninterrupted,
        rinshan,
        dealer: small(dealer, "dealer", i64::from(flow.players))?,
        round_wind: small(round_wind, "round_wind", 4)?,
        dora_indicators: dora,
        honba: honba as u32,
    })
}

/// The rules and table facts the hand questions read, as of one decision point.
///
/// Args:
///     rules: a `riichi.Rules`; read: `num_players`, `kuikae`, `riichi_ankan`, `furiten_riichi`,
///         `riichi_min_points`, `riichi_min_live_tiles`, `riichi_requires_tenpai`,
///         `kyuushu_kyuuhai` and the scoring
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
#[pyclass(name = "SeatTable", module = "riichi._core")]
pub struct PySeatTable {
    rules: FlowRules,
    view: TableView,
}

#[pymethods]
impl PySeatTable {
    #[new]
    #[pyo3(signature = (rules, *, live_left, kans = 0, uninterrupted = false, rinshan = false,
        dealer = 0, round_wind = 0, dora_indicators = None, honba = None, kan_seats = None))]
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
        honba: Option<&Bound<'_, PyAny>>,
        kan_seats: Option<i64>,
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
        let kuikae = kuikae_rule(&attr("kuikae")?)?;
        let riichi_ankan_value = attr("riichi_ankan")?;
        let riichi_ankan = match riichi_ankan_value.cast::<PyString>() {
            Ok(s) if s.to_cow()? == "same_waits" => RiichiAnkan::SameWaits,
            Ok(s) if s.to_cow()? == "same_reading" => RiichiAnkan::SameReading,
            Ok(s) if s.to_cow()? == "forbidden" => RiichiAnkan::Forbidden,
            _ => {
                return Err(bad(
                    "rules.riichi_ankan",
                    format!(
                        "expected 'same_waits', 'same_reading' or 'forbidden', got {riichi_ankan_value}"
                    ),
                ))
            }
        };
        let flow = FlowRules {
            players: players as u8,
            kuikae,
            riichi_ankan,
            furiten_riichi: attr("furiten_riichi")?.extract()?,
            riichi_min_points: attr("riichi_min_points")?.extract()?,
            riichi_min_live_tiles: attr("riichi_min_live_tiles")?.extract()?,
            riichi_requires_tenpai: attr("riichi_requires_tenpai")?.extract()?,
            kyuushu_kyuuhai: attr("kyuushu_kyuuhai")?.extract()?,
            suukaikan: attr("suukaikan")?.extract()?,
            scoring,
        };
        let view = table_view(
            &flow,
            live_left,
            kans,
            uninterrupted,
            rinshan,
            dealer,
            round_wind,
            dora_indicators,
            honba,
            kan_seats,
        )?;
        Ok(PySeatTable { rules: flow, view })
    }

    /// A new table with this one's rules and the given facts (the arguments of
    /// `SeatTable` after `rules`, checked alike): a new round's table without reading the
    /// `riichi.Rules` again.
    ///
    /// Raises:
    ///     RiichiError: as `SeatTable`.
    #[pyo3(signature = (*, live_left, kans = 0, uninterrupted = false, rinshan = false,
        dealer = 0, round_wind = 0, dora_indicators = None, honba = None, kan_seats = None))]
    #[allow(clippy::too_many_arguments)]
    fn renew(
        &self,
        live_left: i64,
        kans: i64,
        uninterrupted: bool,
        rinshan: bool,
        dealer: i64,
        round_wind: i64,
        dora_indicators: Option<&Bound<'_, PyAny>>,
        honba: Option<&Bound<'_, PyAny>>,
        kan_seats: Option<i64>,
    ) -> PyResult<Self> {
        let view = table_view(
            &self.rules,
            live_left,
            kans,
            uninterrupted,
            rinshan,
            dealer,
            round_wind,
            dora_indicators,
            honba,
            kan_seats,
        )?;
        Ok(PySeatTable {
            rules: self.rules.clone(),
            view,
        })
    }

    /// Players at the table (3 or 4).
    #[getter]
    fn players(&self) -> u8 {
        self.rules.players
    }

    /// Tiles still drawable from the live wall (set it as the round moves).
    #[getter]
    fn get_live_left(&self) -> u32 {
        self.view.live_left
    }
    #[setter]
    fn set_live_left(&mut self, v: i64) -> PyResult<()> {
        self.view.live_left = u32::from(small(v, "live_left", 137)?);
        Ok(())
    }
    /// Kans declared this round.
    #[getter]
    fn get_kans(&self) -> u8 {
        self.view.kans
    }
    #[setter]
    fn set_kans(&mut self, v: i64) -> PyResult<()> {
        self.view.kans = small(v, "kans", 5)?;
        Ok(())
    }
    /// How many different seats declared the kans (suukaikan needs two or more).
    #[getter]
    fn get_kan_seats(&self) -> u8 {
        self.view.kan_seats
    }
    #[setter]
    fn set_kan_seats(&mut self, v: i64) -> PyResult<()> {
        self.view.kan_seats = small(v, "kan_seats", 5)?;
        Ok(())
    }
    /// No call yet this round.
    #[getter]
    fn get_uninterrupted(&self) -> bool {
        self.view.uninterrupted
    }
    #[setter]
    fn set_uninterrupted(&mut self, v: bool) {
        self.view.uninterrupted = v;
    }
    /// The turn seat's tile was a replacement draw.
    #[getter]
    fn get_rinshan(&self) -> bool {
        self.view.rinshan
    }
    #[setter]
    fn set_rinshan(&mut self, v: bool) {
        self.view.rinshan = v;
    }
    /// The revealed dora indicators' kinds.
    #[getter]
    fn get_dora_indicators(&self) -> Vec<u32> {
        self.view
            .dora_indicators
            .iter()
            .map(|t| t.index() as u32)
            .collect()
    }
    #[setter]
    fn set_dora_indicators(&mut self, v: &Bound<'_, PyAny>) -> PyResult<()> {
        self.view.dora_indicators = int_list_arg(v, "dora_indicators")?
            .into_iter()
            .map(|k| {
                Ok(Tile::from_index(usize::from(small(
                    k,
                    "dora_indicators",
                    34,
                )?)))
            })
            .collect::<PyResult<Vec<Tile>>>()?;
        Ok(())
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
#[pyclass(name = "SeatHand", module = "riichi._core")]
pub struct PySeatHand(pub(crate) SeatHand);

impl PySeatHand {
    /// The seat's turn actions in the order of `turn_codes`, each given to `f` with its
    /// shared object `actions[code]` (what `turn_list` lists). False, with `f` given only
    /// the actions before it, when a code is past the end of `actions` (an ankan, kakan or
    /// kita: the caller builds those from `turn_codes`).
    ///
    /// # Errors
    /// As `turn_actions`; an item of `actions` that cannot be read.
    pub(crate) fn turn_objects<'py>(
        &self,
        table: &PySeatTable,
        actions: &Bound<'py, PyList>,
        mut f: impl FnMut(SeatAction, Bound<'py, PyAny>),
    ) -> PyResult<bool> {
        let n = actions.len();
        let mut past = false;
        let mut failed = None;
        self.0
            .visit_turn_actions(&table.view, &table.rules, &mut |a| {
                let code = usize::from(turn_code(&a));
                if code >= n {
                    past = true;
                    return false;
                }
                match actions.get_item(code) {
                    Ok(x) => f(a, x),
                    Err(e) => {
                        failed = Some(e);
                        return false;
                    }
                }
                true
            })?;
        if let Some(e) = failed {
            return Err(e);
        }
        Ok(!past)
    }
}

impl PySeatTable {
    /// Tiles still drawable from the live wall, as the round last set it.
    pub(crate) fn live_left(&self) -> u32 {
        self.view.live_left
    }
}

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
        let ms = melds_arg(melds)?;
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

    /// Deal a round from its wall in one call: each seat's hand as
    /// `SeatHand(seat, its 13 ids, red_fives=red_fives, points=scores[seat])` would make it,
    /// and the deal as the `start_kyoku` event's `tehais` (each seat's 13 tiles ascending by
    /// id, each a `riichi.TileKind` with its red flag under `red_fives`). The seats deal
    /// 4-4-4 by turns from the dealer, then one each (the `i`-th seat from the dealer takes
    /// `order[4i:4i+4]`, `order[4p+4i:4p+4i+4]`, `order[8p+4i:8p+4i+4]`, `order[12p+i]`
    /// with `p` players).
    ///
    /// Args:
    ///     order: the wall in draw order (`riichi.Wall.order`: 136 ids, 108 in sanma).
    ///     dealer: the dealer's seat.
    ///     red_fives: red fives per suit (`Rules.red_fives`), 0..=4 each.
    ///     scores: points per seat; their count is the players' (4, or 3 in sanma).
    ///
    /// Returns:
    ///     tuple[list[SeatHand], tuple[tuple[TileKind, ...], ...]]: per seat.
    ///
    /// Raises:
    ///     RiichiError: not 3 or 4 scores, `order` not 136 (108) ids 0..135, `dealer` not
    ///         a seat, `red_fives` above 4, or a hand `SeatHand` refuses (an id twice).
    #[staticmethod]
    fn deal<'py>(
        py: Python<'py>,
        order: &Bound<'py, PyAny>,
        dealer: i64,
        red_fives: (u8, u8, u8),
        scores: Vec<i64>,
    ) -> PyResult<(Bound<'py, PyList>, Bound<'py, PyTuple>)> {
        let players = scores.len();
        if !(3..=4).contains(&players) {
            return Err(bad(
                "scores",
                format!("one per seat of 3 or 4 players, got {players}"),
            ));
        }
        let size = if players == 4 { 136 } else { 108 };
        let ids = order_ids(order)?;
        if ids.len() != size {
            return Err(bad(
                "order",
                format!("{} ids for {players} players (expected {size})", ids.len()),
            ));
        }
        let red = [red_fives.0, red_fives.1, red_fives.2];
        if red.iter().any(|&r| r > 4) {
            return Err(bad("red_fives", format!("must be 0..=4 each, got {red:?}")));
        }
        let dealer = small(dealer, "dealer", players as i64)?;
        let hands = seat::deal_hands(&ids, dealer, players as u8)?;
        let mut seats = Vec::with_capacity(players);
        let mut tehais = Vec::with_capacity(players);
        for (s, hand) in hands.iter().enumerate() {
            let mut h = SeatHand::new(s as u8, hand, None, Vec::new(), red)?;
            h.points = scores[s];
            seats.push(Py::new(py, PySeatHand(h))?);
            let tiles = hand
                .iter()
                .map(|&t| {
                    let kind = usize::from(t / 4);
                    let is_red = kind < 27 && kind % 9 == 4 && t % 4 < red[kind / 9];
                    tile_kind(py, Tile::from_index(kind), is_red)
                })
                .collect::<PyResult<Vec<_>>>()?;
            tehais.push(PyTuple::new(py, tiles)?);
        }
        Ok((PyList::new(py, seats)?, PyTuple::new(py, tehais)?))
    }

    /// Take the id into the hand as the turn's draw (kuikae ends).
    ///
    /// Raises:
    ///     RiichiError: an id out of range or held, or a hand that already holds 3n+2.
    fn draw(&mut self, id: i64) -> PyResult<()> {
        Ok(self.0.draw(small(id, "draw", 136)?)?)
    }

    /// Discard a held id: the river's kinds, the discard count, temporary furiten and
    /// ippatsu (in riichi) move as the referee moves them, and the waits become those of
    /// the hand left (unchanged after a tsumogiri).
    ///
    /// Raises:
    ///     RiichiError: an id not held, or a hand not of 3n+2 tiles.
    fn discard(&mut self, id: i64) -> PyResult<()> {
        Ok(self.0.discard(small(id, "discard", 136)?)?)
    }

    /// Make a meld with the held ids `from_hand` (chi/pon/daiminkan: the ids besides the
    /// discard; ankan: the four; kakan: the added tile, its pon replaced by `meld`).
    /// `kuikae`: the kinds that may not be discarded next. After a kan the waits are
    /// recomputed; after a chi or pon they are kept from before the call.
    ///
    /// Raises:
    ///     RiichiError: an id not held, a kakan without its pon, a fifth meld.
    #[pyo3(signature = (meld, from_hand, kuikae = None))]
    fn add_meld(
        &mut self,
        meld: &PyMeld,
        from_hand: &Bound<'_, PyAny>,
        kuikae: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let ids = int_list_arg(from_hand, "from_hand")?
            .into_iter()
            .map(|t| small(t, "from_hand", 136))
            .collect::<PyResult<Vec<u8>>>()?;
        let forbid = kuikae.map_or(Ok(0), |k| kind_mask(k, "kuikae"))?;
        Ok(self.0.add_meld(meld.0, &ids, forbid)?)
    }

    /// Call the discard `tile` with the held ids `consumed`: the `kind` (`"chi"`, `"pon"`
    /// or `"daiminkan"`) from the seat `source` turns before this one (1 shimocha, 2
    /// toimen, 3 kamicha), with the kinds kuikae forbids after a chi or pon under the
    /// table's `Rules.kuikae`: `add_meld` of the meld and those kinds in one call.
    ///
    /// Returns:
    ///     Meld: the meld made (as `Meld.parse` reads the ids written called tile first,
    ///     red fives by this hand's `red_fives`).
    ///
    /// Raises:
    ///     RiichiError: another kind, the wrong number of ids, ids that do not make the
    ///         meld or are not held, a `source` a chi or an open set cannot come from
    ///         (named; nothing changes).
    fn call(
        &mut self,
        kind: &str,
        tile: i64,
        consumed: &Bound<'_, PyAny>,
        source: i64,
        table: &PySeatTable,
    ) -> PyResult<PyMeld> {
        let kind = crate::meld::MeldKind::from_name(kind)
            .filter(|k| {
                !matches!(
                    k,
                    crate::meld::MeldKind::Ankan | crate::meld::MeldKind::Kakan
                )
            })
            .ok_or_else(|| {
                bad(
                    "kind",
                    format!("expected 'chi', 'pon' or 'daiminkan', got {kind:?}"),
                )
            })?;
        let ids = int_list_arg(consumed, "consumed")?
            .into_iter()
            .map(|t| small(t, "consumed", 136))
            .collect::<PyResult<Vec<u8>>>()?;
        let meld = self.0.call(
            kind,
            small(tile, "tile", 136)?,
            &ids,
            small(source, "source", 4)?,
            &table.rules,
        )?;
        Ok(PyMeld(meld))
    }

    /// Set a held North aside (sanma kita); the waits become those of the hand left.
    ///
    /// Raises:
    ///     RiichiError: an id that is not a held North.
    fn nukidora(&mut self, id: i64) -> PyResult<()> {
        Ok(self.0.nukidora(small(id, "nukidora", 136)?)?)
    }

    /// A tile this seat waits on went by without its ron: temporary furiten, and riichi
    /// furiten in riichi. Returns whether it was a wait (nothing changes otherwise).
    ///
    /// Raises:
    ///     RiichiError: an id out of range.
    fn missed(&mut self, tile: i64) -> PyResult<bool> {
        Ok(self.0.missed(small(tile, "tile", 136)?))
    }

    /// Temporary furiten (a winning tile passed since this seat's last discard).
    #[getter]
    fn get_temp_furiten(&self) -> bool {
        self.0.temp_furiten
    }
    #[setter]
    fn set_temp_furiten(&mut self, v: bool) {
        self.0.temp_furiten = v;
    }
    /// Riichi furiten (a winning tile passed after riichi).
    #[getter]
    fn get_riichi_furiten(&self) -> bool {
        self.0.riichi_furiten
    }
    #[setter]
    fn set_riichi_furiten(&mut self, v: bool) {
        self.0.riichi_furiten = v;
    }
    /// In riichi (declared).
    #[getter]
    fn get_riichi(&self) -> bool {
        self.0.riichi
    }
    #[setter]
    fn set_riichi(&mut self, v: bool) {
        self.0.riichi = v;
    }
    /// A double riichi.
    #[getter]
    fn get_double_riichi(&self) -> bool {
        self.0.double_riichi
    }
    #[setter]
    fn set_double_riichi(&mut self, v: bool) {
        self.0.double_riichi = v;
    }
    /// The riichi was declared open (its wins score the yaku `open_riichi`).
    #[getter]
    fn get_open_riichi(&self) -> bool {
        self.0.open_riichi
    }
    #[setter]
    fn set_open_riichi(&mut self, v: bool) {
        self.0.open_riichi = v;
    }
    /// Ippatsu still possible.
    #[getter]
    fn get_ippatsu(&self) -> bool {
        self.0.ippatsu
    }
    #[setter]
    fn set_ippatsu(&mut self, v: bool) {
        self.0.ippatsu = v;
    }
    /// The seat's points.
    #[getter]
    fn get_points(&self) -> i64 {
        self.0.points
    }
    #[setter]
    fn set_points(&mut self, v: i64) {
        self.0.points = v;
    }
    /// The id just drawn, or None.
    #[getter]
    fn drawn(&self) -> Option<u8> {
        self.0.drawn()
    }
    /// The concealed tiles' counts per kind (34 ints).
    #[getter]
    fn counts(&self) -> Vec<u32> {
        self.0.counts().iter().map(|&c| u32::from(c)).collect()
    }

    /// The seat 0..=3.
    #[getter]
    fn seat(&self) -> u8 {
        self.0.seat()
    }

    /// The concealed ids, ascending.
    #[getter]
    fn ids(&self) -> Vec<u8> {
        self.0.ids().collect()
    }

    /// The kinds this seat has discarded this round, ascending (furiten).
    #[getter]
    fn river_kinds(&self) -> Vec<u32> {
        kinds_of(self.0.river_kinds)
    }

    /// Discards this seat has made this round.
    #[getter]
    fn discards_made(&self) -> u32 {
        self.0.discards_made
    }

    /// Norths set aside (sanma), each a dora.
    #[getter]
    fn nukidora_count(&self) -> u8 {
        self.0.nukidora
    }

    /// The kinds kuikae forbids to discard now, ascending (after this seat's chi or pon).
    #[getter]
    fn kuikae(&self) -> Vec<u32> {
        kinds_of(self.0.kuikae)
    }

    /// A copy (the round's `clone`).
    fn __copy__(&self) -> Self {
        PySeatHand(self.0.clone())
    }

    /// Pickle support: the hand's facts as plain data (see `_from_state`).
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let this = slf.borrow();
        let h = &this.0;
        let melds: Vec<String> = h.melds().iter().map(|m| m.to_string()).collect();
        let state = (
            h.seat(),
            h.ids().collect::<Vec<u8>>(),
            h.drawn(),
            melds,
            h.red_fives(),
            (h.river_kinds, h.temp_furiten, h.riichi_furiten, h.riichi),
            (h.double_riichi, h.ippatsu, h.discards_made, h.nukidora),
            (h.points, h.kuikae, h.waits(), h.open_riichi),
        );
        Ok((
            slf.get_type().getattr("_from_state")?,
            (state,).into_pyobject(py)?,
        ))
    }

    /// Rebuild a pickled hand (private: the inverse of `__reduce__`).
    #[staticmethod]
    fn _from_state(state: &Bound<'_, PyAny>) -> PyResult<Self> {
        type State = (
            u8,
            Vec<u8>,
            Option<u8>,
            Vec<String>,
            [u8; 3],
            (u64, bool, bool, bool),
            (bool, bool, u32, u8),
            (i64, u64, u64, bool),
        );
        let (seat, ids, drawn, melds, red, a, b, c) = state
            .extract::<State>()
            .map_err(|_| wrong_type("state", "a pickled SeatHand state", state))?;
        let melds = melds
            .iter()
            .map(|m| Meld::parse(m))
            .collect::<crate::error::Result<Vec<Meld>>>()?;
        let mut h = SeatHand::new(seat, &ids, drawn, melds, red)?;
        (h.river_kinds, h.temp_furiten, h.riichi_furiten, h.riichi) = a;
        (h.double_riichi, h.ippatsu, h.discards_made, h.nukidora) = b;
        (h.points, h.kuikae, h.open_riichi) = (c.0, c.1, c.3);
        h.set_waits(c.2);
        Ok(PySeatHand(h))
    }

    /// The code (as `turn_codes`) of the first turn action that discards a tile of the class
    /// `cls` (`kind * 2 + red`) with the flag `tsumogiri`, a riichi discard when `riichi`:
    /// the action a logged discard stands for. `-1` when no action discards that class,
    /// `-2` when one does with the other tsumogiri flag only. The turn's actions are worked
    /// out in order up to the one found (`SeatHand.turn_actions` is the same listing).
    ///
    /// Raises:
    ///     RiichiError: as `turn_actions`, or a class outside 0..68.
    fn turn_find(
        &self,
        table: &PySeatTable,
        riichi: bool,
        cls: i64,
        tsumogiri: bool,
    ) -> PyResult<i32> {
        let cls = small(cls, "cls", 68)?;
        Ok(
            match self
                .0
                .find_discard(&table.view, &table.rules, riichi, cls, tsumogiri)?
            {
                Found::Action(a) => i32::from(turn_code(&a)),
                Found::OtherFlag => -2,
                Found::Missing => -1,
            },
        )
    }

    /// The seat's legal actions on its own turn as action codes, in the order of
    /// `turn_actions` (one int each, for the round's tables of shared action objects):
    /// `2 * id + tsumogiri` a discard (0..=271), `272 + 2 * id + tsumogiri` a riichi
    /// discard, `544` tsumo, `545` kyuushu kyuuhai, `546 + kind` the ankan of the four ids
    /// of `kind`, `580 + id` a kakan, `716 + id` a kita (sanma).
    ///
    /// Raises:
    ///     RiichiError: as `turn_actions`.
    fn turn_codes(&self, table: &PySeatTable) -> PyResult<Vec<u16>> {
        Ok(self
            .0
            .turn_actions(&table.view, &table.rules)?
            .iter()
            .map(turn_code)
            .collect())
    }

    /// The seat's legal actions on its own turn as the round's shared action objects:
    /// `actions[code]` for each of `turn_codes`, in order, without a list of codes in
    /// between (one call per turn). None when a code is past the end of `actions` (an
    /// ankan, kakan or kita: the caller builds those from `turn_codes`).
    ///
    /// Args:
    ///     table: the round's table view.
    ///     actions: the action objects by code (the round's list for this seat).
    ///
    /// Raises:
    ///     RiichiError: as `turn_actions`.
    fn turn_list<'py>(
        &self,
        py: Python<'py>,
        table: &PySeatTable,
        actions: &Bound<'py, PyList>,
    ) -> PyResult<Option<Bound<'py, PyList>>> {
        let mut out: Vec<Bound<'py, PyAny>> = Vec::with_capacity(24);
        if !self.turn_objects(table, actions, |_, x| out.push(x))? {
            return Ok(None);
        }
        Ok(Some(PyList::new(py, out)?))
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

    /// This seat's answers to a tile robbed from a kan or a kita: `[("ron",), ("pass",)]`
    /// or `[]` (chankan; on an ankan only a kokushi musou).
    ///
    /// Args:
    ///     tile: the robbed id.
    ///     kind: "kakan", "ankan" or "nukidora".
    ///     table: the `SeatTable`.
    fn robbed_answers<'py>(
        &self,
        py: Python<'py>,
        tile: i64,
        kind: &str,
        table: &PySeatTable,
    ) -> PyResult<Vec<Bound<'py, PyTuple>>> {
        let t = small(tile, "tile", 136)?;
        actions(
            py,
            &self
                .0
                .robbed_answers(t, robbed(kind)?, &table.view, &table.rules)?,
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

/// Seat `discarder` discards `tile`, and the seats in `answer` answer it, in one call.
///
/// Args:
///     seats: every seat's `SeatHand`, in seat order (`table.players` of them).
///     discarder: the seat that discards (its hand must hold `tile`).
///     tile: the discarded id.
///     answer: a seat mask (bit `s` for seat `s`): the seats asked for their answers (the
///         others pass); 0 asks nobody.
///     table: the `SeatTable`.
///     draw: the id the next seat in turn order draws when no seat asked answers (its
///         `SeatHand.draw`, and `table.live_left` one less), or None: the round's next
///         draw made in the same call when the discard can neither end the round nor be
///         followed by anything else first (the caller's to know).
///
/// Returns:
///     list[tuple[int, list[tuple]]]: as `discard_answers`, for the seats asked. When it is
///     empty the tile went by every other seat: each that waits on it missed it (furiten,
///     `SeatHand.missed`), and `draw`, if given, was drawn.
///
/// Raises:
///     RiichiError: seats not in seat order or not `table.players` of them, a tile the
///         discarder does not hold, a `draw` the next seat cannot draw or no live tile
///         left for it (named; nothing changes).
#[pyfunction]
#[pyo3(signature = (seats, discarder, tile, answer, table, draw = None))]
fn discard_tile<'py>(
    py: Python<'py>,
    seats: Vec<PyRefMut<'py, PySeatHand>>,
    discarder: i64,
    tile: i64,
    answer: i64,
    mut table: PyRefMut<'py, PySeatTable>,
    draw: Option<i64>,
) -> PyResult<Vec<(u8, Vec<Bound<'py, PyTuple>>)>> {
    let mut seats = seats;
    let mut hands: Vec<&mut SeatHand> = seats.iter_mut().map(|s| &mut s.0).collect();
    let draw = draw.map(|d| small(d, "draw", 136)).transpose()?;
    let table = &mut *table;
    let out = seat::discard_tile_and_draw(
        &mut hands,
        small(discarder, "discarder", 4)?,
        small(tile, "tile", 136)?,
        small(answer, "answer", 16)?,
        draw,
        &mut table.view,
        &table.rules,
    )?;
    out.iter()
        .map(|(s, acts)| Ok((*s, actions(py, acts)?)))
        .collect()
}

/// A run of logged discards nobody claims, each followed by the next seat's draw, in one
/// call (the log replay's most frequent stretch).
///
/// Args:
///     seats: every seat's `SeatHand`, in seat order (`table.players` of them).
///     first: the seat of the first discard (the turn seat); the others follow in turn order.
///     discards: `(cls, tsumogiri)` per discard: the class `kind * 2 + red` and flag of the
///         logged tile, found as `SeatHand.turn_find` finds it.
///     draws: the id the next seat draws after each discard (from the live wall).
///     table: the `SeatTable` (its `live_left` one less per draw).
///
/// Returns:
///     tuple[list[int], list[int]]: the ids discarded, one per discard made, and the code of
///     each event the run makes, in order (a dahai, then the next seat's tsumo, per
///     discard): `(seat * 68 + cls) * 2 + tsumogiri` a dahai, `544 + seat * 68 + cls` a
///     tsumo, `cls` the tile's class `kind * 2 + red` (the round's tables of shared events
///     are indexed so). The run stops before the fourth discard of an uninterrupted first
///     go-around (suufon renda), four kans, an empty live wall, a discard not found, or
///     the end of `draws`: the caller applies that one by its general path.
///
/// Raises:
///     RiichiError: seats not in seat order, a class outside 0..68, or a draw the next seat
///         cannot make, for the first discard only (nothing changed); a later discard
///         that would fail ends the run instead, so the list says how far it went.
#[pyfunction]
fn discard_run(
    seats: Vec<PyRefMut<'_, PySeatHand>>,
    first: i64,
    discards: Vec<(i64, bool)>,
    draws: Vec<i64>,
    mut table: PyRefMut<'_, PySeatTable>,
) -> PyResult<(Vec<u16>, Vec<u16>)> {
    let mut seats = seats;
    let mut hands: Vec<&mut SeatHand> = seats.iter_mut().map(|s| &mut s.0).collect();
    let discards = discards
        .into_iter()
        .map(|(c, g)| Ok((small(c, "cls", 68)?, g)))
        .collect::<PyResult<Vec<_>>>()?;
    let draws = draws
        .into_iter()
        .map(|d| small(d, "draws", 136))
        .collect::<PyResult<Vec<_>>>()?;
    let table = &mut *table;
    let first = small(first, "first", 4)?;
    let done = seat::discard_run(
        &mut hands,
        first,
        &discards,
        &draws,
        &mut table.view,
        &table.rules,
    )?;
    let n = u16::from(table.rules.players);
    let cls = |t: u8| u16::from(t / 4) * 2 + u16::from(hands[0].is_red(t));
    let mut codes = Vec::with_capacity(2 * done.len());
    for (j, &tile) in done.iter().enumerate() {
        let s = (u16::from(first) + j as u16) % n;
        codes.push((s * 68 + cls(tile)) * 2 + u16::from(discards[j].1));
        codes.push(544 + (s + 1) % n * 68 + cls(draws[j]));
    }
    Ok((done.iter().map(|&t| u16::from(t)).collect(), codes))
}

/// Every other seat's answers to a tile robbed from a kakan, an ankan or a kita.
///
/// Args:
///     seats: every seat's `SeatHand`, in seat order.
///     actor: the seat whose kan or kita it is.
///     tile: the robbed id.
///     kind: "kakan", "ankan" or "nukidora".
///     table: the `SeatTable`.
///
/// Returns:
///     list[tuple[int, list[tuple]]]: `(seat, [("ron",), ("pass",)])` for each seat that
///     may ron, in turn order after the actor.
///
/// Raises:
///     RiichiError: as `discard_answers`, or an unknown `kind`.
#[pyfunction]
fn robbed_answers<'py>(
    py: Python<'py>,
    seats: Vec<PyRef<'py, PySeatHand>>,
    actor: i64,
    tile: i64,
    kind: &str,
    table: &PySeatTable,
) -> PyResult<Vec<(u8, Vec<Bound<'py, PyTuple>>)>> {
    let hands: Vec<&SeatHand> = seats.iter().map(|s| &s.0).collect();
    let out = seat::robbed_answers(
        &hands,
        small(actor, "actor", 4)?,
        small(tile, "tile", 136)?,
        robbed(kind)?,
        &table.view,
        &table.rules,
    )?;
    out.iter()
        .map(|(s, acts)| Ok((*s, actions(py, acts)?)))
        .collect()
}

/// `Rules.kuikae` as the core's rule: `"forbidden"`, `"same_tile"` or `"allowed"`.
fn kuikae_rule(value: &Bound<'_, PyAny>) -> PyResult<Kuikae> {
    match value.cast::<PyString>() {
        Ok(s) if s.to_cow()? == "forbidden" => Ok(Kuikae::SameTileAndSuji),
        Ok(s) if s.to_cow()? == "same_tile" => Ok(Kuikae::SameTile),
        Ok(s) if s.to_cow()? == "allowed" => Ok(Kuikae::Allowed),
        _ => Err(bad(
            "rules.kuikae",
            format!("expected 'forbidden', 'same_tile' or 'allowed', got {value}"),
        )),
    }
}

/// The kinds kuikae forbids to discard right after the call `meld` under `rule` (a
/// `Rules.kuikae` value): with `"forbidden"` (the default, Tenhou) a pon's kind, a chi's
/// called kind and the kind beyond the run's far end when the called tile ends the run;
/// with `"same_tile"` the called kind only; with `"allowed"` none. Empty for kans.
///
/// Returns:
///     list[int]: the kinds, ascending (pass them as `SeatHand.add_meld(..., kuikae=)`).
///
/// Raises:
///     RiichiError: a `rule` that is not one of the three values.
#[pyfunction]
#[pyo3(signature = (meld, rule = None))]
fn kuikae_kinds(meld: &PyMeld, rule: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<u32>> {
    let rule = match rule {
        Some(r) => kuikae_rule(r)?,
        None => Kuikae::SameTileAndSuji,
    };
    Ok(kinds_of(seat::kuikae_kinds(&meld.0, rule)))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PySeatTable>()?;
    m.add_class::<PySeatHand>()?;
    m.add_function(wrap_pyfunction!(discard_answers, m)?)?;
    m.add_function(wrap_pyfunction!(discard_tile, m)?)?;
    m.add_function(wrap_pyfunction!(discard_run, m)?)?;
    m.add_function(wrap_pyfunction!(robbed_answers, m)?)?;
    m.add_function(wrap_pyfunction!(kuikae_kinds, m)?)?;
    Ok(())
}
