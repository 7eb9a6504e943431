"""The referee side of the mjai protocol: what each seat is sent, and what its answers mean.

A seat's view of the game (:func:`seat_view`) is the standard mjai object of every event
(:func:`riichi.logs.to_mjai_objects` without extensions) with the other seats' deals and
draws masked as ``"?"``: ``start_kyoku`` ``tehais`` of the other seats become 13 ``"?"`` and
their ``tsumo`` ``pai`` becomes ``"?"`` (what Mortal's and mjai.app's referees send;
https://github.com/smly/mjai.app, ``mjai/engine.py``). ``start_game`` carries the seat as
``id``, the ``names`` and the complete rules under ``"riichi_rules"``
(:meth:`riichi.Rules.to_dict`; bots that do not know the key ignore it).

A bot answers with one mjai object (:func:`match_response` finds the legal action it
means): ``dahai`` (``pai``, ``tsumogiri``), ``reach`` (the riichi discard is asked for next,
after the seat is sent its ``reach`` event; ``{"type": "reach", "open": true}`` declares open
riichi under ``Rules.open_riichi``, an extension), ``chi`` / ``pon`` / ``daiminkan`` (``pai``,
``consumed``), ``ankan`` (``consumed``), ``kakan`` (``pai``), ``hora`` (tsumo on its own
turn, else ron), ``ryukyoku`` (kyuushu kyuuhai), ``nukidora`` (sanma), or
``{"type": "none"}`` to pass a call.
"""

from __future__ import annotations

from collections.abc import Sequence
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
    Pass,
    Pon,
    Riichi,
    Ron,
    Tsumo,
)
from riichi.errors import RiichiError
from riichi.events import Tile
from riichi.logs._rules_key import RULES_KEY, rules_value
from riichi.logs.mjai import to_mjai_objects
from riichi.rules import Rules
from riichi.tiles import red_tables

__all__ = [
    "REACH",
    "REACH_OPEN",
    "action_to_mjai",
    "event_objects",
    "match_response",
    "seat_view",
    "start_game_object",
]

#: what :func:`match_response` returns for a ``reach`` answer (the discard is asked next)
REACH = "reach"
#: the same for an open riichi (``{"type": "reach", "open": true}``, ``Rules.open_riichi``)
REACH_OPEN = "reach_open"

def event_objects(events: Sequence[Any]) -> list[dict[str, Any]]:
    """The standard mjai objects of referee events (``riichi.events``), one per event.

    Raises:
        RiichiError: ``events`` not a sequence of events (naming the value, or the first
            item that is no event).
    """
    items = None
    if not isinstance(events, (str, bytes, dict)) and hasattr(events, "__iter__"):
        try:
            items = list(events)
        except TypeError:  # iterable by its type only: a 0-d NumPy array
            items = None
    if items is None:
        raise RiichiError(f"event_objects: expected a list of riichi events, got {events!r:.60}")
    return to_mjai_objects(items, extensions=False)


def _check_seat(who: str, seat: object) -> None:
    if seat.__class__ is not int or not 0 <= seat <= 3:  # type: ignore[operator]
        raise RiichiError(f"{who}: seat must be an int 0..3, got {seat!r:.60}")


def start_game_object(
    seat: int, names: Sequence[str], rules: Rules, *, with_rules: bool = True
) -> dict[str, Any]:
    """The ``start_game`` a seat is sent: ``names``, its seat as ``id`` and the rules
    (``"riichi_rules"``, unless ``with_rules`` is False).

    Raises:
        RiichiError: ``seat`` not an int 0..3, ``names`` not a list of str, ``rules`` not a
            ``riichi.Rules`` or ``with_rules`` not a bool (each named with its value).
    """
    _check_seat("start_game_object", seat)
    if isinstance(names, (str, bytes)) or not isinstance(names, Sequence) or not all(
        isinstance(n, str) for n in names
    ):
        raise RiichiError(f"start_game_object: names must be a list of str, got {names!r:.60}")
    if not isinstance(rules, Rules):
        raise RiichiError(f"start_game_object: rules must be a riichi.Rules, got {rules!r:.60}")
    if with_rules is not True and with_rules is not False:
        raise RiichiError(f"start_game_object: with_rules must be True or False, got {with_rules!r:.60}")
    d: dict[str, Any] = {"type": "start_game", "names": list(names), "id": seat}
    if with_rules:
        d[RULES_KEY] = rules_value(rules)
    return d


def seat_view(obj: dict[str, Any], seat: int) -> dict[str, Any]:
    """The mjai object ``obj`` as ``seat`` may see it: the other seats' ``start_kyoku``
    hands and ``tsumo`` tiles masked as ``"?"`` (a new dict when something is masked, else
    ``obj`` itself).

    Raises:
        RiichiError: ``obj`` not a dict (a ``start_kyoku`` without a ``tehais`` list
            included), or ``seat`` not an int 0..3, named with its value.
    """
    if obj.__class__ is not dict:
        raise RiichiError(f"seat_view: expected an mjai object (a dict), got {obj!r:.60}")
    _check_seat("seat_view", seat)
    t = obj.get("type")
    if t == "tsumo" and obj.get("actor") != seat:
        return {**obj, "pai": "?"}
    if t == "start_kyoku":
        hands = obj.get("tehais")
        if not isinstance(hands, list):
            raise RiichiError(f"seat_view: a start_kyoku without a tehais list: {obj!r:.80}")
        return {**obj, "tehais": [h if i == seat else ["?"] * 13 for i, h in enumerate(hands)]}
    return obj


_NAMES: dict[tuple[int, ...], list[str]] = {}


def _tile_names(rules: Rules) -> list[str]:
    """The mjai name of each physical id under the rules' red fives (built once per rule)."""
    red = tuple(rules.red_fives)
    names = _NAMES.get(red)
    if names is None:
        names = _NAMES[red] = [t.mjai for t in red_tables(red, Tile.of)[2]]
    return names


def action_to_mjai(action: Action, rules: Rules, events: Sequence[Any]) -> dict[str, Any]:
    """The mjai response that stands for ``action`` (``events``: the game's events so far,
    for the winning tile and the discarder of a ``hora``).

    Raises:
        RiichiError: not a ``riichi.actions`` action.
    """
    name = _tile_names(rules)
    s = action.seat
    if isinstance(action, (Discard, Riichi)):
        return {
            "type": "dahai", "actor": s, "pai": name[action.tile], "tsumogiri": action.tsumogiri
        }  # fmt: skip
    if isinstance(action, Pass):
        return {"type": "none"}
    if isinstance(action, (Chi, Pon, Daiminkan)):
        last = _last_tile_event(events)
        return {
            "type": {Chi: "chi", Pon: "pon", Daiminkan: "daiminkan"}[type(action)],
            "actor": s,
            "target": getattr(last, "actor", None),
            "pai": name[action.tile],
            "consumed": [name[t] for t in action.consumed],
        }
    if isinstance(action, Ankan):
        return {"type": "ankan", "actor": s, "consumed": [name[t] for t in action.consumed]}
    if isinstance(action, Kakan):
        k = action.tile >> 2
        pon = next(
            (e for e in reversed(events) if e.type == "pon" and e.actor == s and e.pai.kind == k),
            None,
        )
        d: dict[str, Any] = {"type": "kakan", "actor": s, "pai": name[action.tile]}
        if pon is not None:
            d["consumed"] = [t.mjai for t in sorted((pon.pai, *pon.consumed))]
        return d
    if isinstance(action, (Tsumo, Ron)):
        last = _last_tile_event(events)
        pai = getattr(last, "pai", None)
        if pai is None and last is not None and last.type == "ankan":
            pai = last.consumed[0]
        target = s if isinstance(action, Tsumo) else getattr(last, "actor", None)
        return {"type": "hora", "actor": s, "target": target, "pai": pai.mjai if pai else None}
    if isinstance(action, Kyuushu):
        return {"type": "ryukyoku", "actor": s}
    if isinstance(action, Nukidora):
        return {"type": "nukidora", "actor": s, "pai": name[action.tile]}
    raise RiichiError(f"action_to_mjai: not a riichi action: {action!r:.80}")


def _last_tile_event(events: Sequence[Any]) -> Any:
    for ev in reversed(events):
        if ev.type in ("tsumo", "dahai", "kakan", "ankan", "nukidora"):
            return ev
    return None


def match_response(
    resp: Any,
    seat: int,
    legal: Sequence[Action],
    rules: Rules,
    *,
    reach_step: bool = False,
    open_riichi: bool = False,
) -> Action | str | None:
    """The legal action an mjai answer means, :data:`REACH` for a ``reach`` that some
    legal riichi discard allows (:data:`REACH_OPEN` for ``"open": true`` when an open
    riichi is legal), or None when the answer is not one of ``legal``.

    Args:
        resp: the decoded answer (a dict; anything else matches nothing).
        seat: the answering seat (an ``actor`` key, when present, must be this seat).
        legal: the seat's legal actions now (``Game.legal_actions``).
        rules: the rules (which tiles are red fives).
        reach_step: the seat declared riichi and is asked for its riichi discard: a
            ``dahai`` then means one of the legal :class:`~riichi.actions.Riichi` actions.
        open_riichi: with ``reach_step``, the riichi was declared open: only the open
            riichi discards match.

    Returns:
        An action from ``legal``; :data:`REACH`; or None (illegal or malformed).
    """
    if not isinstance(resp, dict):
        return None
    t = resp.get("type")
    if "actor" in resp and resp["actor"] != seat:
        return None
    name = _tile_names(rules)
    if t == "none":
        return next((a for a in legal if isinstance(a, Pass)), None)
    if t == "dahai":
        pai = resp.get("pai")
        kind = Riichi if reach_step else Discard
        cands = [a for a in legal if isinstance(a, kind) and name[a.tile] == pai]
        if reach_step:  # the open or closed riichi the reach declared
            cands = [a for a in cands if isinstance(a, Riichi) and a.open is open_riichi]
        flag = resp.get("tsumogiri")
        exact = [a for a in cands if a.tsumogiri is flag]
        return exact[0] if exact else cands[0] if cands else None
    if reach_step:
        return None
    if t == "reach":
        if resp.get("open") is True:
            return REACH_OPEN if any(isinstance(a, Riichi) and a.open for a in legal) else None
        return REACH if any(isinstance(a, Riichi) for a in legal) else None
    if t in ("chi", "pon", "daiminkan"):
        cls = {"chi": Chi, "pon": Pon, "daiminkan": Daiminkan}[t]
        consumed = resp.get("consumed")
        if not isinstance(consumed, list):
            return None
        want = sorted(map(str, consumed))
        for a in legal:
            if (
                isinstance(a, (Chi, Pon, Daiminkan))
                and type(a) is cls
                and name[a.tile] == resp.get("pai")
                and sorted(name[x] for x in a.consumed) == want
            ):
                return a
        return None
    if t == "ankan":
        consumed = resp.get("consumed")
        if not isinstance(consumed, list):
            return None
        want = sorted(map(str, consumed))
        return next(
            (a for a in legal if isinstance(a, Ankan) and sorted(name[x] for x in a.consumed) == want),
            None,
        )
    if t == "kakan":
        return next(
            (a for a in legal if isinstance(a, Kakan) and name[a.tile] == resp.get("pai")), None
        )
    if t == "hora":
        target = resp.get("target")
        for a in legal:
            if isinstance(a, Tsumo) and target in (None, seat):
                return a
            if isinstance(a, Ron) and target != seat:
                return a
        return None
    if t == "ryukyoku":
        return next((a for a in legal if isinstance(a, Kyuushu)), None)
    if t == "nukidora":
        return next((a for a in legal if isinstance(a, Nukidora)), None)
    return None
