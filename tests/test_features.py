"""riichi.features: the feature arrays and the legal-action mask of an observation.

- Shapes and dtypes are exactly ``feature_spec(players)`` for 4 and 3 players, single and
  batched.
- Every value equals a slow, independent Python encoding (tests/features_reference.py) on
  real-log decisions of every format and on seeded self-play of 4 and 3 players.
- Every logged action is in its decision's mask; every legal action has its own index and
  the index gives it back.
- A live game's observations and the replay of the same game's log encode alike.
- Bad input raises a RiichiError naming it.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import numpy as np
import pytest

import riichi
from features_reference import encode as ref_encode
from features_reference import equal, index_of
from riichi import features
from riichi.actions import Chi, Discard, Pass, Pon, Tsumo
from riichi.errors import IllegalAction, RiichiError
from riichi.events import GameLog
from riichi.logs import read_games
from riichi.mining.observation import observe

# real games of every format (paths below ../shared/data), a sanma game among them
SAMPLES = [
    "mjlog/mjlog2json/2019080322gm-00a9-0000-81e85e04.xml",
    "mjlog/dnovikoff-tenhou/pao.xml",
    "mjlog/pymahjong_paipuxmls/2020010114gm-00b9-0000-6a7ae721.txt",  # sanma
    "tenhou6/mjai-reviewer/double_ron.json",
    "tenhou6/mjai-reviewer/chankan.json",
    "tenhou6/riichi-rs/notable-features__ron-3.json",
    "mjai/riichienv/126_204_0_mjai.jsonl",
    "mjai/mjai-manue-go/2025-08-23-085608.mjson",
    "majiang_kobalab/mahjonglm/2023010100gm-00f1-0000-caffca62.json",
    "majsoul_raw/majsoul-replay-editor/paipu_record.json",
]


def _decisions(shared, rel):
    path = shared / "data" / rel
    if not path.exists():
        pytest.skip(f"{path} not found")
    out = []
    for _, log in read_games(str(path)):
        assert not isinstance(log, Exception), log
        out += list(riichi.decisions(log))
    assert out
    return out


def _check_spec(arrays, players, batch=None):
    spec = features.feature_spec(players)
    assert set(arrays) == set(spec)
    for name, (shape, dtype) in spec.items():
        want = shape if batch is None else (batch, *shape)
        assert isinstance(arrays[name], np.ndarray), name
        assert arrays[name].shape == want, name
        assert arrays[name].dtype == dtype, name


def test_spec_is_the_same_for_both_player_counts_but_the_seat_axes():
    four, three = features.feature_spec(4), features.feature_spec(3)
    assert set(four) == set(three)
    assert four["river"][0] == (4, features.RIVER_LEN, 5)
    assert three["river"][0] == (3, features.RIVER_LEN, 5)
    assert four["action_mask"] == three["action_mask"] == ((features.NUM_ACTIONS,), np.bool_)
    assert features.NUM_ACTIONS == riichi._core.FEATURES_NUM_ACTIONS
    assert features.RIVER_LEN == riichi._core.FEATURES_RIVER_LEN
    for bad in (2, 5, True, "4", 4.0, 3.0, np.float64(4), None):
        with pytest.raises(RiichiError, match="players"):
            features.feature_spec(bad)
    assert features.feature_spec(np.int64(3)) == three


@pytest.mark.parametrize("rel", SAMPLES, ids=[p.rsplit("/", 1)[1] for p in SAMPLES])
def test_real_decisions_match_the_reference_and_their_actions_are_in_the_mask(shared, rel):
    decs = _decisions(shared, rel)
    obs = [d.observation for d in decs]
    players = obs[0].players
    batch = features.encode_batch(obs)
    _check_spec(batch, players, len(obs))
    for i, (d, o) in enumerate(zip(decs, obs)):
        row = {k: v[i] for k, v in batch.items()}
        assert equal(row, ref_encode(o)) == [], (i, d.action)
        mask = row["action_mask"]
        assert mask.sum() == len(o.legal_actions)
        i_logged = features.action_index(o, d.action)
        assert mask[i_logged]
        assert index_of(o, d.action) == i_logged
        for a in o.legal_actions:
            j = features.action_index(o, a)
            assert mask[j] and features.index_action(o, j) == a
    single = features.encode(obs[-1])
    _check_spec(single, players)
    assert equal(single, {k: v[-1] for k, v in batch.items()}) == []


def test_both_player_counts_and_every_format_are_covered(shared):
    players = set()
    for rel in SAMPLES[2:4]:
        players |= {d.observation.players for d in _decisions(shared, rel)}
    assert players == {3, 4}


def _self_play(rules, seed, steps=4000):
    """(live observation, its encoding, the action taken) at every step of a random game."""
    game = riichi.Game(rules=rules, seed=seed)
    rng = random.Random(seed)
    out = []
    while not game.is_over and len(out) < steps:
        seat = game.seats_to_act[0]
        obs = observe(game.round, seat)
        legal = game.legal_actions(seat)
        # random, with the engine's answers kept likely enough to reach kans and wins
        wins = [a for a in legal if type(a).__name__ in ("Tsumo", "Ron")]
        action = wins[0] if wins and rng.random() < 0.7 else rng.choice(legal)
        out.append((obs, features.encode(obs), action))
        game.step(action)
    assert game.is_over
    return game, out


@pytest.mark.parametrize(
    ("preset", "seed"), [("tenhou", 1), ("tenhou", 2), ("tenhou_sanma", 1), ("mahjong_soul", 3)]
)
def test_self_play_matches_the_reference_and_round_trips(preset, seed):
    rules = getattr(riichi.Rules, preset)()
    _game, steps = _self_play(rules, seed)
    seen = np.zeros(features.NUM_ACTIONS, bool)
    for obs, arrays, action in steps:
        _check_spec(arrays, rules.num_players)
        assert equal(arrays, ref_encode(obs)) == []
        assert np.array_equal(features.action_mask(obs), arrays["action_mask"])
        indices = [features.action_index(obs, a) for a in obs.legal_actions]
        assert len(set(indices)) == len(indices) == arrays["action_mask"].sum()
        assert all(features.index_action(obs, i) == a for i, a in zip(indices, obs.legal_actions))
        seen[features.action_index(obs, action)] = True
    # the game went through discards, tsumogiri, calls and a pass at least
    assert seen[features.TSUMOGIRI] and seen[features.PASS] and seen[:34].any()
    assert seen[features.CHI : features.DAIMINKAN + 1].any() or rules.num_players == 3


def test_live_observations_encode_like_the_replayed_log():
    game, steps = _self_play(riichi.Rules.tenhou(), 5)
    live = Counter()
    live_actions = Counter()
    for obs, arrays, action in steps:
        live[obs.seat, _key(arrays)] += 1
        live_actions[obs.seat, _key(arrays), features.action_index(obs, action)] += 1
    replayed = Counter()
    replayed_actions = Counter()
    for d in riichi.decisions(GameLog(list(game.events))):
        assert d.ok, d.problem
        key = (d.seat, _key(features.encode(d.observation)))
        replayed[key] += 1
        if not d.inferred:
            replayed_actions[(*key, features.action_index(d.observation, d.action))] += 1
    assert replayed == live
    # a pass the log implies may have been a call another seat's call outranked: only the
    # actions the log shows are compared
    assert not replayed_actions - live_actions
    assert replayed_actions.total() > 0.8 * len(steps)


def _key(arrays):
    return b"".join(np.ascontiguousarray(arrays[k]).tobytes() for k in sorted(arrays))


def _an_observation():
    game = riichi.Game(rules=riichi.Rules.tenhou(), seed=7)
    return observe(game.round, game.current_seat)


def test_indices_by_choice_not_by_id():
    obs = _an_observation()
    hand = obs.hand
    # 108 and 109 are both East (the hand holds 108, 109): the legal action names 108
    assert Discard(obs.seat, 108) in obs.legal_actions
    assert Discard(obs.seat, 109) not in obs.legal_actions and 109 in hand
    i = features.action_index(obs, Discard(obs.seat, 109))
    assert i == 27 and features.index_action(obs, i) == Discard(obs.seat, 108)
    assert features.action_index(obs, Discard(obs.seat, obs.drawn, True)) == features.TSUMOGIRI


def test_bad_input_raises_riichi_errors_naming_it():
    obs = _an_observation()
    with pytest.raises(IllegalAction, match="not a legal action"):
        features.action_index(obs, Discard(obs.seat, 0))  # 1m not held
    with pytest.raises(IllegalAction, match="no tile is open to claims"):
        features.action_index(obs, Pass(obs.seat))
    with pytest.raises(IllegalAction, match="seat"):
        features.action_index(obs, Discard((obs.seat + 1) % 4, 108))
    with pytest.raises(IllegalAction, match="masked"):
        features.index_action(obs, features.TSUMO)
    for bad in (-1, features.NUM_ACTIONS, 1.0, True, "3"):
        with pytest.raises(RiichiError, match="index"):
            features.index_action(obs, bad)
    with pytest.raises(RiichiError, match=r"riichi\.actions"):
        features.action_index(obs, "dahai 1m")
    with pytest.raises(RiichiError, match="Observation"):
        features.encode({"hand": []})
    with pytest.raises(RiichiError, match="Observation"):
        features.encode_batch(obs)
    with pytest.raises(RiichiError, match="empty"):
        features.encode_batch([])
    sanma = riichi.Game(rules=riichi.Rules.tenhou_sanma(), seed=1)
    with pytest.raises(RiichiError, match="row 1: invalid players: 3 players in a batch of 4"):
        features.encode_batch([obs, observe(sanma.round, sanma.current_seat)])
    cases = [
        ({"rivers": (tuple(range(0, 132, 4)), *obs.rivers[1:])}, "rivers"),
        ({"hand": (*obs.hand[:-1], 136)}, "hand: 136 is not in 0..=135"),
        ({"hand": (*obs.hand, 1)}, "concealed tiles"),
        ({"hand": (0, 1, 2, 3, *obs.hand[4:])}, None),  # fine: four 1m, drawn kept
        ({"hand": (0, 0, 0, 0, 0, *obs.hand[5:])}, "5 copies"),
        ({"seat": 4}, r"seat: 4 is not in 0\.\.=3"),  # (a seat range read 0..4)
        ({"scores": obs.scores[:3]}, "scores: 3 entries for 4 players"),
        ({"dora_indicators": (0, 4, 8, 12, 20, 24)}, "dora_indicators: 6 indicators"),
        ({"honba": -1}, "honba"),
        ({"legal_actions": (Tsumo(obs.seat), Tsumo(obs.seat))}, "same choice"),
        ({"legal_actions": (Chi(obs.seat, 0, (4, 8)),)}, "no tile is open"),
        ({"pending": ("dahai", 1, 0), "legal_actions": (Pon(obs.seat, 0, (1, 9)),)}, "kind"),
    ]
    for change, message in cases:
        if "hand" in change and obs.drawn not in change["hand"]:
            change["drawn"] = None
        bad = dataclasses.replace(obs, **change)
        if message is None:
            features.encode(bad)
            continue
        with pytest.raises(RiichiError, match=message):
            features.encode_batch([obs, bad])
        with pytest.raises(RiichiError, match="row 1"):
            features.encode_batch([obs, bad])


def test_the_feature_bench_runs_and_checks_its_answers(shared, tmp_path, monkeypatch):
    """benches/bench_features.py on two files: it runs and checks answers (never a timing)."""
    import json
    import sys
    from pathlib import Path

    folder = shared / "data" / "mjlog" / "dnovikoff-tenhou"
    if not folder.is_dir():
        pytest.skip("samples not found")
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[1] / "benches"))
    sys.modules.pop("bench_features", None)
    import bench_features

    out = tmp_path / "figures.json"
    files = [str(folder / "pao.xml"), str(folder / "example.xml")]
    assert bench_features.main([*files, "--games", "2", "--json", str(out)]) == 0
    figures = json.loads(out.read_text())
    assert figures["games"] == 2 and figures["encoder"]["logged_actions_not_in_mask"] == 0
    assert figures["encoder"]["decisions"] == figures["pipeline"]["riichi_decisions"] > 0


def test_export_features_table(shared, tmp_path):
    """riichi export --features: one row per decision (joined on game_id and step), the
    arrays of riichi.features flattened (three players padded to four seats), the logged
    action's index set in its mask."""
    pq = pytest.importorskip("pyarrow.parquet")
    import json

    from riichi.cli import main
    from riichi.mining.tables import check_tables

    files = [shared / "data" / rel for rel in ("mjlog/dnovikoff-tenhou/pao.xml", SAMPLES[2])]
    if not all(f.exists() for f in files):
        pytest.skip("samples not found")
    out = tmp_path / "out"
    assert main(["export", *map(str, files), "-o", str(out), "--features", "-q",
                 "--tables", "games,decisions"]) == 0  # fmt: skip
    table = pq.read_table(out / "features")
    decisions = pq.read_table(out / "decisions")
    assert table.num_rows == decisions.num_rows > 0
    assert table.schema.metadata[b"riichi.feature_version"] == str(features.FEATURE_VERSION).encode()
    schema = json.loads((out / "_schema.json").read_text())
    assert schema["features"]["feature_version"] == features.FEATURE_VERSION
    rows = table.to_pydict()
    dec = decisions.to_pydict()
    key = list(zip(rows["game_id"], rows["step"], rows["seat"]))
    assert key == list(zip(dec["game_id"], dec["step"], dec["seat"]))
    assert set(rows["players"]) == {3, 4}
    for i, a in enumerate(rows["action"]):
        assert rows["action_mask"][i][a]
    spec = features.feature_spec(4)
    for f in files:
        decs = list(riichi.decisions(str(f)))
        want = features.encode_batch([d.observation for d in decs])
        first = rows["game_id"].index(next(g for g in rows["game_id"] if g.endswith(f.name)))
        n = decs[0].observation.players
        for name, (shape, dtype) in spec.items():
            got = np.array(rows[name][first : first + len(decs)], dtype).reshape(len(decs), *shape)
            if n == 3 and name in ("melds", "nukidora", "river", "scores", "riichi"):
                filler = got[:, 3]
                assert (filler == {"river": -1}.get(name, 0)).all(), name
                got = got[:, :3]
            assert np.array_equal(got, want[name]), name
    assert check_tables(["features", "games"]) == ("games", "features")
    with pytest.raises(RiichiError, match="unknown table 'moves'"):
        check_tables(["features", "moves"])


BAD = [None, 1.5, float("nan"), "x", "\udcff", b"x", [], [1, 2], {}, {"a": 1}, 2**64, -(2**70),
       -1, True, False, object(), (1,), 10**9]  # fmt: skip


def test_only_riichi_errors_escape_the_public_functions():
    """The error contract of tests/test_error_contract.py for riichi.features: each argument
    (and each observation field) replaced by values of a wrong type or range."""
    obs = _an_observation()
    act = obs.legal_actions[0]
    calls = [
        (features.feature_spec, [4]),
        (features.encode, [obs]),
        (features.encode_batch, [[obs]]),
        (features.action_mask, [obs]),
        (features.action_index, [obs, act]),
        (features.index_action, [obs, 0]),
    ]
    leaks = []

    def call(f, args, what):
        try:
            f(*args)
        except RiichiError:
            pass
        except Exception as e:  # the point of the test
            leaks.append(f"{f.__name__}({what}): {type(e).__name__}: {e}")

    for f, args in calls:
        for i in range(len(args)):
            for b in BAD:
                call(f, [*args[:i], b, *args[i + 1 :]], f"arg {i} = {b!r}")
    for field in dataclasses.fields(obs):
        for b in BAD:
            bad = dataclasses.replace(obs, **{field.name: b})
            for f, args in calls[1:]:
                call(f, [bad if a is obs else a for a in args], f"{field.name}={b!r}")
            call(features.encode_batch, [[obs, bad]], f"row 1 {field.name}={b!r}")
    for field in dataclasses.fields(act):
        for b in BAD:
            call(features.action_index, [obs, dataclasses.replace(act, **{field.name: b})],
                 f"action.{field.name}={b!r}")  # fmt: skip
    assert not leaks, "\n".join(leaks[:20])


def test_three_red_fives_per_suit_give_pons_with_two_reds():
    """Rules with 3 red fives per suit: a pon may take 0, 1 or 2 red fives from the hand,
    three indices that round-trip like every other (self-play until one with two reds is
    legal)."""
    rules = dataclasses.replace(riichi.Rules.tenhou(), red_fives=(3, 3, 3))
    legal: set[int] = set()
    for seed in range(1, 9):
        _, steps = _self_play(rules, seed)
        for obs, arrays, _ in steps:
            assert equal(arrays, ref_encode(obs)) == []
            for a in obs.legal_actions:
                i = features.action_index(obs, a)
                assert features.index_action(obs, i) == a
                legal.add(i)
        if {features.PON + 1, features.PON + 2} <= legal:
            break
    assert {features.PON, features.PON + 1, features.PON + 2} <= legal
    assert {features.RED_DISCARD, features.RED_DISCARD + 1, features.RED_DISCARD + 2} <= legal
