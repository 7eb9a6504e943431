"""The tables of many logs as Dask DataFrames (:func:`read_tables`), on ``dask.distributed``.

The work is :func:`riichi.mining.tables.file_tables` (a file in, Arrow record batches
out) on each file; Dask runs it wherever its scheduler runs tasks: a
``distributed.Client`` on a ``LocalCluster`` on a laptop, or the client of an existing
cluster (``Client("tcp://scheduler:8786")``), with the same code::

    from distributed import Client, LocalCluster
    import riichi.dask

    with LocalCluster(n_workers=2, threads_per_worker=1) as cluster, Client(cluster):
        t = riichi.dask.read_tables("logs/**/*.mjlog", tables=["games", "wins"])
        wins = t["wins"].compute()          # a pandas DataFrame (Arrow-backed columns)
        t["wins"].groupby("han").size().compute()

Every worker needs riichi with the ``riichi[mining]`` extra and must see the log files at
the same paths. Columns keep the Arrow types of :mod:`riichi.mining.tables` (pandas
``ArrowDtype``), so :func:`to_arrow` gives back exactly the table a single-process export
writes. One partition per ``files_per_partition`` files, in the order of the files; all the
tables of one partition come from one read of its files (computed together, e.g. with
``dask.compute(t["games"], t["wins"])``, each file is replayed once).

Needs the ``riichi[mining]`` extra (pyarrow, dask[dataframe], distributed).
"""

from __future__ import annotations

import glob
import os
from collections.abc import Iterable, Sequence
from typing import Any

from riichi.errors import RiichiError
from riichi.mining import require

__all__ = ["expand_paths", "read_tables", "to_arrow"]


def expand_paths(paths: str | os.PathLike[str] | Iterable[str | os.PathLike[str]]) -> list[str]:
    """Files of ``paths``: a path or glob pattern (``**`` recursive), or a list of them;
    folders are walked (sorted, hidden files skipped). A pattern that matches nothing is an
    error, not an empty result.

    Raises:
        RiichiError: a pattern or path that matches no file; ``paths`` neither a path nor
            an iterable of paths; no file at all (an empty list, empty folders).
    """
    from riichi.mining.export import list_files

    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    else:
        try:
            paths = list(paths)  # type: ignore[arg-type]
        except TypeError:  # not iterable, or only by its type (a 0-d NumPy array)
            raise RiichiError(
                f"riichi.dask: expected a path, a pattern or a list of them, got {paths!r:.80}"
            ) from None
    out: list[str] = []
    for p in paths:
        if not isinstance(p, (str, os.PathLike)):
            raise RiichiError(f"riichi.dask: not a path or pattern: {p!r:.80}")
        p = os.fspath(p)
        if glob.has_magic(p):
            found = sorted(glob.glob(p, recursive=True))
            if not found:
                raise RiichiError(f"riichi.dask: the pattern {p!r} matches no file")
            out += list_files(found)
        elif os.path.exists(p):
            out += list_files([p])
        else:
            raise RiichiError(f"riichi.dask: no such file or folder: {p}")
    if not out:  # as a pattern that matches nothing: an error, not an empty result
        raise RiichiError(f"riichi.dask: no file under {paths!r:.200}")
    return out


def _frames(files: Sequence[str], tables: Sequence[str], rules_json: str | None) -> dict[str, Any]:
    """One partition: the tables of ``files`` as pandas DataFrames with Arrow dtypes."""
    pa = require("pyarrow", "riichi.dask")
    pd = require("pandas", "riichi.dask")
    from riichi.mining.tables import file_tables, schema

    rules = None
    if rules_json is not None:
        from riichi.rules import Rules

        rules = Rules.from_json(rules_json)
    batches: dict[str, list[Any]] = {t: [] for t in tables}
    for f in files:
        for t, b in file_tables(f, tables, rules).items():
            batches[t].append(b)
    return {
        t: pa.Table.from_batches(batches[t], schema(t)).to_pandas(types_mapper=pd.ArrowDtype)
        for t in tables
    }


def _pick(frames: dict[str, Any], table: str) -> Any:
    return frames[table]


def read_tables(
    paths: str | os.PathLike[str] | Iterable[str | os.PathLike[str]],
    tables: Iterable[str] | None = None,
    *,
    files_per_partition: int = 16,
    rules: Any = None,
) -> dict[str, Any]:
    """The tables of the logs under ``paths`` as lazy Dask DataFrames.

    Args:
        paths: a path or glob pattern, or a list of them (:func:`expand_paths`).
        tables: the tables wanted (default all of :data:`riichi.mining.tables.TABLES`).
        files_per_partition: input files per partition (per task).
        rules: a :class:`riichi.Rules` to replay every game under (default: each log's own).

    Returns:
        ``{table: dask.dataframe.DataFrame}``; nothing is read until computed (on the
        current Dask scheduler: a ``distributed.Client``'s cluster when one is active).

    Raises:
        RiichiError: a path or pattern matching nothing; an unknown table;
            ``files_per_partition`` below 1; a missing package of the ``riichi[mining]``
            extra (named).
    """
    dd = require("dask.dataframe", "riichi.dask")
    dask = require("dask", "riichi.dask")
    pd = require("pandas", "riichi.dask")
    require("distributed", "riichi.dask")
    from riichi.mining.tables import check_tables, schema

    wanted = check_tables(tables)
    if type(files_per_partition) is not int or files_per_partition < 1:
        raise RiichiError(
            f"riichi.dask: files_per_partition must be an int of at least 1, got "
            f"{files_per_partition!r}"
        )
    rules_json = None
    if rules is not None:
        from riichi.rules import Rules

        if not isinstance(rules, Rules):
            raise RiichiError(f"riichi.dask: rules must be a riichi.Rules or None, got {rules!r:.80}")
        rules_json = rules.to_json()
    files = expand_paths(paths)
    chunks = [files[i : i + files_per_partition] for i in range(0, len(files), files_per_partition)]
    parts = [
        dask.delayed(_frames, pure=True)(c, wanted, rules_json, dask_key_name=f"riichi-tables-{_key(c, wanted, rules_json)}")
        for c in chunks
    ]
    out = {}
    for t in wanted:
        meta = schema(t).empty_table().to_pandas(types_mapper=pd.ArrowDtype)
        out[t] = dd.from_delayed(
            [dask.delayed(_pick, pure=True)(p, t) for p in parts], meta=meta, verify_meta=False
        )
    return out


def _key(files: Sequence[str], tables: Sequence[str], rules_json: str | None) -> str:
    from dask.base import tokenize

    return tokenize(list(files), list(tables), rules_json)


def to_arrow(frame: Any, table: str) -> Any:
    """A computed DataFrame of :func:`read_tables` (pandas) as a ``pyarrow.Table`` with the
    schema of ``table``.

    Raises:
        RiichiError: an unknown table; pyarrow missing.
    """
    pa = require("pyarrow", "riichi.dask")
    from riichi.mining.tables import schema

    s = schema(table)
    return pa.Table.from_pandas(frame, schema=s, preserve_index=False)
