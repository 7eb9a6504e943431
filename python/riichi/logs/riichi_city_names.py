"""Riichi City yaku: the ``fang_type`` ids of its game logs mapped onto riichi's yaku names.

A Riichi City game log lists each win's yaku as ``win_info[].fang_info[]`` objects
``{"fang_type": id, "fang_num": han}``. The ids are the game client's yaku table, 0..55 in
the order riichi (0), menzen tsumo, ippatsu, rinshan kaihou, haitei, houtei, chankan, the
three dragons (chun, hatsu, haku), the round wind, the seat wind, iipeikou, pinfu, tanyao,
double riichi, toitoi, chiitoitsu, sanankou, sankantsu, honroutou, chanta, ittsu, sanshoku
doujun, shousangen, sanshoku doukou, junchan, honitsu, ryanpeikou, chinitsu (29), nagashi
mangan, the yakuman (31..48: tenhou, chiihou, renhou, kokushi and its 13-sided wait,
chuuren and junsei chuuren, suuankou and its single wait, suukantsu, chinroutou, tsuuiisou,
daisuushii, shousuushii, daisangen, ryuuiisou, ryuuiisou without hatsu, paarenchan), akadora
(49), dora (50), uradora (51), open riichi, open double riichi, an open riichi dealt into,
and the sanma North dora (55).

Sources: the table of yaku names by id in Badtaro/RiichiCityTournamentBot
(``scripts/yakus.js``, English and Japanese names) and Longhorn-Riichi/InjusticeJudge's
Riichi City reader (ids 0-2, 7-14, 16, 17, 23, 27, 49-51), checked against the eleven
three-player games of ``../shared/data/more/RiichiCityTournamentBot``: every win there, 105 of them,
scores the same yaku and han under riichi's scorer (ids 0-3, 5, 7-18, 20, 22, 27, 29, 49-51
and 55 occur).

riichi names yaku in romaji (:data:`riichi.events.TENHOU_YAKU`): the wind yakuhai carry the
wind (``bakaze_nan``, ``jikaze_shaa``), so ids 10 and 11 are resolved with the round and
seat wind of the hand (:func:`riichi_city_yaku`); the North dora (55) is counted in
``dora``, as riichi's scorer and Tenhou's sanma logs count it.
"""

from __future__ import annotations

from riichi.errors import RiichiError

__all__ = ["RIICHI_CITY_YAKU", "RIICHI_CITY_YAKU_EN", "riichi_city_yaku"]

#: Riichi City ``fang_type`` -> riichi yaku name. 10 (round wind) and 11 (seat wind) are the
#: generic ``"bakaze"`` / ``"jikaze"`` (resolve them with :func:`riichi_city_yaku`); 55 (the
#: North dora) is ``"dora"``. Ids riichi has no yaku for are absent: 30 nagashi mangan (a
#: draw in riichi, not a win), 47 ryuuiisou without hatsu (riichi's ``ryuuiisou`` with
#: ``Rules.ryuuiisou_hatsu`` False covers it as a single yakuman, not as its own id), 53 an
#: open double riichi and 54 an open riichi dealt into (open riichi's payment variants).
RIICHI_CITY_YAKU: dict[int, str] = {
    0: "riichi", 1: "menzen_tsumo", 2: "ippatsu", 3: "rinshan_kaihou", 4: "haitei_raoyue",
    5: "houtei_raoyui", 6: "chankan", 7: "chun", 8: "hatsu", 9: "haku", 10: "bakaze",
    11: "jikaze", 12: "iipeikou", 13: "pinfu", 14: "tanyao", 15: "double_riichi",
    16: "toitoi", 17: "chiitoitsu", 18: "sanankou", 19: "sankantsu", 20: "honroutou",
    21: "chanta", 22: "ittsu", 23: "sanshoku_doujun", 24: "shousangen",
    25: "sanshoku_doukou", 26: "junchan", 27: "honitsu", 28: "ryanpeikou", 29: "chinitsu",
    31: "tenhou", 32: "chiihou", 33: "renhou", 34: "kokushi_musou",
    35: "kokushi_musou_juusanmen", 36: "chuuren_poutou", 37: "junsei_chuuren_poutou",
    38: "suuankou", 39: "suuankou_tanki", 40: "suukantsu", 41: "chinroutou",
    42: "tsuuiisou", 43: "daisuushii", 44: "shousuushii", 45: "daisangen", 46: "ryuuiisou",
    48: "paarenchan", 49: "akadora", 50: "dora", 51: "uradora", 52: "open_riichi",
    55: "dora",
}  # fmt: skip

#: Riichi City's English yaku names by id (the client's, as the tournament bot lists them).
RIICHI_CITY_YAKU_EN: dict[int, str] = {
    0: "Riichi", 1: "Tsumo", 2: "Ippatsu", 3: "After a Kan", 4: "Under the Sea",
    5: "Under the River", 6: "Robbing a Kan", 7: "Red Dragon", 8: "Green Dragon",
    9: "White Dragon", 10: "Prevalent Wind", 11: "Seat Wind", 12: "Pure Double Sequence",
    13: "Pinfu", 14: "All Simples", 15: "Double Riichi", 16: "All Triplets",
    17: "Seven Pairs", 18: "Three Concealed Triplets", 19: "Three Quads",
    20: "All Terminals and Honors", 21: "Half Outside Hand", 22: "Pure Straight",
    23: "Mixed Triple Sequence", 24: "Little Three Dragons", 25: "Triple Triplets",
    26: "Fully Outside Hand", 27: "Half Flush", 28: "Twice Pure Double Sequence",
    29: "Full Flush", 30: "Mangan at Draw", 31: "Blessing of Heaven", 32: "Blessing of Earth",
    33: "Blessing of Man", 34: "Thirteen Orphans", 35: "Thirteen-Wait Thirteen Orphans",
    36: "Nine Gates", 37: "True Nine Gates", 38: "Four Concealed Triplets",
    39: "Four Concealed Triplets Single-Wait", 40: "Four Quads", 41: "All Terminals",
    42: "All Honors", 43: "Big Four Winds", 44: "Small Four Winds", 45: "Big Three Dragons",
    46: "All Green", 47: "Pure All Green", 48: "Eight Consecutive Dealerships",
    49: "Red Dora", 50: "Dora", 51: "Ura Dora", 52: "Open Riichi", 53: "Open Double Riichi",
    54: "Open Riichi Deal-in", 55: "Nuki Dora",
}  # fmt: skip

_WINDS = ("ton", "nan", "shaa", "pei")


def _wind(value: int, what: str) -> str:
    if type(value) is not int or not 0 <= value <= 3:
        raise RiichiError(f"{what} {value!r} is not a wind 0..3 (0 = East)")
    return _WINDS[value]


def riichi_city_yaku(fang_type: int, *, seat_wind: int, round_wind: int) -> str | None:
    """The riichi yaku name of a Riichi City ``fang_type`` in one hand.

    Args:
        fang_type: Riichi City's yaku id (``win_info[].fang_info[].fang_type``).
        seat_wind: the winner's seat wind, 0..3 (0 = East).
        round_wind: the round wind, 0..3 (0 = East).

    Returns:
        The name in :data:`riichi.events.TENHOU_YAKU` or riichi's local yaku (``10`` ->
        ``"bakaze_<round wind>"``, ``11`` -> ``"jikaze_<seat wind>"``, ``55`` North dora ->
        ``"dora"``), or ``None`` for an id riichi has no yaku for (see
        :data:`RIICHI_CITY_YAKU`).

    Raises:
        RiichiError: a wind outside 0..3.
    """
    name = RIICHI_CITY_YAKU.get(fang_type) if type(fang_type) is int else None
    if name == "jikaze":
        return "jikaze_" + _wind(seat_wind, "seat_wind")
    if name == "bakaze":
        return "bakaze_" + _wind(round_wind, "round_wind")
    return name
