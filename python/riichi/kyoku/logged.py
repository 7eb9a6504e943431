"""Logged actions: the legal action a logged player event stands for, for log replay.

Rules fields read: none (a logged riichi discard is checked by the riichi rules'
modules: :mod:`riichi.kyoku.turn`, :mod:`riichi.kyoku.furiten`).
Rule source: the event model of :mod:`riichi.events` (logs carry kinds and red flags, not
physical ids).
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import islice
from typing import Any

from riichi import _core
from riichi.actions import (
    Action,
    Ankan,
    Chi,
    Daiminkan,
    Discard,
    Kakan,
    Kyuushu,
    Nukidora,
    Pon,
    Riichi,
    Ron,
    Tsumo,
)
from riichi.errors import IllegalAction
from riichi.kyoku.explain import actions_text, event_text
from riichi.kyoku.state import CLAIM, EVERYONE, PASS, TURN, TURN_CODES
from riichi.kyoku.turn import open_twin
from riichi.tiles import TileKind, tile_text

__all__ = ["apply_logged", "apply_logged_run", "check_claimed_tile", "match_event", "pass_except"]

CALLS = {"chi": Chi, "pon": Pon, "daiminkan": Daiminkan}  # logged claim -> action class


def match_event(
    rnd: Any, event: Any, *, riichi: bool = False, open_riichi: bool = False
) -> Action:
    """The legal action that a logged player event stands for (for replaying logs).

    Handles ``dahai`` (``riichi=True`` when the log's ``reach`` came just before it, and
    ``open_riichi=True`` too when that ``reach`` was open: the open riichi of the discard),
    ``chi``, ``pon``, ``daiminkan``, ``ankan``, ``kakan``, ``hora`` (tsumo when
    ``actor == target``, else ron), ``nukidora`` (sanma), a ``ryukyoku`` for kyuushu
    kyuuhai, and a
    ``ryukyoku`` for sanchahou (the ron of the next seat that can still ron: call it
    until the round ends, then pass the others). Tiles are
    matched by kind and red flag (logs have no physical ids) among the seat's legal
    actions (:meth:`Round.legal_actions`, in their order); a dahai's ``tsumogiri``
    flag must match too (a tsumogiri is the tile just drawn).

    Raises:
        IllegalAction: no legal action matches; the message names the event and the
            legal actions of that seat, or, for a dahai whose tile is legal but whose
            ``tsumogiri`` flag is not, what the flag contradicts (no tile drawn this
            turn, another tile drawn, or the only copy held is the one drawn).
    """
    kind = getattr(event, "type", "")
    if kind == "dahai" and rnd._phase == TURN:
        act = _turn_discard(rnd, event, riichi)
        if act is not None:
            # an open riichi is that discard's open twin (legal under Rules.open_riichi
            # only: the step that follows refuses it otherwise)
            return open_twin(act) if open_riichi and riichi else act  # type: ignore[arg-type]
    _check_pai(event)
    if kind in CALLS or (kind == "hora" and getattr(event, "target", None) != event.actor):
        rnd._check_claimed_tile(event)
    want: list[Action] = []
    if kind == "ryukyoku" and getattr(event, "reason", "") == "kyuushu_kyuuhai":
        seat = rnd._turn
        want = [a for a in rnd.legal_actions(seat) if isinstance(a, Kyuushu)]
    elif kind == "ryukyoku" and getattr(event, "reason", "") == "sanchahou":
        # the log records only the abort: each seat that can ron declares it in turn
        seat = rnd._turn
        for s in rnd.seats_to_act:
            want = [a for a in rnd.legal_actions(s) if isinstance(a, Ron)]
            if want:
                seat = s
                break
    else:
        seat = getattr(event, "actor", -1)
        if not hasattr(event, "actor"):
            raise IllegalAction(f"{event_text(event)}: not a player action")
        if seat.__class__ is not int or not 0 <= seat < rnd._n:
            raise IllegalAction(
                f"{event_text(event)}: actor {seat!r} is not a seat of this game "
                f"(0..{rnd._n - 1})"
            )
        cc = rnd._cls  # id -> kind * 2 + red
        legal = rnd._legal(seat)  # the cached listing (not mutated here)
        if kind in CALLS:
            cls2 = CALLS[kind]
            logged = sorted([t.kind * 2 + 1 if t.red else t.kind * 2 for t in event.consumed])
            for a in legal:
                if a.__class__ is cls2 and sorted([cc[t] for t in a.consumed]) == logged:  # type: ignore[attr-defined]
                    return a
        elif kind == "ankan":
            k = event.consumed[0].kind
            want = [a for a in legal if isinstance(a, Ankan) and a.consumed[0] >> 2 == k]
        elif kind == "kakan":
            want = [a for a in legal if isinstance(a, Kakan) and a.tile >> 2 == event.pai.kind]
        elif kind == "nukidora":
            want = [a for a in legal if isinstance(a, Nukidora)]
        elif kind == "hora":
            cls3 = Tsumo if event.target == seat else Ron
            for a in legal:
                if a.__class__ is cls3:
                    return a
    if not want:
        raise IllegalAction(
            f"{event_text(event)}{' declaring riichi' if riichi else ''}: no legal action "
            f"of seat {seat} matches; legal: "
            f"{actions_text(rnd, rnd.legal_actions(seat))}"
        )
    return want[0]


def _turn_discard(rnd: Any, event: Any, riichi: bool) -> Action | None:
    """The turn seat's discard (or riichi discard) that the logged ``dahai`` stands for, or
    None when the event is not the turn seat's or no legal discard has its tile (the caller
    lists the legal actions then). The turn's legal actions are listed in the core's order
    up to the first discard of the logged tile class and tsumogiri flag (the listing stops
    there).

    Raises:
        IllegalAction: the tile is legal but the ``tsumogiri`` flag is not (as
            :func:`match_event` says).
    """
    seat = event.actor
    if seat != rnd._turn or seat.__class__ is not int:
        return None
    pai = event.pai
    if pai.__class__ is not TileKind:
        _check_pai(event)
    code = rnd._seats[seat].turn_find(
        rnd._table, riichi, pai.kind * 2 + 1 if pai.red else pai.kind * 2,
        bool(event.tsumogiri),
    )  # fmt: skip
    if code >= 0:
        return TURN_CODES[seat][code]  # type: ignore[no-any-return]
    if code == -2:
        drew = rnd._drawn is not None and rnd._turn == seat
        why = (
            f"the tile seat {seat} just drew is not {event.pai}"
            if drew
            else f"seat {seat} drew no tile this turn (a discard after a call)"
        )
        raise IllegalAction(
            f"{event_text(event)}: marked tsumogiri, but {why}"
            if event.tsumogiri
            else f"{event_text(event)}: not marked tsumogiri, but seat {seat}'s only "
            f"{event.pai} is the tile it just drew"
        )
    return None


def _check_pai(event: Any) -> None:
    """A logged event's ``pai``, where it has one, must be a tile (:class:`TileKind`).

    Raises:
        IllegalAction: it is not (e.g. a plain int), naming the value.
    """
    pai = getattr(event, "pai", None)
    if pai is not None and pai.__class__ is not TileKind:
        raise IllegalAction(
            f"{type(event).__name__}: pai = {pai!r}: not a tile (a riichi.TileKind, e.g. "
            f"riichi.parse_tile('5p'))"
        )


def check_claimed_tile(rnd: Any, event: Any) -> None:
    """A logged call or ron must name the tile that is open to claims and its owner: the
    ``target`` and ``pai`` of the event are the discarder (or kan declarer) and that tile
    (kind and red flag).

    Raises:
        IllegalAction: they are not (nothing is open to claims, another seat's tile, or
            another tile).
    """
    c = rnd._claim
    if rnd._phase != CLAIM or c is None:
        return  # the listing below reports it (no call or ron is legal outside claims)
    target = getattr(event, "target", None)
    pai = getattr(event, "pai", None)
    tile = c.tile
    red = tile in rnd._reds
    if target != c.seat or pai is None or pai.kind != tile >> 2 or bool(pai.red) != red:
        raise IllegalAction(
            f"{event_text(event)}: the tile open to claims is seat {c.seat}'s "
            f"{tile_text(tile, red)}, the log claims seat {target}'s {pai}"
        )


def apply_logged(
    rnd: Any,
    event: Any,
    riichi: bool = False,
    claimers: frozenset[int] | None = None,
    open_riichi: bool = False,
) -> Action:
    """Apply the legal action that a logged player event stands for, and return it.

    ``event``, ``riichi`` and ``open_riichi`` as :meth:`Round.match_event`. For a discard, ``claimers`` (the
    seats the log shows answering it: calling or winning; ``None`` for every seat) may
    limit who is offered claims: every other seat passes, as if it had stepped ``Pass``,
    without its options being built. Any other action is stepped as :meth:`Round.step`.

    Raises:
        IllegalAction: no legal action matches the event (the message names the event and
            the seat's legal actions, tiles in mpsz text).
    """
    act = None
    if not open_riichi and rnd._phase == TURN and getattr(event, "type", "") == "dahai":
        act = _turn_discard(rnd, event, riichi)  # the most frequent event, straight to the core
        if act.__class__ is Riichi:
            # found in the core's listing of the turn: legal as Round.step would check it
            rnd._version += 1
            rnd._discard(act.seat, act.tile, act.tsumogiri, True)  # type: ignore[union-attr]
            return act  # type: ignore[return-value]
    if act is None:
        act = match_event(rnd, event, riichi=riichi, open_riichi=open_riichi)
    if act.__class__ is Discard and rnd._phase == TURN:
        rnd._version += 1  # as Round.step: cached listings expire
        answer = EVERYONE if claimers is None else claimers
        rnd._discard(act.seat, act.tile, act.tsumogiri, False, answer)  # type: ignore[attr-defined]
    else:
        rnd.step(act)
    return act


def apply_logged_run(rnd: Any, events: Iterable[Any]) -> int:
    """Apply a run of logged ``dahai`` events that nobody claims and that declare no
    riichi, the first by the turn seat and each by the seat after the one before, each
    followed by the next seat's draw from the live wall; return how many were applied.

    What each applies is what :func:`apply_logged` of it with no claimers does (the same
    core calls: ``SeatHand.turn_find``'s search, ``discard_tile`` with the next draw); the
    run stops before the first event that needs more (the fourth discard of an
    uninterrupted first go-around, which may end the round by suufon renda; four kans,
    the end of the live wall, a discard that is not legal, a pending kan dora or a
    rinshan draw at its start, an event not by the seat in turn): apply that one with
    :func:`apply_logged`, which names an illegal discard. The caller vouches that nobody
    claims these discards and that none declares riichi (a log replay knows it from the
    log).
    """
    if rnd._phase != TURN or rnd._pending_dora or rnd._rinshan:
        return 0
    n = rnd._n
    s = rnd._turn
    first = len(rnd._first_discards)
    if n == 4 and first < 4 and rnd._uninterrupted:
        # the discards made so far are the go-around's: the core stops before its fourth,
        # so the events after that one are not read (a saving only: the core decides)
        if first == 3:
            return 0
        events = islice(events, 3 - first)
    discards = []
    for ev in events:
        if ev.actor != s or ev.type != "dahai":
            break
        pai = ev.pai
        discards.append((pai.kind * 2 + 1 if pai.red else pai.kind * 2, bool(ev.tsumogiri)))
        s = (s + 1) % n
    if not discards:
        return 0
    pos = rnd._draw_pos
    draws = rnd.wall.order[pos : pos + len(discards)]
    done, codes = _core.discard_run(rnd._seats, rnd._turn, discards, draws, rnd._table)
    if done:
        rnd._discarded_run(done, draws[len(done) - 1], codes)
    return len(done)


def pass_except(rnd: Any, keep: set[int]) -> None:
    """Every seat yet to answer the open claim and not in ``keep`` passes: what
    ``step(Pass(seat))`` for each of them in seat order does, without re-checking each
    Pass (they are exactly the offered ones). The log replay calls it; nothing when no
    claim is open."""
    c = rnd._claim
    if rnd._phase != CLAIM or c is None:
        return
    responses = c.responses
    seats = [q for q in sorted(c.options) if q not in responses and q not in keep]
    if not seats:
        return
    for q in seats:
        responses[q] = PASS[q]
    rnd._version += len(seats)
    if len(responses) == len(c.options):
        rnd._resolve_claim()


