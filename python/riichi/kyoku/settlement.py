"""Settlement facts: riichi sticks, pao liability, and the point changes of wins and draws.

Rules fields read: ``riichi_stick``, ``pao_daisangen``, ``pao_daisuushi``, ``pao_suukantsu``,
``pao_scope``, ``honba_points``, ``wareme``, ``nagashi_mangan``, ``noten_payment``,
``renchan``.
Rule source: Tenhou (https://tenhou.net/man/); worked cases RC40 (pao: a ron under pao is
split with the discarder, the liable player pays the honba), RC43 (multiple ron sticks);
Mahjong Soul for ``pao_scope == "yakuman"``.
"""

from __future__ import annotations

from typing import Any

from riichi.kyoku.state import MeldState
from riichi.kyoku.tiles import DRAGONS, WINDS

__all__ = ["accept_riichi", "check_pao", "pao_part", "wareme_double"]


def pao_part(res: Any, pao: tuple[int, str], scope: str) -> tuple[int, int]:
    """Yakuman multiples the liable player answers for, and the hand's total: the whole hand
    (``scope == "hand"``) or only the yakuman that made it liable (``"yakuman"``)."""
    mults = [(str(y[0]), int(y[1])) for y in getattr(res, "yakuman", None) or []
             if isinstance(y, tuple)]  # fmt: skip
    whole = sum(m for _, m in mults) or 1
    if scope != "yakuman":
        return whole, whole
    return sum(m for name, m in mults if name.startswith(pao[1])) or whole, whole



def wareme_double(deltas: list[int], winner: int, wareme: int) -> None:
    """Wareme: double every payment (honba included) between the wareme seat and the
    winner, in place (``deltas`` holds the payers' negative amounts)."""
    for o in range(len(deltas)):
        if o != winner and wareme in (o, winner):
            deltas[o] *= 2



def accept_riichi(rnd: Any, s: int) -> None:
    p = rnd.players[s]
    p.ippatsu = True
    rnd.scores[s] -= rnd.rules.riichi_stick
    rnd.kyotaku += 1
    deltas = [0] * rnd._n
    deltas[s] = -rnd.rules.riichi_stick
    rnd._emit("reach_accepted", actor=s, deltas=deltas, scores=list(rnd.scores))


def check_pao(rnd: Any, o: int, d: int, m: MeldState) -> None:
    """Pao: the discarder who feeds the last dragon (wind) set is liable."""
    if m.kind not in ("pon", "daiminkan"):
        return
    melds = rnd.players[o].melds
    k = m.kind34
    sets = [x.kind34 for x in melds if x.kind != "chi"]
    if k in DRAGONS and rnd.rules.pao_daisangen and sum(x in DRAGONS for x in sets) == 3:
        rnd._pao[o] = (d, "daisangen")
    if k in WINDS and rnd.rules.pao_daisuushi and sum(x in WINDS for x in sets) == 4:
        rnd._pao[o] = (d, "daisuushi")
    kans = sum(1 for x in melds if x.kind in ("daiminkan", "ankan", "kakan"))
    if m.kind == "daiminkan" and getattr(rnd.rules, "pao_suukantsu", False) and kans == 4:
        rnd._pao[o] = (d, "suukantsu")


