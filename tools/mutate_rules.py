"""One-line mutations of the round's rule code, each run against the rule tests.

    python tools/mutate_rules.py [--only SUBSTRING] [--tests FILE ...] [--timeout S]

Each mutant replaces one exact snippet (it must occur once) in a file under ``python/riichi``,
runs pytest (``-x``, quiet) on the rule test files and restores the file, whatever happens.
A mutant is *killed* when the tests fail, *survives* when they pass, *timeout* when they run
past ``--timeout`` seconds (counted as killed: the change hung the engine). The run ends with
the kill rate and the survivors. Run it from the repository root with riichi importable from
``python/`` (``PYTHONPATH=python``); it edits the working tree, so do not run two at once.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RULE_TESTS = [
    "tests/test_rule_mutants.py",
    "tests/test_kyoku.py",
    "tests/test_round_rules.py",
    "tests/test_round_flow.py",
    "tests/test_round_basic.py",
    "tests/test_game.py",
    "tests/test_game_options.py",
    "tests/test_flow_options.py",
    "tests/test_turn_options.py",
    "tests/test_logs_mjai.py",
    "tests/test_logs_tenhou6.py",
    "tests/test_open_riichi.py",
]

K = "python/riichi/kyoku/"
R, CALLS, TURN = K + "round.py", K + "calls.py", K + "turn.py"
FURITEN, SETTLE, ABORTS = K + "furiten.py", K + "settlement.py", K + "aborts.py"
G = "python/riichi/game.py"
# (file, exact snippet, replacement, what the change means)
MUTANTS: list[tuple[str, str, str, str]] = [
    # kuikae (one function: the forbidden discards, the call offers and the quick check)
    (CALLS, "if low == k + 1 and num + 3 <= 8:", "if low == k + 1 and num + 3 < 8:", "kuikae suji k+3 edge (<)"),
    (CALLS, "if low == k + 1 and num + 3 <= 8:", "if low == k + 1 and num + 3 <= 9:", "kuikae suji k+3 past the suit"),
    (CALLS, "if low == k - 2 and num - 3 >= 0:", "if low == k - 2 and num - 3 > 0:", "kuikae suji k-3 edge (>)"),
    (CALLS, "if low == k - 2 and num - 3 >= 0:", "if low == k - 2 and num - 3 >= -1:", "kuikae suji k-3 past the suit"),
    (CALLS, "    return (k,)\n", "    return ()\n", "kuikae: same tile allowed"),
    # pao
    (SETTLE, 'if m.kind not in ("pon", "daiminkan"):', 'if m.kind != "pon":', "pao: pon only"),
    (SETTLE, "sum(x in DRAGONS for x in sets) == 3", "sum(x in DRAGONS for x in sets) >= 2", "pao daisangen on the second dragon"),
    (SETTLE, "sum(x in WINDS for x in sets) == 4", "sum(x in WINDS for x in sets) >= 3", "pao daisuushii on the third wind"),
    (SETTLE, "        half = liable // 2\n", "        half = 0\n", "pao ron: the liable player pays it all"),
    # multiple ron
    (R, "            rons.sort(key=order.index)", "            rons.sort()", "double ron by seat number"),
    (R, "            rons.sort(key=order.index)", "            pass", "double ron in declaration order"),
    (R, "            honba = self.honba if i == 0 else 0", "            honba = self.honba", "honba to every ron winner"),
    # nagashi
    (R, "        dp.nagashi = False\n", "        pass\n", "nagashi survives a called discard"),
    # furiten
    (FURITEN, "    p.temp_furiten = True\n", "    pass\n", "no temporary furiten on a passed win"),
    (FURITEN, "    if p.riichi:\n        p.riichi_furiten = True", "    if False:\n        p.riichi_furiten = True", "no riichi furiten"),
    (FURITEN, "return p.temp_furiten or p.riichi_furiten or bool(p.waits & p.river_kinds)", "return p.temp_furiten or p.riichi_furiten", "discard furiten ignored"),
    # riichi
    (TURN, "if rnd.scores[s] < rules.riichi_min_points:", "if rnd.scores[s] <= rules.riichi_min_points:", "riichi needs more than 1000"),
    (TURN, ">= rules.riichi_min_live_tiles", "> rules.riichi_min_live_tiles", "riichi needs more than 4 live tiles"),
    (TURN, "    if p.opened:\n        return False\n", "", "riichi with an open hand"),
    # kans
    # (the same change in may_call is equivalent: with three of the kind in a hand of 4+
    # tiles its pon branch has already answered True)
    (CALLS, "        if ck == 3 and len(rnd._kans) < 4:\n            acts.append(Daiminkan", "        if ck == 3 and len(rnd._kans) < 5:\n            acts.append(Daiminkan", "fifth kan by daiminkan"),
    (TURN, "if drawn is not None and nk < 4 and", "if drawn is not None and nk < 5 and", "fifth kan on the turn"),
    (TURN, 'if m.kind == "pon" and counts[m.kind34] > 0:', 'if m.kind in ("pon", "chi") and counts[m.kind34] > 0:', "kakan on a chi"),
    # kyuushu
    (ABORTS, "and sum(1 for k in TERMINALS_HONORS if p.counts[k]) >= 9", "and sum(1 for k in TERMINALS_HONORS if p.counts[k]) >= 8", "kyuushu with eight kinds"),
    # ippatsu, double riichi, haitei, tenhou
    (R, "        if p.riichi:\n            p.ippatsu = False\n", "        if False:\n            p.ippatsu = False\n", "ippatsu survives one's own next discard"),
    (R, "p.double_riichi = self._uninterrupted and p.discards_made == 0", "p.double_riichi = p.discards_made == 0", "double riichi after a call"),
    (K + "win.py", "haitei=tsumo and last and not rnd._rinshan,", "haitei=tsumo and last,", "haitei on the last rinshan draw"),
    (K + "win.py", "tenhou=tsumo and first and s == rnd.dealer,", "tenhou=tsumo and first,", "tenhou for a non-dealer"),
    # multiple ron and abortive draws
    (ABORTS, "return len(rons) == 3 and rnd.rules.sanchahou", "return len(rons) == 4 and rnd.rules.sanchahou", "no sanchahou"),
    (CALLS, "    if mode == \"head_bump\":\n        return rons[:1]", "    if mode == \"head_bump\":\n        return rons[:2]", "head bump lets two win"),
    (ABORTS, "and len(set(first)) == 1", "and len(set(first)) <= 2", "suufon renda with two winds"),
    (ABORTS, "rnd.rules.suukaikan and len(set(kans)) > 1", "rnd.rules.suukaikan and len(set(kans)) >= 1", "suukaikan when one seat made the four kans"),
    (ABORTS, "rnd.rules.suukaikan and len(set(kans)) > 1", "rnd.rules.suukaikan and len(set(kans)) > 2", "no suukaikan between two seats"),
    # game end
    (G, "if top != r.dealer or self.scores[r.dealer] < self.rules.end_target:", "if top != r.dealer or self.scores[r.dealer] <= self.rules.end_target:", "agari-yame needs more than the target"),
    (G, "reached = max(self.scores) >= rules.end_target", "reached = max(self.scores) > rules.end_target", "game end needs more than the target"),
    (G, "if rules.tobi and (low < 0 or", "if rules.tobi and (low <= 0 or", "tobi at exactly zero"),
    # flow options of issue 16 (a description starting "flow:" each)
    (G, "(low == 0 and rules.tobi_at_zero)", "(low == 0)", "flow: tobi at zero whatever the rule"),
    (G, "if renchan and decisive and not void and not", "if renchan and not void and not", "flow: no renchan in any round"),
    (G, "1 + sum(1 for o in range(n) if scores[o] > scores[s])", "1 + sum(1 for o in range(n) if scores[o] >= scores[s])", "flow: shared ranks take the lower rank"),
    (G, "covered = range(r - 1, r - 1 + tied)", "covered = range(r - 1, r)", "flow: tied players each take their rank's whole uma"),
    (SETTLE, '"shared": honba_total // 2', '"shared": honba_total', "flow: shared pao honba paid by the liable player"),
    (SETTLE, 'if ev.type == "daiminkan" and ev.actor == w:', 'if ev.type in ("daiminkan", "kakan") and ev.actor == w:', "flow: rinshan pao after a kakan"),
    (SETTLE, "return reason, tenpai, deltas, dealer in nagashi", "return reason, tenpai, deltas, tenpai[dealer]", "flow: nagashi as a win keeps tenpai renchan"),
    (SETTLE, "            deltas[first] += rnd.kyotaku * rules.riichi_stick\n", "", "flow: nagashi as a win leaves the sticks"),
    (SETTLE, "    if voided(rnd):\n        return honba\n", "    if voided(rnd):\n        return honba + 1\n", "flow: a voided hand adds a honba"),
    (SETTLE, "if players[s].riichi and rnd.kyotaku:", "if False:", "flow: a voided hand keeps the riichi sticks"),
    (SETTLE, "return bool(rules.keishiki_tenpai) or p.riichi or _has_yaku_wait(rnd, s)", "return True", "flow: keishiki tenpai ignored"),
    (SETTLE, "if p.counts[k] + p.mcounts[k] == 4:", "if p.counts[k] == 4:", "flow: fifth-copy wait without the meld copies"),
    (SETTLE, 'if not p.riichi and s in getattr(rnd, "_noten_declared", ()):', 'if s in getattr(rnd, "_noten_declared", ()):', "flow: a riichi hand declared noten stays hidden"),
    (TURN, "if not w and rules.riichi_requires_tenpai:", "if not w:", "flow: riichi without tenpai never offered"),
    # turn options of issue 16 (a description starting "turn:" each)
    (CALLS, '    if low is not None and mode == "forbidden":', "    if low is not None:", "turn: suji kuikae under the same-tile rule"),
    (CALLS, '    if mode == "allowed":\n        return ()', '    if False:\n        return ()', "turn: kuikae allowed ignored"),
    (CALLS, "return tuple(_core.kuikae_kinds(meld, rules.kuikae))", "return tuple(_core.kuikae_kinds(meld))", "turn: the round's kuikae ignores the same-tile rule"),
    (TURN, 'return rules.closed_kan_dora == "immediate"', "return True", "turn: ankan dora always at once"),
    (TURN, "return bool(rules.kan_dora)", "return True", "turn: kan dora even when the rules have none"),
    # open riichi (issue 16; a description starting "open riichi:" each)
    (K + "openriichi.py", 'return rules.open_riichi != "off"', "return False", "open riichi: never offered"),
    (K + "openriichi.py", "        return accepted < 0\n", "        return True\n", "open riichi: a riichi player pays a yakuman too"),
    (K + "openriichi.py", "return not 0 <= accepted < declared", "return accepted < 0", "open riichi: a later riichi pays as scored"),
    (K + "openriichi.py", 'if rule in ("off", "no_yakuman") or payer == winner:', 'if rule == "off" or payer == winner:', "open riichi: no_yakuman pays a yakuman"),
    (SETTLE, "        if ron > pays[from_seat]:\n", "        if False:\n", "open riichi: no yakuman payment at all"),
    (R, "                self.players[s].open_riichi = True", "                pass", "open riichi: the seat is not marked"),
    (K + "views.py", '"open_hands": [rnd.hand(q) if p.open_riichi else None', '"open_hands": [None', "open riichi: the hand stays hidden"),
    (K + "logged.py", "return open_twin(act) if open_riichi and riichi else act", "return act", "open riichi: the replay reads it closed"),
    (K + "win.py", "        open_riichi=p.open_riichi,\n", "", "open riichi: the win scores no open_riichi"),
    # readers
    ("python/riichi/logs/mjai.py", 'else ("dahai", "kakan")', 'else ("dahai",)', "mjai hora without pai: chankan tile"),
    ("python/riichi/logs/tenhou6.py", '"m": {0: 3, 2: 2, 6: 1},', '"m": {0: 3, 2: 2, 6: 3},', "tenhou6 daiminkan from the right read as left"),
    ("python/riichi/logs/tenhou6.py", '"m": {3: 0, 2: 1, 1: 3}}', '"m": {3: 0, 2: 1, 1: 2}}', "tenhou6 daiminkan from the right written at 4"),
]


def run(tests: list[str], timeout: float) -> str:
    cmd = [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", *tests]
    env = dict(os.environ, PYTHONPATH=str(ROOT / "python"))
    try:
        res = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "timeout"
    return "survived" if res.returncode == 0 else "killed"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", help="run the mutants whose description contains this")
    ap.add_argument("--tests", nargs="+", default=RULE_TESTS)
    ap.add_argument("--timeout", type=float, default=600)
    args = ap.parse_args(argv)
    if run(args.tests, args.timeout) != "survived":
        print("the tests fail without any mutant: fix them first", file=sys.stderr)
        return 2
    results = []
    for path, old, new, what in MUTANTS:
        if args.only and args.only not in what:
            continue
        f = ROOT / path
        text = f.read_text(encoding="utf-8")
        if text.count(old) != 1:
            print(f"SKIP  {what}: snippet found {text.count(old)} times in {path}")
            results.append((what, "stale"))
            continue
        t0 = time.monotonic()
        try:
            f.write_text(text.replace(old, new), encoding="utf-8")
            outcome = run(args.tests, args.timeout)
        finally:
            f.write_text(text, encoding="utf-8")
        print(f"{outcome:8s} {time.monotonic() - t0:5.1f}s  {what}", flush=True)
        results.append((what, outcome))
    done = [r for r in results if r[1] != "stale"]
    killed = sum(1 for _, o in done if o in ("killed", "timeout"))
    print(f"\n{killed}/{len(done)} mutants killed ({100 * killed / max(len(done), 1):.0f}%)")
    for what, o in results:
        if o in ("survived", "stale"):
            print(f"  {o}: {what}")
    return 0 if killed == len(done) and len(done) == len(results) else 1


if __name__ == "__main__":
    sys.exit(main())
