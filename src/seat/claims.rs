//! The answers of the other seats to a discard or a robbable kan or kita tile: ron,
//! pon, daiminkan and chi (kuikae-aware), and the table-level calls over every seat.

use super::{
    bad, FlowRules, Found, Kuikae, Robbed, SeatAction, SeatHand, Source, TableView, CHI_OFFSETS,
    FIVES,
};
use crate::error::Result;
use crate::meld::{Meld, MeldKind};
use crate::tile::Tile;

impl SeatHand {
    /// Distinct choices of `n` held ids of kind `k` by red count (the lowest ids of each
    /// colour), fewer reds first.
    fn choices(&self, k: usize, n: usize) -> Vec<Vec<u8>> {
        let ids: Vec<u8> = self.ids_of(k).collect();
        if !FIVES.contains(&k) {
            return if ids.len() >= n {
                vec![ids[..n].to_vec()]
            } else {
                Vec::new()
            };
        }
        let (reds, plain): (Vec<u8>, Vec<u8>) = ids.iter().partition(|&&t| self.is_red(t));
        let mut out = Vec::new();
        for r in 0..=n {
            if r <= reds.len() && n - r <= plain.len() {
                let mut c: Vec<u8> = reds[..r].iter().chain(&plain[..n - r]).copied().collect();
                c.sort_unstable();
                out.push(c);
            }
        }
        out
    }

    /// Tiles kuikae would forbid after a chi of kind `k` with the other kinds at offsets
    /// `(a, b)` (or a pon when `a == b == 0`): held copies of the called kind, and of the
    /// kind at the run's far end.
    fn kuikae_held(&self, k: usize, a: i8, b: i8, rules: &FlowRules) -> usize {
        match rules.kuikae {
            Kuikae::Allowed => return 0,
            Kuikae::SameTile => return usize::from(self.counts[k]),
            Kuikae::SameTileAndSuji => {}
        }
        let num = k % 9;
        let mut held = usize::from(self.counts[k]);
        if a == 1 && num + 3 <= 8 {
            held += usize::from(self.counts[k + 3]);
        }
        if b == -1 && num >= 3 {
            held += usize::from(self.counts[k - 3]);
        }
        held
    }

    /// Pon, daiminkan and chi of the discard `tile` (`kamicha`: this seat sits right after
    /// the discarder, in a four-player game): pons by red count, the daiminkan, then chi
    /// by shape and red count. A pon or chi only when the hand keeps a discard kuikae
    /// allows; a daiminkan only while fewer than four kans were made.
    pub fn call_options(
        &self,
        tile: u8,
        kamicha: bool,
        table: &TableView,
        rules: &FlowRules,
    ) -> Vec<SeatAction> {
        let k = usize::from(tile / 4);
        let ck = usize::from(self.counts[k]);
        let kamicha = kamicha && k < 27 && rules.players == 4;
        let mut acts = Vec::new();
        let n = self.len;
        if ck >= 2 {
            let keep = if rules.kuikae == Kuikae::Allowed {
                0
            } else {
                ck - 2
            };
            if n - 2 > keep {
                for pair in self.choices(k, 2) {
                    acts.push(SeatAction::Pon {
                        tile,
                        consumed: [pair[0], pair[1]],
                    });
                }
            }
            if ck == 3 && table.kans < 4 {
                let mut ids = [0u8; 3];
                for (slot, t) in ids.iter_mut().zip(self.ids_of(k)) {
                    *slot = t;
                }
                acts.push(SeatAction::Daiminkan {
                    tile,
                    consumed: ids,
                });
            }
        }
        if kamicha {
            let num = (k % 9) as i8;
            for (a, b) in CHI_OFFSETS {
                if !(0..=8).contains(&(num + a)) || !(0..=8).contains(&(num + b)) {
                    continue;
                }
                let ka = (k as i8 + a) as usize;
                let kb = (k as i8 + b) as usize;
                if self.counts[ka] == 0 || self.counts[kb] == 0 {
                    continue;
                }
                if n - 2 <= self.kuikae_held(k, a, b, rules) {
                    continue;
                }
                for ta in self.choices(ka, 1) {
                    for tb in self.choices(kb, 1) {
                        acts.push(SeatAction::Chi {
                            tile,
                            consumed: [ta[0], tb[0]],
                        });
                    }
                }
            }
        }
        acts
    }

    /// This seat's answers to the discard `tile` by the seat right before it (`kamicha`)
    /// or another: `[Ron?, calls..., Pass]`, or empty when it has neither a ron (a wait,
    /// not furiten, a yaku) nor a call (not in riichi, and [`TableView::calls_open`]: a
    /// live tile left, no suukaikan pending).
    ///
    /// # Errors
    /// Errors of the scorer for a hand that cannot exist.
    pub fn discard_answers(
        &self,
        tile: u8,
        kamicha: bool,
        table: &TableView,
        rules: &FlowRules,
    ) -> Result<Vec<SeatAction>> {
        let k = tile / 4;
        let ron = self.waits >> k & 1 != 0
            && !self.furiten()
            && self.wins(tile, Source::Discard, table, rules)?;
        let mut acts = Vec::new();
        if ron {
            acts.push(SeatAction::Ron);
        }
        if table.calls_open(rules) && !self.riichi {
            acts.extend(self.call_options(tile, kamicha, table, rules));
        }
        if !acts.is_empty() {
            acts.push(SeatAction::Pass);
        }
        Ok(acts)
    }

    /// Call the discard `tile` with the held ids `consumed`: the chi, pon or daiminkan
    /// `kind` from the seat `from` turns before this one (1 shimocha, 2 toimen, 3 kamicha),
    /// made as [`SeatHand::add_meld`] makes it, with the kinds kuikae forbids after a chi
    /// or pon under `rules.kuikae` ([`kuikae_kinds`]; none after a daiminkan). Returns the
    /// meld: its tile, the called kind, the red fives of the ids (this hand's `red_fives`)
    /// and `from`, the meld `Meld::parse` reads from the ids written called tile first.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::error::Error::InvalidArgument): a kind other than
    /// chi, pon or daiminkan, or the wrong number of ids for it (2, 2, 3); an id outside
    /// 0..=135; [`Error::InvalidMeld`](crate::error::Error::InvalidMeld): ids that do not
    /// make that meld (a chi not a run of one suit, a set of mixed kinds, a chi not from
    /// kamicha); [`SeatHand::add_meld`]'s errors. The hand is unchanged when refused.
    pub fn call(
        &mut self,
        kind: MeldKind,
        tile: u8,
        consumed: &[u8],
        from: u8,
        rules: &FlowRules,
    ) -> Result<Meld> {
        let want = match kind {
            MeldKind::Chi | MeldKind::Pon => 2,
            MeldKind::Daiminkan => 3,
            MeldKind::Ankan | MeldKind::Kakan => {
                return Err(bad(
                    "kind",
                    format!("a call is a chi, pon or daiminkan, got {}", kind.name()),
                ))
            }
        };
        if consumed.len() != want {
            return Err(bad(
                "consumed",
                format!(
                    "a {} takes {want} ids from the hand, got {}",
                    kind.name(),
                    consumed.len()
                ),
            ));
        }
        let mut kinds = [0usize; 4];
        let mut red = 0u8;
        for (slot, &t) in kinds.iter_mut().zip(std::iter::once(&tile).chain(consumed)) {
            if t >= 136 {
                return Err(bad("consumed", format!("id {t} is outside 0..=135")));
            }
            *slot = usize::from(t / 4);
            red += u8::from(self.is_red(t));
        }
        let kinds = &mut kinds[..=want];
        let called = Tile::from_index(kinds[0]);
        kinds.sort_unstable();
        let shaped = if kind == MeldKind::Chi {
            kinds[2] < 27
                && kinds[0] / 9 == kinds[2] / 9
                && kinds[1] == kinds[0] + 1
                && kinds[2] == kinds[0] + 2
        } else {
            kinds.iter().all(|&k| k == kinds[0])
        };
        if !shaped {
            return Err(crate::error::Error::InvalidMeld {
                meld: format!("{} of ids {tile} and {consumed:?}", kind.name()),
                reason: if kind == MeldKind::Chi {
                    "a chi is three consecutive tiles of one suit".into()
                } else {
                    format!("a {} is made of one kind of tile", kind.name())
                },
            });
        }
        let meld = Meld::new(kind, Tile::from_index(kinds[0]), called, red, from)?;
        self.add_meld(meld, consumed, kuikae_kinds(&meld, rules.kuikae))?;
        Ok(meld)
    }

    /// This seat's answers to a tile robbed from a kan or a kita: `[("ron",), ("pass",)]`
    /// when it waits on it, is not furiten and wins with a yaku (chankan; on an ankan only
    /// with kokushi musou), else empty. No call is possible.
    ///
    /// # Errors
    /// Errors of the scorer for a hand that cannot exist.
    pub fn robbed_answers(
        &self,
        tile: u8,
        robbed: Robbed,
        table: &TableView,
        rules: &FlowRules,
    ) -> Result<Vec<SeatAction>> {
        let k = tile / 4;
        if self.waits >> k & 1 != 0
            && !self.furiten()
            && self.wins(tile, Source::Robbed(robbed), table, rules)?
        {
            return Ok(vec![SeatAction::Ron, SeatAction::Pass]);
        }
        Ok(Vec::new())
    }
}

/// The kinds kuikae forbids to discard right after the call `meld` under `rule`
/// (`Rules.kuikae`): none under [`Kuikae::Allowed`]; the called kind under
/// [`Kuikae::SameTile`]; under [`Kuikae::SameTileAndSuji`] (Tenhou) also, after a chi
/// whose called tile ends the run, the kind beyond the run's other end ("56s chi 4s,
/// then 7s may not be discarded"; a chi of the middle tile forbids the called kind
/// only). Empty for kans. A kind mask.
pub fn kuikae_kinds(meld: &Meld, rule: Kuikae) -> u64 {
    let k = meld.called().index();
    match meld.kind() {
        _ if rule == Kuikae::Allowed => 0,
        MeldKind::Pon => 1 << k,
        MeldKind::Chi if rule == Kuikae::SameTile => 1 << k,
        MeldKind::Chi => {
            let low = meld.tile().index();
            let mut m = 1u64 << k;
            if k == low && low % 9 + 3 <= 8 {
                m |= 1 << (low + 3);
            }
            if k == low + 2 && low % 9 >= 1 {
                m |= 1 << (low - 1);
            }
            m
        }
        _ => 0,
    }
}

/// Every other seat's answers to the discard `tile` of seat `discarder`, in turn order
/// after the discarder: `(seat, answers)` for each seat with any (see
/// [`SeatHand::discard_answers`]). `seats` holds every seat's hand, indexed by seat.
///
/// # Errors
/// [`Error::InvalidArgument`] when `seats` does not hold `rules.players` hands in seat
/// order or `discarder` is not a seat; errors of [`SeatHand::discard_answers`].
pub fn discard_answers(
    seats: &[&SeatHand],
    discarder: u8,
    tile: u8,
    table: &TableView,
    rules: &FlowRules,
) -> Result<Vec<(u8, Vec<SeatAction>)>> {
    answers(seats, discarder, tile, None, table, rules)
}

/// Seat `discarder` discards the held `tile` ([`SeatHand::discard`]) and the seats of the
/// mask `answer` (bit `s` for seat `s`) give their answers to it ([`discard_answers`]), which
/// are returned, for the caller to open the claim with. When none of them has any, the tile
/// goes by every other seat at once: each that waits on it misses it ([`SeatHand::missed`]:
/// furiten), as after every seat passed (a claim's misses are the caller's, once its seats
/// have answered).
///
/// # Errors
/// As [`discard_answers`], and [`SeatHand::discard`]'s (nothing changes then).
pub fn discard_tile(
    seats: &mut [&mut SeatHand],
    discarder: u8,
    tile: u8,
    answer: u8,
    table: &TableView,
    rules: &FlowRules,
) -> Result<Vec<(u8, Vec<SeatAction>)>> {
    let n = rules.players;
    if seats.len() != usize::from(n) || discarder >= n {
        return Err(bad(
            "seats",
            format!(
                "expected {n} hands in seat order and a seat 0..{n}, got {} hands and seat {discarder}",
                seats.len()
            ),
        ));
    }
    seats[usize::from(discarder)].discard(tile)?;
    let mut out = Vec::new();
    if answer != 0 {
        let view: Vec<&SeatHand> = seats.iter().map(|s| &**s).collect();
        out = answers(&view, discarder, tile, None, table, rules)?;
        out.retain(|(o, _)| answer >> o & 1 != 0);
    }
    if out.is_empty() {
        for (o, seat) in seats.iter_mut().enumerate() {
            if o != usize::from(discarder) {
                seat.missed(tile);
            }
        }
    }
    Ok(out)
}

/// [`discard_tile`], then, when no seat asked has an answer and `draw` is given, the next
/// seat in turn order draws it ([`SeatHand::draw`]) and the live wall of `table` is one tile
/// shorter: an unclaimed discard and the next seat's draw, the round's most frequent step,
/// in one call. The caller gives `draw` only when the discard cannot end the round or hold
/// the turn (the abortive draws, riichi and the exhaustive draw are its to check first).
/// Returns the answers; the draw was made when they are empty and `draw` was given.
///
/// # Errors
/// As [`discard_tile`]; also a `draw` the next seat could not draw, or a `table` with no
/// live tile left (checked before anything changes).
pub fn discard_tile_and_draw(
    seats: &mut [&mut SeatHand],
    discarder: u8,
    tile: u8,
    answer: u8,
    draw: Option<u8>,
    table: &mut TableView,
    rules: &FlowRules,
) -> Result<Vec<(u8, Vec<SeatAction>)>> {
    let n = rules.players;
    let next = usize::from((discarder + 1) % n.max(1));
    if let Some(t) = draw {
        if table.live_left == 0 {
            return Err(bad("draw", format!("id {t}: no live tile is left")));
        }
        if let Some(seat) = seats.get(next) {
            seat.check_draw(t)?;
        }
    }
    let out = discard_tile(seats, discarder, tile, answer, table, rules)?;
    if out.is_empty() {
        if let Some(t) = draw {
            seats[next].draw(t)?;
            table.live_left -= 1;
        }
    }
    Ok(out)
}

/// A run of logged discards that nobody claims, in turn order from seat `first`, each
/// followed by the next seat's draw of `draws[j]`: `discards[j]` is the class (`kind * 2 +
/// red`) and tsumogiri flag of the `j`-th, the discard [`SeatHand::find_discard`] finds for
/// it, made by [`discard_tile_and_draw`] with no seat asked (the tile goes by everyone).
/// The run stops before the first discard that needs the referee's other steps: the fourth
/// discard of an uninterrupted first go-around (suufon renda), four kans (suukaikan), no
/// live tile left (the exhaustive draw), a discard not found (the caller's general path
/// names why), or no draw given.
/// The caller keeps riichi declarations, claimed discards, pending kan dora and rinshan
/// draws out of it. Returns the ids discarded, one per discard made.
///
/// # Errors
/// As [`discard_tile_and_draw`] and [`SeatHand::find_discard`], for the run's first
/// discard only (nothing changed); a later one that would fail ends the run instead.
pub fn discard_run(
    seats: &mut [&mut SeatHand],
    first: u8,
    discards: &[(u8, bool)],
    draws: &[u8],
    table: &mut TableView,
    rules: &FlowRules,
) -> Result<Vec<u8>> {
    let n = usize::from(rules.players);
    if seats.len() != n || usize::from(first) >= n {
        return Err(bad(
            "seats",
            format!(
                "expected {n} hands in seat order and a seat 0..{n}, got {} hands and seat {first}",
                seats.len()
            ),
        ));
    }
    let mut out = Vec::with_capacity(discards.len());
    for (j, (&(cls, tsumogiri), &draw)) in discards.iter().zip(draws).enumerate() {
        let s = (usize::from(first) + j) % n;
        let made: u32 = seats.iter().map(|h| h.discards_made).sum();
        let fourth_first = table.uninterrupted && seats[s].discards_made == 0 && made == 3;
        if fourth_first || table.kans >= 4 || table.live_left == 0 {
            break;
        }
        // each discard-and-draw is checked whole before it changes anything; an error after
        // the first ends the run with what was made, so the caller learns how far it went
        // and its general path meets (and names) the error on a state both sides agree on
        let found = match seats[s].find_discard(table, rules, false, cls, tsumogiri) {
            Ok(f) => f,
            Err(_) if !out.is_empty() => break,
            Err(e) => return Err(e),
        };
        let Found::Action(SeatAction::Discard { tile, .. }) = found else {
            break;
        };
        match discard_tile_and_draw(seats, s as u8, tile, 0, Some(draw), table, rules) {
            Ok(_) => out.push(tile),
            Err(_) if !out.is_empty() => break,
            Err(e) => return Err(e),
        }
    }
    Ok(out)
}

/// Every other seat's answers to a tile robbed from seat `actor`'s kakan, ankan or kita,
/// in turn order after it (see [`SeatHand::robbed_answers`]).
///
/// # Errors
/// As [`discard_answers`].
pub fn robbed_answers(
    seats: &[&SeatHand],
    actor: u8,
    tile: u8,
    robbed: Robbed,
    table: &TableView,
    rules: &FlowRules,
) -> Result<Vec<(u8, Vec<SeatAction>)>> {
    answers(seats, actor, tile, Some(robbed), table, rules)
}

fn answers(
    seats: &[&SeatHand],
    discarder: u8,
    tile: u8,
    robbed: Option<Robbed>,
    table: &TableView,
    rules: &FlowRules,
) -> Result<Vec<(u8, Vec<SeatAction>)>> {
    let n = rules.players;
    if seats.len() != usize::from(n)
        || seats
            .iter()
            .enumerate()
            .any(|(i, s)| usize::from(s.seat) != i)
    {
        return Err(bad(
            "seats",
            format!(
                "expected {n} hands in seat order, got {} hands",
                seats.len()
            ),
        ));
    }
    if discarder >= n || tile >= 136 {
        return Err(bad(
            "discard",
            format!("seat {discarder} tile {tile}: expected a seat 0..{n} and an id 0..=135"),
        ));
    }
    let mut out = Vec::new();
    for i in 1..n {
        let o = (discarder + i) % n;
        let seat = seats[usize::from(o)];
        let acts = match robbed {
            None => seat.discard_answers(tile, i == 1 && n == 4, table, rules)?,
            Some(r) => seat.robbed_answers(tile, r, table, rules)?,
        };
        if !acts.is_empty() {
            out.push((o, acts));
        }
    }
    Ok(out)
}
