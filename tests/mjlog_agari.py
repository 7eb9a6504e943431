"""Test helper: read every AGARI of Tenhou mjlog files and score it from its own tag.

Reads with the standard library only (regular expressions over the tags, so a file that is not
well-formed XML still yields its wins). Files may be gzip regardless of extension.

Tenhou's AGARI fields used (see the mjlog format notes in ../shared/data/MANIFEST.md):
``hai`` concealed tile ids incl. the winning tile, ``machi`` winning tile id, ``m`` meld codes,
``doraHai``/``doraHaiUra`` indicator ids, ``who``/``fromWho``, ``ba`` = honba,kyotaku,
``ten`` = fu,points,limit, ``yaku`` = id,han pairs or ``yakuman`` = ids, ``sc`` = score,delta
pairs in hundreds, ``paoWho``. Winds come from the INIT seed (round index // 4 -> round wind)
and ``oya`` (dealer seat).
"""

from __future__ import annotations

import gzip
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import riichi

# REINIT: a protocol transcript's reconnection (the round state, INIT's attributes and more)
TAG = re.compile(r"<(GO|INIT|REINIT|AGARI|TAIKYOKU)\s([^>]*?)/?>")
ATTR = re.compile(r'(\w+)="([^"]*)"')
RED_IDS = {16, 52, 88}
# yaku ids taken from the log as inputs (the situation, not the hand)
SITUATIONAL = {
    1: "riichi",
    2: "ippatsu",
    3: "chankan",
    4: "rinshan",
    5: "haitei",
    6: "houtei",
    21: "double_riichi",
    37: "tenhou",
    38: "chiihou",
}
KNOWN_FAULTS = {"tenhou-python-bot/23.txt", "tenhou-python-bot/24.txt", "tenhou-python-bot/25.txt"}


def shared_dir() -> Path:
    env = os.environ.get("RIICHI_SHARED")
    if env:
        return Path(env)
    return Path(__file__).resolve().parents[1] / ".." / "shared"


def read_text(path: Path) -> str:
    data = path.read_bytes()
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    return data.decode("utf-8", "replace")


def mjlog_files(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*") if p.is_file())


@dataclass
class Meld:
    text: str  # riichi meld notation, e.g. "pon:055m@2"
    nuki: bool = False
    ids: tuple = ()  # Tenhou tile ids (the called one first)
    kind: str = ""


def _tiles_text(ids: list[int], red_on: bool) -> str:
    """Tile ids in the given order as mpsz digits + suit (one suit)."""
    digits = ""
    for i in ids:
        k = i // 4
        n = k % 9 + 1
        digits += "0" if (red_on and i in RED_IDS) else str(n)
    return digits + "mpsz"[ids[0] // 4 // 9]


def decode_meld(code: int, red_on: bool) -> Meld:
    """Decode Tenhou's meld bit field."""
    src = code & 3
    if code & 0x4:  # chi
        t = code >> 10
        called_i = t % 3
        t //= 3
        base = (t // 7) * 9 + t % 7
        ids = [(base + i) * 4 + ((code >> (3 + 2 * i)) & 3) for i in range(3)]
        order = [ids[called_i]] + [x for j, x in enumerate(ids) if j != called_i]
        return Meld(f"chi:{_tiles_text(order, red_on)}@{src}", ids=tuple(order), kind="chi")
    if code & 0x18:  # pon (0x8) or kakan (0x10)
        t = code >> 9
        t //= 3
        unused = (code >> 5) & 3
        kind = "pon" if code & 0x8 else "kakan"
        ids = [t * 4 + i for i in range(4) if kind == "kakan" or i != unused]
        return Meld(f"{kind}:{_tiles_text(ids, red_on)}@{src}", ids=tuple(ids), kind=kind)
    if code & 0x20:  # nuki (three-player north)
        return Meld("", nuki=True)
    hai0 = code >> 8
    kind_t = hai0 // 4
    ids = [kind_t * 4 + i for i in range(4)]
    kind = "ankan" if src == 0 else "daiminkan"
    return Meld(f"{kind}:{_tiles_text(ids, red_on)}@{src}", ids=tuple(ids), kind=kind)


def _ints(s: str) -> list[int]:
    return [int(x) for x in s.split(",") if x.strip() != ""]


@dataclass
class Win:
    file: str
    index: int
    sanma: bool
    red_on: bool
    hand_text: str
    win_tile: int
    kwargs: dict[str, Any]
    fu: int
    points: int
    limit: int
    yaku: dict[int, int]  # id -> han (non-yakuman)
    yakuman: list[int]
    deltas: list[int]  # in points, per seat
    who: int
    from_who: int
    oya: int
    pao: int | None
    tag: str = field(repr=False, default="")
    go_type: int = 0


def parse_wins(path: Path, rel: str) -> Iterator[Win]:
    return parse_wins_text(read_text(path), rel)


def parse_wins_text(text: str, rel: str) -> Iterator[Win]:
    """The wins of mjlog-style tags in ``text`` (an mjlog, or a protocol transcript's server
    messages), in order; GO / INIT tags update the rules and the round as they come."""
    go_type = 0
    oya = 0
    round_index = 0
    n = 0
    in_round = 0
    for m in TAG.finditer(text):
        name, attrs = m.group(1), dict(ATTR.findall(m.group(2)))
        if name == "GO":
            go_type = int(attrs.get("type", "0"))
        elif name in ("INIT", "REINIT"):
            seed = _ints(attrs["seed"])
            round_index = seed[0]
            oya = int(attrs["oya"])
            in_round = 0
        elif name == "AGARI":
            sanma = bool(go_type & 0x10)
            red_on = not (go_type & 0x2)
            w = _win(rel, n, attrs, sanma, red_on, oya, round_index, m.group(0))
            w.go_type = go_type
            if in_round > 0:
                # Tenhou: on a double ron honba and kyotaku go to the first winner only.
                w.kwargs["honba"] = w.kwargs["kyotaku"] = 0
            in_round += 1
            yield w
            n += 1


def _win(rel, n, a, sanma, red_on, oya, round_index, tag) -> Win:
    players = 3 if sanma else 4
    hai = _ints(a["hai"])
    machi = int(a["machi"])
    melds = [decode_meld(c, red_on) for c in _ints(a.get("m", ""))]
    nuki = sum(1 for x in melds if x.nuki)
    counts = [0] * 34
    red = [0, 0, 0]
    for i in hai:
        counts[i // 4] += 1
        if red_on and i in RED_IDS:
            red[i // 36] += 1
    concealed = riichi.format_counts(counts, tuple(red))
    hand_text = " ".join([concealed] + [x.text for x in melds if not x.nuki])
    yaku_l = _ints(a.get("yaku", ""))
    yaku = {yaku_l[i]: yaku_l[i + 1] for i in range(0, len(yaku_l), 2)}
    yakuman = _ints(a.get("yakuman", ""))
    who, from_who = int(a["who"]), int(a["fromWho"])
    honba, kyotaku = _ints(a["ba"])
    ten = _ints(a["ten"])
    sc = _ints(a["sc"])
    kwargs: dict[str, Any] = {
        "tsumo": who == from_who,
        "seat_wind": 27 + (who - oya) % players,
        "round_wind": 27 + round_index // 4,
        "dora_indicators": [i // 4 for i in _ints(a.get("doraHai", ""))],
        "ura_indicators": [i // 4 for i in _ints(a.get("doraHaiUra", ""))],
        "honba": honba,
        "kyotaku": kyotaku,
    }
    if nuki:
        kwargs["nukidora"] = nuki
    for yid, flag in SITUATIONAL.items():
        if yid in yaku or yid in yakuman:
            kwargs[flag] = True
    return Win(
        file=rel,
        index=n,
        sanma=sanma,
        red_on=red_on,
        hand_text=hand_text,
        win_tile=machi // 4,
        kwargs=kwargs,
        fu=ten[0],
        points=ten[1],
        limit=ten[2],
        yaku=yaku,
        yakuman=yakuman,
        deltas=[sc[2 * i + 1] * 100 for i in range(len(sc) // 2)],
        who=who,
        from_who=from_who,
        oya=oya,
        pao=int(a["paoWho"]) if "paoWho" in a else None,
        tag=tag,
    )


LIMIT_CODE = {
    None: 0,
    "mangan": 1,
    "haneman": 2,
    "baiman": 3,
    "sanbaiman": 4,
}


def rules_for(win: Win) -> riichi.Rules:
    # GO bit 0x200 marks Tenhou's special (chip) lobbies; their logs round 4 han 30 fu and
    # 3 han 60 fu up to mangan (e.g. dnovikoff-tenhou/chip.xml_: 4h30f dealer tsumo = 12000).
    # GO bit 0x400 pays 1,500 per honba (ratio1.xml_: a 1-honba ron mangan pays 9500).
    go = win.go_type
    return _RULES[(win.sanma, win.red_on, bool(go & 0x200), bool(go & 0x400))]


def _tenhou(sanma: bool, red: bool, kiriage: bool, honba1500: bool) -> riichi.Rules:
    r = riichi.Rules.tenhou(red=red).replace(kiriage_mangan=kiriage)
    if sanma:
        r = r.replace(num_players=3, honba_points=200, uma=(15000, 0, -15000))
    if honba1500:
        r = r.replace(honba_points=1500)
    return r


_RULES = {
    (s, red, k, h): _tenhou(s, red, k, h)
    for s in (False, True)
    for red in (False, True)
    for k in (False, True)
    for h in (False, True)
}


def expected_deltas(win: Win, r: riichi.ScoreResult) -> list[int]:
    players = 3 if win.sanma else 4
    d = [0] * players
    if win.kwargs["tsumo"]:
        for s in range(players):
            if s == win.who:
                continue
            d[s] = -(r.tsumo_dealer_payment if s == win.oya else r.tsumo_nondealer_payment)
    else:
        d[win.from_who] = -r.ron_payment
    d[win.who] = r.total
    return d


def check(win: Win) -> tuple[riichi.ScoreResult | None, list[str]]:
    """Score one win; return the result and the list of disagreements (empty: agrees)."""
    try:
        r = riichi.score(win.hand_text, win.win_tile, rules=rules_for(win), **win.kwargs)
    except riichi.RiichiError as e:
        return None, [f"error: {e}"]
    problems = []
    if not r.has_yaku:
        problems.append(f"no win: is_agari={r.is_agari}")
        return r, problems
    if win.yakuman:
        if sorted(r.yaku_ids) != sorted(win.yakuman):
            problems.append(f"yakuman {sorted(r.yaku_ids)} != {sorted(win.yakuman)}")
    else:
        mine = {i: h for i, h in zip(r.yaku_ids, (h for _, h in r.yaku))}
        theirs = {i: h for i, h in win.yaku.items() if h > 0}
        if mine != theirs:
            problems.append(f"yaku {mine} != {theirs}")
        if r.han != sum(win.yaku.values()):
            problems.append(f"han {r.han} != {sum(win.yaku.values())}")
    if r.fu != win.fu:
        problems.append(f"fu {r.fu} != {win.fu}")
    if r.points != win.points:
        problems.append(f"points {r.points} != {win.points}")
    code = 5 if (r.limit and "yakuman" in r.limit) else LIMIT_CODE.get(r.limit, -1)
    if r.limit == "mangan" and r.han < 5 and r.fu * 2 ** (r.han + 2) < 2000:
        code = 0  # kiriage mangan: Tenhou writes the points of a mangan with limit code 0
    if code != win.limit:
        problems.append(f"limit {r.limit} != code {win.limit}")
    if win.pao is None:
        exp = expected_deltas(win, r)
        got = win.deltas[: len(exp)]
        if exp != got:
            problems.append(f"deltas {exp} != {got}")
    elif win.deltas[win.who] != r.total:
        problems.append(f"pao winner delta {r.total} != {win.deltas[win.who]}")
    return r, problems


def all_wins(root: Path, limit_files: int | None = None) -> Iterator[Win]:
    files = mjlog_files(root)
    if limit_files is not None:
        files = files[:: max(1, len(files) // limit_files)][:limit_files]
    for p in files:
        rel = p.relative_to(root).as_posix()
        yield from parse_wins(p, rel)
