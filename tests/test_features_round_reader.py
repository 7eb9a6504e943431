"""The fast feature path: the core reads a seat's view straight from a live round
(``_core.RoundReader``, used by ``decisions(..., features=True)`` and ``riichi.env``) and
must give exactly the arrays the Observation-based encoder gives, on real decisions of every
log format (4 and 3 players) and on self-play."""

from __future__ import annotations

import pickle
import random

import numpy as np
import pytest

import riichi
from _real_games import games_with_decisions
from riichi import _core, features
from riichi.errors import RiichiError
from riichi.mining.decision import decisions, game_decisions
from riichi.mining.observation import Observation, RiverMarks, observe

# a few real logs per format (files or folders under ../shared/data); the sanma ones make
# sure both player counts are met
_FILES = [
    "mjlog/dnovikoff-tenhou/sanma2.xml",
    "mjlog/tenhou-python-bot",
    "tenhou6/sanma-engine",
    "tenhou6",
    "mjai/wahaha",
    "mjai/riichienv",
    "majsoul_raw",
    "majiang_kobalab",
]


def _games(shared, rel, limit=2):
    """Up to ``limit`` (game, its decisions) with decisions from ``rel``."""
    got = games_with_decisions(shared, rel, lambda g: game_decisions(g)[1], limit)
    return [(g, decs) for _, _, g, decs in got]


def test_fast_decision_features_equal_the_observation_encoding(shared):
    players = set()
    formats = 0
    for rel in _FILES:
        games = _games(shared, rel)
        formats += bool(games)
        for g, eager in games:
            _, fast = game_decisions(g, features=True)
            assert len(fast) == len(eager)
            want = features.encode_batch([d.observation for d in eager])
            for j, (a, b) in enumerate(zip(eager, fast)):
                got = b.features
                assert got is not None and set(got) == set(want)
                for k, v in want.items():
                    assert got[k].dtype == v.dtype and got[k].shape == v.shape[1:], k
                    assert np.array_equal(got[k], v[j]), (g.source, j, k)
                # the observation, built on request, is the eager one (legal actions too)
                assert b.observation == a.observation, (g.source, j)
                assert b == a and b.record() == a.record()
                players.add(a.observation.players)
    assert formats == len(_FILES)
    assert players == {3, 4}


def test_fast_decisions_pickle_and_stay_read_only(shared):
    (g, eager), *_ = _games(shared, "mjlog/tenhou-python-bot", limit=1)
    fast = list(decisions(g, features=True))
    feats = [d.features for d in fast[:5]]
    with pytest.raises(ValueError):
        feats[0]["hand"][0] = 9  # a view of the game's batch: read-only
    back = pickle.loads(pickle.dumps(fast))
    assert back == eager
    for d, f in zip(back, feats):
        assert all(np.array_equal(d.features[k], f[k]) for k in f)
    assert eager[0].features is None  # made without features


def test_decisions_features_argument_is_checked(shared):
    (g, _), *_ = _games(shared, "mjlog/tenhou-python-bot", limit=1)
    with pytest.raises(RiichiError, match="features"):
        decisions(g, features=1)  # type: ignore[arg-type]
    with pytest.raises(RiichiError, match="features"):
        game_decisions(g, features="yes")  # type: ignore[arg-type]


@pytest.mark.parametrize("preset", ["tenhou", "tenhou_sanma", "mahjong_soul"])
def test_round_reader_equals_the_observation_path_in_self_play(preset):
    rules = riichi.Rules.preset(preset)
    names = tuple(Observation.__dataclass_fields__)
    steps = 0
    for seed in range(3):
        game = riichi.Game(rules, seed=seed)
        fast = _core.RoundReader()
        slow = _core.FeatureReader()
        rng = random.Random(seed)
        rnd0 = marks = None
        while not game.is_over:
            rnd = game.round
            if rnd is not rnd0:
                rnd0, marks = rnd, RiverMarks(rules.num_players)
            acting = game.seats_to_act[0]
            # every seat's view, not only the acting one's
            for seat in range(rules.num_players):
                obs = observe(rnd, seat, marks)
                x1, m1, l1 = slow.encode_flat(obs)
                x2, m2, l2, acts = fast.encode_flat(rnd, seat)
                assert np.array_equal(x1, x2) and np.array_equal(m1, m2) and l1 == l2
                assert list(acts) == list(obs.legal_actions)
                row = fast.push(rnd, seat)
                assert dict(zip(names, fast.fields(row))) == obs.__dict__
            d1, _, _ = slow.encode_dict(obs)
            d2, _, _, _ = fast.encode_dict(rnd, seat)
            assert all(np.array_equal(d1[k], d2[k]) for k in d1)
            acts = game.legal_actions(acting)
            game.step(acts[rng.randrange(len(acts))])
            steps += 1
        rows = list(range(len(fast)))[::7]
        batch = fast.encode_rows(rows, rules.num_players)
        want = features.encode_batch(
            [Observation(*fast.fields(r)) for r in rows]  # type: ignore[arg-type]
        )
        assert all(np.array_equal(batch[k], want[k]) for k in want)
    assert steps > 500


def test_round_reader_refuses_bad_arguments():
    game = riichi.Game(riichi.Rules.tenhou(), seed=1)
    reader = _core.RoundReader()
    with pytest.raises(RiichiError, match="seat"):
        reader.encode_flat(game.round, 4)
    with pytest.raises(RiichiError, match="rows"):
        reader.encode_rows([0], 4)
    with pytest.raises(RiichiError, match="row"):
        reader.fields(0)
    with pytest.raises(RiichiError):
        reader.encode_flat(object(), 0)


@pytest.mark.parametrize("observation", ["flat", "dict"])
def test_env_arrays_equal_the_encoding_of_its_observation_object(observation):
    pytest.importorskip("pettingzoo")
    from riichi.env import RiichiAECEnv

    env = RiichiAECEnv(riichi.Rules.tenhou(), observation=observation, episode="round")
    reader = _core.FeatureReader()
    rng = random.Random(5)
    steps = 0
    for seed in (3, 4):
        env.reset(seed=seed)
        shadow = riichi.Game(riichi.Rules.tenhou(), seed=seed)  # stepped by the Observation path
        first = shadow.round  # the episode's round
        for agent in env.agent_iter():
            out, _, term, _, _ = env.last()
            if term:
                env.step(None)
                continue
            obs = env.observation_object(agent)
            if observation == "flat":
                x, mask, _ = reader.encode_flat(obs)
                assert np.array_equal(out["observation"], x)
            else:
                arrays, mask, _ = reader.encode_dict(obs)
                assert all(np.array_equal(out["observation"][k], v) for k, v in arrays.items())
            assert np.array_equal(out["action_mask"], mask)
            legal = np.flatnonzero(mask)
            index = int(legal[rng.randrange(len(legal))])
            act = features.index_action(obs, index)
            env.step(index)
            shadow.step(act)  # the action the index stands for is the one the env applied
            assert repr(first.events) == repr(env._round().events)
            steps += 1
    assert steps > 50
