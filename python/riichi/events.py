"""The one event model: every log reader produces it, every writer and the replay consume it.

Events are frozen dataclasses shaped after mjai (https://github.com/gimite/mjai): one class
per mjai message type (``start_game``, ``start_kyoku``, ``tsumo``, ``dahai``, ``chi``, ``pon``,
``daiminkan``, ``ankan``, ``kakan``, ``nukidora``, ``dora``, ``reach``, ``reach_accepted``,
``hora``, ``ryukyoku``, ``end_kyoku``, ``end_game``) plus ``disconnect`` / ``reconnect``.
Each event converts to and from an mjai JSON object with :meth:`Event.to_mjai` and
:func:`event_from_mjai`.

Tiles
-----
A tile is a :class:`riichi.tiles.TileKind` (also importable here as :data:`Tile`, its old
name): its kind 0..33 (1m..9m, 1p..9p, 1s..9s, E S W N, haku hatsu chun) as an ``int`` and a
red flag (only on fives), the same type the analysis API returns. This is exactly what every
format can express: Tenhou's physical ids 0..135 are reduced to (kind, red) by the mjlog
reader, because mjai and tenhou.net/6 have no physical ids. Nothing is lost for play: the
three red fives are the only copies that differ, and the flag keeps their identity (kuikae,
red dora). Two tiles are equal only when kind and colour are (a red five is not its plain
five), so two events are equal only when their red fives are the same; a tile and a plain
``int`` compare by kind. The 37 distinct tiles are interned (``Tile.of(kind, red)``,
``Tile.from_mjai`` and ``Tile.from_tenhou_id`` return shared instances). A tile that a player
view hides (mjai ``"?"``) is ``None`` where a format allows it.

Seats are absolute 0..n-1 (0 = the first dealer); ``n`` is 4, or 3 in sanma (tuples of scores,
hands and deltas have ``n`` entries). Points are in points (not Tenhou's hundreds).

What the events carry beyond standard mjai (the mjai writer stores these as extra keys so
that mjlog -> events -> mjai -> events is identical): the Tenhou rule header in
:class:`StartGame`, the dice of :class:`StartKyoku`, the full settlement of :class:`Hora`
(fu, han, yaku with han, points, limit, dora and uradora markers, pao), the reason, tenpai seats
and revealed hands of :class:`Ryukyoku`, final uma-adjusted points in :class:`EndGame`, and
:class:`Disconnect` / :class:`Reconnect`.

Canonical forms, so that every reader gives the same events for the same game: tiles in
:attr:`StartKyoku.tehais`, :attr:`Hora.hand`, :attr:`Ryukyoku.hands`, every ``consumed`` and
:class:`CalledMeld` are sorted in Tenhou id order (by kind, a red five before the other fives;
Tenhou's deal order is not kept: the shuffle seed determines the wall); :attr:`Hora.melds` are
in call order (a kakan replaces its pon in place).

Yaku are named in the project's romaji snake_case, one name per yaku shared with
``riichi.score`` (:data:`YAKU_NAMES`, taken from the core; :data:`TENHOU_YAKU` maps Tenhou's
yaku ids to them); a yakuman counts 13 han per yakuman in :attr:`Hora.yaku`. Entries worth 0 han (the
``uradora 0`` that mjlog lists for every riichi win) are left out, as tenhou.net/6 does.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, Callable, ClassVar, TypeVar

from riichi._core import parse_mjai, yaku_table
from riichi.errors import InvalidTile, LogFormatError, RiichiError
from riichi.tiles import INTERNED, TileKind

__all__ = [
    "EVENT_TYPES",
    "RYUKYOKU_REASONS",
    "TENHOU_YAKU",
    "YAKU_NAMES",
    "Ankan",
    "CalledMeld",
    "Chi",
    "Dahai",
    "Daiminkan",
    "Disconnect",
    "Dora",
    "EndGame",
    "EndKyoku",
    "Event",
    "GameLog",
    "Hora",
    "Kakan",
    "Nukidora",
    "Pon",
    "Reach",
    "ReachAccepted",
    "Reconnect",
    "Ryukyoku",
    "StartGame",
    "StartKyoku",
    "Tile",
    "Tsumo",
    "event_from_mjai",
]

_DC: dict[str, Any] = {"frozen": True}
if sys.version_info >= (3, 10):
    _DC["slots"] = True

if TYPE_CHECKING:  # lets type checkers see the decorated classes as frozen dataclasses
    from typing_extensions import dataclass_transform
else:

    def dataclass_transform(**_: Any) -> Callable[[Any], Any]:
        return lambda f: f


_T = TypeVar("_T")


@dataclass_transform(frozen_default=True)
def _frozen(cls: type[_T]) -> type[_T]:
    """``dataclass(frozen=True, slots=True)`` (slots from Python 3.10 on)."""
    return dataclass(**_DC)(cls)


# --------------------------------------------------------------------------- tiles


#: A tile of the event model: :class:`riichi.tiles.TileKind`, the one tile type of the package
#: (kind 0..33 as an ``int``, ``red``, mpsz text, ``mjai`` name; ``Tile.of``,
#: ``Tile.from_mjai`` and ``Tile.from_tenhou_id`` return interned instances). Kept under
#: this name for the code that imported it from here.
Tile = TileKind
_TILES = INTERNED
_MJAI_NAME = [t.mjai for t in INTERNED]
for _t in INTERNED:  # the core's mjai names and ours agree
    assert parse_mjai(_t.mjai) == (_t.kind, _t.red)

TileSeq = tuple[Tile, ...]


@_frozen
class CalledMeld:
    """A meld shown next to a winning hand: ``kind`` is ``"chi"``, ``"pon"``,
    ``"daiminkan"``, ``"kakan"``, ``"ankan"`` or ``"nukidora"``; ``tiles`` sorted."""

    kind: str
    tiles: TileSeq


# --------------------------------------------------------------------------- yaku

#: Every yaku name, the one vocabulary of ``riichi.score`` results, :class:`Hora` events, the
#: log writers and mismatch messages: the Rust core's table (``Yaku::name``), id -> name.
#: Tenhou's ids 0..54 (37..51 yakuman, 52..54 dora, uradora, akadora); local yaku from 60 on.
YAKU_NAMES: dict[int, str] = dict(yaku_table())

#: Tenhou yaku id -> yaku name, ids 0..54 (the ids Tenhou logs use). Ids 37..51 are yakuman.
TENHOU_YAKU: tuple[str, ...] = tuple(YAKU_NAMES[i] for i in range(55))

RYUKYOKU_REASONS = (
    "exhaustive", "kyuushu_kyuuhai", "suufon_renda", "suucha_riichi", "suukaikan",
    "sanchahou", "nagashi_mangan",
)  # fmt: skip


# --------------------------------------------------------------------------- codecs
# Each codec is (encode: value -> JSON, decode: JSON -> value); decode raises ValueError /
# TypeError / InvalidTile on bad input, which event_from_mjai turns into LogFormatError.


def _int(v: Any) -> int:
    if type(v) is not int:
        raise TypeError(f"expected an integer, got {v!r}")
    return v


def _bool(v: Any) -> bool:
    if type(v) is not bool:
        raise TypeError(f"expected true/false, got {v!r}")
    return v


def _str(v: Any) -> str:
    if not isinstance(v, str):
        raise TypeError(f"expected a string, got {v!r}")
    return v


def _num(v: Any) -> float:
    if type(v) not in (int, float):
        raise TypeError(f"expected a number, got {v!r}")
    return float(v)


def _list(v: Any) -> list[Any]:
    if not isinstance(v, list):
        raise TypeError(f"expected a list, got {v!r}")
    return v


def _tile_dec(v: Any) -> Tile:
    return Tile.from_mjai(_str(v))


def _otile_dec(v: Any) -> Tile | None:
    return None if v == "?" else _tile_dec(v)


def _hands_enc(v: tuple[TileSeq | None, ...]) -> list[Any]:
    return [["?"] * 13 if h is None else [t.mjai for t in h] for h in v]


def _hands_dec(v: Any) -> tuple[TileSeq | None, ...]:
    out: list[TileSeq | None] = []
    for h in _list(v):
        h = _list(h)
        out.append(None if h and all(x == "?" for x in h) else tuple(_tile_dec(x) for x in h))
    return tuple(out)


def _seed_dec(v: Any) -> str:
    return v if isinstance(v, str) else json.dumps(v)


def _wind_dec(v: Any) -> Tile:
    t = _tile_dec(v)
    if not 27 <= t.kind <= 30:
        raise ValueError(f"bakaze must be a wind E/S/W/N, got {v!r}")
    return t


def _int_enc(v: Any) -> int:
    if type(v) is int:
        return v
    if isinstance(v, bool) or not hasattr(v, "__index__"):
        raise ValueError(f"expected an int, got {v!r}")
    return v.__index__()  # a NumPy int: its exact value


def _seat_enc(v: Any) -> int:
    s = _int_enc(v)
    if not 0 <= s <= 3:
        raise ValueError(f"expected a seat 0..3, got {v!r}")
    return s


def _bool_enc(v: Any) -> bool:
    if type(v) is bool or type(v).__name__ in ("bool", "bool_"):  # NumPy 2 names it bool
        return bool(v)
    raise ValueError(f"expected True or False, got {v!r}")


def _wind_enc(v: Any) -> str:
    if isinstance(v, bool) or not isinstance(v, int) or not 27 <= v <= 30:
        raise ValueError("a wind is an int kind 27..30 (E S W N)")
    return _MJAI_NAME[v * 2]


def _unwritable(ev: Event, attr: str, codec: str, v: Any, e: Exception) -> RiichiError:
    """The error for an event field ``to_mjai`` cannot write: events are plain data, so a
    hand-built or ``dataclasses.replace``-d event may hold anything."""
    where = f"{ev.type} event: {attr} = {v!r}"
    if codec in ("tile", "otile", "tiles", "hands", "melds"):
        return InvalidTile(
            f"{where}: cannot be written as mjai: each tile must be a riichi.TileKind "
            "(riichi.TileKind.of(kind, red)), not a plain int, str or other value"
        )
    return RiichiError(f"{where}: cannot be written as mjai: {e}")


def _bad_field(ev: Any, e: Exception) -> str:
    """Why a writer could not write ``ev``: the field ``to_mjai`` refuses (a tile that is not
    a ``riichi.TileKind``, a wind out of 27..30), else ``e``'s text. For the writers'
    messages when an event built by hand fails them with an AttributeError or TypeError."""
    try:
        ev.to_mjai()
    except RiichiError as bad:
        return str(bad)
    except Exception:
        pass
    return f"{type(e).__name__}: {e}"


_C: dict[str, tuple[Callable[[Any], Any], Callable[[Any], Any]]] = {
    "int": (_int_enc, _int),
    "seat": (_seat_enc, _int),  # an actor or target: required, 0..3 (readers check more)
    "bool": (_bool_enc, _bool),
    "str": (lambda v: v, _str),
    "seed": (lambda v: v, _seed_dec),
    "wind": (_wind_enc, _wind_dec),
    "tile": (lambda v: v.mjai, _tile_dec),
    "otile": (lambda v: "?" if v is None else v.mjai, _otile_dec),
    "tiles": (lambda v: [t.mjai for t in v], lambda v: tuple(_tile_dec(x) for x in _list(v))),
    "hands": (_hands_enc, _hands_dec),
    "ints": (lambda v: [_int_enc(x) for x in v], lambda v: tuple(_int(x) for x in _list(v))),
    "bools": (lambda v: [_bool_enc(x) for x in v], lambda v: tuple(_bool(x) for x in _list(v))),
    "strs": (list, lambda v: tuple(_str(x) for x in _list(v))),
    "nums": (list, lambda v: tuple(_num(x) for x in _list(v))),
    "yaku": (
        lambda v: [[n, h] for n, h in v],
        lambda v: tuple((_str(_list(x)[0]), _int(x[1])) for x in _list(v)),
    ),
    "melds": (
        lambda v: [[m.kind, [t.mjai for t in m.tiles]] for m in v],
        lambda v: tuple(
            CalledMeld(_str(_list(x)[0]), tuple(_tile_dec(t) for t in _list(x[1])))
            for x in _list(v)
        ),
    ),
}


# --------------------------------------------------------------------------- events


class Event:
    """Base of every event. ``type`` is the mjai message type.

    Subclasses declare ``_mjai``: (attribute, mjai key, codec) triples; an attribute whose value
    is ``None`` is omitted from the mjai object, and a missing key reads as the default.
    """

    __slots__ = ()
    type: ClassVar[str]
    _mjai: ClassVar[tuple[tuple[str, str, str], ...]] = ()

    def to_mjai(self) -> dict[str, Any]:
        """This event as an mjai JSON object (a ``dict``), extra keys included."""
        d: dict[str, Any] = {"type": self.type}
        for attr, key, codec in self._mjai:
            v = getattr(self, attr)
            if v is None and codec in ("tile", "seat"):  # required: never dropped silently
                missing = "no tile" if codec == "tile" else "a seat 0..3 is required"
                raise _unwritable(self, attr, codec, v, ValueError(missing))
            if v is not None:
                try:
                    d[key] = _C[codec][0](v)
                except (AttributeError, TypeError, ValueError, IndexError) as e:
                    raise _unwritable(self, attr, codec, v, e) from None
        return d

    @classmethod
    def from_mjai(cls, d: dict[str, Any]) -> Event:
        """Build this event from an mjai object (see :func:`event_from_mjai`)."""
        kw: dict[str, Any] = {}
        for attr, key, codec in cls._mjai:
            if key in d and d[key] is not None:
                kw[attr] = _C[codec][1](d[key])
        if cls is StartKyoku and "tehais" in kw:  # canonical: deals sorted
            kw["tehais"] = tuple(None if h is None else tuple(sorted(h)) for h in kw["tehais"])
        if "consumed" in kw:  # canonical: shown tiles sorted
            kw["consumed"] = tuple(sorted(kw["consumed"]))
        return cls(**kw)


@dataclass_transform(frozen_default=True)
def _ev(type_: str, *spec: tuple[str, str, str]) -> Callable[[type[_T]], type[_T]]:
    def deco(cls: type[_T]) -> type[_T]:
        cls.type = type_  # type: ignore[attr-defined]
        cls._mjai = spec  # type: ignore[attr-defined]
        return dataclass(**_DC)(cls)

    return deco


@_ev(
    "start_game",
    ("names", "names", "strs"),
    ("players", "players", "int"),
    ("red_fives", "aka_flag", "bool"),
    ("kuitan", "kuitan", "bool"),
    ("length", "game_length", "str"),
    ("speed", "speed", "bool"),
    ("go_type", "go_type", "int"),
    ("seed", "seed", "seed"),
    ("seating_dice", "seating_dice", "ints"),
)
class StartGame(Event):
    """The game header.

    Attributes:
        names: player names by seat (empty strings when the log has none).
        players: 4, or 3 for sanma.
        red_fives: one red five per suit (Tenhou GO bit 1 clear).
        kuitan: open tanyao allowed (Tenhou GO bit 2 clear).
        length: ``"tonpuusen"`` (East only) or ``"hanchan"`` (East and South; GO bit 3).
        speed: the fast table (GO bit 6).
        go_type: Tenhou's raw ``<GO type>`` when the log has it (table level etc.), else None.
        seed: the shuffle seed text (Tenhou ``<SHUFFLE seed>``), else None.
        seating_dice: the four dice of the two-roll first-dealer procedure
            (``riichi.Game(seating_procedure="two_rolls")``): the temporary East's two, then
            the temporary dealer's two; None when the log has none.
    """

    names: tuple[str, ...] = ()
    players: int = 4
    red_fives: bool = True
    kuitan: bool = True
    length: str = "hanchan"
    speed: bool = False
    go_type: int | None = None
    seed: str | None = None
    seating_dice: tuple[int, ...] | None = None


@_ev(
    "start_kyoku",
    ("bakaze", "bakaze", "wind"),
    ("kyoku", "kyoku", "int"),
    ("honba", "honba", "int"),
    ("kyotaku", "kyotaku", "int"),
    ("oya", "oya", "int"),
    ("scores", "scores", "ints"),
    ("dora_marker", "dora_marker", "tile"),
    ("tehais", "tehais", "hands"),
    ("dice", "dice", "ints"),
)
class StartKyoku(Event):
    """A round starts.

    Attributes:
        bakaze: the round wind, a tile like every tile of the event model: the
            :class:`riichi.TileKind` ``1z`` .. ``4z`` (East .. North), whose int kind is 27
            .. 30 (so ``bakaze == 27`` and ``bakaze - 27`` still read as before); mjai
            writes it ``"E"`` .. ``"N"`` (mjai.app protocol: ``start_kyoku.bakaze`` is a
            wind tile). An int kind 27..30 given to the constructor is stored as that tile;
            any other value is kept as given (events are plain data) and refused by the
            writers and the replay, naming it.
        kyoku: 1..4 within the wind.
        honba: repeat counters; kyotaku: riichi sticks on the table (count, not points).
        oya: the dealer's seat.
        scores: points per seat at the start of the round.
        dora_marker: the first dora indicator.
        tehais: the 13-tile deal per seat, sorted (None = hidden).
        dice: the two dice of the wall break when the log records them (Tenhou INIT seed).
    """

    # an int kind is accepted (and stored as its tile): the readers and the round engine
    # pass 27 + wind, and a Tile is an int
    bakaze: int = _TILES[27 * 2]
    kyoku: int = 1
    honba: int = 0
    kyotaku: int = 0
    oya: int = 0
    scores: tuple[int, ...] = ()
    dora_marker: Tile = _TILES[0]
    tehais: tuple[TileSeq | None, ...] = ()
    dice: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        b = self.bakaze
        if b.__class__ is int and 27 <= b <= 30:  # an int kind: its (interned) tile
            object.__setattr__(self, "bakaze", _TILES[b * 2])


@_ev("tsumo", ("actor", "actor", "seat"), ("pai", "pai", "otile"))
class Tsumo(Event):
    """``actor`` draws ``pai`` (None: hidden in a player view)."""

    actor: int = 0
    pai: Tile | None = None


_INTERNED: dict[Event, Event] = {}


def _intern(ev: _T) -> _T:
    """The one shared instance equal to ``ev`` (events are frozen): the log readers and the
    round engine intern their draws and discards through it, so comparing a log's events
    with the engine's mostly finds the very same objects (no field-by-field ``__eq__``)."""
    return _INTERNED.setdefault(ev, ev)  # type: ignore[arg-type, return-value]


@_ev("dahai", ("actor", "actor", "seat"), ("pai", "pai", "tile"), ("tsumogiri", "tsumogiri", "bool"))
class Dahai(Event):
    """``actor`` discards ``pai``; ``tsumogiri`` when it is the tile just drawn."""

    actor: int = 0
    pai: Tile = _TILES[0]
    tsumogiri: bool = False


_CALL = (
    ("actor", "actor", "seat"),
    ("target", "target", "seat"),
    ("pai", "pai", "tile"),
    ("consumed", "consumed", "tiles"),
)


@_ev("chi", *_CALL)
class Chi(Event):
    """``actor`` calls chi on ``pai`` discarded by ``target``, showing ``consumed`` (2 tiles)."""

    actor: int = 0
    target: int = 0
    pai: Tile = _TILES[0]
    consumed: TileSeq = ()


@_ev("pon", *_CALL)
class Pon(Event):
    """``actor`` calls pon on ``pai`` discarded by ``target``, showing ``consumed`` (2 tiles)."""

    actor: int = 0
    target: int = 0
    pai: Tile = _TILES[0]
    consumed: TileSeq = ()


@_ev("daiminkan", *_CALL)
class Daiminkan(Event):
    """``actor`` calls an open kan on ``pai`` from ``target`` with ``consumed`` (3 tiles)."""

    actor: int = 0
    target: int = 0
    pai: Tile = _TILES[0]
    consumed: TileSeq = ()


@_ev("ankan", ("actor", "actor", "seat"), ("consumed", "consumed", "tiles"))
class Ankan(Event):
    """``actor`` declares a closed kan of ``consumed`` (4 tiles)."""

    actor: int = 0
    consumed: TileSeq = ()


@_ev("kakan", ("actor", "actor", "seat"), ("pai", "pai", "tile"), ("consumed", "consumed", "tiles"))
class Kakan(Event):
    """``actor`` adds ``pai`` to the pon of ``consumed`` (3 tiles)."""

    actor: int = 0
    pai: Tile = _TILES[0]
    consumed: TileSeq = ()


@_ev("nukidora", ("actor", "actor", "seat"), ("pai", "pai", "tile"))
class Nukidora(Event):
    """Sanma: ``actor`` sets aside a North (kita) as dora and draws a replacement."""

    actor: int = 0
    pai: Tile = _TILES[30 * 2]


@_ev("dora", ("dora_marker", "dora_marker", "tile"))
class Dora(Event):
    """A new (kan) dora indicator is revealed."""

    dora_marker: Tile = _TILES[0]


@_ev("reach", ("actor", "actor", "seat"), ("open", "open", "bool"))
class Reach(Event):
    """``actor`` declares riichi (the next discard is the riichi discard).

    ``open`` is True for an open riichi (``riichi.Rules.open_riichi``: the hand is shown);
    ``None`` (the default, omitted from mjai: every other log is unchanged) or False for
    a closed one. mjai carries it as the extra key ``"open": true``."""

    actor: int = 0
    open: bool | None = None

    def __repr__(self) -> str:
        # a closed riichi reads as it always has (digests of event streams keep their hash)
        extra = "" if self.open is None else f", open={self.open!r}"
        return f"Reach(actor={self.actor!r}{extra})"


@_ev(
    "reach_accepted",
    ("actor", "actor", "seat"),
    ("deltas", "deltas", "ints"),
    ("scores", "scores", "ints"),
)
class ReachAccepted(Event):
    """The riichi discard passed: ``actor`` puts down 1000 points (``deltas``; ``scores``
    after, when the log records them)."""

    actor: int = 0
    deltas: tuple[int, ...] | None = None
    scores: tuple[int, ...] | None = None


@_ev(
    "hora",
    ("actor", "actor", "seat"),
    ("target", "target", "seat"),
    ("pai", "pai", "tile"),
    ("hand", "hora_tehais", "tiles"),
    ("melds", "melds", "melds"),
    ("fu", "fu", "int"),
    ("han", "fan", "int"),
    ("yaku", "yakus", "yaku"),
    ("points", "hora_points", "int"),
    ("limit", "limit", "int"),
    ("dora_markers", "dora_markers", "tiles"),
    ("uradora_markers", "uradora_markers", "tiles"),
    ("pao", "pao", "int"),
    ("deltas", "deltas", "ints"),
    ("scores", "scores", "ints"),
)
class Hora(Event):
    """A win. ``target == actor`` for tsumo.

    Attributes:
        pai: the winning tile.
        hand: the concealed tiles including the winning tile (None if not recorded).
        melds: the winner's melds (kans and nukidora included).
        fu: fu as recorded (None when the log omits it, e.g. tenhou.net/6 limit hands).
        han: total han (13 per yakuman).
        yaku: (name, han) pairs in the order recorded; names from :data:`TENHOU_YAKU`.
        points: the hand's value before honba and riichi sticks (Tenhou ``ten``; for tsumo the
            sum of all payments).
        limit: 0 none, 1 mangan, 2 haneman, 3 baiman, 4 sanbaiman, 5 yakuman (Tenhou).
        dora_markers / uradora_markers: indicators at the time of the win.
        pao: the seat liable for the hand (daisangen/daisuushii/suukantsu), else None.
        deltas: score changes per seat (honba and sticks included); scores: after the win.
    """

    actor: int = 0
    target: int = 0
    pai: Tile = _TILES[0]
    hand: TileSeq | None = None
    melds: tuple[CalledMeld, ...] | None = None
    fu: int | None = None
    han: int | None = None
    yaku: tuple[tuple[str, int], ...] | None = None
    points: int | None = None
    limit: int | None = None
    dora_markers: TileSeq | None = None
    uradora_markers: TileSeq | None = None
    pao: int | None = None
    deltas: tuple[int, ...] | None = None
    scores: tuple[int, ...] | None = None


@_ev(
    "ryukyoku",
    ("reason", "reason", "str"),
    ("tenpai", "tenpais", "bools"),
    ("hands", "tehais", "hands"),
    ("deltas", "deltas", "ints"),
    ("scores", "scores", "ints"),
)
class Ryukyoku(Event):
    """A draw.

    Attributes:
        reason: one of :data:`RYUKYOKU_REASONS`.
        tenpai: per seat, tenpai at an exhaustive draw or nagashi mangan (None if unknown).
        hands: per seat, the concealed hand shown (None = not shown): tenpai hands at an
            exhaustive draw, the declarer's 14 tiles at kyuushu kyuuhai, etc.
        deltas: score changes (noten payments, nagashi mangan); scores: after.
    """

    reason: str = "exhaustive"
    tenpai: tuple[bool, ...] | None = None
    hands: tuple[TileSeq | None, ...] | None = None
    deltas: tuple[int, ...] | None = None
    scores: tuple[int, ...] | None = None


@_ev("end_kyoku")
class EndKyoku(Event):
    """The round is over."""


@_ev("end_game", ("scores", "scores", "ints"), ("points", "final_points", "nums"))
class EndGame(Event):
    """The game is over: final ``scores`` and uma/oka-adjusted ``points`` (Tenhou ``owari``)."""

    scores: tuple[int, ...] | None = None
    points: tuple[float, ...] | None = None


@_ev("disconnect", ("actor", "actor", "seat"))
class Disconnect(Event):
    """``actor`` lost the connection (Tenhou ``<BYE>``). Not a standard mjai type."""

    actor: int = 0


@_ev("reconnect", ("actor", "actor", "seat"))
class Reconnect(Event):
    """``actor`` came back (Tenhou ``<UN>`` during play). Not a standard mjai type."""

    actor: int = 0


EVENT_TYPES: dict[str, type[Event]] = {
    c.type: c
    for c in (
        StartGame, StartKyoku, Tsumo, Dahai, Chi, Pon, Daiminkan, Ankan, Kakan, Nukidora,
        Dora, Reach, ReachAccepted, Hora, Ryukyoku, EndKyoku, EndGame, Disconnect, Reconnect,
    )
}  # fmt: skip

#: mjai reason spellings used by other tools -> ours.
_RYUKYOKU_ALIASES = {
    "fanpai": "exhaustive",
    "howanpai": "exhaustive",
    "kyushukyuhai": "kyuushu_kyuuhai",
    "kyuushukyuuhai": "kyuushu_kyuuhai",
    "sufonrenta": "suufon_renda",
    "suufonrenda": "suufon_renda",
    "suchariichi": "suucha_riichi",
    "suuchariichi": "suucha_riichi",
    "sukaikan": "suukaikan",
    "sanchaho": "sanchahou",
    "sanchahoo": "sanchahou",
    "nagashimangan": "nagashi_mangan",
}


#: yaku names of the mjai server (gimite/mjai, mjai-manue) -> ours. Its generic "fanpai",
#: "sangenpai", "bakaze" and "jikaze" do not say which tile, so they are kept as they are.
_MJAI_YAKU = {
    "menzenchin_tsumoho": "menzen_tsumo", "reach": "riichi", "rinshankaiho": "rinshan_kaihou",
    "haiteiraoyue": "haitei_raoyue", "hoteiraoyui": "houtei_raoyui", "tanyaochu": "tanyao",
    "ipeko": "iipeikou", "double_reach": "double_riichi", "chitoitsu": "chiitoitsu",
    "honchantaiyao": "chanta", "ikkitsukan": "ittsu", "sanshokudojun": "sanshoku_doujun",
    "sanshokudoko": "sanshoku_doukou", "toitoiho": "toitoi", "sananko": "sanankou",
    "shosangen": "shousangen", "honroto": "honroutou", "ryanpeko": "ryanpeikou",
    "junchantaiyao": "junchan", "honiso": "honitsu", "chiniso": "chinitsu", "renho": "renhou",
    "tenho": "tenhou", "chiho": "chiihou", "suanko": "suuankou", "tsuiso": "tsuuiisou",
    "ryuiso": "ryuuiisou", "chinroto": "chinroutou", "churenpoton": "chuuren_poutou",
    "kokushimuso": "kokushi_musou", "daisushi": "daisuushii", "shosushi": "shousuushii",
    "sukantsu": "suukantsu",
}  # fmt: skip


def event_from_mjai(obj: Any) -> Event:
    """Build an event from one mjai JSON object.

    Unknown keys are ignored; standard mjai spellings of draw reasons and yaku are mapped to
    ours (:data:`RYUKYOKU_REASONS`, :data:`TENHOU_YAKU`). A ``ryukyoku`` without a reason is
    an exhaustive draw. Canonical forms (see the module docstring) are applied: sorted deals,
    hands and called tiles; the winning tile in :attr:`Hora.hand`; tenpai flags only at an
    exhaustive draw or nagashi mangan.

    Raises:
        LogFormatError: not an object, an unknown ``type``, or a field of the wrong type or
            with an unknown tile name (the message names the type, key and value).
    """
    if not isinstance(obj, dict):
        raise LogFormatError(f"expected a JSON object, got {obj!r:.80}")
    t = obj.get("type")
    cls = EVENT_TYPES.get(t) if isinstance(t, str) else None
    if cls is None:
        raise LogFormatError(f"unknown mjai event type {t!r}")
    try:
        ev = cls.from_mjai(obj)
    except (TypeError, ValueError, IndexError) as e:
        raise LogFormatError(f"bad {t} event: {e}") from None
    if isinstance(ev, StartGame) and "players" not in obj and ev.names:
        ev = _replace(ev, players=len(ev.names))  # standard mjai: one name per player
    if isinstance(ev, Ryukyoku):
        r = _RYUKYOKU_ALIASES.get(ev.reason, ev.reason)
        if r not in RYUKYOKU_REASONS:
            raise LogFormatError(f"bad ryukyoku event: unknown reason {ev.reason!r}")
        if r != ev.reason:
            ev = _replace(ev, reason=r)
        if ev.tenpai is not None and r not in ("exhaustive", "nagashi_mangan"):
            ev = _replace(ev, tenpai=None)  # some converters mark the shown hands as "tenpai"
        if ev.hands is not None:
            ev = _replace(
                ev, hands=tuple(None if h is None else tuple(sorted(h)) for h in ev.hands)
            )
    elif isinstance(ev, Hora):
        if ev.hand is not None and len(ev.hand) % 3 == 1 and "melds" not in obj:
            # Other tools' hora_tehais may leave the winning tile out: put it in. An object
            # from our writer (it has the "melds" key) is taken as it is, so that a faulty
            # record (mjlog KNOWN-FAULTS) round-trips unchanged and replay can report it.
            ev = _replace(ev, hand=tuple(sorted((*ev.hand, ev.pai))))
        elif ev.hand is not None:
            ev = _replace(ev, hand=tuple(sorted(ev.hand)))
        if ev.yaku is not None and any(n in _MJAI_YAKU for n, _ in ev.yaku):
            ev = _replace(ev, yaku=tuple((_MJAI_YAKU.get(n, n), h) for n, h in ev.yaku))
    return ev


def _replace(ev: Any, **kw: Any) -> Any:
    d = {f.name: getattr(ev, f.name) for f in fields(ev)}
    d.update(kw)
    return type(ev)(**d)


# --------------------------------------------------------------------------- game log


@dataclass
class GameLog:
    """One game read from a file.

    Attributes:
        events: the events in order (starts with :class:`StartGame`).
        source: the file it was read from (None for in-memory input).
        format: ``"tenhou_xml"``, ``"tenhou6"``, ``"mjai"`` or ``"kobalab"``.
        meta: format-specific extras that are not game events (Tenhou player dan/rate/sex,
            lobby, log id), for display only.
    """

    events: list[Event]
    source: str | None = None
    format: str = ""
    meta: dict[str, Any] = None  # type: ignore[assignment]

    def __post_init__(self) -> None:
        if self.meta is None:
            self.meta = {}

    @property
    def start(self) -> StartGame:
        """The :class:`StartGame` header."""
        ev = self.events[0] if self.events else None
        if not isinstance(ev, StartGame):
            raise LogFormatError(f"{self.source}: the game does not start with start_game")
        return ev

    @property
    def rounds(self) -> int:
        """Number of rounds (start_kyoku events)."""
        return sum(1 for e in self.events if type(e) is StartKyoku)

    @property
    def wins(self) -> int:
        """Number of hora events (a double ron counts two)."""
        return sum(1 for e in self.events if type(e) is Hora)

    @property
    def draws(self) -> int:
        """Number of ryukyoku events."""
        return sum(1 for e in self.events if type(e) is Ryukyoku)
