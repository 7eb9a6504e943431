"""A greedy bot that takes its seat on the command line (``seat_argv.py SEAT``), as
mjai.app's ``bot.py`` and Mortal's ``mortal.py`` do, and exits with status 4 when a
``start_game`` names another seat. Lines: JSON arrays (mjai.app) or single events (Mortal)."""

from __future__ import annotations

import json
import sys

from riichi.bots.greedy import GreedyBot

SEAT = int(sys.argv[1])


def main() -> None:
    bot = GreedyBot()
    for line in sys.stdin:
        events = json.loads(line)
        for ev in events if isinstance(events, list) else [events]:
            if ev.get("type") == "start_game" and ev.get("id") != SEAT:
                print(f"seat_argv: started as seat {SEAT}, told {ev.get('id')}", file=sys.stderr)
                sys.exit(4)
        answer = bot.react(events)
        if isinstance(events, list) or (
            bot.state.decision is not None and events.get("type") != "dora"
        ):
            sys.stdout.write(json.dumps(answer) + "\n")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
