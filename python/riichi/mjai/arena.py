"""The arena: games between mjai bots, refereed by :class:`riichi.Game`.

Protocol (mjai.app's, https://github.com/smly/mjai.app ``mjai/engine.py`` and
``mjai/http_server/server.py``; the PyPI package ``mjai``'s ``Bot.react`` reads it): the
arena writes one line to a bot, a JSON array of the events since its last line, and reads
one line back, a JSON object. Lines are sent

- at the start of each game: ``[start_game]`` with the seat as ``id`` and the rules under
  ``"riichi_rules"`` (up to ``startup_timeout`` seconds for the answer: bots load models;
  the same for a line holding a ``start_kyoku``, as mjai.app allows);
- whenever the seat must decide (its draw or call, a discard or a kan or kita tile it may
  claim): the answer is its action (:mod:`riichi.mjai.protocol`); after an answer
  ``{"type": "reach"}`` the seat is sent its ``reach`` event and answers its riichi
  ``dahai``;
- at the end of each round (the events up to ``end_kyoku``) and of the game (``end_game``).

Answers to lines with no decision must be JSON objects; what they say is not used.

``protocol="event"`` speaks the form of Mortal's ``mortal.py`` (libriichi's ``Bot.react``)
instead: one event object per line, and the bot answers only when it has a decision (the
arena reads a line only then; a line written at any other time is a ``protocol`` fault).
``{seat}`` in a bot's command is replaced by its seat (the process is started again when its
seat changes between games), for bots that take their player id on the command line.

Each seat sees only its own view (:func:`riichi.mjai.seat_view`: the other seats' deals and draws are
``"?"``).

Faults, and what the arena does (each is a :class:`Fault` in the result, naming the bot, the
game, the seat, the event it was answering and the reason):

- ``illegal``: a JSON answer that is not a legal action now (or not an object): the seat's
  fallback action is played for this decision and the bot goes on;
- ``timeout`` (no line within ``timeout`` seconds), ``crash`` (the process exited or closed
  its output), ``not_json`` (a line that is not JSON, or longer than 1 MiB), ``protocol``
  (more lines than answers: a line was waiting before the arena asked): the bot is killed
  and the fallback plays its seat for the rest of that game; the bot is started again for
  the next game.

The fallback: on its turn the seat discards the tile it drew (tsumogiri; after a call its
first legal discard; after a ``reach`` answer its riichi discard of the drawn tile, or its
first one); on another seat's tile it passes. The game always goes on; a game that the
referee itself could not finish is recorded as aborted with the reason.

Seats: the games come in blocks of ``n`` (the number of players) that share one seed (the
same walls), bot ``i`` sitting in seat ``(i + g) % n`` in game ``g`` of the block, so that
every bot plays every seat of every deal.
"""

from __future__ import annotations

import copy
import dataclasses
import math
import os
import shlex
import threading
import typing
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from riichi.actions import Action, Discard, Pass, Riichi
from riichi.errors import RiichiError
from riichi.game import Game
from riichi.logs.mjai import to_mjai_lines
from riichi.logs.mjlog_writer import to_mjlog
from riichi.mjai.players import BotFault, LocalPlayer, ProcessPlayer
from riichi.mjai.protocol import (
    REACH,
    REACH_OPEN,
    event_objects,
    match_response,
    seat_view,
    start_game_object,
)
from riichi.rules import Rules

__all__ = ["Arena", "ArenaResult", "BotStats", "Fault", "GameRecord", "fallback_action"]


@dataclass(frozen=True)
class Fault:
    """A bot's failure to answer properly.

    Attributes:
        bot: the bot's index (order given to the arena); name: its name.
        game: the game index; seat: the seat it played.
        kind: ``"illegal"``, ``"timeout"``, ``"crash"``, ``"not_json"`` or ``"protocol"``.
        event: the last event the bot had been sent (mjai object, as it saw it).
        detail: what happened (the answer, the exit status and stderr tail, ...).
        action: the fallback action played instead (``repr``), or None.
    """

    bot: int
    name: str
    game: int
    seat: int
    kind: str
    event: dict[str, Any] | None
    detail: str
    action: str | None = None

    def __str__(self) -> str:
        ev = "" if self.event is None else f" answering {_brief(self.event)}"
        played = f"; played {self.action}" if self.action else ""
        return f"game {self.game} seat {self.seat} {self.name}: {self.kind}{ev}: {self.detail}{played}"


@dataclass
class GameRecord:
    """One arena game.

    Attributes:
        index: the game index; seed: the seed of its walls.
        bots: ``bots[seat]`` is the index of the bot in that seat.
        scores: final points per seat; ranks: 1.. per seat; final: uma/oka points per seat
            (thousands, :attr:`riichi.GameResult.final`); all empty when aborted.
        rounds: rounds played.
        aborted: why the referee could not finish the game, else None.
        mjai_path / mjlog_path: the written logs (None without a log folder).
        mjlog_missing: why a finished game has no mjlog log although a log folder was given
            (the format cannot express something the game holds, e.g. an open riichi or a
            local yaku; its mjai log has everything), else None. The game still counts.
        decisions: decisions asked of the bots; events: events in the game.
        messages: lines sent to the bots (each answered); events_sent: events in them.
    """

    index: int
    seed: int
    bots: list[int]
    scores: list[int] = field(default_factory=list)
    ranks: list[int] = field(default_factory=list)
    final: list[float] = field(default_factory=list)
    rounds: int = 0
    aborted: str | None = None
    mjai_path: str | None = None
    mjlog_path: str | None = None
    mjlog_missing: str | None = None
    decisions: int = 0
    events: int = 0
    messages: int = 0
    events_sent: int = 0


@dataclass
class BotStats:
    """Results of one bot over the games it finished.

    Attributes:
        name: the bot's name; games: games finished.
        ranks: how many times it took each rank (index 0 = first).
        mean_rank / rank_ci: the average rank and the half-width of its 95% confidence
            interval (normal approximation, 1.96 standard errors; 0 with fewer than 2 games).
        mean_points / points_ci: the same for the final points (thousands, uma and oka
            included, :attr:`riichi.GameResult.final`).
        mean_score: the average final score (points).
        faults: its faults by kind.
    """

    name: str
    games: int = 0
    ranks: list[int] = field(default_factory=list)
    mean_rank: float = math.nan
    rank_ci: float = 0.0
    mean_points: float = math.nan
    points_ci: float = 0.0
    mean_score: float = math.nan
    faults: dict[str, int] = field(default_factory=dict)


@dataclass
class ArenaResult:
    """The arena's report: every game, per-bot statistics and every fault."""

    rules: Rules
    games: list[GameRecord]
    bots: list[BotStats]
    faults: list[Fault]
    seconds: float = 0.0

    @property
    def aborted(self) -> list[GameRecord]:
        """The games the referee could not finish."""
        return [g for g in self.games if g.aborted]

    def summary(self) -> str:
        """A text table: per bot, games, rank distribution, average rank and points with
        their 95% intervals, faults; then the faults (the first 20) and aborted games."""
        n = self.rules.num_players
        lines = []
        ordinals = ["1st", "2nd", "3rd", "4th"][:n]
        head = ["bot", "games", *ordinals, "avg rank", "avg points", "faults"]
        w = max([24, *(len(b.name) for b in self.bots)])  # whole names: two may share 24 chars
        lines.append("  ".join(f"{h:>10}" if i else f"{h:<{w}}" for i, h in enumerate(head)))
        for b in self.bots:
            cells = [
                f"{b.name:<{w}}",
                f"{b.games:>10}",
                *[f"{r:>10}" for r in b.ranks],
                (f"{b.mean_rank:>5.2f}±{b.rank_ci:<4.2f}" if b.games else "-").rjust(10),
                (f"{b.mean_points:>+6.1f}±{b.points_ci:<4.1f}" if b.games else "-").rjust(10),
                f"{sum(b.faults.values()):>10}",
            ]
            lines.append("  ".join(cells))
        games = len(self.games)
        lines.append(
            f"{games} games, {sum(g.decisions for g in self.games)} decisions, "
            f"{len(self.faults)} faults, {len(self.aborted)} aborted"
            + (f", {games / self.seconds:.2f} games/s" if self.seconds > 0 else "")
        )
        for f in self.faults[:20]:
            lines.append(f"fault: {f}")
        if len(self.faults) > 20:
            lines.append(f"... and {len(self.faults) - 20} more faults")
        for g in self.aborted:
            lines.append(f"aborted: game {g.index}: {g.aborted}")
        for g in self.games:
            if g.mjlog_missing:
                lines.append(f"no mjlog log: game {g.index}: {g.mjlog_missing}")
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """Everything as JSON-ready values (the rules as :meth:`Rules.to_dict`)."""
        return {
            "rules": self.rules.to_dict(),
            "seconds": self.seconds,
            "bots": [dataclasses.asdict(b) for b in self.bots],
            "games": [dataclasses.asdict(g) for g in self.games],
            "faults": [dataclasses.asdict(f) for f in self.faults],
        }


_ACTION_TYPES = typing.get_args(Action)  # the action classes (isinstance of a Union: 3.10+)


def fallback_action(
    legal: Sequence[Action], reach_step: bool = False, open_riichi: bool = False
) -> Action:
    """The action played for a seat whose bot gave no usable answer: tsumogiri (else the
    first legal discard); after a ``reach`` answer, the riichi discard of the drawn tile
    (else the first), open after an open ``reach``; on a claim, pass.

    Raises:
        RiichiError: ``legal`` is empty (the seat has nothing to decide) or not a list of
            ``riichi.actions`` actions; ``reach_step`` or ``open_riichi`` not a bool (each
            named with its value).
    """
    if isinstance(legal, (str, bytes)) or not isinstance(legal, Sequence) or not all(
        isinstance(a, _ACTION_TYPES) for a in legal
    ):
        raise RiichiError(f"fallback_action: legal must be a list of actions, got {legal!r:.60}")
    for name, flag in (("reach_step", reach_step), ("open_riichi", open_riichi)):
        if flag is not True and flag is not False:
            raise RiichiError(f"fallback_action: {name} must be True or False, got {flag!r:.60}")
    if not legal:
        raise RiichiError("fallback_action: the seat has no legal action")
    kind = Riichi if reach_step else Discard
    discards = [a for a in legal if isinstance(a, kind)]
    if reach_step:  # the open or closed riichi the reach declared
        discards = [a for a in discards if isinstance(a, Riichi) and a.open is open_riichi]
    if discards:
        return next((a for a in discards if a.tsumogiri), discards[0])
    return next((a for a in legal if isinstance(a, Pass)), legal[0])


class Arena:
    """Games between mjai bots (module docstring: protocol, faults, fallback, seats).

    Args:
        bots: 3 or 4 bots (``rules.num_players`` of them): each a command line (a string,
            split like a shell would) or argument list of a bot process, or an object with
            ``react(events) -> dict`` run in this process (e.g. :class:`riichi.mjai.Bot`),
            one object per seat; with ``jobs > 1`` the other jobs play copies made here.
        rules: a ``riichi.Rules`` (default Tenhou's hanchan).
        names: the bots' names (default: their commands).
        timeout: seconds a bot has for each answer.
        startup_timeout: seconds for the answer to ``start_game`` (model loading).
        log_dir: a folder for every game's mjai (``game00000.mjai.jsonl``) and mjlog
            (``game00000.mjlog``) logs, each carrying the rules (so that ``riichi verify
            DIR`` replays them all); None writes none.
        stderr_dir: a folder for the bot processes' stderr (``bot0.job0.stderr.txt``: bot 0
            in job 0, appended across games); None: a temporary file each, whose last lines
            are quoted when the bot crashes.
        protocol: ``"batch"`` (mjai.app: a JSON array of events per line, every line
            answered) or ``"event"`` (Mortal's ``mortal.py``: one event per line, answers
            only at decisions); see the module docstring.

    Raises:
        RiichiError: ``bots`` is not a list (a single command string), its length is not
            ``rules.num_players`` or one is neither a command nor has ``react``; a timeout that is not
            a positive number; rules that are not a ``riichi.Rules``; an empty bot command
            or one that cannot be split (an open quote); an unknown ``protocol``; ``names``
            not a list of ``rules.num_players`` names; ``log_dir`` or ``stderr_dir`` not a
            path or None.
    """

    def __init__(
        self,
        bots: Sequence[Any],
        rules: Rules | None = None,
        *,
        names: Sequence[str] | None = None,
        timeout: float = 5.0,
        startup_timeout: float = 10.0,
        log_dir: str | os.PathLike[str] | None = None,
        stderr_dir: str | os.PathLike[str] | None = None,
        protocol: str = "batch",
    ) -> None:
        self.rules = Rules.tenhou() if rules is None else rules
        if not isinstance(self.rules, Rules):
            raise RiichiError(f"Arena: rules must be a riichi.Rules, got {rules!r:.60}")
        n = self.rules.num_players
        if isinstance(bots, (str, bytes)) or not isinstance(bots, Sequence):
            raise RiichiError(
                f"Arena: bots must be a list of {n} bots (a command or a bot object each), "
                f"got {bots!r:.80}"
            )
        if len(bots) != n:
            raise RiichiError(f"Arena: {n} players need {n} bots, got {len(bots)}")
        for i, b in enumerate(bots):
            if not isinstance(b, (str, list, tuple)) and not callable(getattr(b, "react", None)):
                raise RiichiError(
                    f"Arena: bot {i}: expected a command (str or argument list) or an object "
                    f"with react(events), got {b!r:.80}"
                )
        for name, v in (("timeout", timeout), ("startup_timeout", startup_timeout)):
            if type(v) not in (int, float) or not v > 0 or math.isinf(v):
                raise RiichiError(f"Arena: {name} must be a positive number of seconds, got {v!r}")
        if names is not None and (isinstance(names, (str, bytes)) or not isinstance(names, Sequence)):
            raise RiichiError(f"Arena: names must be a list of {n} names, got {names!r:.60}")
        if names is not None and len(names) != n:
            raise RiichiError(f"Arena: {n} names needed, got {len(names)}")
        for name, d in (("log_dir", log_dir), ("stderr_dir", stderr_dir)):
            if d is not None and not isinstance(d, (str, os.PathLike)):
                raise RiichiError(f"Arena: {name} must be a folder path or None, got {d!r:.60}")
        self.bots = [_command(i, b) if isinstance(b, (str, list, tuple)) else b for i, b in enumerate(bots)]
        # fresh copies of in-process bots for the jobs after the first (made now, while no
        # game has given them state that cannot be copied)
        self._copies: list[Any] | None
        try:
            self._copies = [b if isinstance(b, (str, list, tuple)) else copy.deepcopy(b) for b in bots]
        except Exception as e:  # an object that cannot be copied: only jobs=1 can use it
            self._copies = None
            self._copy_error = f"{type(e).__name__}: {e}"
        self.names = _unique(
            [str(x) for x in names] if names is not None else [_name(b) for b in self.bots]
        )
        self.timeout = float(timeout)
        self.startup_timeout = float(startup_timeout)
        self.log_dir = None if log_dir is None else os.fspath(log_dir)
        self.stderr_dir = None if stderr_dir is None else os.fspath(stderr_dir)
        if not isinstance(protocol, str) or protocol not in ("batch", "event"):
            raise RiichiError(f"Arena: protocol must be 'batch' or 'event', got {protocol!r}")
        self.protocol = protocol

    def run(
        self,
        games: int,
        *,
        seed: int = 0,
        jobs: int = 1,
        progress: Callable[[GameRecord], None] | None = None,
    ) -> ArenaResult:
        """Play ``games`` games and report.

        Args:
            games: how many (a multiple of the player count gives every bot every seat).
            seed: the seed of the first block of games (block ``b`` uses ``seed + b``).
            jobs: games played at once (each job runs its own bot processes).
            progress: called with each finished :class:`GameRecord` (from the job's thread).

        Raises:
            RiichiError: ``games`` not an int >= 0, ``jobs`` not an int >= 1, ``seed`` not
                an int >= 0, ``progress`` not callable, a log or stderr folder cannot be made, or
                ``jobs > 1`` with an in-process bot that could not be copied.
        """
        import time

        if type(games) is not int or games < 0:
            raise RiichiError(f"Arena.run: games must be an int >= 0, got {games!r}")
        if type(jobs) is not int or jobs < 1:
            raise RiichiError(f"Arena.run: jobs must be an int >= 1, got {jobs!r}")
        if type(seed) is not int or seed < 0:  # Game's seeds: -5 would deal 5's games
            raise RiichiError(f"Arena.run: seed must be an int >= 0, got {seed!r}")
        if progress is not None and not callable(progress):
            raise RiichiError(f"Arena.run: progress must be callable or None, got {progress!r:.60}")
        for what, d in (("log", self.log_dir), ("stderr", self.stderr_dir)):
            if d is not None:
                try:
                    os.makedirs(d, exist_ok=True)
                except OSError as e:
                    raise RiichiError(f"Arena: cannot make the {what} folder {d}: {e}") from None
        t0 = time.perf_counter()
        jobs = max(1, min(jobs, games or 1))
        records: list[GameRecord | None] = [None] * games
        faults: list[Fault] = []
        lock = threading.Lock()
        todo = iter(range(games))

        def worker(job: int) -> None:
            table = _Table(self, job)
            try:
                while True:
                    with lock:
                        g = next(todo, None)
                    if g is None:
                        return
                    rec, got = table.play(g, seed + g // self.rules.num_players)
                    with lock:
                        records[g] = rec
                        faults.extend(got)
                    if progress is not None:
                        progress(rec)
            finally:
                table.close()

        if jobs == 1:
            worker(0)
        else:
            with ThreadPoolExecutor(jobs) as ex:
                for fut in [ex.submit(worker, j) for j in range(jobs)]:
                    fut.result()
        done = [r for r in records if r is not None]
        faults.sort(key=lambda f: (f.game, f.seat))
        return ArenaResult(
            self.rules, done, self._stats(done, faults), faults, time.perf_counter() - t0
        )

    def _stats(self, games: list[GameRecord], faults: list[Fault]) -> list[BotStats]:
        n = self.rules.num_players
        out = []
        for b, name in enumerate(self.names):
            ranks: list[int] = []
            points: list[float] = []
            scores: list[int] = []
            for g in games:
                if g.aborted:
                    continue
                seat = g.bots.index(b)
                ranks.append(g.ranks[seat])
                points.append(g.final[seat])
                scores.append(g.scores[seat])
            st = BotStats(name, len(ranks), [ranks.count(r) for r in range(1, n + 1)])
            if ranks:
                st.mean_rank, st.rank_ci = _mean_ci(ranks)
                st.mean_points, st.points_ci = _mean_ci(points)
                st.mean_score = sum(scores) / len(scores)
            for f in faults:
                if f.bot == b:
                    st.faults[f.kind] = st.faults.get(f.kind, 0) + 1
            out.append(st)
        return out


def _command(i: int, bot: str | Sequence[Any]) -> list[str]:
    """A bot's argument list: a command line split as a shell would, or a list of words.

    Raises:
        RiichiError: an empty command or one that cannot be split (an open quote).
    """
    if isinstance(bot, str):
        try:
            argv = shlex.split(bot)
        except ValueError as e:
            raise RiichiError(f"Arena: bot {i}: cannot split the command {bot!r}: {e}") from None
    else:
        argv = [str(x) for x in bot]
    if not argv:
        raise RiichiError(f"Arena: bot {i}: the command is empty ({bot!r})")
    return argv


def _mean_ci(xs: Sequence[float]) -> tuple[float, float]:
    m = sum(xs) / len(xs)
    if len(xs) < 2:
        return m, 0.0
    var = sum((x - m) ** 2 for x in xs) / (len(xs) - 1)
    return m, 1.96 * math.sqrt(var / len(xs))


def _name(bot: Any) -> str:
    """A short name: the module of ``-m``, or the script's file name, with the arguments
    after it; the program's file name; an object's class name."""
    if not isinstance(bot, (str, list, tuple)):
        return type(bot).__name__
    argv = shlex.split(bot) if isinstance(bot, str) else [str(x) for x in bot]
    if not argv:
        return "?"
    if "-m" in argv[:-1]:
        i = argv.index("-m") + 1
        return " ".join([argv[i], *argv[i + 1 :]])
    for i, a in enumerate(argv):
        if a.endswith(".py"):
            return " ".join([os.path.basename(a)[:-3], *argv[i + 1 :]])
    return " ".join([os.path.basename(argv[0]), *argv[1:]])


def _unique(names: list[str]) -> list[str]:
    """The names, a duplicate one numbered (``greedy#1``, ``greedy#2``)."""
    out = []
    for i, x in enumerate(names):
        if names.count(x) > 1:
            x = f"{x}#{names[: i + 1].count(x)}"
        out.append(x)
    return out


def _brief(ev: dict[str, Any]) -> str:
    keys = ("actor", "target", "pai")
    parts = [f"{k}={ev[k]}" for k in keys if k in ev]
    return f"{ev.get('type')}({', '.join(parts)})"


class _Table:
    """One job's bot connections, playing games one after another."""

    def __init__(self, arena: Arena, job: int) -> None:
        self.arena = arena
        self.players: list[Any] = []
        for i, b in enumerate(arena.bots):
            if isinstance(b, (str, list, tuple)):
                err = None
                if arena.stderr_dir is not None:
                    err = os.path.join(arena.stderr_dir, f"bot{i}.job{job}.stderr.txt")
                self.players.append(ProcessPlayer(b, arena.names[i], err))
            else:
                if job > 0:
                    if arena._copies is None:
                        raise RiichiError(
                            f"Arena: in-process bot {arena.names[i]} cannot be copied for "
                            f"jobs > 1 ({arena._copy_error}): use jobs=1 or bot processes"
                        )
                    b = copy.deepcopy(arena._copies[i])
                self.players.append(LocalPlayer(b, arena.names[i]))

    def close(self) -> None:
        for p in self.players:
            p.close()

    # ------------------------------------------------------------------ one game
    def play(self, index: int, seed: int) -> tuple[GameRecord, list[Fault]]:
        a = self.arena
        rules = a.rules
        n = rules.num_players
        rot = index % n
        seat_bot = [(s - rot) % n for s in range(n)]  # bot i sits in seat (i + rot) % n
        rec = GameRecord(index, seed, seat_bot)
        self._faults: list[Fault] = []
        self._rec = rec
        self._seat_bot = seat_bot
        self._dead = [False] * n
        self._pending: list[list[dict[str, Any]]] = [[] for _ in range(n)]
        self._skip_reach = [False] * n
        self._last_sent: list[dict[str, Any] | None] = [None] * n
        names = [a.names[b] for b in seat_bot]
        game: Game | None = None
        try:
            game = Game(rules, seed=seed)
            for s in range(n):
                self.players[seat_bot[s]].set_seat(s)
                self._pending[s].append(start_game_object(s, names, rules))
                self._flush(s, a.startup_timeout, answer=False)
            fed = 1  # game.events[0] is the referee's start_game: each seat got its own
            while True:
                fed = self._forward(game, fed)
                if game.is_over:
                    break
                seats = list(game.seats_to_act)
                for s in seats:
                    if s not in game.seats_to_act:
                        break
                    act = self._decide(game, s)
                    rec.decisions += 1
                    game.step(act)
                    if game.is_over or game.phase != "claim":
                        break
            res = game.result
            assert res is not None
            rec.scores = list(res.scores)
            rec.ranks = list(res.ranks)
            rec.final = list(res.final)
            rec.rounds = res.rounds
        except Exception as e:  # the referee failed: reported, never a crash
            rec.aborted = f"{type(e).__name__}: {e}"
        finally:
            for s in range(n):  # bots that failed are started again for the next game
                if self._dead[s]:
                    self.players[seat_bot[s]].kill()
        if game is not None:
            rec.events = len(game.events)
            self._write_logs(rec, game, names)
        return rec, self._faults

    def _forward(self, game: Game, fed: int) -> int:
        """Queue the new events for every seat; flush at end_kyoku / end_game."""
        new = game.events[fed:]
        if not new:
            return fed
        n = self.arena.rules.num_players
        for obj in event_objects(new):
            t = obj["type"]
            for s in range(n):
                if t == "reach" and self._skip_reach[s] and obj.get("actor") == s:
                    self._skip_reach[s] = False  # the seat was sent its reach already
                    continue
                self._pending[s].append(seat_view(obj, s))
            if t in ("end_kyoku", "end_game"):
                for s in range(n):
                    self._flush(s, self.arena.timeout, answer=False)
        return len(game.events)

    def _flush(self, s: int, timeout: float, answer: bool = True) -> Any:
        """Send the seat its pending events; the decoded answer, or None when the seat's
        bot is out (a fault is recorded when it fails now). ``answer=False``: a line with no
        decision (its answer is read and dropped; with ``protocol="event"`` none is read)."""
        events = self._pending[s]
        self._pending[s] = []
        if events:
            self._last_sent[s] = events[-1]
        if self._dead[s]:
            return None
        if any(e.get("type") == "start_kyoku" for e in events):
            timeout = max(timeout, self.arena.startup_timeout)  # as mjai.app: bots may load
        per_event = self.arena.protocol == "event"
        self._rec.messages += len(events) if per_event else 1
        self._rec.events_sent += len(events)
        try:
            return self.players[self._seat_bot[s]].exchange(
                events, timeout, per_event=per_event, answer=answer or not per_event
            )
        except BotFault as e:
            self._dead[s] = True
            self._fault(s, e.kind, e.detail + "; the fallback plays the seat for the rest of the game")
            self.players[self._seat_bot[s]].kill()
            return None

    def _decide(self, game: Game, s: int) -> Action:
        legal = game.legal_actions(s)
        rules = self.arena.rules
        answer = self._flush(s, self.arena.timeout)
        if self._dead[s]:
            return fallback_action(legal)
        m = match_response(answer, s, legal, rules)
        if m in (REACH, REACH_OPEN):
            opened = m == REACH_OPEN
            reach: dict[str, Any] = {"type": "reach", "actor": s}
            if opened:
                reach["open"] = True
            self._pending[s].append(reach)
            self._skip_reach[s] = True
            answer = self._flush(s, self.arena.timeout)
            if self._dead[s]:
                return fallback_action(legal, reach_step=True, open_riichi=opened)
            m = match_response(answer, s, legal, rules, reach_step=True, open_riichi=opened)
            if m is None or isinstance(m, str):  # (a reach_step match is never REACH)
                act = fallback_action(legal, reach_step=True, open_riichi=opened)
                self._fault(s, "illegal", f"answered {_text(answer)} after its reach", act)
                return act
            return m
        if m is None or isinstance(m, str):  # (REACH and REACH_OPEN were taken above)
            act = fallback_action(legal)
            self._fault(s, "illegal", f"answered {_text(answer)}", act)
            return act
        return m

    def _fault(self, s: int, kind: str, detail: str, action: Action | None = None) -> None:
        b = self._seat_bot[s]
        self._faults.append(
            Fault(
                b,
                self.arena.names[b],
                self._rec.index,
                s,
                kind,
                self._last_sent[s],
                detail,
                None if action is None else repr(action),
            )
        )

    def _write_logs(self, rec: GameRecord, game: Game, names: list[str]) -> None:
        d = self.arena.log_dir
        if d is None:
            return
        events = list(game.events)
        events[0] = dataclasses.replace(events[0], names=tuple(names))
        base = os.path.join(d, f"game{rec.index:05d}")
        rules = self.arena.rules
        with open(base + ".mjai.jsonl", "w", encoding="utf-8") as f:
            f.write(to_mjai_lines(events, rules=rules))
        rec.mjai_path = base + ".mjai.jsonl"
        if not game.is_over:
            return  # an aborted game: its mjai log shows how far it went
        try:
            text = to_mjlog(events, rules=rules)
        except RiichiError as e:
            # a finished game the format cannot express: the game stands, its mjai log
            # holds it whole; say why the mjlog is missing (it is not an abort)
            rec.mjlog_missing = f"{type(e).__name__}: {e}"
            return
        with open(base + ".mjlog", "w", encoding="utf-8") as f:
            f.write(text)
        rec.mjlog_path = base + ".mjlog"


def _text(answer: Any) -> str:
    import json

    try:
        text = json.dumps(answer, separators=(",", ":"))
    except (TypeError, ValueError):
        text = repr(answer)
    return text if len(text) <= 160 else text[:157] + "..."
