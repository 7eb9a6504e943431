"""Riichi City raw game logs: recognised, not replayed.

A Riichi City game log is one JSON object with ``playerCount``, ``initPoints``, ``gamePlay``
and ``handRecord[]`` (each hand's ``handEventRecord[]`` events and its wall as the
``handCardEncode`` string). Its event codes are not documented anywhere the project could
check, so :func:`read_riichi_city` reads the header only and marks the game unsupported
(``GameLog.meta["unsupported"]``): ``riichi verify`` reports it as such, with the reason,
instead of failing to read it as another format.
"""

from __future__ import annotations

import json
from typing import Any

from riichi.events import GameLog, StartGame
from riichi.logs._common import ReadLimits, limits_of, load_json, log_error

__all__ = ["read_riichi_city"]

UNSUPPORTED = "Riichi City raw game log: not supported (its event codes are not documented)"


def read_riichi_city(
    data: bytes | str, source: str | None = None, *, limits: ReadLimits | None = None
) -> GameLog:
    """The header of a Riichi City game log, marked unsupported.

    Returns:
        A :class:`GameLog` holding only ``start_game`` (players from ``playerCount``), with
        ``meta["unsupported"]`` naming the format and ``meta["hands"]`` the hand count.

    Raises:
        LogFormatError: not JSON, or not an object with a ``handRecord`` list.
    """
    if isinstance(data, bytes):
        try:
            data = data.decode(json.detect_encoding(data))  # as json.loads reads bytes
        except UnicodeDecodeError as e:
            raise log_error(source, f"byte {e.start}", "not UTF-8 text") from None
    doc: Any = load_json(data, source, "document", limits_of(limits))
    if not isinstance(doc, dict) or not isinstance(doc.get("handRecord"), list):
        raise log_error(source, "document", 'not a Riichi City game log (no "handRecord" list)')
    players = doc.get("playerCount")
    if type(players) is not int or players not in (3, 4):
        raise log_error(source, "playerCount", f"{players!r} is not 3 or 4")
    meta = {
        "unsupported": UNSUPPORTED,
        "hands": len(doc["handRecord"]),
        "complete": False,
    }
    return GameLog([StartGame(players=players)], source, "riichi_city", meta)
