"""The optional ``features`` table of ``riichi export --features``: the feature arrays of
every decision (:mod:`riichi.features`) as fixed-size list columns.

``features`` (one row per decision, in the order of the ``decisions`` table; join on
game_id and step):
    game_id, step (int32: the decision's index in its game, as ``decisions.step``), seat
    (int8), players (int8: 4 or 3), feature_version (int16:
    :data:`riichi.features.FEATURE_VERSION`), action (int16: the logged action's index in
    the mask), then one column per array of :func:`riichi.features.feature_spec` with the
    same name: ``shanten`` an int8 value, every other array flattened in C order into a
    ``fixed_size_list`` of its dtype (bool, int8, uint8, int32) and the size of its
    four-player shape. A three-player row fills the missing fourth seat of the per-seat
    arrays (melds, nukidora, river, scores, riichi) with the values of an empty slot:
    melds 0, nukidora 0, river -1, scores 0, riichi False.

The table is not among the default tables (it is the largest, about 2 KB a decision): ask
for it with ``--features`` or ``tables=[..., "features"]``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from riichi import features
from riichi.errors import IllegalAction
from riichi.mining import require

__all__ = ["TABLE", "batch", "schema"]

TABLE = "features"
_HEAD = (("game_id", "string"), ("step", "int32"), ("seat", "int8"), ("players", "int8"),
         ("feature_version", "int16"), ("action", "int16"))  # fmt: skip
# what a missing fourth seat holds in each per-seat array (an empty slot's value)
_SEAT_FILL = {"melds": 0, "nukidora": 0, "river": -1, "scores": 0, "riichi": False}
_SCHEMA: list[Any] = []


def _arrow_type(pa: Any, dtype: np.dtype[Any]) -> Any:
    return pa.bool_() if dtype == np.bool_ else pa.from_numpy_dtype(dtype)


def schema() -> Any:
    """The ``pyarrow.Schema`` of the ``features`` table (metadata ``riichi.table`` and
    ``riichi.feature_version``).

    Raises:
        RiichiError: pyarrow is not installed (the ``riichi[mining]`` extra).
    """
    if _SCHEMA:
        return _SCHEMA[0]
    pa = require("pyarrow", "the riichi tables")
    from riichi.mining.tables import SCHEMA_VERSION

    fields = [
        pa.field(n, getattr(pa, "string" if t == "string" else t)(), nullable=False)
        for n, t in _HEAD
    ]
    for name, (shape, dtype) in features.feature_spec(4).items():
        t = _arrow_type(pa, dtype)
        size = int(np.prod(shape))
        fields.append(pa.field(name, t if not shape else pa.list_(t, size), nullable=False))
    s = pa.schema(
        fields,
        metadata={
            "riichi.schema_version": str(SCHEMA_VERSION),
            "riichi.table": TABLE,
            "riichi.feature_version": str(features.FEATURE_VERSION),
        },
    )
    _SCHEMA.append(s)
    return s


def columns() -> dict[str, str]:
    """Column name -> Arrow type text (for ``_schema.json``)."""
    return {f.name: str(f.type) for f in schema()}


def _to4(name: str, a: np.ndarray[Any, Any], players: int) -> np.ndarray[Any, Any]:
    """A three-player array with the fourth seat filled (batch axis first)."""
    if players == 4 or name not in _SEAT_FILL:
        return a
    pad = [(0, 0)] * a.ndim
    pad[1] = (0, 4 - players)
    return np.pad(a, pad, constant_values=_SEAT_FILL[name])


def batch(game_id: str, decisions: list[Any]) -> Any:
    """The ``features`` rows of one game's decisions (:class:`riichi.mining.decision.Decision`)
    as a ``pyarrow.RecordBatch`` of :func:`schema`.

    Decisions made with ``features=True`` (as ``riichi export --features`` makes them) give
    their arrays from their game's batch and their action indices from the core's record
    of each view (no observation built); other decisions are encoded from their
    observations (one ``encode_batch`` call). Both give the same rows.

    Raises:
        RiichiError: pyarrow missing; a decision whose observation does not encode, or
            whose logged action is no legal choice of it (``IllegalAction``, naming it).
    """
    pa = require("pyarrow", "the riichi tables")
    s = schema()
    m = len(decisions)
    if not m:
        return pa.RecordBatch.from_pylist([], schema=s)
    fast = _fast(decisions)
    if fast is not None:
        players, arrays, action = fast
    else:
        obs = [d.observation for d in decisions]
        players = obs[0].players
        arrays = features.encode_batch(obs)
        action = [features.action_index(o, d.action) for o, d in zip(obs, decisions)]
    cols: list[Any] = [
        pa.array([game_id] * m, pa.string()),
        pa.array(np.arange(m, dtype=np.int32)),
        pa.array(np.array([d.seat for d in decisions], np.int8)),
        pa.array(np.full(m, players, np.int8)),
        pa.array(np.full(m, features.FEATURE_VERSION, np.int16)),
        pa.array(np.array(action, np.int16)),
    ]
    for name, (shape, _) in features.feature_spec(4).items():
        a = _to4(name, arrays[name], players)
        if not shape:
            cols.append(pa.array(a))
            continue
        size = int(np.prod(shape))
        flat = pa.array(np.ascontiguousarray(a).reshape(m * size))
        cols.append(pa.FixedSizeListArray.from_arrays(flat, size))
    return pa.RecordBatch.from_arrays(cols, schema=s)


def _fast(decisions: list[Any]) -> tuple[int, dict[str, Any], list[int]] | None:
    """``(players, arrays, action indices)`` of decisions made with ``features=True``, read
    from their game's batch and the core reader's records; None when any decision lacks
    them (made with ``features=False``, or its observation already built and the record
    dropped), so that the caller encodes the observations instead."""
    ds = [d.__dict__ for d in decisions]
    feats = [x.get("_features") for x in ds]
    lazy = [x.get("_lazy") for x in ds]
    if any(f is None or f.__class__ is not tuple for f in feats) or any(x is None for x in lazy):
        return None
    reader = lazy[0][0]
    if any(x[0] is not reader for x in lazy):
        return None
    batch = feats[0][0]
    if all(f[0] is batch for f in feats) and [f[1] for f in feats] == list(
        range(len(next(iter(batch.values()))))
    ):
        arrays = batch  # the whole game in order: its batch as it is
    else:
        rows = [f[1] for f in feats]
        arrays = {k: np.stack([f[0][k][j] for f, j in zip(feats, rows)]) for k in batch}
    players = _players(arrays)
    found = reader.action_indices([x[1] for x in lazy], [d.action for d in decisions])
    action = []
    for d, (i, reason) in zip(decisions, found):
        if i < 0:  # as features.action_index words it
            seat = d.seat
            if i == -1:
                raise IllegalAction(f"{d.action!r} is no choice of seat {seat} here: {reason}")
            raise IllegalAction(
                f"{d.action!r} is not a legal action of seat {seat} here ({reason})"
            )
        action.append(i)
    return players, arrays, action


def _players(arrays: dict[str, Any]) -> int:
    """The players of a batch (the seat axis of its per-seat arrays)."""
    return int(arrays["scores"].shape[1])
