"""benches/compare.py --quick must keep running and keep checking answers.

Never asserts on a timing: only that every section runs on a tiny input, that its answers
were compared with the reference (and agree), and that the JSON and the summary are written.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

from conftest import SHARED

BENCHES = Path(__file__).resolve().parents[1] / "benches"
PEERS = ("riichienv", "xiangting", "mahjong")


def _compare():
    missing = [p for p in PEERS if importlib.util.find_spec(p) is None]
    if missing:
        pytest.skip(f"peer libraries not installed: {missing}")
    sys.path.insert(0, str(BENCHES))
    import compare

    return compare


def _run(tmp_path, sections: str) -> dict:
    compare = _compare()
    out = tmp_path / "figures.json"
    assert (
        compare.main(["--quick", "--hands", "400", "--sections", sections, "--json", str(out)]) == 0
    )
    return json.loads(out.read_text())


def _checked_rows(doc: dict, section: str) -> list[dict]:
    return [r for r in doc["rows"][section] if r["mismatches"] is not None]


def test_shanten_and_ukeire_sections(tmp_path, capsys):
    doc = _run(tmp_path, "shanten,ukeire")
    text = capsys.readouterr().out
    assert "== 1. shanten" in text and "== 2. ukeire" in text and "== Summary" in text
    shanten = _checked_rows(doc, "shanten")
    # riichi single, Hand, from-ids, riichienv, xiangting, mahjong, batch x2: all checked
    assert len(shanten) == 8
    for r in shanten:
        assert r["checked"] > 0 and r["mismatches"] == 0, r
        assert r["wall"] > 0 and r["cpu"] >= 0
    assert sum(r["checked"] for r in shanten if r["library"] == "riichi") >= 4 * 400
    ukeire = _checked_rows(doc, "ukeire")
    assert len(ukeire) == 4 and all(r["mismatches"] == 0 for r in ukeire)
    names = [t["target"] for t in doc["targets"]]
    assert any("10 M hands/s" in n for n in names)
    assert all(t["pass"] in (True, False, None) for t in doc["targets"])


def test_analysis_section(tmp_path, capsys):
    """Waits, discard tables and three-player analysis (issue 16): every row's answers
    checked against xiangting and agreeing, and the issue's targets in the summary."""
    doc = _run(tmp_path, "analysis")
    text = capsys.readouterr().out
    assert "== 2b. waits" in text and "== 2c. discard table" in text
    assert "== 2d. three players" in text
    rows = _checked_rows(doc, "analysis")
    # waits single, xiangting, batch, single and xiangting on new hands; discards single,
    # loop, batch; sanma shanten x2, ukeire x2
    assert len(rows) == 12
    for r in rows:
        assert r["checked"] > 0 and r["mismatches"] == 0, r
    names = [t["target"] for t in doc["targets"]]
    assert any("waits single >= 2x xiangting" in n for n in names)
    # waits also timed on hands never asked before (its per-group memo starts cold on them)
    assert doc["figures"]["analysis"]["waits_new_hands_over_xiangting_cpu"] > 0
    assert "riichi.waits (new hands, one pass each)" in text
    assert any("discard table >= 3x" in n for n in names)


def test_score_selfplay_parse_replay_sections(tmp_path, capsys):
    if not (SHARED / "data" / "mjlog").exists():
        pytest.skip(f"mjlog corpus not found under {SHARED}")
    doc = _run(tmp_path, "score,selfplay,parse,replay")
    text = capsys.readouterr().out
    assert "== 3. scoring" in text and "== 4. self-play" in text and "5a. log parsing" in text
    assert "5b. replay" in text
    score = _checked_rows(doc, "score")
    assert len(score) >= 7
    for r in score:
        assert r["checked"] > 0 and r["mismatches"] == 0, r
    selfplay = doc["rows"]["selfplay"]
    assert [r["library"] for r in selfplay] == ["riichi", "riichienv"]
    assert all(r["items"] >= 1 and r["extra"]["decisions"] > 0 for r in selfplay)
    parse = doc["rows"]["parse"][0]
    assert parse["items"] > 0 and parse["mismatches"] == 0
    assert "replay" in doc["figures"]
