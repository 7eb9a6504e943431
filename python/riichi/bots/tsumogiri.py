"""The tsumogiri bot: discards the tile it drew (after a call, its first legal discard),
never calls, never declares riichi, never wins. Run: ``python -m riichi.bots.tsumogiri``."""

from __future__ import annotations

from typing import Any

from riichi.mjai.bot import Bot
from riichi.mjai.state import PlayerState

__all__ = ["TsumogiriBot"]


class TsumogiriBot(Bot):
    """Tsumogiri on its turn, pass on every call."""

    def choose(self, state: PlayerState, legal: list[dict[str, Any]]) -> dict[str, Any]:
        discards = [a for a in legal if a["type"] == "dahai"]
        for a in discards:
            if a["tsumogiri"]:
                return a
        if discards:
            return discards[0]
        return next((a for a in legal if a["type"] == "none"), legal[-1])


if __name__ == "__main__":
    raise SystemExit(TsumogiriBot().main("riichi.bots.tsumogiri"))
