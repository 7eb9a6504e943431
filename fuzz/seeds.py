"""Seed inputs read at run time from the real logs in ``../shared/data`` (``RIICHI_SHARED``
moves it). Nothing of it is copied into the repository; without it the harnesses start from
the small made-up inputs in :data:`FALLBACK` and say so.
"""

from __future__ import annotations

import functools
import io
import os
import re
import zipfile
from pathlib import Path

from riichi import RiichiError, format_counts
from riichi.logs import sniff_format
from riichi.logs.sniff import decompress, is_zip

SHARED = Path(os.environ.get("RIICHI_SHARED", Path(__file__).resolve().parents[1] / ".." / "shared"))
DATA = SHARED / "data"

#: Larger files are left out: mutating and replaying them is slow, and the small ones cover
#: the same structures.
MAX_SEED_BYTES = 256 * 1024

#: Tiny made-up inputs per format, used when ../shared/data is absent.
FALLBACK: dict[str, list[bytes]] = {
    "tenhou_xml": [
        b'<mjloggm ver="2.3"><GO type="169" lobby="0"/><UN n0="a" n1="b" n2="c" n3="d"/>'
        b'<TAIKYOKU oya="0"/><INIT seed="0,0,0,2,3,52" ten="250,250,250,250" oya="0" '
        b'hai0="0,1,2,3,4,5,6,7,8,9,10,11,12" hai1="13,14,15,17,18,19,20,21,22,23,24,25,26" '
        b'hai2="27,28,29,30,31,32,33,34,35,36,37,38,39" '
        b'hai3="40,41,42,43,44,45,46,47,48,49,50,51,53"/><T16/><D16/>'
        b'<RYUUKYOKU ba="0,0" sc="250,0,250,0,250,0,250,0"/></mjloggm>'
    ],
    "tenhou6": [
        b'{"title":["",""],"name":["a","b","c","d"],"rule":{"disp":"x","aka":1},"log":'
        b'[[[0,0,0],[25000,25000,25000,25000],[11],[],[11,12,13,14,15,16,17,18,19,21,22,23,24],'
        b'[25],[25],[31,32,33,34,35,36,37,38,39,41,42,43,44],[],[],'
        b'[45,46,47,51,52,53,54,55,56,57,11,12,13],[],[],[14,15,16,17,18,19,21,22,23,24,25,26,27],'
        b'[],[],["\\u6d41\\u5c40",[0,0,0,0]]]]}'
    ],
    "mjai": [
        b'{"type":"start_game","names":["a","b","c","d"]}\n'
        b'{"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,'
        b'"dora_marker":"1m","tehais":[["1m","2m","3m","4m","5m","6m","7m","8m","9m","1p","2p","3p","4p"],'
        b'["1s","2s","3s","4s","5s","6s","7s","8s","9s","E","S","W","N"],'
        b'["1m","2m","3m","4m","5m","6m","7m","8m","9m","1p","2p","3p","4p"],'
        b'["1s","2s","3s","4s","5s","6s","7s","8s","9s","E","S","W","N"]]}\n'
        b'{"type":"tsumo","actor":0,"pai":"5p"}\n{"type":"dahai","actor":0,"pai":"5p","tsumogiri":true}\n'
        b'{"type":"end_game"}\n'
    ],
    "kobalab": [
        b'{"title":"x","player":["a","b","c","d"],"qijia":0,"log":[[{"qipai":{"zhuangfeng":0,'
        b'"jushu":0,"changbang":0,"lizhibang":0,"defen":[25000,25000,25000,25000],"baopai":"m1",'
        b'"shoupai":["m123456789p1234","s123456789z1234","m123456789p1234","s123456789z1234"]}}]]}'
    ],
    "majsoul": [
        b'{"head":{"config":{"mode":{"mode":1}}},"data":{"name":".lq.GameDetailRecords",'
        b'"data":{"records":[]}}}'
    ],
    "tenhou_protocol": [
        b'Get: <HELO uname="a" auth="x"/>\nGet: <TAIKYOKU oya="0"/>\n'
        b'Get: <AGARI ba="0,0" hai="0,1,2,4,5,6,8,9,10,108,109,110,112,113" machi="113" '
        b'ten="40,2600,0" yaku="7,1" doraHai="60" who="0" fromWho="1" '
        b'sc="250,26,250,-26,250,0,250,0"/>\n'
    ],
}


@functools.lru_cache(maxsize=1)
def logs() -> dict[str, list[bytes]]:
    """Real logs by format (``"tenhou_xml"``, ``"tenhou6"``, ``"mjai"``, ``"kobalab"``,
    ``"majsoul"``, ``"tenhou_protocol"``), un-gzipped, plus ``"zip"`` (archives as they are
    on disk) and ``"gzip"`` (files stored gzipped); sorted by path, so runs are repeatable."""
    out: dict[str, list[bytes]] = {k: [] for k in (*FALLBACK, "zip", "gzip")}
    if not DATA.is_dir():
        return {k: list(v) for k, v in FALLBACK.items()} | {"zip": [], "gzip": []}
    for path in sorted(p for p in DATA.rglob("*") if p.is_file()):
        if path.suffix in (".md", ".tsv"):
            continue
        raw = path.read_bytes()
        if is_zip(raw):
            if len(raw) <= MAX_SEED_BYTES:
                out["zip"].append(raw)
            with zipfile.ZipFile(io.BytesIO(raw)) as zf:
                members = [zf.read(i) for i in zf.infolist() if not i.is_dir()]
            for data in members:
                _add(out, data, data)
            continue
        _add(out, raw, decompress(raw) if raw[:2] == b"\x1f\x8b" else raw)
    for k, v in FALLBACK.items():
        if not out[k]:
            out[k] = list(v)
    return out


def _add(out: dict[str, list[bytes]], raw: bytes, data: bytes) -> None:
    """File it under its format; a long mjai log is cut to its first lines (a fragment)."""
    try:
        fmt = sniff_format(data)
    except RiichiError:
        return
    if len(data) > MAX_SEED_BYTES and not (fmt == "majsoul" and len(data) <= 4 * MAX_SEED_BYTES):
        if fmt != "mjai":
            return  # (the one real Mahjong Soul record of the data is 750 KB: kept)
        data = data[: data.rindex(b"\n", 0, MAX_SEED_BYTES) + 1]
    elif data is not raw:
        out["gzip"].append(raw)
    out.setdefault(fmt, []).append(data)


_AGARI_HAI = re.compile(rb'<AGARI [^>]*?hai="([0-9,]+)"[^>]*?machi="([0-9]+)"')


@functools.lru_cache(maxsize=1)
def winning_hands() -> list[tuple[str, str]]:
    """Closed winning hands of the real mjlog ``<AGARI>`` tags: ``(hand text, win tile text)``
    pairs such as ``("123m406p789s11222z", "2z")`` (a few made-up ones without the data)."""
    hands: list[tuple[str, str]] = []
    for data in logs()["tenhou_xml"] + logs()["tenhou_protocol"]:
        for m in _AGARI_HAI.finditer(data):
            if b" m=" in m.group(0):
                continue  # called melds: their tiles are not in hai
            ids = [int(x) for x in m.group(1).split(b",")]
            if len(ids) != 14 or max(ids) > 135:
                continue
            counts = [0] * 34
            red = [0, 0, 0]
            for t in ids:
                counts[t // 4] += 1
                if t in (16, 52, 88):
                    red[t // 36] += 1
            win = int(m.group(2))
            win_text = format_counts([int(k == win // 4) for k in range(34)], (0, 0, 0))
            hands.append((format_counts(counts, tuple(red)), win_text))
    if not hands:
        hands = [("123m406p789s11222z", "2z"), ("19m19p19s1234567z7z", "7z"),
                 ("2233445566778m8m", "8m")]
    return hands
