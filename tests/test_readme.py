"""The README's tour runs as written and gives what its comments claim."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


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
    assert riichi.payment(4, 30, dealer=False, tsumo=False).ron == 7700
    kata = riichi.score("234567p34445s chi:234m", "4p", rules=riichi.Rules(atozuke="forbidden"))
    assert kata.is_agari and not kata.has_yaku
    assert riichi.batch.shanten(ns["counts"]).tolist() == [0, 0, -1]
    assert ns["cols"]["points"].tolist() == [12000]
    assert ns["cols"]["yaku_mask"].shape == (1, 2)
    assert ns["text"].count("\n") >= 100  # one mjai object per line
    assert "data/games" in capsys.readouterr().out.replace("\\", "/")
