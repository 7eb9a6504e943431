"""Bad arguments found in review: each is refused with a RiichiError naming the value,
never accepted (a wind index of 9, a NaN score) nor leaked as TypeError/OverflowError."""

from __future__ import annotations

import numpy as np
import pytest

import riichi
from riichi import RiichiError
from riichi.round import Round
from riichi.wall import Wall


@pytest.mark.parametrize(
    "kwargs, name",
    [
        ({"round_wind": 9}, "round_wind"),  # was accepted and played as a 9th wind
        ({"round_wind": -1}, "round_wind"),
        ({"round_wind": 1.0}, "round_wind"),
        ({"honba": -1}, "honba"),  # was accepted and carried into payments
        ({"kyotaku": 1.5}, "kyotaku"),
        ({"scores": [float("nan")] * 4}, "scores"),
        ({"scores": [25000] * 3}, "scores"),  # was a plain ValueError
        ({"dealer": 4}, "dealer"),  # was a plain ValueError
        ({"dealer": -1}, "dealer"),
    ],
)
def test_game_refuses_bad_start_state(kwargs, name):
    with pytest.raises(RiichiError, match=name):
        riichi.Game(seed=1, **kwargs)


def test_game_accepts_the_last_extension_wind_and_numpy_scores():
    rules = riichi.Rules.tenhou()  # hanchan, extension_winds 1: index 2 is West
    g = riichi.Game(rules, seed=1, round_wind=2, scores=list(np.array([25000] * 4)))
    assert g.round.round_wind == 2 and g.in_extension
    with pytest.raises(RiichiError, match="round_wind"):
        riichi.Game(rules, seed=1, round_wind=3)


def test_game_refuses_rules_of_the_wrong_type():
    with pytest.raises(RiichiError, match="rules"):
        riichi.Game(rules="tenhou", seed=1)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "kwargs, name",
    [({"honba": -1}, "honba"), ({"kyotaku": 2.0}, "kyotaku"), ({"round_wind": 4}, "round_wind")],
)
def test_round_refuses_bad_counters(kwargs, name):
    with pytest.raises(RiichiError, match=name):
        Round(riichi.Rules.tenhou(), Wall.from_seed(1), **kwargs)


def test_score_rules_of_the_wrong_type_is_a_riichi_error():
    # score's docstring promises RiichiError for an argument of the wrong type
    with pytest.raises(RiichiError, match="rules"):
        riichi.score("123m456p789s11222z", "2z", rules="tenhou")  # type: ignore[arg-type]


def test_batch_score_rules_of_the_wrong_type_is_a_riichi_error():
    counts = np.zeros((1, 34), np.uint8)
    counts[0, [0, 1, 2, 12, 13, 14, 24, 25, 26]] = 1
    counts[0, 27], counts[0, 28] = 2, 3
    with pytest.raises(RiichiError, match="rules"):
        riichi.batch.score_arrays(counts, np.array([28], np.uint8), rules="tenhou")  # type: ignore[arg-type]
    with pytest.raises(RiichiError, match="rules"):
        riichi.batch.score([("123m456p789s11222z", "2z")], rules="tenhou")  # type: ignore[arg-type]


def test_batch_threads_too_large_for_a_c_long_is_a_riichi_error():
    counts = np.zeros((1, 34), np.uint8)
    counts[0, :13] = 1
    with pytest.raises(RiichiError, match="threads"):
        riichi.batch.shanten(counts, threads=2**70)


@pytest.mark.parametrize("bad", [1.5, float("nan"), 2**70, np.float64(1.0)])
def test_counts_with_a_non_int_element_name_it_and_its_index(bad):
    # was "expected a Hand, mpsz text or a sequence of 34 counts, got list": the list was
    # the right type, the bad element went unnamed
    counts = [1] * 13 + [0] * 21
    counts[5] = bad
    with pytest.raises(riichi.InvalidHand, match=r"index 5 .*got "):
        riichi.shanten(counts)


@pytest.mark.parametrize("tile", [float("nan"), "1m", None, 1.0])
def test_discard_of_a_non_int_tile_is_an_illegal_action(tile):
    # was TypeError ("unsupported operand type(s) for >>") from inside the legality check
    g = riichi.Game(seed=7)
    seat = g.current_seat
    with pytest.raises(riichi.IllegalAction, match="tile ids must be ints"):
        g.step(riichi.actions.Discard(seat=seat, tile=tile, tsumogiri=False))
    with pytest.raises(riichi.IllegalAction, match="tile ids must be ints"):
        g.step(riichi.actions.Ankan(seat=seat, consumed=(0, 1, 2, tile)))
    assert g.legal_actions(seat)  # the game is unchanged and goes on


def test_discard_of_a_legal_tile_given_as_float_is_an_illegal_action():
    # Discard(tile=15.0) equals the legal Discard(tile=15) but failed with TypeError later
    g = riichi.Game(seed=7)
    d = g.legal_actions(g.current_seat)[0]
    with pytest.raises(riichi.IllegalAction, match="tile ids must be ints"):
        g.step(riichi.actions.Discard(seat=d.seat, tile=float(d.tile), tsumogiri=d.tsumogiri))
    g.step(d)  # the round is unchanged: the int action is still legal


@pytest.mark.parametrize("bad", [5, None, 1.5, ["a.xml"]])
def test_read_log_refuses_a_non_path(bad):
    with pytest.raises(riichi.RiichiError, match="path must be"):
        riichi.read_log(bad)


@pytest.mark.parametrize("bad", [None, "game.xml", 5])
def test_replay_game_refuses_a_non_log(bad):
    with pytest.raises(riichi.RiichiError, match=r"expected a riichi\.GameLog"):
        riichi.replay_game(bad)
