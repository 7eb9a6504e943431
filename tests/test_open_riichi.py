"""Open riichi (``Rules.open_riichi``, issue 16): offered only when the rules have it, one han
more in the score (three with a double riichi), a deal-in paid as a yakuman by the variant's
payers, the hand in every seat's observation, and a self-played game whose mjai log verifies
while mjlog and tenhou.net/6 refuse it.

The scripted round: seat 0 (the dealer) holds 123m456p789s2345s (waits 2s and 5s) and seat 1
999m111p777p888p4z (tenpai on 4z); seat 1 deals in with a drawn 5s.
"""

from __future__ import annotations

import json
import pickle
import random

import pytest

import riichi
from riichi import IllegalAction, LogFormatError, RiichiError, Rules
from riichi.actions import Discard, Kakan, Pon, Riichi, Ron, Tsumo
from riichi.events import GameLog, Reach, event_from_mjai
from riichi.game import Game
from riichi.logs import parse_log, to_mjai_lines, to_mjlog, to_tenhou6
from riichi.replay import replay_game
from riichi.round import Round
from scripted import pass_all, scripted_wall, tsumogiri

DEALER = "123m456p789s2345s"
OTHER = "999m111p777p888p4z"
VARIANTS = ("yakuman_non_riichi", "yakuman_except_earlier_riichi", "no_yakuman")


def _round(rule: str, draws: str) -> Round:
    return Round(Rules(open_riichi=rule), scripted_wall([DEALER, OTHER, "", ""], draws))


def _riichi(r: Round, seat: int, *, open: bool) -> Riichi:
    """Seat ``seat`` declares riichi (open or not) with the tile it just drew."""
    acts = [a for a in r.legal_actions(seat) if isinstance(a, Riichi) and a.tsumogiri]
    act = next(a for a in acts if a.open is open)
    r.step(act)
    pass_all(r)
    return act


def _ron(r: Round) -> tuple[tuple[int, ...], int]:
    """Seat 1 discards the 5s it drew, seat 0 rons it: the round's point changes and what
    the hand is worth as scored (its ron payment)."""
    tsumogiri(r, 1, auto_pass=False)
    r.step(Ron(0))
    pass_all(r)
    assert r.result is not None and r.result.kind == "ron"
    (win,) = r.result.wins
    return tuple(r.result.deltas), win.score.ron_payment


# --------------------------------------------------------------------------- the action


def test_open_riichi_is_offered_beside_each_riichi_only_when_the_rules_have_it():
    r = _round("off", "7z")
    riichis = [a for a in r.legal_actions(0) if isinstance(a, Riichi)]
    assert riichis and not any(a.open for a in riichis)
    with pytest.raises(IllegalAction, match="no open riichi"):
        r.step(Riichi(0, riichis[0].tile, riichis[0].tsumogiri, open=True))
    for rule in VARIANTS:
        acts = [a for a in _round(rule, "7z").legal_actions(0) if isinstance(a, Riichi)]
        closed = [a for a in acts if not a.open]
        assert closed == riichis  # the riichi listing itself is unchanged
        assert [a for a in acts if a.open] == [
            Riichi(a.seat, a.tile, a.tsumogiri, open=True) for a in closed
        ]
        # never offered where riichi is not: a plain discard has no open form
        assert not any(isinstance(a, Discard) and getattr(a, "open", False) for a in acts)


def test_the_reach_event_carries_open_and_closed_reach_is_unchanged():
    r = _round("yakuman_non_riichi", "7z")
    _riichi(r, 0, open=True)
    reach = next(e for e in r.events if isinstance(e, Reach))
    assert reach.open is True
    assert reach.to_mjai() == {"type": "reach", "actor": 0, "open": True}
    assert event_from_mjai(reach.to_mjai()) == reach
    closed = _round("yakuman_non_riichi", "7z")
    _riichi(closed, 0, open=False)
    reach = next(e for e in closed.events if isinstance(e, Reach))
    assert reach.open is None and reach.to_mjai() == {"type": "reach", "actor": 0}
    assert repr(Riichi(0, 4)) == "Riichi(seat=0, tile=4 (2m), tsumogiri=False)"


# --------------------------------------------------------------------------- the score


@pytest.mark.parametrize("rule", VARIANTS)
def test_open_riichi_is_two_han_and_three_with_double_riichi(rule):
    rules = Rules(open_riichi=rule)
    hand = "123m456p789s123s11z"  # riichi is the only yaku (no pinfu on the 1z pair)
    r = riichi.score(hand, "1s", riichi=True, rules=rules)
    o = riichi.score(hand, "1s", riichi=True, open_riichi=True, rules=rules)
    d = riichi.score(hand, "1s", double_riichi=True, open_riichi=True, rules=rules)
    assert (r.han, o.han, d.han) == (1, 2, 3)
    assert o.yaku == [("riichi", 1), ("open_riichi", 1)]
    assert d.yaku == [("double_riichi", 2), ("open_riichi", 1)]
    assert o.points > r.points
    # a tsumo scores the same way (menzen tsumo on top), paid normally
    t = riichi.score(hand, "1s", tsumo=True, riichi=True, open_riichi=True, rules=rules)
    assert t.han == 3 and ("open_riichi", 1) in t.yaku


def test_the_scorer_refuses_open_riichi_without_riichi_or_without_the_rule():
    hand = "123m456p789s123s11z"
    with pytest.raises(RiichiError, match="open_riichi"):
        riichi.score(hand, "1s", riichi=True, open_riichi=True)  # Tenhou: no open riichi
    with pytest.raises(RiichiError, match=r"open_riichi.*needs riichi"):
        riichi.score(hand, "1s", open_riichi=True, rules=Rules(open_riichi="no_yakuman"))
    with pytest.raises(RiichiError, match="open_riichi"):
        riichi.score(hand, "1s", riichi=True, open_riichi=1, rules=Rules(open_riichi="no_yakuman"))


@pytest.mark.parametrize("open_", [False, True])
def test_open_riichi_han_counts_toward_a_two_han_minimum_in_the_round(open_):
    # riichi alone is 1 han (no ippatsu as a yaku here, no double riichi: seat 0 declares
    # on its second turn); open riichi makes the 2 the rules need, so only then is the
    # ron offered (the core's win check scores the open riichi too)
    rules = Rules(open_riichi="no_yakuman", minimum_han=2, ippatsu=False)
    r = Round(rules, scripted_wall([DEALER, OTHER, "", ""], "7z1z2z3z9m5s"))
    for seat in (0, 1, 2, 3):
        tsumogiri(r, seat)
    _riichi(r, 0, open=open_)
    tsumogiri(r, 1, auto_pass=False)
    assert (Ron(0) in r.legal_actions(0)) is open_


# --------------------------------------------------------------------------- settlement


@pytest.mark.parametrize(("rule", "yakuman"), [(v, v != "no_yakuman") for v in VARIANTS])
def test_a_deal_in_by_a_player_not_in_riichi(rule, yakuman):
    # seat 0 declares open (double) riichi on its first draw; seat 1, not in riichi, deals in
    r = _round(rule, "7z5s")
    _riichi(r, 0, open=True)
    deltas, worth = _ron(r)
    # double riichi + open riichi + ippatsu: 4 han, a dealer mangan (12000) as scored
    assert worth == 12000
    paid = 48000 if yakuman else worth  # a dealer's yakuman ron
    assert deltas == (paid + 1000, -paid, 0, 0)  # + the winner's own riichi stick back


@pytest.mark.parametrize("rule", VARIANTS)
def test_a_closed_riichi_is_paid_as_scored_under_every_variant(rule):
    r = _round(rule, "7z5s")
    _riichi(r, 0, open=False)
    deltas, worth = _ron(r)
    assert worth < 48000 and deltas == (worth + 1000, -worth, 0, 0)


def _riichi_then_open(rule: str, *, seat1_first: bool) -> tuple[tuple[int, ...], int]:
    """Seat 1 declares riichi before (or after) seat 0's open riichi, then deals in."""
    r = _round(rule, "7z6z1z2z9m5s")
    if seat1_first:
        tsumogiri(r, 0)  # 7z
        _riichi(r, 1, open=False)  # 6z
        tsumogiri(r, 2)
        tsumogiri(r, 3)
        _riichi(r, 0, open=True)  # 9m
    else:
        _riichi(r, 0, open=True)  # 7z
        _riichi(r, 1, open=False)  # 6z
        tsumogiri(r, 2)
        tsumogiri(r, 3)
        tsumogiri(r, 0)  # 9m
    return _ron(r)


@pytest.mark.parametrize(
    ("rule", "first", "yakuman"),
    [
        ("yakuman_non_riichi", True, False),
        ("yakuman_non_riichi", False, False),  # in riichi when it deals in: as scored
        ("yakuman_except_earlier_riichi", True, False),
        ("yakuman_except_earlier_riichi", False, True),  # declared with the waits in view
        ("no_yakuman", False, False),
    ],
)
def test_a_deal_in_by_a_riichi_player(rule, first, yakuman):
    deltas, worth = _riichi_then_open(rule, seat1_first=first)
    assert worth < 48000
    paid = 48000 if yakuman else worth
    assert deltas == (paid + 2000, -paid, 0, 0)  # both riichi sticks go to the winner


@pytest.mark.parametrize("rule", ["yakuman_non_riichi", "no_yakuman"])
def test_a_chankan_on_the_open_hand_is_a_deal_in_by_the_kan_player(rule):
    # seat 0 waits on 1s/4s; seat 1 pons seat 2's 4s, and after seat 0's open riichi adds
    # the fourth 4s to it: seat 0 robs the kan, paid by seat 1 (not in riichi)
    walls = scripted_wall(["123m456p789s11z23s", "44s", "", ""], "7z6z4s1z2z9m4s")
    r = Round(Rules(open_riichi=rule), walls)
    tsumogiri(r, 0)
    tsumogiri(r, 1)
    tsumogiri(r, 2, auto_pass=False)
    r.step(next(a for a in r.legal_actions(1) if isinstance(a, Pon)))
    pass_all(r)
    r.step(next(a for a in r.legal_actions(1) if isinstance(a, Discard)))
    pass_all(r)
    tsumogiri(r, 2)
    tsumogiri(r, 3)
    _riichi(r, 0, open=True)
    r.step(next(a for a in r.legal_actions(1) if isinstance(a, Kakan)))
    r.step(Ron(0))
    pass_all(r)
    (win,) = r.result.wins
    assert ("chankan", 1) in win.score.yaku and ("open_riichi", 1) in win.score.yaku
    worth = win.score.ron_payment
    paid = 48000 if rule == "yakuman_non_riichi" else worth
    assert worth < 48000 and tuple(r.result.deltas) == (paid + 1000, -paid, 0, 0)


def test_a_tsumo_is_paid_as_scored():
    r = _round("yakuman_non_riichi", "7z1z2z3z5s")
    _riichi(r, 0, open=True)
    for seat in (1, 2, 3):
        tsumogiri(r, seat)
    r.step(Tsumo(0))
    (win,) = r.result.wins
    assert ("open_riichi", 1) in win.score.yaku
    assert -min(r.result.deltas) < 16000  # no yakuman for anybody


# --------------------------------------------------------------------------- observations


def test_every_seat_sees_the_open_hand():
    r = _round("yakuman_non_riichi", "7z5s")
    assert r.observation(2)["open_hands"] == [None] * 4
    _riichi(r, 0, open=True)
    for seat in range(4):
        assert r.observation(seat)["open_hands"] == [r.hand(0), None, None, None]
    closed = _round("yakuman_non_riichi", "7z5s")
    _riichi(closed, 0, open=False)
    assert closed.observation(1)["open_hands"] == [None] * 4
    # a copied or pickled round keeps the open hand shown (the seat's core state carries it)
    assert r.clone().observation(3)["open_hands"][0] == r.hand(0)
    assert pickle.loads(pickle.dumps(r)).observation(3)["open_hands"][0] == r.hand(0)


# --------------------------------------------------------------------------- rules


def test_the_rules_field_round_trips_and_defaults_off():
    assert Rules().open_riichi == "off"
    assert all(Rules.preset(n).open_riichi == "off" for n in Rules.presets())
    rules = Rules(open_riichi="yakuman_except_earlier_riichi")
    assert Rules.from_dict(rules.to_dict()) == rules
    assert Rules.from_json(rules.to_json()) == rules
    assert pickle.loads(pickle.dumps(rules)) == rules
    with pytest.raises(RiichiError, match="open_riichi"):
        Rules(open_riichi="yakuman")


# --------------------------------------------------------------------------- self-play


def _greedy(g: Game, rng: random.Random) -> int:
    """Play ``g`` to the end: win when possible, declare open riichi when offered, else
    discard toward the lowest shanten (closed hands only). Returns the open riichi made."""
    opened = 0
    total = g.rules.starting_points * g.rules.num_players
    while not g.is_over:
        seats = g.seats_to_act
        seat = seats[rng.randrange(len(seats))]
        legal = g.legal_actions(seat)
        wins = [a for a in legal if isinstance(a, (Tsumo, Ron))]
        opens = [a for a in legal if isinstance(a, Riichi) and a.open]
        discards = [a for a in legal if isinstance(a, Discard)]
        if wins:
            act = wins[0]
        elif opens:
            act = opens[0]
            opened += 1
        elif discards:
            ids = g.hand(seat)
            act = min(
                discards,
                key=lambda a: (
                    riichi.shanten(riichi.Hand.from_ids([t for t in ids if t != a.tile])),
                    rng.random(),
                ),
            )
        else:
            act = next((a for a in legal if a.__class__.__name__ == "Pass"), legal[0])
        g.step(act)
        if not g.is_over:
            st = g.round.state
            assert sum(st["scores"]) + st["kyotaku"] * g.rules.riichi_stick == total
    assert sum(g.result.scores) == total
    return opened


def test_selfplay_with_open_riichi_verifies_through_mjai_and_other_writers_refuse():
    rules = Rules(open_riichi="yakuman_non_riichi", length="tonpuusen")
    g = Game(rules, seed=3)
    opened = _greedy(g, random.Random(3))
    assert opened > 0
    assert any(isinstance(e, Reach) and e.open for e in g.events)
    game = GameLog(g.events, meta={"rules": rules})
    log = parse_log(to_mjai_lines(game).encode(), "open.mjai")
    assert log.meta["rules"] == rules
    assert sum(1 for e in log.events if isinstance(e, Reach) and e.open) == opened
    rep = replay_game(log)
    assert rep.mismatches == [] and rep.rounds == len(g.rounds) > 0
    # the same log under rules without open riichi does not verify: the open reach is refused
    closed = replay_game(log, rules.replace(open_riichi="off"))
    assert closed.mismatches
    with pytest.raises(LogFormatError, match="open riichi"):
        to_mjlog(game)
    with pytest.raises(LogFormatError, match="open riichi"):
        json.dumps(to_tenhou6(game))


# --------------------------------------------------------------------------- mjai bots


def test_an_mjai_bot_declares_open_riichi_with_an_open_reach():
    from riichi.mjai.arena import fallback_action
    from riichi.mjai.protocol import REACH, REACH_OPEN, match_response

    rules = Rules(open_riichi="yakuman_non_riichi")
    closed, opened = Riichi(0, 9, True), Riichi(0, 9, True, open=True)
    legal = [Discard(0, 9, True), closed, opened]
    assert match_response({"type": "reach"}, 0, legal, rules) == REACH
    assert match_response({"type": "reach", "open": True}, 0, legal, rules) == REACH_OPEN
    dahai = {"type": "dahai", "pai": "3m", "tsumogiri": True}
    assert match_response(dahai, 0, legal, rules, reach_step=True) is closed
    assert match_response(dahai, 0, legal, rules, reach_step=True, open_riichi=True) is opened
    assert fallback_action(legal, reach_step=True, open_riichi=True) is opened
    assert fallback_action(legal, reach_step=True) is closed
    # no open riichi offered (the option off): an open reach is not a legal answer
    assert match_response({"type": "reach", "open": True}, 0, legal[:2], Rules()) is None
