"""``riichi stats``: per-player statistics computed from the ``players`` table.

Each player (by name, as the logs write it; an empty name counts as ``""``) gets, over the
replayed games they played in:

- ``games``: games; ``rounds``: rounds played;
- ``avg_rank``: mean final rank (games with a logged end only; null when none);
- ``win_rate``, ``deal_in_rate``, ``riichi_rate``, ``call_rate``: per round, the share of
  rounds the player won (a double ron counts each winner), dealt into (its discard, kakan or
  North was won on), declared riichi in, called chi, pon or daiminkan in;
- ``avg_win_points``, ``avg_deal_in_points``: the mean logged value of its wins and of the
  hands it dealt into (points before honba and riichi sticks; null when none).

Rates are per round played; ``avg_rank`` takes the ``players`` table's ranks (ties as the
game's rules rank them: by seat order, or shared under ``Rules.tied_ranks="shared"``).
Three- and four-player games count together (a name's games in both mix ranks 1..3 and
1..4): to keep them apart, filter the ``players`` table by the games' ``players`` column
before :func:`player_stats`. Needs the ``riichi[mining]`` extra (pyarrow).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import Any

from riichi.errors import RiichiError
from riichi.mining import require

__all__ = ["STATS_COLUMNS", "format_stats", "player_stats", "players_table"]

#: The columns of :func:`player_stats`, in order.
STATS_COLUMNS = (
    "player", "games", "rounds", "avg_rank", "win_rate", "deal_in_rate", "riichi_rate",
    "call_rate", "avg_win_points", "avg_deal_in_points",
)  # fmt: skip


def players_table(paths: Iterable[str | os.PathLike[str]], *, jobs: int = 1) -> Any:
    """The ``players`` table of the logs under ``paths``, or of an export folder (one that
    holds ``players/`` Parquet files written by ``riichi export``) read as it is.

    Also returns the ``errors`` rows of the logs read, or of the export (files that could
    not be read, games not replayed, mismatches): ``(players, errors)`` as two
    ``pyarrow.Table``.

    An export folder is read as the export alone: other files in it (logs copied beside
    the tables) are not read as logs, and a ``UserWarning`` names how many and the first
    (give them as their own paths to count them).

    Raises:
        RiichiError: pyarrow missing; ``jobs`` below 1; ``paths`` not a list of paths (a
            single str is refused: give a list).
    """
    pa = require("pyarrow", "riichi stats")
    from riichi.mining.export import list_files, refused_batches
    from riichi.mining.tables import file_tables, schema

    if type(jobs) is not int or jobs < 1:
        raise RiichiError(f"stats: jobs must be an int of at least 1, got {jobs!r}")
    items = None
    if not isinstance(paths, (str, bytes)) and hasattr(paths, "__iter__"):
        try:
            items = list(paths)
        except TypeError:  # iterable by its type only: a 0-d NumPy array
            items = None
    if items is None:
        raise RiichiError(f"stats: paths must be a list of paths, got {paths!r:.60}")
    names = []
    for p in items:
        if not isinstance(p, (str, os.PathLike)):
            raise RiichiError(f"stats: not a path: {p!r:.60}")
        names.append(os.fspath(p))
    logs: list[str] = []
    players: list[Any] = []
    errors: list[Any] = []
    for p in names:
        if os.path.isdir(os.path.join(p, "players")) and os.path.isfile(
            os.path.join(p, "_schema.json")
        ):
            pq = require("pyarrow.parquet", "riichi stats")
            players.append(pq.read_table(os.path.join(p, "players"), schema=schema("players")))
            if os.path.isdir(os.path.join(p, "errors")):  # as from the logs themselves
                errors.append(pq.read_table(os.path.join(p, "errors"), schema=schema("errors")))
            _warn_left_out(p)
        else:
            logs.append(p)
    refused: list[tuple[str, Exception]] = []
    files = list_files(logs, refused)
    want = ("players", "errors")
    if refused:  # folders not listed, looping links: errors rows, as verify reports them
        errors.append(pa.Table.from_batches([refused_batches(refused, ["errors"])["errors"]]))
    if jobs == 1 or len(files) < 2:
        for f in files:
            b = file_tables(f, want)
            players.append(pa.Table.from_batches([b["players"]]))
            errors.append(pa.Table.from_batches([b["errors"]]))
    else:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=min(jobs, len(files))) as pool:  # one per file at most
            for b in pool.map(file_tables, files, [want] * len(files), chunksize=8):
                players.append(pa.Table.from_batches([b["players"]]))
                errors.append(pa.Table.from_batches([b["errors"]]))
    p_all = pa.concat_tables([t.cast(schema("players")) for t in players]) if players else schema(
        "players"
    ).empty_table()
    e_all = pa.concat_tables(errors) if errors else schema("errors").empty_table()
    return p_all, e_all


def _warn_left_out(folder: str) -> None:
    """Warn about the files of an export folder that are not the export's own (its table
    folders and ``_schema.json``): they are not read."""
    import warnings

    from riichi.mining.export import list_files
    from riichi.mining.tables import TABLES

    own = {*TABLES, "features", "_schema.json"}
    other = [f for f in list_files([folder], [])
             if os.path.relpath(f, folder).split(os.sep)[0] not in own]  # fmt: skip
    if other:
        warnings.warn(
            f"{folder} is read as a riichi export (its tables); {len(other)} other file(s) "
            f"in it are not read as logs (first: {other[0]}): give them as their own paths",
            UserWarning,
            stacklevel=3,
        )


def player_stats(players: Any, min_games: int = 1) -> Any:
    """Per-player statistics (see the module text) from a ``players`` table.

    Args:
        players: a ``pyarrow.Table`` with the ``players`` schema (or its columns ``name``,
            ``game_id``, ``rank``, ``rounds``, ``wins``, ``deal_ins``, ``riichi``,
            ``called``, ``win_points``, ``deal_in_points``).
        min_games: leave out players with fewer games.

    Returns:
        A ``pyarrow.Table`` with :data:`STATS_COLUMNS`, most games first (then by name).

    Raises:
        RiichiError: pyarrow missing; ``players`` lacks a column; ``min_games`` not an int
            of at least 1.
    """
    pa = require("pyarrow", "riichi stats")
    pc = require("pyarrow.compute", "riichi stats")
    if type(min_games) is not int or min_games < 1:
        raise RiichiError(f"stats: min_games must be an int of at least 1, got {min_games!r}")
    need = ("name", "game_id", "rank", "rounds", "wins", "deal_ins", "riichi", "called",
            "win_points", "deal_in_points")  # fmt: skip
    if not isinstance(players, pa.Table):
        raise RiichiError(f"stats: expected a pyarrow.Table, got {type(players).__name__}")
    missing = [c for c in need if c not in players.column_names]
    if missing:
        raise RiichiError(f"stats: the players table lacks the column(s) {', '.join(missing)}")
    g = players.group_by("name").aggregate(
        [
            ("game_id", "count"),
            ("rounds", "sum"),
            ("rank", "mean"),
            ("wins", "sum"),
            ("deal_ins", "sum"),
            ("riichi", "sum"),
            ("called", "sum"),
            ("win_points", "sum"),
            ("deal_in_points", "sum"),
        ]
    )
    rounds = pc.cast(g["rounds_sum"], pa.float64())

    def per(num: Any, den: Any) -> Any:
        den = pc.cast(den, pa.float64())
        return pc.if_else(pc.equal(den, 0), None, pc.divide(pc.cast(num, pa.float64()), den))

    out = pa.table(
        {
            "player": g["name"],
            "games": pc.cast(g["game_id_count"], pa.int64()),
            "rounds": pc.cast(g["rounds_sum"], pa.int64()),
            "avg_rank": g["rank_mean"],
            "win_rate": per(g["wins_sum"], rounds),
            "deal_in_rate": per(g["deal_ins_sum"], rounds),
            "riichi_rate": per(g["riichi_sum"], rounds),
            "call_rate": per(g["called_sum"], rounds),
            "avg_win_points": per(g["win_points_sum"], g["wins_sum"]),
            "avg_deal_in_points": per(g["deal_in_points_sum"], g["deal_ins_sum"]),
        }
    )
    out = out.filter(pc.greater_equal(out["games"], min_games))
    return out.sort_by([("games", "descending"), ("player", "ascending")])


def format_stats(stats: Any, limit: int | None = None) -> str:
    """The statistics table as aligned text (rates in percent, points whole), the first
    ``limit`` rows (None: all).

    Raises:
        RiichiError: ``limit`` is neither None nor an int of at least 0; ``stats`` not the
            table :func:`player_stats` gives (named with the value).
    """
    if limit is not None and (type(limit) is not int or limit < 0):
        raise RiichiError(f"stats: limit must be None or an int of at least 0, got {limit!r}")
    to_pylist = getattr(stats, "to_pylist", None)
    if not callable(to_pylist):
        raise RiichiError(f"stats: expected the table of player_stats, got {stats!r:.60}")
    rows = to_pylist()
    shown = rows if limit is None else rows[:limit]
    head = ("player", "games", "rounds", "avg rank", "win %", "deal-in %", "riichi %",
            "call %", "avg win", "avg deal-in")  # fmt: skip

    def pct(v: Any) -> str:
        return "-" if v is None else f"{100 * v:.1f}"

    def num(v: Any, fmt: str) -> str:
        return "-" if v is None else format(v, fmt)

    body = [
        (
            r["player"] if r["player"] else "(no name)",
            str(r["games"]),
            str(r["rounds"]),
            num(r["avg_rank"], ".2f"),
            pct(r["win_rate"]),
            pct(r["deal_in_rate"]),
            pct(r["riichi_rate"]),
            pct(r["call_rate"]),
            num(r["avg_win_points"], ".0f"),
            num(r["avg_deal_in_points"], ".0f"),
        )
        for r in shown
    ]
    widths = [max(_width(h), *(_width(b[i]) for b in body)) if body else len(h)
              for i, h in enumerate(head)]  # fmt: skip
    lines = [
        "  ".join(
            c + " " * (w - _width(c)) if i == 0 else " " * (w - _width(c)) + c
            for i, (c, w) in enumerate(zip(row, widths))
        ).rstrip()
        for row in [head, *body]
    ]
    if limit is not None and len(rows) > limit:
        lines.append(f"... {len(rows) - limit} more players (see --csv / --parquet)")
    return "\n".join(lines)


def _width(text: str) -> int:
    """Columns ``text`` takes in a terminal (East Asian wide characters take two)."""
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)
