"""The Arrow tables of logged games and ``riichi export``.

- Every table has its documented schema (the module text names every column), with the
  schema version in its metadata.
- Row counts agree with ``riichi verify`` on the same files (games, rounds, wins, draws,
  actions, unreadable / unsupported / mismatch entries), a broken file and a missing one
  included: they land in the errors table and the rest goes on.
- ``export`` writes what the per-file function gives, the same with 1 or 2 processes, and
  memory stays bounded: 12 files hold no more at any time than 2 do.
"""

from __future__ import annotations

import gc
import json
import os
import re
import sys
from pathlib import Path

import pytest

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

from riichi.cli import main
from riichi.errors import RiichiError
from riichi.mining import tables as T
from riichi.mining.export import export
from riichi.replay import verify_files

FILES = [
    "mjlog/dnovikoff-tenhou/pao.xml",
    "mjlog/mjlog2json/2019080322gm-00a9-0000-81e85e04.xml",
    "mjlog/pymahjong_paipuxmls/2020010114gm-00b9-0000-6a7ae721.txt",  # sanma
    "mjlog/tenhou-python-bot/23.txt",  # a known fault: mismatches
    "tenhou6/mjai-reviewer/double_ron.json",
    "tenhou6/mjai-reviewer/confusing_nakis_1.json",  # a known fault
    "tenhou6/mjx/2010081709gm-00a9-0000-fe3371ad.json",  # single-round fragments (JSON lines)
    "mjai/riichienv/126_204_0_mjai.jsonl",
    "majiang_kobalab/mahjonglm/data2023_sample_v1.zip",  # an archive of kobalab games
    "majsoul_raw/majsoul-replay-editor",  # one replays, one is unsupported (a test wall)
    "tenhou_protocol/TenhouViewerUI/1207053403.txt",  # a player's view: unsupported
]


def _files(shared, tmp_path):
    paths = []
    for rel in FILES:
        p = shared / "data" / rel
        if not p.exists():
            pytest.skip(f"{p} not found")
        paths.append(str(p))
    broken = tmp_path / "broken.json"
    broken.write_bytes(b'{"title": ["x"], "log": [[')  # cut short
    return paths, str(broken)


def _walk(paths):
    from riichi.mining.export import list_files

    return list_files(paths)


def _all_rows(files, tables=None):
    out = {t: [] for t in T.check_tables(tables)}
    for f in files:
        for t, b in T.file_tables(f, tables).items():
            assert b.schema.equals(T.schema(t), check_metadata=True), t
            out[t] += b.to_pylist()
    return out


def test_every_column_is_documented_and_the_schema_carries_its_version():
    doc = T.__doc__
    for t in T.TABLES:
        s = T.schema(t)
        assert s.metadata[b"riichi.schema_version"] == str(T.SCHEMA_VERSION).encode()
        assert s.metadata[b"riichi.table"] == t.encode()
        assert s.names[0] == "game_id"
        section = doc[doc.index(f"``{t}`` (one row") :]
        section = section[: section.index("\n\n")]
        for name in s.names:
            assert name in section, (t, name)
    js = json.loads(T.json_schema())
    assert js["schema_version"] == T.SCHEMA_VERSION
    assert list(js["tables"]) == list(T.TABLES)
    with pytest.raises(RiichiError, match="unknown table 'moves'"):
        T.schema("moves")
    with pytest.raises(RiichiError, match="unknown table 'moves'"):
        T.check_tables(["games", "moves"])


def test_row_counts_agree_with_riichi_verify(shared, tmp_path):
    paths, broken = _files(shared, tmp_path)
    files = [*_walk(paths), broken, str(tmp_path / "missing.xml")]
    v = verify_files(files)
    rows = _all_rows(files)
    games = rows["games"]
    replayed = [g for g in games if g["replayed"]]
    assert len(replayed) == v.games > 20
    assert len(rows["rounds"]) == sum(g["rounds"] for g in replayed) == v.rounds
    assert len(rows["wins"]) == sum(g["wins"] for g in replayed) == v.wins
    assert len(rows["draws"]) == sum(g["draws"] for g in replayed) == v.draws
    assert sum(g["actions"] for g in replayed) == v.actions
    kinds = {k: [e for e in rows["errors"] if e["kind"] == k] for k in ("unreadable", "unsupported", "mismatch")}
    assert len(kinds["unreadable"]) == len(v.unreadable) >= 2
    assert len(kinds["unsupported"]) == len(v.unsupported) >= 2
    assert len(kinds["mismatch"]) == len(v.mismatches) > 0
    assert sum(len(e) for e in kinds.values()) == len(rows["errors"])
    assert {e["game_id"] for e in kinds["unreadable"]} >= {broken, str(tmp_path / "missing.xml")}
    assert sum(g["mismatches"] for g in games) == len(v.mismatches)
    # a game with a mismatch is not ok, and neither are its rows of the mismatching round
    bad = {(e["game_id"]) for e in kinds["mismatch"]}
    assert all(not g["ok"] for g in games if g["game_id"] in bad)
    assert any(not r["ok"] for r in rows["rounds"])
    # players: one row per seat of each replayed game; wins and deal-ins add up
    assert len(rows["players"]) == sum(g["players"] for g in replayed)
    assert sum(p["wins"] for p in rows["players"]) == len(rows["wins"])
    rons = [w for w in rows["wins"] if not w["tsumo"]]
    assert sum(p["deal_ins"] for p in rows["players"]) == len(rons)
    # decisions: every logged action is among the legal ones, one decision per checked action
    decs = rows["decisions"]
    assert all(d["action"] in d["legal"] for d in decs)
    assert all(re.fullmatch(r"(?:[0-9]+[mpsz])+", d["hand"]) for d in decs)
    assert sum(not d["inferred"] for d in decs) == v.actions
    assert {d["kind"] for d in decs} == {"turn", "claim"}
    per_game = {}
    for d in decs:
        per_game[d["game_id"]] = per_game.get(d["game_id"], 0) + 1
    assert all(per_game.get(g["game_id"], 0) == g["decisions"] for g in replayed)


def test_wins_carry_the_settlement(shared):
    path = shared / "data" / "mjlog" / "dnovikoff-tenhou" / "pao.xml"
    if not path.exists():
        pytest.skip("sample not found")
    from riichi.logs import read_log

    log = read_log(str(path))
    horas = [e for e in log.events if e.type == "hora"]
    wins = T.file_tables(str(path), ["wins"])["wins"].to_pylist()
    assert len(wins) == len(horas)
    for w, h in zip(wins, horas):
        assert (w["seat"], w["from_seat"], w["han"], w["fu"], w["points"]) == (
            h.actor, h.target, h.han, h.fu, h.points,
        )  # fmt: skip
        assert list(zip(w["yaku"], w["yaku_han"])) == list(h.yaku)
        assert w["dora"] == dict(h.yaku).get("dora", 0)
        assert w["pao"] == h.pao
        assert w["deltas"] == list(h.deltas)
    assert any(w["pao"] is not None for w in wins)  # the file is named for its pao


def test_export_writes_the_tables_and_goes_on_past_a_broken_file(shared, tmp_path):
    paths, broken = _files(shared, tmp_path)
    paths = [*paths[:3], broken, *paths[4:6]]
    files = _walk(paths)
    out = tmp_path / "out"
    res = export(paths, out, files_per_part=2, batch_rows=50)
    want = _all_rows(files)
    assert res.files == len(files) and res.parts == 3
    assert json.loads((out / "_schema.json").read_text())["schema_version"] == T.SCHEMA_VERSION
    for t in T.TABLES:
        parts = sorted(os.listdir(out / t))
        assert parts and all(p.startswith("part-") and p.endswith(".parquet") for p in parts)
        got = pq.read_table(out / t)
        assert got.schema.equals(T.schema(t)), t
        rows = got.to_pylist()
        assert rows == want[t], t  # in file order: the parts are read back in order
        assert res.rows[t] == len(rows)
    errors = pq.read_table(out / "errors").to_pylist()
    assert any(e["game_id"] == broken and e["kind"] == "unreadable" for e in errors)
    with pytest.raises(RiichiError, match="already holds an export"):
        export(paths, out)
    with pytest.raises(RiichiError, match="jobs must be an int"):
        export(paths, tmp_path / "o2", jobs=0)


def test_two_processes_write_what_one_does(shared, tmp_path):
    paths, _ = _files(shared, tmp_path)
    paths = paths[:2] + paths[4:6]
    export(paths, tmp_path / "a", ["games", "wins", "errors"], files_per_part=1)
    export(paths, tmp_path / "b", ["games", "wins", "errors"], files_per_part=1, jobs=2)
    for t in ("games", "wins", "errors"):
        assert sorted(os.listdir(tmp_path / "a" / t)) == sorted(os.listdir(tmp_path / "b" / t))
        assert pq.read_table(tmp_path / "a" / t).equals(pq.read_table(tmp_path / "b" / t))


def _peak(paths, out, **kw):
    """The most memory held at any file boundary of an export: Arrow buffers (pyarrow's
    allocator: the rows waiting to be written) and live Python objects (a count:
    tracemalloc would slow the replay tenfold)."""
    arrow, objects = [], []

    def sample(_n):
        arrow.append(pa.total_allocated_bytes())
        objects.append(len(gc.get_objects()))

    gc.collect()
    export(paths, out, progress=sample, **kw)
    return max(arrow), max(objects)


def test_memory_stays_bounded_however_many_files(shared, tmp_path):
    folder = shared / "data" / "mjlog" / "dnovikoff-tenhou"
    few = [str(folder / "pao.xml"), str(folder / "example.xml")]
    if not all(os.path.exists(p) for p in few):
        pytest.skip("samples not found")
    many = few * 6
    kw = {"files_per_part": 2, "batch_rows": 200}
    _peak(few, tmp_path / "warm", **kw)  # first-use caches (interned events, tables)
    small = _peak(few, tmp_path / "few", **kw)
    large = _peak(many, tmp_path / "many", **kw)
    assert large[0] < small[0] * 1.5 + 1_000_000, (small, large)
    assert large[1] < small[1] * 1.05 + 20_000, (small, large)
    # what the test guards against: the same files held in one part grow with their count
    held = _peak(many, tmp_path / "held", files_per_part=1000, batch_rows=10**9)
    assert held[0] > small[0] * 3 + 1_000_000, (small, held)


def test_the_cli_exports_and_refuses_bad_usage(shared, tmp_path, capsys):
    paths, broken = _files(shared, tmp_path)
    out = tmp_path / "cli"
    assert main(["export", paths[0], broken, "-o", str(out), "--tables", "games,errors", "-q"]) == 0
    text = capsys.readouterr().out
    assert "games" in text and "errors" in text and "decisions" not in text
    assert sorted(os.listdir(out)) == ["_schema.json", "errors", "games"]
    assert pq.read_table(out / "games").num_rows == 1
    assert main(["export", paths[0], "-o", str(tmp_path / "x"), "--tables", "moves"]) == 2
    assert "unknown table 'moves'" in capsys.readouterr().err
    assert main(["export", str(tmp_path / "nothing"), "-o", str(tmp_path / "y")]) == 2
    assert "no such file" in capsys.readouterr().err
    assert main(["export", paths[0], "-o", str(out)]) == 2
    assert "already holds an export" in capsys.readouterr().err
    below_a_file = tmp_path / "a_file" / "sub"  # its parent is a file: cannot be made
    (tmp_path / "a_file").write_text("x")
    assert main(["export", paths[0], "-o", str(below_a_file), "-q"]) == 2
    err = capsys.readouterr().err
    assert "riichi export: error:" in err and "cannot make the output folder" in err
    assert str(below_a_file) in err and "Traceback" not in err
    with pytest.raises(RiichiError, match="cannot make the output folder"):
        export([paths[0]], below_a_file)


def test_a_missing_extra_is_named(monkeypatch, shared):
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    monkeypatch.setattr(T, "_SCHEMAS", {})
    with pytest.raises(RiichiError, match=r"riichi\[mining\]"):
        T.schema("games")
    with pytest.raises(RiichiError, match=r"riichi\[mining\]"):
        T.file_tables(str(shared / "data" / "mjlog" / "dnovikoff-tenhou" / "pao.xml"))


@pytest.mark.slow
def test_the_whole_corpus_export_counts_equal_verify(shared, tmp_path, request):
    """-m slow (about 10 minutes): every file of ../shared/data, exported with 2 processes."""
    from engine_support import require_slow

    require_slow(request)
    data = str(shared / "data")
    v = verify_files(_walk([data]))
    export([data], tmp_path / "all", jobs=2)
    games = pq.read_table(tmp_path / "all" / "games").to_pylist()
    replayed = [g for g in games if g["replayed"]]
    assert len(replayed) == v.games
    for t, n in (("rounds", v.rounds), ("wins", v.wins), ("draws", v.draws)):
        assert pq.read_table(tmp_path / "all" / t).num_rows == n, t
    assert sum(g["actions"] for g in replayed) == v.actions
    errors = pq.read_table(tmp_path / "all" / "errors").to_pylist()
    for kind, want in (("unreadable", v.unreadable), ("unsupported", v.unsupported),
                       ("mismatch", v.mismatches)):  # fmt: skip
        assert sum(e["kind"] == kind for e in errors) == len(want), kind
    decisions = pq.read_table(tmp_path / "all" / "decisions", columns=["inferred", "action", "legal"])
    rows = decisions.to_pylist()
    assert sum(not r["inferred"] for r in rows) == v.actions
    assert all(r["action"] in r["legal"] for r in rows)


def test_rules_given_replace_the_logs_own(shared, tmp_path):
    import riichi

    path = str(shared / "data" / "mjlog" / "dnovikoff-tenhou" / "pao.xml")
    own = T.file_tables(path, ["games", "errors"])
    other = T.file_tables(path, ["games", "errors"], riichi.Rules.mahjong_soul())
    assert own["errors"].num_rows == 0
    assert other["errors"].num_rows > 0  # Mahjong Soul's rules do not settle as Tenhou did
    assert json.loads(other["games"].to_pylist()[0]["rules"]) == riichi.Rules.mahjong_soul().to_dict()
    res = export([path], tmp_path / "ms", ["errors"], rules=riichi.Rules.mahjong_soul())
    assert res.rows["errors"] == other["errors"].num_rows
    with pytest.raises(RiichiError, match=r"rules must be a riichi\.Rules"):
        T.file_tables(path, ["games"], "tenhou")
    with pytest.raises(RiichiError, match="path must be"):
        T.file_tables(3, ["games"])


def test_a_file_name_that_is_not_utf8_is_shown_escaped(shared, tmp_path):
    src = shared / "data" / "tenhou6" / "mjai-reviewer" / "confusing_nakis_1.json"  # mismatches
    if not src.exists():
        pytest.skip("sample not found")
    folder = os.fsencode(str(tmp_path))
    bad = os.path.join(folder, b"bad\xff.json")
    with open(bad, "wb") as fh:
        fh.write(src.read_bytes())
    out = T.file_tables(os.fsdecode(bad))
    shown = str(tmp_path / "bad\\xff.json")
    assert out["games"].to_pylist()[0]["game_id"] == shown
    problems = {d["problem"] for d in out["decisions"].to_pylist()}
    assert problems and all("\\xff" in p for p in problems)
    assert {e["game_id"] for e in out["errors"].to_pylist()} == {shown}
    res = export([os.fsdecode(bad)], tmp_path / "out")  # Parquet takes the escaped text
    assert res.rows["decisions"] == out["decisions"].num_rows


def _tied_game_file(tmp_path, tied_ranks):
    """A one-round game where nobody wins, calls or reaches tenpai (each seat discards its
    lowest tile, every claim passed): all four end on the starting points, written as mjai
    with its rules."""
    from riichi import Game, Rules
    from riichi.actions import Discard, Pass
    from riichi.events import GameLog
    from riichi.logs import to_mjai_lines

    rules = Rules(length="one_round", tied_ranks=tied_ranks)
    g = Game(rules, seed=3)
    while not g.is_over:
        legal = g.legal_actions(g.seats_to_act[0])
        passes = [a for a in legal if isinstance(a, Pass)]
        g.step(passes[0] if passes else next(a for a in legal if isinstance(a, Discard)))
    scores = g.result.scores
    assert len(set(scores)) == 1, scores  # the tie this test is about
    path = tmp_path / f"tied_{tied_ranks}.mjson"
    path.write_text(to_mjai_lines(GameLog(g.events, meta={"rules": rules})))
    return str(path)


@pytest.mark.parametrize(
    "tied_ranks,want", [("seat_order", [1, 2, 3, 4]), ("shared", [1, 1, 1, 1])]
)
def test_player_ranks_follow_the_games_tie_rule(tmp_path, tied_ranks, want):
    path = _tied_game_file(tmp_path, tied_ranks)
    out = T.file_tables(path, ["games", "players"])
    (game,) = out["games"].to_pylist()
    assert game["ok"] and game["mismatches"] == 0, game
    players = sorted(out["players"].to_pylist(), key=lambda r: r["seat"])
    assert [p["final_score"] for p in players] == [25000] * 4
    assert [p["rank"] for p in players] == want


def test_player_ranks_follow_the_rules_given_over_the_logs(tmp_path):
    # the shared-rank game replayed under seat-order ranks, and the other way round
    from riichi import Rules

    for logged, given, want in [("shared", "seat_order", [1, 2, 3, 4]),
                                ("seat_order", "shared", [1, 1, 1, 1])]:  # fmt: skip
        path = _tied_game_file(tmp_path, logged)
        rows = T.file_tables(path, ["players"], rules=Rules(length="one_round", tied_ranks=given))
        players = sorted(rows["players"].to_pylist(), key=lambda r: r["seat"])
        assert [p["rank"] for p in players] == want


def _linked_tree(shared, tmp_path):
    """top/ holds one log, a link to a folder holding another and a link up to its own
    parent (which would loop: reported, not followed)."""
    import shutil

    src = shared / "data" / "mjlog" / "dnovikoff-tenhou" / "pao.xml"
    other = shared / "data" / "tenhou6" / "mjai-reviewer" / "double_ron.json"
    if not src.exists() or not other.exists():
        pytest.skip("corpus files not found")
    real = tmp_path / "elsewhere"
    real.mkdir()
    shutil.copy(other, real / "double_ron.json")
    top = tmp_path / "top"
    top.mkdir()
    shutil.copy(src, top / "pao.xml")
    (top / "linked").symlink_to(real, target_is_directory=True)
    (top / "up").symlink_to(tmp_path, target_is_directory=True)
    return top


def test_export_stats_and_verify_walk_linked_folders_alike(shared, tmp_path):
    from riichi.mining.stats import players_table

    top = _linked_tree(shared, tmp_path)
    vjson = tmp_path / "v.json"
    main(["verify", "--quiet", str(top), "--json", str(vjson)])
    v = json.loads(vjson.read_text())
    assert v["games"] == 2 and [Path(u["file"]).name for u in v["unreadable"]] == ["up"]
    result = export([str(top)], tmp_path / "out", ["games", "errors", "players"])
    pq = pytest.importorskip("pyarrow.parquet")
    games = pq.read_table(tmp_path / "out" / "games").to_pylist()
    errors = pq.read_table(tmp_path / "out" / "errors").to_pylist()
    assert sum(g["replayed"] for g in games) == result.rows["games"] == v["games"]
    unreadable = [e for e in errors if e["kind"] == "unreadable"]
    assert [Path(e["game_id"]).name for e in unreadable] == ["up"]
    assert "holds it" in unreadable[0]["reason"]
    players, errs = players_table([str(top)])
    assert players.num_rows == 4 * v["games"]
    assert [Path(g).name for g in errs.column("game_id").to_pylist()] == ["up"]
    with pytest.warns(UserWarning, match="up"):
        assert len(_walk([str(top)])) == 2
