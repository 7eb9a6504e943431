"""Bad arguments found in review: each is refused with a RiichiError naming the value,
never accepted (a wind index of 9, a NaN score) nor leaked as TypeError/OverflowError."""

from __future__ import annotations

import numpy as np
import pytest

import riichi
from riichi import RiichiError
from riichi.round import Round
from riichi.wall import Wall


@pytest.mark.parametrize(
    "kwargs, name",
    [
        ({"round_wind": 9}, "round_wind"),  # was accepted and played as a 9th wind
        ({"round_wind": -1}, "round_wind"),
        ({"round_wind": 1.0}, "round_wind"),
        ({"honba": -1}, "honba"),  # was accepted and carried into payments
        ({"kyotaku": 1.5}, "kyotaku"),
        ({"scores": [float("nan")] * 4}, "scores"),
        ({"scores": [25000] * 3}, "scores"),  # was a plain ValueError
        ({"dealer": 4}, "dealer"),  # was a plain ValueError
        ({"dealer": -1}, "dealer"),
    ],
)
def test_game_refuses_bad_start_state(kwargs, name):
    with pytest.raises(RiichiError, match=name):
        riichi.Game(seed=1, **kwargs)


def test_game_accepts_the_last_extension_wind_and_numpy_scores():
    rules = riichi.Rules.tenhou()  # hanchan, extension_winds 1: index 2 is West
    g = riichi.Game(rules, seed=1, round_wind=2, scores=list(np.array([25000] * 4)))
    assert g.round.round_wind == 2 and g.in_extension
    with pytest.raises(RiichiError, match="round_wind"):
        riichi.Game(rules, seed=1, round_wind=3)


def test_game_refuses_rules_of_the_wrong_type():
    with pytest.raises(RiichiError, match="rules"):
        riichi.Game(rules="tenhou", seed=1)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "kwargs, name",
    [({"honba": -1}, "honba"), ({"kyotaku": 2.0}, "kyotaku"), ({"round_wind": 4}, "round_wind")],
)
def test_round_refuses_bad_counters(kwargs, name):
    with pytest.raises(RiichiError, match=name):
        Round(riichi.Rules.tenhou(), Wall.from_seed(1), **kwargs)


def test_score_rules_of_the_wrong_type_is_a_riichi_error():
    # score's docstring promises RiichiError for an argument of the wrong type
    with pytest.raises(RiichiError, match="rules"):
        riichi.score("123m456p789s11222z", "2z", rules="tenhou")  # type: ignore[arg-type]


def test_batch_score_rules_of_the_wrong_type_is_a_riichi_error():
    counts = np.zeros((1, 34), np.uint8)
    counts[0, [0, 1, 2, 12, 13, 14, 24, 25, 26]] = 1
    counts[0, 27], counts[0, 28] = 2, 3
    with pytest.raises(RiichiError, match="rules"):
        riichi.batch.score_arrays(counts, np.array([28], np.uint8), rules="tenhou")  # type: ignore[arg-type]
    with pytest.raises(RiichiError, match="rules"):
        riichi.batch.score([("123m456p789s11222z", "2z")], rules="tenhou")  # type: ignore[arg-type]


def test_batch_threads_too_large_for_a_c_long_is_a_riichi_error():
    counts = np.zeros((1, 34), np.uint8)
    counts[0, :13] = 1
    with pytest.raises(RiichiError, match="threads"):
        riichi.batch.shanten(counts, threads=2**70)


@pytest.mark.parametrize("bad", [1.5, float("nan"), 2**70, np.float64(1.0)])
def test_counts_with_a_non_int_element_name_it_and_its_index(bad):
    # was "expected a Hand, mpsz text or a sequence of 34 counts, got list": the list was
    # the right type, the bad element went unnamed
    counts = [1] * 13 + [0] * 21
    counts[5] = bad
    with pytest.raises(riichi.InvalidHand, match=r"index 5 .*got "):
        riichi.shanten(counts)


@pytest.mark.parametrize("tile", [float("nan"), "1m", None, 1.0])
def test_discard_of_a_non_int_tile_is_an_illegal_action(tile):
    # was TypeError ("unsupported operand type(s) for >>") from inside the legality check
    g = riichi.Game(seed=7)
    seat = g.current_seat
    with pytest.raises(riichi.IllegalAction, match="tile ids must be ints"):
        g.step(riichi.actions.Discard(seat=seat, tile=tile, tsumogiri=False))
    with pytest.raises(riichi.IllegalAction, match="tile ids must be ints"):
        g.step(riichi.actions.Ankan(seat=seat, consumed=(0, 1, 2, tile)))
    assert g.legal_actions(seat)  # the game is unchanged and goes on


def test_discard_of_a_legal_tile_given_as_float_is_an_illegal_action():
    # Discard(tile=15.0) equals the legal Discard(tile=15) but failed with TypeError later
    g = riichi.Game(seed=7)
    d = g.legal_actions(g.current_seat)[0]
    with pytest.raises(riichi.IllegalAction, match="tile ids must be ints"):
        g.step(riichi.actions.Discard(seat=d.seat, tile=float(d.tile), tsumogiri=d.tsumogiri))
    g.step(d)  # the round is unchanged: the int action is still legal


@pytest.mark.parametrize("bad", [5, None, 1.5, ["a.xml"]])
def test_read_log_refuses_a_non_path(bad):
    with pytest.raises(riichi.RiichiError, match="path must be"):
        riichi.read_log(bad)


@pytest.mark.parametrize("bad", [None, "game.xml", 5])
def test_replay_game_refuses_a_non_log(bad):
    with pytest.raises(riichi.RiichiError, match=r"expected a riichi\.GameLog"):
        riichi.replay_game(bad)


@pytest.mark.parametrize(
    ("paths", "match"),
    [
        (None, r"read_logs: paths must be a path or an iterable of paths, got None"),
        (5, r"read_logs: paths must be a path or an iterable of paths, got 5"),
        (["a.xml", None], r"read_logs: paths\[1\] must be a str, bytes or os\.PathLike, got None"),
        ([["a.xml"]], r"read_logs: paths\[0\] must be a str, bytes or os\.PathLike"),
    ],
)
def test_read_logs_refuses_what_is_no_path_before_reading(paths, match):
    with pytest.raises(riichi.RiichiError, match=match):
        riichi.read_logs(paths)


@pytest.mark.parametrize("name", ["a\0b.xml", "\ud800.xml", "dir/\udfff"])
def test_a_name_no_file_can_have_is_an_unreadable_file(name):
    # a NUL byte or an unpaired surrogate (no file name decodes to one): os.stat raises
    # ValueError, which leaked; it is a file that cannot be read, shown with escapes
    with pytest.raises(riichi.LogFormatError, match="cannot read: not a file name the OS takes"):
        riichi.read_log(name)
    [(path, err)] = list(riichi.read_logs([name]))
    assert path == name and isinstance(err, riichi.LogFormatError)
    str(err).encode("utf-8")  # the message is printable text


@pytest.mark.parametrize("source", [3, ["x"], b"x.xml"])
def test_parse_log_refuses_a_source_that_is_no_name(source):
    from riichi.logs import parse_games, parse_log

    for parse in (parse_log, parse_games):
        with pytest.raises(riichi.RiichiError, match=r"source must be a str"):
            parse(b"<mjloggm>", source)


def test_parse_log_shows_an_unpaired_surrogate_in_its_source_escaped():
    from riichi.logs import parse_log

    with pytest.raises(riichi.LogFormatError, match=r"^\\ud800x\.xml: ") as e:
        parse_log(b"<mjloggm>", "\ud800x.xml")
    assert e.value.file == "\ud800x.xml"


@pytest.mark.parametrize("writer", ["to_mjai_lines", "to_mjai_objects", "to_tenhou6", "to_mjlog"])
@pytest.mark.parametrize(
    ("game", "match"),
    [
        (None, r"expected a riichi\.GameLog or a list of events, got None"),
        (5, r"expected a riichi\.GameLog or a list of events, got 5"),
        ("start_game", r"expected a riichi\.GameLog or a list of events, got 'start_game'"),
        ([None], r"event 0 is not a riichi event: None"),
        (riichi.GameLog(None, "x.json", "mjai"), "the GameLog's events must be a list, got None"),  # type: ignore[arg-type]
    ],
)
def test_log_writers_refuse_what_is_no_game(writer, game, match):
    from riichi import logs

    with pytest.raises(riichi.RiichiError, match=rf"{writer}: {match}"):
        getattr(logs, writer)(game)
