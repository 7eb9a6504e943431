"""Regenerate the pictures under docs/images: a hand (SVG, and a PNG of it) and the replay
viewer (PNG) at a win of a bundled sample game.

    python tools/view_screenshots.py [--out docs/images]

The PNGs are taken by headless Chromium through Playwright, as in tests/test_view_browser.py
(Debian: ``apt-get install chromium fonts-noto-cjk``; the CJK font draws the kanji faces).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from importlib.resources import files
from pathlib import Path

import riichi
from riichi.view import hand_svg
from riichi.view.html import viewer_data, viewer_html

#: the hand of docs/images/hand.svg: red fives, a chi and a pon from toimen, the winning
#: tile apart
HAND = "340m406p55s chi:768s pon:777z@2"
WIN = "5s"
#: the game of docs/images/viewer.png (bundled sample) and the step: its first win with two
#: riichi sticks down and three melds on the table
GAME = "bug2.xml"


def _chromium() -> str:
    for name in (os.environ.get("RIICHI_CHROMIUM"), "chromium", "chromium-browser"):
        if name and shutil.which(name):
            return shutil.which(name) or name
    sys.exit("no Chromium found (apt-get install chromium, or set RIICHI_CHROMIUM)")


def _viewer_step(data: dict) -> int:
    for i, step in enumerate(data["steps"]):
        st, s = step["state"], step["settlement"]
        riichi_down = sum(p["riichi"] for p in st["seats"])
        melds = sum(len(p["melds"]) for p in st["seats"])
        if s and s["type"] == "hora" and riichi_down >= 2 and melds >= 3:
            return i
    raise SystemExit(f"{GAME}: no win with two riichi and three melds")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(Path(__file__).resolve().parents[1] / "docs" / "images"))
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    svg = hand_svg(HAND, drawn=WIN, scale=2)
    (out / "hand.svg").write_text(svg + "\n", encoding="utf-8")
    log = riichi.read_log(str(files("riichi") / "data" / "games" / GAME))
    step = _viewer_step(viewer_data(log))
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p, tempfile.TemporaryDirectory() as tmp:
        browser = p.chromium.launch(executable_path=_chromium(), args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 900, "height": 200})
        page.set_content(f"<body style='margin:0;background:transparent'>{svg}</body>")
        page.locator("svg").screenshot(path=str(out / "hand.png"), omit_background=True)
        page.close()
        html_path = Path(tmp) / "game.html"
        html_path.write_text(viewer_html(log), encoding="utf-8")
        page = browser.new_page(viewport={"width": 1360, "height": 860})
        page.goto(html_path.as_uri())
        page.evaluate(f"window.riichiViewer.show({step})")
        page.screenshot(path=str(out / "viewer.png"))
        browser.close()
    print(f"wrote {out / 'hand.svg'}, {out / 'hand.png'}, {out / 'viewer.png'} (step {step})")


if __name__ == "__main__":
    main()
