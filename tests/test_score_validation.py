"""riichi.score refuses impossible input with a RiichiError naming the argument, instead of
scoring it (found in review: riichi on an open hand, tenhou on a ron, six 8s counting dora)."""

from __future__ import annotations

import pytest

import riichi
from riichi import RiichiError

PINFU = "234m456p345s678s88s"  # closed, complete with win 5s
OPEN = "234m456p345s88s chi:678s"
KAN = "234m456p88s pon:111z ankan:9999s"


@pytest.mark.parametrize(
    ("hand", "kwargs", "name"),
    [
        (OPEN, {"riichi": True}, "riichi"),
        (OPEN, {"double_riichi": True}, "riichi"),
        (PINFU, {"ippatsu": True}, "ippatsu"),
        (PINFU, {"haitei": True}, "haitei"),  # haitei is a tsumo
        (PINFU, {"houtei": True, "tsumo": True}, "houtei"),
        (PINFU, {"rinshan": True, "tsumo": True}, "rinshan"),  # no kan
        (KAN, {"rinshan": True}, "rinshan"),  # rinshan is a tsumo
        (KAN, {"rinshan": True, "haitei": True, "tsumo": True}, "haitei"),
        (PINFU, {"chankan": True, "tsumo": True}, "chankan"),
        (PINFU, {"chankan": True, "houtei": True}, "chankan"),
        (PINFU, {"tenhou": True, "seat_wind": "E"}, "tenhou"),  # a ron
        (PINFU, {"tenhou": True, "tsumo": True, "seat_wind": "S"}, "tenhou"),  # not dealer
        (PINFU, {"chiihou": True, "tsumo": True, "seat_wind": "E"}, "chiihou"),
        (OPEN, {"chiihou": True, "tsumo": True, "seat_wind": "S"}, "chiihou"),
        (PINFU, {"renhou": True, "seat_wind": "E"}, "renhou"),
        (PINFU, {"renhou": True, "tsumo": True, "seat_wind": "S"}, "renhou"),
        (PINFU, {"nukidora": 1}, "nukidora"),  # four players
    ],
)
def test_impossible_situations_are_refused(hand, kwargs, name):
    with pytest.raises(RiichiError, match=f"invalid {name}"):
        riichi.score(hand, "5s" if hand != KAN else "2m", **kwargs)


@pytest.mark.parametrize(
    ("kwargs", "fragment"),
    [
        ({"dora_indicators": "888s"}, "fifth copy"),  # the hand holds 88s + 8s in 678s
        ({"dora_indicators": "8s", "ura_indicators": "88s", "riichi": True}, "fifth copy"),
        ({"dora_indicators": "1z1z2z2z3z3z"}, "at most 5"),
        ({"ura_indicators": "1z1z2z2z3z3z", "riichi": True}, "at most 5"),
    ],
)
def test_indicators_are_physical_tiles(kwargs, fragment):
    with pytest.raises(RiichiError, match=fragment):
        riichi.score(PINFU, "5s", **kwargs)


@pytest.mark.parametrize(
    ("kwargs", "fragment"),
    [
        ({"honba": -1}, r"invalid honba: expected an int 0\.\.=10000, got -1"),
        ({"honba": 1.5}, "invalid honba"),
        ({"honba": "1"}, "invalid honba"),
        ({"kyotaku": 10**12}, "invalid kyotaku"),
        ({"riichi": "no"}, "invalid riichi: expected True or False"),
        ({"tsumo": 1}, "invalid tsumo: expected True or False"),
        ({"dora_indicators": 3}, "invalid dora_indicators"),
        ({"dora_indicators": [None]}, "invalid dora_indicators"),
        ({"nukidora": 9}, "invalid nukidora"),
        # text that is no tile names the argument it was given as, not only the text
        ({"dora_indicators": "1x"}, r'invalid dora_indicators: invalid tile notation "1x"'),
        ({"ura_indicators": "8z", "riichi": True}, r'invalid ura_indicators: invalid tile notation "8z"'),
        ({"seat_wind": "X"}, r'invalid seat_wind: expected a wind E S W N \(or 1z\.\.4z\), got "X"'),
        ({"round_wind": "east"}, r'invalid round_wind: expected a wind E S W N \(or 1z\.\.4z\), got "east"'),
        ({"round_wind": ""}, r'invalid round_wind: expected a wind'),
        ({"seat_wind": "5z"}, r"invalid seat_wind: 5z is not a wind \(E S W N or 1z\.\.4z\)"),
    ],
)
def test_wrong_types_raise_riichi_errors_naming_the_argument(kwargs, fragment):
    with pytest.raises(RiichiError, match=fragment):
        riichi.score(PINFU, "5s", **kwargs)


@pytest.mark.parametrize("win", [True, None, 5.0, 2**70, -1, 34, "9z", "x", "5s5s"])
def test_bad_winning_tiles(win):
    with pytest.raises(RiichiError, match="win_tile"):
        riichi.score(PINFU, win)


def test_a_red_winning_tile_must_be_a_red_five_the_hand_holds():
    with pytest.raises(RiichiError, match=r"win_tile.*no red five"):
        riichi.score("123m456p789s11z555p", "0p")
    plain = riichi.score("123m456p789s11z055p", "5p", tsumo=True)
    red = riichi.score("123m456p789s11z055p", "0p", tsumo=True)
    assert red.akadora == plain.akadora == 1 and red.points == plain.points


def test_none_means_the_default():
    assert (
        riichi.score(PINFU, "5s", riichi=None, honba=None, seat_wind=None).points
        == riichi.score(PINFU, "5s").points
    )


def test_legal_combinations_still_score():
    r = riichi.score(PINFU, "5s", riichi=True, double_riichi=True, ippatsu=True, seat_wind="S")
    assert r.has_yaku and ("double_riichi", 2) in r.yaku
    r = riichi.score(KAN, "2m", tsumo=True, rinshan=True, seat_wind="S")
    assert ("rinshan_kaihou", 1) in r.yaku
    r = riichi.score(PINFU, "5s", tsumo=True, tenhou=True, seat_wind="E")
    assert [y for y, _ in r.yakuman] == ["tenhou"]
    # an indicator that is the fourth copy of a kind is possible (8s: 888s held + indicator)
    r = riichi.score(PINFU, "5s", riichi=True, dora_indicators="8s7s", seat_wind="S")
    assert r.dora == 3  # 7s points at 8s, held three times; 8s points at 9s, held none
