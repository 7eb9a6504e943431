"""The wall: 136 physical tiles, the dice, the wall break and the dead wall.

Tile ids are 0..135 = kind * 4 + copy (DESIGN.md). With ``red_fives = (m, p, s)`` the
first ``m`` copies of 5m (ids 16, 17, ...), the first ``p`` copies of 5p (52, ...) and the
first ``s`` copies of 5s (88, ...) are red.

A :class:`Wall` is kept in *draw order*: ``order[0:122]`` is the live wall in the order the
tiles are drawn (the deal takes the first 52, then play draws from 52 on), and
``order[122:136]`` is the dead wall of 14 tiles laid out as:

- ``dead[0..3]``: the four rinshan (replacement) tiles, drawn in that order;
- ``dead[4..8]``: dora indicators (the first is revealed at the start, one more per kan);
- ``dead[9..13]``: the uradora indicators under them (``dead[9 + i]`` under ``dead[4 + i]``).

Each kan draws one rinshan tile and shortens the live wall by one (the dead wall stays at
14 tiles), so the last live tile (haitei) is ``order[121 - kans]``.

:meth:`Wall.from_seed` builds the physical table: 4 sides of 17 stacks of 2 tiles, the dice
(two d6) and the break (count the sum counter-clockwise from the dealer to choose the side,
then that many stacks from its right end; the dead wall is the 7 stacks before the break,
drawing goes from the stacks after it). Tenhou's own shuffle (mt19937 seeded from the log's
SHUFFLE value) is not reproduced.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from riichi.errors import RiichiError

__all__ = ["DEAD_WALL", "LIVE_TILES", "Wall", "is_red", "tile_kind"]

#: Tiles drawable from the live wall before any kan (136 - 14).
LIVE_TILES = 122
#: Size of the dead wall.
DEAD_WALL = 14
_FIVES = (4, 13, 22)


def tile_kind(tile_id: int) -> int:
    """The kind 0..33 of a physical tile id 0..135."""
    return tile_id >> 2


def is_red(tile_id: int, red_fives: Sequence[int] = (1, 1, 1)) -> bool:
    """Whether ``tile_id`` is a red five when each suit has ``red_fives[suit]`` red fives.

    Args:
        tile_id: physical id 0..135.
        red_fives: red fives per suit (man, pin, sou), each 0..4; copy 0.. are the red ones.
    """
    kind = tile_id >> 2
    if kind in _FIVES:
        return (tile_id & 3) < red_fives[_FIVES.index(kind)]
    return False


@dataclass(frozen=True)
class Wall:
    """One round's wall in draw order, with the dice that broke it.

    Attributes:
        order: 136 distinct tile ids; ``order[:122]`` live (draw order), ``order[122:]`` the
            dead wall (see the module docstring for its layout).
        dice: the two dice (1..6 each) used for the break, or ``None`` when the order was
            given directly.
    """

    order: tuple[int, ...]
    dice: tuple[int, int] | None = None

    def __post_init__(self) -> None:
        order = tuple(self.order)
        object.__setattr__(self, "order", order)
        if len(order) != 136:
            raise RiichiError(f"a wall has 136 tiles, got {len(order)}")
        seen = [False] * 136
        for pos, t in enumerate(order):
            if not isinstance(t, int) or not 0 <= t < 136:
                raise RiichiError(f"tile id {t!r} at wall position {pos} is not in 0..135")
            if seen[t]:
                raise RiichiError(f"tile id {t} appears twice in the wall (position {pos})")
            seen[t] = True
        if self.dice is not None and not all(1 <= d <= 6 for d in self.dice):
            raise RiichiError(f"dice must be 1..6, got {self.dice}")

    @classmethod
    def from_order(cls, order: Sequence[int], dice: tuple[int, int] | None = None) -> Wall:
        """A wall from 136 tile ids in draw order (live 122, then the dead wall 14)."""
        return cls(tuple(order), dice)

    @classmethod
    def from_seed(cls, seed: int | random.Random, dealer: int = 0) -> Wall:
        """Shuffle, roll the dice and break the wall, reproducibly from ``seed``.

        Args:
            seed: an int seed or a ``random.Random`` (advanced in place).
            dealer: the dealer's seat 0..3 (the dice count starts from the dealer's side).

        Returns:
            The wall in draw order with its dice.
        """
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        tiles = list(range(136))
        rng.shuffle(tiles)
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        # physical ring of 68 stacks (top, bottom); side k = stacks 17k..17k+16 in drawing
        # direction, side k in front of seat (dealer + k) % 4 counted counter-clockwise.
        stacks = [(tiles[2 * i], tiles[2 * i + 1]) for i in range(68)]
        total = dice[0] + dice[1]
        side = (total - 1) % 4
        brk = (side * 17 + 17 - total) % 68  # first stack drawn
        live: list[int] = []
        for i in range(61):
            top, bottom = stacks[(brk + i) % 68]
            live += [top, bottom]
        # dead wall: the 7 stacks before the break; stack brk-1 is its far end.
        dead_stacks = [stacks[(brk - 1 - i) % 68] for i in range(7)]
        rinshan = [dead_stacks[0][0], dead_stacks[0][1], dead_stacks[1][0], dead_stacks[1][1]]
        dora = [dead_stacks[2 + i][0] for i in range(5)]
        ura = [dead_stacks[2 + i][1] for i in range(5)]
        order = live[:LIVE_TILES] + rinshan + dora + ura
        return cls(tuple(order), dice)

    @property
    def live(self) -> tuple[int, ...]:
        """The 122 live tiles in draw order."""
        return self.order[:LIVE_TILES]

    @property
    def dead(self) -> tuple[int, ...]:
        """The 14 dead-wall tiles (rinshan 0..3, dora indicators 4..8, uradora 9..13)."""
        return self.order[LIVE_TILES:]

    def rinshan(self, i: int) -> int:
        """The ``i``-th replacement tile (0..3)."""
        return self.order[LIVE_TILES + i]

    def dora_indicator(self, i: int) -> int:
        """The ``i``-th dora indicator (0 = the initial one, 1..4 = kan dora)."""
        return self.order[LIVE_TILES + 4 + i]

    def ura_indicator(self, i: int) -> int:
        """The uradora indicator under the ``i``-th dora indicator."""
        return self.order[LIVE_TILES + 9 + i]
