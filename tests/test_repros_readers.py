"""The reader reproducers of ../shared/repros (01, 02, 10, 12), each widened to its kind.

- 01: a JSON value of the wrong type in any mjai field (``"type"`` a list or a dict escaped
  as TypeError): every event type x every key x every JSON type.
- 02 / 10: numbers out of range where a reader takes them (``1e999`` escaped as
  OverflowError; a huge tenhou.net/6 round index as IndexError in replay): the tenhou.net/6
  round header, every seat field, and a mutation sweep over every numeric and string field
  of a real log per JSON format.
- 12: file names that are not UTF-8 in ``riichi verify`` (text and JSON report) and in
  reader errors.

The contract: reading ends in a GameLog or a LogFormatError naming the field; whatever is
read can then be replayed and written with nothing but RiichiError raised.
"""

from __future__ import annotations

import json
import os
import random
import re

import pytest

import riichi
from riichi import LogFormatError, RiichiError
from riichi.events import EndGame, StartGame, StartKyoku, Tsumo
from riichi.logs import parse_log, read_logs, read_mjai, read_tenhou6, to_mjai_lines, to_tenhou6
from riichi.logs._common import check_events

GAMES = os.path.join(os.path.dirname(riichi.__file__), "data", "games")
TENHOU6 = os.path.join(GAMES, "2020051716gm-00a9-0000-7f8226dd.json")

# one JSON value of each type, and numbers past every range a reader checks
WRONG = [None, True, False, 1.5, -1, 4, 99, 10**17, -(10**17), "x", "", [], ["?"], [[1]], {},
         {"a": 1}]  # fmt: skip


def _use(log) -> None:
    """Replay and write a read game: only RiichiError may come out."""
    for step in (riichi.replay_game, to_mjai_lines, to_tenhou6):
        try:
            step(log)
        except RiichiError:
            pass


def _read_and_use(data: bytes, name: str) -> LogFormatError | None:
    try:
        log = parse_log(data, name)
    except LogFormatError as e:
        return e
    _use(log)
    return None


# --------------------------------------------------------------------------- 01: mjai types

START = {"type": "start_game", "names": ["a", "b", "c", "d"]}
# one event of each mjai type, as a writer would give it
MJAI_EVENTS = [
    {"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0, "oya": 0,
     "dora_marker": "2s", "scores": [25000, 25000, 25000, 25000],
     "tehais": [["1m"] * 13, ["?"] * 13, ["?"] * 13, ["?"] * 13]},
    {"type": "tsumo", "actor": 0, "pai": "5m"},
    {"type": "dahai", "actor": 0, "pai": "5m", "tsumogiri": True},
    {"type": "chi", "actor": 1, "target": 0, "pai": "5m", "consumed": ["4m", "6m"]},
    {"type": "pon", "actor": 2, "target": 0, "pai": "5m", "consumed": ["5m", "5m"]},
    {"type": "daiminkan", "actor": 2, "target": 0, "pai": "5m", "consumed": ["5m", "5m", "5m"]},
    {"type": "ankan", "actor": 0, "consumed": ["1m", "1m", "1m", "1m"]},
    {"type": "kakan", "actor": 2, "pai": "5m", "consumed": ["5m", "5m", "5m"]},
    {"type": "nukidora", "actor": 0, "pai": "N"},
    {"type": "dora", "dora_marker": "3s"},
    {"type": "reach", "actor": 0},
    {"type": "reach_accepted", "actor": 0, "deltas": [-1000, 0, 0, 0],
     "scores": [24000, 25000, 25000, 25000]},
    {"type": "hora", "actor": 1, "target": 0, "pai": "5m", "fu": 30, "fan": 2,
     "hora_points": 2000, "deltas": [-2000, 2000, 0, 0], "yakus": [["tanyao", 1]],
     "ura_markers": ["1m"], "pao": 2},
    {"type": "ryukyoku", "reason": "fanpai", "tenpais": [True, False, False, False],
     "deltas": [3000, -1000, -1000, -1000], "scores": [28000, 24000, 24000, 24000]},
    {"type": "end_kyoku"},
    {"type": "end_game", "scores": [25000, 25000, 25000, 25000]},
    {"type": "disconnect", "actor": 1},
    {"type": "reconnect", "actor": 1},
]  # fmt: skip


def _mjai(*objs: dict) -> bytes:
    return "".join(json.dumps(o) + "\n" for o in objs).encode()


def test_mjai_templates_cover_every_event_type():
    from riichi.events import EVENT_TYPES

    assert {e["type"] for e in MJAI_EVENTS} | {"start_game"} == set(EVENT_TYPES)
    for ev in MJAI_EVENTS:  # each template reads as it is
        assert read_mjai(_mjai(START, ev)).events[-1].type == ev["type"]


@pytest.mark.parametrize("value", WRONG, ids=repr)
@pytest.mark.parametrize("line", [1, 2])
def test_mjai_type_of_any_json_type(value, line):
    objs = [dict(START), {"type": "tsumo", "actor": 0, "pai": "1m"}]
    objs[line - 1]["type"] = value
    for call in (lambda d: read_mjai(d, "x.mjson"), lambda d: parse_log(d, "x.mjson")):
        with pytest.raises(LogFormatError, match=f"line {line}"):
            call(_mjai(*objs))


@pytest.mark.parametrize("template", MJAI_EVENTS, ids=lambda e: e["type"])
def test_mjai_every_key_of_every_type_with_any_json_type(template):
    for key in [*template, "players"]:
        if key == "type":
            continue
        for value in WRONG:
            ev = {**template, key: value}
            start = START if key != "players" else {**START, "players": value}
            err = _read_and_use(_mjai(start, ev), "x.mjson")
            if err is not None:
                assert err.position.startswith("line ") or err.position.startswith("event #")


@pytest.mark.parametrize("field", ["actor", "target", "oya", "pao"])
@pytest.mark.parametrize("seat", [-1, 4, 10**9])
def test_mjai_seats_are_range_checked(field, seat):
    for template in MJAI_EVENTS:
        if field in template:
            msg = rf"{field} \(a seat\) {seat} is out of range 0\.\.3"
            with pytest.raises(LogFormatError, match=msg):
                read_mjai(_mjai(START, {**template, field: seat}), "x.mjson")
    # a three-player game has seats 0..2
    with pytest.raises(LogFormatError, match=r"out of range 0\.\.2"):
        sanma = {**START, "names": ["a", "b", "c"]}
        read_mjai(_mjai(sanma, {"type": "tsumo", "actor": 3, "pai": "1m"}))


@pytest.mark.parametrize(
    "key, value, what",
    [("kyoku", 5, "kyoku 5"), ("kyoku", 0, "kyoku 0"), ("honba", -1, "honba -1"),
     ("honba", 1000, "honba 1000"), ("kyotaku", -2, "kyotaku -2"),
     ("scores", [25000, 25000, 25000, 10**9], "scores value 1000000000")],
)  # fmt: skip
def test_mjai_round_numbers_are_range_checked(key, value, what):
    ev = {**MJAI_EVENTS[0], key: value}
    with pytest.raises(LogFormatError, match=f"event #1 \\(start_kyoku\\): {what}"):
        read_mjai(_mjai(START, ev), "x.mjson")


def test_check_events_names_the_event_and_field():
    ok = [StartGame(players=3), StartKyoku(scores=(35000,) * 3), Tsumo(actor=2)]
    check_events(ok, "x")
    cases = [
        ([StartGame(players=3), Tsumo(actor=3)], r"event #1 \(tsumo\): actor \(a seat\) 3"),
        ([StartGame(players=5)], r"event #0 \(start_game\): players 5 is out of range 3\.\.4"),
        ([StartKyoku(bakaze=31)], r"bakaze 31 is out of range 27\.\.30"),
        ([StartKyoku(bakaze=26)], r"bakaze 26"),
        ([EndGame(points=(float("nan"), 0.0, 0.0, 0.0))], r"points value nan"),
        ([EndGame(scores=(10**8 + 1, 0, 0, 0))], r"scores value 100000001"),
    ]
    for events, msg in cases:
        with pytest.raises(LogFormatError, match=msg):
            check_events(events, "x")


# --------------------------------------------------------------------------- 10: tenhou6 header


def _tenhou6_round() -> dict:
    with open(TENHOU6, "rb") as fh:
        return json.loads(fh.readline())


@pytest.mark.parametrize(
    "pos, value, msg",
    [
        (0, 16, "kyoku index 16 is out of range 0..15"),
        (0, 3 + 16, "kyoku index 19"),
        (0, -1, "kyoku index -1"),
        (0, 10**17, "kyoku index 100000000000000000"),
        (0, 1.5, "kyoku index 1.5 is not an integer"),
        (0, True, "kyoku index True is not a number"),
        (0, "x", "kyoku index 'x' is not a number"),
        (0, None, "kyoku index None is not a number"),
        (1, -1, "honba -1 is out of range 0..999"),
        (1, 1000, "honba 1000"),
        (2, -1, "kyotaku -1"),
        (2, [], "kyotaku [] is not a number"),
    ],
)
def test_tenhou6_round_header_is_range_checked(pos, value, msg):
    doc = _tenhou6_round()
    doc["log"][0][0][pos] = value
    with pytest.raises(LogFormatError, match="round #0: " + re.escape(msg)):
        read_tenhou6(json.dumps(doc).encode(), "x.json")


@pytest.mark.parametrize("value", [10**9, -(10**9), 1e300, "x", {}], ids=repr)
def test_tenhou6_scores_are_range_checked(value):
    doc = _tenhou6_round()
    doc["log"][0][1][2] = value
    with pytest.raises(LogFormatError, match=r"round #0: score"):
        read_tenhou6(json.dumps(doc).encode(), "x.json")


def test_tenhou6_round_index_in_range_still_reads():
    doc = _tenhou6_round()
    doc["log"][0][0][0] = 12  # North 1: a legal (if rare) round, the same dealer
    log = read_tenhou6(json.dumps(doc).encode(), "x.json")
    sk = next(e for e in log.events if isinstance(e, StartKyoku))
    assert (sk.bakaze, sk.kyoku, sk.oya) == (30, 1, 0)


# --------------------------------------------------------------------------- 02: field sweep


def _leaves(o, path=()):
    if isinstance(o, dict):
        for k, v in o.items():
            yield from _leaves(v, (*path, k))
    elif isinstance(o, list):
        for i, v in enumerate(o):
            yield from _leaves(v, (*path, i))
    else:
        yield path, o


def _set(o, path, v):
    for p in path[:-1]:
        o = o[p]
    o[path[-1]] = v


SWEEP = [
    ("tenhou6", "tenhou6/mjai-reviewer/double_ron.json"),
    ("tenhou6", "tenhou6/sanma-engine/sample_round.json"),  # a three-player round
    ("kobalab", "majiang_kobalab/mahjonglm/2023010100gm-00f1-0000-caffca62.json"),
    ("majsoul", "majsoul_raw/majsoul-replay-editor/"
                "paipu_200610-50aa82d2-577d-4ac3-b0d9-838f1a1d9ac3.json"),
]


def _first_file(path):
    if path.is_dir():
        return sorted(p for p in path.iterdir() if p.suffix == ".json")[0]
    return path


@pytest.mark.parametrize("fmt, rel", SWEEP, ids=[f"{f}:{r.rsplit('/', 1)[-1]}" for f, r in SWEEP])
def test_every_field_of_a_real_log_with_wrong_values(shared, fmt, rel):
    """Each numeric or short string leaf of a real log replaced by values of every JSON type
    and out-of-range numbers (a sample of leaves; ``-m slow`` runs them all): reading ends in
    a log or a LogFormatError, and using what was read raises only RiichiError. The slow
    test below takes every leaf and every value."""
    path = shared / "data" / rel
    if not path.exists():
        pytest.skip(f"{path} not found")
    path = _first_file(path)
    doc = json.loads(path.read_bytes())
    leaves = [p for p, v in _leaves(doc) if not isinstance(v, str) or len(v) <= 8]
    picks = random.Random(f"{fmt}:{rel}").sample(leaves, min(len(leaves), 40))
    refused = 0
    for i, p in enumerate(picks):
        for v in [WRONG[(i + k) % len(WRONG)] for k in range(4)]:
            d = json.loads(json.dumps(doc))
            _set(d, p, v)
            refused += _read_and_use(json.dumps(d).encode(), path.name) is not None
        d = json.loads(json.dumps(doc))
        _set(d, p, "@")
        text = json.dumps(d).replace('"@"', "1e999")
        with pytest.raises(LogFormatError, match="not a finite float"):
            parse_log(text.encode(), path.name)
    assert refused  # the sweep reaches the checks (it is not all ignored keys)


@pytest.mark.slow
@pytest.mark.parametrize("fmt, rel", SWEEP, ids=[f"{f}:{r.rsplit('/', 1)[-1]}" for f, r in SWEEP])
def test_every_field_of_a_real_log_with_wrong_values_exhaustive(shared, fmt, rel, request):
    from engine_support import require_slow

    require_slow(request)
    path = shared / "data" / rel
    if not path.exists():
        pytest.skip(f"{path} not found")
    path = _first_file(path)
    doc = json.loads(path.read_bytes())
    for p, v0 in _leaves(doc):
        if isinstance(v0, str) and len(v0) > 8:
            continue
        for v in WRONG:
            d = json.loads(json.dumps(doc))
            _set(d, p, v)
            _read_and_use(json.dumps(d).encode(), path.name)


# --------------------------------------------------------------------------- 12: file names


def _bad_name_dir(tmp_path) -> tuple[bytes, bytes]:
    d = os.fsencode(tmp_path / "logs")
    os.mkdir(d)
    bad = os.path.join(d, b"bad\xff\xfe.json")
    with open(bad, "wb") as fh:
        fh.write(b"junk")
    return d, bad


def test_verify_json_report_with_a_non_utf8_file_name(tmp_path, capsys):
    from riichi.cli import main

    d, _ = _bad_name_dir(tmp_path)
    out = tmp_path / "report.json"
    rc = main(["verify", os.fsdecode(d), "--json", str(out)])
    assert rc == 1  # the file is unreadable, and said so
    report = json.loads(out.read_bytes().decode("utf-8"))  # complete, valid UTF-8 JSON
    (problem,) = report["unreadable"]
    assert problem["file"].endswith("bad\\xff\\xfe.json")
    text = capsys.readouterr().out
    text.encode("utf-8")  # printable in any UTF-8 terminal
    assert "bad\\xff\\xfe.json" in text and "UNREADABLE" in text


def test_verify_json_to_stdout_with_a_non_utf8_file_name(tmp_path, capsys):
    from riichi.cli import main

    d, _ = _bad_name_dir(tmp_path)
    assert main(["verify", os.fsdecode(d), "--json", "-"]) == 1
    cap = capsys.readouterr()
    report = json.loads(cap.out)
    assert report["unreadable"][0]["file"].endswith("bad\\xff\\xfe.json")
    cap.err.encode("utf-8")


def test_verify_missing_non_utf8_path_is_a_usage_error(tmp_path, capsys):
    from riichi.cli import main

    missing = os.fsdecode(os.path.join(os.fsencode(tmp_path), b"gone\xff"))
    assert main(["verify", missing]) == 2
    err = capsys.readouterr().err
    err.encode("utf-8")
    assert "gone\\xff" in err


def test_reader_errors_show_non_utf8_names_but_keep_the_real_path(tmp_path):
    d, bad = _bad_name_dir(tmp_path)
    ((path, err),) = read_logs([os.fsdecode(d)])
    assert isinstance(err, LogFormatError)
    assert os.fsencode(path) == bad and os.fsencode(err.file) == bad  # reopenable
    str(err).encode("utf-8")
    assert "bad\\xff\\xfe.json" in str(err)
    ((path_b, err_b),) = read_logs([d])  # bytes paths work too
    assert os.fsencode(path_b) == bad and isinstance(err_b, LogFormatError)


def test_check_events_leaves_out_only_the_vouched_ranges():
    """``vouched`` ranges (draws and discards a reader took from a table of the game's
    seats) are not looked at again; every other event is, and an error names its index in
    the whole list."""
    events = [StartGame(players=3), Tsumo(actor=3), Tsumo(actor=1), StartKyoku(bakaze=31)]
    with pytest.raises(LogFormatError, match=r"event #1 \(tsumo\)"):
        check_events(events[:3], "x")
    check_events(events[:3], "x", [(1, 2)])
    with pytest.raises(LogFormatError, match=r"event #3 \(start_kyoku\): bakaze 31"):
        check_events(events, "x", [(1, 2)])
    with pytest.raises(LogFormatError, match=r"event #1 \(tsumo\)"):
        check_events(events, "x", [(2, 3)])


def _sanma_mjlog(after_start: str) -> bytes:
    """A Tenhou sanma mjlog in the canonical shape the core scanner reads: the deal, seat
    0's draw and discard, then ``after_start``."""
    hands = "".join(
        f' hai{s}="{",".join(str(36 + 13 * s + i) for i in range(13))}"' for s in range(3)
    )
    return (
        '<mjloggm ver="2.3"><GO type="185" lobby="0"/><TAIKYOKU oya="0"/>'
        f'<INIT seed="0,0,0,1,2,120" ten="350,350,350,0" oya="0"{hands}/>'
        f"<T100/><D100/>{after_start}</mjloggm>"
    ).encode()


def test_mjlog_draws_of_a_seat_that_does_not_play_stay_refused():
    """The mjlog reader vouches for the actors of its scanned draws and discards (the code
    table of the game's player count has no other seat), unless a ``<GO>`` after the game
    started changed the table: a seat-3 draw in a three-player game is refused either way."""
    g = parse_log(_sanma_mjlog("<U101/>"), "ok.mjlog")
    assert g.start.players == 3 and [e.type for e in g.events[-3:]] == ["tsumo", "dahai", "tsumo"]
    with pytest.raises(LogFormatError, match=r"<W101>"):
        parse_log(_sanma_mjlog("<W101/>"), "x.mjlog")
    with pytest.raises(LogFormatError, match=r"\(tsumo\): actor \(a seat\) 3"):
        parse_log(_sanma_mjlog('<GO type="169" lobby="0"/><W101/>'), "x.mjlog")
