"""A slow, independent Python encoding of :mod:`riichi.features` (the test oracle).

Written from the table in the module docstring, one observation at a time, with
:func:`riichi.shanten` as the only engine call (waits found by adding each kind and asking
whether the hand is complete).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from riichi import shanten
from riichi.actions import (
    Ankan,
    Chi,
    Daiminkan,
    Discard,
    Kakan,
    Kyuushu,
    Nukidora,
    Pass,
    Pon,
    Riichi,
    Ron,
    Tsumo,
)

RIVER_LEN = 32
NUM_ACTIONS = 197
_MELD_TYPES = {"chi": 1, "pon": 2, "daiminkan": 3, "ankan": 4, "kakan": 5}
_PENDING_TYPES = {"dahai": 1, "kakan": 2, "ankan": 3, "nukidora": 4}


def dora_of(k: int, players: int) -> int:
    """The dora kind an indicator of kind ``k`` makes."""
    if players == 3 and k == 0:
        return 8  # sanma: 2m..8m are out of the set
    if k < 27:
        return k - k % 9 + (k % 9 + 1) % 9
    if k < 31:
        return 27 + (k - 27 + 1) % 4
    return 31 + (k - 31 + 1) % 3


def index_of(obs: Any, a: Any) -> int:
    """The action index of ``a`` by its choice (no legality check)."""
    red = obs.red_ids

    def disc(t: int, tsumogiri: bool) -> int:
        if tsumogiri:
            return 37
        if t in red:
            return 34 + (t >> 2) // 9
        return t >> 2

    if isinstance(a, Discard):
        return disc(a.tile, a.tsumogiri)
    if isinstance(a, Riichi):
        return (159 if a.open else 38) + disc(a.tile, a.tsumogiri)
    if isinstance(a, Chi):
        k = a.tile >> 2
        low = min(t >> 2 for t in a.consumed)
        shape = {k + 1: 0, k - 1: 1, k - 2: 2}[low]
        return 76 + 2 * shape + int(any(t in red for t in a.consumed))
    if isinstance(a, Pon):
        return 82 + sum(t in red for t in a.consumed)
    if isinstance(a, Daiminkan):
        return 85
    if isinstance(a, Ankan):
        return 86 + (a.consumed[0] >> 2)
    if isinstance(a, Kakan):
        return 120 + (a.tile >> 2)
    simple = {Tsumo: 154, Ron: 155, Pass: 156, Kyuushu: 157, Nukidora: 158}
    return simple[type(a)]


def encode(obs: Any) -> dict[str, Any]:
    """The arrays of one observation, as lists/scalars (compare with ``np.array_equal``)."""
    n = obs.players
    red = obs.red_ids
    order = [(obs.seat + i) % n for i in range(n)]  # relative row -> absolute seat

    def rel(s: int) -> int:
        return order.index(s)

    hand = [0] * 34
    hand_red = [0] * 3
    for t in obs.hand:
        hand[t >> 2] += 1
        if t in red:
            hand_red[(t >> 2) // 9] += 1
    drawn = [-1, -1] if obs.drawn is None else [obs.drawn >> 2, int(obs.drawn in red)]
    seen = list(hand)
    own_melds = [0] * 34
    melds = [[[0] * 5 for _ in range(4)] for _ in range(n)]
    river = [[[-1] * 5 for _ in range(RIVER_LEN)] for _ in range(n)]
    for i, s in enumerate(order):
        for j, (kind, ids, called, src) in enumerate(obs.melds[s]):
            melds[i][j] = [
                _MELD_TYPES[kind],
                min(ids) >> 2,
                -1 if called is None else called >> 2,
                sum(t in red for t in ids),
                -1 if src is None else rel(src),
            ]
            for t in ids:
                seen[t >> 2] += 1
                if i == 0:
                    own_melds[t >> 2] += 1
        for t in obs.nukidora[s]:
            seen[t >> 2] += 1
        for j, t in enumerate(obs.rivers[s]):
            river[i][j] = [
                t >> 2,
                int(t in red),
                int(obs.tsumogiri[s][j]),
                int(obs.riichi_index[s] == j),
                int(obs.called[s][j]),
            ]
            if not obs.called[s][j]:
                seen[t >> 2] += 1
    indicators = [[-1, -1] for _ in range(5)]
    dora = [0] * 34
    for j, t in enumerate(obs.dora_indicators):
        indicators[j] = [t >> 2, int(t in red)]
        dora[dora_of(t >> 2, n)] += 1
        seen[t >> 2] += 1
    pending = [0, -1, -1, -1]
    if obs.pending is not None:
        kind, s, t = obs.pending
        pending = [_PENDING_TYPES[kind], t >> 2, int(t in red), rel(s)]
    waits = [False] * 34
    before = list(hand)
    turn = len(obs.hand) % 3 == 2
    if turn and obs.drawn is not None:
        before[obs.drawn >> 2] -= 1
    if sum(before) % 3 == 1:
        for k in range(34):
            if before[k] + own_melds[k] < 4:
                waits[k] = shanten([*before[:k], before[k] + 1, *before[k + 1:]]) == -1
    discard_shanten = [-1] * 34
    if turn:
        for k in range(34):
            if hand[k]:
                discard_shanten[k] = shanten([*hand[:k], hand[k] - 1, *hand[k + 1:]])
    mask = [False] * NUM_ACTIONS
    for a in obs.legal_actions:
        mask[index_of(obs, a)] = True
    return {
        "hand": hand,
        "hand_red": hand_red,
        "drawn": drawn,
        "melds": melds,
        "nukidora": [len(obs.nukidora[s]) for s in order],
        "river": river,
        "dora_indicators": indicators,
        "dora": dora,
        "seen": seen,
        "scores": [obs.scores[s] for s in order],
        "riichi": [obs.riichi[s] for s in order],
        "round": [
            obs.round_wind,
            obs.seat_wind,
            rel(obs.dealer),
            obs.honba,
            obs.kyotaku,
            obs.live_tiles_left,
        ],
        "pending": pending,
        "shanten": shanten(hand),
        "waits": waits,
        "discard_shanten": discard_shanten,
        "action_mask": mask,
    }


def equal(got: dict[str, Any], want: dict[str, Any]) -> list[str]:
    """Names of the arrays that differ."""
    return [k for k in want if not np.array_equal(np.asarray(got[k]), np.asarray(want[k]))]
