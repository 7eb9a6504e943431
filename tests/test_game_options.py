"""Game-flow options: extension variants (sudden death, full wind, north entry and a second
East, the limit round, the end target, renchan in sudden death), game lengths East-North and
East-East, tobi and yame in the extension, ranking ties, yakitori and wareme.

Rounds are scripted: ``_pass_round`` plays an exhaustive draw that changes no points (all
noten, the deal passes), ``_tenpai_round`` one where only the given seats are tenpai (noten
payments), ``_ron_round`` a ron on the dealer's first discard.
"""

from __future__ import annotations

import pytest

import riichi
from engine_support import make_rules
from riichi.actions import Ron, Tsumo
from riichi.game import Game
from riichi.round import Round
from riichi.wall import Wall
from scripted import TENPAI_13, discard, draw_out, pass_all, scripted_wall

RON_HAND = "123456789m111s7z"  # waits on 7z (tanki); ittsu: 2 han 40 fu closed ron


def _walls(*specs):
    """Walls for consecutive rounds: each spec is (dealer, tenpai seats)."""
    out = []
    for dealer, tenpai in specs:
        hands = [TENPAI_13 if s in tenpai else "" for s in range(4)]
        out.append(scripted_wall(hands, dealer=dealer))
    return out


def _game(rules=None, *, wind, dealer, scores, specs, **kw):
    return Game(
        make_rules(**(rules or {})),
        seed=21,
        walls=_walls(*specs),
        round_wind=wind,
        dealer=dealer,
        scores=scores,
        **kw,
    )


# ---------------------------------------------------------------- extension: which rounds
def test_all_last_below_target_enters_the_next_wind_each_length():
    # the deal passes at the last planned round with nobody at 30000: the extension wind
    # follows the last planned one (hanchan: West; tonpuusen: South; east_north: East
    # again; east_east: South; full: East again)
    for length, last_index, ext_wind in (
        ("hanchan", 1, 2),
        ("tonpuusen", 0, 1),
        ("east_north", 1, 0),
        ("east_east", 1, 1),
        ("full", 3, 0),
    ):
        g = _game(
            {"length": length},
            wind=last_index,
            dealer=3,
            scores=[25000] * 4,
            specs=[(3, ())],
        )
        draw_out(g)
        assert not g.is_over, length
        assert g.in_extension and g.wind_index == last_index + 1, length
        assert g.round.round_wind == ext_wind and g.round.dealer == 0, length


def test_east_north_and_east_east_play_their_planned_winds():
    # East 4 passes the deal: east_north goes to North 1 (no South), east_east to a
    # second East 1; neither is the extension yet
    for length, wind in (("east_north", 3), ("east_east", 0)):
        g = _game(
            {"length": length},
            wind=0,
            dealer=3,
            scores=[31000, 23000, 23000, 23000],
            specs=[(3, ())],
        )
        draw_out(g)
        assert not g.is_over and not g.in_extension, length
        assert g.wind_index == 1 and g.round.round_wind == wind and g.round.dealer == 0
    # their all-last with somebody at the target ends the game
    for length in ("east_north", "east_east"):
        g = _game(
            {"length": length},
            wind=1,
            dealer=3,
            scores=[31000, 23000, 23000, 23000],
            specs=[(3, ())],
        )
        draw_out(g)
        assert g.is_over, length


@pytest.mark.parametrize("winds,ends", [(1, True), (2, False), (3, False)])
def test_west_4_is_the_limit_unless_north_entry(winds, ends):
    # West 4, the deal passes, nobody at 30000: the game ends at the limit (Tenhou, MS),
    # or North entry when the extension may add two winds
    g = _game(
        {"extension_winds": winds},
        wind=2,
        dealer=3,
        scores=[25000] * 4,
        specs=[(3, ())],
    )
    draw_out(g)
    assert g.is_over == ends
    if not ends:
        assert g.round.round_wind == 3 and g.round.dealer == 0 and g.wind_index == 3
        assert g.round.honba == 1


@pytest.mark.parametrize("winds,ends", [(2, True), (3, False)])
def test_north_4_then_a_second_east(winds, ends):
    g = _game(
        {"extension_winds": winds},
        wind=3,
        dealer=3,
        scores=[25000] * 4,
        specs=[(3, ())],
    )
    draw_out(g)
    assert g.is_over == ends
    if not ends:
        assert g.round.round_wind == 0 and g.wind_index == 4 and g.in_extension
    else:
        assert g.result.rounds == 1 and max(g.result.scores) < 30000


def test_the_second_east_is_the_last_with_three_extension_winds():
    g = _game(
        {"extension_winds": 3},
        wind=4,
        dealer=3,
        scores=[25000] * 4,
        specs=[(3, ())],
    )
    assert g.round.round_wind == 0
    draw_out(g)
    assert g.is_over


@pytest.mark.parametrize(
    "scores,after,ends",
    [
        # dealer seat 3 alone tenpai at West 4 (the limit round):
        # not top, nobody at the target: W4-1
        ([29500, 25000, 25000, 20500], [28500, 24000, 24000, 23500], False),
        # top but below the target: W4-1 (Tenhou log 2021041720gm-00a9-0000-f3b19e15)
        ([26000, 24000, 24000, 26000], [25000, 23000, 23000, 29000], False),
        # top with the target: tenpai-yame
        ([24000, 24000, 24000, 28000], [23000, 23000, 23000, 31000], True),
        # another player has the target: the renchan plays on (Tenhou)
        ([32000, 24000, 24000, 20000], [31000, 23000, 23000, 23000], False),
    ],
)
def test_limit_round_dealer_renchan(scores, after, ends):
    g = _game(wind=2, dealer=3, scores=scores, specs=[(3, (3,))])
    draw_out(g)
    assert g.rounds[-1].dealer_continues and g.scores == after
    assert g.is_over == ends
    if not ends:
        assert g.round.dealer == 3 and g.round.honba == 1 and g.round.round_wind == 2


def test_limit_round_yame_off_plays_on():
    g = _game(
        {"tenpai_yame": False},
        wind=2,
        dealer=3,
        scores=[24000, 24000, 24000, 28000],
        specs=[(3, (3,))],
    )
    draw_out(g)
    assert g.scores[3] == 31000 and not g.is_over


# ---------------------------------------------------------------- sudden death vs full wind
def test_sudden_death_ends_when_the_deal_passes_and_someone_has_the_target():
    # West 1: seat 1 alone tenpai reaches 31000, the dealer is noten: the game ends
    g = _game(wind=2, dealer=0, scores=[25000, 28000, 24000, 23000], specs=[(0, (1,))])
    draw_out(g)
    assert g.scores[1] == 31000 and g.is_over


def test_full_wind_plays_on_after_the_target_until_the_wind_ends():
    specs = [(0, (1,)), (1, ()), (2, ()), (3, ())]
    g = _game(
        {"extension": "full_wind"},
        wind=2,
        dealer=0,
        scores=[25000, 28000, 24000, 23000],
        specs=specs,
    )
    for dealer in range(4):
        assert g.round.round_wind == 2 and g.round.dealer == dealer
        assert not g.is_over
        draw_out(g)
    # West 4 ended with the deal passing and seat 1 at 31000: the game ends there
    assert g.is_over and g.scores[1] == 31000 and g.result.rounds == 4


def test_full_wind_enters_north_when_still_below_target():
    g = _game(
        {"extension": "full_wind", "extension_winds": 2},
        wind=2,
        dealer=3,
        scores=[25000] * 4,
        specs=[(3, ())],
    )
    draw_out(g)
    assert not g.is_over and g.round.round_wind == 3


@pytest.mark.parametrize("plays_on", [True, False])
def test_sudden_death_renchan_rule(plays_on):
    # West 1, the dealer (20000) alone tenpai while seat 1 has 31000: Tenhou plays W1-1;
    # with sudden_death_renchan=False the game ends at once (kobalab's 電脳麻将)
    g = _game(
        {"sudden_death_renchan": plays_on},
        wind=2,
        dealer=0,
        scores=[20000, 31000, 25000, 24000],
        specs=[(0, (0,))],
    )
    draw_out(g)
    assert g.rounds[-1].dealer_continues
    assert g.is_over != plays_on
    # the rule is about the extension only: at South 3 the game goes on either way
    g = _game(
        {"sudden_death_renchan": plays_on},
        wind=1,
        dealer=2,
        scores=[20000, 31000, 25000, 24000],
        specs=[(2, (2,))],
    )
    draw_out(g)
    assert not g.is_over


def test_extension_target_differs_from_the_oka_reference():
    # South 4 passes with the top at 31000: ends with the default end target (30000),
    # enters West with extension_target=33300
    for target, ends in ((None, True), (33300, False)):
        g = _game(
            {"extension_target": target},
            wind=1,
            dealer=3,
            scores=[31000, 23000, 23000, 23000],
            specs=[(3, ())],
        )
        draw_out(g)
        assert g.is_over == ends, target
    # final points still use target_points (30000) as the oka reference
    g = _game(
        {"extension_target": 33300},
        wind=2,
        dealer=3,
        scores=[31000, 23000, 23000, 23000],
        specs=[(3, ())],
    )
    draw_out(g)
    assert g.is_over
    assert g.result.final[0] == pytest.approx((31000 - 30000) / 1000 + 20 + 20)


def test_extension_target_for_yame():
    # dealer top with 31000 tenpai at South 4: yame with the 30000 end target, not with 33300
    for target, ends in ((None, True), (33300, False)):
        g = _game(
            {"extension_target": target},
            wind=1,
            dealer=3,
            scores=[24000, 24000, 24000, 28000],
            specs=[(3, (3,))],
        )
        draw_out(g)
        assert g.scores[3] == 31000
        assert g.is_over == ends, target


def test_extension_none_ends_at_all_last_below_target():
    g = _game({"extension": "none"}, wind=1, dealer=3, scores=[25000] * 4, specs=[(3, ())])
    draw_out(g)
    assert g.is_over and max(g.result.scores) < 30000


# ---------------------------------------------------------------- tobi, yame, renchan
def _ron_wall(dealer, winner):
    hands = ["", "", "", ""]
    hands[winner] = RON_HAND
    hands[dealer] = "7z"
    return scripted_wall(hands, "9p", dealer=dealer)


def _ron(g, dealer, winner):
    discard(g, dealer, "7z", auto_pass=False)
    g.step(Ron(winner))
    pass_all(g)


@pytest.mark.parametrize("tobi", [True, False])
def test_tobi_in_the_extension(tobi):
    # West 1: the dealer deals in below zero; nobody reaches 30000 (not a 100000 table)
    g = Game(
        make_rules(tobi=tobi),
        seed=3,
        walls=[_ron_wall(0, 1)],
        round_wind=2,
        dealer=0,
        scores=[1000, 20000, 20000, 20000],
    )
    _ron(g, 0, 1)
    assert g.scores[0] < 0 and max(g.scores) < 30000
    assert g.is_over == tobi
    if not tobi:
        assert g.round.round_wind == 2 and g.round.dealer == 1


@pytest.mark.parametrize("tobi", [True, False])
def test_tobi_before_all_last(tobi):
    g = Game(
        make_rules(tobi=tobi),
        seed=3,
        walls=[_ron_wall(0, 1)],
        round_wind=0,
        dealer=0,
        scores=[1000, 33000, 33000, 33000],
    )
    _ron(g, 0, 1)
    assert g.scores[0] < 0 and g.is_over == tobi
    if not tobi:
        assert g.round.dealer == 1 and g.round.round_wind == 0


@pytest.mark.parametrize("yame", [True, False])
def test_agari_yame_in_sudden_death(yame):
    # West 2, the dealer seat 1 rons seat 0 to become top with the target
    hands = ["", RON_HAND, "7z", ""]
    wall = scripted_wall(hands, "9p", dealer=1)
    g = Game(
        make_rules(agari_yame=yame),
        seed=3,
        walls=[wall],
        round_wind=2,
        dealer=1,
        scores=[24000, 27000, 25000, 24000],
    )
    discard(g, 1, "9p", auto_pass=True)
    discard(g, 2, "7z", auto_pass=False)
    g.step(Ron(1))
    pass_all(g)
    assert g.rounds[-1].dealer_continues and g.scores[1] >= 30000
    assert g.is_over == yame


def test_agari_renchan_rule_in_the_extension():
    # renchan="agari": a tenpai dealer at a draw passes the deal, so sudden death ends it
    # when somebody has the target (here the tenpai dealer himself)
    g = _game(
        {"renchan": "agari"},
        wind=2,
        dealer=0,
        scores=[28000, 24000, 24000, 24000],
        specs=[(0, (0,))],
    )
    draw_out(g)
    assert not g.rounds[-1].dealer_continues and g.scores[0] == 31000 and g.is_over


# ---------------------------------------------------------------- ranking ties
def test_four_way_tie_ranks_by_seat_order_and_kyotaku_to_seat_0():
    g = Game(
        make_rules(length="one_round"),
        seed=5,
        walls=_walls((0, ())),
        scores=[24000, 24000, 24000, 24000],
        kyotaku=4,
    )
    draw_out(g)
    res = g.result
    assert res is not None
    assert res.ranks == (1, 2, 3, 4)
    assert res.scores == (28000, 24000, 24000, 24000)


def test_ties_rank_by_seat_order_from_the_first_dealer():
    # the game ends at West 4 (limit) with seat 3 dealing: ties go to the lower seat
    g = _game(wind=2, dealer=3, scores=[20000, 30000, 30000, 20000], specs=[(3, ())])
    draw_out(g)
    assert g.is_over and g.result.ranks == (3, 1, 2, 4)


# ---------------------------------------------------------------- yakitori
def _one_round_ron(rules, won=None, scores=(25000, 25000, 25000, 25000)):
    g = Game(
        make_rules(length="one_round", **rules),
        seed=3,
        walls=[_ron_wall(0, 1)],
        scores=list(scores),
        won=won,
    )
    _ron(g, 0, 1)
    assert g.is_over
    return g.result


def test_yakitori_single_winner_collects_from_everyone():
    off = _one_round_ron({})
    on = _one_round_ron({"yakitori": True})
    assert off.yakitori == (False,) * 4 and off.penalties == (0, 0, 0, 0)
    assert on.yakitori == (True, False, True, True)
    assert on.penalties == (-10000, 30000, -10000, -10000)
    assert on.scores == off.scores and on.ranks == off.ranks
    for s in range(4):
        assert on.final[s] == pytest.approx(off.final[s] + on.penalties[s] / 1000)
    assert sum(on.final) == pytest.approx(0)


@pytest.mark.parametrize(
    "payment,won,expect",
    [
        ("split", [False, False, True, False], (-10000, 10000, 10000, -10000)),
        ("each", [False, False, True, False], (-20000, 20000, 20000, -20000)),
        # three winners, one yakitori: 100 units / 3 = 33 r 1, the first seat gets 34
        ("split", [True, False, True, False], (3400, 3300, 3300, -10000)),
        ("each", [True, False, True, False], (10000, 10000, 10000, -30000)),
    ],
)
def test_yakitori_split_or_each(payment, won, expect):
    res = _one_round_ron({"yakitori": True, "yakitori_payment": payment}, won=won)
    assert res.penalties == expect and sum(res.penalties) == 0


def test_yakitori_penalty_amount_by_rule():
    res = _one_round_ron({"yakitori": True, "yakitori_penalty": 5000})
    assert res.penalties == (-5000, 15000, -5000, -5000)


def test_yakitori_nobody_won_nobody_pays():
    g = Game(make_rules(length="one_round", yakitori=True), seed=5, walls=_walls((0, ())))
    draw_out(g)
    assert g.result.yakitori == (True,) * 4 and g.result.penalties == (0, 0, 0, 0)


def test_yakitori_applies_at_a_tobi_ending():
    g = Game(
        make_rules(yakitori=True),
        seed=3,
        walls=[_ron_wall(0, 1)],
        scores=[1000, 33000, 33000, 33000],
    )
    _ron(g, 0, 1)
    assert g.is_over and g.scores[0] < 0
    assert g.result.penalties == (-10000, 30000, -10000, -10000)


def test_won_argument_is_validated():
    for bad in ([True] * 3, [1, 0, 0, 0], "TTTT"):
        with pytest.raises(riichi.RiichiError, match="won"):
            Game(make_rules(), seed=1, won=bad)


# ---------------------------------------------------------------- wareme
def _with_dice(wall, total):
    return Wall.from_order(wall.order, (1, total - 1) if total <= 7 else (6, total - 6))


def _ron_round(total, *, wareme=True, honba=0, kyotaku=0):
    wall = _ron_wall(0, 1)
    if total is not None:
        wall = _with_dice(wall, total)
    r = Round(make_rules(wareme=wareme), wall, honba=honba, kyotaku=kyotaku)
    discard(r, 0, "7z", auto_pass=False)
    r.step(Ron(1))
    pass_all(r)
    assert r.result.kind == "ron"
    return r


@pytest.mark.parametrize(
    "total,seat", [(5, 0), (9, 0), (2, 1), (6, 1), (10, 1), (3, 2), (7, 2), (11, 2), (4, 3)]
)
def test_wareme_seat_from_the_dice(total, seat):
    r = Round(make_rules(wareme=True), _with_dice(_ron_wall(0, 1), total))
    assert r.wareme_seat == seat
    wall = _with_dice(scripted_wall([""] * 4, dealer=2), total)
    r = Round(make_rules(wareme=True), wall, dealer=2)
    assert r.wareme_seat == (2 + total - 1) % 4


def test_wareme_off_or_no_dice_means_no_wareme_seat():
    assert Round(make_rules(), _with_dice(_ron_wall(0, 1), 5)).wareme_seat is None
    assert Round(make_rules(wareme=True), _ron_wall(0, 1)).wareme_seat is None


@pytest.mark.parametrize("honba,kyotaku", [(0, 0), (2, 1)])
def test_wareme_ron_doubles_the_wareme_players_payment(honba, kyotaku):
    base = _ron_round(None, wareme=False, honba=honba, kyotaku=kyotaku).result.deltas
    paid = -base[0]  # hand + honba
    sticks = kyotaku * 1000
    assert base[1] == paid + sticks
    # the discarder (dealer, dice 5) is wareme: pays double, honba included
    d = _ron_round(5, honba=honba, kyotaku=kyotaku).result.deltas
    assert d == (-2 * paid, 2 * paid + sticks, 0, 0)
    # the winner (dice 2) is wareme: receives double
    d = _ron_round(2, honba=honba, kyotaku=kyotaku).result.deltas
    assert d == (-2 * paid, 2 * paid + sticks, 0, 0)
    # a bystander (dice 3) is wareme: nothing changes
    d = _ron_round(3, honba=honba, kyotaku=kyotaku).result.deltas
    assert d == base
    # the hora event carries the doubled deltas
    r = _ron_round(5, honba=honba, kyotaku=kyotaku)
    hora = next(e for e in r.events if type(e).__name__ == "Hora")
    assert tuple(hora.deltas) == r.result.deltas


TSUMO_HAND = "123m456p789s66z11s"  # waits 6z / 1s (shanpon)


def _tsumo_round(total, *, wareme=True, honba=0):
    # seat 2 (non-dealer) draws 6z on its first turn and tsumo
    wall = scripted_wall(["", "", TSUMO_HAND, ""], "9p9p6z", dealer=0)
    if total is not None:
        wall = _with_dice(wall, total)
    r = Round(make_rules(wareme=wareme), wall, honba=honba)
    discard(r, 0, "9p")
    discard(r, 1, "9p")
    r.step(Tsumo(2))
    assert r.result.kind == "tsumo"
    return r


def test_wareme_tsumo():
    base = _tsumo_round(None, wareme=False, honba=1).result.deltas
    assert base[0] < base[1] < 0 and base[1] == base[3]
    # the winner is wareme (dice 3 -> seat 2): everybody pays double
    d = _tsumo_round(3, honba=1).result.deltas
    assert d == tuple(2 * x for x in base)
    # the dealer is wareme (dice 5): only the dealer's share doubles
    d = _tsumo_round(5, honba=1).result.deltas
    assert d == (2 * base[0], base[1], base[2] - base[0], base[3])
    # seat 3 is wareme (dice 4)
    d = _tsumo_round(4, honba=1).result.deltas
    assert d == (base[0], base[1], base[2] - base[3], 2 * base[3])


def test_wareme_leaves_draws_alone():
    wall = _with_dice(scripted_wall(["", TENPAI_13, "", ""]), 2)  # seat 1 wareme, tenpai
    g = Game(make_rules(wareme=True), seed=2, walls=[wall])
    assert g.round.wareme_seat == 1
    draw_out(g)
    assert g.rounds[-1].deltas == (-1000, 3000, -1000, -1000)


def test_game_rounds_get_a_wareme_seat_from_their_dice():
    g = Game(make_rules(wareme=True), seed=4)
    dice = g.round.wall.dice
    assert dice is not None
    assert g.round.wareme_seat == (g.round.dealer + sum(dice) - 1) % 4


def test_game_state_tracks_who_has_won_and_the_wind_index():
    g = Game(make_rules(), seed=3, walls=[_ron_wall(0, 1)], won=[False, False, False, True])
    assert g.state["won"] == [False, False, False, True] and g.state["wind_index"] == 0
    _ron(g, 0, 1)
    assert not g.is_over
    assert g.state["won"] == [False, True, False, True]


def _double_ron_wareme(total):
    hands = ["", "234m456p678s345s6m", "", "234p567p345s678s6m"]
    wall = scripted_wall(hands, "6m")
    if total is not None:
        wall = _with_dice(wall, total)
    r = Round(make_rules(wareme=total is not None), wall, honba=1, kyotaku=2)
    discard(r, 0, "6m", auto_pass=False)
    r.step(Ron(1))
    r.step(Ron(3))
    pass_all(r)
    assert [w.seat for w in r.result.wins] == [1, 3]
    return r.result


def test_wareme_with_a_double_ron_doubles_each_win_separately():
    base = _double_ron_wareme(None)
    v1, v3 = (w.score.points for w in base.wins)
    assert base.deltas == (-(v1 + 300 + v3), v1 + 300 + 2000, 0, v3)
    # seat 3 (the second winner, no honba) is wareme: only its win doubles
    res = _double_ron_wareme(4)
    assert res.deltas == (-(v1 + 300 + 2 * v3), v1 + 300 + 2000, 0, 2 * v3)
    # the discarder is wareme: both payments double, honba included
    res = _double_ron_wareme(5)
    assert res.deltas == (-2 * (v1 + 300 + v3), 2 * (v1 + 300) + 2000, 0, 2 * v3)
