"""``riichi verify --rules PRESET|FILE.json``: the user's rules override the header's."""

from __future__ import annotations

import json

import pytest

from riichi.cli import _rules_arg, main, rule_presets
from riichi.errors import RiichiError
from riichi.rules import Rules

SANMA = {  # Tenhou's 3-player rules as of 2020, with the rounded owari of that time
    "num_players": 3, "red_fives": [0, 1, 1], "starting_points": 35000,
    "target_points": 40000, "uma": [20000, 0, -20000], "oka": 15000, "honba_points": 200,
    "noten_payment": 2000, "riichi_min_live_tiles": 3, "suufon_renda": False,
    "suucha_riichi": False, "sanchahou": False, "final_rounding": "thousands",
}  # fmt: skip


@pytest.fixture(scope="module")
def sanma_log(shared):
    # a 3-player houou game, undated (riichi/data ships it too)
    p = shared / "data/mjlog/dnovikoff-tenhou/sanma2.xml"
    if not p.exists():
        pytest.skip(f"{p} absent")
    return str(p)


def test_presets_are_the_rules_classmethods():
    presets = rule_presets()
    assert {"tenhou", "tenhou_sanma", "mahjong_soul"} <= set(presets)
    assert not any(name.startswith("from_") for name in presets)
    assert all(isinstance(make(), Rules) for make in presets.values())
    assert _rules_arg("mahjong_soul") == Rules.mahjong_soul()


def test_a_rules_file_is_read_field_by_field(tmp_path):
    f = tmp_path / "r.json"
    f.write_text(json.dumps(SANMA), encoding="utf-8")
    r = _rules_arg(str(f))
    assert r.final_rounding == "thousands" and r.uma == (20000, 0, -20000)
    assert r == Rules(**SANMA)
    # the object a written log carries (Rules.to_json) reads back equal
    f.write_text(r.to_json(), encoding="utf-8")
    assert _rules_arg(str(f)) == r


def test_a_preset_overrides_the_header(sanma_log, capsys):
    # unrounded figures against the log's rounded owari: the override was really used
    code = main(["verify", "--quiet", "--rules", "tenhou_sanma", sanma_log])
    out = capsys.readouterr().out
    assert code == 1 and "final_points" in out and "final_rounding 'none'" in out
    # a 4-player preset on a 3-player game cannot pass either
    assert main(["verify", "--quiet", "--rules", "tenhou", sanma_log]) == 1
    capsys.readouterr()


def test_a_rules_file_overrides_the_header(sanma_log, tmp_path, capsys):
    f = tmp_path / "sanma.json"
    f.write_text(json.dumps(SANMA), encoding="utf-8")
    code = main(["verify", "--quiet", "--rules", str(f), sanma_log])
    out = capsys.readouterr().out
    assert code == 0 and "OK:" in out
    # the same with worker processes (each builds the rules from the argument)
    code = main(["verify", "--quiet", "--jobs", "2", "--rules", str(f), sanma_log, sanma_log])
    out = capsys.readouterr().out
    assert code == 0 and "OK:" in out


@pytest.mark.parametrize(
    "content,message",
    [
        (None, "not a preset"),
        ("{not json", "not JSON"),
        ("[1, 2]", "expected a dict"),
        ('{"umaa": 1}', "unknown field"),
        ('{"uma": [1, 2]}', "Rules.uma"),
        ('{"final_rounding": "tenths"}', "Rules.final_rounding"),
        ('{"kuitan": "yes"}', "Rules.kuitan"),
    ],
)
def test_bad_rules_are_usage_errors(tmp_path, capsys, content, message):
    if content is None:
        spec = "no_such_preset"
    else:
        spec = str(tmp_path / "bad.json")
        (tmp_path / "bad.json").write_text(content, encoding="utf-8")
    with pytest.raises(RiichiError, match=message):
        _rules_arg(spec)
    code = main(["verify", "--quiet", "--rules", spec, str(tmp_path)])
    err = capsys.readouterr().err
    assert code == 2 and message in err and "--rules" in err


def test_a_missing_rules_file_is_a_usage_error(tmp_path, capsys):
    code = main(["verify", "--quiet", "--rules", str(tmp_path / "none.json"), str(tmp_path)])
    assert code == 2 and "none.json" in capsys.readouterr().err
