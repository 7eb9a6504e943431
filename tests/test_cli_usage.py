"""Bad usage of ``riichi hand`` / ``riichi score`` (and of the command itself) exits with
status 2 and a one-line message, in every form: unknown or malformed flags, bad values,
hands that cannot be parsed, and arguments that are not UTF-8 (``sys.argv`` holds them as
lone surrogates)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from riichi import cli

HAND = "123m456p789s11222z"
NOT_UTF8 = os.fsdecode(b"\xff")  # how Python hands a non-UTF-8 argv byte to the program
HALF_UTF8 = os.fsdecode(b"\xc3")

_BAD = [
    [],
    ["bogus"],
    [NOT_UTF8],
    ["--bogus"],
    ["hand"],
    ["hand", "xyz"],
    ["hand", ""],
    ["hand", "123m pon:"],
    ["hand", "123m" + NOT_UTF8],
    ["hand", HAND[:-1], "--visible", "5"],
    ["hand", HAND[:-1], "--visible", NOT_UTF8],
    ["hand", HAND[:-1], "--visible"],
    ["hand", HAND[:-1], "--bogus"],
    ["score"],
    ["score", ""],
    ["score", " pon:111z"],
    ["score", HAND + NOT_UTF8, "--win", "2z"],
    ["score", HAND, "--win", ""],
    ["score", HAND, "--win", "99"],
    ["score", HAND, "--win", HALF_UTF8],
    ["score", HAND, "--win", "5m"],  # not among the concealed tiles
    ["score", HAND, "--seat", "5z"],
    ["score", HAND, "--seat", NOT_UTF8],
    ["score", HAND, "--round", "X"],
    ["score", HAND, "--honba", "-1"],
    ["score", HAND, "--honba", "1e3"],
    ["score", HAND, "--honba", NOT_UTF8],
    ["score", HAND, "--honba", str(2**70)],
    ["score", HAND, "--kyotaku", "x"],
    ["score", HAND, "--dora", "1m1m1m1m"],
    ["score", HAND, "--ura", NOT_UTF8],
    ["score", HAND, "--rules", "tenhouu"],
    ["score", HAND, "--rules", NOT_UTF8],
    ["score", HAND, "--rules", "tenhou_go:zz"],
    ["score", HAND, "--rules", "missing.json"],
    ["score", HAND, "--tsumo=3"],
    ["score", "pon:111z 123m456p789s22z"],
]


@pytest.mark.parametrize("argv", _BAD, ids=[repr(a) for a in _BAD])
def test_bad_usage_exits_2(argv, capsys):
    try:
        status = cli.main(argv)
    except SystemExit as e:  # argparse's own usage errors
        status = e.code
    assert status == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert "error:" in err


@pytest.mark.parametrize(
    "argv",
    [["hand", b"123m\xff"], ["score", HAND.encode() + b"\xff", "--win", "2z"],
     ["score", HAND, "--seat", b"\xfe"]],
)  # fmt: skip
def test_non_utf8_argv_from_the_shell(argv):
    """The real process: argv bytes that are not UTF-8, as a shell passes them."""
    p = subprocess.run([sys.executable, "-m", "riichi", *argv], capture_output=True)
    assert p.returncode == 2, p.stderr
    assert b"Traceback" not in p.stderr
    assert b"not UTF-8 text" in p.stderr


def test_leading_spaces_still_find_the_winning_tile(capsys):
    # was IndexError: the winning tile was taken from the text before the first space
    assert cli.main(["score", "  123m456p789s11222z", "--seat", "S"]) == 0
    assert "ron on 2z" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "flag"),
    [
        (["verify", "--json", ""], "--json"),  # was taken as not given: no report, exit 0
        (["hand", "123m456p789s1122z", "--svg", ""], "--svg"),
        (["score", HAND, "--svg", ""], "--svg"),
        (["convert", "x.xml", "-o", "", "--to", "mjai"], "-o/--output"),
        (["export", "x.xml", "-o", ""], "-o/--output"),
        (["view", "x.xml", "-o", ""], "-o/--output"),
        (["stats", "x.xml", "--csv", ""], "--csv"),
        (["stats", "x.xml", "--parquet", ""], "--parquet"),
        (["arena", "--bot", "x", "--log-dir", ""], "--log-dir"),
        (["arena", "--bot", "x", "--stderr-dir", ""], "--stderr-dir"),
    ],
)
def test_an_empty_output_path_is_bad_usage(argv, flag, capsys):
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert err == f"riichi {argv[0]}: error: {flag}: an empty path (name a file or folder)\n"


@pytest.mark.parametrize("command", ["verify", "arena", "score"])  # (export, view: "as verify")
def test_every_rules_option_names_the_tenhou_lobby_form_it_takes(command, capsys):
    # riichi arena --rules tenhou_go:0xa9 works, but its --help did not say so
    with pytest.raises(SystemExit):
        cli.main([command, "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "tenhou_go:0xHEX" in text
