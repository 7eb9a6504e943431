"""SVG pictures (riichi.view): well-formed documents, one tile element per tile, red fives
and sideways tiles where the table convention puts them, Jupyter reprs, `--svg` options."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

import riichi
from riichi.cli import main
from riichi.view import (
    dora_svg,
    faces,
    hand_svg,
    meld_svg,
    river_svg,
    score_html,
    score_svg,
    table_svg,
    tile_svg,
    tiles_svg,
)
from riichi.view.svg import meld_layout, tile_name, tile_names

NS = "{http://www.w3.org/2000/svg}"


def tiles_of(svg: str) -> list[ET.Element]:
    """The tile groups of an SVG document (parsing it: it must be well-formed XML)."""
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    return [g for g in root.iter(f"{NS}g") if "tile" in g.get("class", "").split()]


def names_of(svg: str) -> list[str]:
    return [g.get("data-tile") for g in tiles_of(svg)]


def sideways(svg: str) -> list[str]:
    return [g.get("data-tile") for g in tiles_of(svg) if "rotate(-90)" in g.get("transform", "")]


def test_every_face_is_well_formed_and_every_use_has_its_symbol():
    for name in faces.NAMES:
        svg = tile_svg(name)
        root = ET.fromstring(svg)
        ids = {s.get("id") for s in root.iter(f"{NS}symbol")}
        uses = [u.get("href") for u in root.iter(f"{NS}use")]
        assert uses == [f"#riichi-{name}"] and f"riichi-{name}" in ids
    assert len(faces.NAMES) == 38  # 27 suited + 3 red fives + 7 honours + the back


def test_faces_differ_and_red_fives_are_red():
    drawn = faces.faces()
    assert len(set(drawn.values())) == len(drawn)  # no two tiles look the same
    for plain, red in (("5m", "0m"), ("5p", "0p"), ("5s", "0s")):
        assert faces.RED in drawn[red] and drawn[red] != drawn[plain]
        # the plain five has black/blue/green parts the red one draws red
        assert drawn[plain].count(faces.RED) < drawn[red].count(faces.RED)
    svg = tiles_svg("505m")
    assert [("red" in g.get("class").split()) for g in tiles_of(svg)] == [False, True, False]


def test_hand_has_one_element_per_tile_with_red_fives_marked():
    svg = hand_svg(riichi.Hand.parse("123m406p789s1122z"))
    assert names_of(svg) == "1m 2m 3m 4p 0p 6p 7s 8s 9s 1z 1z 2z 2z".split()
    red = [g for g in tiles_of(svg) if "red" in g.get("class").split()]
    assert [g.get("data-tile") for g in red] == ["0p"]
    assert sideways(svg) == []
    # the drawn tile is set apart and marked
    svg = hand_svg("123m406p789s11222z", drawn="2z")
    groups = tiles_of(svg)
    assert len(groups) == 14
    assert [g.get("data-tile") for g in groups if "drawn" in g.get("class")] == ["2z"]


@pytest.mark.parametrize(
    ("text", "tiles", "side"),
    [
        # called tile sideways: kamicha leftmost, toimen in the middle, shimocha rightmost
        ("1m pon:555z@3 chi:345s pon:666z@1 pon:777z@2", 13, ["5z", "3s", "6z", "7z"]),
        ("1m daiminkan:0555p@2 pon:055s@1 chi:678m pon:111z@1", 14, ["5p", "5s", "6m", "1z"]),
    ],
)
def test_melds_lie_with_the_called_tile_sideways(text, tiles, side):
    svg = hand_svg(text)
    assert len(tiles_of(svg)) == tiles
    assert sideways(svg) == side
    ET.fromstring(svg)


def test_meld_layout_places_the_called_tile_by_source():
    assert meld_layout("pon", "555z", source=3) == {
        "kind": "pon", "tiles": ["5z", "5z", "5z"], "side": 0, "added": None,
    }  # fmt: skip
    assert meld_layout("pon", "555z", source=2)["side"] == 1
    assert meld_layout("pon", "555z", source=1)["side"] == 2
    assert meld_layout("daiminkan", "5555m", source=1)["side"] == 3
    chi = meld_layout("chi", ["4s", "3s", "5s"], called="4s")
    assert chi["tiles"] == ["4s", "3s", "5s"] and chi["side"] == 0
    # a red five in a pon stays in view; the called copy is a plain one
    pon = meld_layout("pon", "055s", source=2)
    assert sorted(pon["tiles"]) == ["0s", "5s", "5s"] and pon["tiles"][pon["side"]] == "5s"
    kakan = meld_layout("kakan", "0555m", source=1)
    assert kakan["added"] == "5m" and len(kakan["tiles"]) == 3 and kakan["side"] == 2
    ankan = meld_layout("ankan", "5550p")
    assert ankan["tiles"] == ["back", "0p", "5p", "back"] and ankan["side"] == -1


def test_kakan_stacks_its_added_tile_and_ankan_hides_its_ends():
    svg = hand_svg("1m kakan:2222z@2 ankan:0555m pon:111z chi:789s")
    assert len(tiles_of(svg)) == 1 + 4 + 4 + 3 + 3
    assert sideways(svg) == ["2z", "2z", "1z", "7s"]  # the kakan's called and added tiles
    assert names_of(meld_svg("ankan:0555m")) == ["back", "0m", "5m", "back"]
    assert names_of(meld_svg(riichi.Meld.parse("kakan:0555m@1"))).count("0m") == 1


def test_river_marks_tsumogiri_riichi_and_called_tiles():
    svg = river_svg("19m5z3p8s2p4m0s", tsumogiri=[1, 6], riichi=4, called=[2])
    groups = tiles_of(svg)
    assert [g.get("data-tile") for g in groups] == "1m 9m 5z 3p 8s 2p 4m 0s".split()
    assert [i for i, g in enumerate(groups) if "tsumogiri" in g.get("class")] == [1, 6]
    assert [i for i, g in enumerate(groups) if "taken" in g.get("class")] == [2]
    assert sideways(svg) == ["8s"]
    # six a row: the seventh tile starts the second row
    ys = [float(g.get("transform").split(",")[1].split(")")[0]) for g in groups]
    assert ys[6] > ys[5] and ys[5] == ys[0]
    with pytest.raises(riichi.RiichiError, match="tsumogiri index 8"):
        river_svg("19m5z3p8s2p4m0s", tsumogiri=[8])
    with pytest.raises(riichi.RiichiError, match="per_row"):
        river_svg("19m", per_row=0)


def test_dora_shows_five_slots():
    svg = dora_svg("3m7z", uradora="1p")
    names = names_of(svg)
    assert len(names) == 10 and names[:2] == ["3m", "7z"] and names[2:5] == ["back"] * 3
    assert names[5] == "1p" and names.count("back") == 7
    with pytest.raises(riichi.RiichiError, match="6 dora indicators"):
        dora_svg("123456m")


def test_tile_names_and_bad_input():
    assert tile_names("406p 7z") == ["4p", "0p", "6p", "7z"]
    assert tile_name(31) == "5z" and tile_name(None) == "back"
    from riichi.events import Tile

    assert tile_name(Tile.of(13, True)) == "0p"
    for bad, err in [("8z", riichi.InvalidTile), ("5x", riichi.InvalidTile), (34, riichi.InvalidTile),
                     (True, riichi.InvalidTile), (2.5, riichi.InvalidTile)]:  # fmt: skip
        with pytest.raises(err):
            tile_svg(bad)
    with pytest.raises(riichi.InvalidTile, match="position 3"):
        tiles_svg("123x")
    with pytest.raises(riichi.InvalidHand, match="drawn tile 1p"):
        hand_svg("123m406p789s11222z", drawn="1p")
    with pytest.raises(riichi.InvalidHand):
        hand_svg("123m")
    with pytest.raises(riichi.RiichiError, match="scale"):
        tile_svg("1m", scale=0)
    with pytest.raises(riichi.RiichiError, match=r"riichi\.Hand"):
        hand_svg(12)
    with pytest.raises(riichi.InvalidHand, match="called tile"):
        meld_layout("pon", "555z", called="1z")
    with pytest.raises(riichi.RiichiError, match="ScoreResult"):
        score_html("7700")


def test_scale_sets_the_pixel_size():
    root = ET.fromstring(tile_svg("1m", scale=2))
    assert (root.get("width"), root.get("height")) == ("48", "64")
    root = ET.fromstring(tile_svg("1m", sideways=True))
    assert (root.get("width"), root.get("height")) == ("32", "24")


def _played_round(seed: int, steps: int):
    game = riichi.Game(rules=riichi.Rules.tenhou(), seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        seats = game.seats_to_act
        if not seats or game.round.is_over:
            break
        game.step(rng.choice(game.legal_actions(seats[0])))
    return game.round


def test_table_of_a_round_draws_every_tile_it_holds():
    rnd = _played_round(5, 60)
    svg = table_svg(rnd)
    groups = tiles_of(svg)
    st = rnd.state
    rivers = sum(len(r) for r in st["rivers"])
    held = sum(len(h) for h in st["hands"])
    melded = sum(len(m[1]) for ms in st["melds"] for m in ms)
    dora = max(5, len(st["dora_indicators"]))
    # a called discard shows in its meld and, faded, in its river
    assert len(groups) == held + melded + rivers + dora
    seats = [g for g in ET.fromstring(svg).iter(f"{NS}g") if g.get("class") == "seat"]
    assert [s.get("data-seat") for s in seats] == ["0", "1", "2", "3"]
    assert f"{rnd.live_tiles_left} tiles left" in svg
    # another seat at the bottom: the same tiles, each seat turned on
    turned = table_svg(rnd, bottom=2)
    seats = {g.get("data-seat"): g.get("transform") for g in ET.fromstring(turned).iter(f"{NS}g")
             if g.get("class") == "seat"}  # fmt: skip
    assert seats["2"].startswith("rotate(0 ") and seats["3"].startswith("rotate(-90 ")
    assert seats["0"].startswith("rotate(-180 ") and sorted(names_of(turned)) == sorted(names_of(svg))
    with pytest.raises(riichi.RiichiError, match=r"bottom must be a seat 0\.\.3, got 4"):
        table_svg(rnd, bottom=4)
    # Jupyter draws a round (reached through Game.round) the same way
    assert rnd._repr_svg_() == svg


def test_jupyter_reprs():
    hand = riichi.Hand.parse("123m406p789s1z pon:555z@2")
    assert hand._repr_svg_() == hand_svg(hand)
    r = riichi.score("12222305888s666z", "2s", seat_wind="E", round_wind="S",
                     dora_indicators=["6p"])  # fmt: skip
    page = r._repr_html_()
    for text in ("hatsu", "sanankou", "honitsu", "akadora", "7 han 50 fu haneman: 18000", "closed_triplet"):
        assert text in page
    ET.fromstring(f"<div>{page}</div>")  # well-formed
    miss = riichi.score("123m456p789s11225z", "5z")
    assert "not a winning hand" in miss._repr_html_()


def test_score_svg_shows_the_win_tile_apart_and_the_payments():
    hand = riichi.Hand.parse("12222305888s666z")
    r = riichi.score(hand, "2s", seat_wind="E", round_wind="S", dora_indicators=["6p"])
    svg = score_svg(r, hand, win_tile="2s")
    groups = tiles_of(svg)
    assert len(groups) == 14
    assert [g.get("data-tile") for g in groups if "drawn" in g.get("class")] == ["2s"]
    assert "18000 from the discarder" in svg and "winner: +18000" in svg


def test_cli_writes_svg(tmp_path, capsys):
    out = tmp_path / "h.svg"
    assert main(["hand", "123m406p789s1122z", "--svg", str(out)]) == 0
    assert len(tiles_of(out.read_text(encoding="utf-8"))) == 13
    out = tmp_path / "s.svg"
    code = main(["score", "234m456p345s678s88s", "--win", "5s", "--riichi", "--svg", str(out)])
    assert code == 0
    text = out.read_text(encoding="utf-8")
    assert len(tiles_of(text)) == 14 and "pinfu" in text
    # not a winning hand: exit 1 as before, and the picture says so
    out = tmp_path / "no-yaku.svg"
    assert main(["score", "123m456p789s11z340s", "--svg", str(out)]) == 1
    assert "no yaku" in out.read_text(encoding="utf-8")
    capsys.readouterr()
    code = main(["hand", "123m406p789s1122z", "--svg", str(tmp_path / "no" / "dir.svg")])
    assert code == 1
    assert "cannot write" in capsys.readouterr().err


def test_a_games_round_draws_itself_with_nothing_else_imported():
    import subprocess
    import sys
    from pathlib import Path

    code = (
        "import riichi\n"
        "svg = riichi.Game(rules=riichi.Rules.tenhou(), seed=3).round._repr_svg_()\n"
        "assert svg.startswith('<svg') and svg.count('class=\"tile') == 13 * 4 + 1 + 5, svg.count('class=\"tile')\n"
    )
    python = str(Path(riichi.__file__).resolve().parents[1])
    env = {"PYTHONPATH": python, "PATH": "/usr/bin:/bin"}
    subprocess.run([sys.executable, "-c", code], check=True, env=env)


def test_bad_tables_and_marks_are_named():
    from riichi.view.table import TableTracker

    with pytest.raises(riichi.RiichiError, match="no seats"):
        table_svg({"players": 4, "round_wind": 0, "kyoku": 1, "honba": 0, "kyotaku": 0,
                   "dealer": 0, "scores": [0] * 4, "dora": []})  # fmt: skip
    state = riichi.view.table.table_state(_played_round(1, 4))
    with pytest.raises(riichi.RiichiError, match="dealer 7"):
        table_svg({**state, "dealer": 7})
    with pytest.raises(riichi.RiichiError, match="seat 2 has no river"):
        table_svg({**state, "seats": [*state["seats"][:2], {"hand": [], "drawn": None, "melds": []}, state["seats"][3]]})
    with pytest.raises(riichi.InvalidTile, match="9z"):
        table_svg({**state, "dora": ["9z"]})
    with pytest.raises(riichi.RiichiError, match="tsumogiri must be discard indices"):
        river_svg("123m", tsumogiri=1)
    with pytest.raises(riichi.InvalidHand, match="source True"):
        meld_layout("pon", "555z", source=True)
    with pytest.raises(riichi.RiichiError, match=r"riichi\.events event"):
        TableTracker(4).apply({"type": "tsumo"})


@pytest.mark.parametrize(
    ("layout", "why"),
    [
        ({}, "no kind, tiles, side"),
        ({"kind": "pon", "tiles": ["5z"] * 3}, "no side"),
        ({"kind": "pin", "tiles": ["5z"] * 3, "side": 0}, "unknown kind 'pin'"),
        ({"kind": "pon", "tiles": ["5z"] * 2, "side": 0}, "has 3 tiles in its row"),
        ({"kind": "pon", "tiles": "5z5z5z", "side": 0}, "has 3 tiles in its row"),
        ({"kind": "pon", "tiles": ["5z", "5z", "xx"], "side": 0}, "not a tile name: 'xx'"),
        ({"kind": "pon", "tiles": ["5z"] * 3, "side": 3}, r"side must be an index 0\.\.2, got 3"),
        ({"kind": "pon", "tiles": ["5z"] * 3, "side": -1}, r"side must be an index 0\.\.2, got -1"),
        ({"kind": "pon", "tiles": ["5z"] * 3, "side": True}, "side must be an index"),
        ({"kind": "kakan", "tiles": ["5z"] * 3, "side": 0}, "only a kakan, has an added tile"),
        ({"kind": "pon", "tiles": ["5z"] * 3, "side": 0, "added": "5z"}, "only a kakan"),
    ],
)
def test_a_meld_given_as_a_layout_dict_is_checked(layout, why):
    # a dict was drawn as given: a missing key was a KeyError, a side past the row an
    # IndexError or a picture with no sideways tile
    with pytest.raises(riichi.InvalidHand, match=why) if "tile name" not in why else pytest.raises(
        riichi.InvalidTile, match=why
    ):
        meld_svg(layout)
    good = meld_layout("kakan", "5555z", source=2)
    assert meld_svg(good) == meld_svg("kakan:5555z@2")
