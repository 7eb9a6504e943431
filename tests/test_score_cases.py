"""Worked rule cases RC15 RC17 RC18 RC22 RC30 RC35 RC39 RC61 (../shared/cases) and their kinds.

Each case's inputs are read from rule-cases.jsonl where they are machine-readable; the expected
han / fu / points are always taken from the file. Each case is followed by tests of the whole
kind of mistake it stands for.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import riichi
from riichi import Rules, score

SHARED = Path(
    os.environ.get("RIICHI_SHARED", Path(__file__).resolve().parents[1] / ".." / "shared")
)
CASES_FILE = SHARED / "cases" / "rule-cases.jsonl"


def _cases() -> dict:
    if not CASES_FILE.is_file():
        return {}
    return {c["id"]: c for c in map(json.loads, CASES_FILE.read_text().splitlines()) if c}


CASES = _cases()
needs_cases = pytest.mark.skipif(not CASES, reason=f"rule cases not found at {CASES_FILE}")


def _case_hand(c: dict) -> str:
    return " ".join([c["hand"], *list(c["melds"])])


def _case_score(c: dict, **extra):
    flags = dict(c["flags"])
    kw = {
        "tsumo": c["win_type"] == "tsumo",
        "seat_wind": c["seat_wind"],
        "round_wind": c["round_wind"],
        "dora_indicators": c["dora_indicators"],
        "riichi": flags.get("riichi", False),
        "rinshan": flags.get("rinshan", False),
        "ura_indicators": flags.get("ura_indicators", ()),
        "honba": flags.get("honba", 0),
        "kyotaku": flags.get("kyotaku_at_win", 0),
    }
    kw.update(extra)
    return score(_case_hand(c), c["win_tile"].split()[0], **kw)


def _names(r) -> list[str]:
    return [n for n, _ in r.yaku]


# ---------------------------------------------------------------- RC15: sanankou kept on ron


@needs_cases
def test_rc15():
    c = CASES["RC15"]
    r = _case_score(c)
    e = c["expected"]
    assert (r.han, r.fu, r.points) == (e["han"], e["fu"], e["points"])
    assert _names(r) == ["hatsu", "sanankou", "honitsu", "akadora"]
    assert r.wait == "kanchan"


def test_ron_completing_only_the_triplet_opens_it():
    # shanpon 333s/55s: ron 3s makes 333s an open triplet -> only two concealed triplets
    ron = score("111m222p333s55s pon:777z", "3s")
    assert "sanankou" not in _names(ron)
    assert ("open_triplet 3s", 2) in ron.fu_breakdown
    tsumo = score("111m222p333s55s pon:777z", "3s", tsumo=True)
    assert "sanankou" in _names(tsumo)
    # a closed hand: ron on the shanpon -> sanankou + toitoi still from the three others
    r = score("111m222p333s55s777z", "3s")
    assert {"toitoi", "sanankou"} <= set(_names(r))
    assert "suuankou" not in dict(r.yakuman)
    assert dict(score("111m222p333s55s777z", "3s", tsumo=True).yakuman) == {"suuankou": 1}


def test_ron_on_a_run_tile_keeps_the_triplet_concealed():
    # 3 444 5p + 777m 999s 11z: ron 4p read as the kanchan 3-5 keeps 444p concealed
    r = score("344445p777m999s11z", "4p", seat_wind="S")
    assert "sanankou" in _names(r) and r.wait == "kanchan"
    # 20 + 10 + 4 (444p) + 4 (777m) + 8 (999s) + 2 (East pair) + 2 (kanchan) = 50
    assert (r.han, r.fu, r.points) == (2, 50, 3200)


# ---------------------------------------------------------------- RC17: toitoi reading wins


@needs_cases
def test_rc17():
    c = CASES["RC17"]
    r = _case_score(c)
    e = c["expected"]
    assert (r.han, r.points) == (e["han"], e["points"])
    assert "iipeikou" not in _names(r)
    assert {"toitoi", "sanankou", "honitsu", "riichi", "jikaze_nan"} <= set(_names(r))


def test_run_reading_wins_when_it_is_worth_more():
    # 223344m223344p55s reads as chiitoitsu (25 fu, 2 han) or as runs: ryanpeikou (3 han)
    # with pinfu and tanyao is worth more, so the run reading wins
    r = score("223344m223344p55s", "2m", riichi=True)
    assert "ryanpeikou" in _names(r) and "chiitoitsu" not in _names(r)
    # chiitoitsu only when no better regular reading
    r = score("1133m5577p2299s11z", "1z", riichi=True)
    assert "chiitoitsu" in _names(r) and r.fu == 25


# ---------------------------------------------------------------- RC18: equal han, higher fu


@needs_cases
def test_rc18():
    c = CASES["RC18"]
    r = _case_score(c)
    e = c["expected"]
    assert (r.han, r.fu, r.points) == (e["han"], e["fu"], e["points"])
    d = e["deltas_with_honba_and_sticks"]
    assert r.tsumo_dealer_payment == -d["dealer"]
    assert r.tsumo_nondealer_payment == -d["other_nondealers"]
    assert r.total == d["winner"]


def test_readings_are_deterministic_and_take_the_highest_value():
    for _ in range(3):
        a = score("11122233344789m", "1m", tsumo=True, seat_wind="S")
        b = score("11122233344789m", "1m", tsumo=True, seat_wind="S")
        assert a.to_dict() == b.to_dict()
    # ron on 1m: triplet reading opens 111m (sanankou lost) -> runs reading (pinfu iipeikou)
    r = score("11122233344789m", "1m", seat_wind="S")
    assert {"pinfu", "iipeikou", "chinitsu"} <= set(_names(r))


# ---------------------------------------------------------------- RC22: dora are not yaku


@needs_cases
def test_rc22():
    c = CASES["RC22"]
    r = _case_score(c)
    assert r.is_agari and not r.has_yaku and not r.valid
    assert (r.han, r.total, r.ron_payment) == (0, 0, 0)
    assert (r.dora, r.akadora) == (1, 1)
    riichi_r = _case_score(c, riichi=True)
    assert (riichi_r.han, riichi_r.fu, riichi_r.points) == (3, 40, 7700)


def test_no_dora_kind_counts_toward_the_minimum():
    # aka only, kan dora only, ura without riichi (ignored)
    assert not score("123m234p340678s22z", "2m").has_yaku
    r = score("123m234p678s22z ankan:9999s", "2m", dora_indicators="8s1m")
    assert not r.has_yaku and r.dora == 5
    r = score("123m234p678s22z ankan:9999s", "2m", ura_indicators="8s")
    assert not r.has_yaku and r.uradora == 0
    # not complete is its own result
    r = score("123m12359p1678s22z", "2m")
    assert not r.is_agari and not r.has_yaku and r.fu == 0


# ---------------------------------------------------------------- RC30: highest fu reading


@needs_cases
def test_rc30():
    c = CASES["RC30"]
    r = _case_score(c, seat_wind="E")
    e = c["expected"]
    assert (r.han, r.fu, r.points) == (e["han"], e["fu"], e["points"])
    assert r.ron_payment == -e["deltas"]["discarder"] and r.total == e["deltas"]["winner"]
    assert r.wait == "kanchan"


def test_wait_choice_kind():
    # 23444m won on 4m: 234 + 44 read as ryanmen (20+2+8 = 30) or tanki (+2 -> 40)
    r = score("23444m chi:678s chi:234p daiminkan:6666p", "4m", tsumo=True, haitei=True)
    assert (r.fu, r.wait) == (40, "tanki")
    # 123345m won on 3m: 123 (penchan, +2 -> 40) beats 345 (ryanmen, 30)
    r = score("123345m88s chi:678s daiminkan:6666p", "3m", tsumo=True, haitei=True)
    assert (r.fu, r.wait) == (40, "penchan")
    # ...but pinfu's extra han beats the wait fu when the hand is closed
    r = score("123345m88s678s456p", "3m", riichi=True)
    assert "pinfu" in _names(r) and r.wait == "ryanmen"


# ---------------------------------------------------------------- RC35: rinshan tsumo fu


@needs_cases
def test_rc35():
    c = CASES["RC35"]
    r = _case_score(c)
    e = c["expected"]
    assert (r.han, r.fu, r.points) == (e["han"], e["fu"], e["points"])
    assert ("tsumo", 2) in r.fu_breakdown
    d = e["deltas"]
    assert (r.tsumo_dealer_payment, r.tsumo_nondealer_payment, r.total) == (
        -d["dealer"],
        -d["other_nondealers"],
        d["winner"],
    )


def test_rinshan_kind():
    # a closed hand with an ankan winning on rinshan: menzen tsumo + rinshan, 2 tsumo fu
    r = score("234m456p678s55s ankan:9999m", "4m", tsumo=True, rinshan=True)
    assert {"menzen_tsumo", "rinshan_kaihou"} <= set(_names(r))
    assert ("tsumo", 2) in r.fu_breakdown and ("closed_kan 9m", 32) in r.fu_breakdown
    # kan dora passed by the caller count; indicators not passed do not
    r2 = score("234m456p678s55s ankan:9999m", "4m", tsumo=True, rinshan=True, dora_indicators="8m")
    assert r2.dora == 4 and r2.han == r.han + 4


# ---------------------------------------------------------------- RC39: kiriage mangan


@needs_cases
def test_rc39():
    c = CASES["RC39"]
    e = c["expected"]
    r = _case_score(c, riichi=True)
    assert (r.han, r.fu) == (e["han"], e["fu"])
    assert r.points == e["points_nondealer_ron"]["no_kiriage"]
    k = Rules(kiriage_mangan=True)
    assert _case_score(c, riichi=True, rules=k).points == e["points_nondealer_ron"]["kiriage"]
    d = _case_score(c, riichi=True, seat_wind="E")
    assert d.points == e["points_dealer_ron"]["no_kiriage"]
    assert (
        _case_score(c, riichi=True, seat_wind="E", rules=k).points
        == (e["points_dealer_ron"]["kiriage"])
    )


def test_kiriage_kind_3han_60fu():
    # 3 han 60 fu: closed ron, two concealed terminal triplets + kanchan
    hand = "111m999p123s999s55p"
    r = score(hand, "2s", riichi=True, seat_wind="S")
    assert (r.han, r.fu, r.points, r.limit) == (3, 60, 7700, None)
    k = score(hand, "2s", riichi=True, seat_wind="S", rules=Rules(kiriage_mangan=True))
    assert (k.points, k.limit) == (8000, "mangan")


# ---------------------------------------------------------------- RC61: red five identity


@needs_cases
def test_rc61_red_identity():
    assert "RC61" in CASES
    # ankan of haku gives no aka dora
    r = score("234m456p678s55s ankan:5555z", "4m", tsumo=True)
    assert r.akadora == 0
    # chankan of a red five: the winner's hand holds the red five
    r = score("340m456p678s55s789p", "0m", chankan=True)
    assert r.akadora == 1 and "chankan" in _names(r)
    plain = score("345m456p678s55s789p", "5m", chankan=True)
    assert r.han == plain.han + 1
    # red fives disabled: a kan of fives has no red; a red five in the hand is refused
    no_red = Rules(red_fives=(0, 0, 0))
    r = score("234m456p678s11s ankan:5555m", "2m", tsumo=True, rules=no_red)
    assert r.akadora == 0
    with pytest.raises(riichi.RiichiError, match="red"):
        score("234m406p678s11s555m", "2m", tsumo=True, rules=no_red)
    # a red five in a meld counts
    r = score("234m456p678s11s pon:055m", "2m", tsumo=True)
    assert r.akadora == 1
