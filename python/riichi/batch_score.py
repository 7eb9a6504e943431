"""Batch scoring (to be exposed as ``riichi.batch.score``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from riichi import _core
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
        gain), ``is_agari`` / ``has_yaku`` (bool), ``yaku_mask`` (uint64, bit *i* set for
        Tenhou yaku id *i* present; dora 52, uradora 53, akadora 54; local yaku 60..64),
        ``yakuman`` (int32, total multiple).

    Raises:
        RiichiError: a malformed request, naming its index.
    """
    r = (rules or Rules()).scoring()
    reqs = [q if isinstance(q, Mapping) else _from_tuple(i, q) for i, q in enumerate(requests)]
    out: dict[str, np.ndarray] = _core.score_batch(reqs, r)
    return out


def _from_tuple(i: int, q: Any) -> dict[str, Any]:
    if isinstance(q, tuple) and len(q) in (2, 3):
        d = {"hand": q[0], "win_tile": q[1]}
        if len(q) == 3:
            d.update(q[2])
        return d
    from riichi.errors import RiichiError

    raise RiichiError(f"requests[{i}]: expected a dict or (hand, win_tile[, kwargs]), got {q!r}")


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
        RiichiError: a bad shape (named), or a row that is not a valid hand (its index).
    """
    c = np.ascontiguousarray(concealed, dtype=np.uint8)
    n = c.shape[0]

    def col(a, dtype, shape, fill=0):
        if a is None:
            return np.full(shape, fill, dtype=dtype)
        return np.ascontiguousarray(a, dtype=dtype)

    d = col(dora, np.int8, (n, 1), -1)
    r = (rules or Rules()).scoring()
    out: dict[str, np.ndarray] = _core.score_arrays(
        c,
        col(win_tile, np.uint8, (n,)),
        col(red, np.uint8, (n, 3)),
        col(melds, np.uint8, (n, 0, 3)),
        col(flags, np.uint16, (n,)),
        col(seat_wind, np.uint8, (n,)),
        col(round_wind, np.uint8, (n,)),
        d,
        col(ura, np.int8, d.shape, -1),
        col(honba, np.uint16, (n,)),
        col(kyotaku, np.uint16, (n,)),
        r,
    )
    return out
