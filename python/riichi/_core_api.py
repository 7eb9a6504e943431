"""The one place where the round engine calls the hand analysis and scoring APIs.

The engine asks three questions of the core: the waits of a 3n+1-tile hand, the score of a
win, and (as a fast pre-check) the shanten number. Everything is routed through this module
so that the engine's dependency on those APIs sits in one file.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from riichi import _core
from riichi._core import Hand, Meld
from riichi.tiles import tile_text

__all__ = [
    "discard_waits",
    "make_hand",
    "make_meld",
    "mask_kinds",
    "nagashi_mangan",
    "score",
    "shanten",
    "tile_text",
    "wait_mask",
    "waits",
    "yakuman_ron",
]

_CACHE_MAX = 200_000


def make_meld(
    kind: str, ids: Sequence[int], called: int | None, source: int, red: Collection[int]
) -> Any:
    """A core ``Meld`` from physical ids (``called`` written first), ``source`` the turn offset.

    ``red`` is the set of ids that are red fives (a frozenset or tuple is cached).
    """
    if not isinstance(red, (frozenset, tuple)):  # not hashable: no cache
        return _parse_meld(kind, ids, called, source, red)
    key = (kind, tuple(ids), called, source, red)  # melds are immutable: shared
    meld = _MELDS.get(key)
    if meld is None:
        meld = _MELDS[key] = _parse_meld(kind, ids, called, source, red)
        if len(_MELDS) >= _CACHE_MAX:
            _MELDS.clear()
    return meld


_MELDS: dict[tuple[Any, ...], Any] = {}


def _parse_meld(
    kind: str, ids: Sequence[int], called: int | None, source: int, red: Collection[int]
) -> Any:
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


_MASK_KINDS: dict[int, frozenset[int]] = {0: frozenset()}


def mask_kinds(mask: int) -> frozenset[int]:
    """The tile kinds of a wait bit mask (bit k = kind k), as a shared frozenset."""
    kinds = _MASK_KINDS.get(mask)
    if kinds is None:
        kinds = frozenset(k for k in range(34) if mask >> k & 1)
        if len(_MASK_KINDS) >= _CACHE_MAX:
            _MASK_KINDS.clear()
            _MASK_KINDS[0] = frozenset()
        _MASK_KINDS[mask] = kinds
    return kinds


def _meld_counts(melds: Sequence[Any]) -> bytes:
    c = [0] * 34
    for m in melds:
        for k in m.tiles:
            c[k] += 1
    return bytes(c)


def waits(
    counts: Sequence[int],
    melds: Sequence[Any],
    meld_key: bytes = b"",
    meld_counts: bytes | None = None,
) -> frozenset[int]:
    """Wait kinds of a 3n+1 concealed hand (tiles whose 4 copies are all held excluded).

    ``meld_counts`` (34 bytes, the copies held in ``melds``) lets the core answer from
    counts alone; it is derived from ``melds`` when omitted. ``meld_key`` is accepted for
    the callers' cache keys and not needed here.
    """
    if meld_counts is None:
        meld_counts = _meld_counts(melds)
    mask = _core.wait_mask(bytes(counts), meld_counts)
    kinds = _MASK_KINDS.get(mask)  # mask_kinds' cache first
    return mask_kinds(mask) if kinds is None else kinds


#: The core kernel itself (34 concealed counts and 34 meld counts as ``bytes`` -> wait bit
#: mask), for the engine's hot path: :func:`waits` without the wrapper.
wait_mask = _core.wait_mask

_NO_WAITS: dict[int, frozenset[int]] = {}


def discard_waits(
    counts: Sequence[int],
    melds: Sequence[Any],
    meld_key: bytes = b"",
    meld_counts: bytes | None = None,
) -> dict[int, frozenset[int]]:
    """For a 3n+2 concealed hand: discarded kind -> the waits left, for every discard that
    leaves a wait (empty when none does; do not mutate the result).

    One core call answers both riichi (which discards leave tenpai) and the waits after the
    discard; see :func:`waits` for the arguments.
    """
    if meld_counts is None:
        meld_counts = _meld_counts(melds)
    pairs = _core.discard_wait_masks(bytes(counts), meld_counts)
    if not pairs:
        return _NO_WAITS
    return {k: mask_kinds(m) for k, m in pairs}


def nagashi_mangan(dealer: bool, rules: Any) -> tuple[int, int, int]:
    """Nagashi mangan: ``(what the dealer pays, what each non-dealer pays, total)``; the
    dealer's share is 0 when the declarer is the dealer."""
    return _core.nagashi_mangan(dealer, rules)  # type: ignore[no-any-return]


def score(hand: Any, win_tile: int, **kw: Any) -> Any:
    """Score a win (see ``riichi.score``)."""
    return _core.score(hand, win_tile, **kw)


def yakuman_ron(dealer: bool, honba: int, rules: Any) -> tuple[int, int]:
    """What a ron paid as one yakuman costs the discarder under ``rules``: ``(payment with
    ``honba`` counters, value without them)`` (the core's han/fu table, ``riichi.payment``)."""
    p = _core.payment(0, 0, dealer=dealer, tsumo=False, honba=honba, yakuman=1, rules=rules)
    return int(p[2]), int(p[7])


def shanten(counts: Sequence[int], melds: Sequence[Any]) -> int:
    """Shanten number of a concealed hand."""
    return int(_core.shanten(make_hand(counts, melds, (0, 0, 0))))


# ---------------------------------------------------------------------- score results
def is_win(res: Any) -> bool:
    """Whether a score result is a legal win (complete hand with at least one yaku)."""
    return bool(res.is_agari and res.has_yaku)


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


# ---------------------------------------------------------------------- events
_LIMITS = {None: 0, "": 0, "mangan": 1, "haneman": 2, "baiman": 3, "sanbaiman": 4}
_TILE_FIELDS = ("pai", "dora_marker")
_SEQ_FIELDS = ("consumed", "hand", "dora_markers", "uradora_markers")


_EV: list[Any] = []


def event_classes() -> Any:
    """The ``riichi.events`` module (imported once)."""
    return _events()


def _events() -> Any:
    if not _EV:
        from riichi import events

        _EV.append(events)
    return _EV[0]


def make_event(kind: str, reds: frozenset[int] = frozenset(), **fields: Any) -> Any:
    """Build one ``riichi.events`` event from mjai-named fields with tiles as physical ids.

    Ids are reduced to :class:`riichi.tiles.TileKind` (kind, red) using ``reds`` (the red-five
    ids of the rules in force); lists become tuples.
    """
    ev = _events()
    of = ev.Tile.of

    def tile(t: int) -> Any:
        return of(t >> 2, t in reds)

    def seq(ts: Any) -> Any:
        return tuple(tile(t) for t in ts)

    out: dict[str, Any] = {}
    for k, v in fields.items():
        if k in _TILE_FIELDS and v.__class__ is int:  # an id (a TileKind is an int too)
            v = tile(v)
        elif k in _SEQ_FIELDS and v is not None:
            v = seq(v)
        elif k in ("tehais", "hands") and v is not None:
            v = tuple(None if h is None else seq(h) for h in v)
        elif k == "melds" and v is not None:
            v = tuple(
                ev.CalledMeld(m[0], tuple(sorted(seq(m[1]), key=lambda x: (x.kind, not x.red))))
                for m in v
            )
        elif isinstance(v, list):
            v = tuple(v)
        out[k] = v
    if kind == "hora" and "score" in out:
        out.update(score_fields(out.pop("score")))
    return ev.EVENT_TYPES[kind](**out)


def score_fields(res: Any) -> dict[str, Any]:
    """A ``Hora`` event's ``fu``, ``han``, ``yaku`` (the core's names, which are the event
    model's: ``riichi.events.YAKU_NAMES``; yakuman as 13 han each), ``points`` and ``limit`` (0 none .. 4 sanbaiman, 5 yakuman) from a core score
    result."""
    lim = getattr(res, "limit", None)
    return {
        "fu": int(res.fu),
        "han": int(res.han),
        "yaku": tuple((n, int(h)) for n, h in res.yaku),
        "points": int(res.points),
        "limit": 5 if lim and "yakuman" in lim else _LIMITS.get(lim, 0),
    }


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
