"""The turn seat's actions after a draw or a call: discards, riichi, tsumo, kans, kyuushu
kyuuhai, kita (sanma nukidora).

The hand arithmetic is the core's (``_core.SeatHand.turn_actions``: one call per decision
point): tsumo when the drawn tile completes the hand with a yaku; every discard by kind and
colour, kuikae applied, only the drawn tile in riichi; riichi discards that keep tenpai, or
every discard with ``riichi_requires_tenpai`` off (closed hand, ``riichi_min_points``,
``riichi_min_live_tiles``; with ``furiten_riichi`` off, none leaving a furiten wait); ankan
(in riichi only of the drawn kind, by ``riichi_ankan``: keeping the waits, also the reading,
or never) and kakan while a live tile is left and fewer than four kans were made; kyuushu kyuuhai on
the first uninterrupted draw (``kyuushu_kyuuhai``); kita in sanma. This module turns the
core's answer into actions and names why a riichi is refused.

Rules fields read: ``riichi_min_points``, ``riichi_min_live_tiles``,
``riichi_requires_tenpai`` (EMA RCR 2012 §3.4.6: riichi on a noten hand is a chombo found
at a draw, so the declaration is allowed), ``riichi_ankan`` in the messages (the core reads
them, and ``kyuushu_kyuuhai``, from the ``Rules`` it is given), ``open_kan_dora``,
``closed_kan_dora``, ``kan_dora``; ``open_riichi`` through :mod:`riichi.kyoku.openriichi`
(each riichi discard offered open too).
Rule source: Tenhou (https://tenhou.net/man/); RC48 (riichi preconditions), RC45 (kyuushu
kyuuhai only on the first uninterrupted draw); an ankan in riichi only with the drawn tile
and when the waits do not change (Tenhou).
"""

from __future__ import annotations

from typing import Any

from riichi import _core_api as core
from riichi.actions import Action, Ankan, Kakan, Nukidora, Riichi
from riichi.kyoku import furiten, openriichi
from riichi.kyoku.state import TURN_CODES

__all__ = [
    "closed_kan_dora_now",
    "kan_dora_revealed",
    "open_kan_dora_now",
    "open_twin",
    "turn_actions",
    "why_not_riichi",
    "why_not_riichi_ankan",
    "with_open_riichi",
]

_SPECIAL = len(TURN_CODES[0])  # 546: codes from here build their action


def turn_actions(rnd: Any, s: int) -> list[Action]:
    """The legal actions of the turn seat ``s``, in the core's order (the shared action
    objects of :data:`riichi.kyoku.state.TURN_CODES`); under ``Rules.open_riichi`` each
    riichi discard is followed by its open twin (:func:`with_open_riichi`)."""
    seat = rnd._seats[s]
    table = TURN_CODES[s]
    acts = seat.turn_list(rnd._table, table)  # every action shared: looked up in the core
    if acts is None:  # a kan or kita among them: built here from the codes
        acts = [table[c] if c < _SPECIAL else _special(s, c) for c in seat.turn_codes(rnd._table)]
    if rnd._open_riichi:  # openriichi.offered(rnd.rules), read once per round
        return with_open_riichi(acts)
    return acts


def with_open_riichi(acts: list[Action]) -> list[Action]:
    """``acts`` with ``Riichi(..., open=True)`` right after each riichi discard: the same
    discard declared open (open riichi needs what riichi needs, nothing more)."""
    out: list[Action] = []
    for a in acts:
        out.append(a)
        if a.__class__ is Riichi:
            out.append(open_twin(a))  # type: ignore[arg-type]
    return out


def open_twin(a: Riichi) -> Riichi:
    """The open riichi of the same discard as the riichi ``a``."""
    return Riichi(a.seat, a.tile, a.tsumogiri, open=True)


def _special(s: int, code: int) -> Action:
    """The ankan (546 + kind: the four ids of the kind), kakan (580 + id) or kita (716 +
    id) of a core action code."""
    if code < 580:
        k = code - 546
        return Ankan(s, (4 * k, 4 * k + 1, 4 * k + 2, 4 * k + 3))
    if code < 716:
        return Kakan(s, code - 580)
    return Nukidora(s, code - 716)


def why_not_riichi(rnd: Any, a: Riichi) -> str:
    """The first riichi precondition that fails (after the generic discard checks)."""
    p = rnd.players[a.seat]
    rules = rnd.rules
    if a.open and not openriichi.offered(rules):
        return "no open riichi under these rules (Rules.open_riichi is 'off')"
    if p.melds and any(m.kind != "ankan" for m in p.melds):
        return "riichi needs a closed hand (only ankan allowed)"
    if rnd.scores[a.seat] < rules.riichi_min_points:
        return (
            f"riichi needs {rules.riichi_min_points} points; "
            f"seat {a.seat} has {rnd.scores[a.seat]}"
        )
    live = rnd.live_tiles_left
    if live < rules.riichi_min_live_tiles:
        return f"riichi needs {rules.riichi_min_live_tiles} live tiles left; {live} are left"
    waits = core.discard_waits(p.counts, p.cores).get(a.tile >> 2)
    if not waits and rules.riichi_requires_tenpai:
        return "the hand is not tenpai after that discard"
    refused = furiten.riichi_refused(rules)
    if refused:
        return refused
    return "riichi is not possible now"


def why_not_riichi_ankan(rnd: Any, a: Ankan) -> str:
    """Why the ankan ``a`` of a seat in riichi is refused, by ``Rules.riichi_ankan``."""
    rule = rnd.rules.riichi_ankan
    if rule == "forbidden":
        return "no ankan in riichi under Rules.riichi_ankan='forbidden'"
    drawn = rnd._drawn
    if drawn is None or any(t >> 2 != drawn >> 2 for t in a.consumed):
        return "in riichi an ankan must be of the tile just drawn"
    if rule == "same_reading":
        return (
            "in riichi an ankan must keep the waits and be a triplet in every reading "
            "of the hand (Rules.riichi_ankan='same_reading')"
        )
    return "in riichi an ankan must keep the waits (Rules.riichi_ankan='same_waits')"


def kan_dora_revealed(rules: Any) -> bool:
    """Whether a kan turns a new dora indicator at all (``Rules.kan_dora``; when False no
    kan dora is revealed, and so no kan ura dora counts)."""
    return bool(rules.kan_dora)


def closed_kan_dora_now(rules: Any) -> bool:
    """Whether an ankan's kan dora is revealed as soon as the kan stands
    (``Rules.closed_kan_dora == "immediate"``: Tenhou, MS) or with the replacement discard
    (or the next kan; ``"after_discard"``), as an open kan's is by default."""
    return rules.closed_kan_dora == "immediate"


def open_kan_dora_now(rules: Any) -> bool:
    """Whether the kan dora of a daiminkan or kakan is revealed as soon as the kan stands
    (``Rules.open_kan_dora == "immediate"``, MS) or only after the rinshan discard (or the
    next kan; ``"after_discard"``, Tenhou). An ankan's is always revealed at once."""
    return rules.open_kan_dora == "immediate"
