"""Furiten: when a seat may not win by ron.

A seat is furiten while any of its waits is in its own river (permanent), after it passed
or missed a winning tile in the current go-around (temporary: until its next discard), or
after it did so while in riichi (for the rest of the round). The facts live in the seat's
hand in the core (``_core.SeatHand``: ``river_kinds``, ``temp_furiten``, ``riichi_furiten``,
``missed(tile)`` when a winning tile goes by), which applies them to every ron it offers;
this module names them.

Rules fields read: ``furiten_riichi`` (riichi while furiten; the core reads it too when it
offers riichi discards).
Rule source: Tenhou (https://tenhou.net/man/), worked case RC54 (a declined chankan).
"""

from __future__ import annotations

from typing import Any

__all__ = ["is_furiten", "reason", "riichi_refused"]


def is_furiten(rnd: Any, s: int) -> bool:
    """Whether seat ``s`` may not win by ron now."""
    return rnd.players[s].seat.furiten  # type: ignore[no-any-return]


def reason(p: Any, seat: int) -> str | None:
    """Why seat ``seat`` (player ``p``) is furiten, or ``None`` when it is not."""
    if p.waits & p.river_kinds:
        return f"seat {seat} is furiten: it discarded a tile it waits on"
    if p.riichi_furiten:
        return f"seat {seat} is furiten: it passed a winning tile after riichi"
    if p.temp_furiten:
        return f"seat {seat} is furiten: it passed a winning tile this go-around"
    return None


def riichi_refused(rules: Any) -> str | None:
    """Why a riichi that is tenpai may still be refused on furiten grounds (the rules do
    not allow furiten riichi), or ``None``."""
    if not rules.furiten_riichi:
        return "furiten riichi is not allowed by the rules (Rules.furiten_riichi)"
    return None
