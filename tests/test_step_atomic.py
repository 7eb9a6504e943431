"""``Round.step`` checks an action completely (types included) before it changes anything.

For every action class, in a state where an action of that class is legal, every field is
replaced by a value of the wrong type or range (a bool where an int is, a float equal to the
right value, a string, ``None``, a NumPy scalar, out-of-range ints, a list for a tuple):
``step`` raises :class:`riichi.IllegalAction` and the round is unchanged in everything it
shows (state, events, hands, legal actions, observations), and then plays on exactly like an
untouched copy.
"""

from __future__ import annotations

import dataclasses
import random

import numpy as np
import pytest

import riichi
from riichi import actions as A
from riichi.round import malformed_action

_CLASSES = (
    A.Discard, A.Riichi, A.Chi, A.Pon, A.Daiminkan, A.Ankan, A.Kakan, A.Tsumo, A.Ron,
    A.Pass, A.Kyuushu, A.Nukidora,
)  # fmt: skip


def _find_states() -> dict[type, tuple[riichi.Round, object]]:
    """For each action class: a round (a clone) where an action of that class is legal, and
    that action. Random self-play, four players and sanma, fixed seeds."""
    found: dict[type, tuple[riichi.Round, object]] = {}
    for rules in (riichi.Rules.tenhou(), riichi.Rules.tenhou_sanma()):
        for seed in range(60):
            rng = random.Random(seed)
            g = riichi.Game(rules, seed=seed)
            while not g.is_over and len(found) < len(_CLASSES):
                seat = rng.choice(g.seats_to_act)
                legal = g.legal_actions(seat)
                for a in legal:
                    if type(a) not in found:
                        found[type(a)] = (g.round.clone(), a)
                g.step(rng.choice(legal))
            if len(found) == len(_CLASSES):
                return found
    return found


_STATES = _find_states()


def _state(cls: type) -> tuple[riichi.Round, object]:
    """A fresh copy of the state found for ``cls`` (tests step it) and its legal action."""
    round_, legal = _STATES[cls]
    return round_.clone(), legal


def test_every_action_class_is_covered():
    assert set(_STATES) == set(_CLASSES)


def _snapshot(r: riichi.Round) -> tuple:
    n = r.rules.num_players
    return (
        repr(r.state),
        list(r.events),
        list(r.scores),
        r.phase,
        r.current_seat,
        list(r.seats_to_act),
        r.tile_locations(),
        [list(r.hand(s)) for s in range(n)],
        [r.legal_actions(s) for s in range(n)],
        [repr(r.observation(s)) for s in range(n)],
    )


def _bad_values(kind: str, good: object, players: int) -> list[object]:
    """Wrong values for a field of ``kind`` whose right value is ``good``."""
    if kind == "seat":
        return [bool(good), float(good), str(good), None, -1, players, 2**64, np.int64(good),
                [good], b"\x00"]  # fmt: skip
    if kind == "tile":
        return [float(good), str(good), None, -1, 136, 2**64, -(2**70), np.int64(good),
                True, False, float("nan")]  # fmt: skip
    if kind == "bool":
        return [float(good), int(good), str(good), None, np.bool_(good), [good]]
    assert kind == "ids"
    t = tuple(good)  # type: ignore[arg-type]
    return [list(t), (float(t[0]), *t[1:]), (*t[:-1], np.int64(t[-1])), t[:-1], (*t, t[0]),
            None, str(t), (True, *t[1:]), (-1, *t[1:]), (136, *t[1:])]  # fmt: skip


def _field_kind(name: str) -> str:
    return {"seat": "seat", "tile": "tile", "tsumogiri": "bool", "open": "bool", "consumed": "ids"}[name]


_CASES = [
    (cls.__name__, f.name, i)
    for cls in _CLASSES
    for f in dataclasses.fields(cls)
    for i in range(len(_bad_values(_field_kind(f.name), 1 if f.name != "consumed" else (1, 2), 4)))
]


@pytest.mark.parametrize("cls_name,field,i", _CASES)
def test_wrong_field_is_refused_and_round_unchanged(cls_name, field, i):
    cls = getattr(A, cls_name)
    round_, legal = _state(cls)
    players = round_.rules.num_players
    good = getattr(legal, field)
    bad_value = _bad_values(_field_kind(field), good, players)[i]
    bad = dataclasses.replace(legal, **{field: bad_value})
    untouched = round_.clone()
    before = _snapshot(round_)
    with pytest.raises(riichi.IllegalAction) as info:
        round_.step(bad)
    assert field in str(info.value)  # the message names the bad field
    assert _snapshot(round_) == before
    # and it plays on exactly like a copy that never saw the bad action
    round_.step(legal)
    untouched.step(legal)
    assert _snapshot(round_) == _snapshot(untouched)


@pytest.mark.parametrize("obj", [None, 5, "Discard", A, object(), (0, 1, False)])
def test_non_actions_are_refused(obj):
    round_, _ = _state(A.Discard)
    before = _snapshot(round_)
    with pytest.raises(riichi.IllegalAction):
        round_.step(obj)
    assert _snapshot(round_) == before


@pytest.mark.parametrize("cls", _CLASSES)
def test_the_legal_action_itself_is_well_formed(cls):
    round_, legal = _STATES[cls]
    assert malformed_action(legal, round_.rules.num_players) is None


def test_bool_seat_call_does_not_reach_the_events():
    """A Chi/Pon with ``seat=True`` used to be taken as seat 1's call and stored as
    ``actor=True`` in the event stream (and written as ``"actor": true`` to mjai)."""
    for cls in (A.Chi, A.Pon):
        round_, legal = _state(cls)
        if legal.seat not in (0, 1):
            continue
        with pytest.raises(riichi.IllegalAction, match="seat"):
            round_.step(dataclasses.replace(legal, seat=bool(legal.seat)))


def test_game_step_float_tsumogiri_leaves_game_playable():
    """The fuzz finding: a legal Discard with ``tsumogiri=0.0`` took the tile out of the hand
    and then raised TypeError; the same legal discard was refused afterwards."""
    g = riichi.Game(riichi.Rules.tenhou(), seed=1)
    seat = g.current_seat
    a = next(x for x in g.legal_actions(seat) if isinstance(x, A.Discard) and not x.tsumogiri)
    before = (repr(g.state), list(g.events), len(g.hand(seat)))
    with pytest.raises(riichi.IllegalAction, match="tsumogiri"):
        g.step(dataclasses.replace(a, tsumogiri=0.0))
    assert (repr(g.state), list(g.events), len(g.hand(seat))) == before
    g.step(a)
    assert len(g.hand(seat)) == 13
