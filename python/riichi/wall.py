"""The wall: 136 physical tiles (108 in sanma), the dice, the wall break and the dead wall.

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

Sanma (3 players) plays the 108 tiles without 2m..8m (ids 4..31). A sanma :class:`Wall` holds
those 108 ids as ``order`` in draw order from the break: ``order[:94]`` is the live wall, the
deal takes the first 39 (4-4-4 to each seat from the dealer, then one each), and the dead wall
is read from the far end as Tenhou lays it out (the positions were checked against every draw,
kan dora and uradora of the corpus): up to eight replacement tiles (four kans and four
nukidora) ``order[106], order[107], order[104], order[105], order[102], order[103], order[100],
order[101]``, dora indicators ``order[98 - 2i]`` and uradora ``order[99 - 2i]`` (i = 0..4).
Each replacement draw shortens the live wall by one, so the last live tile is
``order[93 - replacements]``; the later indicator positions are in reach of the live wall only
before the replacement draws that reveal them.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Sequence
from dataclasses import dataclass

from riichi import _core
from riichi.errors import RiichiError
from riichi.tiles import is_red, tile_kind

__all__ = [
    "DEAD_WALL",
    "LIVE_TILES",
    "SANMA_IDS",
    "SANMA_LIVE_TILES",
    "Wall",
    "is_red",
    "tile_kind",
    "wall_from_events",
]

#: Tiles drawable from the live wall before any kan (136 - 14).
LIVE_TILES = 122
#: Size of the dead wall.
DEAD_WALL = 14
#: Tiles drawable from the sanma live wall before any kan or nukidora (108 - 14).
SANMA_LIVE_TILES = 94
#: The 108 tile ids of sanma (no 2m..8m), ascending.
SANMA_IDS = tuple(t for t in range(136) if not 4 <= t < 32)
_ALL_IDS = frozenset(range(136))
_SANMA_SET = frozenset(SANMA_IDS)
# positions in ``order`` of the replacement tiles, dora and uradora indicators, by wall size
_RINSHAN_POS = {136: (122, 123, 124, 125), 108: (106, 107, 104, 105, 102, 103, 100, 101)}
_DORA_POS = {136: (126, 127, 128, 129, 130), 108: (98, 96, 94, 92, 90)}
_URA_POS = {136: (131, 132, 133, 134, 135), 108: (99, 97, 95, 93, 91)}
_LIVE = {136: LIVE_TILES, 108: SANMA_LIVE_TILES}


@dataclass(frozen=True)
class Wall:
    """One round's wall in draw order, with the dice that broke it.

    Attributes:
        order: 136 distinct tile ids; ``order[:122]`` live (draw order), ``order[122:]`` the
            dead wall (see the module docstring for its layout); or the 108 ids of sanma.
        dice: the two dice (1..6 each) used for the break, or ``None`` when the order was
            given directly.
        players: 4, or 3 for a sanma wall of 108 tiles.
        live_tiles: tiles drawable from the live wall before any replacement draw (122; 94
            in sanma).
    """

    order: tuple[int, ...]
    dice: tuple[int, int] | None = None
    # the layout of a 136-tile wall (class attributes, not fields: a sanma wall sets its own)
    players = 4
    live_tiles = LIVE_TILES
    _rin = _RINSHAN_POS[136]
    _dora = _DORA_POS[136]
    _ura = _URA_POS[136]

    def __post_init__(self) -> None:
        order = None
        if not isinstance(self.order, (str, bytes)) and hasattr(self.order, "__iter__"):
            try:
                order = tuple(self.order)
            except TypeError:  # iterable by its type only: a 0-d NumPy array
                order = None
        if order is None:
            raise RiichiError(f"order: expected a sequence of tile ids, got {self.order!r:.80}")
        object.__setattr__(self, "order", order)
        dice = self.dice
        if dice is not None and (
            not isinstance(dice, (tuple, list))
            or len(dice) != 2
            or any(d.__class__ is not int for d in dice)
        ):
            raise RiichiError(f"dice: expected None or two ints 1..6, got {dice!r}")
        if len(order) == 108:
            self._layout(108)
            if not (set(map(type, order)) == {int} and _SANMA_SET.issubset(order)):
                for pos, t in enumerate(order):
                    if t.__class__ is not int or t not in _SANMA_SET:
                        raise RiichiError(
                            f"tile id {t!r} at wall position {pos} is not a sanma tile "
                            "(0..135 without 2m..8m, ids 4..31)"
                        )
                    if order.index(t) != pos:
                        raise RiichiError(f"tile id {t} appears twice in the wall (position {pos})")
            if self.dice is not None and not all(1 <= d <= 6 for d in self.dice):
                raise RiichiError(f"dice must be 1..6, got {self.dice}")
            return
        if len(order) != 136:
            raise RiichiError(f"a wall has 136 tiles (108 in sanma), got {len(order)}")
        # fast path: 136 plain ints covering 0..135 hold each id exactly once
        if not (set(map(type, order)) == {int} and _ALL_IDS.issubset(order)):
            seen = [False] * 136
            for pos, t in enumerate(order):
                if t.__class__ is not int or not 0 <= t < 136:
                    raise RiichiError(f"tile id {t!r} at wall position {pos} is not in 0..135")
                if seen[t]:
                    raise RiichiError(f"tile id {t} appears twice in the wall (position {pos})")
                seen[t] = True
        if self.dice is not None and not all(1 <= d <= 6 for d in self.dice):
            raise RiichiError(f"dice must be 1..6, got {self.dice}")

    @classmethod
    def from_tenhou(cls, shuffled: Sequence[int], dice: tuple[int, int] | None = None) -> Wall:
        """The wall of one round from Tenhou's shuffle of it (``riichi.logs.tenhou_walls``:
        the 136 ids, or the 108 of sanma, as the mt19937 shuffle of the log's ``SHUFFLE``
        seed leaves them), laid out in draw order.

        Tenhou draws the live wall from ``shuffled[135]`` down to ``shuffled[14]``;
        ``shuffled[0..13]`` is the dead wall: rinshan tiles ``[1], [0], [3], [2]``, dora
        indicators ``[5], [7], .., [13]`` and the uradora under them ``[4], [6], .., [12]``.
        Sanma (108 ids): the wall is ``shuffled`` reversed, which the sanma layout of this
        module reads (replacement tiles ``[1], [0], [3], [2], [5], [4], [7], [6]``, dora
        ``[9], [11], ..``, uradora ``[8], [10], ..``). The layouts were checked against every
        draw, kan dora and uradora of the Tenhou corpus.

        Raises:
            RiichiError: ``shuffled`` is not 136 distinct ids 0..135 (or the 108 sanma ids),
                or ``dice`` not two ints 1..6 (each named, as :class:`Wall` does).
        """
        if isinstance(shuffled, (str, bytes)) or not hasattr(shuffled, "__len__"):
            raise RiichiError(f"shuffled: expected a sequence of tile ids, got {shuffled!r}")
        w = list(shuffled)
        if len(w) == 108:
            return cls(tuple(reversed(w)), dice)
        if len(w) != 136:
            raise RiichiError(f"a wall has 136 tiles (108 in sanma), got {len(w)}")
        live = w[135:13:-1]  # w[135], w[134], .., w[14]
        dead = [w[1], w[0], w[3], w[2], *w[5:14:2], *w[4:13:2]]
        return cls(tuple(live + dead), dice)

    def _layout(self, size: int) -> None:
        """Set the positions of the dead wall's tiles for a wall of ``size`` tiles (a 136-tile
        wall has them as class attributes)."""
        object.__setattr__(self, "players", 4 if size == 136 else 3)
        object.__setattr__(self, "live_tiles", _LIVE[size])
        object.__setattr__(self, "_rin", _RINSHAN_POS[size])
        object.__setattr__(self, "_dora", _DORA_POS[size])
        object.__setattr__(self, "_ura", _URA_POS[size])

    @classmethod
    def from_order(cls, order: Sequence[int], dice: tuple[int, int] | None = None) -> Wall:
        """A wall from 136 tile ids in draw order (live 122, then the dead wall 14).

        Raises:
            RiichiError: not 136 (or 108 sanma) distinct int ids, or ``dice`` not two ints
                1..6 (each named).
        """
        return cls(order, dice)  # type: ignore[arg-type]  # __post_init__ makes it a tuple

    @classmethod
    def from_seed(cls, seed: int | random.Random, dealer: int = 0, players: int = 4) -> Wall:
        """Shuffle, roll the dice and break the wall, reproducibly from ``seed``.

        The draws are those of a ``random.Random``: ``shuffle`` of the ids in ascending
        order (0..135, or the 108 sanma ids), then ``randint(1, 6)`` twice for the dice. The
        core makes them from the generator's state (a ``random.Random`` is left in the
        state its own calls would leave); a subclass of ``random.Random`` (such as
        ``random.SystemRandom``) is asked through its own methods.

        Args:
            seed: an int seed >= 0 or a ``random.Random`` (advanced in place).
            dealer: the dealer's seat 0..3 (the dice count starts from the dealer's side).
            players: 4, or 3 for a sanma wall (the 108 ids shuffled, in draw order).

        Returns:
            The wall in draw order with its dice.

        Raises:
            RiichiError: ``seed`` not an int >= 0 or ``random.Random``, ``dealer`` not 0..3,
                ``players`` not 3 or 4.
        """
        if not isinstance(seed, random.Random) and (
            seed.__class__ is bool or not isinstance(seed, int) or seed < 0
        ):
            # random.Random seeds with abs(seed): -5 would deal seed 5's wall
            raise RiichiError(f"seed: expected an int >= 0 or a random.Random, got {seed!r}")
        if dealer.__class__ is not int or not 0 <= dealer < 4:  # type: ignore[operator]
            raise RiichiError(f"dealer: expected a seat 0..3, got {dealer!r}")
        if seed.__class__ is random.Random:
            # the same draws in one core call, and the generator left as random.Random's
            # own shuffle and randint leave it (tests/test_wall_seed.py)
            state = seed.getstate()
            twister = _core.MersenneTwister(state[1])
            wall = _from_twister(cls, twister, players)
            seed.setstate((state[0], twister.getstate(), state[2]))
            return wall
        if not isinstance(seed, random.Random):
            twister = _core.MersenneTwister(random.Random(seed).getstate()[1])
            return _from_twister(cls, twister, players)
        # a subclass of random.Random (SystemRandom among them) may draw otherwise: its own
        # shuffle and randint
        if players == 3 and players.__class__ is int:
            ids = list(SANMA_IDS)
            seed.shuffle(ids)
            return cls._made(tuple(ids), (seed.randint(1, 6), seed.randint(1, 6)))
        if players.__class__ is not int or players != 4:
            raise RiichiError(f"players must be 3 or 4, got {players!r}")
        tiles = list(range(136))
        seed.shuffle(tiles)
        return cls._broken(tiles, (seed.randint(1, 6), seed.randint(1, 6)))

    @classmethod
    def _broken(cls, tiles: list[int] | bytes, dice: tuple[int, int]) -> Wall:
        """The wall of the 136 ``tiles`` as shuffled (stack ``i`` is ``tiles[2i]`` on
        ``tiles[2i + 1]``; a list of ids, or their bytes, whose slices are copied without
        a reference per id), broken where ``dice`` say, in draw order."""
        # physical ring of 68 stacks (top, bottom); side k = stacks 17k..17k+16 in drawing
        # direction, side k in front of seat (dealer + k) % 4 counted counter-clockwise.
        # stack i is (tiles[2i], tiles[2i + 1]) = (top, bottom)
        total = dice[0] + dice[1]
        side = (total - 1) % 4
        brk = (side * 17 + 17 - total) % 68  # first stack drawn
        ring = tiles[2 * brk :] + tiles[: 2 * brk]  # the stacks from the break on
        # live: the 61 stacks from the break; dead wall: the 7 stacks before the break
        # (ring stacks 67 down to 61; stack 67 is its far end: the first rinshan pair)
        rinshan = [ring[134], ring[135], ring[132], ring[133]]
        dora = ring[130:121:-2]  # tops of ring stacks 65..61
        ura = ring[131:122:-2]  # their bottoms
        return cls._made((*ring[:LIVE_TILES], *rinshan, *dora, *ura), dice)

    @classmethod
    def _made(cls, order: tuple[int, ...], dice: tuple[int, int]) -> Wall:
        """A wall of ``order`` and ``dice`` made here from a shuffle of every id: valid by
        construction, so :class:`Wall`'s checks are not run again (a subclass of Wall is
        built through its own ``__init__``)."""
        if cls is not Wall:
            return cls(order, dice)
        w = object.__new__(Wall)
        object.__setattr__(w, "order", order)
        object.__setattr__(w, "dice", dice)
        if len(order) == 108:
            w._layout(108)
        return w

    @property
    def live(self) -> tuple[int, ...]:
        """The 122 live tiles in draw order (94 in sanma)."""
        return self.order[: self.live_tiles]

    @property
    def dead(self) -> tuple[int, ...]:
        """The 14 dead-wall tiles (rinshan 0..3, dora indicators 4..8, uradora 9..13; in
        sanma ``order[94:]``, laid out as the module docstring says)."""
        return self.order[self.live_tiles :]

    def rinshan(self, i: int) -> int:
        """The ``i``-th replacement tile (0..3; 0..7 in sanma, kans and nukidora).

        Raises:
            RiichiError: ``i`` is not an int in that range (a negative index is refused,
                never read from the other end).
        """
        return self.order[_position(self._rin, i, "rinshan")]

    def dora_indicator(self, i: int) -> int:
        """The ``i``-th dora indicator (0 = the initial one, 1..4 = kan dora).

        Raises:
            RiichiError: ``i`` is not an int 0..4.
        """
        return self.order[_position(self._dora, i, "dora_indicator")]

    def ura_indicator(self, i: int) -> int:
        """The uradora indicator under the ``i``-th dora indicator.

        Raises:
            RiichiError: ``i`` is not an int 0..4.
        """
        return self.order[_position(self._ura, i, "ura_indicator")]


def _position(positions: tuple[int, ...], i: object, what: str) -> int:
    """The wall position of the ``i``-th tile of a dead-wall row, ``i`` checked first (an
    int or a NumPy integer; a bool is no index)."""
    if type(i) is int and 0 <= i < len(positions):
        return positions[i]
    j = None
    if not isinstance(i, bool):
        try:
            j = operator.index(i)  # type: ignore[arg-type]
        except TypeError:
            pass
    if j is None or not 0 <= j < len(positions):
        raise RiichiError(f"Wall.{what}: expected an index 0..{len(positions) - 1}, got {i!r:.40}")
    return positions[j]


def wall_from_twister(twister: _core.MersenneTwister, players: object = 4) -> Wall:
    """:meth:`Wall.from_seed`'s wall from a ``random.Random`` state held by the core (a
    ``Game`` keeps its seeded generator there after the seating): the ids shuffled and the
    dice rolled as ``random.Random.shuffle`` and ``randint(1, 6)`` do, the twister advanced.

    Raises:
        RiichiError: ``players`` not 3 or 4.
    """
    return _from_twister(Wall, twister, players)


def _from_twister(cls: type[Wall], twister: _core.MersenneTwister, players: object) -> Wall:
    """:func:`wall_from_twister` for ``cls`` (:meth:`Wall.from_seed` of a subclass)."""
    if players.__class__ is not int or players not in (3, 4):
        raise RiichiError(f"players must be 3 or 4, got {players!r}")
    # the shuffle and dice of wall_ids, the four-player wall broken as _broken breaks it
    # (tests/test_wall_seed.py compares the two), in one core call
    order, d1, d2 = twister.wall_order(players)
    return cls._made(order, (d1, d2))


def wall_from_events(events: Sequence[object], red_fives: Sequence[int] = (1, 1, 1)) -> Wall:
    """Rebuild a round's wall from its events (for replaying a log through the engine).

    ``events`` are one kyoku's ``riichi.events`` objects, from its ``StartKyoku`` on (later
    events of other rounds are ignored). The deal comes from ``StartKyoku.tehais``, the live
    draws from the ``Tsumo`` events (a draw right after a kan is a rinshan draw), the dora
    indicators from ``StartKyoku.dora_marker`` and the ``Dora`` events, the uradora indicators
    from a ``Hora``. Each (kind, red) tile is given a free physical id of that kind and
    colour; positions the log does not reveal get the remaining ids in ascending order.
    A deal of three hands is a sanma round: its wall has the 108 sanma ids, and a draw right
    after a ``Nukidora`` is a replacement draw too.

    Raises:
        RiichiError: no ``StartKyoku`` first, a hidden hand or draw, or more copies of a tile
            than exist (the message names the tile and the event index).
    """
    if isinstance(events, (str, bytes)) or not isinstance(events, Sequence):
        raise RiichiError(f"wall_from_events: expected a list of riichi events, got {events!r:.80}")
    if not events or getattr(events[0], "type", None) != "start_kyoku":
        raise RiichiError("wall_from_events: the events must start with a start_kyoku")
    start = events[0]
    tehais = start.tehais  # type: ignore[attr-defined]
    n = 3 if tehais is not None and len(tehais) == 3 else 4
    free: dict[tuple[int, bool], list[int]] = {}
    for t in range(136) if n == 4 else SANMA_IDS:
        free.setdefault((t >> 2, is_red(t, red_fives)), []).append(t)
    for ids in free.values():
        ids.reverse()  # pop() gives the lowest id

    def take(tile: object, where: str) -> int:
        if tile is None:
            raise RiichiError(f"wall_from_events: hidden tile at {where}")
        key = (tile.kind, bool(tile.red))  # type: ignore[attr-defined]
        ids = free.get(key)
        if not ids:
            kind = tile.kind  # type: ignore[attr-defined]
            reds = sum(is_red(t, red_fives) for t in range(kind * 4, kind * 4 + 4))
            why = ""
            if reds and not tile.red:  # type: ignore[attr-defined]
                why = f": more than the {4 - reds} plain {tile} the rules' red fives leave"
            raise RiichiError(f"wall_from_events: no copy of {tile} left at {where}{why}")
        return ids.pop()

    oya = int(start.oya)  # type: ignore[attr-defined]
    hands: list[list[int]] = []
    for seat in range(n):
        h = tehais[seat] if tehais is not None and seat < len(tehais) else None
        if h is None:
            raise RiichiError(f"wall_from_events: the hand of seat {seat} is hidden")
        if len(h) != 13:
            raise RiichiError(f"wall_from_events: seat {seat} is dealt {len(h)} tiles, not 13")
        hands.append([take(t, f"start_kyoku tehais[{seat}]") for t in h])
    dora = [take(start.dora_marker, "start_kyoku dora_marker")]  # type: ignore[attr-defined]
    live: list[int] = []
    rinshan: list[int] = []
    ura: list[int] = []
    kan_pending = False
    for i, e in enumerate(events[1:], 1):
        kind = getattr(e, "type", "")
        if kind == "end_kyoku" or kind == "start_kyoku":
            break
        if kind in ("daiminkan", "ankan", "kakan", "nukidora"):
            kan_pending = True
        elif kind == "tsumo":
            t = take(e.pai, f"event {i} (tsumo)")  # type: ignore[attr-defined]
            (rinshan if kan_pending else live).append(t)
            kan_pending = False
        elif kind == "dora":
            dora.append(take(e.dora_marker, f"event {i} (dora)"))  # type: ignore[attr-defined]
        elif kind == "hora" and not ura:
            for m in getattr(e, "uradora_markers", None) or ():
                ura.append(take(m, f"event {i} (hora uradora)"))
    rest = sorted(t for ids in free.values() for t in ids)
    order: list[int] = []
    for rnd in range(3):
        for i in range(n):
            order += hands[(oya + i) % n][rnd * 4 : rnd * 4 + 4]
    for i in range(n):
        order.append(hands[(oya + i) % n][12])
    dice = getattr(start, "dice", None)
    if dice and len(dice) == 2 and all(0 <= d <= 5 for d in dice) and 0 in dice:
        dice = (dice[0] + 1, dice[1] + 1)  # Tenhou writes dice 0-based
    ok = dice and len(dice) == 2 and all(1 <= d <= 6 for d in dice)
    if n == 3:
        sanma_dice = (dice[0], dice[1]) if ok and dice else None
        return _sanma_wall(order, live, rinshan, dora, ura, rest, sanma_dice)
    if len(live) > LIVE_TILES - 52 - len(rinshan):
        raise RiichiError(f"wall_from_events: {len(live)} live draws do not fit the wall")
    order += live
    while len(order) < LIVE_TILES:
        order.append(rest.pop(0))

    def fill(xs: list[int], n: int) -> list[int]:
        if len(xs) > n:
            raise RiichiError(f"wall_from_events: {len(xs)} tiles where the dead wall has {n}")
        return xs + [rest.pop(0) for _ in range(n - len(xs))]

    order += fill(rinshan, 4) + fill(dora, 5) + fill(ura, 5)
    return Wall(tuple(order), tuple(dice) if ok else None)  # type: ignore[arg-type]


def _sanma_wall(
    deal: list[int],
    live: list[int],
    rinshan: list[int],
    dora: list[int],
    ura: list[int],
    rest: list[int],
    dice: tuple[int, int] | None,
) -> Wall:
    """:func:`wall_from_events` of a sanma round: the known tiles at their positions of the
    108-tile layout (module docstring), the rest ascending in the free positions."""
    order: list[int | None] = [None] * 108
    order[: len(deal)] = deal
    if len(live) > SANMA_LIVE_TILES - len(deal) - len(rinshan):
        raise RiichiError(f"wall_from_events: {len(live)} live draws do not fit the wall")
    order[len(deal) : len(deal) + len(live)] = live
    for xs, pos in ((rinshan, _RINSHAN_POS[108]), (dora, _DORA_POS[108]), (ura, _URA_POS[108])):
        if len(xs) > len(pos):
            raise RiichiError(
                f"wall_from_events: {len(xs)} tiles where the dead wall has {len(pos)}"
            )
        for t, j in zip(xs, pos):
            if order[j] is not None:
                raise RiichiError(f"wall_from_events: wall position {j} is drawn twice")
            order[j] = t
    it = iter(rest)
    return Wall(tuple(t if t is not None else next(it) for t in order), dice)  # type: ignore[misc]
