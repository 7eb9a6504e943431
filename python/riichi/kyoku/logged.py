"""Logged actions: the legal action a logged player event stands for, for log replay.

Rules fields read: none (a logged riichi discard is checked by the riichi rules'
modules: :mod:`riichi.kyoku.turn`, :mod:`riichi.kyoku.furiten`).
Rule source: the event model of :mod:`riichi.events` (logs carry kinds and red flags, not
physical ids).
"""

from __future__ import annotations

from typing import Any

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
from riichi.events import Dahai
from riichi.kyoku.explain import actions_text, event_text
from riichi.kyoku.furiten import riichi_allowed
from riichi.kyoku.state import CLAIM, DISCARD, EVERYONE, PASS, RIICHI, RON, TSUMO, TURN
from riichi.tiles import tile_text

__all__ = [
    "apply_logged",
    "check_claimed_tile",
    "match_call",
    "match_dahai",
    "match_event",
    "match_hora",
    "pass_except",
]

CALLS = {"chi": Chi, "pon": Pon, "daiminkan": Daiminkan}  # logged claim -> action class


def match_event(rnd: Any, event: Any, *, riichi: bool = False) -> Action:
    """The legal action that a logged player event stands for (for replaying logs).

    Handles ``dahai`` (``riichi=True`` when the log's ``reach`` came just before it),
    ``chi``, ``pon``, ``daiminkan``, ``ankan``, ``kakan``, ``hora`` (tsumo when
    ``actor == target``, else ron), ``nukidora`` (sanma), a ``ryukyoku`` for kyuushu
    kyuuhai, and a
    ``ryukyoku`` for sanchahou (the ron of the next seat that can still ron: call it
    until the round ends, then pass the others). Tiles are
    matched by kind and red flag (logs have no physical ids); a dahai's ``tsumogiri``
    flag must match too (a tsumogiri is the tile just drawn).

    Raises:
        IllegalAction: no legal action matches; the message names the event and the
            legal actions of that seat, or, for a dahai whose tile is legal but whose
            ``tsumogiri`` flag is not, what the flag contradicts (no tile drawn this
            turn, another tile drawn, or the only copy held is the one drawn).
    """
    kind = getattr(event, "type", "")
    if kind in CALLS or (kind == "hora" and getattr(event, "target", None) != event.actor):
        rnd._check_claimed_tile(event)
    if kind == "dahai":
        act = rnd._match_dahai(event, riichi)
        if act is not None:
            return act
    elif kind == "hora":
        act = rnd._match_hora(event)
        if act is not None:
            rnd._matched = (rnd._version, act)  # step() need not check it again
            return act
    elif kind in CALLS:
        act = rnd._match_call(event, CALLS[kind])
        if act is not None:
            rnd._matched = (rnd._version, act)
            return act
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
        if not isinstance(seat, int) or not 0 <= seat < rnd._n:
            raise IllegalAction(f"{event_text(event)}: not a player action")
        legal = rnd.legal_actions(seat)
        reds = rnd._reds

        def same(tile_id: int, tile: Any) -> bool:
            return tile_id >> 2 == tile.kind and (tile_id in reds) == bool(tile.red)

        def cons(ids: Any) -> list[tuple[int, bool]]:
            return sorted((t >> 2, t in reds) for t in ids)

        if kind == "dahai":
            cls = Riichi if riichi else Discard
            want = [a for a in legal if type(a) is cls and same(a.tile, event.pai)]
            if want and not any(a.tsumogiri == bool(event.tsumogiri) for a in want):
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
            want = [a for a in want if a.tsumogiri == bool(event.tsumogiri)]
        elif kind in ("chi", "pon", "daiminkan"):
            cls2 = {"chi": Chi, "pon": Pon, "daiminkan": Daiminkan}[kind]
            logged = sorted((t.kind, bool(t.red)) for t in event.consumed)
            want = [a for a in legal if type(a) is cls2 and cons(a.consumed) == logged]  # type: ignore[union-attr]
        elif kind == "ankan":
            k = event.consumed[0].kind
            want = [a for a in legal if isinstance(a, Ankan) and a.consumed[0] >> 2 == k]
        elif kind == "kakan":
            want = [a for a in legal if isinstance(a, Kakan) and a.tile >> 2 == event.pai.kind]
        elif kind == "nukidora":
            want = [a for a in legal if isinstance(a, Nukidora)]
        elif kind == "hora":
            cls3 = Tsumo if event.target == seat else Ron
            want = [a for a in legal if isinstance(a, cls3)]
    if not want:
        raise IllegalAction(
            f"{event_text(event)}{' declaring riichi' if riichi else ''}: no legal action "
            f"of seat {seat} matches; legal: "
            f"{actions_text(rnd, rnd.legal_actions(seat))}"
        )
    return want[0]


def match_dahai(rnd: Any, event: Any, riichi: bool) -> Action | None:
    """:meth:`match_event` of a ``dahai`` without listing the legal actions: the action
    it returns (which :meth:`step` then takes without checking it again), or ``None``
    when no legal action matches (the caller then lists them for the error; the log
    replay calls this first). Mirrors :meth:`_turn_actions`: one discard per (kind, red)
    class, the lowest id other than the drawn tile (not tsumogiri) and the drawn tile
    itself (tsumogiri); the logged tsumogiri flag must be the action's (a tsumogiri of
    a tile not just drawn is not legal as logged). tests/test_replay_fast_paths.py checks
    it against the listing on sampled states.
    """
    s = event.actor
    pai = event.pai
    if rnd._phase != TURN or s != rnd._turn or pai is None or s.__class__ is not int:
        return None
    p = rnd.players[s]
    drawn = rnd._drawn
    if p.riichi:  # only the drawn tile, as a plain discard
        if drawn is None or riichi or rnd._cls[drawn] != pai.kind * 2 + bool(pai.red):
            return None
        if not event.tsumogiri:
            return None  # the log says from the hand: only the drawn tile may go
        act = DISCARD[s][drawn][True]
        rnd._matched = (rnd._version, act)  # step() need not check it again
        return act
    k = pai.kind
    c = k * 2 + 1 if pai.red else k * 2
    if riichi:
        if drawn is None or not rnd._can_riichi(s):
            return None
        dw = rnd._discard_waits(p)
        w = dw.get(k) if dw else None
        if not w:
            return None
        if not riichi_allowed(rnd.rules, p, k, w):
            return None
        table = RIICHI[s]
    else:
        if k in rnd._forbidden:
            return None
        table = DISCARD[s]
    has_drawn = drawn is not None and rnd._cls[drawn] == c
    if has_drawn and event.tsumogiri:
        act = table[drawn][True]  # type: ignore[index]
    else:
        low = -1  # the lowest id of the class other than the drawn one
        if p.counts[k] > has_drawn:
            hand = p.hand
            for t in rnd._class_ids[c]:  # ascending: the first held is the lowest
                if t != drawn and t in hand:
                    low = t
                    break
        if low >= 0 and not event.tsumogiri:
            act = table[low][False]
        else:
            # the logged tsumogiri flag must hold: a tsumogiri of a tile not just drawn,
            # or a discard "from the hand" of the only copy, the one just drawn, is not
            # what happened (the listing then reports it)
            return None
    rnd._matched = (rnd._version, act)  # step() need not check it again
    return act


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


def match_call(rnd: Any, event: Any, cls: type) -> Action | None:
    """:meth:`match_event` of a ``chi`` / ``pon`` / ``daiminkan`` (``cls``): the first
    action of that class in the seat's legal actions whose consumed tiles have the
    logged kinds and red flags (compared as (kind, red) classes), without copying the
    listing or building keys for the other actions; ``None`` when none matches."""
    s = event.actor
    if rnd._phase != CLAIM or s.__class__ is not int or not 0 <= s < rnd._n:
        return None
    cc = rnd._cls
    logged = sorted([t.kind * 2 + 1 if t.red else t.kind * 2 for t in event.consumed])
    for a in rnd._legal(s):
        if a.__class__ is cls and sorted([cc[t] for t in a.consumed]) == logged:  # type: ignore[attr-defined]
            return a
    return None


def match_hora(rnd: Any, event: Any) -> Action | None:
    """:meth:`match_event` of a ``hora`` without listing the legal actions (as
    :meth:`_match_dahai`): the seat's Tsumo when :meth:`_turn_actions` offers it, its Ron
    when its claim options hold one; else ``None``."""
    s = event.actor
    if s.__class__ is not int or not 0 <= s < rnd._n:
        return None
    if event.target == s:
        drawn = rnd._drawn
        if (
            rnd._phase == TURN
            and s == rnd._turn
            and drawn is not None
            and (drawn >> 2) in rnd.players[s].waits
            and rnd._win_score(s, drawn, tsumo=True) is not None
        ):
            return TSUMO[s]
        return None
    c = rnd._claim
    if rnd._phase != CLAIM or c is None or s in c.responses or s not in c.options:
        return None
    acts = c.options[s]
    if c.lazy.get(s, False) if acts is None else RON[s] in acts:
        return RON[s]
    return None


def apply_logged(
    rnd: Any, event: Any, riichi: bool = False, claimers: frozenset[int] | None = None
) -> Action:
    """Apply the legal action that a logged player event stands for, and return it.

    ``event`` and ``riichi`` as :meth:`Round.match_event`. For a discard, ``claimers`` (the
    seats the log shows answering it: calling or winning; ``None`` for every seat) may
    limit who is offered claims: every other seat passes, as if it had stepped ``Pass``,
    without its options being built. Any other action is stepped as :meth:`Round.step`.

    Raises:
        IllegalAction: no legal action matches the event (the message names the event and
            the seat's legal actions, tiles in mpsz text).
    """
    act = None
    if event.__class__ is Dahai and rnd._phase == TURN:
        act = rnd._match_dahai(event, riichi)  # the frequent case, without the listing
    if act is None:
        act = rnd.match_event(event, riichi=riichi)
    if act.__class__ is Discard and rnd._phase == TURN:
        rnd._version += 1  # as Round.step: cached listings expire
        answer = EVERYONE if claimers is None else claimers
        rnd._discard(act.seat, act.tile, act.tsumogiri, False, answer)  # type: ignore[attr-defined]
    else:
        rnd.step(act)
    return act


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


