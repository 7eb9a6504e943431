"""Batch scoring, exposed as ``riichi.batch.score`` and ``riichi.batch.score_arrays``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from riichi import _core
from riichi.errors import InvalidHand, RiichiError
from riichi.rules import Rules

__all__ = ["FLAG_BITS", "MELD_KINDS", "score", "score_arrays"]


def score(
    requests: Sequence[Mapping[str, Any] | tuple], rules: Rules | None = None
) -> dict[str, np.ndarray]:
    """Score many hands in Rust, in parallel across all cores with the GIL released.

    Args:
        requests: One dict per hand with the keyword names of :func:`riichi.score` plus
            ``"hand"`` (Hand or mpsz text) and ``"win_tile"``; missing keys take their
            defaults (seat and round wind East, no flags). A tuple ``(hand, win_tile)`` or
            ``(hand, win_tile, {keyword: value})`` is accepted as well.
        rules: A :class:`riichi.Rules`; default Tenhou.

    Returns:
        Columns of shape (N,): ``han`` (int32; 13 per yakuman multiple), ``fu`` (int32),
        ``points`` (int32, hand value without honba/kyotaku), ``total`` (int32, the winner's
        gain), ``is_agari`` / ``has_yaku`` (bool), ``yakuman`` (int32, total multiple); and
        ``yaku_mask`` of shape (N, 2), uint64: the yaku ids of
        :attr:`riichi.ScoreResult.yaku_ids` as bits, id *i* at bit ``i % 64`` of word
        ``i // 64`` (Tenhou ids 0..54 with dora 52, uradora 53, akadora 54; local yaku 60..64,
        shiisan-puutaa 64 = bit 0 of word 1). Test an id with
        ``(yaku_mask[:, i // 64] >> np.uint64(i % 64)) & 1``; see
        :data:`riichi.scoring.YAKU_IDS` for the names.

    Raises:
        RiichiError: a malformed request, naming its index.
        InvalidHand: a hand that cannot exist, or under three-player rules
            (``rules.num_players == 3``) a 2m-8m in a hand, winning tile or indicator, as
            :func:`riichi.score` refuses it: ``requests[i]: hand holds 5m, which
            three-player mahjong does not use ...``.
    """
    r = _scoring(rules)
    items = None
    if not isinstance(requests, (str, bytes, Mapping)) and hasattr(requests, "__iter__"):
        try:
            items = list(requests)
        except TypeError:  # iterable by its type only: a 0-d NumPy array
            items = None
    if items is None:
        raise RiichiError(f"requests: expected a sequence of dicts or tuples, got {requests!r:.80}")
    reqs = [q if isinstance(q, Mapping) else _from_tuple(i, q) for i, q in enumerate(items)]
    out: dict[str, np.ndarray] = _core.score_batch(reqs, r)
    return out


def _from_tuple(i: int, q: Any) -> dict[str, Any]:
    if isinstance(q, tuple) and len(q) in (2, 3) and (len(q) == 2 or isinstance(q[2], Mapping)):
        d = {"hand": q[0], "win_tile": q[1]}
        if len(q) == 3:
            d.update(q[2])
        return d
    raise RiichiError(f"requests[{i}]: expected a dict or (hand, win_tile[, kwargs]), got {q!r}")


def _scoring(rules: Rules | None) -> Any:
    """The core scoring rules of ``rules`` (default Tenhou); anything else is named."""
    if rules is None:
        return Rules().scoring()
    if not isinstance(rules, Rules):
        raise RiichiError(f"rules: expected riichi.Rules or None, got {type(rules).__name__}")
    return rules.scoring()


#: Bits of the ``flags`` column of :func:`score_arrays`.
FLAG_BITS = {
    "tsumo": 0,
    "riichi": 1,
    "double_riichi": 2,
    "ippatsu": 3,
    "haitei": 4,
    "houtei": 5,
    "rinshan": 6,
    "chankan": 7,
    "tenhou": 8,
    "chiihou": 9,
    "renhou": 10,
    "open_riichi": 11,
}

#: Meld kinds in the ``melds`` column of :func:`score_arrays`.
MELD_KINDS = {"none": 0, "chi": 1, "pon": 2, "daiminkan": 3, "ankan": 4, "kakan": 5}


def score_arrays(
    concealed: np.ndarray,
    win_tile: np.ndarray,
    *,
    red: np.ndarray | None = None,
    melds: np.ndarray | None = None,
    flags: np.ndarray | None = None,
    seat_wind: np.ndarray | None = None,
    round_wind: np.ndarray | None = None,
    dora: np.ndarray | None = None,
    ura: np.ndarray | None = None,
    honba: np.ndarray | None = None,
    kyotaku: np.ndarray | None = None,
    rules: Rules | None = None,
) -> dict[str, np.ndarray]:
    """Score N hands given as NumPy columns: no Python object per hand, GIL released, all cores.

    Args:
        concealed: (N, 34) uint8, concealed counts including the winning tile.
        win_tile: (N,) uint8 tile kinds.
        red: (N, 3) uint8 red fives among the concealed tiles (man, pin, sou). Default 0.
        melds: (N, M, 3) uint8 with M <= 4 rows ``[kind, tile, red]``: kind from
            :data:`MELD_KINDS` (0 = no meld), tile = the lowest tile kind, red = red fives in
            the meld. Default no melds.
        flags: (N,) uint16 bit set of :data:`FLAG_BITS` (bit 0 tsumo, bit 1 riichi, ...).
        seat_wind, round_wind: (N,) uint8, 0 East .. 3 North (seat East = dealer). Default 0.
        dora, ura: (N, K) int8 indicator kinds, -1 for none. Default none.
        honba, kyotaku: (N,) uint16. Default 0.
        rules: a :class:`riichi.Rules`; default Tenhou.

    Returns:
        The columns of :func:`score` plus ``ron_payment``, ``tsumo_dealer_payment`` and
        ``tsumo_nondealer_payment`` (int32).

    Raises:
        InvalidHand: a column that is not an integer array (``None`` for ``concealed`` or
            ``win_tile`` included), of the wrong shape, or with a value out of range (named
            with its row).
        RiichiError: a row that is not a valid hand (its index), or ``rules`` not a
            :class:`riichi.Rules`.
        InvalidHand: under three-player rules (``rules.num_players == 3``) a row whose
            hand, winning tile or indicators hold a 2m-8m, named as ``requests[i]`` with
            the tile and where it was, as :func:`riichi.score` refuses it.
    """
    c = _column(concealed, "concealed", np.uint8, None, (34,), 0, 4, 0)
    n = c.shape[0]
    max_flags = (1 << (max(FLAG_BITS.values()) + 1)) - 1

    def col(a, name, dtype, tail, lo, hi, fill=0):
        return _column(a, name, dtype, n, tail, lo, hi, fill)

    d = np.full((n, 1), -1, np.int8) if dora is None else col(dora, "dora", np.int8, (-1,), -1, 33)
    r = _scoring(rules)
    out: dict[str, np.ndarray] = _core.score_arrays(
        c,
        col(win_tile, "win_tile", np.uint8, (), 0, 33),
        col(red, "red", np.uint8, (3,), 0, 4),
        _melds(melds, n),
        col(flags, "flags", np.uint16, (), 0, max_flags),
        col(seat_wind, "seat_wind", np.uint8, (), 0, 3),
        col(round_wind, "round_wind", np.uint8, (), 0, 3),
        d,
        ura_col
        if (ura_col := col(ura, "ura", np.int8, (-1,), -1, 33, -1)).ndim == 2 and ura is not None
        else np.full(d.shape, -1, np.int8),
        col(honba, "honba", np.uint16, (), 0, 10_000),
        col(kyotaku, "kyotaku", np.uint16, (), 0, 10_000),
        r,
    )
    return out


def _column(
    a: Any,
    name: str,
    dtype: Any,
    n: int | None,
    tail: tuple[int, ...],
    lo: int,
    hi: int,
    fill: int = 0,
) -> np.ndarray:
    """One input column, checked: an integer array of shape ``(n, *tail)`` (``-1`` in ``tail``
    = any length; ``n=None`` = any number of rows) whose values lie in ``lo..hi``, returned
    C-contiguous in ``dtype``. Nothing is wrapped, rounded or clamped: a float array, a wrong
    shape or an out-of-range value raises :class:`InvalidHand` naming the column and row."""
    if a is None:
        if n is None:  # a required column
            raise InvalidHand(f"{name}: expected an integer array, got None")
        return np.full((n, *(0 if t == -1 else t for t in tail)), fill, dtype=dtype)
    try:
        arr = np.asarray(a)
    except (TypeError, ValueError, OverflowError) as e:  # ragged lists, huge ints
        raise InvalidHand(f"{name}: expected an integer array, got {a!r} ({e})") from None
    if arr.dtype.kind not in "iub":
        raise InvalidHand(f"{name}: expected an integer array, got dtype {arr.dtype}")
    want = ("N" if n is None else str(n), *("K" if t == -1 else str(t) for t in tail))
    shape_ok = arr.ndim == 1 + len(tail) and (n is None or arr.shape[0] == n)
    shape_ok = shape_ok and all(t in (-1, d) for t, d in zip(tail, arr.shape[1:]))
    if not shape_ok:
        raise InvalidHand(f"{name}: expected shape ({', '.join(want)}), got {arr.shape}")
    # min/max first (no temporary arrays); the element-wise search only to name a bad value
    low_possible = lo > 0 or arr.dtype.kind == "i"  # unsigned and bool values are >= 0
    if arr.size and (arr.max() > hi or (low_possible and arr.min() < lo)):
        bad = (arr < lo) | (arr > hi)
        if bad.any():
            at = tuple(int(i) for i in np.argwhere(bad)[0])
            raise InvalidHand(
                f"{name}: row {at[0]}: value {arr[at]} at index {at} is out of range {lo}..{hi}"
            )
    return np.ascontiguousarray(arr, dtype=dtype)


def _melds(melds: Any, n: int) -> np.ndarray:
    """The (N, M <= 4, 3) meld column, each row ``[kind, tile, red]`` range-checked."""
    if melds is None:
        return np.zeros((n, 0, 3), np.uint8)
    m = _column(melds, "melds", np.uint8, n, (-1, 3), 0, 33)
    if m.shape[1] > 4:
        raise InvalidHand(f"melds: at most 4 melds per hand, got shape {m.shape}")
    for field, hi in ((0, max(MELD_KINDS.values())), (2, 4)):
        # a field's max first (no temporary array); the search only to name a bad value
        if not m.size or m[:, :, field].max() <= hi:
            continue
        bad = m[:, :, field] > hi
        if bad.any():
            row, k = (int(i) for i in np.argwhere(bad)[0])
            raise InvalidHand(
                f"melds: row {row}: meld {k} field {field} is {m[row, k, field]} (at most {hi})"
            )
    return m
