"""riichi.env: the PettingZoo AEC environment and the Gymnasium single-agent wrapper.

PettingZoo's own api_test / seed_test and Gymnasium's check_env are run on them; random
legal-masked agents play whole games under several presets (sanma included) with points
conserved; each step is checked against the engine (only seats with a decision act, the
observation is riichi.features' encoding of the seat's view, the action is the index's).
"""

from __future__ import annotations

import re
import subprocess
import sys
import warnings
from pathlib import Path

import numpy as np
import pytest

import riichi
from riichi import features
from riichi.errors import IllegalAction, RiichiError
from riichi.mining.observation import observe

sys.path.insert(0, str(Path(__file__).parent))
from engine_support import require_slow

pytest.importorskip("pettingzoo", reason="the riichi[rl] extra (pettingzoo) is not installed")
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from riichi.env import RiichiAECEnv, SingleAgentEnv, flat_layout, flat_size

README = Path(__file__).resolve().parents[1] / "README.md"

PRESETS = {
    "tenhou_tonpuusen": lambda: riichi.Rules.tenhou("tonpuusen"),
    "tenhou_sanma": lambda: riichi.Rules.tenhou_sanma("tonpuusen"),
    "mahjong_soul": lambda: riichi.Rules.mahjong_soul("tonpuusen"),
}


def _quiet(fn, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return fn(*args, **kwargs)


# ---------------------------------------------------------------- PettingZoo and Gymnasium checks
@pytest.mark.parametrize("preset", ["tenhou_tonpuusen", "tenhou_sanma"])
@pytest.mark.parametrize("fmt", ["flat", "dict"])
def test_pettingzoo_api_test(preset, fmt):
    env = RiichiAECEnv(PRESETS[preset](), seed=5, observation=fmt)
    _quiet(api_test, env, num_cycles=1000)


def test_pettingzoo_api_test_round_episodes():
    _quiet(api_test, RiichiAECEnv(seed=1, episode="round"), num_cycles=300)


def test_pettingzoo_seed_test():
    seed_test(lambda: RiichiAECEnv(riichi.Rules.tenhou("tonpuusen")), num_cycles=120)
    seed_test(lambda: RiichiAECEnv(riichi.Rules.tenhou_sanma("tonpuusen")), num_cycles=120)


@pytest.mark.parametrize("fmt", ["flat", "dict"])
def test_gymnasium_check_env(fmt):
    # check_env steps unmasked samples: a masked index must end the episode, not raise
    _quiet(check_env, SingleAgentEnv(observation=fmt, illegal_action=-1.0))


# ---------------------------------------------------------------- whole games
def _play(env, rng, check=True):
    """Play one episode with uniformly random legal indices; check every step against the
    engine. Returns (steps, claim steps, final rewards by agent, infos by agent)."""
    env.reset(seed=int(rng.integers(2**31)))
    n = env.rules.num_players
    steps = claims = 0
    rewards, infos = {}, {}
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        if term:
            rewards[agent], infos[agent] = reward, info
            env.step(None)
            continue
        assert not trunc and reward == 0.0
        game = env.game
        seat = int(agent.split("_")[1])
        mask = obs["action_mask"]
        assert mask.dtype == np.int8 and mask.shape == (features.NUM_ACTIONS,)
        # the selected seat is one the engine waits for, and it has something to decide
        assert seat in game.seats_to_act
        legal = game.legal_actions(seat)
        assert legal and int(mask.sum()) == len(legal)
        assert np.array_equal(env.action_mask(agent), mask)
        if check:
            # every seat the engine does not wait for has nothing to decide
            for other in range(n):
                if other not in game.seats_to_act:
                    assert game.legal_actions(other) == []
                    assert not env.observe(f"player_{other}")["action_mask"].any()
            # the observation is riichi.features' encoding of the seat's own view
            o = observe(game.round, seat)
            enc = features.encode(o)
            assert np.array_equal(enc["action_mask"].astype(np.int8), mask)
            for name, (sl, shape) in flat_layout(n).items():
                assert np.array_equal(obs["observation"][sl].reshape(shape), enc[name]), name
        if game.phase == "claim":
            claims += 1
        index = int(rng.choice(np.flatnonzero(mask)))
        env.step(index)
        steps += 1
    return steps, claims, rewards, infos


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_random_games_conserve_points(preset):
    rules = PRESETS[preset]()
    n = rules.num_players
    rng = np.random.default_rng(sum(map(ord, preset)))
    env = RiichiAECEnv(rules, reward="points")
    total_claims = 0
    for game_no in range(4):
        steps, claims, rewards, infos = _play(env, rng, check=game_no == 0)
        total_claims += claims
        res = env.game.result
        assert res is not None and steps > 0
        assert sorted(rewards) == env.possible_agents  # every agent ends with a reward
        assert env.agents == []
        # points are conserved: final scores plus sticks left unclaimed
        left = env.game.rounds[-1].kyotaku_left
        if rules.leftover_kyotaku_to_top:
            left = 0
        assert sum(res.scores) + 1000 * left == n * rules.starting_points
        for a in env.possible_agents:
            s = int(a.split("_")[1])
            assert rewards[a] == pytest.approx((res.scores[s] - rules.starting_points) / 1000)
            assert infos[a] == {"score": res.scores[s], "rank": res.ranks[s],
                                "final": res.final[s]}  # fmt: skip
        assert sorted(res.ranks) == list(range(1, n + 1))
    assert total_claims > 0  # claims were asked (and answered one seat at a time)


@pytest.mark.slow
@pytest.mark.parametrize("preset", ["tenhou", "tenhou_sanma", "mahjong_soul_sanma"])
def test_many_random_hanchan_conserve_points(preset, request):
    require_slow(request)
    rules = getattr(riichi.Rules, preset)()
    n = rules.num_players
    rng = np.random.default_rng(len(preset))
    env = RiichiAECEnv(rules)
    for _ in range(25):
        _, _, rewards, infos = _play(env, rng, check=False)
        res = env.game.result
        left = 0 if rules.leftover_kyotaku_to_top else env.game.rounds[-1].kyotaku_left
        assert sum(res.scores) + 1000 * left == n * rules.starting_points
        assert [rewards[a] for a in env.possible_agents] == list(res.final)
        assert sorted(info["rank"] for info in infos.values()) == list(range(1, n + 1))


def test_final_rewards_are_the_games_final_points():
    rng = np.random.default_rng(3)
    env = RiichiAECEnv(riichi.Rules.tenhou("tonpuusen"))  # reward="final" by default
    for _ in range(3):
        _, _, rewards, _ = _play(env, rng, check=False)
        res = env.game.result
        assert [rewards[a] for a in env.possible_agents] == list(res.final)
        assert sum(rewards.values()) == pytest.approx(0.0, abs=1e-9)


def test_round_episodes_end_after_the_first_round():
    rng = np.random.default_rng(11)
    env = RiichiAECEnv(riichi.Rules.tenhou_sanma(), episode="round")
    assert env.reward == "points"
    for _ in range(4):
        _, _, rewards, infos = _play(env, rng, check=False)
        game = env.game
        assert len(game.rounds) == 1
        first = game.rounds[0]
        sticks = [0] * 3  # riichi sticks each seat put down in the round
        for ev in game.events:
            if ev.type == "reach_accepted":
                sticks[ev.actor] += 1
        for a in env.possible_agents:
            s = int(a.split("_")[1])
            # the settlement's deltas, less the sticks the seat put down
            assert rewards[a] == pytest.approx(first.deltas[s] / 1000 - sticks[s])
            assert infos[a]["score"] == env.rules.starting_points + 1000 * rewards[a]
        # what the seats lost and won is the sticks left on the table
        assert sum(rewards.values()) == pytest.approx(-first.kyotaku_left)
        # the last observation is of the episode's round, not of the next one the game
        # has dealt: its rivers are not empty
        sl, shape = flat_layout(3)["river"]
        river = env.observe("player_0")["observation"][sl].reshape(shape)
        assert (river[:, :, 0] >= 0).any()


def test_reset_seed_plays_the_game_of_that_seed():
    env = RiichiAECEnv(riichi.Rules.tenhou("tonpuusen"))
    env.reset(seed=42)
    game = riichi.Game(riichi.Rules.tenhou("tonpuusen"), seed=42)
    rng = np.random.default_rng(0)
    for _ in range(200):
        agent = env.agent_selection
        seat = game.seats_to_act[0]
        assert agent == f"player_{seat}"
        obs = env.observe(agent)
        assert sorted(env.game.hand(seat)) == sorted(game.hand(seat))
        index = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        env.step(index)
        game.step(features.index_action(observe(game.round, seat), index))
    # a reset without a seed plays another game, the same one after the same seed
    env.reset(seed=42)
    first = env.game.hand(0)
    env.reset()
    second = env.game_seed
    env.reset(seed=42)
    env.reset()
    assert env.game_seed == second and first == riichi.Game(env.rules, seed=42).hand(0)


# ---------------------------------------------------------------- errors
def test_a_masked_index_raises_and_changes_nothing():
    env = RiichiAECEnv(seed=9)
    env.reset()
    agent = env.agent_selection
    obs = env.observe(agent)
    masked = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    events = len(env.game.events)
    with pytest.raises(IllegalAction, match=rf"{agent}.*index {masked}"):
        env.step(masked)
    assert env.agent_selection == agent and len(env.game.events) == events
    assert np.array_equal(env.observe(agent)["observation"], obs["observation"])
    for bad in ("3", 1.0, True, None, -1, 197):
        with pytest.raises(RiichiError, match="action of player_"):
            env.step(bad)
    env.step(np.int32(np.flatnonzero(obs["action_mask"])[0]))  # NumPy ints are indices


def test_a_done_agent_only_takes_none():
    env = RiichiAECEnv(seed=2, episode="round")
    _play(env, np.random.default_rng(1), check=False)
    env.reset(seed=2)
    rng = np.random.default_rng(1)
    while not env.terminations[env.agent_selection]:
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))
    with pytest.raises(RiichiError, match=r"episode is over.*only action is None"):
        env.step(0)
    assert env.last(observe=False)[2] is True  # terminated, answered before removal
    while env.agents:
        env.step(None)
    for call in (lambda: env.last(), lambda: env.last(observe=False), lambda: env.step(0),
                 lambda: env.step(None)):  # fmt: skip
        with pytest.raises(RiichiError, match=r"episode is over.*reset"):
            call()


def test_flat_layout_refuses_a_float_player_count():
    for fn in (flat_size, flat_layout):
        with pytest.raises(RiichiError, match=r"players.*4\.0"):
            fn(4.0)


def test_last_before_reset_is_refused():
    env = RiichiAECEnv(riichi.Rules.tenhou(), seed=1)
    for call in (lambda: env.last(), lambda: env.last(observe=False)):
        with pytest.raises(RiichiError, match="reset"):
            call()


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"rules": "tenhou"}, "rules"),
        ({"episode": "hanchan"}, "episode"),
        ({"reward": "rank"}, "reward"),
        ({"episode": "round", "reward": "final"}, "finished game"),
        ({"observation": "image"}, "observation"),
        ({"render_mode": "rgb_array"}, "render_mode"),
        ({"seed": "7"}, "seed"),
        ({"seed": True}, "seed"),
        ({"seed": -1}, "seed"),
    ],
)
def test_bad_arguments_are_refused(kwargs, match):
    with pytest.raises(RiichiError, match=match):
        RiichiAECEnv(**kwargs)


def test_bad_calls_are_refused():
    env = RiichiAECEnv()
    with pytest.raises(RiichiError, match="reset"):
        env.step(0)
    env.reset(seed=1)
    for method in (env.observe, env.action_mask, env.observation_space, env.action_space):
        with pytest.raises(RiichiError, match="player_9"):
            method("player_9")
    with pytest.raises(RiichiError, match="seed"):
        SingleAgentEnv().reset(seed=-3)
    with pytest.raises(RiichiError, match="seed"):
        env.reset(seed=1.5)
    with pytest.warns(UserWarning, match="options are not read"):
        env.reset(seed=1, options={"rules": "x"})
    for kwargs, match in [
        ({"seat": 4}, "seat"),
        ({"seat": True}, "seat"),
        ({"policy": "greedy"}, "policy"),
        ({"illegal_action": "skip"}, "illegal_action"),
        ({"illegal_action": float("nan")}, "illegal_action"),
    ]:
        with pytest.raises(RiichiError, match=match):
            SingleAgentEnv(**kwargs)


def test_missing_extra_names_it():
    code = (
        "import sys; sys.modules['pettingzoo'] = None\n"
        "from riichi.errors import RiichiError\n"
        "try:\n    import riichi.env\nexcept RiichiError as e:\n    print('refused:', e)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "refused:" in out.stdout and "riichi[rl]" in out.stdout, out.stdout + out.stderr


# ---------------------------------------------------------------- spaces, render, close
def test_spaces_and_layout():
    for rules, n in ((riichi.Rules.tenhou(), 4), (riichi.Rules.tenhou_sanma(), 3)):
        env = RiichiAECEnv(rules)
        space = env.observation_space("player_0")
        assert space is env.observation_space("player_0")
        assert space["observation"].shape == (flat_size(n),)
        assert space["action_mask"].dtype == np.int8
        layout = flat_layout(n)
        spec = features.feature_spec(n)
        assert list(layout) == [k for k in spec if k != "action_mask"]
        assert max(sl.stop for sl, _ in layout.values()) == flat_size(n)
        d = RiichiAECEnv(rules, observation="dict")
        d.reset(seed=0)
        obs = d.observe(d.agent_selection)["observation"]
        for k, v in obs.items():
            assert (v.shape, v.dtype) == spec[k], k
    assert flat_size(4) == 928 and flat_size(3) == 745  # as the module docstring says


def test_render_and_close():
    env = RiichiAECEnv(render_mode="ansi", seed=4)
    env.reset()
    text = env.render()
    assert text.startswith("East 1, 0 honba")
    assert len([ln for ln in text.splitlines() if ln.startswith("seat ")]) == 4
    svg = RiichiAECEnv(render_mode="svg", seed=4)
    svg.reset()
    assert svg.render().lstrip().startswith("<svg")
    env.close()
    with pytest.raises(RiichiError, match="reset"):
        env.step(0)
    single = SingleAgentEnv(render_mode="ansi", seat=2)
    single.reset(seed=4)
    assert single.render() == single.aec.render()
    assert single.render().startswith("East 1, 0 honba")


# ---------------------------------------------------------------- single agent
def test_single_agent_plays_whole_games_with_a_given_policy():
    seen = []

    def first_legal(obs):
        seen.append(int(obs["action_mask"].sum()))
        return int(np.flatnonzero(obs["action_mask"])[0])

    env = SingleAgentEnv(riichi.Rules.tenhou_sanma("tonpuusen"), seat=1, policy=first_legal)
    rng = np.random.default_rng(5)
    obs, info = env.reset(seed=3)
    assert info["seat"] == 1
    steps, done = 0, False
    while not done:
        assert env.observation_space.contains(obs)
        assert env.aec.agent_selection == "player_1"
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, done, truncated, info = env.step(action)
        assert not truncated
        steps += 1
        if not done:
            assert reward == 0.0
    res = env.aec.game.result
    assert reward == res.final[1] and info["rank"] == res.ranks[1]
    assert seen and min(seen) >= 1  # the policy is only asked when it has a choice
    with pytest.raises(RiichiError, match="over"):
        env.step(0)


def test_single_agent_seeds_and_random_seats():
    a, b = SingleAgentEnv(), SingleAgentEnv()
    oa, ia = a.reset(seed=8)
    ob, ib = b.reset(seed=8)
    assert ia["seat"] == ib["seat"] and np.array_equal(oa["observation"], ob["observation"])
    seats = {SingleAgentEnv().reset(seed=s)[1]["seat"] for s in range(12)}
    assert len(seats) > 1


def test_single_agent_random_policy_is_seeded_by_reset():
    # the other seats' random choices come from the seed given to reset: the same seed
    # plays the same game, another seed (almost surely) another
    def play(seed):
        env = SingleAgentEnv(seat=0)
        obs, _ = env.reset(seed=seed)
        trace, done = [], False
        while not done:
            a = int(np.flatnonzero(obs["action_mask"])[0])
            obs, reward, done, _, _ = env.step(a)
            trace.append((a, obs["observation"].tobytes()))
        return trace, reward, env.aec.game.result.scores

    assert play(5) == play(5)
    assert play(5)[2] != play(6)[2]


def test_single_agent_illegal_actions():
    env = SingleAgentEnv(seat=0, policy="first")
    obs, _ = env.reset(seed=1)
    masked = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(IllegalAction, match="player_0"):
        env.step(masked)
    pen = SingleAgentEnv(seat=0, policy="first", illegal_action=-5.0)
    obs, _ = pen.reset(seed=1)
    _, reward, done, _, info = pen.step(masked)
    assert (reward, done, info["illegal_action"]) == (-5.0, True, masked)
    bad = SingleAgentEnv(seat=0, policy=lambda obs: 158 if not obs["action_mask"][158] else 0)
    with pytest.raises(IllegalAction, match=r"player_[123]"):
        obs, _ = bad.reset(seed=1)
        for _ in range(50):
            obs, *_ = bad.step(int(np.flatnonzero(obs["action_mask"])[0]))


# ---------------------------------------------------------------- README
def test_readme_random_agent_loop_runs():
    text = README.read_text(encoding="utf-8")
    m = re.search(r"<!-- rl-example -->\s*```python\n(.*?)```", text, flags=re.S)
    assert m, "the README has no reinforcement-learning example"
    assert len(m.group(1).strip().splitlines()) <= 14
    scope: dict = {}
    exec(compile(m.group(1), "README.md", "exec"), scope)
    env = scope["env"]
    assert env.agents == [] and env.game.is_over
    assert set(scope["info"]) == {"score", "rank", "final"}


def test_a_pickled_environment_plays_on_like_the_original():
    import pickle

    env = RiichiAECEnv(riichi.Rules.tenhou_sanma("tonpuusen"), seed=3)
    env.reset()
    rng = np.random.default_rng(0)
    for _ in range(60):
        env.step(int(rng.choice(np.flatnonzero(env.observe(env.agent_selection)["action_mask"]))))
    copy = pickle.loads(pickle.dumps(env))
    for e in (env, copy):
        r = np.random.default_rng(1)
        for _agent in e.agent_iter():
            obs, _, term, _, _ = e.last()
            e.step(None if term else int(r.choice(np.flatnonzero(obs["action_mask"]))))
    assert copy.game.result == env.game.result and copy.game.events == env.game.events



@pytest.mark.parametrize("how", ["copy", "deepcopy", "pickle"])
def test_a_copied_environment_is_independent(how):
    # copy.copy shared the game: stepping the copy stepped the original's game while the
    # original's agent_selection stayed put
    import copy
    import pickle

    env = RiichiAECEnv(riichi.Rules.tenhou(), seed=5)
    env.reset()
    rng = np.random.default_rng(0)
    for _ in range(45):
        env.step(int(rng.choice(np.flatnonzero(env.observe(env.agent_selection)["action_mask"]))))
    agent, events = env.agent_selection, list(env.game.events)
    obs = env.observe(agent)
    twin = {"copy": copy.copy, "deepcopy": copy.deepcopy,
            "pickle": lambda e: pickle.loads(pickle.dumps(e))}[how](env)  # fmt: skip
    assert twin.game is not env.game
    for _ in range(30):
        a = twin.agent_selection
        twin.step(int(rng.choice(np.flatnonzero(twin.observe(a)["action_mask"]))))
    assert env.agent_selection == agent and env.game.events == events
    again = env.observe(agent)
    assert np.array_equal(again["observation"], obs["observation"])
    assert np.array_equal(again["action_mask"], obs["action_mask"])
    env.step(int(np.flatnonzero(again["action_mask"])[0]))  # the original plays on


@pytest.mark.parametrize("how", ["copy", "deepcopy"])
def test_a_copied_single_agent_environment_is_independent(how):
    import copy

    env = SingleAgentEnv(riichi.Rules.tenhou_sanma(), policy="first")
    obs, _ = env.reset(seed=2)
    twin = getattr(copy, how)(env)
    assert twin.aec is not env.aec and twin.aec.game is not env.aec.game
    for _ in range(20):
        obs2, _, done, _, _ = twin.step(int(np.flatnonzero(obs["action_mask"])[0]))
        if done:
            break
        obs = obs2
    first, _ = SingleAgentEnv(riichi.Rules.tenhou_sanma(), policy="first").reset(seed=2)
    again = env.aec.observe(env.aec.possible_agents[env.seat])
    assert np.array_equal(again["observation"], first["observation"])
    env.step(int(np.flatnonzero(again["action_mask"])[0]))  # the original plays on


def test_the_bench_runs(capsys):
    """benches/bench_env.py on one hanchan per row (no timing asserted)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benches"))
    import bench_env

    out = bench_env.main(["--games", "1"])
    for row in ("riichi_flat", "riichi_dict", "riichi_single", "riichi_game"):
        assert out[row]["games"] == 1 and out[row]["steps"] > 0, row
    # the same seed plays the same game whatever the observation format
    assert out["riichi_flat"]["steps"] == out["riichi_dict"]["steps"]
    if "riichienv_encode" in out:
        assert out["riichienv_encode"]["steps"] > 0
        assert "riichi flat / riichienv" in capsys.readouterr().out


@pytest.mark.parametrize("agent", [["player_0"], {"a": 1}, 0, None, "player_9"])
@pytest.mark.parametrize(
    "method", ["observe", "action_mask", "observation_object", "observation_space", "action_space"]
)
def test_an_agent_that_is_no_agent_name_is_refused_naming_it(method, agent):
    # an unhashable agent (a list, a dict) raised Python's TypeError from the dict lookup
    env = RiichiAECEnv(seed=1)
    env.reset()
    with pytest.raises(RiichiError, match=r"agent: expected one of .*got " + re.escape(repr(agent))):
        getattr(env, method)(agent)


def test_an_agent_name_of_a_str_subclass_is_read():
    env = RiichiAECEnv(seed=1)
    env.reset()
    name = np.array(env.possible_agents)[env.possible_agents.index(env.agent_selection)]
    assert type(name) is not str
    assert np.array_equal(env.observe(name)["action_mask"], env.action_mask(env.agent_selection))
