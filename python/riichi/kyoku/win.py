"""The only call into the core's scoring: whether a seat wins on a tile, and its score.

The situational flags are derived here from the round's state: riichi, double riichi, open
riichi (the yaku ``open_riichi``, only declared under ``Rules.open_riichi``) and ippatsu
from the player; haitei (a tsumo on the last live tile, not a rinshan draw), houtei
(a ron on the last discard), rinshan kaihou (a tsumo on a replacement tile), chankan (a ron
on a kakan, or a kokushi musou on an ankan), tenhou / chiihou (a tsumo on the first
uninterrupted draw) and renhou (a ron before the own first draw, the core's ``Rules.renhou``
decides its value); seat and round wind, dora and uradora indicators, nukidora; the
dealer's wins in a row before this round, for paarenchan (the round's
``dealer_wins_in_a_row`` argument, which :class:`riichi.Game` gives; 0 by default).

Rules fields read: the scoring fields (the whole ``Rules`` goes to the core's scorer); a win
on an ankan is a kokushi musou only (whether it may be robbed at all:
``kokushi_chankan_ankan``, :mod:`riichi.kyoku.calls`).
Rule source: Tenhou (https://tenhou.net/man/): haitei/houtei/rinshan/chankan/tenhou/chiihou.
"""

from __future__ import annotations

from typing import Any

from riichi import _core_api as core

__all__ = ["win_score"]


def win_score(
    rnd: Any,
    s: int,
    tile: int,
    *,
    tsumo: bool,
    from_seat: int | None = None,
    claim_kind: str = "dahai",
    honba: int | None = None,
    kyotaku: int = 0,
    ura: bool = False,
) -> Any:
    """The core score of ``s`` winning on ``tile``, or ``None`` if it is not a legal win."""
    p = rnd.players[s]
    counts = list(p.counts)  # the counts of p.hand, kept in step with it
    if tsumo:
        red = rnd._red_counts(p.hand)
    else:
        counts[tile >> 2] += 1
        red = rnd._red_counts([*p.hand, tile])
    melds = p.cores
    try:
        hand = core.make_hand(counts, melds, red)
    except Exception:
        return None
    last = rnd.live_tiles_left == 0
    first = rnd._uninterrupted and p.discards_made == 0
    res = core.score(
        hand,
        tile >> 2,
        tsumo=tsumo,
        riichi=p.riichi,
        double_riichi=p.double_riichi,
        open_riichi=p.open_riichi,
        ippatsu=p.ippatsu,
        haitei=tsumo and last and not rnd._rinshan,
        houtei=(not tsumo) and last and claim_kind == "dahai",
        rinshan=tsumo and rnd._rinshan,
        chankan=claim_kind in ("kakan", "ankan"),
        tenhou=tsumo and first and s == rnd.dealer,
        chiihou=tsumo and first and s != rnd.dealer,
        renhou=(not tsumo) and first and s != rnd.dealer,
        seat_wind=27 + (s - rnd.dealer) % rnd._n,
        round_wind=27 + rnd.round_wind,
        dora_indicators=[t >> 2 for t in rnd.dora_indicators],
        ura_indicators=(
            [rnd.wall.ura_indicator(i) >> 2 for i in range(rnd._dora_revealed)]
            if ura and p.riichi
            else []
        ),
        honba=rnd.honba if honba is None else honba,
        kyotaku=kyotaku,
        rules=rnd.rules,
        nukidora=len(p.nuki),
        renchan=getattr(rnd, "dealer_wins_in_a_row", 0),
    )
    if not core.is_win(res):
        return None
    if claim_kind == "ankan" and not any(
        n.startswith("kokushi") for n in core.yakuman_names(res)
    ):
        return None
    return res


