"""Batch kernels: shanten, ukeire, waits, discard tables and scoring of many hands at once,
on NumPy arrays.

Scoring (:func:`score`, :func:`score_arrays`) is documented in :mod:`riichi.batch_score`;
it is re-exported here so that every batch entry point lives in ``riichi.batch``.

Each hand is a row of 34 tile counts (kinds 0..33 as in the rest of riichi), dtype
``uint8``, in an array of shape ``(N, 34)``. A row is a bare concealed part: ``n`` tiles
with ``n % 3`` in {1, 2} and ``n <= 14``, implying ``(14 - n) // 3`` called melds whose
tiles are unknown (the same convention as :func:`riichi.shanten` on counts).

The work runs in Rust with the GIL released. ``threads=None`` uses every core (rayon's
global pool); ``threads=1`` runs in the calling thread with no pool; ``threads=k`` uses a
cached pool of ``k`` threads. A non-C-contiguous array is copied first (``np.ascontiguousarray``);
any other dtype than ``uint8`` is refused rather than converted, so that a wrapped-around
or fractional count can never be read silently. The kernels read the array in place with
the GIL released: do not write to it from another thread during the call.

``players`` chooses the tile set of the analysis calls: ``4`` (default), ``3`` for
three-player mahjong (no 2m-8m: a row holding one is refused, naming the row and the tile,
and 1m and 9m only pair and triplet, as ``xiangting``'s ``PlayerCount.THREE``), or a
:class:`riichi.Rules` (its ``num_players``).
"""

from __future__ import annotations

from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from riichi import _core
from riichi.batch_score import FLAG_BITS, MELD_KINDS, score, score_arrays
from riichi.errors import InvalidHand, RiichiError

__all__ = [
    "FLAG_BITS",
    "MELD_KINDS",
    "NOT_HELD",
    "WAIT_SHAPES",
    "discards",
    "score",
    "score_arrays",
    "shanten",
    "ukeire",
    "waits",
]

#: Wait shape of each bit of :func:`waits`' ``shapes`` (bit i = ``WAIT_SHAPES[i]``).
WAIT_SHAPES = ("ryanmen", "kanchan", "penchan", "tanki", "shanpon")

#: :func:`discards`' ``shanten`` for a kind the row does not hold (no such discard).
NOT_HELD = 127

Form = Literal["minimum", "regular", "chiitoitsu", "kokushi"]
_FORMS = ("minimum", "regular", "chiitoitsu", "kokushi")


def _rows(arr: object, name: str) -> npt.NDArray[np.uint8]:
    if not isinstance(arr, np.ndarray):
        raise InvalidHand(
            f"{name}: expected a numpy.ndarray of dtype uint8, got {type(arr).__name__}"
        )
    if arr.dtype != np.uint8:
        raise InvalidHand(
            f"{name}: expected dtype uint8, got {arr.dtype} (convert with .astype(np.uint8) "
            "after checking the values)"
        )
    if arr.ndim != 2 or arr.shape[1] != 34:
        raise InvalidHand(f"{name}: expected shape (N, 34), got {arr.shape}")
    return np.ascontiguousarray(arr)


def _threads(threads: int | None) -> int | None:
    if threads is None:
        return None
    if isinstance(threads, bool) or not isinstance(threads, (int, np.integer)) or threads < 1:
        raise RiichiError(f"threads: expected a positive int or None, got {threads!r}")
    if threads > 1024:  # checked here: a huge int would overflow before reaching the core
        raise RiichiError(f"invalid threads: {threads} is not in 1..=1024 (or None for all cores)")
    return int(threads)


def shanten(
    counts: npt.NDArray[np.uint8],
    *,
    form: Form = "minimum",
    threads: int | None = None,
    players: Any = 4,
) -> npt.NDArray[np.int8]:
    """Shanten of every row.

    Args:
        counts: ``uint8`` array of shape ``(N, 34)``, one hand's concealed counts per row.
        form: ``"minimum"`` (default: the least over the forms that apply), ``"regular"``
            (melds and a pair), ``"chiitoitsu"`` or ``"kokushi"`` (closed forms: every row
            must hold 13 or 14 tiles).
        threads: ``None`` for all cores, ``1`` for the calling thread only, ``k`` threads.
        players: ``4``, ``3`` or a :class:`riichi.Rules` (see the module docs).

    Returns:
        ``int8`` array of shape ``(N,)``: shanten per row (-1 for a complete hand, 0 tenpai).

    Raises:
        InvalidHand: wrong dtype, ``ndim``, or ``shape[1] != 34``; a count above 4, a row
            total not 1, 2, 4, 5, ..., 13 or 14, or a closed form on a row of fewer than 13
            tiles; under 3 players a 2m-8m. Row errors name the row index and the bad kind
            or total (the lowest bad row is reported).
        RiichiError: an unknown ``form``, a bad ``threads`` or ``players``.
    """
    arr = _rows(counts, "counts")
    if not isinstance(form, str) or form not in _FORMS:  # None, an array: no form name
        raise RiichiError(f"invalid form: expected one of {_FORMS}, got {form!r}")
    return _core.batch_shanten(arr, form, _threads(threads), players)


def _visible(visible: object, n: int) -> npt.NDArray[np.uint8] | None:
    """``visible`` as ``None``, one shared ``(1, 34)`` row or ``(n, 34)`` rows."""
    if visible is None:
        return None
    if isinstance(visible, np.ndarray) and visible.ndim == 1:
        if visible.shape != (34,):
            raise InvalidHand(f"visible: expected shape (34,) or (N, 34), got {visible.shape}")
        return _rows(visible.reshape(1, 34), "visible")  # one row, shared by every hand
    vis = _rows(visible, "visible")
    if vis.shape[0] != n:
        raise RiichiError(f"visible: {vis.shape[0]} rows, but counts has {n} rows")
    return vis


def ukeire(
    counts: npt.NDArray[np.uint8],
    visible: npt.NDArray[np.uint8] | None = None,
    *,
    threads: int | None = None,
    players: Any = 4,
) -> npt.NDArray[np.uint8]:
    """Live counts of the improving tiles of every row.

    A kind improves a row when one more copy lowers its shanten (minimum over forms) and
    the row holds fewer than 4 copies. Its live count is ``4 - held - visible``.

    Args:
        counts: ``uint8`` array of shape ``(N, 34)``; every row must hold 3n + 1 tiles.
        visible: tiles seen elsewhere (discards, others' melds, dora indicators):
            ``None``, ``uint8`` shape ``(34,)`` shared by all rows, or ``(N, 34)``.
        threads: as in :func:`shanten`.
        players: as in :func:`shanten`; under 3 players 2m-8m never improve.

    Returns:
        ``uint8`` array of shape ``(N, 34)``: the live count of each improving kind, 0 for
        kinds that do not improve (an improving kind with no live copy is also 0).

    Raises:
        InvalidHand: as in :func:`shanten`, a row of 3n + 2 tiles, a visible count above 4,
            or held plus visible copies above 4 (naming the row and the kind).
        RiichiError: ``visible`` of another row count, or a bad ``threads``.
    """
    arr = _rows(counts, "counts")
    vis = _visible(visible, arr.shape[0])
    return _core.batch_ukeire(arr, vis, _threads(threads), players)


def waits(
    counts: npt.NDArray[np.uint8],
    visible: npt.NDArray[np.uint8] | None = None,
    *,
    threads: int | None = None,
    players: Any = 4,
) -> dict[str, npt.NDArray[Any]]:
    """Waits of every row (the batch form of :func:`riichi.waits` on bare counts).

    Args:
        counts: ``uint8`` array of shape ``(N, 34)``; every row must hold 3n + 1 tiles
            (bare concealed counts: fewer than 13 tiles imply called melds of unknown
            tiles, which hold no copy of any kind).
        visible: as in :func:`ukeire`; it sets ``live`` and ``karaten``.
        threads: as in :func:`shanten`.
        players: as in :func:`shanten`.

    Returns:
        ``{"shapes": uint8 (N, 34), "live": uint8 (N, 34), "karaten": bool (N, 34)}``:
        ``shapes[i, k]`` is 0 when kind ``k`` does not complete row ``i``, else the shapes
        it completes as bits (bit j = ``WAIT_SHAPES[j]``: 1 ryanmen, 2 kanchan, 4 penchan,
        8 tanki, 16 shanpon); ``live`` the copies of each wait kind neither held nor
        visible (0 for kinds that are no wait); ``karaten`` the waits with no live copy.
        A row is tenpai when any of its ``shapes`` is nonzero; a kind held four times is
        never a wait (no fifth copy, RC08).

    Raises:
        InvalidHand: as in :func:`ukeire` (a 3n + 2 row refused).
        RiichiError: as in :func:`ukeire`.
    """
    arr = _rows(counts, "counts")
    vis = _visible(visible, arr.shape[0])
    shapes, live = _core.batch_waits(arr, vis, _threads(threads), players)
    return {"shapes": shapes, "live": live, "karaten": (shapes != 0) & (live == 0)}


def discards(
    counts: npt.NDArray[np.uint8],
    visible: npt.NDArray[np.uint8] | None = None,
    *,
    threads: int | None = None,
    players: Any = 4,
) -> dict[str, npt.NDArray[Any]]:
    """The discard table of every row (the batch form of :func:`riichi.discards` on
    bare counts).

    Args:
        counts: ``uint8`` array of shape ``(N, 34)``; every row must hold 3n + 2 tiles.
        visible: as in :func:`ukeire`. Live counts also subtract the whole row: the
            discarded copy lies in the player's pond.
        threads: as in :func:`shanten`.
        players: as in :func:`shanten`.

    Returns:
        ``{"shanten": int8 (N, 34), "ukeire": uint16 (N, 34), "tiles": uint64 (N, 34)}``:
        for row ``i`` and kind ``k``, the shanten after discarding ``k`` (``NOT_HELD`` =
        127 when the row holds no ``k``), the live ukeire total after it, and its
        improving kinds as a bit mask (bit j = kind j); 0 where ``k`` is not held.

    Raises:
        InvalidHand: as in :func:`ukeire`, with a 3n + 1 row refused.
        RiichiError: as in :func:`ukeire`.
    """
    arr = _rows(counts, "counts")
    vis = _visible(visible, arr.shape[0])
    sh, total, tiles = _core.batch_discards(arr, vis, _threads(threads), players)
    return {"shanten": sh, "ukeire": total, "tiles": tiles}
