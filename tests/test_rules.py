"""riichi.Rules: presets compared field by field, documentation, validation, scoring cache."""

from __future__ import annotations

import dataclasses

import pytest

import riichi
from riichi import Rules
from riichi.rules import DOUBLE_YAKUMAN_FORMS, SCORING_FIELDS

FIELDS = [f.name for f in dataclasses.fields(Rules) if not f.name.startswith("_")]

TENHOU = {
    "red_fives": (1, 1, 1),
    "kuitan": True,
    "atozuke": "allowed",
    "kiriage_mangan": False,
    "kazoe_yakuman": "yakuman",
    "double_yakuman_special_waits": (),
    "yakuman_stacking": True,
    "pinfu_tsumo": True,
    "open_pinfu_ron_fu": "30",
    "chiitoitsu_value": "25fu_2han",
    "double_wind_pair_fu": 4,
    "renhou": "off",
    "daisharin": False,
    "suurenkou": False,
    "hyakuman_goku": False,
    "beni_kujaku": False,
    "shiisan_puutaa": False,
    "honba_points": 300,
    "two_han_minimum_from_honba": None,
    "riichi_stick": 1000,
    "num_players": 4,
    "ura_dora": True,
    "kan_ura_dora": True,
    "ippatsu": True,
    "aotenjou": False,
    "ryuuiisou_hatsu": False,
    "paarenchan": False,
    "daichisei": False,
    "sanrenkou": False,
    "iishoku_yonjun": False,
    "uumensai": False,
    "daisharin_other_suits": False,
    "minimum_han": 1,
    "mangan_minimum": False,
    "riichi_required": False,
    "length": "hanchan",
    "starting_points": 25000,
    "target_points": 30000,
    "extension": "sudden_death",
    "extension_winds": 1,
    "extension_target": None,
    "sudden_death_renchan": True,
    "tobi": True,
    "agari_yame": True,
    "tenpai_yame": True,
    "renchan": "tenpai",
    "uma": (20000, 10000, -10000, -20000),
    "oka": 20000,
    "leftover_kyotaku_to_top": True,
    "final_rounding": "none",
    "kuikae": "forbidden",
    "open_kan_dora": "after_discard",
    "kokushi_chankan_ankan": False,
    "riichi_min_points": 1000,
    "riichi_min_live_tiles": 4,
    "furiten_riichi": True,
    "multiple_ron": "double",
    "sanchahou": True,
    "kyuushu_kyuuhai": True,
    "suufon_renda": True,
    "suucha_riichi": True,
    "suukaikan": True,
    "nagashi_mangan": True,
    "noten_payment": 3000,
    "pao_daisangen": True,
    "pao_daisuushi": True,
    "pao_suukantsu": False,
    "pao_scope": "hand",
    "yakitori": False,
    "yakitori_penalty": 10000,
    "yakitori_payment": "split",
    "wareme": False,
    "keishiki_tenpai": True,
    "own_copies_tenpai": False,
    "tenpai_declaration": "automatic",
    "pao_rinshan": False,
    "pao_honba": "liable",
    "nagashi_mangan_as": "draw",
    "tobi_at_zero": False,
    "tied_ranks": "seat_order",
    "last_round_renchan": True,
    "riichi_requires_tenpai": True,
    "noten_riichi_chombo": "off",
    "chombo_penalty": 20000,
    "riichi_ankan": "same_waits",
    "closed_kan_dora": "immediate",
    "kan_dora": True,
    "open_riichi": "off",
    "noten_payment_split": "total",
    "rinshan_tsumo_fu": True,
}

MAHJONG_SOUL_DIFF = {
    "double_yakuman_special_waits": DOUBLE_YAKUMAN_FORMS,
    "kokushi_chankan_ankan": True,
    "multiple_ron": "triple",
    "sanchahou": False,
    "pao_suukantsu": True,
    "pao_scope": "yakuman",
    "uma": (15000, 5000, -5000, -15000),
    # final points (score - 25000) / 1000 + uma, no oka (raw records' total_point); the game
    # still ends at 30,000
    "target_points": 25000,
    "extension_target": 30000,
    "oka": 0,
}


def test_expected_tables_cover_every_field():
    assert set(TENHOU) == set(FIELDS)
    assert set(SCORING_FIELDS) <= set(FIELDS)


@pytest.mark.parametrize("name", FIELDS)
def test_tenhou_preset_field(name):
    assert getattr(Rules.tenhou(), name) == TENHOU[name]
    assert getattr(Rules(), name) == TENHOU[name]


@pytest.mark.parametrize("name", FIELDS)
def test_mahjong_soul_preset_field(name):
    want = MAHJONG_SOUL_DIFF.get(name, TENHOU[name])
    assert getattr(Rules.mahjong_soul(), name) == want


def test_length_variants_share_scoring():
    t = Rules.tenhou(length="tonpuusen")
    assert t.length == "tonpuusen"
    assert t.scoring() == Rules.tenhou().scoring()
    assert Rules.mahjong_soul("tonpuusen").scoring() == Rules.mahjong_soul().scoring()
    assert Rules.tenhou(red=False).red_fives == (0, 0, 0)


@pytest.mark.parametrize("name", FIELDS)
def test_every_field_is_documented_with_a_default(name):
    doc = Rules.__doc__ or ""
    assert f"        {name}:" in doc
    section = doc.split(f"        {name}:", 1)[1].split("\n        ")[0:3]
    assert "efault" in " ".join(section) or name in ("red_fives",), name


def test_end_target_defaults_to_target_points():
    assert Rules().end_target == 30000
    assert Rules(target_points=25000).end_target == 25000
    assert Rules(extension_target=33300).end_target == 33300


def test_frozen_and_hashable():
    r = Rules()
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.kuitan = False  # type: ignore[misc]
    assert hash(r) == hash(Rules())
    assert r == Rules() and r != Rules(kuitan=False)
    assert r.replace(kuitan=False).kuitan is False


def test_scoring_is_built_once_and_cached():
    r = Rules()
    assert r.scoring() is r.scoring()


@pytest.mark.parametrize(
    "field,value",
    [
        ("kazoe_yakuman", "triple"),
        ("open_pinfu_ron_fu", "25"),
        ("chiitoitsu_value", "25fu_1han"),
        ("renhou", "sometimes"),
        ("double_yakuman_special_waits", ("kokushi",)),
        ("red_fives", (1, 4, 1)),
        ("double_wind_pair_fu", 3),
        ("length", "forever"),
        ("multiple_ron", "quadruple"),
        ("num_players", 5),
        ("uma", (1, 2, 3)),
        ("uma", (20000, 10000, -10000, -10000)),  # not zero-sum
        ("uma", (-20000, -10000, 10000, 20000)),  # last place paid most
        # wrong types and out-of-range ints: a RiichiError naming the field, never a
        # TypeError/OverflowError from deep inside, and never accepted
        ("kuitan", 1),
        ("red_fives", "111"),
        ("red_fives", (1, 1)),
        ("red_fives", (1, 1.0, 1)),
        ("honba_points", -300),
        ("starting_points", 2**70),
        ("starting_points", 25000.0),
        ("two_han_minimum_from_honba", "5"),
        ("uma", (20000, 10000, -10000, "x")),
        ("tobi", None),
        ("noten_payment", 1000),  # 2 tenpai / 2 noten would pay 500 each, 1 tenpai 333.3
        ("extension", "west"),
        ("extension_winds", 0),
        ("extension_winds", 5),
        ("extension_winds", 1.0),
        ("extension_target", "30000"),
        ("yakitori_penalty", 1050),
        ("yakitori_penalty", -100),
        ("yakitori_payment", "top"),
        ("atozuke", "katazuke"),
        ("atozuke", 0),
        ("kazoe_yakuman", "double"),
        ("minimum_han", 0),
        ("minimum_han", 14),
        ("minimum_han", 2.0),
        ("ura_dora", 0),
        ("aotenjou", "yes"),
        ("pao_honba", "winner"),
        ("tied_ranks", "split"),
        ("nagashi_mangan_as", True),
        ("tobi_at_zero", 0),
        ("noten_riichi_chombo", "yes"),
        ("chombo_penalty", 1050),
        ("chombo_penalty", -100),
        ("tenpai_declaration", "hidden"),
        ("kuikae", "suji"),
        ("riichi_ankan", "waits"),
        ("closed_kan_dora", "after_draw"),
        ("kan_dora", "yes"),
    ],
)
def test_bad_values_are_refused_by_name(field, value):
    with pytest.raises(riichi.RiichiError, match=field):
        Rules(**{field: value})


@pytest.mark.parametrize(
    "call",
    [
        lambda: Rules(kuitam=False),
        lambda: Rules().replace(kuitam=False),
        lambda: Rules.from_dict({"kuitam": False}),
        lambda: Rules.tenhou().replace(kuitam=False),
    ],
    ids=["constructor", "replace", "from_dict", "preset_replace"],
)
def test_an_unknown_field_is_refused_with_the_closest_name(call):
    with pytest.raises(riichi.RiichiError, match=r"kuitam \(did you mean 'kuitan'\?\)"):
        call()


def test_unknown_names_without_a_close_field_and_private_fields_are_refused():
    with pytest.raises(riichi.RiichiError, match=r"unknown field\(s\) nosuch \(not Rules"):
        Rules(nosuch=1)
    with pytest.raises(riichi.RiichiError, match="_scoring_cache"):  # not an init field
        Rules().replace(_scoring_cache=[])
    with pytest.raises(riichi.RiichiError, match="positional"):
        Rules(*range(len(FIELDS) + 1))
    assert pickle_round_trip(Rules.mahjong_soul()) == Rules.mahjong_soul()


def pickle_round_trip(rules):
    import pickle

    return pickle.loads(pickle.dumps(rules))


@pytest.mark.parametrize("preset", [Rules.tenhou, Rules.tenhou_sanma])
@pytest.mark.parametrize("red", ["x", "", 0, 1, None])
def test_a_preset_red_switch_must_be_a_bool(preset, red):
    with pytest.raises(riichi.RiichiError, match=f"{preset.__name__} red: {red!r}"):
        preset(red=red)
    assert preset(red=False).red_fives == (0, 0, 0)


def test_scoring_fields_change_results():
    hand = "234m456p345s678s88s"
    base = riichi.score(hand, "5s", riichi=True, seat_wind="S", dora_indicators="1m")
    kiri = riichi.score(
        hand,
        "5s",
        riichi=True,
        seat_wind="S",
        dora_indicators="1m",
        rules=Rules(kiriage_mangan=True),
    )
    assert (base.points, kiri.points) == (7700, 8000)


def test_lists_for_tuple_fields_are_stored_as_tuples():
    r = Rules(uma=[15000, 5000, -5000, -15000], red_fives=[0, 1, 0])
    assert r.uma == (15000, 5000, -5000, -15000) and r.red_fives == (0, 1, 0)
    assert hash(r) == hash(Rules(uma=(15000, 5000, -5000, -15000), red_fives=(0, 1, 0)))
    assert Rules(two_han_minimum_from_honba=None) == Rules()


def test_every_choice_field_refuses_non_text_by_name():
    # a Literal field compared with an array raised a bare ValueError (fuzz repro n3)
    import typing

    import numpy as np

    from riichi.rules import _type_hints

    choice_fields = [
        name for name, hint in _type_hints().items()
        if typing.get_origin(hint) is typing.Literal
    ]  # fmt: skip
    assert {"length", "kuikae", "multiple_ron", "pao_scope"} <= set(choice_fields)
    for name in choice_fields:
        for bad in (np.array([1, 2]), np.array(["hanchan"]), ["hanchan"], 1, None, b"x"):
            with pytest.raises(riichi.RiichiError, match=f"Rules.{name}"):
                riichi.Rules(**{name: bad})


def test_kuikae_accepts_clear_names_for_the_old_values():
    assert Rules(kuikae="same_tile_and_suji") == Rules(kuikae="forbidden") == Rules()
    assert Rules(kuikae="none").kuikae == "allowed"
    assert Rules(kuikae="same_tile").kuikae == "same_tile"
    assert Rules.from_dict({"kuikae": "none"}) == Rules(kuikae="allowed")
