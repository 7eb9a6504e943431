"""Reinforcement-learning environments on :class:`riichi.Game`: :class:`RiichiAECEnv`, a
PettingZoo AEC environment (every seat an agent), and :class:`SingleAgentEnv`, a Gymnasium
environment where one seat learns and the others play a given policy.

Needs the ``riichi[rl]`` extra (``pettingzoo``, ``gymnasium``); without it, importing this
module raises :class:`~riichi.errors.RiichiError` naming the extra.

**Agents** are ``"player_0"`` .. ``"player_{n-1}"`` for the absolute seats 0..n-1 (seat 0 is
the first dealer; n = ``rules.num_players``, 4 or 3 for sanma). Only seats with a decision
act: the turn seat after a draw (or a call), and after a discard, kan or North set aside each
seat that may claim it (ron, pon, kan, chi), one after the other in seat order; the engine
resolves the answers by priority (ron > pon/kan > chi) once all are in. A seat with nothing
to decide is never asked (no forced passes).

**Observations** (``env.observe(agent)``, ``env.last()``): a dict ``{"observation": X,
"action_mask": M}``. ``M`` is an ``int8`` array of shape ``(NUM_ACTIONS,)`` = (197,), 1 at
each legal action index of :mod:`riichi.features` (all 0 for a seat that is not to act now;
the same width under every ``Rules``: indices 159..196, open riichi, are set only where
``Rules.open_riichi`` offers it).
``X`` is the seat's :func:`riichi.features.encode` arrays (its own view only: other hands
hidden), every array but ``action_mask`` (which is ``M``):

- ``observation="flat"`` (default): one ``float32`` vector, the arrays in the order of
  :func:`riichi.features.feature_spec` each flattened (C order) and concatenated; its length
  is :func:`flat_size` (928 with four players, 745 with three) and
  :func:`flat_layout` gives each array's slice. Values are the raw integers (points in
  points, booleans 0/1): scale them yourself.
- ``observation="dict"``: a ``gymnasium.spaces.Dict`` of the arrays with their own shapes
  and dtypes.

The arrays are read by the core straight from the round (no
:class:`~riichi.mining.observation.Observation` is built per step; ask
:meth:`RiichiAECEnv.observation_object` for one).

Every bound of the observation space is one the encoder guarantees (tile counts 0..4, kinds
-1..33, shanten -1..8, scores within ``int32``).

**Actions** are mask indices (``Discrete(197)``; any int, NumPy ints too), mapped to the
engine's typed action by :func:`riichi.features.index_action`. A masked index raises
:class:`~riichi.errors.IllegalAction` naming the agent and the index, and changes nothing.

**Episodes**: one game (``episode="game"``, default) or one round (``episode="round"``: the
episode ends when the first round of the game ends, draws and abortive draws included).
``reset(seed=s)`` plays the same game as ``riichi.Game(rules, seed=s)``; a reset without a
seed draws the next game's seed from the last seed given (or from the constructor's
``seed``; with neither, from the operating system). ``reset``'s ``options`` are not read
(every setting is a constructor argument): passing any raises a warning.

**Rewards** are 0 until the episode ends, then, per seat:

- ``reward="final"`` (default for games): the final points of
  :attr:`riichi.GameResult.final`: ``(points - target) / 1000`` plus uma and oka as
  ``rules.uma`` / ``rules.oka`` say (rank-based; thousands of points; they sum to 0 with
  the default rules).
- ``reward="points"``: the change of the seat's points over the episode divided by 1000
  (a game: final points, leftover kyotaku included as the rules give them, minus
  ``rules.starting_points``; a round: points after its settlement minus points at its
  start, the riichi stick a seat put down counted as -1).

``reward="final"`` with ``episode="round"`` is refused (final points need a finished game).
At the end every agent is terminated, its ``info`` has ``score`` (points) and, for games,
``rank`` and ``final``.

**Rendering** (``render_mode``): ``"ansi"`` returns the whole table as text (every hand,
meld, river, dora indicator and score: an observer's view), ``"human"`` prints it,
``"svg"`` returns :func:`riichi.view.table_svg` of the round.

Rules fields read: ``num_players``, ``starting_points`` (for ``reward="points"``); the game
reads the rest. Rule source: the rules given (default ``Rules.tenhou()``).
"""

from __future__ import annotations

import copy
import random
import warnings
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from riichi.errors import IllegalAction, RiichiError

try:
    import gymnasium
    from gymnasium import spaces
    from pettingzoo import AECEnv  # type: ignore[import-untyped]
except ImportError as e:  # pragma: no cover - exercised in a subprocess test
    raise RiichiError(
        f"riichi.env needs the riichi[rl] extra (pettingzoo and gymnasium): "
        f"pip install 'riichi[rl]' ({e})"
    ) from None

from riichi import _core, features
from riichi.game import Game
from riichi.kyoku.state import TURN
from riichi.mining.observation import Observation, observe
from riichi.rules import Rules

__all__ = ["RiichiAECEnv", "SingleAgentEnv", "env", "flat_layout", "flat_size"]

NUM_ACTIONS = features.NUM_ACTIONS

_EPISODES = ("game", "round")
_REWARDS = ("final", "points")
_FORMATS = ("flat", "dict")
_RENDER_MODES = ("ansi", "human", "svg")

_I32 = np.iinfo(np.int32)

# (low, high) of each feature array, by name: what the encoder can produce
_BOUNDS: dict[str, tuple[int, int]] = {
    "hand": (0, 4),
    "hand_red": (0, 4),
    "drawn": (-1, 33),
    "melds": (-1, 33),
    "nukidora": (0, 4),
    "river": (-1, 33),
    "dora_indicators": (-1, 33),
    "dora": (0, 5),
    "seen": (0, 4),
    "scores": (int(_I32.min), int(_I32.max)),
    "riichi": (0, 1),
    "round": (0, int(_I32.max)),
    "pending": (-1, 33),
    "shanten": (-1, 8),
    "waits": (0, 1),
    "discard_shanten": (-1, 8),
}


def _spec(players: int) -> list[tuple[str, tuple[int, ...], np.dtype[Any]]]:
    return [
        (name, shape, dtype)
        for name, (shape, dtype) in features.feature_spec(players).items()
        if name != "action_mask"
    ]


def flat_layout(players: int) -> dict[str, tuple[slice, tuple[int, ...]]]:
    """Name -> (slice of the flat vector, the array's shape) for ``observation="flat"``, in
    the order of :func:`riichi.features.feature_spec` (``action_mask`` left out).

    Raises:
        RiichiError: ``players`` is not 3 or 4.
    """
    out: dict[str, tuple[slice, tuple[int, ...]]] = {}
    at = 0
    for name, shape, _ in _spec(players):
        size = int(np.prod(shape, dtype=np.int64))
        out[name] = (slice(at, at + size), shape)
        at += size
    return out


def flat_size(players: int) -> int:
    """Length of the flat observation vector for ``players`` (4 or 3) seats.

    Raises:
        RiichiError: ``players`` is not 3 or 4.
    """
    return sum(int(np.prod(shape, dtype=np.int64)) for _, shape, _ in _spec(players))


def _observation_space(players: int, fmt: str) -> spaces.Dict:
    spec = _spec(players)
    if fmt == "flat":
        low = np.concatenate(
            [np.full(int(np.prod(s)), _BOUNDS[n][0], np.float32) for n, s, _ in spec]
        )
        high = np.concatenate(
            [np.full(int(np.prod(s)), _BOUNDS[n][1], np.float32) for n, s, _ in spec]
        )
        inner: spaces.Space[Any] = spaces.Box(low, high, dtype=np.float32)
    else:
        inner = spaces.Dict(
            {
                n: spaces.Box(
                    low=_BOUNDS[n][0],
                    high=_BOUNDS[n][1],
                    shape=s,
                    dtype=d,
                )
                for n, s, d in spec
            }
        )
    mask = spaces.Box(0, 1, shape=(NUM_ACTIONS,), dtype=np.int8)
    return spaces.Dict({"observation": inner, "action_mask": mask})


def _check_choice(name: str, value: object, allowed: Sequence[str]) -> str:
    if not isinstance(value, str) or value not in allowed:
        raise RiichiError(f"{name}: expected one of {', '.join(map(repr, allowed))}, got {value!r}")
    return value


def _check_seed(name: str, seed: object) -> int | None:
    if seed is None:
        return None
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise RiichiError(f"{name}: expected an int >= 0 or None, got {seed!r}")
    return int(seed)


def _action_int(agent: str, action: object) -> int:
    if isinstance(action, np.ndarray) and action.shape == () and action.dtype.kind in "iu":
        action = action.item()
    if isinstance(action, bool) or not isinstance(action, (int, np.integer)):
        raise RiichiError(
            f"action of {agent}: expected an action index 0..{NUM_ACTIONS - 1}, got {action!r}"
        )
    if not 0 <= action < NUM_ACTIONS:
        raise RiichiError(f"action of {agent}: {action} is not in 0..{NUM_ACTIONS - 1}")
    return int(action)


class RiichiAECEnv(AECEnv):  # type: ignore[misc]
    """A PettingZoo AEC environment: one game (or round) of riichi per episode, every seat
    an agent (see the module docstring for observations, actions, rewards and seeds).

    Args:
        rules: a :class:`riichi.Rules` (4 or 3 players); default ``Rules.tenhou()``.
        seed: the seed of the first game when ``reset`` gets none (default: unseeded).
        episode: ``"game"`` (default) or ``"round"``.
        reward: ``"final"`` (default; games only) or ``"points"``; ``None`` picks
            ``"final"`` for games and ``"points"`` for rounds.
        observation: ``"flat"`` (default; one ``float32`` vector) or ``"dict"``.
        render_mode: ``None``, ``"ansi"``, ``"human"`` or ``"svg"``.

    Raises:
        RiichiError: any argument outside the values above, naming it and its value.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "riichi_v0",
        "render_modes": list(_RENDER_MODES),
        "is_parallelizable": False,
    }

    def __init__(
        self,
        rules: Rules | None = None,
        *,
        seed: int | None = None,
        episode: str = "game",
        reward: str | None = None,
        observation: str = "flat",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if rules is None:
            rules = Rules.tenhou()
        if not isinstance(rules, Rules):
            raise RiichiError(f"rules: expected riichi.Rules or None, got {type(rules).__name__}")
        self.rules = rules
        self.episode = _check_choice("episode", episode, _EPISODES)
        if reward is None:
            reward = "final" if episode == "game" else "points"
        self.reward = _check_choice("reward", reward, _REWARDS)
        if self.reward == "final" and self.episode == "round":
            raise RiichiError(
                "reward='final' needs episode='game' (final points need a finished game); "
                "use reward='points' for rounds"
            )
        self.observation_format = _check_choice("observation", observation, _FORMATS)
        if render_mode is not None:
            _check_choice("render_mode", render_mode, _RENDER_MODES)
        self.render_mode = render_mode
        self._next_seed = _check_seed("seed", seed)
        self._seed_rng: random.Random | None = None
        n = self._n = rules.num_players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        # one space object per agent, the same each call (PettingZoo seeds them per agent)
        self.observation_spaces = {a: _observation_space(n, self.observation_format)
                                   for a in self.possible_agents}  # fmt: skip
        self.action_spaces = {a: spaces.Discrete(NUM_ACTIONS) for a in self.possible_agents}
        self._flat = self.observation_format == "flat"
        self._round_episode = self.episode == "round"
        self.game: Game | None = None
        self._steps = 0  # actions taken in this episode (keys the legal-action cache)
        # steps * 4 + seat of the legal indices and action objects kept from the last read
        self._legal_at = -1
        self._legal: list[int] = []
        self._acts: list[Any] = []
        # reads each seat's view straight from the round for the encoder (no Observation
        # object), keeping what did not change since the last read
        self._reader = _core.RoundReader()

    def __getstate__(self) -> dict[str, Any]:
        """Pickle (and ``copy.deepcopy``) support: everything but the encoder's reader, a
        cache of what it read, which starts empty in the copy."""
        state = dict(self.__dict__)
        del state["_reader"]
        state["_legal_at"] = -1
        state["_legal"] = []
        state["_acts"] = []
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._reader = _core.RoundReader()

    def __copy__(self) -> RiichiAECEnv:
        """``copy.copy``: an independent copy, as ``copy.deepcopy`` (a shallow copy would
        share the game: stepping it would step the original's game behind its back)."""
        return copy.deepcopy(self)

    # ------------------------------------------------------------------ spaces
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same object on every call).

        Raises:
            RiichiError: ``agent`` is not one of :attr:`possible_agents`.
        """
        space = self.observation_spaces.get(agent) if isinstance(agent, str) else None
        if space is None:
            raise RiichiError(f"agent: expected one of {self.possible_agents}, got {agent!r}")
        return space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(NUM_ACTIONS)``, the same object on every call.

        Raises:
            RiichiError: ``agent`` is not one of :attr:`possible_agents`.
        """
        space = self.action_spaces.get(agent) if isinstance(agent, str) else None
        if space is None:
            raise RiichiError(f"agent: expected one of {self.possible_agents}, got {agent!r}")
        return space

    # ------------------------------------------------------------------ episode
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new episode: ``riichi.Game(rules, seed=...)`` (see the module docstring
        for how the seed is chosen).

        Raises:
            RiichiError: ``seed`` is not an int >= 0 or None.
        """
        seed = _check_seed("seed", seed)
        if options:
            warnings.warn(
                f"RiichiAECEnv.reset: options are not read (settings are constructor "
                f"arguments), got {sorted(options)!r}",
                stacklevel=2,
            )
        if seed is None and self._seed_rng is None and self._next_seed is not None:
            seed = self._next_seed
        if seed is not None:
            self._seed_rng = random.Random(seed)
            game_seed = seed
        else:
            if self._seed_rng is None:
                self._seed_rng = random.Random()
            game_seed = self._seed_rng.getrandbits(63)
        self.game_seed = game_seed
        self.game = Game(self.rules, seed=game_seed)
        self._first_round = self.game.round
        self._start_scores = list(self._first_round.scores)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._steps = 0
        self._legal_at = -1
        self._skip_agent_selection = None
        self.agent_selection = self.possible_agents[self.game.seats_to_act[0]]

    def _game(self) -> Game:
        if self.game is None:
            raise RiichiError("RiichiAECEnv: call reset() before using the environment")
        return self.game

    def _round(self) -> Any:
        """The round observed and drawn: the game's current one; with ``episode="round"``
        always the episode's round (the game has dealt the next one when it ends)."""
        game = self._game()
        return self._first_round if self.episode == "round" else game.round

    # ------------------------------------------------------------------ observations
    def observation_object(self, agent: str) -> Observation:
        """The :class:`~riichi.mining.observation.Observation` of ``agent`` now (its own
        view as Python objects, legal actions included; built on request: the arrays of
        :meth:`observe` are read from the round without it).

        Raises:
            RiichiError: ``agent`` is not one of :attr:`possible_agents`; no ``reset`` yet.
        """
        seat = self._seat.get(agent) if isinstance(agent, str) else None  # a list: no TypeError
        if seat is None:
            raise RiichiError(f"agent: expected one of {self.possible_agents}, got {agent!r}")
        return observe(self._round(), seat)

    def _legal_indices(self, seat: int) -> list[int]:
        """The mask index of each legal action of the seat now, in the order of the round's
        legal actions (kept from the last read of that seat at this step)."""
        at = self._steps * 4 + seat
        if self._legal_at != at:
            self._legal, self._acts = self._reader.legal(self._round(), seat)
            self._legal_at = at
        return self._legal

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        """``{"observation": ..., "action_mask": int8 (197,)}`` of ``agent`` now (its own
        view; see the module docstring).

        Raises:
            RiichiError: ``agent`` is not one of :attr:`possible_agents`; no ``reset`` yet.
        """
        seat = self._seat.get(agent) if isinstance(agent, str) else None  # a list: no TypeError
        if seat is None:
            raise RiichiError(f"agent: expected one of {self.possible_agents}, got {agent!r}")
        game = self.game
        if game is None:
            raise RiichiError("RiichiAECEnv: call reset() before using the environment")
        rnd = self._first_round if self.episode == "round" else game.round
        # one core call: the arrays, the mask, the legal indices and actions (kept for step)
        if self._flat:
            x, mask, self._legal, self._acts = self._reader.encode_flat(rnd, seat)
        else:
            x, mask, self._legal, self._acts = self._reader.encode_dict(rnd, seat)
        self._legal_at = self._steps * 4 + seat
        return {"observation": x, "action_mask": mask}

    def action_mask(self, agent: str) -> npt.NDArray[np.int8]:
        """``observe(agent)["action_mask"]`` without encoding the other arrays (for
        policies that only need the legal indices).

        Raises:
            RiichiError: as :meth:`observe`.
        """
        seat = self._seat.get(agent) if isinstance(agent, str) else None  # a list: no TypeError
        if seat is None:
            raise RiichiError(f"agent: expected one of {self.possible_agents}, got {agent!r}")
        mask = np.zeros(NUM_ACTIONS, np.int8)
        mask[self._legal_indices(seat)] = 1
        return mask

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """PettingZoo's ``last()``: the observation (``None`` when ``observe`` is false),
        cumulative reward, terminated, truncated and info of :attr:`agent_selection`.

        After the episode ends every agent is terminated and ``last()`` answers for each
        until it has been stepped with ``None`` (PettingZoo's AEC contract: a done agent's
        only action is ``None``, which removes it); once :attr:`agents` is empty there is
        no agent to answer for (``agent_iter()`` stops there).

        Raises:
            RiichiError: no ``reset`` yet; the episode is over and every agent has been
                removed (call ``reset()``).
        """
        game = self.game
        if game is None:
            raise RiichiError("RiichiAECEnv: call reset() before using the environment")
        if not self.agents:
            raise RiichiError(
                "RiichiAECEnv.last: the episode is over (every agent is done and removed), "
                "call reset()"
            )
        agent = self.agent_selection
        if not observe:
            obs = None
        elif self._flat:  # observe(agent), inline: it runs on every step
            seat = self._seat[agent]
            rnd = self._first_round if self._round_episode else game.round
            x, mask, self._legal, self._acts = self._reader.encode_flat(rnd, seat)
            self._legal_at = self._steps * 4 + seat
            obs = {"observation": x, "action_mask": mask}
        else:
            obs = self.observe(agent)
        return (
            obs,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    # ------------------------------------------------------------------ step
    def step(self, action: Any) -> None:
        """Apply the action index ``action`` of :attr:`agent_selection` (``None`` for an
        agent already terminated, which removes it).

        Raises:
            IllegalAction: the index is masked for this agent now (nothing changes).
            RiichiError: ``action`` is not an int in 0..196 (or not None for a terminated
                agent); no ``reset`` yet; the episode is over and every agent removed.
        """
        game = self.game
        if game is None:
            raise RiichiError("RiichiAECEnv: call reset() before using the environment")
        agent = self.agent_selection
        if not self.agents:
            raise RiichiError(
                f"RiichiAECEnv.step: the episode is over (every agent is done and removed), "
                f"call reset(); got action {action!r}"
            )
        if self.terminations.get(agent) or self.truncations.get(agent):
            if action is not None:
                raise RiichiError(
                    f"{agent} is done (the episode is over): its only action is None, "
                    f"got {action!r}"
                )
            self._was_dead_step(None)
            return
        if action.__class__ is int and 0 <= action < NUM_ACTIONS:
            index = action
        else:
            index = _action_int(agent, action)
        seat = self._seat[agent]
        if self._legal_at == self._steps * 4 + seat:  # kept from observe (the usual case)
            legal = self._legal
        else:
            legal = self._legal_indices(seat)
        try:
            act = self._acts[legal.index(index)]
        except ValueError:
            raise IllegalAction(
                f"{agent}: action index {index} is masked: no legal action of seat {seat} "
                "there"
            ) from None
        game.step(act)
        self._steps += 1
        # _cumulative_rewards stay 0 until the episode ends (reset sets them; only _finish
        # and its _accumulate_rewards change them): nothing to clear here
        if game.result is not None or (self._round_episode and game.rounds):
            self._finish(game)
            self._accumulate_rewards()
        else:
            # nothing to clear or accumulate either; the next seat to act: the turn seat,
            # or the first seat yet to answer a claim (Game.seats_to_act[0], without its
            # list on the turn)
            rnd = game.round
            if rnd._phase == TURN:
                self.agent_selection = self.possible_agents[rnd._turn]
            else:
                self.agent_selection = self.possible_agents[rnd.seats_to_act[0]]
        if self.render_mode == "human":
            self.render()

    def _finish(self, game: Game) -> None:
        """The episode is over: rewards and infos for every seat, everyone terminated."""
        if self.episode == "game":
            res = game.result
            assert res is not None
            scores = list(res.scores)
            start = [self.rules.starting_points] * self._n
        else:
            scores = list(self._first_round.scores)  # after its settlement
            start = self._start_scores
        for a in self.agents:
            s = self._seat[a]
            if self.reward == "final":
                assert game.result is not None
                self.rewards[a] = float(game.result.final[s])
            else:
                self.rewards[a] = (scores[s] - start[s]) / 1000.0
            info: dict[str, Any] = {"score": int(scores[s])}
            if self.episode == "game":
                assert game.result is not None
                info["rank"] = int(game.result.ranks[s])
                info["final"] = float(game.result.final[s])
            self.infos[a] = info
            self.terminations[a] = True
        self.agent_selection = self.agents[0]

    # ------------------------------------------------------------------ render
    def render(self) -> str | None:
        """The table now: text (``"ansi"``; printed and None for ``"human"``) or an SVG
        document (``"svg"``); None without a ``render_mode`` (with a warning)."""
        if self.render_mode is None:
            gymnasium.logger.warn("RiichiAECEnv.render: no render_mode was given")
            return None
        rnd = self._round()
        if self.render_mode == "svg":
            from riichi.view import table_svg

            return table_svg(rnd)
        text = _table_text(rnd)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Release the game (nothing else is held)."""
        self.game = None
        self._legal_at = -1
        self._acts = []
        self._reader = _core.RoundReader()  # lets go of the round it read


def _table_text(rnd: Any) -> str:
    from riichi.view.svg import round_title
    from riichi.view.table import table_state

    st = table_state(rnd)
    lines = [round_title(st) + f", {st['tiles_left']} tiles left, dora " + " ".join(st["dora"])]
    for s, p in enumerate(st["seats"]):
        melds = " ".join("".join(m["tiles"]) + ("+" + m["added"] if m["added"] else "")
                         for m in p["melds"])  # fmt: skip
        drawn = f" +{p['drawn']}" if p["drawn"] else ""
        mark = " riichi" if p["riichi"] else ""
        nuki = f" nuki {' '.join(p['nuki'])}" if p["nuki"] else ""
        lines.append(
            f"seat {s} {st['scores'][s]:6d}{mark}: {' '.join(p['hand'])}{drawn}"
            + (f" | {melds}" if melds else "")
            + nuki
        )
        lines.append(f"  river: {' '.join(p['river'])}")
    return "\n".join(lines)


def env(**kwargs: Any) -> RiichiAECEnv:
    """``RiichiAECEnv(**kwargs)`` (the PettingZoo convention of an ``env()`` function)."""
    return RiichiAECEnv(**kwargs)


Policy = Callable[[dict[str, Any]], int]


class SingleAgentEnv(gymnasium.Env):  # type: ignore[misc]
    """A Gymnasium environment: one seat learns, the other seats play ``policy``.

    Observations, actions and rewards are those of :class:`RiichiAECEnv` for the learning
    seat (``{"observation", "action_mask"}``; mask indices; the reward at the end). A step
    applies the learner's action and then every other seat's decisions until the learner
    must decide again or the episode ends (``terminated``; never ``truncated``).

    Args:
        rules, episode, reward, observation, render_mode: as :class:`RiichiAECEnv`.
        seat: the learning seat (0..n-1), or None (default) for a seat drawn for each
            episode from the seeded random state. ``info["seat"]`` says which.
        policy: how the other seats play: ``"random"`` (default; a uniformly random legal
            index from the seeded random state), ``"first"`` (the lowest legal index), or a
            callable ``policy(obs) -> int`` given the same observation dict as the learner
            gets (its own seat's view).
        illegal_action: what a masked index from the learner does: ``"raise"`` (default:
            :class:`~riichi.errors.IllegalAction`, nothing changes), or a float: the episode
            ends at once (``terminated``) with that reward, nothing applied to the game,
            ``info["illegal_action"]`` the index (for learners that sample without the mask,
            and for ``gymnasium.utils.env_checker.check_env``, which steps unmasked samples).

    Raises:
        RiichiError: an argument outside the values above. From :meth:`step`: as
            :meth:`RiichiAECEnv.step`; ``IllegalAction`` also when ``policy`` returns a
            masked index (naming the seat).
    """

    metadata = {"render_modes": list(_RENDER_MODES)}  # noqa: RUF012 (gymnasium.Env's own type)

    def __init__(
        self,
        rules: Rules | None = None,
        *,
        seat: int | None = None,
        policy: str | Policy = "random",
        episode: str = "game",
        reward: str | None = None,
        observation: str = "flat",
        render_mode: str | None = None,
        illegal_action: str | float = "raise",
    ) -> None:
        if illegal_action != "raise" and (
            isinstance(illegal_action, bool)
            or not isinstance(illegal_action, (int, float))
            or not np.isfinite(illegal_action)
        ):
            raise RiichiError(
                f"illegal_action: expected 'raise' or a finite reward, got {illegal_action!r}"
            )
        self.illegal_action = illegal_action
        self._done = True
        self.aec = RiichiAECEnv(
            rules, episode=episode, reward=reward, observation=observation,
            render_mode=render_mode if render_mode != "human" else None,
        )  # fmt: skip
        n = self.aec.rules.num_players
        if seat is not None and (
            isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n
        ):
            raise RiichiError(f"seat: expected a seat 0..{n - 1} or None, got {seat!r}")
        if not callable(policy) and policy not in ("random", "first"):
            raise RiichiError(f"policy: expected 'random', 'first' or a callable, got {policy!r}")
        self.fixed_seat = seat
        self.policy = policy
        self.render_mode = render_mode
        self.observation_space = self.aec.observation_space("player_0")
        self.action_space = spaces.Discrete(NUM_ACTIONS)
        self.seat = 0 if seat is None else seat
        self._policy_rng = random.Random()  # seeded by reset

    def __copy__(self) -> SingleAgentEnv:
        """``copy.copy``: an independent copy, as ``copy.deepcopy`` (a shallow copy would
        share the underlying :class:`RiichiAECEnv` and its game)."""
        return copy.deepcopy(self)

    def _other(self, agent: str) -> int:
        """The action index ``policy`` gives for ``agent`` (the built-in policies read the
        mask alone; a callable gets the whole observation)."""
        if self.policy == "random" or self.policy == "first":
            # the mask's set indices in ascending order, without building the mask
            legal = sorted(self.aec._legal_indices(self.aec._seat[agent]))
            if self.policy == "first":
                return legal[0]
            return legal[self._policy_rng.randrange(len(legal))]
        return self.policy(self.aec.observe(agent))  # type: ignore[operator,no-any-return]

    def _advance(self) -> tuple[dict[str, Any], float, bool, dict[str, Any]]:
        """Play the other seats until the learner decides or the episode ends."""
        aec = self.aec
        me = aec.possible_agents[self.seat]
        while True:
            agent = aec.agent_selection
            if aec.terminations[agent]:
                obs = aec.observe(me)
                reward = aec._cumulative_rewards[me]
                info = dict(aec.infos[me], seat=self.seat)
                return obs, float(reward), True, info
            if agent == me:
                return aec.observe(me), float(aec._cumulative_rewards[me]), False, {"seat": self.seat}
            aec.step(self._other(agent))

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Start an episode and play the other seats up to the learner's first decision
        (an episode that ends before it, e.g. a round won by the dealer's first draw, is
        played through and another one begins; ``info["skipped"]`` counts them).

        Raises:
            RiichiError: ``seed`` is not an int >= 0 or None.
        """
        super().reset(seed=_check_seed("seed", seed))
        # the built-in policy's choices: a random.Random seeded from this environment's
        # seeded state (a NumPy Generator call costs several times as much per decision)
        self._policy_rng = random.Random(int(self.np_random.integers(2**63)))
        skipped = 0
        while True:
            # each game's seed comes from this environment's seeded random state
            self.aec.reset(seed=int(self.np_random.integers(2**62)), options=options)
            options = None
            self.seat = (
                self.fixed_seat
                if self.fixed_seat is not None
                else int(self.np_random.integers(self.aec.rules.num_players))
            )
            obs, _, done, info = self._advance()
            if not done:
                info["skipped"] = skipped
                self._done = False
                return obs, info
            skipped += 1

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        """Apply the learner's action index, then the other seats' decisions.

        Raises:
            IllegalAction, RiichiError: as :meth:`RiichiAECEnv.step`.
        """
        aec = self.aec
        me = aec.possible_agents[self.seat]
        if self._done or aec.game is None or aec.terminations.get(me, True):
            raise RiichiError("SingleAgentEnv.step: the episode is over, call reset()")
        if self.illegal_action != "raise":
            index = _action_int(me, action)
            if not aec.observe(me)["action_mask"][index]:
                self._done = True
                info = {"seat": self.seat, "illegal_action": index}
                return aec.observe(me), float(self.illegal_action), True, False, info
        aec.step(action)
        obs, reward, done, info = self._advance()
        self._done = done
        if self.render_mode == "human":
            self.render()
        return obs, reward, done, False, info

    def render(self) -> str | None:
        """As :meth:`RiichiAECEnv.render` for this environment's ``render_mode``."""
        if self.render_mode is None:
            return self.aec.render()
        text = self.aec.render() if self.render_mode != "human" else _table_text(self.aec._round())
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Close the underlying :class:`RiichiAECEnv`."""
        self.aec.close()
