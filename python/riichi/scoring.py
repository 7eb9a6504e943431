"""Scoring a winning hand: :func:`score` and its result type :class:`ScoreResult`."""

from __future__ import annotations

from typing import NamedTuple

from riichi import _core
from riichi._core import ScoreResult
from riichi.rules import Rules

__all__ = ["YAKU_IDS", "Payment", "ScoreResult", "nagashi_mangan", "payment", "score"]

_DEFAULT = Rules()

#: Tenhou yaku id -> romaji name (local yaku from 60 on).
YAKU_IDS: dict[int, str] = dict(_core.yaku_table())


#: Score a winning hand (the Rust function itself: no Python frame in between). Every bad
#: argument raises a RiichiError naming it; see ``help(riichi.score)``.
score = _core.score


def nagashi_mangan(dealer: bool, rules: Rules | None = None) -> tuple[int, int, int]:
    """Nagashi mangan settlement, paid like a mangan tsumo without honba or kyotaku.

    Args:
        dealer: the declarer is the dealer.
        rules: the rules (player count: three players pay a tsumo between two); None:
            Tenhou's (``Rules()``).

    Returns:
        ``(dealer_share, nondealer_share, total)`` in points; ``dealer_share`` is 0 when the
        declarer is the dealer (Tenhou: 4000 all / 2000-4000).

    Raises:
        RiichiError: ``dealer`` not a bool, or ``rules`` not a :class:`riichi.Rules`.

    Example:
        >>> riichi.nagashi_mangan(True), riichi.nagashi_mangan(False)
        ((0, 4000, 12000), (4000, 2000, 8000))
    """
    # a Rules, None (Tenhou) or anything else: the core names a wrong type (RiichiError)
    return _core.nagashi_mangan(dealer, _DEFAULT if rules is None else rules)


class Payment(NamedTuple):
    """What a win of a given value pays (:func:`payment`); every amount in points.

    Attributes:
        basic_points: fu x 2^(han+2), or the limit's value (mangan 2000 .. yakuman 8000 per
            multiple).
        limit: ``"mangan"``, ``"haneman"``, ``"baiman"``, ``"sanbaiman"``,
            ``"kazoe_yakuman"``, ``"yakuman"``, ``"double_yakuman"`` ... or None.
        ron: a ron: what the discarder pays, honba included (0 on a tsumo).
        tsumo_dealer: a non-dealer's tsumo: the dealer's share, honba included (else 0).
        tsumo_nondealer: a tsumo: each non-dealer's share, honba included (0 on a ron).
        kyotaku: riichi sticks collected.
        total: the winner's whole gain (honba and kyotaku included).
        value: the hand's value without honba and kyotaku (what Tenhou writes).
    """

    basic_points: int
    limit: str | None
    ron: int
    tsumo_dealer: int
    tsumo_nondealer: int
    kyotaku: int
    total: int
    value: int


def payment(
    han: int,
    fu: int,
    *,
    dealer: bool,
    tsumo: bool,
    honba: int = 0,
    kyotaku: int = 0,
    yakuman: int = 0,
    rules: Rules | None = None,
) -> Payment:
    """The payments of a win worth ``han`` han and ``fu`` fu (the han/fu table as a function).

    Args:
        han: han, dora included, 1..1000 (0 allowed with ``yakuman``).
        fu: 20, 25 or a multiple of 10 from 30 to 170 (0 allowed with ``yakuman``). 20 and
            25 fu only as some hand scores them under ``rules`` (Tenhou's fu counting): 20
            fu is pinfu tsumo (2 han or more; ``rules.pinfu_tsumo``) or, by ron, an open
            hand with no fu when ``rules.open_pinfu_ron_fu`` leaves it at 20 (``"20"``: 1
            han or more, ``"30_at_1han"``: 2 or more; never under Tenhou's ``"30"``); 25
            fu is chiitoitsu under ``chiitoitsu_value="25fu_2han"`` (2 han or more by ron,
            3 by tsumo). E.g. 1 han 20 fu by ron and 1 han 25 fu are refused by default.
            At the high end, no more fu than a hand without yakuman scores at ``han``
            (see *Most fu* below).
        dealer: the winner is the dealer.
        tsumo: a self-draw (else a ron).
        honba: honba counters, ``rules.honba_points`` each in total (Tenhou 300: a ron pays
            it all, a tsumo 100 from each payer).
        kyotaku: riichi sticks the winner collects, ``rules.riichi_stick`` each.
        yakuman: yakuman multiples (8000 basic points each); ``han`` and ``fu`` then count
            only under ``rules.aotenjou``.
        rules: the limits, kiriage mangan, kazoe yakuman, aotenjou, honba and stick values
            and the player count (three players: a tsumo is paid by the two others only,
            Tenhou's tsumo loss). Default Tenhou (``Rules()``).

    Most fu:
        Fu come from kans and terminal or honor sets, and those bring yaku: three kans
        are sankantsu (2 han), three concealed sets sanankou (2), four triplets toitoi
        (2), all terminals and honors honroutou (2); four kans or four concealed sets are
        a yakuman (pass ``yakuman``). With ``p`` the best pair (a dragon 2, a double wind
        ``rules.double_wind_pair_fu``), the most fu before rounding up to 10 is, by ron
        (closed: 30 to start): 1 han 98 + p (2 ankans of terminals or honors, a triplet
        completed on a shanpon, a sequence, riichi); 2-3 han 104 + p (2 ankans and a
        concealed triplet: sanankou; wait 2); 4-7 han 128 + p (3 ankans: sanankou and
        sankantsu); 8 han and more 130 + p (3 ankans and a shanpon triplet, all terminals
        and honors). By tsumo (22 to start): 1 han 92 + p (open: 2 ankans, a dragon pon,
        a sequence, wait 2); 2-3 han 104 + p (2 ankans and a minkan: sankantsu); from 4
        han 120 + p (3 ankans and a chi), at most 124 + p. So on Tenhou (p = 4): ron 110
        fu at 1-3 han, 140 from 4; tsumo 100 at 1 han, 110 at 2-3, 130 from 4 (1 han 110
        fu by ron only). With a 2-fu double wind pair (``Rules.m_league()``,
        ``Rules.wrc()``): ron 100 fu at 1 han, 130 at 4-7 han. A three-player game has no
        chi and reaches 110 fu by tsumo at 4 han, but :func:`score` takes a chi under
        those rules, so 130 stays allowed. Under ``rules.aotenjou`` a yakuman counts 13
        han, so from 13 han any fu goes. Checked against :func:`score` over every hand of
        four kans, triplets and sequences worth 100 fu or more
        (``tests/test_payment_fu.py``).

    Returns:
        A :class:`Payment`, every amount in points (ints).

    Raises:
        RiichiError: a value out of its range (named), a han/fu pair no hand scores
            under ``rules`` (named with tsumo or ron, e.g. ``1 han 20 fu by ron``, ``1 han
            120 fu by ron``: at most 110 fu at 1 han), an argument of the wrong type, or
            under aotenjou a value beyond 2^31 - 1 points.

    Example:
        >>> riichi.payment(4, 30, dealer=False, tsumo=False).ron
        7700
        >>> riichi.payment(4, 30, dealer=True, tsumo=False).ron
        11600
        >>> riichi.payment(4, 30, dealer=False, tsumo=False,
        ...                rules=riichi.Rules(kiriage_mangan=True)).ron
        8000
        >>> p = riichi.payment(1, 30, dealer=False, tsumo=True, honba=1, kyotaku=2)
        >>> p.tsumo_dealer, p.tsumo_nondealer, p.total
        (600, 400, 3400)
        >>> riichi.payment(1, 120, dealer=False, tsumo=False)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        riichi.RiichiError: invalid han/fu: 1 han 120 fu by ron: ... at most 110 fu ...
    """
    return Payment(
        *_core.payment(
            han,
            fu,
            dealer=dealer,
            tsumo=tsumo,
            honba=honba,
            kyotaku=kyotaku,
            yakuman=yakuman,
            rules=_DEFAULT if rules is None else rules,
        )
    )
