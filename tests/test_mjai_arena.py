"""The mjai arena: full games between bot processes, faults reported and survived, every
game's written logs replayed clean, the command line.

The baseline bots run as ``python -m riichi.bots.greedy`` / ``tsumogiri`` subprocesses; the
faulty bot is tests/mjai_bots/faulty.py (it misbehaves from its third decision on).
"""

from __future__ import annotations

import json
import os
import re
import sys
import time
from pathlib import Path

import pytest

import riichi
from riichi.actions import Discard, Pass, Pon, Riichi
from riichi.cli import main as cli_main
from riichi.errors import RiichiError
from riichi.mjai import Arena, fallback_action
from riichi.mjai.protocol import REACH, match_response, seat_view

HERE = Path(__file__).resolve().parent
PY = sys.executable
FAULTY = str(HERE / "mjai_bots" / "faulty.py")
SRC = str(HERE.parent / "python")


def _env_cmd(*args: str) -> list[str]:
    """A bot command that imports riichi from this checkout (the test's own import path)."""
    return ["env", f"PYTHONPATH={SRC}", PY, *args]


GREEDY = _env_cmd("-m", "riichi.bots.greedy")
EAST = riichi.Rules.tenhou("tonpuusen")  # shorter games where the length does not matter
TSUMOGIRI = _env_cmd("-m", "riichi.bots.tsumogiri")
# seconds a well-behaved bot may take per answer (and to start) before the arena calls it a
# timeout: generous, since on a loaded machine a Python bot answered after more than 20 s
# (and the CLI's default 5) and the tests that expect no fault failed; an idle run never
# comes near it, and the test of a slow bot sets its own short timeout
PATIENT = 120


def _faulty(mode: str) -> list[str]:
    return _env_cmd(FAULTY, mode)


def _replays_clean(path: str) -> riichi.replay.GameReport:
    (_, log), *rest = list(riichi.read_logs([path]))
    assert not rest
    report = riichi.replay_game(log)
    assert report.ok, (path, report.mismatches[:3], report.unsupported[:3])
    assert report.rounds > 0 and report.actions > 0
    return report


def _hora_actors(path: str) -> list[int]:
    out = []
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        d = json.loads(line)
        if d["type"] == "hora":
            out.append(d["actor"])
    return out


def test_baseline_bots_full_games(tmp_path):
    """Four East-only games (one seed, every bot in every seat) between three greedy bots and a
    tsumogiri bot, all subprocesses: no fault, every game finished, both logs of each game
    replay clean with the rules they carry, and the bots play as documented."""
    arena = Arena([GREEDY, GREEDY, GREEDY, TSUMOGIRI], EAST, log_dir=tmp_path, timeout=PATIENT)
    assert arena.names == ["riichi.bots.greedy#1", "riichi.bots.greedy#2",
                           "riichi.bots.greedy#3", "riichi.bots.tsumogiri"]  # fmt: skip
    seen = []
    result = arena.run(4, seed=11, progress=seen.append)
    assert result.faults == [] and result.aborted == []
    assert len(result.games) == 4 and len(seen) == 4
    assert sorted(g.bots[0] for g in result.games) == [0, 1, 2, 3]  # seats rotate
    assert {g.seed for g in result.games} == {11}
    wins_by_bot = [0] * 4
    riichi_seen = 0
    for g in result.games:
        assert sorted(g.ranks) == [1, 2, 3, 4] and g.rounds > 0 and g.decisions > 100
        assert abs(sum(g.final)) < 1e-6
        mjai = _replays_clean(g.mjai_path)
        mjlog = _replays_clean(g.mjlog_path)
        assert mjai.actions == mjlog.actions
        log = riichi.read_log(g.mjai_path)
        assert log.meta["rules"] == EAST
        assert log.start.names == tuple(arena.names[b] for b in g.bots)
        for seat in _hora_actors(g.mjai_path):
            wins_by_bot[g.bots[seat]] += 1
        text = Path(g.mjai_path).read_text(encoding="utf-8")
        riichi_seen += text.count('"type":"reach_accepted"')
    assert wins_by_bot[3] == 0  # tsumogiri never wins
    assert sum(wins_by_bot[:3]) > 0 and riichi_seen > 0  # greedy wins and declares riichi
    for b in result.bots:
        assert b.games == 4 and sum(b.ranks) == 4
        assert 1 <= b.mean_rank <= 4 and b.rank_ci >= 0
    assert result.bots[3].mean_points < 0
    text = result.summary()
    assert "riichi.bots.tsumogiri" in text and "4 games" in text and "0 faults" in text
    assert cli_main(["verify", str(tmp_path), "-q"]) == 0  # the log folder holds only games


def test_faulty_bots_are_named_and_never_hang(tmp_path):
    """A bot that stops answering, one that crashes, one that plays illegal discards and one
    that writes prose: each fault is reported with its bot, seat, event and reason, the seats
    are played by the fallback, and the game finishes and replays clean."""
    bots = [_faulty("slow"), _faulty("crash"), _faulty("illegal"), _faulty("notjson")]
    arena = Arena(
        bots, EAST, timeout=0.5, startup_timeout=PATIENT, log_dir=tmp_path, stderr_dir=tmp_path / "err"
    )
    assert arena.names == ["faulty slow", "faulty crash", "faulty illegal", "faulty notjson"]
    t0 = time.perf_counter()
    result = arena.run(1, seed=2)
    assert time.perf_counter() - t0 < 60
    (g,) = result.games
    assert g.aborted is None and sorted(g.ranks) == [1, 2, 3, 4]
    _replays_clean(g.mjai_path)
    _replays_clean(g.mjlog_path)
    kinds = {(f.name, f.kind) for f in result.faults}
    assert kinds == {
        ("faulty slow", "timeout"),
        ("faulty crash", "crash"),
        ("faulty illegal", "illegal"),
        ("faulty notjson", "not_json"),
    }
    by = {f.kind: f for f in result.faults}
    assert "no answer within 0.5 s" in by["timeout"].detail
    assert "exited with status 3" in by["crash"].detail
    assert "crashing on purpose" in by["crash"].detail  # the bot's stderr tail
    assert "I think I will discard" in by["not_json"].detail
    illegal = [f for f in result.faults if f.kind == "illegal"]
    assert len(illegal) > 5  # it keeps playing (and keeps being refused)
    for f in illegal:
        assert f.event is not None and f.event["type"] == "tsumo" and f.event["actor"] == f.seat
        assert '"type":"dahai"' in f.detail and f.action.startswith("Discard(")
        assert "tsumogiri=True" in f.action
    for f in result.faults:
        assert f.event is not None and f.game == 0 and g.bots[f.seat] == f.bot
        assert f.kind in str(f)
    # one timeout, one crash, one not_json: the bot is out for the rest of the game
    assert sum(f.kind in ("timeout", "crash", "not_json") for f in result.faults) == 3
    assert result.bots[0].faults == {"timeout": 1}
    stderr = (tmp_path / "err" / "bot1.job0.stderr.txt").read_text(encoding="utf-8")
    assert "crashing on purpose" in stderr


def test_a_bot_out_of_one_game_plays_the_next(tmp_path):
    """After a crash the bot is started again for the next game (and crashes again there:
    one fault per game); a bot answering a JSON list is an illegal answer; a bot writing
    more lines than answers, or a line of 2 MiB, is out of step."""
    bots = [_faulty("crash"), _faulty("chatty"), _faulty("wrongtype"), _faulty("huge")]
    result = Arena(bots, EAST, timeout=PATIENT).run(2, seed=4)
    assert [g.aborted for g in result.games] == [None, None]
    chatty = [f for f in result.faults if f.name == "faulty chatty"]
    assert [(f.game, f.kind) for f in chatty] == [(0, "protocol"), (1, "protocol")]
    assert "a line nobody asked for: '{\"type\":\"none\"}'" in chatty[0].detail
    huge = [f for f in result.faults if f.name == "faulty huge"]
    assert [(f.game, f.kind) for f in huge] == [(0, "not_json"), (1, "not_json")]
    assert f"longer than {1 << 20} characters" in huge[0].detail
    crashes = [f for f in result.faults if f.kind == "crash"]
    assert [f.game for f in crashes] == [0, 1] and {f.name for f in crashes} == {"faulty crash"}
    wrong = [f for f in result.faults if f.name == "faulty wrongtype"]
    assert wrong and {f.kind for f in wrong} == {"illegal"}
    assert all("answered [1,2,3]" in f.detail for f in wrong)


def test_riichi_discard_answer_after_reach_is_checked():
    """Bots given as objects run in this process. After a ``reach`` answer the seat is sent
    its ``reach`` event and must answer one of its riichi discards: anything else is an
    illegal answer, and the fallback declares riichi with the drawn tile."""
    from riichi.bots.greedy import GreedyBot

    class LateBadReach(GreedyBot):
        def choose(self, state, legal):
            if state.decision == "reach":
                return {"type": "dahai", "actor": state.seat, "pai": "?", "tsumogiri": True}
            return super().choose(state, legal)

    result = Arena([LateBadReach(), GreedyBot(), GreedyBot(), GreedyBot()]).run(1, seed=9)
    bad = [f for f in result.faults if "after its reach" in f.detail]
    assert bad, result.summary()
    assert len(bad) == len(result.faults)
    assert all(f.kind == "illegal" and f.action.startswith("Riichi(") for f in bad)
    assert all(f.event == {"type": "reach", "actor": f.seat} for f in bad)
    assert result.games[0].aborted is None


def test_match_response_and_fallback():
    rules = riichi.Rules.tenhou()
    legal = [Discard(0, 8, False), Discard(0, 9, True), Riichi(0, 9, True), Pass(1)]
    # 3m = kind 2: ids 8..11; one in hand, the drawn one
    assert match_response({"type": "dahai", "pai": "3m", "tsumogiri": True}, 0, legal, rules) == legal[1]
    assert match_response({"type": "dahai", "pai": "3m", "tsumogiri": False}, 0, legal, rules) == legal[0]
    assert match_response({"type": "dahai", "pai": "3m"}, 0, legal, rules) == legal[0]
    assert match_response({"type": "dahai", "pai": "4m"}, 0, legal, rules) is None
    assert match_response({"type": "dahai", "actor": 1, "pai": "3m"}, 0, legal, rules) is None
    assert match_response({"type": "reach", "actor": 0}, 0, legal, rules) == REACH
    assert match_response({"type": "dahai", "pai": "3m"}, 0, legal, rules, reach_step=True) == legal[2]
    assert match_response({"type": "none"}, 0, legal[:3], rules) is None  # no pass on a turn
    assert match_response("dahai", 0, legal, rules) is None
    assert match_response([{"type": "none"}], 0, legal, rules) is None
    claim = [Pon(1, 40, (41, 42)), Pass(1)]
    assert match_response({"type": "pon", "pai": "2p", "consumed": ["2p", "2p"]}, 1, claim, rules) == claim[0]
    assert match_response({"type": "pon", "pai": "2p", "consumed": ["2p"]}, 1, claim, rules) is None
    assert match_response({"type": "pon", "pai": "2p", "consumed": "2p2p"}, 1, claim, rules) is None
    assert match_response({"type": "none"}, 1, claim, rules) == claim[1]
    assert fallback_action(legal) == legal[1]
    assert fallback_action(legal, reach_step=True) == legal[2]
    assert fallback_action(claim) == claim[1]
    with pytest.raises(RiichiError, match="no legal action"):
        fallback_action([])


def test_seat_view_masks_other_hands():
    kyoku = {"type": "start_kyoku", "tehais": [["1m"] * 13, ["2m"] * 13, ["3m"] * 13, ["4m"] * 13]}
    v = seat_view(kyoku, 1)
    assert v["tehais"][1] == ["2m"] * 13
    assert all(v["tehais"][s] == ["?"] * 13 for s in (0, 2, 3))
    assert kyoku["tehais"][0] == ["1m"] * 13  # not changed in place
    assert seat_view({"type": "tsumo", "actor": 0, "pai": "5m"}, 1)["pai"] == "?"
    assert seat_view({"type": "tsumo", "actor": 1, "pai": "5m"}, 1)["pai"] == "5m"
    d = {"type": "dahai", "actor": 0, "pai": "5m", "tsumogiri": True}
    assert seat_view(d, 1) is d


def test_arena_arguments_are_checked():
    with pytest.raises(RiichiError, match="4 players need 4 bots, got 3"):
        Arena([GREEDY] * 3)
    with pytest.raises(RiichiError, match="3 players need 3 bots"):
        Arena([GREEDY] * 4, riichi.Rules.tenhou_sanma())
    with pytest.raises(RiichiError, match="timeout must be a positive number"):
        Arena([GREEDY] * 4, timeout=0)
    with pytest.raises(RiichiError, match=r"rules must be a riichi\.Rules"):
        Arena([GREEDY] * 4, rules="tenhou")  # type: ignore[arg-type]
    with pytest.raises(RiichiError, match="bot 2: cannot split the command 'python \"x'"):
        Arena([GREEDY, GREEDY, 'python "x', GREEDY])
    with pytest.raises(RiichiError, match="bot 0: the command is empty"):
        Arena(["  ", GREEDY, GREEDY, GREEDY])
    # one command string is not four bots (its characters were taken as commands: "abcd"
    # made four bots 'a'..'d'); an object without react is refused before any game
    for bots in ("abcd", "python -m riichi.bots.greedy", iter([GREEDY] * 4), None):
        with pytest.raises(RiichiError, match="bots must be a list of 4 bots"):
            Arena(bots)  # type: ignore[arg-type]
    with pytest.raises(RiichiError, match=r"bot 1: expected a command .* got 7"):
        Arena([GREEDY, 7, GREEDY, GREEDY])
    arena = Arena([GREEDY] * 4)
    with pytest.raises(RiichiError, match="games must be an int >= 0"):
        arena.run(-1)
    with pytest.raises(RiichiError, match="jobs must be an int >= 1"):
        arena.run(1, jobs=0)
    result = Arena([["/nonexistent/bot"]] * 4).run(1)
    assert {f.kind for f in result.faults} == {"crash"}
    assert "cannot start" in result.faults[0].detail
    assert result.games[0].aborted is None  # the fallback plays all four seats


def test_cli_arena_sanma_json_and_usage(tmp_path, capsys):
    import dataclasses

    rules = dataclasses.replace(riichi.Rules.tenhou_sanma(), length="tonpuusen")
    (tmp_path / "rules.json").write_text(rules.to_json(), encoding="utf-8")
    out = tmp_path / "report.json"
    cmd = " ".join(f"'{x}'" for x in GREEDY)
    tg = " ".join(f"'{x}'" for x in TSUMOGIRI)
    args = ["arena", "--bot", cmd, "--bot", tg, "--bot", cmd, "--games", "1", "--rules",
            str(tmp_path / "rules.json"), "--seed", "3", "--json", str(out), "--log-dir",
            str(tmp_path), "-q", "--timeout", str(PATIENT)]  # fmt: skip
    assert cli_main(args) == 0
    text = capsys.readouterr().out
    assert "riichi.bots.tsumogiri" in text and "1 games" in text
    report = json.loads(out.read_text(encoding="utf-8"))
    assert riichi.Rules.from_dict(report["rules"]) == rules and len(report["games"]) == 1
    assert report["faults"] == [] and len(report["bots"]) == 3
    log = report["games"][0]["mjlog_path"]
    assert os.path.exists(log)
    _replays_clean(log)
    assert riichi.read_log(log).meta["rules"] == rules
    assert cli_main(["arena", "--bot", cmd, "--games", "1", "-q"]) == 2
    assert "4 players need 4 --bot commands, got 1" in capsys.readouterr().err
    assert cli_main(["arena", "--bot", cmd] * 1 + ["--bot", cmd] * 3 + ["--rules", "nope"]) == 2
    assert "--rules nope" in capsys.readouterr().err
    assert cli_main(["arena"] + ["--bot", cmd] * 4 + ["--timeout", "0"]) == 2
    assert "--timeout must be a positive number" in capsys.readouterr().err
    assert cli_main(["arena"] + ["--bot", cmd] * 3 + ["--bot", "'open"]) == 2
    assert "cannot split the command" in capsys.readouterr().err
    bad_dir = tmp_path / "rules.json" / "sub"  # below a file: cannot be made
    assert cli_main(["arena"] + ["--bot", cmd] * 4 + ["--log-dir", str(bad_dir), "-q"]) == 2
    assert "cannot make the log folder" in capsys.readouterr().err
    assert cli_main(["arena"] + ["--bot", cmd] * 4 + ["--stderr-dir", str(bad_dir), "-q"]) == 2
    assert "cannot make the stderr folder" in capsys.readouterr().err


def test_readme_bot_runs_in_the_arena():
    """The README's dozen-line bot is a working bot (no fault over a game)."""
    import re

    text = (HERE.parent / "README.md").read_text(encoding="utf-8")
    (block,) = [b for b in re.findall(r"```python\n(.*?)```", text, flags=re.S) if "MyBot" in b]
    ns: dict = {}
    exec(compile(block, "README bot", "exec"), ns)
    from riichi.bots.greedy import GreedyBot

    result = Arena([ns["MyBot"](), GreedyBot(), GreedyBot(), GreedyBot()], EAST).run(1, seed=5)
    assert result.faults == [] and result.games[0].aborted is None
    assert result.games[0].decisions > 50


def test_jobs_give_the_same_games():
    """Games are determined by their index and seed: two jobs play the same games as one."""
    from riichi.bots.greedy import GreedyBot

    def run(jobs: int):
        result = Arena([GreedyBot() for _ in range(4)], EAST).run(4, seed=7, jobs=jobs)
        return [(g.index, g.bots, g.scores, g.decisions) for g in result.games]

    one = run(1)
    assert len(one) == 4 and all(g[3] > 0 for g in one)
    assert run(2) == one


@pytest.mark.slow
def test_arena_bench_runs(request):
    """benches/bench_arena.py keeps running: every row plays its games (no timing asserted)."""
    from engine_support import require_slow

    require_slow(request)
    sys.path.insert(0, str(HERE.parent / "benches"))
    import bench_arena

    figs = bench_arena.compare(quick=True, seed=3)
    assert set(figs["rows"]) == {
        "greedy, subprocess", "greedy, in process", "tsumogiri, subprocess",
        "tsumogiri, in process",
    }  # fmt: skip
    for row in figs["rows"].values():
        assert row["aborted"] == 0 and row["decisions"] > 0 and row["messages"] > 0
    g, t = figs["rows"]["greedy, subprocess"], figs["rows"]["greedy, in process"]
    assert (g["decisions"], g["messages"]) == (t["decisions"], t["messages"])  # same games
    assert figs["tracker"]["events"] > 1000


def test_event_protocol_and_seat_in_the_command(tmp_path):
    """protocol="event" (Mortal's mortal.py form: one event per line, answers only at
    decisions) and ``{seat}`` in a command (the bot started again with its new seat each
    game): no fault over a rotation of games, every log replays clean."""
    seat_bot = _env_cmd(str(HERE / "mjai_bots" / "seat_argv.py"), "{seat}")
    arena = Arena([seat_bot, GREEDY, TSUMOGIRI, GREEDY], EAST, log_dir=tmp_path,
                  protocol="event", timeout=PATIENT)  # fmt: skip
    result = arena.run(2, seed=8)
    assert result.faults == [], result.summary()
    assert [g.bots[0] for g in result.games] == [0, 3]  # bot 0: seat 0, then seat 1
    for g in result.games:
        assert g.aborted is None
        _replays_clean(g.mjlog_path)
        assert g.messages == g.events_sent  # one line per event
    assert arena.names[0] == "seat_argv {seat}"
    # a seat given in the command but played elsewhere is caught by the bot itself
    fixed = _env_cmd(str(HERE / "mjai_bots" / "seat_argv.py"), "0")
    result = Arena([fixed, GREEDY, GREEDY, GREEDY], EAST, timeout=PATIENT).run(2, seed=8)
    assert [(f.game, f.kind) for f in result.faults] == [(1, "crash")]
    assert "started as seat 0, told 1" in result.faults[0].detail
    with pytest.raises(RiichiError, match="protocol must be 'batch' or 'event'"):
        Arena([GREEDY] * 4, protocol="tcp")


def test_the_summary_shows_whole_bot_names():
    # names were cut at 24 characters: two model versions of one bot read the same
    from riichi.mjai.arena import ArenaResult, BotStats

    names = [f"python mybot.py --model checkpoint-{v}" for v in ("0100", "0200", "0300")]
    names.append("greedy")
    result = ArenaResult(riichi.Rules.tenhou(), [], [BotStats(n) for n in names], [])
    rows = result.summary().splitlines()
    assert [r.split("  ")[0].strip() for r in rows[1:5]] == names
    assert len({r.index("      0", len(names[0])) for r in rows[1:5]}) == 1  # columns aligned
    # no game finished: no average to show (was "nan±0.00" and "+nan±0.0")
    assert "nan" not in result.summary()
    assert rows[1].split()[-3:] == ["-", "-", "0"]


@pytest.mark.parametrize("bot", ["greedy", "tsumogiri"])
def test_baseline_bots_name_input_that_is_not_json_in_one_line(bot):
    # they died with a traceback (RiichiError raised out of Bot.run) and no line to quote
    import subprocess

    p = subprocess.run(
        _env_cmd("-m", f"riichi.bots.{bot}"),
        input='[{"type":"start_game","id":0}]\nhello <not json>\n',
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert p.returncode == 2
    assert p.stdout == '{"type":"none"}\n'  # the first line was answered
    assert p.stderr.count("\n") == 1 and "Traceback" not in p.stderr, p.stderr
    assert p.stderr.startswith(f"riichi.bots.{bot}: error: input line 2 is not JSON")
    assert "'hello <not json>'" in p.stderr


@pytest.mark.parametrize(
    "line,named",
    [("42", "input line 2: expected an mjai event object, got 42"),
     ('[{"type":"bogus"}]', "input line 2: unknown mjai event type 'bogus'"),
     ("{", "input line 2 is not JSON")],
)  # fmt: skip
def test_bot_main_reports_bad_input_and_exits_non_zero(line, named):
    import io

    from riichi.bots.tsumogiri import TsumogiriBot

    out, err = io.StringIO(), io.StringIO()
    stdin = io.StringIO('[{"type":"start_game","id":0}]\n' + line + "\n")
    assert TsumogiriBot().main("bot", stdin, out, err) == 2
    assert err.getvalue().startswith(f"bot: error: {named}") and err.getvalue().count("\n") == 1
    assert TsumogiriBot().main("bot", io.StringIO("[]\n"), io.StringIO(), err) == 0


def test_a_bot_stopped_by_bot_main_is_reported_with_its_one_line(tmp_path):
    # a Bot.main bot that gives up on an input names it on stderr and exits 2; the arena
    # reports it as a crash quoting that line, and the game goes on with the fallback
    script = tmp_path / "picky.py"
    script.write_text(
        "from riichi.errors import RiichiError\n"
        "from riichi.mjai import Bot\n"
        "class Picky(Bot):\n"
        "    def choose(self, state, legal):\n"
        "        raise RiichiError('no answer for this seat')\n"
        "raise SystemExit(Picky().main('picky'))\n",
        encoding="utf-8",
    )
    from riichi.bots.tsumogiri import TsumogiriBot

    bots = [_env_cmd(str(script)), TsumogiriBot(), TsumogiriBot(), TsumogiriBot()]
    result = Arena(bots, EAST, timeout=PATIENT, startup_timeout=PATIENT, log_dir=tmp_path).run(1, seed=2)
    (g,) = result.games
    assert g.aborted is None
    _replays_clean(g.mjai_path)
    (crash,) = result.faults
    assert crash.kind == "crash" and crash.seat == g.bots.index(0)
    assert "exited with status 2" in crash.detail
    assert re.search(r"stderr: picky: error: input line \d+: no answer for this seat;", crash.detail)
    assert "Traceback" not in crash.detail


def test_bot_main_reports_json_nested_too_deep_in_one_line():
    # json.loads raises RecursionError (not a ValueError) on deep nesting: it escaped
    # Bot.run as a traceback with exit status 1
    import io

    from riichi.bots.greedy import GreedyBot

    for deep in ("[" * 100_000, '{"a":' * 100_000):
        out, err = io.StringIO(), io.StringIO()
        stdin = io.StringIO('[{"type":"start_game","id":0}]\n' + deep + "\n")
        assert GreedyBot().main("bot", stdin, out, err) == 2
        msg = err.getvalue()
        assert msg.startswith("bot: error: input line 2 is not an mjai message: JSON nested")
        assert msg.count("\n") == 1 and len(msg) < 300, msg[:300]
        assert out.getvalue() == '{"type":"none"}\n'  # the first line was answered


def test_bot_main_reports_input_that_is_not_utf8_in_one_line():
    # a strictly decoding stdin (PYTHONIOENCODING=utf-8, or a TextIOWrapper given to
    # main) raised UnicodeDecodeError out of the line loop: a traceback, exit status 1
    import io

    from riichi.bots.tsumogiri import TsumogiriBot

    raw = b'[{"type":"start_game","id":0}]\n' + b"\xff\xfe junk\n"
    stdin = io.TextIOWrapper(io.BytesIO(raw), encoding="utf-8")
    err = io.StringIO()
    assert TsumogiriBot().main("bot", stdin, io.StringIO(), err) == 2
    msg = err.getvalue()
    assert re.match(r"bot: error: input line [12] or a later one is not UTF-8 text", msg), msg
    assert "\\xff" in msg and msg.count("\n") == 1


@pytest.mark.parametrize("bot", ["greedy", "tsumogiri"])
def test_baseline_bots_on_binary_and_deep_stdin_exit_2_without_traceback(bot):
    import subprocess

    env = dict(os.environ, PYTHONIOENCODING="utf-8")  # strict decoding of stdin
    for data in (b"[]\n\xff\xfe\x00\n", b"[" * 200_000 + b"\n"):
        p = subprocess.run(
            _env_cmd("-m", f"riichi.bots.{bot}"), input=data, capture_output=True,
            timeout=120, env=env,
        )  # fmt: skip
        assert p.returncode == 2, p.stderr[-500:]
        assert b"Traceback" not in p.stderr and p.stderr.count(b"\n") == 1, p.stderr[-500:]
        assert p.stderr.startswith(f"riichi.bots.{bot}: error: input line".encode())


def test_a_game_the_mjlog_writer_refuses_is_finished_not_aborted(tmp_path, monkeypatch):
    """A finished game that mjlog cannot express (an open riichi, a local yaku) was recorded
    as aborted; it counts, its mjai log is written and replays clean, and the record and the
    summary say why its mjlog log is missing."""
    import riichi.mjai.arena as arena_mod

    def refuse(*args, **kwargs):
        raise riichi.LogFormatError("mjlog has no open riichi")

    monkeypatch.setattr(arena_mod, "to_mjlog", refuse)
    arena = Arena([TSUMOGIRI] * 4, EAST, log_dir=tmp_path, timeout=PATIENT)
    result = arena.run(1, seed=5)
    (g,) = result.games
    assert g.aborted is None and result.aborted == [] and sorted(g.ranks) == [1, 2, 3, 4]
    assert g.mjlog_path is None and "mjlog has no open riichi" in (g.mjlog_missing or "")
    _replays_clean(g.mjai_path)
    assert "no mjlog log: game 0: LogFormatError: mjlog has no open riichi" in result.summary()
    assert result.to_dict()["games"][0]["mjlog_missing"] == g.mjlog_missing


def test_a_negative_seed_is_refused_before_any_game():
    # block b plays seed + b: from a negative seed the blocks met their mirror across 0
    # (seeds -1 and 1 dealt the same walls)
    arena = Arena([TSUMOGIRI] * 4, EAST, timeout=PATIENT)
    with pytest.raises(riichi.RiichiError, match=r"seed.*-2"):
        arena.run(8, seed=-2)
