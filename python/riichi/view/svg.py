"""SVG pictures of tiles, hands, melds, rivers, dora indicators and a whole table.

Every function returns one complete, standalone SVG document (a ``str``) whose tiles are
``<g class="tile" data-tile="5m">`` groups (``data-tile`` is the mpsz name, ``0`` for a red
five, ``back`` for a face-down tile; a red five also has the class ``red``) that reference a
``<symbol>`` of :mod:`riichi.view.faces` defined once in the document's ``<defs>``. Sizes are
in CSS pixels at ``scale=1``: a tile is 24 x 32 (a sideways tile 32 x 24).

Tiles may be given as mpsz text (``"406p"``), mpsz names, tile kinds 0..33, or
:class:`riichi.TileKind` (an event's tile); hands as a :class:`riichi.Hand` or its text
(``"123m406p789s11z pon:555z@2"``, see ``Hand.parse``). Meld orientation follows the table convention (Tenhou,
WRC): the called tile lies sideways on the side of the player it came from, leftmost from
kamicha, in the middle from toimen, rightmost from shimocha; a kakan's added tile lies on
top of the called one; an ankan shows its two end tiles face down.

Errors: a tile, hand or meld that cannot be read raises :class:`riichi.InvalidTile` or
:class:`riichi.InvalidHand` naming the value; a wrong argument type or value raises
:class:`riichi.RiichiError`.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Sequence
from typing import Any

from riichi.errors import InvalidHand, InvalidTile, RiichiError
from riichi.view import faces
from riichi.view.faces import TILE_H, TILE_W

__all__ = [
    "dora_svg",
    "hand_svg",
    "meld_layout",
    "meld_svg",
    "river_svg",
    "score_html",
    "score_svg",
    "table_svg",
    "tile_name",
    "tile_names",
    "tile_svg",
    "tiles_svg",
]

_GAP = 6  # between groups of tiles (concealed, drawn tile, each meld)
_TSUMOGIRI_SHADE = "#6d6d6d"
_MPSZ = re.compile(r"([0-9]+)([mpsz])")
_DIGITS = re.compile(r"[0-9]+")
_WIND_KANJI = "東南西北"
_WIND_NAMES = ("East", "South", "West", "North")
LIMIT_NAMES = {1: "mangan", 2: "haneman", 3: "baiman", 4: "sanbaiman", 5: "yakuman"}


# --------------------------------------------------------------------------- tile names


def tile_name(tile: Any) -> str:
    """The mpsz name of one tile (``"5m"``, ``"0m"`` for the red five, ``"back"``).

    Args:
        tile: an mpsz name, a :class:`riichi.TileKind` (a red five stays red; or anything
            with ``kind`` and ``red``), a plain ``int`` kind 0..33 (never red), or None /
            ``"back"`` for a face-down tile.

    Raises:
        InvalidTile: not a tile (the message names the value).
    """
    if tile is None:
        return "back"
    if isinstance(tile, str):
        if tile == "back" or (len(tile) == 2 and tile in _NAME_SET):
            return tile
        raise InvalidTile(f"not a tile name: {tile!r} (expected mpsz such as 5m, 0p, 7z)")
    if isinstance(tile, bool):
        raise InvalidTile(f"not a tile: {tile!r}")
    kind = getattr(tile, "kind", tile)
    red = bool(getattr(tile, "red", False))
    try:
        k = int(kind)
    except (TypeError, ValueError):
        raise InvalidTile(f"not a tile: {tile!r}") from None
    if k != kind or not 0 <= k <= 33:
        raise InvalidTile(f"tile kind {kind!r} is out of range 0..33")
    if red and k not in (4, 13, 22):
        raise InvalidTile(f"tile kind {k} is not a suited five and cannot be red")
    if k >= 27:
        return f"{k - 26}z"
    return f"{0 if red else k % 9 + 1}{'mps'[k // 9]}"


_NAME_SET = frozenset(n for n in faces.NAMES if n != "back")


def tile_names(tiles: str | Iterable[Any]) -> list[str]:
    """mpsz names of several tiles, in the order given.

    Args:
        tiles: mpsz text (``"123m406p"``; spaces between groups allowed) or an iterable of
            anything :func:`tile_name` takes.

    Raises:
        InvalidTile: text that is not mpsz (naming the position), or a bad tile.
    """
    if isinstance(tiles, str):
        out: list[str] = []
        pos = 0
        text = tiles
        while pos < len(text):
            if text[pos].isspace():
                pos += 1
                continue
            m = _MPSZ.match(text, pos)
            if m is None:
                digits = _DIGITS.match(text, pos)
                at = digits.end() if digits else pos
                what = "m, p, s or z after the digits" if digits else "a digit 0-9"
                raise InvalidTile(f"invalid tile notation {text!r} at position {at}: expected {what}")
            for d in m.group(1):
                name = d + m.group(2)
                if name not in _NAME_SET:
                    raise InvalidTile(f"invalid tile {name!r} in {text!r}")
                out.append(name)
            pos = m.end()
        return out
    try:
        items = list(tiles)
    except TypeError:
        raise RiichiError(f"expected mpsz text or a sequence of tiles, got {tiles!r:.80}") from None
    return [tile_name(t) for t in items]


def _sort_key(name: str) -> tuple[int, int, int]:
    d, s = int(name[0]), name[1]
    return ("mpsz".index(s), 5 if d == 0 else d, 0 if d == 0 else 1)


# --------------------------------------------------------------------------- melds


def meld_layout(
    kind: str, tiles: Sequence[Any], called: Any = None, source: int = 3
) -> dict[str, Any]:
    """How a meld lies on the table: the tiles in display order and which one is sideways.

    Args:
        kind: ``"chi"``, ``"pon"``, ``"daiminkan"``, ``"kakan"``, ``"ankan"``.
        tiles: its tiles (3, or 4 for a kan; any order), the called one included.
        called: the tile taken from the discarder (default: for a chi the first given, for
            a set a copy that is not a red five where there is one).
        source: turn-order offset of the discarder: 3 kamicha, 2 toimen, 1 shimocha (a chi is
            always from kamicha; ignored for an ankan).

    Returns:
        A JSON-ready dict: ``kind``; ``tiles``: names in display order (an ankan's two end
        tiles are ``"back"``); ``side``: index of the sideways tile (-1 for an ankan);
        ``added``: the tile laid on the sideways one (a kakan), else None.

    Raises:
        InvalidHand: an unknown kind, a wrong number of tiles, a called tile that is not in
            the meld, or a source that is not 1, 2 or 3.
    """
    names = tile_names(tiles)
    want = {"chi": 3, "pon": 3, "daiminkan": 4, "kakan": 4, "ankan": 4}.get(kind) if isinstance(
        kind, str) else None  # fmt: skip
    if want is None:
        raise InvalidHand(f"unknown meld kind {kind!r}: expected chi, pon, daiminkan, kakan, ankan")
    if len(names) != want:
        raise InvalidHand(f"a {kind} has {want} tiles, got {len(names)}: {names}")
    if kind == "ankan":
        inner = sorted(names, key=_sort_key)  # a red five first: shown face up
        return {"kind": kind, "tiles": ["back", inner[0], inner[1], "back"], "side": -1, "added": None}
    if source.__class__ is not int or source not in (1, 2, 3):  # not a bool, not an array
        raise InvalidHand(f"meld source {source!r}: expected 1 shimocha, 2 toimen or 3 kamicha")
    rest = sorted(names, key=_sort_key)
    if called is None:
        if kind == "chi":
            called_name = names[0]
        else:
            plain = [n for n in rest if n[0] != "0"]
            called_name = plain[0] if plain else rest[0]
    else:
        called_name = tile_name(called)
    if called_name not in rest:
        raise InvalidHand(f"the called tile {called_name} is not in the {kind} {names}")
    rest.remove(called_name)
    added = None
    if kind == "kakan":
        added = next((n for n in rest if n[0] != "0"), rest[0])
        rest.remove(added)
    if kind == "chi":
        source = 3
    slots = len(rest) + 1
    side = {3: 0, 2: 1, 1: slots - 1}[source]
    rest.insert(side, called_name)
    return {"kind": kind, "tiles": rest, "side": side, "added": added}


_MELD_TEXT = re.compile(r"^(chi|pon|daiminkan|minkan|kakan|ankan):([0-9]+[mpsz])(?:@([0-3]))?$")


def _meld_from_text(text: str) -> dict[str, Any]:
    m = _MELD_TEXT.match(text)
    if m is None:
        raise InvalidHand(f"invalid meld {text!r}: expected kind:tiles[@from], e.g. pon:555z@2")
    kind = "daiminkan" if m.group(1) == "minkan" else m.group(1)
    source = int(m.group(3)) if m.group(3) else 3
    if kind == "ankan":
        source = 3
    if source == 0:
        raise InvalidHand(f"invalid meld {text!r}: only an ankan comes from nobody (@0)")
    return meld_layout(kind, tile_names(m.group(2)), None, source)


def _meld_of(meld: Any) -> dict[str, Any]:
    if isinstance(meld, dict):
        return _checked_layout(meld)
    return _meld_from_text(str(meld))


_LAID = {"chi": 3, "pon": 3, "kakan": 3, "daiminkan": 4, "ankan": 4}  # tiles in a row


def _checked_layout(m: dict[str, Any]) -> dict[str, Any]:
    """A dict given as a meld is one :func:`meld_layout` could have made: its keys, kind,
    tile names, sideways index and added tile are checked before anything is drawn."""
    shown = f"meld layout {m!r:.80}"
    missing = [k for k in ("kind", "tiles", "side") if k not in m]
    if missing:
        raise InvalidHand(f"{shown}: no {', '.join(missing)} (a dict as meld_layout makes)")
    kind, tiles, side, added = m["kind"], m["tiles"], m["side"], m.get("added")
    want = _LAID.get(kind) if isinstance(kind, str) else None
    if want is None:
        raise InvalidHand(f"{shown}: unknown kind {kind!r}: expected chi, pon, daiminkan, kakan, ankan")
    if not isinstance(tiles, (list, tuple)) or len(tiles) != want:
        raise InvalidHand(f"{shown}: a laid-out {kind} has {want} tiles in its row")
    names = [tile_name(t) for t in tiles]
    lo = -1 if kind == "ankan" else 0
    if isinstance(side, bool) or not isinstance(side, int) or not lo <= side < want:
        raise InvalidHand(f"{shown}: side must be an index {lo}..{want - 1}, got {side!r}")
    if (added is None) != (kind != "kakan"):
        raise InvalidHand(f"{shown}: a kakan, and only a kakan, has an added tile")
    return {"kind": kind, "tiles": names, "side": side, "added": None if added is None else tile_name(added)}


# --------------------------------------------------------------------------- drawing


class _Picture:
    """Collects tile uses and other elements; writes the SVG document."""

    def __init__(self, scale: float) -> None:
        if isinstance(scale, bool) or not isinstance(scale, (int, float)) or not scale > 0:
            raise RiichiError(f"scale must be a positive number, got {scale!r}")
        if scale != scale or scale == float("inf"):
            raise RiichiError(f"scale must be a positive number, got {scale!r}")
        self.scale = float(scale)
        self.used: set[str] = set()
        self.parts: list[str] = []

    def tile(
        self,
        name: str,
        x: float,
        y: float,
        *,
        sideways: bool = False,
        size: float = 1.0,
        cls: str = "",
    ) -> None:
        """One tile with its top-left corner at (x, y); sideways tiles are turned a quarter
        anticlockwise (their box is H x W)."""
        self.used.add(name)
        w, h = TILE_W * size, TILE_H * size
        classes = "tile" + (" red" if name[0] == "0" else "") + (f" {cls}" if cls else "")
        if sideways:
            transform = f"translate({x:.1f},{y + w:.1f}) rotate(-90)"
        else:
            transform = f"translate({x:.1f},{y:.1f})"
        shade = ""
        if "tsumogiri" in cls:
            shade = (
                f'<rect width="{w:.1f}" height="{h:.1f}" rx="2" fill="{_TSUMOGIRI_SHADE}" '
                'fill-opacity="0.38"/>'
            )
        self.parts.append(
            f'<g class="{classes}" data-tile="{name}" transform="{transform}">'
            f'<use href="#{faces.symbol_id(name)}" width="{w:.1f}" height="{h:.1f}"/>{shade}</g>'
        )

    def text(self, x: float, y: float, text: str, *, size: float = 12, anchor: str = "start",
             weight: str = "normal", fill: str = "#222", family: str = "sans-serif") -> None:  # fmt: skip
        self.parts.append(
            f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" '
            f'font-weight="{weight}" fill="{fill}" font-family="{html.escape(family)}">'
            f"{html.escape(text)}</text>"
        )

    def raw(self, markup: str) -> None:
        self.parts.append(markup)

    def document(self, width: float, height: float, title: str = "") -> str:
        s = self.scale
        defs = "".join(faces.symbol(n) for n in sorted(self.used))
        label = f"<title>{html.escape(title)}</title>" if title else ""
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" class="riichi" '
            f'width="{width * s:.0f}" height="{height * s:.0f}" '
            f'viewBox="0 0 {width:.1f} {height:.1f}" role="img">{label}'
            f"<defs>{defs}</defs>{''.join(self.parts)}</svg>"
        )


def _draw_meld(pic: _Picture, meld: dict[str, Any], x: float, bottom: float,
               size: float = 1.0) -> float:  # fmt: skip
    """Draw a meld with its tiles standing on ``bottom``; returns its width."""
    w, h = TILE_W * size, TILE_H * size
    start = x
    for i, name in enumerate(meld["tiles"]):
        cls = f"meld {meld['kind']}"
        if i == meld["side"]:
            pic.tile(name, x, bottom - w, sideways=True, size=size, cls=cls + " called")
            if meld.get("added"):
                pic.tile(meld["added"], x, bottom - 2 * w, sideways=True, size=size,
                         cls=cls + " added")  # fmt: skip
            x += h
        else:
            pic.tile(name, x, bottom - h, size=size, cls=cls)
            x += w
    return x - start


def _meld_width(meld: dict[str, Any], size: float = 1.0) -> float:
    n = len(meld["tiles"])
    return (n * TILE_W + (TILE_H - TILE_W if meld["side"] >= 0 else 0)) * size


def _meld_height(meld: dict[str, Any], size: float = 1.0) -> float:
    return (2 * TILE_W if meld.get("added") else TILE_H) * size


def _draw_hand(pic: _Picture, concealed: Sequence[str], drawn: str | None,
               melds: Sequence[dict[str, Any]], x: float, bottom: float,
               size: float = 1.0, cls: str = "") -> float:  # fmt: skip
    """Concealed tiles, the drawn tile apart, then the melds; returns the width."""
    start = x
    w, h = TILE_W * size, TILE_H * size
    for name in concealed:
        pic.tile(name, x, bottom - h, size=size, cls=("concealed " + cls).strip())
        x += w
    if drawn is not None:
        x += _GAP * size
        pic.tile(drawn, x, bottom - h, size=size, cls=("drawn " + cls).strip())
        x += w
    for m in melds:
        x += _GAP * size
        x += _draw_meld(pic, m, x, bottom, size)
    return x - start


def _hand_parts(hand: Any) -> tuple[list[str], list[dict[str, Any]]]:
    if isinstance(hand, str):
        from riichi import Hand

        hand = Hand.parse(hand)  # raises InvalidTile / InvalidHand naming the text
    if not hasattr(hand, "melds"):
        raise RiichiError(f"expected a riichi.Hand or its text, got {hand!r:.80}")
    words = str(hand).split()
    concealed = tile_names(words[0]) if words and ":" not in words[0] else []
    melds = [_meld_of(m) for m in hand.melds]
    return concealed, melds


def tile_svg(tile: Any, *, scale: float = 1.0, sideways: bool = False) -> str:
    """One tile as an SVG document (24 x 32 pixels at ``scale=1``; 32 x 24 sideways).

    Raises:
        InvalidTile: not a tile; RiichiError: ``scale`` not a positive number, ``sideways``
            not a bool.
    """
    if sideways is not True and sideways is not False:
        raise RiichiError(f"tile_svg: sideways must be True or False, got {sideways!r:.60}")
    name = tile_name(tile)
    pic = _Picture(scale)
    pic.tile(name, 0, 0, sideways=sideways)
    w, h = (TILE_H, TILE_W) if sideways else (TILE_W, TILE_H)
    return pic.document(w, h, name)


def tiles_svg(tiles: str | Iterable[Any], *, scale: float = 1.0) -> str:
    """A row of tiles in the order given (mpsz text or tiles), e.g. ``tiles_svg("406p")``.

    Raises:
        InvalidTile: a bad tile; RiichiError: ``scale`` not a positive number.
    """
    names = tile_names(tiles)
    pic = _Picture(scale)
    for i, n in enumerate(names):
        pic.tile(n, i * TILE_W, 0)
    return pic.document(max(1, len(names)) * TILE_W, TILE_H, "".join(names))


def meld_svg(meld: Any, *, scale: float = 1.0) -> str:
    """One meld (a :class:`riichi.Meld`, its text such as ``"pon:555z@2"``, or a dict of
    :func:`meld_layout`) with its called tile sideways.

    Raises:
        InvalidHand: a meld that cannot be read; RiichiError: ``scale`` not positive.
    """
    m = _meld_of(meld)
    pic = _Picture(scale)
    height = _meld_height(m)
    width = _draw_meld(pic, m, 0, height)
    return pic.document(width, height, f"{m['kind']} {''.join(m['tiles'])}")


def hand_svg(hand: Any, *, drawn: Any = None, scale: float = 1.0) -> str:
    """A hand: the concealed tiles sorted, ``drawn`` set apart on their right, then the melds
    in call order, each with its called tile sideways.

    Args:
        hand: a :class:`riichi.Hand` or its text (``"123m406p789s11z pon:555z@2"``).
        drawn: a tile of the concealed part to show apart (the tile just drawn, or the
            winning tile); None keeps every tile in the row.
        scale: size factor (1 = 24 x 32-pixel tiles).

    Returns:
        An SVG document; each tile a ``<g class="tile ...">``, those of the concealed part
        with the class ``concealed``, the drawn one ``drawn``, meld tiles ``meld``.

    Raises:
        InvalidTile / InvalidHand: a hand text that does not parse, or ``drawn`` not a tile
            of the concealed part (named); RiichiError: a wrong argument type.
    """
    concealed, melds = _hand_parts(hand)
    drawn_name = None
    if drawn is not None:
        drawn_name = tile_name(drawn)
        if drawn_name not in concealed:
            raise InvalidHand(
                f"drawn tile {drawn_name} is not in the concealed tiles {''.join(concealed)}"
            )
        concealed.remove(drawn_name)
    pic = _Picture(scale)
    height = max([TILE_H] + [_meld_height(m) for m in melds])
    width = _draw_hand(pic, concealed, drawn_name, melds, 0, height)
    return pic.document(max(width, TILE_W), height, str(hand))


def _river_rows(entries: Sequence[dict[str, Any]], per_row: int) -> list[list[dict[str, Any]]]:
    rows: list[list[dict[str, Any]]] = []
    for i, e in enumerate(entries):
        if i % per_row == 0:
            rows.append([])
        rows[-1].append(e)
    return rows


def _draw_river(pic: _Picture, entries: Sequence[dict[str, Any]], x0: float, y0: float,
                size: float, per_row: int = 6, last: int | None = None) -> tuple[float, float]:  # fmt: skip
    """Draw river entries (``{"tile", "tsumogiri", "riichi", "called"}``) in rows from
    (x0, y0), outlining entry ``last`` (the discard just made); returns (width, height)."""
    w, h = TILE_W * size, TILE_H * size
    width = 0.0
    rows = _river_rows(entries, per_row)
    for r, row in enumerate(rows):
        x = x0
        y = y0 + r * h
        for j, e in enumerate(row):
            if r * per_row + j == last:
                tw, th = (h, w) if e.get("riichi") else (w, h)
                top = y + h - w if e.get("riichi") else y
                pic.raw(
                    f'<rect class="last-discard" x="{x - 1.5:.1f}" y="{top - 1.5:.1f}" '
                    f'width="{tw + 3:.1f}" height="{th + 3:.1f}" rx="3" fill="#ffd54a"/>'
                )
            cls = "river"
            if e.get("tsumogiri"):
                cls += " tsumogiri"
            if e.get("riichi"):
                cls += " riichi"
            if e.get("called"):
                cls += " taken"
            if e.get("riichi"):
                pic.tile(e["tile"], x, y + h - w, sideways=True, size=size, cls=cls)
                x += h
            else:
                pic.tile(e["tile"], x, y, size=size, cls=cls)
                x += w
        width = max(width, x - x0)
    return width, len(rows) * h


def river_svg(
    tiles: str | Iterable[Any],
    *,
    tsumogiri: Iterable[int] = (),
    riichi: int | None = None,
    called: Iterable[int] = (),
    per_row: int = 6,
    scale: float = 1.0,
) -> str:
    """A river (discards in order, ``per_row`` a row as on the table).

    Args:
        tiles: the discards in order (mpsz text or tiles).
        tsumogiri: indices of the discards that were the tile just drawn: shaded grey and
            given the class ``tsumogiri``.
        riichi: index of the riichi declaration tile, laid sideways (class ``riichi``).
        called: indices of discards another player called (class ``taken``, faded).
        per_row: tiles a row (6 on the table).

    Raises:
        InvalidTile: a bad tile; RiichiError: an index outside the river, or ``per_row``
            / ``scale`` not positive.
    """
    names = tile_names(tiles)
    if isinstance(per_row, bool) or not isinstance(per_row, int) or per_row < 1:
        raise RiichiError(f"per_row must be a positive int, got {per_row!r}")
    marks: dict[str, set[int]] = {}
    for label, idx in (("tsumogiri", tsumogiri), ("called", called),
                       ("riichi", () if riichi is None else (riichi,))):  # fmt: skip
        got = set()
        if isinstance(idx, (str, bytes)) or not hasattr(idx, "__iter__"):
            raise RiichiError(f"{label} must be discard indices, got {idx!r:.80}")
        for i in idx:
            if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < len(names):
                raise RiichiError(
                    f"{label} index {i!r} is not a discard of this river (0..{len(names) - 1})"
                )
            got.add(i)
        marks[label] = got
    entries = [
        {"tile": n, **{k: i in v for k, v in marks.items()}} for i, n in enumerate(names)
    ]
    pic = _Picture(scale)
    w, h = _draw_river(pic, entries, 0, 0, 1.0, per_row)
    return pic.document(max(w, TILE_W), max(h, TILE_H), "river " + "".join(names))


def _draw_dora(pic: _Picture, indicators: Sequence[str], x: float, y: float, size: float,
               slots: int = 5) -> float:  # fmt: skip
    w = TILE_W * size
    for i in range(max(slots, len(indicators))):
        name = indicators[i] if i < len(indicators) else "back"
        pic.tile(name, x + i * w, y, size=size, cls="dora" if name != "back" else "dora hidden")
    return max(slots, len(indicators)) * w


def dora_svg(
    indicators: str | Iterable[Any], *, uradora: str | Iterable[Any] | None = None,
    scale: float = 1.0,
) -> str:  # fmt: skip
    """Dora indicators as on the dead wall: five slots, the revealed indicators face up and
    the rest face down; ``uradora`` indicators (if given) in a second row.

    Raises:
        InvalidTile: a bad tile; RiichiError: more than 5 indicators, or a bad ``scale``.
    """
    names = tile_names(indicators)
    ura = None if uradora is None else tile_names(uradora)
    for label, got in (("dora", names), ("uradora", ura or [])):
        if len(got) > 5:
            raise RiichiError(f"{len(got)} {label} indicators: at most 5 (one and four kans)")
    pic = _Picture(scale)
    _draw_dora(pic, names, 0, 0, 1.0)
    rows = 1
    if ura is not None:
        _draw_dora(pic, ura, 0, TILE_H + 2, 1.0)
        rows = 2
    return pic.document(5 * TILE_W, rows * TILE_H + (rows - 1) * 2, "dora " + "".join(names))


# --------------------------------------------------------------------------- the table

SIZE = 780  # the table picture is SIZE x SIZE
_C = SIZE / 2
_BOX = 110  # half the side of the centre box
_RIVER = 0.85  # river tile size
_HAND_X = 150  # where a seat's hand starts (in its own frame)
_HAND_BOTTOM = SIZE - 40


def _draw_seat(pic: _Picture, state: dict[str, Any], seat: int) -> None:
    """One seat's hand, melds, river and name in the frame of the bottom seat."""
    p = state["seats"][seat]
    river = [_river_entry(e) for e in p["river"]]
    rw = TILE_W * _RIVER
    last = state.get("last_discard")
    mine = last[1] if last and last[0] == seat else None
    _draw_river(pic, river, _C - 3 * rw, _C + _BOX + 4, _RIVER, last=mine)
    hand = [n for n in p["hand"]]
    height = max([TILE_H] + [_meld_height(m) for m in p["melds"]])
    del height
    _draw_hand(pic, hand, p.get("drawn"), p["melds"], _HAND_X, _HAND_BOTTOM, 1.0,
               cls=f"seat{seat}")  # fmt: skip
    nuki = p.get("nuki") or []
    for i, n in enumerate(nuki):
        pic.tile(n, _C + _BOX + 30 + i * rw * 0.8, _C + _BOX + 4, size=_RIVER * 0.8, cls="nuki")
    # name, wind and score inside the centre box, along this seat's edge
    wind = (seat - state["dealer"]) % state["players"]
    turn = state.get("turn") == seat
    colour = "#b3261e" if turn else "#f4f1e6"
    score = state["scores"][seat] if seat < len(state["scores"]) else 0
    pic.text(_C - _BOX + 8, _C + _BOX - 10, _WIND_KANJI[wind], size=17, weight="bold",
             fill=colour, family=faces.FONT)  # fmt: skip
    pic.text(_C, _C + _BOX - 10, f"{score:,}", size=15, anchor="middle", weight="bold",
             fill=colour)  # fmt: skip
    names = state.get("names") or []
    name = names[seat] if seat < len(names) else ""
    if name:
        pic.text(_C, _C + _BOX - 28, name[:12], size=9, anchor="middle", fill="#d9d3c0")
    if p.get("riichi"):
        pic.raw(
            f'<g class="riichi-stick"><rect x="{_C - 30}" y="{_C + _BOX - 50}" width="60" '
            f'height="7" rx="3" fill="#fff" stroke="#999"/><circle cx="{_C}" '
            f'cy="{_C + _BOX - 46.5}" r="2.2" fill="{faces.RED}"/></g>'
        )


def _river_entry(e: Any) -> dict[str, Any]:
    """A river entry of a table state: ``"5m"`` plus flags ``t`` (tsumogiri), ``r`` (riichi
    tile, sideways), ``c`` (called by another player)."""
    name, flags = e[:2], e[2:]
    return {"tile": name, "tsumogiri": "t" in flags, "riichi": "r" in flags, "called": "c" in flags}


_STATE_KEYS = ("players", "round_wind", "kyoku", "honba", "kyotaku", "dealer", "scores",
               "dora", "seats")  # fmt: skip
_SEAT_KEYS = ("hand", "drawn", "melds", "river")


def _check_state(state: dict[str, Any]) -> None:
    """A table state has what :func:`table_svg` draws (see :mod:`riichi.view.table`)."""
    missing = [k for k in _STATE_KEYS if k not in state]
    if missing:
        raise RiichiError(f"not a table state: no {', '.join(missing)} (riichi.view.table)")
    n = state["players"]
    if n not in (3, 4) or len(state["seats"]) != n or len(state["scores"]) != n:
        raise RiichiError(
            f"table state: players {n!r} with {len(state['seats'])} seats and "
            f"{len(state['scores'])} scores"
        )
    if state["round_wind"] not in (0, 1, 2, 3) or state["dealer"] not in range(n):
        raise RiichiError(
            f"table state: round_wind {state['round_wind']!r} (0..3) or dealer "
            f"{state['dealer']!r} (0..{n - 1}) out of range"
        )
    for seat, p in enumerate(state["seats"]):
        gone = [k for k in _SEAT_KEYS if k not in p]
        if gone:
            raise RiichiError(f"table state: seat {seat} has no {', '.join(gone)}")


def round_title(state: dict[str, Any]) -> str:
    """``"East 1, 0 honba, 0 kyotaku"`` for a table state."""
    wind = _WIND_NAMES[state["round_wind"]]
    return f"{wind} {state['kyoku']}, {state['honba']} honba, {state['kyotaku']} kyotaku"


def table_svg(table: Any, *, bottom: int = 0, scale: float = 1.0) -> str:
    """A whole table: every seat's hand (drawn tile apart), melds and river (tsumogiri
    shaded, riichi tile sideways, called tiles faded), riichi sticks, the centre box with the
    round, honba, kyotaku, dora indicators, tiles left, and each seat's wind and score.

    Seat ``bottom`` (default 0) is at the bottom, the others anticlockwise in turn order (the
    next seat on the right), as they sit. The seat to act has its score in red.

    Args:
        table: a :class:`riichi.Round` (its state now), or one step of
            :func:`riichi.view.table.table_states` (a dict).
        bottom: the seat drawn at the bottom (0..3; 0..2 in sanma).
        scale: size factor (the picture is 780 x 780 pixels at 1).

    Raises:
        RiichiError: ``table`` is neither; ``bottom`` not a seat; ``scale`` not positive.
    """
    from riichi.view.table import table_state

    state = table if isinstance(table, dict) else table_state(table)
    _check_state(state)
    pic = _Picture(scale)
    pic.raw(f'<rect width="{SIZE}" height="{SIZE}" fill="#1f5f3f"/>')
    pic.raw(
        f'<rect x="{_C - _BOX}" y="{_C - _BOX}" width="{2 * _BOX}" height="{2 * _BOX}" '
        'rx="8" fill="#173f2c" stroke="#0f2b1e"/>'
    )
    n = state["players"]
    if isinstance(bottom, bool) or not isinstance(bottom, int) or not 0 <= bottom < n:
        raise RiichiError(f"bottom must be a seat 0..{n - 1}, got {bottom!r}")
    for seat in range(n):
        # seat 0 at the bottom; each next seat a quarter turn anticlockwise
        turn = (seat - bottom) % n
        pic.raw(f'<g class="seat" data-seat="{seat}" transform="rotate({-90 * turn} {_C} {_C})">')
        _draw_seat(pic, state, seat)
        pic.raw("</g>")
    pic.text(_C, _C - 30, round_title(state).split(",")[0], size=18, anchor="middle",
             weight="bold", fill="#f4f1e6")  # fmt: skip
    pic.text(_C, _C - 14, f"{state['honba']} honba · {state['kyotaku']} kyotaku", size=11,
             anchor="middle", fill="#d9d3c0")  # fmt: skip
    _draw_dora(pic, state["dora"], _C - 2.5 * TILE_W * 0.75, _C - 6, 0.75)
    if state.get("tiles_left") is not None:
        pic.text(_C, _C + 34, f"{state['tiles_left']} tiles left", size=11, anchor="middle",
                 fill="#d9d3c0")  # fmt: skip
    return pic.document(SIZE, SIZE, round_title(state))


# --------------------------------------------------------------------------- scoring


def _score_lines(result: Any) -> list[str]:
    """The settlement of a ScoreResult as lines of text (yaku, value, payments)."""
    if not result.is_agari:
        return ["not a winning hand"]
    if not result.has_yaku:
        return ["no yaku (dora do not count toward the one-han minimum)"]
    lines = [f"{name}  {han} han" for name, han in result.yaku]
    lines += [
        f"{name}  {'yakuman' if mult == 1 else f'{mult}x yakuman'}"
        for name, mult in result.yakuman
    ]
    limit = f" {result.limit}" if result.limit else ""
    lines.append(f"{result.han} han {result.fu} fu{limit}: {result.points} points")
    if result.tsumo:
        if result.dealer:
            lines.append(f"tsumo: {result.tsumo_nondealer_payment} all")
        else:
            lines.append(
                f"tsumo: {result.tsumo_nondealer_payment} / {result.tsumo_dealer_payment} "
                "(non-dealers / dealer)"
            )
    else:
        lines.append(f"ron: {result.ron_payment} from the discarder")
    if result.kyotaku_points:
        lines.append(f"kyotaku: {result.kyotaku_points}")
    lines.append(f"winner: +{result.total}")
    return lines


def score_svg(result: Any, hand: Any, *, win_tile: Any = None, scale: float = 1.0) -> str:
    """A scored hand: the hand (the winning tile apart) above its yaku, han, fu, points and
    payments.

    Args:
        result: the :class:`riichi.ScoreResult` of ``riichi.score``.
        hand: the :class:`riichi.Hand` (or its text) that was scored.
        win_tile: the winning tile, shown apart (None: not set apart).

    Raises:
        RiichiError: ``result`` is not a ScoreResult; InvalidTile / InvalidHand as
            :func:`hand_svg`.
    """
    if not hasattr(result, "is_agari") or not hasattr(result, "yaku"):
        raise RiichiError(f"expected a riichi.ScoreResult, got {result!r:.80}")
    concealed, melds = _hand_parts(hand)
    drawn = None
    if win_tile is not None:
        drawn = tile_name(win_tile)
        if drawn not in concealed:
            # the red five of a plain winning tile (or the reverse) is the same tile kind
            alt = {"5": "0", "0": "5"}.get(drawn[0], drawn[0]) + drawn[1]
            if alt in concealed:
                drawn = alt
            else:
                raise InvalidHand(
                    f"winning tile {drawn} is not in the concealed tiles {''.join(concealed)}"
                )
        concealed.remove(drawn)
    pic = _Picture(scale)
    top = max([TILE_H] + [_meld_height(m) for m in melds])
    width = _draw_hand(pic, concealed, drawn, melds, 0, top)
    lines = _score_lines(result)
    y = top + 20
    for i, line in enumerate(lines):
        bold = i >= len(lines) - (3 + bool(result.kyotaku_points)) and result.has_yaku
        pic.text(0, y, line, size=13, weight="bold" if bold else "normal")
        y += 17
    width = max(width, 8 * max(len(s) for s in lines))
    pad = 8
    pic.parts = [
        f'<rect x="{-pad}" y="{-pad}" width="{width + 2 * pad}" height="{y + 2 * pad - 8}" '
        'fill="#fbfaf6"/>',
        *pic.parts,
    ]
    doc = pic.document(width + 2 * pad, y - 8 + 2 * pad, f"{hand} {lines[-1]}")
    return doc.replace(f'viewBox="0 0 {width + 2 * pad:.1f}', f'viewBox="{-pad} {-pad} {width + 2 * pad:.1f}', 1)


def score_html(result: Any) -> str:
    """A :class:`riichi.ScoreResult` as an HTML fragment: yaku with han, fu breakdown,
    value and payments (the Jupyter rendering of a ScoreResult).

    Raises:
        RiichiError: ``result`` is not a ScoreResult.
    """
    if not hasattr(result, "is_agari") or not hasattr(result, "fu_breakdown"):
        raise RiichiError(f"expected a riichi.ScoreResult, got {result!r:.80}")
    esc = html.escape
    if not result.is_agari or not result.has_yaku:
        return f"<p class='riichi-score'>{esc(_score_lines(result)[0])}</p>"
    rows = "".join(f"<tr><td>{esc(n)}</td><td>{h} han</td></tr>" for n, h in result.yaku)
    rows += "".join(
        f"<tr><td>{esc(n)}</td><td>{'yakuman' if m == 1 else f'{m}x yakuman'}</td></tr>"
        for n, m in result.yakuman
    )
    fu = "".join(f"<tr><td>{esc(n)}</td><td>{f} fu</td></tr>" for n, f in result.fu_breakdown)
    value, *pay = _score_lines(result)[len(result.yaku) + len(result.yakuman) :]
    return (
        "<div class='riichi-score'>"
        f"<p><b>{esc(value)}</b></p>"
        f"<table><tr><th>yaku</th><th></th></tr>{rows}</table>"
        + (f"<table><tr><th>fu</th><th></th></tr>{fu}</table>" if fu else "")
        + "".join(f"<p>{esc(x)}</p>" for x in pay)
        + "</div>"
    )
