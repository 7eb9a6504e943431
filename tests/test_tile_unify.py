"""One tile type (issue 13): the event model's tiles are the analysis API's riichi.TileKind,
and a red five stays apart from its plain five wherever event tiles are compared."""

from __future__ import annotations

import copy
import dataclasses
import json
import pickle
import typing
from importlib.resources import files

import numpy as np
import pytest

import riichi
from riichi import events as E
from riichi.events import CalledMeld, Dahai, Hora, Pon, StartKyoku, Tile, Tsumo
from riichi.logs import read_log, read_tenhou6, to_mjai_lines, to_tenhou6
from riichi.replay import replay_game
from riichi.tiles import INTERNED, TileKind

RED_5P, PLAIN_5P = TileKind(13, True), TileKind(13)
GAMES = files("riichi") / "data" / "games"


def _tile_fields(cls: type) -> list[str]:
    """The fields of an event class whose declared type holds tiles (or melds of tiles)."""
    hints = typing.get_type_hints(cls, vars(E))
    return [
        f.name
        for f in dataclasses.fields(cls)
        if "TileKind" in str(hints[f.name]) or "CalledMeld" in str(hints[f.name])
    ]


def _tiles_in(value: object) -> list[object]:
    """Every tile inside a field value (tuples, hands, called melds; None skipped)."""
    if value is None:
        return []
    if isinstance(value, tuple):
        return [t for v in value for t in _tiles_in(v)]
    if isinstance(value, CalledMeld):
        return _tiles_in(value.tiles)
    return [value]


def _assert_event_tiles_are_tile_kinds(events: list[E.Event], where: str) -> int:
    seen = 0
    for i, ev in enumerate(events):
        for name in _tile_fields(type(ev)):
            for t in _tiles_in(getattr(ev, name)):
                assert type(t) is TileKind, f"{where} event #{i} {ev.type}.{name}: {t!r}"
                assert t is INTERNED[t.kind * 2 + t.red], f"{where} #{i}: {t} not interned"
                seen += 1
    return seen


def test_every_tile_field_of_the_event_model_is_declared_a_tile_kind():
    # the fields the walk below looks at: a new tile field declared as something else
    # would be missed, so the declared tile fields are listed here in full
    declared = {c.type: _tile_fields(c) for c in E.EVENT_TYPES.values() if _tile_fields(c)}
    assert declared == {
        "start_kyoku": ["dora_marker", "tehais"],
        "tsumo": ["pai"],
        "dahai": ["pai"],
        "chi": ["pai", "consumed"],
        "pon": ["pai", "consumed"],
        "daiminkan": ["pai", "consumed"],
        "ankan": ["consumed"],
        "kakan": ["pai", "consumed"],
        "nukidora": ["pai"],
        "dora": ["dora_marker"],
        "hora": ["pai", "hand", "melds", "dora_markers", "uradora_markers"],
        "ryukyoku": ["hands"],
    }
    assert Tile is TileKind and E.Tile is riichi.TileKind


@pytest.mark.parametrize("name", sorted(p.name for p in GAMES.iterdir() if p.is_file()))
def test_every_reader_gives_tile_kinds(name):
    log = read_log(str(GAMES / name))
    assert _assert_event_tiles_are_tile_kinds(log.events, name) > 100
    # and its writers read back to the same events, red fives included
    back = riichi.logs.read_mjai(to_mjai_lines(log))
    assert back.events == log.events


def test_kobalab_and_majsoul_readers_give_tile_kinds(shared):
    for sub in ("majiang_kobalab", "majsoul_raw"):
        path = min(p for p in (shared / "data" / sub).rglob("*.json"))
        for _, log in riichi.logs.read_games(str(path)):
            assert not isinstance(log, riichi.LogFormatError), log
            assert _assert_event_tiles_are_tile_kinds(log.events, str(path)) > 50


def test_the_engine_and_the_analysis_api_give_tile_kinds():
    game = riichi.Game(rules=riichi.Rules.tenhou(), seed=3)
    while not game.is_over and len(game.events) < 400:
        seat = game.seats_to_act[0]
        game.step(game.legal_actions(seat)[-1])
    assert _assert_event_tiles_are_tile_kinds(list(game.events), "self-play") > 50
    hand = riichi.Hand.parse("123m406p1122z pon:505s@1")
    values = [w.tile for w in hand.waits()] + list(hand.ukeire().tiles)
    values += [o.tile for o in riichi.Hand.parse("123m406p789s11222z").discards()]
    (reading,) = riichi.decompose("123m406p789s11222z", "2z")
    values += [reading.win_tile] + [t for _, t in reading.blocks]
    meld = riichi.Meld.parse("pon:505s@1")
    values += [meld.tile, meld.called, *meld.tiles]
    values += [riichi.parse_tile("0p"), *riichi.parse_tiles("406p")]
    assert all(type(t) is TileKind for t in values), [type(t) for t in values]


def test_a_red_five_is_not_its_plain_five_but_both_are_the_kind():
    assert RED_5P != PLAIN_5P and not RED_5P == PLAIN_5P
    assert RED_5P == 13 == PLAIN_5P and 13 == RED_5P and hash(RED_5P) == hash(PLAIN_5P) == 13
    assert str(RED_5P) == repr(RED_5P) == "0p" and str(PLAIN_5P) == "5p"
    # containers: membership, removal, sets and dict keys keep the colour
    hand = [PLAIN_5P, RED_5P, PLAIN_5P]
    hand.remove(RED_5P)
    assert hand == [PLAIN_5P, PLAIN_5P] and RED_5P not in hand
    assert len({RED_5P, PLAIN_5P}) == 2 and {RED_5P: 1, PLAIN_5P: 2}[RED_5P] == 1
    # Tenhou id order: by kind, the red five first (it is copy 0 of its five)
    assert sorted([TileKind(14), PLAIN_5P, RED_5P, TileKind(12)]) == [
        TileKind(12), RED_5P, PLAIN_5P, TileKind(14)
    ]
    assert RED_5P < PLAIN_5P and PLAIN_5P > RED_5P and RED_5P <= PLAIN_5P
    assert not PLAIN_5P < RED_5P and not RED_5P < 13 and RED_5P <= 13
    # events holding them
    assert Dahai(0, RED_5P) != Dahai(0, PLAIN_5P) and Dahai(0, RED_5P) == Dahai(0, RED_5P)
    assert E._intern(Dahai(1, PLAIN_5P)).pai is PLAIN_5P
    assert E._intern(Dahai(1, RED_5P)).pai is RED_5P  # not the equal-hash plain one
    assert Hora(pai=PLAIN_5P, hand=(RED_5P,)) != Hora(pai=PLAIN_5P, hand=(PLAIN_5P,))
    a = Pon(consumed=(RED_5P, PLAIN_5P))
    assert a != Pon(consumed=(PLAIN_5P, PLAIN_5P))
    assert CalledMeld("pon", (RED_5P,)) != CalledMeld("pon", (PLAIN_5P,))
    # a tile is always true, 1m (kind 0) included, as an event tile always was
    assert bool(TileKind(0)) and (TileKind(0) or None) is TileKind(0)


def test_every_way_to_a_tile_gives_the_one_interned_object():
    assert TileKind(13, True) is Tile.of(13, True) is riichi.tiles.tile(13, True) is RED_5P
    assert Tile.from_mjai("5pr") is RED_5P and Tile.from_mjai("5p") is PLAIN_5P
    assert Tile(kind=13, red=True) is RED_5P and riichi.parse_tile("0p") is RED_5P
    for tile_id, red in ((16, True), (52, True), (88, True), (17, False), (53, False)):
        t = Tile.from_tenhou_id(tile_id)
        assert t.kind == tile_id // 4 and t.red is red and t is INTERNED[t.kind * 2 + red]
    assert Tile.from_tenhou_id(52, red_fives=False) is PLAIN_5P
    assert pickle.loads(pickle.dumps(RED_5P)) is RED_5P
    assert copy.copy(RED_5P) is RED_5P and copy.deepcopy([RED_5P])[0] is RED_5P
    ev = Hora(pai=RED_5P, hand=(RED_5P, PLAIN_5P), melds=(CalledMeld("pon", (RED_5P,)),))
    back = pickle.loads(pickle.dumps(ev))
    assert back == ev and back.pai is RED_5P and back.melds[0].tiles[0] is RED_5P
    assert isinstance(RED_5P.kind, int) and type(RED_5P.kind) is int
    with pytest.raises(AttributeError):
        RED_5P.red = False  # type: ignore[misc]


def test_the_text_of_a_tile_in_each_format():
    assert [t.mjai for t in (RED_5P, PLAIN_5P, TileKind(4, True), TileKind(31))] == [
        "5pr", "5p", "5mr", "P"
    ]
    assert Dahai(2, RED_5P, True).to_mjai() == {
        "type": "dahai", "actor": 2, "pai": "5pr", "tsumogiri": True
    }
    assert E.event_from_mjai({"type": "tsumo", "actor": 1, "pai": "5sr"}) == Tsumo(
        1, TileKind(22, True)
    )
    assert repr(Dahai(0, RED_5P)) == "Dahai(actor=0, pai=0p, tsumogiri=False)"
    assert f"{RED_5P}" == "0p" and f"{RED_5P:d}" == "13"
    # JSON sees the int kind; the replay's mismatch values write the mpsz text instead
    assert json.dumps([RED_5P]) == "[13]"
    from riichi.replay import Mismatch

    m = Mismatch(None, "E1-0", 3, "hora.pai", RED_5P, (PLAIN_5P, RED_5P))
    assert m.to_dict()["logged"] == "0p" and m.to_dict()["computed"] == ["5p", "0p"]


def test_tenhou6_writes_red_fives_as_51_52_53_and_reads_them_back():
    log = read_log(str(GAMES / "2020051716gm-00a9-0000-7f8226dd.json"))
    doc = to_tenhou6(log)
    codes = {c for rnd in doc["log"] for part in rnd[4:16] for c in part if type(c) is int}
    assert {51, 52, 53} <= codes
    back = read_tenhou6(json.dumps(doc))
    reds = [e.pai for e in back.events if isinstance(e, (Tsumo, Dahai)) and e.pai.red]
    assert reds and {str(t) for t in reds} == {"0m", "0p", "0s"}
    assert all(type(t) is TileKind for t in reds)
    assert [e for e in back.events if isinstance(e, (Tsumo, Dahai))] == [
        e for e in log.events if isinstance(e, (Tsumo, Dahai))
    ]


@pytest.mark.parametrize(
    "bad,words",
    [(lambda: Tile.from_mjai("?"), "'?'"), (lambda: Tile.from_mjai(5), "5"),
     (lambda: Tile.from_tenhou_id(136), "136"), (lambda: Tile.from_tenhou_id(-1), "-1"),
     (lambda: Tile.from_tenhou_id("16"), "'16'"), (lambda: Tile.of(34), "34"),
     (lambda: Tile.of(3, True), "4m"), (lambda: TileKind(None), "None")],
)  # fmt: skip
def test_a_bad_tile_is_named(bad, words):
    with pytest.raises(riichi.InvalidTile) as e:
        bad()
    assert words in str(e.value)


@pytest.mark.parametrize("red", [1, 2, "no", "", None, 0.0, [True]])
@pytest.mark.parametrize("make", [Tile.of, riichi.tiles.tile, TileKind])
def test_red_must_be_a_bool_in_every_constructor(make, red):
    # TileKind(13, 1) refused a red that is not a bool, but Tile.of(13, "no"),
    # Tile.of(13, 2) and tiles.tile(13, 1) took any truthy value as red (0p) and any
    # falsy one as plain
    with pytest.raises(riichi.InvalidTile) as e:
        make(13, red)
    assert "red must be a bool" in str(e.value) and repr(red) in str(e.value)
    assert make(13, True) is TileKind(13, True) and make(13, False) is TileKind(13)
    assert make(13, np.True_) is TileKind(13, True)  # NumPy's bool is a bool


# A seeded Tenhou game (its wall comes from the SHUFFLE seed): its events at these indices
# are a red five drawn (229), a red five discarded (60) and a win holding 0s (93).
SEEDED = ("mjlog", "mjx", "2022060108gm-00a9-0000-930771df.mjlog")


def _plain(t: TileKind) -> TileKind:
    return TileKind(t.kind) if t.red else t


@pytest.mark.parametrize(
    "index,field",
    [(249, "wall"), (60, "action"), (93, "hora.hand")],
)
def test_a_red_five_the_engine_does_not_have_is_a_mismatch(shared, index, field):
    log = read_log(str(shared / "data" / "/".join(SEEDED)))
    assert not replay_game(log).mismatches
    ev = log.events[index]
    if isinstance(ev, Hora):
        assert any(t.red for t in ev.hand)
        log.events[index] = dataclasses.replace(ev, hand=tuple(sorted(map(_plain, ev.hand))))
    else:
        assert ev.pai.red  # a drawn (then kept) or discarded red five, logged as a plain five
        log.events[index] = dataclasses.replace(ev, pai=_plain(ev.pai))
    rep = replay_game(log)
    got = [(m.field, m.event_index) for m in rep.mismatches]
    assert got == [(field, index)], [str(m) for m in rep.mismatches]
    m = rep.mismatches[0]
    if field == "hora.hand":  # the logged and computed hands differ only in the colour
        assert [t.kind for t in m.logged] == [t.kind for t in m.computed]
        assert all(type(t) is TileKind for t in (*m.logged, *m.computed))
        assert "0s" in m.to_dict()["computed"] and "0s" not in m.to_dict()["logged"]
    else:
        assert "5" in str(m.logged) and "0" in str(m.computed)


def test_a_deal_whose_red_five_differs_from_the_seed_is_a_wall_mismatch(shared):
    log = read_log(str(shared / "data" / "/".join(SEEDED)))
    i, st = next((i, e) for i, e in enumerate(log.events) if isinstance(e, StartKyoku))
    seat, red = next((s, t) for s, h in enumerate(st.tehais) for t in h if t.red)
    hand = list(st.tehais[seat])
    hand[hand.index(red)] = _plain(red)
    assert hand.count(_plain(red)) <= 4
    tehais = tuple(tuple(sorted(hand)) if s == seat else h for s, h in enumerate(st.tehais))
    log.events[i] = dataclasses.replace(st, tehais=tehais)
    rep = replay_game(log)
    assert ("wall", i) in [(m.field, m.event_index) for m in rep.mismatches], [
        str(m) for m in rep.mismatches
    ]


def test_meld_tiles_show_their_red_fives() -> None:
    """A meld's tiles are the tiles it holds: its red fives are red TileKinds (red first,
    as tiles sort), so the one tile type never loses a meld's colour."""
    from riichi import Meld

    cases = {
        "pon:505s@1": "055s",
        "chi:406m": "406m",
        "daiminkan:5055p@2": "0555p",
        "ankan:0505m": "0055m",
        "pon:555s@1": "555s",
        "pon:111z@3": "111z",
    }
    for text, want in cases.items():
        tiles = Meld.parse(text).tiles
        assert all(type(t) is TileKind for t in tiles), text
        assert "".join(str(t)[0] for t in tiles) + str(tiles[0])[1] == want, (text, tiles)
        assert sum(t.red for t in tiles) == Meld.parse(text).red, text


def _game_events() -> list:
    g = riichi.Game(riichi.Rules.tenhou(), seed=1)
    while len(g.events) < 12:
        g.step(g.legal_actions(g.seats_to_act[0])[0])
    return list(g.events)


@pytest.mark.parametrize("value", [2, "3m", 2.0, None])
def test_writers_name_an_event_tile_that_is_not_a_tilekind(value):
    # events are plain data: dataclasses.replace(ev, pai=2) is accepted, and the writers
    # then died with AttributeError ('int' object has no attribute 'mjai' / 'kind'); a
    # dahai with pai None was written without its "pai" key
    from riichi.logs import to_mjai_lines, to_mjlog, to_tenhou6

    events = _game_events()
    i = next(i for i, e in enumerate(events) if isinstance(e, Dahai))
    events[i] = dataclasses.replace(events[i], pai=value)
    for write in (to_mjai_lines, to_tenhou6, to_mjlog):
        with pytest.raises(riichi.RiichiError) as e:
            write(E.GameLog(events))
        assert f"pai = {value!r}" in str(e.value) and "riichi.TileKind" in str(e.value)


def test_mjai_writer_refuses_a_round_wind_that_is_not_a_wind():
    # bakaze 31..33 was written as a dragon ("P"/"F"/"C"), 34 and up raised IndexError
    from riichi.logs import to_mjai_lines

    events = _game_events()
    k = next(i for i, e in enumerate(events) if isinstance(e, E.StartKyoku))
    for bad in (31, 34, 26, True, "E"):
        events[k] = dataclasses.replace(events[k], bakaze=bad)
        with pytest.raises(riichi.RiichiError, match=f"bakaze = {bad!r}"):
            to_mjai_lines(E.GameLog(events))


@pytest.mark.parametrize(
    "field,value",
    [("actor", True), ("actor", 0.0), ("actor", "0"), ("tsumogiri", 1), ("tsumogiri", None),
     ("actor", 4), ("actor", -1), ("actor", None)],  # a seat past 0..3 was written; None left out
)  # fmt: skip
def test_mjai_writer_names_an_event_number_or_flag_of_the_wrong_type(field, value):
    # the int and bool fields were written as given: Dahai(actor=True) as "actor": true (a
    # bool seat, repros/13), 0.0 as 0.0, a tsumogiri of 1 as 1; None left the key out
    from riichi.logs import to_mjai_lines

    events = _game_events()
    i = next(i for i, e in enumerate(events) if isinstance(e, Dahai))
    events[i] = dataclasses.replace(events[i], **{field: value})
    if value is None and field != "actor":  # an optional field left out is the format's "absent"
        assert f'"{field}"' not in to_mjai_lines(E.GameLog(events)).splitlines()[i]
        return
    with pytest.raises(riichi.RiichiError, match=f"dahai event: {field} = {value!r}"):
        to_mjai_lines(E.GameLog(events))
    ok = dataclasses.replace(events[i], **{field: np.int64(1) if field == "actor" else np.True_})
    assert ok.to_mjai()[field] in (1, True)  # NumPy's int and bool are written as values


def test_a_number_format_of_a_tile_writes_its_kind():
    # an int takes the float presentation types too; a tile raised "Unknown format code
    # 'f' for object of type 'str'" for f"{t:.1f}"
    red = TileKind(13, True)
    for spec in ("d", "x", "03d", ".1f", "e", "g", "%", "+.2F", "E", "G"):
        assert f"{red:{spec}}" == format(13, spec), spec
    assert f"{red}" == "0p" and f"{red:>4}" == "  0p" and f"{red!r}" == "0p"


@pytest.mark.parametrize("value", [2, "3m", None])
def test_replay_names_an_event_tile_that_is_not_a_tilekind(value):
    # the replay died with AttributeError ('int' object has no attribute 'red') on a
    # hand-built dahai holding a plain int: it is a mismatch naming the field
    events = _game_events()
    i = next(i for i, e in enumerate(events) if isinstance(e, Dahai))
    events[i] = dataclasses.replace(events[i], pai=value)
    rep = replay_game(E.GameLog(events))
    assert rep.mismatches, value
    m = rep.mismatches[0]
    assert m.event_index == i and f"pai = {value!r}" in m.detail and "riichi.TileKind" in m.detail


@pytest.mark.parametrize("event", ["chi", "pon", "daiminkan", "hora"])
@pytest.mark.parametrize("target", [4, -1, None])
def test_mjai_writer_refuses_a_target_that_is_no_seat(event, target):
    # an actor or target is required and a seat: Pon(target=None) lost its "target" key
    # and Hora(target=7) was written as is; both read back as another game or not at all
    cls = {"chi": E.Chi, "pon": E.Pon, "daiminkan": E.Daiminkan, "hora": E.Hora}[event]
    ev = cls(actor=1, target=target)
    with pytest.raises(riichi.RiichiError, match=rf"{event} event: target = {target!r}: cannot be written"):
        ev.to_mjai()
