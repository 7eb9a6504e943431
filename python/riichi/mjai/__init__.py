"""mjai: bots that speak the mjai protocol, on both sides of the table.

- :class:`PlayerState` (bot side): one seat's view built from the mjai events it receives,
  with its hand, shanten, waits, furiten and legal answers as mjai responses.
- :class:`Bot` (bot side): a base class that reads events from stdin and writes answers, so
  that a bot is one method (:meth:`Bot.choose`).
- :class:`Arena` (referee side): plays games between bot processes that speak mjai JSON lines
  over stdin/stdout, each seeing only its own seat's view, and reports results and faults.

The referee's event model and the log reader/writer are :mod:`riichi.events` and
:mod:`riichi.logs.mjai`; :mod:`riichi.mjai.protocol` is what travels over the wire. To follow
a :class:`riichi.Game` from one seat without a bot process (an environment, a tracker in the
same process)::

    state = PlayerState()
    state.update(start_game_object(seat, names, game.rules))
    for obj in event_objects(game.events[1:]):     # the new events, as they come
        state.update(seat_view(obj, seat))
    state.legal_actions()   # game.legal_actions(seat) as mjai answers (riichi: one "reach")
"""

from __future__ import annotations

from riichi.mjai.arena import Arena, ArenaResult, BotStats, Fault, GameRecord, fallback_action
from riichi.mjai.bot import Bot
from riichi.mjai.protocol import event_objects, seat_view, start_game_object
from riichi.mjai.state import PlayerState

__all__ = [
    "Arena",
    "ArenaResult",
    "Bot",
    "BotStats",
    "Fault",
    "GameRecord",
    "PlayerState",
    "event_objects",
    "fallback_action",
    "seat_view",
    "start_game_object",
]
