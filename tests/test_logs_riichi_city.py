"""Riichi City game logs: the reader, its errors, and the eleven real three-player games
replayed under ``Rules.riichi_city_sanma``.

Real data is read from ../shared/data/more/RiichiCityTournamentBot (never copied here; see
its MANIFEST.md); the made-up documents are built below, tile by tile.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from riichi import LogFormatError, Rules
from riichi.events import Dahai, Hora, Nukidora, ReachAccepted, Ryukyoku, StartKyoku, Tsumo
from riichi.logs import parse_log, read_log, sniff_format
from riichi.logs.riichi_city import read_riichi_city, riichi_city_tile
from riichi.logs.riichi_city_names import RIICHI_CITY_YAKU, riichi_city_yaku
from riichi.replay import replay_game
from riichi.tiles import TileKind

GAMES = "RiichiCityTournamentBot"

#: rounds, wins and draws of each game (counted from the files: one handRecord a round, one
#: win_info entry a win, end_type 7 a draw)
COUNTS = {
    "cd1aa9uai08a0i7csbjg": (11, 11, 0),
    "cd1akouai08a0i7ctb6g": (9, 8, 1),
    "cd1an16ai08a0i7cthlg": (8, 7, 1),
    "cd1anteai08a0i7ctjbg": (6, 6, 0),
    "cd1atc6ai08a0i7cu1c0": (8, 7, 1),
    "cd1b5q6ai08a0i7cummg": (9, 7, 2),
    "cd1b7quai08a0i7cuqrg": (9, 9, 0),
    "cd1bilmai08a0i7cvlh0": (17, 15, 2),
    "cd1c50eai08a0i7d1dlg": (15, 12, 3),
    "cd1cm9mai08a0i7d3ht0": (13, 12, 1),
    "cd1d6beai08a0i7d5bh0": (11, 11, 0),
}

#: The settlements that need the two Riichi City rules of Rules.riichi_city_sanma beyond
#: the usual ones (read from the files): the exhaustive draws with two tenpai players, paid
#: 2,000 to each (noten_payment_split="per_tenpai"; a total of 2,000 would pay 1,000 each),
#: and the one rinshan kaihou after a kan, logged at 60 fu for 20 + 8 + 16 + 16
#: (rinshan_tsumo_fu=False; with the tsumo fu: 70).
RIICHI_CITY_RULES = {
    ("cd1atc6ai08a0i7cu1c0", "S2-0"): ("hora.fu", 60),
    ("cd1atc6ai08a0i7cu1c0", "S2-1"): ("ryukyoku.deltas", (-4000, 2000, 2000)),
    ("cd1bilmai08a0i7cvlh0", "E1-1"): ("ryukyoku.deltas", (2000, -4000, 2000)),
    ("cd1bilmai08a0i7cvlh0", "S2-0"): ("ryukyoku.deltas", (-4000, 2000, 2000)),
    ("cd1c50eai08a0i7d1dlg", "S3-0"): ("ryukyoku.deltas", (-4000, 2000, 2000)),
}


@pytest.fixture(scope="module")
def games_dir(shared: Path) -> Path:
    d = shared / "data" / "more" / GAMES
    if not d.is_dir():
        pytest.skip(f"Riichi City games not found under {d}")
    return d


# --------------------------------------------------------------------------- real games


def test_the_eleven_games_replay_with_every_settlement_checked(games_dir):
    seen = set()
    found = set()
    for path in sorted(games_dir.glob("*.json")):
        key = path.stem
        seen.add(key)
        game = read_log(path)
        assert game.format == "riichi_city" and game.meta["key"] == key
        assert "unsupported" not in game.meta and game.meta["complete"]
        assert game.meta["rules"] == Rules.riichi_city_sanma()
        assert game.start.players == 3 and all(game.start.names)
        assert (game.rounds, game.wins, game.draws) == COUNTS[key]
        rep = replay_game(game)
        assert rep.replayed and not rep.unsupported and not rep.fragment
        assert rep.rounds == COUNTS[key][0]
        found |= {(key, m.round, m.field, repr(m.logged), repr(m.computed)) for m in rep.mismatches}
    assert seen == set(COUNTS)
    assert not found, sorted(found, key=str)


@pytest.mark.parametrize(
    ("change", "rounds"),
    [
        ({"noten_payment_split": "total"}, {r for r, v in RIICHI_CITY_RULES.items() if "ryu" in v[0]}),
        ({"rinshan_tsumo_fu": True}, {r for r, v in RIICHI_CITY_RULES.items() if "hora" in v[0]}),
    ],
    ids=["noten_payment_split", "rinshan_tsumo_fu"],
)
def test_each_riichi_city_rule_is_what_its_settlements_need(games_dir, change, rounds):
    """Without the option the rounds that need it (and only those) fail to replay, on the
    field and with the value the record holds."""
    rules = Rules.riichi_city_sanma().replace(**change)
    found = {}
    for key in sorted({k for k, _ in RIICHI_CITY_RULES}):
        rep = replay_game(read_log(games_dir / f"{key}.json"), rules=rules)
        for m in rep.mismatches:
            if not m.field.endswith(".scores"):  # a draw's scores follow its deltas
                logged = tuple(m.logged) if isinstance(m.logged, list) else m.logged
                found[(key, m.round)] = (m.field, logged)
    assert set(found) == rounds
    assert found == {r: RIICHI_CITY_RULES[r] for r in rounds}


def test_final_points_are_the_difference_to_50000_plus_uma_10_0_minus_10(games_dir):
    game = read_log(games_dir / "cd1anteai08a0i7ctjbg.json")
    end = game.events[-1]
    assert end.type == "end_game"
    by_score = sorted(zip(end.scores, end.points), reverse=True)
    assert [p for _, p in by_score] == [
        (s - 50000) / 1000 + u for (s, _), u in zip(by_score, (10, 0, -10))
    ]
    assert sum(end.scores) == 150000 and min(end.scores) < 0  # this game ends by tobi


def test_kita_riichi_and_the_dealers_first_draw_come_from_the_wall(games_dir):
    path = games_dir / "cd1anteai08a0i7ctjbg.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    wall = doc["handRecord"][0]["handCardEncode"]
    game = read_log(path)
    st = game.events[1]
    assert isinstance(st, StartKyoku) and st.oya == 0 and st.scores == (50000,) * 3
    assert str(st.dora_marker) == wall[2 * 99 : 2 * 99 + 2]  # the ninth tile from the back
    first = game.events[2]
    assert isinstance(first, Tsumo) and first.actor == 0 and str(first.pai) == wall[78:80]
    # seat 1 sets its first draw (a North) aside and draws the last tile of the wall
    assert isinstance(game.events[5], Nukidora) and game.events[5].actor == 1
    assert str(game.events[6].pai) == wall[-2:]
    accepted = [e for e in game.events if isinstance(e, ReachAccepted)]
    assert accepted[0].actor == 1 and accepted[0].scores == (50000, 49000, 50000)


def test_tsumogiri_follows_the_slot_of_the_drawn_tile(games_dir):
    """A player in riichi after an ankan and a kita holds 11 tiles: slot 11 is the drawn
    one (``move_cards_pos`` [11, 10]), so the discard is tsumogiri."""
    game = read_log(games_dir / "cd1atc6ai08a0i7cu1c0.json")
    ev = game.events[34]
    assert isinstance(ev, Dahai) and ev.actor == 0 and ev.tsumogiri and str(ev.pai) == "1p"


# --------------------------------------------------------------------------- errors


def test_a_truncated_file_is_unreadable_naming_the_document(games_dir):
    data = (games_dir / "cd1anteai08a0i7ctjbg.json").read_bytes()
    with pytest.raises(LogFormatError) as err:
        parse_log(data[: len(data) // 2], "cut.json")
    assert err.value.position == "document" and "not JSON" in err.value.reason


def _real_doc(games_dir: Path) -> dict:
    return json.loads((games_dir / "cd1anteai08a0i7ctjbg.json").read_text(encoding="utf-8"))


def test_a_draw_that_is_not_the_walls_next_tile_names_the_event(games_dir):
    doc = _real_doc(games_dir)
    rec = doc["handRecord"][1]["handEventRecord"]
    j = next(j for j, e in enumerate(rec) if e["eventType"] == 2 and '"in_card":0' not in e["data"])
    data = json.loads(rec[j]["data"])
    data["in_card"] = 0x91 if data["in_card"] != 0x91 else 0x81  # chun / hatsu instead
    rec[j]["data"] = json.dumps(data)
    with pytest.raises(LogFormatError) as err:
        read_riichi_city(json.dumps(doc), "x.json")
    assert err.value.position == f"handRecord[1].handEventRecord[{j}] (eventType 2)"
    assert "the wall's next tile (handCardEncode)" in err.value.reason


def test_a_pai_shan_that_is_not_the_wall_after_the_deal_is_refused(games_dir):
    doc = _real_doc(games_dir)
    ps = doc["handRecord"][3]["paiShan"]
    ps[0], ps[-1] = ps[-1], ps[0]
    assert ps[0] != ps[-1]
    with pytest.raises(LogFormatError) as err:
        read_riichi_city(json.dumps(doc), "x.json")
    assert err.value.position == "handRecord[3]"
    assert "paiShan is not the wall" in err.value.reason


def test_a_garbled_wall_is_refused_by_its_sha256(games_dir):
    doc = _real_doc(games_dir)
    h = doc["handRecord"][2]
    wall = h["handCardEncode"]
    h["handCardEncode"] = wall[2:4] + wall[:2] + wall[4:]  # two tiles swapped
    assert wall[:2] != wall[2:4]
    with pytest.raises(LogFormatError) as err:
        read_riichi_city(json.dumps(doc), "x.json")
    assert err.value.position == "handRecord[2]" and "handCardsSHA256" in err.value.reason


@pytest.mark.parametrize(
    ("mutate", "where", "message"),
    [
        (lambda e: e.update(data="{not json"), "eventType 4", "data is not JSON"),
        (lambda e: e.update(eventType=42), "eventType 42", "unknown eventType 42"),
        (lambda e: e.update(data=e["data"].replace('"action":11', '"action":99')),
         "eventType 4", "unknown action 99"),
        (lambda e: e.update(data=e["data"].replace('"card":', '"card":999,"x":')),
         "eventType 4", "999 is not a Riichi City tile code"),
        (lambda e: e.update(userId=123), "eventType 4", "userId 123 is not a player"),
    ],
)
def test_a_bad_event_names_its_hand_event_and_value(games_dir, mutate, where, message):
    doc = _real_doc(games_dir)
    rec = doc["handRecord"][0]["handEventRecord"]
    j = next(j for j, e in enumerate(rec) if e["eventType"] == 4 and '"action":11' in e["data"])
    mutate(rec[j])
    with pytest.raises(LogFormatError) as err:
        read_riichi_city(json.dumps(doc), "x.json")
    assert err.value.position == f"handRecord[0].handEventRecord[{j}] ({where})"
    assert message in err.value.reason


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        ({"playerCount": 3}, 'no "handRecord" list'),
        ({"playerCount": 3, "handRecord": []}, "no hand"),
        ({"playerCount": 5, "handRecord": [{}]}, "5 is not 3 or 4"),
        ([1, 2], 'no "handRecord" list'),
    ],
)
def test_a_document_without_a_game_is_unreadable(doc, message):
    with pytest.raises(LogFormatError, match=message):
        read_riichi_city(json.dumps(doc), "x.json")


# --------------------------------------------------------------------------- made up

_SUIT = {"p": 0x00, "s": 0x10, "m": 0x20}


def _code(tile: str) -> int:
    n, s = tile[0], tile[1]
    if s == "z":
        return 0x31 + 16 * (int(n) - 1)
    return 0x105 + _SUIT[s] if n == "0" else _SUIT[s] + int(n)


def _all_tiles(players: int) -> list[str]:
    tiles = []
    for s in "mps" if players == 4 else "ps":
        for n in range(1, 10):
            tiles += [f"{n}{s}"] * 4
        tiles[tiles.index(f"5{s}")] = f"0{s}"  # one red five of each
    if players == 3:
        tiles += ["1m"] * 4 + ["9m"] * 4
    for n in range(1, 8):
        tiles += [f"{n}z"] * 4
    return tiles


def _kyuushu_doc(players: int = 3) -> dict:
    """One hand: the dealer holds the thirteen terminal and honor kinds and a 2p, and
    declares kyuushu kyuuhai on its first turn. Positions 0, 1, 2 = users 11, 22, 33."""
    rest = _all_tiles(players)
    dealer = ["1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z", "2p"]
    for t in dealer:
        rest.remove(t)
    others = [rest[13 * k : 13 * k + 13] for k in range(players - 1)]
    live = rest[13 * (players - 1) :]
    # the wall: 4 tiles a seat three times from the dealer, one each, the dealer's draw
    wall: list[str] = []
    hands = [dealer[:13], *others]
    for block in range(3):
        for h in hands:
            wall += h[4 * block : 4 * block + 4]
    wall += [h[12] for h in hands] + [dealer[13]]
    wall += live
    assert len(wall) == (108 if players == 3 else 136)
    encode = "".join(wall)
    users = [11, 22, 33, 44][:players]
    info = [{"user_id": u, "hand_points": 50000} for u in users]

    def deal(k: int) -> dict:
        cards = dealer if k == 0 else others[k - 1]
        data = {"hand_cards": [_code(t) for t in cards], "dealer_pos": 0, "dices": [3, 4],
                "bao_pai_card": _code(wall[99]), "quan_feng": 0x31, "chang_ci": 1,
                "ben_chang_num": 0, "li_zhi_bang_num": 0, "user_info_list": info}  # fmt: skip
        return {"eventType": 1, "userId": users[k], "data": json.dumps(data)}

    events = [*(deal(k) for k in range(players)),
              {"eventType": 2, "userId": 11, "data": json.dumps({"in_card": 0})},
              {"eventType": 4, "userId": 11,
               "data": json.dumps({"action": 12, "card": 0, "user_id": 11})},
              {"eventType": 5, "userId": 0,
               "data": json.dumps({"end_type": 6, "win_info": [], "user_profit": [
                   {"user_id": u, "point_profit": 0} for u in users]})}]  # fmt: skip
    return {
        "playerCount": players, "initPoints": 50000, "gamePlay": 1002, "round": 2,
        "keyValue": "madeup",
        "handRecord": [{
            "players": [{"position": k, "userId": u, "nickname": f"p{k}"}
                        for k, u in enumerate(users)],
            "handCardEncode": encode,
            "handCardsSHA256": hashlib.sha256(encode.encode()).hexdigest(),
            "handEventRecord": events,
        }],
    }  # fmt: skip


def test_a_made_up_minimal_game_reads_and_its_round_replays():
    doc = _kyuushu_doc()
    data = json.dumps(doc).encode()
    assert sniff_format(data) == "riichi_city"
    game = parse_log(data, "madeup.json")
    assert [e.type for e in game.events] == [
        "start_game", "start_kyoku", "tsumo", "ryukyoku", "end_kyoku"
    ]  # fmt: skip
    assert game.start.names == ("p0", "p1", "p2") and not game.meta["complete"]
    draw = game.events[3]
    assert isinstance(draw, Ryukyoku) and draw.reason == "kyuushu_kyuuhai"
    assert draw.hands is not None and len(draw.hands[0]) == 14 and draw.hands[1] is None
    rep = replay_game(game)
    assert rep.replayed and rep.rounds == 1 and not rep.mismatches and rep.fragment
    # the server's whole answer reads the same
    wrapped = parse_log(json.dumps({"code": 0, "data": doc, "message": ""}).encode(), "w.json")
    assert wrapped.events == game.events


def test_a_kyuushu_declared_by_a_hand_that_may_not_is_reported():
    doc = _kyuushu_doc()
    rec = doc["handRecord"][0]["handEventRecord"]  # seat 1 declares: it has drawn no tile
    rec[4]["userId"] = 22
    rec[4]["data"] = json.dumps({"action": 12, "card": 0, "user_id": 22})
    with pytest.raises(LogFormatError, match="seat 1 declares kyuushu kyuuhai without a tile"):
        read_riichi_city(json.dumps(doc), "x.json")


@pytest.mark.parametrize(
    ("key", "value", "named"),
    [
        ("isKaiLiZhi", True, "open riichi"),
        ("isShaoJi", True, "yakitori"),
        ("initPoints", 35000, "initPoints 35000"),
        ("gamePlay", 1001, "gamePlay 1001"),
        ("isGangPay", False, "kan payment switch"),
    ],
)
def test_rules_the_preset_does_not_cover_are_unsupported_not_guessed(key, value, named):
    doc = _kyuushu_doc()
    doc[key] = value
    game = read_riichi_city(json.dumps(doc), "x.json")
    assert named in game.meta["unsupported"]
    rep = replay_game(game)
    assert not rep.replayed and named in rep.unsupported[0].reason


def test_a_four_player_game_reads_and_is_unsupported_not_guessed():
    game = read_riichi_city(json.dumps(_kyuushu_doc(4)), "x.json")
    assert game.start.players == 4 and len(game.events[1].tehais) == 4
    assert "playerCount 4" in game.meta["unsupported"]
    assert not replay_game(game).replayed


def test_a_wall_that_is_not_the_tile_set_names_the_tile():
    doc = _kyuushu_doc()
    h = doc["handRecord"][0]
    wall = h["handCardEncode"]
    for text, message in ((wall.replace("0p", "5p", 1), r"red fives \['0s'\]"),
                          ("1z" + wall[2:], "holds 3 of 1m")):  # fmt: skip
        h["handCardEncode"] = text
        h["handCardsSHA256"] = hashlib.sha256(text.encode()).hexdigest()
        with pytest.raises(LogFormatError, match=message) as err:
            read_riichi_city(json.dumps(doc), "x.json")
        assert err.value.position == "handRecord[0]"


def test_a_wall_of_the_wrong_size_names_it():
    doc = _kyuushu_doc()
    doc["handRecord"][0]["handCardEncode"] = doc["handRecord"][0]["handCardEncode"][:-2]
    with pytest.raises(LogFormatError, match="holds 107 tiles"):
        read_riichi_city(json.dumps(doc), "x.json")


# --------------------------------------------------------------------------- codes, yaku


def test_tile_codes():
    assert str(riichi_city_tile(0x01)) == "1p" and str(riichi_city_tile(0x19)) == "9s"
    assert str(riichi_city_tile(0x21)) == "1m" and str(riichi_city_tile(0x29)) == "9m"
    assert str(riichi_city_tile(0x105)) == "0p" and str(riichi_city_tile(0x115)) == "0s"
    assert str(riichi_city_tile(0x125)) == "0m"
    assert [str(riichi_city_tile(0x31 + 16 * k)) for k in range(7)] == [
        f"{n}z" for n in range(1, 8)
    ]
    assert len({riichi_city_tile(c) for c in _all_codes()}) == 37
    for bad in (0, 0x0A, 0x10, 0x32, 0xA1, 0x104, 0x131, -1, "1p", None, True):
        with pytest.raises(LogFormatError, match="is not a Riichi City tile code"):
            riichi_city_tile(bad)


def _all_codes() -> list[int]:
    return [s + n for s in (0, 0x10, 0x20) for n in range(1, 10)] + [
        0x31 + 16 * k for k in range(7)
    ] + [0x105, 0x115, 0x125]


def test_yaku_ids_name_riichis_yaku():
    from riichi.events import YAKU_NAMES

    known = set(YAKU_NAMES.values())
    assert all(n in known for n in RIICHI_CITY_YAKU.values() if n not in ("bakaze", "jikaze"))
    assert riichi_city_yaku(10, seat_wind=1, round_wind=0) == "bakaze_ton"
    assert riichi_city_yaku(11, seat_wind=1, round_wind=0) == "jikaze_nan"
    assert riichi_city_yaku(55, seat_wind=0, round_wind=0) == "dora"
    assert riichi_city_yaku(30, seat_wind=0, round_wind=0) is None  # nagashi mangan: a draw
    with pytest.raises(Exception, match="seat_wind 4"):
        riichi_city_yaku(11, seat_wind=4, round_wind=0)


def test_every_win_of_the_games_names_known_yaku(games_dir):
    from riichi.events import YAKU_NAMES

    known = set(YAKU_NAMES.values())
    wins = 0
    for path in sorted(games_dir.glob("*.json")):
        for ev in read_log(path).events:
            if isinstance(ev, Hora):
                wins += 1
                assert ev.yaku and all(name in known for name, _ in ev.yaku)
                assert sum(h for _, h in ev.yaku) == ev.han
                # every settlement field the replay compares is there to compare
                assert None not in (ev.hand, ev.melds, ev.fu, ev.points, ev.limit, ev.deltas,
                                    ev.scores, ev.dora_markers, ev.uradora_markers)  # fmt: skip
    assert wins == sum(c[1] for c in COUNTS.values())


def test_tile_kinds_are_the_event_models():
    assert riichi_city_tile(0x61) == TileKind.of(30)  # North, the kita tile


# --------------------------------------------------------------------------- fuzz

_ODD_VALUES = [None, -1, 0, 1, 10**6, "x", [], {}, True, 0x200, 3.5, [1, 2], 2**40]


def _paths(x: object, path: tuple = ()) -> list[tuple]:
    out = [path] if path else []
    if isinstance(x, dict):
        for k, v in x.items():
            out += _paths(v, (*path, k))
    elif isinstance(x, list):
        for i, v in enumerate(x):
            out += _paths(v, (*path, i))
    return out


def _opened(doc: dict) -> dict:
    """``doc`` with each event's ``data`` text parsed, so that its values can be mutated."""
    doc = json.loads(json.dumps(doc))
    for h in doc["handRecord"]:
        for e in h["handEventRecord"]:
            e["data"] = json.loads(e["data"])
    return doc


_OPEN = _opened(_kyuushu_doc())
_PATHS = _paths(_OPEN)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from(_PATHS), st.sampled_from(_ODD_VALUES),
                          st.booleans()), min_size=1, max_size=3))  # fmt: skip
def test_any_value_anywhere_reads_or_names_the_place(changes):
    doc = json.loads(json.dumps(_OPEN))
    for path, value, delete in changes:
        parent: Any = doc
        try:
            for k in path[:-1]:
                parent = parent[k]
            if delete and isinstance(parent, dict):
                parent.pop(path[-1], None)
            else:
                parent[path[-1]] = value
        except (KeyError, IndexError, TypeError):
            continue  # an earlier change removed the place
    hands = doc.get("handRecord") if isinstance(doc, dict) else None
    for h in hands if isinstance(hands, list) else []:
        events = h.get("handEventRecord") if isinstance(h, dict) else None
        for e in events if isinstance(events, list) else []:
            if isinstance(e, dict) and "data" in e and not isinstance(e["data"], str):
                e["data"] = json.dumps(e["data"])
    try:
        game = read_riichi_city(json.dumps(doc), "fuzz")
    except LogFormatError as e:
        assert str(e).startswith("fuzz: ") and e.position and e.reason
        return
    replay_game(game)  # whatever was read replays without an exception
