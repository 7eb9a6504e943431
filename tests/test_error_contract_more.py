"""The error contract (tests/test_error_contract.py) over more of the public API: the
format readers and helpers of ``riichi.logs``, the tile helpers of ``riichi.tiles``, the
tables' and conversion's entry points, the mjai arena's helpers and the pictures.
Each call is made once with good arguments, then with each argument in turn replaced by a
value of a wrong type or range (None, floats, NaN, text, empty text, a lone surrogate,
bytes, containers, huge and negative ints, a bool, NumPy scalars and an array, an object).
A call may return or raise a ``RiichiError``; Python's own exceptions (TypeError,
ValueError, IndexError, KeyError, AttributeError, OverflowError, ...) escaping fail the test,
naming the call, and a refusal names the argument's value."""

from __future__ import annotations

import math
from importlib.resources import files

import numpy as np
import pytest

import riichi
from riichi import convert, logs, mjai, tiles
from riichi.mining import tables as T
from riichi.view import svg

BAD = [None, 1.5, math.nan, "", "x", "\udcff", b"x", [], [1, 2], {}, 2**64, -(2**70), -1,
       True, object(), np.int64(3), np.float64(2.0), np.uint8(200), np.array([1, 2])]  # fmt: skip

GAMES = sorted(p for p in (files("riichi") / "data" / "games").iterdir() if p.is_file())
XML_PATH = str(next(p for p in GAMES if p.name.endswith(".xml")))
XML = open(XML_PATH, "rb").read()
SEED = "mt19937ar-sha512-n288-base64," + "A" * 3328
# an output that cannot be made (its parent is a file, even for root): a call that is not
# refused (before this change) writes nothing anywhere
NOWHERE = XML_PATH + "/out"


def _log():
    return riichi.read_log(XML_PATH)


def _first(gen):
    return lambda *a, **kw: next(iter(gen(*a, **kw)))


def _calls():
    readers = ["read_tenhou_xml", "read_mjai", "read_tenhou6", "read_kobalab",
               "read_kobalab_games", "read_majsoul", "read_riichi_city", "read_tenhou_protocol"]  # fmt: skip
    out = [(f"logs.{r}", getattr(logs, r), [XML, "a.xml"], {}) for r in readers]
    out += [
        ("logs.parse_log", logs.parse_log, [XML, "a.xml"], {}),
        ("logs.sniff_format", logs.sniff_format, [XML, "a.xml"], {}),
        ("logs.read_archive", _first(logs.read_archive), [XML_PATH], {}),
        ("logs.is_archive", logs.is_archive, [XML_PATH], {}),
        ("logs.tenhou_walls", logs.tenhou_walls, [SEED, 4], {}),
        ("logs.to_mjai_lines", lambda *a, **kw: logs.to_mjai_lines(_log(), *a, **kw), [True], {}),
        ("logs.to_mjai_objects", lambda *a, **kw: logs.to_mjai_objects(_log(), *a, **kw), [True], {}),
        ("TileKind", tiles.TileKind, [13, True], {}),
        ("TileKind.of", tiles.TileKind.of, [13, True], {}),
        ("TileKind.from_tenhou_id", tiles.TileKind.from_tenhou_id, [52, True], {}),
        ("tiles.tile", tiles.tile, [13, True], {}),
        ("tiles.tile_kind", tiles.tile_kind, [52], {}),
        ("tiles.is_red", tiles.is_red, [52, (1, 1, 1)], {}),
        ("tiles.tile_text", tiles.tile_text, [52, True], {}),
        ("tiles.kind_plain_first", tiles.kind_plain_first, [tiles.TileKind.of(13, True)], {}),
        ("mining.check_tables", T.check_tables, [["games"]], {}),
        ("mining.schema", _schema, ["games"], {}),
        ("convert.output_names", lambda *a: list(convert.output_names(*a)), [[XML_PATH]], {}),
        ("mjai.seat_view", mjai.seat_view, [{"type": "tsumo", "actor": 0, "pai": "1m"}, 1], {}),
        ("mjai.start_game_object", mjai.start_game_object, [0, ["a", "b", "c", "d"], RULES],
         {"with_rules": True}),
        ("mjai.event_objects", mjai.event_objects, [_log().events[:3]], {}),
        ("mjai.fallback_action", mjai.fallback_action, [_legal(), False, False], {}),
        ("mjai.Arena", mjai.Arena, [["bot"] * 4, RULES],
         {"names": list("abcd"), "log_dir": None, "stderr_dir": None, "protocol": "batch"}),
        ("svg.tile_svg", svg.tile_svg, ["5m"], {"scale": 1.0, "sideways": False}),
        ("svg.meld_layout", svg.meld_layout, ["pon", tiles.parse_tiles("555z"), None, 3], {}),
    ]  # fmt: skip
    return out


RULES = riichi.Rules()


def _legal():
    g = riichi.Game(seed=1)
    return g.legal_actions(g.current_seat)


def _schema(*a):
    pytest.importorskip("pyarrow")
    return T.schema(*a)


_CALLS = _calls()


def _variants(args, kwargs):
    yield "good", args, kwargs
    for i in range(len(args)):
        for b in BAD:
            yield f"arg {i} = {b!r:.40}", [*args[:i], b, *args[i + 1 :]], kwargs
    for k in kwargs:
        for b in BAD:
            yield f"{k}={b!r:.40}", args, {**kwargs, k: b}


@pytest.mark.parametrize("label,call,args,kwargs", _CALLS, ids=[c[0] for c in _CALLS])
def test_only_riichi_errors_escape(label, call, args, kwargs):
    leaks = []
    for what, a, kw in _variants(args, kwargs):
        try:
            call(*a, **kw)
        except riichi.RiichiError:
            pass
        except Exception as e:  # the point of the test
            leaks.append(f"{label}({what}): {type(e).__name__}: {e}")
    assert not leaks, "\n".join(leaks[:20])


@pytest.mark.parametrize(
    "call,words",
    [
        (lambda: logs.read_mjai(None), ["read_mjai", "data", "None"]),
        (lambda: logs.read_tenhou6(b"{}", 5), ["read_tenhou6", "source", "5"]),
        (lambda: logs.read_kobalab(3.5), ["read_kobalab", "data", "3.5"]),
        (lambda: logs.sniff_format("<mjloggm"), ["sniff_format", "bytes", "'<mjloggm'"]),
        (lambda: logs.is_archive(3), ["is_archive", "path", "3"]),  # not file descriptor 3
        (lambda: next(logs.read_archive(None)), ["read_archive", "path", "None"]),
        (lambda: logs.tenhou_walls(None), ["tenhou_walls", "seed", "None"]),
        (lambda: logs.tenhou_walls(SEED, 5), ["tenhou_walls", "players", "5"]),
        (lambda: logs.tenhou_walls(SEED, np.array([3, 4])), ["tenhou_walls", "players"]),
        (lambda: logs.to_mjai_lines(_log(), None), ["to_mjai_lines", "extensions", "None"]),
        (lambda: logs.to_mjai_objects(_log(), 0), ["to_mjai_objects", "extensions", "0"]),
        (lambda: tiles.TileKind(np.array([1, 2])), ["tile kind", "array([1, 2])"]),
        (lambda: tiles.TileKind.from_tenhou_id(52, None), ["red_fives", "None"]),
        (lambda: tiles.tile_kind(136), ["tile_kind", "136"]),
        (lambda: tiles.is_red(52, "111"), ["is_red", "red_fives", "'111'"]),
        (lambda: tiles.is_red(52, (1, 9, 1)), ["is_red", "red_fives", "(1, 9, 1)"]),
        (lambda: tiles.tile_text(2**64, False), ["tile_text", str(2**64)]),
        (lambda: tiles.tile_text(0, True), ["tile_text", "cannot be red"]),
        (lambda: tiles.kind_plain_first(13), ["kind_plain_first", "13"]),
        (lambda: T.check_tables(1.5), ["tables", "1.5"]),
        (lambda: T.check_tables(["games", 3]), ["unknown table", "3"]),
        (lambda: convert.convert_logs("a.xml", NOWHERE, "mjai"), ["convert_logs", "inputs", "'a.xml'"]),
        (lambda: convert.convert_logs([XML_PATH], None, "mjai"), ["convert_logs", "out", "None"]),
        (lambda: convert.convert_logs([XML_PATH], NOWHERE, ["mjai"]), ["output format", "['mjai']"]),
        (lambda: convert.convert_logs([XML_PATH], NOWHERE, "mjai", single_file=1),
         ["convert_logs", "single_file", "1"]),
        (lambda: mjai.seat_view(None, 0), ["seat_view", "None"]),
        (lambda: mjai.seat_view({"type": "start_kyoku"}, 0), ["seat_view", "tehais"]),
        (lambda: mjai.seat_view({"type": "tsumo"}, 7), ["seat_view", "seat", "7"]),
        (lambda: mjai.start_game_object(0, "abcd", RULES), ["start_game_object", "names", "'abcd'"]),
        (lambda: mjai.start_game_object(0, list("abcd"), None), ["start_game_object", "rules", "None"]),
        (lambda: mjai.fallback_action(_legal(), 1), ["fallback_action", "reach_step", "1"]),
        (lambda: mjai.fallback_action([None]), ["fallback_action", "legal", "[None]"]),
        (lambda: mjai.Arena(["bot"] * 4, names=5), ["Arena", "names", "5"]),
        (lambda: mjai.Arena(["bot"] * 4, log_dir=1.5), ["Arena", "log_dir", "1.5"]),
        (lambda: mjai.Arena(["bot"] * 4).run(1, progress=3), ["Arena.run", "progress", "3"]),
        (lambda: svg.tile_svg("5m", sideways=np.array([1, 2])), ["tile_svg", "sideways"]),
        (lambda: svg.meld_layout(["pon"], ["5z"] * 3), ["meld kind", "['pon']"]),
    ],
)
def test_refusals_name_the_call_the_argument_and_the_value(call, words):
    with pytest.raises(riichi.RiichiError) as info:
        call()
    for w in words:
        assert w in str(info.value), (w, str(info.value))


def test_good_inputs_read_as_before():
    # a bytearray or memoryview is the bytes it holds; text is read as text
    base = logs.read_tenhou_xml(XML, "a.xml").events
    assert logs.read_tenhou_xml(bytearray(XML), "a.xml").events == base
    assert logs.read_tenhou_xml(memoryview(XML), "a.xml").events == base
    assert logs.read_tenhou_xml(XML.decode(), "a.xml").events == base
    assert logs.sniff_format(bytearray(XML)) == "tenhou_xml"
    with pytest.raises(riichi.LogFormatError, match="lone surrogate"):
        logs.read_tenhou_xml("<mjloggm>\udcff", "a.xml")
    assert tiles.is_red(52, np.array([1, 1, 1]).tolist()) and not tiles.is_red(53)
    assert tiles.tile_kind(np.int64(52)) == 13 and tiles.tile_text(np.uint8(52), True) == "0p"
    assert tiles.TileKind.from_tenhou_id(52, np.bool_(False)) is tiles.TileKind.of(13)
    assert logs.to_mjai_lines(_log(), False).count("\n") == len(logs.to_mjai_objects(_log(), False))


# NumPy values a pipeline passes by accident (a 0-d array is iterable by its type and
# refuses iteration; an array has no truth value), over the walk of test_error_contract.py
NUMPY_BAD = ["", np.int64(3), np.int64(-1), np.float64(2.0), np.uint8(200), np.array([1, 2]),
             np.array(3), np.bool_(True), np.array([], np.uint8), 10**30]  # fmt: skip


def _numpy_leaks():
    import test_error_contract as C

    leaks = []
    for label, factory, args, kwargs in C._CALLS:
        for i in range(len(args) + len(kwargs)):
            key = i if i < len(args) else list(kwargs)[i - len(args)]
            for b in NUMPY_BAD:
                a, kw = list(args), dict(kwargs)
                if isinstance(key, int):
                    a[key] = b
                else:
                    kw[key] = b
                try:
                    factory()(*a, **kw)
                except riichi.RiichiError:
                    pass
                except Exception as e:  # the point of the test
                    leaks.append(f"{label}({key}={b!r:.30}): {type(e).__name__}: {e}")
    return leaks


def test_numpy_values_are_refused_by_the_public_calls():
    # Game and Round's scores and won flags included: a 0-d array raised len()'s TypeError
    leaks = _numpy_leaks()
    assert not leaks, "\n".join(leaks[:20])


def test_a_huge_jobs_count_runs_with_a_process_per_piece_of_work(tmp_path, capsys):
    # --jobs beyond a C int overflowed the process pool's semaphore (OverflowError)
    from riichi.cli import main

    huge = str(2**64)
    assert main(["verify", XML_PATH, XML_PATH, "--jobs", huge, "--quiet"]) == 0
    assert "OverflowError" not in capsys.readouterr().err
    pytest.importorskip("pyarrow")
    from riichi.mining import export as E
    from riichi.mining.stats import players_table

    result = E.export([XML_PATH, XML_PATH], tmp_path / "o", ["games"], jobs=2**64, files_per_part=1)
    assert result.rows["games"] == 2 and result.parts == 2
    players, _ = players_table([XML_PATH, XML_PATH], jobs=2**64)
    assert players.num_rows == 8


@pytest.mark.parametrize("bad", [None, "a.xml", 3, [None]])
def test_stats_refuses_what_is_no_list_of_paths(bad):
    pytest.importorskip("pyarrow")
    from riichi.mining.stats import players_table

    with pytest.raises(riichi.RiichiError, match=r"stats: (paths must be a list|not a path)"):
        players_table(bad)


@pytest.mark.parametrize("bad", [np.array(3), 5, None])
def test_path_lists_refuse_what_is_no_list(bad):
    from riichi.mining.export import list_files

    with pytest.raises(riichi.RiichiError, match="expected a list of paths"):
        list_files(bad)
    pytest.importorskip("dask")
    from riichi.dask import expand_paths

    with pytest.raises(riichi.RiichiError, match=r"riichi\.dask: expected a path"):
        expand_paths(bad)


@pytest.mark.parametrize("args,kwargs", [(("pon:555z@2",), {}), ((), {}), ((5,), {"x": None})])
def test_calling_the_meld_class_names_its_constructor(args, kwargs):
    # as Hand(...) does; it raised Python's TypeError "cannot create instances"
    with pytest.raises(riichi.RiichiError, match=r"riichi\.Meld\(.*\): a Meld is not built by "
                       r"calling the class; use Meld\.parse"):  # fmt: skip
        riichi.Meld(*args, **kwargs)
    m = riichi.Meld.parse("pon:555z@2")
    import copy
    import pickle

    assert pickle.loads(pickle.dumps(m)) == m == copy.deepcopy(m)


@pytest.mark.parametrize(
    "cls", ["Wait", "Reading", "DiscardOption", "Ukeire", "ShantenDetail", "ScoreResult"]
)
def test_calling_a_result_class_says_where_results_come_from(cls):
    # each raised Python's TypeError "cannot create instances"
    with pytest.raises(riichi.RiichiError, match=rf"riichi\.{cls}\(1, x=None\): a {cls} is a "
                       r"result of riichi\.\w+"):  # fmt: skip
        getattr(riichi, cls)(1, x=None)


def test_the_verify_functions_refuse_usage_errors_by_name():
    from riichi import replay

    # rules=5 was replayed and reported as an engine_error mismatch of the game: a verifier
    # reports what it checked, and a bad argument is the caller's error
    with pytest.raises(riichi.RiichiError, match=r"verify_file: rules must be a riichi\.Rules"):
        replay.verify_file(XML_PATH, 5)
    with pytest.raises(riichi.RiichiError, match=r"verify_file: path must be .* got None"):
        replay.verify_file(None)
    for bad in (None, 5, np.array(3), "a.xml"):
        with pytest.raises(riichi.RiichiError, match=r"verify_files: expected a list of paths"):
            replay.verify_files(bad)
    with pytest.raises(riichi.RiichiError, match=r"verify_files: rules must be"):
        replay.verify_files([XML_PATH], "tenhou")
    for bad in (None, "game.xml", 5):
        with pytest.raises(riichi.RiichiError, match=r"rules_from_log: expected a riichi\.GameLog"):
            replay.rules_from_log(bad)
    with pytest.raises(riichi.RiichiError, match=r"rules_from_log: tenpai_yame must be"):
        replay.rules_from_log(_log(), tenpai_yame=1)
    assert replay.verify_files([XML_PATH]).games == replay.verify_file(XML_PATH).games == 1


def test_the_table_view_refuses_what_is_no_event_or_names():
    from riichi.view import table

    ev = _log().events[1]
    for call, words in [
        (lambda: table.event_text(None), ["event_text", "riichi event", "None"]),
        (lambda: table.event_text(ev, 5), ["event_text", "names", "5"]),
        (lambda: table.event_text(ev, np.array(3)), ["event_text", "names"]),
        (lambda: table.settlement("hora", {}), ["settlement", "riichi event", "'hora'"]),
        (lambda: table.settlement(ev, None), ["settlement", "state", "None"]),
        (lambda: table.TableTracker(4, None), ["TableTracker", "names", "None"]),
        (lambda: table.TableTracker(np.array([3, 4])), ["players must be 3 or 4"]),
    ]:
        with pytest.raises(riichi.RiichiError) as info:
            call()
        assert all(w in str(info.value) for w in words), (words, str(info.value))
    assert table.event_text(ev, ["a", "b", "c", "d"])


@pytest.mark.parametrize(
    "call,words",
    [
        (lambda: __import__("riichi.replay").replay.log_date(None), ["log_date", "GameLog", "None"]),
        (lambda: __import__("riichi.replay").replay.tenhou_final_rule("x"),
         ["tenhou_final_rule", "GameLog", "'x'"]),
        (lambda: __import__("riichi.replay").replay.round_label(5), ["round_label", "5"]),
        (lambda: riichi.wall.wall_from_events(1.5), ["wall_from_events", "1.5"]),
        (lambda: riichi.wall.wall_from_events(_log().events[1:], np.int64(3)),
         ["red_fives", "3"]),
        (lambda: convert.output_names(np.array(3)), ["output_names", "inputs"]),
        (lambda: mjai.event_objects(np.array(3)), ["event_objects", "array(3)"]),
        (lambda: __import__("riichi.logs.tenhou_xml").logs.tenhou_xml.go_type_flags("9"),
         ["go_type_flags", "'9'"]),
        (lambda: __import__("riichi.mining.stats").mining.stats.format_stats(None),
         ["stats", "player_stats", "None"]),
    ],
)  # fmt: skip
def test_more_helpers_name_what_they_refuse(call, words):
    with pytest.raises(riichi.RiichiError) as info:
        call()
    assert all(w in str(info.value) for w in words), (words, str(info.value))


def test_the_decision_text_helpers_refuse_bad_ids():
    from riichi.mining import decision as D

    for call, words in [
        (lambda: D.tile_texts([16]), ["red_ids", "frozenset", "[16]"]),
        (lambda: D.mpsz([0, 200]), ["mpsz", "0..135", "[0, 200]"]),
        (lambda: D.mpsz([0, True]), ["mpsz", "[0, True]"]),
        (lambda: D.mpsz(None), ["mpsz", "None"]),
        (lambda: D.action_text(_legal()[0], [1]), ["action_text", "red_ids", "[1]"]),
    ]:
        with pytest.raises(riichi.RiichiError) as info:
            call()
        assert all(w in str(info.value) for w in words), (words, str(info.value))
    assert D.mpsz([0, 5, 16, 124], frozenset({16})) == "120m5z"
