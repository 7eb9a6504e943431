"""Real Tenhou games through the round engine: every logged action must be legal when
taken (``Round.match_event`` finds it among ``legal_actions``) and every settlement (wins,
draws, pao, noten payments, nagashi mangan, abortive draws) must equal the log's deltas.

Uses ../shared/data/mjlog (skipped when absent). Excluded: files listed in KNOWN-FAULTS.md
(not genuine Tenhou output), 3-player games (the engine is 4-player), the mjx test
fragments (rounds cut before their end), and dnovikoff-tenhou's chip/ratio lobby files,
whose scores use kiriage mangan (``ten="30,12000,0"`` for a 30 fu 4 han dealer tsumo).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import riichi
from engine_support import require_slow
from test_round_replay import replay

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
