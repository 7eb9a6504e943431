"""The bot-side PlayerState answers exactly as the referee.

Seeded self-play games (random legal actions) under several rules, three and four players:
every seat's PlayerState is fed the mjai events that seat would receive (other hands masked)
and, at every decision point, its legal answers must equal the referee's legal actions
written as mjai responses (riichi as one ``reach``). Plus the state's own views and errors.
"""

from __future__ import annotations

import copy
import json
import pickle
import random

import pytest

import riichi
from engine_support import require_slow
from riichi.actions import Riichi
from riichi.errors import RiichiError
from riichi.mjai import PlayerState, seat_view
from riichi.mjai.protocol import action_to_mjai, event_objects, start_game_object

RULES = {
    "tenhou": riichi.Rules.tenhou(),
    "kuikae_allowed_no_kuitan": riichi.Rules(kuikae="allowed", kuitan=False),
    "two_red_pin_no_kyuushu": riichi.Rules(red_fives=(1, 2, 1), kyuushu_kyuuhai=False),
    "strict_riichi": riichi.Rules(furiten_riichi=False, riichi_min_live_tiles=8),
    "mahjong_soul": riichi.Rules.mahjong_soul(),
    "tenhou_sanma": riichi.Rules.tenhou_sanma(),
}


def _key(d: dict) -> str:
    return json.dumps(d, sort_keys=True)


def _shadow(rules: riichi.Rules, seed: int, games: int) -> tuple[int, list[str]]:
    """Play ``games`` random games with a PlayerState per seat; returns (decision points
    compared, descriptions of the disagreements)."""
    rng = random.Random(seed)
    n = rules.num_players
    seen, bad = 0, []
    for gi in range(games):
        g = riichi.Game(rules, seed=seed * 1000 + gi)
        states = [PlayerState() for _ in range(n)]
        for s in range(n):
            states[s].update(start_game_object(s, [f"p{i}" for i in range(n)], rules))
        fed = 1
        while not g.is_over:
            for obj in event_objects(g.events[fed:]):
                for s in range(n):
                    states[s].update(seat_view(obj, s))
            fed = len(g.events)
            for s in g.seats_to_act:
                want = set()
                for a in g.legal_actions(s):
                    d = action_to_mjai(a, rules, g.events)
                    want.add(_key({"type": "reach", "actor": s} if isinstance(a, Riichi) else d))
                got = {_key(d) for d in states[s].legal_actions()}
                seen += 1
                if want != got:
                    bad.append(f"game {gi} seat {s} after {g.events[-1]}: {want ^ got}")
                if seen % 5 == 0:  # a copy answers as the original (the core state rebuilt)
                    clone = pickle.loads(pickle.dumps(states[s]))
                    if {_key(d) for d in clone.legal_actions()} != got:
                        bad.append(f"game {gi} seat {s} after {g.events[-1]}: the copy differs")
                    if (clone.waits, clone.furiten) != (states[s].waits, states[s].furiten):
                        bad.append(f"game {gi} seat {s}: the copy's waits or furiten differ")
            seat = g.seats_to_act[0]
            g.step(rng.choice(g.legal_actions(seat)))
    return seen, bad


@pytest.mark.parametrize("name", sorted(RULES))
def test_legal_answers_equal_the_referee(name):
    rules = RULES[name]
    seen, bad = _shadow(rules, seed=len(name), games=1)
    assert seen > 250
    assert not bad, bad[:5]


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(RULES))
def test_legal_answers_equal_the_referee_many_games(request, name):
    require_slow(request)
    seen, bad = _shadow(RULES[name], seed=100 + len(name), games=25)
    assert seen > 5000
    assert not bad, bad[:5]


def test_views_follow_the_seat():
    """The hand, the wall count and the scores match the referee after every batch."""
    rules = riichi.Rules.tenhou()
    g = riichi.Game(rules, seed=3)
    st = PlayerState()
    st.update(start_game_object(2, ["a", "b", "c", "d"], rules))
    rng = random.Random(3)
    fed, checked = 1, 0
    while not g.is_over:
        for obj in event_objects(g.events[fed:]):
            st.update(seat_view(obj, 2))
        fed = len(g.events)
        if g.round.phase != "end":
            names = [riichi.events.Tile.from_tenhou_id(t).mjai for t in g.hand(2)]
            assert st.hand == names
            assert st.tiles_left == g.live_tiles_left
            assert st.scores == list(g.round.scores)
            checked += 1
        g.step(rng.choice(g.legal_actions(g.seats_to_act[0])))
    assert checked > 300
    assert st.seat == 2 and st.rules == rules


def test_waits_furiten_and_decisions_on_a_scripted_hand():
    st = PlayerState(0)
    st.update({"type": "start_game", "names": ["a", "b", "c", "d"]})
    tehais = [["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "E", "E", "S", "S"]] + [
        ["?"] * 13
    ] * 3
    st.update(
        {
            "type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0,
            "oya": 0, "scores": [25000] * 4, "dora_marker": "1p", "tehais": tehais,
        }
    )  # fmt: skip
    assert st.shanten == 0 and st.waits == ["E", "S"] and not st.furiten
    assert st.decision is None and st.legal_actions() == [{"type": "none"}]
    st.update({"type": "tsumo", "actor": 0, "pai": "9m"})
    assert st.decision == "turn" and st.drawn == "9m"
    acts = st.legal_actions()
    assert {"type": "reach", "actor": 0} in acts
    assert {"type": "dahai", "actor": 0, "pai": "9m", "tsumogiri": True} in acts
    st.update({"type": "dahai", "actor": 0, "pai": "9m", "tsumogiri": True})
    st.update({"type": "tsumo", "actor": 1, "pai": "?"})
    st.update({"type": "dahai", "actor": 1, "pai": "E", "tsumogiri": False})
    # shanpon on E/S: ron (yakuhai E: double east for the dealer) or pon or pass
    acts = st.legal_actions()
    assert st.decision == "claim"
    assert {"type": "hora", "actor": 0, "target": 1, "pai": "E"} in acts
    assert {"type": "pon", "actor": 0, "target": 1, "pai": "E", "consumed": ["E", "E"]} in acts
    assert {"type": "none"} in acts
    st.update({"type": "tsumo", "actor": 2, "pai": "?"})  # passed: furiten this go-around
    assert st.furiten
    st.update({"type": "dahai", "actor": 2, "pai": "S", "tsumogiri": False})
    assert {"type": "hora", "actor": 0, "target": 2, "pai": "S"} not in st.legal_actions()
    assert st.visible_counts[27] == 1 and st.visible_counts[28] == 1  # the two discards
    assert st.rivers[1] == ["E"] and st.rivers[0] == ["9m"]


def test_bad_events_raise_riichi_errors_naming_them():
    st = PlayerState(0)
    with pytest.raises(RiichiError, match="unknown mjai event type 'bogus'"):
        st.update({"type": "bogus"})
    with pytest.raises(RiichiError, match="expected an mjai event object"):
        st.update(["start_game"])  # type: ignore[arg-type]
    st.update({"type": "start_game", "names": ["a", "b", "c", "d"]})
    kyoku = {
        "type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0, "oya": 0,
        "scores": [25000] * 4, "dora_marker": "1p",
        "tehais": [["1m"] * 5 + ["2m"] * 8] + [["?"] * 13] * 3,
    }  # fmt: skip
    with pytest.raises(RiichiError, match=r"start_kyoku event .*more than the rules' tile set"):
        st.update(kyoku)
    kyoku["tehais"] = [["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "E", "E", "S", "S"]]
    kyoku["tehais"] += [["?"] * 13] * 3
    st.update(kyoku)
    st.update({"type": "tsumo", "actor": 0, "pai": "9m"})
    with pytest.raises(RiichiError, match=r"dahai event .*does not hold 5m"):
        st.update({"type": "dahai", "actor": 0, "pai": "5m", "tsumogiri": False})
    with pytest.raises(RiichiError, match=r"tsumo event .*actor: expected an int 0..3, got 7"):
        st.update({"type": "tsumo", "actor": 7, "pai": "?"})
    fresh = PlayerState()
    assert fresh.legal_actions() == [{"type": "none"}] and fresh.decision is None
    for attr in ("shanten", "waits", "furiten", "core_hand"):
        with pytest.raises(RiichiError, match="no round has started"):
            getattr(fresh, attr)
    with pytest.raises(RiichiError, match=r"seat must be 0\.\.3"):
        PlayerState(4)
    with pytest.raises(RiichiError, match=r"rules must be a riichi\.Rules"):
        PlayerState(0, rules="tenhou")  # type: ignore[arg-type]


def test_bot_run_answers_batches_and_decisions():
    """Bot.run: a JSON array line is always answered; a single event is answered only by
    the event that gives a decision (a kan dora shown after the discard is not answered
    again); answer_every_event answers each."""
    import io

    from riichi.bots.tsumogiri import TsumogiriBot

    deal = {
        "type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0, "oya": 0,
        "scores": [25000] * 4, "dora_marker": "1p",
        "tehais": [["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "E", "E", "S", "S"]]
        + [["?"] * 13] * 3,
    }  # fmt: skip
    events = [
        {"type": "start_game", "names": ["a", "b", "c", "d"], "id": 0},
        deal,
        {"type": "tsumo", "actor": 0, "pai": "9m"},
        {"type": "dahai", "actor": 0, "pai": "9m", "tsumogiri": True},
        {"type": "tsumo", "actor": 1, "pai": "?"},
        {"type": "dahai", "actor": 1, "pai": "E", "tsumogiri": False},  # pon / ron: a decision
        {"type": "dora", "dora_marker": "2p"},
    ]
    lines = "".join(json.dumps(e) + "\n" for e in events)
    out = io.StringIO()
    TsumogiriBot().run(io.StringIO(lines), out)
    answers = [json.loads(x) for x in out.getvalue().splitlines()]
    assert answers == [
        {"type": "dahai", "actor": 0, "pai": "9m", "tsumogiri": True},
        {"type": "none"},
    ]
    out = io.StringIO()
    TsumogiriBot().run(io.StringIO(lines), out, answer_every_event=True)
    assert len(out.getvalue().splitlines()) == len(events)
    out = io.StringIO()
    TsumogiriBot().run(io.StringIO(json.dumps(events[:3]) + "\n" + json.dumps(events[3:]) + "\n"), out)
    assert [json.loads(x)["type"] for x in out.getvalue().splitlines()] == ["dahai", "none"]
    with pytest.raises(RiichiError, match="input line 1 is not JSON"):
        TsumogiriBot().run(io.StringIO("hello\n"), io.StringIO())


def _scripted_state() -> PlayerState:
    """Seat 0 dealt 123m 456p 789s EE SS, seat 0 drew 9m and let it go, seat 1 drew."""
    st = PlayerState(0)
    st.update({"type": "start_game", "names": ["a", "b", "c", "d"]})
    tehais = [["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "E", "E", "S", "S"]]
    st.update(
        {
            "type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0,
            "oya": 0, "scores": [25000] * 4, "dora_marker": "1p",
            "tehais": tehais + [["?"] * 13] * 3,
        }
    )  # fmt: skip
    st.update({"type": "tsumo", "actor": 0, "pai": "9m"})
    st.update({"type": "dahai", "actor": 0, "pai": "9m", "tsumogiri": True})
    st.update({"type": "tsumo", "actor": 1, "pai": "?"})
    return st


def _views(st: PlayerState) -> tuple:
    return copy.deepcopy((
        st.hand, st.drawn, st.rivers, st.melds, st.scores, st.kyotaku, st.riichi,
        st.visible_counts, st.tiles_left, st.decision, st.legal_actions(), st.furiten,
        st.waits, st.last_event,
    ))  # fmt: skip


@pytest.mark.parametrize(
    ("event", "why"),
    [
        # a call must be a meld of the last discard, from its discarder, by a seat allowed it
        ({"type": "chi", "actor": 2, "target": 1, "pai": "3p", "consumed": ["E", "9s"]}, "not a run"),
        ({"type": "chi", "actor": 2, "target": 1, "pai": "3p", "consumed": ["8p", "9p"]}, "not a run"),
        ({"type": "chi", "actor": 2, "target": 1, "pai": "3p", "consumed": ["1s", "2s"]}, "not a run"),
        ({"type": "chi", "actor": 3, "target": 1, "pai": "3p", "consumed": ["1p", "2p"]}, "only the next seat"),
        ({"type": "chi", "actor": 2, "target": 3, "pai": "3p", "consumed": ["1p", "2p"]}, "last discard is seat 1's"),
        ({"type": "pon", "actor": 1, "target": 1, "pai": "3p", "consumed": ["3p", "3p"]}, "last discard is seat 1's"),
        ({"type": "pon", "actor": 3, "target": 1, "pai": "3p", "consumed": ["3p", "4p"]}, "not tiles of one kind"),
        ({"type": "daiminkan", "actor": 3, "target": 1, "pai": "3p", "consumed": ["3p", "3p", "3s"]}, "not tiles of one kind"),
        # a field that is there is read: a malformed one is refused, not skipped
        ({"type": "reach_accepted", "actor": 1, "scores": True}, "scores must be 4 ints"),
        ({"type": "reach_accepted", "actor": 1, "deltas": [0, -1000, 0]}, "deltas must be 4 ints"),
        ({"type": "reach_accepted", "actor": 1, "deltas": [0, "x", 0, 0]}, "deltas: expected an int"),
        ({"type": "hora", "actor": 2, "target": 1, "pai": "3p", "scores": "x"}, "scores must be 4 ints"),
        ({"type": "dahai", "actor": 2, "pai": "3p", "tsumogiri": "yes"}, "tsumogiri: expected true or false"),
        ({"type": "dahai", "actor": 2, "pai": "3p", "tsumogiri": 1}, "tsumogiri: expected true or false"),
    ],
)
def test_malformed_events_are_refused_and_change_nothing(event, why):
    st = _scripted_state()
    st.update({"type": "dahai", "actor": 1, "pai": "3p", "tsumogiri": False})
    before = _views(st)
    with pytest.raises(RiichiError, match=why):
        st.update(event)
    assert _views(st) == before
    # the next good event is taken as if the bad one never came
    st.update({"type": "pon", "actor": 3, "target": 1, "pai": "3p", "consumed": ["3p", "3p"]})
    assert st.melds[3] == [("pon", ["3p", "3p", "3p"])]


def test_a_refused_event_half_applied_is_undone():
    # the discard of a tile the seat does not hold used to be written to its river first,
    # and an ankan of a fifth copy to count the kan and show the meld first
    st = _scripted_state()
    st.update({"type": "dahai", "actor": 1, "pai": "E", "tsumogiri": False})
    st.update({"type": "tsumo", "actor": 2, "pai": "?"})  # seat 0 let E go: furiten
    st.update({"type": "dahai", "actor": 2, "pai": "1s", "tsumogiri": False})
    st.update({"type": "tsumo", "actor": 3, "pai": "?"})
    st.update({"type": "dahai", "actor": 3, "pai": "2s", "tsumogiri": False})
    st.update({"type": "tsumo", "actor": 0, "pai": "5m"})
    before = _views(st)
    assert st.furiten and st.decision == "turn"
    with pytest.raises(RiichiError, match="does not hold 7m"):
        st.update({"type": "dahai", "actor": 0, "pai": "7m", "tsumogiri": False})
    assert _views(st) == before
    with pytest.raises(RiichiError, match="more than the rules' tile set"):
        st.update({"type": "ankan", "actor": 1, "consumed": ["E", "E", "E", "E"]})
    assert _views(st) == before
    st.update({"type": "dahai", "actor": 0, "pai": "5m", "tsumogiri": True})
    assert st.rivers[0] == ["9m", "5m"] and st.melds[1] == [] and st.tiles_left == before[8]
