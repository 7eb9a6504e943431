"""A tsumogiri bot that misbehaves on purpose, for the arena's fault tests.

Usage: ``python faulty.py MODE [AFTER]``; from its AFTER-th decision (default 3):
``slow`` stops answering (sleeps), ``crash`` exits with status 3 after a line on stderr,
``notjson`` writes a line that is not JSON, ``illegal`` answers a discard of a tile it does
not hold (and keeps playing), ``wrongtype`` answers a JSON list instead of an object,
``chatty`` writes a second line after its answer, ``huge`` answers a 2 MiB line.
"""

from __future__ import annotations

import json
import sys
import time

from riichi.bots.tsumogiri import TsumogiriBot

MODE = sys.argv[1]
AFTER = int(sys.argv[2]) if len(sys.argv) > 2 else 3


def main() -> None:
    bot = TsumogiriBot()
    decisions = 0
    for line in sys.stdin:
        answer = bot.react(json.loads(line))
        if bot.state.decision is not None:
            decisions += 1
        if decisions >= AFTER and bot.state.decision is not None:
            if MODE == "slow":
                time.sleep(60)
            elif MODE == "crash":
                print("faulty bot: crashing on purpose", file=sys.stderr, flush=True)
                sys.exit(3)
            elif MODE == "notjson":
                sys.stdout.write("I think I will discard the 5m\n")
                sys.stdout.flush()
                continue
            elif MODE == "illegal" and bot.state.decision == "turn":
                held = set(bot.state.hand)
                names = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + list("ESWNPFC")
                pai = next(t for t in names if t not in held)
                answer = {"type": "dahai", "actor": bot.state.seat, "pai": pai, "tsumogiri": False}
            elif MODE == "chatty":
                sys.stdout.write(json.dumps(answer) + "\n" + '{"type":"none"}\n')
                sys.stdout.flush()
                continue
            elif MODE == "huge":
                sys.stdout.write("x" * (2 << 20) + "\n")
                sys.stdout.flush()
                continue
            elif MODE == "wrongtype":
                sys.stdout.write("[1, 2, 3]\n")
                sys.stdout.flush()
                continue
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
