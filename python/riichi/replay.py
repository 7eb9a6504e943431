"""Replay verification: feed a logged game through the engine and compare everything.

:func:`replay_game` drives a :class:`riichi.Game` with the player actions of a
:class:`riichi.GameLog` (any format: Tenhou mjlog, tenhou.net/6, mjai) under the rules read
from the log (:func:`rules_from_log`). It checks that

- every logged action (discard, riichi, chi, pon, kan, tsumo, ron, kyuushu kyuuhai) was
  legal when taken: :meth:`riichi.Round.match_event` finds it among ``legal_actions``;
- every settlement equals the log: for each win the hand, melds, winning tile, fu, han, yaku,
  points, limit, dora and uradora indicators, pao, score deltas and scores; for each draw the
  reason (exhaustive, nagashi mangan, each abortive draw), tenpai seats, shown hands, noten
  payments and scores;
- the game flow equals the log: each round's wind, dealer, honba, riichi sticks and scores,
  the end of the game, the final scores, the ranks and the final points.

Each disagreement is a :class:`Mismatch`; the round it happens in is abandoned and the replay
picks up again from the next round's logged state, so one fault does not hide the others.
What cannot be replayed is reported, never passed: records their reader marks unsupported
(``GameLog.meta["unsupported"]``: a Tenhou protocol transcript), player views with hidden
tiles (:class:`Problem` entries in ``GameReport.unsupported``). A file that starts mid-game
(a fragment, e.g. an mjx single-round file) is replayed from its first round's logged state
(scores, honba, sticks); a round cut before its end is replayed up to the last logged action
(``GameReport.unfinished_rounds``).

Rules (Tenhou, from ``<GO type>`` and the tenhou.net/6 rule text): red fives, kuitan,
tonpuusen or hanchan; GO bit 0x200 (special "chip" lobbies) play kiriage mangan (Tenhou writes
such a mangan with limit code 0) and reveal a kakan's kan dora at once, before the rinshan draw
(dnovikoff-tenhou/chip.xml_, GO 553, S4: DORA before the replacement draw); GO bit 0x400
pays 1,500 points per honba, the common parlour (jansou) rule (dnovikoff-tenhou/ratio1.xml_, GO
1569, E3-1: a ron mangan at 1 honba pays 9500, and its two chips are settled separately in the
chip fields of ``sc``); tenpai-yame at all-last from June 2010 on (logs up to
2010-06-01 play on, from 2010-06-08 they stop: tests/test_round_real_logs.py). An undated log is
replayed with tenpai-yame, and without it when that alone explains the log.

Final points (the uma/oka-adjusted figures of Tenhou's ``owari``, the final ``sc`` of
tenhou.net/6, kobalab's ``point``, Mahjong Soul's ``total_point``) are compared with
:attr:`riichi.GameResult.final` like the final scores. Tenhou's rule, found from every log of
the corpus that records them (:func:`tenhou_final_rule`): uma +10/+5/-5/-10 in logs up to
2009-07-31, +20/+10/-10/-20 from 2009-08-27 on (sanma +20/0/-20 throughout), +30/+10/-10/-30
in chip lobbies (GO bit 0x200: dnovikoff-tenhou/chip.xml_, ratio1.xml_); figures rounded to
whole thousands, the top taking the rest (``Rules.final_rounding = "thousands"``), up to
2021-10-03, exact to one decimal from 2022-01-31 on; games of GO bit 0x800 (a 1,000-point
start) score their difference to the start, exact (:data:`_GO_PLAIN_DIFFERENCE`, a candidate
only). Where the header does not settle the rule (an undated log, a date between those
seen, a private lobby, GO flags whose uma is not known), the figures must equal one of
Tenhou's known rules, else they are reported as not checked (``unsupported``, with the
reason), never as agreeing. Not settled by any log: dnovikoff-tenhou/newattr2023.xml (private
lobby 1, GO 0x101, and the ARML tournament game of InjusticeJudge) gives tied players equal
figures (30,700 twice: +10.7 each; 29,300 twice: -10.7 each, return 30,000, no oka): either
an uma of +10/+10/-10/-10, or, as its ``csrule`` (``5,-5,-15``) suggests, +15/+5/-5/-15 split
between tied ranks (``Rules.tied_ranks = "shared"``; Tenhou's ranked rules rank ties by
seat); the figures cannot tell them apart, so neither is taken; mjx's private lobby
10011 (2019-02-01, one game: 19,400 / -700 / 67,400 / 33,900 give -10.6 / -100.7 / 87.4 /
23.9) fits a zero-sum uma only with a 70-point gap between 3rd and 4th (return 30,000: uma
+50/+20/0/-70), no rule Tenhou offers; a bust prize is likelier, and one game cannot tell.
"""

from __future__ import annotations

import dataclasses
import os
import re
from bisect import bisect_right
from dataclasses import dataclass, field
from typing import Any, Literal

from riichi.actions import Discard, Pass, Ron
from riichi.errors import IllegalAction, RiichiError
from riichi.events import YAKU_NAMES, EndGame, Event, GameLog, StartKyoku, _bad_field
from riichi.game import Game, final_points, rank_seats
from riichi.kyoku.explain import actions_text, event_text
from riichi.kyoku.settlement import noten_declaration_allowed
from riichi.kyoku.state import EVERYONE as _EVERYONE
from riichi.rules import Rules
from riichi.tiles import TileKind
from riichi.wall import Wall, wall_from_events

__all__ = [
    "GameReport",
    "Mismatch",
    "Problem",
    "VerifySummary",
    "log_date",
    "replay_game",
    "round_label",
    "rules_from_log",
    "tenhou_final_rule",
    "verify_file",
    "verify_files",
]

#: Tenhou ended a game at all-last when the dealer was top and tenpai at an exhaustive draw
#: from this date on (yyyymmdd; see the module docstring).
TENPAI_YAME_FROM = "20100605"
#: Tenhou's four-player uma (thousands): +10/+5/-5/-10 in logs up to UMA_5_10_UNTIL (the
#: last such log of the corpus: 2009073112gm-0061-0000-cad1a977), +20/+10/-10/-20 from
#: UMA_10_20_FROM (2009082717gm-...: the first); dates between are not settled.
UMA_5_10_UNTIL = "20090731"
UMA_10_20_FROM = "20090827"
#: Tenhou's ``owari`` rounds final points to whole thousands (``Rules.final_rounding``
#: ``"thousands"``) in logs up to FINAL_ROUNDED_UNTIL (the last such log of the corpus) and
#: keeps one decimal from FINAL_EXACT_FROM on (the first); dates between are not settled.
FINAL_ROUNDED_UNTIL = "20211003"
FINAL_EXACT_FROM = "20220131"
_TENHOU_UMA = (20000, 10000, -10000, -20000)
_TENHOU_UMA_2009 = (10000, 5000, -5000, -10000)
_TENHOU_UMA_CHIP = (30000, 10000, -10000, -30000)
_TENHOU_UMA_SANMA = (20000, 0, -20000)
# GO type bits whose rules are known: vs humans, no red, no kuitan, hanchan, sanma, tokujou,
# fast, joukyuu, chip (0x200), parlour honba (0x400)
_GO_KNOWN = 0x6FF
#: GO bit 0x800: games that start at 1,000 points a seat (``<INIT ten="10,10,10,10">``, an
#: ``AGARI ratio`` attribute). Their final points are the score's difference to the starting
#: score in thousands, exact: no uma, no oka, no rounding. Evidence: the only such logs
#: known, dnovikoff-tenhou ratio.xml (scores -300 / 2,300 / 1,000 / 1,000, owari -1.3 / 1.3 /
#: 0.0 / 0.0) and sanma.xml (-7,000 / -3,000 / 17,000 / -3,000, owari -8.0 / -4.0 / 16.0 /
#: -4.0): every figure is (score - 1,000) / 1,000, and with a zero-sum uma no other return,
#: oka or uma gives them (only a split between their tied 2nd and 3rd is left open, which
#: their ties cannot show). Still a candidate, not a settled rule: a figure it does not give
#: is reported not checked.
_GO_PLAIN_DIFFERENCE = 0x800

_PLAYER = frozenset(("dahai", "chi", "pon", "daiminkan", "ankan", "kakan", "nukidora", "hora"))
_CLAIMS = frozenset(("hora", "chi", "pon", "daiminkan"))
# the events the replay acts on; every other kind (tsumo, dora, ...) is checked elsewhere
_ACTIVE = _PLAYER | {"reach", "ryukyoku"}
_PASSES = tuple(Pass(q) for q in range(4))  # actions are immutable: shared
_NOBODY: frozenset[int] = frozenset()  # seats that may answer a discard (Round._discard)
_WALL_EVENTS = frozenset(("tsumo", "dora"))
_SETTLEMENTS = frozenset(("hora", "ryukyoku"))
# events that may sit between a discard and the claims on it
_SKIP = frozenset(("dora", "reach_accepted", "disconnect", "reconnect"))
_HORA_FIELDS = (
    "actor", "target", "pai", "hand", "melds", "fu", "han", "yaku", "points", "limit",
    "dora_markers", "uradora_markers", "pao", "deltas", "scores",
)  # fmt: skip
_RYUKYOKU_FIELDS = ("reason", "tenpai", "hands", "deltas", "scores")
# fields a log may leave out that the engine's settlement gives (GameReport.filled)
_FILLED = {"hora": ("fu",), "ryukyoku": ("tenpai",)}
_KNOWN_YAKU = frozenset(YAKU_NAMES.values())
# abortive draws whose revealed hands the engine does not emit
_SHOWN_ELSEWHERE = frozenset(("sanchahou", "suucha_riichi", "suufon_renda", "suukaikan"))
_DATE = re.compile(r"(?<!\d)(20\d{6})\d{2}gm-")


@dataclass(frozen=True)
class Mismatch:
    """One disagreement between the log and the engine.

    Attributes:
        file: the log file (None for in-memory input).
        round: the round label, e.g. ``"E1-0"`` (East 1, 0 honba); ``"end"`` for the final
            result.
        round_index: the round's index in the file (0-based; -1 for the final result).
        event_index: index of the offending event in ``GameLog.events``.
        field: what disagrees: ``"action"`` (an illegal action), ``"flow"`` (the round or
            game ended at a different point), ``"round_start"``, ``"wall"``, a settlement
            field of ``hora`` / ``ryukyoku`` (``"hora.yaku"``, ``"ryukyoku.deltas"``...),
            ``"final_scores"``, ``"ranks"``, ``"final_points"`` or ``"engine_error"``.
        logged: the log's value (as text for tiles).
        computed: the engine's value.
        detail: a sentence naming the event and what is wrong.
    """

    file: str | None
    round: str
    event_index: int
    field: str
    logged: Any
    computed: Any
    detail: str = ""
    round_index: int = -1

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (values converted to plain JSON types)."""
        return {
            "file": self.file,
            "round": self.round,
            "round_index": self.round_index,
            "event_index": self.event_index,
            "field": self.field,
            "logged": _plain(self.logged),
            "computed": _plain(self.computed),
            "detail": self.detail,
        }

    def __str__(self) -> str:
        return (
            f"{self.file}: {self.round} (round {self.round_index}) event {self.event_index}: "
            f"{self.field}: logged {_plain(self.logged)!r}, computed {_plain(self.computed)!r}"
            + (f" ({self.detail})" if self.detail else "")
        )


@dataclass(frozen=True)
class Problem:
    """A file, game or part of one that could not be read or replayed.

    Attributes:
        file: the file; position: where (``"line 3"``, ``"round 2"``, ``"game"``...);
        reason: why.
    """

    file: str | None
    position: str
    reason: str

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {"file": self.file, "position": self.position, "reason": self.reason}

    def __str__(self) -> str:
        return f"{self.file}: {self.position}: {self.reason}"


@dataclass
class GameReport:
    """The outcome of replaying one game.

    Attributes:
        file: the log file; format: the log format.
        players: 4, or 3 (sanma).
        rounds: rounds replayed; wins, draws: logged hora / ryukyoku events in them.
        actions: logged player actions checked against ``legal_actions``.
        mismatches: every disagreement.
        unsupported: what could not be replayed (a whole game, or a round), with the reason.
        fragment: the log starts after East 1 (replayed from its first round's state) or has
            no end-of-game result (final scores and ranks not checked).
        unfinished_rounds: rounds that the log cuts before their end.
        rules: the rules the game was replayed under (where the log leaves Tenhou's rule for
            final points open, the one whose figures agree with the log's).
        empty: the document holds no round at all (a header only, or records its reader
            does not know): nothing was replayed; ``riichi verify`` reports it unreadable.
        final_points: the log's final points against :attr:`riichi.GameResult.final`:
            ``""`` (the log records none, or the game did not reach its end), ``"agree"``,
            ``"differ"`` (a ``final_points`` mismatch) or ``"unchecked"`` (the rule is not
            known: an ``unsupported`` entry says why).
        filled: what the engine settled that the log leaves out, for each settlement the
            engine agrees with on every recorded field: ``{index in GameLog.events: {field:
            value}}``, with ``"fu"`` of a win that records none (tenhou.net/6 writes none for a
            limit hand) and ``"tenpai"`` of an exhaustive draw or nagashi mangan that records
            none. A round that diverged, or a disputed settlement, gives nothing. The mjlog
            writer fills Tenhou's ``ten`` and shown hands from it.
    """

    file: str | None
    format: str = ""
    players: int = 4
    rounds: int = 0
    wins: int = 0
    draws: int = 0
    actions: int = 0
    mismatches: list[Mismatch] = field(default_factory=list)
    unsupported: list[Problem] = field(default_factory=list)
    fragment: bool = False
    unfinished_rounds: int = 0
    rules: Rules | None = None
    empty: bool = False
    final_points: str = ""
    filled: dict[int, dict[str, Any]] = field(default_factory=dict)

    @property
    def replayed(self) -> bool:
        """Whether at least one round was replayed (False: unsupported as a whole, or
        nothing to replay)."""
        return self.rules is not None and self.rounds > 0

    @property
    def ok(self) -> bool:
        """Replayed with no mismatch and nothing unsupported."""
        return self.replayed and not self.mismatches and not self.unsupported


# --------------------------------------------------------------------------- rules


def rules_from_log(game_log: GameLog, *, tenpai_yame: bool | None = None) -> Rules:
    """The rules a logged game was played under.

    Red fives, kuitan and the game length come from the log's header (Tenhou ``<GO type>``,
    tenhou.net/6 rule text); a 3-player game plays :meth:`Rules.tenhou_sanma`; Tenhou's
    special lobbies (GO bit 0x200) play kiriage mangan and reveal kan dora at once; GO bit
    0x400 pays 1,500 points per honba (see the module text). Uma and the rounding of the
    final points: :func:`tenhou_final_rule`.
    Tenpai-yame: Tenhou from June 2010 on (:data:`TENPAI_YAME_FROM`), dated by the log id in
    the file name or header; pass ``tenpai_yame`` to force it (undated logs).

    Raises:
        RiichiError: a game of neither 3 nor 4 players; ``game_log`` not a
            :class:`GameLog` or ``tenpai_yame`` not a bool or None (named with the value).
    """
    _check_log("rules_from_log", game_log)
    if tenpai_yame is not None and tenpai_yame is not True and tenpai_yame is not False:
        raise RiichiError(f"rules_from_log: tenpai_yame must be True, False or None, got {tenpai_yame!r:.80}")
    sg = game_log.start
    if sg.players not in (3, 4):
        raise RiichiError(f"{sg.players}-player games are not supported by the round engine")
    go = sg.go_type or 0
    if tenpai_yame is None:
        date = log_date(game_log)
        tenpai_yame = date is None or date >= TENPAI_YAME_FROM
    length = "tonpuusen" if sg.length == "tonpuusen" else "hanchan"
    (uma, rounding), _ = tenhou_final_rule(game_log)
    kuitan = sg.kuitan
    # the classes too: a non-bool value must still reach Rules' type check
    key = (
        sg.players,
        length,
        bool(sg.red_fives),
        kuitan,
        type(kuitan),
        bool(go & 0x200),
        bool(go & 0x400),
        tenpai_yame,
        type(tenpai_yame),
        uma,
        rounding,
    )
    rules = _LOG_RULES.get(key)
    if rules is None:  # Rules are frozen: one object per distinct header is shared
        # the lobby's flags as the header gives them (players, red, length): one table
        flags = (go & 0x600) | (0x10 if sg.players == 3 else 0) | (0x08 if length == "hanchan" else 0)
        flags |= 0 if sg.red_fives else 0x02
        rules = dataclasses.replace(
            Rules.tenhou_lobby(flags),
            kuitan=kuitan,
            tenpai_yame=tenpai_yame,
            uma=uma,
            final_rounding=rounding,
        )
        _LOG_RULES[key] = rules
    return rules


# rules_from_log's results by header fields (validating a Rules costs ~0.1 ms of type checks)
_LOG_RULES: dict[tuple[object, ...], Rules] = {}


def tenhou_final_rule(
    game_log: GameLog,
) -> tuple[tuple[tuple[int, ...], Literal["none", "thousands"]], str | None]:
    """Tenhou's uma and rounding of the final points for a logged game, and whether the log
    settles them.

    From the log's date (:func:`log_date`), player count, ``<GO type>`` and lobby; the rule
    and its evidence are in the module text. Returns ``((uma, final_rounding), doubt)``:
    ``uma`` in points per rank (``Rules.uma``), ``final_rounding`` as ``Rules.final_rounding``;
    ``doubt`` is None when the header settles both, else why it does not (the rule returned
    is then today's ranked rule, and :func:`replay_game` accepts the log's figures only when
    one of Tenhou's known rules gives them).

    Raises:
        RiichiError: ``game_log`` not a :class:`GameLog` (named with the value).
    """
    _check_log("tenhou_final_rule", game_log)
    sg = game_log.start
    go = sg.go_type or 0
    date = log_date(game_log)
    sanma = sg.players == 3
    uma: tuple[int, ...] = _TENHOU_UMA_SANMA if sanma else _TENHOU_UMA
    rounding: Literal["none", "thousands"] = "none"
    doubts = []
    lobby = (game_log.meta or {}).get("lobby")
    if lobby not in (None, 0, "0"):
        doubts.append(f"private lobby {lobby} may set its own uma and oka")
    if go & ~_GO_KNOWN:
        doubts.append(f"GO type {go:#x} has lobby flags whose uma and oka are not known")
    if go & 0x200:
        if sanma:
            doubts.append("the uma of a 3-player chip lobby (GO bit 0x200) is not known")
        else:
            uma = _TENHOU_UMA_CHIP
    if date is None:
        doubts.append("the log is undated (Tenhou's uma and rounding changed over the years)")
    else:
        if not sanma and not go & 0x200:
            if date <= UMA_5_10_UNTIL:
                uma = _TENHOU_UMA_2009
            elif date < UMA_10_20_FROM:
                doubts.append(f"dated {date}, between Tenhou's uma 5-10 and 10-20 logs")
        if date <= FINAL_ROUNDED_UNTIL:
            rounding = "thousands"
        elif date < FINAL_EXACT_FROM:
            doubts.append(f"dated {date}, between Tenhou's rounded and one-decimal final points")
    return (uma, rounding), ("; ".join(doubts) or None)


def _tenhou_final_candidates(rules: Rules, game_log: GameLog | None = None) -> list[Rules]:
    """Every Tenhou rule for final points that an unsettled log may follow (see
    :func:`tenhou_final_rule`); with ``game_log`` of a GO bit 0x800 game, also that
    lobby's rule (:data:`_GO_PLAIN_DIFFERENCE`)."""
    start = _plain_difference_start(game_log) if game_log is not None else None
    key = (rules, start)
    out = _FINAL_CANDIDATES.get(key)
    if out is None:  # Rules are frozen: the candidates of one rule set are shared
        umas: list[tuple[int, ...]] = [_TENHOU_UMA, _TENHOU_UMA_2009, _TENHOU_UMA_CHIP]
        if rules.num_players == 3:
            umas = [_TENHOU_UMA_SANMA]
        roundings: tuple[Literal["thousands", "none"], ...] = ("thousands", "none")
        out = [rules.replace(uma=u, final_rounding=r) for u in umas for r in roundings]
        if start is not None:
            out.append(
                rules.replace(
                    starting_points=start, target_points=start, oka=0,
                    uma=(0,) * rules.num_players, final_rounding="none",
                )
            )  # fmt: skip
        if len(_FINAL_CANDIDATES) < 256:  # a few rule sets in any corpus; never unbounded
            _FINAL_CANDIDATES[key] = out
    return list(out)


# _tenhou_final_candidates' results by (rules, plain-difference start)
_FINAL_CANDIDATES: dict[tuple[Rules, int | None], list[Rules]] = {}


def _plain_difference_start(game_log: GameLog) -> int | None:
    """The one starting score of a GO bit 0x800 game (its first round's, every seat's the
    same, East 1 with no honba or sticks), else None."""
    if not (game_log.start.go_type or 0) & _GO_PLAIN_DIFFERENCE:
        return None
    first = next((e for e in game_log.events if isinstance(e, StartKyoku)), None)
    if first is None or (first.bakaze, first.kyoku, first.honba, first.kyotaku) != (27, 1, 0, 0):
        return None
    if len(set(first.scores)) != 1 or first.scores[0] <= 0:
        return None
    return first.scores[0]


def _check_log(who: str, game_log: object) -> None:
    if not isinstance(game_log, GameLog):
        raise RiichiError(f"{who}: expected a riichi.GameLog, got {game_log!r:.80}")


def log_date(game_log: GameLog) -> str | None:
    """The game's date ``yyyymmdd`` from a Tenhou log id (``2010060812gm-...``) in the file
    name or header, else None.

    Raises:
        RiichiError: ``game_log`` not a :class:`GameLog` (named with the value).
    """
    _check_log("log_date", game_log)
    texts = [game_log.source or ""] + [str(v) for v in (game_log.meta or {}).values()]
    for text in texts:
        m = _DATE.search(text)
        if m:
            return m.group(1)
    return None


def round_label(start: StartKyoku) -> str:
    """``"E1-0"``: round wind, kyoku, honba.

    Raises:
        RiichiError: ``start`` not a :class:`~riichi.events.StartKyoku` whose ``bakaze`` is
            a wind (named with the value).
    """
    if not isinstance(start, StartKyoku) or not (
        isinstance(start.bakaze, int) and 27 <= start.bakaze <= 30
    ):
        raise RiichiError(f"round_label: expected a start_kyoku event of a wind round, got {start!r:.80}")
    return f"{'ESWN'[start.bakaze - 27]}{start.kyoku}-{start.honba}"


# --------------------------------------------------------------------------- replay


def replay_game(
    game_log: GameLog, rules: Rules | None = None, *, watch: Any = None
) -> GameReport:
    """Replay one logged game through the engine and compare every action and settlement.

    Args:
        game_log: a game from :func:`riichi.read_log` (any format).
        rules: the rules to replay under; default :func:`rules_from_log`.
        watch: an observer of the replay (``riichi.mining.decision`` uses it), or None.
            Its ``begin(rules)`` is called when a replay of the game starts (a second time
            when an undated log is replayed again without tenpai-yame: forget the first),
            ``round(k, game)`` when round ``k`` starts on ``game``, ``before(i, rnd)`` just
            before the logged player action ``events[i]`` is applied to the round ``rnd``
            and ``after(i, rnd, action)`` once it was, before any seat the log does not
            show claiming passes. With a watch, every discard's claims are offered to every
            seat (their options are built), not only to the seats the log shows claiming,
            unless its ``all_claims`` attribute is False.

    Returns:
        A :class:`GameReport`.

    Raises:
        RiichiError: ``game_log`` is not a :class:`GameLog`, or ``rules`` not a ``Rules``.
    """
    if not isinstance(game_log, GameLog):
        raise RiichiError(f"replay_game: expected a riichi.GameLog, got {game_log!r:.80}")
    if rules is not None and not isinstance(rules, Rules):
        raise RiichiError(f"replay_game: rules must be a riichi.Rules or None, got {rules!r:.80}")
    report = GameReport(game_log.source, game_log.format)
    try:
        sg = game_log.start
    except RiichiError as e:
        report.unsupported.append(Problem(game_log.source, "game", str(e)))
        return report
    report.players = sg.players
    why = (game_log.meta or {}).get("unsupported")
    if why:  # the reader knows the record cannot be replayed (e.g. a player view)
        report.unsupported.append(Problem(game_log.source, "game", str(why)))
        # a reader that found no round at all says so: not a game (verify: unreadable)
        report.empty = bool(game_log.meta.get("no_round"))
        return report
    if sg.players not in (3, 4):
        report.unsupported.append(
            Problem(game_log.source, "game", f"{sg.players}-player game: not supported")
        )
        return report
    if rules is None and isinstance((game_log.meta or {}).get("rules"), Rules):
        # the reader knows them (Mahjong Soul: from its head; a Tenhou lobby's rule array);
        # a private Tenhou lobby may still set an uma the rules do not carry
        lobby = game_log.meta.get("lobby")
        doubt = None
        if lobby not in (None, 0, "0"):
            doubt = f"private lobby {lobby} may set its own uma and oka"
        return _Replay(game_log, game_log.meta["rules"], doubt, watch).run()
    if rules is not None:
        return _Replay(game_log, rules, watch=watch).run()
    dated = log_date(game_log) is not None
    doubt = tenhou_final_rule(game_log)[1]
    first = _Replay(game_log, rules_from_log(game_log), doubt, watch).run()
    if first.mismatches and not dated and any(m.field == "flow" for m in first.mismatches):
        # undated: Tenhou before June 2010 played on after a tenpai dealer's last round
        second = _Replay(
            game_log, rules_from_log(game_log, tenpai_yame=False), doubt, watch
        ).run()
        if not second.mismatches:
            return second
    return first


class _Replay:
    def __init__(
        self, game_log: GameLog, rules: Rules, final_doubt: str | None = None, watch: Any = None
    ) -> None:
        self.log = game_log
        self.watch = watch  # replay_game's observer (None: none)
        self.rules = rules
        # why the final-point rule is not settled by the header (None: rules are certain)
        self.final_doubt = final_doubt
        self.file = game_log.source
        self.report = GameReport(game_log.source, game_log.format, rules.num_players, rules=rules)
        events = game_log.events
        self.events = events
        self.rounds: list[tuple[int, int]] = []  # (start index, end index) per round
        types = list(map(type, events))
        starts: list[int] = []  # (list.index scans faster than a comprehension)
        try:
            while True:
                starts.append(types.index(StartKyoku, starts[-1] + 1 if starts else 0))
        except ValueError:
            pass
        # index of the first EndGame
        try:
            self.end_index: int | None = types.index(EndGame)
        except ValueError:
            self.end_index = None
        for k, s in enumerate(starts):
            self.rounds.append((s, starts[k + 1] if k + 1 < len(starts) else len(events)))
        self.walls: list[Wall | None] = []
        self.wall_errors: dict[int, str] = {}
        self._wall_events: list[Event] = []  # the current round's logged tsumo and dora

    def mismatch(
        self, k: int, i: int, field_: str, logged: Any, computed: Any, detail: str = ""
    ) -> None:
        if k >= 0:
            label = round_label(self.events[self.rounds[k][0]])  # type: ignore[arg-type]
        else:
            label = "end"
        self.report.mismatches.append(
            Mismatch(self.file, label, i, field_, logged, computed, detail, k)
        )

    def run(self) -> GameReport:
        rep = self.report
        if self.watch is not None:
            self.watch.begin(self.rules)
        events = self.events
        red = self.rules.red_fives
        first = events[self.rounds[0][0]] if self.rounds else None
        if first is None or (first.bakaze, first.kyoku, first.honba, first.kyotaku) != (
            27,
            1,
            0,
            0,
        ):
            rep.fragment = True
        seeded = None if rep.fragment else self._seed_walls()
        for k, (s, e) in enumerate(self.rounds):
            if seeded is not None and k < len(seeded):
                self.walls.append(seeded[k])
                continue
            try:
                self.walls.append(wall_from_events(events[s:e], red))
            except RiichiError as err:
                self.walls.append(None)
                self.wall_errors[len(self.walls) - 1] = str(err)
        game: Game | None = None
        for k, (s, e) in enumerate(self.rounds):
            st: StartKyoku = events[s]  # type: ignore[assignment]
            if self.walls[k] is None:
                reason = self.wall_errors[k]
                if "hidden" in reason:
                    rep.unsupported.append(
                        Problem(self.file, f"round {k} ({round_label(st)})", reason)
                    )
                else:
                    self.mismatch(k, s, "wall", None, None, reason)
                game = None
                continue
            if game is not None:
                if game.is_over:
                    self.mismatch(
                        k, s, "flow", "the game goes on", "the game is over",
                        "the engine ended the game before this round",
                    )  # fmt: skip
                    game = None
                else:
                    r = game.round
                    got = (27 + r.round_wind, r.dealer, r.honba, r.kyotaku, tuple(r.scores))
                    # standard mjai may leave the scores out of start_kyoku
                    want = (st.bakaze, st.oya, st.honba, st.kyotaku, tuple(st.scores or got[4]))
                    if got != want:
                        self.mismatch(
                            k, s, "round_start", want, got,
                            "(round wind, dealer, honba, kyotaku, scores) at the round start",
                        )  # fmt: skip
                        game = None
            if game is None:
                # standard mjai may leave the scores out of start_kyoku: the last settlement's
                n = self.rules.num_players
                scores = st.scores or self._scores_before(s) or (self.rules.starting_points,) * n
                if len(scores) != n:
                    self.mismatch(k, s, "round_start", st.scores, None, f"not {n} scores")
                    continue
                game = Game(
                    self.rules,
                    0,  # the seating dice: the replay's seats are absolute (a fixed seed is cheaper)
                    walls=self._walls_from(k),
                    scores=scores,
                    round_wind=st.bakaze - 27,
                    dealer=st.oya,
                    honba=st.honba,
                    kyotaku=st.kyotaku,
                )
            rep.rounds += 1
            rnd = game.round
            if self.watch is not None:
                self.watch.round(k, game)
            n_before = len(rep.mismatches)
            ok = self._round(game, k, s, e)
            self._check_wall(k, s, e, rnd)
            if not ok or len(rep.mismatches) > n_before:
                game = None
        self._final(game)
        if self.end_index is None:
            rep.fragment = True
        if not self.rounds:
            rep.empty = True
            rep.unsupported.append(
                Problem(
                    self.file, "game",
                    f"no round to replay: the {self.log.format or 'document'} record holds "
                    f"no round (a header only, or records its reader does not know)",
                )
            )  # fmt: skip
        return rep

    def _scores_before(self, s: int) -> tuple[int, ...] | None:
        """The scores the log records after the last settlement before event ``s`` (None when
        it records none): where a replay restarts at a round whose start gives no scores."""
        for ev in reversed(self.events[:s]):
            t = ev.type
            if t in _SETTLEMENTS:
                scores = getattr(ev, "scores", None)
                if scores:
                    return tuple(scores)
            elif t == "start_kyoku":
                return None  # the round before records no scores at its end
        return None

    def _seed_walls(self) -> list[Wall] | None:
        """Every round's wall from Tenhou's ``<SHUFFLE seed>`` (None when the log has none).

        Each is :meth:`Wall.from_tenhou` of the shuffle :func:`riichi.logs.tenhou_walls`
        gives for the round (its docstring has Tenhou's layout).
        """
        sg = self.log.start
        if self.log.format != "tenhou_xml" or not sg.seed:
            return None
        from riichi.logs import tenhou_walls

        walls: list[Wall] = []
        try:
            players = 3 if sg.players == 3 else 4
            for _, (w, dice) in zip(self.rounds, tenhou_walls(sg.seed, players)):
                walls.append(Wall.from_tenhou(w, dice))
        except RiichiError as err:
            if sg.seed.startswith("mt19937ar"):
                return None  # Tenhou's older seed text (2009): the wall is not published
            self.mismatch(
                0, 0, "seed", sg.seed[:40], None,
                f"the SHUFFLE seed is not a Tenhou shuffle: {getattr(err, 'reason', err)}",
            )  # fmt: skip
            return None
        return walls

    def _check_wall(self, k: int, s: int, e: int, rnd: Any) -> None:
        """The deal, draws and dora indicators of the log equal the engine's (which come from
        the seed's wall when the log has one); compared up to where the engine got."""
        events = self.events
        st = events[s]
        mine = rnd.events
        if tuple(st.tehais) != tuple(mine[0].tehais) or st.dora_marker != mine[0].dora_marker:
            self.mismatch(
                k, s, "wall", _plain(st.tehais), _plain(mine[0].tehais),
                "the deal (or dora indicator) is not the one the SHUFFLE seed gives",
            )  # fmt: skip
            return
        logged = self._wall_events  # the round's tsumo and dora events (from _round)
        drawn = [x for x in mine if x.type in _WALL_EVENTS]
        n = min(len(logged), len(drawn))
        if logged[:n] == drawn[:n]:
            return  # equal events: equal kinds, seats and tiles (the usual case)
        want = [
            (j, ev.type, getattr(ev, "actor", None), getattr(ev, "pai", None) or ev.dora_marker)  # type: ignore[attr-defined]
            for j, ev in enumerate(events[s + 1 : e], s + 1)
            if ev.type in ("tsumo", "dora")
        ]
        got = [
            (x.type, getattr(x, "actor", None), getattr(x, "pai", None) or x.dora_marker)
            for x in mine
            if x.type in ("tsumo", "dora")
        ]
        for (j, *w), g in zip(want, got):
            if tuple(w) != g:
                self.mismatch(
                    k, j, "wall", f"{w[0]} {w[2]}", f"{g[0]} {g[2]}",
                    "the tile drawn or revealed is not the one the wall gives",
                )  # fmt: skip
                return

    def _walls_from(self, k: int) -> Any:
        for w in self.walls[k:]:
            yield w if w is not None else Wall.from_seed(0, 0, self.rules.num_players)

    # ------------------------------------------------------------------ one round
    def _round(self, game: Game, k: int, s: int, e: int) -> bool:
        """Drive round ``k`` (events ``s..e``); False when the game must be resynchronised."""
        rep = self.report
        events = self.events
        rnd = game.round
        reach: set[int] = set()
        opened: set[int] = set()  # seats whose logged reach was open (Rules.open_riichi)
        logged_end: list[tuple[int, Event]] = []
        logged_dora = 1
        active = []  # the events the replay acts on (tsumo, dora, ...: nothing to step)
        # dahai the log shows a claim on (or cuts short): the replay opens the claims of
        # these only; every seat passes the others (what _pass_non_claimers would do), so
        # Round._discard need not build their claim options
        claimed: set[int] = set()
        last_dahai = -1  # a dahai not yet followed by an event outside _SKIP
        claim = ""  # the kind of the claim that just took a dahai ("" when none)
        extra: dict[int, int] = {}  # a second claim on one dahai -> the first claim's index
        claim_at = -1
        wall_events = []  # the logged draws and dora indicators, for _check_wall
        # the positions in ``active`` that end a run of discards (replayed in one call):
        # every event but a dahai that nobody claims and that declares no riichi, ascending
        stops: list[int] = []
        pending: set[int] = set()  # seats whose logged reach waits for its discard
        for i in range(s + 1, e):
            ev = events[i]
            t = ev.type
            if t == "tsumo":  # the most frequent kinds first
                last_dahai = -1  # not a claim: the dahai before it passed
                claim = ""
                wall_events.append(ev)
                continue
            if t == "dahai":
                last_dahai = i
                claim = ""
                if pending and ev.actor in pending:  # type: ignore[attr-defined]
                    pending.discard(ev.actor)  # type: ignore[attr-defined]
                    stops.append(len(active))  # the riichi discard
                active.append(i)
                continue
            if last_dahai >= 0 and t not in _SKIP:
                if t in _CLAIMS or (t == "ryukyoku" and ev.reason == "sanchahou"):  # type: ignore[attr-defined]
                    claimed.add(last_dahai)
                    if not stops or stops[-1] != len(active) - 1:
                        stops.append(len(active) - 1)  # the claimed dahai, the last one
                    claim, claim_at = t, i
                last_dahai = -1
            elif claim and t not in _SKIP:
                # one discard is taken by one call, or by rons only (multiple ron): a second
                # claim logged after a call, or a call after a ron, never took effect
                if t in _CLAIMS and not (t == "hora" == claim):
                    extra[i] = claim_at
                if t != "hora":
                    claim = ""
            if t in _ACTIVE:
                if t == "reach":
                    pending.add(ev.actor)  # type: ignore[attr-defined]
                elif pending and t in _PLAYER:
                    pending.discard(ev.actor)  # type: ignore[attr-defined]
                stops.append(len(active))
                active.append(i)
                if t == "hora":
                    rep.wins += 1
                    logged_end.append((i, ev))
                elif t == "ryukyoku":
                    rep.draws += 1
                    logged_end.append((i, ev))
            elif t == "dora":
                logged_dora += 1
                wall_events.append(ev)
        if last_dahai >= 0:
            claimed.add(last_dahai)  # the log stops after it: its claims stay open
            if not stops or stops[-1] != len(active) - 1:
                stops.append(len(active) - 1)
        stops.append(len(active))
        self._wall_events = wall_events
        if logged_end and noten_declaration_allowed(self.rules):
            # the players the log shows noten at its exhaustive draw declared so (the
            # engine checks that a riichi hand is still shown)
            end = logged_end[-1][1]
            if end.type == "ryukyoku" and end.tenpai is not None:
                for q, shown in enumerate(end.tenpai):
                    if not shown:
                        rnd.declare_noten(q)
        acts = 0  # player actions checked (added to the report however the loop ends)
        watch = self.watch
        every = watch is not None and getattr(watch, "all_claims", True)
        n_active = len(active)
        pos = 0
        try:
            while pos < n_active:
                i = active[pos]
                pos += 1
                ev = events[i]
                t = ev.type
                if t == "dahai" and rnd.phase == "turn":
                    # the most frequent case: only the seats the log shows claiming the
                    # discard are offered claims, the others pass (as _pass_non_claimers)
                    actor = ev.actor  # type: ignore[attr-defined]
                    if watch is None and i not in claimed and actor not in reach:
                        # a run of discards nobody claims and none declaring riichi, each
                        # followed by a draw: applied in one go, as far as it goes (it ends
                        # at the first stop after it: ``reach`` holds the seats of
                        # ``pending`` there, the log's reach events being replayed in order)
                        q = stops[bisect_right(stops, pos - 1)]
                        if q - pos > 0:  # two or more
                            # (lazily: a run refused at its start reads no event)
                            done = game.apply_logged_run(map(events.__getitem__, active[pos - 1 : q]))
                            acts += done
                            if done:
                                pos += done - 1
                                continue
                    answer = _NOBODY if i not in claimed else self._claimers(i, e)
                    if watch is not None:
                        if every:
                            answer = _EVERYONE  # the watch sees every seat's claim options
                        watch.before(i, rnd)
                    try:
                        act = game.apply_logged(
                            ev, actor in reach, answer, actor in opened
                        )  # fmt: skip
                    except IllegalAction as err:
                        self.mismatch(
                            k, i, "action", _ev_text(ev), _legal_text(rnd, ev), str(err)
                        )
                        return False
                    acts += 1
                    if watch is not None:
                        watch.after(i, rnd, act)
                    if reach:
                        reach.discard(actor)
                    # a discard's claims were limited to the claimers already
                    if (act.__class__ is not Discard or answer is _EVERYONE) and (
                        rnd.phase == "claim"
                    ):
                        self._pass_non_claimers(game, rnd, i, e)
                    continue
                if rnd.is_over:
                    if (t in _PLAYER and t != "hora") or (
                        t == "ryukyoku" and ev.reason == "kyuushu_kyuuhai"  # type: ignore[attr-defined]
                    ):
                        self.mismatch(
                            k, i, "flow", t, "round over",
                            f"the engine ended the round ({rnd.result.reason or rnd.result.kind}) "  # type: ignore[union-attr]
                            f"before this {t}",
                        )  # fmt: skip
                        return False
                    continue
                if t == "reach":
                    reach.add(ev.actor)  # type: ignore[attr-defined]
                    if ev.open:  # type: ignore[attr-defined]
                        opened.add(ev.actor)  # type: ignore[attr-defined]
                elif t == "ryukyoku" and ev.reason == "sanchahou":  # type: ignore[attr-defined]
                    while rnd.phase == "claim" and any(
                        isinstance(a, Ron) for q in rnd.seats_to_act for a in rnd.legal_actions(q)
                    ):
                        act = rnd.match_event(ev)
                        game.step(act)
                        acts += 1
                        if watch is not None:
                            watch.after(i, rnd, act)
                    for q in list(rnd.seats_to_act):
                        game.step(_PASSES[q])
                elif extra and i in extra:
                    first = events[extra[i]]
                    self.mismatch(
                        k, i, "action", _ev_text(ev), None,
                        f"two claims on one discard: {_ev_text(first)} and this one (one "
                        "call, or rons only, can take a discard)",
                    )  # fmt: skip
                    return False
                elif t in _PLAYER or (t == "ryukyoku" and ev.reason == "kyuushu_kyuuhai"):  # type: ignore[attr-defined]
                    if rnd.phase == "claim" and t not in _CLAIMS:
                        self._pass_all(game, rnd)
                    if watch is not None:
                        watch.before(i, rnd)
                    try:
                        act = game.apply_logged(
                            ev,
                            riichi=t == "dahai" and ev.actor in reach,  # type: ignore[attr-defined]
                            open_riichi=getattr(ev, "actor", -1) in opened,
                        )
                    except IllegalAction as err:
                        self.mismatch(k, i, "action", _ev_text(ev), _legal_text(rnd, ev), str(err))
                        return False
                    acts += 1
                    if watch is not None:
                        watch.after(i, rnd, act)
                    reach.discard(getattr(ev, "actor", -1))
                    if not rnd.is_over and rnd.phase == "claim":
                        self._pass_non_claimers(game, rnd, i, e)
        except (RiichiError, ValueError, KeyError, IndexError, AssertionError) as err:
            self.mismatch(
                k, i, "engine_error", _ev_text(events[i]), None, f"{type(err).__name__}: {err}"
            )
            return False
        except (AttributeError, TypeError) as err:
            # events are plain data: a hand-built or dataclasses.replace-d event may hold a
            # plain int where a tile belongs; name the field (as the writers do)
            self.mismatch(
                k, i, "engine_error", repr(events[i])[:200], None, _bad_field(events[i], err)
            )
            return False
        finally:
            rep.actions += acts
        if not logged_end:
            if e < len(events) and events[e].type == "start_kyoku":
                self.mismatch(
                    k, e, "flow", _ev_text(events[e]), "round goes on",
                    "the log starts the next round without settling this one",
                )  # fmt: skip
                return False
            rep.unfinished_rounds += 1
            return False  # the log stops inside this round
        if not rnd.is_over:
            i0, ev0 = logged_end[0]
            self.mismatch(
                k, i0, "flow", _ev_text(ev0), "round goes on",
                f"the log ends the round ({ev0.type}), the engine does not",
            )  # fmt: skip
            return False
        shown = len(rnd.dora_indicators)
        if logged_dora != shown:
            self.mismatch(
                k, logged_end[0][0], "dora_indicators", logged_dora, shown,
                f"the log reveals {logged_dora} dora indicator(s) in this round, "
                f"the rules ({len(rnd.state['kans'])} kan(s)) reveal {shown}",
            )  # fmt: skip
        # the round's settlements: the events just before its end_kyoku (nothing settles
        # earlier in a round)
        mine = rnd.events[-2::-1]
        j = 0
        while j < len(mine) and mine[j].type in _SETTLEMENTS:
            j += 1
        mine = mine[j - 1 :: -1] if j else []
        if [x.type for x in mine] != [x.type for _, x in logged_end]:
            self.mismatch(
                k, logged_end[0][0], "settlement",
                [_ev_text(x) for _, x in logged_end], [_ev_text(x) for x in mine],
                "the round ended differently",
            )  # fmt: skip
            return False
        ok = True
        last = len(mine) - 1
        for n, ((i, logged), computed) in enumerate(zip(logged_end, mine)):
            if self._compare(k, i, logged, computed, last=n == last):
                missing = _FILLED[logged.type]
                got = {f: getattr(computed, f) for f in missing if getattr(logged, f) is None}
                got = {f: v for f, v in got.items() if v is not None}
                if got:
                    self.report.filled[i] = got
            else:
                ok = False
        return ok

    def _pass_all(self, game: Game, rnd: Any) -> None:
        for q in list(rnd.seats_to_act):
            game.step(_PASSES[q])

    def _pass_non_claimers(self, game: Game, rnd: Any, i: int, e: int) -> None:
        """In the claim phase, pass every seat that does not claim in the log's next events."""
        upcoming = self._claimers(i, e)
        if upcoming is not _EVERYONE:
            game.pass_all_but(upcoming)  # the Pass of each of the other seats, in seat order

    def _claimers(self, i: int, e: int) -> frozenset[int]:
        """The seats that claim the discard at event ``i`` in the log's next events (none:
        every seat passes); everyone when the claims must stay open: before a sanchahou
        (its rons are declared when the replay reaches the ryukyoku) or where the log
        stops."""
        events = self.events
        upcoming = set()
        j = i + 1
        while j < e:
            ev = events[j]
            t = ev.type
            if t == "ryukyoku":
                if ev.reason == "sanchahou":  # type: ignore[attr-defined]
                    return _EVERYONE
                break
            if t in _CLAIMS:
                upcoming.add(ev.actor)  # type: ignore[attr-defined]
            elif t not in _SKIP:
                break
            j += 1
        if j >= e and not upcoming:
            return _EVERYONE  # the log stops here: leave the claims open
        return frozenset(upcoming)

    # ------------------------------------------------------------------ settlements
    def _compare(self, k: int, i: int, logged: Any, computed: Any, *, last: bool) -> bool:
        """Compare one settlement event field by field (fields the log lacks are skipped).

        ``scores`` is compared on the round's last settlement only: with a double ron the log
        records the scores after each win, the engine after both. A draw's shown ``hands``
        are compared where the engine shows them (exhaustive draw: tenpai hands; kyuushu
        kyuuhai: the declarer's); Tenhou also shows the ron hands of a sanchahou and the four
        hands of a suucha riichi, which the engine does not reveal.
        """
        ok = True
        fields = _HORA_FIELDS if logged.type == "hora" else _RYUKYOKU_FIELDS
        for name in fields:
            want = getattr(logged, name)
            if want is None:
                continue  # the format does not record it
            if name == "scores" and not last:
                continue
            if name == "hands" and logged.reason in _SHOWN_ELSEWHERE:
                continue
            got = getattr(computed, name)
            if name == "yaku":
                want, got = _yaku_key(want), _yaku_key(got, like=want)
            elif name == "limit" and self.rules.kiriage_mangan and want == 0 and got == 1:
                if computed.han is not None and computed.han < 5 and computed.fu is not None:
                    if computed.fu * 2 ** (computed.han + 2) < 2000:
                        got = 0  # kiriage mangan: Tenhou writes limit code 0
            elif name == "fu" and logged.type == "hora" and (computed.limit or 0) >= 5:
                continue  # fu of a yakuman is not part of its value
            elif name == "hands":
                got = tuple(
                    h if w is not None else None for h, w in zip(got or (None,) * len(want), want)
                )
                want = tuple(want)
            if want != got:
                ok = False
                hint = _explain(name, logged, computed)
                self.mismatch(k, i, f"{logged.type}.{name}", want, got, _what(logged) + hint)
        return ok

    # ------------------------------------------------------------------ the end
    def _final(self, game: Game | None) -> None:
        idx = self.end_index
        end: Any = None if idx is None else self.events[idx]
        if idx is None:
            idx = len(self.events) - 1
        if end is None or game is None:
            return
        if not game.is_over:
            self.mismatch(
                -1, idx, "flow", "game over", "the game goes on",
                "the log ends the game, the engine does not",
            )  # fmt: skip
            if end.scores is not None and tuple(end.scores) != tuple(game.scores):
                self.mismatch(
                    -1, idx, "final_scores", tuple(end.scores), tuple(game.scores),
                    "the log's final scores are not the scores after its last round",
                )  # fmt: skip
            return
        res = game.result
        assert res is not None
        if end.scores is not None and tuple(end.scores) != tuple(res.scores):
            self.mismatch(-1, idx, "final_scores", tuple(end.scores), tuple(res.scores))
        basis = end.points if end.points is not None else end.scores
        n = len(res.ranks)
        if end.points is not None and any(res.penalties) and len(end.points) == n:
            # ranks come before the penalties (yakitori, chombo) the final points include
            basis = [p - pen / 1000 for p, pen in zip(end.points, res.penalties)]
        if basis is not None and len(basis) == n:
            ranks = rank_seats(self.rules, basis)  # ties by seat order, or shared
            if tuple(ranks) != tuple(res.ranks):
                self.mismatch(-1, idx, "ranks", tuple(ranks), tuple(res.ranks))
        if end.points is not None and len(end.points) == len(res.final):
            self._final_points(idx, end.points, res)

    def _final_points(self, idx: int, logged: Any, res: Any) -> None:
        """The log's final points against the engine's (compared in whole points, so float
        noise in a format's decimals cannot make a difference)."""
        want = tuple(round(float(x) * 1000) for x in logged)
        got = tuple(round(x * 1000) for x in res.final)
        rep = self.report
        if want == got:
            rep.final_points = "agree"
            return
        if self.final_doubt is not None:
            # the header does not settle Tenhou's rule: any of its known rules may be the one
            scores, ranks = list(res.scores), list(res.ranks)
            pen = list(res.penalties)
            for alt in _tenhou_final_candidates(self.rules, self.log):
                alt_got = final_points(alt, scores, ranks, pen)
                if tuple(round(x * 1000) for x in alt_got) == want:
                    rep.final_points = "agree"
                    rep.rules = alt  # the rules that reproduce the whole game, final points too
                    return
            rep.final_points = "unchecked"
            rep.unsupported.append(
                Problem(
                    self.file, "end",
                    f"final points {list(map(float, logged))} not checked: none of Tenhou's "
                    f"known rules gives them, and the log does not settle its rule "
                    f"({self.final_doubt}); pass the rules with --rules",
                )
            )  # fmt: skip
            return
        rep.final_points = "differ"
        self.mismatch(
            -1, idx, "final_points", tuple(float(x) for x in logged), tuple(res.final),
            f"uma {list(self.rules.uma)}, oka {self.rules.oka}, return "
            f"{self.rules.target_points}, final_rounding {self.rules.final_rounding!r}",
        )  # fmt: skip


# --------------------------------------------------------------------------- helpers


def _yaku_key(yaku: Any, like: Any = None) -> tuple[tuple[str, int], ...]:
    """Yaku as a sorted tuple; names outside the Tenhou set (mjai's generic ``fanpai``,
    ``sangenpai``, ``bakaze``, ``jikaze``) are compared by their generic family."""
    out = []
    generic = like is not None and _generic_log(like)  # (asked once, not per yaku)
    for name, han in yaku:
        if han == 0:
            continue  # e.g. "uradora 0" of a riichi win, kept by some converters
        out.append((_generic(name) if generic else name, han))
    if like is None and _generic_log(yaku):
        out = [(_generic(n), h) for n, h in out]
    return tuple(sorted(out))


def _generic_log(yaku: Any) -> bool:
    return not _KNOWN_YAKU.issuperset([n for n, _ in yaku])


def _generic(name: str) -> str:
    if name.startswith("jikaze"):
        return "jikaze"
    if name.startswith("bakaze"):
        return "bakaze"
    if name in ("haku", "hatsu", "chun"):
        return "sangenpai"
    return name


def _what(ev: Any) -> str:
    if ev.type == "hora":
        how = "tsumo" if ev.actor == ev.target else f"ron from seat {ev.target}"
        return f"seat {ev.actor} {how} on {ev.pai}"
    return f"ryukyoku ({ev.reason})"


def _explain(name: str, logged: Any, computed: Any) -> str:
    """A hint for well-known record faults."""
    if name == "hand" and logged.hand is not None and computed.hand is not None:
        if len(logged.hand) + 1 == len(computed.hand):
            return ": the logged hand omits the winning tile"
        return f": the logged hand has {len(logged.hand)} tiles, the engine's {len(computed.hand)}"
    if name == "yaku":
        lw = dict(logged.yaku or ())
        cw = dict(computed.yaku or ())
        if lw.get("dora", 0) > cw.get("dora", 0) and cw.get("uradora", 0) > lw.get("uradora", 0):
            return ": uradora counted as dora in the log"
    if name == "deltas" and logged.type == "hora" and logged.deltas and computed.deltas:
        diff = [c - w for w, c in zip(logged.deltas, computed.deltas)]
        short = diff[logged.actor] if 0 <= logged.actor < len(diff) else 0
        others = [d for s, d in enumerate(diff) if s != logged.actor]
        if short > 0 and short % 1000 == 0 and not any(others):
            n = short // 1000
            return (
                f": the logged winner's delta leaves out {n} riichi stick(s) on the table "
                f"({short} points, paid to the winner)"
            )
    return ""


def _plain(v: Any) -> Any:
    """Tiles as mpsz text, tuples as lists, recursively (for JSON)."""
    if isinstance(v, TileKind):  # an int too: its text, not its kind
        return str(v)
    if v is None or isinstance(v, (bool, int, float, str)):
        return v
    if isinstance(v, (tuple, list)):
        return [_plain(x) for x in v]
    if isinstance(v, dict):
        return {str(k): _plain(x) for k, x in v.items()}
    if hasattr(v, "kind") and hasattr(v, "tiles"):
        return [v.kind, [str(t) for t in v.tiles]]
    return str(v)


def _ev_text(ev: Any) -> str:
    return event_text(ev)


def _legal_text(rnd: Any, ev: Any) -> str:
    seat = getattr(ev, "actor", None)
    if not isinstance(seat, int) or not 0 <= seat <= 3:
        seat = rnd.current_seat
    if seat is None:
        return "none"
    return actions_text(rnd, rnd.legal_actions(seat))


# --------------------------------------------------------------------------- batches


@dataclass
class VerifySummary:
    """Totals over many files (what ``riichi verify`` prints and writes as JSON).

    Attributes:
        files: files read or attempted; games: games replayed (unsupported whole
            games not included); rounds, wins, draws, actions: as in
            :class:`GameReport`, summed; fragments: games replayed from mid-game or without
            their end; unfinished_rounds: rounds the logs cut before their end;
        final_points_logged: replayed games whose log records final points (compared, or
            reported unchecked); final_points_agree: those that equal the engine's;
        mismatches, unsupported, unreadable: one entry per problem.
        seconds: wall time of the run.
    """

    files: int = 0
    games: int = 0
    rounds: int = 0
    wins: int = 0
    draws: int = 0
    actions: int = 0
    fragments: int = 0
    unfinished_rounds: int = 0
    final_points_logged: int = 0
    final_points_agree: int = 0
    mismatches: list[Mismatch] = field(default_factory=list)
    unsupported: list[Problem] = field(default_factory=list)
    unreadable: list[Problem] = field(default_factory=list)
    seconds: float = 0.0

    def add(self, other: VerifySummary) -> None:
        """Add another summary's counts and problems to this one (seconds excluded)."""
        for name in ("files", "games", "rounds", "wins", "draws", "actions", "fragments",
                     "unfinished_rounds", "final_points_logged",
                     "final_points_agree"):  # fmt: skip
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.mismatches += other.mismatches
        self.unsupported += other.unsupported
        self.unreadable += other.unreadable

    def add_game(self, rep: GameReport) -> None:
        """Count one replayed (or unsupported) game: its problems always, its counts only
        when at least one round was replayed."""
        self.unsupported += rep.unsupported
        if not rep.replayed:
            self.mismatches += rep.mismatches  # e.g. every round's wall refused
            return
        if rep.final_points:
            self.final_points_logged += 1
            self.final_points_agree += rep.final_points == "agree"
        self.games += 1
        self.rounds += rep.rounds
        self.wins += rep.wins
        self.draws += rep.draws
        self.actions += rep.actions
        self.fragments += rep.fragment
        self.unfinished_rounds += rep.unfinished_rounds
        self.mismatches += rep.mismatches

    @property
    def ok(self) -> bool:
        """Nothing disagrees and everything was readable."""
        return not self.mismatches and not self.unreadable

    def to_dict(self) -> dict[str, Any]:
        """The JSON report: integer counts, one object per problem, seconds."""
        return {
            "files": self.files,
            "games": self.games,
            "rounds": self.rounds,
            "wins": self.wins,
            "draws": self.draws,
            "actions": self.actions,
            "fragments": self.fragments,
            "unfinished_rounds": self.unfinished_rounds,
            "final_points_logged": self.final_points_logged,
            "final_points_agree": self.final_points_agree,
            "mismatches": [m.to_dict() for m in self.mismatches],
            "unsupported": [p.to_dict() for p in self.unsupported],
            "unreadable": [p.to_dict() for p in self.unreadable],
            "seconds": round(self.seconds, 3),
        }


def verify_file(path: str, rules: Rules | None = None) -> VerifySummary:
    """Read and replay one file; never raises for a bad file (it becomes ``unreadable``).

    A zip archive is a container: each member is read and replayed as its own file, named
    ``archive.zip:member`` (:func:`riichi.logs.read_archive`). A file holding several games
    (a kobalab JSON array) counts as one file; each of its games is replayed and reported as
    ``file.json#i`` (:func:`riichi.logs.read_games`).

    Raises:
        RiichiError: ``path`` not a str, bytes or os.PathLike, or ``rules`` not a
            ``riichi.Rules`` or None (a usage error, not a bad file: named with the value).
    """
    from riichi.logs import is_archive, read_archive, read_games

    if not isinstance(path, (str, bytes, os.PathLike)):
        raise RiichiError(f"verify_file: path must be a str or os.PathLike, got {path!r:.80}")
    if rules is not None and not isinstance(rules, Rules):
        raise RiichiError(f"verify_file: rules must be a riichi.Rules or None, got {rules!r:.80}")
    if is_archive(path):
        out = VerifySummary()
        for member, item in read_archive(path):
            if isinstance(item, Exception):
                out.files += 1
                out.unreadable.append(_unreadable(member, item))
            else:
                out.add(_verify_log(member, item, rules))
        return out
    out = VerifySummary(files=1)
    try:
        games = read_games(path)
    except RiichiError as e:
        out.unreadable.append(_unreadable(path, e))
        return out
    except Exception as e:  # a reader bug must not stop the batch: report it
        out.unreadable.append(Problem(path, "file", f"unexpected {type(e).__name__}: {e}"))
        return out
    for name, item in games:
        if isinstance(item, Exception):
            out.unreadable.append(_unreadable(name, item))
        else:
            _add_report(out, _replay_report(name, item, rules))
    return out


def _verify_log(path: str, game_log: GameLog, rules: Rules | None) -> VerifySummary:
    out = VerifySummary(files=1)
    _add_report(out, _replay_report(path, game_log, rules))
    return out


def _replay_report(path: str, game_log: GameLog, rules: Rules | None) -> GameReport:
    try:
        return replay_game(game_log, rules)
    except Exception as e:  # an engine bug must not stop the batch either: report it
        rep = GameReport(path, game_log.format, rules=rules or Rules.tenhou())
        rep.mismatches.append(
            Mismatch(path, "game", -1, "engine_error", None, None, f"{type(e).__name__}: {e}")
        )
        return rep


def _add_report(out: VerifySummary, rep: GameReport) -> None:
    """Count one replayed game; a game with no round at all is not a game this reader
    understands: its reasons go to ``unreadable``, and it is never a pass."""
    if rep.empty:
        out.unreadable += rep.unsupported
        rep.unsupported = []
    out.add_game(rep)


def verify_files(paths: list[str], rules: Rules | None = None) -> VerifySummary:
    """:func:`verify_file` over several files, summed.

    Raises:
        RiichiError: ``paths`` not a list of paths (a single str is refused: give a list),
            or ``rules`` not a ``riichi.Rules`` or None, named with the value.
    """
    if isinstance(paths, (str, bytes)):
        raise RiichiError(f"verify_files: expected a list of paths, got the string {paths!r:.80}")
    try:
        paths = list(paths)
    except TypeError:  # not iterable, or only by its type (a 0-d NumPy array)
        raise RiichiError(f"verify_files: expected a list of paths, got {paths!r:.80}") from None
    if rules is not None and not isinstance(rules, Rules):
        raise RiichiError(f"verify_files: rules must be a riichi.Rules or None, got {rules!r:.80}")
    out = VerifySummary()
    for p in paths:
        out.add(verify_file(p, rules))
    return out


def _unreadable(path: str, e: Exception) -> Problem:
    pos = getattr(e, "position", None)
    reason = getattr(e, "reason", None)
    if pos is None or reason is None:
        return Problem(path, "file", str(e))
    return Problem(path, str(pos), str(reason))
