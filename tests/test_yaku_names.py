"""One yaku vocabulary: ``riichi.score``, the event model, the log readers' and writers' tables
and the round's settlement all use the names of the core's yaku table."""

from __future__ import annotations

import pytest

import riichi
from riichi.events import TENHOU_YAKU, YAKU_NAMES

# (hand, winning tile, score keywords, a yaku name the result must hold)
NAMED = [
    ("123m456p789s55p222z", "5p", {"seat_wind": "S"}, "jikaze_nan"),
    ("123m456p789s55p333z", "5p", {"seat_wind": "W"}, "jikaze_shaa"),
    ("123m456p789s55p444z", "5p", {"seat_wind": "N"}, "jikaze_pei"),
    ("123m456p789s55p111z", "5p", {"seat_wind": "E"}, "jikaze_ton"),
    ("123m456p789s55p111z", "5p", {"seat_wind": "S"}, "bakaze_ton"),
    ("123m456p789s55p222z", "5p", {"round_wind": "S"}, "bakaze_nan"),
    ("123m456p789s55p333z", "5p", {"round_wind": "W"}, "bakaze_shaa"),
    ("123m456p789s55p444z", "5p", {"round_wind": "N"}, "bakaze_pei"),
    ("123m456p789s234s55p", "2s", {"tsumo": True, "haitei": True}, "haitei_raoyue"),
    ("123m456p789s234s55p", "2s", {"houtei": True}, "houtei_raoyui"),
    ("19m19p19s1234567z1z", "1z", {}, "kokushi_musou_juusanmen"),
    ("11m pon:111z pon:222z pon:333z pon:444z", "1m", {}, "daisuushii"),
    ("111z222z333z44z123m", "1m", {}, "shousuushii"),
]


@pytest.mark.parametrize("hand,win,kw,name", NAMED)
def test_score_names_are_the_event_names(hand: str, win: str, kw: dict, name: str) -> None:
    r = riichi.score(hand, win, **kw)
    names = [n for n, _ in r.yaku] + [n for n, _ in r.yakuman]
    assert name in names
    # the Tenhou id of the name is the id Tenhou logs carry for it
    assert name in TENHOU_YAKU
    assert set(names) <= set(YAKU_NAMES.values())


def test_one_table() -> None:
    # the event model takes its names from the core: the same mapping, not a copy of it
    assert YAKU_NAMES == riichi.scoring.YAKU_IDS
    assert TENHOU_YAKU == tuple(YAKU_NAMES[i] for i in range(55))
    assert len(set(YAKU_NAMES.values())) == len(YAKU_NAMES)
    assert TENHOU_YAKU[10:18] == (
        "jikaze_ton", "jikaze_nan", "jikaze_shaa", "jikaze_pei",
        "bakaze_ton", "bakaze_nan", "bakaze_shaa", "bakaze_pei",
    )  # fmt: skip


def test_readers_and_writers_map_onto_the_table() -> None:
    from riichi.logs import kobalab, majsoul_names, mjlog_writer, tenhou6

    known = set(YAKU_NAMES.values())
    # "jikaze" / "bakaze": Mahjong Soul's windless yakuhai, given their wind per hand by the
    # readers (as majsoul_fan does below)
    windless = {"jikaze", "bakaze"}
    assert set(tenhou6._JA_TO_NAME.values()) <= known | windless
    assert set(kobalab._YAKU.values()) <= known | windless
    # 10 and 11 are Mahjong Soul's windless yakuhai, resolved per hand by majsoul_fan
    fans = {i: n for i, n in majsoul_names.MAJSOUL_FANS.items() if i not in (10, 11)}
    assert set(fans.values()) <= known
    assert majsoul_names.majsoul_fan(10, seat_wind=2, round_wind=0) == "jikaze_shaa"
    assert majsoul_names.majsoul_fan(11, seat_wind=2, round_wind=1) == "bakaze_nan"
    # the mjlog writer finds a Tenhou id for every Tenhou yaku name
    assert {n for n, i in mjlog_writer._YAKU_ID.items() if i < 55} == set(TENHOU_YAKU)


def test_old_double_yakuman_spellings_read_as_the_names() -> None:
    old = riichi.Rules(double_yakuman_special_waits=("daisuushi", "kokushi_musou_13_sided"))
    assert old.double_yakuman_special_waits == ("daisuushii", "kokushi_musou_juusanmen")
    assert old == riichi.Rules.from_dict(old.to_dict())
    r = riichi.score("11m pon:111z pon:222z pon:333z pon:444z", "1m", rules=old)
    assert r.yakuman == [("daisuushii", 2)]
