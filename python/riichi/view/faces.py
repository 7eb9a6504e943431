"""Tile faces drawn by riichi: SVG markup for each of the 37 tiles and the back.

Every face is drawn in riichi itself (no image or font files are shipped): pinzu as circles,
souzu as bamboo sticks (1s as a bird), manzu as a kanji numeral over 萬 in red, winds and
dragons as their kanji (東 南 西 北, 發 in green, 中 in red, 白 as an empty blue frame). The
kanji are SVG text: they need a font with CJK glyphs, which desktop systems have (the
font list names the common ones; Debian: ``fonts-noto-cjk``). Red fives are drawn red all
over, with a red border, so that they stay distinct at small sizes.

A tile is :data:`TILE_W` x :data:`TILE_H` user units (3:4). :func:`symbol` gives a
``<symbol>`` for one tile that the drawings of :mod:`riichi.view.svg` reference with
``<use>``; :func:`faces` gives every face at once (the HTML viewer embeds them).

Tile names are mpsz (``"5m"``, ``"0m"`` = red five, ``"1z"``..``"7z"`` = E S W N haku hatsu
chun); ``"back"`` is a face-down tile.
"""

from __future__ import annotations

__all__ = ["NAMES", "TILE_H", "TILE_W", "face", "faces", "symbol", "symbol_id"]

TILE_W = 24
TILE_H = 32

BLUE = "#1f4e9c"
RED = "#c8102e"
GREEN = "#18703a"
INK = "#1b1b1b"
BODY = "#fbf8ef"
EDGE = "#8a8170"
BACK = "#e0912f"

#: font stack for the kanji faces (any CJK font the viewer's system has)
FONT = (
    "'Noto Sans CJK JP','Noto Serif CJK JP','Source Han Sans','Hiragino Sans',"
    "'Yu Gothic','MS Gothic','WenQuanYi Zen Hei','Droid Sans Fallback',sans-serif"
)

#: every tile name: 1m..9m, 0m (red), the same for p and s, 1z..7z, and "back"
NAMES: tuple[str, ...] = tuple(
    [f"{n}{s}" for s in "mps" for n in "1234567890"] + [f"{n}z" for n in "1234567"] + ["back"]
)

_KANJI_NUM = "一二三四五六七八九"
_HONOR = {"1": "東", "2": "南", "3": "西", "4": "北", "6": "發", "7": "中"}

# pinzu: (x, y, colour index into (BLUE, RED, GREEN)) per circle, and the radius
_PIN: dict[int, tuple[float, list[tuple[float, float, int]]]] = {
    2: (5.0, [(12, 9, 2), (12, 23, 0)]),
    3: (4.3, [(6.2, 7, 0), (12, 16, 1), (17.8, 25, 2)]),
    4: (4.4, [(7.3, 9.5, 0), (16.7, 9.5, 2), (7.3, 22.5, 2), (16.7, 22.5, 0)]),
    5: (3.9, [(6.8, 7.8, 0), (17.2, 7.8, 2), (12, 16, 1), (6.8, 24.2, 2), (17.2, 24.2, 0)]),
    6: (3.7, [(7.4, 6.5, 2), (16.6, 6.5, 2), (7.4, 16.5, 1), (16.6, 16.5, 1),
              (7.4, 25.5, 1), (16.6, 25.5, 1)]),
    7: (3.3, [(5.4, 5, 2), (12, 8, 2), (18.6, 11, 2), (7.4, 18.2, 1), (16.6, 18.2, 1),
              (7.4, 26.6, 1), (16.6, 26.6, 1)]),
    8: (3.3, [(x, y, 0) for y in (5, 12.3, 19.7, 27) for x in (7.4, 16.6)]),
    9: (3.2, [(x, y, c) for y, c in ((7, 0), (16, 1), (25, 2)) for x in (5.6, 12, 18.4)]),
}  # fmt: skip

# souzu: (x, y centre, colour index into (GREEN, RED)) per stick, and the stick length
_SOU: dict[int, tuple[float, list[tuple[float, float, int]]]] = {
    2: (10.0, [(12, 9.5, 0), (12, 22.5, 0)]),
    3: (10.0, [(12, 9.5, 0), (7.5, 22.5, 0), (16.5, 22.5, 0)]),
    4: (10.0, [(7.5, 9.5, 0), (16.5, 9.5, 0), (7.5, 22.5, 0), (16.5, 22.5, 0)]),
    5: (9.0, [(6.5, 8.5, 0), (17.5, 8.5, 0), (12, 16, 1), (6.5, 23.5, 0), (17.5, 23.5, 0)]),
    6: (10.0, [(x, y, 0) for y in (9.5, 22.5) for x in (6.0, 12.0, 18.0)]),
    7: (7.6, [(12.0, 5.5, 1)] + [(x, y, 0) for y in (15.6, 25.4) for x in (6.0, 12.0, 18.0)]),
    8: (10.0, [(x, y, 0) for y in (9.5, 22.5) for x in (4.6, 9.5, 14.5, 19.4)]),
    9: (7.6, [(x, y, int(x == 12)) for y in (6.2, 16.0, 25.8) for x in (6.0, 12.0, 18.0)]),
}  # fmt: skip


def _body(edge: str = EDGE) -> str:
    return (
        f'<rect x="0.5" y="0.5" width="{TILE_W - 1}" height="{TILE_H - 1}" rx="2.6" '
        f'fill="{BODY}" stroke="{edge}" stroke-width="1"/>'
    )


def _pin(n: int, red: bool) -> str:
    colours = (RED, RED, RED) if red else (BLUE, RED, GREEN)
    if n == 1:
        return (
            f'<circle cx="12" cy="16" r="9" fill="{GREEN}"/>'
            f'<circle cx="12" cy="16" r="6.6" fill="{BODY}"/>'
            f'<circle cx="12" cy="16" r="5.2" fill="{RED}"/>'
            f'<circle cx="12" cy="16" r="2.8" fill="{BODY}"/>'
            f'<circle cx="12" cy="16" r="1.4" fill="{BLUE}"/>'
        )
    r, dots = _PIN[n]
    out = []
    for x, y, c in dots:
        out.append(
            f'<circle cx="{x}" cy="{y}" r="{r}" fill="{colours[c]}"/>'
            f'<circle cx="{x}" cy="{y}" r="{r * 0.55:.2f}" fill="none" stroke="{BODY}" '
            f'stroke-width="0.8"/>'
        )
    return "".join(out)


def _sou(n: int, red: bool) -> str:
    if n == 1:  # the bird
        return (
            f'<path d="M12 27 C5 25 5 15 9 11 L12 13 L15 11 C19 15 19 25 12 27 Z" '
            f'fill="{RED if red else GREEN}"/>'
            f'<path d="M12 27 L8 30.5 M12 27 L16 30.5 M12 27 L12 31" stroke="{BLUE}" '
            f'stroke-width="1.3"/>'
            f'<circle cx="12" cy="7.2" r="3.4" fill="{RED}"/>'
            f'<path d="M14.8 6.4 L18.2 7.4 L14.8 8.4 Z" fill="{INK}"/>'
            f'<circle cx="12.9" cy="6.6" r="0.7" fill="{BODY}"/>'
        )
    length, sticks = _SOU[n]
    colours = (RED, RED) if red else (GREEN, RED)
    w = 3.4
    out = []
    for x, y, c in sticks:
        top = y - length / 2
        out.append(
            f'<rect x="{x - w / 2:.2f}" y="{top:.2f}" width="{w}" height="{length}" rx="1.5" '
            f'fill="{colours[c]}"/>'
            f'<path d="M{x - w / 2:.2f} {y:.2f} h{w}" stroke="{BODY}" stroke-width="0.7"/>'
        )
    return "".join(out)


def _man(n: int, red: bool) -> str:
    num = RED if red else INK
    return (
        f'<text x="12" y="13.2" font-size="11.5" text-anchor="middle" fill="{num}" '
        f'font-family="{FONT}" font-weight="bold">{_KANJI_NUM[n - 1]}</text>'
        f'<text x="12" y="28.4" font-size="12.5" text-anchor="middle" fill="{RED}" '
        f'font-family="{FONT}" font-weight="bold">萬</text>'
    )


def _honor(n: int) -> str:
    if n == 5:  # haku: an empty blue frame
        return (
            f'<rect x="5" y="6" width="14" height="20" rx="1" fill="none" stroke="{BLUE}" '
            f'stroke-width="1.6"/>'
        )
    colour = {6: GREEN, 7: RED}.get(n, INK)
    return (
        f'<text x="12" y="22.5" font-size="17" text-anchor="middle" fill="{colour}" '
        f'font-family="{FONT}" font-weight="bold">{_HONOR[str(n)]}</text>'
    )


def face(name: str) -> str:
    """The SVG markup of one tile (body and face) in a ``0 0 24 32`` box.

    Args:
        name: an mpsz tile name (``"5m"``, ``"0p"`` = red five, ``"7z"``) or ``"back"``.

    Raises:
        InvalidTile: ``name`` is not one of :data:`NAMES`.
    """
    if name not in _FACE_SET:
        from riichi.errors import InvalidTile

        raise InvalidTile(f"no tile face for {name!r}: expected an mpsz tile such as 5m, 0p, 7z")
    if name == "back":
        return (
            f'<rect x="0.5" y="0.5" width="{TILE_W - 1}" height="{TILE_H - 1}" rx="2.6" '
            f'fill="{BACK}" stroke="#9a5a14" stroke-width="1"/>'
            f'<rect x="3" y="3" width="{TILE_W - 6}" height="{TILE_H - 6}" rx="1.5" fill="none" '
            f'stroke="#f4c47e" stroke-width="0.8"/>'
        )
    digit, suit = int(name[0]), name[1]
    red = digit == 0
    n = 5 if red else digit
    if suit == "z":
        return _body() + _honor(n)
    body = _body(RED if red else EDGE)
    if suit == "p":
        return body + _pin(n, red)
    if suit == "s":
        return body + _sou(n, red)
    return body + _man(n, red)


_FACE_SET = frozenset(NAMES)


def symbol_id(name: str) -> str:
    """The element id of a tile's ``<symbol>``: ``"riichi-5m"``, ``"riichi-back"``."""
    return f"riichi-{name}"


def symbol(name: str) -> str:
    """A ``<symbol id="riichi-NAME" viewBox="0 0 24 32">`` for one tile (see :func:`face`)."""
    return (
        f'<symbol id="{symbol_id(name)}" viewBox="0 0 {TILE_W} {TILE_H}">{face(name)}</symbol>'
    )


def faces() -> dict[str, str]:
    """Every face: tile name (:data:`NAMES`) -> the SVG markup of :func:`face`."""
    return {n: face(n) for n in NAMES}
