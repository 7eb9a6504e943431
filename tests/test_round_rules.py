"""Scripted rule tests for the round engine, including the worked cases RC40 RC43 RC48 RC52 RC54."""

from __future__ import annotations

import dataclasses

import pytest

from engine_support import make_rules
from riichi import IllegalAction
from riichi.actions import Chi, Discard, Kakan, Pass, Pon, Riichi, Ron, Tsumo
from riichi.round import Round
from scripted import discard, pass_all, play_until, scripted_wall, take, tsumogiri


# ---------------------------------------------------------------------- RC52 kuikae
def _two_pons_then(tile: str, concealed: str, n_pons: int = 2, rules=None):
    """Seat 1 pons 7p, 8p (and 9p) from seat 0, keeping ``concealed``; then seat 0
    discards ``tile``. Returns the round in the claim phase."""
    pons = ["7p", "8p", "9p"][:n_pons]
    singles = ["1z", "2z", "3z"][:n_pons]
    hand = concealed + "".join(p[0] * 2 + "p" for p in pons) + "".join(singles)
    draws = []
    for p in pons:
        draws += [p, "6z", "6z"]
    draws = [*draws[:-2], "7z", "7z", tile] if n_pons else [tile]
    r = Round(rules or make_rules(), scripted_wall(["", hand, "", ""], "".join(draws)))
    for p, single in zip(pons, singles):
        discard(r, 0, p, auto_pass=False)
        take(r, 1, Pon)
        discard(r, 1, single)
        play_until(r, 0)
    discard(r, 0, tile, auto_pass=False)
    return r


@pytest.mark.parametrize("tile", ["1m", "4m"])
def test_rc52_chi_leaving_only_forbidden_tiles_is_not_offered(tile):
    r = _two_pons_then(tile, "1123444m")
    assert len(r.hand(1)) == 7
    chis = [a for a in r.legal_actions(1) if isinstance(a, Chi)]
    assert all(sorted(t >> 2 for t in a.consumed) != [1, 2] for a in chis)
    # pon stays legal: after pon 1m (or 4m) the rest still has a tile that may be discarded
    assert any(isinstance(a, Pon) for a in r.legal_actions(1))


def test_rc52_four_tile_hand_chi_7m_with_56m_is_not_offered():
    r = _two_pons_then("7m", "4567m", n_pons=3)
    # no call at all was possible: the discard passed and seat 1 drew
    assert [e.type for e in r.events[-2:]] == ["dahai", "tsumo"] and r.current_seat == 1
    assert len(r.state["melds"][1]) == 3


def test_rc52_kuikae_allowed_offers_the_chi_and_permits_the_swap():
    r = _two_pons_then("1m", "1123444m", rules=make_rules(kuikae="allowed"))
    chi = next(a for a in r.legal_actions(1) if isinstance(a, Chi))
    r.step(chi)
    pass_all(r)
    assert any(isinstance(a, Discard) and a.tile >> 2 == 0 for a in r.legal_actions(1))


def test_kuikae_forbids_same_tile_and_suji_after_chi():
    # seat 1 holds 23m 4m 1m: chi 1m with 23m forbids 1m and 4m; other tiles stay
    r = Round(make_rules(), scripted_wall(["", "1234m", "", ""], "1m"))
    discard(r, 0, "1m", auto_pass=False)
    chi = next(a for a in r.legal_actions(1) if isinstance(a, Chi))
    r.step(chi)
    pass_all(r)
    kinds = {a.tile >> 2 for a in r.legal_actions(1) if isinstance(a, Discard)}
    assert 0 not in kinds and 3 not in kinds and kinds
    with pytest.raises(Exception, match="kuikae"):
        r.step(Discard(1, next(t for t in r.hand(1) if t >> 2 == 3)))


# ---------------------------------------------------------------------- RC48 riichi
TENPAI_1 = "123m456p789s1155z"  # 13 tiles? 3+3+3+4 = 13: waits 1z/5z... (shanpon)


def test_rc48_riichi_needs_four_live_tiles():
    hands = ["", "123m456p789s11z55z", "789m123p456s22z66z", ""]
    r = Round(make_rules(), scripted_wall(hands))
    play_until(r, 1, left=4)
    assert any(isinstance(a, Riichi) for a in r.legal_actions(1))
    tsumogiri(r, 1)
    assert r.current_seat == 2 and r.live_tiles_left == 3
    assert not any(isinstance(a, Riichi) for a in r.legal_actions(2))


def test_rc48_riichi_needs_1000_points_and_1000_is_enough():
    hands = ["", "123m456p789s11z55z", "789m123p456s22z66z", ""]
    r = Round(make_rules(), scripted_wall(hands), scores=(25000, 900, 1000, 73100))
    play_until(r, 1)
    assert not any(isinstance(a, Riichi) for a in r.legal_actions(1))
    tsumogiri(r, 1)
    take(r, 2, Riichi)
    assert r.scores[2] == 0 and r.kyotaku == 1
    assert r.state["riichi"][2]
    assert r.events[-1].type in ("tsumo", "ryukyoku") or any(
        e.type == "reach_accepted" for e in r.events
    )


def test_riichi_needs_a_closed_tenpai_hand_after_the_discard():
    r = Round(make_rules(), scripted_wall(["123m456p789s11z5z6z", "", "", ""], "5z"))
    riichis = [a for a in r.legal_actions(0) if isinstance(a, Riichi)]
    # only the discard that leaves tenpai (6z: shanpon 1z/5z)
    assert {a.tile >> 2 for a in riichis} == {32}


def test_riichi_hand_may_only_tsumogiri_and_furiten_riichi_rule():
    r = Round(make_rules(), scripted_wall(["123m456p789s11z5z6z", "", "", ""], "5z"))
    take(r, 0, Riichi)
    play_until(r, 0)
    acts = r.legal_actions(0)
    assert [type(a) for a in acts if not isinstance(a, Tsumo)] == [Discard]
    assert acts[-1].tsumogiri


def test_a_refused_riichi_names_the_failed_condition():
    r = Round(make_rules(), scripted_wall(["123m456p789s11z5z6z", "", "", ""], "5z"))
    ids = {t >> 2: t for t in r.players[0].hand}
    with pytest.raises(IllegalAction, match="not tenpai after that discard"):
        r.step(Riichi(0, ids[0], False))  # 1m leaves 23m: not tenpai
    r = Round(
        make_rules(riichi_min_points=30000),
        scripted_wall(["123m456p789s11z5z6z", "", "", ""], "5z"),
    )
    with pytest.raises(IllegalAction, match="needs 30000 points; seat 0 has 25000"):
        r.step(Riichi(0, ids[32], False))


@pytest.mark.parametrize("allowed", [True, False])
def test_furiten_riichi_by_rule(allowed):
    # 123m456p789s555z + 7z tanki; draw 6z and discard 7z (6z tanki, 7z in the river);
    # then draw 7z: riichi discarding 6z waits on 7z (furiten), discarding 7z waits on 6z
    rules = make_rules(furiten_riichi=allowed)
    r = Round(rules, scripted_wall(["123m456p789s555z7z", "", "", ""], "6z1p2p3p7z"))
    discard(r, 0, "7z")
    play_until(r, 0)
    riichis = {a.tile >> 2 for a in r.legal_actions(0) if isinstance(a, Riichi)}
    assert riichis == ({32, 33} if allowed else {33})
    if not allowed:
        six = next(t for t in r.players[0].hand if t >> 2 == 32)
        with pytest.raises(IllegalAction, match="furiten riichi is not allowed"):
            r.step(Riichi(0, six, six == r.players[0].hand[-1]))


# ---------------------------------------------------------------------- RC54 chankan furiten
def _chankan_setup(riichi: bool):
    # seat 1 pons 3m, later draws the 4th 3m and adds it; seat 2 waits on 3m (penchan),
    # without yaku on a plain ron (so the first 3m is a missed, unclaimable win)
    hands = ["", "33m9p", "12m456p789s444s99s", ""]
    draws = ["3m", "8p", "7s", "6z", "3m", "8m"]
    r = Round(make_rules(), scripted_wall(hands, "".join(draws), rinshan="7z"))
    discard(r, 0, "3m", auto_pass=False)
    assert not r.legal_actions(2)  # no yaku: no ron
    take(r, 1, Pon)
    discard(r, 1, "9p")
    assert r.state["furiten"][2]  # a passed winning tile, even without yaku
    if riichi:
        take(r, 2, Riichi, tsumogiri=True)
    else:
        tsumogiri(r, 2)
    assert not r.state["furiten"][2]
    play_until(r, 1)
    take(r, 1, Kakan, auto_pass=False)
    assert Ron(2) in r.legal_actions(2)  # chankan is a yaku
    r.step(Pass(2))
    pass_all(r)
    assert r.state["furiten"][2]
    tsumogiri(r, 1)  # the rinshan tile
    return r


def test_rc54_declined_chankan_is_temporary_furiten():
    r = _chankan_setup(riichi=False)
    assert r.current_seat == 2 and r.state["furiten"][2]
    tsumogiri(r, 2)
    assert not r.state["furiten"][2]


def test_rc54_declined_chankan_in_riichi_is_permanent_furiten():
    r = _chankan_setup(riichi=True)
    tsumogiri(r, 2)
    assert r.state["furiten"][2]
    play_until(r, 2)
    assert r.state["furiten"][2]


# ---------------------------------------------------------------------- RC43 multiple ron
def _double_ron(rules, honba=1, kyotaku=2, third=False):
    hands = ["", "234m456p678s345s6m", "345p456s678s888m6m" if third else "", "234p567p345s678s6m"]
    r = Round(rules, scripted_wall(hands, "6m"), honba=honba, kyotaku=kyotaku)
    discard(r, 0, "6m", auto_pass=False)
    for s in list(r.seats_to_act):
        if Ron(s) in r.legal_actions(s):
            r.step(Ron(s))
    pass_all(r)
    return r


def test_rc43_double_ron_sticks_and_honba_to_the_nearest_winner():
    r = _double_ron(make_rules())
    res = r.result
    assert res.kind == "ron" and [w.seat for w in res.wins] == [1, 3]
    v1, v3 = (w.score.points for w in res.wins)
    assert res.wins[0].deltas[1] == v1 + 300 + 2000
    assert res.wins[1].deltas[3] == v3
    assert res.deltas[0] == -(v1 + v3 + 300)
    assert sum(res.deltas) == 2000 and r.kyotaku == 0


def test_head_bump_only_the_nearest_winner():
    r = _double_ron(make_rules(multiple_ron="head_bump"))
    assert [w.seat for w in r.result.wins] == [1]


def test_triple_ron_is_sanchahou_under_tenhou_rules_and_three_wins_otherwise():
    r = _double_ron(make_rules(), third=True)
    assert r.result.kind == "abortive" and r.result.reason == "sanchahou"
    r = _double_ron(make_rules(multiple_ron="triple", sanchahou=False), third=True)
    assert [w.seat for w in r.result.wins] == [1, 2, 3]


# ---------------------------------------------------------------------- RC40 pao
def _daisangen(final_discarder: int, honba=6, tsumo=False):
    hand1 = "55z66z77z55m99s1p9p1s"
    x = ["1p", "2p", "3p", "4p", "6p", "8p"]
    draws = ["5z", x[0], x[1], "6z", "7z"]
    # after the third pon: seat 2 draws next
    order_after = {2: ["9s"], 3: [x[2], "9s"], 0: [x[2], x[3], "9s"]}
    draws += order_after.get(final_discarder, [])
    if tsumo:
        draws = ["5z", x[0], x[1], "6z", "7z", x[2], x[3], x[4], "9s"]
    r = Round(make_rules(), scripted_wall(["", hand1, "", ""], "".join(draws)), honba=honba)
    discard(r, 0, "5z", auto_pass=False)
    take(r, 1, Pon)
    discard(r, 1, "1p")
    play_until(r, 0)
    discard(r, 0, "6z", auto_pass=False)
    take(r, 1, Pon)
    discard(r, 1, "9p")
    assert r.current_seat == 2
    discard(r, 2, "7z", auto_pass=False)
    take(r, 1, Pon)
    discard(r, 1, "1s")
    if tsumo:
        play_until(r, 1)
        r.step(Tsumo(1))
    else:
        play_until(r, final_discarder)
        discard(r, final_discarder, "9s", auto_pass=False)
        r.step(Ron(1))
        pass_all(r)
    return r


def test_rc40_pao_ron_split_and_liable_player_pays_honba():
    r = _daisangen(final_discarder=3)
    (win,) = r.result.wins
    assert win.pao_seat == 2
    assert win.deltas == (0, 33800, -17800, -16000)


def test_rc40_pao_discarder_is_the_liable_player_pays_all():
    r = _daisangen(final_discarder=2)
    assert r.result.wins[0].deltas == (0, 33800, -33800, 0)


def test_pao_tsumo_paid_fully_by_the_liable_player():
    r = _daisangen(final_discarder=1, tsumo=True)
    assert r.result.wins[0].deltas == (0, 33800, -33800, 0)


def test_pao_off_by_rule():
    rules = dataclasses.replace(make_rules(), pao_daisangen=False)
    assert not rules.pao_daisangen


def test_pao_daisuushii_ron_split():
    # seat 1 pons 1z 2z 3z from seat 0 and 4z from seat 2 (liable), then rons 5m from seat 3
    hand1 = "11z22z33z44z59m1p9p9s"
    draws = ["1z", "2p", "3p", "2z", "4p", "6p", "3z", "4z", "7p", "5m"]
    r = Round(make_rules(), scripted_wall(["", hand1, "", ""], "".join(draws)))
    for wind, single in (("1z", "1p"), ("2z", "9p"), ("3z", "9s")):
        discard(r, 0, wind, auto_pass=False)
        take(r, 1, Pon)
        discard(r, 1, single)
        if wind != "3z":
            play_until(r, 0)
    discard(r, 2, "4z", auto_pass=False)
    take(r, 1, Pon)
    discard(r, 1, "9m")
    play_until(r, 3)
    discard(r, 3, "5m", auto_pass=False)
    r.step(Ron(1))
    pass_all(r)
    (win,) = r.result.wins
    assert "daisuushii" in dict(win.score.yakuman)
    assert win.pao_seat == 2
    v = win.score.points
    assert win.deltas == (0, v, -v // 2, -v // 2)
