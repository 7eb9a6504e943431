"""Observations and encodings of a stream of decisions (an environment, a replayed game):
what is kept between snapshots must never show a stale value.

- An observation built with a round's memo (:class:`riichi.mining.observation.RiverMarks`)
  equals the round's dict view (:meth:`riichi.Round.observation`) field by field at every
  step of seeded self-play, 4 and 3 players, and shares the tuples that did not change.
- ``_core.FeatureReader`` (the environment's encoder, which remembers the tuples and actions
  it read) gives exactly the arrays of :func:`riichi.features.encode` (flattened, or as a
  dict with the same shapes and dtypes), the same mask, and the legal indices of
  :func:`riichi.features.action_index`, on every step of a stream and on observations
  taken out of order; bad input raises a RiichiError naming it.
"""

from __future__ import annotations

import dataclasses
import random

import numpy as np
import pytest

import riichi
from riichi import _core, features
from riichi.errors import RiichiError
from riichi.mining.observation import RiverMarks, observe

RULES = [riichi.Rules.tenhou(), riichi.Rules.tenhou_sanma()]


def _reference(rnd, seat):
    """The observation's fields from the round's dict view (no memo)."""
    d = rnd.observation(seat)
    melds = tuple(
        tuple((k, tuple(ids), c, src) for k, ids, c, src in per) for per in d["melds"]
    )
    taken = {m[2] for per in melds for m in per if m[2] is not None}
    rivers = tuple(tuple(r) for r in d["rivers"])
    return {
        "hand": tuple(d["hand"]),
        "drawn": d["drawn"],
        "melds": melds,
        "rivers": rivers,
        "called": tuple(tuple(t in taken for t in r) for r in rivers),
        "riichi": tuple(d["riichi"]),
        "nukidora": tuple(tuple(x) for x in d["nukidora"]),
        "dora_indicators": tuple(d["dora_indicators"]),
        "scores": tuple(d["scores"]),
        "phase": d["phase"],
        "pending": d["pending"],
        "legal_actions": tuple(d["legal_actions"]),
        "live_tiles_left": d["live_tiles_left"],
        "round_wind": d["round_wind"],
        "dealer": d["dealer"],
        "honba": d["honba"],
        "kyotaku": d["kyotaku"],
    }


def _stream(rules, seed, every_seat=False):
    """(round, seat, observation with the round's memo) at each step of a random game,
    for the seat to act (or every seat)."""
    game = riichi.Game(rules=rules, seed=seed)
    rng = random.Random(seed)
    rnd = marks = None
    n = rules.num_players
    while not game.is_over:
        if game.round is not rnd:
            rnd, marks = game.round, RiverMarks(n)
        for seat in range(n) if every_seat else game.seats_to_act[:1]:
            yield rnd, seat, observe(rnd, seat, marks)
        legal = game.legal_actions(game.seats_to_act[0])
        wins = [a for a in legal if type(a).__name__ in ("Tsumo", "Ron")]
        game.step(wins[0] if wins and rng.random() < 0.7 else rng.choice(legal))


@pytest.mark.parametrize("rules", RULES, ids=["4p", "3p"])
def test_memo_observations_equal_the_round_view_at_every_step(rules):
    kinds = set()
    shared = 0
    last: dict[int, object] = {}
    rounds = None
    for seed in (1, 2):
        for rnd, seat, obs in _stream(rules, seed, every_seat=True):
            ref = _reference(rnd, seat)
            got = {k: getattr(obs, k) for k in ref}
            assert got == ref, [k for k in ref if got[k] != ref[k]]
            fresh = observe(rnd, seat)  # no memo: the same observation
            assert fresh == obs
            if rnd is not rounds:
                rounds, last = rnd, {}
            prev = last.get(seat)
            if prev is not None:
                # per seat, an unchanged river or meld list is the same tuple, not a copy
                for field in ("rivers", "melds"):
                    for a, b in zip(getattr(prev, field), getattr(obs, field)):
                        if a == b and a:
                            assert a is b, field
                            shared += 1
            last[seat] = obs
            kinds |= {m[0] for per in obs.melds for m in per}
    assert shared > 1000
    assert "pon" in kinds  # calls happened (the called flags and melds moved)


def _flat(obs):
    arrays = features.encode(obs)
    mask = arrays.pop("action_mask").astype(np.int8)
    return np.concatenate([v.reshape(-1) for v in arrays.values()], dtype=np.float32), mask


@pytest.mark.parametrize("rules", RULES, ids=["4p", "3p"])
def test_the_reader_gives_the_encoder_arrays_flattened(rules):
    n = rules.num_players
    size = sum(int(np.prod(shape)) for k, (shape, _) in features.feature_spec(n).items()
               if k != "action_mask")  # fmt: skip
    assert size == (928 if n == 4 else 745)
    reader = _core.FeatureReader()
    seen = []
    for _rnd, _seat, obs in _stream(rules, 5):
        x, mask, legal = reader.encode_flat(obs)
        want_x, want_mask = _flat(obs)
        assert x.dtype == np.float32 and x.shape == (size,)
        assert mask.dtype == np.int8 and mask.shape == (features.NUM_ACTIONS,)
        assert np.array_equal(x, want_x) and np.array_equal(mask, want_mask)
        assert legal == [features.action_index(obs, a) for a in obs.legal_actions]
        assert reader.legal_indices(obs) == legal
        arrays, mask2, legal2 = reader.encode_dict(obs)
        want = features.encode(obs)
        assert np.array_equal(mask2, want.pop("action_mask").astype(np.int8)) and legal2 == legal
        assert list(arrays) == list(want) and mask2.dtype == np.int8
        for k, v in want.items():
            assert arrays[k].dtype == v.dtype and arrays[k].shape == v.shape, k
            assert np.array_equal(arrays[k], v), k
        seen.append(obs)
    # out of order and with altered copies: nothing remembered leaks into another
    # observation
    rng = random.Random(0)
    for obs in rng.sample(seen, 200):
        other = dataclasses.replace(
            obs,
            rivers=tuple(tuple(r) for r in obs.rivers),
            scores=tuple(s + 100 for s in obs.scores),
        )
        for o in (obs, other):
            x, mask, _ = reader.encode_flat(o)
            want_x, want_mask = _flat(o)
            assert np.array_equal(x, want_x) and np.array_equal(mask, want_mask)


def test_the_reader_refuses_bad_observations():
    game = riichi.Game(rules=riichi.Rules.tenhou(), seed=3)
    obs = observe(game.round, game.current_seat)
    reader = _core.FeatureReader()
    reader.encode_flat(obs)  # remembered, then the same seat with a bad river
    bad = dataclasses.replace(obs, rivers=((200,), (), (), ()), tsumogiri=((False,), (), (), ()),
                              called=((False,), (), (), ()))  # fmt: skip
    with pytest.raises(RiichiError, match="rivers"):
        reader.encode_flat(bad)
    with pytest.raises(RiichiError, match="17 concealed tiles"):
        reader.encode_flat(dataclasses.replace(obs, hand=(*obs.hand, 1, 2, 3)))
    with pytest.raises(RiichiError):
        reader.legal_indices(dataclasses.replace(obs, legal_actions=("dahai",)))
    x, _, _ = reader.encode_flat(obs)  # and the good one still encodes as before
    assert np.array_equal(x, _flat(obs)[0])


def test_the_reader_rereads_a_list_changed_in_place():
    """Only tuples are remembered: a list (an observation built by hand) may change under
    the same object between two calls."""
    game = riichi.Game(rules=riichi.Rules.tenhou(), seed=4)
    for _ in range(12):
        game.step(game.legal_actions(game.seats_to_act[0])[0])
    obs = observe(game.round, game.seats_to_act[0])
    river = list(obs.rivers[1])
    flags = list(obs.tsumogiri[1])
    called = list(obs.called[1])
    assert river
    mine = dataclasses.replace(
        obs,
        rivers=(obs.rivers[0], river, *obs.rivers[2:]),
        tsumogiri=(obs.tsumogiri[0], flags, *obs.tsumogiri[2:]),
        called=(obs.called[0], called, *obs.called[2:]),
    )
    reader = _core.FeatureReader()
    before, _, _ = reader.encode_flat(mine)
    river.pop()
    flags.pop()
    called.pop()
    after, _, _ = reader.encode_flat(mine)
    assert not np.array_equal(before, after)
    assert np.array_equal(after, _flat(mine)[0])
