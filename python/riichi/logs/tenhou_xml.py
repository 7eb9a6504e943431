"""Tenhou mjlog XML reader (``<mjloggm ver="2.3">``), plain or gzip (sniffed by content).

Tags read: SHUFFLE (seed), GO (type bits: 0 human, 1 no red fives, 2 no kuitan, 3 hanchan,
4 sanma, 5/7 table level, 6 fast), UN (URL-encoded names; a UN during play is a reconnect),
TAIKYOKU, INIT (``seed="round,honba,kyotaku,dice0,dice1,dora"``, ``ten`` in hundreds,
``oya``, ``hai0..3``), draws T/U/V/W and discards D/E/F/G followed by the physical tile id,
N (meld bitfield ``m``), REACH (step 1 declaration, step 2 stick put down with ``ten``),
DORA, AGARI (one per winner; ``owari`` on the last one of the game), RYUUKYOKU (``type``:
yao9, reach4, ron3, kan4, kaze4, nm; none = exhaustive; ``hai0..3`` the shown hands), BYE.

The meld bitfield (Tenhou client convention): bits 0-1 = who it was called from, relative to
the caller (1 right, 2 across, 3 left; 0 = ankan); bit 2 chi, bit 3 pon, bit 4 kakan, bit 5
nukidora (sanma North); otherwise a kan. Chi: ``m >> 10`` = 3 * (7 * suit + lowest number
- 1) + index of the called tile, copies of the three tiles in bits 3-4, 5-6, 7-8. Pon and kakan:
``m >> 9`` = 3 * kind + index of the called tile among the three, bits 5-6 the copy not in the
pon (the added tile of a kakan). Kan: ``m >> 8`` = the physical id of the called (or, for
ankan, any) tile. Nukidora: ``m >> 8`` = the North's id. In sanma the relative offset still
counts four seats (the empty fourth seat is never a target).
"""

from __future__ import annotations

import array
import base64
import binascii
import hashlib
import itertools
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any
from urllib.parse import unquote

from riichi import _core
from riichi.errors import InvalidTile, RiichiError
from riichi.events import (
    TENHOU_YAKU,
    Ankan,
    CalledMeld,
    Chi,
    Dahai,
    Daiminkan,
    Disconnect,
    Dora,
    EndGame,
    EndKyoku,
    Event,
    GameLog,
    Hora,
    Kakan,
    Nukidora,
    Pon,
    Reach,
    ReachAccepted,
    Reconnect,
    Ryukyoku,
    StartGame,
    StartKyoku,
    Tile,
    Tsumo,
    _intern,
)
from riichi.logs._common import (
    DEFAULT_LIMITS,
    ReadLimits,
    check_events,
    inflate_gzip,
    limits_of,
    log_error,
    reader_input,
)
from riichi.logs._common import BadRecord as _Bad
from riichi.logs._rules_key import RULES_KEY, rules_from_value

__all__ = ["decode_meld", "go_type_flags", "read_tenhou_xml", "tenhou_walls"]

_DRAW = {"T": 0, "U": 1, "V": 2, "W": 3}
_DISCARD = {"D": 0, "E": 1, "F": 2, "G": 3}
_RYUUKYOKU_TYPES = {
    None: "exhaustive",
    "yao9": "kyuushu_kyuuhai",
    "reach4": "suucha_riichi",
    "ron3": "sanchahou",
    "kan4": "suukaikan",
    "kaze4": "suufon_renda",
    "nm": "nagashi_mangan",
}


def go_type_flags(go_type: int) -> dict[str, object]:
    """Decode Tenhou's ``<GO type>``: red fives, kuitan, length, sanma, speed, table level.

    Table level from bits 5 and 7: 0 ippan, 1 joukyuu (bit 7), 2 tokujou (bit 5), 3 houou.

    Raises:
        RiichiError: ``go_type`` not an int (named with the value; a bool, a float or an
            array has no flags to read).
    """
    if go_type.__class__ is not int:
        raise RiichiError(f"go_type_flags: go_type must be an int, got {go_type!r:.60}")
    return {
        "players": 3 if go_type & 0x10 else 4,
        "red_fives": not go_type & 0x02,
        "kuitan": not go_type & 0x04,
        "length": "hanchan" if go_type & 0x08 else "tonpuusen",
        "speed": bool(go_type & 0x40),
        "level": (go_type >> 7 & 1) | (go_type >> 4 & 2),
    }


def _tile(tile_id: int, red: bool) -> Tile:
    if not 0 <= tile_id <= 135:
        raise _Bad(f"tile id {tile_id} is out of range 0..135")
    return Tile.from_tenhou_id(tile_id, red)


def _ints(text: str | None, what: str) -> list[int]:
    if not text:
        return []
    ints = _plain_ints(text)  # Rust, for the plain "1,-2,3" of every real log
    if ints is not None:
        return ints
    try:
        return list(map(int, text.split(",")))
    except ValueError:
        raise _Bad(f"{what}={text!r} is not a comma-separated list of integers") from None


_plain_ints = _core.mjlog_ints
_plain_tiles = _core.mjlog_tiles


def _tiles(text: str | None, red: bool, what: str, sort: bool = False) -> tuple[Tile, ...]:
    if text:  # Rust, for plain ids in range; anything else is read (and reported) below
        tiles = _plain_tiles(text, _ID_RED if red else _ID_PLAIN, sort)
        if tiles is not None:
            return tiles  # type: ignore[no-any-return]
    ids = _ints(text, what)
    if sort:  # Tile order is Tenhou id order
        ids.sort()
    if ids and (min(ids) < 0 or max(ids) > 135):
        bad = next(i for i in ids if not 0 <= i <= 135)
        raise _Bad(f"{what}: tile id {bad} is out of range 0..135")
    return tuple(map((_ID_RED if red else _ID_PLAIN).__getitem__, ids))


_ID_RED = [Tile.from_tenhou_id(i, True) for i in range(136)]
_ID_PLAIN = [Tile.from_tenhou_id(i, False) for i in range(136)]


def decode_meld(m: int, who: int, players: int, red: bool) -> Event:
    """Decode a Tenhou meld code ``m`` called by seat ``who`` into a call event.

    Returns:
        A :class:`Chi`, :class:`Pon`, :class:`Kakan`, :class:`Daiminkan`, :class:`Ankan` or
        :class:`Nukidora` event.

    Raises:
        ValueError: a code that decodes to no legal meld (the message says why).
    """
    try:
        return _decode_meld(m, who, players, red)
    except _Bad as e:
        raise ValueError(str(e)) from None


def _decode_meld(m: int, who: int, players: int, red: bool) -> Event:
    if not 0 <= m < 1 << 16:
        raise _Bad(f"meld code {m} is out of range 0..65535")
    rel = m & 3
    target = (who + rel) % 4
    if not m & 0x1C and m & 0x20:  # nukidora (kita)
        if players != 3:
            raise _Bad(f"meld code {m} is a nukidora, which only exists in sanma")
        north = _tile(m >> 8, red)
        if north.kind != 30:
            raise _Bad(f"meld code {m}: nukidora of {north}, not a North")
        return Nukidora(who, north)
    if rel == 0 and m & 0x1C:
        raise _Bad(f"meld code {m}: a chi/pon/kakan must name who it was called from")
    if rel and target >= players:
        raise _Bad(f"meld code {m}: called from seat {target}, which does not play")
    if m & 0x04:  # chi
        if rel != 3:
            raise _Bad(f"meld code {m}: chi must be called from the left (offset 3), got {rel}")
        t = m >> 10
        called, t = t % 3, t // 3
        if t >= 21:
            raise _Bad(f"meld code {m}: chi base {t} is out of range (7 starts x 3 suits)")
        base = t // 7 * 9 + t % 7
        ids = [(base + i) * 4 + (m >> (3 + 2 * i) & 3) for i in range(3)]
        pai = ids.pop(called)
        return Chi(who, target, _tile(pai, red), tuple(_tile(i, red) for i in ids))
    if m & 0x18:  # pon or kakan
        unused = m >> 5 & 3
        t = m >> 9
        called, base = t % 3, t // 3
        if base >= 34:
            raise _Bad(f"meld code {m}: pon of tile kind {base} (out of range 0..33)")
        ids = [base * 4 + c for c in range(4) if c != unused]
        if m & 0x08:
            pai = ids.pop(called)
            return Pon(who, target, _tile(pai, red), tuple(_tile(i, red) for i in ids))
        return Kakan(who, _tile(base * 4 + unused, red), tuple(_tile(i, red) for i in ids))
    t = m >> 8
    if t >= 136:
        raise _Bad(f"meld code {m}: kan tile id {t} is out of range 0..135")
    ids = [t // 4 * 4 + c for c in range(4)]
    if rel == 0:
        return Ankan(who, tuple(_tile(i, red) for i in ids))
    ids.remove(t)
    return Daiminkan(who, target, _tile(t, red), tuple(_tile(i, red) for i in ids))


def _meld_tiles(ev: Event) -> CalledMeld:
    if isinstance(ev, (Chi, Pon, Daiminkan)):
        return CalledMeld(ev.type, tuple(sorted((ev.pai, *ev.consumed))))
    if isinstance(ev, Kakan):
        return CalledMeld("kakan", tuple(sorted((ev.pai, *ev.consumed))))
    if isinstance(ev, Ankan):
        return CalledMeld("ankan", tuple(sorted(ev.consumed)))
    assert isinstance(ev, Nukidora)
    return CalledMeld("nukidora", (ev.pai,))


def read_tenhou_xml(
    data: bytes | str, source: str | None = None, *, limits: ReadLimits | None = None
) -> GameLog:
    """Read one Tenhou mjlog game.

    Args:
        data: the file content (bytes, gzip-compressed or not, or text).
        source: the file name, used in error messages and kept in ``GameLog.source``.
        limits: the resource bounds (:class:`riichi.logs.ReadLimits`; None: the defaults):
            the inflated size of gzip data and the nesting depth of XML elements.

    Returns:
        The game: StartGame, then per round StartKyoku ... Hora/Ryukyoku, EndKyoku, and
        EndGame when the log has Tenhou's final ``owari`` result. ``meta`` holds ``lobby``,
        ``level``, player ``dan``/``rate``/``sex`` and ``complete`` (an EndGame was read).

    Raises:
        LogFormatError: gzip, encoding or XML errors (with line and column), a root that is
            not ``mjloggm``, or a tag that cannot be read (with its index and text); data past
            a bound of ``limits``; a number out of range (naming the event and field).
        RiichiError: ``data`` not bytes or text, or ``source`` not a str or None (before
            anything is read).
    """
    data = reader_input("read_tenhou_xml", data, source)
    lim = limits_of(limits)
    if isinstance(data, bytes):
        if data[:2] == b"\x1f\x8b":
            data = inflate_gzip(data, source, lim)
    else:
        try:
            data = data.encode("utf-8")
        except UnicodeEncodeError as e:  # a lone surrogate: no text a file can hold
            raise log_error(source, f"character {e.start}", "not text (a lone surrogate)") from None
    vouched: list[tuple[int, int]] = []
    game = _scan(data, source, vouched)
    if game is None:
        # Not in Tenhou's canonical shape (comments, odd spacing, broken XML, ...): use a real
        # XML parser, which also gives line and column for malformed input.
        game = _read_tree(data, source, lim.max_depth)
        vouched = []
    check_events(game.events, source, vouched)
    return game


class _TooDeep(Exception):
    pass


class _DepthBuilder(ET.TreeBuilder):
    """A tree builder that stops at the first element nested deeper than ``max_depth``."""

    def __init__(self, max_depth: int) -> None:
        super().__init__()
        self.depth = 0
        self.max_depth = max_depth

    def start(self, tag: Any, attrs: Any) -> Any:
        self.depth += 1
        if self.depth > self.max_depth:
            raise _TooDeep
        return super().start(tag, attrs)

    def end(self, tag: Any) -> Any:
        self.depth -= 1
        return super().end(tag)


def _read_tree(
    data: bytes, source: str | None, max_depth: int = DEFAULT_LIMITS.max_depth
) -> GameLog:
    """The reader on top of ElementTree (bytes go to expat as they are: it reads the XML
    declaration's encoding); elements may nest at most ``max_depth`` deep."""
    try:
        parser = ET.XMLParser(target=_DepthBuilder(max_depth))
        parser.feed(data)
        root = parser.close()
    except _TooDeep:
        raise log_error(source, "document", f"XML nested deeper than max_depth={max_depth} "
                        "(ReadLimits.max_depth)") from None  # fmt: skip
    except ET.ParseError as e:
        line, col = e.position
        raise log_error(source, f"line {line}, column {col}", f"not well-formed XML: {e}") from None
    if root.tag != "mjloggm":
        raise log_error(source, "root element", f"expected <mjloggm>, got <{root.tag}>")
    if root.text and not root.text.isspace():
        raise log_error(source, "root element", f"text {root.text.strip()[:40]!r} inside <mjloggm>")
    reader = _Reader(source)
    events = reader.events
    append = events.append
    last_draw = reader.last_draw
    fast_get = reader.fast.get
    playing = False  # inside a round that has not ended: draws and discards are legal
    for index, el in enumerate(root):
        if len(el) or (el.tail and not el.tail.isspace()):
            # Tenhou's tags are empty and nothing but whitespace lies between them
            what = (
                f"element <{el[0].tag}> inside it"
                if len(el)
                else f"text {el.tail.strip()[:40]!r} after it"
            )
            raise log_error(source, f"element #{index} <{el.tag}>", f"{what}: not an mjlog")
        # fast path: draws and discards are most of a log; their events are interned
        fast = fast_get(el.tag)
        if fast is not None and playing and not el.attrib:
            seat, tile_id, ev, ev_tsumogiri = fast
            if ev_tsumogiri is None:
                append(ev)
                last_draw[seat] = tile_id
            else:
                append(ev_tsumogiri if last_draw[seat] == tile_id else ev)
                last_draw[seat] = None
            continue
        try:
            reader.element(el.tag, el.attrib)
        except (_Bad, InvalidTile, ValueError) as e:
            attrs = " ".join(f'{k}="{v}"' for k, v in el.attrib.items())
            raise log_error(
                source, f"element #{index} <{el.tag}{' ' if attrs else ''}{attrs}>", str(e)
            ) from None
        fast_get = reader.fast.get
        playing = reader.in_round and not reader.round_over
        last_draw = reader.last_draw
    return reader.finish()


def _scan(
    data: bytes, source: str | None, vouched: list[tuple[int, int]] | None = None
) -> GameLog | None:
    """Read Tenhou's canonical output (one root, self-closing tags, no comments, entities or
    text) without building an XML tree: the Rust tokenizer (``_core.mjlog_scan``, the shape
    it takes is in ``src/mjlog.rs``) gives the draws and discards, most of a log, as runs of
    codes that become interned events in one call each, and every other tag as its name and
    attributes. Returns None for anything else (the caller then uses the XML parser), so odd
    but valid XML and malformed input are both handled there.

    ``vouched`` (a list, filled here): the ``(start, stop)`` index ranges of the events made
    from runs of codes, whose actors are seats of the game by construction (the code table
    of the game's player count holds no event of another seat, and a code without one is
    refused): ``check_events`` need not look at them again. Left empty when a ``<GO>``
    comes after the game started (it could change the player count the table is for).
    """
    items = _core.mjlog_scan(data)
    if items is None:
        return None
    reader = _Reader(source)
    events = reader.events
    extend = _core.mjlog_extend
    runs = [] if vouched is None else vouched
    index = 0  # of the next run among the root's children
    for item in items:
        if isinstance(item, bytes):  # draws and discards
            start = len(events)
            if not (
                reader.in_round and not reader.round_over and extend(events, reader.codes, item)
            ):
                _bad_run(reader, item, index)
            runs.append((start, len(events)))
            index += len(item) >> 1
            continue
        index, tag, attrs = item
        if tag == "GO" and reader.started:
            runs.clear()
            runs = []  # no more vouching: the tables may no longer be the game's
        try:
            reader.element(tag, attrs)
        except (_Bad, InvalidTile, ValueError) as e:
            text = " ".join(f'{k}="{v}"' for k, v in attrs.items())
            raise log_error(
                source, f"element #{index} <{tag}{' ' if text else ''}{text}>", str(e)
            ) from None
        index += 1
    return reader.finish()


def _bad_run(reader: _Reader, run: bytes, index: int) -> None:
    """Raise the error of the first draw or discard of ``run`` that cannot be taken (outside
    a round, or by a seat that does not play), as the reader words it."""
    playing = reader.in_round and not reader.round_over
    for k, code in enumerate(array.array("H", run)):
        if playing and reader.codes[code] is not None:
            continue
        if code < _DRAW_CODES:
            tag = f"{'TUVW'[code // 136]}{code % 136}"
        else:
            seat, tile_id = divmod((code - _DRAW_CODES) >> 1, 136)
            tag = f"{'DEFG'[seat]}{tile_id}"
        try:
            reader.element(tag, {})
        except (_Bad, InvalidTile, ValueError) as e:
            raise log_error(reader.source, f"element #{index + k} <{tag}>", str(e)) from None
    raise AssertionError("a run of draws and discards was refused with no reason")


_FAST_TABLES: dict[tuple[int, bool], dict[str, tuple[Any, ...]]] = {}


def _fast_table(players: int, red: bool) -> dict[str, tuple[Any, ...]]:
    """Tag name -> (seat, tile id, Tsumo, None) for a draw (``"T12"``), (seat, tile id, Dahai,
    tsumogiri Dahai) for a discard; the events are interned (frozen, so sharing them is
    safe)."""
    key = (players, red)
    table = _FAST_TABLES.get(key)
    if table is None:
        table = {}
        for seat in range(players):
            for i in range(136):
                t = Tile.from_tenhou_id(i, red)
                draw = (seat, i, _intern(Tsumo(seat, t)), None)
                discard = (seat, i, _intern(Dahai(seat, t, False)), _intern(Dahai(seat, t, True)))
                table[f"{'TUVW'[seat]}{i}"] = draw
                table[f"{'DEFG'[seat]}{i}"] = discard
        _FAST_TABLES[key] = table
    return table


_DRAW_CODES = 4 * 136  # codes of _core.mjlog_scan: draws, then discards (x2: tsumogiri bit)
_CODE_TABLES: dict[tuple[int, bool], list[Event | None]] = {}


def _code_table(players: int, red: bool) -> list[Event | None]:
    """The event of each code of ``_core.mjlog_scan`` (None for a seat that does not play)."""
    key = (players, red)
    table = _CODE_TABLES.get(key)
    if table is None:
        table = [None] * (3 * _DRAW_CODES)
        for seat, i, ev, ev_tsumogiri in _fast_table(players, red).values():
            code = seat * 136 + i
            if ev_tsumogiri is None:
                table[code] = ev
            else:
                table[_DRAW_CODES + 2 * code] = ev
                table[_DRAW_CODES + 2 * code + 1] = ev_tsumogiri
        _CODE_TABLES[key] = table
    return table


_MELD_CACHE: dict[tuple[Any, ...], Event] = {}
_END_KYOKU = _intern(EndKyoku())
_REACH = [_intern(Reach(seat)) for seat in range(4)]
_PERCENT_ENCODED = re.compile(r"(?:%[0-9A-Fa-f]{2})+")


def _unquote(name: str) -> str:
    """``urllib.parse.unquote``, quicker for the names Tenhou writes (all ``%XX``)."""
    if _PERCENT_ENCODED.fullmatch(name):
        return bytes.fromhex(name.replace("%", "")).decode("utf-8", "replace")
    return unquote(name)


_SHOWN_MELDS: dict[tuple[Any, ...], tuple[CalledMeld, ...]] = {}
_YAKU_CACHE: dict[tuple[str | None, str | None], tuple[tuple[tuple[str, int], ...], int]] = {}


def _yaku_name(i: int) -> str:
    if not 0 <= i < len(TENHOU_YAKU):
        raise _Bad(f"yaku id {i} is unknown (Tenhou ids are 0..{len(TENHOU_YAKU) - 1})")
    return TENHOU_YAKU[i]


def _yaku(text: str | None, yakuman: str | None) -> tuple[tuple[tuple[str, int], ...], int]:
    """AGARI ``yaku`` (id,han pairs) and ``yakuman`` (ids) as (name, han) pairs and the total
    han (cached: the same few lists recur)."""
    key = (text, yakuman)
    hit = _YAKU_CACHE.get(key)
    if hit is not None:
        return hit
    yaku_ids = _ints(text, "yaku")
    if len(yaku_ids) % 2:
        raise _Bad(f"yaku={text!r} must be id,han pairs")
    yaku = []
    for i in range(0, len(yaku_ids), 2):
        name = _yaku_name(yaku_ids[i])
        if yaku_ids[i + 1]:  # canonical: no 0-han entries (Tenhou lists "uradora 0")
            yaku.append((name, yaku_ids[i + 1]))
    for y in _ints(yakuman, "yakuman"):
        yaku.append((_yaku_name(y), 13))
    hit = tuple(yaku), sum(h for _, h in yaku)
    if len(_YAKU_CACHE) < 100_000:
        _YAKU_CACHE[key] = hit
    return hit


class _Reader:
    def __init__(self, source: str | None) -> None:
        self.source = source
        self.events: list[Event] = []
        self.meta: dict[str, object] = {}
        self.go_type: int | None = None
        self.seed: str | None = None
        self.names: list[str] | None = None
        self.players = 4
        self.red = True
        self.started = False
        self.in_round = False
        self.round_over = False
        self.last_draw: list[int | None] = [None] * 4
        self.scores: list[int] = []
        self.fast = _fast_table(4, True)
        self.codes = _code_table(4, True)

    # -- helpers
    def _seat(self, text: str | None, what: str = "who") -> int:
        if text is None:
            raise _Bad(f"missing {what}")
        if not (text.isascii() and text.isdigit()):  # Tenhou writes plain digits
            raise _Bad(f"{what}={text!r} is not a seat number")
        s = int(text)
        if not 0 <= s < self.players:
            raise _Bad(f"{what}={s} is not a seat of a {self.players}-player game")
        return s

    def _start(self) -> None:
        if self.started:
            return
        self.started = True
        flags = go_type_flags(self.go_type if self.go_type is not None else 0x09)
        self.meta["level"] = flags["level"]
        names = self.names or [""] * self.players
        self.events.append(
            StartGame(
                names=tuple(names[: self.players]),
                players=self.players,
                red_fives=bool(flags["red_fives"]),
                kuitan=bool(flags["kuitan"]),
                length=str(flags["length"]),
                speed=bool(flags["speed"]),
                go_type=self.go_type,
                seed=self.seed,
            )
        )

    def _end_round(self) -> None:
        if self.round_over:
            self.events.append(_END_KYOKU)
        self.in_round = False
        self.round_over = False

    def _need_round(self, tag: str) -> None:
        if not self.in_round:
            raise _Bad(f"<{tag}> outside a round (no INIT before it)")
        if self.round_over:
            raise _Bad(f"<{tag}> after the round ended")

    def _sc(self, text: str | None) -> tuple[tuple[int, ...] | None, ...]:
        if not text:
            return None, None
        sc = _ints(text, "sc")
        if len(sc) not in (8, 16):  # 16: chip games add (chips, delta) per seat
            raise _Bad(f"sc={text!r} must have 8 numbers (score, delta per seat)")
        n = self.players
        return (
            tuple(sc[2 * i + 1] * 100 for i in range(n)),
            tuple((sc[2 * i] + sc[2 * i + 1]) * 100 for i in range(n)),
        )

    def _owari(self, text: str | None) -> None:
        if text is None:
            return
        self._end_round()
        parts = text.split(",") if text else []
        if not parts:
            self.events.append(EndGame())
            return
        if len(parts) not in (8, 16):  # 16: chip games add (chips, delta) per seat
            raise _Bad(f"owari={text!r} must have 8 values (score, points per seat)")
        try:
            scores = tuple(int(parts[2 * i]) * 100 for i in range(self.players))
            points = tuple(float(parts[2 * i + 1]) for i in range(self.players))
        except ValueError:
            raise _Bad(f"owari={text!r} is not numeric") from None
        self.events.append(EndGame(scores, points))

    # -- one element
    def element(self, tag: str, a: dict[str, str]) -> None:
        if tag == "N":
            self._need_round(tag)
            who = self._seat(a.get("who"))
            key = (a.get("m"), who, self.players, self.red)
            ev = _MELD_CACHE.get(key)
            if ev is None:
                m = _ints(a.get("m"), "m")
                if len(m) != 1:
                    raise _Bad(f"m={a.get('m')!r} must be one meld code")
                ev = _decode_meld(m[0], who, self.players, self.red)
                if len(_MELD_CACHE) < 200_000:
                    _MELD_CACHE[key] = ev  # events are frozen: sharing them is safe
            self.events.append(ev)
            self.last_draw[who] = None
        elif tag == "REACH":
            self._need_round(tag)
            who = self._seat(a.get("who"))
            step = a.get("step")
            if step == "1":
                self.events.append(_REACH[who])
            elif step == "2":
                deltas = tuple(-1000 if i == who else 0 for i in range(self.players))
                ten = _ints(a.get("ten"), "ten")
                if ten and len(ten) < self.players:
                    raise _Bad(f"ten={a.get('ten')!r} must give {self.players} scores")
                self.scores[who] -= 1000
                if ten:  # Tenhou's record wins; older logs leave it out
                    self.scores = [x * 100 for x in ten[: self.players]]
                scores = tuple(self.scores)
                self.events.append(ReachAccepted(who, deltas, scores))
            else:
                raise _Bad(f"step={step!r} must be 1 or 2")
        elif tag == "DORA":
            self._need_round(tag)
            self.events.append(Dora(_tile(self._one(a, "hai"), self.red)))
        elif tag == "INIT":
            self._init(a)
        elif tag == "AGARI":
            self._agari(a)
        elif tag == "RYUUKYOKU":
            self._ryuukyoku(a)
        elif tag == "BYE":
            self._start()
            self.events.append(Disconnect(self._seat(a.get("who"))))
        elif tag == "UN":
            self._un(a)
        elif tag == "GO":
            t = _ints(a.get("type"), "type")
            if len(t) != 1:
                raise _Bad("GO needs one integer type")
            self.go_type = t[0]
            flags = go_type_flags(t[0])
            self.players = 3 if flags["players"] == 3 else 4
            self.red = bool(flags["red_fives"])
            self.fast = _fast_table(self.players, self.red)
            self.codes = _code_table(self.players, self.red)
            if "lobby" in a:
                self.meta["lobby"] = a["lobby"]
            if RULES_KEY in a:  # a log riichi wrote (to_mjlog): the complete rules
                self.meta["rules"] = rules_from_value(a[RULES_KEY])
        elif tag == "SHUFFLE":
            self.seed = a.get("seed")
        elif tag == "TAIKYOKU":
            self.meta["taikyoku_oya"] = a.get("oya")
        elif (
            len(tag) > 1
            and tag[1:].isascii()
            and tag[1:].isdigit()
            and (tag[0] in _DRAW or tag[0] in _DISCARD)
        ):
            head = tag[0]
            tile_id = int(tag[1:])
            self._need_round(tag)
            if a:
                raise _Bad(f"a draw or discard takes no attributes, got {dict(a)}")
            seat = _DRAW.get(head)
            if seat is not None:
                if seat >= self.players:
                    raise _Bad(f"draw by seat {seat} in a {self.players}-player game")
                self.events.append(Tsumo(seat, _tile(tile_id, self.red)))
                self.last_draw[seat] = tile_id
            else:
                seat = _DISCARD[head]
                if seat >= self.players:
                    raise _Bad(f"discard by seat {seat} in a {self.players}-player game")
                tsumogiri = self.last_draw[seat] == tile_id
                self.last_draw[seat] = None
                self.events.append(Dahai(seat, _tile(tile_id, self.red), tsumogiri))
        else:
            raise _Bad(f"unknown tag <{tag}>")

    def _one(self, a: dict[str, str], key: str) -> int:
        v = _ints(a.get(key), key)
        if len(v) != 1:
            raise _Bad(f"{key}={a.get(key)!r} must be one integer")
        return v[0]

    def _un(self, a: dict[str, str]) -> None:
        present = [i for i in range(4) if f"n{i}" in a]
        if not self.started and self.names is None:
            self.names = [_unquote(a.get(f"n{i}", "")) for i in range(4)]
            for key in ("dan", "rate", "sx"):
                if key in a:
                    self.meta[key] = a[key].split(",")[: self.players]
        else:
            self._start()
            for i in present:
                self.events.append(Reconnect(self._seat(str(i), f"n{i}")))

    def _init(self, a: dict[str, str]) -> None:
        self._start()
        self._end_round()
        seed = _ints(a.get("seed"), "seed")
        if len(seed) != 6:
            raise _Bad(f"seed={a.get('seed')!r} must be round,honba,kyotaku,dice0,dice1,dora")
        rnd, honba, kyotaku, d0, d1, dora = seed
        if not 0 <= rnd < 16:
            raise _Bad(f"round number {rnd} is out of range 0..15")
        ten = _ints(a.get("ten"), "ten")
        if len(ten) < self.players:
            raise _Bad(f"ten={a.get('ten')!r} must have a score per seat")
        tehais = []
        for i in range(self.players):
            hand = _tiles(a.get(f"hai{i}"), self.red, f"hai{i}", sort=True)
            if len(hand) != 13:
                raise _Bad(f"hai{i} has {len(hand)} tiles, expected 13")
            tehais.append(hand)
        for i in range(self.players, 4):
            if a.get(f"hai{i}"):
                raise _Bad(f"hai{i} deals a hand to seat {i} in a {self.players}-player game")
        self.events.append(
            StartKyoku(
                bakaze=27 + rnd // 4,
                kyoku=rnd % 4 + 1,
                honba=honba,
                kyotaku=kyotaku,
                oya=self._seat(a.get("oya"), "oya"),
                scores=tuple(x * 100 for x in ten[: self.players]),
                dora_marker=_tile(dora, self.red),
                tehais=tuple(tehais),
                dice=(d0, d1),
            )
        )
        self.in_round = True
        self.last_draw = [None] * 4
        self.scores = [x * 100 for x in ten[: self.players]]

    def _agari(self, a: dict[str, str]) -> None:
        if not self.in_round:
            raise _Bad("<AGARI> outside a round (no INIT before it)")
        red = self.red
        who = self._seat(a.get("who"))
        target = self._seat(a.get("fromWho"), "fromWho")
        ten = _ints(a.get("ten"), "ten")
        if len(ten) != 3:
            raise _Bad(f"ten={a.get('ten')!r} must be fu,points,limit")
        yaku, han = _yaku(a.get("yaku"), a.get("yakuman"))
        melds = self._shown_melds(a.get("m"), who)
        deltas, scores = self._sc(a.get("sc"))
        pao = self._seat(a["paoWho"], "paoWho") if a.get("paoWho") else None
        self.events.append(
            Hora(
                actor=who,
                target=target,
                pai=_tile(self._one(a, "machi"), red),
                hand=_tiles(a.get("hai"), red, "hai", sort=True),
                melds=melds,
                fu=ten[0],
                han=han,
                yaku=yaku,
                points=ten[1],
                limit=ten[2],
                dora_markers=_tiles(a.get("doraHai"), red, "doraHai"),
                uradora_markers=_tiles(a.get("doraHaiUra"), red, "doraHaiUra"),
                pao=pao,
                deltas=deltas,
                scores=scores,
            )
        )
        self.round_over = True
        self._owari(a.get("owari"))

    def _shown_melds(self, text: str | None, who: int) -> tuple[CalledMeld, ...]:
        """The winner's melds of AGARI ``m`` (cached: the same few codes recur)."""
        key = (text, who, self.players, self.red)
        melds = _SHOWN_MELDS.get(key)
        if melds is None:
            shown = [
                _meld_tiles(_decode_meld(code, who, self.players, self.red))
                for code in _ints(text, "m")
            ]
            shown.reverse()  # Tenhou lists the newest meld first; events keep call order
            melds = tuple(shown)
            if len(_SHOWN_MELDS) < 100_000:
                _SHOWN_MELDS[key] = melds
        return melds

    def _ryuukyoku(self, a: dict[str, str]) -> None:
        self._need_round("RYUUKYOKU")
        kind = a.get("type")
        if kind not in _RYUUKYOKU_TYPES:
            raise _Bad(f"unknown draw type {kind!r}")
        reason = _RYUUKYOKU_TYPES[kind]
        hands = tuple(
            _tiles(a[f"hai{i}"], self.red, f"hai{i}", sort=True) if f"hai{i}" in a else None
            for i in range(self.players)
        )
        tenpai = None
        if reason in ("exhaustive", "nagashi_mangan"):
            tenpai = tuple(h is not None for h in hands)
        deltas, scores = self._sc(a.get("sc"))
        self.events.append(Ryukyoku(reason, tenpai, hands, deltas, scores))
        self.round_over = True
        self._owari(a.get("owari"))

    def finish(self) -> GameLog:
        self._start()
        if self.in_round:
            self._end_round()
        self.meta["complete"] = isinstance(self.events[-1], EndGame)
        return GameLog(self.events, self.source, "tenhou_xml", self.meta)


# --------------------------------------------------------------------------- the wall

_SEED_PREFIX = "mt19937ar-sha512-n288-base64,"


#: Index of the first dora indicator in a wall from :func:`tenhou_walls`, by player count.
DORA_INDEX = {4: 5, 3: 9}


def tenhou_walls(seed: str, players: int = 4) -> Iterator[tuple[list[int], tuple[int, int]]]:
    """Expand a Tenhou ``<SHUFFLE seed>`` into the wall of each round, in the order the rounds
    were played (one per ``<INIT>``).

    Tenhou's published shuffle: the base64 seed is 624 little-endian 32-bit words that seed
    MT19937 (``init_by_array``); each round takes 288 words, hashes them with SHA-512 in nine
    128-byte blocks, reads the 576 digest bytes as 144 little-endian words ``rnd`` and shuffles
    the ids 0..135 with ``swap(wall[i], wall[i + rnd[i] % (136 - i)])`` for i = 0..135; the
    dice are ``rnd[135] % 6 + 1`` and ``rnd[136] % 6 + 1``. Sanma shuffles the 108 ids without
    2m..8m (4..31) the same way (``% (108 - i)``).

    The deal takes tiles from the end (``wall[-1]`` first; 4-4-4 then 1 per seat from the
    dealer, whose first draw follows); the first dora indicator is ``wall[DORA_INDEX[n]]``
    (5 with four players, 9 in sanma). All of this is checked against every deal, dice and
    dora indicator of the corpus in the tests.

    Yields:
        ``(wall, (die1, die2))``: 136 physical tile ids, and the dice 1..6.

    Raises:
        LogFormatError: a seed that is not ``mt19937ar-sha512-n288-base64,`` + 624 words.
        RiichiError: ``seed`` not a str, or ``players`` not the int 3 or 4 (at the call,
            before any wall is made).
    """
    if not isinstance(seed, str):
        raise RiichiError(f"tenhou_walls: seed must be a str (<SHUFFLE seed>), got {seed!r:.60}")
    if players.__class__ is not int or players not in (3, 4):
        raise RiichiError(f"tenhou_walls: players must be 3 or 4, got {players!r:.60}")
    return _walls(seed, players)


def _walls(seed: str, players: int) -> Iterator[tuple[list[int], tuple[int, int]]]:
    """:func:`tenhou_walls` once its arguments are checked."""
    if not seed.startswith(_SEED_PREFIX):
        raise log_error(None, "SHUFFLE seed", f"unknown shuffle {seed[:40]!r}")
    try:
        raw = base64.b64decode(seed[len(_SEED_PREFIX) :], validate=True)
    except (ValueError, binascii.Error):
        raise log_error(None, "SHUFFLE seed", "the seed is not base64") from None
    if len(raw) != 624 * 4:
        raise log_error(None, "SHUFFLE seed", f"the seed has {len(raw)} bytes, expected 2496")
    words = b""  # the MT19937 stream as little-endian bytes, extended as rounds need it
    sha512 = hashlib.sha512
    for r in itertools.count():
        if len(words) < 1152 * (r + 1):
            words = _core.mt19937_words(raw, 288 * 2 * (r + 8))
        at = 1152 * r
        rnd = b"".join([sha512(words[i : i + 128]).digest() for i in range(at, at + 1152, 128)])
        wall, d1, d2 = _core.tenhou_shuffle(rnd, players)
        yield list(wall), (d1, d2)
