"""Kan dora of an ankan that a kokushi may rob (``Rules.kokushi_chankan_ankan``): shown only
once the ankan stands, so a robbed ankan reveals none (Mahjong Soul); where nobody may rob an
ankan, its dora shows at once, as before (Tenhou)."""

from __future__ import annotations

import pytest

from engine_support import make_rules
from riichi import read_log, replay_game
from riichi.actions import Ankan, Daiminkan, Pass, Ron
from riichi.round import Round
from scripted import discard, pass_all, scripted_wall, take

# seat 1 is kokushi waiting on 1z; seat 0 (dealer) draws the fourth 1z and declares an ankan
ROBBABLE = ["111z", "19m19p19s234567z9m", "", ""]
# the same ankan with nobody waiting on 1z
UNROBBABLE = ["111z", "19m19p19s234566z9m", "", ""]


def _types(r: Round) -> list[str]:
    return [e.type for e in r.events]


def _robbable_round(allowed: bool, hands=ROBBABLE) -> Round:
    r = Round(make_rules(kokushi_chankan_ankan=allowed), scripted_wall(hands, "1z", dora="3m4m"))
    take(r, 0, Ankan, auto_pass=False)
    return r


def test_robbed_ankan_reveals_no_kan_dora():
    r = _robbable_round(True)
    assert r.phase == "claim" and _types(r)[-1] == "ankan"
    assert len(r.dora_indicators) == 1  # nothing shown while the ankan may be robbed
    r.step(Ron(1))
    assert r.result.kind == "ron"
    assert "dora" not in _types(r)
    assert len(r.dora_indicators) == 1
    (hora,) = [e for e in r.events if e.type == "hora"]
    assert [str(t) for t in hora.dora_markers] == ["3m"]


def test_ankan_that_stands_reveals_its_dora_before_the_rinshan_draw():
    r = _robbable_round(True)
    r.step(Pass(1))
    assert _types(r)[-3:] == ["ankan", "dora", "tsumo"]
    assert len(r.dora_indicators) == 2
    assert r.phase == "turn" and r.current_seat == 0


@pytest.mark.parametrize(
    ("allowed", "hands"), [(False, ROBBABLE), (True, UNROBBABLE), (False, UNROBBABLE)]
)
def test_ankan_nobody_may_rob_reveals_its_dora_at_once(allowed, hands):
    r = _robbable_round(allowed, hands)
    assert r.phase == "turn" and r.current_seat == 0
    assert _types(r)[-3:] == ["ankan", "dora", "tsumo"]
    assert len(r.dora_indicators) == 2


def test_robbed_ankan_leaves_an_open_kan_dora_pending_unshown():
    # seat 1 daiminkans seat 0's 6p, draws the fourth 1z from the dead wall and declares an
    # ankan; seat 2 (kokushi on 1z) robs it: neither kan's dora is shown (after_discard rule)
    hands = ["6p", "111z666p", "19m19p19s234567z9m", ""]
    rules = make_rules(kokushi_chankan_ankan=True, open_kan_dora="after_discard")
    r = Round(rules, scripted_wall(hands, "9p", rinshan="1z", dora="3m4m5m"))
    discard(r, 0, "6p", auto_pass=False)
    take(r, 1, Daiminkan, auto_pass=False)
    pass_all(r)
    assert r.current_seat == 1 and len(r.dora_indicators) == 1
    take(r, 1, Ankan, auto_pass=False)
    assert r.phase == "claim" and len(r.dora_indicators) == 1
    r.step(Ron(2))
    assert r.result.kind == "ron" and "dora" not in _types(r)


def test_real_mahjong_soul_kokushi_robbing_an_ankan_replays_clean(shared):
    # hidacow/mjai-reviewer3p kokushi_ankan.json: seat 0 robs seat 1's ankan of 7z (48000)
    path = shared / "data" / "more" / "mjai-reviewer3p" / "kokushi_ankan.json"
    if not path.exists():
        pytest.skip(f"{path} not found")
    rep = replay_game(read_log(path))
    assert rep.replayed and rep.rounds > 0 and rep.wins > 0
    assert rep.mismatches == []
