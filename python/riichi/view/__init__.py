"""Pictures: SVG tiles, hands, melds, rivers and tables, and the HTML replay viewer.

- :mod:`riichi.view.svg`: :func:`tile_svg`, :func:`tiles_svg`, :func:`hand_svg`,
  :func:`meld_svg`, :func:`river_svg`, :func:`dora_svg`, :func:`table_svg` (each a
  standalone SVG document as a ``str``); :func:`score_svg` (a scored hand) and
  :func:`score_html` (a :class:`riichi.ScoreResult` as HTML).
- :mod:`riichi.view.table`: table states folded from events (what the viewer steps through).
- :mod:`riichi.view.html`: :func:`viewer_html`, one self-contained HTML file replaying a
  game (``riichi view LOG``).

Tile faces are drawn by riichi itself (:mod:`riichi.view.faces`).
"""

from __future__ import annotations

from riichi.view.svg import (
    dora_svg,
    hand_svg,
    meld_svg,
    river_svg,
    score_html,
    score_svg,
    table_svg,
    tile_svg,
    tiles_svg,
)

__all__ = [
    "dora_svg",
    "hand_svg",
    "meld_svg",
    "river_svg",
    "score_html",
    "score_svg",
    "table_svg",
    "tile_svg",
    "tiles_svg",
]
