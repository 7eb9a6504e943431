"""Pickling and deep copies: ``Rules``, ``Hand``, ``Meld``, ``ScoreResult``, ``Round`` and
``Game`` (process pools, search). A copy is equal to the original and a copied round or game
plays on exactly like the original."""

from __future__ import annotations

import copy
import multiprocessing
import pickle
import random
from concurrent.futures import ProcessPoolExecutor

import pytest

import riichi
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
