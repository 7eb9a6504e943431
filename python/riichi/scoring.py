"""Scoring a winning hand: :func:`score` and its result type :class:`ScoreResult`."""

from __future__ import annotations

from riichi import _core
from riichi._core import ScoreResult
from riichi.rules import Rules

__all__ = ["YAKU_IDS", "ScoreResult", "nagashi_mangan", "score"]

_DEFAULT = Rules()

#: Tenhou yaku id -> romaji name (local yaku from 60 on).
YAKU_IDS: dict[int, str] = dict(_core.yaku_table())


#: Score a winning hand (the Rust function itself: no Python frame in between). Every bad
#: argument raises a RiichiError naming it; see ``help(riichi.score)``.
score = _core.score


def nagashi_mangan(dealer: bool, rules: Rules | None = None) -> tuple[int, int, int]:
    """Nagashi mangan settlement, paid like a mangan tsumo without honba or kyotaku.

    Returns:
        ``(dealer_share, nondealer_share, total)`` in points; ``dealer_share`` is 0 when the
        declarer is the dealer (Tenhou: 4000 all / 2000-4000).

    Raises:
        RiichiError: ``dealer`` not a bool, or ``rules`` not a :class:`riichi.Rules`.
    """
    # a Rules, None (Tenhou) or anything else: the core names a wrong type (RiichiError)
    return _core.nagashi_mangan(dealer, _DEFAULT if rules is None else rules)
