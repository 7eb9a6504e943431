"""Pickling and copies of every public result object: ``Rules``, ``Hand``, ``Meld``,
``ScoreResult``, ``Round`` and ``Game`` (process pools, search), the analysis results
(``Wait``, ``Reading``, ``Ukeire``, ``DiscardOption``, ``ShantenDetail``), events, actions,
logs, replay reports, mining decisions and the mjai state. A copy is equal to the original
and a copied round or game plays on exactly like the original; a tampered pickle is refused."""

from __future__ import annotations

import copy
import dataclasses
import json
import multiprocessing
import pickle
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np
import pytest

import riichi
import riichi.batch
import riichi.features
import riichi.logs
import riichi.replay
from riichi import _core

_PRESETS = [
    riichi.Rules(),
    riichi.Rules.tenhou(),
    riichi.Rules.tenhou("tonpuusen", red=False),
    riichi.Rules.tenhou_sanma(),
    riichi.Rules.mahjong_soul(),
    riichi.Rules(kuitan=False, red_fives=(0, 2, 1), uma=(30000, 10000, -10000, -30000),
                 extension_target=35000, kazoe_yakuman="sanbaiman", yakitori=True),
]  # fmt: skip


def _copies(obj):
    """The object through every copy path a user has."""
    return [
        pickle.loads(pickle.dumps(obj)),
        pickle.loads(pickle.dumps(obj, protocol=0)),
        copy.deepcopy(obj),
        copy.copy(obj),
    ]


@pytest.mark.parametrize("rules", _PRESETS, ids=range(len(_PRESETS)))
def test_rules_round_trip(rules):
    for c in _copies(rules):
        assert c == rules
        assert hash(c) == hash(rules)
        assert c.scoring() == rules.scoring()  # the Rust rules are rebuilt, the same
        assert c.replace(honba_points=100) == rules.replace(honba_points=100)


def test_rules_pickle_is_validated_on_load():
    """The pickle holds the fields, not a bypass of the checks: a tampered field is refused."""
    rules = riichi.Rules()
    cls, fields = rules.__reduce__()
    names = [f for f in riichi.Rules.__dataclass_fields__ if not f.startswith("_")]
    bad = list(fields)
    bad[names.index("num_players")] = 5
    with pytest.raises(riichi.RiichiError, match="num_players"):
        cls(*bad)


def _nagashi(rules):
    return riichi.nagashi_mangan(True, rules)


def test_rules_cross_a_process_pool():
    ctx = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(1, mp_context=ctx) as pool:
        got = list(pool.map(_nagashi, _PRESETS))
    assert got == [riichi.nagashi_mangan(True, r) for r in _PRESETS]


_HANDS = [
    "123m406p789s1122z",
    "123m456p789s11222z",
    "11m pon:505m@2 ankan:0555s kakan:5550p@1 chi:234m",
    "123m11z daiminkan:0555p@3 pon:777z@1 chi:789s",
    "19m19p19s1234567z",
    "counts",  # Hand.from_counts with a red five
]
_MELDS = ["pon:505m@2", "chi:340p", "ankan:5505s", "kakan:5550m@1", "daiminkan:0555p@3",
          "pon:777z@3", "chi:789s", "ankan:1111z"]  # fmt: skip


@pytest.mark.parametrize("text", _HANDS)
def test_hand_round_trip(text):
    if text == "counts":
        counts, red = riichi.parse_counts("123m406p789s1122z")
        h = riichi.Hand.from_counts(counts, [], red)
        assert h.red == (0, 1, 0)
    else:
        h = riichi.Hand.parse(text)
    for c in _copies(h):
        assert c == h and hash(c) == hash(h)
        assert (c.concealed, c.red, c.melds, str(c)) == (h.concealed, h.red, h.melds, str(h))


@pytest.mark.parametrize("text", _MELDS)
def test_meld_round_trip(text):
    m = riichi.Meld.parse(text)
    for c in _copies(m):
        assert c == m
        assert (c.kind, c.tile, c.called, c.red, c.source, c.tiles) == (
            m.kind, m.tile, m.called, m.red, m.source, m.tiles)  # fmt: skip


_SCORES = [
    dict(hand="123m456p789s11222z", win_tile="2z"),  # no yaku but dora-less: not a win
    dict(hand="123m456p789s11222z", win_tile="2z", seat_wind="S"),
    dict(hand="12222305888s666z", win_tile="2s", seat_wind="E", round_wind="S",
         dora_indicators=["6p"]),
    dict(hand="234m234p234s23455m", win_tile="5m", tsumo=True, riichi=True, ippatsu=True,
         ura_indicators="4m", honba=3, kyotaku=2),
    dict(hand="19m19p19s1234567z1m", win_tile="1m"),  # kokushi, 13-sided wait
    dict(hand="19m19p19s12345677z", win_tile="7z", tsumo=True),
    dict(hand="11223344556677z", win_tile="7z", rules=riichi.Rules.mahjong_soul()),
    dict(hand="1133557799m1133p", win_tile="3p", riichi=True),  # chiitoitsu
    dict(hand="123m456p11s pon:777z@1 chi:789s", win_tile="1s"),
    dict(hand="234m678p11s ankan:0555s kakan:5550p@1", win_tile="1s", rinshan=True,
         tsumo=True),
    dict(hand="22334455667788m", win_tile="8m", tsumo=True, riichi=True,
         dora_indicators="1m1m", rules=riichi.Rules(kazoe_yakuman="sanbaiman")),
    dict(hand="123m406p789s11223z", win_tile="3z"),  # not complete
    dict(hand="11122233344455z", win_tile="5z", tsumo=True),  # daisuushi + tsuuiisou
]  # fmt: skip


@pytest.mark.parametrize("kw", _SCORES, ids=range(len(_SCORES)))
def test_score_result_round_trip(kw):
    kw = dict(kw)
    r = riichi.score(kw.pop("hand"), kw.pop("win_tile"), **kw)
    for c in _copies(r):
        assert c == r
        assert c.to_dict() == r.to_dict()
        assert repr(c) == repr(r)
        assert (c.fu_breakdown, c.wait, c.limit, c.yaku_ids) == (
            r.fu_breakdown, r.wait, r.limit, r.yaku_ids)  # fmt: skip


def test_score_results_compare_by_value():
    a = riichi.score("123m456p789s11222z", "2z", seat_wind="S")
    b = riichi.score("123m456p789s11222z", "2z", seat_wind="S")
    c = riichi.score("123m456p789s11222z", "2z", seat_wind="S", tsumo=True)
    assert a == b and a != c


@pytest.mark.parametrize("state", [None, (), "x", (True,) * 10, 5])
def test_score_result_state_is_checked(state):
    with pytest.raises(riichi.RiichiError, match="state"):
        _core.ScoreResult._from_state(state)


def test_score_result_tampered_state_is_refused():
    r = riichi.score("12222305888s666z", "2s", round_wind="S", dora_indicators=["6p"])
    fn, (state,) = r.__reduce__()
    assert fn(state) == r
    yaku = list(state)
    yaku[2] = [(99, 1)]  # no yaku has id 99
    with pytest.raises(riichi.RiichiError):
        fn(tuple(yaku))
    limit = list(state)
    limit[6] = (9, 0)  # no such limit
    with pytest.raises(riichi.RiichiError):
        fn(tuple(limit))


# ---------------------------------------------------------------------- rounds and games
def _play(g, rng, steps):
    for _ in range(steps):
        if g.is_over:
            return
        seat = rng.choice(g.seats_to_act)
        g.step(rng.choice(g.legal_actions(seat)))


def _view(g):
    n = g.rules.num_players
    return (
        list(g.events),
        repr(g.state),
        [g.legal_actions(s) for s in range(n)],
        [repr(g.observation(s)) for s in range(n)] if not g.is_over else None,
    )


def _same_future(a, b, seed, steps=150):
    """Step ``a`` and ``b`` with the same actions (chosen from ``a``'s legal actions) and
    compare everything observable after each step."""
    rng = random.Random(seed)
    for _ in range(steps):
        assert _view(a) == _view(b)
        if a.is_over:
            break
        seat = rng.choice(a.seats_to_act)
        action = rng.choice(a.legal_actions(seat))
        a.step(action)
        b.step(action)
    assert _view(a) == _view(b)


@pytest.mark.parametrize("rules", [riichi.Rules.tenhou(), riichi.Rules.tenhou_sanma()],
                         ids=["4p", "sanma"])  # fmt: skip
@pytest.mark.parametrize("seed", range(4))
def test_game_copies_play_on_identically(rules, seed):
    g = riichi.Game(rules, seed=seed)
    _play(g, random.Random(seed), 60 + 37 * seed)  # melds, riichi, claims pending...
    for c in (pickle.loads(pickle.dumps(g)), copy.deepcopy(g)):
        assert _view(c) == _view(g)
        twin = copy.deepcopy(g)  # the original stays untouched by the comparison
        _same_future(twin, c, seed * 7 + 1)


def test_a_copy_is_independent():
    g = riichi.Game(seed=3)
    _play(g, random.Random(3), 50)
    c = copy.deepcopy(g)
    before = _view(g)
    _play(c, random.Random(9), 30)
    assert _view(g) == before
    assert _view(c) != before



@pytest.mark.parametrize("rules", [riichi.Rules.tenhou(), riichi.Rules.tenhou_sanma()],
                         ids=["4p", "sanma"])  # fmt: skip
@pytest.mark.parametrize("seed", range(3))
def test_a_shallow_copy_is_independent_and_plays_on_identically(rules, seed):
    # copy.copy shared the round, its players and the event list with the original: stepping
    # the copy took a tile out of the original's hand while its phase stayed put (13 tiles
    # on its turn, its next step refused by the core as an invalid draw), and a round the
    # copy finished was added to the original's rounds
    g = riichi.Game(rules, seed=seed)
    _play(g, random.Random(seed), 40 + 29 * seed)
    before = _view(g)
    c = copy.copy(g)
    assert _view(c) == before
    _same_future(c, copy.deepcopy(g), seed + 11, steps=400)
    assert _view(g) == before
    _same_future(g, copy.deepcopy(g), seed + 5)  # the original still plays


@pytest.mark.parametrize("seed", range(3))
def test_a_shallow_copy_of_a_round_is_independent(seed):
    g = riichi.Game(seed=seed)
    _play(g, random.Random(seed), 30 + 17 * seed)
    r = g.round
    events, state = list(r.events), repr(r.state)
    hands = [r.hand(s) for s in range(4)]
    c = copy.copy(r)
    rng = random.Random(seed)
    while not c.is_over:
        seat = rng.choice(c.seats_to_act)
        c.step(rng.choice(c.legal_actions(seat)))
    assert r.events == events and repr(r.state) == state
    assert [r.hand(s) for s in range(4)] == hands
    seat = r.seats_to_act[0]
    r.step(r.legal_actions(seat)[0])  # the original still steps


@pytest.mark.parametrize("seed", range(3))
def test_round_copies_play_on_identically(seed):
    g = riichi.Game(seed=seed)
    _play(g, random.Random(seed), 40 + 23 * seed)
    r = g.round
    for c in (pickle.loads(pickle.dumps(r)), copy.deepcopy(r)):
        assert c.events == r.events and repr(c.state) == repr(r.state)
        twin = r.clone()
        rng = random.Random(seed)
        while not twin.is_over:
            seat = rng.choice(twin.seats_to_act)
            action = rng.choice(twin.legal_actions(seat))
            twin.step(action)
            c.step(action)
            assert c.events == twin.events and repr(c.state) == repr(twin.state)
        assert c.result == twin.result


def test_game_with_scripted_walls_pickles():
    walls = [riichi.Wall.from_seed(s) for s in range(3)]
    g = riichi.Game(seed=1, walls=walls)
    _play(g, random.Random(1), 20)
    c = pickle.loads(pickle.dumps(g))
    _same_future(copy.deepcopy(g), c, 5, steps=600)


def test_game_with_generator_walls_says_why_it_cannot_be_copied():
    g = riichi.Game(seed=1, walls=(riichi.Wall.from_seed(s) for s in range(2)))
    with pytest.raises(riichi.RiichiError, match="generator"):
        pickle.dumps(g)
    with pytest.raises(riichi.RiichiError, match="generator"):
        copy.deepcopy(g)


# ------------------------------------------------------------ every public class, one test
_GAMES = Path(riichi.__file__).parent / "data" / "games"  # the package's own sample logs
_XML = _GAMES / "2020010121gm-00a9-0000-c8621d22.xml"


def _random_game(seed, steps=None):
    g = riichi.Game(seed=seed)
    rng = random.Random(seed)
    while not g.is_over and (steps is None or steps > 0):
        g.step(rng.choice(g.legal_actions(rng.choice(g.seats_to_act))))
        steps = None if steps is None else steps - 1
    return g


def _won_round():
    """A game whose first round ends in the dealer's tsumo: a real ``RoundResult`` with a
    ``Win`` (random play hardly ever wins)."""
    sys.path.insert(0, str(Path(__file__).parent))
    from scripted import scripted_wall

    g = riichi.Game(seed=0, walls=[scripted_wall(["123m456p789s1122z", "", "", ""], "2z")])
    g.step(next(a for a in g.legal_actions(0) if isinstance(a, riichi.actions.Tsumo)))
    return g.rounds[0]


def _mismatch_report():
    """The replay report of a real log with one win's payments altered: one Mismatch."""
    log = riichi.read_log(str(_XML))
    i = next(i for i, e in enumerate(log.events) if isinstance(e, riichi.events.Hora))
    events = list(log.events)
    events[i] = dataclasses.replace(events[i], deltas=tuple(d + 100 for d in events[i].deltas))
    report = riichi.replay_game(dataclasses.replace(log, events=events))
    assert report.mismatches
    return report


def _unreadable(tmp=Path("/nonexistent-riichi-pickle-test/none.xml")):
    summary = riichi.replay.verify_file(str(tmp))
    assert summary.unreadable
    return summary


def _player_state():
    from riichi.mjai import PlayerState

    ps = PlayerState(seat=0)
    for line in (_GAMES / "126_204_0_mjai.jsonl").read_text().splitlines()[:80]:
        ps.update(json.loads(line))
    return ps


def _decision(features=False):
    from riichi.mining import decisions

    return list(decisions(riichi.read_log(str(_XML)), features=features))[7]


def _arena():
    from riichi.bots.tsumogiri import TsumogiriBot
    from riichi.mjai import Arena

    return Arena([TsumogiriBot() for _ in range(4)], riichi.Rules.tenhou("tonpuusen")).run(
        1, seed=3
    )


def _events():
    """One event of each kind, from the package's sample logs (every kind they hold)."""
    out = {}
    for path in sorted(_GAMES.iterdir()):
        for log in riichi.read_logs(str(path)):
            log = log[1] if isinstance(log, tuple) else log
            for e in log.events:
                out.setdefault(type(e).__name__, e)
                for m in getattr(e, "melds", ()) or ():
                    out.setdefault(type(m).__name__, m)
    return out


_EVENT_KINDS = ["StartGame", "StartKyoku", "Tsumo", "Dahai", "Chi", "Pon", "Daiminkan",
                "Ankan", "Kakan", "Nukidora", "Dora", "Reach", "ReachAccepted", "Hora",
                "Ryukyoku", "EndKyoku", "EndGame", "Disconnect", "Reconnect"]  # fmt: skip


_ACTIONS = {
    "Discard": lambda: riichi.actions.Discard(0, 16, tsumogiri=True),
    "Riichi": lambda: riichi.actions.Riichi(0, 16, open=True),
    "Chi": lambda: riichi.actions.Chi(1, 8, (0, 4)),
    "Pon": lambda: riichi.actions.Pon(2, 17, (16, 18)),
    "Daiminkan": lambda: riichi.actions.Daiminkan(3, 108, (109, 110, 111)),
    "Ankan": lambda: riichi.actions.Ankan(0, (52, 53, 54, 55)),
    "Kakan": lambda: riichi.actions.Kakan(1, 19),
    "Tsumo": lambda: riichi.actions.Tsumo(0),
    "Ron": lambda: riichi.actions.Ron(2),
    "Pass": lambda: riichi.actions.Pass(3),
    "Kyuushu": lambda: riichi.actions.Kyuushu(0),
    "Nukidora": lambda: riichi.actions.Nukidora(1, 120),
}


def _counts(*hands):
    return np.array([riichi.parse_counts(h)[0] for h in hands], dtype=np.uint8)


def _river_marks():
    from riichi.mining.observation import RiverMarks

    marks = RiverMarks(4)
    marks.update(_random_game(3, steps=40).round.events)
    return marks


def _arena_module():
    import riichi.mjai.arena

    return riichi.mjai.arena


def _error(name):
    return lambda: getattr(riichi, name)(f"{name}: 5m")


_CASES = {
    # riichi._core results
    "Wait": lambda: riichi.waits("123456789m1122p")[0],
    "Wait-karaten": lambda: riichi.waits("123456789m1122p", visible="22p")[1],
    "Wait-kokushi": lambda: riichi.waits("19m19p19s1234567z")[12],
    "Wait-kanchan": lambda: riichi.waits("13m456p789s11122z")[0],
    "Wait-penchan": lambda: riichi.waits("12m456p789s11122z")[0],
    "Wait-hand": lambda: riichi.Hand.parse("1112345678999m").waits(visible="5m5m")[4],
    "Reading": lambda: riichi.decompose("123m456p789s11222z", "2z")[0],
    "Reading-penchan": lambda: riichi.decompose("123m345m456p11222z", "3m")[0],
    "Reading-ryanmen": lambda: riichi.decompose("123m345m456p11222z", "3m")[1],
    "Reading-no-win": lambda: riichi.decompose("11122233344455m")[-1],
    "Reading-chiitoitsu": lambda: riichi.decompose("1133557799m1133p", "3p")[0],
    "Reading-kokushi": lambda: riichi.decompose("19m19p19s1234567z1m", "1m")[0],
    "Reading-melds": lambda: riichi.decompose(
        riichi.Hand.parse("11m406p789s pon:505s@2 ankan:1111z"), "0p")[0],
    "Ukeire": lambda: riichi.ukeire("123m456p789s1122z"),
    "Ukeire-visible": lambda: riichi.ukeire("12m456p789s11223z", visible="3m3m3m"),
    "Ukeire-empty": lambda: riichi.ukeire("1m", visible="1m1m1m"),
    "DiscardOption": lambda: riichi.discards("123m456p789s11223z")[0],
    "DiscardOption-red": lambda: next(
        d for d in riichi.discards(riichi.Hand.parse("123m406p789s11223z")) if d.red),
    "ShantenDetail": lambda: riichi.shanten_detail("19m19p19s1234566z"),
    "ShantenDetail-melds": lambda: riichi.shanten_detail(
        riichi.Hand.parse("123m456p789s4z pon:555z")),
    "ScoringRules": lambda: riichi.Rules().scoring(),
    "ScoringRules-soul": lambda: riichi.Rules.mahjong_soul().scoring(),
    "ScoringRules-sanma": lambda: riichi.Rules.tenhou_sanma().scoring(),
    "ScoringRules-odd": lambda: riichi.Rules(
        red_fives=(0, 2, 1), kuitan=False, atozuke="forbidden", kazoe_yakuman="double_at_26",
        open_pinfu_ron_fu="20", chiitoitsu_value="50fu_1han", renhou="baiman",
        two_han_minimum_from_honba=5, double_yakuman_special_waits=("daisuushii",),
    ).scoring(),
    "ScoreResult": lambda: riichi.score("123m456p789s11222z", "2z", seat_wind="S"),
    "Hand": lambda: riichi.Hand.parse("11m pon:505m@2 ankan:0555s kakan:5550p@1 chi:234m"),
    "Meld": lambda: riichi.Meld.parse("kakan:5550m@1"),
    "TileKind": lambda: riichi.parse_tile("0p"),
    "Payment": lambda: riichi.payment(3, 30, dealer=False, tsumo=True),
    "Rules": lambda: riichi.Rules.tenhou_sanma(),
    "Wall": lambda: riichi.Wall.from_seed(7),
    "MersenneTwister": lambda: _core.MersenneTwister(random.Random(5).getstate()[1]),
    # games, rounds and their results
    "Game": lambda: _random_game(2, steps=70),
    "Round": lambda: _random_game(3, steps=50).round,
    "GameResult": lambda: _random_game(1).result,
    "Player": lambda: _random_game(3, steps=120).round.players[0],
    "SeatHand": lambda: _random_game(3, steps=120).round.players[0].seat,
    "RoundResult": _won_round,
    "Win": lambda: _won_round().wins[0],
    # logs, replay, mining, mjai
    "GameLog": lambda: riichi.read_log(str(_XML)),
    "GameReport": _mismatch_report,
    "Mismatch": lambda: _mismatch_report().mismatches[0],
    "VerifySummary": _unreadable,
    "Problem": lambda: _unreadable().unreadable[0],
    "Decision": _decision,
    "Decision-features": lambda: _decision(features=True),  # its observation made lazily
    "Observation": lambda: _decision().observation,
    "PlayerState": _player_state,
    "ArenaResult": _arena,
    "GameRecord": lambda: _arena().games[0],
    "BotStats": lambda: _arena().bots[0],
    "ReadLimits": lambda: riichi.logs.ReadLimits(max_bytes=1 << 20),
    "RiverMarks": _river_marks,
    "Fault": lambda: _arena_module().Fault(1, "bot", 0, 2, "illegal", {"type": "tsumo"},
                                           "discarded 9z", "Discard(seat=2, tile=4)"),
    # array results
    "features.encode": lambda: riichi.features.encode(_decision().observation),
    "batch.waits": lambda: riichi.batch.waits(_counts("123456789m1122p", "123m456p789s1122z")),
    "batch.ukeire": lambda: riichi.batch.ukeire(_counts("123456789m1122p", "1234m")),
    "batch.discards": lambda: riichi.batch.discards(_counts("123m456p789s11223z")),
    # errors
    **{name: _error(name) for name in ["RiichiError", "InvalidTile", "InvalidHand",
                                         "IllegalAction", "LogFormatError"]},
    # events and actions
    **{f"event.{k}": (lambda k=k: _events()[k]) for k in [*_EVENT_KINDS, "CalledMeld"]},
    **{f"action.{name}": _ACTIONS[name] for name in riichi.actions.__all__ if name != "Action"},
}


def _public(obj, depth=0):
    """What a copy must agree on: the value itself when the class compares by value, else
    its public attributes, each in turn by value or by its public attributes (a Round its
    events and state, an exception its type and args)."""
    if isinstance(obj, riichi.Game):
        return _view(obj)
    if isinstance(obj, riichi.Round):
        return (obj.events, repr(obj.state), obj.is_over)
    if isinstance(obj, np.ndarray):
        return (obj.dtype.str, obj.shape, obj.tolist())
    if isinstance(obj, dict) and any(isinstance(v, np.ndarray) for v in obj.values()):
        return {k: _public(v) for k, v in obj.items()}
    if type(obj).__name__ == "Decision" and obj.features is not None:
        return (obj, _public(obj.features))
    if type(obj).__name__ == "RiverMarks":  # its memo is a cache of shared tuples
        return (obj.rivers, obj.tsumogiri, obj.riichi_index)
    if isinstance(obj, _core.MersenneTwister):
        return obj.getstate()
    if isinstance(obj, BaseException):
        return (type(obj), obj.args, str(obj))
    if type(obj).__eq__ is not object.__eq__:
        return obj
    if depth > 2 or type(obj).__module__ == "builtins":
        return obj
    names = [n for n in dir(obj) if not n.startswith("_")]
    attrs = {n: getattr(obj, n) for n in names}
    return {n: _public(v, depth + 1) for n, v in attrs.items() if not callable(v)}


def _hashable(obj):
    try:
        hash(obj)
    except TypeError:  # a frozen dataclass holding a ScoreResult, say
        return False
    return True


@pytest.mark.parametrize("name", list(_CASES))
def test_every_public_class_pickles_and_copies(name):
    obj = _CASES[name]()
    copies = [  # made first: an object that builds parts on first use is copied unbuilt
        ("protocol 2", pickle.loads(pickle.dumps(obj, protocol=2))),
        ("highest protocol", pickle.loads(pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL))),
        ("copy", copy.copy(obj)),
        ("deepcopy", copy.deepcopy(obj)),
    ]
    want = _public(obj)
    assert want or want == 0  # the comparison holds something
    for label, c in copies:
        assert type(c) is type(obj), label
        assert _public(c) == want, label
        if type(obj).__repr__ is not object.__repr__:
            assert repr(c) == repr(obj), label
        if type(obj).__eq__ is not object.__eq__ and _hashable(obj):
            assert hash(c) == hash(obj), label


#: Public classes the test above does not copy, and why.
_NOT_COPIED = {
    # a reusable encoder holding per-reader buffers (riichi.env keeps one per env), not a
    # result: it does not pickle yet
    "FeatureReader",
    # the feature encoder's reader of a live round (its buffers and the round it follows):
    # a tool, not a result; it does not pickle yet
    "RoundReader",
    # the round's private cache of the seats' table facts: a Round drops it when pickled
    # and builds it again (test_round_copies_play_on_identically)
    "SeatTable",
    # not results: an arena owns its bots' processes, a bot is what a user subclasses
    "Arena",
    "Bot",
}


def test_every_public_class_has_a_case():
    """Each class of ``riichi.__all__``, ``riichi._core``, ``riichi.events``,
    ``riichi.actions``, ``riichi.replay``, ``riichi.mjai`` and ``riichi.mining`` is copied above (or listed, with why, in
    ``_NOT_COPIED``): a class added later without pickle support fails here."""
    import riichi.actions
    import riichi.events
    import riichi.mining
    import riichi.mjai

    modules = [(riichi, riichi.__all__), (_core, dir(_core)),
               (riichi.events, riichi.events.__all__), (riichi.actions, riichi.actions.__all__),
               (riichi.replay, riichi.replay.__all__), (riichi.mjai, riichi.mjai.__all__),
               (riichi.mining, riichi.mining.__all__)]  # fmt: skip
    public = {
        getattr(module, name).__name__  # events.Tile is TileKind
        for module, names in modules
        for name in names
        if isinstance(getattr(module, name, None), type) and not name.startswith("_")
    }
    public -= {"Event", "Action"}  # bases and unions: every concrete kind has its case
    covered = {c.split("-")[0].split(".")[-1] for c in _CASES}
    assert public - covered - _NOT_COPIED == set()
    assert _NOT_COPIED <= public  # no stale exclusion


# -------------------------------------------------------- the analysis results in detail
def test_every_wait_value_round_trips_to_its_shared_object():
    """Every wait the analysis returns for a spread of hands comes back equal, with the same
    tile, shapes, live count and karaten; each is the shared object of its value."""
    hands = ["1112345678999m", "19m19p19s1234567z", "123456789m1122p", "13m456p789s11122z",
             "2234m", "1m", "5555m", "11m22p", "1133557799m113p"]  # fmt: skip
    n = 0
    for text in hands:
        for visible in (None, "1m2m3m4m1z2z"):
            for w in riichi.waits(text, visible=visible):
                c = pickle.loads(pickle.dumps(w))
                assert c == w and hash(c) == hash(w)
                assert (c.tile, c.shapes, c.live, c.karaten) == (w.tile, w.shapes, w.live,
                                                                 w.karaten)  # fmt: skip
                assert c is riichi.waits(text, visible=visible)[[*riichi.waits(
                    text, visible=visible)].index(w)]  # fmt: skip
                n += 1
    assert n > 30


def test_readings_round_trip_field_by_field():
    for hand, win in [("123m345m456p11222z", "3m"), ("11122233344455m", None),
                      ("11122233344455m", "5m"), ("1133557799m1133p", "3p"),
                      ("22334455667788m", "8m")]:  # fmt: skip
        readings = riichi.decompose(hand, win)
        assert readings
        for r in readings:
            c = pickle.loads(pickle.dumps(r))
            assert c == r and c.to_dict() == r.to_dict() and repr(c) == repr(r)
            assert (c.form, c.blocks, c.win_block, c.win_tile, c.wait, c.melds) == (
                r.form, r.blocks, r.win_block, r.win_tile, r.wait, r.melds)  # fmt: skip


def test_discard_tables_round_trip():
    for hand in ["123m406p789s11223z", "1112345678999m5p", "19m19p19s1234567z1m"]:
        table = riichi.discards(hand)
        back = pickle.loads(pickle.dumps(table))
        assert back == table
        for c, d in zip(back, table):
            assert (c.tile, c.tile.red, c.red, c.shanten) == (d.tile, d.tile.red, d.red,
                                                              d.shanten)  # fmt: skip
            u, v = c.ukeire, d.ukeire
            assert (u.tiles, u.counts, u.total, u.shanten, len(u)) == (
                v.tiles, v.counts, v.total, v.shanten, len(v))  # fmt: skip


def _state(obj):
    fn, (state,) = obj.__reduce__()
    assert fn(state) == obj  # the untampered state rebuilds the object
    return fn, state


def _swap(state, i, value):
    s = list(state)
    s[i] = value
    return tuple(s)


def _fifth_1z(state):
    """123m345m456p11z with pon:111z: a reading of these tiles, but five 1z in the hand."""
    counts = [0] * 34
    for k in (0, 1, 2, 2, 3, 4, 12, 13, 14, 27, 27):
        counts[k] += 1
    blocks = [("sequence", 0), ("sequence", 2), ("sequence", 12), ("pair", 27)]
    return ("regular", blocks, 0, 2, "penchan", ["pon:111z"], bytes(counts))


_TAMPERED = {
    "Wait": (lambda: riichi.waits("123456789m1122p")[0], [
        lambda s: _swap(s, 0, 34),  # no kind 34
        lambda s: _swap(s, 1, 0),  # no shape
        lambda s: _swap(s, 1, 32),  # no sixth shape
        lambda s: (27, 1, 2),  # a ryanmen on 1z
        lambda s: (9, 2, 2),  # a kanchan on 1p
        lambda s: (13, 4, 2),  # a penchan on 5p
        lambda s: _swap(s, 2, 5),  # five live copies
        lambda s: s[:2],
        lambda s: None,
    ]),
    "Reading": (lambda: riichi.decompose("123m345m456p11222z", "3m")[0], [
        lambda s: _swap(s, 0, "chiitoitsu"),
        lambda s: _swap(s, 1, [("sequence", 1), *s[1][1:]]),  # not these tiles
        lambda s: _swap(s, 2, 3),  # the win in the triplet
        lambda s: _swap(s, 3, 33),  # a win tile not in the hand
        lambda s: _swap(s, 4, "kanchan"),
        lambda s: _swap(s, 5, ["pon:777z"]),  # 14 concealed tiles and a meld
        lambda s: _fifth_1z(s),
        lambda s: _swap(s, 5, ["pon:999z"]),  # no such meld
        lambda s: _swap(s, 6, bytes(33)),
        lambda s: _swap(s, 6, bytes([5] + [0] * 33)),
        lambda s: "Reading",
    ]),
    "Ukeire": (lambda: riichi.ukeire("123m456p789s1122z"), [
        lambda s: _swap(s, 0, 20),
        lambda s: _swap(s, 1, [28, 27]),  # not ascending
        lambda s: _swap(s, 1, [27, 34]),
        lambda s: _swap(s, 2, [2, 5]),  # five live copies
        lambda s: _swap(s, 2, [2]),  # a count missing
        lambda s: (0, "12", "ab"),
    ]),
    "DiscardOption": (lambda: riichi.discards("123m456p789s11223z")[0], [
        lambda s: _swap(s, 0, 34),
        lambda s: _swap(s, 1, True),  # a red 1m
        lambda s: _swap(s, 2, (0, [1], [9])),
        lambda s: s[:2],
    ]),
    "ShantenDetail": (lambda: riichi.shanten_detail("19m19p19s1234566z"), [
        lambda s: _swap(s, 0, 9),
        lambda s: _swap(s, 1, 7),
        lambda s: _swap(s, 2, 14),
        lambda s: _swap(s, 1, None),  # chiitoitsu and kokushi apply together
        lambda s: (1, 2),
    ]),
    "ScoringRules": (lambda: riichi.Rules().scoring(), [
        lambda s: {**s, "num_players": 5},
        lambda s: {**s, "kazoe_yakuman": "never"},
        lambda s: {**s, "red_fives": (4, 1, 1)},
        lambda s: {**s, "bogus": 1},
        lambda s: {**s, "kuitan": "yes"},
        lambda s: list(s.items()),
    ]),
}  # fmt: skip


@pytest.mark.parametrize(
    ("name", "i"), [(n, i) for n, (_, bad) in _TAMPERED.items() for i in range(len(bad))]
)
def test_a_tampered_pickle_is_refused(name, i):
    make, bad = _TAMPERED[name]
    fn, state = _state(make())
    with pytest.raises(riichi.RiichiError, match=r"state|num_players|kazoe|red_fives"):
        fn(bad[i](state))


def test_state_has_no_hidden_placeholder():
    """A reading without a winning tile pickles its wait as None, and a hand with melds
    carries them: the state is the public fields."""
    r = riichi.decompose(riichi.Hand.parse("11m406p789s pon:505s@2 ankan:1111z"))[0]
    _, state = _state(r)
    assert state[3] is None and state[4] is None
    assert state[5] == [str(m) for m in r.melds]


def _analyse(hands):
    thirteen, fourteen = hands
    return (riichi.waits(thirteen), riichi.ukeire(thirteen), riichi.decompose(fourteen),
            riichi.discards(riichi.Hand.parse(fourteen)), riichi.shanten_detail(thirteen))  # fmt: skip


_POOL_HANDS = [("123456789m1122p", "123456789m11222p"), ("123m456p789s1122z", "123m456p789s11222z"),
               ("1112223334445m", "11122233344455m"), ("19m19p19s1234567z", "19m19p19s1234567z1m"),
               ("2233445566778m", "22334455667788m"), ("123m406p789s1122z", "123m406p789s11223z")]  # fmt: skip


@pytest.mark.parametrize("method", ["fork", "spawn"])
def test_analysis_results_cross_a_process_pool(method):
    ctx = multiprocessing.get_context(method)
    with ProcessPoolExecutor(2, mp_context=ctx) as pool:
        got = list(pool.map(_analyse, _POOL_HANDS))
    want = [_analyse(h) for h in _POOL_HANDS]
    assert got == want
    assert all(any(x) for x in got)
