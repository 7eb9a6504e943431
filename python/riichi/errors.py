"""The exception tree: every error riichi raises is a :class:`RiichiError` (a ``ValueError``).

- :class:`InvalidTile`: a tile kind, tile id or notation that does not exist
  (the message names the bad character and its position).
- :class:`InvalidHand`: a hand, meld or counts array that cannot exist
  (five copies, wrong tile count, wrong array shape or dtype).
- :class:`IllegalAction`: an action the rules do not allow in the current state.
- :class:`LogFormatError`: a game log that cannot be read (names file, position, reason).

Expected outcomes (not tenpai, no yaku, not a winning hand) are values, never exceptions.
"""

from riichi._core import IllegalAction, InvalidHand, InvalidTile, LogFormatError, RiichiError

__all__ = ["RiichiError", "InvalidTile", "InvalidHand", "IllegalAction", "LogFormatError"]
