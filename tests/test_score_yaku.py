"""Every yaku and yakuman with Tenhou's han, and every scoring rule option."""

from __future__ import annotations

import pytest

import riichi
from riichi import Rules, score

S = {"seat_wind": "S"}  # a non-dealer in the East round


def yaku(r) -> dict[str, int]:
    return dict(r.yaku)


# (hand, win tile, kwargs, expected yaku with han (subset, dora excluded), total han, fu)
YAKU_CASES = [
    # menzen tsumo + pinfu: 20 fu on tsumo
    ("123m456p789s234s55p", "2s", {"tsumo": True}, {"menzen_tsumo": 1, "pinfu": 1}, 2, 20),
    ("123m456p789s234s55p", "2s", {"riichi": True}, {"riichi": 1, "pinfu": 1}, 2, 30),
    (
        "123m456p789s234s55p",
        "2s",
        {"double_riichi": True, "ippatsu": True},
        {"double_riichi": 2, "ippatsu": 1, "pinfu": 1},
        4,
        30,
    ),
    (
        "123m456p789s234s55p",
        "2s",
        {"tsumo": True, "haitei": True},
        {"haitei_raoyue": 1, "menzen_tsumo": 1, "pinfu": 1},
        3,
        20,
    ),
    ("123m456p789s234s55p", "2s", {"houtei": True}, {"houtei_raoyui": 1, "pinfu": 1}, 2, 30),
    ("123m456p789s234s55p", "2s", {"chankan": True}, {"chankan": 1, "pinfu": 1}, 2, 30),
    # tanyao open (kuitan) and closed
    ("234m567p66s chi:345s chi:678p", "2m", {}, {"tanyao": 1}, 1, 30),
    # iipeikou (closed only)
    ("112233m456p789s55z", "3m", {"riichi": True}, {"riichi": 1, "iipeikou": 1}, 2, 40),
    # yakuhai: dragons, seat wind, round wind, double wind
    ("555z234m456p789s11p", "5z", {"tsumo": True}, {"haku": 1, "menzen_tsumo": 1}, 2, 30),
    ("666z234m456p789s11p", "6z", {"tsumo": True}, {"hatsu": 1, "menzen_tsumo": 1}, 2, 30),
    ("777z234m456p789s11p", "7z", {"tsumo": True}, {"chun": 1, "menzen_tsumo": 1}, 2, 30),
    (
        "222z234m456p789s11p",
        "2z",
        {"tsumo": True},
        {"jikaze_nan": 1, "menzen_tsumo": 1},
        2,
        30,
    ),
    (
        "111z234m456p789s11p",
        "1z",
        {"tsumo": True},
        {"bakaze_ton": 1, "menzen_tsumo": 1},
        2,
        30,
    ),
    (
        "111z234m456p789s11p",
        "1z",
        {"tsumo": True, "seat_wind": "E"},
        {"jikaze_ton": 1, "bakaze_ton": 1, "menzen_tsumo": 1},
        3,
        30,
    ),
    # chanta, junchan (open values one less)
    ("123m789p123s999s11z", "1z", {"seat_wind": "S"}, {"chanta": 2}, 2, 50),
    ("123m789p123s999s11p", "1p", {}, {"junchan": 3}, 3, 40),
    ("789p123s999s11p chi:123m", "1p", {}, {"junchan": 2}, 2, 30),
    # ittsu, sanshoku
    ("123456789m234p55s", "2p", {}, {"ittsu": 2, "pinfu": 1}, 3, 30),
    ("234m234p234s678s55p", "8s", {}, {"sanshoku_doujun": 2, "pinfu": 1, "tanyao": 1}, 4, 30),
    ("234p234s678s55p chi:234m", "8s", {}, {"sanshoku_doujun": 1, "tanyao": 1}, 2, 30),
    ("222p456s77p pon:222m pon:222s", "7p", {}, {"sanshoku_doukou": 2, "tanyao": 1}, 3, 30),
    # toitoi, sanankou, sankantsu
    (
        "77p pon:222m pon:444s pon:999p pon:111z",
        "7p",
        {},
        {"toitoi": 2, "bakaze_ton": 1},
        3,
        40,
    ),
    (
        "222m444s999p567p11z",
        "5p",
        {"tsumo": True, "seat_wind": "W"},
        {"sanankou": 2, "menzen_tsumo": 1},
        3,
        40,
    ),
    (
        "567p11z ankan:2222m ankan:4444s daiminkan:9999p",
        "5p",
        {"rinshan": True, "tsumo": True},
        {"sankantsu": 2, "rinshan_kaihou": 1},
        3,
        80,
    ),
    # shousangen (+ two dragon yakuhai), honroutou (+ toitoi)
    ("555z666z77z234m789p", "2m", {}, {"shousangen": 2, "haku": 1, "hatsu": 1}, 4, 50),
    (
        "11m999p pon:111s pon:999s pon:222z",
        "1m",
        {},
        {"honroutou": 2, "toitoi": 2, "jikaze_nan": 1},
        5,
        50,
    ),
    # honitsu / chinitsu (closed and open)
    (
        "123456789m55m222z",
        "5m",
        {"tsumo": True},
        {"honitsu": 3, "ittsu": 2, "menzen_tsumo": 1, "jikaze_nan": 1},
        7,
        40,
    ),
    # ryanpeikou, chiitoitsu
    (
        "223344m223344p55s",
        "2m",
        {"riichi": True},
        {"riichi": 1, "ryanpeikou": 3, "pinfu": 1, "tanyao": 1},
        6,
        30,
    ),
    ("1133m5577p2299s11z", "1z", {"riichi": True}, {"riichi": 1, "chiitoitsu": 2}, 3, 25),
    (
        "2244m5577p2288s66p",
        "6p",
        {"tsumo": True},
        {"menzen_tsumo": 1, "chiitoitsu": 2, "tanyao": 1},
        4,
        25,
    ),
]


@pytest.mark.parametrize("hand,win,kw,want,han,fu", YAKU_CASES)
def test_yaku(hand, win, kw, want, han, fu):
    r = score(hand, win, **({**S, **kw}))
    assert r.has_yaku
    for name, h in want.items():
        assert yaku(r).get(name) == h, (name, r)
    assert (r.han, r.fu) == (han, fu), r
    assert sum(f for _, f in r.fu_breakdown) == r.fu


def test_chinitsu_and_open_values():
    r = score("11223345678999m", "5m", riichi=True, **S)
    assert yaku(r)["chinitsu"] == 6
    r = score("23455678m999m chi:123m", "5m", **S)
    assert yaku(r)["chinitsu"] == 5
    r = score("234567m999m11z chi:123m", "1z", **S)
    assert yaku(r)["honitsu"] == 2


# ------------------------------------------------------------------ yakuman


def ym(r) -> dict[str, int]:
    return dict(r.yakuman)


MS = Rules.mahjong_soul()


@pytest.mark.parametrize(
    "hand,win,kw,tenhou,ms",
    [
        ("119m19p19s1234567z", "9m", {}, {"kokushi_musou": 1}, {"kokushi_musou": 1}),
        (
            "19m19p19s1234567z1z",
            "1z",
            {},
            {"kokushi_musou_juusanmen": 1},
            {"kokushi_musou_juusanmen": 2},
        ),
        ("111m333p555s777s99p", "1m", {"tsumo": True}, {"suuankou": 1}, {"suuankou": 1}),
        ("111m333p555s777s99p", "9p", {}, {"suuankou_tanki": 1}, {"suuankou_tanki": 2}),
        ("55m999s pon:555z pon:666z pon:777z", "9s", {}, {"daisangen": 1}, {"daisangen": 1}),
        ("111z222z333z44z123m", "1m", {}, {"shousuushii": 1}, {"shousuushii": 1}),
        ("11m pon:111z pon:222z pon:333z pon:444z", "1m", {}, {"daisuushii": 1}, {"daisuushii": 2}),
        ("111z222z33z pon:555z pon:666z", "3z", {}, {"tsuuiisou": 1}, {"tsuuiisou": 1}),
        ("11223344556677z", "7z", {}, {"tsuuiisou": 1}, {"tsuuiisou": 1}),
        ("111m999m111p99p pon:999s", "9p", {}, {"chinroutou": 1}, {"chinroutou": 1}),
        ("22334466888s666z", "6z", {}, {"ryuuiisou": 1}, {"ryuuiisou": 1}),
        ("22223344666888s", "3s", {}, {"ryuuiisou": 1}, {"ryuuiisou": 1}),
        ("11123455678999m", "1m", {}, {"chuuren_poutou": 1}, {"chuuren_poutou": 1}),
        ("11123455678999m", "5m", {}, {"junsei_chuuren_poutou": 1}, {"junsei_chuuren_poutou": 2}),
        ("11123456789999m", "9m", {}, {"junsei_chuuren_poutou": 1}, {"junsei_chuuren_poutou": 2}),
        (
            "11m ankan:2222m ankan:3333p daiminkan:4444s kakan:5555z",
            "1m",
            {"tsumo": True, "rinshan": True},
            {"suukantsu": 1},
            {"suukantsu": 1},
        ),
        (
            "123m456p789s234s55p",
            "2s",
            {"tsumo": True, "tenhou": True, "seat_wind": "E"},
            {"tenhou": 1},
            {"tenhou": 1},
        ),
        (
            "123m456p789s234s55p",
            "2s",
            {"tsumo": True, "chiihou": True},
            {"chiihou": 1},
            {"chiihou": 1},
        ),
    ],
)
def test_yakuman(hand, win, kw, tenhou, ms):
    kw = {**S, **kw}
    r = score(hand, win, **kw)
    # the yakuman are listed with the yaku too, 13 han per multiple
    assert ym(r) == tenhou and sorted(r.yaku) == sorted((n, 13 * m) for n, m in tenhou.items())
    mult = sum(tenhou.values())
    assert r.basic_points == 8000 * mult and r.han == 13 * mult
    m = score(hand, win, rules=MS, **kw)
    assert ym(m) == ms
    assert m.limit == {1: "yakuman", 2: "double_yakuman"}[sum(ms.values())]


def test_ryuuiisou_without_hatsu_and_chinitsu_not_counted_separately():
    r = score("22233344488s pon:666s", "8s", **S)
    assert ym(r) == {"ryuuiisou": 1}
    # closed, ron on the pair: suuankou tanki stacks with ryuuiisou
    r = score("22233344466688s", "8s", **S)
    assert ym(r) == {"ryuuiisou": 1, "suuankou_tanki": 1}


def test_yakuman_stacking():
    # tsuuiisou + daisangen
    r = score("111z22z pon:555z pon:666z pon:777z", "2z", **S)
    assert ym(r) == {"daisangen": 1, "tsuuiisou": 1} and r.points == 64000
    one = score(
        "111z22z pon:555z pon:666z pon:777z", "2z", rules=Rules(yakuman_stacking=False), **S
    )
    assert sum(ym(one).values()) == 1 and one.points == 32000


def test_kazoe_yakuman_and_sanbaiman_cap():
    # chinitsu 6 + riichi 1 + tsumo 1 + ippatsu 1 + pinfu 1 + iipeikou 1 + dora
    hand = "11223345678999m"
    r = score(hand, "3m", riichi=True, tsumo=True, ippatsu=True, dora_indicators="9m2m", **S)
    assert r.han >= 13 and r.limit == "kazoe_yakuman" and r.points == 32000
    c = score(
        hand,
        "3m",
        riichi=True,
        tsumo=True,
        ippatsu=True,
        dora_indicators="9m2m",
        rules=Rules(kazoe_yakuman="sanbaiman"),
        **S,
    )
    assert c.limit == "sanbaiman" and c.points == 24000


# ------------------------------------------------------------------ rule options


def test_pinfu_tsumo_option():
    hand = "123m456p789s234s55p"
    off = score(hand, "2s", tsumo=True, rules=Rules(pinfu_tsumo=False), **S)
    assert "pinfu" not in yaku(off) and off.fu == 30


@pytest.mark.parametrize("opt,han,fu", [("30", 1, 30), ("30_at_1han", 1, 30), ("20", 1, 20)])
def test_open_pinfu_ron_option(opt, han, fu):
    r = score("234m567p66s chi:345s chi:678p", "2m", rules=Rules(open_pinfu_ron_fu=opt), **S)
    assert (r.han, r.fu) == (han, fu)
    two = score(
        "234m567p66s chi:345s chi:678p",
        "2m",
        dora_indicators="1m",
        rules=Rules(open_pinfu_ron_fu=opt),
        **S,
    )
    assert two.fu == (20 if opt != "30" else 30)


@pytest.mark.parametrize(
    "opt,han,fu", [("25fu_2han", 3, 25), ("50fu_1han", 2, 50), ("30fu_2han", 3, 30)]
)
def test_chiitoitsu_option(opt, han, fu):
    r = score("1133m5577p2299s11z", "1z", riichi=True, rules=Rules(chiitoitsu_value=opt), **S)
    assert (r.han, r.fu) == (han, fu)


def test_double_wind_pair_fu_option():
    hand = "234m456p789s678s11z"
    r = score(hand, "2m", riichi=True, seat_wind="E")
    assert ("value_pair 1z", 4) in r.fu_breakdown and r.fu == 40
    r2 = score(hand, "2m", riichi=True, seat_wind="E", rules=Rules(double_wind_pair_fu=2))
    assert ("value_pair 1z", 2) in r2.fu_breakdown and r2.fu == 40


@pytest.mark.parametrize(
    "opt,han,limit",
    [
        ("off", 1, None),
        ("mangan", 6, "haneman"),
        ("baiman", 9, "baiman"),
        ("yakuman", 13, "yakuman"),
    ],
)
def test_renhou_option(opt, han, limit):
    r = score("123m456p789s234s55p", "2s", renhou=True, rules=Rules(renhou=opt), **S)
    assert r.han == han and r.limit == limit


def test_local_yakuman_flags():
    on = Rules(
        daisharin=True, suurenkou=True, hyakuman_goku=True, beni_kujaku=True, shiisan_puutaa=True
    )
    assert "daisharin" in ym(score("22334455667788p", "8p", rules=on, **S))
    assert "daisharin" not in ym(score("22334455667788p", "8p", **S))
    r = score("222333444555m11z", "1z", tsumo=True, rules=on, **S)
    assert "suurenkou" in ym(r)
    # 66 777 888 999m + chi 789m: 12+21+24+27+24 = 108 >= 100
    r = score("66777888999m chi:789m", "6m", rules=on, **S)
    assert "hyakuman_goku" in ym(r)
    assert "hyakuman_goku" not in ym(score("66777888999m chi:789m", "6m", **S))
    r = score("111555777999s77z", "7z", rules=on, **S)
    assert "beni_kujaku" in ym(r)
    # shiisan puutaa: first draw, 13 unrelated tiles + a pair, not a complete hand
    sp = "147m258p369s12344z"
    r = score(sp, "4z", tsumo=True, chiihou=True, rules=on, **S)
    assert r.is_agari and ym(r) == {"shiisan_puutaa": 1}
    assert not score(sp, "4z", tsumo=True, chiihou=True, **S).is_agari


def test_two_han_minimum_from_honba():
    r2 = Rules(two_han_minimum_from_honba=5)
    hand = "234m567p66s chi:345s chi:678p"
    assert score(hand, "2m", honba=4, rules=r2, **S).has_yaku
    assert not score(hand, "2m", honba=5, rules=r2, **S).has_yaku
    assert not score(hand, "2m", honba=5, dora_indicators="1m", rules=r2, **S).has_yaku


def test_payments_honba_kyotaku():
    # non-dealer ron 1000 with 2 honba and 1 stick
    r = score("234m567p66s chi:345s chi:678p", "2m", honba=2, kyotaku=1, **S)
    assert (r.ron_payment, r.kyotaku_points, r.total, r.points) == (1600, 1000, 2600, 1000)
    # dealer tsumo 1 han 30 fu: 500 all, + 100 each per honba
    r = score("234m567p66s chi:345s chi:678p", "2m", tsumo=True, honba=1, seat_wind="E")
    assert (r.tsumo_nondealer_payment, r.tsumo_dealer_payment, r.total) == (600, 0, 1800)
    r = score("234m567p66s chi:345s chi:678p", "2m", tsumo=True, honba=1, **S)
    assert (r.tsumo_nondealer_payment, r.tsumo_dealer_payment, r.total) == (400, 600, 1400)


def test_nagashi_mangan():
    assert riichi.nagashi_mangan(dealer=False) == (4000, 2000, 8000)
    assert riichi.nagashi_mangan(dealer=True) == (0, 4000, 12000)


def test_sanma_payments_and_nuki_dora():
    sanma = Rules(num_players=3, honba_points=200, uma=(15000, 0, -15000))
    r = score(
        "123p456p789s234s55p".replace("123p", "111m"),
        "2s",
        tsumo=True,
        nukidora=2,
        dora_indicators="1m",
        rules=sanma,
        **S,
    )
    # 1m indicator -> 9m in three-player; nuki dora count as dora
    assert r.dora == 2
    r = score("999m456p789s234s55p", "2s", tsumo=True, dora_indicators="1m", rules=sanma, **S)
    assert r.dora == 3
    t = score("999m456p789s234s55p", "2s", tsumo=True, honba=1, rules=sanma, **S)
    assert t.total == t.tsumo_dealer_payment + t.tsumo_nondealer_payment


def test_errors_name_the_bad_input():
    with pytest.raises(riichi.RiichiError, match="win_tile"):
        score("123m456p789s234s55p", "1z")
    with pytest.raises(riichi.RiichiError, match="14 tiles"):
        score("123m456p789s234s5p", "5p")
    with pytest.raises(riichi.RiichiError, match="seat_wind"):
        score("123m456p789s234s55p", "2s", seat_wind="5z")
    with pytest.raises(riichi.InvalidTile):
        score("123m456p789s234s55p", "2x")
    with pytest.raises(riichi.InvalidTile):
        score("123m456p789s234s55p", 34)
    with pytest.raises(riichi.RiichiError, match=r"hand: expected a riichi\.Hand"):
        score(12345, "2s")  # type: ignore[arg-type]


def test_result_api():
    r = score("123m456p789s234s55p", "2s", riichi=True, tsumo=True, **S)
    d = r.to_dict()
    assert d["han"] == r.han and d["yaku"] == r.yaku and d["limit"] is None
    assert "ScoreResult(" in repr(r) and "riichi" in repr(r)
    assert r.yaku_ids == [0, 1, 7]
    assert riichi.scoring.YAKU_IDS[7] == "pinfu"
    with pytest.raises(AttributeError):
        r.han = 3  # type: ignore[misc]
    # winds and tiles as kinds
    assert (
        score("123m456p789s234s55p", 19, seat_wind=28, round_wind=27).to_dict()
        == score("123m456p789s234s55p", "2s", seat_wind="S").to_dict()
    )


def test_batch_matches_single_calls():
    from riichi.batch_score import score as batch_score

    reqs = [
        {"hand": "123m456p789s234s55p", "win_tile": "2s", "tsumo": True, "seat_wind": "S"},
        {"hand": "19m19p19s1234567z1z", "win_tile": "1z"},
        {"hand": "123m234p340678s22z", "win_tile": "2m", "dora_indicators": "1m"},
        {"hand": "123m12359p1678s22z", "win_tile": "2m"},
    ]
    cols = batch_score(reqs)
    for i, q in enumerate(reqs):
        q = dict(q)
        r = score(q.pop("hand"), q.pop("win_tile"), **q)
        assert cols["han"][i] == r.han and cols["fu"][i] == r.fu
        assert cols["points"][i] == r.points and cols["total"][i] == r.total
        assert cols["is_agari"][i] == r.is_agari and cols["has_yaku"][i] == r.has_yaku
        mask = [0, 0]
        for y in r.yaku_ids:
            mask[y // 64] |= 1 << (y % 64)
        assert cols["yaku_mask"][i].tolist() == mask
    with pytest.raises(riichi.RiichiError, match=r"requests\[1\]"):
        batch_score([reqs[0], {"hand": "123m", "win_tile": "1m"}])
    with pytest.raises(riichi.RiichiError, match="unknown key"):
        batch_score([{**reqs[0], "tsumoo": True}])


# ------------------------------------------------------------------ robustness

from hypothesis import given, settings
from hypothesis import strategies as st


@settings(max_examples=300, deadline=None)
@given(
    counts=st.lists(st.integers(0, 4), min_size=34, max_size=34),
    win=st.integers(-2, 40),
    flags=st.dictionaries(
        st.sampled_from(
            [
                "tsumo",
                "riichi",
                "double_riichi",
                "ippatsu",
                "haitei",
                "houtei",
                "rinshan",
                "chankan",
                "tenhou",
                "chiihou",
                "renhou",
            ]
        ),
        st.booleans(),
    ),
    honba=st.integers(0, 2**32 - 1),
    seat=st.integers(20, 35),
)
def test_any_input_is_a_result_or_a_riichi_error(counts, win, flags, honba, seat):
    try:
        hand = riichi.Hand.from_counts(counts)
    except riichi.RiichiError:
        return
    try:
        r = score(hand, win, seat_wind=seat, honba=honba, **flags)
    except riichi.RiichiError:
        return
    assert r.total >= 0 and (r.has_yaku or r.total == 0)
