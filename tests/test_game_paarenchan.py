"""Paarenchan in real play: the Game counts the dealer's wins in a row and the scorer
(``Rules.paarenchan``, the core's ``renchan >= 7``) awards the eighth.

Each scripted round deals the dealer ``123m456p789s1122z`` and draws it ``2z`` first: a
tenhou on the first draw, so a test plays a win in one step; ``tobi=False`` keeps the
others playing below zero. Rule source: riichi.wiki "Optional yaku" (paarenchan, the
eighth consecutive hand won), Japanese Wikipedia 八連荘 (wins only: a draw between breaks
the run).
"""

from __future__ import annotations

import pytest

import riichi
from engine_support import base_rules
from riichi.actions import Discard, Pass, Tsumo
from riichi.game import Game
from scripted import scripted_wall

HANDS = ["123m456p789s1122z", "147m258p369s3344z", "258m369p147s3456z", "369m147p258s5677z"]
TENHOU = scripted_wall(HANDS, draws="2z")  # the dealer wins on its first draw
NO_WIN = scripted_wall(HANDS, draws="9m")  # tenpai on 1z/2z, a draw if nobody wins


def _win(g: Game):
    """The dealer's tsumo, and its score."""
    dealer = g.round.dealer
    g.step(next(a for a in g.legal_actions(dealer) if isinstance(a, Tsumo)))
    (win,) = g.rounds[-1].wins
    assert win.seat == dealer
    return win.score


def _draw_out(g: Game) -> None:
    """Everyone discards what they draw and passes every claim, to the exhaustive draw."""
    n = len(g.rounds)
    while len(g.rounds) == n:
        seat = g.seats_to_act[0]
        legal = g.legal_actions(seat)
        passes = [a for a in legal if isinstance(a, Pass)]
        drawn = [a for a in legal if isinstance(a, Discard) and a.tsumogiri]
        g.step(passes[0] if passes else drawn[0])


def test_the_dealers_eighth_win_in_a_row_is_paarenchan():
    rules = base_rules().replace(paarenchan=True, tobi=False)
    g = Game(rules, walls=[TENHOU] * 9)
    scores = [_win(g) for _ in range(9)]
    for k, s in enumerate(scores[:7]):
        assert s.yakuman == [("tenhou", 1)], k
    assert ("paarenchan", 1) in scores[7].yakuman and ("tenhou", 1) in scores[7].yakuman
    assert scores[7].points == 2 * scores[6].points  # a double yakuman now (stacking)
    assert ("paarenchan", 1) in scores[8].yakuman  # the ninth in a row too (renchan >= 7)


def test_no_paarenchan_when_the_rule_is_off():
    g = Game(base_rules().replace(tobi=False), walls=[TENHOU] * 8)
    assert all(_win(g).yakuman == [("tenhou", 1)] for _ in range(8))


def test_a_draw_between_breaks_the_run():
    rules = base_rules().replace(paarenchan=True, tobi=False)
    g = Game(rules, walls=[TENHOU] * 7 + [NO_WIN] + [TENHOU] * 8)
    for _ in range(7):
        _win(g)
    _draw_out(g)
    res = g.rounds[-1]
    assert res.kind == "exhaustive" and res.tenpai[0] and res.dealer_continues  # renchan
    later = [_win(g) for _ in range(8)]  # the 8th win in 9 rounds, then 8 in a row again
    assert all(("paarenchan", 1) not in s.yakuman for s in later[:7])
    assert ("paarenchan", 1) in later[7].yakuman


@pytest.mark.parametrize("bad", [-1, True, 1.5, "3", None])
def test_a_round_refuses_a_dealer_run_that_is_not_a_count(bad):
    with pytest.raises(riichi.RiichiError, match="dealer_wins_in_a_row"):
        riichi.Round(riichi.Rules(), riichi.Wall.from_seed(1), dealer_wins_in_a_row=bad)


def test_a_round_takes_the_dealer_run_it_is_given():
    rnd = riichi.Round(riichi.Rules(), riichi.Wall.from_seed(1), dealer_wins_in_a_row=7)
    assert rnd.dealer_wins_in_a_row == 7
    assert riichi.Round(riichi.Rules(), riichi.Wall.from_seed(1)).dealer_wins_in_a_row == 0
