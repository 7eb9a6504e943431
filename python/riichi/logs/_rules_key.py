"""The rules a riichi-written log carries: one extra key each format's other readers ignore.

Every writer stores the complete :class:`riichi.Rules` (:meth:`Rules.to_dict`) under
:data:`RULES_KEY`: in mjai the ``start_game`` object's ``"riichi_rules"`` key, in tenhou.net/6
a top-level ``"riichi_rules"`` key beside ``"rule"``, in mjlog XML the ``riichi_rules``
attribute of ``<GO>`` (the JSON text percent-encoded, as Tenhou encodes player names, so the
value holds no quote or ``&``). A reader that finds the key gives the rules back in
``GameLog.meta["rules"]``, which :func:`riichi.replay.replay_game` then uses instead of
guessing rules from the header.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote, unquote

from riichi.errors import RiichiError
from riichi.logs._common import loads_bounded, log_error
from riichi.rules import Rules

__all__ = [
    "RULES_KEY",
    "game_events",
    "read_rules_value",
    "rules_attribute",
    "rules_for",
    "rules_from_value",
    "rules_value",
]

#: The key (mjai, tenhou.net/6) or attribute (mjlog ``<GO>``) holding the rules.
RULES_KEY = "riichi_rules"


def game_events(game: Any, writer: str) -> list[Any]:
    """The events a writer writes: a ``GameLog``'s, or the list (or tuple) of events given.

    Raises:
        RiichiError: ``game`` is neither, or holds something that is not an event, named
            with its index (the writers would fail on it half-way with a bare TypeError).
    """
    from riichi.events import Event, GameLog

    events = game.events if isinstance(game, GameLog) else game
    if not isinstance(events, (list, tuple)):
        if isinstance(game, GameLog):
            raise RiichiError(f"{writer}: the GameLog's events must be a list, got {events!r:.60}")
        raise RiichiError(f"{writer}: expected a riichi.GameLog or a list of events, got {game!r:.60}")
    for i, ev in enumerate(events):
        if not isinstance(ev, Event):
            raise RiichiError(f"{writer}: event {i} is not a riichi event: {ev!r:.60}")
    return list(events)


def rules_for(game: Any, rules: Rules | None) -> Rules | None:
    """The rules a writer stores: ``rules`` when given, else the ``GameLog``'s
    ``meta["rules"]`` (a reader or a game that knew them), else None (nothing stored).

    Raises:
        RiichiError: ``rules`` given but not a ``Rules``.
    """
    if rules is not None:
        if not isinstance(rules, Rules):
            raise RiichiError(f"rules must be a riichi.Rules or None, got {rules!r:.80}")
        return rules
    meta = getattr(game, "meta", None)
    found = meta.get("rules") if isinstance(meta, dict) else None
    return found if isinstance(found, Rules) else None


def rules_value(rules: Rules) -> dict[str, object]:
    """The JSON value stored under :data:`RULES_KEY` (mjai, tenhou.net/6)."""
    return rules.to_dict()


def rules_attribute(rules: Rules) -> str:
    """The mjlog attribute value: the JSON text, every byte outside ``[A-Za-z0-9_.-]``
    percent-encoded."""
    return quote(rules.to_json(), safe="")


def rules_from_value(value: object) -> Rules:
    """The rules of a :data:`RULES_KEY` value: a JSON object (mjai, tenhou.net/6) or the
    percent-encoded JSON text of the mjlog attribute (a ``"preset"`` key names the
    :meth:`Rules.preset` the other keys change), or a preset's name alone.

    Raises:
        RiichiError: ``"riichi_rules: "`` and the reason: not JSON, not an object, an unknown
            field or a value :class:`Rules` refuses.
    """
    try:
        if isinstance(value, str) and (
            value in Rules.presets() or value.startswith("tenhou_go:")
        ):
            return Rules.preset(value)  # a preset's name stands for its rules
        if isinstance(value, str):
            try:
                value = loads_bounded(unquote(value))
            except ValueError as e:
                raise RiichiError(f"not JSON: {e}") from None
        return Rules.from_dict(value)
    except RiichiError as e:
        raise RiichiError(f"{RULES_KEY}: {e}") from None


def read_rules_value(value: object, source: str | None, position: str) -> Rules:
    """:func:`rules_from_value`, its error a :class:`LogFormatError` naming ``source`` and
    ``position``."""
    try:
        return rules_from_value(value)
    except RiichiError as e:
        raise log_error(source, position, str(e)) from None
