"""Furiten: when a seat may not win by ron.

A seat is furiten while any of its waits is in its own river (permanent), after it passed
or missed a winning tile in the current go-around (temporary: until its next discard), or
after it did so while in riichi (for the rest of the round).

Rules fields read: none (``furiten_riichi``, riichi while furiten, is a riichi condition:
:mod:`riichi.kyoku.turn`).
Rule source: Tenhou (https://tenhou.net/man/), worked case RC54 (a declined chankan).
"""

from __future__ import annotations

from typing import Any

__all__ = ["is_furiten"]


def is_furiten(rnd: Any, s: int) -> bool:
    p = rnd.players[s]
    return p.temp_furiten or p.riichi_furiten or bool(p.waits & p.river_kinds)


