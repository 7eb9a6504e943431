"""The environment's observation read (``RiichiAECEnv.last()`` -> ``_core.RoundReader``).

The reader lists a seat's legal actions itself where ``Round._legal`` is plain (the turn
seat's shared turn actions from the core, a claim's options, nothing for an idle seat) and
caches the list in the round as ``Round._legal`` caches it, so that ``Round.step`` still
knows each offered action by identity (no full ``_check``); it asks ``Round._legal`` for the
rest (open riichi, an ankan, kakan or kita on offer). Under every rule set here the arrays
equal ``riichi.features.encode`` of the seat's ``observe``d view, step after step.
"""

from __future__ import annotations

import dataclasses
import random

import numpy as np
import pytest

import riichi
from riichi import features
from riichi.actions import Ankan, Kakan, Nukidora, Riichi
from riichi.kyoku.round import Round
from riichi.kyoku.turn import turn_actions
from riichi.mining.observation import observe

pytest.importorskip("pettingzoo", reason="the riichi[rl] extra (pettingzoo) is not installed")
from riichi.env import RiichiAECEnv, flat_layout

RULES = {
    "tenhou": lambda: riichi.Rules.tenhou("tonpuusen"),
    "tenhou_sanma": lambda: riichi.Rules.tenhou_sanma("tonpuusen"),
    "open_riichi": lambda: dataclasses.replace(
        riichi.Rules.tenhou("tonpuusen"), open_riichi="no_yakuman"
    ),
}


def _choose(legal, x, layout, rng):
    """A win when offered, else a riichi (open or closed at random where both are
    offered), else the discard keeping the lowest shanten (so that hands reach tenpai and
    riichi is offered), a random answer to a claim."""
    legal = [int(i) for i in legal]
    for i in legal:
        if i in (features.TSUMO, features.RON):
            return i
    riichis = [i for i in legal if features.RIICHI <= i < features.CHI or i >= features.OPEN_RIICHI]
    if riichis:
        return riichis[rng.randrange(len(riichis))]
    discards = [i for i in legal if i < features.RIICHI]
    if not discards:
        return legal[rng.randrange(len(legal))]
    after = x[layout["discard_shanten"][0]]
    drawn = int(x[layout["drawn"][0]][0])

    def kind(i):
        if i == features.TSUMOGIRI:
            return drawn
        return i if i < 34 else 4 + 9 * (i - 34)  # a red five: 5m 5p 5s

    return min(discards, key=lambda i: (after[kind(i)], rng.random()))


@pytest.mark.parametrize("name", sorted(RULES))
def test_env_read_equals_the_encoding_and_keeps_the_rounds_cache(name, monkeypatch):
    rules = RULES[name]()
    n = rules.num_players
    layout = flat_layout(n)
    made_by_round: list[list] = []  # the listings Round._legal made itself
    checked: list = []  # actions Round.step checked in full
    legal, check = Round._legal, Round._check

    def counted_legal(self, seat):
        made = not (self._cache_version == self._version and seat in self._cache)
        acts = legal(self, seat)
        if made:  # not a listing taken from the cache
            made_by_round.append(acts)
        return acts

    def counted_check(self, action):
        checked.append(action)
        return check(self, action)

    monkeypatch.setattr(Round, "_legal", counted_legal)
    monkeypatch.setattr(Round, "_check", counted_check)
    env = RiichiAECEnv(rules)
    rng = random.Random(name)
    steps = claims = 0
    riichi_offered = False
    opened = 0
    for seed in (11, 12):
        env.reset(seed=seed)
        for agent in env.agent_iter():
            obs, _, term, _, _ = env.last()
            if term:
                env.step(None)
                continue
            seat = env._seat[agent]
            rnd = env.game.round
            acts = env._acts
            riichi_offered |= any(a.__class__ is Riichi for a in acts)
            # the round caches the very list the env steps from (Round._legal's cache)
            assert rnd._cache_version == rnd._version and rnd._cache[seat] is acts
            # ... and it is what the round lists itself (turn.turn_actions, a claim's options)
            if rnd.phase == "turn":
                assert seat == rnd._turn and acts == turn_actions(rnd, seat)
            else:
                assert acts == rnd._claim.options[seat] and seat not in rnd._claim.responses
            want = features.encode(observe(rnd, seat))
            mask = obs["action_mask"]
            assert mask.dtype == np.int8
            assert np.array_equal(want["action_mask"].astype(np.int8), mask)
            for key, (sl, shape) in layout.items():
                got = obs["observation"][sl].reshape(shape)
                assert np.array_equal(got, want[key]), (seed, steps, key)
            claims += rnd.phase == "claim"
            legal_idx = np.flatnonzero(mask)
            choice = _choose(legal_idx, obs["observation"], layout, rng)
            opened += choice >= features.OPEN_RIICHI
            env.step(choice)
            steps += 1
    assert steps > 300 and claims > 0
    assert checked == []  # every action applied was one the round offered, by identity
    assert riichi_offered
    if name == "open_riichi":  # every turn listed by Round._legal itself
        assert len(made_by_round) > steps // 2 and opened > 0
    else:  # Round._legal only for turns with a kan or kita on offer; riichi was offered
        for acts in made_by_round:
            assert any(isinstance(a, (Ankan, Kakan, Nukidora)) for a in acts), acts
        assert opened == 0
