"""Scoring a winning hand: :func:`score` and its result type :class:`ScoreResult`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from riichi import _core
from riichi._core import ScoreResult
from riichi.errors import RiichiError
from riichi.rules import Rules

__all__ = ["YAKU_IDS", "ScoreResult", "nagashi_mangan", "score"]

_DEFAULT = Rules()

#: Tenhou yaku id -> romaji name (local yaku from 60 on).
YAKU_IDS: dict[int, str] = dict(_core.yaku_table())


def _rules(rules: Rules | None) -> _core.ScoringRules:
    return (_DEFAULT if rules is None else rules).scoring()


_FLAGS = (
    "tsumo",
    "riichi",
    "double_riichi",
    "ippatsu",
    "haitei",
    "houtei",
    "rinshan",
    "chankan",
    "tenhou",
    "chiihou",
    "renhou",
)
_COUNTS = (("honba", 10_000), ("kyotaku", 10_000), ("nukidora", 4))


def _score(hand: Any, win_tile: Any, **kwargs: Any) -> ScoreResult:
    """Score a winning hand; the arguments and result are those of the core function
    (documented below). This wrapper only checks argument types first, so that a wrong type
    raises :class:`RiichiError` naming the argument instead of a bare ``TypeError`` or
    ``OverflowError`` from the conversion to Rust.
    """
    for name in _FLAGS:
        v = kwargs.get(name, False)
        if v.__class__ is not bool:
            raise RiichiError(f"score: {name} must be True or False, got {v!r}")
    for name, most in _COUNTS:
        v = kwargs.get(name, 0)
        if v.__class__ is not int or not 0 <= v <= most:
            raise RiichiError(f"score: {name} must be an int 0..{most}, got {v!r}")
    winds = (("seat_wind", kwargs.get("seat_wind")), ("round_wind", kwargs.get("round_wind")))
    for name, v in (("win_tile", win_tile), *winds):
        if v.__class__ not in (str, int) and not (v is None and name != "win_tile"):
            raise RiichiError(f"score: {name} must be mpsz text or a tile kind, got {v!r}")
    for name in ("dora_indicators", "ura_indicators"):
        v = kwargs.get(name, ())
        if v is not None and not isinstance(v, (str, list, tuple)):
            raise RiichiError(f"score: {name} must be mpsz text or a list of tiles, got {v!r}")
    try:
        return _core.score(hand, win_tile, **kwargs)
    except (TypeError, OverflowError) as e:  # a sequence holding a wrong type, say
        raise RiichiError(f"score: {e}") from e


_score.__doc__ = f"{_score.__doc__}\n{_core.score.__doc__ or ''}"
_score.__name__ = _score.__qualname__ = "score"

if TYPE_CHECKING:  # type checkers see the core function's full, typed signature
    from riichi._core import score as score
else:
    score = _score


def nagashi_mangan(dealer: bool, rules: Rules | None = None) -> tuple[int, int, int]:
    """Nagashi mangan settlement, paid like a mangan tsumo without honba or kyotaku.

    Returns:
        ``(dealer_share, nondealer_share, total)`` in points; ``dealer_share`` is 0 when the
        declarer is the dealer (Tenhou: 4000 all / 2000-4000).
    """
    return _core.nagashi_mangan(dealer, _rules(rules))
