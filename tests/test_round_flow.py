"""Round endings and timing rules: abortive draws by flag, exhaustive draw payments,
nagashi mangan, kan dora timing, the fifth kan, haitei/houtei, rinshan, ippatsu,
double riichi, ankan in riichi."""

from __future__ import annotations

import pytest

from engine_support import make_rules
from riichi.actions import Ankan, Daiminkan, Kakan, Pon, Riichi, Ron, Tsumo
from riichi.round import Round
from scripted import discard, pass_all, play_until, scripted_wall, take, tsumogiri

TENPAI = ["123m456p789s11z55z", "789m123p456s22z66z", "456m789p123s33z77z", "234m567p678s4z44z"]


def _tsumogiri_to_end(r):
    while not r.is_over:
        pass_all(r)
        if r.is_over:
            break
        tsumogiri(r, r.current_seat)


# ---------------------------------------------------------------------- abortive draws
@pytest.mark.parametrize("flag", [True, False])
def test_suufon_renda(flag):
    r = Round(make_rules(suufon_renda=flag), scripted_wall(["1z", "1z", "1z", "1z"], "9m9m9m9m"))
    for s in range(4):
        discard(r, s, "1z")
    if flag:
        assert r.is_over and r.result.reason == "suufon_renda" and r.result.dealer_continues
    else:
        assert not r.is_over


@pytest.mark.parametrize("flag", [True, False])
def test_suucha_riichi(flag):
    r = Round(make_rules(suucha_riichi=flag), scripted_wall(TENPAI, "9m8m7m6m"))
    for s in range(4):
        take(r, s, Riichi, tsumogiri=True)
    if flag:
        assert r.is_over and r.result.reason == "suucha_riichi"
        assert r.kyotaku == 4 and r.result.kyotaku_left == 4
        assert sum(r.scores) == 96000
    else:
        assert not r.is_over and r.kyotaku == 4


@pytest.mark.parametrize("flag", [True, False])
def test_suukaikan_by_two_players_aborts_after_the_next_discard(flag):
    # seat 0 ankans 1z 2z 3z (draws them), seat 1 ankans 4z
    hands = ["111z222z333z", "444z", "", ""]
    r = Round(make_rules(suukaikan=flag), scripted_wall(hands, "1z4z", rinshan="2z3z8p7p"))
    for _ in range(3):
        take(r, 0, Ankan)
    tsumogiri(r, 0)
    play_until(r, 1)
    take(r, 1, Ankan)
    assert not r.is_over
    tsumogiri(r, 1)
    if flag:
        assert r.is_over and r.result.reason == "suukaikan"
    else:
        assert not r.is_over
        # no fifth kan is ever offered
        assert len(r.state["kans"]) == 4


def test_fifth_kan_is_not_offered_and_one_player_four_kans_continues():
    hands = ["111z222z333z444z", "", "", ""]
    r = Round(make_rules(), scripted_wall(hands, "1z", rinshan="2z3z4z5z"))
    for _ in range(4):
        take(r, 0, Ankan)
    assert not any(isinstance(a, (Ankan, Kakan)) for a in r.legal_actions(0))
    # the rinshan 5z with the four kans: a single-wait hand, tsumo is offered (suukantsu)
    assert Tsumo(0) in r.legal_actions(0)
    tsumogiri(r, 0)
    assert not r.is_over


# ---------------------------------------------------------------------- exhaustive draw
def test_exhaustive_draw_noten_payments_and_tenpai_renchan():
    r = Round(make_rules(), scripted_wall([TENPAI[0], "", "", ""]))
    _tsumogiri_to_end(r)
    res = r.result
    assert res.kind == "exhaustive" and res.tenpai == (True, False, False, False)
    assert res.deltas == (3000, -1000, -1000, -1000)
    assert res.dealer_continues
    r = Round(make_rules(renchan="agari"), scripted_wall([TENPAI[0], "", "", ""]))
    _tsumogiri_to_end(r)
    assert not r.result.dealer_continues


def test_two_tenpai_split_and_no_payment_by_rule():
    r = Round(make_rules(), scripted_wall([TENPAI[0], TENPAI[1], "", ""]))
    _tsumogiri_to_end(r)
    assert r.result.deltas == (1500, 1500, -1500, -1500)
    r = Round(make_rules(noten_payment=0), scripted_wall([TENPAI[0], TENPAI[1], "", ""]))
    _tsumogiri_to_end(r)
    assert r.result.deltas == (0, 0, 0, 0)


def test_nagashi_mangan():
    # every tsumogiri; seat 1 draws only terminals and honors
    terms = ["1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"]
    mids = [f"{n}{suit}" for suit in "mps" for n in (2, 3, 4, 6, 7, 8)]
    draws = []
    for i in range(70):
        draws.append(terms[(i // 4) % 13] if i % 4 == 1 else mids[i % 18])
    r = Round(make_rules(), scripted_wall(["", "", "", ""], "".join(draws)))
    _tsumogiri_to_end(r)
    assert r.result.kind == "exhaustive" and r.result.reason == "nagashi_mangan"
    assert r.result.deltas == (-4000, 8000, -2000, -2000)
    r = Round(make_rules(nagashi_mangan=False), scripted_wall(["", "", "", ""], "".join(draws)))
    _tsumogiri_to_end(r)
    assert r.result.reason == "exhaustive"


# ---------------------------------------------------------------------- kan dora timing
def _daiminkan_round(rules):
    r = Round(rules, scripted_wall(["5z", "555z", "", ""], "9m", rinshan="8p"))
    discard(r, 0, "5z", auto_pass=False)
    take(r, 1, Daiminkan)
    return r


def test_open_kan_dora_after_discard():
    r = _daiminkan_round(make_rules())
    assert len(r.dora_indicators) == 1
    tsumogiri(r, 1)
    assert len(r.dora_indicators) == 2
    types = [e.type for e in r.events]
    assert types.index("dora") > types.index("dahai", types.index("daiminkan"))


def test_open_kan_dora_immediate_by_rule():
    r = _daiminkan_round(make_rules(open_kan_dora="immediate"))
    assert len(r.dora_indicators) == 2


def test_ankan_dora_is_immediate():
    r = Round(make_rules(), scripted_wall(["111z", "", "", ""], "1z", rinshan="8p"))
    take(r, 0, Ankan)
    assert len(r.dora_indicators) == 2
    assert r.state["drawn"] >> 2 == 16  # the rinshan tile 8p


def test_kakan_then_rinshan_tsumo():
    # seat 1 pons 5z, draws the 4th 5z, kakan, rinshan completes the hand
    hands = ["5z", "55z123m456p789s9s1z", "", ""]
    r = Round(make_rules(), scripted_wall(hands, "1p2p3p4p5z", rinshan="9s"))
    discard(r, 0, "5z", auto_pass=False)
    take(r, 1, Pon)
    discard(r, 1, "1z")
    play_until(r, 1)
    take(r, 1, Kakan)
    assert Tsumo(1) in r.legal_actions(1)
    r.step(Tsumo(1))
    names = [n for n, _ in r.result.wins[0].score.yaku]
    assert "rinshan_kaihou" in names


# ---------------------------------------------------------------------- haitei / houtei
def test_haitei_and_houtei():
    # seat 1 waits on 7z and draws it as the last live tile: haitei
    wall = scripted_wall(["", "123456789m111s7z", "", ""], "7z", live=0)
    r = Round(make_rules(), wall)
    play_until(r, 1, left=0)
    assert Tsumo(1) in r.legal_actions(1)
    r.step(Tsumo(1))
    assert "haitei_raoyue" in dict(r.result.wins[0].score.yaku)


def test_houtei_and_no_calls_on_the_last_discard():
    # the last live tile (7z) goes to seat 1, who discards it: seat 2 rons (houtei),
    # seat 3's pair of 7z gives no pon on the last discard
    wall = scripted_wall(["", "", "123456789m111s7z", "77z"], "7z", live=0)
    r = Round(make_rules(), wall)
    play_until(r, 1, left=0)
    discard(r, 1, "7z", auto_pass=False)
    assert not any(isinstance(a, Pon) for a in r.legal_actions(3))
    r.step(Ron(2))
    pass_all(r)
    assert "houtei_raoyui" in dict(r.result.wins[0].score.yaku)


# ---------------------------------------------------------------------- riichi details
def test_ippatsu_and_its_breaking_by_a_call():
    # seat 0 riichi (tanki 7z... uses TENPAI[0] shanpon 1z/5z); seat 2's pon breaks ippatsu
    hands = [TENPAI[0], "", "66z", ""]
    r = Round(make_rules(), scripted_wall(hands, "9m6z"))
    take(r, 0, Riichi, tsumogiri=True)
    assert r.players[0].ippatsu
    discard(r, 1, "6z", auto_pass=False)
    take(r, 2, Pon)
    assert not r.players[0].ippatsu


def test_double_riichi_on_the_first_uninterrupted_discard():
    r = Round(make_rules(), scripted_wall([TENPAI[0], "", "", ""], "9m"))
    take(r, 0, Riichi, tsumogiri=True)
    assert r.players[0].double_riichi


def test_ankan_in_riichi_only_when_waits_do_not_change():
    # 111m 234p 567s 999s 5z... hand 1112345m: waits change with 1m ankan -> refused
    hands = ["1112345m456p789s", "", "", ""]
    r = Round(make_rules(), scripted_wall(hands, "9m2z3z4z1m"))
    take(r, 0, Riichi, tsumogiri=True)
    play_until(r, 0)
    assert not any(isinstance(a, Ankan) for a in r.legal_actions(0))
    # waits unchanged: 111m kept as a set in every reading -> allowed
    hands = ["111m456m456p789s7z", "", "", ""]
    r = Round(make_rules(), scripted_wall(hands, "9m2z3z4z1m"))
    take(r, 0, Riichi, tsumogiri=True)
    play_until(r, 0)
    assert any(isinstance(a, Ankan) for a in r.legal_actions(0))


def test_ron_flags_renhou_off_under_tenhou():
    r = Round(make_rules(), scripted_wall(["7z", "123456789m111s7z", "", ""], "9p"))
    discard(r, 0, "7z", auto_pass=False)
    r.step(Ron(1))
    pass_all(r)
    assert r.result.kind == "ron" and r.result.wins[0].seat == 1


def test_riichi_stick_not_paid_when_the_declaration_tile_deals_in():
    # seat 0 declares riichi discarding 7z... seat 1 waits on it (ittsu tanki)
    hands = ["123m456p789s11z57z", "123456789m111s7z", "", ""]
    r = Round(make_rules(), scripted_wall(hands, "5z"))
    take(r, 0, Riichi, tile=next(t for t in r.hand(0) if t >> 2 == 33), auto_pass=False)
    r.step(Ron(1))
    pass_all(r)
    assert r.result.kind == "ron" and r.kyotaku == 0
    assert not any(e.type == "reach_accepted" for e in r.events)
    assert r.result.deltas[0] == -r.result.wins[0].score.points


@pytest.mark.parametrize("allowed", [True, False])
def test_kokushi_robs_an_ankan_by_rule(allowed):
    # seat 1: kokushi waiting on 1z; seat 0 declares an ankan of 1z
    hands = ["111z", "19m19p19s234567z9m", "", ""]
    r = Round(make_rules(kokushi_chankan_ankan=allowed), scripted_wall(hands, "1z"))
    take(r, 0, Ankan, auto_pass=False)
    if allowed:
        assert Ron(1) in r.legal_actions(1)
        r.step(Ron(1))
        assert r.result.kind == "ron"
    else:
        assert r.phase == "turn" and r.current_seat == 0


def test_observation_shows_only_the_own_hand():
    r = Round(make_rules(), scripted_wall(["", "", "", ""]))
    obs = r.observation(1)
    assert obs["hand"] == r.hand(1) and obs["drawn"] is None
    assert "hands" not in obs and "wall" not in obs
    assert obs["legal_actions"] == []
    own = r.observation(0)
    assert own["drawn"] == r.state["drawn"] and own["legal_actions"]
    assert len(obs["rivers"]) == 4 and obs["dora_indicators"] == r.dora_indicators
