"""Mahjong Soul raw game records: the reader, rules from the head, replay agreement.

Real data: ../shared/data/majsoul_raw/majsoul-replay-editor (GrandDawn/majsoul-replay-editor):
``paipu_record.json`` is a real 4-player hanchan (Gold room, mode_id 12; a player goes below
zero in South 1); ``paipu_200610-...json`` a test-environment game (custom wall with twelve
copies of each wind, "guyi" old yaku), which cannot be replayed faithfully.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from riichi import LogFormatError, Rules
from riichi.events import Hora, Ryukyoku, StartKyoku, Tsumo
from riichi.logs import parse_log, read_log, read_majsoul, sniff_format
from riichi.replay import replay_game
from test_logs_kobalab import _check_round_tiles


@pytest.fixture(scope="module")
def ms_dir(shared: Path) -> Path:
    d = shared / "data" / "majsoul_raw" / "majsoul-replay-editor"
    if not d.exists():
        pytest.skip(f"Mahjong Soul data not found at {d}")
    return d


@pytest.fixture(scope="module")
def real(ms_dir: Path) -> dict:
    return json.loads((ms_dir / "paipu_record.json").read_text(encoding="utf-8"))


def _read(doc: dict, name: str = "ms.json"):
    return read_majsoul(json.dumps(doc, ensure_ascii=False).encode(), name)


def test_the_real_game_reads(ms_dir):
    data = (ms_dir / "paipu_record.json").read_bytes()
    assert sniff_format(data) == "majsoul"
    g = read_log(ms_dir / "paipu_record.json")
    assert g.format == "majsoul" and "unsupported" not in g.meta
    assert (g.rounds, g.wins, g.draws) == (9, 8, 1)
    assert g.start.names[0] == "六文そば新橋店" and g.start.length == "hanchan"
    assert _check_round_tiles(g.events, 4) == 9
    # the dealer's 14 tiles become 13 dealt + a first draw
    sk = g.events[1]
    assert isinstance(sk, StartKyoku) and all(len(h) == 13 for h in sk.tehais)
    assert isinstance(g.events[2], Tsumo) and g.events[2].actor == sk.oya
    end = g.events[-1]
    assert end.scores == (-3600, 23600, 39500, 40500) and end.points[3] == 30.5


def test_rules_come_from_the_head(ms_dir, real):
    g = read_log(ms_dir / "paipu_record.json")
    assert g.meta["rules"] == Rules.mahjong_soul(length="hanchan")
    doc = json.loads(json.dumps(real))
    doc["head"]["config"]["mode"] = {
        "mode": 1,
        "detail_rule": {"init_point": 30000, "dora_count": 0, "shiduan": 0},
    }
    # a ranked room (meta.mode_id) has the mode's fixed rules: detail_rule is not read
    r = _read(doc).meta["rules"]
    assert r == Rules.mahjong_soul(length="tonpuusen")
    # a friendly room applies it
    doc["head"]["config"]["meta"] = {"room_id": 12345}
    r = _read(doc).meta["rules"]
    assert (r.length, r.starting_points, r.red_fives, r.kuitan) == (
        "tonpuusen", 30000, (0, 0, 0), False,
    )  # fmt: skip


def test_the_real_game_replays_with_zero_mismatches(ms_dir):
    g = read_log(ms_dir / "paipu_record.json")
    rep = replay_game(g)
    assert rep.ok and rep.rules == Rules.mahjong_soul()
    assert (rep.rounds, rep.wins, rep.draws) == (9, 8, 1) and rep.actions > 400
    assert not rep.fragment  # the final scores and ranks (tobi in South 1) were compared


def test_replay_would_see_a_wrong_settlement(ms_dir):
    g = read_log(ms_dir / "paipu_record.json")
    i, h = next((i, e) for i, e in enumerate(g.events) if isinstance(e, Hora))
    g.events[i] = dataclasses.replace(h, yaku=(*h.yaku[:-1], ("dora", 2)), points=h.points + 1)
    fields = {m.field for m in replay_game(g).mismatches}
    assert {"hora.yaku", "hora.points"} <= fields


def test_the_test_environment_game_is_unsupported_with_the_reasons(ms_dir):
    g = read_log(ms_dir / "paipu_200610-50aa82d2-577d-4ac3-b0d9-838f1a1d9ac3.json")
    why = g.meta["unsupported"]
    assert "test-environment" in why and "1z x12" in why and "guyi_mode" in why
    assert "yaku id 59" in why
    # "十八倍铳满": one discard dealt into three 6x-yakuman hands (a triple ron)
    assert g.rounds == 1 and g.wins == 3
    wins = [e for e in g.events if isinstance(e, Hora)]
    assert {(w.target, w.han) for w in wins} == {(0, 6 * 13)}
    rep = replay_game(g)
    assert not rep.replayed and rep.unsupported[0].reason == why


def test_truncated_and_garbage_records(real):
    data = json.dumps(real).encode()
    with pytest.raises(LogFormatError) as info:
        parse_log(data[: len(data) // 2], "cut.json")
    assert info.value.file == "cut.json" and "not JSON" in info.value.reason
    with pytest.raises(LogFormatError, match="no game records"):
        _read({"head": {}, "data": {"name": ".lq.GameDetailRecords"}})


def _records(doc: dict) -> list:
    return [a for a in doc["data"]["data"]["actions"] if "result" in a]


def test_bad_records_name_the_record(real):
    doc = json.loads(json.dumps(real))
    _records(doc)[1]["result"]["data"]["tile"] = "8z"
    with pytest.raises(LogFormatError) as info:
        _read(doc)
    assert info.value.position == "record #1 (.lq.RecordDiscardTile)" and "8z" in info.value.reason
    doc = json.loads(json.dumps(real))
    _records(doc)[2]["result"]["data"]["tile"] = "9m"  # seat 1's draw is not the wall's
    with pytest.raises(LogFormatError, match=r"record #2 .*the wall \(paishan\) gives 5p"):
        _read(doc)
    doc = json.loads(json.dumps(real))
    _records(doc)[3]["result"]["name"] = ".lq.RecordSomethingNew"
    with pytest.raises(LogFormatError, match="unknown record 'RecordSomethingNew'"):
        _read(doc)


def test_draws_and_hands_are_in_the_event_model(ms_dir):
    g = read_log(ms_dir / "paipu_record.json")
    draw = next(e for e in g.events if isinstance(e, Ryukyoku))
    assert draw.reason == "exhaustive" and draw.tenpai == (False, True, False, False)
    assert draw.hands[1] is not None and len(draw.hands[1]) == 13 and draw.hands[0] is None


def test_mjai_round_trip_is_identical(ms_dir):
    from riichi.logs import read_mjai, to_mjai_lines

    g = read_log(ms_dir / "paipu_record.json")
    lines = to_mjai_lines(g)
    text = lines if isinstance(lines, str) else "\n".join(lines)
    assert read_mjai(text.encode(), "x").events == g.events
