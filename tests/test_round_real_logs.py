"""Real Tenhou games through the round engine: every logged action must be legal when
taken (``Round.match_event`` finds it among ``legal_actions``) and every settlement (wins,
draws, pao, noten payments, nagashi mangan, abortive draws) must equal the log's deltas.

Uses ../shared/data/mjlog (skipped when absent). Excluded: files listed in KNOWN-FAULTS.md
(not genuine Tenhou output), 3-player games (replayed by tests/test_sanma.py), the mjx test
fragments (rounds cut before their end), and dnovikoff-tenhou's chip/ratio lobby files,
whose scores use kiriage mangan (``ten="30,12000,0"`` for a 30 fu 4 han dealer tsumo).
"""

from __future__ import annotations

import dataclasses
import os
import re
from pathlib import Path

import pytest

import riichi
from engine_support import require_slow
from riichi.game import Game
from riichi.wall import wall_from_events
from test_round_replay import drive_round, replay

SHARED = Path(
    os.environ.get("RIICHI_SHARED", Path(__file__).resolve().parents[1] / ".." / "shared")
)
MJLOG = SHARED / "data" / "mjlog"
EXCLUDE = ("tenhou-python-bot/2", "dnovikoff-tenhou/chip", "dnovikoff-tenhou/ratio", "/mjx/")


def _files():
    if not MJLOG.exists():
        return []
    return sorted(
        p for p in MJLOG.rglob("*") if p.is_file() and not any(x in str(p) for x in EXCLUDE)
    )


def _check_file(path):
    from riichi.logs import read_log

    log = read_log(path)
    sg = log.events[0]
    if sg.players != 4:
        return 0
    rules = riichi.Rules.tenhou(length=sg.length, red=sg.red_fives)
    rounds, cur = [], None
    for e in log.events:
        if e.type == "start_kyoku":
            cur = [e]
            rounds.append(cur)
        elif cur is not None:
            cur.append(e)
    n = 0
    for k, evs in enumerate(rounds):
        logged = [
            (e.type, getattr(e, "reason", None), e.deltas)
            for e in evs
            if e.type in ("hora", "ryukyoku")
        ]
        if not logged:
            continue  # a round cut short in the file
        r = replay(rules, evs)
        assert r.is_over, f"{path} round {k}: the log ended the round, the engine did not"
        mine = [
            (e.type, getattr(e, "reason", None), e.deltas)
            for e in r.events
            if e.type in ("hora", "ryukyoku")
        ]
        assert mine == logged, f"{path} round {k}"
        n += 1
    return n


def test_real_tenhou_rounds_replay_with_identical_settlements():
    files = _files()
    if not files:
        pytest.skip(f"no mjlog files under {MJLOG}")
    n = int(os.environ.get("RIICHI_REAL_LOGS", "120"))
    rounds = sum(_check_file(p) for p in files[:: max(1, len(files) // n)][:n])
    assert rounds > 0


@pytest.mark.slow
def test_all_real_tenhou_rounds(request):
    require_slow(request)
    files = _files()
    if not files:
        pytest.skip(f"no mjlog files under {MJLOG}")
    assert sum(_check_file(p) for p in files) > 5_000


# Tenhou ended a game at all-last when the dealer was top and tenpai at an exhaustive draw
# (tenpai-yame) from June 2010 on: logs up to 2010-06-01 play on, from 2010-06-08 they stop.
TENPAI_YAME_FROM = "20100605"
GAME_EXCLUDE = ("mahjong-ai/one_round", "newattr2023", "dnovikoff-tenhou/sanma")


def _game_problem(path, tenpai_yame):
    """Replay a whole game through Game; None if every round start and the end agree."""
    from riichi.logs import read_log

    log = read_log(path)
    sg = log.events[0]
    rules = riichi.Rules.tenhou(length=sg.length, red=sg.red_fives)
    rules = dataclasses.replace(rules, tenpai_yame=tenpai_yame)
    rounds, cur = [], None
    for e in log.events:
        if e.type == "start_kyoku":
            cur = [e]
            rounds.append(cur)
        elif cur is not None:
            cur.append(e)
    end = [e for e in log.events if e.type == "end_game"]
    if sg.players != 4 or not rounds or not end:
        return None
    g = Game(rules, walls=[wall_from_events(r, rules.red_fives) for r in rounds])
    for k, evs in enumerate(rounds):
        st = evs[0]
        if g.is_over:
            return f"round {k}: the engine ended the game first"
        r = g.round
        got = (r.round_wind + 27, r.dealer, r.honba, r.kyotaku, tuple(r.scores))
        want = (st.bakaze, st.oya, st.honba, st.kyotaku, tuple(st.scores))
        if got != want:
            return f"round {k}: engine {got}, log {want}"
        drive_round(g, evs)
    if not g.is_over:
        return "the log ended the game, the engine did not"
    if tuple(g.result.scores) != tuple(end[0].scores):
        return f"final scores {g.result.scores}, log {end[0].scores}"
    return None


def _check_game(path):
    m = re.search(r"(\d{8})\d{2}gm-", path.name)
    if m:
        problem = _game_problem(path, m.group(1) >= TENPAI_YAME_FROM)
    else:  # undated: either Tenhou era
        problem = _game_problem(path, True) and _game_problem(path, False)
    assert problem is None, f"{path}: {problem}"


def _game_files():
    return [p for p in _files() if not any(x in str(p) for x in GAME_EXCLUDE)]


def test_real_tenhou_games_flow():
    files = _game_files()
    if not files:
        pytest.skip(f"no mjlog files under {MJLOG}")
    n = int(os.environ.get("RIICHI_REAL_GAMES", "60"))
    for p in files[:: max(1, len(files) // n)][:n]:
        _check_game(p)


@pytest.mark.slow
def test_all_real_tenhou_games_flow(request):
    require_slow(request)
    for p in _game_files():
        _check_game(p)
