"""riichi convert: every game written in the target format with its rules, failures reported
with their reason while the rest goes on, usage errors exit 2."""

from __future__ import annotations

import json
import random

import pytest

from riichi.actions import Ron, Tsumo
from riichi.cli import main
from riichi.events import GameLog
from riichi.game import Game
from riichi.logs import read_log, to_mjai_lines
from riichi.replay import replay_game
from riichi.rules import Rules


def _game(rules: Rules, seed: int) -> GameLog:
    rng = random.Random(seed)
    g = Game(rules, seed=seed)
    while not g.is_over:
        seat = rng.choice(g.seats_to_act)
        legal = g.legal_actions(seat)
        wins = [a for a in legal if isinstance(a, (Tsumo, Ron))]
        g.step(wins[0] if wins else rng.choice(legal))
    return GameLog(g.events, meta={"rules": rules})


@pytest.fixture
def inputs(tmp_path):
    src = tmp_path / "in"
    (src / "sub").mkdir(parents=True)
    (src / "a.jsonl").write_text(to_mjai_lines(_game(Rules.tenhou_sanma("one_round"), 1)))
    (src / "sub" / "b.jsonl").write_text(to_mjai_lines(_game(Rules.mahjong_soul("east_east"), 2)))
    (src / "bad.json").write_text("{not json")
    return src


@pytest.mark.parametrize("fmt", ["mjai", "tenhou6", "mjlog"])
def test_convert_folder_keeps_rules_reports_bad_input(inputs, tmp_path, capsys, fmt):
    out = tmp_path / "out"
    rc = main(["convert", str(inputs), "-o", str(out), "--to", fmt, "-q"])
    captured = capsys.readouterr()
    assert rc == 1  # bad.json failed, the others were written
    assert "bad.json" in captured.err and "not JSON" in captured.err
    assert "2 game(s) written" in captured.out
    ext = {"mjai": ".jsonl", "tenhou6": ".json", "mjlog": ".xml"}[fmt]
    a, b = read_log(out / f"a{ext}"), read_log(out / "sub" / f"b{ext}")
    assert a.format == {"mjlog": "tenhou_xml"}.get(fmt, fmt)
    assert a.meta["rules"] == Rules.tenhou_sanma("one_round")
    assert b.meta["rules"] == Rules.mahjong_soul("east_east")
    for log in (a, b):
        rep = replay_game(log)
        assert rep.mismatches == [] and rep.rounds > 0


def test_convert_one_file_to_a_file(inputs, tmp_path, capsys):
    out = tmp_path / "one.xml"
    assert main(["convert", str(inputs / "a.jsonl"), "-o", str(out), "--to", "mjlog"]) == 0
    assert out.read_text().startswith('<mjloggm ver="2.3">')
    assert "1 game(s) written as mjlog" in capsys.readouterr().out


def test_convert_header_only_log_is_not_converted(tmp_path, capsys):
    src = tmp_path / "h.jsonl"
    src.write_text(json.dumps({"type": "start_game", "names": ["a", "b", "c", "d"]}) + "\n")
    assert main(["convert", str(src), "-o", str(tmp_path / "o.json"), "--to", "tenhou6"]) == 1
    assert "no round" in capsys.readouterr().err
    assert not (tmp_path / "o.json").exists()


@pytest.mark.parametrize(
    "argv",
    [
        ["convert", "x", "-o", "y"],  # no --to
        ["convert", "x", "--to", "mjai"],  # no -o
        ["convert", "x", "-o", "y", "--to", "xml"],  # unknown format
        ["convert", "-o", "y", "--to", "mjai"],  # no input
    ],
)
def test_convert_usage_errors_exit_2(argv):
    with pytest.raises(SystemExit) as e:
        main(argv)
    assert e.value.code == 2


def test_convert_missing_input_or_file_output_exit_2(inputs, tmp_path, capsys):
    assert main(["convert", str(tmp_path / "nope"), "-o", str(tmp_path / "o"), "--to", "mjai"]) == 2
    out = tmp_path / "file.txt"
    out.write_text("x")
    assert main(["convert", str(inputs), "-o", str(out), "--to", "mjai"]) == 2
    assert "is a file" in capsys.readouterr().err


def test_convert_help_names_the_formats(capsys):
    with pytest.raises(SystemExit) as e:
        main(["convert", "--help"])
    assert e.value.code == 0
    text = capsys.readouterr().out
    assert all(w in text for w in ("mjai", "tenhou6", "mjlog", "riichi_rules", "--to", "-o"))


def test_convert_writes_every_game_of_a_file_that_holds_several(tmp_path, capsys):
    from conftest import SHARED

    src = SHARED / "data" / "more" / "majiang-analog" / "multi.json"
    if not src.is_file():
        pytest.skip(f"no kobalab array at {src}")
    for out, names in (
        (tmp_path / "folder" / "", ["multi-0.jsonl", "multi-1.jsonl"]),  # into a folder
        (tmp_path / "one.jsonl", ["one-0.jsonl", "one-1.jsonl"]),  # "a file": one per game
    ):
        target = str(out) + ("/" if not out.suffix else "")
        assert main(["convert", str(src), "-o", target, "--to", "mjai", "--quiet"]) == 0
        where = out if not out.suffix else out.parent
        written = sorted(p.name for p in where.iterdir() if p.name.startswith(names[0][:3]))
        assert written == names
        for name in written:
            rep = replay_game(read_log(where / name))
            assert rep.replayed and rep.ok and rep.rounds > 5, name


def test_convert_never_writes_over_an_input(tmp_path, capsys):
    # an output folder that is the input folder replaced mjai inputs by their conversion, and
    # `convert game.xml -o game.xml` replaced a Tenhou original by riichi's rewrite
    from importlib.resources import files

    games = files("riichi") / "data" / "games"
    folder = tmp_path / "logs"
    folder.mkdir()
    for name in ("pao.xml", "126_204_0_mjai.jsonl"):
        (folder / name).write_bytes((games / name).read_bytes())
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    assert main(["convert", str(folder), "-o", str(folder), "--to", "mjai"]) == 1
    captured = capsys.readouterr()
    assert f"{folder / '126_204_0_mjai.jsonl'} is an input" in captured.err
    assert "1 game(s) written" in captured.out  # pao.xml -> pao.jsonl, a new file
    assert (folder / "pao.jsonl").is_file()
    assert all((folder / n).read_bytes() == b for n, b in before.items())
    assert main(["convert", str(folder / "pao.xml"), "-o", str(folder / "pao.xml"), "--to", "mjlog"]) == 1
    assert "is an input" in capsys.readouterr().err
    assert (folder / "pao.xml").read_bytes() == before["pao.xml"]


def test_convert_never_writes_a_log_that_does_not_read_back(shared, tmp_path, capsys):
    # kobalab records that list one dora indicator for two kans (tests/test_logs_kobalab.py
    # MISSING_KAN_DORA) were written as tenhou.net/6 files riichi's own reader refuses ("a
    # kan needs dora indicator #3; the round lists 2"), with no word from convert; mjai
    # keeps their events, so they still convert to it and verify names the mismatch
    from riichi.convert import render
    from riichi.errors import LogFormatError
    from riichi.logs import read_logs

    archive = shared / "data" / "majiang_kobalab" / "mahjonglm" / "data2023_sample_v1.zip"
    if not archive.exists():
        pytest.skip(f"kobalab data not found at {archive}")
    (log,) = [g for p, g in read_logs([str(archive)]) if "b14c9329" in p]
    with pytest.raises(LogFormatError, match="would not read back") as e:
        render(log, "tenhou6")
    assert "a kan needs dora indicator #3; the round lists 2" in str(e.value)
    assert not replay_game(read_log_text(render(log, "mjai"))).ok  # the mismatch kept
    out = tmp_path / "out"
    assert main(["convert", str(archive), "-o", str(out), "--to", "tenhou6"]) == 1
    err = capsys.readouterr().err
    assert "b14c9329" in err and "would not read back" in err
    written = [p for p in out.rglob("*") if p.is_file()]
    assert written and not any("b14c9329" in p.name for p in written)
    assert all(not isinstance(g, Exception) for _, g in read_logs([str(out)]))


def read_log_text(text: str) -> GameLog:
    from riichi.logs import parse_log

    return parse_log(text.encode(), "back.mjson")
