"""mjai JSON lines: one JSON object per line (https://github.com/gimite/mjai protocol).

The writer emits every field of the event model; fields beyond standard mjai are extra keys
(see :mod:`riichi.events`), and ``disconnect`` / ``reconnect`` are extra message types. With
``extensions=False`` it writes only what standard mjai consumers expect (and no rules) (draw reasons in the mjai
server's spellings, e.g. ``"fanpai"``; riichienv's ``MjaiReplay`` reads both forms). Hidden
hands (``"?"`` tiles) read as ``None``, and are written back as 13 ``"?"``. The rules travel
in the ``start_game`` key ``"riichi_rules"`` (:mod:`riichi.logs._rules_key`).

The reader also takes the mjai that jansou (Snack-X/jansou, ``jansou.io.mjai.dump_mjai``)
writes: a bare ``start_game`` (the player count then comes from the first ``start_kyoku``'s
hands), ``kita`` for a North set aside (read as ``nukidora``), no ``reach_accepted``, ``hora``
with only ``actor``/``target``/``deltas`` (and ``uradora_markers``), and ``ryukyoku`` with a
Tenhou mjlog draw name (``yao9``, ``kaze4``, ``reach4``, ``kan4``, ``ron3``, ``nm``) and, at an
exhaustive draw, ``tehais`` that mark each seat ``[]`` (tenpai, tiles not given) or ``null``
(noten, hand not shown): read as ``tenpais`` with no hand shown.

The reader is a faithful codec (every event read back as written); a document that is not one
replayable game (no ``start_kyoku``, a second ``start_game``, an event after ``end_game``) is
read, and marked unsupported with the reason (``GameLog.meta["unsupported"]``), so that the
replay reports it and never counts it as a pass.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from riichi.errors import LogFormatError, RiichiError
from riichi.events import (
    Disconnect,
    EndGame,
    Event,
    GameLog,
    Hora,
    Reconnect,
    StartGame,
    StartKyoku,
    event_from_mjai,
)
from riichi.logs._common import (
    ReadLimits,
    check_events,
    limits_of,
    load_json,
    log_error,
    reader_input,
)
from riichi.logs._rules_key import RULES_KEY, game_events, read_rules_value, rules_for, rules_value
from riichi.rules import Rules

__all__ = ["read_mjai", "to_mjai_lines", "to_mjai_objects"]

_IGNORED_TYPES = frozenset({"error", "none"})

# Tenhou mjlog draw names (<RYUUKYOKU type>), as jansou writes them in ryukyoku.reason
_TENHOU_DRAW_NAMES = {
    "yao9": "kyuushu_kyuuhai",
    "kaze4": "suufon_renda",
    "reach4": "suucha_riichi",
    "kan4": "suukaikan",
    "ron3": "sanchahou",
    "nm": "nagashi_mangan",
}

# Standard mjai keys per type (for extensions=False).
_STANDARD = {
    "start_game": {"type", "names", "id"},
    "start_kyoku": {
        "type", "bakaze", "kyoku", "honba", "kyotaku", "oya", "scores", "dora_marker", "tehais"
    },
    "hora": {
        "type", "actor", "target", "pai", "hora_tehais", "uradora_markers", "fu", "fan",
        "yakus", "hora_points", "deltas", "scores",
    },
    "ryukyoku": {"type", "reason", "tehais", "tenpais", "deltas", "scores"},
    "end_game": {"type", "scores"},
}  # fmt: skip


# Our draw reasons -> the spellings of the original mjai server (read back as aliases).
_STANDARD_REASONS = {
    "exhaustive": "fanpai",
    "kyuushu_kyuuhai": "kyushukyuhai",
    "suufon_renda": "sufonrenta",
    "suucha_riichi": "suchariichi",
    "suukaikan": "sukaikan",
    "sanchahou": "sanchaho",
    "nagashi_mangan": "nagashimangan",
}


def read_mjai(
    data: bytes | str, source: str | None = None, *, limits: ReadLimits | None = None
) -> GameLog:
    """Read one mjai game (JSON lines).

    Blank lines and ``error`` / ``none`` messages (server chatter) are skipped; unknown keys
    (e.g. mjai-manue's ``logs``) are ignored. The ``start_game`` key ``"riichi_rules"``
    (written by :func:`to_mjai_lines`) gives ``GameLog.meta["rules"]``. jansou's shape is read
    too (module docstring).

    Returns:
        The game; ``meta["unsupported"]`` names why it cannot be replayed when it holds no
        round (no ``start_kyoku``), a second ``start_game`` or an event after ``end_game``.

    Raises:
        LogFormatError: naming the line: not JSON, not an object, an unknown type, a bad field,
            a first event that is not ``start_game``, or ``riichi_rules`` that are not rules;
            a line past a bound of ``limits`` (:class:`riichi.logs.ReadLimits`, None: the
            defaults); a number out of range (naming the event and field).
        RiichiError: ``data`` not bytes or text, or ``source`` not a str or None (before
            anything is read).
    """
    data = reader_input("read_mjai", data, source)
    lim = limits_of(limits)
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as e:
            raise log_error(source, f"byte {e.start}", "not UTF-8 text") from None
    else:
        text = data
    events: list[Event] = []
    meta: dict[str, Any] = {}  # "rules": the riichi_rules of a log riichi wrote
    rounds = 0
    declared = False  # start_game gives "players"
    why: str | None = None  # why the document is not one replayable game
    for lineno, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        obj = load_json(line, source, f"line {lineno}", lim)
        t = obj.get("type") if isinstance(obj, dict) else None
        if isinstance(t, str) and t in _IGNORED_TYPES:  # (a list or dict type: not hashable)
            continue
        if isinstance(obj, dict):
            obj = _jansou(obj)
        try:
            ev = event_from_mjai(obj)
        except LogFormatError as e:
            raise log_error(source, f"line {lineno}", str(e)) from None
        if isinstance(ev, Hora) and "pai" not in obj:
            # some writers (riichienv, jansou) leave out the winning tile: it is the last
            # drawn tile (tsumo) or the last discarded / added / set-aside tile (ron, chankan)
            ev = _with_winning_tile(ev, events, source, lineno)
        if not events and not isinstance(ev, StartGame):
            raise log_error(source, f"line {lineno}", f"expected start_game first, got {ev.type}")
        if why is None and events and isinstance(ev, StartGame):
            why = f"line {lineno}: a second start_game (one game per document)"
        elif why is None and events and isinstance(events[-1], EndGame):
            why = f"line {lineno}: {ev.type} after end_game"
        if isinstance(ev, StartKyoku) and not rounds:
            head = events[0]
            assert isinstance(head, StartGame)
            if not head.names and not declared and ev.tehais and len(ev.tehais) != head.players:
                # a bare start_game (jansou): as many players as the first deal has hands
                events[0] = dataclasses.replace(head, players=len(ev.tehais))
        if isinstance(ev, StartGame):
            declared = "players" in obj
        rounds += isinstance(ev, StartKyoku)
        events.append(ev)
        if len(events) == 1 and RULES_KEY in obj:
            meta["rules"] = read_rules_value(obj[RULES_KEY], source, f"line {lineno}")
    if not events:
        raise log_error(source, "line 1", "no mjai events")
    if not rounds:
        why = "no round to replay (no start_kyoku)"
        meta["no_round"] = True  # replay: not a game at all, so verify counts it unreadable
    if why:
        meta["unsupported"] = f"mjai: {why}"
    check_events(events, source)
    return GameLog(events, source, "mjai", meta)


def _jansou(obj: dict) -> dict:
    """jansou's spellings as standard mjai (see the module docstring); other objects as
    they are."""
    t = obj.get("type")
    if t == "kita":
        return {**obj, "type": "nukidora", "pai": obj.get("pai", "N")}
    if t != "ryukyoku":
        return obj
    reason = obj.get("reason")
    if isinstance(reason, str) and reason in _TENHOU_DRAW_NAMES:
        obj = {**obj, "reason": _TENHOU_DRAW_NAMES[reason]}
    hands = obj.get("tehais")
    if isinstance(hands, list) and any(h is None or h == [] for h in hands):
        if not all(h is None or h == [] for h in hands):
            return obj  # a mix of shown and empty hands: left to the event decoder
        obj = {k: v for k, v in obj.items() if k != "tehais"}
        if "tenpais" not in obj:
            obj["tenpais"] = [h is not None for h in hands]
    return obj


def _with_winning_tile(ev: Hora, events: list[Event], source: str | None, lineno: int) -> Hora:
    want = ("tsumo",) if ev.actor == ev.target else ("dahai", "kakan", "nukidora")
    for prev in reversed(events):
        if prev.type in want and getattr(prev, "pai", None) is not None:
            return dataclasses.replace(ev, pai=prev.pai)  # type: ignore[attr-defined]
        if prev.type == "start_kyoku":
            break
    raise log_error(source, f"line {lineno}", "hora without pai and no tile it could be")


def _check_extensions(who: str, extensions: object) -> None:
    """``extensions`` is a bool: ``None``, ``0`` or ``"no"`` is refused rather than read as
    a truth value (which would keep or drop the extra keys by accident)."""
    if extensions is not True and extensions is not False:
        raise RiichiError(f"{who}: extensions must be True or False, got {extensions!r:.60}")


def to_mjai_objects(
    game: GameLog | list[Event], extensions: bool = True, *, rules: Rules | None = None
) -> list[dict]:
    """The events as mjai objects (see :func:`to_mjai_lines`)."""
    _check_extensions("to_mjai_objects", extensions)
    events = game_events(game, "to_mjai_objects")
    carried = rules_for(game, rules) if extensions else None
    out = []
    for ev in events:
        if not extensions and isinstance(ev, (Disconnect, Reconnect)):
            continue
        d = ev.to_mjai()
        if not extensions:
            keep = _STANDARD.get(d["type"])
            if keep is not None:
                d = {k: v for k, v in d.items() if k in keep}
            if "reason" in d:
                d["reason"] = _STANDARD_REASONS[d["reason"]]
        elif carried is not None and not out and d["type"] == "start_game":
            d[RULES_KEY] = rules_value(carried)
        out.append(d)
    return out


def to_mjai_lines(
    game: GameLog | list[Event], extensions: bool = True, *, rules: Rules | None = None
) -> str:
    """Write a game as mjai JSON lines (one object per line, ending with a newline).

    Args:
        game: a :class:`GameLog` or a list of events.
        extensions: keep the fields and event types beyond standard mjai (needed for an exact
            round trip); False writes standard mjai only (no rules either).
        rules: the rules the game was played under, stored complete in the ``start_game``
            object's ``"riichi_rules"`` key (:meth:`riichi.Rules.to_dict`), which
            :func:`read_mjai` gives back in ``GameLog.meta["rules"]``; default: the
            ``GameLog``'s ``meta["rules"]`` when it has them, else no key.

    Raises:
        RiichiError: ``rules`` not a ``riichi.Rules``; ``game`` not a ``GameLog`` nor a list
            of events; ``extensions`` not True or False (naming it).
    """
    _check_extensions("to_mjai_lines", extensions)
    game_events(game, "to_mjai_lines")  # (refused here, under this function's name)
    dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
    return "".join(dumps(d) + "\n" for d in to_mjai_objects(game, extensions, rules=rules))
