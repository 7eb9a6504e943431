"""No pass without a replay: a document that yields no round is never verified.

Each format gets a made-up document with a header and no round; ``riichi verify`` must report
it unreadable with the reason, count no game, never print "OK" and exit 1. The real case is a
Mahjong Soul record whose ``records`` list is empty beside its ``actions``
(more/mahjongSite/sample_paifu_220714-faa69c2d_defaults.json), which verify once passed
after replaying zero rounds: whatever a reader yields, verify must not pass it.
"""

from __future__ import annotations

import json
import re

import pytest

from riichi.cli import main
from riichi.errors import LogFormatError
from riichi.events import EndGame, GameLog, StartGame
from riichi.logs import read_kobalab, read_log
from riichi.replay import replay_game, verify_file

NAMES = ["A", "B", "C", "D"]
EMPTY = {
    "header.xml": (
        '<mjloggm ver="2.3"><SHUFFLE seed="" ref=""/><GO type="169" lobby="0"/>'
        '<UN n0="A" n1="B" n2="C" n3="D" dan="0,0,0,0" rate="1500,1500,1500,1500" '
        'sx="M,M,M,M"/><TAIKYOKU oya="0"/></mjloggm>'
    ),
    "no_rounds.json": json.dumps(
        {"title": ["", ""], "name": NAMES, "rule": {"disp": "般南喰赤", "aka": 1}, "log": []}
    ),
    "start_and_end.mjson": (
        json.dumps({"type": "start_game", "names": NAMES}) + "\n"
        + json.dumps({"type": "end_game", "scores": [25000] * 4}) + "\n"
    ),
    "ms_empty_records.json": json.dumps(
        {
            "head": {"uuid": "x", "config": {"mode": {"mode": 2}}},
            "data": {"name": ".lq.GameDetailRecords", "data": {"records": [], "actions": []}},
        }
    ),
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(EMPTY))
def test_a_document_without_rounds_is_unreadable_not_a_pass(tmp_path, capsys, name):
    path = tmp_path / name
    path.write_text(EMPTY[name], encoding="utf-8")
    s = verify_file(str(path))
    assert s.games == 0 and s.rounds == 0 and not s.ok
    assert len(s.unreadable) == 1 and not s.unsupported
    assert s.unreadable[0].reason  # "no round to replay", or the reader's own refusal
    code = main(["verify", "--quiet", str(path)])
    out = capsys.readouterr().out
    assert code == 1 and "OK:" not in out and "UNREADABLE" in out


def test_whatever_a_reader_yields_verify_never_passes_a_roundless_game(
    tmp_path, capsys, monkeypatch
):
    # a reader that returns a game with a start and an end and nothing between
    path = tmp_path / "any.json"
    path.write_text("{}", encoding="utf-8")
    empty = GameLog([StartGame(names=tuple(NAMES)), EndGame((25000,) * 4, (0.0,) * 4)],
                    str(path), "majsoul")  # fmt: skip
    monkeypatch.setattr("riichi.logs.read_games", lambda p: [(str(path), empty)])
    s = verify_file(str(path))
    assert s.games == 0 and not s.ok and [p.reason[:18] for p in s.unreadable] == [
        "no round to replay"
    ]
    code = main(["verify", "--quiet", str(path)])
    out = capsys.readouterr().out
    assert code == 1 and "OK:" not in out and "NOTHING REPLAYED" not in out


def test_a_kobalab_document_without_rounds_is_not_replayed():
    doc = {"title": "x", "player": NAMES, "qijia": 0, "log": [], "defen": [25000] * 4,
           "point": ["0", "0", "0", "0"], "rank": [1, 2, 3, 4]}  # fmt: skip
    with pytest.raises(LogFormatError, match="holds no round"):
        read_kobalab(json.dumps(doc), "k.json")


@pytest.mark.parametrize("fmt", ["tenhou_xml", "tenhou6", "mjai", "kobalab", "majsoul"])
def test_any_reader_yielding_no_round_is_never_ok(fmt):
    # whatever a reader yields: a start and an end, nothing between
    g = GameLog([StartGame(names=tuple(NAMES)), EndGame((25000,) * 4, (0.0,) * 4)], "x", fmt)
    rep = replay_game(g)
    assert not rep.ok and not rep.replayed and rep.empty
    assert "no round to replay" in rep.unsupported[0].reason


def test_a_game_whose_only_round_is_refused_is_not_counted_but_its_mismatch_is(shared):
    # the wall of its only round holds five 5s (a known converter fault): no round replayed
    p = shared / "data/tenhou6/mjai-reviewer/confusing_nakis_2.json"
    if not p.exists():
        pytest.skip(f"{p} absent")
    s = verify_file(str(p))
    assert s.games == 0 and [m.field for m in s.mismatches] == ["wall"]


def test_the_real_mahjong_soul_record_with_empty_records_is_never_ok(shared, capsys):
    p = shared / "data/more/mahjongSite/sample_paifu_220714-faa69c2d_defaults.json"
    if not p.exists():
        pytest.skip(f"{p} absent")
    g = read_log(p)
    rep = replay_game(g)
    if rep.rounds:  # the Mahjong Soul reader reads it now: then it must really replay
        assert rep.replayed and rep.actions > 0
        return
    s = verify_file(str(p))
    assert s.games == 0 and s.unreadable and not s.ok
    code = main(["verify", "--quiet", str(p)])
    out = capsys.readouterr().out
    assert code == 1 and "OK:" not in out
    assert re.search(r"^games +0$", out, re.M)
