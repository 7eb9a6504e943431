"""Arrow tables of logged games: the schema and the per-file function.

:func:`file_tables` reads one file (a log, a file of several kobalab games, or a zip archive
of logs), replays and verifies every game in it and returns one ``pyarrow.RecordBatch`` per
table; :func:`iter_file_tables` gives the same rows a chunk of games at a time (what
``riichi export`` uses, so that an archive of many games is never held whole). It depends
on no execution engine: ``riichi export`` runs it in one process or a
process pool, :mod:`riichi.dask` on a Dask cluster, and anything else that can call a
function on a path can too. A file that cannot be read gives rows in ``errors``, never an
exception.

Schema version :data:`SCHEMA_VERSION` (stored in every table's schema metadata under
``riichi.schema_version``, and in ``_schema.json`` of an export). Every table has
``game_id``: the game's name as ``riichi verify`` reports it (the file path; ``archive.zip:
member`` for a member of a zip archive; ``file.json#i`` for the i-th game of a kobalab
array). Seats are absolute 0..n-1 (0 = the first dealer); tiles are mpsz text (``"5m"``,
``"0p"`` = red five, honours ``1z``..``7z``); points are points. Nullable columns are
null where the log does not record the value.

``games`` (one row per game read, replayed or not):
    game_id, format (``tenhou_xml`` ``tenhou6`` ``mjai`` ``kobalab`` ``majsoul``...),
    players (int8: 4 or 3), length (``hanchan``/``tonpuusen``...), red_fives (bool),
    go_type (int32, Tenhou's ``<GO type>``), date (``yyyymmdd`` from a Tenhou log id),
    names (list<string>), rules (JSON of the :class:`riichi.Rules` replayed under),
    replayed (bool: at least one round replayed), ok (bool: replayed with no mismatch and
    nothing unsupported), rounds, wins, draws (int32: replayed rounds, their logged wins and
    draws), actions (int32: logged actions checked), decisions (int32, null when the
    decisions table was not built), mismatches, unsupported (int32), fragment (bool),
    unfinished_rounds (int32), final_points_check (``agree`` ``differ`` ``unchecked`` or
    ``""``), final_scores (list<int32>), final_points (list<float64>).

``rounds`` (one row per replayed round):
    game_id, round_index (int16: index in the log), round_wind (int8 0..3), kyoku (int8
    1..4), honba, kyotaku (int16), dealer (int8), scores (list<int32>: at the start),
    result (``hora``, ``ryukyoku`` or ``""`` when the log stops inside the round),
    draw_reason (string, null unless a draw), winners (list<int8>), deltas (list<int32>:
    every settlement's score changes summed, null when the log records none), ok (bool: no
    mismatch in this round).

``decisions`` (one row per decision, :mod:`riichi.mining.decision`):
    game_id, round_index (int16), event_index, action_index (int32), step (int32: the
    decision's index in its game), seat (int8), kind (``turn``/``claim``), action (text of
    :func:`~riichi.mining.decision.action_text`), action_type (``dahai`` ``riichi`` ``chi``
    ``pon`` ``daiminkan`` ``ankan`` ``kakan`` ``nukidora`` ``tsumo`` ``ron`` ``pass``
    ``kyuushu``), tile (the action's tile, null for none), tsumogiri (bool), inferred
    (bool), taken_by (int8), legal (list<string>: the legal actions as text), n_legal
    (int16), hand (the seat's concealed tiles as compact mpsz, e.g. ``"120m5z"``), drawn
    (tile), pending (the tile open to claims), melds (int8: the seat's melds), riichi
    (bool: the seat's riichi stands), shanten (int8: of the concealed hand, melds implied
    by its size), scores (list<int32>), round_wind, seat_wind (int8 0..3), honba, kyotaku
    (int16), live_tiles_left (int16), ok (bool: the game replayed with no mismatch),
    problem (string).

``wins`` (one row per logged win of a replayed round; a double ron gives two):
    game_id, round_index (int16), event_index (int32), seat (int8: the winner), from_seat
    (int8: the discarder; the winner for tsumo), tsumo (bool), tile, han (int16), fu
    (int16; filled from the engine where the log leaves it out and the engine agrees with
    every recorded field), points (int32: the hand's value before honba and sticks),
    limit (int8: 0 none, 1 mangan .. 5 yakuman, Tenhou's code), yaku (list<string>),
    yaku_han (list<int16>, 13 per yakuman), dora, akadora, uradora (int16: han from
    each), dora_indicators, uradora_indicators (list<string>), pao (int8: the liable
    seat), deltas (list<int32>), riichi (bool: the winner had declared riichi), ok (bool).

``draws`` (one row per logged draw of a replayed round):
    game_id, round_index (int16), event_index (int32), reason (one of
    :data:`riichi.events.RYUKYOKU_REASONS`), tenpai (list<bool>; filled from the engine
    where the log leaves it out), deltas (list<int32>), ok (bool).

``players`` (one row per seat of a replayed game):
    game_id, seat (int8), name, rank (int8: 1.., from the log's final scores, else its
    final points, as the game ranks them under the replay's rules: ties by seat order, or
    shared under ``Rules.tied_ranks="shared"``; null without a logged end), final_score
    (int32), final_points (float64), rounds (int32: replayed rounds), wins, tsumo_wins, deal_ins
    (int32: the seat's discard, kakan or North won on), riichi (int32: rounds it
    declared riichi in), called (int32: rounds it called chi, pon or daiminkan in),
    win_points, deal_in_points (int64: sums of the logged ``points`` of those wins).

``errors`` (one row per problem, as ``riichi verify --json`` lists them):
    game_id (the file, game or member), kind (``unreadable``: the file or game could not
    be read or holds no round; ``unsupported``: a game or round the replay cannot check;
    ``mismatch``: the log and the engine disagree; ``features``: a decision the feature
    encoder refused), position (where: ``"line 3"``, ``"E1-0 event 57"``...), field (the
    mismatching field, else ""), reason.

``features`` (optional, not among the default tables: ``riichi export --features``): every
decision's feature arrays, documented in :mod:`riichi.mining.feature_table`.

Row counts agree with ``riichi verify`` on the same files: games with ``replayed`` =
verify's games; ``rounds`` rows and the sums of ``games.wins``, ``games.draws``,
``games.actions`` = its rounds, wins, draws, actions; ``wins`` and ``draws`` rows = its
wins and draws; ``errors`` rows of each kind = its unreadable, unsupported and mismatch
lists.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from riichi.errors import RiichiError
from riichi.events import Chi, Daiminkan, EndGame, GameLog, Hora, Pon, Reach, Ryukyoku, StartKyoku
from riichi.game import rank_seats
from riichi.mining import require
from riichi.replay import (
    GameReport,
    Mismatch,
    Problem,
    log_date,
    replay_game,
)

__all__ = ["GAMES_PER_BATCH", "SCHEMA_VERSION", "TABLES", "file_tables", "iter_file_tables", "schema", "schemas"]

#: The version of the tables' schema (bumped on any change of a column's name, type or
#: meaning).
SCHEMA_VERSION = 1

#: The tables, in the order they are written.
TABLES = ("games", "rounds", "decisions", "wins", "draws", "players", "errors")

_I8, _I16, _I32, _I64, _F64, _S, _B = "int8", "int16", "int32", "int64", "float64", "string", "bool"
_COLUMNS: dict[str, tuple[tuple[str, str], ...]] = {
    "games": (
        ("game_id", _S), ("format", _S), ("players", _I8), ("length", _S),
        ("red_fives", _B), ("go_type", _I32), ("date", _S), ("names", "list<string>"),
        ("rules", _S), ("replayed", _B), ("ok", _B), ("rounds", _I32), ("wins", _I32),
        ("draws", _I32), ("actions", _I32), ("decisions", _I32), ("mismatches", _I32),
        ("unsupported", _I32), ("fragment", _B), ("unfinished_rounds", _I32),
        ("final_points_check", _S), ("final_scores", "list<int32>"),
        ("final_points", "list<float64>"),
    ),
    "rounds": (
        ("game_id", _S), ("round_index", _I16), ("round_wind", _I8), ("kyoku", _I8),
        ("honba", _I16), ("kyotaku", _I16), ("dealer", _I8), ("scores", "list<int32>"),
        ("result", _S), ("draw_reason", _S), ("winners", "list<int8>"),
        ("deltas", "list<int32>"), ("ok", _B),
    ),
    "decisions": (
        ("game_id", _S), ("round_index", _I16), ("event_index", _I32),
        ("action_index", _I32), ("step", _I32), ("seat", _I8), ("kind", _S), ("action", _S),
        ("action_type", _S), ("tile", _S), ("tsumogiri", _B), ("inferred", _B),
        ("taken_by", _I8), ("legal", "list<string>"), ("n_legal", _I16), ("hand", _S),
        ("drawn", _S), ("pending", _S), ("melds", _I8), ("riichi", _B), ("shanten", _I8),
        ("scores", "list<int32>"), ("round_wind", _I8), ("seat_wind", _I8), ("honba", _I16),
        ("kyotaku", _I16), ("live_tiles_left", _I16), ("ok", _B), ("problem", _S),
    ),
    "wins": (
        ("game_id", _S), ("round_index", _I16), ("event_index", _I32), ("seat", _I8),
        ("from_seat", _I8), ("tsumo", _B), ("tile", _S), ("han", _I16), ("fu", _I16),
        ("points", _I32), ("limit", _I8), ("yaku", "list<string>"), ("yaku_han", "list<int16>"),
        ("dora", _I16), ("akadora", _I16), ("uradora", _I16),
        ("dora_indicators", "list<string>"), ("uradora_indicators", "list<string>"),
        ("pao", _I8), ("deltas", "list<int32>"), ("riichi", _B), ("ok", _B),
    ),
    "draws": (
        ("game_id", _S), ("round_index", _I16), ("event_index", _I32), ("reason", _S),
        ("tenpai", "list<bool>"), ("deltas", "list<int32>"), ("ok", _B),
    ),
    "players": (
        ("game_id", _S), ("seat", _I8), ("name", _S), ("rank", _I8), ("final_score", _I32),
        ("final_points", _F64), ("rounds", _I32), ("wins", _I32), ("tsumo_wins", _I32),
        ("deal_ins", _I32), ("riichi", _I32), ("called", _I32), ("win_points", _I64),
        ("deal_in_points", _I64),
    ),
    "errors": (
        ("game_id", _S), ("kind", _S), ("position", _S), ("field", _S), ("reason", _S),
    ),
}  # fmt: skip
# columns that are never null (the others may be)
_REQUIRED = frozenset(("game_id", "kind", "ok", "seat", "round_index", "format", "replayed"))

_SCHEMAS: dict[str, Any] = {}


def _type(pa: Any, name: str) -> Any:
    if name.startswith("list<"):
        return pa.list_(_type(pa, name[5:-1]))
    return {"string": pa.string(), "bool": pa.bool_(), "float64": pa.float64()}.get(
        name
    ) or getattr(pa, name)()


def schema(table: str) -> Any:
    """The ``pyarrow.Schema`` of ``table`` (one of :data:`TABLES`), with the metadata
    ``riichi.schema_version`` and ``riichi.table``.

    Raises:
        RiichiError: an unknown table, or pyarrow is not installed (the ``riichi[mining]``
            extra).
    """
    if not isinstance(table, str):  # a list or an array is no name (and no dict key)
        raise RiichiError(f"unknown table {table!r:.60} (one of {', '.join(TABLES)})")
    if table == "features":  # optional (riichi export --features)
        from riichi.mining import feature_table

        return feature_table.schema()
    if table not in _COLUMNS:
        raise RiichiError(f"unknown table {table!r} (one of {', '.join(TABLES)})")
    s = _SCHEMAS.get(table)
    if s is None:
        pa = require("pyarrow", "the riichi tables")
        s = pa.schema(
            [pa.field(n, _type(pa, t), nullable=n not in _REQUIRED) for n, t in _COLUMNS[table]],
            metadata={"riichi.schema_version": str(SCHEMA_VERSION), "riichi.table": table},
        )
        _SCHEMAS[table] = s
    return s


def schemas() -> dict[str, Any]:
    """Every table's schema (:func:`schema`), by name."""
    return {t: schema(t) for t in TABLES}


def check_tables(tables: Iterable[str] | None) -> tuple[str, ...]:
    """The tables asked for, checked (None: all of :data:`TABLES`), in :data:`TABLES` order.

    Raises:
        RiichiError: a name that is not a table, or a value that is not names.
    """
    if tables is None:
        return TABLES
    if isinstance(tables, bytes):
        raise RiichiError(f"tables must be names (str), got {tables!r:.60}")
    if isinstance(tables, str):
        tables = [t for t in tables.split(",") if t]
    try:
        names = list(tables)
    except TypeError:  # not iterable: a number, an object
        raise RiichiError(
            f"tables must be table names (a list, or a str of names with commas) or None, "
            f"got {tables!r:.60}"
        ) from None
    wanted = set()
    for t in names:
        if not isinstance(t, str) or (t not in _COLUMNS and t != "features"):
            raise RiichiError(f"unknown table {t!r:.60} (one of {', '.join(TABLES)}, or features)")
        wanted.add(t)
    if not wanted:
        raise RiichiError(f"no table asked for (one or more of {', '.join(TABLES)})")
    return tuple(t for t in (*TABLES, "features") if t in wanted)


class _Rows:
    """Column lists of the tables being built."""

    def __init__(self, tables: Sequence[str]) -> None:
        self.cols: dict[str, dict[str, list[Any]]] = {
            t: {n: [] for n, _ in _COLUMNS[t]} for t in tables if t in _COLUMNS
        }
        # tables built as record batches (features), concatenated at the end
        self.built: dict[str, list[Any]] | None = {"features": []} if "features" in tables else None

    def add(self, table: str, **row: Any) -> None:
        cols = self.cols.get(table)
        if cols is None:
            return
        for n, v in cols.items():
            v.append(row.get(n))

    def batches(self) -> dict[str, Any]:
        pa = require("pyarrow", "the riichi tables")
        out = {
            t: pa.RecordBatch.from_pydict(cols, schema=schema(t)) for t, cols in self.cols.items()
        }
        for t, parts in (self.built or {}).items():
            out[t] = pa.concat_batches(parts) if parts else pa.RecordBatch.from_pylist([], schema=schema(t))
        return out


class _Rounds:
    """A replay watch that notes which rounds were replayed (claims stay limited to the
    seats the log shows claiming)."""

    all_claims = False

    def __init__(self) -> None:
        self.replayed: list[int] = []

    def begin(self, rules: Any) -> None:
        self.replayed = []

    def round(self, k: int, game: Any) -> None:
        self.replayed.append(k)

    def before(self, i: int, rnd: Any) -> None:
        pass

    def after(self, i: int, rnd: Any, act: Any) -> None:
        pass


GAMES_PER_BATCH = 8
"""Games (archive members, or games of a kobalab file) per chunk of :func:`iter_file_tables`."""


def file_tables(
    path: str | os.PathLike[str],
    tables: Iterable[str] | None = None,
    rules: Any = None,
) -> dict[str, Any]:
    """Read, replay and verify every game of one file; one Arrow record batch per table.

    The concatenation of the chunks of :func:`iter_file_tables` (same rows, same order):
    the whole file's rows are held at once, so prefer the iterator for big archives.

    Args:
        path: a log file, a file of several games (kobalab), or a zip archive of logs.
        tables: the tables wanted (names from :data:`TABLES`; None: all). ``decisions``
            costs the most: without it the replay skips the observations.
        rules: a :class:`riichi.Rules` to replay every game under (default: each log's own).

    Returns:
        ``{table: pyarrow.RecordBatch}`` for each table asked for, with the schema of
        :func:`schema` (a batch may have no rows). Never raises for a bad file: it becomes
        ``errors`` rows (kind ``unreadable``).

    Raises:
        RiichiError: an unknown table name, ``rules`` that is not Rules, ``path`` that is not
            a path; pyarrow missing (the ``riichi[mining]`` extra).
    """
    chunks = list(iter_file_tables(path, tables, rules))
    if len(chunks) == 1:
        return chunks[0]
    pa = require("pyarrow", "the riichi tables")
    return {t: pa.concat_batches([c[t] for c in chunks]) for t in chunks[0]}


def iter_file_tables(
    path: str | os.PathLike[str],
    tables: Iterable[str] | None = None,
    rules: Any = None,
    games_per_batch: int = GAMES_PER_BATCH,
) -> Iterator[dict[str, Any]]:
    """Read, replay and verify every game of one file, a chunk of games at a time.

    Memory is bounded by one chunk, not by the file: a zip archive or a kobalab file of
    hundreds of games yields a chunk every ``games_per_batch`` games.

    Args:
        path: a log file, a file of several games (kobalab), or a zip archive of logs.
        tables: the tables wanted (names from :data:`TABLES`; None: all).
        rules: a :class:`riichi.Rules` to replay every game under (default: each log's own).
        games_per_batch: games per chunk (int, at least 1); an unreadable archive member
            or file counts as one game (its ``errors`` row).

    Returns:
        An iterator of ``{table: pyarrow.RecordBatch}`` (every table asked for, schema of
        :func:`schema`, a batch may have no rows): one chunk per ``games_per_batch`` games
        read, the last one possibly smaller, and exactly one (empty batches) for a file
        with no game. Concatenated per table, the chunks are :func:`file_tables`. Never
        raises for a bad file or member: it becomes ``errors`` rows (kind ``unreadable``).

    Raises:
        RiichiError: (at the call, before any chunk) an unknown table name, ``rules`` that
            is not Rules, ``path`` that is not a path, ``games_per_batch`` that is not an
            int of at least 1; pyarrow missing (the ``riichi[mining]`` extra).
    """
    wanted = check_tables(tables)
    require("pyarrow", "the riichi tables")
    if rules is not None:
        from riichi.rules import Rules

        if not isinstance(rules, Rules):
            raise RiichiError(f"file_tables: rules must be a riichi.Rules or None, got {rules!r:.80}")
    if not isinstance(path, (str, os.PathLike)):
        raise RiichiError(f"file_tables: path must be a str or os.PathLike, got {path!r:.80}")
    if type(games_per_batch) is not int or games_per_batch < 1:
        raise RiichiError(
            f"file_tables: games_per_batch must be an int of at least 1, got {games_per_batch!r:.80}"
        )
    return _iter_chunks(os.fsdecode(path), wanted, rules, games_per_batch)


def _iter_chunks(name: str, wanted: tuple[str, ...], rules: Any, size: int) -> Iterator[dict[str, Any]]:
    from riichi.logs import is_archive, read_archive, read_games
    from riichi.replay import _unreadable

    if is_archive(name):
        items: Iterable[tuple[str, Any]] = read_archive(name)
    else:
        try:
            items = read_games(name)
        except RiichiError as e:
            items = [(name, e)]
        except Exception as e:  # a reader bug must not stop the batch: report it
            items = [(name, RiichiError(f"unexpected {type(e).__name__}: {e}"))]
    rows = _Rows(wanted)
    held = 0  # games in ``rows``
    chunks = 0
    for game_id, item in items:
        game_id = _shown(game_id)
        if isinstance(item, Exception):
            p = _unreadable(game_id, item)
            rows.add("errors", game_id=game_id, kind="unreadable", position=p.position,
                     field="", reason=_shown(p.reason))  # fmt: skip
        else:
            _game_rows(rows, game_id, item, wanted, rules)
        held += 1
        if held == size:
            chunks += 1
            yield rows.batches()
            rows, held = _Rows(wanted), 0
    if held or not chunks:
        yield rows.batches()


def _shown(text: str) -> str:
    from riichi.logs._common import display_name

    return display_name(text)


def _game_rows(rows: _Rows, gid: str, log: GameLog, wanted: Sequence[str], rules: Any) -> None:
    from riichi.rules import Rules

    decs: list[Any] | None = None
    watch = _Rounds()
    try:
        if "decisions" in wanted or "features" in wanted:
            from riichi.mining.decision import replay_decisions

            # with the features table: each game's arrays encoded in one core call
            rep, decs, replayed = replay_decisions(
                log, None, rules, features="features" in wanted
            )
        else:
            rep = replay_game(log, rules, watch=watch)
            replayed = watch.replayed
    except Exception as e:  # an engine bug must not stop the batch either: report it
        rep = GameReport(gid, log.format, rules=rules or Rules.tenhou())
        rep.mismatches.append(
            Mismatch(gid, "game", -1, "engine_error", None, None, f"{type(e).__name__}: {e}")
        )
        replayed, decs = [], None
    unreadable: list[Problem] = []
    if rep.empty:  # no round at all: not a game this reader understands (as riichi verify)
        unreadable, rep.unsupported = rep.unsupported, []
    for p in unreadable:
        rows.add("errors", game_id=gid, kind="unreadable", position=p.position, field="",
                 reason=_shown(p.reason))  # fmt: skip
    for p in rep.unsupported:
        rows.add("errors", game_id=gid, kind="unsupported", position=p.position, field="",
                 reason=_shown(p.reason))  # fmt: skip
    for m in rep.mismatches:  # (verify lists a game's mismatches even if no round replayed)
        rows.add("errors", game_id=gid, kind="mismatch",
                 position=f"{m.round} event {m.event_index}", field=m.field,
                 reason=_shown(str(m)))  # fmt: skip
    try:
        sg = log.start
    except RiichiError:
        sg = None
    events = log.events
    end = next((e for e in events if type(e) is EndGame), None)
    bad_rounds = {m.round_index for m in rep.mismatches}
    if not rep.replayed:
        replayed = []
    rows.add(
        "games",
        game_id=gid,
        format=log.format,
        players=sg.players if sg is not None else None,
        length=sg.length if sg is not None else None,
        red_fives=sg.red_fives if sg is not None else None,
        go_type=sg.go_type if sg is not None else None,
        date=log_date(log) if sg is not None else None,
        names=[_shown(n) for n in sg.names] if sg is not None else None,
        rules=rep.rules.to_json() if rep.rules is not None and rep.replayed else None,
        replayed=rep.replayed,
        ok=rep.ok,
        rounds=rep.rounds if rep.replayed else 0,
        wins=rep.wins if rep.replayed else 0,
        draws=rep.draws if rep.replayed else 0,
        actions=rep.actions if rep.replayed else 0,
        decisions=None if decs is None else len(decs),
        mismatches=len(rep.mismatches),
        unsupported=len(rep.unsupported),
        fragment=rep.fragment,
        unfinished_rounds=rep.unfinished_rounds,
        final_points_check=rep.final_points,
        final_scores=list(end.scores) if end is not None and end.scores is not None else None,
        final_points=[float(x) for x in end.points]
        if end is not None and end.points is not None
        else None,
    )
    if not rep.replayed or sg is None:
        return
    n = sg.players
    starts = [j for j, e in enumerate(events) if type(e) is StartKyoku]
    per = {
        k: [0] * n
        for k in ("rounds", "wins", "tsumo_wins", "deal_ins", "riichi", "called", "wp", "dp")
    }
    for k in replayed:
        s = starts[k]
        stop = starts[k + 1] if k + 1 < len(starts) else len(events)
        st: StartKyoku = events[s]  # type: ignore[assignment]
        ok = k not in bad_rounds
        result, reason = "", None
        winners: list[int] = []
        deltas: list[int] | None = None
        declared: set[int] = set()
        called: set[int] = set()
        for j in range(s + 1, stop):
            ev: Any = events[j]
            t = type(ev)
            if t is Reach:
                declared.add(ev.actor)
            elif t is Chi or t is Pon or t is Daiminkan:
                called.add(ev.actor)
            elif t is Hora:
                result = result or "hora"
                winners.append(ev.actor)
                deltas = _add(deltas, ev.deltas)
                _win_row(rows, gid, k, j, ev, rep.filled.get(j, {}), ev.actor in declared, ok)
                per["wins"][ev.actor] += 1
                per["wp"][ev.actor] += ev.points or 0
                if ev.target == ev.actor:
                    per["tsumo_wins"][ev.actor] += 1
                elif 0 <= ev.target < n:
                    per["deal_ins"][ev.target] += 1
                    per["dp"][ev.target] += ev.points or 0
            elif t is Ryukyoku:
                result = result or "ryukyoku"
                reason = ev.reason
                deltas = _add(deltas, ev.deltas)
                tenpai = ev.tenpai
                if tenpai is None:
                    tenpai = rep.filled.get(j, {}).get("tenpai")
                rows.add("draws", game_id=gid, round_index=k, event_index=j, reason=ev.reason,
                         tenpai=None if tenpai is None else list(tenpai),
                         deltas=None if ev.deltas is None else list(ev.deltas), ok=ok)  # fmt: skip
        for q in range(n):
            per["rounds"][q] += 1
            per["riichi"][q] += q in declared
            per["called"][q] += q in called
        rows.add(
            "rounds", game_id=gid, round_index=k, round_wind=st.bakaze - 27, kyoku=st.kyoku,
            honba=st.honba, kyotaku=st.kyotaku, dealer=st.oya,
            scores=list(st.scores) if st.scores else None, result=result,
            draw_reason=reason, winners=winners, deltas=deltas, ok=ok,
        )  # fmt: skip
    ranks = _ranks(end, n, rep.rules if rep.rules is not None else Rules.tenhou())
    for q in range(n):
        rows.add(
            "players", game_id=gid, seat=q,
            name=_shown(sg.names[q]) if q < len(sg.names) else "",
            rank=ranks[q] if ranks else None,
            final_score=end.scores[q] if end is not None and end.scores else None,
            final_points=float(end.points[q]) if end is not None and end.points else None,
            rounds=per["rounds"][q], wins=per["wins"][q], tsumo_wins=per["tsumo_wins"][q],
            deal_ins=per["deal_ins"][q], riichi=per["riichi"][q], called=per["called"][q],
            win_points=per["wp"][q], deal_in_points=per["dp"][q],
        )  # fmt: skip
    if decs is not None:
        if rows.built is not None:  # first: read from the core's records, before the
            _feature_rows(rows, gid, decs)  # decisions rows build the observations
        _decision_rows(rows, gid, decs)


def _feature_rows(rows: _Rows, gid: str, decs: list[Any]) -> None:
    """The ``features`` rows of a game (:mod:`riichi.mining.feature_table`); an observation
    the encoder refuses becomes an ``errors`` row (kind ``features``), never a lost game."""
    from riichi.mining import feature_table

    assert rows.built is not None
    try:
        rows.built["features"].append(feature_table.batch(gid, decs))
    except RiichiError as e:
        rows.add("errors", game_id=gid, kind="features", position="", field="features",
                 reason=_shown(str(e)))  # fmt: skip


def _add(total: list[int] | None, deltas: Any) -> list[int] | None:
    if deltas is None:
        return total
    if total is None:
        return list(deltas)
    return [a + b for a, b in zip(total, deltas)]


def _ranks(end: Any, n: int, rules: Any) -> list[int] | None:
    """Ranks 1..n from the logged end as the game ranks its seats
    (:func:`riichi.game.rank_seats` under ``rules``: equal scores ranked by seat order, or
    sharing the higher rank under ``tied_ranks="shared"``), on the final scores, else on
    the final points when the log has no scores."""
    if end is None:
        return None
    basis = end.scores if end.scores is not None and len(end.scores) == n else end.points
    if basis is None or len(basis) != n:
        return None
    return list(rank_seats(rules, basis))


def _tile(t: Any) -> str | None:
    if t is None:
        return None
    return str(t)


def _win_row(
    rows: _Rows, gid: str, k: int, j: int, ev: Hora, filled: dict[str, Any], riichi: bool, ok: bool
) -> None:
    yaku = list(ev.yaku) if ev.yaku is not None else None
    han_of = dict(yaku or ())
    fu = ev.fu if ev.fu is not None else filled.get("fu")
    rows.add(
        "wins", game_id=gid, round_index=k, event_index=j, seat=ev.actor, from_seat=ev.target,
        tsumo=ev.actor == ev.target, tile=_tile(ev.pai), han=ev.han, fu=fu, points=ev.points,
        limit=ev.limit, yaku=None if yaku is None else [y for y, _ in yaku],
        yaku_han=None if yaku is None else [h for _, h in yaku],
        dora=han_of.get("dora", 0) if yaku is not None else None,
        akadora=han_of.get("akadora", 0) if yaku is not None else None,
        uradora=han_of.get("uradora", 0) if yaku is not None else None,
        dora_indicators=None if ev.dora_markers is None else [str(t) for t in ev.dora_markers],
        uradora_indicators=None
        if ev.uradora_markers is None
        else [str(t) for t in ev.uradora_markers],
        pao=ev.pao, deltas=None if ev.deltas is None else list(ev.deltas), riichi=riichi, ok=ok,
    )  # fmt: skip


def _decision_rows(rows: _Rows, gid: str, decs: list[Any]) -> None:
    """The decisions' rows, appended column by column (the table's hot loop)."""
    import riichi
    from riichi.actions import Ankan
    from riichi.mining.decision import action_text, mpsz, tile_texts

    cols = rows.cols.get("decisions")
    if cols is None:
        return
    c = {n: cols[n].append for n in cols}
    shanten = riichi.shanten
    for n, d in enumerate(decs):
        obs = d.observation
        red = obs.red_ids
        texts = tile_texts(red)
        act = d.action
        counts = [0] * 34
        for t in obs.hand:
            counts[t >> 2] += 1
        try:
            sh = shanten(counts)
        except RiichiError:  # a hand size shanten does not take (cannot happen in play)
            sh = None
        tile = getattr(act, "tile", None)
        if tile is None and act.__class__ is Ankan:
            tile = act.consumed[0]
        text = action_text(act, red)
        pend = obs.pending
        seat = d.seat
        c["game_id"](gid)
        c["round_index"](d.round_index)
        c["event_index"](d.event_index)
        c["action_index"](d.action_index)
        c["step"](n)
        c["seat"](seat)
        c["kind"](d.kind)
        c["action"](text)
        c["action_type"](text.split(" ", 1)[0])
        c["tile"](None if tile is None else texts[tile])
        c["tsumogiri"](bool(getattr(act, "tsumogiri", False)))
        c["inferred"](d.inferred)
        c["taken_by"](d.taken_by)
        c["legal"]([action_text(a, red) for a in obs.legal_actions])
        c["n_legal"](len(obs.legal_actions))
        c["hand"](mpsz(obs.hand, red))
        c["drawn"](None if obs.drawn is None else texts[obs.drawn])
        c["pending"](None if pend is None else texts[pend[2]])
        c["melds"](len(obs.melds[seat]))
        c["riichi"](obs.riichi[seat])
        c["shanten"](sh)
        c["scores"](list(obs.scores))
        c["round_wind"](obs.round_wind)
        c["seat_wind"](obs.seat_wind)
        c["honba"](obs.honba)
        c["kyotaku"](obs.kyotaku)
        c["live_tiles_left"](obs.live_tiles_left)
        c["ok"](d.ok)
        c["problem"](_shown(d.problem) if d.problem else "")
    if len(c) != len(_COLUMNS["decisions"]):  # pragma: no cover - a column left out above
        raise RiichiError("the decisions table's columns and its rows disagree")


def json_schema() -> str:
    """Every table's columns and types as JSON text, with :data:`SCHEMA_VERSION` (what
    ``riichi export`` writes to ``_schema.json``)."""
    return json.dumps(
        {
            "schema_version": SCHEMA_VERSION,
            "tables": {t: dict(_COLUMNS[t]) for t in TABLES},
        },
        indent=1,
    )
