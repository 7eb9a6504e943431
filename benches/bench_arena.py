"""The mjai arena: games/s with the greedy bots, and what the protocol costs per event.

Rows (the same seeds, one block of 4 games per row, seats rotated; best of ``--reps``):

- ``greedy, subprocess``: four ``python -m riichi.bots.greedy`` processes over pipes (the
  real arena; process start-up outside the timed games: one untimed warm-up block first);
- ``greedy, in process``: the same bots as objects (each message still JSON-encoded and
  decoded, each bot still tracking the game with its PlayerState);
- ``tsumogiri, subprocess`` / ``in process``: the trivial bot, so that the rows differ by the
  protocol and the referee, not by the bot's thinking.

Wall time on a shared machine depends on the load (bot processes also get more of a busy
machine than one process does), so each row also gives CPU seconds: the arena's own plus its
bot processes' (read from ``/proc``). Derived figures: the pipe round trip per message
(subprocess minus in-process CPU over the messages sent), and the bot-side cost per event (JSON decoding plus ``PlayerState.update``,
timed alone on the events the seats received in those games).

Usage: ``python benches/bench_arena.py [--games N] [--reps R] [--json FILE]``;
``compare(quick, seed)`` returns the figures as a dict (for a combined run).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

from riichi.bots.greedy import GreedyBot
from riichi.bots.tsumogiri import TsumogiriBot
from riichi.mjai import Arena, PlayerState

SRC = str(Path(__file__).resolve().parents[1] / "python")


def _cmd(module: str) -> list[str]:
    return ["env", f"PYTHONPATH={SRC}", sys.executable, "-m", module]


def _children_cpu(table) -> float:
    """CPU seconds used so far by the table's bot processes (Linux ``/proc``; 0 elsewhere)."""
    total = 0.0
    tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    for p in table.players:
        proc = getattr(p, "_proc", None)
        if proc is None:
            continue
        try:
            with open(f"/proc/{proc.pid}/stat", encoding="ascii") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / tick  # utime, stime
        except (OSError, IndexError, ValueError):
            pass
    return total


def _time_arena(bots: list, games: int, seed: int, reps: int) -> dict:
    """Best-of-``reps`` wall seconds for ``games`` games, the CPU seconds of that repetition
    (the arena's and its bot processes'), and the per-game counts."""
    arena = Arena(bots, timeout=60, startup_timeout=60)
    from riichi.mjai.arena import _Table

    table = _Table(arena, 0)  # one set of connections for every repetition (warm)
    try:
        table.play(0, seed)  # warm-up: process start-up, imports, caches
        best = None
        cpu = 0.0
        recs = []
        for _ in range(reps):
            t0, c0, k0 = time.perf_counter(), time.process_time(), _children_cpu(table)
            recs = [table.play(g, seed + g // 4)[0] for g in range(games)]
            dt = time.perf_counter() - t0
            if best is None or dt < best:
                best = dt
                cpu = time.process_time() - c0 + _children_cpu(table) - k0
    finally:
        table.close()
    assert best is not None
    aborted = sum(1 for r in recs if r.aborted)
    return {
        "seconds": best,
        "cpu_seconds": cpu,
        "games": games,
        "games_per_s": games / best,
        "messages": sum(r.messages for r in recs),
        "events_sent": sum(r.events_sent for r in recs),
        "decisions": sum(r.decisions for r in recs),
        "events": sum(r.events for r in recs),
        "aborted": aborted,
    }


def _tracker_cost(seed: int) -> dict:
    """Seconds per event for the bot side alone: JSON text -> dict -> PlayerState.update,
    on every event each seat received in one greedy game (recorded in process)."""
    from riichi.mjai.arena import _Table

    sent: list[list[str]] = [[] for _ in range(4)]

    class Recorder(GreedyBot):
        def __init__(self, seat_log: list[str]) -> None:
            super().__init__()
            self.seat_log = seat_log

        def react(self, events):  # type: ignore[override]
            for ev in events if isinstance(events, list) else [events]:
                self.seat_log.append(json.dumps(ev, separators=(",", ":")))
            return super().react(events)

    _Table(Arena([Recorder(sent[i]) for i in range(4)]), 0).play(0, seed)
    events = sum(len(x) for x in sent)
    best = None
    for _ in range(5):
        t0 = time.perf_counter()
        for seat_lines in sent:
            st = PlayerState()
            for line in seat_lines:
                st.update(json.loads(line))
        dt = time.perf_counter() - t0
        best = dt if best is None else min(best, dt)
    assert best is not None
    return {"events": events, "seconds": best, "us_per_event": best / events * 1e6}


def compare(quick: bool = False, seed: int = 2024, reps: int | None = None) -> dict:
    """Every row and the derived figures (see the module docstring)."""
    games = 4
    reps = reps or (1 if quick else 3)
    rows = {
        "greedy, subprocess": _time_arena([_cmd("riichi.bots.greedy")] * 4, games, seed, reps),
        "greedy, in process": _time_arena([GreedyBot() for _ in range(4)], games, seed, reps),
        "tsumogiri, subprocess": _time_arena(
            [_cmd("riichi.bots.tsumogiri")] * 4, games, seed, reps
        ),
        "tsumogiri, in process": _time_arena(
            [TsumogiriBot() for _ in range(4)], games, seed, reps
        ),
    }
    sub, loc = rows["greedy, subprocess"], rows["greedy, in process"]
    pipe = (sub["cpu_seconds"] - loc["cpu_seconds"]) / sub["messages"]
    tsub, tloc = rows["tsumogiri, subprocess"], rows["tsumogiri, in process"]
    pipe_t = (tsub["cpu_seconds"] - tloc["cpu_seconds"]) / tsub["messages"]
    tracker = _tracker_cost(seed)
    return {
        "rows": rows,
        "pipe_us_per_message_greedy": pipe * 1e6,
        "pipe_us_per_message_tsumogiri": pipe_t * 1e6,
        "tracker": tracker,
        "greedy_games_per_s": sub["games_per_s"],
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--reps", type=int, default=3)
    p.add_argument("--seed", type=int, default=2024)
    p.add_argument("--quick", action="store_true")
    p.add_argument("--json", default=None)
    a = p.parse_args(argv)
    figs = compare(a.quick, a.seed, a.reps)
    head = ("row", "games/s", "CPU s/game", "CPU ms/decision", "messages", "events sent")
    print(f"{head[0]:<24}" + "".join(f"{h:>16}" for h in head[1:]))
    for name, r in figs["rows"].items():
        cells = (
            f"{r['games_per_s']:.2f}",
            f"{r['cpu_seconds'] / r['games']:.3f}",
            f"{r['cpu_seconds'] / r['decisions'] * 1e3:.3f}",
            str(r["messages"]),
            str(r["events_sent"]),
        )
        print(f"{name:<24}" + "".join(f"{c:>16}" for c in cells))
    print(
        "pipe round trip per message, CPU (subprocess minus in process): "
        f"{figs['pipe_us_per_message_greedy']:.0f} µs (greedy rows), "
        f"{figs['pipe_us_per_message_tsumogiri']:.0f} µs (tsumogiri rows)"
    )
    t = figs["tracker"]
    print(
        f"bot side per event (json.loads + PlayerState.update): {t['us_per_event']:.1f} µs "
        f"over {t['events']} events"
    )
    if a.json:
        Path(a.json).write_text(json.dumps(figs, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
