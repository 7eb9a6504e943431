"""The round (kyoku) state machine: :class:`Round`, :class:`RoundResult`, :class:`Win`.

The engine lives in :mod:`riichi.kyoku` (one module per rule); this module keeps the
public names where users import them from.
"""

from __future__ import annotations

from riichi.kyoku.explain import malformed_action
from riichi.kyoku.round import Round
from riichi.kyoku.state import RoundResult, Win, check_seat

__all__ = ["Round", "RoundResult", "Win", "check_seat", "malformed_action"]


def _round_repr_svg(self: Round) -> str:
    """Jupyter's picture of a round: the whole table now (riichi.view.table_svg)."""
    from riichi.view.svg import table_svg

    return table_svg(self)


Round._repr_svg_ = _round_repr_svg  # type: ignore[attr-defined]
