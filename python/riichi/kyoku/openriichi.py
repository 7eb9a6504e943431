"""Open riichi (オープンリーチ): whether it is offered, and what a deal-in into it pays.

A seat declares it with ``Riichi(..., open=True)`` (offered beside each riichi discard by
:mod:`riichi.kyoku.turn`); the round marks the seat (``SeatHand.open_riichi``, so its wins
score the yaku ``open_riichi``, 1 han on top of riichi), its ``reach`` event carries
``open=True`` and every observation shows its concealed hand. The settlement
(:mod:`riichi.kyoku.settlement`) asks :func:`deal_in_paid_as_yakuman` on each ron.

Rules fields read: ``open_riichi``.
Rule source: ja.wikipedia "開立直" (2 han; a deal-in by a player not in riichi is commonly
paid as a yakuman, by one already in riichi before the open riichi as scored);
kinmaweb.jp "オープンリーチ" (riichi players pay the 2-han hand); riichi.wiki "Riichi"
(open riichi: one extra han, the yakuman an optional rule).
"""

from __future__ import annotations

from typing import Any

__all__ = ["deal_in_paid_as_yakuman", "offered"]


def offered(rules: Any) -> bool:
    """Whether open riichi exists (``Rules.open_riichi`` is not ``"off"``): each riichi
    discard is then offered open too."""
    return rules.open_riichi != "off"  # type: ignore[no-any-return]


def deal_in_paid_as_yakuman(rules: Any, events: Any, winner: int, payer: int) -> bool:
    """Whether ``payer``'s deal-in into ``winner``'s open riichi is paid as a yakuman.

    ``events`` are the round's events so far (their ``reach`` / ``reach_accepted`` say who
    declared what, in which order). ``"yakuman_non_riichi"``: when ``payer``'s riichi was
    not accepted (not in riichi, or its declaration tile is the one dealt in);
    ``"yakuman_except_earlier_riichi"``: unless ``payer``'s riichi was accepted before
    ``winner``'s open riichi was declared; ``"no_yakuman"`` / ``"off"``: never. False when
    ``winner`` did not declare open riichi.
    """
    rule = rules.open_riichi
    if rule in ("off", "no_yakuman") or payer == winner:
        return False
    declared = -1
    accepted = -1
    for i, ev in enumerate(events):
        t = ev.type
        if t == "reach" and ev.actor == winner and getattr(ev, "open", None):
            declared = i
        elif t == "reach_accepted" and ev.actor == payer:
            accepted = i
    if declared < 0:
        return False
    if rule == "yakuman_non_riichi":
        return accepted < 0
    return not 0 <= accepted < declared
