"""Typed player actions for :meth:`riichi.Round.step` and :meth:`riichi.Round.legal_actions`.

Every action names its ``seat`` (0..3, absolute; 0..2 in sanma). Tiles are physical ids 0..135
(``kind * 4 + copy``) so that red fives are never lost. Actions are frozen, hashable and
compare by value: ``action in round.legal_actions(seat)`` is the legality test.

``repr`` writes each id with its tile in mpsz, ``Discard(seat=0, tile=15 (4m),
tsumogiri=False)``, as the messages of ``IllegalAction`` show it (whether copy 0 of a five is
red depends on ``Rules.red_fives``, so the text names the kind).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Union

from riichi.tiles import tile_text

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


def _id_text(value: Any) -> str:
    """``15 (4m)`` for a physical id 0..135; anything else as its repr (a bad value an
    action was built with is shown as given)."""
    if type(value) is int and 0 <= value <= 135:
        return f"{value} ({tile_text(value, False)})"
    return repr(value)


class _Action:
    """The repr every action shares: fields in order, tile ids with their mpsz text."""

    __slots__ = ()

    def __repr__(self) -> str:
        parts = []
        for f in fields(self):  # type: ignore[arg-type]
            v = getattr(self, f.name)
            if f.name == "open" and v is False:
                continue  # a closed riichi reads as it always has
            if f.name == "tile":
                text = _id_text(v)
            elif f.name == "consumed" and isinstance(v, tuple):
                text = "(" + ", ".join(_id_text(t) for t in v) + ("," if len(v) == 1 else "") + ")"
            else:
                text = repr(v)
            parts.append(f"{f.name}={text}")
        return f"{type(self).__name__}({', '.join(parts)})"


@dataclass(frozen=True, repr=False)
class Discard(_Action):
    """Discard ``tile``; ``tsumogiri`` when it is the tile just drawn."""

    seat: int
    tile: int
    tsumogiri: bool = False


@dataclass(frozen=True, repr=False)
class Riichi(_Action):
    """Declare riichi and discard ``tile`` (the declaration tile).

    ``open=True`` declares open riichi (オープンリーチ): the concealed hand is shown to the
    table for the rest of the round and a win scores the yaku ``open_riichi`` on top of
    riichi. Offered beside each riichi discard only under ``Rules.open_riichi`` (not
    ``"off"``); see :mod:`riichi.kyoku.openriichi`.
    """

    seat: int
    tile: int
    tsumogiri: bool = False
    open: bool = False


@dataclass(frozen=True, repr=False)
class Chi(_Action):
    """Call ``tile`` (the discard) from kamicha with ``consumed`` (two ids from the hand)."""

    seat: int
    tile: int
    consumed: tuple[int, int]


@dataclass(frozen=True, repr=False)
class Pon(_Action):
    """Call ``tile`` (the discard) with ``consumed`` (two ids from the hand)."""

    seat: int
    tile: int
    consumed: tuple[int, int]


@dataclass(frozen=True, repr=False)
class Daiminkan(_Action):
    """Open kan on the discard ``tile`` with ``consumed`` (three ids from the hand)."""

    seat: int
    tile: int
    consumed: tuple[int, int, int]


@dataclass(frozen=True, repr=False)
class Ankan(_Action):
    """Concealed kan of the four ids ``consumed`` (ascending)."""

    seat: int
    consumed: tuple[int, int, int, int]


@dataclass(frozen=True, repr=False)
class Kakan(_Action):
    """Add ``tile`` (from the hand) to an own pon of its kind."""

    seat: int
    tile: int


@dataclass(frozen=True, repr=False)
class Tsumo(_Action):
    """Declare a win on the own draw."""

    seat: int


@dataclass(frozen=True, repr=False)
class Ron(_Action):
    """Declare a win on the pending discard (or chankan on the pending kan tile)."""

    seat: int


@dataclass(frozen=True, repr=False)
class Pass(_Action):
    """Decline every call and ron on the pending tile."""

    seat: int


@dataclass(frozen=True, repr=False)
class Kyuushu(_Action):
    """Abort the round by kyuushu kyuuhai (nine different terminals/honors, first draw)."""

    seat: int


@dataclass(frozen=True, repr=False)
class Nukidora(_Action):
    """Sanma: set aside ``tile`` (a North from the hand) as a dora (kita) and draw a
    replacement tile."""

    seat: int
    tile: int


Action = Union[
    Discard, Riichi, Chi, Pon, Daiminkan, Ankan, Kakan, Tsumo, Ron, Pass, Kyuushu, Nukidora
]
