"""`riichi score` and `riichi hand` on the command line: output and exit codes."""

from __future__ import annotations

import pytest

from riichi.cli import main


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_score_prints_yaku_fu_and_payments(capsys):
    # RC39: riichi pinfu tanyao dora 1, 4 han 30 fu, non-dealer ron 7700 (no kiriage)
    code, out, _ = run(
        capsys,
        "score",
        "234m456p345s678s88s",
        "--win",
        "5s",
        "--riichi",
        "--dora",
        "1m",
        "--seat",
        "S",
    )
    assert code == 0
    for name in ("riichi", "pinfu", "tanyao", "dora"):
        assert name in out
    assert "4 han 30 fu: 7700 points" in out
    assert "7700 from the discarder" in out


def test_score_kiriage_option(capsys):
    code, out, _ = run(
        capsys,
        "score",
        "234m456p345s678s88s",
        "--win",
        "5s",
        "--riichi",
        "--dora",
        "1m",
        "--seat",
        "S",
        "--kiriage",
    )
    assert code == 0
    assert "8000 points" in out


def test_score_open_riichi_option(capsys):
    # the RC39 hand declared open: riichi + open riichi + pinfu + tanyao + dora 1 = 5 han
    argv = ["score", "234m456p345s678s88s", "--win", "5s", "--riichi", "--dora", "1m"]
    code, out, _ = run(capsys, *argv, "--seat", "S", "--open-riichi")
    assert code == 0
    assert "open_riichi" in out and "8000 points" in out
    # without riichi the flag is refused
    code, _, err = run(capsys, "score", "234m456p345s678s88s", "--win", "5s", "--open-riichi")
    assert code == 2 and "open_riichi" in err


def test_score_rules_take_a_tenhou_lobby_and_a_json_file(capsys, tmp_path):
    # as verify, arena and export: a preset, a Tenhou lobby by its GO type, or a JSON file
    kuitan = ["score", "234m456p345s88s chi:678s", "--win", "5p", "--seat", "S"]
    code, out, _ = run(capsys, *kuitan, "--rules", "tenhou_go:0x09")  # ari-ari hanchan
    assert code == 0 and "tanyao" in out and "1000 points" in out
    code, out, _ = run(capsys, *kuitan, "--rules", "tenhou_go:0x0d")  # bit 2: no kuitan
    assert code == 1 and "no yaku" in out
    rules = tmp_path / "kiriage.json"
    rules.write_text('{"kiriage_mangan": true}')
    argv = ["score", "234m456p345s678s88s", "--win", "5s", "--riichi", "--dora", "1m"]
    code, out, _ = run(capsys, *argv, "--seat", "S", "--rules", str(rules))
    assert code == 0 and "8000 points" in out
    code, _, err = run(capsys, *argv, "--rules", str(tmp_path / "missing.json"))
    assert code == 2 and "missing.json" in err and "Traceback" not in err
    code, _, err = run(capsys, *argv, "--rules", "tenhou_go:zz")
    assert code == 2 and "'zz' is not an integer" in err


def test_score_rinshan_tsumo_split(capsys):
    # RC35: 6 han 50 fu haneman, 3000/6000, one kyotaku
    code, out, _ = run(
        capsys,
        "score",
        "678m567p88s pon:111z kakan:2222z",
        "--win",
        "6m",
        "--rinshan",
        "--seat",
        "W",
        "--dora",
        "1z",
        "--kyotaku",
        "1",
    )
    assert code == 0
    assert "rinshan_kaihou" in out and "haneman" in out
    assert "3000 / 6000" in out
    assert "+13000" in out


def test_score_winning_tile_defaults_to_last_written(capsys):
    code, out, _ = run(capsys, "score", "234m456p678s88s345s", "--riichi", "--seat", "S")
    assert code == 0
    assert "ron on 5s" in out


def test_score_no_yaku_exits_1(capsys):
    # RC22: dora and red fives alone are not a yaku
    code, out, _ = run(capsys, "score", "123m234p340678s22z", "--win", "2m", "--dora", "1m")
    assert code == 1
    assert "no yaku" in out


@pytest.mark.parametrize(
    "argv",
    [
        ("score", "12x"),
        ("score", "234m456p345s678s88s5s"),
        ("score", "234m456p345s678s88s", "--win", "9z"),
        ("hand", "123456789m123456p"),
    ],
)
def test_bad_input_exits_2_with_message(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert "error:" in err


def test_hand_help_example_is_valid(capsys):
    code, out, _ = run(capsys, "hand", "23678m567p88s pon:111z")
    assert code == 0
    assert "waits" in out and "1m (ryanmen)" in out
