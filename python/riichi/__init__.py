"""riichi: a Japanese Riichi Mahjong engine with a Rust core.

Tile kinds are 0..33 (1m..9m, 1p..9p, 1s..9s, E S W N, haku hatsu chun); text is mpsz
notation with ``0`` for a red five (``"123m406p789s1122z"``). See the README for a tour.
"""

from riichi import batch
from riichi._core import (
    Discard,
    Hand,
    Meld,
    ShantenDetail,
    Ukeire,
    discards,
    format_counts,
    mjai_name,
    parse_counts,
    parse_mjai,
    parse_tile,
    parse_tiles,
    shanten,
    shanten_detail,
    tile_name,
    ukeire,
)
from riichi.errors import IllegalAction, InvalidHand, InvalidTile, LogFormatError, RiichiError

__version__ = "0.1.0"

__all__ = [
    "Hand",
    "Meld",
    "format_counts",
    "mjai_name",
    "parse_counts",
    "parse_mjai",
    "parse_tile",
    "parse_tiles",
    "tile_name",
    "RiichiError",
    "InvalidTile",
    "InvalidHand",
    "IllegalAction",
    "LogFormatError",
    # shanten, ukeire and discards
    "shanten",
    "shanten_detail",
    "ShantenDetail",
    "ukeire",
    "discards",
    "Ukeire",
    "Discard",
    "batch",
]
