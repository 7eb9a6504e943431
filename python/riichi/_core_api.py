"""The one place where the round engine calls the hand analysis and scoring APIs.

The engine asks three questions of the core: the waits of a 3n+1-tile hand, the score of a
win, and (as a fast pre-check) the shanten number. Everything is routed through this module
so that the engine's dependency on those APIs sits in one file. A backend may be swapped with
:func:`set_backend` (tests use this to inject reference implementations).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Callable

from riichi._core import Hand, Meld

__all__ = ["make_hand", "make_meld", "score", "set_backend", "shanten", "tile_text", "waits"]

_SUITS = "mpsz"
_WAIT_CACHE: dict[tuple[bytes, bytes], frozenset[int]] = {}
_CACHE_MAX = 200_000


def tile_text(tile_id: int, red: bool) -> str:
    """mpsz text of one physical tile (``0`` for a red five)."""
    kind = tile_id >> 2
    num = kind % 9 + 1 if kind < 27 else kind - 26
    return f"{0 if red else num}{_SUITS[kind // 9]}"


def make_meld(
    kind: str, ids: Sequence[int], called: int | None, source: int, red: Sequence[int]
) -> Any:
    """A core ``Meld`` from physical ids (``called`` written first), ``source`` the turn offset.

    ``red`` is the set of ids that are red fives.
    """
    order = sorted(ids)
    if called is not None:
        order.remove(called)
        order.insert(0, called)
    text = "".join(tile_text(t, t in red) for t in order)
    if kind == "ankan":
        return Meld.parse(f"ankan:{text}")
    return Meld.parse(f"{kind}:{text}@{source}")


def make_hand(counts: Sequence[int], melds: Sequence[Any], red: tuple[int, int, int]) -> Any:
    """A core ``Hand`` from concealed counts, core melds and concealed red fives."""
    return Hand.from_counts(list(counts), list(melds), red)


def _default_waits(hand: Any) -> frozenset[int]:
    import riichi

    return frozenset(w.tile for w in riichi.waits(hand))


def _default_score(hand: Any, win_tile: int, **kw: Any) -> Any:
    import riichi

    return riichi.score(hand, win_tile, **kw)


def _default_shanten(hand: Any) -> int:
    import riichi

    return int(riichi.shanten(hand))


_backend: dict[str, Callable[..., Any]] = {
    "waits": _default_waits,
    "score": _default_score,
    "shanten": _default_shanten,
}


def set_backend(
    *,
    waits: Callable[..., frozenset[int]] | None = None,
    score: Callable[..., Any] | None = None,
    shanten: Callable[..., int] | None = None,
) -> None:
    """Replace the analysis functions (``None`` keeps the current one); clears caches."""
    if waits is not None:
        _backend["waits"] = waits
    if score is not None:
        _backend["score"] = score
    if shanten is not None:
        _backend["shanten"] = shanten
    _WAIT_CACHE.clear()


def waits(counts: Sequence[int], melds: Sequence[Any], meld_key: bytes = b"") -> frozenset[int]:
    """Wait kinds of a 3n+1 concealed hand (tiles whose 4 copies are all held excluded).

    Cached on the concealed counts and ``meld_key`` (a caller-made key naming the melds'
    kinds and tiles; waits do not depend on red fives).
    """
    key = (bytes(counts), meld_key)
    w = _WAIT_CACHE.get(key)
    if w is None:
        w = _backend["waits"](make_hand(counts, melds, (0, 0, 0)))
        if len(_WAIT_CACHE) >= _CACHE_MAX:
            _WAIT_CACHE.clear()
        _WAIT_CACHE[key] = w
    return w


def score(hand: Any, win_tile: int, **kw: Any) -> Any:
    """Score a win (see ``riichi.score``)."""
    return _backend["score"](hand, win_tile, **kw)


def shanten(counts: Sequence[int], melds: Sequence[Any]) -> int:
    """Shanten number of a concealed hand."""
    return _backend["shanten"](make_hand(counts, melds, (0, 0, 0)))


# ---------------------------------------------------------------------- score results
def is_win(res: Any) -> bool:
    """Whether a score result is a legal win (complete hand with at least one yaku)."""
    if not getattr(res, "is_agari", False):
        return False
    for name in ("has_yaku", "valid"):
        v = getattr(res, name, None)
        if v is not None:
            return bool(v)
    return True


def yakuman_names(res: Any) -> list[str]:
    """Names of the yakuman in a score result (empty when none)."""
    out = []
    for y in getattr(res, "yakuman", None) or []:
        out.append(
            y
            if isinstance(y, str)
            else getattr(y, "name", y[0] if isinstance(y, tuple) else str(y))
        )
    return out


def payments(res: Any, *, dealer: bool, tsumo: bool) -> dict[str, int]:
    """Base payments of a win without honba and kyotaku, in points.

    Returns:
        ``{"ron": total a discarder pays, "tsumo_dealer": what the dealer pays on a
        tsumo, "tsumo_nondealer": what each non-dealer pays on a tsumo}``.
    """
    return {
        "ron": int(getattr(res, "ron_payment", 0) or 0),
        "tsumo_dealer": int(getattr(res, "tsumo_dealer_payment", 0) or 0),
        "tsumo_nondealer": int(getattr(res, "tsumo_nondealer_payment", 0) or 0),
    }


# ---------------------------------------------------------------------- events
class Event:
    """Generic event used only when ``riichi.events`` is not available."""

    __slots__ = ("fields", "type")

    def __init__(self, type: str, fields: dict[str, Any]) -> None:
        self.type = type
        self.fields = fields

    def __getattr__(self, name: str) -> Any:
        try:
            return self.fields[name]
        except KeyError:
            raise AttributeError(name) from None

    def __repr__(self) -> str:
        return f"Event({self.type!r}, {self.fields!r})"


def make_event(kind: str, **fields: Any) -> Any:
    """Build one event of the event model from mjai-named fields."""
    return Event(kind, fields)


# ---------------------------------------------------------------------- rules
def default_rules() -> Any:
    """``riichi.Rules.tenhou()``."""
    from riichi.rules import Rules  # type: ignore[import-not-found]

    return Rules.tenhou()


def _thousands(v: float) -> float:
    return v / 1000 if abs(v) >= 1000 else float(v)


def uma_points(rules: Any) -> list[float]:
    """Uma per rank 1..4 in thousands of points."""
    return [_thousands(u) for u in rules.uma]


def oka_points(rules: Any) -> float:
    """Oka paid to the top, in thousands of points."""
    return _thousands(rules.oka)
