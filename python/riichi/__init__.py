"""riichi: a Japanese Riichi Mahjong engine with a Rust core.

Tile kinds are 0..33 (1m..9m, 1p..9p, 1s..9s, E S W N, haku hatsu chun); text is mpsz
notation with ``0`` for a red five (``"123m406p789s1122z"``). See the README for a tour.
"""

from typing import TYPE_CHECKING

from riichi import actions
from riichi._core import (
    DiscardOption,
    Hand,
    Meld,
    Reading,
    ShantenDetail,
    Ukeire,
    Wait,
    decompose,
    discards,
    format_counts,
    mjai_name,
    parse_counts,
    parse_mjai,
    shanten,
    shanten_detail,
    tile_name,
    ukeire,
    waits,
)
from riichi.errors import IllegalAction, InvalidHand, InvalidTile, LogFormatError, RiichiError
from riichi.events import GameLog
from riichi.game import Game, GameResult
from riichi.logs import read_log, read_logs
from riichi.replay import GameReport, Mismatch, replay_game
from riichi.round import Round, RoundResult, Win
from riichi.rules import Rules
from riichi.scoring import ScoreResult, nagashi_mangan, score
from riichi.tiles import parse_tile, parse_tiles
from riichi.wall import Wall

if TYPE_CHECKING:
    from riichi import batch

__version__ = "0.1.0"


def __getattr__(name: str) -> object:
    """``riichi.batch`` is imported on first use: it needs numpy, plain play does not."""
    if name == "batch":
        import importlib

        return importlib.import_module("riichi.batch")
    raise AttributeError(f"module 'riichi' has no attribute {name!r}")


__all__ = [
    "DiscardOption",
    "Game",
    "GameLog",
    "GameReport",
    "GameResult",
    "Hand",
    "IllegalAction",
    "InvalidHand",
    "InvalidTile",
    "LogFormatError",
    "Meld",
    "Mismatch",
    "Reading",
    "RiichiError",
    "Round",
    "RoundResult",
    "Rules",
    "ScoreResult",
    "ShantenDetail",
    "Ukeire",
    "Wait",
    "Wall",
    "Win",
    "actions",
    "batch",
    "decompose",
    "discards",
    "format_counts",
    "mjai_name",
    "nagashi_mangan",
    "parse_counts",
    "parse_mjai",
    "parse_tile",
    "parse_tiles",
    "read_log",
    "read_logs",
    "replay_game",
    "score",
    "shanten",
    "shanten_detail",
    "tile_name",
    "ukeire",
    "waits",
]
