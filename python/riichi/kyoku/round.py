"""The round (kyoku) state machine: the referee of one hand from the deal to the settlement.

A :class:`Round` holds the wall, the players' hands (four, or three in sanma), rivers and
melds, and the flow state (whose turn, a pending discard waiting for claims, the end). Players
act through typed actions (:mod:`riichi.actions`): :meth:`Round.legal_actions` lists what a
seat may do now, :meth:`Round.step` applies one action. Claims on a discard are collected from
every seat that has one (ron, pon, daiminkan, chi or pass) before they are resolved by
priority (ron > pon/daiminkan > chi); an illegal action raises :class:`riichi.IllegalAction`
naming the action and the reason and leaves the round unchanged.

Seats are absolute 0..3; tiles in actions and events are physical ids 0..135 (DESIGN.md).

Sanma (``rules.num_players == 3``): seats 0..2, the 108-tile wall of :mod:`riichi.wall`, no
chi, and the :class:`~riichi.actions.Nukidora` action: on its own turn after a draw (in riichi
only with the drawn tile) a player may set a North aside; it counts one dora for that player
(the core scorer's ``nukidora``), the other players may ron on it (neither chankan nor
houtei), and the player draws a replacement tile from the dead wall, which shortens the live
wall by one like a kan. Tenhou's logs (tests/test_sanma.py replays them) show that a win on
that replacement tile is rinshan kaihou, that a North set aside which nobody robs ends every
ippatsu and the uninterrupted first go-around (double riichi, kyuushu kyuuhai) as a call
does, that a kan dora waiting to be revealed is revealed when the North is set aside, and that
a riichi player sets aside only the drawn North.
Every hand question goes to the Rust core: each seat's hand lives in a ``_core.SeatHand``
(concealed tiles, waits, furiten inputs, riichi, kuikae), kept in step at every draw, discard,
call, kan and kita; one core call per draw lists the turn seat's actions, one per discard
answers every other seat's ron and calls (:mod:`riichi.kyoku.turn`,
:mod:`riichi.kyoku.calls`); the settlement scores through :mod:`riichi.kyoku.win`.

Rule sources: Tenhou's rules (https://tenhou.net/man/) unless a ``Rules`` field says
otherwise; the worked cases RC40 (pao), RC43 (multiple ron sticks), RC45 (kyuushu timing),
RC48 (riichi preconditions), RC52 (calls leaving no legal discard), RC54 (declined chankan).
"""

from __future__ import annotations

import operator
from typing import Any

from riichi import _core
from riichi import _core_api as core
from riichi.actions import (
    Action,
    Ankan,
    Chi,
    Daiminkan,
    Discard,
    Kakan,
    Kyuushu,
    Nukidora,
    Pass,
    Pon,
    Riichi,
    Ron,
    Tsumo,
)
from riichi.errors import RiichiError
from riichi.kyoku import (
    aborts,
    calls,
    emit,
    explain,
    furiten,
    logged,
    openriichi,
    settlement,
    turn,
    views,
    win,
)
from riichi.kyoku import state as st
from riichi.kyoku.emit import DAHAI_EVENTS, TSUMO_EVENTS
from riichi.kyoku.state import (
    CLAIM,
    END,
    EVERYONE,
    ORDER,
    ORDER3,
    TURN,
    TURN_CODES,
    Claim,
    MeldState,
    Player,
    RoundResult,
    Win,
    check_round_args,
    check_seat,
    deal_table,
    seat_table,
)
from riichi.tiles import TERMINALS_HONORS, red_tables
from riichi.wall import Wall

__all__ = ["Round", "RoundResult", "Win"]

_CALL_KINDS = {Chi: "chi", Pon: "pon", Daiminkan: "daiminkan"}  # call action -> meld kind


# (rules, what a round reads from them once): the last rules object a round was made for
# (every round of a game shares it) with its player count, red fives, whether open riichi
# is offered and the red tables; one tuple, read and replaced whole
_LAST_RULES: tuple[Any, Any] = (None, None)


def _rules_consts(rules: Any) -> Any:
    """What a new round reads from ``rules``: ``(num_players, red_fives as a tuple, whether
    open riichi is offered, the red tables of riichi.tiles.red_tables, the events module,
    the seat orders after a discarder)``, read once per rules object (a Rules is frozen)."""
    global _LAST_RULES
    last, consts = _LAST_RULES
    if last is not rules:
        red = tuple(rules.red_fives)
        ev = core.event_classes()
        consts = (
            rules.num_players,
            red,
            openriichi.offered(rules),
            red_tables(red, ev.Tile.of),
            ev,
            ORDER if rules.num_players == 4 else ORDER3,
        )
        _LAST_RULES = (rules, consts)
    return consts


class Round:
    """One kyoku, from the deal to the settlement.

    Args:
        rules: a ``riichi.Rules`` (flow fields are read: kuikae, open_kan_dora, riichi_*,
            furiten_riichi, multiple_ron, abortive draw flags, nagashi_mangan,
            noten_payment, pao_*, kokushi_chankan_ankan, honba_points, riichi_stick,
            red_fives).
        wall: the round's :class:`~riichi.wall.Wall`.
        scores: points per seat at the start (``rules.num_players`` ints; default 25000 each
            with four players, ``rules.starting_points`` each in sanma).
        dealer: the dealer's seat 0..3 (0..2 in sanma).
        round_wind: 0 East, 1 South, 2 West, 3 North.
        honba: counters on the table.
        kyotaku: riichi sticks on the table (count, not points).
        dealer_wins_in_a_row: the dealer's wins in a row before this round (an int >= 0;
            ``Game`` keeps the count): with ``rules.paarenchan`` the eighth is a yakuman.

    Attributes:
        scores: current points per seat (riichi sticks already deducted).
        kyotaku: riichi sticks on the table.
        events: the event stream so far (``riichi.events`` classes).
        result: the :class:`RoundResult` once the round is over, else ``None``.
        wareme_seat: with ``rules.wareme`` and a wall with dice, the seat whose wall section
            is broken (``(dealer + dice total - 1) % players``): its win payments, paid or
            received, are doubled; else ``None``.
    """

    def __init__(
        self,
        rules: Any,
        wall: Wall,
        *,
        scores: tuple[int, ...] | list[int] | None = None,
        dealer: int = 0,
        round_wind: int = 0,
        honba: int = 0,
        kyotaku: int = 0,
        dealer_wins_in_a_row: int = 0,
    ) -> None:
        scores, dealer, round_wind, honba, kyotaku = check_round_args(
            rules, wall, scores, dealer, round_wind, honba, kyotaku
        )
        wins = dealer_wins_in_a_row
        if (wins.__class__ is not int and not st.is_int(wins)) or wins < 0:
            raise RiichiError(
                f"dealer_wins_in_a_row must be an int >= 0, got {dealer_wins_in_a_row!r}"
            )
        self.dealer_wins_in_a_row = int(dealer_wins_in_a_row)  # read by kyoku/win.py
        consts = _rules_consts(rules)
        n = consts[0]
        self.rules = rules
        self.wall = wall
        self.scores = scores  # check_round_args' own list
        self.dealer = dealer
        self.round_wind = round_wind
        self.honba = honba
        self.kyotaku = kyotaku
        self.events: list[Any] = []
        self.result: RoundResult | None = None
        self._n = n
        # live tiles before the replacement draws of kans (len(_kans)): the wall's, one less
        # per nukidora
        self._live: int = wall.live_tiles
        self._order = consts[5]
        self.wareme_seat = settlement.wareme_seat(rules, wall, dealer)
        self._red = consts[1]
        self._ev = consts[4]
        self._set_tables(consts)
        self.players: list[Player] = []  # dealt by _deal
        self._seats: list[Any] = []  # each player's _core.SeatHand, in seat order
        self._draw_pos = 0
        self._rinshan_drawn = 0
        self._kans: list[int] = []  # owner of each kan, in order
        self._dora_revealed = 1
        self._pending_dora = 0
        self._uninterrupted = True  # no call (incl. ankan) yet this round
        self._ippatsu = False  # a riichi was accepted since the last call broke ippatsu
        self._pao: dict[int, tuple[int, str]] = {}
        self._phase = TURN
        self._turn = dealer
        self._drawn: int | None = None
        self._rinshan = False
        self._claim: Claim | None = None
        self._first_discards: list[int] = []
        self._version = 0
        self._cache: dict[int, list[Action]] = {}
        self._cache_version = -1
        self._keys_cache: dict[int, tuple[int, set[Any]]] = {}
        self._deal()

    def _set_tables(self, consts: Any = None) -> None:
        """Whether open riichi is offered (fixed by the rules); the red ids, the (kind,
        colour) class and the event tile of each id: per red-five rule, built once and
        shared by every round (read from the rules once per rules object: ``consts``, when
        the caller has them, is ``_rules_consts(self.rules)``)."""
        if consts is None:
            consts = _rules_consts(self.rules)
        red = self._red
        tables = consts[3] if red == consts[1] else red_tables(red, self._ev.Tile.of)
        self._open_riichi = consts[2]  # read by turn.turn_actions
        self._reds: frozenset[int] = tables[0]
        self._cls: list[int] = tables[1]  # kind and colour (do not mutate)
        self._tiles: list[Any] = tables[2]  # do not mutate
        self._class_ids: list[tuple[int, ...]] = tables[3]  # class -> its ids, ascending

    # shared tables, caches and the core's table view: rebuilt on load, not pickled
    _UNPICKLED = (
        "_ev", "_reds", "_cls", "_tiles", "_class_ids", "_cache", "_keys_cache", "_table",
        "_seats", "_open_riichi",
    )  # fmt: skip

    def __getstate__(self) -> dict[str, Any]:
        """Pickle (and ``copy.deepcopy``) support: the whole state except the shared
        per-rule tables and the legal-action caches, which are rebuilt on load. A copy plays
        on exactly like the original."""
        state = {k: v for k, v in self.__dict__.items() if k not in self._UNPICKLED}
        state["_cache_version"] = -1
        return state

    def __copy__(self) -> Round:
        """``copy.copy``: an independent copy, as :meth:`clone` (a shallow copy would share
        the players' hands and the event list, so stepping it would change the original
        half-way: a tile gone from a hand whose turn had not moved on)."""
        return views.clone(self)  # type: ignore[no-any-return]

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        if "_ippatsu" not in state:  # pickled before the flag existed: any may be open
            self._ippatsu = True
        self._ev = core.event_classes()
        self._set_tables()
        self._cache = {}
        self._keys_cache = {}
        self._seats = [p.seat for p in self.players]
        self._table = seat_table(self)

    # ------------------------------------------------------------------ public views
    phase = property(
        operator.attrgetter("_phase"),  # read on every step: a getter without a Python frame
        doc="""``"turn"`` (a seat must act on its own hand), ``"claim"`` (seats answer a
        discard or kan) or ``"end"``.""",
    )

    @property
    def current_seat(self) -> int | None:
        """The seat whose turn it is (``None`` while claims are pending or after the end)."""
        return self._turn if self._phase == TURN else None

    @property
    def seats_to_act(self) -> list[int]:
        """Seats that must act now: the turn seat, or the seats yet to answer a claim."""
        if self._phase == TURN:
            return [self._turn]
        if self._phase == CLAIM:
            assert self._claim is not None
            return [s for s in sorted(self._claim.options) if s not in self._claim.responses]
        return []

    @property
    def is_over(self) -> bool:
        """Whether the round has ended."""
        return self._phase == END

    @property
    def live_tiles_left(self) -> int:
        """Tiles still drawable from the live wall."""
        return self._live - len(self._kans) - self._draw_pos

    @property
    def dora_indicators(self) -> list[int]:
        """Revealed dora indicator ids."""
        return [self.wall.dora_indicator(i) for i in range(self._dora_revealed)]

    def hand(self, seat: int) -> list[int]:
        """The concealed tile ids of ``seat`` (sorted).

        Raises:
            RiichiError: ``seat`` is not a seat (0..3; 0..2 in sanma).
        """
        return sorted(self.players[check_seat(seat, self._n)].hand)

    observation = views.observation

    state = property(views.state)

    tile_locations = views.tile_locations

    clone = views.clone

    def action_key(self, action: Action) -> tuple[Any, ...] | None:
        """The equivalence key of an action: actions with equal keys are the same choice
        (tiles of one kind and colour are interchangeable). ``None`` for a non-action."""
        return self._key(action)

    match_event = logged.match_event

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self, seat: int) -> list[Action]:
        """Every action ``seat`` may take now (empty when it has nothing to do).

        Tiles of one kind and colour are interchangeable: one action is offered per
        distinct choice (lowest ids); :meth:`step` accepts any equivalent ids the seat holds.

        Raises:
            RiichiError: ``seat`` is not a seat (0..3; 0..2 in sanma).
        """
        if seat.__class__ is not int or not 0 <= seat < self._n:
            check_seat(seat, self._n)  # raises naming the seat
        if self._cache_version == self._version:
            acts = self._cache.get(seat)
            if acts is not None:
                return list(acts)
        elif self._phase == TURN and seat == self._turn and not self._open_riichi:
            # the first listing of a turn, as _legal makes and keeps it (its usual case)
            acts = self._seats[seat].turn_list(self._table, TURN_CODES[seat])
            if acts is not None:
                self._cache = {seat: acts}
                self._cache_version = self._version
                return list(acts)
        return list(self._legal(seat))

    def _legal(self, seat: int) -> list[Action]:
        """The cached legal actions of ``seat`` (do not mutate)."""
        if self._cache_version != self._version:
            self._cache = {}
            self._cache_version = self._version
            acts = None
        else:
            acts = self._cache.get(seat)
        if acts is None:
            if self._phase == TURN and seat == self._turn:
                # turn.turn_actions, its usual case inline: every action a shared object
                # looked up by the core (None: a kan or kita among them, built there)
                acts = self._seats[seat].turn_list(self._table, TURN_CODES[seat])
                if acts is None or self._open_riichi:
                    acts = self._turn_actions(seat)
            elif self._phase == CLAIM:
                assert self._claim is not None
                c = self._claim
                acts = [] if seat in c.responses else c.options.get(seat) or []
            else:
                acts = []
            self._cache[seat] = acts
        return acts

    # ------------------------------------------------------------------ step
    def step(self, action: Action) -> None:
        """Apply one action.

        Raises:
            IllegalAction: the action is not legal now, or is malformed (a field of the
                wrong type or range: seats and tiles are ``int``, ``consumed`` a tuple of
                ints, ``tsumogiri`` a ``bool``; a bool is not a seat; see
                :func:`malformed_action`). The message names the action and why; the
                round is unchanged, checked completely before anything changes.
        """
        phase = self._phase
        if phase == TURN:
            # the very object offered to the turn seat (legal actions are cached per
            # version): legal as it stands; anything else is checked whole
            legal = self._cache.get(self._turn) if self._cache_version == self._version else None
            for x in legal or ():
                if x is action:
                    break
            else:
                self._check(action)
            self._version += 1
            if action.__class__ is Discard:  # the most frequent action, without _do_turn
                self._discard(action.seat, action.tile, action.tsumogiri, False)  # type: ignore[union-attr]
            else:
                self._do_turn(action)
            return
        c = self._claim
        if action.__class__ is Pass and phase == CLAIM:
            # Pass is offered to every seat with an unanswered claim (and nothing else is)
            seat = action.seat  # type: ignore[union-attr]
            if type(seat) is not int or seat not in c.options or seat in c.responses:  # type: ignore[union-attr]
                self._check(action)
        else:
            seat = getattr(action, "seat", None)
            legal = (
                self._cache.get(seat)
                if self._cache_version == self._version and type(seat) is int
                else None
            )
            for x in legal or ():
                if x is action:
                    break  # the very object offered (legal actions are cached per version)
            else:
                self._check(action)  # raises after the end too (no claim then)
        self._version += 1
        # the seat's answer; the claim is resolved once every seat offered one has answered
        responses = c.responses  # type: ignore[union-attr]
        responses[seat] = action
        if len(responses) == len(c.options):  # type: ignore[union-attr]
            self._resolve_claim()

    apply_logged = logged.apply_logged
    apply_logged_run = logged.apply_logged_run
    pass_all_but = logged.pass_except

    # ------------------------------------------------------------------ turn actions
    def _do_turn(self, a: Action) -> None:
        s = a.seat
        if isinstance(a, (Discard, Riichi)):
            if a.__class__ is Riichi and a.open:  # type: ignore[union-attr]
                self.players[s].open_riichi = True  # the hand is shown from now on
            self._discard(s, a.tile, a.tsumogiri, isinstance(a, Riichi))
        elif isinstance(a, Tsumo):
            assert self._drawn is not None
            self._end_with_wins([s], s, self._drawn, tsumo=True)
        elif isinstance(a, Kyuushu):
            self._abort("kyuushu_kyuuhai")
        elif isinstance(a, Ankan):
            self._ankan(s, list(a.consumed))
        elif isinstance(a, Kakan):
            self._kakan(s, a.tile)
        elif isinstance(a, Nukidora):
            self._nukidora(s, a.tile)

    def _discard(
        self,
        s: int,
        tile: int,
        tsumogiri: bool,
        riichi: bool,
        answer: frozenset[int] = EVERYONE,
    ) -> None:
        """Apply a checked discard. Only the seats in ``answer`` may claim it; every other
        seat passes. The log replay, which knows from the log who claims, gives the
        claimers (none for most discards): the same state as opening the claims of every
        seat and stepping the Pass of each other seat offered one, without building their
        options."""
        p = self.players[s]
        if riichi:
            seat = p.seat
            seat.double_riichi = self._uninterrupted and seat.discards_made == 0
            p.riichi_declared_at = len(p.river)
            self.events.append(self._ev.Reach(actor=s, open=p.open_riichi or None))
        # the round's side of the discard: the river, nagashi (every discard a
        # terminal/honor), the first go-around's discards (suufon renda), the turn's draw
        # and rinshan flags, the dahai event (shared, built once per seat and tile class)
        river = p.river
        river.append(tile)
        if p.nagashi and tile >> 2 not in TERMINALS_HONORS:
            p.nagashi = False
        if self._uninterrupted:
            first = self._first_discards
            if len(first) < 4:
                first.append(tile >> 2)
        self._drawn = None
        if self._rinshan:
            self._rinshan = self._table.rinshan = False
        cls = self._cls
        ev = DAHAI_EVENTS[(s * 68 + cls[tile]) * 2 + tsumogiri]
        if ev is None:
            self._emit_tile("dahai", s, tile, tsumogiri)
        else:
            self.events.append(ev)
        if self._pending_dora:
            self._reveal_pending()
        # one core call: the tile leaves the hand (its kind joins the river's for furiten,
        # temporary furiten, ippatsu in riichi and kuikae end, the waits are the hand's
        # left), the seats in ``answer`` answer it; when none does, it went by everyone (a
        # winning tile passed or seen without a yaku is missed: furiten, as _resolve_claim
        # does after every Pass)
        mask = 15 if answer is EVERYONE else sum([1 << o for o in answer]) if answer else 0
        # the next seat's draw goes in the same core call (made when nobody answers) when
        # nothing of _after_discard can come first: no riichi stick to accept, not a first
        # discard (suufon renda), fewer than four kans (suukaikan), a live tile left
        draw = None
        pos = self._draw_pos
        if not riichi and len(river) > 1:
            kans = len(self._kans)
            if kans < 4 and self._live - kans > pos:
                draw = self.wall.order[pos]
        got = _core.discard_tile(self._seats, s, tile, mask, self._table, draw)
        if got:
            if riichi:
                p.seat.riichi = True  # declared; the stick is paid when the discard passes
            self._claim = Claim("dahai", s, tile, calls.answer_options(got), None, riichi)
            self._phase = CLAIM
            return
        if draw is not None:
            # it went by everyone, and the next seat drew: the rest of what _draw does
            # (the turn moves on, still a turn)
            s += 1
            if s == self._n:
                s = 0
            self._draw_pos = pos + 1
            self._turn = s
            self._drawn = draw
            ev = TSUMO_EVENTS[s * 68 + cls[draw]]
            if ev is None:
                self._emit_tile("tsumo", s, draw)
            else:
                self.events.append(ev)
            return
        if riichi:
            p.seat.riichi = True
        self._after_discard(s, tile, riichi, None)

    def _discarded_run(self, tiles: list[int], last_draw: int, codes: list[int]) -> None:
        """The round's side of a run of unclaimed discards the core made
        (``_core.discard_run``: ``tiles`` discarded from the turn seat on, each followed by
        the next seat's draw, the last of ``last_draw``; ``codes`` its events, as
        :func:`riichi.kyoku.emit.run_events` indexes them): what :meth:`_discard` and
        :meth:`_draw` of each discard and draw do, in a few list operations for the whole
        run. A run starts with no rinshan draw to end
        (:func:`riichi.kyoku.logged.apply_logged_run` checks it); it holds no call, so the
        first go-around's discards (suufon renda) are its first ones while it lasts."""
        n = self._n
        k = len(tiles)
        s0 = self._turn
        players = self.players
        first = self._first_discards
        if self._uninterrupted and len(first) < 4:
            first += [t >> 2 for t in tiles[: 4 - len(first)]]
        for i in range(min(n, k)):
            p = players[(s0 + i) % n]
            mine = tiles[i::n]
            p.river += mine
            if p.nagashi and not TERMINALS_HONORS.issuperset([t >> 2 for t in mine]):
                p.nagashi = False
        table = emit.run_events(self)
        self.events += [table[c] for c in codes]
        self._draw_pos += k
        self._turn = (s0 + k) % n
        self._drawn = last_draw
        self._version += k  # as Round.step: cached listings expire

    def _ankan(self, s: int, ids: list[int]) -> None:
        p = self.players[s]
        m = self._new_meld("ankan", ids, None, s)
        p.seat.add_meld(m.core, ids)
        p.melds.append(m)
        self._break_ippatsu()
        self._interrupted()
        self._kans.append(s)
        self._live_changed()
        self._emit("ankan", actor=s, consumed=sorted(ids))
        self._drawn = None
        options = calls.robbed_options(self, "ankan", s, ids[0])
        if options:
            # a kokushi may rob it: its kan dora waits until the ankan stands (MS: a robbed
            # ankan reveals none)
            self._claim = Claim("ankan", s, ids[0], options)
            self._phase = CLAIM
        else:
            self._ankan_stands(s)

    def _ankan_stands(self, s: int) -> None:
        """An ankan nobody robbed: a kan dora still pending, its own (now, or with the
        replacement discard by ``Rules.closed_kan_dora``), the rinshan draw."""
        if self._pending_dora:
            self._reveal_pending()
        if not turn.kan_dora_revealed(self.rules):
            pass
        elif turn.closed_kan_dora_now(self.rules):
            self._reveal_dora()
        else:
            self._pending_dora += 1
        self._rinshan_draw(s)

    def _kakan(self, s: int, tile: int) -> None:
        p = self.players[s]
        k = tile >> 2
        idx = next(i for i, m in enumerate(p.melds) if m.kind == "pon" and m.kind34 == k)
        old = p.melds[idx]
        src = (old.source - s) % self._n if old.source is not None else 0
        m = MeldState(
            "kakan",
            [*old.tiles, tile],
            old.called,
            old.source,
            core.make_meld("kakan", [*old.tiles, tile], old.called, src, self._reds),
        )
        p.seat.add_meld(m.core, [tile])
        p.melds[idx] = m
        self._drawn = None
        self._emit("kakan", actor=s, pai=tile, consumed=list(old.tiles))
        # a kan dora still pending from an earlier open kan is revealed only once this
        # kakan stands: a chankan on it sees the indicators as they were (Tenhou)
        options = calls.robbed_options(self, "kakan", s, tile)
        self._claim = Claim("kakan", s, tile, options)
        self._phase = CLAIM
        if not options:
            self._resolve_claim()

    def _nukidora(self, s: int, tile: int) -> None:
        """Set a North aside (sanma): the others may ron on it, else the replacement draw."""
        p = self.players[s]
        p.seat.nukidora(tile)
        p.nuki += (tile,)
        p.nuki_at += (len(p.melds),)
        self._live -= 1  # the replacement tile comes from the dead wall, refilled from the live
        self._live_changed()
        self._drawn = None
        self._emit("nukidora", actor=s, pai=tile)
        options = calls.robbed_options(self, "nukidora", s, tile)
        if options:
            self._claim = Claim("nukidora", s, tile, options)
            self._phase = CLAIM
        else:
            self._nukidora_draw(s)

    def _nukidora_draw(self, s: int) -> None:
        """The replacement draw after a nukidora nobody won on: a kan dora still pending is
        revealed first; a win on the tile is rinshan kaihou (Tenhou); like a call, the
        nukidora ends every ippatsu and the uninterrupted first go-around."""
        self._break_ippatsu()
        self._interrupted()
        if self._pending_dora:
            self._reveal_pending()
        self._rinshan_draw(s)

    def _complete_kan(self, s: int) -> None:
        """After a kakan or daiminkan stands: kan dora by rule, then the rinshan draw."""
        if self._pending_dora:
            self._reveal_pending()
        self._kans.append(s)
        self._live_changed()
        self._break_ippatsu()
        self._interrupted()
        if not turn.kan_dora_revealed(self.rules):
            pass
        elif turn.open_kan_dora_now(self.rules):
            self._reveal_dora()
        else:
            self._pending_dora += 1
        self._rinshan_draw(s)

    # ------------------------------------------------------------------ claims
    def _resolve_claim(self) -> None:
        c = self._claim
        assert c is not None
        responses = c.responses
        order = self._order[c.seat]
        # the rons declared, in turn order from the discarder
        # (and a winning tile passed is furiten: temporary; permanent in riichi, RC54)
        rons = []
        seats = self._seats
        tile = c.tile
        kind = c.kind
        for o in order:
            if isinstance(responses.get(o), Ron):
                rons.append(o)
            elif kind != "ankan" or any(isinstance(x, Ron) for x in c.options.get(o, ())):
                # (on an ankan only a kokushi that could rob it missed a win)
                seats[o].missed(tile)  # a wait of o's: furiten
        self._claim = None
        if rons:
            winners = calls.ron_winners(self, rons)
            if winners is None:
                self._abort("sanchahou")
            else:
                self._end_with_wins(winners, c.seat, tile, tsumo=False, claim_kind=kind)
            return
        if kind != "dahai":
            self._phase = TURN
            self._turn = c.seat
            if kind == "nukidora":
                self._nukidora_draw(c.seat)
            elif kind == "kakan":
                self._complete_kan(c.seat)
            else:
                self._ankan_stands(c.seat)
            return
        self._after_discard(c.seat, tile, c.riichi, calls.priority_call(responses))

    def _after_discard(self, d: int, tile: int, riichi: bool, call: Action | None) -> None:
        """A discard no one won on: riichi stick, abortive draws, the call, or the next draw."""
        if riichi:
            self._accept_riichi(d)
            if aborts.suucha_riichi(self):
                self._abort("suucha_riichi")
                return
        # (a cheap necessary condition of each abortive draw first: they are rarely met)
        # (the river holds every discard: its length is the discard count)
        if call is None and len(self.players[d].river) == 1 and aborts.suufon_renda(self):
            self._abort("suufon_renda")
            return
        if len(self._kans) == 4 and aborts.suukaikan(self):
            self._abort("suukaikan")
            return
        if call is not None:
            self._call(call, d, tile)
            return
        if self._live - len(self._kans) == self._draw_pos:  # no live tile left
            self._exhaustive_draw()
            return
        self._draw((d + 1) % self._n)

    def _call(self, a: Action, d: int, tile: int) -> None:
        o = a.seat
        p = self.players[o]
        self.players[d].nagashi = False
        consumed = a.consumed  # type: ignore[union-attr]
        kind = _CALL_KINDS[type(a)]
        # one core call: the meld leaves the hand, with kuikae after a chi or pon (the
        # kinds calls.kuikae_kinds names, by the table's Rules.kuikae)
        meld = p.seat.call(kind, tile, consumed, (d - o) % self._n, self._table)
        m = MeldState(kind, sorted([*consumed, tile]), tile, d, meld)
        p.melds.append(m)
        if self._ippatsu:
            self._break_ippatsu()
        if self._uninterrupted:
            self._interrupted()
        self.events.append(emit.call_event(self, kind, o, d, tile, consumed))
        if kind != "chi":  # (a chi makes no one liable)
            self._check_pao(o, d, m)
        self._phase = TURN
        self._turn = o
        if kind == "daiminkan":
            self._complete_kan(o)
            return
        self._drawn = None

    # ------------------------------------------------------------------ draws
    def _deal(self) -> None:
        n = self._n
        # each seat's hand in the core and the deal as start_kyoku's tiles in one core
        # call: 4-4-4 to each seat by turns from the dealer, then one each; the i-th seat
        # from the dealer takes order[4i:4i+4], order[16+4i:20+4i], order[32+4i:36+4i] and
        # order[48+i] (sanma: order[4i:4i+4], order[12+4i:16+4i], order[24+4i:28+4i],
        # order[36+i])
        seats, tehais = _core.SeatHand.deal(self.wall.order, self.dealer, self._red, self.scores)
        self.players = [Player(h) for h in seats]
        self._seats = seats
        self._draw_pos = 13 * n
        dora = self.wall.dora_indicator(0)
        self._table = deal_table(
            self.rules, self._live - 13 * n, self.dealer, self.round_wind, dora >> 2, self.honba
        )
        self._emit_start(None, dora, tehais)
        self._draw(self.dealer)

    def _draw(self, s: int) -> None:
        """Seat ``s`` draws the next tile of the live wall: its hand in the core, the
        core's table, the turn and the tsumo event (:meth:`_discard` does the same for
        the draw the core makes with an unclaimed discard)."""
        pos = self._draw_pos
        t = self.wall.order[pos]
        self._seats[s].draw(t)
        self._table.live_left = self._live - len(self._kans) - pos - 1
        self._draw_pos = pos + 1
        self._phase = TURN
        self._turn = s
        self._drawn = t
        ev = TSUMO_EVENTS[s * 68 + self._cls[t]]
        if ev is None:
            self._emit_tile("tsumo", s, t)
        else:
            self.events.append(ev)

    def _rinshan_draw(self, s: int) -> None:
        t = self.wall.rinshan(self._rinshan_drawn)
        self._rinshan_drawn += 1
        self._seats[s].draw(t)
        self._phase = TURN
        self._turn = s
        self._drawn = t
        self._rinshan = self._table.rinshan = True
        self._emit_tile("tsumo", s, t)

    def _live_changed(self) -> None:
        """The live wall or the kans changed (a kan, a kita): the core's table follows."""
        t = self._table
        t.live_left = self.live_tiles_left
        t.kans = len(self._kans)
        t.kan_seats = len(set(self._kans))

    def _interrupted(self) -> None:
        """A call, a kan or a kita ends the uninterrupted first go-around."""
        if self._uninterrupted:
            self._uninterrupted = self._table.uninterrupted = False

    def _reveal_dora(self) -> None:
        if self._dora_revealed < 5:
            self._dora_revealed += 1
            self._table.dora_indicators = [t >> 2 for t in self.dora_indicators]
            self._emit("dora", dora_marker=self.wall.dora_indicator(self._dora_revealed - 1))

    def _reveal_pending(self) -> None:
        while self._pending_dora:
            self._pending_dora -= 1
            self._reveal_dora()

    def _break_ippatsu(self) -> None:
        if self._ippatsu:  # an ippatsu may be open (settlement.accept_riichi sets it)
            for seat in self._seats:
                seat.ippatsu = False
            self._ippatsu = False

    # ------------------------------------------------------------------ endings
    def _end_with_wins(
        self,
        winners: list[int],
        from_seat: int,
        tile: int,
        *,
        tsumo: bool,
        claim_kind: str = "dahai",
    ) -> None:
        n = self._n
        total = [0] * n
        wins: list[Win] = []
        if claim_kind == "ankan":
            claim_kind = "kakan"  # a chankan (kokushi on an ankan): scored as one
        for i, w in enumerate(winners):
            # the first winner in turn order takes the honba and the riichi sticks (RC43)
            honba = self.honba if i == 0 else 0
            kyotaku = self.kyotaku if i == 0 else 0
            res = self._win_score(
                w,
                tile,
                tsumo=tsumo,
                from_seat=from_seat,
                claim_kind=claim_kind,
                honba=honba,
                kyotaku=kyotaku,
                ura=True,
            )
            assert res is not None
            win = settlement.settle_win(self, w, from_seat, tile, res, tsumo, honba, kyotaku)
            wins.append(win)
            for o in range(n):
                total[o] += win.deltas[o]
        self.kyotaku = 0
        for o in range(n):
            self.scores[o] += total[o]
        for win in wins:
            self._emit_hora(win)
        dealer_won = any(w.seat == self.dealer for w in wins)
        self._finish(
            RoundResult(
                "tsumo" if tsumo else "ron",
                "",
                tuple(total),
                tuple(wins),
                (False,) * n,
                dealer_won,
                0,  # type: ignore[arg-type]
            )
        )

    def _exhaustive_draw(self) -> None:
        """The live wall is exhausted: nagashi mangan or noten payments, renchan if the
        dealer is tenpai (settlement.exhaustive)."""
        reason, tenpai, deltas, cont = settlement.exhaustive(self)
        for s in range(self._n):
            self.scores[s] += deltas[s]
        tiles = self._tiles  # what _emit("ryukyoku", ...) builds, without the generic conversion
        self.events.append(
            self._ev.Ryukyoku(
                reason=reason,
                tenpai=tuple(tenpai),
                deltas=tuple(deltas),
                scores=tuple(self.scores),
                hands=tuple(  # the tenpai hands shown, ascending (SeatHand.ids)
                    [
                        tuple([tiles[t] for t in p.hand]) if tenpai[i] else None
                        for i, p in enumerate(self.players)
                    ]
                ),
            )
        )
        self._finish(
            RoundResult("exhaustive", reason, tuple(deltas), (), tenpai, cont, self.kyotaku)
        )  # type: ignore[arg-type]

    def _abort(self, reason: str) -> None:
        self._emit(
            "ryukyoku",
            reason=reason,
            tenpai=None,
            deltas=[0] * self._n,
            scores=list(self.scores),
            hands=[
                sorted(p.hand) if reason == "kyuushu_kyuuhai" and i == self._turn else None
                for i, p in enumerate(self.players)
            ],
        )
        self._finish(
            RoundResult(
                "abortive", reason, (0,) * self._n, (), (False,) * self._n, True, self.kyotaku
            )
        )  # type: ignore[arg-type]

    def _finish(self, result: RoundResult) -> None:
        self.result = result
        self._phase = END
        self._claim = None
        self.events.append(self._ev.EndKyoku())  # _emit("end_kyoku")

    # ------------------------------------------------------------------ the rule modules
    # Each question a rule answers lives in the module of that rule (riichi.kyoku.*), as a
    # function of the round; bound here as the methods the state machine calls.
    _red_counts = st.red_counts
    _new_meld = st.new_meld
    _meld_view = staticmethod(st.meld_view)
    _copy_player = staticmethod(views.copy_player)
    _win_score = win.win_score
    _furiten = furiten.is_furiten
    _accept_riichi = settlement.accept_riichi
    _check_pao = settlement.check_pao
    declare_noten = settlement.declare_noten
    _turn_actions = turn.turn_actions
    _emit_hora = emit.hora
    _hora_melds = emit.hora_melds
    _emit = emit.emit
    _emit_tile = emit.emit_tile
    _emit_start = emit.start_kyoku
    _check = explain.check
    _legal_keys = explain.legal_keys
    _key = explain.key
    _short = staticmethod(explain.short)
    _why = explain.why
    _check_claimed_tile = logged.check_claimed_tile
    _pass_except = logged.pass_except
