"""riichi: a Japanese Riichi Mahjong engine with a Rust core.

Tile kinds are 0..33 (1m..9m, 1p..9p, 1s..9s, E S W N, haku hatsu chun); text is mpsz
notation with ``0`` for a red five (``"123m406p789s1122z"``). See the README for a tour.
"""

from riichi._core import (
    Discard,
    Hand,
    Meld,
    Reading,
    Wait,
    decompose,
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
    waits,
    ukeire,
)
from riichi.errors import IllegalAction, InvalidHand, InvalidTile, LogFormatError, RiichiError
from riichi.rules import Rules
from riichi.scoring import ScoreResult, nagashi_mangan, score

from riichi import batch  # noqa: E402  (riichi.batch: array kernels)
from riichi import actions  # noqa: E402  (riichi.actions: typed player actions)
from riichi.game import Game, GameResult  # noqa: E402
from riichi.round import Round, RoundResult, Win  # noqa: E402
from riichi.wall import Wall  # noqa: E402

__version__ = "0.1.0"

__all__ = [
    "Hand",
    "IllegalAction",
    "InvalidHand",
    "InvalidTile",
    "LogFormatError",
    "Meld",
    "RiichiError",
    "format_counts",
    "mjai_name",
    "parse_counts",
    "parse_mjai",
    "parse_tile",
    "parse_tiles",
    "tile_name",
    "Reading",
    "Wait",
    "decompose",
    "waits",
    # shanten, ukeire and discards
    "shanten",
    "shanten_detail",
    "ShantenDetail",
    "ukeire",
    "discards",
    "Ukeire",
    "Discard",
    "batch",
    # round and game engine
    "actions",
    "Game",
    "GameResult",
    "Round",
    "RoundResult",
    "Win",
    "Wall",
    # scoring
    "Rules",
    "ScoreResult",
    "nagashi_mangan",
    "score",
]
