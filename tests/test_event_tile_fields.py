"""Every tile field of the event model holds a ``riichi.TileKind``, the round wind
(``StartKyoku.bakaze``, mjai ``"E"``) included, whichever reader or the round engine made
the event; the mjai text written is unchanged (``"E"`` .. ``"N"``)."""

from __future__ import annotations

from importlib.resources import files

import pytest

import riichi
from riichi.events import EVENT_TYPES, StartKyoku, event_from_mjai
from riichi.tiles import TileKind

TILE_CODECS = {"tile", "otile", "tiles", "hands", "melds", "wind"}

# one log of each format the readers take, beside the bundled sample
MORE = [
    "majsoul_raw",
    "majiang_kobalab",
    "tenhou6",
    "more/RiichiCityTournamentBot",
]


def _tiles(value, codec):
    """The tiles held by a field value of ``codec`` (None where the format allows it)."""
    if value is None:
        return []
    if codec in ("tile", "otile", "wind"):
        return [value]
    if codec == "tiles":
        return list(value)
    if codec == "hands":
        return [t for h in value if h is not None for t in h]
    return [t for m in value for t in m.tiles]  # melds


def _bad_fields(events):
    bad = []
    for i, ev in enumerate(events):
        for attr, _key, codec in type(ev)._mjai:
            if codec in TILE_CODECS:
                for t in _tiles(getattr(ev, attr), codec):
                    if type(t) is not TileKind:
                        bad.append(f"event {i} {ev.type}.{attr}: {t!r} ({type(t).__name__})")
    return bad


def _logs(shared):
    paths = [str(files("riichi") / "data" / "games")]
    for sub in MORE:
        folder = shared / "data" / sub
        found = sorted(p for p in folder.rglob("*") if p.is_file() and not p.name.endswith(".md"))
        if not found:
            pytest.skip(f"no log under {folder}")
        paths.append(str(found[0]))
    logs = []
    for path, log in riichi.read_logs(paths):
        assert not isinstance(log, Exception), (path, log)
        logs.append(log)
    return logs


def test_every_reader_gives_tiles_in_every_tile_field(shared):
    logs = _logs(shared)
    formats = {log.format for log in logs}
    assert {"tenhou_xml", "tenhou6", "mjai", "kobalab"} <= formats, formats
    assert len(formats) >= 6, formats  # Mahjong Soul and Riichi City too
    for log in logs:
        assert not _bad_fields(log.events), (log.source, _bad_fields(log.events)[:3])
        winds = [ev.bakaze for ev in log.events if type(ev) is StartKyoku]
        assert winds and all(str(w) in ("1z", "2z", "3z", "4z") for w in winds), log.source


def test_the_round_engine_gives_the_round_wind_as_a_tile():
    g = riichi.Game(riichi.Rules.tenhou("tonpuusen"), seed=3)
    while not g.is_over:
        g.step(g.legal_actions(g.seats_to_act[0])[0])
    starts = [ev for ev in g.events if type(ev) is StartKyoku]
    assert starts and not _bad_fields(g.events)
    assert all(type(ev.bakaze) is TileKind and ev.bakaze.mjai == "E" for ev in starts)


@pytest.mark.parametrize("kind,name", [(27, "E"), (28, "S"), (29, "W"), (30, "N")])
def test_an_int_kind_is_stored_as_its_tile_and_written_as_before(kind, name):
    ev = StartKyoku(bakaze=kind, scores=(25000,) * 4)
    assert type(ev.bakaze) is TileKind and ev.bakaze is TileKind.of(kind)
    # the int reading of the field is what it was
    assert ev.bakaze == kind and ev.bakaze - 27 == kind - 27 and hash(ev.bakaze) == hash(kind)
    assert ev == StartKyoku(bakaze=TileKind.of(kind), scores=(25000,) * 4)
    assert ev.to_mjai()["bakaze"] == name
    back = event_from_mjai(ev.to_mjai())
    assert back == ev and type(back.bakaze) is TileKind


def test_a_value_that_is_no_wind_is_kept_and_refused_by_the_writer():
    ev = StartKyoku(bakaze=31)
    assert ev.bakaze == 31 and type(ev.bakaze) is int
    with pytest.raises(riichi.RiichiError, match="bakaze = 31"):
        ev.to_mjai()


def test_the_event_types_with_tile_fields_are_all_checked():
    # a new tile field gets a tile codec, so the walk above covers it
    with_tiles = {t for t, cls in EVENT_TYPES.items() if any(c in TILE_CODECS for *_, c in cls._mjai)}
    assert {"start_kyoku", "tsumo", "dahai", "chi", "pon", "daiminkan", "ankan", "kakan",
            "nukidora", "dora", "hora", "ryukyoku"} == with_tiles  # fmt: skip
