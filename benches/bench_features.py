"""Feature encoder throughput: riichi.features on real decisions, against riichienv's encoders.

    python benches/bench_features.py [PATH ...] [--games N] [--json FILE]

Games: the files under PATH (default ../shared/data/mjlog), every ``len // N``-th file up to
N (default 50). Their decisions (:func:`riichi.decisions`) are collected first, untimed.
Rows (CPU seconds of this process):

- ``encode_batch``: :func:`riichi.features.encode_batch` over all decisions of one player
  count, in batches of 4,096 (one core call each), observations per CPU-second;
- ``encode``: :func:`riichi.features.encode` one observation at a time;
- ``action_index``: the mask index of each logged action;
- pipeline, riichi: per game, ``game_decisions(game, features=True)`` (the verifying
  replay; each decision's view read by the core straight from the round, the game's rows
  encoded in one core call), decisions with features per CPU-second; beside it the
  observation path (the decisions' ``Observation`` objects, then one ``encode_batch``);
- pipeline, riichienv (when installed): ``MjaiReplay`` on the same four-player games
  (converted to mjai, untimed; reading each file is timed), each step's ``obs.encode()``
  and ``obs.mask()``, steps per CPU-second; and the ratio of games per CPU-second (issue
  11 asks for 3x);
- the floors beside them: riichi's verifying replay alone (no decision built) and its
  decisions without features; riichienv's steps without encoding. The replay alone over
  riichienv's steps with features is the most the ratio can reach without a faster
  replay.

Answers are checked: every array has the shape and dtype of ``feature_spec``, and every
logged action's index is set in its mask.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from riichi import features
from riichi.logs import read_games
from riichi.mining.decision import game_decisions
from riichi.mining.export import list_files
from riichi.replay import replay_game

DEFAULT = Path(
    os.environ.get("RIICHI_SHARED", Path(__file__).resolve().parents[1] / ".." / "shared")
) / "data" / "mjlog"
BATCH = 4096


def pick(paths: list[str], n: int) -> list[str]:
    files = list_files(paths)
    step = max(1, len(files) // n) if n else 1
    return files[::step][:n] if n else files


def games_of(files: list[str]) -> list:
    out = []
    for f in files:
        out += [g for _, g in read_games(f) if not isinstance(g, Exception)]
    return out


def _check(arrays: dict, players: int, rows: int) -> None:
    for name, (shape, dtype) in features.feature_spec(players).items():
        assert arrays[name].shape == (rows, *shape) and arrays[name].dtype == dtype, name


def bench_encoder(games: list) -> dict:
    decs = [d for g in games for d in game_decisions(g)[1]]
    by_players: dict[int, list] = {}
    for d in decs:
        by_players.setdefault(d.observation.players, []).append(d)
    features.encode(decs[0].observation)  # first use
    t = time.process_time()
    n = 0
    for players, ds in by_players.items():
        obs = [d.observation for d in ds]
        for i in range(0, len(obs), BATCH):
            out = features.encode_batch(obs[i : i + BATCH])
            _check(out, players, len(obs[i : i + BATCH]))
            n += len(obs[i : i + BATCH])
    batch_s = time.process_time() - t
    single = decs[: min(len(decs), 20_000)]
    t = time.process_time()
    for d in single:
        features.encode(d.observation)
    single_s = time.process_time() - t
    t = time.process_time()
    idx = [features.action_index(d.observation, d.action) for d in single]
    index_s = time.process_time() - t
    masks = features.encode_batch([d.observation for d in single if d.observation.players == 4])
    four = [i for d, i in zip(single, idx) if d.observation.players == 4]
    missing = int((~masks["action_mask"][np.arange(len(four)), four]).sum())
    return {
        "decisions": len(decs), "players": sorted(by_players),
        "encode_batch_obs_per_cpu_s": n / batch_s,
        "encode_obs_per_cpu_s": len(single) / single_s,
        "action_index_per_cpu_s": len(single) / index_s,
        "logged_actions_not_in_mask": missing,
    }  # fmt: skip


def bench_pipeline(games: list) -> dict:
    """Decisions with features, riichi against riichienv on the same four-player games,
    with each side's floor: riichi's verifying replay alone and its decisions without
    features; riichienv's steps without encoding."""
    games = [g for g in games if g.start.players == 4]
    for g in games[:2]:  # first use (tables, imports), untimed as riichienv's below
        features.encode_batch([d.observation for d in game_decisions(g)[1]])
    t = time.process_time()
    for g in games:
        replay_game(g)
    replay_s = time.process_time() - t
    t = time.process_time()
    for g in games:
        game_decisions(g)
    plain_s = time.process_time() - t
    t = time.process_time()
    n = 0
    for g in games:
        obs = [d.observation for d in game_decisions(g)[1]]
        if obs:
            features.encode_batch(obs)
            n += len(obs)
    obs_s = time.process_time() - t
    t = time.process_time()
    n2 = 0
    for g in games:
        decs = game_decisions(g, features=True)[1]
        n2 += len(decs)
    mine_s = time.process_time() - t
    assert n2 == n, (n2, n)
    out = {
        "games": len(games), "riichi_decisions": n,
        "riichi_decisions_with_features_per_cpu_s": n / mine_s,
        "riichi_decisions_with_features_observation_path_per_cpu_s": n / obs_s,
        "riichi_decisions_without_features_per_cpu_s": n / plain_s,
        "riichi_replay_only_decisions_per_cpu_s": n / replay_s,
    }  # fmt: skip
    try:
        import riichienv
    except ImportError:
        return out
    from riichi.logs import to_mjai_lines

    with tempfile.TemporaryDirectory() as d:
        paths = []
        for i, g in enumerate(games):
            p = Path(d) / f"{i}.jsonl"
            p.write_text(to_mjai_lines(g, extensions=False))
            paths.append(str(p))
        for kyoku in riichienv.MjaiReplay.from_jsonl(paths[0]).take_kyokus():  # first use
            for _seat, obs, _act in kyoku.steps():
                obs.encode()
        times = {}
        for encode in (True, False):
            t = time.process_time()
            steps = 0
            for p in paths:
                for kyoku in riichienv.MjaiReplay.from_jsonl(p).take_kyokus():
                    for _seat, obs, _act in kyoku.steps():
                        if encode:
                            obs.encode()
                            obs.mask()
                        steps += 1
            times[encode] = time.process_time() - t
    env_s = times[True]
    out.update({
        "riichienv_steps": steps, "riichienv_steps_with_features_per_cpu_s": steps / env_s,
        "riichienv_steps_without_features_per_cpu_s": steps / times[False],
        "riichi_over_riichienv_games_per_cpu_s": env_s / mine_s,
        "riichi_replay_only_over_riichienv_games_per_cpu_s": env_s / replay_s,
    })  # fmt: skip
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("paths", nargs="*", default=[str(DEFAULT)])
    ap.add_argument("--games", type=int, default=50, help="files to use (0: all)")
    ap.add_argument("--json", default=None, help="write the figures as JSON")
    args = ap.parse_args(argv)
    games = games_of(pick(args.paths, args.games))
    out = {
        "games": len(games), "load": os.getloadavg()[0],
        "encoder": bench_encoder(games), "pipeline": bench_pipeline(games),
    }  # fmt: skip
    print(json.dumps(out, indent=1))
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1))
    assert out["encoder"]["logged_actions_not_in_mask"] == 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
