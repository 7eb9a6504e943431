"""Tiles: kinds 0..33 and physical ids 0..135 (kind * 4 + copy; a suit's red fives are its
five's first copies), their tables and predicates, and mpsz text (DESIGN.md, Encodings).

One home for the tile tables the Python side reads: terminal and honor kinds, dragons,
winds, the North (sanma nukidora), the fives that may be red, the chi shapes around each
kind, and per red-five rule the red ids, the (kind, colour) class of each id, the event
tile of each id and the ids of each class; :func:`parse_tile` / :func:`parse_tiles` read mpsz
text keeping the red five, :func:`tile_text` writes an id as mpsz.

Rules fields read: ``red_fives`` (through the arguments of :func:`is_red` and
:func:`red_tables`).
Rule source: the tile set of Tenhou's rules (https://tenhou.net/man/), red fives per suit.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from riichi import _core
from riichi.errors import InvalidTile, RiichiError

__all__ = [
    "CHI_SHAPES",
    "DRAGONS",
    "FIVES",
    "INTERNED",
    "NORTH",
    "TERMINALS_HONORS",
    "WINDS",
    "TileKind",
    "is_red",
    "kind_plain_first",
    "parse_tile",
    "parse_tiles",
    "red_tables",
    "tile",
    "tile_kind",
    "tile_text",
]

TERMINALS_HONORS = frozenset([0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33])
DRAGONS = (31, 32, 33)
WINDS = (27, 28, 29, 30)
NORTH = 30  # the kind of the North wind (kita)
FIVES = (4, 13, 22)
# chi shapes around each numbered kind: the two other kinds of each run through it
CHI_SHAPES = [
    tuple(
        (k + a, k + b)
        for a, b in ((-2, -1), (-1, 1), (1, 2))
        if k < 27 and 0 <= k % 9 + a <= 8 and 0 <= k % 9 + b <= 8
    )
    for k in range(34)
]


_SUITS = "mpsz"


def _tile_id(tile_id: Any, where: str) -> int:
    """``tile_id`` as an int 0..135 (a NumPy integer read as its value).

    Raises:
        InvalidTile: not an int (a bool, a float, text, an array) or out of 0..135, naming
            ``where`` and the value.
    """
    if tile_id.__class__ is int and 0 <= tile_id <= 135:
        return tile_id  # type: ignore[no-any-return]
    value = None
    if not isinstance(tile_id, bool) and hasattr(tile_id, "__index__"):
        try:
            value = tile_id.__index__()
        except TypeError:  # a NumPy array of several values
            value = None
    if value is None or not 0 <= value <= 135:
        raise InvalidTile(f"{where}: tile id {tile_id!r:.60} is not an int 0..135")
    return value  # type: ignore[no-any-return]


def tile_kind(tile_id: int) -> int:
    """The kind 0..33 of a physical tile id 0..135.

    Raises:
        InvalidTile: ``tile_id`` not an int 0..135 (naming it).
    """
    return _tile_id(tile_id, "tile_kind") >> 2


def is_red(tile_id: int, red_fives: Sequence[int] = (1, 1, 1)) -> bool:
    """Whether ``tile_id`` is a red five when each suit has ``red_fives[suit]`` red fives.

    Args:
        tile_id: physical id 0..135.
        red_fives: red fives per suit (man, pin, sou), each 0..4; copy 0.. are the red ones.

    Raises:
        InvalidTile: ``tile_id`` not an int 0..135.
        RiichiError: ``red_fives`` not three ints 0..4 (checked when ``tile_id`` is a five).
    """
    tile_id = _tile_id(tile_id, "is_red")
    kind = tile_id >> 2
    if kind in FIVES:
        try:
            n = red_fives[FIVES.index(kind)]
            ok = len(red_fives) == 3 and n.__class__ is int and 0 <= n <= 4
        except (TypeError, IndexError, KeyError):
            ok = False
        if not ok:
            raise RiichiError(
                f"is_red: red_fives must be three ints 0..4 (man, pin, sou), got {red_fives!r:.60}"
            )
        return (tile_id & 3) < n
    return False


def tile_text(tile_id: int, red: bool) -> str:
    """mpsz text of one physical tile (``0`` for a red five).

    Raises:
        InvalidTile: ``tile_id`` not an int 0..135, or ``red`` not a bool (``red`` True on
            a tile that is no suited five is refused too).
    """
    kind = _tile_id(tile_id, "tile_text") >> 2
    if red is not False and red is not True:
        if type(red).__name__ not in ("bool", "bool_"):
            raise InvalidTile(f"tile_text: red must be True or False, got {red!r:.60}")
        red = bool(red)
    if red and kind not in FIVES:
        raise InvalidTile(f"tile_text: tile id {tile_id} ({_text(kind, False)}) is no suited five and cannot be red")
    num = kind % 9 + 1 if kind < 27 else kind - 26
    return f"{0 if red else num}{_SUITS[kind // 9]}"


def kind_plain_first(x: Any) -> tuple[int, bool]:
    """Sort key of tiles: by kind, the red five before the plain ones (Tenhou id order, the
    order of :class:`TileKind` itself).

    Raises:
        InvalidTile: ``x`` is not a :class:`TileKind` (naming it).
    """
    try:
        return (x.kind, not x.red)
    except AttributeError:
        raise InvalidTile(f"kind_plain_first: expected a riichi.TileKind, got {x!r:.60}") from None


_RED_TABLES: dict[
    tuple[int, ...], tuple[frozenset[int], list[int], list[Any], list[tuple[int, ...]]]
] = {}


def red_tables(
    red: tuple[int, ...], tile_of: Any
) -> tuple[frozenset[int], list[int], list[Any], list[tuple[int, ...]]]:
    """Per red-five rule ``red`` (``Rules.red_fives``), built once and shared (do not mutate):
    the red ids, the (kind, colour) class ``kind * 2 + red`` of each id, the event tile of
    each id (``tile_of(kind, red)``) and the ids of each of the 68 classes, ascending."""
    tables = _RED_TABLES.get(red)
    if tables is None:
        reds = frozenset(t for t in range(136) if is_red(t, red))
        cls = [(t >> 2) * 2 + (t in reds) for t in range(136)]
        tables = (
            reds,
            cls,
            [tile_of(t >> 2, t in reds) for t in range(136)],
            [tuple(t for t in range(136) if cls[t] == c) for c in range(68)],
        )
        _RED_TABLES[red] = tables
    return tables


class TileKind(int):
    """A tile: its kind 0..33 as an ``int`` and whether it is the red five of its suit.

    The one tile type of every public value and message: analysis results (``parse_tile``,
    ``DiscardOption.tile``, ``Wait.tile``, ``Ukeire.tiles``, ``Reading.win_tile`` and
    ``blocks``, ``Meld.tile``, ``called`` and ``tiles``) and the event model
    (``riichi.events``: every ``pai``, ``consumed``, ``dora_marker``, hand and meld tile;
    :data:`riichi.events.Tile` is this class under its old name).

    - **An int**: it indexes, hashes as its kind, goes into NumPy arrays and JSON as the kind,
      and compares with a plain ``int`` by kind (``parse_tile("0p") == 13``); arithmetic gives
      plain ints; ``f"{t:d}"`` (any int or float presentation type: ``x``, ``.1f``...)
      writes the number. Unlike the int 0, every tile is true (``bool(parse_tile("1m"))``),
      so ``tile or default`` never drops a 1m.
    - **Text** is mpsz: ``str`` and ``repr`` give ``"5p"``, or ``"0p"`` for a red five;
      :attr:`mjai` gives the mjai name (``"5pr"``).
    - **Between tiles the colour counts**: a red five is not equal to the plain five of its
      suit (``TileKind(13, True) != TileKind(13)``, though both ``== 13``), so event equality,
      ``in``, ``list.remove`` and dict keys keep a red five apart; tiles sort in Tenhou id
      order, by kind with the red five before the plain fives of its suit (it is copy 0).
      So equality is not transitive across ints and tiles (``0p == 13 == 5p``, ``0p !=
      5p``): a set or dict mixing plain int kinds with tiles depends on insertion order.
    - **Interned and frozen**: ``TileKind(kind, red)``, :meth:`of`, :meth:`from_mjai`,
      :meth:`from_tenhou_id`, pickling and copying all return one of the 37 shared objects
      (``INTERNED[kind * 2 + red]``), so between tiles ``a is b`` exactly when ``a == b``.

    Attributes:
        kind: the kind as a plain ``int`` 0..33 (1m..9m, 1p..9p, 1s..9s, E S W N, haku hatsu
            chun; DESIGN.md, Encodings).
        red: True for the red five of a suit (mpsz ``0``; Tenhou ids 16, 52, 88).
        mjai: the mjai name (``"5m"``, ``"5mr"``, ``"E"``, ``"P"`` haku, ``"F"``, ``"C"``).

    Raises:
        riichi.InvalidTile: a kind that is not an int 0..33, or ``red`` on a tile that is not
            a suited five (5m, 5p, 5s).
    """

    kind: int
    red: bool
    mjai: str

    def __new__(cls, kind: int, red: bool = False) -> TileKind:
        if cls is TileKind and type(kind) is int and 0 <= kind <= 33 and _READY:
            if red is False or (red is True and kind in FIVES):
                return INTERNED[kind * 2 + red]
        if isinstance(kind, bool) or not hasattr(kind, "__index__"):
            raise InvalidTile(f"tile kind {kind!r} is not an int 0..33")
        try:
            value = kind.__index__()
        except TypeError:  # a NumPy array of several values has __index__ and refuses it
            raise InvalidTile(f"tile kind {kind!r:.60} is not an int 0..33") from None
        if not 0 <= value <= 33:
            raise InvalidTile(f"tile kind {value} is out of range 0..33")
        if not isinstance(red, bool) and type(red).__name__ not in ("bool", "bool_"):
            raise InvalidTile(f"red must be a bool, got {red!r} (tile kind {value})")
        if red and value not in FIVES:
            raise InvalidTile(
                f"tile kind {value} ({_text(value, False)}) is not a suited five and cannot be red"
            )
        if cls is TileKind and _READY:
            return INTERNED[value * 2 + bool(red)]
        obj = super().__new__(cls, value)
        object.__setattr__(obj, "kind", value)
        object.__setattr__(obj, "red", bool(red))
        object.__setattr__(obj, "mjai", _core.mjai_name(value, bool(red)))
        return obj

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"TileKind is frozen: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"TileKind is frozen: cannot delete {name!r}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (TileKind, (self.kind, self.red))

    def __copy__(self) -> TileKind:
        return self

    def __deepcopy__(self, memo: Any) -> TileKind:
        return self

    # Equality and order: between two tiles by (kind, red), red five first (Tenhou id
    # order); with anything else as the int kind. The hash stays the kind's, which equal
    # values share either way.
    def __eq__(self, other: object) -> bool:
        if type(other) is TileKind is type(self):
            return self is other  # interned: the same object exactly when equal
        if isinstance(other, TileKind):
            return self.kind == other.kind and self.red is other.red
        return int.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        if type(other) is TileKind is type(self):
            return self is not other
        if isinstance(other, TileKind):
            return self.kind != other.kind or self.red is not other.red
        return int.__ne__(self, other)

    __hash__ = int.__hash__

    def __bool__(self) -> bool:
        return True  # a tile is always a value, 1m (kind 0) too: ``tile or default`` keeps it

    def __lt__(self, other: object) -> bool:
        if isinstance(other, TileKind):
            return self.kind < other.kind or (self.kind == other.kind and self.red > other.red)
        return int.__lt__(self, other)  # type: ignore[operator]

    def __le__(self, other: object) -> bool:
        if isinstance(other, TileKind):
            return self.kind < other.kind or (self.kind == other.kind and self.red >= other.red)
        return int.__le__(self, other)  # type: ignore[operator]

    def __gt__(self, other: object) -> bool:
        if isinstance(other, TileKind):
            return self.kind > other.kind or (self.kind == other.kind and self.red < other.red)
        return int.__gt__(self, other)  # type: ignore[operator]

    def __ge__(self, other: object) -> bool:
        if isinstance(other, TileKind):
            return self.kind > other.kind or (self.kind == other.kind and self.red <= other.red)
        return int.__ge__(self, other)  # type: ignore[operator]

    def __str__(self) -> str:
        return _text(self.kind, self.red)

    __repr__ = __str__

    def __format__(self, spec: str) -> str:
        if spec and spec[-1] in "bcdnoxXeEfFgG%":  # a number format: the kind
            return int.__format__(int(self), spec)
        return format(str(self), spec)

    @staticmethod
    def of(kind: int, red: bool = False) -> TileKind:
        """The interned tile of ``kind`` (0..33), red or not (the same as ``TileKind(kind,
        red)`` and :func:`tile`).

        Raises:
            riichi.InvalidTile: as :class:`TileKind`.
        """
        if type(kind) is int and 0 <= kind <= 33 and (red is False or (red is True and kind in FIVES)):
            return INTERNED[kind * 2 + red]
        return TileKind(kind, red)  # NumPy's bool, or raises naming the bad value

    @staticmethod
    def from_mjai(name: str) -> TileKind:
        """The tile of an mjai name (``"5mr"`` red five, ``"E"``, ``"P"`` = haku, ``"F"``,
        ``"C"``; mjai protocol, https://github.com/gimite/mjai).

        Raises:
            riichi.InvalidTile: an unknown name (``"?"`` included: hidden tiles are ``None``
                in the event model), or not a ``str``.
        """
        t = _BY_MJAI.get(name) if isinstance(name, str) else None
        if t is None:
            raise InvalidTile(f"unknown mjai tile name {name!r}")
        return t

    @staticmethod
    def from_tenhou_id(tile_id: int, red_fives: bool = True) -> TileKind:
        """The tile of a Tenhou physical id 0..135 (kind = id // 4; ids 16, 52, 88 are the
        red fives when the game plays with one red five per suit, Tenhou GO bit 1 clear).

        Raises:
            riichi.InvalidTile: an id that is not an int 0..135.
            riichi.RiichiError: ``red_fives`` not a bool (``0``, ``None`` or ``"yes"`` is
                refused, not read as a truth value).
        """
        if type(tile_id) is not int or not 0 <= tile_id <= 135:
            if isinstance(tile_id, bool) or not hasattr(tile_id, "__index__"):
                raise InvalidTile(f"tile id {tile_id!r} is not an int 0..135")
            try:
                tile_id = tile_id.__index__()
            except TypeError:  # a NumPy array of several values
                raise InvalidTile(f"tile id {tile_id!r:.60} is not an int 0..135") from None
            if not 0 <= tile_id <= 135:
                raise InvalidTile(f"tile id {tile_id} is out of range 0..135")
        if red_fives is not True and red_fives is not False:
            if type(red_fives).__name__ not in ("bool", "bool_"):  # NumPy's bool is a bool
                raise RiichiError(
                    f"TileKind.from_tenhou_id: red_fives must be True or False, got {red_fives!r:.60}"
                )
            red_fives = bool(red_fives)
        return (_BY_ID_RED if red_fives else _BY_ID_PLAIN)[tile_id]


def _text(kind: int, red: bool) -> str:
    num = kind % 9 + 1 if kind < 27 else kind - 26
    return f"{0 if red else num}{_SUITS[kind // 9]}"


_READY = False  # TileKind(...) returns the interned objects once they exist

def _intern_all() -> tuple[TileKind, ...]:
    out: list[TileKind] = []
    for k in range(34):
        plain = TileKind(k, False)
        out += [plain, TileKind(k, True) if k in FIVES else plain]
    return tuple(out)


#: The 68 interned tiles, ``INTERNED[kind * 2 + red]`` (a kind that cannot be red has its
#: plain tile at both places); the core, the event model and every constructor return these.
INTERNED: tuple[TileKind, ...] = _intern_all()
_READY = True
_BY_MJAI: dict[str, TileKind] = {t.mjai: t for t in INTERNED}
_BY_ID_PLAIN = [INTERNED[(i >> 2) * 2] for i in range(136)]
_BY_ID_RED = [INTERNED[(i >> 2) * 2 + (i in (16, 52, 88))] for i in range(136)]


def tile(kind: int, red: bool = False) -> TileKind:
    """The interned :class:`TileKind` of ``kind`` (0..33), red or not.

    Raises:
        riichi.InvalidTile: as :class:`TileKind`.
    """
    if type(kind) is int and 0 <= kind <= 33 and (red is False or (red is True and kind in FIVES)):
        return INTERNED[kind * 2 + red]
    return TileKind(kind, red)  # NumPy's bool, or raises naming the bad value


def parse_tile(text: str) -> TileKind:
    """Parse one tile in mpsz notation (``"5m"``, ``"0p"``, ``"7z"``) to its kind 0..33.

    Returns:
        a :class:`TileKind`: the kind as an ``int`` (``parse_tile("0p") == 13``) whose
        ``red`` is True for a red five (``0`` in mpsz).

    Raises:
        riichi.InvalidTile: the text is not exactly one tile (the character and position are
            named).
        riichi.RiichiError: ``text`` is not a ``str``.

    Example:
        >>> t = riichi.parse_tile("0p")
        >>> t == 13, t.red, str(t)
        (True, True, '0p')
    """
    kind = _core.parse_tile(text)  # validates: exactly one digit and one suit letter
    return INTERNED[kind * 2 + (text[0] == "0")]


def parse_tiles(text: str) -> list[TileKind]:
    """Parse mpsz text (``"123m406p"``) to tile kinds in the order written.

    Returns:
        a list of :class:`TileKind` (``int`` kinds; ``red`` True for each ``0``).

    Raises:
        riichi.InvalidTile: bad notation (the character and position are named).
        riichi.RiichiError: ``text`` is not a ``str``.

    Example:
        >>> tiles = riichi.parse_tiles("406p7z")
        >>> tiles, [t.red for t in tiles]
        ([4p, 0p, 6p, 7z], [False, True, False, False])
    """
    kinds = _core.parse_tiles(text)  # validates the notation
    digits = [c for c in text if c.isdigit()]
    return [INTERNED[k * 2 + (d == "0")] for k, d in zip(kinds, digits)]
