"""Open riichi in the action indices (``Rules.open_riichi``): ``Riichi(..., open=True)`` is
its own choice, 159 + the discard's index, beside the closed riichi at 38 + the same index;
the mask is 197 wide under every rule set.

Games are played toward riichi (a win when offered, else a riichi, open or closed in turn,
else the discard keeping the lowest shanten, claims passed) so that riichi is offered and
taken both ways: through the environment (every legal index round-trips through the
observation, the PettingZoo api_test passes), and as a logged game read back through
``decisions(features=True)`` and ``riichi export --features``.
"""

from __future__ import annotations

import dataclasses
import json
import random
import sys
import warnings
from pathlib import Path

import numpy as np
import pytest

import riichi
from riichi import IllegalAction, features
from riichi.actions import Discard, Pass, Riichi, Ron, Tsumo
from riichi.events import GameLog, Reach
from riichi.game import Game
from riichi.logs import to_mjai_lines
from riichi.mining.observation import observe

sys.path.insert(0, str(Path(__file__).parent))
from features_reference import encode as ref_encode
from features_reference import equal, index_of

OPEN_RULES = {
    "tenhou_open": lambda: dataclasses.replace(
        riichi.Rules.tenhou("tonpuusen"), open_riichi="yakuman_non_riichi"
    ),
    "sanma_open": lambda: dataclasses.replace(
        riichi.Rules.tenhou_sanma("tonpuusen"), open_riichi="no_yakuman"
    ),
}
OPEN = range(features.OPEN_RIICHI, features.OPEN_RIICHI + 38)
CLOSED = range(features.RIICHI, features.RIICHI + 38)


def test_the_index_table():
    assert features.NUM_ACTIONS == riichi._core.FEATURES_NUM_ACTIONS == 197
    assert features.OPEN_RIICHI == features.NUKIDORA + 1 == 159
    assert features.OPEN_RIICHI + features.TSUMOGIRI + 1 == features.NUM_ACTIONS
    assert features.FEATURE_VERSION == 2
    for players in (3, 4):
        assert features.feature_spec(players)["action_mask"][0] == (197,)


def _toward_riichi(legal_idx, x, layout, turn):
    """The index to play: a win, else a riichi (open on odd ``turn``s, closed on even
    ones, where both are offered), else the discard keeping the lowest shanten, else a
    pass (calls keep hands closed)."""
    legal = [int(i) for i in legal_idx]
    for i in legal:
        if i in (features.TSUMO, features.RON):
            return i
    opens = [i for i in legal if i in OPEN]
    closed = [i for i in legal if i in CLOSED]
    if opens or closed:
        return (opens if turn % 2 or not closed else closed)[0]
    discards = [i for i in legal if i < features.RIICHI]
    if not discards:
        return features.PASS if features.PASS in legal else legal[0]
    after = x[layout["discard_shanten"][0]]
    drawn = int(x[layout["drawn"][0]][0])

    def kind(i):
        if i == features.TSUMOGIRI:
            return drawn
        return i if i < 34 else 4 + 9 * (i - 34)  # a red five: 5m 5p 5s

    return min(discards, key=lambda i: (after[kind(i)], i))


# --------------------------------------------------------------------------- environment


@pytest.mark.parametrize("name", sorted(OPEN_RULES))
def test_env_plays_through_open_and_closed_riichi_and_every_index_round_trips(name):
    pytest.importorskip("pettingzoo", reason="the riichi[rl] extra is not installed")
    from riichi.env import RiichiAECEnv, flat_layout

    rules = OPEN_RULES[name]()
    layout = flat_layout(rules.num_players)
    env = RiichiAECEnv(rules)
    taken = {"open": 0, "closed": 0}
    offers = 0
    for seed in (1, 2):
        env.reset(seed=seed)
        for agent in env.agent_iter():
            obs, _, term, _, _ = env.last()
            if term:
                env.step(None)
                continue
            mask = obs["action_mask"]
            assert mask.shape == (features.NUM_ACTIONS,) and mask.dtype == np.int8
            seat = env._seat[agent]
            view = observe(env.game.round, seat)
            want = features.encode(view)
            assert np.array_equal(want["action_mask"].astype(np.int8), mask)
            legal_idx = np.flatnonzero(mask)
            # every legal index gives an action of the round and the action its index
            assert len(legal_idx) == len(view.legal_actions)
            for i in legal_idx:
                act = features.index_action(view, int(i))
                assert act in view.legal_actions
                assert features.action_index(view, act) == index_of(view, act) == i
                if isinstance(act, Riichi):
                    assert (i in OPEN) == act.open
            # an open riichi is offered exactly beside each closed one
            assert [i - features.OPEN_RIICHI for i in legal_idx if i in OPEN] == [
                i - features.RIICHI for i in legal_idx if i in CLOSED
            ]
            offers += any(i in OPEN for i in legal_idx)
            choice = _toward_riichi(legal_idx, obs["observation"], layout, offers)
            events = len(env.game.events)
            env.step(choice)
            if choice in OPEN or choice in CLOSED:
                reach = next(
                    e for e in env.game.events[events:] if isinstance(e, Reach)
                )
                assert reach.actor == seat and bool(reach.open) == (choice in OPEN)
                taken["open" if choice in OPEN else "closed"] += 1
    assert offers > 2 and taken["open"] > 0 and taken["closed"] > 0, (offers, taken)


def test_a_masked_open_riichi_index_raises_naming_it_and_changes_nothing():
    pytest.importorskip("pettingzoo", reason="the riichi[rl] extra is not installed")
    from riichi.env import RiichiAECEnv, flat_layout

    # without the rule, a riichi offer has no open twin: its index is masked
    rules = riichi.Rules.tenhou("tonpuusen")
    layout = flat_layout(4)
    env = RiichiAECEnv(rules, seed=3)
    env.reset(seed=3)
    turn = 0
    while True:
        agent = env.agent_selection
        obs, _, term, _, _ = env.last()
        assert not term, "no riichi was offered in the game"
        mask = obs["action_mask"]
        closed = [i for i in np.flatnonzero(mask) if i in CLOSED]
        if closed:
            break
        turn += 1
        env.step(_toward_riichi(np.flatnonzero(mask), obs["observation"], layout, turn))
    assert not mask[features.OPEN_RIICHI :].any()
    twin = int(closed[0]) - features.RIICHI + features.OPEN_RIICHI
    events = len(env.game.events)
    with pytest.raises(IllegalAction, match=rf"{agent}.*index {twin}"):
        env.step(twin)
    assert len(env.game.events) == events and env.agent_selection == agent
    view = env.observation_object(agent)
    with pytest.raises(IllegalAction, match=f"index {twin} is masked"):
        features.index_action(view, twin)
    riichi_act = features.index_action(view, int(closed[0]))
    with pytest.raises(IllegalAction, match=f"index {twin} is masked"):
        features.action_index(view, dataclasses.replace(riichi_act, open=True))


@pytest.mark.parametrize(("name", "space_seed"), [("sanma_open", 20), ("tenhou_open", 10)])
def test_pettingzoo_api_test_under_open_riichi(name, space_seed):
    """api_test's random agents sample the action spaces: seeded here (each seat's space
    its own seed) so that the game they play reaches an open riichi offer."""
    pytest.importorskip("pettingzoo", reason="the riichi[rl] extra is not installed")
    from pettingzoo.test import api_test

    from riichi.env import RiichiAECEnv

    class Watched(RiichiAECEnv):  # type: ignore[misc]
        """Counts the open riichi offers the random agents of api_test saw."""

        offers = 0

        def step(self, action):
            if action is not None:
                mask = self.action_mask(self.agent_selection)
                Watched.offers += bool(mask[features.OPEN_RIICHI :].any())
            super().step(action)

    Watched.offers = 0
    env = Watched(OPEN_RULES[name](), seed=2)
    for i, agent in enumerate(env.possible_agents):
        env.action_space(agent).seed(space_seed + i)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env, num_cycles=1500)
    assert Watched.offers > 0


def test_single_agent_env_under_open_riichi():
    """The Gymnasium wrapper: the learner and the other seats (a callable policy) play
    toward riichi; open riichi indices pass through both the learner's step and the
    policy's answers."""
    pytest.importorskip("pettingzoo", reason="the riichi[rl] extra is not installed")
    from riichi.env import SingleAgentEnv, flat_layout

    rules = OPEN_RULES["tenhou_open"]()
    layout = flat_layout(4)
    picks: list[int] = []

    def policy(obs):
        legal = np.flatnonzero(obs["action_mask"])
        i = _toward_riichi(legal, obs["observation"], layout, len(picks))
        picks.append(i)
        return i

    env = SingleAgentEnv(rules, seat=0, policy=policy)
    for seed in (1, 2):
        obs, _ = env.reset(seed=seed)
        done = False
        while not done:
            obs, _, done, _, _ = env.step(policy(obs))
    assert any(i in OPEN for i in picks) and any(i in CLOSED for i in picks)


# --------------------------------------------------------------------------- logged games


def _selfplay(rules, seed):
    """A game played toward riichi on the engine (as :func:`_toward_riichi`, on actions):
    its events and how many open and closed riichi were declared."""
    g = Game(rules, seed=seed)
    rng = random.Random(seed)
    made = {"open": 0, "closed": 0}
    while not g.is_over:
        seat = g.seats_to_act[0]
        legal = g.legal_actions(seat)
        wins = [a for a in legal if isinstance(a, (Tsumo, Ron))]
        riichis = [a for a in legal if isinstance(a, Riichi)]
        discards = [a for a in legal if isinstance(a, Discard)]
        if wins:
            act = wins[0]
        elif riichis:
            want_open = sum(made.values()) % 2 == 0
            act = next(a for a in riichis if a.open == want_open)
            made["open" if act.open else "closed"] += 1
        elif discards:
            ids = g.hand(seat)
            act = min(
                discards,
                key=lambda a: (
                    riichi.shanten(riichi.Hand.from_ids([t for t in ids if t != a.tile])),
                    rng.random(),
                ),
            )
        else:
            act = next((a for a in legal if isinstance(a, Pass)), legal[0])
        g.step(act)
    return GameLog(list(g.events), meta={"rules": rules}), made


@pytest.fixture(scope="module", params=sorted(OPEN_RULES))
def open_game(request):
    rules = OPEN_RULES[request.param]()
    log, made = _selfplay(rules, 4)
    assert made["open"] > 0 and made["closed"] > 0, made
    return log, made


def test_decisions_with_features_encode_open_and_closed_riichi(open_game):
    log, made = open_game
    decs = list(riichi.decisions(log, features=True))
    assert decs and all(d.ok for d in decs)
    chosen = {"open": 0, "closed": 0}
    offered = 0
    for d in decs:
        mask = d.features["action_mask"]
        assert mask.shape == (features.NUM_ACTIONS,) and mask.dtype == np.bool_
        obs = d.observation
        assert equal(d.features, features.encode(obs)) == []
        assert equal(d.features, ref_encode(obs)) == []
        i = features.action_index(obs, d.action)
        assert mask[i] and features.index_action(obs, i) == d.action
        offered += bool(mask[features.OPEN_RIICHI :].any())
        if isinstance(d.action, Riichi):
            assert (i in OPEN) == d.action.open
            chosen["open" if d.action.open else "closed"] += 1
    assert chosen == made and offered >= sum(made.values())


def test_export_features_of_an_open_riichi_game(open_game, tmp_path):
    pq = pytest.importorskip("pyarrow.parquet")
    from riichi.cli import main

    log, made = open_game
    src = tmp_path / "open.mjai"
    src.write_text(to_mjai_lines(log))
    out = tmp_path / "out"
    assert main(["export", str(src), "-o", str(out), "--features", "-q",
                 "--tables", "games,decisions"]) == 0  # fmt: skip
    schema = json.loads((out / "_schema.json").read_text())
    assert schema["features"]["feature_version"] == features.FEATURE_VERSION == 2
    assert schema["features"]["columns"]["action_mask"] == "fixed_size_list<item: bool>[197]"
    table = pq.read_table(out / "features")
    assert table.schema.metadata[b"riichi.feature_version"] == b"2"
    rows = table.to_pydict()
    assert set(rows["feature_version"]) == {2}
    for a, m in zip(rows["action"], rows["action_mask"]):
        assert len(m) == features.NUM_ACTIONS and m[a]
    actions = rows["action"]
    assert sum(a in OPEN for a in actions) == made["open"]
    assert sum(a in CLOSED for a in actions) == made["closed"]
