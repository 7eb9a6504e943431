"""Settlement facts: riichi sticks, pao liability, and the point changes of wins and draws.

Rules fields read: ``riichi_stick``, ``pao_daisangen``, ``pao_daisuushi``, ``pao_suukantsu``,
``pao_scope``, ``honba_points`` (nagashi mangan as a win), ``wareme``, ``nagashi_mangan``, ``noten_payment``,
``noten_payment_split``,
``renchan``, ``keishiki_tenpai``, ``own_copies_tenpai``, ``tenpai_declaration``,
``pao_rinshan``, ``pao_honba``, ``nagashi_mangan_as``, ``noten_riichi_chombo``,
``chombo_penalty``; ``open_riichi`` through :mod:`riichi.kyoku.openriichi` (a deal-in into
an open riichi paid as a yakuman).
Rule source: Tenhou (https://tenhou.net/man/); worked cases RC40 (pao: a ron under pao is
split with the discarder, the liable player pays the honba), RC43 (multiple ron sticks),
RC08 (a wait on a fifth copy is noten); Mahjong Soul for ``pao_scope == "yakuman"``; the
EMA Riichi Competition Rules (2012 §3.4.2 tenpai, §3.4.6 chombo; 2016: voluntary noten
declaration, nagashi mangan as a win, the chombo penalty) for the options that differ.
"""

from __future__ import annotations

from typing import Any

from riichi import _core_api as core
from riichi.kyoku import openriichi
from riichi.kyoku.state import MeldState, Win
from riichi.tiles import DRAGONS, WINDS

__all__ = [
    "accept_riichi",
    "check_pao",
    "chombo_penalties",
    "counts_as_tenpai",
    "declare_noten",
    "exhaustive",
    "nagashi_winners",
    "next_honba",
    "noten_declaration_allowed",
    "noten_payments",
    "pao_part",
    "rinshan_feeder",
    "settle_win",
    "voided",
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
    return sum(m for name, m in mults if name == pao[1]) or whole, whole



def wareme_double(deltas: list[int], winner: int, wareme: int) -> None:
    """Wareme: double every payment (honba included) between the wareme seat and the
    winner, in place (``deltas`` holds the payers' negative amounts)."""
    for o in range(len(deltas)):
        if o != winner and wareme in (o, winner):
            deltas[o] *= 2



def accept_riichi(rnd: Any, s: int) -> None:
    p = rnd.players[s]
    p.ippatsu = True
    rnd._ippatsu = True  # a call breaks it (Round._break_ippatsu)
    rnd.scores[s] -= rnd.rules.riichi_stick
    p.seat.points = rnd.scores[s]
    rnd.kyotaku += 1
    deltas = [0] * rnd._n
    deltas[s] = -rnd.rules.riichi_stick
    rnd._emit("reach_accepted", actor=s, deltas=deltas, scores=list(rnd.scores))


def check_pao(rnd: Any, o: int, d: int, m: MeldState) -> None:
    """Pao: the discarder who feeds the last dragon (wind) set is liable; the round keeps
    ``(liable seat, the yakuman's name as riichi.score names it)``."""
    if m.kind not in ("pon", "daiminkan"):
        return
    k = m.kind34
    if k < 27 and m.kind == "pon":
        return  # a pon of a suit feeds no dragon or wind set, and no kan
    melds = rnd.players[o].melds
    sets = [x.kind34 for x in melds if x.kind != "chi"]
    if k in DRAGONS and rnd.rules.pao_daisangen and sum(x in DRAGONS for x in sets) == 3:
        rnd._pao[o] = (d, "daisangen")
    if k in WINDS and rnd.rules.pao_daisuushi and sum(x in WINDS for x in sets) == 4:
        rnd._pao[o] = (d, "daisuushii")
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
    made it liable; ``Rules.pao_honba`` says who pays the honba of a ron under pao. With
    ``Rules.pao_rinshan`` a rinshan kaihou on a daiminkan's replacement tile is paid whole
    by the kan tile's discarder (:func:`rinshan_feeder`), who is then the liable seat.
    A ron on a seat in open riichi is paid as a yakuman when
    :func:`riichi.kyoku.openriichi.deal_in_paid_as_yakuman` says so (``Rules.open_riichi``;
    the hora event's score fields stay the hand's own, its deltas show the payment).
    Wareme doubles the payments to and from the wareme seat.
    """
    rules = rnd.rules
    n = rnd._n
    deltas = [0] * n
    pao = rnd._pao.get(w)
    pao_seat = pao[0] if pao and pao[1] in core.yakuman_names(res) else None
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
    if (
        not tsumo
        and rnd.players[w].open_riichi
        and openriichi.deal_in_paid_as_yakuman(rules, rnd.events, w, from_seat)
    ):
        # a deal-in into an open riichi paid as a yakuman (Rules.open_riichi), or as the
        # hand if it is worth more (a yakuman of its own, or more under aotenjou)
        ron, worth = core.yakuman_ron(w == rnd.dealer, honba, rules)
        if ron > pays[from_seat]:
            pays[from_seat], value = ron, worth
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
    elif tsumo and rules.pao_rinshan and (fed := rinshan_feeder(rnd, w)) is not None:
        # rinshan kaihou on a daiminkan's replacement tile: the kan tile's discarder pays
        # what every payer would have paid, and the honba
        pao_seat = fed
        deltas[fed] -= sum(pays)
    elif pao_seat is not None and pao_seat != from_seat:
        # ron under pao: split with the discarder; the liable player pays honba (RC40);
        # pao_scope "yakuman": only its yakuman is split, the discarder pays the rest
        liable = value * part // whole
        half = liable // 2
        # the honba: the liable player's (RC40), half each, or the discarder's
        by_liable = {"liable": honba_total, "shared": honba_total // 2, "discarder": 0}[
            rules.pao_honba
        ]
        deltas[from_seat] -= value - liable + half + honba_total - by_liable
        deltas[pao_seat] -= liable - half + by_liable
    else:
        for o in range(n):
            deltas[o] -= pays[o]
    if rnd.wareme_seat is not None:
        wareme_double(deltas, w, rnd.wareme_seat)
    deltas[w] -= sum(deltas)
    deltas[w] += kyotaku * rules.riichi_stick
    return deltas, pao_seat


def rinshan_feeder(rnd: Any, w: int) -> int | None:
    """The seat that discarded the kan tile when ``w`` has just drawn the replacement tile
    of its own daiminkan (the events since are only that draw and dora indicators), else
    ``None``. For ``Rules.pao_rinshan``."""
    if not rnd._rinshan:
        return None
    events = rnd.events
    for i in range(len(events) - 2, -1, -1):  # events[-1]: the replacement draw itself
        ev = events[i]
        if ev.type == "dora":
            continue
        if ev.type == "daiminkan" and ev.actor == w:
            return int(ev.target)
        return None
    return None


def declare_noten(rnd: Any, seat: int) -> None:
    """Declare ``seat`` noten should the round end in an exhaustive draw (its hand is not
    shown, it pays or receives as noten, a dealer so declared does not keep the deal);
    ``Rules.tenpai_declaration == "voluntary"`` only (EMA RCR 2016 §3.4.2). A riichi
    declared later withdraws it: riichi hands must be shown.

    Raises:
        RiichiError: ``seat`` is not a seat.
        IllegalAction: the rules show every tenpai hand (``"automatic"``), the seat is in
            riichi, or the round is over.
    """
    from riichi.errors import IllegalAction
    from riichi.kyoku.state import check_seat

    check_seat(seat, rnd._n)
    if not noten_declaration_allowed(rnd.rules):
        raise IllegalAction(
            f"seat {seat} declares noten: Rules.tenpai_declaration is "
            f"{rnd.rules.tenpai_declaration!r} (every tenpai hand is shown)"
        )
    if rnd.players[seat].riichi:
        raise IllegalAction(f"seat {seat} declares noten in riichi: a riichi hand is shown")
    if rnd.result is not None:
        raise IllegalAction(f"seat {seat} declares noten: the round is over")
    rnd._noten_declared = getattr(rnd, "_noten_declared", frozenset()) | {seat}


def noten_declaration_allowed(rules: Any) -> bool:
    """Whether a tenpai player may declare noten (``Rules.tenpai_declaration``)."""
    return bool(rules.tenpai_declaration == "voluntary")


def _complete_with(counts: list[int]) -> bool:
    """Whether concealed counts (3n+2 tiles, a count may be 5) split into a pair and
    sets: the regular form, the only one a fifth copy can take."""
    for k in range(34):
        if counts[k] >= 2:
            counts[k] -= 2
            ok = _sets(counts, 0)
            counts[k] += 2
            if ok:
                return True
    return False


def _sets(counts: list[int], k: int) -> bool:
    while k < 34 and not counts[k]:
        k += 1
    if k == 34:
        return True
    if counts[k] >= 3:
        counts[k] -= 3
        ok = _sets(counts, k)
        counts[k] += 3
        if ok:
            return True
    if k < 27 and k % 9 <= 6 and counts[k + 1] and counts[k + 2]:
        for j in (k, k + 1, k + 2):
            counts[j] -= 1
        ok = _sets(counts, k)
        for j in (k, k + 1, k + 2):
            counts[j] += 1
        return ok
    return False


def own_copies_waits(p: Any) -> list[int]:
    """The kinds ``p``'s 3n+1 hand would win on with a fifth copy: kinds of which it holds
    all four itself (concealed and in melds), which the core never counts as waits."""
    out = []
    for k in range(34):
        if p.counts[k] + p.mcounts[k] == 4:
            counts = list(p.counts)
            counts[k] += 1
            if _complete_with(counts):
                out.append(k)
    return out


def _has_yaku_wait(rnd: Any, s: int) -> bool:
    """Whether ``s``'s tenpai hand could win on one of its waits, by ron or tsumo, with the
    round's winds and its riichi (situational yaku of the last tile left out)."""
    p = rnd.players[s]
    for k in p.waits:
        counts = list(p.counts)
        counts[k] += 1
        hand = core.make_hand(counts, p.cores, (0, 0, 0))
        for tsumo in (False, True):
            res = core.score(
                hand,
                k,
                tsumo=tsumo,
                riichi=p.riichi,
                seat_wind=27 + (s - rnd.dealer) % rnd._n,
                round_wind=27 + rnd.round_wind,
                rules=rnd.rules,
            )
            if core.is_win(res):
                return True
    return False


def counts_as_tenpai(rnd: Any, s: int) -> bool:
    """Whether seat ``s`` counts as tenpai at an exhaustive draw: it has a wait (the core's:
    never a fifth copy, RC08) or, with ``Rules.own_copies_tenpai``, a wait on a fifth copy;
    with ``Rules.keishiki_tenpai`` False a hand out of riichi needs a wait it could win on
    (a yaku); a seat that declared noten (:func:`declare_noten`) is noten."""
    p = rnd.players[s]
    rules = rnd.rules
    riichi = p.seat.riichi  # (the core's facts, read once: p.riichi, p.waits)
    if not riichi and s in getattr(rnd, "_noten_declared", ()):
        return False
    if p.seat.waits:
        return bool(rules.keishiki_tenpai) or riichi or _has_yaku_wait(rnd, s)
    if rules.own_copies_tenpai and (rules.keishiki_tenpai or riichi):
        return bool(own_copies_waits(p))
    return False


def exhaustive(rnd: Any) -> tuple[str, tuple[bool, ...], list[int], bool]:
    """The settlement of an exhaustive draw: ``(reason, tenpai per seat, deltas per seat,
    dealer continues)``.

    Tenpai per seat is :func:`counts_as_tenpai`. Nagashi mangan (``Rules.nagashi_mangan``;
    every discard a terminal or honor and none called away) is paid like a mangan tsumo,
    as the core's ``nagashi_mangan`` computes it, by every other player to each declarer;
    with ``Rules.nagashi_mangan_as == "win"`` the first declarer from the dealer also takes
    the honba (as a tsumo's) and the riichi sticks, and the dealer keeps the deal only as a
    declarer. Else noten payments go from the noten to the tenpai players
    (:func:`noten_payments`). The dealer keeps the deal when tenpai (``Rules.renchan ==
    "tenpai"``).

    A riichi player found noten with ``Rules.noten_riichi_chombo`` on (and no nagashi
    mangan counted as a win) voids the hand (EMA RCR 2012 §3.4.6): no noten or nagashi
    payment, the riichi sticks of the hand go back to their owners (``rnd.kyotaku``
    lowered), the dealer keeps the deal (:func:`voided`, :func:`next_honba`), and each
    offender pays a mangan (``"mangan"``: what each other player would pay it on a mangan
    tsumo) or owes :func:`chombo_penalties` at the end (``"penalty"``).
    """
    rules = rnd.rules
    n = rnd._n
    dealer = rnd.dealer
    players = rnd.players
    tenpai = tuple([counts_as_tenpai(rnd, s) for s in range(n)])
    deltas = [0] * n
    nagashi = [s for s in range(n) if rules.nagashi_mangan and players[s].nagashi]
    as_win = bool(nagashi) and rules.nagashi_mangan_as == "win"
    chombo: tuple[int, ...] = ()
    if rules.noten_riichi_chombo != "off" and not as_win:
        chombo = tuple(s for s in range(n) if players[s].riichi and not tenpai[s])
    rnd._chombo = chombo
    reason = "exhaustive"
    if chombo:
        for s in chombo:
            if rules.noten_riichi_chombo == "mangan":
                from_dealer, from_other, _ = core.nagashi_mangan(s == dealer, rules)
                for o in range(n):
                    if o != s:
                        pay = from_dealer if o == dealer else from_other
                        deltas[o] += pay
                        deltas[s] -= pay
        for s in range(n):  # the hand is void: this hand's riichi sticks go back
            if players[s].riichi and rnd.kyotaku:
                deltas[s] += rules.riichi_stick
                rnd.kyotaku -= 1
        return reason, tenpai, deltas, True
    if nagashi:
        reason = "nagashi_mangan"
        for s in nagashi:
            from_dealer, from_other, _ = core.nagashi_mangan(s == dealer, rules)
            for o in range(n):
                if o != s:
                    pay = from_dealer if o == dealer else from_other
                    deltas[o] -= pay
                    deltas[s] += pay
        if as_win:
            first = min(nagashi, key=lambda s: (s - dealer) % n)
            share = rnd.honba * rules.honba_points // (n - 1)
            for o in range(n):
                if o != first:
                    deltas[o] -= share
                    deltas[first] += share
            deltas[first] += rnd.kyotaku * rules.riichi_stick
            rnd.kyotaku = 0
            return reason, tenpai, deltas, dealer in nagashi
    else:
        deltas = noten_payments(tenpai, rules)
    cont = tenpai[dealer] if rules.renchan == "tenpai" else False
    return reason, tenpai, deltas, cont


def noten_payments(tenpai: tuple[bool, ...], rules: Any) -> list[int]:
    """The noten payments of an exhaustive draw: points per seat (tenpai players receive,
    noten players pay; they sum to 0), from who is tenpai (one bool per seat).

    ``Rules.noten_payment_split == "total"``: ``Rules.noten_payment`` is the total, shared
    equally by the tenpai players (the usual 場3000: 1 tenpai +3,000, 2 tenpai +1,500
    each, 3 tenpai +1,000 each); ``"per_tenpai"``: each tenpai player receives the whole
    ``Rules.noten_payment`` (Riichi City's sanma, 2,000: 2 tenpai +2,000 each, the noten
    player -4,000). The noten players pay in equal shares. Nothing moves when every seat
    or none is tenpai, or when ``Rules.noten_payment`` is 0. ``Rules`` checks that every
    share is a whole number of points.
    """
    n = len(tenpai)
    ready = sum(tenpai)
    if not rules.noten_payment or not 0 < ready < n:
        return [0] * n
    total = rules.noten_payment
    if rules.noten_payment_split == "per_tenpai":
        total *= ready
    return [total // ready if t else -(total // (n - ready)) for t in tenpai]


def nagashi_winners(rnd: Any) -> list[int]:
    """The seats whose nagashi mangan ended the finished round ``rnd`` as a win
    (``Rules.nagashi_mangan_as == "win"``: they have won a hand for yakitori, and a dealer
    among them stops by agari-yame, not tenpai-yame); empty otherwise."""
    res = rnd.result
    if res is None or res.reason != "nagashi_mangan" or rnd.rules.nagashi_mangan_as != "win":
        return []
    return [s for s in range(rnd._n) if rnd.players[s].nagashi]


def voided(rnd: Any) -> bool:
    """Whether the finished round was voided by a chombo (:func:`exhaustive`): it is dealt
    again with the same dealer and honba, like an abortive draw."""
    return bool(getattr(rnd, "_chombo", ()))


def chombo_penalties(rnd: Any) -> list[int]:
    """Per seat, the points the finished round's chombo takes off the final points
    (``Rules.noten_riichi_chombo == "penalty"``: ``Rules.chombo_penalty`` each), else 0."""
    out = [0] * rnd._n
    if rnd.rules.noten_riichi_chombo == "penalty":
        for s in getattr(rnd, "_chombo", ()):
            out[s] -= rnd.rules.chombo_penalty
    return out


def next_honba(rnd: Any, honba: int, renchan: bool) -> int:
    """The honba of the next round after the finished round ``rnd`` (its result set) with
    ``honba`` counters, given whether the dealer keeps the deal (``renchan``, the game's
    decision): +1 after a renchan or a draw, 0 after a win that passes the deal; the same
    after a voided hand (chombo, EMA: "no counter is placed"); a nagashi mangan counted as
    a win (``Rules.nagashi_mangan_as``) resets it when the deal passes."""
    res = rnd.result
    if voided(rnd):
        return honba
    if res.reason == "nagashi_mangan" and rnd.rules.nagashi_mangan_as == "win":
        return honba + 1 if renchan else 0
    if renchan or res.kind in ("exhaustive", "abortive"):
        return honba + 1
    return 0


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
