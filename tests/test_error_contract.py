"""The error contract: every public function and constructor raises only ``RiichiError``
subclasses on bad input (README: "every error is a riichi.RiichiError").

The walk calls each public callable (everything in ``riichi.__all__``, ``riichi.batch``,
``Rules`` and its presets, ``Hand``, ``Meld``, ``Round``, ``Game``, ``Wall``) once with good
arguments and then with each argument, in turn, replaced by a value of a wrong type or range
(``None``, a float, NaN, text, a lone surrogate, bytes, a list, a dict, a huge int, a negative
int, a bool, an arbitrary object). A call may return (a legitimate result) or raise a
``RiichiError``; anything else escaping fails the test, naming the call. Wrong arity and
unknown keywords are not part of the walk (``Rules``, its presets and methods refuse them with
a ``RiichiError``: tests/test_rules_arguments.py).
"""

from __future__ import annotations

import dataclasses
import inspect
import math

import numpy as np
import pytest

import riichi
import riichi.batch
from riichi import actions as A

BAD = [None, 1.5, math.nan, "x", "\udcff", b"x", [], [1, 2], {}, {"a": 1}, 2**64, -(2**70), -1,
       True, False, object(), (1,), 10**9]  # fmt: skip

HAND13 = "123m456p789s1122z"
HAND14 = "123m456p789s11222z"
COUNTS13 = riichi.parse_counts(HAND13)[0]
ROWS = np.array([COUNTS13], np.uint8)
ROWS14 = np.array([riichi.parse_counts("234m234p234s23455m")[0]], np.uint8)
RULES = riichi.Rules.tenhou()


def _hand():
    return riichi.Hand.parse(HAND13)


def _game():
    return riichi.Game(RULES, seed=1)


def _round():
    return riichi.Round(RULES, riichi.Wall.from_seed(1))


def _sample_log():
    from importlib.resources import files

    games = sorted(p for p in (files("riichi") / "data" / "games").iterdir() if p.is_file())
    return riichi.read_log(str(games[0]))


def _decisions():
    return lambda *a, **kw: list(riichi.decisions(*a, **kw))


def _discard(g):
    return g.legal_actions(g.current_seat)[0]


# (label, callable factory, positional args, keyword args): the good call. The factory is
# called anew for each call, so a method is called on a fresh object.
def _calls():
    out = [
        ("decompose", lambda: riichi.decompose, [HAND14, "2z"], {"players": 4}),
        ("discards", lambda: riichi.discards, [HAND14], {"visible": "1z", "players": 4}),
        ("format_counts", lambda: riichi.format_counts, [COUNTS13, (0, 0, 0)], {}),
        ("mjai_name", lambda: riichi.mjai_name, [4, True], {}),
        ("tile_name", lambda: riichi.tile_name, [4, True], {}),
        ("nagashi_mangan", lambda: riichi.nagashi_mangan, [True, RULES], {}),
        ("parse_counts", lambda: riichi.parse_counts, ["123m"], {}),
        ("parse_mjai", lambda: riichi.parse_mjai, ["5mr"], {}),
        ("parse_tile", lambda: riichi.parse_tile, ["5m"], {}),
        ("parse_tiles", lambda: riichi.parse_tiles, ["123m"], {}),
        ("shanten", lambda: riichi.shanten, [HAND13], {"players": 4}),
        ("shanten_detail", lambda: riichi.shanten_detail, [HAND13], {"players": 4}),
        ("ukeire", lambda: riichi.ukeire, [HAND13], {"visible": "1z", "players": 4}),
        ("waits", lambda: riichi.waits, [HAND13], {"visible": "1z", "players": 4}),
        ("score", lambda: riichi.score, [HAND14, "2z"],
         dict(tsumo=True, riichi=True, double_riichi=False, ippatsu=False, haitei=False,
              houtei=False, rinshan=False, chankan=False, tenhou=False, chiihou=False,
              renhou=False, seat_wind="S", round_wind="E", dora_indicators="1m",
              ura_indicators="2m", honba=1, kyotaku=1, nukidora=0, rules=RULES, renchan=0)),
        ("payment", lambda: riichi.payment, [4, 30],
         dict(dealer=False, tsumo=True, honba=1, kyotaku=1, yakuman=0, rules=RULES)),
        ("Hand.parse", lambda: riichi.Hand.parse, [HAND13], {}),
        ("Hand.from_counts", lambda: riichi.Hand.from_counts, [COUNTS13, [], (0, 0, 0)], {}),
        ("Hand.from_ids", lambda: riichi.Hand.from_ids, [list(range(0, 52, 4)), [], (1, 1, 1)], {}),
        ("TileKind", lambda: riichi.TileKind, [13, True], {}),
        ("Hand.ukeire", lambda: _hand().ukeire, ["1z"], {"players": 4}),
        ("Hand.waits", lambda: _hand().waits, ["1z"], {"players": 4}),
        ("Hand.shanten", lambda: _hand().shanten, [4], {}),
        ("Hand.discards", lambda: riichi.Hand.parse(HAND14).discards, ["1z"], {"players": 4}),
        ("Meld.parse", lambda: riichi.Meld.parse, ["pon:555z@2"], {}),
        ("Rules.tenhou", lambda: riichi.Rules.tenhou, ["hanchan"], {"red": True}),
        ("Rules.tenhou_sanma", lambda: riichi.Rules.tenhou_sanma, ["hanchan"], {"red": True}),
        ("Rules.mahjong_soul", lambda: riichi.Rules.mahjong_soul, ["hanchan"], {}),
        ("Wall.from_seed", lambda: riichi.Wall.from_seed, [1, 0, 4], {}),
        ("Wall.from_order", lambda: riichi.Wall.from_order, [list(range(136)), (1, 2)], {}),
        ("Wall", lambda: riichi.Wall, [tuple(range(136)), (3, 4)], {}),
        ("Game", lambda: riichi.Game, [RULES, 1],
         dict(walls=[riichi.Wall.from_seed(2)], scores=[25000] * 4, round_wind=0, dealer=0,
              honba=0, kyotaku=0, won=[False] * 4)),
        ("decisions", _decisions, [_sample_log()], {"seats": [0, 1], "rules": None}),
        ("Game.legal_actions", lambda: _game().legal_actions, [0], {}),
        ("Game.hand", lambda: _game().hand, [0], {}),
        ("Game.observation", lambda: _game().observation, [0], {}),
        ("Game.step", lambda: _game().step, [None], {}),  # no good action here: all refused
        ("Round", lambda: riichi.Round, [RULES, riichi.Wall.from_seed(1)],
         dict(scores=[25000] * 4, dealer=0, round_wind=0, honba=0, kyotaku=0)),
        ("Round.legal_actions", lambda: _round().legal_actions, [0], {}),
        ("Round.hand", lambda: _round().hand, [0], {}),
        ("Round.observation", lambda: _round().observation, [0], {}),
        ("Round.step", lambda: _round().step, [A.Pass(0)], {}),
        ("batch.shanten", lambda: riichi.batch.shanten, [ROWS],
         {"form": "regular", "threads": 1, "players": 4}),
        ("batch.ukeire", lambda: riichi.batch.ukeire, [ROWS],
         {"visible": np.zeros(34, np.uint8), "threads": 1, "players": 4}),
        ("batch.waits", lambda: riichi.batch.waits, [ROWS],
         {"visible": np.zeros(34, np.uint8), "threads": 1, "players": 4}),
        ("batch.discards", lambda: riichi.batch.discards, [ROWS14],
         {"visible": np.zeros(34, np.uint8), "threads": 1, "players": 4}),
        ("batch.score", lambda: riichi.batch.score,
         [[{"hand": HAND14, "win_tile": "2z", "seat_wind": "S", "tsumo": True, "honba": 1}]],
         {"rules": RULES}),
        ("batch.score_arrays", lambda: riichi.batch.score_arrays, [ROWS14, np.array([4], np.uint8)],
         dict(red=np.zeros((1, 3), np.uint8), melds=np.zeros((1, 0, 3), np.uint8),
              flags=np.array([1], np.uint16), seat_wind=np.zeros(1, np.uint8),
              round_wind=np.zeros(1, np.uint8), dora=np.full((1, 1), -1, np.int8),
              ura=np.full((1, 1), -1, np.int8), honba=np.zeros(1, np.uint16),
              kyotaku=np.zeros(1, np.uint16), rules=RULES)),
    ]  # fmt: skip
    # each action class: the constructor stores anything (actions are plain data), and
    # Round.step refuses a malformed one (tests/test_step_atomic.py covers every field)
    for cls in (A.Discard, A.Riichi, A.Chi, A.Pon, A.Daiminkan, A.Ankan, A.Kakan, A.Tsumo,
                A.Ron, A.Pass, A.Kyuushu, A.Nukidora):  # fmt: skip
        good = {"seat": 0, "tile": 0, "tsumogiri": False, "open": False, "consumed": (1, 2)}
        if cls is A.Daiminkan:
            good["consumed"] = (1, 2, 3)
        if cls is A.Ankan:
            good["consumed"] = (0, 1, 2, 3)
        kw = {f.name: good[f.name] for f in dataclasses.fields(cls)}
        out.append((f"Round.step({cls.__name__})", _stepper(cls), [], kw))
    return out


def _stepper(cls):
    def make():
        r = _round()
        return lambda **kw: r.step(cls(**kw))

    return make


_CALLS = _calls()


def _variants(args, kwargs):
    """The good call, then each argument in turn replaced by each bad value."""
    yield "good", args, kwargs
    for i in range(len(args)):
        for b in BAD:
            yield f"arg {i} = {b!r}", [*args[:i], b, *args[i + 1 :]], kwargs
    for k in kwargs:
        for b in BAD:
            yield f"{k}={b!r}", args, {**kwargs, k: b}


@pytest.mark.parametrize("label,factory,args,kwargs", _CALLS, ids=[c[0] for c in _CALLS])
def test_only_riichi_errors_escape(label, factory, args, kwargs):
    leaks = []
    for what, a, kw in _variants(args, kwargs):
        try:
            factory()(*a, **kw)
        except riichi.RiichiError:
            pass
        except Exception as e:  # the point of the test
            leaks.append(f"{label}({what}): {type(e).__name__}: {e}")
    assert not leaks, "\n".join(leaks)


def test_the_walk_covers_the_public_api():
    """Every public callable of riichi.__all__ and riichi.batch is in the walk (or is a
    result type, an exception, a module or a reader owned by tests/test_logs_*)."""
    walked = {c[0].split(".")[0] for c in _CALLS} | {"batch", "actions"}
    results = {"DiscardOption", "Reading", "ShantenDetail", "Ukeire", "Wait", "ScoreResult", "Payment",
               "GameReport", "GameResult", "Mismatch", "RoundResult", "Win", "GameLog"}  # fmt: skip
    readers = {"read_log", "read_logs", "replay_game"}  # the log readers' own tests
    errors = {n for n in riichi.__all__ if isinstance(getattr(riichi, n), type)
              and issubclass(getattr(riichi, n), Exception)}  # fmt: skip
    missing = set(riichi.__all__) - walked - results - readers - errors - {"Rules", "Meld"}
    assert not missing
    batch = {n for n in riichi.batch.__all__ if callable(getattr(riichi.batch, n))}
    assert batch <= {c[0].split(".", 1)[1] for c in _CALLS if c[0].startswith("batch.")}


@pytest.mark.parametrize("field", [f.name for f in dataclasses.fields(riichi.Rules) if f.init])
def test_rules_fields_refuse_wrong_types(field):
    leaks = []
    for b in BAD:
        for make in (riichi.Rules, RULES.replace):
            try:
                make(**{field: b})
            except riichi.RiichiError as e:
                assert field in str(e)
            except Exception as e:
                leaks.append(f"Rules({field}={b!r}): {type(e).__name__}: {e}")
    assert not leaks, "\n".join(leaks)


@pytest.mark.parametrize(
    "call,names",
    [
        (lambda: riichi.tile_name(2**64), ["kind", "18446744073709551616"]),
        (lambda: riichi.tile_name(True), ["kind", "True"]),
        (lambda: riichi.tile_name(4, red=1), ["red", "1"]),
        (lambda: riichi.Hand.parse(5), ["text", "5"]),
        (lambda: riichi.Hand.parse("123m\udcff"), ["'123m\\udcff'", "position 4"]),
        (lambda: riichi.Hand.from_counts(COUNTS13, red=(0, 5, 0)), ["red", "(0, 5, 0)"]),
        (lambda: riichi.Hand.from_counts([1.0] * 34), ["counts", "item 0", "1.0"]),
        (lambda: riichi.Hand.from_counts(COUNTS13, melds=["pon:555z"]), ["melds", "pon:555z"]),
        (lambda: riichi.format_counts(None), ["counts", "None"]),
        (lambda: riichi.parse_mjai(None), ["name", "None"]),
        (lambda: riichi.nagashi_mangan(1), ["dealer", "1"]),
        (lambda: riichi.nagashi_mangan(True, 1), ["rules", "int"]),
        (lambda: riichi.batch.shanten(ROWS, form=None), ["form", "None"]),
        (lambda: riichi.batch.score_arrays(None, np.array([0], np.uint8)), ["concealed", "None"]),
        (lambda: riichi.batch.score([{"hand": HAND14, "win_tile": "2z", "tsumo": 1}]),
         ["requests[0]", "tsumo", "1"]),
        (lambda: riichi.batch.score([{"hand": HAND14, "win_tile": "2z", "honba": 2**64}]),
         ["requests[0]", "honba", str(2**64)]),
        (lambda: riichi.batch.score(None), ["requests", "None"]),
        (lambda: riichi.Game(scores=100), ["scores", "100"]),
        (lambda: riichi.Game(won=1.0), ["won", "1.0"]),
        (lambda: riichi.Game(walls=1), ["walls", "1"]),
        (lambda: riichi.Game(walls=[0, 0]), ["walls[0]", "0"]),
        (lambda: riichi.Game(seed=()), ["seed", "()"]),
        (lambda: riichi.Game(seed=True), ["seed", "True"]),
    ],
)  # fmt: skip
def test_errors_name_the_argument_and_the_value(call, names):
    with pytest.raises(riichi.RiichiError) as info:
        call()
    for n in names:
        assert n in str(info.value)


def test_batch_score_accepts_none_flags_like_score():
    """``riichi.score`` takes ``tsumo=None`` as False; the batch does the same."""
    one = riichi.score(HAND14, "2z", seat_wind="S", tsumo=None)
    cols = riichi.batch.score([{"hand": HAND14, "win_tile": "2z", "seat_wind": "S", "tsumo": None}])
    assert int(cols["points"][0]) == one.points and one.points > 0


def test_game_accepts_numpy_scores_and_seed():
    g = riichi.Game(scores=np.array([25000, 25000, 30000, 20000]), seed=np.int64(3))
    assert g.state["scores"] == [25000, 25000, 30000, 20000]
    assert all(type(s) is int for s in g.state["scores"])
    assert _discard(g) == _discard(riichi.Game(scores=[25000, 25000, 30000, 20000], seed=3))


def test_signatures_are_introspectable():
    """The glue's arguments keep their names (the helpers do not hide them)."""
    for f, names in [(riichi.tile_name, ["kind", "red"]), (riichi.Hand.parse, ["text"]),
                     (riichi.nagashi_mangan, ["dealer", "rules"])]:  # fmt: skip
        assert list(inspect.signature(f).parameters)[: len(names)] == names
