# A consequence of ../shared/repros/13 beyond one game: Round caches its Tsumo/Dahai events
# process-wide (round._DAHAI_EVENTS), keyed by seat * 68 + tile class. A Discard(seat=True)
# accepted once stores Dahai(actor=True, ...) there, and every later game in the process gets
# that same event object for seat 1's discard of that tile: "actor": true in its mjai export.
# Found by the `step` harness (the event check failed in games that never used a bool).
import dataclasses

import riichi
from riichi.actions import Discard


def first_discard_game(seed, bool_seat):
    g = riichi.Game(riichi.Rules.tenhou(), seed=seed)
    while True:
        s = g.seats_to_act[0]
        acts = g.legal_actions(s)
        if s == 1 and isinstance(acts[0], Discard):
            a = acts[0]
            n = len(g.events)
            g.step(dataclasses.replace(a, seat=True) if bool_seat else a)
            return next(e for e in g.events[n:] if type(e).__name__ == "Dahai")
        g.step(acts[0])

try:
    print("game A (bool seat):  ", first_discard_game(3, bool_seat=True))
except riichi.IllegalAction as e:
    print("OK (clean): the bool seat is refused:", e)
clean = first_discard_game(3, bool_seat=False)   # a new game, plain int seats only
print("game B (int seat 1): ", clean)
print("BUG: game B's event carries actor=True" if clean.actor is True else "OK: actor is an int")
