"""The HTML replay viewer (riichi.view.html, `riichi view`): self-contained, one step per
event, settlements and mismatches at their events; the command's exit statuses."""

from __future__ import annotations

import json
import re
import zipfile
from importlib.resources import files

import pytest

import riichi
from riichi.cli import main
from riichi.replay import GameReport, Mismatch
from riichi.view.html import viewer_data, viewer_html

SAMPLE = files("riichi") / "data" / "games"
PAO = str(SAMPLE / "pao.xml")


def page_data(page: str) -> dict:
    m = re.search(r'<script type="application/json" id="riichi-data">(.*?)</script>', page, re.S)
    assert m is not None
    return json.loads(m.group(1))


def test_page_is_self_contained():
    page = viewer_html(riichi.read_log(PAO))
    assert page.startswith("<!DOCTYPE html>")
    assert not re.search(r"(?i)(https?:|ftp:|file:)?//[a-z0-9.-]+\.[a-z]", page)
    # every reference is to an element of the page itself
    refs = re.findall(r'\b(?:href|src|xlink:href)\s*=\s*"([^"]*)"', page)
    assert refs and all(r.startswith("#riichi-") for r in refs), {r for r in refs if r[:1] != "#"}
    assert "url(" not in page and "@import" not in page and "<link" not in page
    assert page.count("<script") == 2  # the data and the inline script: no src
    # every tile face the script can draw is defined once
    for name in ("1m", "0m", "0p", "0s", "7z", "back"):
        assert page.count(f'id="riichi-{name}"') == 1


def test_one_step_per_event_with_settlements():
    log = riichi.read_log(PAO)
    data = viewer_data(log)
    steps = data["steps"]
    assert len(steps) == len(log.events) - 1  # every event but the header
    assert [s["event"] for s in steps] == list(range(1, len(log.events)))
    horas = [s for s in steps if s["type"] == "hora"]
    assert len(horas) == log.wins and all(s["settlement"]["yaku"] for s in horas)
    for s, ev in zip(horas, [e for e in log.events if e.type == "hora"]):
        assert s["settlement"]["han"] == ev.han and s["settlement"]["deltas"] == list(ev.deltas)
        assert s["state"]["scores"] == list(ev.scores)
    assert data["rounds"][0]["label"] == "E1-0"
    assert data["summary"]["mismatches"] == 0 and data["summary"]["ok"]
    # the page carries exactly these steps
    assert page_data(viewer_html(log, None))["steps"] == json.loads(json.dumps(steps))


def test_mismatches_are_shown_at_their_event():
    log = riichi.read_log(PAO)
    k = next(i for i, e in enumerate(log.events) if e.type == "dahai")
    report = GameReport(log.source, log.format, rounds=1)
    report.mismatches.append(Mismatch(log.source, "E1-0", k, "action", "dahai 1m", None, "x", 0))
    report.mismatches.append(Mismatch(log.source, "end", -1, "final_scores", 1, 2, "", -1))
    data = viewer_data(log, report)
    flagged = {s["event"]: [m["field"] for m in s["mismatches"]] for s in data["steps"] if s["mismatches"]}
    assert flagged == {k: ["action"], len(log.events) - 1: ["final_scores"]}
    assert data["rounds"][0]["mismatches"] == 1 and data["summary"]["mismatches"] == 2


def test_known_fault_is_marked_where_it_happens(shared):
    # KNOWN-FAULTS: a discard right after a pon marked tsumogiri (events 550 and 694)
    path = shared / "data" / "mjai" / "wahaha" / "2020010100gm-00b9-0000-7a6863a8.mjson"
    data = viewer_data(riichi.read_log(str(path)))
    assert [s["event"] for s in data["steps"] if s["mismatches"]] == [550, 694]
    assert data["players"] == 3 and len(data["steps"][0]["state"]["seats"]) == 3


def test_json_cannot_close_the_script(tmp_path):
    text = (SAMPLE / "126_204_0_mjai.jsonl").read_text(encoding="utf-8")
    first, rest = text.split("\n", 1)
    head = json.loads(first)
    head["names"] = ["</script><script>alert(1)</script>", "b&c", "d", "e"]
    path = tmp_path / "names.jsonl"
    path.write_text(json.dumps(head) + "\n" + rest, encoding="utf-8")
    page = viewer_html(riichi.read_log(str(path)))
    assert "alert(1)</script>" not in page
    assert page_data(page)["names"][0] == "</script><script>alert(1)</script>"


def test_bad_input_raises():
    with pytest.raises(riichi.RiichiError, match="GameLog"):
        viewer_html("game.xml")
    with pytest.raises(riichi.RiichiError, match="GameReport"):
        viewer_html(riichi.read_log(PAO), "ok")
    with pytest.raises(riichi.RiichiError, match="bottom must be a seat"):
        viewer_html(riichi.read_log(PAO), bottom=-1)


def test_cli_view(tmp_path, capsys, monkeypatch):
    out = tmp_path / "pao.html"
    assert main(["view", PAO, "-o", str(out)]) == 0
    assert "0 mismatches" in capsys.readouterr().out
    assert page_data(out.read_text(encoding="utf-8"))["steps"]
    # default output: the log's name with .html, in the current folder
    monkeypatch.chdir(tmp_path)
    assert main(["view", PAO]) == 0 and (tmp_path / "pao.html").exists()
    # an archive of two games needs --game
    zpath = tmp_path / "two.zip"
    with zipfile.ZipFile(zpath, "w") as z:
        z.writestr("a.xml", (SAMPLE / "pao.xml").read_bytes())
        z.writestr("b.xml", (SAMPLE / "bye.xml").read_bytes())
    capsys.readouterr()
    assert main(["view", str(zpath)]) == 2
    assert "holds 2 games" in capsys.readouterr().err
    assert main(["view", str(zpath), "--game", "2"]) == 2
    assert main(["view", str(zpath), "--game", "1", "-o", str(tmp_path / "b.html")]) == 0
    assert page_data((tmp_path / "b.html").read_text(encoding="utf-8"))["source"].endswith("b.xml")
    # by default each game of an archive has a page of its own (both were two.html)
    for k, member in ((0, "a.xml"), (1, "b.xml")):
        assert main(["view", str(zpath), "--game", str(k)]) == 0
        page = (tmp_path / f"two-{k}.html").read_text(encoding="utf-8")
        assert page_data(page)["source"].endswith(member)
    assert not (tmp_path / "two.html").exists()
    # an archive's unreadable member is named and skipped, not counted as a game
    with zipfile.ZipFile(zpath, "w") as z:
        z.writestr("a.xml", (SAMPLE / "pao.xml").read_bytes())
        z.writestr("junk.xml", b"<mjloggm")
    capsys.readouterr()
    assert main(["view", str(zpath), "-o", str(tmp_path / "a.html")]) == 0
    err = capsys.readouterr().err
    assert "skipped unreadable" in err and "junk.xml" in err
    # the seat at the bottom
    assert main(["view", PAO, "--seat", "2", "-o", str(tmp_path / "s.html")]) == 0
    assert page_data((tmp_path / "s.html").read_text(encoding="utf-8"))["bottom"] == 2
    capsys.readouterr()
    assert main(["view", PAO, "--seat", "4"]) == 2
    assert "seats 0..3" in capsys.readouterr().err
    # rules as for verify: under the plain preset (final points not rounded, which Tenhou
    # rounded at this game's date) the final points differ, marked on the last step
    capsys.readouterr()
    assert main(["view", PAO, "--rules", "tenhou", "-o", str(tmp_path / "t.html")]) == 1
    assert "1 mismatch" in capsys.readouterr().out
    last = page_data((tmp_path / "t.html").read_text(encoding="utf-8"))["steps"][-1]
    assert [m["field"] for m in last["mismatches"]] == ["final_points"]
    assert main(["view", PAO, "--rules", "no_such_preset"]) == 2
    assert "no_such_preset" in capsys.readouterr().err
    # unreadable input: exit 1, named
    bad = tmp_path / "bad.xml"
    bad.write_text("<mjloggm", encoding="utf-8")
    capsys.readouterr()
    assert main(["view", str(bad)]) == 1
    assert "bad.xml" in capsys.readouterr().err


def test_cli_view_exit_1_on_a_mismatch(shared, tmp_path, capsys):
    path = shared / "data" / "mjai" / "wahaha" / "2020010100gm-00b9-0000-7a6863a8.mjson"
    assert main(["view", str(path), "-o", str(tmp_path / "w.html")]) == 1
    assert "2 mismatches" in capsys.readouterr().out
    assert (tmp_path / "w.html").stat().st_size > 0
