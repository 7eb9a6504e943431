"""Game flow: RC45 (abortive draw at all-last repeats), tobi, agari-yame, extension,
renchan by rule, ranking ties, uma/oka, leftover kyotaku, seating by seeded dice."""

from __future__ import annotations

import pytest

import riichi
from engine_support import make_rules
from riichi.actions import Discard, Kyuushu, Pon, Ron, Tsumo
from riichi.game import Game
from riichi.round import Round
from scripted import (
    TENPAI_13,
    discard,
    draw_out,
    pass_all,
    play_until,
    scripted_wall,
    take,
    tsumogiri,
)

KYUUSHU = "19m19p19s123z"  # nine different terminals/honors


def test_rc45_kyuushu_at_all_last_repeats_with_honba():
    wall = scripted_wall(["", "", "", KYUUSHU], dealer=3)
    g = Game(
        make_rules(),
        seed=1,
        walls=[wall],
        scores=[20000, 20000, 20000, 40000],
        round_wind=1,
        dealer=3,
    )
    assert g.current_seat == 3 and Kyuushu(3) in g.legal_actions(3)
    g.step(Kyuushu(3))
    assert not g.is_over
    res = g.rounds[-1]
    assert res.kind == "abortive" and res.reason == "kyuushu_kyuuhai" and res.deltas == (0, 0, 0, 0)
    assert g.round.dealer == 3 and g.round.round_wind == 1 and g.round.honba == 1
    assert g.scores == [20000, 20000, 20000, 40000]


def test_rc45_kyuushu_only_on_the_first_uninterrupted_draw():
    # dealer's second draw: not offered
    r = Round(make_rules(), scripted_wall([KYUUSHU, "", "", ""], "2p3p4p5p" + "9s"))
    assert Kyuushu(0) in r.legal_actions(0)
    tsumogiri(r, 0)
    play_until(r, 0)
    assert Kyuushu(0) not in r.legal_actions(0)
    # after a call before the first draw: not offered
    r = Round(make_rules(), scripted_wall(["5z", "55z", "", KYUUSHU], "5z"))
    discard(r, 0, "5z", auto_pass=False)
    take(r, 1, Pon)
    tsumogiri_first = r.hand(1)[0]

    r.step(Discard(1, tsumogiri_first))
    pass_all(r)
    play_until(r, 3)
    assert Kyuushu(3) not in r.legal_actions(3)


def test_kyuushu_off_by_rule():
    r = Round(make_rules(kyuushu_kyuuhai=False), scripted_wall([KYUUSHU, "", "", ""]))
    assert Kyuushu(0) not in r.legal_actions(0)


def _ron_game(**kw):
    # seat 1 (non-dealer) rons the dealer's first discard: 123456789m 111s + 7z tanki (ittsu)
    wall = scripted_wall(["7z", "123456789m111s7z", "", ""], "9p", dealer=kw.pop("dealer", 0))
    return Game(make_rules(**kw.pop("rules", {})), seed=3, walls=[wall], **kw)


def _ron(g, seat=0, winner=1):
    discard(g, seat, "7z", auto_pass=False)
    g.step(Ron(winner))
    pass_all(g)


def test_tobi_ends_the_game_and_can_be_disabled():
    g = _ron_game(scores=[1000, 33000, 33000, 33000])
    _ron(g)
    assert g.is_over and g.scores[0] < 0
    g = _ron_game(scores=[1000, 33000, 33000, 33000], rules={"tobi": False})
    _ron(g)
    assert not g.is_over and g.scores[0] < 0


def test_non_dealer_win_moves_the_deal_and_resets_honba():
    g = _ron_game(honba=2)
    _ron(g)
    assert g.round.dealer == 1 and g.round.honba == 0 and g.round.round_wind == 0


def test_all_last_ends_when_someone_reached_target():
    # South 4, dealer seat 3 deals into seat 0, who passes 30000
    wall = scripted_wall(["123456789m111s7z", "", "", "7z"], "9p", dealer=3)
    g = Game(
        make_rules(),
        seed=4,
        walls=[wall],
        round_wind=1,
        dealer=3,
        scores=[28000, 24000, 24000, 24000],
    )
    discard(g, 3, "7z", auto_pass=False)
    g.step(Ron(0))
    pass_all(g)
    assert g.scores[0] >= 30000 and g.is_over
    assert g.result.ranks[0] == 1


def test_game_goes_on_before_all_last():
    wall = scripted_wall(["123456789m111s7z", "", "", "7z"], "9p", dealer=3)
    g = Game(
        make_rules(),
        seed=4,
        walls=[wall],
        round_wind=0,
        dealer=3,
        scores=[28000, 24000, 24000, 24000],
    )
    discard(g, 3, "7z", auto_pass=False)
    g.step(Ron(0))
    pass_all(g)
    assert not g.is_over and g.round.round_wind == 1 and g.round.dealer == 0


def test_west_entry_below_target_and_sudden_death():
    wall = scripted_wall(["123456789m111s7z", "", "", "7z"], "9p", dealer=3)
    g = Game(
        make_rules(),
        seed=5,
        walls=[wall],
        round_wind=1,
        dealer=3,
        scores=[22000, 26000, 26000, 26000],
    )
    discard(g, 3, "7z", auto_pass=False)
    g.step(Ron(0))
    pass_all(g)
    assert max(g.scores) < 30000 and not g.is_over
    assert g.round.round_wind == 2 and g.round.dealer == 0  # West 1
    g2 = Game(
        make_rules(extension="none"),
        seed=5,
        walls=[scripted_wall(["123456789m111s7z", "", "", "7z"], "9p", dealer=3)],
        round_wind=1,
        dealer=3,
        scores=[22000, 26000, 26000, 26000],
    )
    discard(g2, 3, "7z", auto_pass=False)
    g2.step(Ron(0))
    pass_all(g2)
    assert g2.is_over


@pytest.mark.parametrize("yame", [True, False])
def test_agari_yame_at_all_last(yame):
    # dealer seat 3 tsumo at South 4 while top: the game ends with agari-yame
    wall = scripted_wall(["", "", "", "123m456p789s66z11s"], "6z", dealer=3)
    g = Game(
        make_rules(agari_yame=yame),
        seed=6,
        walls=[wall],
        round_wind=1,
        dealer=3,
        scores=[20000, 20000, 20000, 40000],
    )
    g.step(Tsumo(3))
    assert g.is_over == yame
    if not yame:
        assert g.round.dealer == 3 and g.round.honba == 1


def test_final_ranking_ties_by_seat_order_uma_oka_and_leftover_kyotaku():
    wall = scripted_wall(["", "", "", "123m456p789s66z11s"], "6z", dealer=3)
    g = Game(
        make_rules(),
        seed=7,
        walls=[wall],
        round_wind=1,
        dealer=3,
        scores=[30000, 30000, 10000, 29000],
        kyotaku=1,
    )
    g.step(Tsumo(3))
    res = g.result
    assert res is not None
    # seat 3 won and is top; seats 0 and 1 tie: seat 0 ranks first
    assert res.ranks[3] == 1 and res.ranks[0] < res.ranks[1]
    assert sum(res.scores) == 100000
    assert res.final[3] == pytest.approx((res.scores[3] - 30000) / 1000 + 20 + 20)
    assert sum(res.final) == pytest.approx(0)


def test_seating_by_seeded_dice_is_reproducible():
    a, b = Game(make_rules(), seed=11), Game(make_rules(), seed=11)
    assert a.seating == b.seating and sorted(a.seating) == [0, 1, 2, 3]
    assert a.round.wall == b.round.wall


@pytest.mark.parametrize("length,rounds_max", [("tonpuusen", 4 + 4), ("one_round", 1)])
def test_lengths(length, rounds_max):
    import random

    rng = random.Random(0)
    g = Game(make_rules(length=length), seed=9)
    while not g.is_over:
        s = g.seats_to_act[0]
        acts = g.legal_actions(s)
        g.step(acts[rng.randrange(len(acts))])
    assert g.result is not None


@pytest.mark.parametrize("yame", [True, False])
def test_tenpai_yame_at_all_last(yame):
    wall = scripted_wall(["", "", "", TENPAI_13], dealer=3)
    g = Game(
        make_rules(tenpai_yame=yame),
        seed=8,
        walls=[wall],
        round_wind=1,
        dealer=3,
        scores=[20000, 20000, 20000, 40000],
    )
    draw_out(g)
    assert g.rounds[-1].tenpai[3]
    assert g.is_over == yame


def test_renchan_on_agari_only_by_rule():
    wall = scripted_wall([TENPAI_13, "", "", ""])
    g = Game(make_rules(renchan="agari"), seed=8, walls=[wall])
    draw_out(g)
    assert g.rounds[-1].tenpai[0]
    assert g.round.dealer == 1 and g.round.honba == 1


def test_extension_dealer_renchan_goes_on():
    # West 1 (extension), dealer seat 0 tenpai at a draw; seat 1 already has 30000: the
    # dealer keeps the deal (Tenhou log 2022060108gm-00a9-0000-930771df plays W1-1 so)
    wall = scripted_wall([TENPAI_13, "", "", ""])
    g = Game(
        make_rules(),
        seed=8,
        walls=[wall],
        round_wind=2,
        dealer=0,
        scores=[20000, 31000, 24000, 25000],
    )
    draw_out(g)
    assert g.rounds[-1].tenpai[0]
    assert not g.is_over
    assert g.round.dealer == 0 and g.round.honba == 1 and g.round.round_wind == 2


@pytest.mark.parametrize("yame", [False, True])
def test_extension_dealer_top_with_target_may_stop(yame):
    # the dealer tenpai and top with 30000+ in West: tenpai-yame (Tenhou log
    # 2015060814gm-0029-0000-f1ac5f4d, West 3, ends there)
    wall = scripted_wall([TENPAI_13, "", "", ""])
    g = Game(
        make_rules(tenpai_yame=yame),
        seed=8,
        walls=[wall],
        round_wind=2,
        dealer=0,
        scores=[32000, 20000, 24000, 24000],
    )
    draw_out(g)
    assert g.rounds[-1].tenpai[0]
    assert g.is_over == yame


def test_extension_ends_when_the_deal_passes_with_target_reached():
    # West 1, dealer noten at a draw, seat 1 tenpai reaches 30000+: sudden death
    wall = scripted_wall(["", TENPAI_13, "", ""])
    g = Game(
        make_rules(),
        seed=8,
        walls=[wall],
        round_wind=2,
        dealer=0,
        scores=[20000, 28000, 26000, 26000],
    )
    draw_out(g)
    assert g.rounds[-1].tenpai[1] and not g.rounds[-1].tenpai[0]
    assert g.is_over


def test_three_player_rules_play_three_seats():
    import riichi

    g = Game(make_rules(num_players=3, uma=(10000, 0, -10000), noten_payment=2000), seed=1)
    assert len(g.scores) == 3 and len(g.seating) == 3 and g.round.live_tiles_left == 94 - 40
    with pytest.raises(riichi.RiichiError, match=r"seat must be an int 0\.\.2"):
        g.legal_actions(3)
    with pytest.raises(riichi.RiichiError, match="won must be 3 bools"):
        Game(riichi.Rules.tenhou_sanma(), seed=1, won=[False] * 4)


@pytest.mark.parametrize("seat", [-1, 4, 9, 1.0, "0", None, True])
def test_bad_seat_is_refused_not_wrapped(seat):
    """A negative index must not show another seat's concealed hand (found in review)."""
    game = riichi.Game(rules=riichi.Rules.tenhou(), seed=7)
    for view in (game.observation, game.hand, game.legal_actions):
        with pytest.raises(riichi.RiichiError, match=r"seat must be an int 0\.\.3"):
            view(seat)


def _play_steps(g, rng, steps):
    for _ in range(steps):
        if g.is_over:
            return
        seat = g.seats_to_act[0]
        g.step(rng.choice(g.legal_actions(seat)))


@pytest.mark.parametrize("seed", range(3))
def test_what_a_caller_adds_to_or_takes_from_events_never_drops_a_later_event(seed):
    # Game.events is the game's own list, filled when read; it counted the round's events
    # it held by the list's length, so a note a caller appended made the game skip its next
    # event (a discard missing from the stream), and an emptied list was refilled with
    # the round's events from its start, out of order
    import random

    twin, g, drained = Game(seed=seed), Game(seed=seed), Game(seed=seed)
    for game in (twin, g, drained):
        _play_steps(game, random.Random(seed), 40 + 11 * seed)
    g.events.append("note")
    mid = len(drained.events)
    drained.events.clear()
    for game in (twin, g, drained):
        _play_steps(game, random.Random(seed + 1), 120)
    assert [e for e in g.events if e != "note"] == twin.events
    assert g.events.count("note") == 1
    assert drained.events == twin.events[mid:]


def test_a_game_pickled_with_the_start_of_its_rounds_events_loads():
    # states pickled while the game kept where the round's events begin in its list
    import pickle
    import random

    g = Game(seed=4)
    _play_steps(g, random.Random(4), 70)
    state = dict(g.__getstate__())
    copied = state.pop("_copied")
    state["_base"] = len(state["_events"]) - copied
    old = Game.__new__(Game)
    old.__setstate__(pickle.loads(pickle.dumps(state)))
    _play_steps(old, random.Random(5), 60)
    _play_steps(g, random.Random(5), 60)
    assert old.events == g.events
