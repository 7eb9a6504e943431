"""Typed player actions for :meth:`riichi.Round.step` and :meth:`riichi.Round.legal_actions`.

Every action names its ``seat`` (0..3, absolute; 0..2 in sanma). Tiles are physical ids 0..135
(``kind * 4 + copy``) so that red fives are never lost. Actions are frozen, hashable and
compare by value: ``action in round.legal_actions(seat)`` is the legality test.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

__all__ = [
    "Action",
    "Ankan",
    "Chi",
    "Daiminkan",
    "Discard",
    "Kakan",
    "Kyuushu",
    "Nukidora",
    "Pass",
    "Pon",
    "Riichi",
    "Ron",
    "Tsumo",
]


@dataclass(frozen=True)
class Discard:
    """Discard ``tile``; ``tsumogiri`` when it is the tile just drawn."""

    seat: int
    tile: int
    tsumogiri: bool = False


@dataclass(frozen=True)
class Riichi:
    """Declare riichi and discard ``tile`` (the declaration tile)."""

    seat: int
    tile: int
    tsumogiri: bool = False


@dataclass(frozen=True)
class Chi:
    """Call ``tile`` (the discard) from kamicha with ``consumed`` (two ids from the hand)."""

    seat: int
    tile: int
    consumed: tuple[int, int]


@dataclass(frozen=True)
class Pon:
    """Call ``tile`` (the discard) with ``consumed`` (two ids from the hand)."""

    seat: int
    tile: int
    consumed: tuple[int, int]


@dataclass(frozen=True)
class Daiminkan:
    """Open kan on the discard ``tile`` with ``consumed`` (three ids from the hand)."""

    seat: int
    tile: int
    consumed: tuple[int, int, int]


@dataclass(frozen=True)
class Ankan:
    """Concealed kan of the four ids ``consumed`` (ascending)."""

    seat: int
    consumed: tuple[int, int, int, int]


@dataclass(frozen=True)
class Kakan:
    """Add ``tile`` (from the hand) to an own pon of its kind."""

    seat: int
    tile: int


@dataclass(frozen=True)
class Tsumo:
    """Declare a win on the own draw."""

    seat: int


@dataclass(frozen=True)
class Ron:
    """Declare a win on the pending discard (or chankan on the pending kan tile)."""

    seat: int


@dataclass(frozen=True)
class Pass:
    """Decline every call and ron on the pending tile."""

    seat: int


@dataclass(frozen=True)
class Kyuushu:
    """Abort the round by kyuushu kyuuhai (nine different terminals/honors, first draw)."""

    seat: int


@dataclass(frozen=True)
class Nukidora:
    """Sanma: set aside ``tile`` (a North from the hand) as a dora (kita) and draw a
    replacement tile."""

    seat: int
    tile: int


Action = Union[
    Discard, Riichi, Chi, Pon, Daiminkan, Ankan, Kakan, Tsumo, Ron, Pass, Kyuushu, Nukidora
]
