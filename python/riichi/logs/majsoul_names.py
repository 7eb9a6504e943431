"""Mahjong Soul (雀魂) yaku: fan ids and display names mapped onto riichi's yaku names.

Mahjong Soul names its yaku ("fans") by id in its raw records (``RecordHule.hules[].fans[].id``)
and by its own display names in the logs converted from them (tensoul and mjai-reviewer write
tenhou.net/6 with Mahjong Soul's Japanese names, or with its English names). Most Japanese
names are Tenhou's; the ones that are not are the wind yakuhai without the wind
(``役牌:場風牌`` round wind, ``役牌:自風牌`` seat wind), ``ダブル立直``, ``国士無双十三面待ち``
and the sanma North dora ``抜きドラ`` (English ``Kita``).

riichi names yaku in romaji (:data:`riichi.events.TENHOU_YAKU`): the wind yakuhai carry the
wind (``bakaze_nan``, ``jikaze_shaa``), so a Mahjong Soul wind yaku is resolved with the round
and seat wind of the hand; the North dora is counted in ``dora``, as riichi's scorer and
Tenhou's sanma logs count it (one han per North set aside, more when North is a dora).

Sources: Mahjong Soul's fan table (its client configuration ``fan.fan``, as tensoul and other
converters reproduce it) and the names in real converted logs (``../shared/data/more``).
"""

from __future__ import annotations

from riichi.errors import RiichiError

__all__ = [
    "MAJSOUL_FANS",
    "MAJSOUL_FAN_NAMES_EN",
    "MAJSOUL_FAN_NAMES_JA",
    "MAJSOUL_NAME_TO_YAKU",
    "majsoul_fan",
    "majsoul_yaku_name",
]

#: Mahjong Soul fan id -> riichi yaku name. 10 (seat wind) and 11 (round wind) are the generic
#: ``"jikaze"`` / ``"bakaze"`` (resolve them with :func:`majsoul_fan`); 34 (North dora) is
#: ``"dora"``. Ids not listed (the old yaku of ``guyi_mode`` rooms, event modes) have no riichi
#: name.
MAJSOUL_FANS: dict[int, str] = {
    1: "menzen_tsumo", 2: "riichi", 3: "chankan", 4: "rinshan_kaihou", 5: "haitei_raoyue",
    6: "houtei_raoyui", 7: "haku", 8: "hatsu", 9: "chun", 10: "jikaze", 11: "bakaze",
    12: "tanyao", 13: "iipeikou", 14: "pinfu", 15: "chanta", 16: "ittsu",
    17: "sanshoku_doujun", 18: "double_riichi", 19: "sanshoku_doukou", 20: "sankantsu",
    21: "toitoi", 22: "sanankou", 23: "shousangen", 24: "honroutou", 25: "chiitoitsu",
    26: "junchan", 27: "honitsu", 28: "ryanpeikou", 29: "chinitsu", 30: "ippatsu", 31: "dora",
    32: "akadora", 33: "uradora", 34: "dora", 35: "tenhou", 36: "chiihou", 37: "daisangen",
    38: "suuankou", 39: "tsuuiisou", 40: "ryuuiisou", 41: "chinroutou", 42: "kokushi_musou",
    43: "shousuushii", 44: "suukantsu", 45: "chuuren_poutou", 47: "junsei_chuuren_poutou",
    48: "suuankou_tanki", 49: "kokushi_musou_juusanmen", 50: "daisuushii",
}  # fmt: skip

#: Mahjong Soul's Japanese display names by fan id (what tensoul writes in tenhou.net/6).
MAJSOUL_FAN_NAMES_JA: dict[int, str] = {
    1: "門前清自摸和", 2: "立直", 3: "槍槓", 4: "嶺上開花", 5: "海底摸月", 6: "河底撈魚",
    7: "役牌 白", 8: "役牌 發", 9: "役牌 中", 10: "役牌:自風牌", 11: "役牌:場風牌",
    12: "断幺九", 13: "一盃口", 14: "平和", 15: "混全帯幺九", 16: "一気通貫", 17: "三色同順",
    18: "ダブル立直", 19: "三色同刻", 20: "三槓子", 21: "対々和", 22: "三暗刻", 23: "小三元",
    24: "混老頭", 25: "七対子", 26: "純全帯幺九", 27: "混一色", 28: "二盃口", 29: "清一色",
    30: "一発", 31: "ドラ", 32: "赤ドラ", 33: "裏ドラ", 34: "抜きドラ", 35: "天和", 36: "地和",
    37: "大三元", 38: "四暗刻", 39: "字一色", 40: "緑一色", 41: "清老頭", 42: "国士無双",
    43: "小四喜", 44: "四槓子", 45: "九蓮宝燈", 47: "純正九蓮宝燈", 48: "四暗刻単騎",
    49: "国士無双十三面待ち", 50: "大四喜",
}  # fmt: skip

#: Mahjong Soul's English display names by fan id (tensoul's English output).
MAJSOUL_FAN_NAMES_EN: dict[int, str] = {
    1: "Fully Concealed Hand", 2: "Riichi", 3: "Robbing a Kan", 4: "After a Kan",
    5: "Under the Sea", 6: "Under the River", 7: "White Dragon", 8: "Green Dragon",
    9: "Red Dragon", 10: "Seat Wind", 11: "Prevalent Wind", 12: "All Simples",
    13: "Pure Double Sequence", 14: "Pinfu", 15: "Half Outside Hand", 16: "Pure Straight",
    17: "Mixed Triple Sequence", 18: "Double Riichi", 19: "Triple Triplets", 20: "Three Quads",
    21: "All Triplets", 22: "Three Concealed Triplets", 23: "Little Three Dragons",
    24: "All Terminals and Honors", 25: "Seven Pairs", 26: "Fully Outside Hand",
    27: "Half Flush", 28: "Twice Pure Double Sequence", 29: "Full Flush", 30: "Ippatsu",
    31: "Dora", 32: "Red Five", 33: "Ura Dora", 34: "Kita", 35: "Blessing of Heaven",
    36: "Blessing of Earth", 37: "Big Three Dragons", 38: "Four Concealed Triplets",
    39: "All Honors", 40: "All Green", 41: "All Terminals", 42: "Thirteen Orphans",
    43: "Four Little Winds", 44: "Four Quads", 45: "Nine Gates", 47: "True Nine Gates",
    48: "Single-wait Four Concealed Triplets", 49: "Thirteen-wait Thirteen Orphans",
    50: "Four Big Winds",
}  # fmt: skip

_WINDS = ("ton", "nan", "shaa", "pei")
_BY_NAME: dict[str, int] = {
    **{v: k for k, v in MAJSOUL_FAN_NAMES_JA.items()},
    **{v: k for k, v in MAJSOUL_FAN_NAMES_EN.items()},
    "役牌:白": 7, "役牌:發": 8, "役牌:中": 9,  # the client's spelling with a colon
    # other spellings converters write: short wind names, 么 for 幺, 発 for 發, older English
    "自風牌": 10, "場風牌": 11, "Round Wind": 11, "北ドラ": 34, "搶槓": 3, "断么九": 12,
    "混全帯么九": 15, "純全帯么九": 26, "役牌 発": 8, "国士無双十三面": 49,
    "Big Four Winds": 50, "Little Four Winds": 43, "Three Little Dragons": 23,
}  # fmt: skip

#: Every Mahjong Soul display name (Japanese, English and the variants converters write) ->
#: riichi's name with the wind yakuhai still generic (``"jikaze"``, ``"bakaze"``; resolve
#: them with the hand's winds) and the North dora as ``"dora"``.
MAJSOUL_NAME_TO_YAKU: dict[str, str] = {n: MAJSOUL_FANS[i] for n, i in _BY_NAME.items()}


def _wind(value: int, what: str) -> str:
    if type(value) is not int or not 0 <= value <= 3:
        raise RiichiError(f"{what} {value!r} is not a wind 0..3 (0 = East)")
    return _WINDS[value]


def majsoul_fan(fan_id: int, *, seat_wind: int, round_wind: int) -> str | None:
    """The riichi yaku name of a Mahjong Soul fan id in one hand.

    Args:
        fan_id: Mahjong Soul's fan id (``RecordHule.hules[].fans[].id``).
        seat_wind: the winner's seat wind, 0..3 (0 = East).
        round_wind: the round wind, 0..3 (0 = East).

    Returns:
        The name in :data:`riichi.events.TENHOU_YAKU` (``10`` -> ``"jikaze_<seat wind>"``,
        ``11`` -> ``"bakaze_<round wind>"``, ``34`` North dora -> ``"dora"``), or ``None`` for
        an id riichi has no yaku for.

    Raises:
        RiichiError: a wind outside 0..3.
    """
    name = MAJSOUL_FANS.get(fan_id) if type(fan_id) is int else None
    if name == "jikaze":
        return "jikaze_" + _wind(seat_wind, "seat_wind")
    if name == "bakaze":
        return "bakaze_" + _wind(round_wind, "round_wind")
    return name


def majsoul_yaku_name(name: str, *, seat_wind: int, round_wind: int) -> str | None:
    """The riichi yaku name of a Mahjong Soul display name (Japanese or English).

    Args:
        name: the name without its han, e.g. ``"役牌:場風牌"``, ``"抜きドラ"``, ``"Kita"``,
            ``"Half Flush"``.
        seat_wind: the winner's seat wind, 0..3 (0 = East).
        round_wind: the round wind, 0..3 (0 = East).

    Returns:
        As :func:`majsoul_fan` (``"役牌:自風牌"`` -> ``"jikaze_<seat wind>"``, ``"抜きドラ"`` ->
        ``"dora"``, to be added to the other dora), or ``None`` when the name is not one of
        Mahjong Soul's.

    Raises:
        RiichiError: a wind outside 0..3.
    """
    fid = _BY_NAME.get(name.strip()) if isinstance(name, str) else None
    return None if fid is None else majsoul_fan(fid, seat_wind=seat_wind, round_wind=round_wind)
