"""The ``riichi`` command line.

Subcommands:

- ``riichi hand TEXT [--svg FILE]``: shanten, waits and a discard table for a hand in mpsz
  notation (``--svg``: also a picture of the hand); ``riichi score TEXT ... [--svg FILE]``:
  yaku, fu, points and payments (``--svg``: the hand with its settlement as a picture).
- ``riichi view LOG [-o OUT.html] [--game N] [--seat N] [--rules ...]``: replay one game and write a
  self-contained HTML page that steps through it (:mod:`riichi.view.html`); exit status 1
  when the replay found a mismatch (the page is still written).
- ``riichi verify [PATH ...] [--jobs N] [--json FILE] [--quiet] [--rules PRESET|FILE.json]``:
  replay game logs (files, folders walked recursively, zip archives of logs; default: the
  bundled sample in ``riichi/data``) through the engine and report every disagreement with
  the rules (:mod:`riichi.replay`); ``--rules`` replays every game under a ``riichi.Rules``
  preset or a JSON object of ``Rules`` fields instead of the rules its header gives. Exit
  status 0 when nothing disagrees and every file was readable (a file with no round to
  replay is unreadable), else 1.

- ``riichi convert IN... -o OUT --to mjai|tenhou6|mjlog``: write every game of the inputs
  in another format, with its rules (:mod:`riichi.convert`); unreadable inputs are reported
  and the rest converted (exit status 1 when any failed).

- ``riichi export PATH... -o DIR [--tables T,...] [--jobs N] [--rules ...] [--batch-rows N]
  [--batch-bytes N] [--games-per-batch N]``: the Arrow tables
  of the logs (:mod:`riichi.mining.tables`: games, rounds, decisions, wins, draws, players,
  errors) written as Parquet under DIR (:mod:`riichi.mining.export`); needs the
  ``riichi[mining]`` extra.
- ``riichi stats PATH... [--csv FILE] [--parquet FILE] [--min-games N] [--jobs N]``:
  per-player statistics from the logs' (or an export's) ``players`` table
  (:mod:`riichi.mining.stats`).
- ``riichi arena --bot CMD --bot CMD ... [--games N] [--rules PRESET|FILE.json] [--seed S]
  [--jobs N] [--log-dir DIR] [--stderr-dir DIR] [--timeout SECONDS] [--protocol batch|event]
  [--json FILE] [--quiet]``: play games between
  mjai bot processes (:mod:`riichi.mjai.arena`) and print each bot's ranks, average rank and
  points with 95% intervals, and every fault; exit status 1 when a bot faulted or a game was
  aborted.

Exit status: 0 on success, 1 when the command ran but found a problem, 2 on bad usage
(argparse's convention, also used for a hand that cannot be parsed).
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import json
import os
import sys
import time
from collections.abc import Iterator, Sequence
from typing import Any

import riichi
from riichi.errors import RiichiError


def _tiles_text(kinds: Sequence[int]) -> str:
    """Compact mpsz text for a list of tile kinds, e.g. ``[0, 3, 27] -> "14m1z"``."""
    counts = [0] * 34
    for k in kinds:
        counts[k] += 1
    return riichi.format_counts(counts)


def _cmd_hand(args: argparse.Namespace) -> int:
    try:
        hand = riichi.Hand.parse(args.text)
        visible = None
        if args.visible:
            visible, _red = riichi.parse_counts(args.visible)
        detail = riichi.shanten_detail(hand)
        lines = [f"hand      {hand}"]
        forms = [f"regular {detail.regular}"]
        if detail.chiitoitsu is not None:
            forms.append(f"chiitoitsu {detail.chiitoitsu}")
        if detail.kokushi is not None:
            forms.append(f"kokushi {detail.kokushi}")
        label = {-1: "complete", 0: "tenpai"}.get(detail.minimum, f"{detail.minimum}-shanten")
        lines.append(f"shanten   {detail.minimum} ({label}; {', '.join(forms)})")
        if hand.is_full:
            lines.append("")
            lines.append(f"{'discard':<8} {'shanten':>7}  {'ukeire':>6}  tiles")
            for d in hand.discards(visible):
                tiles = _tiles_text(d.ukeire.tiles) or "-"
                lines.append(
                    f"{riichi.tile_name(d.tile, d.red):<8} {d.shanten:>7}  {d.ukeire.total:>6}  {tiles}"
                )
        else:
            if detail.minimum == 0:
                waits = hand.waits()
                text = ", ".join(
                    f"{riichi.tile_name(w.tile)} ({'/'.join(w.shapes)})" for w in waits
                )
                lines.append(f"waits     {text}")
            uk = hand.ukeire(visible)
            lines.append(f"ukeire    {uk.total} tiles: {_tiles_text(uk.tiles) or '-'}")
    except RiichiError as e:
        print(f"riichi hand: error: {e}", file=sys.stderr)
        return 2
    if args.svg is not None:
        from riichi.view.svg import hand_svg

        if not _write_text(args.svg, hand_svg(hand), "hand"):
            return 1
    print("\n".join(lines))
    return 0


def _unwritable(path: str) -> str | None:
    """Why the file ``path`` cannot be written (its folder missing, not a folder or not
    writable; the path itself a folder), or None when it looks writable."""
    if os.path.isdir(path):
        return "is a folder (name a file)"
    parent = os.path.dirname(os.path.abspath(path))
    if not os.path.exists(parent):
        return f"cannot write: no such folder {parent}"
    if not os.path.isdir(parent):
        return f"cannot write: {parent} is not a folder"
    if not os.access(parent, os.W_OK):
        return f"cannot write: no permission to write in {parent}"
    return None


def _write_text(path: str, text: str, command: str) -> bool:
    """Write a picture or page; False (after naming the file and the reason) on failure."""
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as e:
        print(f"riichi {command}: error: cannot write {_shown(path)}: {e.strerror}", file=sys.stderr)
        return False
    return True


def _cmd_score(args: argparse.Namespace) -> int:
    try:
        hand = riichi.Hand.parse(args.text)
        if args.win is not None:
            win: str | int = args.win
        else:  # the last concealed tile written (the first word that is not a meld)
            concealed = next((w for w in args.text.split() if ":" not in w), "")
            kinds = riichi.parse_tiles(concealed)
            if not kinds:
                raise RiichiError(f"no concealed tile in {args.text!r} to win on: give --win")
            win = kinds[-1]
        rules = _rules_arg(args.rules)
        if args.kiriage:
            rules = dataclasses.replace(rules, kiriage_mangan=True)
        if args.open_riichi and rules.open_riichi == "off":
            # the score needs only that open riichi exists; the deal-in variant is the round's
            rules = dataclasses.replace(rules, open_riichi="yakuman_non_riichi")
        r = riichi.score(
            hand,
            win,
            tsumo=args.tsumo or args.rinshan or args.tenhou or args.chiihou,
            riichi=args.riichi,
            double_riichi=args.double_riichi,
            open_riichi=args.open_riichi,
            ippatsu=args.ippatsu,
            haitei=args.haitei,
            houtei=args.houtei,
            rinshan=args.rinshan,
            chankan=args.chankan,
            tenhou=args.tenhou,
            chiihou=args.chiihou,
            seat_wind=args.seat,
            round_wind=args.round,
            dora_indicators=riichi.parse_tiles(args.dora) if args.dora else (),
            ura_indicators=riichi.parse_tiles(args.ura) if args.ura else (),
            honba=args.honba,
            kyotaku=args.kyotaku,
            rules=rules,
        )
    except RiichiError as e:
        print(_shown(f"riichi score: error: {e}"), file=sys.stderr)
        return 2
    if args.svg is not None:
        from riichi.view.svg import score_svg

        try:
            picture = score_svg(r, hand, win_tile=win)
        except RiichiError as e:
            print(f"riichi score: error: {e}", file=sys.stderr)
            return 2
        if not _write_text(args.svg, picture, "score"):
            return 1
    win_name = str(win)  # text as written, or the last tile (a red five keeps its colour)
    how = "tsumo" if r.tsumo else "ron"
    lines = [f"hand      {hand}  ({how} on {win_name}, seat {args.seat}, round {args.round})"]
    if not r.is_agari:
        lines.append("result    not a winning hand")
        print("\n".join(lines))
        return 1
    if not r.has_yaku:
        lines.append("result    no yaku (dora do not count toward the one-han minimum)")
        print("\n".join(lines))
        return 1
    lines.append("")
    lines.append(f"{'yaku':<24} {'han':>5}")
    yakuman = dict(r.yakuman)  # also in r.yaku, at 13 han per multiple
    for name, han in r.yaku:
        mult = yakuman.get(name)
        shown = han if mult is None else "yakuman" if mult == 1 else f"{mult}x yakuman"
        lines.append(f"{name:<24} {shown:>5}")
    lines.append(f"{'total':<24} {r.han:>5}")
    if r.fu_breakdown:
        lines.append("")
        lines.append(f"{'fu':<24} {'fu':>5}")
        for item, fu in r.fu_breakdown:
            lines.append(f"{item:<24} {fu:>5}")
        lines.append(f"{'total':<24} {r.fu:>5}")
    lines.append("")
    limit = f" {r.limit}" if r.limit else ""
    lines.append(
        f"value     {r.han} han {r.fu} fu{limit}: {r.points} points (basic {r.basic_points})"
    )
    if r.tsumo:
        if r.dealer:
            lines.append(f"payments  {r.tsumo_nondealer_payment} all (tsumo, honba included)")
        else:
            lines.append(
                f"payments  {r.tsumo_nondealer_payment} / {r.tsumo_dealer_payment} "
                "(non-dealers / dealer, honba included)"
            )
    else:
        lines.append(f"payments  {r.ron_payment} from the discarder (honba included)")
    if r.kyotaku_points:
        lines.append(f"kyotaku   {r.kyotaku_points}")
    lines.append(f"winner    +{r.total}")
    print("\n".join(lines))
    return 0


def _sample_paths() -> list[str]:
    """The bundled sample games (``riichi/data/games``), as file paths."""
    from importlib import resources

    root = resources.files("riichi") / "data" / "games"
    return [os.fspath(p) for p in sorted(root.iterdir(), key=lambda p: p.name)  # type: ignore[call-overload]
            if p.is_file() and not p.name.startswith(".")]  # fmt: skip


def _walk(paths: Sequence[str], refused: list[tuple[str, Exception]] | None = None) -> list[str]:
    """The files under ``paths`` (:func:`riichi.logs._common.paths_under`: linked folders
    followed). A folder that cannot be listed, or a link that would loop, goes to
    ``refused`` with its reason (when given), never silently away."""
    from riichi.logs._common import paths_under

    out: list[str] = []
    for path, error in paths_under(paths):
        if error is None:
            out.append(path)
        elif refused is not None:
            refused.append((path, error))
    return out


def _verify_chunk(paths: list[str], rules_spec: str | None = None) -> Any:
    from riichi.replay import verify_files

    # Rules hold a cached Rust object that does not pickle: each worker builds its own
    return verify_files(paths, _rules_arg(rules_spec) if rules_spec else None)


def rule_presets() -> dict[str, Any]:
    """The ``riichi.Rules`` presets by name (:meth:`riichi.Rules.presets`), each a function of
    no arguments building its rules; ``tenhou_go:0xHEX`` (a Tenhou lobby by its ``<GO type>``)
    is accepted by ``--rules`` too."""
    return {name: functools.partial(riichi.Rules.preset, name) for name in riichi.Rules.presets()}


def _rules_arg(spec: str) -> Any:
    """The ``--rules`` value: a preset name (:func:`rule_presets`) or a JSON file holding one
    object of ``Rules`` fields, as ``Rules.to_json`` writes it (fields left out keep their
    defaults; lists for tuple fields).

    Raises:
        RiichiError: an unknown preset, an unreadable or non-JSON file, a value that is not
            an object, an unknown field, or a value ``Rules`` refuses (named in the message).
    """
    presets = rule_presets()
    if spec in presets or spec.startswith("tenhou_go:"):
        rules = riichi.Rules.preset(spec)
        if not isinstance(rules, riichi.Rules):  # pragma: no cover - every preset builds Rules
            raise RiichiError(f"--rules {spec}: the preset did not build a riichi.Rules")
        return rules
    if not spec.lower().endswith(".json") and not os.path.isfile(spec):
        raise RiichiError(
            f"--rules {spec}: not a preset ({', '.join(sorted(presets))}) nor a JSON file"
        )
    try:
        with open(spec, "rb") as f:
            text = f.read()
    except OSError as e:
        raise RiichiError(f"--rules {spec}: {e.strerror}") from None
    try:
        # Rules.from_json: the object Rules.to_json writes (the riichi_rules key of logs)
        return riichi.Rules.from_json(text)
    except RiichiError as e:
        raise RiichiError(f"--rules {spec}: {e}") from None


def _chunks(files: list[str], size: int) -> Iterator[list[str]]:
    for i in range(0, len(files), size):
        yield files[i : i + size]


def _cmd_verify(args: argparse.Namespace) -> int:
    missing = [p for p in args.paths if not os.path.exists(p)]
    if missing:
        print(
            f"riichi verify: error: no such file or folder: {_shown(missing[0])}", file=sys.stderr
        )
        return 2
    if args.jobs < 1:
        print(f"riichi verify: error: --jobs must be at least 1, got {args.jobs}", file=sys.stderr)
        return 2
    if args.rules is not None:
        try:
            args.rules_obj = _rules_arg(args.rules)
        except RiichiError as e:
            print(f"riichi verify: error: {e}", file=sys.stderr)
            return 2
    else:
        args.rules_obj = None
    out = None  # the --json file, opened before the replay so a bad path fails at once
    if args.json and args.json != "-":
        try:
            out = open(args.json, "w", encoding="utf-8")  # closed by the caller below
        except OSError as e:
            msg = f"--json {_shown(args.json)}: {e.strerror}"
            print(f"riichi verify: error: {msg}", file=sys.stderr)
            return 2
    try:
        return _verify(args, out)
    finally:
        if out is not None:
            out.close()


def _verify(args: argparse.Namespace, out: Any) -> int:
    from riichi.replay import VerifySummary

    refused: list[tuple[str, Exception]] = []
    files = _walk(args.paths, refused) if args.paths else _sample_paths()
    t0 = time.perf_counter()
    total = VerifySummary()
    for path, error in refused:  # a folder not listed: unreadable, with its reason
        from riichi.replay import _unreadable

        total.add(VerifySummary(files=1, unreadable=[_unreadable(path, error)]))
    bar = None
    if not args.quiet and sys.stderr.isatty() and len(files) > 1:
        try:
            from tqdm import tqdm

            bar = tqdm(total=len(files), unit="file", file=sys.stderr, leave=False)
        except ImportError:  # pragma: no cover - tqdm is a dependency
            bar = None
    if args.jobs == 1:
        from riichi.replay import verify_file

        for f in files:
            total.add(verify_file(f, args.rules_obj))
            if bar is not None:
                bar.update(1)
    else:
        from concurrent.futures import ProcessPoolExecutor, as_completed

        size = max(1, min(16, len(files) // (args.jobs * 4) or 1))
        chunks = list(_chunks(files, size))
        # no more processes than chunks to give them (a --jobs beyond a C int overflowed
        # the pool's semaphore)
        with ProcessPoolExecutor(max_workers=max(1, min(args.jobs, len(chunks)))) as pool:
            futures = {
                pool.submit(_verify_chunk, c, args.rules): (n, len(c))
                for n, c in enumerate(chunks)
            }
            results = []
            for fut in as_completed(futures):
                results.append((futures[fut][0], fut.result()))
                if bar is not None:
                    bar.update(futures[fut][1])
        for _, r in sorted(results, key=lambda x: x[0]):  # the order of --jobs 1
            total.add(r)
    if bar is not None:
        bar.close()
    total.seconds = time.perf_counter() - t0
    # with --json - the report is stdout's only content and the summary goes to stderr
    summary = _shown(_summary_text(total, files))
    print(summary, file=sys.stderr if args.json == "-" else sys.stdout)
    if args.json == "-":
        json.dump(_shown_all(total.to_dict()), sys.stdout, ensure_ascii=False, indent=1)
        print()
    elif out is not None:
        json.dump(_shown_all(total.to_dict()), out, ensure_ascii=False, indent=1)
    return 0 if total.ok and files else 1  # no file at all is no pass (an emptied folder)


def _shown(text: str) -> str:
    """``text`` with the bytes of a non-UTF-8 file name (lone surrogates, PEP 383) shown as
    backslash escapes (``bad\\xff.json``), so that it can always be printed and written as
    UTF-8 JSON."""
    from riichi.logs._common import display_name

    return display_name(text)


def _shown_all(obj: Any) -> Any:
    """:func:`_shown` applied to every string in a JSON-ready report."""
    if isinstance(obj, str):
        return _shown(obj)
    if isinstance(obj, list):
        return [_shown_all(x) for x in obj]
    if isinstance(obj, dict):
        return {_shown_all(k): _shown_all(v) for k, v in obj.items()}
    return obj


def _summary_text(s: Any, files: list[str]) -> str:
    rate = s.games / s.seconds if s.seconds > 0 else 0.0
    rows = [
        ("files", s.files),
        ("games", s.games),
        ("rounds", s.rounds),
        ("wins", s.wins),
        ("draws", s.draws),
        ("actions checked", s.actions),
        ("final points", f"{s.final_points_agree}/{s.final_points_logged} agree"),
        ("mismatches", len(s.mismatches)),
        ("unsupported", len(s.unsupported)),
        ("unreadable", len(s.unreadable)),
        ("fragments", s.fragments),
        ("unfinished rounds", s.unfinished_rounds),
        ("seconds", f"{s.seconds:.2f}"),
        ("games/s", f"{rate:.1f}"),
    ]
    lines = []
    for m in s.mismatches[:50]:
        lines.append(f"MISMATCH    {m}")
    if len(s.mismatches) > 50:
        lines.append(f"... {len(s.mismatches) - 50} more mismatches (see --json)")
    for p in s.unreadable[:50]:
        lines.append(f"UNREADABLE  {p}")
    for p in s.unsupported[:20]:
        lines.append(f"UNSUPPORTED {p}")
    if len(s.unsupported) > 20:
        lines.append(f"... {len(s.unsupported) - 20} more unsupported (see --json)")
    if lines:
        lines.append("")
    width = max(len(k) for k, _ in rows)
    lines += [f"{k:<{width}}  {v:>10}" for k, v in rows]
    verdict = "OK: every action legal, every settlement equal" if s.ok else "PROBLEMS FOUND"
    if s.ok and not s.games:
        verdict = "NOTHING REPLAYED: no game could be verified (see unsupported)"
    if not files:
        verdict = "NOTHING REPLAYED: no file under the paths given"
    lines.append(verdict)
    return "\n".join(lines)


def _cmd_convert(args: argparse.Namespace) -> int:
    from riichi.convert import convert_logs
    from riichi.logs import is_archive

    missing = [p for p in args.inputs if not os.path.exists(p)]
    if missing:
        print(f"riichi convert: error: no such file or folder: {missing[0]}", file=sys.stderr)
        return 2
    one = (
        len(args.inputs) == 1
        and os.path.isfile(args.inputs[0])
        and not is_archive(args.inputs[0])
        and not os.path.isdir(args.output)
        and not args.output.endswith(os.sep)
    )
    if not one and os.path.exists(args.output) and not os.path.isdir(args.output):
        print(
            f"riichi convert: error: -o {args.output} is a file; several games need a folder",
            file=sys.stderr,
        )
        return 2
    files = _walk(args.inputs)
    bar = None
    if not args.quiet and sys.stderr.isatty() and len(files) > 1:
        from tqdm import tqdm

        bar = tqdm(total=len(files), unit="file", file=sys.stderr, leave=False)
    try:
        result = convert_logs(
            args.inputs, args.output, args.to, single_file=one,
            progress=bar.update if bar is not None else None,
        )  # fmt: skip
    finally:
        if bar is not None:
            bar.close()
    for source, reason in result.failed:
        print(f"riichi convert: {source}: {reason}", file=sys.stderr)
    where = args.output if one else f"{args.output}{os.sep}"
    print(
        f"{len(result.written)} game(s) written as {args.to} to {where}"
        + (f"; {len(result.failed)} input(s) failed (listed above)" if result.failed else "")
    )
    return 1 if result.failed or not result.written else 0


def _progress_bar(quiet: bool, total: int) -> Any:
    """A tqdm bar on stderr (None when quiet, not a terminal, or one file)."""
    if quiet or not sys.stderr.isatty() or total < 2:
        return None
    from tqdm import tqdm

    return tqdm(total=total, unit="file", file=sys.stderr, leave=False)


def _cmd_export(args: argparse.Namespace) -> int:
    from riichi.mining.export import export, list_files
    from riichi.mining.tables import check_tables

    missing = [p for p in args.paths if not os.path.exists(p)]
    if missing:
        print(f"riichi export: error: no such file or folder: {_shown(missing[0])}", file=sys.stderr)
        return 2
    try:
        rules = _rules_arg(args.rules) if args.rules is not None else None
        total = len(list_files(args.paths, []))  # export reports what it cannot walk
        bar = _progress_bar(args.quiet, total)
        try:
            tables = args.tables
            if args.features:  # the optional table, beside the others asked for
                tables = [*check_tables(tables), "features"]
            sizes = {name: getattr(args, name) for name in ("batch_rows", "batch_bytes", "games_per_batch")
                     if getattr(args, name) is not None}  # fmt: skip
            result = export(
                args.paths, args.output, tables, jobs=args.jobs,
                files_per_part=args.files_per_part, rules=rules,
                progress=bar.update if bar is not None else None,
                **sizes,
            )  # fmt: skip
        finally:
            if bar is not None:
                bar.close()
    except RiichiError as e:
        print(_shown(f"riichi export: error: {e}"), file=sys.stderr)
        return 2
    except OSError as e:  # a part that cannot be written midway (disk full, folder removed)
        print(_shown(f"riichi export: error: cannot write under {args.output}: {e}"), file=sys.stderr)
        return 1
    rate = result.rows.get("games", 0) / result.seconds if result.seconds > 0 else 0.0
    lines = [f"{'files':<10} {result.files:>10}"]
    lines += [f"{t:<10} {n:>10}" for t, n in result.rows.items()]
    lines.append(f"{'seconds':<10} {result.seconds:>10.2f}")
    if "games" in result.rows:
        lines.append(f"{'games/s':<10} {rate:>10.1f}")
    lines.append(f"written to {args.output}{os.sep} (one folder per table, Parquet)")
    print(_shown("\n".join(lines)))
    return 0


def _cmd_stats(args: argparse.Namespace) -> int:
    from riichi.mining import require
    from riichi.mining.stats import format_stats, player_stats, players_table

    missing = [p for p in args.paths if not os.path.exists(p)]
    if missing:
        print(f"riichi stats: error: no such file or folder: {_shown(missing[0])}", file=sys.stderr)
        return 2
    for flag, v, least in (("--jobs", args.jobs, 1), ("--min-games", args.min_games, 1),
                           ("--top", args.top, 0)):  # fmt: skip
        if v < least:
            print(f"riichi stats: error: {flag} must be at least {least}, got {v}", file=sys.stderr)
            return 2
    for flag, out in (("--csv", args.csv), ("--parquet", args.parquet)):
        problem = _unwritable(out) if out is not None else None
        if problem:  # found before the logs are read, not after
            print(_shown(f"riichi stats: error: {flag} {out}: {problem}"), file=sys.stderr)
            return 2
    import warnings

    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", UserWarning)
            players, errors = players_table(args.paths, jobs=args.jobs)
        for w in caught:  # an export folder with logs beside its tables: say what was left out
            print(_shown(f"riichi stats: warning: {w.message}"), file=sys.stderr)
        stats = player_stats(players, args.min_games)
    except (RiichiError, OSError) as e:
        print(_shown(f"riichi stats: error: {e}"), file=sys.stderr)
        return 2
    for flag, out, fmt in (("--csv", args.csv, "csv"), ("--parquet", args.parquet, "parquet")):
        if out is None:
            continue
        try:
            if fmt == "csv":
                require("pyarrow.csv", "riichi stats --csv").write_csv(stats, out)
            else:
                require("pyarrow.parquet", "riichi stats --parquet").write_table(stats, out)
        except RiichiError as e:
            print(_shown(f"riichi stats: error: {e}"), file=sys.stderr)
            return 2
        except OSError as e:  # pyarrow's own text names its internals: name the path instead
            why = e.strerror or str(e).splitlines()[0]
            print(_shown(f"riichi stats: error: {flag} {out}: cannot write: {why}"), file=sys.stderr)
            return 2
    rows = errors.to_pylist()
    unreadable = [r for r in rows if r["kind"] == "unreadable"]
    for r in unreadable[:20]:
        print(_shown(f"riichi stats: {r['game_id']}: {r['reason']}"), file=sys.stderr)
    # a game the replay cannot check counts nowhere: say so, never drop it silently
    counted = set(players.column("game_id").to_pylist())
    unsupported: dict[str, str] = {}
    for r in rows:
        if r["kind"] == "unsupported" and r["game_id"] not in counted:
            unsupported.setdefault(r["game_id"], r["reason"])
    for gid, reason in list(unsupported.items())[:20]:
        print(_shown(f"riichi stats: {gid}: not counted: {reason}"), file=sys.stderr)
    disagree = {r["game_id"] for r in rows if r["kind"] == "mismatch"} & counted
    print(_shown(format_stats(stats, None if args.all else args.top)))
    print(f"{len(counted)} game(s), {stats.num_rows} player(s)"
          + (f"; {len(unreadable)} unreadable (listed above)" if unreadable else "")
          + (f"; {len(unsupported)} not replayed, so not counted (unsupported, listed above)"
             if unsupported else "")
          + (f"; {len(disagree)} counted game(s) where the replay disagrees with the log"
             " (riichi verify lists where)" if disagree else ""))  # fmt: skip
    return 1 if unreadable else 0


def _cmd_arena(args: argparse.Namespace) -> int:
    from riichi.mjai.arena import Arena

    def usage(msg: str) -> int:
        print(f"riichi arena: error: {msg}", file=sys.stderr)
        return 2

    try:
        rules = _rules_arg(args.rules) if args.rules is not None else riichi.Rules.tenhou()
    except RiichiError as e:
        return usage(str(e))
    n = rules.num_players
    if len(args.bot) != n:
        return usage(f"{n} players need {n} --bot commands, got {len(args.bot)}")
    if args.games < 0:
        return usage(f"--games must be at least 0, got {args.games}")
    if args.jobs < 1:
        return usage(f"--jobs must be at least 1, got {args.jobs}")
    if not args.timeout > 0 or args.timeout == float("inf"):
        return usage(f"--timeout must be a positive number of seconds, got {args.timeout}")
    out = None
    if args.json and args.json != "-":
        try:
            out = open(args.json, "w", encoding="utf-8")  # closed below
        except OSError as e:
            return usage(f"--json {_shown(args.json)}: {e.strerror}")
    try:
        arena = Arena(
            args.bot,
            rules,
            timeout=args.timeout,
            startup_timeout=max(args.timeout, 10.0),
            log_dir=args.log_dir,
            stderr_dir=args.stderr_dir,
            protocol=args.protocol,
        )
        bar = None
        if not args.quiet:
            from tqdm import tqdm

            bar = tqdm(total=args.games, unit="game", file=sys.stderr, leave=False)
        try:
            result = arena.run(
                args.games,
                seed=args.seed,
                jobs=args.jobs,
                progress=(lambda _rec: bar.update(1)) if bar is not None else None,
            )
        finally:
            if bar is not None:
                bar.close()
        text = result.summary()
        if args.json == "-":
            print(text, file=sys.stderr)
            json.dump(result.to_dict(), sys.stdout, indent=1)
            print()
        else:
            print(text)
            if out is not None:
                json.dump(result.to_dict(), out, indent=1)
        return 1 if result.faults or result.aborted else 0
    except RiichiError as e:
        return usage(str(e))
    finally:
        if out is not None:
            out.close()


def _players(game_log: Any) -> int:
    """Seats of a logged game (4 when its header cannot say)."""
    try:
        return int(game_log.start.players)
    except RiichiError:
        return 4


def _cmd_view(args: argparse.Namespace) -> int:
    from riichi.replay import replay_game
    from riichi.view.html import viewer_html

    try:
        rules = _rules_arg(args.rules) if args.rules is not None else None
    except RiichiError as e:
        print(f"riichi view: error: {e}", file=sys.stderr)
        return 2
    games: list[tuple[str, Any]] = []
    unreadable: list[str] = []
    for path, got in riichi.read_logs([args.log]):
        if isinstance(got, Exception):
            unreadable.append(str(got) if _shown(path) in str(got) else f"{_shown(path)}: {got}")
        else:
            games.append((path, got))
    if not games:
        for text in unreadable:
            print(f"riichi view: error: {text}", file=sys.stderr)
        if not unreadable:
            print(f"riichi view: error: no game log in {_shown(args.log)}", file=sys.stderr)
        return 1
    for text in unreadable:  # an archive's other members: named, not counted as games
        print(f"riichi view: skipped unreadable {text}", file=sys.stderr)
    if args.game is None and len(games) > 1:
        print(
            f"riichi view: error: {_shown(args.log)} holds {len(games)} games: choose one "
            f"with --game 0..{len(games) - 1}",
            file=sys.stderr,
        )
        return 2
    k = 0 if args.game is None else args.game
    if not 0 <= k < len(games):
        print(
            f"riichi view: error: --game {k}: {_shown(args.log)} holds {len(games)} "
            f"game(s), 0..{len(games) - 1}",
            file=sys.stderr,
        )
        return 2
    path, game_log = games[k]
    players = _players(game_log)
    if not 0 <= args.seat < players:
        print(f"riichi view: error: --seat {args.seat}: the game has seats 0..{players - 1}",
              file=sys.stderr)  # fmt: skip
        return 2
    try:
        report = replay_game(game_log, rules)
        page = viewer_html(game_log, report, bottom=args.seat)
    except RiichiError as e:  # the message names the log
        print(f"riichi view: error: {e}", file=sys.stderr)
        return 1
    out = args.output
    if out is None:
        out = os.path.splitext(os.path.basename(args.log.rstrip("/")))[0]
        out += (f"-{k}" if len(games) > 1 else "") + ".html"  # one page per game of an archive
    if not _write_text(out, page, "view"):
        return 1
    found = len(report.mismatches)
    unsupported = len(report.unsupported)
    print(
        f"{_shown(out)}: {report.rounds} rounds, {report.actions} actions replayed, "
        f"{found} mismatch{'es' if found != 1 else ''}"
        + (f", {unsupported} part(s) not replayed" if unsupported else "")
    )
    return 0 if report.ok else 1


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for ``riichi`` (exposed for documentation and tests)."""
    parser = argparse.ArgumentParser(
        prog="riichi",
        description="Japanese Riichi Mahjong engine: hand analysis, scoring and log verification.",
        epilog=(
            f"Rule presets for --rules: {', '.join(rule_presets())}, and tenhou_go:0xHEX (a "
            "Tenhou lobby by its GO type); each preset's sources are in its riichi.Rules "
            "docstring."
        ),
    )
    parser.add_argument("--version", action="version", version=f"riichi {riichi.__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

    p = sub.add_parser(
        "hand",
        help="shanten, waits and discard table of a hand",
        description=(
            "Analyse a hand in mpsz notation (0 = red five; melds after spaces, e.g. "
            "'23678m567p88s pon:111z'). 13-tile hands show waits and ukeire; 14-tile hands "
            "show each discard with the shanten and ukeire it leaves."
        ),
    )
    p.add_argument("text", help="the hand, e.g. 123m406p789s1122z")
    p.add_argument(
        "--visible",
        metavar="TILES",
        default=None,
        help="tiles visible elsewhere (discards, melds, dora indicators), mpsz; lowers live counts",
    )
    p.add_argument(
        "--svg", metavar="FILE", default=None, help="also draw the hand as an SVG picture in FILE"
    )
    p.set_defaults(func=_cmd_hand)

    sc = sub.add_parser(
        "score",
        help="yaku, fu, points and payments of a winning hand",
        description=(
            "Score a complete hand in mpsz notation (concealed tiles including the winning "
            "tile, melds after spaces, e.g. '567m234p88s pon:111z chi:678s'). The winning tile "
            "is --win, or else the last concealed tile written. Rules: Tenhou's unless "
            "--rules names another preset or a JSON file of Rules fields. Exit status 0 for "
            "a win, 1 for no yaku or not a winning hand, 2 for bad input."
        ),
    )
    sc.add_argument("text", help="the hand, e.g. 234m456p345s678s88s")
    sc.add_argument("--win", metavar="TILE", default=None, help="the winning tile, e.g. 5s")
    sc.add_argument("--tsumo", action="store_true", help="won by self-draw (default ron)")
    for flag, text in [
        ("--riichi", "riichi declared"),
        ("--double-riichi", "double riichi declared"),
        ("--open-riichi", "the riichi (or double riichi) was declared open: 1 han more "
         "(turns Rules.open_riichi on when the rules have it off)"),
        ("--ippatsu", "won within one go-around of riichi"),
        ("--haitei", "tsumo on the last live-wall tile"),
        ("--houtei", "ron on the last discard"),
        ("--rinshan", "tsumo on a kan replacement tile (implies --tsumo)"),
        ("--chankan", "ron on a tile added to a kan"),
        ("--tenhou", "dealer's win on the initial deal (implies --tsumo)"),
        ("--chiihou", "non-dealer's win on the first draw (implies --tsumo)"),
        ("--kiriage", "round 4 han 30 fu and 3 han 60 fu up to mangan"),
    ]:
        sc.add_argument(flag, action="store_true", help=text)
    sc.add_argument("--seat", default="E", metavar="WIND", help="seat wind E S W N (E = dealer)")
    sc.add_argument("--round", default="E", metavar="WIND", help="round wind E S W N")
    sc.add_argument("--dora", default="", metavar="TILES", help="dora indicators, mpsz")
    sc.add_argument("--ura", default="", metavar="TILES", help="uradora indicators, mpsz")
    sc.add_argument("--honba", type=int, default=0, metavar="N", help="honba counters")
    sc.add_argument(
        "--kyotaku", type=int, default=0, metavar="N", help="riichi sticks on the table"
    )
    sc.add_argument(
        "--rules",
        default="tenhou",
        metavar="PRESET|FILE.json",
        help=f"rule preset: {', '.join(rule_presets())} or tenhou_go:0xHEX (a Tenhou lobby "
        "by its GO type), or a JSON file of Rules fields (default tenhou)",
    )
    sc.add_argument(
        "--svg",
        metavar="FILE",
        default=None,
        help="also draw the hand (winning tile apart) with its yaku and payments in FILE (SVG)",
    )
    sc.set_defaults(func=_cmd_score)

    v = sub.add_parser(
        "verify",
        help="replay game logs and check every action and settlement",
        description=(
            "Replay game logs through the engine: every action must be legal and every "
            "settlement, the final scores and ranks must equal the log. Formats, sniffed by "
            "content: Tenhou mjlog XML (plain or gzip), tenhou.net/6 JSON, mjai JSON lines, "
            "kobalab paipu JSON (電脳麻将, e.g. Tenhou games converted by MahjongLM), Mahjong "
            "Soul raw game records (replayed under Mahjong Soul rules from the record's head) "
            "and Riichi City game logs (three-player tournament rooms, Rules.riichi_city_sanma); "
            "3-player (sanma) games under Tenhou's sanma rules; Tenhou protocol transcripts "
            "(one player's view) are reported as unsupported. PATH: files, folders walked "
            "recursively, or zip archives whose members are logs (each reported as "
            "archive.zip:member; a bad member does not stop the rest). Without PATH, verifies "
            "the bundled sample of real games. Exit status: "
            "0 all agree, 1 a mismatch, an unreadable file or no file at all, 2 bad usage."
        ),
    )
    v.add_argument("paths", nargs="*", metavar="PATH", help="log files, folders or zip archives")
    v.add_argument("--jobs", "-j", type=int, default=1, metavar="N", help="processes (default 1)")
    v.add_argument(
        "--json",
        metavar="FILE",
        default=None,
        help="write the full report as JSON (- for stdout; the summary then goes to stderr)",
    )
    v.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
    v.add_argument(
        "--rules",
        metavar="PRESET|FILE.json",
        default=None,
        help=(
            "replay every game under these rules instead of the ones its header gives: a "
            f"riichi.Rules preset ({', '.join(rule_presets())}, or tenhou_go:0xHEX for a "
            "Tenhou lobby by its GO type; taken as is, e.g. hanchan; sources in each "
            "preset's docstring) or a JSON file with one object of Rules fields (others "
            "default; a \"preset\" key names the preset they change)"
        ),
    )
    v.set_defaults(func=_cmd_verify)

    c = sub.add_parser(
        "convert",
        help="convert game logs to mjai, tenhou.net/6 or Tenhou mjlog XML",
        description=(
            "Read game logs in any format riichi reads (sniffed by content; files, folders "
            "walked recursively, zip archives of logs) and write each game in the --to format "
            "with its complete rules stored in a riichi_rules key that other tools ignore, so "
            "`riichi verify` replays the converted file as it replays the source. One input "
            "file and an OUT that is not a folder: OUT is the output file. Otherwise OUT is a "
            "folder (created) and each game keeps its path below the input folder with the "
            "format's extension (.jsonl mjai, .json tenhou.net/6, .xml mjlog); archive members "
            "go below a folder named after the archive. An input that cannot be read or held "
            "by the format is reported with the reason and the rest are converted. Exit "
            "status: 0 all converted, 1 an input failed, 2 bad usage."
        ),
    )
    c.add_argument("inputs", nargs="+", metavar="IN", help="log files, folders or zip archives")
    c.add_argument(
        "-o", "--output", required=True, metavar="OUT", help="output file (one input) or folder"
    )
    c.add_argument(
        "--to",
        required=True,
        choices=["mjai", "tenhou6", "mjlog"],
        help="output format: mjai JSON lines, tenhou.net/6 JSON or Tenhou mjlog XML",
    )
    c.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
    c.set_defaults(func=_cmd_convert)

    x = sub.add_parser(
        "export",
        help="write the tables of game logs as Parquet (needs riichi[mining])",
        description=(
            "Replay and verify every game of the logs (files, folders walked recursively, zip "
            "archives) and write its tables as Parquet under DIR: games, rounds, decisions "
            "(every draw and every claimable discard: the seat's hand, legal actions and the "
            "logged action), wins (yaku, han, fu, points, dora counts, pao), draws, players "
            "and errors (files that could not be read, unsupported games, mismatches; the "
            "rest goes on). Layout: DIR/_schema.json (columns, schema version) and "
            "DIR/TABLE/part-NNNNN.parquet, one part per --files-per-part input files. "
            "Needs the riichi[mining] extra (pyarrow). Exit status: 0 written, 1 a part could "
            "not be written midway, 2 bad usage (an output folder that cannot be made)."
        ),
    )
    x.add_argument("paths", nargs="+", metavar="PATH", help="log files, folders or zip archives")
    x.add_argument("-o", "--output", required=True, metavar="DIR", help="the output folder (new)")
    x.add_argument(
        "--tables",
        default=None,
        metavar="T,...",
        help="comma-separated tables (default all: games,rounds,decisions,wins,draws,players,errors)",
    )
    x.add_argument(
        "--features", action="store_true",
        help="also write the features table: every decision's feature arrays and the index "
        "of its logged action (riichi.features)",
    )  # fmt: skip
    x.add_argument("--jobs", "-j", type=int, default=1, metavar="N", help="processes (default 1)")
    x.add_argument(
        "--files-per-part", type=int, default=64, metavar="N",
        help="input files per Parquet part file (default 64)",
    )  # fmt: skip
    # the defaults are riichi.mining.export's (not imported here: the command line starts
    # without pyarrow); tests/test_export_batches.py checks the numbers in the help
    x.add_argument(
        "--batch-rows", type=int, default=None, metavar="N",
        help="most rows per Parquet row group, give or take one chunk of games (default 65536)",
    )  # fmt: skip
    x.add_argument(
        "--batch-bytes", type=int, default=None, metavar="N",
        help="most bytes of Arrow buffers a table holds before they are written as a row "
        "group, give or take one chunk of games (default 8388608, 8 MiB); with --batch-rows "
        "it bounds the memory held per table",
    )  # fmt: skip
    x.add_argument(
        "--games-per-batch", type=int, default=None, metavar="N",
        help="games read from a file (zip members, games of a kobalab file) per chunk "
        "(default 8): fewer hold less memory at a time; the rows written are the same",
    )  # fmt: skip
    x.add_argument(
        "--rules", metavar="PRESET|FILE.json", default=None,
        help="replay every game under these rules (as riichi verify --rules)",
    )  # fmt: skip
    x.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
    x.set_defaults(func=_cmd_export)

    st = sub.add_parser(
        "stats",
        help="per-player statistics of game logs (needs riichi[mining])",
        description=(
            "Per-player statistics over the replayed games of the logs (files, folders, zip "
            "archives) or of a riichi export folder: games, rounds, average rank, win, "
            "deal-in, riichi and call rates (per round), average win and deal-in points. "
            "Printed as a table (most games first); --csv / --parquet write every player "
            "(a path that cannot be written is refused before any log is read). An export "
            "folder is read as the export alone: log files placed inside it are not read "
            "(a warning names them; give them as their own paths). "
            "Needs the riichi[mining] extra (pyarrow). Exit status: 0 done, 1 a log could not "
            "be read (listed; the others are counted), 2 bad usage."
        ),
    )
    st.add_argument(
        "paths", nargs="+", metavar="PATH", help="log files, folders, zip archives or export folders"
    )
    st.add_argument("--csv", metavar="FILE", default=None, help="write the statistics as CSV")
    st.add_argument("--parquet", metavar="FILE", default=None, help="write them as Parquet")
    st.add_argument("--min-games", type=int, default=1, metavar="N", help="players with N+ games")
    st.add_argument("--top", type=int, default=30, metavar="N", help="print N players (default 30)")
    st.add_argument("--all", action="store_true", help="print every player")
    st.add_argument("--jobs", "-j", type=int, default=1, metavar="N", help="processes (default 1)")
    st.set_defaults(func=_cmd_stats)

    a = sub.add_parser(
        "arena",
        help="play games between mjai bot processes",
        description=(
            "Play games between bots that speak the mjai protocol as mjai.app's bots do: one "
            "line to the bot, a JSON array of the events since its last line, one JSON action "
            "back. Each bot sees only its seat (other hands '?'); seats rotate across games, "
            "blocks of games share a seed. A bot that times out, crashes, writes something "
            "that is not JSON or plays an illegal move is reported with the event and the "
            "reason, and its seat plays tsumogiri / pass (for the rest of the game unless the "
            "move was merely illegal). Prints per bot the rank distribution, the average rank "
            "and final points with 95% intervals. Exit status: 0 no fault, 1 a fault or an "
            "aborted game, 2 bad usage."
        ),
    )
    a.add_argument(
        "--bot",
        action="append",
        required=True,
        metavar="CMD",
        help="a bot's command line, e.g. 'python -m riichi.bots.greedy' (3 or 4 of them, "
        "one per seat of the rules)",
    )
    a.add_argument("--games", type=int, default=4, metavar="N", help="games to play (default 4)")
    a.add_argument(
        "--rules",
        metavar="PRESET|FILE.json",
        default=None,
        help=f"a riichi.Rules preset ({', '.join(sorted(rule_presets()))}, or "
        "tenhou_go:0xHEX for a Tenhou lobby by its GO type) or a JSON file of Rules fields "
        "(default tenhou)",
    )
    a.add_argument("--seed", type=int, default=0, metavar="S", help="seed of the first games")
    a.add_argument("--jobs", "-j", type=int, default=1, metavar="N", help="games at once")
    a.add_argument(
        "--log-dir",
        metavar="DIR",
        default=None,
        help="write every game as mjai (.mjai.jsonl) and mjlog (.mjlog) with its rules",
    )
    a.add_argument(
        "--stderr-dir",
        metavar="DIR",
        default=None,
        help="keep the bots' stderr there (bot0.job0.stderr.txt, ...); else only the tail of a "
        "crashed bot's is shown",
    )
    a.add_argument(
        "--timeout", type=float, default=5.0, metavar="SECONDS", help="per answer (default 5)"
    )
    a.add_argument(
        "--protocol",
        choices=["batch", "event"],
        default="batch",
        help="batch: a JSON array of events per line, each line answered (mjai.app); event: "
        "one event per line, answered only at decisions (Mortal's mortal.py). {seat} in a "
        "--bot command is replaced by the bot's seat",
    )
    a.add_argument(
        "--json", metavar="FILE", default=None, help="write the full report as JSON (- stdout)"
    )
    a.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
    a.set_defaults(func=_cmd_arena)

    vw = sub.add_parser(
        "view",
        help="write an HTML replay viewer of a game log",
        description=(
            "Replay one game (any format riichi reads) with the verifying replay and write a "
            "self-contained HTML page (no network needed) that steps through it event by "
            "event: all hands, rivers (tsumogiri shaded, riichi tile sideways), melds, dora, "
            "scores, each settlement with yaku, han, fu and payments, and every mismatch "
            "the replay found, marked at its event. Keys: left/right one event, PageUp/"
            "PageDown one round, Home/End, m the next mismatch, r turns the table. Exit "
            "status: 0 written and "
            "the game replays with no mismatch, 1 written but the replay found a mismatch "
            "or could not replay part of the game (or the log cannot be read), 2 bad usage."
        ),
    )
    vw.add_argument("log", metavar="LOG", help="a game log file (or a zip archive of logs)")
    vw.add_argument(
        "-o", "--output", metavar="OUT", default=None,
        help="the HTML file to write (default: LOG's name with .html, in the current folder; "
        "with -N before .html for game N of a file that holds several)",
    )  # fmt: skip
    vw.add_argument(
        "--game", type=int, default=None, metavar="N",
        help="which game of a file or archive that holds several (0-based; required then)",
    )  # fmt: skip
    vw.add_argument(
        "--rules", metavar="PRESET|FILE.json", default=None,
        help="replay under these rules instead of the header's (as for riichi verify)",
    )  # fmt: skip
    vw.add_argument(
        "--seat", type=int, default=0, metavar="N",
        help="the seat drawn at the bottom (default 0, the first dealer; r turns the table)",
    )  # fmt: skip
    vw.set_defaults(func=_cmd_view)
    return parser


# options that name a file or folder to write: an empty one is bad usage
_PATH_OPTIONS = (
    ("json", "--json"), ("output", "-o/--output"), ("svg", "--svg"), ("csv", "--csv"),
    ("parquet", "--parquet"), ("log_dir", "--log-dir"), ("stderr_dir", "--stderr-dir"),
)  # fmt: skip


def _command(args: argparse.Namespace) -> str:
    """The subcommand's name, as its parser was registered (``verify``, ``hand``...)."""
    return str(getattr(args, "command", "") or "")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    for attr, flag in _PATH_OPTIONS:
        if getattr(args, attr, None) == "":  # else taken as not given: silently no output
            prog = f"riichi {_command(args)}"
            print(f"{prog}: error: {flag}: an empty path (name a file or folder)", file=sys.stderr)
            return 2
    try:
        return int(args.func(args))
    except BrokenPipeError:  # output piped into e.g. `head`: stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
