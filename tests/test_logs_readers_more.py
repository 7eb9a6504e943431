"""Readers as other tools write: kobalab files holding several games in one JSON array,
電脳麻将's own names, jansou's mjai; documents that hold no round are never a pass; the
tenhou.net/6 daiminkan placeholder 0 out of place."""

from __future__ import annotations

import io
import json
import random
import zipfile

import pytest

import riichi
from riichi import LogFormatError, replay_game
from riichi.actions import Discard, Nukidora, Riichi, Ron, Tsumo
from riichi.events import Hora, Ryukyoku, StartGame, StartKyoku
from riichi.events import Nukidora as NukidoraEv
from riichi.logs import (
    parse_games,
    parse_log,
    read_archive,
    read_games,
    read_kobalab,
    read_kobalab_games,
    read_logs,
    read_mjai,
    read_tenhou_protocol,
    sniff_format,
    to_mjai_objects,
)
from riichi.logs.kobalab import _rules
from riichi.replay import verify_file

# --------------------------------------------------------------------------- kobalab arrays

# one round of a real shape: the dealer (l 0 = seat 0), l 1 and l 2 draw and discard, l 3
# draws its tenth kind of terminal or honor and declares kyuushu kyuuhai
GAME = {
    "title": "四鳳東喰赤",
    "player": ["a", "b", "c", "d"],
    "qijia": 0,
    "log": [
        [
            {"qipai": {"zhuangfeng": 0, "jushu": 0, "changbang": 0, "lizhibang": 0,
                       "defen": [25000, 25000, 25000, 25000], "baopai": "z1",
                       "shoupai": ["m123456789p1234", "m123456789p5678", "s123456789p99z12",
                                   "m19p19s1559z34567"]}},
            {"zimo": {"l": 0, "p": "z2"}},
            {"dapai": {"l": 0, "p": "z2_"}},
            {"zimo": {"l": 1, "p": "z3"}},
            {"dapai": {"l": 1, "p": "z3_"}},
            {"zimo": {"l": 2, "p": "z4"}},
            {"dapai": {"l": 2, "p": "z4_"}},
            {"zimo": {"l": 3, "p": "z5"}},
            {"pingju": {"name": "九種九牌", "shoupai": ["", "", "", "m19p19s1559z345567"],
                        "fenpei": [0, 0, 0, 0]}},
        ]
    ],
}  # fmt: skip


def _array(*games) -> bytes:
    return json.dumps(list(games), ensure_ascii=False).encode()


def _bad_game() -> dict:
    g = json.loads(json.dumps(GAME))
    g["log"][0][2] = {"dapai": {"l": 0, "p": "s9"}}  # not in the dealer's hand
    return g


def test_an_array_of_games_is_sniffed_and_read_game_by_game():
    data = _array(GAME, GAME)
    assert sniff_format(data) == "kobalab"
    games = parse_games(data, "two.json")
    assert [n for n, _ in games] == ["two.json#0", "two.json#1"]
    for name, g in games:
        assert g.source == name and g.format == "kobalab" and g.rounds == 1
        rep = replay_game(g)
        assert rep.replayed and rep.rounds == 1 and rep.draws == 1 and rep.mismatches == []


def test_a_bad_game_in_an_array_is_reported_and_the_others_read():
    games = read_kobalab_games(_array(_bad_game(), GAME), "two.json")
    (_, e0), (n1, g1) = games
    assert isinstance(e0, LogFormatError) and e0.file == "two.json#0"
    assert e0.position == "round #0 event #2" and "9s" in e0.reason
    assert n1 == "two.json#1" and g1.rounds == 1


def test_one_game_readers_refuse_an_array_of_several_and_name_the_way():
    with pytest.raises(LogFormatError, match="array of 2 games: read it with read_kobalab_games"):
        read_kobalab(_array(GAME, GAME), "two.json")
    with pytest.raises(LogFormatError, match="array of 2 games"):
        parse_log(_array(GAME, GAME), "two.json")
    assert read_kobalab(_array(GAME), "one.json").rounds == 1  # an array of one is that game


def test_an_empty_array_or_log_holds_no_game():
    with pytest.raises(LogFormatError, match="empty array: no game"):
        read_kobalab_games(b"[]", "none.json")
    with pytest.raises(LogFormatError) as e:
        read_kobalab(json.dumps({**GAME, "log": []}), "x.json")
    assert e.value.position == "log" and "no round" in e.value.reason
    games = read_kobalab_games(_array(GAME, {**GAME, "log": []}), "two.json")
    assert isinstance(games[1][1], LogFormatError) and "no round" in games[1][1].reason


def test_read_logs_archives_and_verify_take_every_game(tmp_path):
    path = tmp_path / "two.json"
    path.write_bytes(_array(GAME, _bad_game(), GAME))
    items = list(read_logs([tmp_path]))
    assert [n for n, _ in items] == [f"{path}#0", f"{path}#1", f"{path}#2"]
    assert [type(x).__name__ for _, x in items] == ["GameLog", "LogFormatError", "GameLog"]
    assert [n for n, _ in read_games(path)] == [n for n, _ in items]
    zpath = tmp_path / "games.zip"
    with zipfile.ZipFile(zpath, "w") as zf:
        zf.writestr("sub/two.json", _array(GAME, GAME))
    assert [n for n, _ in read_archive(zpath)] == [f"{zpath}:sub/two.json#0",
                                                  f"{zpath}:sub/two.json#1"]  # fmt: skip
    summary = verify_file(str(path))
    assert (summary.files, summary.games, summary.rounds) == (1, 2, 2)
    assert [p.file for p in summary.unreadable] == [f"{path}#1"]


def test_real_kobalab_array_every_game_replays(shared):
    path = shared / "data" / "more" / "majiang-analog" / "multi.json"
    if not path.exists():
        pytest.skip(f"{path} not found")
    games = read_games(path)
    assert [n for n, _ in games] == [f"{path}#0", f"{path}#1"]
    for _name, g in games:
        assert not isinstance(g, Exception), g
        # 電脳麻将's default names; the title is a note, not a Tenhou table name
        assert set(g.start.names) == {"私", "下家", "対面", "上家"}
        assert (g.start.red_fives, g.start.kuitan, g.start.length) == (True, True, "hanchan")
        rep = replay_game(g)
        assert rep.replayed and rep.rounds == g.rounds > 10 and rep.wins > 0
        assert rep.mismatches == [] and rep.unsupported == []
    summary = verify_file(str(path))
    assert (summary.files, summary.games, summary.unreadable) == (1, 2, [])
    assert summary.ok and summary.rounds == sum(g.rounds for _, g in games)


@pytest.mark.parametrize(
    ("title", "rules"),
    [
        ("四鳳南喰赤", (4, True, True, "hanchan", False)),
        ("三鳳東喰赤速", (3, True, True, "tonpuusen", True)),
        ("四般東喰", (4, False, True, "tonpuusen", False)),
        ("状況役: 地和 (東四局 0本場)", (None, True, True, "hanchan", False)),
        ("電脳麻将\n2026年12月1日", (None, True, True, "hanchan", False)),
        ("東四局", (None, True, True, "hanchan", False)),
    ],
)
def test_rules_only_from_a_tenhou_table_name_that_starts_the_title(title, rules):
    assert _rules(title) == rules


def _majiang_names(game: dict, draw: str, dragon: str) -> dict:
    g = json.loads(json.dumps(game, ensure_ascii=False))
    for rnd in g["log"]:
        for ev in rnd:
            if "pingju" in ev and ev["pingju"]["name"] == "流局":
                ev["pingju"]["name"] = draw
            for y in ev.get("hule", {}).get("hupai", []):
                if y["name"] == "役牌 中":
                    y["name"] = dragon
    return g


def test_majiang_own_draw_and_dragon_names_read_as_tenhou_s(shared):
    # a real Tenhou game converted to kobalab paipu, renamed as 電脳麻将 itself writes it
    path = shared / "data" / "majiang_kobalab" / "mahjonglm" / "data2023_sample_v1.zip"
    if not path.exists():
        pytest.skip(f"{path} not found")
    with zipfile.ZipFile(path) as zf:
        doc = json.loads(zf.read("2023/2023052310gm-00a9-0000-2faa0711.txt"))
    text = json.dumps(doc, ensure_ascii=False)
    assert '"流局"' in text and '"役牌 中"' in text
    renamed = json.dumps(_majiang_names(doc, "荒牌平局", "翻牌 中"), ensure_ascii=False)
    assert '"流局"' not in renamed and '"役牌 中"' not in renamed
    a, b = read_kobalab(text, "t.json"), read_kobalab(renamed, "m.json")
    assert b.events == a.events
    assert any(isinstance(e, Hora) and ("chun", 1) in e.yaku for e in b.events)
    assert any(isinstance(e, Ryukyoku) and e.reason == "exhaustive" for e in b.events)


# --------------------------------------------------------------------------- jansou's mjai

# Tenhou mjlog draw names (jansou's Ryuukyoku.kind) -> ours
_TENHOU_DRAW = {
    "exhaustive": "exhaustive", "kyuushu_kyuuhai": "yao9", "suufon_renda": "kaze4",
    "suucha_riichi": "reach4", "suukaikan": "kan4", "sanchahou": "ron3",
    "nagashi_mangan": "nm",
}  # fmt: skip
_KEEP = ("type", "actor", "target", "pai", "consumed", "tsumogiri", "dora_marker")


def _jansou_lines(events) -> str:
    """A game as jansou's ``dump_mjai`` writes it (Snack-X/jansou src/jansou/io/mjai.py):
    bare start_game and end_game, kita, no reach_accepted, hora with actor/target/deltas
    (and uradora_markers), ryukyoku with a Tenhou draw name and [] / null per seat."""
    out = []
    for o in to_mjai_objects(events):
        t = o["type"]
        if t in ("start_game", "end_game"):
            out.append({"type": t})
        elif t == "start_kyoku":
            out.append({k: o[k] for k in ("type", "bakaze", "dora_marker", "kyoku", "honba",
                                          "kyotaku", "oya", "scores", "tehais")})  # fmt: skip
        elif t == "reach_accepted":
            continue
        elif t == "nukidora":
            out.append({"type": "kita", "actor": o["actor"], "pai": "N"})
        elif t == "hora":
            h = {"type": "hora", "actor": o["actor"], "target": o["target"], "deltas": o["deltas"]}
            if o.get("uradora_markers"):
                h["uradora_markers"] = o["uradora_markers"]
            out.append(h)
        elif t == "ryukyoku":
            r = {"type": "ryukyoku", "reason": _TENHOU_DRAW[o["reason"]], "deltas": o["deltas"]}
            tenpai = o.get("tenpais") or [False] * len(o["deltas"])
            r["tehais"] = [[] if x else None for x in tenpai]
            out.append(r)
        else:
            out.append({k: v for k, v in o.items() if k in _KEEP})
    return "\n".join(json.dumps(x, separators=(",", ":")) for x in out)  # no final newline


def _self_play(rules, seed):
    """A game by greedy seats: win, set Norths aside and riichi when they can, else discard
    the tile that leaves the lowest shanten (so wins, tenpai draws and kita all occur)."""
    rng = random.Random(seed)
    g = riichi.Game(rules, seed=seed)
    while not g.is_over:
        s = g.seats_to_act[0]
        acts = g.legal_actions(s)
        first = [a for a in acts if isinstance(a, (Tsumo, Ron, Nukidora, Riichi))]
        discards = [a for a in acts if isinstance(a, Discard)]
        if first:
            a = first[0]
        elif discards and rng.random() < 0.9:
            hand = g.round.hand(s)

            def after(d, hand=hand):
                c = [0] * 34
                for t in hand:
                    c[t >> 2] += 1
                c[d.tile >> 2] -= 1
                return riichi.shanten(c)

            a = min(discards, key=after)
        else:
            a = acts[-1] if not discards else rng.choice(discards)
        g.step(a)
    return g


@pytest.fixture(scope="module", params=["tenhou", "tenhou_sanma"])
def jansou_game(request):
    rules = getattr(riichi.Rules, request.param)()
    g = _self_play(rules, 11)
    return g, _jansou_lines(g.events)


def test_jansou_mjai_reads_and_replays_clean(jansou_game):
    g, text = jansou_game
    n = g.rules.num_players
    log = read_mjai(text, "j.mjson")
    assert log.start.players == n  # a bare start_game: the count comes from the first deal
    assert sum(isinstance(e, Hora) for e in log.events) > 0
    if n == 3:
        assert sum(isinstance(e, NukidoraEv) for e in log.events) > 0
    rep = replay_game(log)
    assert rep.replayed and rep.rounds == len(g.rounds) and rep.wins > 0
    assert rep.mismatches == [] and rep.unsupported == []


def test_jansou_mjai_settlements_are_checked(jansou_game):
    _g, text = jansou_game
    lines = text.split("\n")
    i = next(i for i, ln in enumerate(lines) if '"type":"hora"' in ln)
    hora = json.loads(lines[i])
    hora["deltas"] = [d + (100 if k == hora["actor"] else 0) for k, d in enumerate(hora["deltas"])]
    lines[i] = json.dumps(hora)
    rep = replay_game(read_mjai("\n".join(lines), "j.mjson"))
    assert any(m.field == "hora.deltas" for m in rep.mismatches)


@pytest.mark.parametrize(("name", "reason"), [(v, k) for k, v in _TENHOU_DRAW.items()])
def test_jansou_draw_names_and_tenpai_marks(name, reason):
    deal = {"type": "start_kyoku", "bakaze": "E", "dora_marker": "1m", "kyoku": 1, "honba": 0,
            "kyotaku": 0, "oya": 0, "scores": [25000] * 4,
            "tehais": [["1m"] * 13, ["2m"] * 13, ["3m"] * 13, ["4m"] * 13]}  # fmt: skip
    draw = {"type": "ryukyoku", "reason": name, "deltas": [1500, -1500, 1500, -1500],
            "tehais": [[], None, [], None]}  # fmt: skip
    text = "\n".join(json.dumps(o) for o in ({"type": "start_game"}, deal, draw))
    (ev,) = [e for e in read_mjai(text, "j.mjson").events if isinstance(e, Ryukyoku)]
    assert ev.reason == reason and ev.hands is None
    want = (True, False, True, False) if reason in ("exhaustive", "nagashi_mangan") else None
    assert ev.tenpai == want


def test_a_ron_on_a_kita_takes_the_north_as_the_winning_tile():
    deal = {"type": "start_kyoku", "bakaze": "E", "dora_marker": "1p", "kyoku": 1, "honba": 0,
            "kyotaku": 0, "oya": 0, "scores": [35000] * 3,
            "tehais": [["N"] * 4 + ["1p"] * 9, ["2p"] * 13, ["3p"] * 13]}  # fmt: skip
    objs = [{"type": "start_game"}, deal, {"type": "tsumo", "actor": 0, "pai": "9p"},
            {"type": "kita", "actor": 0, "pai": "N"},
            {"type": "hora", "actor": 1, "target": 0, "deltas": [-1000, 1000, 0]}]  # fmt: skip
    log = read_mjai("\n".join(json.dumps(o) for o in objs), "k.mjson")
    assert isinstance(log.events[0], StartGame) and log.start.players == 3
    hora = log.events[-1]
    assert isinstance(hora, Hora) and str(hora.pai) == "4z"


# --------------------------------------------------------------------------- no round, no pass

_START = '{"type":"start_game","names":["a","b","c","d"]}'
_KYOKU = json.dumps({"type": "start_kyoku", "bakaze": "E", "dora_marker": "1m", "kyoku": 1,
                     "honba": 0, "kyotaku": 0, "oya": 0, "scores": [25000] * 4,
                     "tehais": [["1m"] * 13, ["2m"] * 13, ["3m"] * 13, ["4m"] * 13]})  # fmt: skip


@pytest.mark.parametrize(
    ("lines", "why"),
    [
        ([_START], "no round to replay"),
        ([_START, '{"type":"end_game"}'], "no round to replay"),
        ([_START, '{"type":"none"}', '{"type":"error"}'], "no round to replay"),
        ([_START, _KYOKU, '{"type":"end_game"}', _START, _KYOKU], "line 4: a second start_game"),
        ([_START, _KYOKU, '{"type":"end_game"}', '{"type":"end_kyoku"}'],
         "line 4: end_kyoku after end_game"),
    ],
)
def test_mjai_documents_that_are_not_one_replayable_game_are_unsupported(tmp_path, lines, why):
    text = "\n".join(lines) + "\n"
    log = read_mjai(text, "x.mjson")
    assert why in log.meta["unsupported"]
    rep = replay_game(log)
    assert not rep.replayed and rep.rounds == 0
    assert [p.reason for p in rep.unsupported] == [log.meta["unsupported"]]
    path = tmp_path / "x.mjson"
    path.write_text(text)
    summary = verify_file(str(path))
    # a document without a round is not a game at all: unreadable, like the other formats'
    roundless = why == "no round to replay"
    assert (summary.games, summary.rounds) == (0, 0)
    assert (len(summary.unreadable), len(summary.unsupported)) == (
        (1, 0) if roundless else (0, 1)
    )


def test_kobalab_documents_without_a_round_are_unreadable(tmp_path):
    for doc in ({**GAME, "log": []}, {**GAME, "log": [[]]}, [], [{**GAME, "log": []}]):
        path = tmp_path / "k.json"
        path.write_text(json.dumps(doc))
        summary = verify_file(str(path))
        assert summary.games == 0 and len(summary.unreadable) == 1, doc


def test_kobalab_unknown_record_kind_is_unreadable():
    g = json.loads(json.dumps(GAME))
    g["log"][0].insert(3, {"kita": {"l": 0}})
    with pytest.raises(LogFormatError, match="unknown event 'kita'"):
        read_kobalab(json.dumps(g), "k.json")


@pytest.mark.parametrize(
    "text",
    [
        'Get: <GO type="169" lobby="0"/>\n',  # a header only
        'Get: <GO type="169"/>\nGet: <UN n0="a" n1="b" n2="c" n3="d"/>\nGet: <TAIKYOKU oya="0"/>\n',
    ],
)
def test_protocol_transcripts_are_never_replayed(tmp_path, text):
    log = read_tenhou_protocol(text.encode(), "t.txt")
    assert log.rounds == 0 and log.meta["unsupported"]
    path = tmp_path / "t.txt"
    path.write_text(text)
    summary = verify_file(str(path))
    assert (summary.games, len(summary.unsupported), summary.unreadable) == (0, 1, [])


def test_protocol_transcript_without_a_game_is_unreadable():
    with pytest.raises(LogFormatError, match="no game in it"):
        read_tenhou_protocol(b"Send: <HELO name=\"x\"/>\nGet: <LN/>\n", "t.txt")


# --------------------------------------------------------------------------- tenhou.net/6 zero


def test_a_zero_discard_without_a_daiminkan_is_named(shared):
    path = shared / "data" / "tenhou6" / "sanma-engine" / "zero_tile_round.json"
    if not path.exists():
        pytest.skip(f"{path} not found")
    with pytest.raises(LogFormatError) as info:
        parse_log(path.read_bytes(), "z.json")
    assert info.value.position == "round #0"
    assert "seat 0 discard #0: 0 is the placeholder a daiminkan leaves" in info.value.reason
    # the same round with the nukidora it replaced (sample_round.json) reads and replays
    doc = json.loads(path.read_text())
    assert doc["log"][0][6][0] == 0
    doc["log"][0][6][0] = "f44"
    rep = replay_game(parse_log(json.dumps(doc).encode(), "fixed.json"))
    assert rep.replayed and rep.rounds == 1 and rep.mismatches == []


def test_zip_member_with_a_kobalab_array_counts_one_game_per_item(tmp_path):
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("a.json", _array(GAME, GAME, GAME))
        zf.writestr("b.json", json.dumps(GAME))
    path = tmp_path / "z.zip"
    path.write_bytes(buf.getvalue())
    names = [n for n, g in read_archive(path) if isinstance(g, riichi.GameLog)]
    assert names == [f"{path}:a.json#0", f"{path}:a.json#1", f"{path}:a.json#2",
                     f"{path}:b.json"]  # fmt: skip
    assert all(isinstance(e, StartKyoku) for n, g in read_archive(path) for e in g.events[1:2])
