"""A red five written in hand text (``0m``/``0p``/``0s``) or given as a red
``riichi.TileKind`` is kept by every analysis call whose result has tiles of the hand
(``discards``' rows), and answers as the plain five where the result is of kinds
(shanten, ukeire, waits, readings: documented there). A red winning tile the hand does not
hold is refused by ``score`` and ``batch.score`` alike, as text or as a tile."""

from __future__ import annotations

import pytest

import riichi

# (hand text with a red five, the same hand with the plain five): full hands and hands with
# implied melds (8 and 5 tiles), red only or beside a plain copy, each suit
HANDS = [
    ("123m406p789s11222z", "123m456p789s11222z"),
    ("406p11222z", "456p11222z"),
    ("04m111222z", "45m111222z"),
    ("4056p1122z", "4556p1122z"),
    ("123m456p3067s1122z", "123m456p3567s1122z"),
    ("019m123p456s789s11z", "159m123p456s789s11z"),
]


def _rows(options):
    return [(str(o.tile), o.red, o.shanten, o.ukeire) for o in options]


@pytest.mark.parametrize("text,plain", HANDS)
def test_discards_of_text_keep_the_red_five(text, plain):
    opts = riichi.discards(text)
    tiles = riichi.discards(riichi.parse_tiles(text))
    assert _rows(opts) == _rows(tiles)  # text and a list of its tiles agree
    if len(riichi.parse_tiles(text)) == 14:  # and the Hand of a full hand
        assert _rows(opts) == _rows(riichi.Hand.parse(text).discards())
    counts, red = riichi.parse_counts(text)
    suit = next(i for i, r in enumerate(red) if r)
    five = 9 * suit + 4
    row = next(o for o in opts if o.tile == five)
    only_red = counts[five] == red[suit]
    assert row.red is only_red and row.tile.red is only_red
    assert str(row.tile) == ("0" if only_red else "5") + "mps"[suit]
    # every other row, and every number, is the plain five's
    plain_rows = _rows(riichi.discards(plain))
    assert [r[2:] for r in _rows(opts)] == [r[2:] for r in plain_rows]
    assert not any(o.red for o in opts if o.tile != five)
    # counts carry no colour: the plain five's rows
    assert _rows(riichi.discards(counts)) == plain_rows


@pytest.mark.parametrize(
    "text,plain",
    [("123m406p789s1122z", "123m456p789s1122z"), ("406p1122z", "456p1122z"),
     ("3067s", "3567s")],
)  # fmt: skip
def test_kind_results_are_the_plain_fives_on_purpose(text, plain):
    assert riichi.shanten(text) == riichi.shanten(plain)
    assert riichi.shanten_detail(text) == riichi.shanten_detail(plain)
    assert riichi.ukeire(text) == riichi.ukeire(plain)
    assert riichi.waits(text) == riichi.waits(plain)
    assert riichi.ukeire("123m456p789s1122z", visible="0p") == riichi.ukeire(
        "123m456p789s1122z", visible="5p"
    )
    # the discard table after the same text is where the colour shows
    assert riichi.discards(text + "9m") != riichi.discards(plain + "9m")


def test_readings_are_of_kinds_on_purpose():
    red, plain = "123m406p789s11222z", "123m456p789s11222z"
    assert riichi.decompose(red, "2z") == riichi.decompose(plain, "2z")
    assert riichi.decompose(red, "0p") == riichi.decompose(plain, "5p")
    # the dora of the red five is the score's
    with_red = riichi.score("234m406p789s11555z", "5z")
    assert ("akadora", 1) in with_red.yaku
    assert with_red.han == riichi.score("234m456p789s11555z", "5z").han + 1


RED_5P = riichi.parse_tile("0p")


@pytest.mark.parametrize("win", ["0p", RED_5P], ids=["text", "tile"])
def test_a_red_winning_tile_the_hand_does_not_hold_is_refused(win):
    plain = "234m456p789s11555z"
    with pytest.raises(riichi.RiichiError, match=r'win_tile: "0p" is a red five'):
        riichi.score(plain, win, tsumo=True)
    with pytest.raises(riichi.RiichiError, match=r'requests\[0\]: invalid win_tile: "0p"'):
        riichi.batch.score([{"hand": plain, "win_tile": win, "tsumo": True}])
    held = "234m406p789s11555z"
    r = riichi.score(held, win, tsumo=True)
    assert ("akadora", 1) in r.yaku
    cols = riichi.batch.score([{"hand": held, "win_tile": win, "tsumo": True}])
    assert int(cols["points"][0]) == r.points
    # the plain five is a good winning tile for either hand
    assert riichi.score(plain, riichi.parse_tile("5p"), tsumo=True).is_agari


def test_the_command_line_wins_on_the_red_five_written_last(capsys):
    from riichi.cli import main

    assert main(["score", "234m789s11555z460p", "--tsumo"]) == 0
    out = capsys.readouterr().out
    assert "(tsumo on 0p," in out and "akadora" in out
    assert main(["score", "234m789s11555z456p", "--tsumo", "--win", "0p"]) == 2
    assert "holds no red five" in capsys.readouterr().err


@pytest.mark.parametrize("given", ["0p", [RED_5P]], ids=["text", "tile"])
def test_a_red_indicator_keeps_its_colour(given):
    # a red five shown as an indicator is a copy the hand does not hold: beside the only red
    # 5p of Tenhou's rules in the hand, or under rules without red fives, it cannot be
    held, plain = "234m406p789s11555z", "234m456p789s11555z"
    with pytest.raises(riichi.RiichiError, match=r"dora_indicators: 1 red 5p among the "
                       r"indicators, but the rules have 1 and the hand holds 1"):  # fmt: skip
        riichi.score(held, "5z", dora_indicators=given)
    with pytest.raises(riichi.RiichiError, match=r"ura_indicators: 1 red 5p"):
        riichi.score(held, "5z", riichi=True, ura_indicators=given)
    with pytest.raises(riichi.RiichiError, match=r"requests\[0\]: invalid dora_indicators"):
        riichi.batch.score([{"hand": held, "win_tile": "5z", "dora_indicators": given}])
    no_red = riichi.Rules(red_fives=(0, 0, 0))
    with pytest.raises(riichi.RiichiError, match=r"the rules have 0 and the hand holds 0"):
        riichi.score(plain, "5z", dora_indicators=given, rules=no_red)
    # a plain hand beside the red indicator: the 6p dora, as the plain five's
    r = riichi.score(plain, "5z", dora_indicators=given)
    assert ("dora", 1) in r.yaku and r.han == riichi.score(plain, "5z", dora_indicators="5p").han
    assert riichi.score(held, "5z", dora_indicators="5p").han == 3  # haku, dora, akadora
