"""Furiten: when a seat may not win by ron.

A seat is furiten while any of its waits is in its own river (permanent), after it passed
or missed a winning tile in the current go-around (temporary: until its next discard), or
after it did so while in riichi (for the rest of the round).

Rules fields read: ``furiten_riichi`` (riichi while furiten).
Rule source: Tenhou (https://tenhou.net/man/), worked case RC54 (a declined chankan).
"""

from __future__ import annotations

from typing import Any

__all__ = ["furiten", "is_furiten", "missed", "reason", "riichi_allowed", "riichi_refused"]


def furiten(p: Any) -> bool:
    """Whether player ``p`` may not win by ron now."""
    return p.temp_furiten or p.riichi_furiten or bool(p.waits & p.river_kinds)


def is_furiten(rnd: Any, s: int) -> bool:
    """:func:`furiten` of seat ``s``."""
    return furiten(rnd.players[s])


def missed(p: Any) -> None:
    """Player ``p`` let a winning tile go by (passed a ron, or the tile completes its hand
    without a yaku): furiten until its next discard, for the rest of the round in riichi."""
    p.temp_furiten = True
    if p.riichi:
        p.riichi_furiten = True


def reason(p: Any, seat: int) -> str | None:
    """Why seat ``seat`` (player ``p``) is furiten, or ``None`` when it is not."""
    if p.waits & p.river_kinds:
        return f"seat {seat} is furiten: it discarded a tile it waits on"
    if p.riichi_furiten:
        return f"seat {seat} is furiten: it passed a winning tile after riichi"
    if p.temp_furiten:
        return f"seat {seat} is furiten: it passed a winning tile this go-around"
    return None


def riichi_allowed(rules: Any, p: Any, k: int, waits: frozenset[int]) -> bool:
    """Whether player ``p`` may declare riichi with the discard of kind ``k`` leaving
    ``waits`` as far as furiten goes: always with ``Rules.furiten_riichi``, else only when
    neither ``k`` nor a tile already in its river is one of the waits."""
    return rules.furiten_riichi or not (k in waits or waits & p.river_kinds)


def riichi_refused(rules: Any) -> str | None:
    """Why a riichi that is tenpai may still be refused on furiten grounds (the rules do
    not allow furiten riichi), or ``None``."""
    if not rules.furiten_riichi:
        return "furiten riichi is not allowed by the rules (Rules.furiten_riichi)"
    return None
