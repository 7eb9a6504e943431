"""Round basics: the deal, draws and discards, the wall, illegal actions."""

from __future__ import annotations

import pytest

import riichi
from engine_support import make_rules
from riichi.actions import Chi, Discard, Pass, Pon, Ron, Tsumo
from riichi.round import Round
from riichi.wall import LIVE_TILES, Wall, is_red
from scripted import discard, pass_all, scripted_wall, tsumogiri

QUIET = ["", "", "", ""]


def test_wall_from_seed_is_reproducible_and_a_permutation():
    a, b, c = Wall.from_seed(7), Wall.from_seed(7), Wall.from_seed(8)
    assert a == b and a != c
    assert sorted(a.order) == list(range(136))
    assert a.dice is not None and all(1 <= d <= 6 for d in a.dice)
    assert len(a.live) == LIVE_TILES and len(a.dead) == 14
    assert a.rinshan(0) == a.order[122] and a.dora_indicator(0) == a.order[126]
    assert a.ura_indicator(0) == a.order[131]


def test_wall_rejects_bad_orders():
    with pytest.raises(riichi.RiichiError, match="136"):
        Wall.from_order(range(135))
    with pytest.raises(riichi.RiichiError, match="twice"):
        Wall.from_order([0, *list(range(1, 135)), 0])
    with pytest.raises(riichi.RiichiError, match="137"):
        Wall.from_order([*list(range(135)), 137])


def test_wall_from_tenhou_lays_out_the_shuffle():
    from riichi.logs import tenhou_walls
    from riichi.wall import SANMA_IDS

    seed = "mt19937ar-sha512-n288-base64," + "AAAA" * 832  # any 624 words seed the shuffle
    w, dice = next(iter(tenhou_walls(seed)))
    wall = Wall.from_tenhou(w, dice)
    assert wall.dice == dice and sorted(wall.order) == list(range(136))
    # Tenhou deals and draws from the end of its shuffle; the dead wall is its start
    assert wall.live[:3] == (w[135], w[134], w[133]) and wall.live[-1] == w[14]
    assert [wall.rinshan(i) for i in range(4)] == [w[1], w[0], w[3], w[2]]
    assert [wall.dora_indicator(i) for i in range(5)] == w[5:14:2]
    assert [wall.ura_indicator(i) for i in range(5)] == w[4:13:2]
    w3, dice3 = next(iter(tenhou_walls(seed, 3)))
    sanma = Wall.from_tenhou(w3, dice3)
    assert sanma.players == 3 and sanma.order == tuple(reversed(w3))
    assert sorted(sanma.order) == list(SANMA_IDS)
    with pytest.raises(riichi.RiichiError, match="twice"):
        Wall.from_tenhou([0, *w[1:135], 0], dice)
    with pytest.raises(riichi.RiichiError, match="136 tiles"):
        Wall.from_tenhou(w[:100])
    with pytest.raises(riichi.RiichiError, match="dice"):
        Wall.from_tenhou(w, (0, 7))


def test_red_fives_by_rule():
    assert is_red(16) and is_red(52) and is_red(88) and not is_red(17)
    assert not is_red(16, (0, 0, 0))
    assert is_red(53, (0, 2, 0)) and not is_red(54, (0, 2, 0))


def test_deal_4_4_4_1_and_dealer_draw():
    w = Wall.from_seed(3)
    r = Round(make_rules(), w, dealer=2)
    o = w.order
    # dealer 2 takes the first 4, then 3, 0, 1 ...
    assert set(o[0:4]) <= set(r.hand(2)) and set(o[4:8]) <= set(r.hand(3))
    assert o[48] in r.hand(2) and o[51] in r.hand(1)
    assert len(r.hand(2)) == 14 and all(len(r.hand(s)) == 13 for s in (0, 1, 3))
    assert r.current_seat == 2 and r.state["drawn"] == o[52]
    assert sorted(r.tile_locations()) == list(range(136))
    assert r.live_tiles_left == LIVE_TILES - 53
    assert [e.type for e in r.events] == ["start_kyoku", "tsumo"]


@pytest.mark.parametrize("players", [4, 3])
def test_each_seat_is_dealt_its_wall_positions_and_start_kyoku_says_so(players):
    # the deal by wall position for every dealer (the i-th seat from the dealer takes
    # 4-4-4 by turns, then one), and the start_kyoku event field by field
    rules = riichi.Rules.tenhou() if players == 4 else riichi.Rules.tenhou_sanma()
    ev = riichi.events
    for seed in range(6):
        for dealer in range(players):
            w = Wall.from_seed(seed, dealer, players=players)
            r = Round(rules, w, dealer=dealer, round_wind=seed % 4, honba=seed, kyotaku=1,
                      scores=[24000 + 1000 * s for s in range(players)])
            o = w.order
            hands = []
            for s in range(players):
                i, b = (s - dealer) % players, 4 * players
                want = [*o[4 * i : 4 * i + 4], *o[4 * i + b : 4 * i + b + 4]]
                want += [*o[4 * i + 2 * b : 4 * i + 2 * b + 4], o[3 * b + i]]
                hands.append(sorted(want))
                drawn = [o[13 * players]] if s == dealer else []
                assert r.hand(s) == sorted(want + drawn), (seed, dealer, s)
            tiles = [[ev.Tile.of(t >> 2, is_red(t)) for t in h] for h in hands]
            want_ev = ev.StartKyoku(
                bakaze=27 + seed % 4, kyoku=dealer + 1, honba=seed, kyotaku=1, oya=dealer,
                dora_marker=ev.Tile.of(w.dora_indicator(0) >> 2, is_red(w.dora_indicator(0))),
                scores=tuple(24000 + 1000 * s for s in range(players)),
                tehais=tuple(tuple(h) for h in tiles), dice=w.dice,
            )  # fmt: skip
            got = r.events[0]
            assert got == want_ev
            assert [str(t) for h in got.tehais for t in h] == [str(t) for h in tiles for t in h]
            assert got.bakaze is ev.Tile.of(27 + seed % 4, False)
            assert r.live_tiles_left == w.live_tiles - 13 * players - 1


def test_discard_passes_turn_and_illegal_actions_leave_state_unchanged():
    r = Round(make_rules(), scripted_wall(QUIET, "5z6z7z1z"))
    before = r.state
    with pytest.raises(riichi.IllegalAction, match="seat 0's turn"):
        r.step(Discard(1, r.hand(1)[0]))
    with pytest.raises(riichi.IllegalAction, match="not in seat 0's hand"):
        r.step(Discard(0, r.hand(1)[0]))
    with pytest.raises(riichi.IllegalAction, match="no discard to claim"):
        r.step(Pon(0, 0, (1, 2)))
    with pytest.raises(riichi.IllegalAction, match="tsumogiri"):
        r.step(Discard(0, r.hand(0)[0], True))
    assert r.state == before
    tsumogiri(r, 0)
    assert r.current_seat == 1 and len(r.hand(0)) == 13 and len(r.hand(1)) == 14
    assert r.state["rivers"][0] == [before["drawn"]]


def test_every_tile_of_a_kind_is_accepted_for_an_equivalent_discard():
    r = Round(make_rules(), scripted_wall(["11m", "", "", ""], "9s"))
    offered = [a for a in r.legal_actions(0) if isinstance(a, Discard) and a.tile >> 2 == 0]
    assert len(offered) == 1  # one action per kind and colour
    other = next(t for t in r.hand(0) if t >> 2 == 0 and t != offered[0].tile)
    r.step(Discard(0, other, False))
    assert r.state["rivers"][0] == [other]


def test_claim_priority_pon_over_chi_and_both_are_collected():
    # seat 0 discards 3m: seat 1 (shimocha) can chi with 24m, seat 2 can pon with 33m
    r = Round(make_rules(), scripted_wall(["3m", "24m", "33m", ""], "9s"))
    discard(r, 0, "3m", auto_pass=False)
    assert r.phase == "claim" and set(r.seats_to_act) >= {1, 2}
    chi = next(a for a in r.legal_actions(1) if isinstance(a, Chi))
    pon = next(a for a in r.legal_actions(2) if isinstance(a, Pon))
    r.step(chi)
    assert r.phase == "claim"  # seat 2 has not answered yet
    r.step(pon)
    pass_all(r)
    assert r.current_seat == 2 and r.state["melds"][2][0][0] == "pon"
    assert r.state["melds"][1] == []


def test_chi_only_from_kamicha():
    r = Round(make_rules(), scripted_wall(["3m", "", "24m", ""], "9s"))
    discard(r, 0, "3m", auto_pass=False)
    assert not any(isinstance(a, Chi) for a in r.legal_actions(2))


def test_pon_offers_each_red_choice():
    r = Round(make_rules(), scripted_wall(["5p", "055p", "", ""], "9s"))
    discard(r, 0, "5p", auto_pass=False)
    pons = [a for a in r.legal_actions(1) if isinstance(a, Pon)]
    reds = sorted(sum(1 for t in a.consumed if is_red(t)) for a in pons)
    assert reds == [0, 1]


def test_tsumo_win_on_draw():
    rules = make_rules()
    r = Round(rules, scripted_wall(["123m456p789s66z11s", "", "", ""], "6z"))
    assert Tsumo(0) in r.legal_actions(0)
    r.step(Tsumo(0))
    assert r.is_over and r.result.kind == "tsumo"
    assert r.result.dealer_continues
    d = r.result.deltas
    assert d[0] > 0 and d[1] < 0 and d[2] == d[1] == d[3] and sum(d) == 0


def test_ron_on_discard_and_missed_ron_is_temporary_furiten():
    rules = make_rules()
    # seat 1: ittsu, tanki on 7z; seat 0 discards 7z, seat 1 passes
    r = Round(rules, scripted_wall(["7z", "123456789m111s7z", "", ""], "9p8p"))
    discard(r, 0, "7z", auto_pass=False)
    assert Ron(1) in r.legal_actions(1)
    r.step(Pass(1))
    pass_all(r)
    assert r.state["furiten"][1]
    tsumogiri(r, 1)  # own discard clears temporary furiten
    assert not r.state["furiten"][1]
