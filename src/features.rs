//! Feature arrays and the legal-action mask of one seat's observation, in batch.
//!
//! The Python module `riichi.features` documents every array (name, shape, dtype, meaning)
//! and the 197 action indices; this file is their arithmetic. An [`Observation`] is what one
//! seat sees at a decision point (absolute seats, physical tile ids 0..=135, the red ids of
//! the game); [`encode_batch`] checks each one and writes its arrays, rotated so that the
//! observing seat comes first.
//!
//! Contents: the observation ([`Observation`], [`MeldView`], [`ActionView`]), its checks
//! ([`Observation::check`]), the action index of a choice ([`action_index`]) and the
//! encoder ([`encode_batch`] into [`Encoded`]).

use std::sync::Arc;

use rayon::prelude::*;

use crate::error::{Error, Result};
use crate::shanten::{
    chiitoitsu_replacement, kokushi_replacement, regular_after_discard, replacement, Concealed,
    Form,
};
use crate::tile::{Counts, Tile};
use crate::wait::valid_wait_mask;

/// River slots per seat (a river never holds more: see the Python module docstring).
pub const RIVER_LEN: usize = 32;
/// Meld slots per seat.
pub const MAX_MELDS: usize = 4;
/// Dora indicator slots (the first and one per kan).
pub const MAX_INDICATORS: usize = 5;
/// Fields of one river entry: kind, red, tsumogiri, riichi declaration, called away.
pub const RIVER_FIELDS: usize = 5;
/// Fields of one meld: type, lowest kind, called kind, red fives, source seat.
pub const MELD_FIELDS: usize = 5;
/// Values of the `round` array.
pub const ROUND_FIELDS: usize = 6;

/// Action index of a discard of kind `k` from the hand (0..=33).
pub const DISCARD: usize = 0;
/// Action index of a discard of the red five of suit `s` (m, p, s) from the hand.
pub const RED_DISCARD: usize = 34;
/// Action index of a discard of the tile just drawn.
pub const TSUMOGIRI: usize = 37;
/// First riichi index (`RIICHI + ` the discard's index): a closed riichi.
pub const RIICHI: usize = 38;
/// First chi index: `CHI + 2 * shape + red` (shape 0 low, 1 middle, 2 high).
pub const CHI: usize = 76;
/// First pon index: `PON + ` red fives taken from the hand (0..=2).
pub const PON: usize = 82;
/// The daiminkan index.
pub const DAIMINKAN: usize = 85;
/// First ankan index (`ANKAN + kind`).
pub const ANKAN: usize = 86;
/// First kakan index (`KAKAN + kind`).
pub const KAKAN: usize = 120;
/// The tsumo index.
pub const TSUMO: usize = 154;
/// The ron index (chankan included).
pub const RON: usize = 155;
/// The pass index.
pub const PASS: usize = 156;
/// The kyuushu kyuuhai index.
pub const KYUUSHU: usize = 157;
/// The nukidora (kita) index.
pub const NUKIDORA: usize = 158;
/// First open riichi index (`OPEN_RIICHI + ` the discard's index): a riichi declared with
/// the hand shown (`Rules.open_riichi`), after every other block so that the indices below
/// keep their meaning.
pub const OPEN_RIICHI: usize = 159;
/// Size of the action mask, for 3 and 4 players and every rule set alike.
pub const NUM_ACTIONS: usize = 197;

const NORTH: u8 = 30;

/// The kind of a meld.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MeldType {
    /// A run called from kamicha.
    Chi = 1,
    /// A triplet called.
    Pon = 2,
    /// An open kan on a discard.
    Daiminkan = 3,
    /// A concealed kan.
    Ankan = 4,
    /// A pon extended to a kan.
    Kakan = 5,
}

/// One meld as seen by everybody: its type, its ids, the called id and who gave it
/// (both `None` for an ankan).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MeldView {
    /// The meld's type.
    pub kind: MeldType,
    /// Its physical ids (3 for chi and pon, 4 for kans).
    pub ids: Vec<u8>,
    /// The id taken from another seat.
    pub called: Option<u8>,
    /// The seat it came from (absolute).
    pub source: Option<u8>,
}

/// What a tile open to claims came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PendingType {
    /// A discard.
    Dahai = 1,
    /// A tile added to a pon (chankan).
    Kakan = 2,
    /// An ankan (kokushi chankan).
    Ankan = 3,
    /// A North set aside (sanma).
    Nukidora = 4,
}

/// One action of the observing seat (`riichi.actions`), ids as physical ids.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ActionView {
    /// Discard `tile`; `tsumogiri` when it is the tile just drawn.
    Discard {
        /// The id discarded.
        tile: u8,
        /// Whether it is the drawn tile.
        tsumogiri: bool,
    },
    /// Riichi with that discard.
    Riichi {
        /// The id discarded.
        tile: u8,
        /// Whether it is the drawn tile.
        tsumogiri: bool,
        /// Whether the riichi is declared open (the hand shown: `Rules.open_riichi`).
        open: bool,
    },
    /// Chi on the pending `tile` with two ids from the hand.
    Chi {
        /// The called id.
        tile: u8,
        /// The two ids from the hand.
        consumed: [u8; 2],
    },
    /// Pon on the pending `tile`.
    Pon {
        /// The called id.
        tile: u8,
        /// The two ids from the hand.
        consumed: [u8; 2],
    },
    /// Open kan on the pending `tile`.
    Daiminkan {
        /// The called id.
        tile: u8,
        /// The three ids from the hand.
        consumed: [u8; 3],
    },
    /// Concealed kan.
    Ankan {
        /// The four ids.
        consumed: [u8; 4],
    },
    /// Extend a pon with `tile`.
    Kakan {
        /// The id added.
        tile: u8,
    },
    /// Win on the own draw.
    Tsumo,
    /// Win on the pending tile.
    Ron,
    /// Decline the pending tile.
    Pass,
    /// Kyuushu kyuuhai.
    Kyuushu,
    /// Set a North aside (sanma).
    Nukidora {
        /// The North's id.
        tile: u8,
    },
}

/// A per-seat list of an [`Observation`], shared between observations that hold the same
/// (a river only grows: successive observations of a round share each seat's list until
/// it changes, and a copy is one reference count).
pub type Shared<T> = Arc<Vec<T>>;

/// One seat's view at a decision point (the Python `Observation`, ids checked to be
/// 0..=135 when built from Python; everything else is checked by [`Observation::check`]).
#[derive(Clone, Debug, Default)]
pub struct Observation {
    /// The observing seat (absolute).
    pub seat: u8,
    /// 4, or 3 (sanma).
    pub players: u8,
    /// 0 East .. 3 North.
    pub round_wind: u8,
    /// The seat's wind.
    pub seat_wind: u8,
    /// The dealer's seat (absolute).
    pub dealer: u8,
    /// Repeat counters.
    pub honba: i32,
    /// Riichi sticks on the table.
    pub kyotaku: i32,
    /// Points per seat.
    pub scores: Vec<i32>,
    /// The seat's concealed ids (the drawn tile included).
    pub hand: Vec<u8>,
    /// The id just drawn, on the seat's own turn.
    pub drawn: Option<u8>,
    /// Per seat, its melds in call order.
    pub melds: Vec<Shared<MeldView>>,
    /// Per seat, its discards in order.
    pub rivers: Vec<Shared<u8>>,
    /// Per seat, per discard: tsumogiri.
    pub tsumogiri: Vec<Shared<bool>>,
    /// Per seat, per discard: called away.
    pub called: Vec<Shared<bool>>,
    /// Per seat, the river index of its riichi declaration tile (-1 if none).
    pub riichi_index: Vec<i32>,
    /// Per seat, whether its riichi stands.
    pub riichi: Vec<bool>,
    /// Per seat, the Norths set aside.
    pub nukidora: Vec<Shared<u8>>,
    /// Revealed dora indicator ids.
    pub dora_indicators: Vec<u8>,
    /// Tiles left in the live wall.
    pub live_tiles_left: i32,
    /// The tile open to claims: what it came from, its seat, its id.
    pub pending: Option<(PendingType, u8, u8)>,
    /// The seat's legal actions, one per distinct choice.
    pub legal: Vec<ActionView>,
    /// Bit `id` set for each red id (136 bits).
    pub red: [u64; 3],
}

fn bad(name: &'static str, reason: String) -> Error {
    Error::InvalidArgument { name, reason }
}

impl Observation {
    /// Whether `id` is a red five of this game.
    #[inline]
    pub fn is_red(&self, id: u8) -> bool {
        self.red[(id >> 6) as usize] >> (id & 63) & 1 == 1
    }

    /// Kind and colour of an id (`kind * 2 + red`).
    #[inline]
    fn class(&self, id: u8) -> u8 {
        (id >> 2) * 2 + u8::from(self.is_red(id))
    }

    /// The seat `s` relative to the observer (0 = the observer, 1 = shimocha, ...).
    #[inline]
    fn rel(&self, s: u8) -> u8 {
        (s + self.players - self.seat) % self.players
    }

    /// Check everything the encoder relies on.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] naming the field (a player count other than 3 or 4, a
    /// seat or wind out of range, per-seat lists of the wrong length, more than
    /// [`RIVER_LEN`] discards, [`MAX_MELDS`] melds or [`MAX_INDICATORS`] indicators, a
    /// meld of the wrong size, negative counters, a legal action of another seat);
    /// [`Error::TileIdOutOfRange`]; [`Error::TooManyCopies`] or [`Error::BadTileCount`]
    /// for the seat's tiles.
    pub fn check(&self) -> Result<()> {
        self.check_ids()?;
        self.check_layout()
    }

    /// The id checks of [`Self::check`]: every id below 136.
    ///
    /// # Errors
    /// [`Error::TileIdOutOfRange`].
    pub fn check_ids(&self) -> Result<()> {
        let ids = self
            .hand
            .iter()
            .chain(self.drawn.iter())
            .chain(self.rivers.iter().flat_map(|r| r.iter()))
            .chain(self.nukidora.iter().flat_map(|r| r.iter()))
            .chain(self.dora_indicators.iter())
            .chain(
                self.melds
                    .iter()
                    .flat_map(|ms| ms.iter())
                    .flat_map(|m| m.ids.iter()),
            )
            .chain(self.pending.iter().map(|p| &p.2));
        for &t in ids {
            if t >= 136 {
                return Err(Error::TileIdOutOfRange { value: t.into() });
            }
        }
        Ok(())
    }

    /// [`Self::check`] but the ids (for an observation whose ids were checked as they were
    /// read).
    ///
    /// # Errors
    /// As [`Self::check`], [`Error::TileIdOutOfRange`] aside.
    pub fn check_layout(&self) -> Result<()> {
        let n = self.players;
        if n != 3 && n != 4 {
            return Err(bad("players", format!("{n}: expected 3 or 4")));
        }
        for (name, v) in [
            ("seat", self.seat),
            ("dealer", self.dealer),
            ("seat_wind", self.seat_wind),
        ] {
            if v >= n {
                return Err(bad(name, format!("{v} is not a seat of {n} players")));
            }
        }
        if self.round_wind > 3 {
            return Err(bad(
                "round_wind",
                format!("{}: expected 0..=3", self.round_wind),
            ));
        }
        for (name, v) in [
            ("honba", self.honba),
            ("kyotaku", self.kyotaku),
            ("live_tiles_left", self.live_tiles_left),
        ] {
            if v < 0 {
                return Err(bad(name, format!("{v} is negative")));
            }
        }
        let per_seat = [
            ("scores", self.scores.len()),
            ("melds", self.melds.len()),
            ("rivers", self.rivers.len()),
            ("tsumogiri", self.tsumogiri.len()),
            ("called", self.called.len()),
            ("riichi_index", self.riichi_index.len()),
            ("riichi", self.riichi.len()),
            ("nukidora", self.nukidora.len()),
        ];
        for (name, len) in per_seat {
            if len != n as usize {
                return Err(bad(name, format!("{len} entries for {n} players")));
            }
        }
        for s in 0..n as usize {
            let len = self.rivers[s].len();
            if len > RIVER_LEN {
                return Err(bad(
                    "rivers",
                    format!("seat {s} has {len} discards, more than {RIVER_LEN}"),
                ));
            }
            if self.tsumogiri[s].len() != len || self.called[s].len() != len {
                return Err(bad(
                    "tsumogiri",
                    format!("seat {s}: tsumogiri and called flags must match its {len} discards"),
                ));
            }
            let ri = self.riichi_index[s];
            if ri < -1 || ri >= len as i32 {
                return Err(bad(
                    "riichi_index",
                    format!("seat {s}: {ri} is not -1 nor an index of its {len} discards"),
                ));
            }
            if self.melds[s].len() > MAX_MELDS {
                return Err(bad(
                    "melds",
                    format!(
                        "seat {s} has {} melds, more than {MAX_MELDS}",
                        self.melds[s].len()
                    ),
                ));
            }
            for m in self.melds[s].iter() {
                let want = match m.kind {
                    MeldType::Chi | MeldType::Pon => 3,
                    _ => 4,
                };
                if m.ids.len() != want {
                    return Err(bad(
                        "melds",
                        format!("seat {s}: a {:?} of {} tiles", m.kind, m.ids.len()),
                    ));
                }
                if let Some(src) = m.source {
                    if src >= n {
                        return Err(bad("melds", format!("seat {s}: source seat {src}")));
                    }
                }
            }
        }
        if self.dora_indicators.len() > MAX_INDICATORS {
            return Err(bad(
                "dora_indicators",
                format!(
                    "{} indicators, more than {MAX_INDICATORS}",
                    self.dora_indicators.len()
                ),
            ));
        }
        if let Some((_, s, _)) = self.pending {
            if s >= n {
                return Err(bad(
                    "pending",
                    format!("seat {s} is not a seat of {n} players"),
                ));
            }
        }
        let mut held = [0u8; 34];
        for &t in self.hand.iter() {
            held[(t >> 2) as usize] += 1;
        }
        let n_hand = self.hand.len();
        if n_hand > 14 || n_hand % 3 == 0 {
            return Err(Error::BadTileCount {
                concealed: n_hand,
                melds: self.melds[self.seat as usize].len(),
                expected: "3n+1 or 3n+2 concealed tiles, at most 14",
            });
        }
        for m in self.melds[self.seat as usize].iter() {
            for &t in &m.ids {
                held[(t >> 2) as usize] += 1;
            }
        }
        if let Some(k) = held.iter().position(|&c| c > 4) {
            return Err(Error::TooManyCopies {
                tile: Tile::from_index(k),
                count: held[k].into(),
            });
        }
        if let Some(d) = self.drawn {
            if !self.hand.contains(&d) {
                return Err(bad("drawn", format!("id {d} is not in the hand")));
            }
        }
        Ok(())
    }
}

fn action_name(a: &ActionView) -> &'static str {
    match a {
        ActionView::Discard { .. } => "discard",
        ActionView::Riichi { .. } => "riichi",
        ActionView::Chi { .. } => "chi",
        ActionView::Pon { .. } => "pon",
        ActionView::Daiminkan { .. } => "daiminkan",
        ActionView::Ankan { .. } => "ankan",
        ActionView::Kakan { .. } => "kakan",
        ActionView::Tsumo => "tsumo",
        ActionView::Ron => "ron",
        ActionView::Pass => "pass",
        ActionView::Kyuushu => "kyuushu",
        ActionView::Nukidora { .. } => "nukidora",
    }
}

/// The action index of the choice `a` makes in `obs` (its kinds, red fives and
/// tsumogiri; the ids themselves need not be the lowest), before asking whether it is
/// legal: `Err(reason)` when `a` cannot be a choice here at all (a turn action while a
/// tile is open to claims, a call on another tile than the pending one, a chi that is not
/// a run, tsumogiri of another tile than the drawn one, ...).
///
/// # Errors
/// The reason, as text, why `a` is no choice of `obs`.
pub fn action_index(obs: &Observation, a: &ActionView) -> std::result::Result<usize, String> {
    let name = action_name(a);
    let turn = matches!(
        a,
        ActionView::Discard { .. }
            | ActionView::Riichi { .. }
            | ActionView::Ankan { .. }
            | ActionView::Kakan { .. }
            | ActionView::Tsumo
            | ActionView::Kyuushu
            | ActionView::Nukidora { .. }
    );
    if turn && obs.pending.is_some() {
        return Err(format!(
            "{name}: a tile is open to claims, not the seat's turn"
        ));
    }
    if !turn && obs.pending.is_none() {
        return Err(format!("{name}: no tile is open to claims"));
    }
    let discard = |tile: u8, tsumogiri: bool| -> std::result::Result<usize, String> {
        if tsumogiri {
            return match obs.drawn {
                Some(d) if obs.class(d) == obs.class(tile) => Ok(TSUMOGIRI),
                Some(d) => Err(format!("{name}: tsumogiri of id {tile}, but {d} was drawn")),
                None => Err(format!("{name}: tsumogiri, but no tile was drawn")),
            };
        }
        let k = (tile >> 2) as usize;
        Ok(if obs.is_red(tile) {
            RED_DISCARD + k / 9
        } else {
            DISCARD + k
        })
    };
    let claimed = |tile: u8| -> std::result::Result<usize, String> {
        let (_, _, p) = obs
            .pending
            .ok_or_else(|| format!("{name}: nothing to claim"))?;
        if obs.class(p) != obs.class(tile) {
            return Err(format!(
                "{name}: id {tile} is not the tile open to claims ({p})"
            ));
        }
        Ok((tile >> 2) as usize)
    };
    let reds = |ids: &[u8]| ids.iter().filter(|&&t| obs.is_red(t)).count();
    let same = |k: usize, ids: &[u8]| ids.iter().all(|&t| (t >> 2) as usize == k);
    match *a {
        ActionView::Discard { tile, tsumogiri } => discard(tile, tsumogiri),
        ActionView::Riichi {
            tile,
            tsumogiri,
            open,
        } => Ok(if open { OPEN_RIICHI } else { RIICHI } + discard(tile, tsumogiri)?),
        ActionView::Chi { tile, consumed } => {
            let k = claimed(tile)?;
            if !matches!(obs.pending, Some((PendingType::Dahai, _, _))) {
                return Err(format!("{name}: only a discard may be called"));
            }
            let (a, b) = {
                let (x, y) = ((consumed[0] >> 2) as usize, (consumed[1] >> 2) as usize);
                (x.min(y), x.max(y))
            };
            let suited = k < 27 && b < 27 && a / 9 == k / 9 && b / 9 == k / 9;
            let shape = if suited && a == k + 1 && b == k + 2 {
                0
            } else if suited && a + 1 == k && b == k + 1 {
                1
            } else if suited && a + 2 == k && b + 1 == k {
                2
            } else {
                return Err(format!("{name}: ids {consumed:?} and {tile} are not a run"));
            };
            Ok(CHI + 2 * shape + usize::from(reds(&consumed) > 0))
        }
        ActionView::Pon { tile, consumed } => {
            let k = claimed(tile)?;
            if !same(k, &consumed) {
                return Err(format!(
                    "{name}: ids {consumed:?} are not of the kind of {tile}"
                ));
            }
            Ok(PON + reds(&consumed))
        }
        ActionView::Daiminkan { tile, consumed } => {
            let k = claimed(tile)?;
            if !same(k, &consumed) {
                return Err(format!(
                    "{name}: ids {consumed:?} are not of the kind of {tile}"
                ));
            }
            Ok(DAIMINKAN)
        }
        ActionView::Ankan { consumed } => {
            let k = (consumed[0] >> 2) as usize;
            if !same(k, &consumed) {
                return Err(format!("{name}: ids {consumed:?} are not four of one kind"));
            }
            Ok(ANKAN + k)
        }
        ActionView::Kakan { tile } => Ok(KAKAN + (tile >> 2) as usize),
        ActionView::Tsumo => Ok(TSUMO),
        ActionView::Ron => Ok(RON),
        ActionView::Pass => Ok(PASS),
        ActionView::Kyuushu => Ok(KYUUSHU),
        ActionView::Nukidora { tile } => {
            if tile >> 2 != NORTH {
                return Err(format!("{name}: id {tile} is not a North"));
            }
            Ok(NUKIDORA)
        }
    }
}

/// The mask index of each legal action of `obs`, in order.
///
/// # Errors
/// [`Error::InvalidArgument`] when a legal action is no choice of `obs`, or two legal
/// actions are the same choice (one index each is the contract).
pub fn legal_indices(obs: &Observation) -> Result<Vec<usize>> {
    let mut seen = [usize::MAX; NUM_ACTIONS];
    let mut out = Vec::with_capacity(obs.legal.len());
    for (j, a) in obs.legal.iter().enumerate() {
        let i = action_index(obs, a)
            .map_err(|r| bad("legal_actions", format!("legal_actions[{j}]: {r}")))?;
        if seen[i] != usize::MAX {
            return Err(bad(
                "legal_actions",
                format!(
                    "legal_actions[{}] and [{j}] are the same choice (index {i})",
                    seen[i]
                ),
            ));
        }
        seen[i] = j;
        out.push(i);
    }
    Ok(out)
}

/// The arrays of one observation (sized for 4 players; 3 use the first rows).
#[derive(Clone, Debug)]
pub struct Row {
    /// Concealed counts.
    pub hand: [u8; 34],
    /// Red fives held per suit.
    pub hand_red: [u8; 3],
    /// Drawn kind and red.
    pub drawn: [i8; 2],
    /// Melds per relative seat.
    pub melds: [[[i8; MELD_FIELDS]; MAX_MELDS]; 4],
    /// Norths set aside per relative seat.
    pub nukidora: [u8; 4],
    /// Rivers per relative seat.
    pub river: [[[i8; RIVER_FIELDS]; RIVER_LEN]; 4],
    /// Dora indicators: kind, red.
    pub dora_indicators: [[i8; 2]; MAX_INDICATORS],
    /// Dora per kind.
    pub dora: [u8; 34],
    /// Tiles the seat sees per kind.
    pub seen: [u8; 34],
    /// Points per relative seat.
    pub scores: [i32; 4],
    /// Riichi per relative seat.
    pub riichi: [bool; 4],
    /// Round wind, seat wind, dealer, honba, kyotaku, live tiles left.
    pub round: [i32; ROUND_FIELDS],
    /// Pending type, kind, red, seat.
    pub pending: [i8; 4],
    /// Shanten of the concealed tiles.
    pub shanten: i8,
    /// Winning kinds of the 3n+1 tiles.
    pub waits: [bool; 34],
    /// Shanten after each discard.
    pub discard_shanten: [i8; 34],
    /// Legal actions.
    pub mask: [bool; NUM_ACTIONS],
}

/// The dora kind an indicator of kind `k` makes (sanma: 1m indicates 9m).
fn dora_of(k: usize, players: u8) -> usize {
    if players == 3 && k == 0 {
        8
    } else {
        Tile::from_index(k).dora_from_indicator().index()
    }
}

/// Shanten (-1 complete) of counts known valid: every kind at most 4, `n` tiles in all,
/// 3n+1 or 3n+2 and at most 14.
fn valid_shanten(counts: &Counts, n: usize) -> i8 {
    let c = Concealed::from_valid_counts(counts, n);
    replacement(&c, Form::Minimum).unwrap_or(0) as i8 - 1
}

/// Encode one observation (checked first).
///
/// # Errors
/// As [`Observation::check`] and [`legal_indices`].
pub fn encode(obs: &Observation) -> Result<Row> {
    encode_legal(obs).map(|(r, _)| r)
}

/// Encode one observation (checked first) and give the mask index of each legal action
/// too, in the order of `obs.legal` (what [`legal_indices`] gives).
///
/// # Errors
/// As [`Observation::check`] and [`legal_indices`].
pub fn encode_legal(obs: &Observation) -> Result<(Row, Vec<usize>)> {
    obs.check_ids()?;
    encode_checked_ids(obs)
}

/// [`encode_legal`] of an observation whose ids are known to be below 136 (checked as
/// they were read); everything else is checked.
///
/// # Errors
/// As [`Observation::check_layout`] and [`legal_indices`].
pub fn encode_checked_ids(obs: &Observation) -> Result<(Row, Vec<usize>)> {
    encode_checked_ids_memo(obs, &mut HandMemo::default())
}

/// The hand analysis of one seat's last encoding ([`Row::shanten`], [`Row::waits`],
/// [`Row::discard_shanten`]) and what it is a function of (the concealed kind counts, the
/// drawn tile's kind, the seat's own melded kind counts, the hand size): a caller that
/// encodes the same seat again and again (an environment, where a seat answering claims
/// keeps its hand from one decision to the next) keeps one per seat and the shanten and
/// wait kernels run only when the hand changed.
#[derive(Clone, Debug, Default)]
pub struct HandMemo(Option<Box<HandAnalysis>>);

#[derive(Clone, Debug)]
struct HandAnalysis {
    key: (Counts, Counts, Option<u8>, usize),
    shanten: i8,
    waits: [bool; 34],
    discard_shanten: [i8; 34],
}

/// [`encode_checked_ids`] reusing `memo`'s hand analysis when the hand is the one it was
/// made for (the same values: they are functions of the key alone), and refreshing it
/// otherwise.
///
/// # Errors
/// As [`encode_checked_ids`].
pub fn encode_checked_ids_memo(
    obs: &Observation,
    memo: &mut HandMemo,
) -> Result<(Row, Vec<usize>)> {
    obs.check_layout()?;
    let n = obs.players as usize;
    let mut r = Row {
        hand: [0; 34],
        hand_red: [0; 3],
        drawn: [-1; 2],
        melds: [[[0; MELD_FIELDS]; MAX_MELDS]; 4],
        nukidora: [0; 4],
        river: [[[-1; RIVER_FIELDS]; RIVER_LEN]; 4],
        dora_indicators: [[-1; 2]; MAX_INDICATORS],
        dora: [0; 34],
        seen: [0; 34],
        scores: [0; 4],
        riichi: [false; 4],
        round: [0; ROUND_FIELDS],
        pending: [0, -1, -1, -1],
        shanten: 0,
        waits: [false; 34],
        discard_shanten: [-1; 34],
        mask: [false; NUM_ACTIONS],
    };
    let kind = |t: u8| (t >> 2) as usize;
    let n_hand = obs.hand.len();
    for &t in &obs.hand {
        r.hand[kind(t)] += 1;
        if obs.is_red(t) {
            r.hand_red[kind(t) / 9] += 1;
        }
    }
    if let Some(d) = obs.drawn {
        r.drawn = [(d >> 2) as i8, i8::from(obs.is_red(d))];
    }
    let mut seen = r.hand;
    let mut own_melds = [0u8; 34];
    for s in 0..n {
        let rs = obs.rel(s as u8) as usize;
        for (j, m) in obs.melds[s].iter().enumerate() {
            let low = m.ids.iter().map(|&t| t >> 2).min().unwrap_or(0);
            let red = m.ids.iter().filter(|&&t| obs.is_red(t)).count();
            r.melds[rs][j] = [
                m.kind as i8,
                low as i8,
                m.called.map_or(-1, |c| (c >> 2) as i8),
                red as i8,
                m.source.map_or(-1, |src| obs.rel(src) as i8),
            ];
            for &t in &m.ids {
                seen[kind(t)] += 1;
                if rs == 0 {
                    own_melds[kind(t)] += 1;
                }
            }
        }
        r.nukidora[rs] = obs.nukidora[s].len() as u8;
        for &t in obs.nukidora[s].iter() {
            seen[kind(t)] += 1;
        }
        // (check_layout: the three lists of a seat are as long, at most RIVER_LEN)
        let ri = obs.riichi_index[s];
        let entries = obs.rivers[s]
            .iter()
            .zip(obs.tsumogiri[s].iter())
            .zip(obs.called[s].iter());
        for (j, (slot, ((&t, &g), &called))) in r.river[rs].iter_mut().zip(entries).enumerate() {
            *slot = [
                (t >> 2) as i8,
                i8::from(obs.is_red(t)),
                i8::from(g),
                i8::from(ri == j as i32),
                i8::from(called),
            ];
            if !called {
                seen[kind(t)] += 1;
            }
        }
        r.scores[rs] = obs.scores[s];
        r.riichi[rs] = obs.riichi[s];
    }
    for (j, &t) in obs.dora_indicators.iter().enumerate() {
        r.dora_indicators[j] = [(t >> 2) as i8, i8::from(obs.is_red(t))];
        r.dora[dora_of(kind(t), obs.players)] += 1;
        seen[kind(t)] += 1;
    }
    if let Some(k) = seen.iter().position(|&c| c > 4) {
        return Err(Error::TooManyCopies {
            tile: Tile::from_index(k),
            count: seen[k].into(),
        });
    }
    r.seen = seen;
    r.round = [
        obs.round_wind.into(),
        obs.seat_wind.into(),
        obs.rel(obs.dealer).into(),
        obs.honba,
        obs.kyotaku,
        obs.live_tiles_left,
    ];
    if let Some((p, s, t)) = obs.pending {
        r.pending = [
            p as i8,
            (t >> 2) as i8,
            i8::from(obs.is_red(t)),
            obs.rel(s) as i8,
        ];
    }
    let key = (r.hand, own_melds, obs.drawn.map(kind_u8), n_hand);
    match memo.0.as_deref_mut() {
        Some(m) if m.key == key => {
            r.shanten = m.shanten;
            r.waits = m.waits;
            r.discard_shanten = m.discard_shanten;
        }
        slot => {
            hand_analysis(&mut r, obs, &own_melds, n_hand);
            let a = HandAnalysis {
                key,
                shanten: r.shanten,
                waits: r.waits,
                discard_shanten: r.discard_shanten,
            };
            match slot {
                Some(m) => *m = a,
                None => memo.0 = Some(Box::new(a)),
            }
        }
    }
    let legal = legal_indices(obs)?;
    for &i in &legal {
        r.mask[i] = true;
    }
    Ok((r, legal))
}

fn kind_u8(t: u8) -> u8 {
    t >> 2
}

/// Shanten, waits and discard shanten of the row's hand (`r.hand` filled in, the other
/// three at their defaults).
fn hand_analysis(r: &mut Row, obs: &Observation, own_melds: &Counts, n_hand: usize) {
    let kind = |t: u8| (t >> 2) as usize;
    // the checks of the caller hold every kind at most 4 (melds included) and the hand
    // 3n+1 or 3n+2 tiles, at most 14: the counts go to the shanten and wait kernels
    // unchecked
    let mut base: Counts = r.hand;
    if n_hand % 3 != 2 {
        r.shanten = valid_shanten(&r.hand, n_hand);
    } else {
        if let Some(d) = obs.drawn {
            base[kind(d)] -= 1;
        }
        // each discard's shanten, as valid_shanten of the hand left: the regular form
        // from one kernel call for all the discards, chiitoitsu and kokushi per discard
        // of a closed hand (13 tiles left)
        let after = regular_after_discard(&r.hand, (n_hand - 1) / 3);
        let closed = n_hand > 13;
        let mut h = r.hand;
        let mut best = u8::MAX;
        for k in 0..34 {
            if h[k] > 0 {
                let mut rep = after[k];
                if closed {
                    h[k] -= 1;
                    rep = rep
                        .min(chiitoitsu_replacement(&h))
                        .min(kokushi_replacement(&h));
                    h[k] += 1;
                }
                r.discard_shanten[k] = rep as i8 - 1;
                best = best.min(rep);
            }
        }
        // A 3n+2 hand that is not complete needs as many tiles as its best discard leaves
        // needed, in each form: a tile of the hand outside the form it completes into can
        // go (the hand left plus the same tiles drawn still completes it), and the hand
        // less a tile never needs fewer. A complete hand leaves one needed (tenpai) after
        // its best discard; so the kernel is asked only when a discard leaves tenpai.
        r.shanten = if best >= 2 {
            best as i8 - 1
        } else {
            valid_shanten(&r.hand, n_hand)
        };
    }
    if (n_hand - usize::from(n_hand % 3 == 2 && obs.drawn.is_some())) % 3 == 1 {
        let n_base = n_hand - usize::from(n_hand % 3 == 2 && obs.drawn.is_some());
        let mask = valid_wait_mask(&base, own_melds, n_base);
        for (k, w) in r.waits.iter_mut().enumerate() {
            *w = mask >> k & 1 == 1;
        }
    }
}

/// Length of [`Row::write_flat`]'s vector for `players` seats (928 for 4, 745 for 3).
pub fn flat_len(players: usize) -> usize {
    34 + 3
        + 2
        + players * MAX_MELDS * MELD_FIELDS
        + players
        + players * RIVER_LEN * RIVER_FIELDS
        + MAX_INDICATORS * 2
        + 34
        + 34
        + players
        + players
        + ROUND_FIELDS
        + 4
        + 1
        + 34
        + 34
}

impl Row {
    /// Every array but the mask as one vector of floats for `players` seats: the arrays
    /// in the order of `riichi.features.feature_spec` (hand, hand_red, drawn, melds,
    /// nukidora, river, dora_indicators, dora, seen, scores, riichi, round, pending,
    /// shanten, waits, discard_shanten), each flattened row-major, values unscaled.
    /// `out` gets [`flat_len`]`(players)` values appended.
    pub fn write_flat(&self, players: usize, out: &mut Vec<f32>) {
        let at = out.len();
        out.resize(at + flat_len(players), 0.0);
        self.write_flat_into(players, &mut out[at..]);
    }

    /// [`Self::write_flat`] into `out`, a slice of exactly [`flat_len`]`(players)` values
    /// (players 3 or 4), every one written: for a caller that owns the memory (a NumPy
    /// array made for it).
    ///
    /// # Panics
    /// `out` is not [`flat_len`]`(players)` long, or `players` is above 4.
    pub fn write_flat_into(&self, players: usize, out: &mut [f32]) {
        let n = players;
        assert_eq!(out.len(), flat_len(n), "a flat vector of {n} players");
        let mut rest = out;
        // each array's values in turn, converted one to one (loops the compiler vectorizes)
        fn put<T: Copy>(rest: &mut &mut [f32], vals: &[T], f: impl Fn(T) -> f32) {
            let (head, tail) = std::mem::take(rest).split_at_mut(vals.len());
            for (o, &v) in head.iter_mut().zip(vals) {
                *o = f(v);
            }
            *rest = tail;
        }
        put(&mut rest, &self.hand, f32::from);
        put(&mut rest, &self.hand_red, f32::from);
        put(&mut rest, &self.drawn, f32::from);
        put(
            &mut rest,
            self.melds[..n].as_flattened().as_flattened(),
            f32::from,
        );
        put(&mut rest, &self.nukidora[..n], f32::from);
        put(
            &mut rest,
            self.river[..n].as_flattened().as_flattened(),
            f32::from,
        );
        put(&mut rest, self.dora_indicators.as_flattened(), f32::from);
        put(&mut rest, &self.dora, f32::from);
        put(&mut rest, &self.seen, f32::from);
        // points and counters as float32 (exact below 2**24, far above any score)
        put(&mut rest, &self.scores[..n], |v| v as f32);
        put(&mut rest, &self.riichi[..n], |v| f32::from(u8::from(v)));
        put(&mut rest, &self.round, |v| v as f32);
        put(&mut rest, &self.pending, f32::from);
        put(&mut rest, &[self.shanten], f32::from);
        put(&mut rest, &self.waits, |v| f32::from(u8::from(v)));
        put(&mut rest, &self.discard_shanten, f32::from);
        debug_assert!(rest.is_empty());
    }
}

/// The arrays of a batch, row-major, each `rows × ` its per-row size (see
/// `riichi.features.feature_spec` for the shapes).
#[derive(Clone, Debug, Default)]
pub struct Encoded {
    /// Rows encoded.
    pub rows: usize,
    /// Players (the per-seat axes' length).
    pub players: usize,
    /// (rows, 34) uint8.
    pub hand: Vec<u8>,
    /// (rows, 3) uint8.
    pub hand_red: Vec<u8>,
    /// (rows, 2) int8.
    pub drawn: Vec<i8>,
    /// (rows, n, 4, 5) int8.
    pub melds: Vec<i8>,
    /// (rows, n) uint8.
    pub nukidora: Vec<u8>,
    /// (rows, n, 32, 5) int8.
    pub river: Vec<i8>,
    /// (rows, 5, 2) int8.
    pub dora_indicators: Vec<i8>,
    /// (rows, 34) uint8.
    pub dora: Vec<u8>,
    /// (rows, 34) uint8.
    pub seen: Vec<u8>,
    /// (rows, n) int32.
    pub scores: Vec<i32>,
    /// (rows, n) bool.
    pub riichi: Vec<bool>,
    /// (rows, 6) int32.
    pub round: Vec<i32>,
    /// (rows, 4) int8.
    pub pending: Vec<i8>,
    /// (rows,) int8.
    pub shanten: Vec<i8>,
    /// (rows, 34) bool.
    pub waits: Vec<bool>,
    /// (rows, 34) int8.
    pub discard_shanten: Vec<i8>,
    /// (rows, NUM_ACTIONS) bool.
    pub action_mask: Vec<bool>,
}

impl Encoded {
    /// Append one row's arrays (its per-seat axes cut to `self.players`).
    pub fn push(&mut self, r: &Row) {
        let n = self.players;
        self.hand.extend_from_slice(&r.hand);
        self.hand_red.extend_from_slice(&r.hand_red);
        self.drawn.extend_from_slice(&r.drawn);
        for s in &r.melds[..n] {
            self.melds.extend(s.iter().flatten());
        }
        self.nukidora.extend_from_slice(&r.nukidora[..n]);
        for s in &r.river[..n] {
            self.river.extend(s.iter().flatten());
        }
        self.dora_indicators
            .extend(r.dora_indicators.iter().flatten());
        self.dora.extend_from_slice(&r.dora);
        self.seen.extend_from_slice(&r.seen);
        self.scores.extend_from_slice(&r.scores[..n]);
        self.riichi.extend_from_slice(&r.riichi[..n]);
        self.round.extend_from_slice(&r.round);
        self.pending.extend_from_slice(&r.pending);
        self.shanten.push(r.shanten);
        self.waits.extend_from_slice(&r.waits);
        self.discard_shanten.extend_from_slice(&r.discard_shanten);
        self.action_mask.extend_from_slice(&r.mask);
        self.rows += 1;
    }
}

/// Rows from which [`encode_batch`] fans out over rayon's pool.
const PARALLEL_FROM: usize = 512;

/// Encode every observation (all of `players` players), in parallel for large batches.
///
/// # Errors
/// [`Error::Row`] wrapping the first (lowest) failing row's error
/// ([`Observation::check`], [`legal_indices`]); [`Error::InvalidArgument`] when a row has
/// another player count than `players`.
pub fn encode_batch(obs: &[Observation], players: usize) -> Result<Encoded> {
    let one = |(i, o): (usize, &Observation)| -> Result<Row> {
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
        encode(o).map_err(at)
    };
    let rows: Vec<Row> = if obs.len() >= PARALLEL_FROM {
        obs.par_iter().enumerate().map(one).collect::<Result<_>>()?
    } else {
        obs.iter().enumerate().map(one).collect::<Result<_>>()?
    };
    let mut out = Encoded {
        players,
        ..Default::default()
    };
    let m = obs.len();
    out.hand.reserve(m * 34);
    out.river.reserve(m * players * RIVER_LEN * RIVER_FIELDS);
    out.action_mask.reserve(m * NUM_ACTIONS);
    for r in &rows {
        out.push(r);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn obs(hand: &[u8], drawn: Option<u8>, legal: Vec<ActionView>) -> Observation {
        Observation {
            seat: 1,
            players: 4,
            dealer: 0,
            seat_wind: 1,
            scores: vec![25000; 4],
            hand: hand.to_vec(),
            drawn,
            melds: vec![Shared::default(); 4],
            rivers: vec![Shared::default(); 4],
            tsumogiri: vec![Shared::default(); 4],
            called: vec![Shared::default(); 4],
            riichi_index: vec![-1; 4],
            riichi: vec![false; 4],
            nukidora: vec![Shared::default(); 4],
            dora_indicators: vec![0],
            live_tiles_left: 70,
            legal,
            red: [(1 << 16) | (1 << 52), 1 << (88 - 64), 0],
            ..Default::default()
        }
    }

    #[test]
    fn red_five_and_tsumogiri_are_distinct_choices() {
        // 123m 0m5m ... : ids 16 (red 5m) and 17 (plain 5m), drawn 18 (plain 5m)
        let hand = [0, 4, 8, 16, 17, 18, 36, 40, 44, 72, 76, 80, 108, 112];
        let d = |tile, tsumogiri| ActionView::Discard { tile, tsumogiri };
        let o = obs(
            &hand,
            Some(18),
            vec![d(16, false), d(17, false), d(18, true)],
        );
        assert_eq!(
            legal_indices(&o).unwrap(),
            vec![RED_DISCARD, DISCARD + 4, TSUMOGIRI]
        );
        // another plain copy is the same choice as the lowest
        assert_eq!(action_index(&o, &d(19, false)), Ok(DISCARD + 4));
        assert!(action_index(&o, &d(0, true)).is_err());
        let r = encode(&o).unwrap();
        assert_eq!(r.hand[4], 3);
        assert_eq!(r.hand_red, [1, 0, 0]);
        assert_eq!(r.drawn, [4, 0]);
        assert_eq!(r.dora[1], 1);
        assert_eq!(r.round[2], 3); // the dealer is kamicha
    }

    /// An open riichi is its own choice beside the closed riichi with the same discard:
    /// both may be legal at once, each has an index, and the open block starts after
    /// every other index.
    #[test]
    fn open_riichi_has_its_own_indices() {
        let hand = [0, 4, 8, 16, 17, 18, 36, 40, 44, 72, 76, 80, 108, 112];
        let r = |tile, tsumogiri, open| ActionView::Riichi {
            tile,
            tsumogiri,
            open,
        };
        let o = obs(
            &hand,
            Some(18),
            vec![
                r(16, false, false),
                r(16, false, true),
                r(0, false, false),
                r(0, false, true),
                r(18, true, false),
                r(18, true, true),
            ],
        );
        assert_eq!(
            legal_indices(&o).unwrap(),
            vec![
                RIICHI + RED_DISCARD,
                OPEN_RIICHI + RED_DISCARD,
                RIICHI,
                OPEN_RIICHI,
                RIICHI + TSUMOGIRI,
                OPEN_RIICHI + TSUMOGIRI,
            ]
        );
        assert_eq!(OPEN_RIICHI, NUKIDORA + 1);
        assert_eq!(OPEN_RIICHI + TSUMOGIRI + 1, NUM_ACTIONS);
        let e = encode(&o).unwrap();
        assert!(e.mask[OPEN_RIICHI + TSUMOGIRI] && e.mask[RIICHI + TSUMOGIRI]);
        assert_eq!(e.mask.iter().filter(|&&b| b).count(), 6);
        // the same open choice twice is still refused
        let twice = obs(&hand, Some(18), vec![r(0, false, true), r(1, false, true)]);
        assert!(legal_indices(&twice).is_err());
    }

    #[test]
    fn flat_vector_has_every_array_but_the_mask() {
        assert_eq!(flat_len(4), 928);
        assert_eq!(flat_len(3), 745);
        let hand = [0, 4, 8, 16, 17, 18, 36, 40, 44, 72, 76, 80, 108, 112];
        let o = obs(
            &hand,
            Some(18),
            vec![ActionView::Discard {
                tile: 18,
                tsumogiri: true,
            }],
        );
        let (r, legal) = encode_legal(&o).unwrap();
        assert_eq!(legal, vec![TSUMOGIRI]);
        let mut x = Vec::new();
        r.write_flat(4, &mut x);
        assert_eq!(x.len(), flat_len(4));
        assert_eq!(x[..34], r.hand.map(f32::from)); // the hand first
        assert_eq!(x[34..37], [1.0, 0.0, 0.0]); // one red 5m
        assert_eq!(x[37..39], [4.0, 0.0]); // drawn 5m, not red
                                           // scores come after hand (34), hand_red (3), drawn (2), melds (80), nukidora (4),
                                           // river (640), dora_indicators (10), dora (34), seen (34)
        assert_eq!(x[841..845], [25000.0; 4]);
        assert_eq!(x[x.len() - 34..], r.discard_shanten.map(f32::from));
    }

    /// The shanten of a 3n+2 hand taken from its discards' (the kernel asked only when a
    /// discard leaves tenpai) is the kernel's own, on seeded random hands of every 3n+2
    /// size, complete ones and chiitoitsu- or kokushi-shaped ones included.
    #[test]
    fn shanten_of_a_hand_to_discard_from_equals_the_kernels() {
        let mut rng = crate::test_hands::Xorshift(0x5EED_0F5A_4A20_2611);
        let yaochuu = [0usize, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
        let mut seen = [0usize; 10];
        for i in 0..40000 {
            let n = [14, 11, 8, 5, 2][i % 5];
            let span = [7u64, 9, 13, 20, 34][(i / 5) % 5];
            let counts = if span == 13 {
                // terminals and honors only (kokushi-shaped)
                let mut c = [0u8; 34];
                let mut got = 0;
                while got < n {
                    let k = yaochuu[(rng.next() % 13) as usize];
                    if c[k] < 4 {
                        c[k] += 1;
                        got += 1;
                    }
                }
                c
            } else {
                rng.counts(n, span)
            };
            let thirteen: Vec<u8> = (0..13).map(|k| 4 * k).collect();
            let mut r = encode(&obs(&thirteen, None, vec![])).unwrap();
            r.hand = counts;
            r.shanten = 0;
            r.discard_shanten = [-1; 34];
            hand_analysis(&mut r, &Observation::default(), &[0; 34], n);
            let want = valid_shanten(&counts, n);
            assert_eq!(r.shanten, want, "{counts:?}");
            seen[(want + 1) as usize] += 1;
        }
        assert!(seen[0] > 0 && seen[1] > 0 && seen[3] > 0, "{seen:?}"); // complete, tenpai, 2
    }

    #[test]
    fn hand_memo_gives_the_fresh_analysis() {
        // 123456789m 11p 23p drawn 4p (waits 1p 4p); the same tiles with 1m drawn (the base
        // hand 23456789m 11p 234p waits 1m 4m 7m); a 13-tile hand twice (the memo kept),
        // another one (not tenpai), the first again
        let d = |tile| ActionView::Discard {
            tile,
            tsumogiri: false,
        };
        let thirteen = [0, 4, 8, 12, 17, 20, 24, 28, 32, 36, 37, 40, 44];
        let mut fourteen = thirteen.to_vec();
        fourteen.push(48);
        let mut other = thirteen;
        other[12] = 108;
        let seq = [
            obs(&fourteen, Some(48), vec![d(48)]),
            obs(&fourteen, Some(0), vec![d(0)]),
            obs(&thirteen, None, vec![]),
            obs(&thirteen, None, vec![]),
            obs(&other, None, vec![]),
            obs(&thirteen, None, vec![]),
        ];
        let mut memo = HandMemo::default();
        for o in &seq {
            let (fresh, legal) = encode_legal(o).unwrap();
            let (kept, kept_legal) = encode_checked_ids_memo(o, &mut memo).unwrap();
            assert_eq!(kept_legal, legal);
            assert_eq!(kept.shanten, fresh.shanten);
            assert_eq!(kept.waits, fresh.waits);
            assert_eq!(kept.discard_shanten, fresh.discard_shanten);
        }
        // the two fourteen-tile views differ in their base hand: the waits tell them apart
        let a = encode(&seq[0]).unwrap();
        let b = encode(&seq[1]).unwrap();
        assert_ne!(a.waits, b.waits);
    }

    #[test]
    fn chi_shapes() {
        let mut o = obs(&[0; 13], None, vec![]);
        o.pending = Some((PendingType::Dahai, 0, 20)); // 6m
        let chi = |a, b| ActionView::Chi {
            tile: 20,
            consumed: [a, b],
        };
        assert_eq!(action_index(&o, &chi(24, 28)), Ok(CHI)); // 78m
        assert_eq!(action_index(&o, &chi(16, 24)), Ok(CHI + 3)); // 0m7m
        assert_eq!(action_index(&o, &chi(12, 17)), Ok(CHI + 4)); // 45m
        assert!(action_index(&o, &chi(12, 28)).is_err());
        assert!(action_index(&o, &ActionView::Tsumo).is_err());
    }

    #[test]
    fn bounds_are_refused() {
        let mut o = obs(&[0, 1], None, vec![]);
        o.rivers[2] = Arc::new(vec![0; RIVER_LEN + 1]);
        o.tsumogiri[2] = Arc::new(vec![false; RIVER_LEN + 1]);
        o.called[2] = Arc::new(vec![false; RIVER_LEN + 1]);
        assert!(matches!(
            o.check(),
            Err(Error::InvalidArgument { name: "rivers", .. })
        ));
        let o = obs(
            &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14],
            None,
            vec![],
        );
        assert!(o.check().is_err());
    }
}
