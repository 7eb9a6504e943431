"""``riichi export``: the tables of many logs (:mod:`riichi.mining.tables`) as Parquet.

Layout of the output folder::

    DIR/_schema.json                        every table's columns and the schema version
    DIR/<table>/part-00000.parquet          one file per table per part of the input
    DIR/<table>/part-00001.parquet ...

The input files (folders walked as ``riichi verify`` walks them: recursively, sorted, hidden
files skipped, linked folders followed once; zip archives read member by member) are cut into parts of ``files_per_part`` files, in order; part ``n``
of every table holds the rows of the files of part ``n``, so the output does not depend on
``jobs``, and one part's files can be read alone. Files are read a chunk of games at a
time (``games_per_batch`` games, :func:`~riichi.mining.tables.iter_file_tables`), rows are
written as a Parquet row group every ``batch_rows`` rows or ``batch_bytes`` bytes of Arrow
buffers (default :data:`BATCH_BYTES`) and the part's file is closed at the part's end: at
most that per table plus one chunk are held, however many files, and however many games one
archive holds. A part with no row for a table writes no file for it (a table with no row at all gets one
empty ``part-00000.parquet``, so that every table asked for can be read). Files that cannot be read become rows of
``errors``; the rest goes on. A folder that cannot be listed and a link that would loop (to
a folder that holds it) are ``errors`` rows too, in one part after the last.

Needs the ``riichi[mining]`` extra (pyarrow).
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from riichi.errors import RiichiError
from riichi.mining import require
from riichi.mining.tables import (
    GAMES_PER_BATCH,
    check_tables,
    iter_file_tables,
    json_schema,
    schema,
)

__all__ = ["ExportResult", "export", "list_files"]


@dataclass
class ExportResult:
    """What an export wrote.

    Attributes:
        files: input files read (an archive counts once).
        rows: rows written per table.
        parts: parts of the input (each written as one Parquet file per table with rows).
        seconds: wall time.
    """

    files: int = 0
    rows: dict[str, int] = field(default_factory=dict)
    parts: int = 0
    seconds: float = 0.0

    def add(self, files: int, rows: dict[str, int]) -> None:
        """Add one part's counts."""
        self.files += files
        self.parts += 1
        for t, n in rows.items():
            self.rows[t] = self.rows.get(t, 0) + n


def list_files(
    paths: Iterable[str | os.PathLike[str]],
    refused: list[tuple[str, Exception]] | None = None,
) -> list[str]:
    """The files under ``paths``, as ``riichi verify`` finds them: folders walked by
    :func:`riichi.logs._common.files_under` (sorted, hidden names skipped, linked folders
    followed once), other paths as given (a missing one too: reading it reports it).

    Args:
        paths: files, folders and zip archives.
        refused: where a folder that cannot be listed, or a link that would loop (a link to
            a folder that holds it), goes as ``(path, LogFormatError)``. None: each is
            reported by a ``UserWarning`` naming it and why, never silently left out.

    Raises:
        RiichiError: ``paths`` is a single str (give a list) or holds a non-path.
    """
    from riichi.logs._common import paths_under

    if isinstance(paths, (str, bytes)):
        raise RiichiError(f"expected a list of paths, got the string {paths!r:.80}")
    try:
        items = list(paths)
    except TypeError:  # not iterable, or only by its type (a 0-d NumPy array)
        raise RiichiError(f"expected a list of paths, got {paths!r:.80}") from None
    checked: list[str] = []
    for p in items:
        if not isinstance(p, (str, os.PathLike)):
            raise RiichiError(f"not a path: {p!r:.80}")
        checked.append(os.fspath(p))
    out: list[str] = []
    for path, error in paths_under(checked):
        if error is None:
            out.append(path)
        elif refused is not None:
            refused.append((path, error))
        else:
            import warnings

            warnings.warn(f"not read: {error}", UserWarning, stacklevel=2)
    return out


def refused_batches(
    refused: Sequence[tuple[str, Exception]], tables: Sequence[str]
) -> dict[str, Any]:
    """The table rows of the paths :func:`list_files` could not walk: one ``errors`` row
    (kind ``unreadable``) each, as an unreadable file gets, so that an export counts them
    as ``riichi verify`` does."""
    from riichi.mining.tables import _Rows, _shown
    from riichi.replay import _unreadable

    rows = _Rows(tables)
    for path, error in refused:
        p = _unreadable(_shown(path), error)
        rows.add("errors", game_id=_shown(path), kind="unreadable", position=p.position,
                 field="", reason=_shown(p.reason))  # fmt: skip
    return rows.batches()


def pq_table(batch: Any) -> Any:
    pa = require("pyarrow", "riichi export")
    return pa.Table.from_batches([batch])


def _parts(files: Sequence[str], size: int) -> Iterator[tuple[int, list[str]]]:
    for n, i in enumerate(range(0, len(files), size)):
        yield n, list(files[i : i + size])


BATCH_BYTES = 8 * 2**20
"""Bytes of Arrow buffers a table's pending rows may reach before :func:`write_part` writes
them as a row group (whatever ``batch_rows`` says)."""


def write_part(
    n: int,
    files: Sequence[str],
    out: str,
    tables: Sequence[str],
    batch_rows: int = 65536,
    rules_json: str | None = None,
    progress: Callable[[int], Any] | None = None,
    games_per_batch: int = GAMES_PER_BATCH,
    batch_bytes: int = BATCH_BYTES,
) -> dict[str, int]:
    """Write part ``n`` (the rows of ``files``) of each table under ``out``; return the rows
    written per table. The unit of work of :func:`export` (run in a worker process when
    ``jobs > 1``); ``progress(1)`` is called after each file.

    Files are read with :func:`~riichi.mining.tables.iter_file_tables`, ``games_per_batch``
    games at a time, and a table's pending rows are written as a row group once they reach
    ``batch_rows`` rows or ``batch_bytes`` bytes of Arrow buffers (the ``features`` table
    is about 1 KB a row: 65,536 of its rows would hold 70 MB), so they never exceed that
    plus one chunk (an archive of many games is not held whole). The rows written are those of
    :func:`~riichi.mining.tables.file_tables` of each file, in order.

    Raises:
        RiichiError: pyarrow missing; an unknown table; ``batch_rows``, ``batch_bytes``
            or ``games_per_batch`` not an int of at least 1.
    """
    pq = require("pyarrow.parquet", "riichi export")
    pa = require("pyarrow", "riichi export")
    for name, v in (("batch_rows", batch_rows), ("batch_bytes", batch_bytes),
                    ("games_per_batch", games_per_batch)):  # fmt: skip
        if type(v) is not int or v < 1:
            raise RiichiError(f"write_part: {name} must be an int of at least 1, got {v!r:.80}")
    rules = None
    if rules_json is not None:
        from riichi.rules import Rules

        rules = Rules.from_json(rules_json)
    pending: dict[str, list[Any]] = {t: [] for t in tables}
    buffered = dict.fromkeys(tables, 0)
    held = dict.fromkeys(tables, 0)  # bytes of the pending batches
    written = dict.fromkeys(tables, 0)
    writers: dict[str, Any] = {}

    def flush(t: str) -> None:
        if not pending[t]:
            return
        w = writers.get(t)
        if w is None:
            folder = os.path.join(out, t)
            os.makedirs(folder, exist_ok=True)
            w = writers[t] = pq.ParquetWriter(
                os.path.join(folder, f"part-{n:05d}.parquet"), schema(t)
            )
        w.write_table(pa.Table.from_batches(pending[t], schema(t)))
        written[t] += buffered[t]
        pending[t] = []
        buffered[t] = held[t] = 0

    try:
        for f in files:
            for chunk in iter_file_tables(f, tables, rules, games_per_batch):
                for t, batch in chunk.items():
                    if batch.num_rows:
                        pending[t].append(batch)
                        buffered[t] += batch.num_rows
                        held[t] += batch.nbytes
                        if buffered[t] >= batch_rows or held[t] >= batch_bytes:
                            flush(t)
                del chunk  # the next chunk is built without this one alive
            if progress is not None:
                progress(1)
        for t in tables:
            flush(t)
    finally:
        for w in writers.values():
            w.close()
    return written


def export(
    paths: Iterable[str | os.PathLike[str]],
    out: str | os.PathLike[str],
    tables: Iterable[str] | None = None,
    *,
    jobs: int = 1,
    files_per_part: int = 64,
    batch_rows: int = 65536,
    rules: Any = None,
    progress: Callable[[int], Any] | None = None,
    games_per_batch: int = GAMES_PER_BATCH,
    batch_bytes: int = BATCH_BYTES,
) -> ExportResult:
    """Export the tables of every log under ``paths`` to Parquet under ``out`` (see the
    module text for the layout).

    Args:
        paths: files, folders (walked) and zip archives.
        out: the output folder (created; a folder that already holds an export is
            refused, so that parts of two exports never mix).
        tables: the tables to write (default all of :data:`~riichi.mining.tables.TABLES`).
        jobs: worker processes (1: this process).
        files_per_part: input files per part (per Parquet file of each table).
        batch_rows: most rows per Parquet row group, give or take one chunk of games (a
            table's rows are buffered up to this, or up to ``batch_bytes``).
        rules: a :class:`riichi.Rules` to replay every game under (default: each log's own).
        progress: called with the number of files done since its last call.
        games_per_batch: games read from a file (an archive's members, a kobalab file's
            games) per chunk, default :data:`~riichi.mining.tables.GAMES_PER_BATCH` (8):
            fewer hold less at a time, more pay the per-chunk work less often. Rows of
            every table are the same whatever it is; only the row groups they are written
            in may change.
        batch_bytes: most bytes of Arrow buffers a table's pending rows reach before they
            are written as a row group, give or take one chunk, default
            :data:`BATCH_BYTES` (8 MiB): with ``batch_rows`` it bounds the memory held per
            table (the ``features`` table is about 1 KB a row).

    Returns:
        An :class:`ExportResult`.

    Raises:
        RiichiError: a bad argument (``jobs``, ``files_per_part``, ``batch_rows``,
            ``games_per_batch`` or ``batch_bytes`` not an int of at least 1, named with
            its value; an unknown table), ``out`` is a file, already holds an export or cannot be
            made (its parent is a file, a permission), pyarrow is missing (the
            ``riichi[mining]`` extra).
        OSError: a part cannot be written once the export has started (disk full).
    """
    require("pyarrow.parquet", "riichi export")
    wanted = check_tables(tables)
    for name, v in (("jobs", jobs), ("files_per_part", files_per_part), ("batch_rows", batch_rows),
                    ("games_per_batch", games_per_batch), ("batch_bytes", batch_bytes)):  # fmt: skip
        if type(v) is not int or v < 1:
            raise RiichiError(f"export: {name} must be an int of at least 1, got {v!r:.80}")
    out = os.fspath(out)
    if os.path.exists(out) and not os.path.isdir(out):
        raise RiichiError(f"export: {out} is a file, not a folder")
    if os.path.exists(os.path.join(out, "_schema.json")):
        raise RiichiError(f"export: {out} already holds an export (_schema.json): give a new folder")
    rules_json = None
    if rules is not None:
        from riichi.rules import Rules

        if not isinstance(rules, Rules):
            raise RiichiError(f"export: rules must be a riichi.Rules or None, got {rules!r:.80}")
        rules_json = rules.to_json()  # Rules hold a cached Rust object: send the text
    refused: list[tuple[str, Exception]] = []
    files = list_files(paths, refused)
    t0 = time.perf_counter()
    try:
        os.makedirs(out, exist_ok=True)
    except OSError as e:
        raise RiichiError(f"export: cannot make the output folder {out}: {e.strerror or e}") from None
    result = ExportResult(rows=dict.fromkeys(wanted, 0))
    parts = list(_parts(files, files_per_part))
    if jobs == 1 or len(parts) <= 1:
        for n, chunk in parts:
            written = write_part(n, chunk, out, wanted, batch_rows, rules_json, progress,
                                 games_per_batch, batch_bytes)  # fmt: skip
            result.add(len(chunk), written)
    else:
        with ProcessPoolExecutor(max_workers=min(jobs, len(parts))) as pool:  # one per part at most
            futures = {
                pool.submit(write_part, n, chunk, out, wanted, batch_rows, rules_json, None,
                            games_per_batch, batch_bytes): chunk
                for n, chunk in parts
            }  # fmt: skip
            from concurrent.futures import as_completed

            for fut in as_completed(futures):
                result.add(len(futures[fut]), fut.result())
                if progress is not None:
                    progress(len(futures[fut]))
    pq = require("pyarrow.parquet", "riichi export")
    if refused and "errors" in wanted:  # folders not listed, looping links: as verify reports them
        folder = os.path.join(out, "errors")
        os.makedirs(folder, exist_ok=True)
        batch = refused_batches(refused, ["errors"])["errors"]
        pq.write_table(pq_table(batch), os.path.join(folder, f"part-{len(parts):05d}.parquet"))
        result.rows["errors"] += batch.num_rows
    for t in wanted:  # every table asked for has a folder a reader can open, rows or not
        folder = os.path.join(out, t)
        if not os.path.isdir(folder) or not os.listdir(folder):
            os.makedirs(folder, exist_ok=True)
            pq.write_table(schema(t).empty_table(), os.path.join(folder, "part-00000.parquet"))
    with open(os.path.join(out, "_schema.json"), "w", encoding="utf-8") as fh:
        text = json_schema()
        if "features" in wanted:  # the optional table: its columns and feature version
            from riichi.mining import feature_table

            js = json.loads(text)
            js["features"] = {
                "feature_version": feature_table.features.FEATURE_VERSION,
                "columns": feature_table.columns(),
            }
            text = json.dumps(js, indent=1)
        fh.write(text + "\n")
    result.seconds = time.perf_counter() - t0
    return result
