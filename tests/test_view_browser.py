"""The replay viewer in a real headless browser: Chromium (the Debian package) driven by
Playwright. The page loads with no console error, draws every tile of each state, steps
by keyboard and click to the end, and a screenshot is taken.

Skips, saying why, when Playwright's Python package or a Chromium is not installed
(``RIICHI_CHROMIUM`` names the browser binary; else ``chromium``, ``chromium-browser`` or
``google-chrome`` on PATH), and fails instead when ``RIICHI_REQUIRE_BROWSER`` is set (.ci/run
installs Debian's chromium where apt-get works and then sets it).
"""

from __future__ import annotations

import os
import re
import shutil
import xml.etree.ElementTree as ET
from importlib.resources import files

import pytest

import riichi
from riichi.replay import Mismatch, replay_game
from riichi.view import table_svg
from riichi.view.html import viewer_html

# .ci/run sets RIICHI_REQUIRE_BROWSER where it has a browser: a skip would then hide a failure
REQUIRED = bool(os.environ.get("RIICHI_REQUIRE_BROWSER"))


def _unavailable(why: str):
    if REQUIRED:
        pytest.fail(f"RIICHI_REQUIRE_BROWSER is set but {why}", pytrace=False)
    pytest.skip(why, allow_module_level=True)


try:
    from playwright import sync_api
except ImportError:
    _unavailable("Playwright's Python package is not installed (pip install playwright)")

SAMPLE = files("riichi") / "data" / "games"
NS = "{http://www.w3.org/2000/svg}"


def _chromium() -> str:
    named = os.environ.get("RIICHI_CHROMIUM")
    if named:
        return named
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    _unavailable("no Chromium found (apt-get install chromium, or set RIICHI_CHROMIUM)")


@pytest.fixture(scope="module")
def browser():
    path = _chromium()
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=["--no-sandbox"])
        yield b
        b.close()


def _open(browser, tmp_path, page_html: str):
    path = tmp_path / "game.html"
    path.write_text(page_html, encoding="utf-8")
    page = browser.new_page(viewport={"width": 1360, "height": 900})
    problems: list[str] = []
    page.on("console", lambda m: problems.append(f"{m.type}: {m.text}") if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    # no network: any request that is not the file itself fails the test
    page.on("request", lambda r: problems.append(f"request {r.url}") if not r.url.startswith("file://") else None)
    page.goto(path.as_uri())
    return page, problems


def _numbers(transform: str) -> list[float]:
    return [round(float(x), 1) for x in re.findall(r"-?\d+(?:\.\d+)?", transform)]


def _tiles_in_state(st: dict) -> int:
    n = max(5, len(st["dora"]))
    for p in st["seats"]:
        n += len(p["hand"]) + (p["drawn"] is not None) + len(p["river"]) + len(p["nuki"])
        n += sum(len(m["tiles"]) + (m["added"] is not None) for m in p["melds"])
    return n


def test_viewer_steps_through_a_game_in_chromium(browser, tmp_path):
    log = riichi.read_log(str(SAMPLE / "pao.xml"))
    report = replay_game(log)
    k = next(i for i, e in enumerate(log.events) if e.type == "dahai")
    report.mismatches.append(
        Mismatch(log.source, "E1-0", k, "action", "dahai 1m", "no such discard", "made up", 0)
    )
    page, problems = _open(browser, tmp_path, viewer_html(log, report))
    steps = page.evaluate("window.riichiViewer.steps")
    assert steps == len(log.events) - 1
    data = page.evaluate("JSON.parse(document.getElementById('riichi-data').textContent)")

    def at() -> int:
        return page.evaluate("window.riichiViewer.current()")

    def drawn_tiles() -> int:
        return page.locator("#board g.tile").count()

    assert at() == 0 and drawn_tiles() == _tiles_in_state(data["steps"][0]["state"])
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    assert at() == 3
    page.keyboard.press("ArrowLeft")
    assert at() == 2
    page.click("#next")
    assert at() == 3 and page.locator("#position").inner_text() == f"event 4 / {steps}"
    # the mismatch: found by key, shown at its event
    page.keyboard.press("m")
    assert data["steps"][at()]["event"] == k
    assert "mismatch: action" in page.locator("#mismatches").inner_text()
    # a round by PageDown, and by a click in the round list
    page.keyboard.press("PageDown")
    assert at() == data["rounds"][1]["step"]
    page.locator("#rounds li").nth(2).click()
    assert at() == data["rounds"][2]["step"]
    # every step draws every tile its state holds; a win shows its yaku and payments
    seen = page.evaluate(
        """() => Array.from({length: window.riichiViewer.steps}, (_, i) => {
            window.riichiViewer.show(i);
            return [document.querySelectorAll("#board g.tile").length,
                    document.getElementById("settlement").textContent];
        })"""
    )
    assert [n for n, _ in seen] == [_tiles_in_state(s["state"]) for s in data["steps"]]
    wins = 0
    for (_, text), step in zip(seen, data["steps"]):
        s = step["settlement"]
        if s and s["type"] == "hora":
            assert all(name in text for name, _ in s["yaku"]) and f"{s['han']} han" in text
            assert f"{s['points']:,} points" in text
            wins += 1
    assert wins == log.wins
    # the script draws what riichi.view.table_svg draws for the same state (tiles, places)
    marked = 0
    for i in [*range(0, steps, max(1, steps // 12)), k - 1]:
        page.evaluate(f"window.riichiViewer.show({i})")
        js = page.evaluate(
            """() => Array.from(document.querySelectorAll("#board g.tile"),
                                g => [g.dataset.tile, g.getAttribute("transform")])"""
        )
        py = [
            [g.get("data-tile"), g.get("transform")]
            for g in ET.fromstring(table_svg(data["steps"][i]["state"])).iter(f"{NS}g")
            if "tile" in g.get("class", "").split()
        ]
        assert [(t, _numbers(tr)) for t, tr in js] == [(t, _numbers(tr)) for t, tr in py], i
        marks = page.evaluate("document.querySelectorAll('#board rect.last-discard').length")
        assert marks == table_svg(data["steps"][i]["state"]).count('class="last-discard"'), i
        assert marks == (data["steps"][i]["state"]["last_discard"] is not None), i
        marked += marks
    assert marked  # step k - 1 is the discard of event k
    # r turns the table: seat 1 at the bottom, as table_svg(bottom=1) draws it
    page.keyboard.press("r")
    assert page.evaluate("window.riichiViewer.bottom()") == 1
    js = page.evaluate(
        """() => Array.from(document.querySelectorAll("#board g.seat"), g => g.getAttribute("transform"))"""
    )
    py = [
        g.get("transform")
        for g in ET.fromstring(table_svg(data["steps"][at()]["state"], bottom=1)).iter(f"{NS}g")
        if g.get("class") == "seat"
    ]
    assert [_numbers(t) for t in js] == [_numbers(t) for t in py] and _numbers(js[1])[0] == 0
    page.keyboard.press("Home")
    assert at() == 0
    page.keyboard.press("End")
    assert at() == steps - 1
    assert page.locator("#event").inner_text().endswith("end of the game")
    shot = tmp_path / "viewer.png"
    page.screenshot(path=str(shot), full_page=True)
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 20_000
    assert problems == []
    page.close()


def test_sanma_game_draws_three_seats(browser, tmp_path):
    log = riichi.read_log(str(SAMPLE / "sanma2.xml"))
    page, problems = _open(browser, tmp_path, viewer_html(log))
    page.keyboard.press("End")
    assert page.locator("#board g.seat").count() == 3
    page.keyboard.press("PageUp")
    assert page.evaluate("window.riichiViewer.current()") > 0
    assert problems == []
    page.close()
