"""The README's tour runs as written and gives what its comments claim; the names it gives
exist and are what it says they are."""

from __future__ import annotations

import importlib
import re
import shutil
from importlib.resources import files
from pathlib import Path

import riichi

README = Path(__file__).resolve().parents[1] / "README.md"
_GAMES_LINE = 'games = files("riichi") / "data" / "games"'


def _tour() -> str:
    text = README.read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    assert blocks, "the README has no python block"
    return blocks[0]


def test_the_tour_runs_and_its_comments_hold(capsys):
    ns: dict = {}
    exec(compile(_tour(), "README tour", "exec"), ns)
    riichi, r = ns["riichi"], ns["r"]
    assert riichi.shanten(ns["hand"]) == 0
    assert (r.han, r.fu, r.points) == (7, 50, 18000)
    assert r.fu_breakdown[:2] == [("base", 20), ("menzen_ron", 10)]
    assert ns["east"] == 27 and str(ns["east"]) == "1z"
    assert ns["y"].yakuman == [("suuankou_tanki", 1)] and ns["y"].points == 48000
    assert riichi.payment(4, 30, dealer=False, tsumo=False).ron == 7700
    kata = riichi.score("234567p34445s chi:234m", "4p", rules=riichi.Rules(atozuke="forbidden"))
    assert kata.is_agari and not kata.has_yaku
    assert riichi.batch.shanten(ns["counts"]).tolist() == [0, 0, -1]
    assert ns["cols"]["points"].tolist() == [12000]
    assert ns["cols"]["yaku_mask"].shape == (1, 2)
    assert isinstance(ns["mine"], riichi.Hand) and len(ns["mine"]) == 14
    assert ns["text"].count("\n") >= 100  # one mjai object per line
    assert ns["xml"].startswith("<mjloggm")
    out = capsys.readouterr().out
    assert "data/games" in out.replace("\\", "/")
    assert "123m456p789s1122z 0" in out  # the good text's shanten
    assert "123m456p78x9s refused: invalid tile notation" in out and "position 10" in out


def test_the_tour_log_loop_goes_on_past_a_bad_file(tmp_path, capsys):
    """The tour's read_logs loop is the loop real code needs: a bad file comes back as a
    LogFormatError value, which the loop reports and steps over."""
    sample = sorted(files("riichi").joinpath("data", "games").iterdir(), key=lambda p: p.name)
    for good in sample[:2]:  # the tour writes the second game read
        shutil.copyfile(str(good), tmp_path / f"b_{good.name}")
    (tmp_path / "a_bad.json").write_text('{"title": "not a game"', encoding="utf-8")
    tour = _tour()
    assert _GAMES_LINE in tour
    ns: dict = {}
    exec(compile(tour.replace(_GAMES_LINE, f"games = {str(tmp_path)!r}"), "tour", "exec"), ns)
    out = capsys.readouterr().out
    assert "a_bad.json unreadable:" in out
    assert len(ns["logs"]) == 2 and ns["xml"].startswith("<mjloggm")


def _names() -> list[str]:
    text = README.read_text(encoding="utf-8")
    return sorted(set(re.findall(r"`(riichi(?:\.\w+)+)", text)))


def _resolve(dotted: str) -> object:
    """The object a dotted name gives: attributes, or submodules imported on the way."""
    parts = dotted.split(".")
    obj: object = riichi
    for i, part in enumerate(parts[1:], start=2):
        try:
            obj = getattr(obj, part)
        except AttributeError:
            obj = importlib.import_module(".".join(parts[:i]))  # a submodule not yet loaded
    return obj


def test_every_name_the_readme_gives_exists():
    names = _names()
    assert "riichi.logs.to_mjai_lines" in names and "riichi.replay_game" in names
    for name in names:
        _resolve(name)  # AttributeError names the one that does not exist
    # the writers it lists (an mjlog writer among them) exist
    text = README.read_text(encoding="utf-8")
    for writer in ("to_mjai_lines", "to_tenhou6", "to_mjlog"):
        assert f"`{writer}`" in text or f"riichi.logs.{writer}" in text
        assert callable(getattr(riichi.logs, writer))


def test_what_the_readme_says_reads_or_writes_is_a_function():
    # "`riichi.replay` reads that from the header" named a module, not the function
    text = README.read_text(encoding="utf-8")
    doers = re.findall(r"`(riichi(?:\.\w+)+)`\s*\n?\s*(?:reads|writes|returns|gives)\b", text)
    assert doers
    for name in doers:
        assert callable(_resolve(name)), name
