"""``riichi export --features`` on the fast feature path: the ``features`` table rows of
decisions made with ``features=True`` (arrays from the game's one core encoding, action
indices from the core reader's records, no Observation built) must be byte-identical to the
rows the Observation path gives, on real games of every log format (4 and 3 players)."""

from __future__ import annotations

import pyarrow as pa
import pytest

import riichi
from _real_games import games_with_decisions
from riichi import features
from riichi.errors import IllegalAction
from riichi.logs import read_games
from riichi.mining import feature_table
from riichi.mining.decision import replay_decisions
from riichi.mining.tables import file_tables

# one folder per log format under ../shared/data (Riichi City records are among data/more;
# tenhou_protocol transcripts are a player's view: no decisions replay from them)
_FORMATS = [
    "mjlog/dnovikoff-tenhou/sanma2.xml",
    "mjlog/tenhou-python-bot",
    "tenhou6/sanma-engine",
    "tenhou6/mjai-reviewer",
    "mjai/wahaha",
    "mjai/riichienv",
    "majsoul_raw",
    "majiang_kobalab",
    "more/RiichiCityTournamentBot",
]


def _games(shared, rel, limit=2):
    """Up to ``limit`` (file, game id, game) with decisions from ``rel``."""
    got = games_with_decisions(shared, rel, lambda g: replay_decisions(g)[1], limit)
    return [(f, gid, g) for f, gid, g, _ in got]


def _table(t):
    if isinstance(t, pa.RecordBatch):
        t = pa.Table.from_batches([t])
    return t.combine_chunks()


def _ipc(batch):
    sink = pa.BufferOutputStream()
    with pa.ipc.new_stream(sink, batch.schema) as w:
        w.write_batch(batch)
    return sink.getvalue().to_pybytes()


@pytest.fixture(scope="module")
def games(shared):
    out = []
    for rel in _FORMATS:
        got = _games(shared, rel)
        assert got, f"no replayable game with decisions under data/{rel}"
        out += [(rel, *x) for x in got]
    return out


def test_every_format_and_both_player_counts(games):
    players = {g.start.players for _, _, _, g in games}
    assert players == {3, 4}
    assert {rel for rel, *_ in games} == set(_FORMATS)


def test_fast_rows_equal_observation_rows(games):
    for rel, _, gid, g in games:
        _, fast, _ = replay_decisions(g, features=True)
        _, slow, _ = replay_decisions(g)
        a = feature_table.batch(gid, fast)
        # the fast path builds no observation for the table
        assert not any("observation" in d.__dict__ for d in fast), rel
        b = feature_table.batch(gid, slow)
        assert a.num_rows == len(slow) > 0
        assert a.schema.equals(feature_table.schema(), check_metadata=True)
        assert a.equals(b), rel
        assert _ipc(a) == _ipc(b), rel  # byte-identical, not only equal
        want = [features.action_index(d.observation, d.action) for d in slow]
        assert a.column("action").to_pylist() == want, rel
        assert a.column("players").to_pylist() == [g.start.players] * len(slow)


def test_part_of_a_game_and_its_order(games):
    """A subset of a game's decisions (reordered) reads the right rows of its batch."""
    _, _, gid, g = next(x for x in games if x[3].start.players == 3)
    _, fast, _ = replay_decisions(g, features=True)
    _, slow, _ = replay_decisions(g)
    pick = list(range(len(fast)))[::-3]
    a = feature_table.batch(gid, [fast[i] for i in pick])
    b = feature_table.batch(gid, [slow[i] for i in pick])
    assert a.num_rows == len(pick) > 1
    assert _ipc(a) == _ipc(b)


def test_export_tables_take_the_fast_path(games, monkeypatch):
    """file_tables (what ``riichi export --features`` runs per file) encodes no
    observation, and its decisions and features tables equal the Observation path's."""
    seen = {}
    for rel, f, _, _g in games:
        seen.setdefault(f, rel)
    files = list(seen)[:6]
    ref = {}
    for f in files:
        ref[f] = file_tables(f, ["decisions"])["decisions"]
    expected = {}
    for f in files:
        expected[f] = [
            feature_table.batch(gid, replay_decisions(g)[1])
            for gid, g in read_games(f)
            if not isinstance(g, Exception)
        ]

    def refuse(*a, **k):
        raise AssertionError("the export encoded Observation objects")

    monkeypatch.setattr(feature_table.features, "encode_batch", refuse)
    for f in files:
        got = file_tables(f, ["decisions", "features"])
        assert _table(got["decisions"]).equals(_table(ref[f])), seen[f]
        want = pa.Table.from_batches(expected[f], feature_table.schema()).combine_chunks()
        feats = _table(got["features"])
        assert feats.num_rows == want.num_rows > 0, seen[f]
        assert feats.equals(want), seen[f]


def test_illegal_logged_action_is_refused_as_the_observation_path_words_it(games):
    _, _, gid, g = games[0]
    _, fast, _ = replay_decisions(g, features=True)
    _, slow, _ = replay_decisions(g)
    j = next(i for i, d in enumerate(slow) if d.kind == "turn")
    other = riichi.actions.Pass((slow[j].seat + 1) % g.start.players)
    for decs in (fast, slow):
        decs[j].__dict__["action"] = other
    with pytest.raises(IllegalAction) as fast_err:
        feature_table.batch(gid, fast)
    with pytest.raises(IllegalAction) as slow_err:
        feature_table.batch(gid, slow)
    assert str(fast_err.value) == str(slow_err.value)
    assert "is no choice of seat" in str(fast_err.value)
