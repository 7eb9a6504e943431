"""tenhou.net/6 JSON: reader and writer.

A document is ``{"title", "name", "rule": {"disp", "aka"}, "log": [round, ...], "sc"}``;
mjlog2json writes ``{"ver", "ref", "log"}`` without names, and mjx writes JSON lines with one
single-round document per line (all read as one game). A round is
``[[kyoku index, honba, kyotaku], scores, dora markers, uradora markers,
haipai0, takes0, discards0, ..., haipai3, takes3, discards3, result]``.

Tiles are numbers: 11..19 man, 21..29 pin, 31..39 sou, 41..47 E S W N haku hatsu chun, 51/52/53
the red fives. In the discard lists 60 is a tsumogiri and 0 the placeholder after a daiminkan.
Calls are strings whose letter sits before the called tile, at a position that tells the
source: chi ``"c" + called + own two``; pon ``"p"`` at character 0 (from the left player),
2 (across) or 4 (from the right); daiminkan ``"m"`` at 0, 2 or 6 (in the takes list);
kakan ``"k" + added`` replaces the pon's ``"p"``; ankan ``"a"`` at 6; ``"r"`` + tile is a
riichi discard (``"r60"`` tsumogiri); ``"f44"`` a sanma nukidora. Positions count four seats in
sanma too (the empty fourth seat is never a source).

The format does not record when events interleave; the reader rebuilds the order the way Tenhou
logs it (an ankan's dora at once; an open kan's dora after its replacement draw, before the
next discard or after the next kan / nukidora; the riichi stick after the riichi discard
passes, before any call of it). Yaku are written with Tenhou's Japanese names (``役牌 白(1飜)``,
``大三元(役満)``: every yakuman as ``(役満)``, its multiple in the points, see
``_yakuman_han``); the generic names some mjai logs write (``sangenpai``, ``bakaze``,
``jikaze``) are named by the winner's tiles and winds as Tenhou would, and the local yaku
Tenhou does not play by their usual Japanese names (:data:`LOCAL_YAKU_JA`), so the reader
reads back what the writer writes. What the format cannot hold is listed in
:func:`tenhou6_view`; the reader also rebuilds hands to fill ``Hora.hand``/``melds`` and the
hands shown at a draw.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import replace
from typing import Any

from riichi.errors import InvalidTile, LogFormatError
from riichi.events import (
    TENHOU_YAKU,
    Ankan,
    CalledMeld,
    Chi,
    Dahai,
    Daiminkan,
    Disconnect,
    Dora,
    EndGame,
    EndKyoku,
    Event,
    GameLog,
    Hora,
    Kakan,
    Nukidora,
    Pon,
    Reach,
    ReachAccepted,
    Reconnect,
    Ryukyoku,
    StartGame,
    StartKyoku,
    Tile,
    Tsumo,
    _bad_field,
)
from riichi.logs._common import (
    MAX_COUNTER,
    MAX_POINTS,
    ReadLimits,
    check_events,
    int_in,
    limits_of,
    load_json,
    log_error,
    reader_input,
)
from riichi.logs._common import BadRecord as _Bad
from riichi.logs._rules_key import RULES_KEY, game_events, read_rules_value, rules_for, rules_value
from riichi.logs.majsoul_names import MAJSOUL_NAME_TO_YAKU
from riichi.logs.tenhou_lobby import lobby_rules, parse_type_code
from riichi.rules import Length, Rules

__all__ = ["read_tenhou6", "tenhou6_view", "to_tenhou6"]

#: Tenhou's display names of the yaku, by Tenhou yaku id (as in tenhou.net/6 results).
TENHOU_YAKU_JA: tuple[str, ...] = (
    "門前清自摸和", "立直", "一発", "槍槓", "嶺上開花", "海底摸月", "河底撈魚", "平和",
    "断幺九", "一盃口", "自風 東", "自風 南", "自風 西", "自風 北", "場風 東", "場風 南",
    "場風 西", "場風 北", "役牌 白", "役牌 發", "役牌 中", "両立直", "七対子", "混全帯幺九",
    "一気通貫", "三色同順", "三色同刻", "三槓子", "対々和", "三暗刻", "小三元", "混老頭",
    "二盃口", "純全帯幺九", "混一色", "清一色", "人和", "天和", "地和", "大三元", "四暗刻",
    "四暗刻単騎", "字一色", "緑一色", "清老頭", "九蓮宝燈", "純正九蓮宝燈", "国士無双",
    "国士無双１３面", "大四喜", "小四喜", "四槓子", "ドラ", "裏ドラ", "赤ドラ",
)  # fmt: skip
_JA_TO_NAME = dict(zip(TENHOU_YAKU_JA, TENHOU_YAKU))
_JA_TO_NAME.update({"役牌 發": "hatsu", "国士無双13面": "kokushi_musou_juusanmen"})
#: English names that converters from Mahjong Soul write instead (tenhou.net/6 "Gold Room").
_EN_TO_NAME = {
    "Fully Concealed Hand": "menzen_tsumo", "Riichi": "riichi", "Ippatsu": "ippatsu",
    "Robbing a Kan": "chankan", "After a Kan": "rinshan_kaihou",
    "Under the Sea": "haitei_raoyue", "Under the River": "houtei_raoyui", "Pinfu": "pinfu",
    "All Simples": "tanyao", "Pure Double Sequence": "iipeikou", "White Dragon": "haku",
    "Green Dragon": "hatsu", "Red Dragon": "chun", "Double Riichi": "double_riichi",
    "Seven Pairs": "chiitoitsu", "Half Outside Hand": "chanta", "Pure Straight": "ittsu",
    "Mixed Triple Sequence": "sanshoku_doujun", "Triple Triplets": "sanshoku_doukou",
    "Three Quads": "sankantsu", "All Triplets": "toitoi",
    "Three Concealed Triplets": "sanankou", "Little Three Dragons": "shousangen",
    "All Terminals and Honors": "honroutou", "Twice Pure Double Sequence": "ryanpeikou",
    "Fully Outside Hand": "junchan", "Half Flush": "honitsu", "Full Flush": "chinitsu",
    "Dora": "dora", "Ura Dora": "uradora", "Red Five": "akadora",
}  # fmt: skip
_JA_TO_NAME.update(_EN_TO_NAME)
#: Names that converters from Mahjong Soul write (tensoul and its forks take Mahjong Soul's own
#: ``name_jp`` / ``name_en``): :data:`riichi.logs.majsoul_names.MAJSOUL_NAME_TO_YAKU`, the one
#: table of them. The seat and round wind names carry no wind: the reader adds it
#: (``"jikaze"`` -> ``"jikaze_ton"`` ...). A kita (抜きドラ) is dora in riichi's model (Tenhou
#: counts it in ドラ), so it adds to ``dora``. Renhou is no Mahjong Soul yaku, but tensoul's
#: English names it.
MAJSOUL_YAKU_NAMES: dict[str, str] = {**MAJSOUL_NAME_TO_YAKU, "Blessing of Man": "renhou"}
_JA_TO_NAME.update(MAJSOUL_YAKU_NAMES)
#: The local yaku (riichi's ids 60..71, off under Tenhou's rules, so no Tenhou log names
#: them) by their usual Japanese names (Japanese Wikipedia "麻雀の役一覧" ローカル役,
#: ma-jann.com "ローカル役"), written and read like Tenhou's own names.
LOCAL_YAKU_JA: dict[str, str] = {
    "daisharin": "大車輪", "suurenkou": "四連刻", "hyakuman_goku": "百万石",
    "beni_kujaku": "紅孔雀", "shiisan_puutaa": "十三不塔", "paarenchan": "八連荘",
    "daichisei": "大七星", "daisuurin": "大数隣", "daichikurin": "大竹林",
    "iishoku_yonjun": "一色四順", "sanrenkou": "三連刻", "uumensai": "五門斉",
}  # fmt: skip
_JA_TO_NAME.update({ja: name for name, ja in LOCAL_YAKU_JA.items()})
_NAME_TO_JA = dict(zip(TENHOU_YAKU, TENHOU_YAKU_JA)) | LOCAL_YAKU_JA
#: Yaku written with "(役満)" at 13 han, as Tenhou writes its yakuman (ids 37..51): those,
#: the local yakuman (ids 60..69) and renhou, a yakuman when 13 han (``Rules.renhou``).
_YAKUMAN_NAMES = frozenset(TENHOU_YAKU[37:52]) | frozenset(list(LOCAL_YAKU_JA)[:10]) | {"renhou"}


def _yakuman_han(name: str, rules: Rules | None) -> int:
    """What a yakuman written ``name(役満)`` is worth in han (13 per yakuman) under ``rules``.

    tenhou.net/6 writes every yakuman of a hand as ``(役満)`` and the hand's points text as
    ``役満`` + points, whatever the multiple: Tenhou, which has no double yakuman, writes two
    yakuman as ``"役満64000点", "小四喜(役満)", "字一色(役満)"`` (the corpus's
    ``2014092416gm-00a9-0000-3263f602``) and a kazoe yakuman as ``"役満8000-16000点"``
    with the han of each yaku; tensoul and its Python port, which convert Mahjong Soul
    records, write a double yakuman form (Mahjong Soul's 四暗刻単騎, worth two) as
    ``"四暗刻単騎(役満)"`` too and carry the multiple in the points alone. So ``(役満)``
    reads as 26 han for the forms ``rules`` count double
    (:attr:`riichi.Rules.double_yakuman_special_waits`) and for daichisei (a double
    yakuman wherever riichi scores it, :attr:`riichi.Rules.daichisei`), 13 otherwise
    (``rules`` None: the log's rules are unknown). The writer writes ``(役満)`` only where
    this gives the hand's value back, ``(ダブル役満)`` (ending in ``役満)`` as the
    tenhou.net/6 viewer needs) for another double, so a written log reads back unchanged.
    """
    if name == "daichisei":
        return 26
    if rules is not None and name in rules.double_yakuman_special_waits:
        return 26
    return 13
_LIMITS = ("", "満貫", "跳満", "倍満", "三倍満", "役満")
#: Limit names: Tenhou's, and the romaji / English ones tensoul writes (its NAMEPREF 1 / 2),
#: kiriage mangan included ("切り上げ満貫"), -> limit code 1..5.
_LIMIT_OF = {name: i for i, name in enumerate(_LIMITS) if name} | {
    "数え役満": 5, "切り上げ満貫": 1, "Mangan": 1, "Haneman": 2, "Baiman": 3, "Sanbaiman": 4,
    "Yakuman": 5, "Kazoe Yakuman": 5, "Counted Yakuman": 5, "Kiriage Mangan": 1,
    "Rounded Mangan": 1,
}  # fmt: skip
_DRAW_NAMES = {
    "流局": "exhaustive",
    "全員聴牌": "exhaustive",
    "全員不聴": "exhaustive",
    "流し満貫": "nagashi_mangan",
    "九種九牌": "kyuushu_kyuuhai",
    "四風連打": "suufon_renda",
    "四家立直": "suucha_riichi",
    "四槓散了": "suukaikan",
    "三家和了": "sanchahou",
}
_DRAW_TEXT = {v: k for k, v in _DRAW_NAMES.items() if k not in ("全員聴牌", "全員不聴")}
# the same draws as other writers spell them (tensoul romaji / English, Mahjong Soul's 四開槓 /
# 三家和); read only, never written
_DRAW_NAMES.update({
    "Ryuukyoku": "exhaustive", "Exhaustive Draw": "exhaustive",
    "Nagashi Mangan": "nagashi_mangan", "Mangan at Draw": "nagashi_mangan",
    "Kyuushu Kyuuhai": "kyuushu_kyuuhai", "Nine Terminal Abortion": "kyuushu_kyuuhai",
    "Suufon Renda": "suufon_renda", "Four Wind Abortion": "suufon_renda",
    "Suucha Riichi": "suucha_riichi", "Four Riichi Abortion": "suucha_riichi",
    "四開槓": "suukaikan", "Suukaikan": "suukaikan", "Four Kan Abortion": "suukaikan",
    "三家和": "sanchahou", "Sanchahou": "sanchahou", "Three Ron Abortion": "sanchahou",
})  # fmt: skip
_WIN_NAMES = ("和了", "Agari")
_LIMIT_RE = "|".join(sorted((re.escape(k) for k in _LIMIT_OF), key=len, reverse=True))
#: "30符4飜7700点", "満貫2000-4000点", "Mangan 2000-4000点", "30Fu4Han7700点" (tensoul
#: English), a limit with its fu/han in front (tensoul SHOWFU), "∀" for a dealer tsumo.
_POINTS_RE = re.compile(
    rf"^(?:(\d+)(?:符|Fu)(\d+)(?:飜|Han))?\s*({_LIMIT_RE})?\s*(\d+)(?:-(\d+))?(?:点|Points)(∀)?$"
)
_YAKU_RE = re.compile(
    r"^(.+)\((\d+)(?:飜|Han)\)$|^(.+)\((役満|ダブル役満|Yakuman|Double Yakuman)\)$"
)
_LEVELS = "般上特鳳"


# --------------------------------------------------------------------------- tile codes


def _code(t: Tile) -> int:
    if t.red:
        return 51 + t.kind // 9
    if t.kind >= 27:
        return 41 + t.kind - 27
    return (t.kind // 9 + 1) * 10 + t.kind % 9 + 1


_FROM_CODE: dict[int, Tile] = {}
for _k in range(34):
    _FROM_CODE[_code(Tile.of(_k))] = Tile.of(_k)
for _k in (4, 13, 22):
    _FROM_CODE[_code(Tile.of(_k, True))] = Tile.of(_k, True)


def _tile(v: Any) -> Tile:
    t = _FROM_CODE.get(v) if type(v) is int else None
    if t is None:
        raise _Bad(f"{v!r} is not a tile code (11-19, 21-29, 31-39, 41-47, 51-53)")
    return t


def _parse_call(text: str) -> tuple[str, int, list[Tile], int]:
    """(letter, letter position, tiles in string order with the called/added first, ...)."""
    m = re.fullmatch(r"(\d*)([cpmkaf])(\d+)", text)
    if m is None or len(text) % 2 == 0:
        raise _Bad(f"{text!r} is not a tenhou.net/6 call string")
    pre, letter, post = m.groups()
    if len(pre) % 2 or len(post) % 2:
        raise _Bad(f"{text!r} is not a tenhou.net/6 call string")
    pos = len(pre)
    codes = [int(pre[i : i + 2]) for i in range(0, len(pre), 2)]
    codes += [int(post[i : i + 2]) for i in range(0, len(post), 2)]
    tiles = [_tile(c) for c in codes]
    called = pos // 2
    return letter, pos, tiles, called


# letter position -> source seat relative to the caller (3 left, 2 across, 1 right)
_REL_OF_POS = {
    "c": {0: 3},
    "p": {0: 3, 2: 2, 4: 1},
    "k": {0: 3, 2: 2, 4: 1},
    "m": {0: 3, 2: 2, 6: 1},
}
_POS_OF_REL = {"p": {3: 0, 2: 1, 1: 2}, "m": {3: 0, 2: 1, 1: 3}}


# --------------------------------------------------------------------------- reader


def read_tenhou6(
    data: bytes | str, source: str | None = None, *, limits: ReadLimits | None = None
) -> GameLog:
    """Read one tenhou.net/6 game (one document, or JSON lines of single-round documents).

    Returns:
        The game; EndGame only when the document has the final ``sc``.

    Raises:
        LogFormatError: not JSON, no ``log``, or a round that cannot be read (naming the
            round index, seat and list position, and the reason); data past a bound of
            ``limits`` (:class:`riichi.logs.ReadLimits`, None: the defaults); a number out of
            range (naming the field).
        RiichiError: ``data`` not bytes or text, or ``source`` not a str or None (before
            anything is read).
    """
    data = reader_input("read_tenhou6", data, source)
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError as e:
            raise log_error(source, f"byte {e.start}", "not UTF-8 text") from None
    lim = limits_of(limits)
    docs: list[Any] = []
    try:
        docs = [load_json(data, source, "document", lim)]
    except LogFormatError as whole:
        lines = [ln for ln in data.splitlines() if ln.strip()]
        if len(lines) < 2:
            raise
        try:
            first = load_json(lines[0], source, "line 1", lim)
        except LogFormatError:
            raise whole from None  # not one document a line either: the document's fault
        rest = [load_json(ln, source, f"line {i}", lim) for i, ln in enumerate(lines[1:], 2)]
        docs = [first, *rest]
    for i, d in enumerate(docs):
        if not isinstance(d, dict) or not isinstance(d.get("log"), list):
            where = "document" if len(docs) == 1 else f"line {i + 1}"
            raise log_error(source, where, 'not a tenhou.net/6 document (no "log" list)')
    head = docs[0]
    rounds = [r for d in docs for r in d["log"]]
    if not rounds:
        raise log_error(source, "log", "the document holds no round (an empty \"log\" list)")
    players = _players(head, rounds)
    start, rules, unsupported, notes = _header(head, rounds, players, docs[-1].get("sc"))
    events: list[Event] = [start]
    if not start.red_fives and (isinstance(head.get("rule"), list) or rules is None):
        # Tenhou without red fives: mjlog2json still writes tile id 16/52/88 (copy 0 of a
        # five) as 51/52/53; under these rules they are plain fives
        rounds = [_plain_fives(r) for r in rounds]
    carried = read_rules_value(head[RULES_KEY], source, RULES_KEY) if RULES_KEY in head else rules
    # an ankan's kan dora shows with the replacement discard under these rules (the record
    # lists indicators only, not when they were shown)
    late_ankan_dora = carried is not None and carried.closed_kan_dora == "after_discard"
    # ... and an open kan's before its replacement draw (not with the replacement discard)
    early_open_dora = carried is not None and carried.open_kan_dora == "immediate"
    kan_dora = carried is None or carried.kan_dora
    for index, rnd in enumerate(rounds):
        try:
            _Round(rnd, players, events, late_ankan_dora, kan_dora, early_open_dora, carried).run()
        except (_Bad, InvalidTile, LogFormatError, TypeError, ValueError, IndexError,
                KeyError, AttributeError) as e:  # fmt: skip
            raise log_error(source, f"round #{index}", str(e)) from None
    sc = docs[-1].get("sc")
    if isinstance(sc, list) and len(sc) >= 2 * players:
        try:
            events.append(
                EndGame(
                    tuple(int(sc[2 * i]) for i in range(players)),
                    tuple(float(sc[2 * i + 1]) for i in range(players)),
                )
            )
        except (TypeError, ValueError):
            raise log_error(source, "sc", f"final scores {sc!r} are not numbers") from None
    meta = {k: head[k] for k in ("title", "ref", "dan", "rate", "sx", "lobby") if k in head}
    meta["complete"] = isinstance(events[-1], EndGame)
    if rules is not None:
        meta["rules"] = rules
    if unsupported:
        meta["unsupported"] = unsupported
    if notes:
        meta["rules_notes"] = notes
    if RULES_KEY in head:  # a log riichi wrote (to_tenhou6): its complete rules win
        meta["rules"] = carried
    check_events(events, source)
    return GameLog(events, source, "tenhou6", meta)


_PLAIN = {51: 15, 52: 25, 53: 35}


def _plain_fives(rnd: Any) -> Any:
    """A round with the red-five codes 51/52/53 read as plain fives (in calls too)."""
    if not isinstance(rnd, list):
        return rnd

    def fix(v: Any) -> Any:
        if type(v) is int:
            return _PLAIN.get(v, v)
        m = re.fullmatch(r"(\d*)([a-z])(\d+)", v) if isinstance(v, str) else None
        if m and not len(m.group(1)) % 2 and not len(m.group(3)) % 2:
            pairs = [
                "".join(str(_PLAIN.get(int(g[i : i + 2]), g[i : i + 2])) for i in range(0, len(g), 2))
                for g in (m.group(1), m.group(3))
            ]
            return pairs[0] + m.group(2) + pairs[1]
        if isinstance(v, list):
            return [fix(x) for x in v]
        return v

    return [rnd[0], rnd[1], *(fix(x) for x in rnd[2:16]), *rnd[16:]]


def _rule(head: dict) -> dict:
    rule = head.get("rule")
    return rule if isinstance(rule, dict) else {}


def _players(head: dict, rounds: list) -> int:
    rule = head.get("rule")
    if isinstance(rule, list):  # a Tenhou lobby rule array: the type code says
        go = parse_type_code(rule[2] if len(rule) > 2 else None)
        if go is not None:
            return 3 if go & 0x10 else 4
    disp = str(_rule(head).get("disp", ""))
    if "三" in disp or "3-Player" in disp:
        return 3
    if rounds and all(isinstance(r, list) and len(r) > 13 and r[13] == [] for r in rounds):
        return 3
    return 4


#: Mahjong Soul as tensoul and its forks name it: the room (Japanese or English) or the
#: Mahjong Soul paipu uuid in ``ref``.
_MS_ROOM = re.compile(r"(?:銅|銀|金|玉|王座)の間|(?:Bronze|Silver|Gold|Jade|Throne) Room")
_MS_CUSTOM = re.compile(r"友人戦|大会戦|Friendly|Tou?rnament")
_MS_UUID = re.compile(r"^\d{6}-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")


def _title_text(head: dict) -> str:
    title = head.get("title")
    if isinstance(title, list):
        title = " ".join(str(t) for t in title)
    return f"{_rule(head).get('disp', '')} {title if isinstance(title, str) else ''}"


def _header(
    head: dict, rounds: list, players: int, sc: Any
) -> tuple[StartGame, Rules | None, str | None, list[str]]:
    """The game header, the rules when the reader knows them better than the header fields of
    StartGame (Mahjong Soul, Tenhou lobby rules), a reason the game cannot be replayed, notes."""
    names = head.get("name")
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        names = [""] * 4
    names = tuple(names[:players])
    if isinstance(head.get("rule"), list):
        return _lobby_header(head, rounds, players, names)
    rule = _rule(head)
    disp = str(rule.get("disp", ""))
    text = _title_text(head)
    red = bool(rule.get("aka") or rule.get("aka51") or rule.get("aka52") or rule.get("aka53"))
    if "aka" not in rule and not disp:
        red = True  # no rule block (excerpts): Tenhou's default table plays with red fives
    ref = str(head.get("ref", ""))
    if _MS_ROOM.search(text) or _MS_CUSTOM.search(text) or _MS_UUID.match(ref):
        return _majsoul_header(head, rounds, players, names, text, rule, sc)
    if any(c in disp for c in "般上特鳳東南"):  # Tenhou's table name, e.g. "鳳南喰赤"
        kuitan, length, speed = (
            "喰" in disp,
            "tonpuusen" if "東" in disp else "hanchan",
            "速" in disp,
        )
    else:  # no rule block, or a table name the reader does not know: Tenhou's defaults
        kuitan, length, speed = True, "hanchan", False
    start = StartGame(
        names=names, players=players, red_fives=red, kuitan=kuitan, length=length, speed=speed
    )
    return start, None, None, []


def _majsoul_header(
    head: dict, rounds: list, players: int, names: tuple[str, ...], text: str, rule: dict,
    sc: Any,
) -> tuple[StartGame, Rules | None, str | None, list[str]]:  # fmt: skip
    """Mahjong Soul converted by tensoul: ranked rooms play Mahjong Soul's fixed rules (kuitan
    on); the length is the room's East / South mode; red fives are counted per suit."""
    red = tuple(int(bool(rule.get(k))) for k in ("aka51", "aka52", "aka53"))
    if "aka51" not in rule and "aka" in rule:
        red = (1, 1, 1) if rule.get("aka") else (0, 0, 0)
    notes: list[str] = []
    why: str | None = None
    if re.search(r"東|East", text):
        length = "tonpuusen"
    elif re.search(r"南|South", text):
        length = "hanchan"
    elif _length_irrelevant(rounds, players, sc):
        length = "tonpuusen"
        notes.append("game length unknown (the title names no East/South), but the game ends "
                     "by tobi before the last East round, the same under either length")  # fmt: skip
    else:
        length = "tonpuusen"
        why = (f"game length unknown: the Mahjong Soul title {text.strip()!r} names no "
               "East/South (pass the rules)")  # fmt: skip
    if _MS_CUSTOM.search(text):
        why = (f"Mahjong Soul friendly/tournament room {text.strip()!r}: its rules are set per "
               "room and a tenhou.net/6 header does not hold them (pass the rules)")  # fmt: skip
    rules = majsoul_rules(players, length)  # type: ignore[arg-type]
    try:
        rules = dataclasses.replace(rules, red_fives=red)
    except ValueError as e:
        why = why or f"red fives {red} the engine cannot take: {e}"
    start = StartGame(
        names=names, players=players, red_fives=any(red), kuitan=True, length=length,
    )  # fmt: skip
    return start, rules, why, notes


def majsoul_rules(players: int, length: Length) -> Rules:
    """Mahjong Soul's ranked-room rules for a tenhou.net/6 conversion of a Mahjong Soul game:
    the presets :meth:`Rules.mahjong_soul` (four players) and :meth:`Rules.mahjong_soul_sanma`
    (three: 35,000 to start, tsumo loss, 200 per honba, kita, points over 35,000 plus uma
    +15/0/-15 without oka, the game ending at 40,000), as the raw-record reader uses."""
    if players == 4:
        return Rules.mahjong_soul(length=length)
    return Rules.mahjong_soul_sanma(length=length)


def _length_irrelevant(rounds: list, players: int, sc: Any) -> bool:
    """Whether the game ends by tobi (a final score below 0) and every earlier round comes
    before the last East round, so that East-only and East-South play it the same way."""
    if not isinstance(sc, list) or len(sc) < 2 * players:
        return False
    try:
        finals = [float(sc[2 * i]) for i in range(players)]
        indices = [int(r[0][0]) for r in rounds]
    except (TypeError, ValueError, IndexError):
        return False
    return min(finals) < 0 and all(i < players - 1 for i in indices[:-1])


def _lobby_header(
    head: dict, rounds: list, players: int, names: tuple[str, ...]
) -> tuple[StartGame, Rules | None, str | None, list[str]]:
    """A Tenhou lobby rule array: the type code gives players, red fives, kuitan, length,
    speed; ``csrule`` (when present) the custom rules; otherwise kiriage mangan is read from
    the record (a 30fu 4han / 60fu 3han hand settled as mangan)."""
    rule = head["rule"]
    go = parse_type_code(rule[2] if len(rule) > 2 else None)
    if go is None:
        start = StartGame(names=names, players=players)
        return start, None, f"lobby rule array {rule!r:.80} has no hex type code", []
    length = "hanchan" if go & 0x08 else "tonpuusen"
    start = StartGame(
        names=names, players=players, red_fives=not go & 0x02, kuitan=not go & 0x04,
        length=length, speed=bool(go & 0x40), go_type=go,
    )  # fmt: skip
    # the lobby table (Rules.tenhou_lobby) for red, kuitan, length and players; the special
    # lobbies' bits (0x200, 0x400) are left to rules_from_log, which reads the type code
    base = Rules.tenhou_lobby((go & 0x0E) | (0x10 if players == 3 else 0))
    kiriage, renhou = _record_rules(rounds)
    if "csrule" in head:
        rules, why, notes = lobby_rules(base, head["csrule"], renhou)
        if rules is not None and kiriage is not None and kiriage != rules.kiriage_mangan:
            why = f"the record {'shows' if kiriage else 'contradicts'} kiriage mangan; csrule not"
        return start, rules, why, notes
    if renhou != "off":
        return start, None, "renhou in a lobby whose rules are not in the document", []
    if go & 0x200 or not kiriage:
        return start, None, None, []  # rules_from_log reads the type code
    return start, base.replace(kiriage_mangan=True, tenpai_yame=True), None, [
        "kiriage mangan read from the record"
    ]


def _record_rules(rounds: list) -> tuple[bool | None, str]:
    """(kiriage mangan as the record shows it, or None when no hand tells; renhou's value)."""
    kiriage: bool | None = None
    renhou = "off"
    for r in rounds:
        res = r[16] if isinstance(r, list) and len(r) > 16 else None
        if not isinstance(res, list) or not res or res[0] not in _WIN_NAMES:
            continue
        for info in res[2::2]:
            if not isinstance(info, list) or len(info) < 4:
                continue
            m = _POINTS_RE.match(str(info[3]).strip())
            if m and m.group(1) and (int(m.group(1)), int(m.group(2))) in ((30, 4), (60, 3)):
                kiriage = bool(m.group(3))
            elif m and m.group(3) and not m.group(1):
                pass  # a limit without fu: 30fu 4han is not told apart
            for y in info[4:]:
                if str(y).startswith("人和"):
                    renhou = "yakuman" if "役満" in str(y) else f"{y}"
    return kiriage, renhou


class _Round:
    def __init__(
        self,
        rnd: Any,
        players: int,
        out: list[Event],
        late_ankan_dora: bool = False,
        kan_dora: bool = True,
        early_open_dora: bool = False,
        rules: Rules | None = None,
    ) -> None:
        self.rules = rules  # the log's rules, for what a "(役満)" is worth (_yakuman_han)
        self.late_ankan_dora = late_ankan_dora
        self.early_open_dora = early_open_dora  # Rules.open_kan_dora == "immediate"
        self.kan_dora = kan_dora  # Rules.kan_dora: False, a kan turns no indicator
        if not isinstance(rnd, list) or len(rnd) != 17:
            got = f"{len(rnd)} entries" if isinstance(rnd, list) else type(rnd).__name__
            raise _Bad(f"a round must be a list of 17 entries, got {got}")
        self.n = players
        self.out = out
        head = rnd[0]
        if not (isinstance(head, list) and len(head) == 3):
            raise _Bad(f"round header {head!r} must be [kyoku index, honba, kyotaku]")
        # numbers range-checked where they are read (the kyoku index picks the round wind)
        self.index = int_in(head[0], "kyoku index", 0, 15)
        self.honba = int_in(head[1], "honba", 0, MAX_COUNTER)
        self.kyotaku = int_in(head[2], "kyotaku", 0, MAX_COUNTER)
        if not (isinstance(rnd[1], list) and len(rnd[1]) >= players):
            raise _Bad(f"round scores {rnd[1]!r:.80} must list {players} scores")
        self.scores = [int_in(x, "score", -MAX_POINTS, MAX_POINTS) for x in rnd[1][:players]]
        self.dora = [_tile(x) for x in rnd[2]]
        self.ura = [_tile(x) for x in rnd[3]]
        self.haipai = [[_tile(x) for x in rnd[4 + 3 * p]] for p in range(players)]
        self.takes = [list(rnd[5 + 3 * p]) for p in range(players)]
        self.discards = [list(rnd[6 + 3 * p]) for p in range(players)]
        self.result = rnd[16]
        self.ti = [0] * players
        self.di = [0] * players
        self.hands = [list(h) for h in self.haipai]
        self.melds: list[list[CalledMeld]] = [[] for _ in range(players)]
        self.pons: dict[tuple[int, int], Pon] = {}
        self.riichi = [False] * players
        self.dora_shown = 1
        self.pending_dora = 0  # open kans whose dora shows before the next discard
        self.dora_before_draw = 0  # ... or, after another kan, before its replacement draw

    # -- helpers
    def emit(self, ev: Event) -> None:
        self.out.append(ev)

    def take_from_hand(self, p: int, t: Tile, what: str) -> None:
        try:
            self.hands[p].remove(t)
        except ValueError:
            raise _Bad(f"seat {p} {what} {t}, which is not in the hand") from None

    def reveal_dora(self) -> None:
        """A kan's dora indicator (none at all under ``Rules.kan_dora=False``)."""
        if not self.kan_dora:
            return
        if self.dora_shown >= len(self.dora):
            raise _Bad(f"a kan needs dora indicator #{self.dora_shown + 1}; the round lists "
                       f"{len(self.dora)}")  # fmt: skip
        self.emit(Dora(self.dora[self.dora_shown]))
        self.dora_shown += 1

    def flush_dora(self) -> None:
        while self.pending_dora:
            self.pending_dora -= 1
            self.reveal_dora()

    def next_take(self, p: int) -> Any:
        return self.takes[p][self.ti[p]] if self.ti[p] < len(self.takes[p]) else None

    def next_discard(self, p: int) -> Any:
        return self.discards[p][self.di[p]] if self.di[p] < len(self.discards[p]) else None

    # -- the round
    def run(self) -> None:
        n = self.n
        oya = self.index % 4
        if oya >= n:
            raise _Bad(f"kyoku index {self.index} has dealer seat {oya} in a {n}-player game")
        for p, h in enumerate(self.haipai):
            if len(h) != 13:
                raise _Bad(f"haipai of seat {p} has {len(h)} tiles, expected 13")
        if not self.dora:
            raise _Bad("no dora indicator")
        self.emit(
            StartKyoku(
                bakaze=27 + self.index // 4,
                kyoku=self.index % 4 + 1,
                honba=self.honba,
                kyotaku=self.kyotaku,
                oya=oya,
                scores=tuple(s for s in self.scores),
                dora_marker=self.dora[0],
                tehais=tuple(tuple(sorted(h)) for h in self.haipai),
            )
        )
        # The lists do not say when a call happened: a player may pass on a discard and call
        # the same tile from the same seat later. Try the call first; if the lists then stop
        # making sense, come back and pass instead (depth-first, rarely needed).
        stack: list[tuple[Any, ...]] = []
        best: tuple[int, _Bad] | None = None  # the error that got furthest
        loop = (oya, None, True, None, False)  # actor, drawn tile, need_draw, last discard, pass
        while True:
            try:
                self.play(*loop, stack)
                return
            except _Bad as e:
                if best is None or len(self.out) > best[0]:
                    best = (len(self.out), e)
                if not stack:
                    raise best[1] from None
                snap, loop = stack.pop()
                self.restore(snap)

    def snapshot(self) -> tuple[Any, ...]:
        return (
            list(self.ti), list(self.di), [list(h) for h in self.hands],
            [list(m) for m in self.melds], dict(self.pons), list(self.riichi),
            list(self.scores), self.dora_shown, self.pending_dora, self.dora_before_draw,
            len(self.out),
        )  # fmt: skip

    def restore(self, snap: tuple[Any, ...]) -> None:
        (self.ti, self.di, self.hands, self.melds, self.pons, self.riichi, self.scores,
         self.dora_shown, self.pending_dora, self.dora_before_draw, n_out) = snap  # fmt: skip
        del self.out[n_out:]

    def play(
        self,
        actor: int,
        last: Tile | None,
        need_draw: bool,
        last_discard: tuple[int, Tile] | None,
        no_call: bool,
        stack: list[tuple[Any, ...]],
    ) -> None:
        n = self.n
        while True:
            if no_call:
                no_call = False
                assert last_discard is not None
                actor = (last_discard[0] + 1) % n
                need_draw = True
            if need_draw:
                v = self.next_take(actor)
                if v is None:
                    break
                if not isinstance(v, int):
                    raise _Bad(f"seat {actor} take #{self.ti[actor]} is {v!r}, expected a draw")
                self.ti[actor] += 1
                last = _tile(v)
                while self.dora_before_draw:
                    self.dora_before_draw -= 1
                    self.reveal_dora()
                self.hands[actor].append(last)
                self.emit(Tsumo(actor, last))
                need_draw = False
            v = self.next_discard(actor)
            if v is None:
                last_discard = None
                break
            pos = f"seat {actor} discard #{self.di[actor]}"
            self.di[actor] += 1
            if isinstance(v, str) and (v[:1] in ("a", "k", "f") or re.fullmatch(r"\d+[ak]\d+", v)):
                self.self_call(actor, v, pos)
                last_discard = None
                need_draw = True
                continue
            riichi = isinstance(v, str) and v.startswith("r")
            if riichi:
                v = int(v[1:]) if v[1:].isdigit() else v
            if v == 60:
                if last is None:
                    raise _Bad(f"{pos}: tsumogiri (60) without a drawn tile")
                tile, tsumogiri = last, True
            elif v == 0:  # tenhou.net/6 writes 0 as the discard only after a daiminkan
                raise _Bad(f"{pos}: 0 is the placeholder a daiminkan leaves in the discards, "
                           f"and seat {actor} called none before it")  # fmt: skip
            elif isinstance(v, int):
                tile, tsumogiri = _tile(v), False
            else:
                raise _Bad(f"{pos}: {v!r} is not a discard")
            self.flush_dora()
            self.take_from_hand(actor, tile, "discards")
            if riichi:
                self.emit(Reach(actor))
            self.emit(Dahai(actor, tile, tsumogiri))
            last = None
            # who continues: a call of this tile, else the next seat's draw
            caller = self.find_call(actor, tile)
            if riichi and (caller is not None or self.continues(actor) or self.accepts_end()):
                self.accept_riichi(actor)
            last_discard = (actor, tile)
            if caller is not None:
                if self.continues(actor):  # passing is possible too: remember the way back
                    stack.append((self.snapshot(), (actor, None, False, last_discard, True)))
                actor, need_draw = self.call(caller, actor, tile)
                last_discard = None
                continue
            actor = (actor + 1) % n
            need_draw = True
        left = [
            f"seat {p} {what} #{i}"
            for p in range(n)
            for what, lst, i in (("take", self.takes[p], self.ti[p]),
                                 ("discard", self.discards[p], self.di[p]))
            if i < len(lst)
        ]  # fmt: skip
        if left:
            raise _Bad(f"the round stops with entries left over: {', '.join(left[:4])}")
        self.finish(actor, last_discard)

    def robbed(self, p: int) -> bool:
        """Whether seat ``p``'s kan just declared ends the round: no replacement draw follows
        and the result is a ron on ``p`` (a chankan; on an ankan, kokushi where allowed)."""
        if self.next_take(p) is not None or self.next_discard(p) is not None:
            return False
        r = self.result
        if not isinstance(r, list) or not r or r[0] not in _WIN_NAMES:
            return False
        wins = [w for w in r[2::2] if isinstance(w, list) and len(w) >= 2]
        return bool(wins) and all(w[1] == p and w[0] != p for w in wins)

    def continues(self, actor: int) -> bool:
        return self.next_take((actor + 1) % self.n) is not None

    def accepts_end(self) -> bool:
        r = self.result
        return bool(r) and r[0] in ("四家立直",)

    def accept_riichi(self, p: int) -> None:
        self.riichi[p] = True
        self.scores[p] -= 1000
        deltas = tuple(-1000 if i == p else 0 for i in range(self.n))
        self.emit(ReachAccepted(p, deltas, tuple(self.scores)))

    def find_call(self, discarder: int, tile: Tile) -> int | None:
        found = []
        for p in range(self.n):
            if p == discarder:
                continue
            v = self.next_take(p)
            if isinstance(v, str):
                letter, pos, tiles, called = _parse_call(v)
                rel = _REL_OF_POS.get(letter, {}).get(pos)
                if rel is not None and (p + rel) % 4 == discarder and tiles[called] == tile:
                    found.append((letter == "c", p))
        return min(found)[1] if found else None

    def call(self, p: int, discarder: int, tile: Tile) -> tuple[int, bool]:
        v = self.takes[p][self.ti[p]]
        self.ti[p] += 1
        letter, _, tiles, called = _parse_call(v)
        consumed = tuple(sorted(tiles[:called] + tiles[called + 1 :]))
        need = {"c": 2, "p": 2, "m": 3}[letter]
        if len(consumed) != need:
            raise _Bad(f"seat {p} call {v!r} must show {need} own tiles")
        for t in consumed:
            self.take_from_hand(p, t, f"calls {v!r} with")
        if letter == "c":
            ev: Event = Chi(p, discarder, tile, consumed)
        elif letter == "p":
            ev = Pon(p, discarder, tile, consumed)
            self.pons[(p, tile.kind)] = ev  # type: ignore[assignment]
        else:
            ev = Daiminkan(p, discarder, tile, consumed)
        self.emit(ev)
        self.melds[p].append(CalledMeld(ev.type, tuple(sorted((tile, *consumed)))))
        if letter == "m":
            if self.next_discard(p) != 0:
                raise _Bad(f"seat {p} daiminkan {v!r} must be followed by a 0 discard")
            self.di[p] += 1
            if self.early_open_dora:  # shown before the replacement draw
                self.dora_before_draw += 1
            else:
                self.pending_dora += 1
            return p, True
        return p, False

    def self_call(self, p: int, v: str, pos: str) -> None:
        letter, at, tiles, called = _parse_call(v)
        if letter == "f":
            if len(tiles) != 1 or tiles[0].kind != 30 or self.n != 3:
                raise _Bad(f"{pos}: {v!r} is not a sanma nukidora of a North")
            self.take_from_hand(p, tiles[0], "sets aside")
            ev: Event = Nukidora(p, tiles[0])
            self.emit(ev)
            self.melds[p].append(CalledMeld("nukidora", (tiles[0],)))
            self.dora_before_draw += self.pending_dora
            self.pending_dora = 0
            return
        if letter == "a":
            if len(tiles) != 4 or at != 6:
                raise _Bad(f"{pos}: {v!r} is not an ankan string")
            consumed = tuple(sorted(tiles))
            for t in consumed:
                self.take_from_hand(p, t, "declares an ankan with")
            self.emit(Ankan(p, consumed))
            self.melds[p].append(CalledMeld("ankan", tuple(sorted(consumed))))
            self.flush_dora()
            if self.robbed(p):  # a robbed kan (kokushi on an ankan) reveals no dora
                return
            if self.late_ankan_dora:  # Rules.closed_kan_dora == "after_discard"
                self.pending_dora = 1
            else:
                self.reveal_dora()
            return
        if letter != "k" or len(tiles) != 4 or at not in (0, 2, 4):
            raise _Bad(f"{pos}: {v!r} is not a kakan string")
        added = tiles[called]
        rest = tuple(sorted(tiles[:called] + tiles[called + 1 :]))
        self.take_from_hand(p, added, "adds")
        pon = self.pons.get((p, added.kind))
        if pon is None:
            raise _Bad(f"{pos}: kakan {v!r} without an earlier pon of that tile")
        self.emit(Kakan(p, added, rest))
        for i, m in enumerate(self.melds[p]):
            if m.kind == "pon" and m.tiles[0].kind == added.kind:
                self.melds[p][i] = CalledMeld("kakan", tuple(sorted((added, *rest))))
        self.dora_before_draw += self.pending_dora
        self.pending_dora = 0
        if self.early_open_dora:  # after the chankan window, before the replacement draw
            self.dora_before_draw += 1
        else:
            self.pending_dora = 1

    def finish(self, actor: int, last_discard: tuple[int, Tile] | None) -> None:
        r = self.result
        if not isinstance(r, list) or not r or not isinstance(r[0], str):
            raise _Bad(f"result {r!r} must be a list starting with its kind")
        kind = r[0]
        if kind in _WIN_NAMES:
            if len(r) < 3 or len(r) % 2 == 0:
                raise _Bad("a win result must be 和了 followed by (deltas, details) pairs")
            for i in range(1, len(r), 2):
                self.hora(r[i], r[i + 1], last_discard)
        elif kind in _DRAW_NAMES:
            self.ryukyoku(kind, r[1] if len(r) > 1 else None, actor, last_discard)
        else:
            raise _Bad(f"unknown result {kind!r}")
        self.emit(EndKyoku())

    def hora(self, deltas: Any, info: Any, last_discard: tuple[int, Tile] | None) -> None:
        n = self.n
        if not isinstance(info, list) or len(info) < 3:
            raise _Bad(f"win details {info!r} must be [who, from, pao, points, yaku...]")
        who, frm, pao = (int(x) for x in info[:3])
        if not (0 <= who < n and 0 <= frm < n and 0 <= pao < n):
            raise _Bad(f"win details {info[:3]!r} name a seat outside 0..{n - 1}")
        if who == frm:
            hand = list(self.hands[who])
            if not hand:
                raise _Bad(f"seat {who} wins by tsumo with an empty hand")
            pai = self.last_tsumo(who)
        else:
            pai = self.ron_tile(frm, last_discard)
            hand = [*self.hands[who], pai]
        text = str(info[3]).strip() if len(info) > 3 else ""
        # no text (an excerpt, or jansou's writer, which leaves it empty): no settlement
        m = _POINTS_RE.match(text) if text else None
        if text and (m is None or not (m.group(1) or m.group(3))):
            raise _Bad(f"points text {info[3]!r} is not understood")
        fu_s, _, limit_s, a, b, all_ = m.groups() if m else (None,) * 6
        limit: int | None = (_LIMIT_OF[limit_s] if limit_s else 0) if m else None
        a_pts = int(a) if a is not None else 0
        points: int | None
        if m is None:
            points = None
        elif who != frm:
            points = a_pts
        elif all_:
            points = a_pts * (n - 1)
        elif b is not None:
            points = a_pts * (n - 2) + int(b)
        else:
            raise _Bad(f"points text {info[3]!r} of a tsumo needs 'a-b' or '∀'")
        if m is None and len(info) > 4:
            raise _Bad(f"win details {info!r} list yaku but no points text")
        yaku: list[tuple[str, int]] = []
        for y in info[4:]:
            ym = _YAKU_RE.match(str(y))
            if ym is None:
                raise _Bad(f"yaku text {y!r} is not understood")
            if ym.group(1) is not None:
                name, han = ym.group(1), int(ym.group(2))
            else:
                double = ym.group(4) in ("ダブル役満", "Double Yakuman")
                name, han = ym.group(3), 26 if double else -1
            # a name we do not know (another client's spelling) is kept verbatim
            name = _JA_TO_NAME.get(name, name)
            if han < 0:  # "(役満)": its worth under the log's rules
                han = _yakuman_han(name, self.rules)
            if name == "jikaze":  # Mahjong Soul's seat wind names no wind: the seat gives it
                name = TENHOU_YAKU[10 + (who - self.index % 4) % 4]
            elif name == "bakaze":
                name = TENHOU_YAKU[14 + self.index // 4 % 4]
            for i, (other, h) in enumerate(yaku):
                if other == name:  # kita (抜きドラ) listed beside ドラ: one dora count
                    yaku[i] = (name, h + han)
                    break
            else:
                yaku.append((name, han))
        d = tuple(int(x) for x in deltas[:n])
        self.scores = [s + x for s, x in zip(self.scores, d)]
        self.emit(
            Hora(
                actor=who,
                target=frm,
                pai=pai,
                hand=tuple(sorted(hand)),
                melds=tuple(self.melds[who]),
                fu=int(fu_s) if fu_s else None,
                han=sum(h for _, h in yaku) if m else None,
                yaku=tuple(yaku),
                points=points,
                limit=limit,
                dora_markers=tuple(self.dora[: self.dora_shown]),
                uradora_markers=tuple(self.ura[: self.dora_shown]) if self.riichi[who] else (),
                pao=None if pao == who else pao,
                deltas=d,
                scores=tuple(self.scores),
            )
        )

    def last_tsumo(self, who: int) -> Tile:
        for ev in reversed(self.out):
            if isinstance(ev, Tsumo) and ev.actor == who and ev.pai is not None:
                return ev.pai
            if isinstance(ev, StartKyoku):
                break
        raise _Bad(f"seat {who} wins by tsumo without a draw")

    def ron_tile(self, frm: int, last_discard: tuple[int, Tile] | None) -> Tile:
        ev = self.out[-1]
        if isinstance(ev, Kakan) and ev.actor == frm:  # chankan
            return ev.pai
        for ev in reversed(self.out):
            if isinstance(ev, (Kakan, Nukidora)) and ev.actor == frm:
                return ev.pai  # chankan, or (sanma) ron on a North set aside
            if isinstance(ev, Ankan) and ev.actor == frm:
                return ev.consumed[-1]  # kokushi robbing an ankan (where the rules allow it)
            if isinstance(ev, Dahai):
                if ev.actor != frm:
                    raise _Bad(f"ron from seat {frm}, but the last discard is by seat {ev.actor}")
                return ev.pai
            if isinstance(ev, (Tsumo, StartKyoku)):
                break
        raise _Bad(f"ron from seat {frm} without a discard or kakan to win on")

    def ryukyoku(
        self, kind: str, deltas: Any, actor: int, last_discard: tuple[int, Tile] | None
    ) -> None:
        n = self.n
        reason = _DRAW_NAMES[kind]
        d = tuple(int(x) for x in deltas[:n]) if isinstance(deltas, list) else (0,) * n
        tenpai: tuple[bool, ...] | None = None
        hands: tuple[tuple[Tile, ...] | None, ...] | None = (None,) * n
        if reason == "exhaustive":
            if kind == "全員聴牌":
                tenpai = (True,) * n
            elif kind == "全員不聴" or not any(d):
                tenpai = (False,) * n
            else:
                tenpai = tuple(x > 0 for x in d)
            hands = tuple(tuple(sorted(self.hands[p])) if tenpai[p] else None for p in range(n))
        elif reason == "kyuushu_kyuuhai":
            hands = tuple(tuple(sorted(self.hands[p])) if p == actor else None for p in range(n))
        elif reason == "suucha_riichi":
            hands = tuple(tuple(sorted(h)) for h in self.hands)
        elif reason in ("nagashi_mangan", "sanchahou"):
            hands = None  # who was tenpai / who would have won is not recorded
        self.scores = [s + x for s, x in zip(self.scores, d)]
        self.emit(Ryukyoku(reason, tenpai, hands, d, tuple(self.scores)))


# --------------------------------------------------------------------------- writer


def tenhou6_view(events: list[Event]) -> list[Event]:
    """The events as tenhou.net/6 can hold them: what :func:`read_tenhou6` gives back after
    :func:`to_tenhou6`.

    tenhou.net/6 has no disconnects, Tenhou GO type, shuffle seed or dice (seating dice
    neither); no fu for limit
    hands (``"満貫8000点"``); no tenpai seats or shown hands at nagashi mangan or sanchahou.
    Those are dropped or cleared here; everything else is kept.
    """
    out: list[Event] = []
    last_end = max(
        (i for i, e in enumerate(events) if isinstance(e, (EndKyoku, StartGame))), default=-1
    )
    for i, ev in enumerate(events):
        if i > last_end and not isinstance(ev, EndGame):
            continue  # an unfinished last round has no result to write
        if isinstance(ev, (Disconnect, Reconnect)):
            continue
        if isinstance(ev, StartGame):
            ev = replace(ev, go_type=None, seed=None, seating_dice=None)
        elif isinstance(ev, StartKyoku):
            ev = replace(ev, dice=None)
        elif isinstance(ev, Hora) and ev.limit:
            ev = replace(ev, fu=None)
        elif isinstance(ev, Ryukyoku) and ev.reason in ("nagashi_mangan", "sanchahou"):
            ev = replace(ev, tenpai=None, hands=None)
        out.append(ev)
    return out


def to_tenhou6(game: GameLog | list[Event], *, rules: Rules | None = None) -> dict[str, Any]:
    """Write a game as a tenhou.net/6 document (a ``dict`` ready for ``json.dumps``).

    Args:
        game: a :class:`GameLog` or a list of events.
        rules: the rules the game was played under, stored complete in the top-level key
            ``"riichi_rules"`` (:meth:`riichi.Rules.to_dict`; tenhou.net/6 viewers ignore
            it), which :func:`read_tenhou6` gives back in ``GameLog.meta["rules"]``; default:
            the ``GameLog``'s ``meta["rules"]`` when it has them, else no key.

    Raises:
        LogFormatError: events that tenhou.net/6 cannot order (e.g. no start_game, a call
            with no preceding discard, a kakan with no pon), hidden tiles, or an open riichi
            (which it cannot record).
        RiichiError: ``rules`` not a ``riichi.Rules``; ``game`` not a ``GameLog`` nor a list
            of events.
    """
    carried = rules_for(game, rules)
    events = game_events(game, "to_tenhou6")
    if not events or not isinstance(events[0], StartGame):
        raise LogFormatError("to_tenhou6: the events must start with start_game")
    start = events[0]
    n = start.players
    level = _LEVELS[(start.go_type >> 7 & 1) | (start.go_type >> 4 & 2)] if start.go_type else "般"
    disp = (
        ("三" if n == 3 else "")
        + level
        + ("東" if start.length == "tonpuusen" else "南")
        + ("喰" if start.kuitan else "")
        + ("赤" if start.red_fives else "")
        + ("速" if start.speed else "")
    )
    names = list(start.names) + [""] * (4 - len(start.names))
    doc: dict[str, Any] = {
        "title": ["", ""],
        "name": names[:4],
        "rule": {"disp": disp, "aka": 1 if start.red_fives else 0},
        "log": [],
    }
    if carried is not None:
        doc[RULES_KEY] = rules_value(carried)
    w: _Writer | None = None
    for i, ev in enumerate(events[1:], 1):
        try:
            if isinstance(ev, StartKyoku):
                w = _Writer(ev, n, carried)
            elif isinstance(ev, EndKyoku):
                if w is None:
                    raise _Bad("end_kyoku outside a round")
                doc["log"].append(w.done())
                w = None
            elif isinstance(ev, EndGame):
                if ev.scores is not None and ev.points is not None:
                    doc["sc"] = [x for pair in zip(ev.scores, ev.points) for x in pair]
                    doc["sc"] += [0, 0.0] * (4 - n)
            elif isinstance(ev, (Disconnect, Reconnect)):
                continue
            elif w is None:
                raise _Bad(f"{ev.type} outside a round")
            else:
                w.add(ev)
        except _Bad as e:
            raise LogFormatError(f"to_tenhou6: event #{i} ({ev.type}): {e}") from None
        except (AttributeError, TypeError) as e:  # a field no reader gives (a plain int tile)
            raise LogFormatError(f"to_tenhou6: event #{i} ({ev.type}): {_bad_field(ev, e)}") from None
    return doc


class _Writer:
    def __init__(self, sk: StartKyoku, n: int, rules: Rules | None = None) -> None:
        self.n = n
        self.rules = rules
        self.sk = sk
        self.head = [(sk.bakaze - 27) * 4 + sk.kyoku - 1, sk.honba, sk.kyotaku]
        self.dora = [_code(sk.dora_marker)]
        self.ura: list[int] = []
        self.takes: list[list[Any]] = [[] for _ in range(4)]
        self.discards: list[list[Any]] = [[] for _ in range(4)]
        self.result: list[Any] = []
        self.reach = [False] * 4
        self.pons: dict[tuple[int, int], Pon] = {}
        # each seat's tiles by kind, melds included (None: a hidden deal), to name the
        # dragon of a generic "sangenpai"
        self.held: list[list[int] | None] = [None] * 4
        for s, tiles in enumerate(sk.tehais[:n]):
            if tiles is not None:
                self.held[s] = [0] * 34
                for t in tiles:
                    self.held[s][t.kind] += 1  # type: ignore[index]

    def hold(self, seat: int, tile: Tile, k: int) -> None:
        held = self.held[seat]
        if held is not None:
            held[tile.kind] += k

    def add(self, ev: Event) -> None:
        if isinstance(ev, Tsumo):
            if ev.pai is None:
                raise _Bad("hidden draws cannot be written")
            self.takes[ev.actor].append(_code(ev.pai))
            self.hold(ev.actor, ev.pai, 1)
        elif isinstance(ev, Reach):
            if ev.open:
                raise _Bad(
                    f"seat {ev.actor} declares open riichi (Rules.open_riichi), which "
                    "tenhou.net/6 cannot record: its riichi discard has no open form, so the "
                    "log would replay as a closed riichi and verify wrong; write mjai instead"
                )
            self.reach[ev.actor] = True
        elif isinstance(ev, Dahai):
            v: Any = 60 if ev.tsumogiri else _code(ev.pai)
            if self.reach[ev.actor]:
                v = f"r{v}"
                self.reach[ev.actor] = False
            self.discards[ev.actor].append(v)
            self.hold(ev.actor, ev.pai, -1)
        elif isinstance(ev, Chi):
            self.hold(ev.actor, ev.pai, 1)
            self.takes[ev.actor].append(
                "c" + "".join(f"{_code(t):02d}" for t in (ev.pai, *ev.consumed))
            )
        elif isinstance(ev, (Pon, Daiminkan)):
            letter = "p" if isinstance(ev, Pon) else "m"
            self.hold(ev.actor, ev.pai, 1)
            rel = (ev.target - ev.actor) % 4
            if isinstance(ev, Pon):
                self.pons[(ev.actor, ev.pai.kind)] = ev
            self.takes[ev.actor].append(_meld_string(letter, rel, ev.pai, ev.consumed))
            if letter == "m":
                self.discards[ev.actor].append(0)
        elif isinstance(ev, Kakan):
            pon = self.pons.get((ev.actor, ev.pai.kind))
            if pon is None:
                raise _Bad("kakan without an earlier pon")
            rel = (pon.target - pon.actor) % 4
            s = _meld_string("p", rel, pon.pai, pon.consumed)
            self.discards[ev.actor].append(s.replace("p", f"k{_code(ev.pai):02d}"))
        elif isinstance(ev, Ankan):
            c = [f"{_code(t):02d}" for t in ev.consumed]
            self.discards[ev.actor].append("".join(c[:3]) + "a" + c[3])
        elif isinstance(ev, Nukidora):
            self.discards[ev.actor].append(f"f{_code(ev.pai)}")
            self.hold(ev.actor, ev.pai, -1)
        elif isinstance(ev, Dora):
            self.dora.append(_code(ev.dora_marker))
        elif isinstance(ev, ReachAccepted):
            pass
        elif isinstance(ev, Hora):
            if ev.uradora_markers:
                self.ura = [_code(t) for t in ev.uradora_markers]
            if not self.result:
                self.result = ["和了"]
            self.result += [list(ev.deltas or (0,) * self.n) + [0] * (4 - self.n), self.hora(ev)]
        elif isinstance(ev, Ryukyoku):
            self.result = self.ryukyoku(ev)
        else:
            raise _Bad(f"{ev.type} cannot be written to tenhou.net/6")

    def hora(self, ev: Hora) -> list[Any]:
        n = self.n
        yaku = ev.yaku or ()
        pao = ev.actor if ev.pao is None else ev.pao
        limit = ev.limit
        if limit is None and ev.points is not None and ev.han is not None:
            # mjai, Mahjong Soul and kobalab logs give han and fu, not Tenhou's limit code:
            # their settlement was dropped here (a win read back with no yaku at all)
            from riichi.logs.mjlog_writer import tenhou_limit

            limit = tenhou_limit(ev, ev.fu, self.rules)
        if ev.points is None or limit is None:
            return [ev.actor, ev.target, pao]  # no settlement recorded
        oya = self.sk.oya
        if ev.actor != ev.target:
            amount = f"{ev.points}点"
        elif ev.actor == oya:
            amount = f"{ev.points // (n - 1)}点∀"
        else:
            a, b = self.tsumo_split(replace(ev, limit=limit))
            amount = f"{a}-{b}点"
        if limit:
            text = _LIMITS[limit] + amount
        else:
            text = f"{ev.fu}符{ev.han}飜{amount}"
        parts = []
        for name, han in self.named(ev, yaku):
            ja = _NAME_TO_JA.get(name, name)  # a verbatim foreign name goes back as it came
            if name in _YAKUMAN_NAMES and han == _yakuman_han(name, self.rules):
                parts.append(f"{ja}(役満)")  # as Tenhou and tensoul write every yakuman
            elif name in _YAKUMAN_NAMES and han == 26:
                parts.append(f"{ja}(ダブル役満)")  # a double the rules do not give it
            else:
                parts.append(f"{ja}({han}飜)")
        return [ev.actor, ev.target, pao, text, *parts]

    def named(self, ev: Hora, yaku: Any) -> list[tuple[str, int]]:
        """``yaku`` with the generic names some mjai logs write (``bakaze``, ``jikaze``,
        ``sangenpai``: the family, not the tile) named as Tenhou writes them: the round's
        wind (場風 東), the winner's seat wind (自風 南), and the winner's dragon triplets in
        order (役牌 白, 發, 中). A ``sangenpai`` whose dragon the tiles do not show (a
        hidden deal) stays as it is."""
        held = self.held[ev.actor]
        dragons: list[int] = []
        if held is not None:
            won = 1 if ev.actor != ev.target else 0  # a ron's tile is not held yet
            dragons = [k for k in (31, 32, 33) if held[k] + won * (ev.pai.kind == k) >= 3]
        left = iter(dragons)
        out = []
        for name, han in yaku:
            if name == "bakaze" and 27 <= self.sk.bakaze <= 30:
                name = TENHOU_YAKU[14 + self.sk.bakaze - 27]
            elif name == "jikaze":
                name = TENHOU_YAKU[10 + (ev.actor - self.sk.oya) % self.n]
            elif name == "sangenpai":
                name = {31: "haku", 32: "hatsu", 33: "chun"}.get(next(left, 0), name)
            out.append((name, han))
        return out

    def tsumo_split(self, ev: Hora) -> tuple[int, int]:
        """Non-dealer tsumo: (what each non-dealer pays, what the dealer pays), without honba."""
        n, oya = self.n, self.sk.oya
        assert ev.points is not None
        d = ev.deltas
        if d is not None and ev.pao is None:
            others = [p for p in range(n) if p not in (ev.actor, oya)]
            diff = d[others[0]] - d[oya]  # dealer pays (b - a) more; honba cancels
            a, rem = divmod(ev.points - diff, n - 1)
            if not rem and a > 0:
                return a, a + diff
        base = _base_points(ev)
        a = -(-base // 100) * 100
        return a, ev.points - a * (n - 2)

    def ryukyoku(self, ev: Ryukyoku) -> list[Any]:
        d = list(ev.deltas or (0,) * self.n) + [0] * (4 - self.n)
        if ev.reason == "exhaustive":
            if ev.tenpai is not None and not any(d):
                return ["全員聴牌" if all(ev.tenpai) else "全員不聴"]
            return ["流局", d]
        if ev.reason == "nagashi_mangan":
            return ["流し満貫", d]
        return [_DRAW_TEXT[ev.reason]]

    def done(self) -> list[Any]:
        sk = self.sk
        scores = list(sk.scores) + [0] * (4 - self.n)
        out: list[Any] = [self.head, scores, self.dora, self.ura]
        for p in range(4):
            hand = sk.tehais[p] if p < self.n else ()
            if hand is None:
                raise _Bad(f"the deal of seat {p} is hidden")
            out += [[_code(t) for t in hand], self.takes[p], self.discards[p]]
        if not self.result:
            raise _Bad("the round has no result (hora or ryukyoku)")
        out.append(self.result)
        return out


def _meld_string(letter: str, rel: int, called: Tile, consumed: tuple[Tile, ...]) -> str:
    pos = _POS_OF_REL[letter].get(rel)
    if pos is None:
        raise _Bad(f"{letter} called from relative seat {rel}")
    codes = [f"{_code(t):02d}" for t in consumed]
    codes.insert(pos, f"{letter}{_code(called):02d}")
    return "".join(codes)


def _base_points(ev: Hora) -> int:
    limit_base = (0, 2000, 3000, 4000, 6000, 8000)
    if ev.limit:
        return limit_base[ev.limit] * max(1, (ev.han or 13) // 13 if ev.limit == 5 else 1)
    fu, han = ev.fu or 0, ev.han or 0
    return min(fu * 2 ** (han + 2), 2000)
