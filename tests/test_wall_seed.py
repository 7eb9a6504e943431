"""Walls from seeds: the core's draws are ``random.Random``'s own, byte for byte.

``Wall.from_seed`` and ``Game`` shuffle in the core (``_core.MersenneTwister``, a
``random.Random`` state drawn from in Rust). The reference is CPython itself: a subclass of
``random.Random`` is asked through its own ``shuffle`` and ``randint`` (the path every
generator took before), and the twister's draws are compared with a ``random.Random`` in the
same state, on many seeds and positions in the stream.
"""

from __future__ import annotations

import copy
import pickle
import random

import numpy as np
import pytest

import riichi
from riichi import _core
from riichi.wall import SANMA_IDS, Wall, wall_from_twister


class _Reference(random.Random):
    """A generator Wall.from_seed asks through its own methods (Python's shuffle)."""


def _ids(players: int) -> list[int]:
    return list(range(136)) if players == 4 else list(SANMA_IDS)


@pytest.mark.parametrize("players", [4, 3])
def test_twister_draws_are_random_randoms_on_many_seeds(players):
    for seed in range(400):
        r = random.Random(seed * 7919)
        for _ in range(seed % 5 * 150):  # start anywhere in the 624-word block
            r.getrandbits(32)
        t = _core.MersenneTwister(r.getstate()[1])
        for _ in range(3):  # consecutive walls from one stream
            want = _ids(players)
            r.shuffle(want)
            dice = (r.randint(1, 6), r.randint(1, 6))
            ids, d1, d2 = t.wall_ids(players)
            assert (list(ids), (d1, d2)) == (want, dice), seed
        assert t.getstate() == r.getstate()[1], seed


def test_from_seed_equals_the_python_shuffle_and_advances_the_generator_alike():
    for seed in range(300):
        for players in (4, 3):
            assert Wall.from_seed(seed, players=players) == Wall.from_seed(
                _Reference(seed), players=players
            )
        mine, ref = random.Random(seed), _Reference(seed)
        for dealer in range(4):
            a, b = Wall.from_seed(mine, dealer), Wall.from_seed(ref, dealer)
            assert (a.order, a.dice) == (b.order, b.dice)
        assert mine.getstate() == ref.getstate()
        assert mine.random() == ref.random()


def test_a_subclass_draws_with_its_own_methods():
    class Reversed(random.Random):
        def shuffle(self, x):  # not a shuffle: the ids stay in reverse order
            x.reverse()

    w = Wall.from_seed(Reversed(1), players=3)
    assert w.order == tuple(reversed(SANMA_IDS))
    assert w == Wall.from_order(w.order, w.dice)  # a valid wall all the same


def test_walls_made_without_the_checks_are_valid_walls():
    for seed in range(50):
        for players in (4, 3):
            w = Wall.from_seed(seed, players=players)
            again = Wall.from_order(w.order, w.dice)  # the checks of the constructor
            assert again == w
            assert (again.players, again.live_tiles) == (w.players, w.live_tiles)
            assert [w.rinshan(i) for i in range(4)] == [again.rinshan(i) for i in range(4)]
            assert w.dora_indicator(0) == again.dora_indicator(0)
            assert w.ura_indicator(4) == again.ura_indicator(4)


def test_game_walls_are_the_seeded_random_randoms():
    """Game draws the seating from random.Random(seed), then each round's wall from the
    same stream: the walls equal the Python shuffle of a copy of that stream."""
    for seed in (0, 5, 123456789, 2**70 + 3):
        g = riichi.Game(riichi.Rules.tenhou(), seed=seed)
        ref = _Reference(seed)
        for _ in range(4):  # the seating rolls (highest_roll: two dice and a tie key each)
            ref.randint(1, 6), ref.randint(1, 6), ref.random()
        assert g.round.wall == Wall.from_seed(ref)
        walls = [g.round.wall]
        rng = random.Random(0)
        while not g.is_over and len(walls) < 4:
            seat = g.seats_to_act[0]
            g.step(rng.choice(g.legal_actions(seat)))
            if g.round.wall is not walls[-1]:
                walls.append(g.round.wall)
                assert walls[-1] == Wall.from_seed(ref), seed


def test_game_pickled_with_a_random_random_plays_on_alike():
    """A Game pickled before the core held its generator has a random.Random there: it
    draws the same walls, so the game plays on alike."""
    a = riichi.Game(riichi.Rules.tenhou(), seed=9)
    b = copy.deepcopy(a)
    b._rng = random.Random()
    b._rng.setstate((3, a._rng.getstate(), None))
    b = pickle.loads(pickle.dumps(b))
    assert b._rng.__class__ is random.Random
    rng = random.Random(2)
    while not a.is_over:
        seat = a.seats_to_act[0]
        acts = a.legal_actions(seat)
        assert acts == b.legal_actions(seat)
        i = rng.randrange(len(acts))
        a.step(acts[i])
        b.step(b.legal_actions(seat)[i])
    assert len(a.rounds) > 1
    assert a.events == b.events and a.result == b.result


def test_twister_pickles_and_copies():
    t = _core.MersenneTwister(random.Random(4).getstate()[1])
    t.wall_ids(4)
    copies = [pickle.loads(pickle.dumps(t)), copy.deepcopy(t), copy.copy(t)]
    state = t.getstate()
    after = t.wall_ids(3)
    for u in copies:
        assert u is not t and u.getstate() == state
        assert u.wall_ids(3) == after


@pytest.mark.parametrize(
    "state, words",
    [
        ([0] * 624, "625 ints"),
        ([0] * 623 + [-1, 5], "word 623"),
        ([0] * 623 + [2**32, 5], "word 623"),
        ([0] * 624 + [625], "position"),
        ([0] * 624 + ["1"], "position"),
        ("0" * 625, "expected 625 ints"),
        (5, "expected 625 ints"),
    ],
)
def test_twister_refuses_a_bad_state_naming_it(state, words):
    with pytest.raises(riichi.RiichiError, match=words):
        _core.MersenneTwister(state)


@pytest.mark.parametrize("players", [4, 3])
def test_twister_wall_order_is_the_wall_ids_broken_by_their_dice(players):
    # wall_order (one core call: Game's walls) against wall_ids laid out by Wall._broken
    # (the break written in Python, the path of a random.Random subclass)
    for seed in range(300):
        state = random.Random(seed).getstate()[1]
        t, u = _core.MersenneTwister(state), _core.MersenneTwister(state)
        for _ in range(3):
            order, d1, d2 = t.wall_order(players)
            ids, e1, e2 = u.wall_ids(players)
            assert (d1, d2) == (e1, e2), seed
            want = Wall._broken(ids, (e1, e2)).order if players == 4 else tuple(ids)
            assert type(order) is tuple and order == want, (seed, d1, d2)
        assert t.getstate() == u.getstate(), seed


def test_twister_refuses_bad_players():
    t = _core.MersenneTwister(random.Random(1).getstate()[1])
    before = t.getstate()
    for bad in (2, 5):
        with pytest.raises(riichi.RiichiError, match="players"):
            t.wall_ids(bad)
        with pytest.raises(riichi.RiichiError, match="players"):
            t.wall_order(bad)
    with pytest.raises(riichi.RiichiError, match="players"):
        wall_from_twister(t, True)
    assert t.getstate() == before


def test_a_game_pickled_before_the_over_flag_reads_it_from_its_result():
    g = riichi.Game(riichi.Rules.tenhou(), seed=3)
    rng = random.Random(1)
    while not g.is_over:
        g.step(rng.choice(g.legal_actions(g.seats_to_act[0])))
    for over in (g, riichi.Game(riichi.Rules.tenhou(), seed=4)):
        state = dict(over.__getstate__())
        del state["_over"]
        old = riichi.Game.__new__(riichi.Game)
        old.__setstate__(state)
        assert old.is_over == (over.result is not None) == over.is_over
        assert old.phase == over.phase and old.seats_to_act == over.seats_to_act


@pytest.mark.parametrize("players", [4, 3])
@pytest.mark.parametrize(
    ("method", "count"),
    [("rinshan", {4: 4, 3: 8}), ("dora_indicator", {4: 5, 3: 5}), ("ura_indicator", {4: 5, 3: 5})],
)
def test_dead_wall_indices_are_checked_naming_the_index(players, method, count):
    wall = Wall.from_seed(5, players=players)
    read = getattr(wall, method)
    n = count[players]
    tiles = [read(i) for i in range(n)]
    assert len(set(tiles)) == n and tiles[0] in wall.dead  # (sanma's later ones may lie before)
    assert read(np.int64(n - 1)) == tiles[-1]  # a NumPy integer indexes too
    # a negative index would read the row from its other end: refused, as is one past it
    for bad in (-1, n, 2**64, None, 1.5, "0", True, [0]):
        with pytest.raises(riichi.RiichiError, match=rf"Wall\.{method}: expected an index 0\.\.{n - 1}, got"):
            read(bad)


@pytest.mark.parametrize("seed", [-1, -5, -(2**70)])
def test_a_negative_seed_is_refused_not_folded_onto_its_absolute_value(seed):
    # random.Random seeds with abs(seed): Game(seed=-5) dealt Game(seed=5)'s game and
    # Wall.from_seed(-5) its wall, so two seeds silently gave the same deals (the arena's
    # blocks seed + b met each other across 0)
    assert random.Random(seed).random() == random.Random(-seed).random()
    with pytest.raises(riichi.RiichiError, match=rf"seed.*{seed}"):
        riichi.Game(seed=seed)
    with pytest.raises(riichi.RiichiError, match=rf"seed.*{seed}"):
        Wall.from_seed(seed)
    with pytest.raises(riichi.RiichiError, match=rf"seed.*{seed}"):
        Wall.from_seed(seed, players=3)


def test_seed_zero_and_numpy_seeds_still_deal():
    assert riichi.Game(seed=0).hand(0) == riichi.Game(seed=np.int64(0)).hand(0)
    assert Wall.from_seed(0).order == Wall.from_seed(0).order
