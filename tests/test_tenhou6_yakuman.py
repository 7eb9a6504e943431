"""tenhou.net/6 writes every yakuman of a hand as ``name(役満)`` and its multiple in the points
text only ("役満48000点∀"), as Tenhou and tensoul do: a double yakuman form was written
"四暗刻単騎(26飜)", which neither writes. A written game must convert and verify cleanly."""

from __future__ import annotations

import json

import pytest

from riichi import Rules
from riichi.actions import Discard, Ron, Tsumo
from riichi.cli import main
from riichi.events import GameLog
from riichi.game import Game
from riichi.logs import parse_log, read_log, to_mjai_lines
from riichi.logs.tenhou6 import to_tenhou6
from scripted import scripted_wall, tiles

#: the other three seats: no 4z-7z, so the dealer's honours are free
OTHERS = ["147m258p369s1123z", "258m369p147s1123z", "369m147p258s2366z"]
#: the dealer wins on its first draw (tenhou) with a suuankou on a 5z tanki wait
SUUANKOU_TANKI = scripted_wall(["111m222p333s4445z", *OTHERS], draws="5z")
#: ... with the seven honours as pairs (daichisei under Rules.daichisei, else tsuuiisou)
SEVEN_HONOUR_PAIRS = scripted_wall(
    ["1122334455667z", "147m258p369s2589m", "258m369p147s1369p", "369m147p258s2478s"],
    draws="7z",
)


def _dealer_tsumo(rules: Rules, wall) -> GameLog:
    g = Game(rules.replace(length="one_round"), walls=[wall], seed=1)
    g.step(next(a for a in g.legal_actions(0) if isinstance(a, Tsumo)))
    assert g.is_over
    return GameLog(g.events, meta={"rules": g.rules})


def _ron_on_first_discard(rules: Rules, hands: list[str], first: str, tile: str, **kw) -> GameLog:
    """Seat 1 rons the dealer's first discard ``tile`` (the dealer draws ``first``)."""
    g = Game(rules.replace(length="one_round"), walls=[scripted_wall(hands, first, **kw)], seed=1)
    ((kind, _),) = tiles(tile)
    g.step(next(a for a in g.legal_actions(0) if isinstance(a, Discard) and a.tile // 4 == kind))
    g.step(next(a for a in g.legal_actions(1) if isinstance(a, Ron)))
    while not g.is_over:
        seat = g.seats_to_act[0]
        g.step(g.legal_actions(seat)[0])
    return GameLog(g.events, meta={"rules": g.rules})


CASES = {
    # Mahjong Soul counts suuankou tanki double: a triple yakuman, written as tensoul writes it
    "ms_suuankou_tanki_double": (
        lambda: _dealer_tsumo(Rules.mahjong_soul(), SUUANKOU_TANKI),
        ["役満48000点∀", "天和(役満)", "四暗刻単騎(役満)"],
        (("tenhou", 13), ("suuankou_tanki", 26)),
    ),
    # daichisei is a double yakuman wherever riichi scores it
    "daichisei": (
        lambda: _dealer_tsumo(Rules.tenhou().replace(daichisei=True), SEVEN_HONOUR_PAIRS),
        ["役満48000点∀", "天和(役満)", "大七星(役満)"],
        (("tenhou", 13), ("daichisei", 26)),
    ),
    # daisuushii double (Mahjong Soul), robbed from the dealer's first discard
    "ms_daisuushii_ron": (
        lambda: _ron_on_first_discard(
            Rules.mahjong_soul(),
            ["258m369p147s5677z", "99m11122233344z", "147m258p369s1567z", "369m147p258s2366z"],
            "4z", "4z",
        ),
        ["役満64000点", "大四喜(役満)"],
        (("daisuushii", 26),),
    ),
}


def _yakuman_results(doc: dict) -> list[list]:
    return [r[-1][2][3:] for r in doc["log"] if r[-1][0] == "和了"]


@pytest.mark.parametrize("case", sorted(CASES))
def test_double_yakuman_written_as_tenhou_writes_it_converts_and_verifies(case, tmp_path, capsys):
    make, want_text, want_yaku = CASES[case]
    log = make()
    (win,) = [e for e in log.events if e.type == "hora"]
    assert win.yaku == want_yaku  # the game played what the case is about
    src = tmp_path / "game.jsonl"
    src.write_text(to_mjai_lines(log))
    out = tmp_path / "game.json"
    assert main(["convert", str(src), "-o", str(out), "--to", "tenhou6", "-q"]) == 0
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert _yakuman_results(doc) == [want_text]
    rep_path = tmp_path / "verify.json"
    assert main(["verify", str(out), "--jobs", "1", "-q", "--json", str(rep_path)]) == 0
    capsys.readouterr()
    rep = json.loads(rep_path.read_text())
    assert (rep["games"], rep["rounds"], rep["wins"]) == (1, 1, 1)
    assert rep["mismatches"] == [] and rep["unsupported"] == [] and rep["unreadable"] == []
    (back,) = [e for e in read_log(out).events if e.type == "hora"]
    assert (back.yaku, back.han, back.points) == (want_yaku, win.han, win.points)


def test_a_double_the_written_rules_do_not_name_is_written_double_and_reads_back():
    # no rules to carry: "(役満)" would read back as one yakuman, so the double says so
    log = _dealer_tsumo(Rules.mahjong_soul(), SUUANKOU_TANKI)
    doc = to_tenhou6(list(log.events))
    assert "riichi_rules" not in doc
    assert _yakuman_results(doc) == [["役満48000点∀", "天和(役満)", "四暗刻単騎(ダブル役満)"]]
    back = parse_log(json.dumps(doc, ensure_ascii=False).encode(), "bare.json")
    (win,) = [e for e in back.events if e.type == "hora"]
    assert win.yaku == (("tenhou", 13), ("suuankou_tanki", 26)) and win.han == 39


def test_a_single_yakuman_under_rules_that_count_its_form_double_is_not_read_double():
    # the same tiles under Tenhou rules (suuankou tanki single): "(役満)" is 13 again
    log = _dealer_tsumo(Rules.tenhou(), SUUANKOU_TANKI)
    doc = to_tenhou6(log)
    assert _yakuman_results(doc) == [["役満32000点∀", "天和(役満)", "四暗刻単騎(役満)"]]
    ms = Rules.mahjong_soul().replace(length="one_round")
    doc_ms = to_tenhou6(log, rules=ms)  # a record of one rule set, carried under another
    (text,) = _yakuman_results(doc_ms)
    assert text == ["役満32000点∀", "天和(役満)", "四暗刻単騎(13飜)"]  # its worth kept
    back = parse_log(json.dumps(doc_ms, ensure_ascii=False).encode(), "ms.json")
    (win,) = [e for e in back.events if e.type == "hora"]
    assert win.yaku == (("tenhou", 13), ("suuankou_tanki", 13))
