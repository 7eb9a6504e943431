"""Abortive draws (tochuu ryuukyoku): one predicate per kind, each behind its ``Rules`` flag.

Kyuushu kyuuhai (``Rules.kyuushu_kyuuhai``: the turn seat's first draw, before any call, with
nine or more distinct terminal and honor kinds) is offered by the core with the turn's other
actions (:mod:`riichi.kyoku.turn`); the round aborts when it is declared.

Rules fields read: ``suufon_renda``, ``suucha_riichi``, ``suukaikan`` (the core reads it too:
no call on the discard it ends the round on), ``sanchahou``.
Rule source: Tenhou (https://tenhou.net/man/, 途中流局); RC45 (kyuushu kyuuhai only on the
own first draw of an uninterrupted first go-around).
"""

from __future__ import annotations

from typing import Any

from riichi.tiles import WINDS

__all__ = ["sanchahou", "suucha_riichi", "suufon_renda", "suukaikan"]


def suucha_riichi(rnd: Any) -> bool:
    """Every player has declared riichi (checked when the last riichi stick is accepted)."""
    return rnd.rules.suucha_riichi and all(p.riichi for p in rnd.players)


def suufon_renda(rnd: Any) -> bool:
    """The four first discards of an uninterrupted first go-around are one wind (checked
    when the fourth passes unclaimed)."""
    first = rnd._first_discards
    return (
        len(first) == 4
        and rnd.rules.suufon_renda
        and rnd._uninterrupted
        and first[0] in WINDS
        and len(set(first)) == 1
        and sum(p.discards_made for p in rnd.players) == 4
    )


def suukaikan(rnd: Any) -> bool:
    """Four kans declared, not all by one player: the next discard that is not won on ends
    the round (so it cannot be called either)."""
    kans = rnd._kans
    return len(kans) == 4 and rnd.rules.suukaikan and len(set(kans)) > 1


def sanchahou(rnd: Any, rons: list[int]) -> bool:
    """Three players declare ron on one discard (when multiple ron does not take the first
    only: :func:`riichi.kyoku.calls.ron_winners`)."""
    return len(rons) == 3 and rnd.rules.sanchahou
