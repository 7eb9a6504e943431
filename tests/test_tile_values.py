"""One tile type in public values: every tile kind a result returns is a riichi.TileKind
(an int whose text is mpsz), and physical ids from the engine make a Hand (Hand.from_ids)."""

from __future__ import annotations

import json
import pickle

import numpy as np
import pytest

import riichi
from riichi.tiles import INTERNED, TileKind


def _is_tile(x, text: str) -> bool:
    return type(x) is TileKind and str(x) == text and repr(x) == text


def test_discard_option_tile_is_the_tile_it_prints():
    # it printed '2m' and was the bare int 1
    opts = riichi.Hand.parse("123m455p789s11222z").discards()
    by_text = {str(o.tile): o for o in opts}
    assert by_text["2m"].tile == 1 and _is_tile(by_text["2m"].tile, "2m")
    assert "tile=2m," in repr(by_text["2m"])
    # a discard of the only (red) five carries the colour in its tile
    red = riichi.Hand.parse("123m406p789s11222z").discards()
    zero = next(o for o in red if o.tile == 13)
    assert zero.red and zero.tile.red and str(zero.tile) == "0p"


def test_every_tile_of_a_result_is_a_tile_kind():
    hand = riichi.Hand.parse("123m406p789s1122z")
    assert [str(w.tile) for w in hand.waits()] == ["1z", "2z"]
    assert all(type(w.tile) is TileKind for w in hand.waits())
    assert all(_is_tile(t, s) for t, s in zip(hand.ukeire().tiles, ["1z", "2z"]))
    (reading,) = riichi.decompose("123m406p789s11222z", "2z")
    assert _is_tile(reading.win_tile, "2z")
    assert [str(t) for _, t in reading.blocks] == ["1m", "4p", "7s", "2z", "1z"]
    meld = riichi.Meld.parse("chi:324s@3")
    assert _is_tile(meld.tile, "2s") and _is_tile(meld.called, "3s")
    assert [str(t) for t in meld.tiles] == ["2s", "3s", "4s"]
    assert _is_tile(riichi.parse_tile("0p"), "0p") and riichi.parse_tile("0p").red


def test_tile_kind_stays_an_int_for_numpy_json_and_indexing():
    t = riichi.parse_tile("0p")
    assert t == 13 and hash(t) == hash(13) and isinstance(t, int)
    assert json.dumps([t, riichi.parse_tile("1z")]) == "[13, 27]"
    assert np.array([t]).dtype.kind == "i" and np.array([t]).tolist() == [13]
    counts = [0] * 34
    counts[t] += 1
    assert counts[13] == 1 and f"{t:d}" == "13" and f"{t}" == "0p" and f"{t:>3}" == " 0p"
    assert type(t + 1) is int
    assert pickle.loads(pickle.dumps(t)) is not None and pickle.loads(pickle.dumps(t)).red
    # the interned table and the constructor agree; the objects cannot be changed
    assert INTERNED[13 * 2 + 1] is riichi.parse_tile("0p")
    assert TileKind(13, True) == t and str(TileKind(5)) == "6m"
    with pytest.raises(AttributeError):
        t.red = False  # type: ignore[misc]
    assert t.red


@pytest.mark.parametrize(
    "kind,red,what",
    [(34, False, "34"), (-1, False, "-1"), ("5m", False, "'5m'"), (1.0, False, "1.0"),
     (True, False, "True"), (0, True, "0 (1m)"), (13, "yes", "'yes'")],
)  # fmt: skip
def test_a_bad_tile_kind_is_named(kind, red, what):
    with pytest.raises(riichi.InvalidTile, match=r"tile kind|red must"):
        TileKind(kind, red)
    try:
        TileKind(kind, red)
    except riichi.InvalidTile as e:
        assert what in str(e)


def test_game_hand_ids_make_a_hand():
    # Game.hand() gives physical ids, which shanten refused (it takes 34 counts)
    game = riichi.Game(seed=7)
    seat = game.current_seat
    ids = game.hand(seat)
    hand = riichi.Hand.from_ids(ids, red_fives=game.rules.red_fives)
    counts = [0] * 34
    for i in ids:
        counts[i // 4] += 1
    assert hand.concealed == counts
    assert riichi.shanten(hand) == riichi.shanten(counts)
    assert len(hand.discards()) >= 1


def test_from_ids_reads_red_fives_by_the_rules():
    ids = [16, 17, 18, 19, 52, 53, 54, 55, 88, 89, 90, 91, 0]
    assert str(riichi.Hand.from_ids(ids)) == "10555m0555p0555s"
    assert str(riichi.Hand.from_ids(ids, red_fives=(0, 0, 0))) == "15555m5555p5555s"
    assert str(riichi.Hand.from_ids(ids, red_fives=(2, 0, 3))) == "10055m5555p0005s"
    melds = [riichi.Meld.parse("pon:111z@2")]
    assert str(riichi.Hand.from_ids(list(range(40, 80, 4)), melds)).endswith("pon:111z@2")


@pytest.mark.parametrize(
    "ids,error,words",
    [([1, 1, 2], riichi.InvalidHand, "tile id 1 (1m) is given twice, at items 0 and 1"),
     ([0, 4, 136], riichi.InvalidTile, "item 2: tile id 136 is out of range"),
     ([0, -1], riichi.InvalidTile, "item 1: tile id -1"),
     ([0, 1.5], riichi.RiichiError, "item 1 must be an int"),
     ("1m", riichi.RiichiError, "ids"),
     (list(range(0, 40, 4)), riichi.InvalidHand, "10 concealed tiles")],
)  # fmt: skip
def test_from_ids_names_a_bad_id(ids, error, words):
    with pytest.raises(error) as e:
        riichi.Hand.from_ids(ids)
    assert words in str(e.value)


def test_actions_show_their_tile_ids_in_mpsz():
    from riichi import actions as A

    assert repr(A.Discard(0, 15)) == "Discard(seat=0, tile=15 (4m), tsumogiri=False)"
    assert repr(A.Chi(1, 20, (24, 28))) == "Chi(seat=1, tile=20 (6m), consumed=(24 (7m), 28 (8m)))"
    assert repr(A.Pass(2)) == "Pass(seat=2)"
    assert repr(A.Discard(0, 1.5)) == "Discard(seat=0, tile=1.5, tsumogiri=False)"  # as given
    assert A.Pon(1, 20, (21, 22)) == A.Pon(1, 20, (21, 22))  # still values
    game = riichi.Game(seed=7)
    seat = game.current_seat
    absent = next(t for t in range(136) if t not in game.hand(seat))
    with pytest.raises(riichi.IllegalAction) as e:
        game.step(A.Discard(seat, absent))
    text = riichi.tiles.tile_text(absent, False)
    assert f"tile={absent} ({text})" in str(e.value)


def test_shanten_of_ids_points_to_from_ids():
    game = riichi.Game(seed=7)
    with pytest.raises(riichi.RiichiError, match=r"got 14 \(tile ids 0\.\.135\? Hand\.from_ids"):
        riichi.shanten(game.hand(game.current_seat))
    with pytest.raises(riichi.RiichiError, match=r"got 3$"):
        riichi.shanten([5, 200, 1])  # not ids: no hint
