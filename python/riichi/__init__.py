"""riichi: a Japanese Riichi Mahjong engine with a Rust core.

Tile kinds are 0..33 (1m..9m, 1p..9p, 1s..9s, E S W N, haku hatsu chun); text is mpsz
notation with ``0`` for a red five (``"123m406p789s1122z"``). Every tile a public value
returns, in analysis results and in the event model alike, is a :class:`riichi.TileKind`:
the int kind, text mpsz, ``red`` for a red five. See the README for a tour.
"""

from typing import TYPE_CHECKING

from riichi._core import (
    DiscardOption,
    Hand,
    Meld,
    Reading,
    ScoreResult,
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

if TYPE_CHECKING:
    from riichi import actions, batch
    from riichi.events import GameLog
    from riichi.game import Game, GameResult
    from riichi.logs import read_log, read_logs
    from riichi.replay import GameReport, Mismatch, replay_game
    from riichi.round import Round, RoundResult, Win
    from riichi.rules import Rules
    from riichi.scoring import Payment, nagashi_mangan, payment, score
    from riichi.tiles import TileKind, parse_tile, parse_tiles
    from riichi.wall import Wall

__version__ = "0.1.0"


# Jupyter draws a Hand and a ScoreResult (riichi.view; loaded on first use, not at import)
def _hand_repr_svg(self: Hand) -> str:
    from riichi.view.svg import hand_svg

    return hand_svg(self)


def _score_repr_html(self: ScoreResult) -> str:
    from riichi.view.svg import score_html

    return score_html(self)


Hand._repr_svg_ = _hand_repr_svg  # type: ignore[attr-defined]
ScoreResult._repr_html_ = _score_repr_html  # type: ignore[attr-defined]

# The Python layers load on first use, so that `import riichi` plus a shanten call costs
# the extension and little else: the round engine, the log readers and writers and NumPy
# (only the batch API needs it) are imported when a name from them is first asked for.
_SUBMODULES = frozenset(
    "actions batch batch_score cli convert dask events features game kyoku logs mining replay round rules scoring tiles view wall".split()
)
_LAZY = {
    "GameLog": "riichi.events",
    "Game": "riichi.game",
    "GameResult": "riichi.game",
    "read_log": "riichi.logs",
    "read_logs": "riichi.logs",
    "decisions": "riichi.mining.decision",
    "GameReport": "riichi.replay",
    "Mismatch": "riichi.replay",
    "replay_game": "riichi.replay",
    "Round": "riichi.round",
    "RoundResult": "riichi.round",
    "Win": "riichi.round",
    "Rules": "riichi.rules",
    "nagashi_mangan": "riichi.scoring",
    "Payment": "riichi.scoring",
    "payment": "riichi.scoring",
    "score": "riichi.scoring",
    "Wall": "riichi.wall",
    "TileKind": "riichi.tiles",  # the one tile type of results and events: an int, mpsz text
    "parse_tile": "riichi.tiles",  # kinds (ints) that keep the red five
    "parse_tiles": "riichi.tiles",
}


def __getattr__(name: str) -> object:
    """Import a submodule, or the module behind a lazily exported name (``_LAZY``), on
    first use."""
    import importlib

    if name in _SUBMODULES:  # `riichi.scoring.YAKU_IDS` after a bare `import riichi`
        value: object = importlib.import_module(f"riichi.{name}")
    elif name in _LAZY:
        value = getattr(importlib.import_module(_LAZY[name]), name)
    else:
        raise AttributeError(f"module 'riichi' has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY) | _SUBMODULES)


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
    "Payment",
    "Reading",
    "RiichiError",
    "Round",
    "RoundResult",
    "Rules",
    "ScoreResult",
    "ShantenDetail",
    "TileKind",
    "Ukeire",
    "Wait",
    "Wall",
    "Win",
    "actions",
    "batch",
    "decisions",
    "decompose",
    "discards",
    "format_counts",
    "mjai_name",
    "nagashi_mangan",
    "parse_counts",
    "parse_mjai",
    "parse_tile",
    "parse_tiles",
    "payment",
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
