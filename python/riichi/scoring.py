"""Scoring a winning hand: :func:`score` and its result type :class:`ScoreResult`."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Union

from riichi import _core
from riichi._core import Hand, ScoreResult
from riichi.rules import Rules

__all__ = ["YAKU_IDS", "ScoreResult", "nagashi_mangan", "score"]

TileLike = Union[str, int]

_DEFAULT = Rules()

#: Tenhou yaku id -> romaji name (local yaku from 60 on).
YAKU_IDS: dict[int, str] = dict(_core.yaku_table())


def _rules(rules: Rules | None) -> _core.ScoringRules:
    return (_DEFAULT if rules is None else rules).scoring()


def score(
    hand: Hand | str,
    win_tile: TileLike,
    *,
    tsumo: bool = False,
    riichi: bool = False,
    double_riichi: bool = False,
    ippatsu: bool = False,
    haitei: bool = False,
    houtei: bool = False,
    rinshan: bool = False,
    chankan: bool = False,
    tenhou: bool = False,
    chiihou: bool = False,
    renhou: bool = False,
    seat_wind: TileLike = "E",
    round_wind: TileLike = "E",
    dora_indicators: str | Iterable[TileLike] = (),
    ura_indicators: str | Iterable[TileLike] = (),
    honba: int = 0,
    kyotaku: int = 0,
    nukidora: int = 0,
    rules: Rules | None = None,
) -> ScoreResult:
    """Score a winning hand: yaku, fu, han, limit and payments.

    Args:
        hand: The hand with the winning tile among its concealed tiles (14 tiles, each kan
            counted as 3): a :class:`riichi.Hand` or mpsz text with melds after spaces, e.g.
            ``"678m567p88s pon:111z kakan:2222z"``. Red fives (``0``) are counted as aka dora;
            for a chankan of a red five pass the hand holding the red five.
        win_tile: The winning tile, mpsz (``"5m"``; ``"0m"`` allowed) or kind 0..33.
        tsumo: Self-draw (rinshan included). False for ron and chankan.
        riichi, double_riichi, ippatsu, haitei, houtei, rinshan, chankan: Situational yaku
            (the caller knows the situation; the scorer trusts the flags).
        tenhou, chiihou, renhou: First-go-around wins (renhou valued by ``rules.renhou``).
        seat_wind: ``"E"``/``"S"``/``"W"``/``"N"``, ``"1z"``..``"4z"`` or kind 27..30;
            East means the winner is the dealer.
        round_wind: Same encoding.
        dora_indicators: Indicators (not the dora), mpsz text (``"1m5z"``) or a sequence.
        ura_indicators: Uradora indicators; counted only with riichi or double riichi.
        honba: Honba counters (``rules.honba_points`` each, Tenhou 300).
        kyotaku: Riichi sticks on the table; the winner collects ``rules.riichi_stick`` each.
        nukidora: North tiles set aside in three-player games (each a dora).
        rules: A :class:`riichi.Rules`; default ``Rules()`` (Tenhou).

    Returns:
        A frozen :class:`ScoreResult`. A hand that is not complete has ``is_agari`` False; a
        complete hand without yaku has ``has_yaku`` False; both with zero points.

    Raises:
        InvalidTile: bad tile notation or kind.
        InvalidHand: a hand that cannot exist.
        RiichiError: a hand of the wrong size, a winning tile not in the concealed tiles, a
            non-wind seat/round wind, more red fives than ``rules.red_fives``.
    """
    return _core.score(
        hand,
        win_tile,
        tsumo=tsumo,
        riichi=riichi,
        double_riichi=double_riichi,
        ippatsu=ippatsu,
        haitei=haitei,
        houtei=houtei,
        rinshan=rinshan,
        chankan=chankan,
        tenhou=tenhou,
        chiihou=chiihou,
        renhou=renhou,
        seat_wind=seat_wind,
        round_wind=round_wind,
        dora_indicators=dora_indicators,
        ura_indicators=ura_indicators,
        honba=honba,
        kyotaku=kyotaku,
        nukidora=nukidora,
        rules=_rules(rules),
    )


def nagashi_mangan(dealer: bool, rules: Rules | None = None) -> tuple[int, int, int]:
    """Nagashi mangan settlement, paid like a mangan tsumo without honba or kyotaku.

    Returns:
        ``(dealer_share, nondealer_share, total)`` in points; ``dealer_share`` is 0 when the
        declarer is the dealer (Tenhou: 4000 all / 2000-4000).
    """
    return _core.nagashi_mangan(dealer, _rules(rules))
