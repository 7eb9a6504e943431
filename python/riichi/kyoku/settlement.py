"""Settlement facts: riichi sticks, pao liability, and the point changes of wins and draws.

Rules fields read: ``riichi_stick``, ``pao_daisangen``, ``pao_daisuushi``, ``pao_suukantsu``,
``pao_scope``, ``wareme``, ``nagashi_mangan``, ``noten_payment``,
``renchan``.
Rule source: Tenhou (https://tenhou.net/man/); worked cases RC40 (pao: a ron under pao is
split with the discarder, the liable player pays the honba), RC43 (multiple ron sticks);
Mahjong Soul for ``pao_scope == "yakuman"``.
"""

from __future__ import annotations

from typing import Any

from riichi import _core_api as core
from riichi.kyoku.state import MeldState, Win
from riichi.tiles import DRAGONS, WINDS

__all__ = [
    "accept_riichi",
    "check_pao",
    "exhaustive",
    "pao_part",
    "settle_win",
    "wareme_double",
    "wareme_seat",
    "win_deltas",
]


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
    p.seat.points = rnd.scores[s]
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


def win_deltas(
    rnd: Any, w: int, from_seat: int, res: Any, tsumo: bool, honba: int, kyotaku: int
) -> tuple[list[int], int | None]:
    """One winner's point changes per seat and the liable seat (pao) or ``None``.

    ``w`` wins on ``from_seat``'s tile (``from_seat == w`` on a tsumo) with the core score
    ``res``, scored with the ``honba`` counters paid with this win (``Rules.honba_points``
    each, in the core's payments) and ``kyotaku`` sticks (``Rules.riichi_stick`` each; the
    first winner of a multiple ron takes both). Pao: the liable player pays a tsumo alone and half a ron
    (RC40), the honba too; ``Rules.pao_scope == "yakuman"`` limits that to the yakuman that
    made it liable. Wareme doubles the payments to and from the wareme seat.
    """
    rules = rnd.rules
    n = rnd._n
    deltas = [0] * n
    pao = rnd._pao.get(w)
    # the core names daisuushi, the event model daisuushii: match the stem
    names = core.yakuman_names(res)
    pao_seat = pao[0] if pao and any(n.startswith(pao[1]) for n in names) else None
    # what each seat pays for a plain win, honba included: the core's payments, scored with
    # this win's honba (the only place honba is added)
    pays = [0] * n
    if tsumo:
        for o in range(n):
            if o != w:
                dealer = o == rnd.dealer
                pays[o] = res.tsumo_dealer_payment if dealer else res.tsumo_nondealer_payment
    else:
        pays[from_seat] = res.ron_payment
    value = res.points  # the hand's value without honba
    honba_total = sum(pays) - value
    # Tenhou applies pao to the whole hand, also when another yakuman is combined
    # (log 2019103023gm-00a9-0000-f90e0fe9: daisangen + tsuuiisou tsumo, 64000 + honba
    # paid by the liable player alone).
    part, whole = pao_part(res, pao, rules.pao_scope) if pao_seat is not None else (1, 1)
    if tsumo and pao_seat is not None and part < whole:
        # pao_scope "yakuman" (MS): the liable player pays its yakuman and the honba,
        # the other yakuman are paid as any tsumo
        deltas[pao_seat] -= value * part // whole + honba_total
        honba_each = honba_total // (n - 1)
        for o in range(n):
            if o != w:
                deltas[o] -= (pays[o] - honba_each) * (whole - part) // whole
    elif tsumo and pao_seat is not None:
        # tsumo under pao: the liable player pays the whole hand and the honba
        deltas[pao_seat] -= sum(pays)
    elif pao_seat is not None and pao_seat != from_seat:
        # ron under pao: split with the discarder; the liable player pays honba (RC40);
        # pao_scope "yakuman": only its yakuman is split, the discarder pays the rest
        liable = value * part // whole
        half = liable // 2
        deltas[from_seat] -= value - liable + half
        deltas[pao_seat] -= liable - half + honba_total
    else:
        for o in range(n):
            deltas[o] -= pays[o]
    if rnd.wareme_seat is not None:
        wareme_double(deltas, w, rnd.wareme_seat)
    deltas[w] -= sum(deltas)
    deltas[w] += kyotaku * rules.riichi_stick
    return deltas, pao_seat


def exhaustive(rnd: Any) -> tuple[str, tuple[bool, ...], list[int], bool]:
    """The settlement of an exhaustive draw: ``(reason, tenpai per seat, deltas per seat,
    dealer continues)``.

    Nagashi mangan (``Rules.nagashi_mangan``; every discard a terminal or honor and none
    called away) is paid like a mangan tsumo, as the core's ``nagashi_mangan`` computes it,
    by every other player to each declarer; else noten payments (``Rules.noten_payment``
    points in all, ``True`` meaning 3000) go from the noten to the tenpai players. The
    dealer keeps the deal when tenpai (``Rules.renchan == "tenpai"``).
    """
    rules = rnd.rules
    n = rnd._n
    dealer = rnd.dealer
    tenpai = tuple(bool(p.waits) for p in rnd.players)
    deltas = [0] * n
    nagashi = [s for s in range(n) if rules.nagashi_mangan and rnd.players[s].nagashi]
    reason = "exhaustive"
    if nagashi:
        reason = "nagashi_mangan"
        for s in nagashi:
            from_dealer, from_other, _ = core.nagashi_mangan(s == dealer, rules)
            for o in range(n):
                if o != s:
                    pay = from_dealer if o == dealer else from_other
                    deltas[o] -= pay
                    deltas[s] += pay
    elif rules.noten_payment:
        total = 3000 if rules.noten_payment is True else int(rules.noten_payment)
        ready = sum(tenpai)
        if 0 < ready < n:
            for s in range(n):
                deltas[s] = total // ready if tenpai[s] else -total // (n - ready)
    cont = tenpai[dealer] if rules.renchan == "tenpai" else False
    return reason, tenpai, deltas, cont


def wareme_seat(rules: Any, wall: Any, dealer: int) -> int | None:
    """With ``Rules.wareme`` and a wall with dice, the seat whose wall section is broken
    (``(dealer + dice total - 1) % players``): its win payments, paid or received, are
    doubled (:func:`win_deltas`); else ``None``."""
    if getattr(rules, "wareme", False) and wall.dice is not None:
        return (dealer + wall.dice[0] + wall.dice[1] - 1) % rules.num_players
    return None


def settle_win(
    rnd: Any, w: int, from_seat: int, tile: int, res: Any, tsumo: bool, honba: int, kyotaku: int
) -> Win:
    """One winner's :class:`~riichi.kyoku.state.Win`: its point changes (:func:`win_deltas`),
    the liable seat, and the uradora indicators when it won in riichi."""
    deltas, pao_seat = win_deltas(rnd, w, from_seat, res, tsumo, honba, kyotaku)
    ura = tuple(rnd.wall.ura_indicator(i) for i in range(rnd._dora_revealed))
    return Win(
        w,
        from_seat,
        tile,
        res,
        pao_seat,
        tuple(deltas),
        ura if rnd.players[w].riichi else (),
    )
