"""The greedy bot: shanten first, then ukeire. Run: ``python -m riichi.bots.greedy``.

On its turn: a win (tsumo) whenever legal; riichi whenever legal (the riichi discard is
then the one with the most ukeire); kyuushu kyuuhai when offered; otherwise the discard
that leaves the lowest shanten, then the most ukeire counting the tiles it can see, then
keeps red fives, honours going first among equals. On another seat's tile: ron whenever
legal; pon (or daiminkan never) on a yakuhai (a dragon, the round wind or its seat wind)
when the call lowers its shanten; once its hand is open, any pon or chi that lowers its
shanten; else pass. It never declares a kan.
"""

from __future__ import annotations

from typing import Any

import riichi
from riichi.events import Tile
from riichi.mjai.bot import Bot
from riichi.mjai.state import PlayerState

__all__ = ["GreedyBot"]


def _kind(name: str) -> int:
    return Tile.from_mjai(name).kind


class GreedyBot(Bot):
    """Shanten, then ukeire; riichi and yakuhai calls (module docstring)."""

    def choose(self, state: PlayerState, legal: list[dict[str, Any]]) -> dict[str, Any]:
        by_type: dict[str, list[dict[str, Any]]] = {}
        for a in legal:
            by_type.setdefault(a["type"], []).append(a)
        if "hora" in by_type:
            return by_type["hora"][0]
        if state.decision == "claim":
            return self._call(state, by_type)
        if "reach" in by_type:
            return by_type["reach"][0]
        if "ryukyoku" in by_type:
            return by_type["ryukyoku"][0]
        discards = by_type.get("dahai", [])
        if not discards:  # (a turn always offers a discard; keep an answer for any shape)
            return legal[0]
        return self._best_discard(state, discards)

    def _best_discard(self, state: PlayerState, discards: list[dict[str, Any]]) -> dict[str, Any]:
        table = {}
        for opt in state.core_hand.discards(visible=state.visible_counts):
            table[(opt.tile, opt.red)] = (opt.shanten, -opt.ukeire.total)

        def key(a: dict[str, Any]) -> tuple[Any, ...]:
            t = Tile.from_mjai(a["pai"])
            shanten, ukeire = table.get((t.kind, t.red), (9, 0))
            return (shanten, ukeire, t.red, -t.kind, not a["tsumogiri"])

        return min(discards, key=key)

    def _call(
        self, state: PlayerState, by_type: dict[str, list[dict[str, Any]]]
    ) -> dict[str, Any]:
        none = by_type.get("none", [{"type": "none"}])[0]
        if state.in_riichi:
            return none
        seat = state.seat if state.seat is not None else 0
        seat_wind = 27 + (seat - state.oya) % state.players
        open_hand = any(m[0] != "ankan" and m[0] != "nukidora" for m in state.melds[seat])
        now = state.shanten
        best = None
        for a in by_type.get("pon", []) + by_type.get("chi", []):
            k = _kind(a["pai"])
            yakuhai = k >= 31 or k in (state.bakaze, seat_wind)
            if a["type"] == "chi" and not open_hand:
                continue
            if a["type"] == "pon" and not (yakuhai or open_hand):
                continue
            after = self._shanten_after(state, a)
            if after < now and (best is None or after < best[0]):
                best = (after, a)
        return none if best is None else best[1]

    def _shanten_after(self, state: PlayerState, call: dict[str, Any]) -> int:
        counts = state.counts
        for name in call["consumed"]:
            counts[_kind(name)] -= 1
        melds = [riichi.Meld.parse(self._meld_text(call))]
        for kind, tiles in state.melds[state.seat if state.seat is not None else 0]:
            if kind != "nukidora":
                melds.append(riichi.Meld.parse(self._meld_text({"type": kind, "tiles": tiles})))
        hand = riichi.Hand.from_counts(counts, melds, (0, 0, 0))
        return int(riichi.shanten(hand))

    @staticmethod
    def _meld_text(call: dict[str, Any]) -> str:
        tiles = call.get("tiles") or [call["pai"], *call["consumed"]]
        kind = call["type"]
        text = "".join(str(Tile.from_mjai(t)).replace("0", "5") for t in tiles)
        if kind == "ankan":
            return f"ankan:{text}"
        return f"{kind}:{text}@{1 if kind != 'chi' else 3}"


if __name__ == "__main__":
    raise SystemExit(GreedyBot().main("riichi.bots.greedy"))
