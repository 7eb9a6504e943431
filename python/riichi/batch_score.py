"""Batch scoring (to be exposed as ``riichi.batch.score``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from riichi import _core
from riichi.rules import Rules

__all__ = ["score"]


def score(
    requests: Sequence[Mapping[str, Any]], rules: Rules | None = None
) -> dict[str, np.ndarray]:
    """Score many hands in Rust, in parallel across all cores with the GIL released.

    Args:
        requests: One dict per hand with the keyword names of :func:`riichi.score` plus
            ``"hand"`` (Hand or mpsz text) and ``"win_tile"``; missing keys take their
            defaults (seat and round wind East, no flags).
        rules: A :class:`riichi.Rules`; default Tenhou.

    Returns:
        Columns of shape (N,): ``han`` (int32; 13 per yakuman multiple), ``fu`` (int32),
        ``points`` (int32, hand value without honba/kyotaku), ``total`` (int32, the winner's
        gain), ``is_agari`` / ``has_yaku`` (bool), ``yaku_mask`` (uint64, bit *i* set for
        Tenhou yaku id *i* present; dora 52, uradora 53, akadora 54; local yaku 60..64),
        ``yakuman`` (int32, total multiple).

    Raises:
        RiichiError: a malformed request, naming its index.
    """
    r = (rules or Rules()).scoring()
    out: dict[str, np.ndarray] = _core.score_batch(list(requests), r)
    return out
