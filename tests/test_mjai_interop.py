"""A bot this project did not write in the arena: the rule-based bot of the PyPI package
``mjai`` (``mjai.bot.rulebase:RulebaseBot``, built on Mortal's libriichi), run through
``python -m riichi.bots.mjai_package ... --check``, which also compares the bot's own state
tracker (its ``can_*`` flags) with riichi's legal answers at every decision.

The package pins ``mahjong~=1.2`` (the test oracle needs a newer ``mahjong``), so it lives
in a folder of its own: set ``RIICHI_MJAI_PATH`` to a folder made with
``pip install --target DIR mjai``; without it, the test installs the package into a temporary
folder when slow tests are asked for (``-m slow``: it needs the network), else it skips.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import riichi
from engine_support import require_slow
from riichi.bots import mjai_package
from riichi.mjai import Arena, PlayerState

HERE = Path(__file__).resolve().parent
SRC = str(HERE.parent / "python")


@pytest.fixture(scope="module")
def mjai_dir(request, tmp_path_factory) -> str:
    given = os.environ.get("RIICHI_MJAI_PATH")
    if given:
        if not (Path(given) / "mjai" / "bot" / "rulebase.py").exists():
            pytest.skip(f"RIICHI_MJAI_PATH={given} holds no mjai package")
        return given
    require_slow(request)
    target = tmp_path_factory.mktemp("mjai-bot")
    try:
        subprocess.run(
            [sys.executable, "-m", "pip", "install", "-q", "--target", str(target), "mjai==0.2.1"],
            check=True,
            timeout=600,
            capture_output=True,
        )
    except (subprocess.SubprocessError, OSError) as e:
        pytest.skip(f"cannot install the mjai package: {e}")
    return str(target)


@pytest.mark.slow  # runs by default only with RIICHI_MJAI_PATH; -m slow installs the package
def test_rulebase_bot_plays_with_no_fault_and_agrees_with_riichi(mjai_dir, tmp_path):
    rb = ["env", f"PYTHONPATH={mjai_dir}{os.pathsep}{SRC}", sys.executable, "-m",
          "riichi.bots.mjai_package", "mjai.bot.rulebase:RulebaseBot", "--check"]  # fmt: skip
    greedy = ["env", f"PYTHONPATH={SRC}", sys.executable, "-m", "riichi.bots.greedy"]
    arena = Arena(
        [rb, greedy, rb, greedy],
        riichi.Rules.tenhou("tonpuusen"),
        names=["rulebase", "greedy", "rulebase", "greedy"],
        timeout=20,
        startup_timeout=60,
        log_dir=tmp_path / "logs",
        stderr_dir=tmp_path,
    )
    result = arena.run(4, seed=21)
    # no protocol error: every answer arrived in time, as JSON, and was a legal move
    assert result.faults == [], result.summary()
    assert result.aborted == []
    for g in result.games:
        (_, log), *_ = list(riichi.read_logs([g.mjlog_path]))
        assert riichi.replay_game(log).ok
    stderr = "".join(
        (tmp_path / f"bot{i}.job0.stderr.txt").read_text(encoding="utf-8") for i in (0, 2)
    )
    assert "rulebase:think" in stderr  # the bot decided (its own log lines)
    assert "Exception" not in stderr  # its tracker never failed on an event
    reports = [
        json.loads(line.split(" ", 1)[1])
        for line in stderr.splitlines()
        if line.startswith("riichi-check ")
    ]
    # its libriichi tracker offers exactly riichi's moves at every decision
    assert not [r for r in reports if r["kind"] in ("flags", "riichi_state_error")]
    # mjai 0.2.1's Python-side records (calls, dora indicators) are reset only at
    # start_game: from the second round on they still hold the earlier rounds' items
    assert {r["kind"] for r in reports} <= {"calls", "dora"}
    for r in reports:
        if r["kind"] == "dora":
            assert len(r["bot"]) > len(r["riichi"]) and r["bot"][-len(r["riichi"]) :] == r["riichi"]
        else:
            assert len(r["bot"]) > len(r["riichi"])


class _FakeBot:
    """Stands for an mjai.Bot whose tracker offers nothing at all, and whose records hold a
    pon and a dora indicator of an earlier round."""

    action_candidate = object()

    def __init__(self) -> None:
        self.dora_indicators = ["N", "1p"]

    def get_call_events(self, seat: int) -> list[dict]:
        return [{"type": "pon", "actor": seat, "pai": "C"}]

    def __getattr__(self, name: str) -> bool:
        if name.startswith("can_"):
            return False
        raise AttributeError(name)


def test_check_reports_a_tracker_that_disagrees(capsys):
    """The --check comparison is live: a bot whose flags differ from riichi's answers is
    reported on stderr with the decision, the differing flags and the event."""
    st = PlayerState(0)
    events = [
        {"type": "start_game", "names": ["a", "b", "c", "d"], "id": 0},
        {
            "type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0,
            "oya": 0, "scores": [25000] * 4, "dora_marker": "1p",
            "tehais": [["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "E", "E", "S", "S"]]
            + [["?"] * 13] * 3,
        },
        {"type": "tsumo", "actor": 0, "pai": "S"},
    ]  # fmt: skip
    mjai_package._check(st, _FakeBot(), events, '{"type":"none"}')
    err = capsys.readouterr().err
    assert err.startswith("riichi-check ")
    assert '"can_discard":{"riichi":true,"bot":false}' in err
    assert '"can_tsumo_agari":{"riichi":true,"bot":false}' in err
    assert '"decision":"turn"' in err
    assert '"kind":"calls","round":[27,1,0],"bot":["pon"],"riichi":[]' in err
    assert '"kind":"dora","round":[27,1,0],"bot":["N","1p"],"riichi":["1p"]' in err
    assert mjai_package.riichi_flags(st)["can_riichi"] is True  # closed, a discard keeps tenpai
    assert mjai_package.riichi_flags(st)["can_pon"] is False


def test_wrapper_usage_errors():
    buf = io.StringIO()
    sys_stderr = sys.stderr
    sys.stderr = buf
    try:
        assert mjai_package.main([]) == 2
    finally:
        sys.stderr = sys_stderr
    assert "MODULE:CLASS" in buf.getvalue()


def test_wrapper_names_a_bot_it_cannot_load(capsys, monkeypatch, tmp_path):
    # usage errors of the wrapper process are one line and exit 2, never a traceback (the
    # arena quotes the tail of a crashed bot's stderr: a traceback's last line hid the cause)
    (tmp_path / "toy_mjai_bot.py").write_text(
        "class Bot:\n    def __init__(self, player_id):\n        self.player_id = player_id\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    for spec, why in [
        ("nocolon", "expected MODULE:CLASS, got 'nocolon'"),
        ("no_such_module_xyz:Bot", "cannot import no_such_module_xyz: No module named"),
        ("toy_mjai_bot:NoSuchBot", "toy_mjai_bot has no class NoSuchBot"),
        ("os:path", "os has no class path"),
        ("json:JSONDecoder", "json:JSONDecoder(player_id=0) failed: TypeError"),
    ]:
        assert mjai_package.main([spec]) == 2
        err = capsys.readouterr().err
        assert err.startswith("riichi.bots.mjai_package: error:") and why in err, err
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n[not json\n"))
    assert mjai_package.main(["toy_mjai_bot:Bot"]) == 2
    assert "line 2 is not JSON" in capsys.readouterr().err
