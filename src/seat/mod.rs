//! One seat's hand as the round referee sees it, and the hand questions it asks on every
//! draw and every discard: which actions the turn seat may take, and which seats may ron
//! or call a discard.
//!
//! The flow (whose turn, claim priority, events, settlement) stays with the caller; this
//! module answers from the facts it is given, with the same conditions and in the same
//! order as the Python referee (`riichi.round.Round`: `_turn_actions`, `_dahai_options`,
//! `_call_options`, `_may_call`, `_choices`, `_win_score`). Rule sources: Tenhou's rules
//! unless a [`FlowRules`] field says otherwise; kuikae as Tenhou (a chi or pon may not be
//! followed by a discard of the called kind, nor of the kind at the other end of the run:
//! "56s chi 4s, then 7s may not be discarded"); a call that leaves only such discards is
//! not offered (RC52).
//!
//! Tiles are physical ids 0..=135 (`kind * 4 + copy`, red fives the low copies of a five,
//! see [`TileId::is_red`]); kinds are 0..=33; kind sets are `u64` bit masks (bit `k`).
//! Actions name the lowest ids of each choice that differs in kind or colour, as the
//! referee's `legal_actions` does.

use crate::decompose::{decompose, Block, Form};
use crate::error::{Error, Result};
use crate::hand::Hand;
use crate::meld::{Meld, MeldKind};
use crate::rules::ScoringRules;
use crate::score::{score, Situation};
use crate::tile::{Counts, Tile, TileId};
use crate::wait;
use crate::yaku::Yaku;

mod claims;
#[cfg(test)]
mod tests;

pub use claims::{
    discard_answers, discard_run, discard_tile, discard_tile_and_draw, kuikae_kinds, robbed_answers,
};

/// The North wind's kind (kita, set aside in sanma).
const NORTH: usize = 30;
/// The kinds counted by kyuushu kyuuhai: terminals and honors.
const YAOCHUU: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
/// The fives (kinds that may be red).
const FIVES: [usize; 3] = [4, 13, 22];
/// The two other kinds of each run through a kind, as offsets `(a, b)`, in the order
/// the referee offers chi: the called tile highest, in the middle, lowest.
const CHI_OFFSETS: [(i8, i8); 3] = [(-2, -1), (-1, 1), (1, 2)];

/// Which discards kuikae forbids right after a chi or pon (`Rules.kuikae`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kuikae {
    /// `"allowed"`: no restriction.
    Allowed,
    /// `"same_tile"`: the called kind only (genbutsu kuikae; a rule mj-news.net names).
    SameTile,
    /// `"forbidden"` (Tenhou): the called kind, and after a chi whose called tile ends the
    /// run, the kind beyond the run's other end (suji kuikae).
    SameTileAndSuji,
}

/// Which ankan a seat in riichi may declare (`Rules.riichi_ankan`); always only of the
/// kind just drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RiichiAnkan {
    /// `"same_waits"` (Tenhou): the waits after the kan are those before it.
    SameWaits,
    /// `"same_reading"`: the waits unchanged and the kind a triplet in every reading of
    /// the hand on every wait.
    SameReading,
    /// `"forbidden"`: none.
    Forbidden,
}

/// The `riichi.Rules` fields the hand questions read (the flow rules; scoring rules for
/// the yaku check of a win).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FlowRules {
    /// Players at the table: 4, or 3 (sanma: no chi, kita).
    pub players: u8,
    /// `Rules.kuikae`: the kinds that may not be discarded after a chi or pon (see
    /// [`kuikae_kinds`]); a call leaving no other discard is not offered.
    pub kuikae: Kuikae,
    /// `Rules.riichi_ankan`: which ankan a seat in riichi may declare.
    pub riichi_ankan: RiichiAnkan,
    /// `Rules.furiten_riichi`: riichi is allowed while furiten (Tenhou: yes).
    pub furiten_riichi: bool,
    /// `Rules.riichi_min_points`: the points a player needs to declare riichi.
    pub riichi_min_points: i64,
    /// `Rules.riichi_min_live_tiles`: live tiles that must remain to declare riichi.
    pub riichi_min_live_tiles: u32,
    /// `Rules.riichi_requires_tenpai`: riichi only with a discard that keeps tenpai (Tenhou:
    /// yes); false offers it with every discard of a closed hand (ノーテンリーチ).
    pub riichi_requires_tenpai: bool,
    /// `Rules.kyuushu_kyuuhai`: the abortive draw on nine terminal/honor kinds.
    pub kyuushu_kyuuhai: bool,
    /// `Rules.suukaikan`: four kans by two or more players end the round on the next
    /// discard nobody wins on, so that discard may not be called (Tenhou).
    pub suukaikan: bool,
    /// The scoring rules (yaku check of tsumo and ron).
    pub scoring: ScoringRules,
}

/// The table facts a hand question reads, as of the decision point.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableView {
    /// Tiles still drawable from the live wall (`Round.live_tiles_left`).
    pub live_left: u32,
    /// Kans declared this round (by anyone; a fifth is never offered).
    pub kans: u8,
    /// How many different seats declared those kans (suukaikan needs two or more).
    pub kan_seats: u8,
    /// No call (an ankan included) has interrupted the first go-around yet.
    pub uninterrupted: bool,
    /// The turn seat's last draw was a replacement draw (rinshan kaihou; no haitei).
    pub rinshan: bool,
    /// The dealer's seat.
    pub dealer: u8,
    /// The round wind: 0 East .. 3 North.
    pub round_wind: u8,
    /// Dora indicators revealed (kinds).
    pub dora_indicators: Vec<Tile>,
    /// Honba counters (they do not change whether a hand wins).
    pub honba: u32,
}

impl TableView {
    /// Whether a discard may be called now (chi, pon, daiminkan): a live tile is left (no
    /// call on the last discard, houtei), and the discard does not end the round unless
    /// won on (the fourth kan by two or more players, under `Rules.suukaikan`: Tenhou).
    pub fn calls_open(&self, rules: &FlowRules) -> bool {
        self.live_left > 0 && !(rules.suukaikan && self.kans == 4 && self.kan_seats > 1)
    }
}

/// What [`SeatHand::find_discard`] found for a logged discard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Found {
    /// The legal action it stands for.
    Action(SeatAction),
    /// A tile of its class may be discarded, but only with the other tsumogiri flag.
    OtherFlag,
    /// No legal discard of a tile of its class.
    Missing,
}

/// One action of a seat, with the physical ids it uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SeatAction {
    /// Discard `tile`; `tsumogiri` when it is the tile just drawn.
    Discard {
        /// The id discarded.
        tile: u8,
        /// It is the tile just drawn.
        tsumogiri: bool,
    },
    /// Declare riichi with the discard of `tile`.
    Riichi {
        /// The id discarded.
        tile: u8,
        /// It is the tile just drawn.
        tsumogiri: bool,
    },
    /// Win on the tile drawn.
    Tsumo,
    /// Closed kan of four ids (ascending).
    Ankan {
        /// The four ids.
        ids: [u8; 4],
    },
    /// Added kan: `tile` joins the pon of its kind.
    Kakan {
        /// The id added.
        tile: u8,
    },
    /// Abortive draw on nine terminal/honor kinds.
    Kyuushu,
    /// Set a North aside (sanma kita).
    Nukidora {
        /// The North's id.
        tile: u8,
    },
    /// Win on the discard.
    Ron,
    /// Pon of the discard `tile` with two ids from the hand (ascending).
    Pon {
        /// The discard.
        tile: u8,
        /// The ids from the hand.
        consumed: [u8; 2],
    },
    /// Open kan of the discard `tile` with three ids from the hand (ascending).
    Daiminkan {
        /// The discard.
        tile: u8,
        /// The ids from the hand.
        consumed: [u8; 3],
    },
    /// Chi of the discard `tile` with two ids from the hand (lower kind first).
    Chi {
        /// The discard.
        tile: u8,
        /// The ids from the hand.
        consumed: [u8; 2],
    },
    /// Decline the discard.
    Pass,
}

/// What a win off another seat's tile robs (besides a discard): the referee asks every
/// other seat for a ron only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Robbed {
    /// The tile added to a pon (chankan).
    Kakan,
    /// A tile of a closed kan (chankan; only a kokushi musou may rob it, and only under
    /// `Rules.kokushi_chankan_ankan`, which the caller checks before asking).
    Ankan,
    /// A North set aside (sanma kita): neither chankan nor houtei.
    Nukidora,
}

/// Where a win's tile comes from, as the scorer's situation needs it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Source {
    Draw,
    Discard,
    Robbed(Robbed),
}

/// One seat's hand and the per-seat facts its questions read.
///
/// Concealed tiles are held as a set of physical ids; counts per kind, red fives per suit
/// and the copies in melds follow from them. `waits` are those of the last 3n+1 hand (after
/// a draw, the hand without the drawn tile), as the referee keeps them: [`SeatHand::new`]
/// computes them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatHand {
    seat: u8,
    red_fives: [u8; 3],
    held: [bool; 136],
    counts: Counts,
    len: usize,
    melds: Vec<Meld>,
    meld_counts: Counts,
    opened: bool,
    drawn: Option<u8>,
    waits: u64,
    /// Kinds this seat has discarded (furiten: a wait among them).
    pub river_kinds: u64,
    /// Temporary furiten: a winning tile passed since this seat's last discard.
    pub temp_furiten: bool,
    /// Riichi furiten: a winning tile passed after riichi (until the round ends).
    pub riichi_furiten: bool,
    /// The seat has declared riichi (accepted).
    pub riichi: bool,
    /// The riichi was a double riichi.
    pub double_riichi: bool,
    /// The riichi was declared open (`Rules.open_riichi`): its wins score one han more.
    pub open_riichi: bool,
    /// Ippatsu is still possible.
    pub ippatsu: bool,
    /// Discards made this round (0: the first go-around's own turn not yet taken).
    pub discards_made: u32,
    /// Norths set aside (sanma), each a dora.
    pub nukidora: u8,
    /// The seat's points (riichi needs `FlowRules::riichi_min_points`).
    pub points: i64,
    /// Kinds kuikae forbids to discard now (after this seat's chi or pon), as a mask.
    pub kuikae: u64,
}

fn bad(name: &'static str, reason: String) -> Error {
    Error::InvalidArgument { name, reason }
}

/// The first kind held more than four times, concealed and in melds together (the error
/// the wait kernel gives such counts).
fn check_copies(counts: &Counts, meld_counts: &Counts) -> Result<()> {
    for k in 0..34 {
        let held = u32::from(counts[k]) + u32::from(meld_counts[k]);
        if held > 4 {
            return Err(Error::TooManyCopies {
                tile: Tile::from_index(k),
                count: held,
            });
        }
    }
    Ok(())
}

/// Each seat's 13 dealt ids from a wall in draw order (`order`: 136 ids, or the 108 of
/// sanma with `players == 3`), in seat order, each sorted ascending. The deal goes 4-4-4
/// to each seat by turns from the dealer, then one each: with `p` players, the `i`-th seat
/// from the dealer takes `order[4i..4i + 4]`, `order[4p + 4i..4p + 4i + 4]`,
/// `order[8p + 4i..8p + 4i + 4]` and `order[12p + i]`.
///
/// # Errors
/// [`Error::InvalidArgument`]: `players` not 3 or 4, `dealer` not one of its seats, or
/// `order` shorter than the deal (`13 * players` ids).
pub fn deal_hands(order: &[u8], dealer: u8, players: u8) -> Result<Vec<[u8; 13]>> {
    if !(3..=4).contains(&players) {
        return Err(bad("players", format!("must be 3 or 4, got {players}")));
    }
    if dealer >= players {
        return Err(bad(
            "dealer",
            format!("must be a seat 0..{players}, got {dealer}"),
        ));
    }
    let p = usize::from(players);
    if order.len() < 13 * p {
        return Err(bad(
            "order",
            format!("{} ids, fewer than the deal's {}", order.len(), 13 * p),
        ));
    }
    let mut hands = vec![[0u8; 13]; p];
    for (s, hand) in hands.iter_mut().enumerate() {
        let i = (s + p - usize::from(dealer)) % p;
        let a = 4 * i;
        let b = 4 * p;
        hand[..4].copy_from_slice(&order[a..a + 4]);
        hand[4..8].copy_from_slice(&order[a + b..a + b + 4]);
        hand[8..12].copy_from_slice(&order[a + 2 * b..a + 2 * b + 4]);
        hand[12] = order[3 * b + i];
        hand.sort_unstable();
    }
    Ok(hands)
}

impl SeatHand {
    /// A seat's hand.
    ///
    /// `ids` are the concealed tiles (any order), `drawn` the id just drawn (one of `ids`,
    /// or None: between turns, or right after a chi or pon), `melds` the seat's melds in
    /// the order made, `red_fives` the red fives per suit in play (`Rules.red_fives`).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`]: a seat outside 0..=3, an id twice or outside 0..=135, a
    /// drawn id not among `ids`, a hand whose size does not fit its melds (3n+1 or
    /// 3n+2 with n = 4 − melds); [`Error::TooManyCopies`]: a kind held more than four
    /// times, concealed and in melds together.
    ///
    /// A hand that exists is valid: every change ([`SeatHand::draw`],
    /// [`SeatHand::discard`], [`SeatHand::add_meld`], [`SeatHand::nukidora`]) is checked
    /// as it comes in and refused with the hand unchanged, so the questions asked on every
    /// turn (waits, the turn's actions, the answers to a discard) do not check the counts
    /// again.
    pub fn new(
        seat: u8,
        ids: &[u8],
        drawn: Option<u8>,
        melds: Vec<Meld>,
        red_fives: [u8; 3],
    ) -> Result<SeatHand> {
        if seat > 3 {
            return Err(bad("seat", format!("must be 0..=3, got {seat}")));
        }
        let mut held = [false; 136];
        let mut counts = [0u8; 34];
        for &t in ids {
            if t >= 136 || held[t as usize] {
                return Err(bad(
                    "ids",
                    format!("id {t} is outside 0..=135 or given twice"),
                ));
            }
            held[t as usize] = true;
            counts[(t / 4) as usize] += 1;
        }
        if let Some(d) = drawn {
            if d >= 136 || !held[d as usize] {
                return Err(bad("drawn", format!("id {d} is not in the hand")));
            }
        }
        if melds.len() > 4 {
            return Err(bad(
                "melds",
                format!("{} melds (a hand holds at most 4)", melds.len()),
            ));
        }
        let size = 13 - 3 * melds.len();
        if !(ids.len() == size || ids.len() == size + 1) {
            return Err(bad(
                "ids",
                format!(
                    "{} concealed tiles with {} melds (expected {} or {})",
                    ids.len(),
                    melds.len(),
                    size,
                    size + 1
                ),
            ));
        }
        let mut meld_counts = [0u8; 34];
        for m in &melds {
            m.add_to(&mut meld_counts);
        }
        check_copies(&counts, &meld_counts)?;
        let opened = melds.iter().any(|m| m.kind() != MeldKind::Ankan);
        let mut h = SeatHand {
            seat,
            red_fives,
            held,
            counts,
            len: ids.len(),
            melds,
            meld_counts,
            opened,
            drawn,
            waits: 0,
            river_kinds: 0,
            temp_furiten: false,
            riichi_furiten: false,
            riichi: false,
            double_riichi: false,
            open_riichi: false,
            ippatsu: false,
            discards_made: 0,
            nukidora: 0,
            points: 0,
            kuikae: 0,
        };
        h.waits = h.base_waits();
        Ok(h)
    }

    /// Waits of the 3n+1 hand: the hand itself, or without the drawn tile (0 for a
    /// 3n+2 hand with nothing drawn: right after a chi or pon).
    fn base_waits(&self) -> u64 {
        let mut c = self.counts;
        let mut n = self.len;
        if n % 3 == 2 {
            match self.drawn {
                Some(d) => c[(d / 4) as usize] -= 1,
                None => return 0,
            }
            n -= 1;
        }
        wait::valid_wait_mask(&c, &self.meld_counts, n)
    }

    /// Take the tile `id` into the hand as the turn's draw (a replacement draw too): it
    /// is the drawn tile, and kuikae no longer applies.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`]: an id out of range or already held, or a hand that
    /// already holds 3n+2 tiles; [`Error::TooManyCopies`]: a fifth copy of a kind with
    /// those held and in melds.
    pub fn draw(&mut self, id: u8) -> Result<()> {
        self.check_draw(id)?;
        self.held[id as usize] = true;
        self.counts[usize::from(id / 4)] += 1;
        self.len += 1;
        self.drawn = Some(id);
        self.kuikae = 0;
        Ok(())
    }

    /// Whether [`SeatHand::draw`] of `id` would succeed (nothing changes).
    ///
    /// # Errors
    /// As [`SeatHand::draw`].
    pub(super) fn check_draw(&self, id: u8) -> Result<()> {
        if id >= 136 || self.held[id as usize] {
            return Err(bad(
                "draw",
                format!("id {id} is out of range or already held"),
            ));
        }
        if self.len % 3 != 1 {
            return Err(bad(
                "draw",
                format!("a hand of {} tiles cannot draw", self.len),
            ));
        }
        let k = usize::from(id / 4);
        let held = u32::from(self.counts[k]) + u32::from(self.meld_counts[k]);
        if held >= 4 {
            return Err(Error::TooManyCopies {
                tile: Tile::from_index(k),
                count: held + 1,
            });
        }
        Ok(())
    }

    /// Discard the held tile `id`: it joins the river's kinds, temporary furiten and
    /// ippatsu end, and the waits become those of the hand left (unchanged after a
    /// tsumogiri: the hand is the one they were computed for).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`]: an id not held, or a hand not of 3n+2 tiles.
    pub fn discard(&mut self, id: u8) -> Result<()> {
        if id >= 136 || !self.held[id as usize] || self.len % 3 != 2 {
            return Err(bad(
                "discard",
                format!(
                    "id {id} is not held, or the hand of {} tiles has no discard",
                    self.len
                ),
            ));
        }
        let tsumogiri = self.drawn == Some(id);
        self.held[id as usize] = false;
        self.counts[usize::from(id / 4)] -= 1;
        self.len -= 1;
        self.drawn = None;
        self.kuikae = 0;
        self.river_kinds |= 1 << (id / 4);
        self.discards_made += 1;
        self.temp_furiten = false;
        if self.riichi {
            self.ippatsu = false;
        }
        if !tsumogiri {
            self.waits = self.base_waits();
        }
        Ok(())
    }

    /// Make a meld from the held ids `from_hand` (a chi, pon or daiminkan with the
    /// discard, an ankan, or the one tile of a kakan, whose pon `meld` replaces): the
    /// tiles leave the hand, nothing is drawn any more, and `kuikae` holds the kinds that
    /// may not be discarded next (empty after a kan). The waits are recomputed when the
    /// hand is left with 3n+1 tiles (a kan); after a chi or pon they stay those of the
    /// hand before the call, as the referee keeps them.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`]: an id not held, a kakan without the pon of its kind,
    /// more than four melds, a hand left with a size that does not fit its melds;
    /// [`Error::TooManyCopies`]: a kind more than four times with the meld's copies. The
    /// hand is unchanged when refused.
    pub fn add_meld(&mut self, meld: Meld, from_hand: &[u8], kuikae: u64) -> Result<()> {
        for (i, &t) in from_hand.iter().enumerate() {
            if t >= 136 || !self.held[t as usize] || from_hand[..i].contains(&t) {
                return Err(bad("from_hand", format!("id {t} is not held")));
            }
        }
        // the hand after the meld, checked before anything changes
        let mut melds = self.melds.clone();
        if meld.kind() == MeldKind::Kakan {
            let pon = melds
                .iter()
                .position(|m| m.kind() == MeldKind::Pon && m.tile() == meld.tile())
                .ok_or_else(|| {
                    bad(
                        "meld",
                        format!("a kakan of {} without its pon", meld.tile().index()),
                    )
                })?;
            melds[pon] = meld;
        } else {
            if melds.len() == 4 {
                return Err(bad("meld", "a fifth meld".into()));
            }
            melds.push(meld);
        }
        let mut counts = self.counts;
        for &t in from_hand {
            counts[usize::from(t / 4)] -= 1;
        }
        let len = self.len - from_hand.len();
        if len + 3 * melds.len() < 13 || len + 3 * melds.len() > 14 {
            return Err(bad(
                "from_hand",
                format!(
                    "{} tiles from a hand of {} leave {len} concealed tiles with {} melds \
                     (expected {} or {})",
                    from_hand.len(),
                    self.len,
                    melds.len(),
                    13usize.saturating_sub(3 * melds.len()),
                    14usize.saturating_sub(3 * melds.len())
                ),
            ));
        }
        let mut meld_counts = [0u8; 34];
        for m in &melds {
            m.add_to(&mut meld_counts);
        }
        check_copies(&counts, &meld_counts)?;
        for &t in from_hand {
            self.held[t as usize] = false;
        }
        self.counts = counts;
        self.len = len;
        self.opened = melds.iter().any(|m| m.kind() != MeldKind::Ankan);
        self.melds = melds;
        self.meld_counts = meld_counts;
        self.drawn = None;
        self.kuikae = kuikae;
        if self.len % 3 == 1 {
            self.waits = self.base_waits();
        }
        Ok(())
    }

    /// Set the North `id` aside (sanma kita): it leaves the hand, and the waits are those
    /// of the hand left.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`]: an id that is not a held North, or a hand not of 3n+2
    /// tiles (one sets a North aside on its own turn).
    pub fn nukidora(&mut self, id: u8) -> Result<()> {
        if id >= 136 || usize::from(id / 4) != NORTH || !self.held[id as usize] {
            return Err(bad("nukidora", format!("id {id} is not a held North")));
        }
        if self.len % 3 != 2 {
            return Err(bad(
                "nukidora",
                format!("a hand of {} tiles cannot set a North aside", self.len),
            ));
        }
        self.held[id as usize] = false;
        self.counts[NORTH] -= 1;
        self.len -= 1;
        self.drawn = None;
        self.nukidora += 1;
        self.waits = self.base_waits();
        Ok(())
    }

    /// A tile this seat waits on went by without its ron (passed, or a win without a
    /// yaku): temporary furiten until its next discard, and riichi furiten for the rest
    /// of the round when in riichi. Returns whether the tile was a wait (nothing changes
    /// otherwise).
    pub fn missed(&mut self, tile: u8) -> bool {
        if self.waits >> (tile / 4) & 1 == 0 {
            return false;
        }
        self.temp_furiten = true;
        if self.riichi {
            self.riichi_furiten = true;
        }
        true
    }

    /// The seat 0..=3.
    pub fn seat(&self) -> u8 {
        self.seat
    }

    /// The red fives per suit in play (`Rules.red_fives`).
    pub fn red_fives(&self) -> [u8; 3] {
        self.red_fives
    }

    /// The concealed ids, ascending.
    pub fn ids(&self) -> impl Iterator<Item = u8> + '_ {
        (0..136u8).filter(|&t| self.held[usize::from(t)])
    }

    /// Concealed tiles held.
    pub fn len(&self) -> usize {
        self.len
    }

    /// No concealed tile (never true of a hand that exists; for completeness).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Restore the waits a hand was saved with (a copy or a pickle): after a chi or pon
    /// they are those of the hand before the call, which the tiles alone do not give.
    pub fn set_waits(&mut self, waits: u64) {
        self.waits = waits & ((1 << 34) - 1);
    }

    /// Copies of each kind among the concealed tiles.
    pub fn counts(&self) -> &Counts {
        &self.counts
    }

    /// The waits of the last 3n+1 hand, as a kind mask.
    pub fn waits(&self) -> u64 {
        self.waits
    }

    /// The melds, in the order made.
    pub fn melds(&self) -> &[Meld] {
        &self.melds
    }

    /// The id just drawn, if any.
    pub fn drawn(&self) -> Option<u8> {
        self.drawn
    }

    /// Furiten: temporary, riichi, or a wait among the seat's own discards.
    pub fn furiten(&self) -> bool {
        self.temp_furiten || self.riichi_furiten || self.waits & self.river_kinds != 0
    }

    /// Whether the id `t` is a red five under this hand's `red_fives`.
    pub fn is_red(&self, t: u8) -> bool {
        TileId::new(i64::from(t)).is_ok_and(|id| id.is_red(self.red_fives))
    }

    /// The held ids of kind `k`, ascending.
    fn ids_of(&self, k: usize) -> impl Iterator<Item = u8> + '_ {
        (4 * k..4 * k + 4)
            .filter(|&t| self.held[t])
            .map(|t| t as u8)
    }

    /// Red fives held per suit.
    fn red_counts(&self) -> [u8; 3] {
        let mut r = [0u8; 3];
        for (suit, &k) in FIVES.iter().enumerate() {
            r[suit] = self.ids_of(k).filter(|&t| self.is_red(t)).count() as u8;
        }
        r
    }

    /// One id per (kind, colour) held, lowest first, the drawn id left out; then the
    /// drawn id (its discard is tsumogiri).
    fn distinct(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(15);
        let mut prev = usize::MAX;
        for k in 0..34 {
            if self.counts[k] == 0 {
                continue; // (the kinds held: most of the 136 ids are not)
            }
            for t in 4 * k as u8..4 * k as u8 + 4 {
                if !self.held[t as usize] || Some(t) == self.drawn {
                    continue;
                }
                let class = k * 2 + usize::from(FIVES.contains(&k) && self.is_red(t));
                if class != prev {
                    prev = class;
                    out.push(t);
                }
            }
        }
        out.extend(self.drawn);
        out
    }

    /// Whether this seat wins on `tile` with a yaku (`Source::Draw`: the drawn tile,
    /// already in the hand; else a discard, or a tile robbed, added to it). A robbed ankan
    /// counts only for a kokushi musou.
    fn wins(&self, tile: u8, from: Source, table: &TableView, rules: &FlowRules) -> Result<bool> {
        let tsumo = from == Source::Draw;
        let k = usize::from(tile / 4);
        let mut counts = self.counts;
        let mut red = self.red_counts();
        if !tsumo {
            counts[k] += 1;
            if self.is_red(tile) {
                red[k / 9] += 1;
            }
        }
        let Ok(hand) = Hand::new(counts, red, self.melds.clone()) else {
            return Ok(false);
        };
        let last = table.live_left == 0;
        let first = table.uninterrupted && self.discards_made == 0;
        let dealer = self.seat == table.dealer;
        let n = rules.players.max(1);
        let sit = Situation {
            win_tile: Tile::from_index(k),
            tsumo,
            riichi: self.riichi,
            double_riichi: self.double_riichi,
            open_riichi: self.open_riichi,
            ippatsu: self.ippatsu,
            haitei: tsumo && last && !table.rinshan,
            houtei: from == Source::Discard && last,
            rinshan: tsumo && table.rinshan,
            chankan: matches!(from, Source::Robbed(Robbed::Kakan | Robbed::Ankan)),
            tenhou: tsumo && first && dealer,
            chiihou: tsumo && first && !dealer,
            renhou: !tsumo && first && !dealer,
            seat_wind: Tile::from_index(27 + usize::from((self.seat + n - table.dealer % n) % n)),
            round_wind: Tile::from_index(27 + usize::from(table.round_wind % 4)),
            dora_indicators: table.dora_indicators.clone(),
            ura_indicators: Vec::new(),
            honba: table.honba,
            kyotaku: 0,
            nukidora: self.nukidora,
            renchan: 0,
        };
        let res = score(&hand, &sit, &rules.scoring)?;
        if from == Source::Robbed(Robbed::Ankan)
            && !res
                .yakuman
                .iter()
                .any(|(y, _)| matches!(y, Yaku::Kokushi | Yaku::Kokushi13))
        {
            return Ok(false);
        }
        Ok(res.is_agari && res.has_yaku)
    }

    /// Riichi preconditions before the hand itself: not yet in riichi, a tile drawn, a
    /// closed hand, the points and the live tiles (RC48).
    fn may_declare_riichi(&self, table: &TableView, rules: &FlowRules) -> bool {
        !self.riichi
            && self.drawn.is_some()
            && !self.opened
            && self.points >= rules.riichi_min_points
            && table.live_left >= rules.riichi_min_live_tiles
    }

    /// Ankan of kind `k` in riichi (`Rules.riichi_ankan`): never under `Forbidden`; else
    /// only with the drawn tile and the waits unchanged, and under `SameReading` with `k`
    /// a triplet in every reading of the hand before the draw completed by each wait
    /// ("111222333m7m + 1m": the 7m tanki stays, but 123m 123m 123m reads the 1m as
    /// runs, so no kan).
    fn riichi_ankan_ok(&self, k: usize, rule: RiichiAnkan) -> Result<bool> {
        if rule == RiichiAnkan::Forbidden || self.drawn.map(|d| usize::from(d / 4)) != Some(k) {
            return Ok(false);
        }
        let mut c = self.counts;
        c[k] -= 4;
        let mut mc = self.meld_counts;
        mc[k] += 4;
        if wait::valid_wait_mask(&c, &mc, self.len - 4) != self.waits {
            return Ok(false);
        }
        if rule == RiichiAnkan::SameReading {
            let mut before = self.counts;
            before[k] -= 1;
            let kan = Tile::from_index(k);
            for w in (0..34).filter(|&w| self.waits >> w & 1 != 0) {
                before[w] += 1;
                let every = decompose(&before)
                    .iter()
                    .all(|r| r.form == Form::Regular && r.blocks.contains(&Block::Triplet(kan)));
                before[w] -= 1;
                if !every {
                    return Ok(false);
                }
            }
        }
        Ok(true)
    }

    /// The turn action a logged discard stands for: the first discard (a riichi discard
    /// when `riichi`) of a tile of the class `cls` (`kind * 2 + red`) with the flag
    /// `tsumogiri`, in the order of [`SeatHand::turn_actions`], worked out up to it.
    ///
    /// # Errors
    /// As [`SeatHand::turn_actions`].
    pub fn find_discard(
        &self,
        table: &TableView,
        rules: &FlowRules,
        riichi: bool,
        cls: u8,
        tsumogiri: bool,
    ) -> Result<Found> {
        let class = |t: u8| (t / 4) * 2 + u8::from(self.is_red(t));
        let mut found = Found::Missing;
        self.visit_turn_actions(table, rules, &mut |a| match a {
            SeatAction::Tsumo => true,
            SeatAction::Discard { tile, tsumogiri: g } if !riichi => {
                if class(tile) != cls {
                    return true;
                }
                if g == tsumogiri {
                    found = Found::Action(a);
                    return false;
                }
                found = Found::OtherFlag;
                true
            }
            SeatAction::Discard { .. } => true,
            SeatAction::Riichi { tile, tsumogiri: g } if riichi => {
                if class(tile) != cls {
                    return true;
                }
                if g == tsumogiri {
                    found = Found::Action(a);
                    return false;
                }
                found = Found::OtherFlag;
                true
            }
            // past the discards (and the riichi discards): nothing later matches
            _ => false,
        })?;
        Ok(found)
    }

    /// The legal actions of this seat on its own turn, in the referee's order: tsumo; the
    /// discards (only the drawn tile in riichi; kuikae applied), then riichi discards
    /// (those that keep tenpai, or all with `riichi_requires_tenpai` off; with
    /// `furiten_riichi` off, not those leaving a furiten
    /// wait); ankan by kind (in riichi only of the drawn kind and keeping the waits),
    /// kakan by meld; kyuushu kyuuhai; kita (sanma).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for a seat in riichi with nothing drawn; errors of the
    /// wait kernel or the scorer for a hand that cannot exist.
    pub fn turn_actions(&self, table: &TableView, rules: &FlowRules) -> Result<Vec<SeatAction>> {
        let mut acts = Vec::with_capacity(24);
        self.visit_turn_actions(table, rules, &mut |a| {
            acts.push(a);
            true
        })?;
        Ok(acts)
    }

    /// [`SeatHand::turn_actions`] one at a time, in the same order, to `f` while it returns
    /// true (a caller looking for one action stops there: the later ones, riichi discards
    /// and kans among them, are then not worked out). Returns whether `f` stopped it.
    ///
    /// # Errors
    /// As [`SeatHand::turn_actions`] (for the actions reached).
    pub fn visit_turn_actions(
        &self,
        table: &TableView,
        rules: &FlowRules,
        f: &mut dyn FnMut(SeatAction) -> bool,
    ) -> Result<bool> {
        let drawn = self.drawn;
        let allowed = |t: u8| self.kuikae >> (t / 4) & 1 == 0;
        if drawn.is_none() && !self.riichi {
            for t in self.distinct() {
                if allowed(t)
                    && !f(SeatAction::Discard {
                        tile: t,
                        tsumogiri: false,
                    })
                {
                    return Ok(true);
                }
            }
            return Ok(false);
        }
        if let Some(d) = drawn {
            if self.waits >> (d / 4) & 1 != 0
                && self.wins(d, Source::Draw, table, rules)?
                && !f(SeatAction::Tsumo)
            {
                return Ok(true);
            }
        }
        if self.riichi {
            let Some(d) = drawn else {
                return Err(bad(
                    "drawn",
                    "a seat in riichi acts only after a draw".into(),
                ));
            };
            if !f(SeatAction::Discard {
                tile: d,
                tsumogiri: true,
            }) {
                return Ok(true);
            }
        } else {
            let distinct = self.distinct();
            for &t in &distinct {
                if allowed(t)
                    && !f(SeatAction::Discard {
                        tile: t,
                        tsumogiri: Some(t) == drawn,
                    })
                {
                    return Ok(true);
                }
            }
            if self.may_declare_riichi(table, rules) {
                // the waits left by each discard: none when the hand before the discard
                // is of shanten 1 or more (most hands: one table shanten answers every
                // discard), else the wait scan of each kind discarded
                let mut c = self.counts;
                let near = wait::valid_shanten_at_most_zero(&c, self.len);
                let mut left = [if near { u64::MAX } else { 0 }; 34];
                for &t in &distinct {
                    let k = usize::from(t / 4);
                    if left[k] == u64::MAX {
                        c[k] -= 1;
                        left[k] = wait::valid_wait_mask(&c, &self.meld_counts, self.len - 1);
                        c[k] += 1;
                    }
                    let w = left[k];
                    if (w == 0 && rules.riichi_requires_tenpai)
                        || (!rules.furiten_riichi && (w >> k & 1 != 0 || w & self.river_kinds != 0))
                    {
                        continue;
                    }
                    if !f(SeatAction::Riichi {
                        tile: t,
                        tsumogiri: Some(t) == drawn,
                    }) {
                        return Ok(true);
                    }
                }
            }
        }
        let live = table.live_left > 0;
        if drawn.is_some() && table.kans < 4 && live {
            for k in 0..34 {
                if self.counts[k] == 4
                    && (!self.riichi || self.riichi_ankan_ok(k, rules.riichi_ankan)?)
                {
                    let mut ids = [0u8; 4];
                    for (slot, t) in ids.iter_mut().zip(self.ids_of(k)) {
                        *slot = t;
                    }
                    if !f(SeatAction::Ankan { ids }) {
                        return Ok(true);
                    }
                }
            }
            if !self.riichi {
                for m in &self.melds {
                    if m.kind() == MeldKind::Pon {
                        if let Some(t) = self.ids_of(m.tile().index()).next() {
                            if !f(SeatAction::Kakan { tile: t }) {
                                return Ok(true);
                            }
                        }
                    }
                }
            }
        }
        if self.discards_made == 0
            && table.uninterrupted
            && drawn.is_some()
            && rules.kyuushu_kyuuhai
            && YAOCHUU.iter().filter(|&&k| self.counts[k] > 0).count() >= 9
            && !f(SeatAction::Kyuushu)
        {
            return Ok(true);
        }
        if let Some(d) = drawn {
            if rules.players == 3
                && self.counts[NORTH] > 0
                && live
                && (!self.riichi || usize::from(d / 4) == NORTH)
            {
                let north = if usize::from(d / 4) == NORTH {
                    d
                } else {
                    self.ids_of(NORTH).next().unwrap_or(d)
                };
                if !f(SeatAction::Nukidora { tile: north }) {
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }
}
