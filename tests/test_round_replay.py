"""Replaying a round from its own events: wall_from_events + Round.match_event reproduce
the exact event stream (the same path the log replay uses)."""

from __future__ import annotations

import random

import pytest

import riichi
from engine_support import base_rules
from riichi.actions import Pass, Ron
from riichi.round import Round
from riichi.wall import Wall, wall_from_events

_PLAYER = ("dahai", "chi", "pon", "daiminkan", "ankan", "kakan", "hora")
# events that may sit between a discard and the claims on it
_SKIP = ("dora", "reach_accepted", "disconnect", "reconnect")


def _random_round(seed):
    rules = base_rules()
    r = Round(rules, Wall.from_seed(seed), dealer=seed % 4, honba=seed % 3, kyotaku=seed % 2)
    rng = random.Random(seed)
    while not r.is_over:
        seats = r.seats_to_act
        s = seats[rng.randrange(len(seats))]
        acts = r.legal_actions(s)
        # favour calls and wins a little so that replays cover them
        wins = [a for a in acts if type(a).__name__ in ("Tsumo", "Ron")]
        r.step(wins[0] if wins and rng.random() < 0.9 else acts[rng.randrange(len(acts))])
    return rules, r


def _pass_non_claimers(r, events, i):
    """In the claim phase, pass every seat that does not claim in the log's next events."""
    if r.phase != "claim":
        return
    upcoming = set()
    j = i + 1
    claims = ("hora", "chi", "pon", "daiminkan")
    while j < len(events) and events[j].type in (*claims, *_SKIP, "ryukyoku"):
        if events[j].type == "ryukyoku" and events[j].reason == "sanchahou":
            return  # the rons are declared when the replay reaches the ryukyoku
        if events[j].type == "ryukyoku":
            break
        if events[j].type in claims:
            upcoming.add(events[j].actor)
        j += 1
    for s in list(r.seats_to_act):
        if s not in upcoming:
            r.step(Pass(s))


def drive_round(r, events):
    """Step the player events of one round into ``r`` (a Round, or a Game at that round)."""
    reach = set()
    for i, e in enumerate(events):
        if r.phase == "end" or getattr(r, "round", r).is_over:
            break
        if e.type == "reach":
            reach.add(e.actor)
        elif e.type == "ryukyoku" and e.reason == "sanchahou":
            rnd = _round(r)
            while rnd.phase == "claim" and any(
                isinstance(a, Ron) for s in rnd.seats_to_act for a in rnd.legal_actions(s)
            ):
                r.step(rnd.match_event(e))
            for s in list(rnd.seats_to_act):
                r.step(Pass(s))
        elif e.type in _PLAYER or (e.type == "ryukyoku" and e.reason == "kyuushu_kyuuhai"):
            act = _round(r).match_event(e, riichi=e.type == "dahai" and e.actor in reach)
            before = _round(r)
            r.step(act)
            reach.discard(getattr(e, "actor", -1))
            if _round(r) is before:
                _pass_non_claimers(r, events, i)
    return r


def _round(r):
    return getattr(r, "round", r)


def replay(rules, events):
    """Drive a fresh Round with the player events of ``events``; returns it."""
    start = events[0]
    r = Round(
        rules,
        wall_from_events(events, rules.red_fives),
        scores=start.scores,
        dealer=start.oya,
        round_wind=start.bakaze - 27,
        honba=start.honba,
        kyotaku=start.kyotaku,
    )
    return drive_round(r, events)


@pytest.mark.parametrize("seed", range(200))
def test_replay_reproduces_the_event_stream(seed):
    rules, r = _random_round(seed)
    again = replay(rules, r.events)
    assert again.is_over
    assert again.events == r.events
    assert again.scores == r.scores
    assert again.result.deltas == r.result.deltas


def test_wall_from_events_rejects_hidden_hands():
    _, r = _random_round(1)
    start = r.events[0]
    import dataclasses

    hidden = dataclasses.replace(start, tehais=(None, *start.tehais[1:]))
    with pytest.raises(riichi.RiichiError, match="hidden"):
        wall_from_events([hidden, *r.events[1:]])


@pytest.mark.parametrize(
    "make, says",
    [
        (lambda t: riichi.events.Dahai(actor=0, pai=5, tsumogiri=False), "pai = 5: not a tile"),
        (lambda t: riichi.events.Dahai(actor=9, pai=t, tsumogiri=False), "actor 9 is not a seat"),
        (lambda t: riichi.events.Pon(actor=1, target=0, pai=5, consumed=[]), "pai = 5: not a tile"),
        (lambda t: riichi.events.Dahai(actor=None, pai=t, tsumogiri=False), "actor None"),
    ],
)
def test_a_logged_event_with_a_malformed_field_is_refused_by_name(make, says):
    """apply_logged names a plain-int tile or an out-of-range seat (it raised AttributeError
    or said only "not a player action"), and the game is left as it was."""
    game = riichi.Game(seed=1)
    before = [type(e).__name__ for e in game.events]
    with pytest.raises(riichi.errors.IllegalAction, match=says):
        game.apply_logged(make(riichi.parse_tile("5p")))
    assert [type(e).__name__ for e in game.events] == before
    seat = game.round.seats_to_act[0]
    game.step(game.legal_actions(seat)[0])  # plays on
