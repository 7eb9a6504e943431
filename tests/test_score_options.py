"""Scoring options of Rules (issue 16): atozuke / katazuke, ura dora, kan ura dora, ippatsu,
kazoe at 26 han, aotenjou, ryuuiisou with hatsu, the local yaku, the minimum-value rules; the
han/fu payment function; yakuman listed in ScoreResult.yaku.

Each test compares a rule's value with the default on the same hand, so it fails when the
option is ignored."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import riichi
from _brute import mpsz
from _hands import complete_hands
from riichi import Rules
from riichi.actions import Chi, Ron, Tsumo
from riichi.round import Round
from scripted import discard, scripted_wall, take, tsumogiri


def names(r: riichi.ScoreResult) -> dict[str, int]:
    return dict(r.yaku)


def up100(x: int) -> int:
    return -(-x // 100) * 100


# ------------------------------------------------------------------ atozuke / katazuke
# open tanyao waiting 1p-4p: tanyao only on 4p (a katazuke, not a yakuhai one)
TANYAO_KATA = "234567p34445s chi:234m"
# open shanpon on haku and 4m: haku only on 5z (the yakuhai katazuke)
YAKUHAI_KATA = "44m678m567s555z chi:234p"


@pytest.mark.parametrize("tsumo", [False, True])
def test_atozuke_forbidden_refuses_a_yaku_on_one_wait(tsumo: bool) -> None:
    allowed = riichi.score(TANYAO_KATA, "4p", tsumo=tsumo)
    assert allowed.has_yaku and "tanyao" in names(allowed)
    for value in ("forbidden", False):
        r = riichi.score(TANYAO_KATA, "4p", tsumo=tsumo, rules=Rules(atozuke=value))
        assert r.is_agari and not r.has_yaku and r.points == 0 and r.han == 0
    # a tanyao katazuke is not a yakuhai one
    kata = Rules(atozuke="yakuhai_katazuke_forbidden")
    assert riichi.score(TANYAO_KATA, "4p", tsumo=tsumo, rules=kata).points == allowed.points


@pytest.mark.parametrize("tsumo", [False, True])
def test_yakuhai_katazuke_is_refused_by_both_values(tsumo: bool) -> None:
    assert riichi.score(YAKUHAI_KATA, "5z", tsumo=tsumo).has_yaku
    for value in ("yakuhai_katazuke_forbidden", "forbidden"):
        r = riichi.score(YAKUHAI_KATA, "5z", tsumo=tsumo, rules=Rules(atozuke=value))
        assert r.is_agari and not r.has_yaku


def test_atozuke_allows_a_yaku_certain_on_every_wait() -> None:
    no = Rules(atozuke="forbidden")
    # tanyao on both waits (2-5p)
    r = riichi.score("234567p34445s chi:234m".replace("234567p", "345678p"), "5p", rules=no)
    assert r.has_yaku and "tanyao" in names(r)
    # a closed hand's tsumo: menzen tsumo on every wait
    r = riichi.score("234m666p345s88s123p", "1p", tsumo=True, rules=no)
    assert r.has_yaku and names(r) == {"menzen_tsumo": 1}
    # riichi is certain before the winning tile; the same hand dama is not
    assert riichi.score("234m666p345s88s234p", "4p", riichi=True, rules=no).has_yaku
    assert not riichi.score("234m666p345s88s234p", "4p", rules=no).has_yaku
    assert riichi.score("234m666p345s88s234p", "4p").has_yaku
    # a haku triplet already held: yakuhai on every wait (1-4p)
    r = riichi.score("234p678m88s555z chi:234s", "4p", rules=Rules(atozuke="forbidden"))
    assert r.has_yaku and "haku" in names(r)


def test_round_offers_no_ron_the_rules_forbid() -> None:
    hand = "234m666p345s88s23p"  # waits 1p-4p; tanyao only on 4p (no pinfu: 666p)
    offered = {}
    for value in ("allowed", "forbidden"):
        r = Round(Rules(atozuke=value), scripted_wall(["", hand, "", ""], "4p"))
        discard(r, 0, "4p", auto_pass=False)
        offered[value] = Ron(1) in r.legal_actions(1)
    assert offered == {"allowed": True, "forbidden": False}


def test_round_offers_no_ron_on_a_yakuhai_katazuke() -> None:
    hand = "44m678m567s234p55z"  # dama shanpon on haku and 4m: haku only on 5z
    offered = {}
    for value in ("allowed", "yakuhai_katazuke_forbidden"):
        r = Round(Rules(atozuke=value), scripted_wall(["", hand, "", ""], "5z"))
        discard(r, 0, "5z", auto_pass=False)
        offered[value] = Ron(1) in r.legal_actions(1)
    assert offered == {"allowed": True, "yakuhai_katazuke_forbidden": False}


def test_round_offers_no_tsumo_the_rules_forbid() -> None:
    # seat 1 chis 2m, then waits 1p-4p with open tanyao on 4p only, and draws 4p
    hand = "34m567p345s44s23p1z"
    offered = {}
    for value in ("allowed", "forbidden"):
        r = Round(Rules(atozuke=value), scripted_wall(["", hand, "", ""], "2m7z7z7z4p"))
        discard(r, 0, "2m", auto_pass=False)
        take(r, 1, Chi)
        discard(r, 1, "1z")
        for seat in (2, 3, 0):
            tsumogiri(r, seat)
        offered[value] = Tsumo(1) in r.legal_actions(1)
    assert offered == {"allowed": True, "forbidden": False}


def test_round_offers_a_closed_tsumo_under_atozuke_forbidden() -> None:
    hand = "234m666p345s88s23p"
    offered = {}
    for value in ("allowed", "forbidden"):
        # a closed tsumo has menzen tsumo on every wait: offered under both
        r = Round(Rules(atozuke=value), scripted_wall(["", hand, "", ""], "9m4p"))
        discard(r, 0, "9m")
        offered[value] = Tsumo(1) in r.legal_actions(1)
    assert offered == {"allowed": True, "forbidden": True}


def test_atozuke_values() -> None:
    assert Rules(atozuke=True).atozuke == "allowed"
    assert Rules(atozuke=False).atozuke == "forbidden"
    with pytest.raises(riichi.RiichiError, match="atozuke"):
        Rules(atozuke="sometimes")


# ------------------------------------------------------------------ dora and ippatsu
RIICHI_HAND = "234m456p345s678s88s"  # riichi, 5s ron


def test_ura_dora_off() -> None:
    kw = dict(riichi=True, seat_wind="S", ura_indicators="7s")
    assert riichi.score(RIICHI_HAND, "5s", **kw).uradora == 3
    r = riichi.score(RIICHI_HAND, "5s", **kw, rules=Rules(ura_dora=False))
    assert r.uradora == 0 and "uradora" not in names(r)


def test_kan_ura_dora_off_counts_only_the_first_ura_indicator() -> None:
    kw = dict(riichi=True, seat_wind="S", ura_indicators="9m7s")  # 9m -> 1m: none held
    assert riichi.score(RIICHI_HAND, "5s", **kw).uradora == 3
    assert riichi.score(RIICHI_HAND, "5s", **kw, rules=Rules(kan_ura_dora=False)).uradora == 0
    kw = dict(riichi=True, seat_wind="S", ura_indicators="7s9m")
    assert riichi.score(RIICHI_HAND, "5s", **kw, rules=Rules(kan_ura_dora=False)).uradora == 3


def test_ippatsu_off() -> None:
    kw = dict(riichi=True, ippatsu=True, seat_wind="S")
    assert names(riichi.score(RIICHI_HAND, "5s", **kw))["ippatsu"] == 1
    r = riichi.score(RIICHI_HAND, "5s", **kw, rules=Rules(ippatsu=False))
    assert "ippatsu" not in names(r) and r.han == riichi.score(RIICHI_HAND, "5s", **kw).han - 1


# ------------------------------------------------------------------ limits
# chinitsu ryanpeikou pinfu tanyao riichi tsumo ippatsu (14) + 10 dora (+ 10 ura)
BIG = "22334455667788p"
BIG_KW = dict(tsumo=True, riichi=True, ippatsu=True, dora_indicators="1p2p3p4p5p")


def test_kazoe_double_at_26() -> None:
    rules = Rules(kazoe_yakuman="double_at_26")
    r = riichi.score(BIG, "8p", **BIG_KW, ura_indicators="1p2p3p4p5p", rules=rules)
    assert r.han >= 26 and r.limit == "double_yakuman" and r.basic_points == 16000
    assert r.yakuman == []
    d = riichi.score(BIG, "8p", **BIG_KW, ura_indicators="1p2p3p4p5p")
    assert d.han == r.han and d.limit == "kazoe_yakuman" and d.basic_points == 8000
    r = riichi.score(BIG, "8p", **BIG_KW, rules=rules)  # no ura: 13..25 han
    assert 13 <= r.han < 26 and r.limit == "kazoe_yakuman"


def test_aotenjou_has_no_limits() -> None:
    rules = Rules(aotenjou=True)
    kw = dict(riichi=True, seat_wind="S", dora_indicators="7s1m", tsumo=False)
    capped = riichi.score(RIICHI_HAND, "5s", **kw)
    r = riichi.score(RIICHI_HAND, "5s", **kw, rules=rules)
    assert (r.han, r.fu) == (capped.han, capped.fu) and capped.limit is not None
    assert r.limit is None and r.basic_points == r.fu * 2 ** (r.han + 2)
    assert r.points == up100(4 * r.basic_points) > capped.points
    # a yakuman counts 13 han per multiple on top of the other yaku and the dora
    y = riichi.score("55m999s pon:555z pon:666z pon:777z", "9s", rules=rules)
    others = sum(h for n, h in y.yaku if n != "daisangen")
    assert y.yakuman == [("daisangen", 1)] and others > 0
    assert y.han == 13 + others and y.basic_points == y.fu * 2 ** (y.han + 2)
    # beyond 2^31 - 1 points (int32 batch columns): refused by name, never wrapped
    with pytest.raises(riichi.RiichiError, match="aotenjou"):
        riichi.score(BIG, "8p", **BIG_KW, ura_indicators="1p2p3p4p5p", rules=rules)


def test_ryuuiisou_requiring_hatsu() -> None:
    assert riichi.score("22223344666888s", "3s").yakuman == [("ryuuiisou", 1)]
    r = riichi.score("22223344666888s", "3s", rules=Rules(ryuuiisou_hatsu=True))
    assert r.yakuman == [] and r.has_yaku  # chinitsu and the rest
    r = riichi.score("22334466888s666z", "6z", rules=Rules(ryuuiisou_hatsu=True))
    assert r.yakuman == [("ryuuiisou", 1)]


# ------------------------------------------------------------------ local yaku
def test_paarenchan() -> None:
    on = Rules(paarenchan=True)
    hand, win = "123m456p789s11155z", "3m"
    assert ("paarenchan", 1) in riichi.score(hand, win, renchan=7, rules=on).yakuman
    assert riichi.score(hand, win, renchan=6, rules=on).yakuman == []
    assert riichi.score(hand, win, renchan=7).yakuman == []
    # the dealer's streak only
    assert riichi.score(hand, win, renchan=7, seat_wind="S", rules=on).yakuman == []
    with pytest.raises(riichi.RiichiError, match="renchan"):
        riichi.score(hand, win, renchan=-1)


def test_daichisei() -> None:
    assert riichi.score("11223344556677z", "7z").yakuman == [("tsuuiisou", 1)]
    r = riichi.score("11223344556677z", "7z", rules=Rules(daichisei=True))
    assert r.yakuman == [("daichisei", 2)] and r.basic_points == 16000


def test_sanrenkou() -> None:
    hand = "456p77s pon:222m pon:333m pon:444m"
    base = riichi.score(hand, "7s")
    r = riichi.score(hand, "7s", rules=Rules(sanrenkou=True))
    assert "sanrenkou" not in names(base)
    assert names(r)["sanrenkou"] == 2 and r.han == base.han + 2


def test_iishoku_yonjun() -> None:
    hand = "123123123123m99p"
    assert all(n != "iishoku_yonjun" for n, _ in riichi.score(hand, "9p").yakuman)
    r = riichi.score(hand, "9p", rules=Rules(iishoku_yonjun=True))
    assert ("iishoku_yonjun", 1) in r.yakuman


def test_uumensai() -> None:
    hand = "123m456p789s11155z"
    base = riichi.score(hand, "3m")
    r = riichi.score(hand, "3m", rules=Rules(uumensai=True))
    assert "uumensai" not in names(base) and names(r)["uumensai"] == 2
    assert r.han == base.han + 2
    # no dragon: no uumensai
    assert "uumensai" not in names(riichi.score("123m456p789s11122z", "3m", rules=Rules(uumensai=True)))


@pytest.mark.parametrize(
    "hand,name", [("22334455667788m", "daisuurin"), ("22334455667788s", "daichikurin")]
)
def test_daisharin_other_suits(hand: str, name: str) -> None:
    assert riichi.score(hand, "8" + hand[-1]).yakuman == []
    assert riichi.score(hand, "8" + hand[-1], rules=Rules(daisharin=True)).yakuman == []
    r = riichi.score(hand, "8" + hand[-1], rules=Rules(daisharin_other_suits=True))
    assert r.yakuman == [(name, 1)]
    pin = riichi.score("22334455667788p", "8p", rules=Rules(daisharin_other_suits=True))
    assert pin.yakuman == []  # the pin form is Rules.daisharin's


# ------------------------------------------------------------------ minimum value
RIICHI_ONLY = "123m456p345s678s11z"  # seat South: riichi is the only yaku (40 fu)


def test_two_han_minimum_counts_no_dora() -> None:
    hand = RIICHI_ONLY
    kw = dict(riichi=True, seat_wind="S", dora_indicators="7s4z")
    r = riichi.score(hand, "5s", **kw)
    assert r.has_yaku and names(r) == {"riichi": 1, "dora": 3}
    r = riichi.score(hand, "5s", **kw, rules=Rules(minimum_han=2))
    assert r.is_agari and not r.has_yaku and r.dora == 3
    # two han from yaku: riichi + ippatsu
    assert riichi.score(hand, "5s", **kw, ippatsu=True, rules=Rules(minimum_han=2)).has_yaku
    with pytest.raises(riichi.RiichiError, match="minimum_han"):
        Rules(minimum_han=0)


def test_mangan_minimum() -> None:
    hand = RIICHI_ONLY
    kw = dict(riichi=True, seat_wind="S")
    assert riichi.score(hand, "5s", **kw).points == 1300
    assert not riichi.score(hand, "5s", **kw, rules=Rules(mangan_minimum=True)).has_yaku
    # 1 + 4 dora: a mangan
    r = riichi.score(hand, "5s", **kw, dora_indicators="7s4z3p", rules=Rules(mangan_minimum=True))
    assert r.has_yaku and r.limit == "mangan"


def test_riichi_required() -> None:
    rules = Rules(riichi_required=True)
    closed = "234m666p345s88s234p"  # tanyao dama
    assert riichi.score(closed, "4p").has_yaku
    assert not riichi.score(closed, "4p", rules=rules).has_yaku
    assert riichi.score(closed, "4p", riichi=True, rules=rules).has_yaku
    assert riichi.score("234567p34445s chi:234m", "4p", rules=rules).has_yaku  # open


# ------------------------------------------------------------------ payment function
def test_payment_table() -> None:
    p = riichi.payment(4, 30, dealer=False, tsumo=False)
    assert (p.ron, p.value, p.limit, p.basic_points) == (7700, 7700, None, 1920)
    assert riichi.payment(4, 30, dealer=True, tsumo=False).ron == 11600
    assert riichi.payment(4, 30, dealer=False, tsumo=False, rules=Rules(kiriage_mangan=True)).ron == 8000
    t = riichi.payment(1, 30, dealer=False, tsumo=True, honba=1, kyotaku=2)
    assert (t.tsumo_dealer, t.tsumo_nondealer, t.kyotaku, t.total) == (600, 400, 2000, 3400)
    t = riichi.payment(3, 30, dealer=True, tsumo=True)
    assert (t.tsumo_dealer, t.tsumo_nondealer, t.total) == (0, 2000, 6000)
    assert riichi.payment(0, 0, dealer=False, tsumo=False, yakuman=2).ron == 64000
    assert riichi.payment(13, 30, dealer=False, tsumo=False).limit == "kazoe_yakuman"
    assert riichi.payment(2, 25, dealer=False, tsumo=False).ron == 1600


def test_payment_three_players_tsumo_loss() -> None:
    sanma = Rules.tenhou_sanma()
    t = riichi.payment(5, 30, dealer=False, tsumo=True, honba=1, rules=sanma)
    # mangan 2000/4000, no share for the absent seat; 200 per honba, 100 from each payer
    assert (t.tsumo_dealer, t.tsumo_nondealer, t.total) == (4100, 2100, 6200)


def test_payment_agrees_with_score() -> None:
    r = riichi.score("12222305888s666z", "2s", seat_wind="E", round_wind="S",
                     dora_indicators=["6p"], honba=2, kyotaku=1)  # fmt: skip
    p = riichi.payment(r.han, r.fu, dealer=True, tsumo=False, honba=2, kyotaku=1)
    assert (p.ron, p.total, p.value, p.limit) == (r.ron_payment, r.total, r.points, r.limit)


@pytest.mark.parametrize(
    "kw,name",
    [
        (dict(han=0, fu=30), "han"),
        (dict(han=2, fu=35), "fu"),
        (dict(han=2, fu=15), "fu"),
        (dict(han=2, fu=30, honba=-1), "honba"),
        (dict(han="2", fu=30), "han"),
        (dict(han=2, fu=30, yakuman=9), "yakuman"),
    ],
)
def test_payment_refuses_bad_values_by_name(kw: dict, name: str) -> None:
    with pytest.raises(riichi.RiichiError, match=name):
        riichi.payment(dealer=False, tsumo=False, **kw)


# The hands scoring below 30 fu: pinfu tsumo (no tanyao: 2 han), an open ron with no fu
# (tanyao; with a dora 2 han), chiitoitsu by ron and by tsumo.
LOW_FU_HANDS = [
    ("123m567p234678s55m", "4s", True, []),
    ("234567p34445s chi:234m", "4p", False, []),
    ("234567p34445s chi:234m", "4p", False, ["1p"]),
    ("1133m5577p22s6699s", "9s", False, []),
    ("1133m5577p22s6699s", "9s", True, []),
]
LOW_FU_RULES = [
    Rules(),
    Rules(open_pinfu_ron_fu="20"),
    Rules(open_pinfu_ron_fu="30_at_1han"),
    Rules(pinfu_tsumo=False),
    Rules(chiitoitsu_value="50fu_1han"),
    Rules(chiitoitsu_value="30fu_2han"),
]


@pytest.mark.parametrize(
    "rules", LOW_FU_RULES,
    ids=lambda r: f"{r.open_pinfu_ron_fu}-{r.pinfu_tsumo}-{r.chiitoitsu_value}",
)  # fmt: skip
def test_payment_takes_every_pair_the_scorer_gives(rules: Rules) -> None:
    """Each han/fu the scorer gives these hands is a pair payment() takes, worth the same."""
    for hand, win, tsumo, dora in LOW_FU_HANDS:
        r = riichi.score(hand, win, tsumo=tsumo, dora_indicators=dora, seat_wind="S", rules=rules)
        p = riichi.payment(r.han, r.fu, dealer=False, tsumo=tsumo, rules=rules)
        assert p.value == r.points, (hand, r.han, r.fu)


@pytest.mark.parametrize(
    "han,fu,tsumo,rules",
    [
        (1, 20, False, Rules()),  # Tenhou: an open ron with no fu is raised to 30
        (3, 20, False, Rules()),
        (1, 20, False, Rules(open_pinfu_ron_fu="30_at_1han")),  # raised at 1 han
        (1, 20, True, Rules(open_pinfu_ron_fu="20")),  # pinfu tsumo is 2 han
        (2, 20, True, Rules(pinfu_tsumo=False)),  # no pinfu tsumo: 22 fu -> 30
        (1, 25, False, Rules()),  # chiitoitsu is 2 han
        (2, 25, True, Rules()),  # chiitoitsu tsumo is 3 han (menzen tsumo)
        (2, 25, False, Rules(chiitoitsu_value="50fu_1han")),
        (3, 25, True, Rules(chiitoitsu_value="30fu_2han")),
    ],
)
def test_payment_refuses_pairs_no_hand_scores(han: int, fu: int, tsumo: bool, rules: Rules) -> None:
    way = "tsumo" if tsumo else "ron"
    with pytest.raises(riichi.RiichiError, match=f"{han} han {fu} fu by {way}"):
        riichi.payment(han, fu, dealer=False, tsumo=tsumo, rules=rules)
    with pytest.raises(riichi.RiichiError, match=f"{han} han {fu} fu"):
        riichi.payment(han, fu, dealer=True, tsumo=tsumo, rules=rules)


def test_payment_keeps_the_low_fu_pairs_that_exist() -> None:
    assert riichi.payment(2, 20, dealer=False, tsumo=True).total == 1500  # pinfu tsumo 400/700
    open20 = Rules(open_pinfu_ron_fu="20")
    assert riichi.payment(1, 20, dealer=False, tsumo=False, rules=open20).ron == 700
    assert riichi.payment(2, 20, dealer=False, tsumo=False,
                          rules=Rules(open_pinfu_ron_fu="30_at_1han")).ron == 1300  # fmt: skip
    assert riichi.payment(3, 25, dealer=True, tsumo=True).tsumo_nondealer == 1600
    # with yakuman the han and fu do not count (Tenhou): no pair is refused
    assert riichi.payment(1, 20, dealer=False, tsumo=False, yakuman=1).ron == 32000


# ------------------------------------------------------------------ yakuman in yaku
def test_yakuman_are_listed_with_the_yaku() -> None:
    r = riichi.score("11m pon:111z pon:222z pon:333z pon:444z", "1m",
                     rules=Rules.mahjong_soul())  # fmt: skip
    assert r.yakuman == [("daisuushii", 2)]
    assert ("daisuushii", 26) in r.yaku
    assert sum(h for _, h in r.yaku) == r.han
    # a plain hand: the yaku sum to han as before
    p = riichi.score("12222305888s666z", "2s", seat_wind="E", round_wind="S", dora_indicators=["6p"])
    assert sum(h for _, h in p.yaku) == p.han and p.yakuman == []


def test_scoring_options_survive_the_rules_round_trip() -> None:
    import pickle

    r = Rules(atozuke="yakuhai_katazuke_forbidden", aotenjou=True, minimum_han=2,
              kazoe_yakuman="double_at_26", uumensai=True)  # fmt: skip
    assert Rules.from_dict(r.to_dict()) == r == pickle.loads(pickle.dumps(r))
    assert Rules.from_json(r.to_json()).scoring() == r.scoring()


def test_batch_scoring_follows_the_options() -> None:
    reqs = [
        {"hand": RIICHI_HAND, "win_tile": "5s", "riichi": True, "seat_wind": "S",
         "dora_indicators": "7s1m"},
        {"hand": "123m456p789s11155z", "win_tile": "3m", "renchan": 7},
        {"hand": TANYAO_KATA, "win_tile": "4p"},
    ]  # fmt: skip
    rules = Rules(aotenjou=True, paarenchan=True, atozuke="forbidden")
    cols = riichi.batch.score(reqs, rules=rules)
    one = [riichi.score(r.pop("hand"), r.pop("win_tile"), **r, rules=rules) for r in reqs]
    assert cols["points"].tolist() == [r.points for r in one]
    assert one[0].points > 12000 and one[1].yakuman == [("paarenchan", 1)]
    assert cols["has_yaku"].tolist() == [True, True, False]


def test_atozuke_with_aotenjou_and_red_fives() -> None:
    # the other waits are judged for a yaku only: their value (aotenjou) and red fives
    # (dora) play no part
    rules = Rules(atozuke="forbidden", aotenjou=True)
    assert not riichi.score("234067p34445s chi:234m", "4p", rules=rules).has_yaku
    r = riichi.score("340678p34445s chi:234m", "5p", rules=rules)  # 2-5p: tanyao on both
    assert r.has_yaku and r.akadora == 1 and r.limit is None


# ------------------------------------------------------------------ atozuke as a property
@settings(max_examples=150, deadline=None)
@given(built=complete_hands(), data=st.data(), tsumo=st.booleans())
def test_atozuke_forbidden_is_a_yaku_on_every_wait(built, data, tsumo) -> None:
    """Under "forbidden" a win stands exactly when the hand before it has a yaku on each of
    its waits (scored with atozuke allowed); the waits come from riichi.waits, another path
    than the scorer's own."""
    win = data.draw(st.sampled_from([k for k in range(34) if built.concealed[k]]))
    before = list(built.concealed)
    before[win] -= 1
    melds = " ".join(built.melds)
    waits = [w.tile for w in riichi.waits(f"{mpsz(before)} {melds}".strip())]
    assert win in waits

    def text(k: int) -> str:
        c = list(before)
        c[k] += 1
        return f"{mpsz(c)} {melds}".strip()

    winds = st.sampled_from("ESWN")
    kw = dict(tsumo=tsumo, seat_wind=data.draw(winds), round_wind=data.draw(winds))
    allowed = riichi.score(text(win), win, **kw)
    every = all(riichi.score(text(k), k, **kw).has_yaku for k in waits)
    forbidden = riichi.score(text(win), win, **kw, rules=Rules(atozuke="forbidden"))
    assert forbidden.has_yaku == (allowed.has_yaku and every)
    if forbidden.has_yaku:
        assert forbidden.points == allowed.points
    # the yakuhai variant refuses only a win whose yaku are all yakuhai
    dora = {"dora", "uradora", "akadora"}
    yakuhai = set(riichi.events.TENHOU_YAKU[10:21])
    only = not allowed.yakuman and {n for n, _ in allowed.yaku} - dora <= yakuhai
    kata = riichi.score(text(win), win, **kw, rules=Rules(atozuke="yakuhai_katazuke_forbidden"))
    assert kata.has_yaku == (allowed.has_yaku and (every or not only))


def test_yaku_ids_and_batch_mask_follow_yaku_under_aotenjou() -> None:
    rules = Rules(aotenjou=True)
    req = {"hand": "55m999s pon:555z pon:666z pon:777z", "win_tile": "9s",
           "dora_indicators": "4m"}  # fmt: skip
    r = riichi.score(req["hand"], req["win_tile"], dora_indicators="4m", rules=rules)
    assert [n for n, _ in r.yaku][-1] == "daisangen" and ("dora", 2) in r.yaku
    ids = {n: i for i, n in riichi.scoring.YAKU_IDS.items()}
    assert r.yaku_ids == [ids[n] for n, _ in r.yaku]
    words = riichi.batch.score([req], rules=rules)["yaku_mask"][0]
    ids = [i for i in range(128) if int(words[i // 64]) >> (i % 64) & 1]
    assert ids == sorted(r.yaku_ids)


_SETS = [f"{n}{n + 1}{n + 2}{s}" for s in "mps" for n in range(1, 8)] + [
    f"{n}{n}{n}{s}" for s in "mps" for n in range(1, 10)
]


@settings(max_examples=150, deadline=None)
@given(
    honor=st.integers(1, 7),
    pair=st.sampled_from([f"{n}{n}{s}" for s in "mps" for n in range(1, 10)]),
    sets=st.lists(st.sampled_from(_SETS), min_size=3, max_size=3),
    called=st.booleans(),
    tsumo=st.booleans(),
    winds=st.tuples(st.sampled_from("ESWN"), st.sampled_from("ESWN")),
)
def test_yakuhai_katazuke_property(honor, pair, sets, called, tsumo, winds) -> None:
    """A shanpon of an honor and a number pair, won on the honor: "yakuhai_katazuke_forbidden"
    refuses it exactly when its yaku are all yakuhai and some other wait has none."""
    melds = f"chi:{sets[0]}" if called and sets[0][0] != sets[0][1] else ""
    concealed = (sets[1:] if melds else sets) + [pair]
    text = f"{''.join(concealed)}{honor}{honor}{honor}z {melds}".strip()
    try:
        riichi.Hand.parse(text)
    except riichi.RiichiError:
        return  # a fifth copy
    kw = dict(tsumo=tsumo, seat_wind=winds[0], round_wind=winds[1])
    allowed = riichi.score(text, f"{honor}z", **kw)
    # every other wait of the hand before the win (the number pair's, and any more)
    before = f"{''.join(concealed)}{honor}{honor}z {melds}".strip()
    kind = 26 + honor
    others = [w.tile for w in riichi.waits(before) if w.tile != kind]
    if not others:
        return  # the number side is karaten (all four copies held)
    base = riichi.parse_counts(f"{''.join(concealed)}{honor}{honor}z")[0]

    def won_on(k: int) -> str:
        c = list(base)
        c[k] += 1
        return f"{riichi.format_counts(c, (0, 0, 0))} {melds}".strip()

    side_ok = all(riichi.score(won_on(k), k, **kw).has_yaku for k in others)
    yakuhai = set(riichi.events.TENHOU_YAKU[10:21])
    only = not allowed.yakuman and {n for n, _ in allowed.yaku} <= yakuhai
    kata = riichi.score(text, f"{honor}z", **kw, rules=Rules(atozuke="yakuhai_katazuke_forbidden"))
    assert kata.has_yaku == (allowed.has_yaku and (side_ok or not only))
