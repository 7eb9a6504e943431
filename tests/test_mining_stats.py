"""riichi stats: per-player statistics from the players table, and the README's DuckDB query."""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

from riichi.cli import main
from riichi.errors import RiichiError
from riichi.mining.export import export
from riichi.mining.stats import STATS_COLUMNS, format_stats, player_stats, players_table
from riichi.mining.tables import schema

README = Path(__file__).resolve().parents[1] / "README.md"


def _players(rows):
    cols = {n: [r.get(n) for r in rows] for n in schema("players").names}
    return pa.Table.from_pydict(cols, schema=schema("players"))


def test_the_statistics_follow_their_definitions():
    base = {"seat": 0, "final_score": None, "final_points": None, "tsumo_wins": 0}
    rows = [  # A: 3 games, 30 rounds; B: 1 game, 8 rounds, no win
        {**base, "game_id": "g1", "name": "A", "rank": 1, "rounds": 10, "wins": 3,
         "deal_ins": 1, "riichi": 2, "called": 4, "win_points": 24000, "deal_in_points": 2000},
        {**base, "game_id": "g2", "name": "A", "rank": 3, "rounds": 12, "wins": 1,
         "deal_ins": 2, "riichi": 1, "called": 0, "win_points": 1000, "deal_in_points": 10000},
        {**base, "game_id": "g3", "name": "A", "rank": None, "rounds": 8, "wins": 0,
         "deal_ins": 0, "riichi": 0, "called": 2, "win_points": 0, "deal_in_points": 0},
        {**base, "game_id": "g1", "name": "B", "rank": 4, "rounds": 8, "wins": 0,
         "deal_ins": 1, "riichi": 4, "called": 0, "win_points": 0, "deal_in_points": 3900},
    ]  # fmt: skip
    s = player_stats(_players(rows))
    assert s.column_names == list(STATS_COLUMNS)
    a, b = s.to_pylist()
    assert (a["player"], a["games"], a["rounds"]) == ("A", 3, 30)
    assert a["avg_rank"] == pytest.approx(2.0)  # (1 + 3) / 2: a game without its end has no rank
    assert a["win_rate"] == pytest.approx(4 / 30)
    assert a["deal_in_rate"] == pytest.approx(3 / 30)
    assert a["riichi_rate"] == pytest.approx(3 / 30)
    assert a["call_rate"] == pytest.approx(6 / 30)
    assert a["avg_win_points"] == pytest.approx(25000 / 4)
    assert a["avg_deal_in_points"] == pytest.approx(12000 / 3)
    assert (b["player"], b["games"], b["avg_rank"], b["win_rate"]) == ("B", 1, 4.0, 0.0)
    assert b["avg_win_points"] is None and b["avg_deal_in_points"] == pytest.approx(3900)
    assert [r["player"] for r in player_stats(_players(rows), min_games=2).to_pylist()] == ["A"]
    text = format_stats(s)
    assert text.splitlines()[0].split()[:3] == ["player", "games", "rounds"]
    assert re.search(r"^A\s+3\s+30\s+2\.00\s+13\.3\s+10\.0\s+10\.0\s+20\.0\s+6250\s+4000$", text, re.M)
    assert re.search(r"^B\s.*\s-\s+3900$", text, re.M)
    with pytest.raises(RiichiError, match="lacks the column"):
        player_stats(pa.table({"name": ["A"]}))
    # a negative limit sliced from the end ("... 2 more players" of 2 with one shown)
    assert len(format_stats(s, 1).splitlines()) == 3 and "1 more players" in format_stats(s, 1)
    for bad in (-1, 1.5, True):
        with pytest.raises(RiichiError, match="limit must be None or an int of at least 0"):
            format_stats(s, bad)
    for bad in (0, -5, 2.0):
        with pytest.raises(RiichiError, match="min_games must be an int of at least 1"):
            player_stats(_players(rows), min_games=bad)


def _logs(shared):
    paths = [shared / "data" / "mjlog" / "fastmaj"]
    if not paths[0].is_dir():
        pytest.skip("samples not found")
    return [str(p) for p in sorted(paths[0].iterdir())[:6]]


def test_the_cli_prints_and_writes_the_statistics(shared, tmp_path, capsys):
    logs = _logs(shared)
    out_csv, out_pq = tmp_path / "s.csv", tmp_path / "s.parquet"
    assert main(["stats", *logs, "--csv", str(out_csv), "--parquet", str(out_pq)]) == 0
    text = capsys.readouterr().out
    assert text.splitlines()[0].startswith("player")
    assert "6 game(s)" in text
    players, errors = players_table(logs)
    want = player_stats(players)
    assert pq.read_table(out_pq).to_pylist() == want.to_pylist()
    with open(out_csv, newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    assert [r["player"] for r in rows] == want.column("player").to_pylist()
    assert errors.num_rows == 0
    # the same statistics from an export of the same logs
    export(logs, tmp_path / "ex", ["players"])
    assert main(["stats", str(tmp_path / "ex"), "--parquet", str(tmp_path / "e.parquet")]) == 0
    capsys.readouterr()
    assert pq.read_table(tmp_path / "e.parquet").to_pylist() == want.to_pylist()
    # an unreadable log is listed and the status says so; the others still count
    bad = tmp_path / "bad.xml"
    bad.write_text("not a log")
    assert main(["stats", logs[0], str(bad)]) == 1
    captured = capsys.readouterr()
    assert "bad.xml" in captured.err and "1 game(s)" in captured.out
    assert main(["stats", str(tmp_path / "missing")]) == 2
    assert main(["stats", logs[0], "--jobs", "0"]) == 2
    assert main(["stats", logs[0], "--top", "-1"]) == 2
    assert "--top must be at least 0, got -1" in capsys.readouterr().err
    assert main(["stats", logs[0], "--min-games", "0"]) == 2
    assert "--min-games must be at least 1, got 0" in capsys.readouterr().err


def test_an_output_path_that_cannot_be_written_is_a_one_line_usage_error(shared, tmp_path, capsys):
    logs = _logs(shared)[:1]
    (tmp_path / "afile").write_text("x")
    for flag in ("--csv", "--parquet"):
        for target in (tmp_path / "nosuch" / "x.out", tmp_path / "afile" / "x.out", tmp_path):
            assert main(["stats", *logs, flag, str(target)]) == 2
            err = capsys.readouterr().err
            assert len(err.strip().splitlines()) == 1, err
            assert err.startswith(f"riichi stats: error: {flag} {target}: "), err
            assert "Errno" not in err and "local file" not in err


def test_an_export_folder_with_logs_beside_its_tables_names_the_logs_left_out(
    shared, tmp_path, capsys
):
    import shutil

    logs = _logs(shared)
    export(logs[:1], tmp_path / "ex", ["players"])
    shutil.copy(logs[1], tmp_path / "ex" / Path(logs[1]).name)
    with pytest.warns(UserWarning, match=r"1 other file\(s\) in it are not read"):
        players, _ = players_table([str(tmp_path / "ex")])
    assert len(set(players.column("game_id").to_pylist())) == 1
    assert main(["stats", str(tmp_path / "ex")]) == 0
    captured = capsys.readouterr()
    assert "riichi stats: warning:" in captured.err and Path(logs[1]).name in captured.err
    assert "1 game(s)" in captured.out
    # a clean export folder warns about nothing
    export(logs[:1], tmp_path / "ex2", ["players"])
    assert main(["stats", str(tmp_path / "ex2")]) == 0
    assert "warning" not in capsys.readouterr().err


def test_the_cli_names_the_games_it_does_not_count(shared, capsys, tmp_path):
    # a player-view transcript cannot be replayed and a game whose replay disagrees with its
    # log still counts: neither may pass unnoticed in the summary
    view = shared / "data/tenhou_protocol/dnovikoff-tenhou/first.log"
    faulty = shared / "data/mjai/wahaha/2020010100gm-00b9-0000-7a6863a8.mjson"
    for f in (view, faulty):
        if not f.is_file():
            pytest.skip(f"{f} is not there")
    _, errors = players_table([str(view), str(faulty)])
    kinds = {(r["game_id"], r["kind"]) for r in errors.to_pylist()}
    assert kinds == {(str(view), "unsupported"), (str(faulty), "mismatch")}
    assert main(["stats", str(view), str(faulty)]) == 0  # nothing unreadable
    captured = capsys.readouterr()
    assert f"{view}: not counted: player-view protocol transcript" in captured.err
    summary = captured.out.splitlines()[-1]
    assert summary.startswith("1 game(s), 3 player(s)")
    assert "1 not replayed, so not counted" in summary
    assert "1 counted game(s) where the replay disagrees with the log" in summary
    assert main(["stats", str(view)]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith("0 game(s), 0 player(s); 1 not")
    # the same from an export of those logs (its errors table was not read)
    export([str(view), str(faulty)], tmp_path / "ex", ["players", "errors"])
    assert main(["stats", str(tmp_path / "ex")]) == 0
    captured = capsys.readouterr()
    assert captured.out.splitlines()[-1] == summary
    assert f"{view}: not counted: player-view protocol transcript" in captured.err


def _readme_block() -> str:
    text = README.read_text(encoding="utf-8")
    m = re.search(r"<!-- mining-example -->\s*```python\n(.*?)```", text, flags=re.S)
    assert m, "the README has no mining example"
    return m.group(1)


def test_the_readme_duckdb_example_runs(shared, tmp_path, monkeypatch):
    pytest.importorskip("duckdb")
    logs = _logs(shared)
    export(logs, tmp_path / "tables")
    monkeypatch.chdir(tmp_path)
    ns: dict = {}
    exec(compile(_readme_block(), "README mining example", "exec"), ns)
    by_han = ns["by_han"]
    wins = pq.read_table(tmp_path / "tables" / "wins").to_pylist()
    want = {}
    for w in wins:
        want[w["han"]] = want.get(w["han"], 0) + 1
    assert {int(h): int(n) for h, n in by_han} == want
    riichi_points = [w["points"] for w in wins if w["riichi"]]
    assert ns["riichi_avg"] == pytest.approx(sum(riichi_points) / len(riichi_points))


def test_the_mining_bench_runs_and_checks_its_answers(shared, tmp_path):
    """benches/bench_mining.py on two files: it runs and checks answers (never a timing)."""
    import sys

    folder = shared / "data" / "mjlog" / "dnovikoff-tenhou"
    if not folder.is_dir():
        pytest.skip("samples not found")
    sys.path.insert(0, str(README.parent / "benches"))
    import bench_mining

    out = tmp_path / "figures.json"
    assert bench_mining.main([str(folder / "pao.xml"), str(folder / "example.xml"),
                              "--games", "2", "--json", str(out)]) == 0  # fmt: skip
    import json

    figures = json.loads(out.read_text())
    assert figures["decisions"]["games"] == 2 and figures["decisions"]["illegal_logged_actions"] == 0
    assert figures["export_all_tables"]["rows"]["games"] == 2
    assert figures["export_all_tables"]["rows"]["decisions"] == figures["decisions"]["decisions"]
