"""The turn options of issue 16, each against the default it changes: the kuikae variants
(same tile and suji / same tile only / none), which ankan a player in riichi may declare
(waits unchanged / reading unchanged / none) and when an ankan's kan dora is revealed; and
self-play under each option (points conserved, the written log verifying under its own
rules).

Rounds are scripted (tests/scripted.py): every seat discards what it draws unless a test
says otherwise.
"""

from __future__ import annotations

import json
import random

import pytest

import riichi
from riichi.actions import Ankan, Chi, Discard, Kakan, Pon, Riichi, Ron, Tsumo
from riichi.events import GameLog
from riichi.game import Game
from riichi.logs import parse_log, to_mjai_lines, to_mjlog, to_tenhou6
from riichi.replay import replay_game
from riichi.round import Round
from scripted import discard, scripted_wall, take, tsumogiri


def _verify(events, rules, fmt="mjai", replay_rules=None):
    """The written log of ``events`` (played under ``rules``) read back and replayed under
    ``replay_rules`` (default: the rules the log carries): its mismatches."""
    log = GameLog(events, meta={"rules": rules})
    if fmt == "mjai":
        text = to_mjai_lines(log).encode()
    elif fmt == "tenhou6":
        text = json.dumps(to_tenhou6(log)).encode()
    else:
        text = to_mjlog(log).encode()
    back = parse_log(text, f"{fmt}#test")
    assert back.meta["rules"] == rules
    rep = replay_game(back, replay_rules)
    assert rep.rounds > 0
    return rep.mismatches


# ---------------------------------------------------------------- kuikae
def _after_chi(kuikae):
    """Seat 1 (holding 4567s) chis seat 0's 4s with 56s: its legal discards then."""
    rules = riichi.Rules(kuikae=kuikae)
    r = Round(rules, scripted_wall(["4s", "4567s", "", ""]))
    discard(r, 0, "4s", auto_pass=False)
    chi = [a for a in r.legal_actions(1) if isinstance(a, Chi)]
    take = next(a for a in chi if sorted(t >> 2 for t in a.consumed) == [22, 23])  # 5s 6s
    r.step(take)
    while r.phase == "claim":  # nobody else answers a 4s here
        r.step(next(iter(r.legal_actions(r.seats_to_act[0]))))
    return {a.tile >> 2 for a in r.legal_actions(1) if isinstance(a, Discard)}, r


@pytest.mark.parametrize(
    "kuikae,refused",
    [("forbidden", {21, 24}), ("same_tile_and_suji", {21, 24}), ("same_tile", {21}),
     ("allowed", set()), ("none", set())],
)
def test_kuikae_variants_after_a_chi(kuikae, refused):
    kinds, r = _after_chi(kuikae)
    held = {t >> 2 for t in r.players[1].hand}
    assert {21, 24} <= held  # the 4s and the 7s are still in the hand
    assert held - kinds == refused


def _pon_and_discard_filler(r, seat, caller):
    """``caller`` pons the discard just made by ``seat`` and discards a tile outside its
    4567s and its pairs (an honor filler)."""
    take(r, caller, Pon, auto_pass=False)
    pick = next(
        a for a in r.legal_actions(caller)
        if isinstance(a, Discard) and a.tile >> 2 >= 27
    )
    r.step(pick)
    while r.phase == "claim":
        for o in list(r.seats_to_act):
            r.step(next(a for a in r.legal_actions(o) if type(a).__name__ == "Pass"))


@pytest.mark.parametrize("kuikae,offered", [("forbidden", False), ("same_tile", True),
                                            ("allowed", True)])
def test_a_chi_leaving_only_the_suji_is_offered_by_the_same_tile_rule(kuikae, offered):
    """Seat 1 pons 1p 2p 3p and keeps 4567s: a chi of 4s with 56s would leave only 7s,
    which the suji rule forbids, so the chi is offered only when the suji is allowed (a
    call that leaves no legal discard is not offered, RC52)."""
    r = Round(riichi.Rules(kuikae=kuikae), scripted_wall(["1p4s", "11p22p33p4567s", "2p3p", ""]))
    discard(r, 0, "1p", auto_pass=False)
    _pon_and_discard_filler(r, 0, 1)
    discard(r, 2, "2p", auto_pass=False)
    _pon_and_discard_filler(r, 2, 1)
    discard(r, 2, "3p", auto_pass=False)
    _pon_and_discard_filler(r, 2, 1)
    assert sorted(t >> 2 for t in r.players[1].hand) == [21, 22, 23, 24]
    tsumogiri(r, 2)
    tsumogiri(r, 3)
    discard(r, 0, "4s", auto_pass=False)
    chis = [a for a in r.legal_actions(1) if isinstance(a, Chi)] if 1 in r.seats_to_act else []
    assert any(sorted(t >> 2 for t in a.consumed) == [22, 23] for a in chis) == offered


@pytest.mark.parametrize(
    "kuikae,want", [("forbidden", (21, 24)), ("same_tile", (21,)), ("allowed", ())]
)
def test_kuikae_from_kinds_for_a_players_view(kuikae, want):
    """The kinds-only form the bot-side player state uses: 56s chi 4s."""
    from riichi.kyoku.calls import kuikae as forbidden_after

    assert forbidden_after(riichi.Rules(kuikae=kuikae), 21, 22) == want
    assert forbidden_after(riichi.Rules(kuikae=kuikae), 21, None) == want[:1]


# ---------------------------------------------------------------- ankan in riichi
def _riichi_then_fourth(rules, hand):
    """Seat 0 (``hand``) declares riichi on its first draw (7z, tsumogiri); seats 1-3
    tsumogiri; seat 0 then draws the fourth 1m: its legal actions."""
    r = Round(rules, scripted_wall([hand, "", "", ""], draws="7z9m9p9s1m"))
    discard(r, 0, "7z", riichi=True)
    for s in (1, 2, 3):
        tsumogiri(r, s)
    assert r.current_seat == 0 and r.state["drawn"] >> 2 == 0
    return r


@pytest.mark.parametrize(
    "rule,hand,offered",
    [
        ("same_waits", "111m456p789s2345s", True),
        ("same_reading", "111m456p789s2345s", True),
        ("forbidden", "111m456p789s2345s", False),
        # the 7m tanki stays, but 123m 123m 123m + 7m reads the 1m as runs
        ("same_waits", "111222333m7m123p", True),
        ("same_reading", "111222333m7m123p", False),
        ("forbidden", "111222333m7m123p", False),
    ],
)
def test_ankan_in_riichi_by_rule(rule, hand, offered):
    r = _riichi_then_fourth(riichi.Rules(riichi_ankan=rule), hand)
    assert any(isinstance(a, Ankan) for a in r.legal_actions(0)) == offered


@pytest.mark.parametrize("rule", ["same_waits", "same_reading", "forbidden"])
@pytest.mark.parametrize("hand", ["111m456p789s2345s", "111222333m7m123p", "1113456789m123p"])
def test_ankan_in_riichi_agrees_with_the_reference(rule, hand):
    """The round's actions (the core's) equal the pure-Python reference of the seat tests."""
    from seat_support import reference_answers, round_answers

    r = _riichi_then_fourth(riichi.Rules(riichi_ankan=rule), hand)
    point = ("turn", r, 0)
    assert round_answers(point) == reference_answers(point)


def test_ankan_in_riichi_never_changes_the_waits():
    # 1113456789m: 11 + 123m also waits on 2m, which the kan would take away
    r = _riichi_then_fourth(riichi.Rules(), "1113456789m123p")
    assert not any(isinstance(a, Ankan) for a in r.legal_actions(0))


@pytest.mark.parametrize(
    "rule,hand,reason",
    [
        ("same_reading", "111222333m7m123p", "triplet in every reading"),
        ("same_waits", "1113456789m123p", "keep the waits"),
        ("forbidden", "111m456p789s2345s", "no ankan in riichi"),
    ],
)
def test_a_refused_ankan_in_riichi_is_an_illegal_action_naming_the_rule(rule, hand, reason):
    r = _riichi_then_fourth(riichi.Rules(riichi_ankan=rule), hand)
    ids = tuple(sorted(t for t in r.players[0].hand if t >> 2 == 0))
    with pytest.raises(riichi.IllegalAction, match=reason):
        r.step(Ankan(0, ids))


# ---------------------------------------------------------------- closed-kan dora
def _ankan_round(rules):
    """Seat 0 is dealt four 1m, declares ankan on its first draw and discards the
    replacement tile."""
    r = Round(rules, scripted_wall(["1111m", "", "", ""], draws="7z"))
    ids = tuple(sorted(t for t in r.players[0].hand if t >> 2 == 0))
    r.step(Ankan(0, ids))
    before = [e.type for e in r.events]
    tsumogiri(r, 0)
    return r, before


@pytest.mark.parametrize("timing", ["immediate", "after_discard"])
def test_closed_kan_dora_timing(timing):
    r, _ = _ankan_round(riichi.Rules(closed_kan_dora=timing))
    kinds = [e.type for e in r.events]
    at = kinds.index("ankan")
    after = kinds[at + 1 :]
    if timing == "immediate":
        assert after[:2] == ["dora", "tsumo"]  # revealed before the replacement draw
    else:
        assert after[:3] == ["tsumo", "dahai", "dora"]  # with the replacement discard
    assert kinds.count("dora") == 1
    assert len(r.dora_indicators) == 2


@pytest.mark.parametrize("timing", ["immediate", "after_discard"])
def test_no_kan_dora(timing):
    """Rules.kan_dora=False: an ankan reveals no indicator, at either timing."""
    r, _ = _ankan_round(riichi.Rules(closed_kan_dora=timing, kan_dora=False))
    assert "dora" not in [e.type for e in r.events]
    assert len(r.dora_indicators) == 1


def test_no_kan_dora_is_what_the_log_replays():
    """A self-played game with a kan and no kan dora verifies under the rules its log
    carries, and not under the default (which expects the kan's indicator)."""
    rules = riichi.Rules.tenhou(length="tonpuusen").replace(kan_dora=False)
    for seed in range(40):
        g = _play(rules, seed)
        if any(e.type in ("ankan", "kakan", "daiminkan") for e in g.events):
            break
    else:
        pytest.fail("no kan in 40 self-played games")
    assert "dora" not in [e.type for e in g.events]
    assert _verify(g.events, rules) == []
    assert _verify(g.events, rules, replay_rules=rules.replace(kan_dora=True))


def test_closed_kan_dora_after_the_discard_is_what_the_log_replays():
    """A self-played game with an ankan under the late timing verifies under the rules its
    log carries, and not under the default (its dora event comes one step later)."""
    rules = riichi.Rules.tenhou(length="tonpuusen").replace(closed_kan_dora="after_discard")
    for seed in range(40):
        g = _play(rules, seed)
        if any(e.type == "ankan" for e in g.events):
            break
    else:
        pytest.fail("no ankan in 40 self-played games")
    assert _verify(g.events, rules) == []
    assert _verify(g.events, rules, replay_rules=rules.replace(closed_kan_dora="immediate"))


# ---------------------------------------------------------------- self-play
OPTIONS = [
    dict(kuikae="same_tile"),
    dict(kuikae="allowed"),
    dict(riichi_ankan="same_reading"),
    dict(riichi_ankan="forbidden"),
    dict(closed_kan_dora="after_discard"),
    dict(kan_dora=False),
]


def _play(rules, seed):
    """A greedy player: wins when it can, declares every kan and riichi, calls often."""
    rng = random.Random(seed)
    g = Game(rules, seed=seed)
    total = rules.starting_points * rules.num_players
    while not g.is_over:
        seat = g.seats_to_act[rng.randrange(len(g.seats_to_act))]
        legal = g.legal_actions(seat)
        wins = [a for a in legal if isinstance(a, (Tsumo, Ron))]
        kans = [a for a in legal if isinstance(a, (Ankan, Kakan))]
        calls = [a for a in legal if isinstance(a, (Riichi, Pon, Chi))]
        if wins:
            act = wins[0]
        elif kans:
            act = kans[0]
        elif calls and rng.random() < 0.5:
            act = rng.choice(calls)
        else:
            act = rng.choice(legal)
        g.step(act)
        if not g.is_over:
            assert sum(g.round.scores) + g.round.kyotaku * rules.riichi_stick == total
    assert sum(g.result.scores) == total
    return g


@pytest.mark.parametrize("fmt", ["mjai", "tenhou6", "mjlog"])
@pytest.mark.parametrize(
    "changes", OPTIONS, ids=[",".join(f"{k}={v}" for k, v in o.items()) for o in OPTIONS]
)
def test_selfplay_under_each_option_verifies(changes, fmt):
    for base in (riichi.Rules.tenhou(length="tonpuusen"), riichi.Rules.tenhou_sanma("tonpuusen")):
        rules = base.replace(**changes)
        g = _play(rules, 3)
        assert _verify(g.events, g.rules, fmt) == [], changes
