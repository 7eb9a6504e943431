"""The round (kyoku) state machine: :class:`Round`, :class:`RoundResult`, :class:`Win`.

The engine lives in :mod:`riichi.kyoku` (one module per rule); this module keeps the
public names where users import them from.
"""

from __future__ import annotations

from riichi.kyoku.explain import malformed_action
from riichi.kyoku.round import Round
from riichi.kyoku.state import RoundResult, Win, check_seat

__all__ = ["Round", "RoundResult", "Win", "check_seat", "malformed_action"]
