"""mjai: bots that speak the mjai protocol, on both sides of the table.

- :class:`PlayerState` (bot side): one seat's view built from the mjai events it receives,
  with its hand, shanten, waits, furiten and legal answers as mjai responses.
- :class:`Bot` (bot side): a base class that reads events from stdin and writes answers, so
  that a bot is one method (:meth:`Bot.choose`).
- :class:`Arena` (referee side): plays games between bot processes that speak mjai JSON lines
  over stdin/stdout, each seeing only its own seat's view, and reports results and faults.

The referee's event model and the log reader/writer are :mod:`riichi.events` and
:mod:`riichi.logs.mjai`; :mod:`riichi.mjai.protocol` is what travels over the wire.
"""

from __future__ import annotations

from riichi.mjai.arena import Arena, ArenaResult, BotStats, Fault, GameRecord, fallback_action
from riichi.mjai.bot import Bot
from riichi.mjai.protocol import seat_view
from riichi.mjai.state import PlayerState

__all__ = [
    "Arena",
    "ArenaResult",
    "Bot",
    "BotStats",
    "Fault",
    "GameRecord",
    "PlayerState",
    "fallback_action",
    "seat_view",
]
