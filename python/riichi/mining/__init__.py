"""Log mining: per-decision data, Arrow tables, Parquet export, per-player statistics.

- :func:`decisions` (:mod:`riichi.mining.decision`): every decision of a replayed and
  verified game, with the seat's :class:`Observation`, its legal actions and the logged
  action. Needs nothing beyond riichi.
- :mod:`riichi.mining.tables`: the documented Arrow schema (``SCHEMA_VERSION``) of the
  games, rounds, decisions, wins, draws, players and errors tables, and
  :func:`~riichi.mining.tables.file_tables`, the engine-agnostic per-file function (a file
  in, one Arrow record batch per table out).
- :mod:`riichi.mining.export`: ``riichi export``, streamed Parquet.
- :mod:`riichi.mining.stats`: ``riichi stats``, per-player statistics from the tables.
- :mod:`riichi.dask`: the tables of many logs as Dask DataFrames, on ``dask.distributed``.

The tables, export, stats and Dask need the optional extra ``riichi[mining]`` (pyarrow,
dask, distributed); without it they raise :class:`riichi.RiichiError` naming the extra.
"""

from __future__ import annotations

import importlib
from typing import Any

from riichi.errors import RiichiError

__all__ = ["Decision", "Observation", "action_text", "decisions", "game_decisions", "require"]

_LAZY = {
    "Decision": "riichi.mining.decision",
    "action_text": "riichi.mining.decision",
    "decisions": "riichi.mining.decision",
    "game_decisions": "riichi.mining.decision",
    "Observation": "riichi.mining.observation",
}


def require(module: str, what: str) -> Any:
    """Import ``module`` (a package of the ``riichi[mining]`` extra) for ``what``.

    Raises:
        RiichiError: the package is not installed; the message names the extra.
    """
    try:
        return importlib.import_module(module)
    except ImportError as e:
        top = module.split(".")[0]
        raise RiichiError(
            f"{what} needs the optional package {top!r}, which is not installed "
            f"({e}): install the extra with pip install 'riichi[mining]'"
        ) from None


def __getattr__(name: str) -> object:
    if name in _LAZY:
        value = getattr(importlib.import_module(_LAZY[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'riichi.mining' has no attribute {name!r}")
