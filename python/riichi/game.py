"""Game flow: rounds in sequence, renchan and honba, extension, tobi, yame, final ranking.

A :class:`Game` runs :class:`~riichi.round.Round` after round with the same action API
(``legal_actions`` / ``step`` / ``observation``), and starts the next round by itself when one
ends. Seats are absolute: seat 0 is the first dealer (chiicha); which entrant sits in which
seat is decided by seeded dice (:attr:`Game.seating`), by one of two procedures
(``seating_procedure``): every entrant rolls and the highest sits East, or the two-roll
procedure of Japanese rulebooks (wind tiles drawn for temporary seats, the temporary East
rolls for the temporary dealer, who rolls for the first dealer), its dice in the
``start_game`` event.

Flow rules (``riichi.Rules`` fields): ``length`` (``"one_round"``, ``"tonpuusen"``,
``"hanchan"``, ``"full"`` East-South-West-North, ``"east_north"``, ``"east_east"``),
``starting_points``, ``target_points``; the extension (enchousen): ``extension``
(``"sudden_death"``, ``"full_wind"`` or ``"none"``), ``extension_winds`` (how many winds it
may add: West, then North, then a second East after a hanchan), ``extension_target``
(:attr:`Rules.end_target`) and ``sudden_death_renchan``; ``tobi`` (the game ends when a
score goes below zero), ``agari_yame`` / ``tenpai_yame`` (at all-last the dealer may stop
when top with the end target, at the limit round too), ``renchan``
(``"tenpai"``: the dealer keeps the deal when tenpai at an exhaustive draw; ``"agari"``:
only by winning), ``uma``, ``oka``, ``leftover_kyotaku_to_top``, ``yakitori`` (settled in
:attr:`GameResult.final`); ``wareme`` is applied by each :class:`~riichi.round.Round`. An
abortive draw always repeats the round, at all-last too (RC45), and so does a hand voided by
a chombo (``noten_riichi_chombo``, settled by :mod:`riichi.kyoku.settlement`). Ranking ties
are broken by seat order from the first dealer (Tenhou), or shared with
``tied_ranks="shared"`` (:func:`rank_seats`); ``tobi_at_zero`` ends the game at exactly 0
points too; ``last_round_renchan=False`` passes the deal after every decisive round.

How a round ends the game (not counting tobi or an abortive draw). A *decisive* round is
all-last, the fourth round of each extension wind, and with ``"sudden_death"`` every
extension round; the *limit* round is the fourth round of the last wind the extension may
reach (all-last itself with ``extension="none"``). After a decisive round the game ends
when the deal passes and somebody has the end target, or at the limit round whenever the
deal passes; when the dealer keeps the deal it ends only by agari-yame / tenpai-yame, or
(sudden death with ``sudden_death_renchan=False``) when somebody has the target. When the
deal passes at the fourth round of a wind without ending the game, the next wind begins.

Example (random self-play)::

    import random
    import riichi

    rng = random.Random(0)
    game = riichi.Game(riichi.Rules.tenhou(), seed=1)
    while not game.is_over:
        seat = game.seats_to_act[0]          # the turn seat, or a seat answering a claim
        actions = game.legal_actions(seat)   # typed actions (riichi.actions)
        game.step(rng.choice(actions))       # IllegalAction for anything not offered
    print(game.result.ranks, game.result.scores)

Sanma (``rules.num_players == 3``): three seats, so each wind has three rounds (East 1..3);
everything else (extension, tobi, yame, ranking) is as with four players, over three seats.

Evidence from Tenhou logs (tests/test_round_real_logs.py replays every 4-player game of
../shared/data/mjlog through this class): the extension is sudden death when the deal passes or the
dealer is top with the target (yame), else a renchan goes on; tenpai-yame at all-last applies
to games from June 2010 on.
"""

from __future__ import annotations

import copy
import operator
import random
import types
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from riichi import _core
from riichi import _core_api as core
from riichi.actions import Action
from riichi.errors import IllegalAction, RiichiError
from riichi.kyoku import settlement
from riichi.kyoku.state import RoundResult
from riichi.kyoku.state import is_int as _is_int
from riichi.round import Round  # the public home: it gives Round its Jupyter picture
from riichi.rules import Rules
from riichi.wall import Wall, wall_from_twister

__all__ = ["Game", "GameResult", "final_points", "rank_seats"]

_LENGTH_WINDS = {
    "one_round": (0,),
    "tonpuusen": (0,),
    "hanchan": (0, 1),
    "full": (0, 1, 2, 3),
    "east_north": (0, 3),
    "east_east": (0, 0),
}


@dataclass(frozen=True)
class GameResult:
    """The final standing.

    Attributes:
        scores: final points per seat (leftover kyotaku included when the rule gives them
            to the top).
        ranks: rank per seat, 1..4 (1..3 in sanma; ties broken by seat order from the first
            dealer, or shared with ``rules.tied_ranks == "shared"``: ``(1, 1, 3, 4)``).
        final: per seat, the final points as the platform computes them
            (:func:`final_points`): ``(points - target_points) / 1000 + uma + oka`` (oka to
            the top), rounded as ``rules.final_rounding`` says, plus the yakitori settlement
            ``penalties / 1000``. Thousands of points, floats with at most one decimal.
        rounds: number of rounds played.
        yakitori: per seat, whether that player won no hand in the game (all False when
            ``rules.yakitori`` is off).
        penalties: per seat, the yakitori settlement in points (negative for a yakitori
            player; sums to 0) plus the chombo penalties (``rules.noten_riichi_chombo ==
            "penalty"``: ``-rules.chombo_penalty`` per chombo, paid to nobody); included in
            ``final``, not in ``scores`` or ``ranks``.
    """

    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    final: tuple[float, ...]
    rounds: int
    yakitori: tuple[bool, ...] = (False, False, False, False)
    penalties: tuple[int, ...] = (0, 0, 0, 0)


class Game:
    """A whole game of four players (three with ``rules.num_players == 3``: sanma).

    Args:
        rules: a ``riichi.Rules``; default ``Rules.tenhou()``.
        seed: seeds the seating dice and every round's wall (reproducible; >= 0).
        walls: optional walls to use for the rounds in order (scripted games); when they
            run out, walls come from the seed again.
        scores, round_wind, dealer, honba, kyotaku: start mid-game (e.g. from a log
            fragment): the points per seat, the round wind (0 East .. 3 North, an index into
            the winds of ``rules.length``; 2 and more after a hanchan are extension winds),
            the dealer seat, counters and sticks.
        won: for yakitori when starting mid-game: per seat, whether that player has
            already won a hand (default: nobody has).
        seating_procedure: how the seeded dice seat the entrants: ``"highest_roll"``
            (default: each entrant rolls two dice, the highest total sits East, ties by a
            seeded draw) or ``"two_rolls"`` (場決め as Japanese rulebooks describe it, e.g.
            the JPML and the EMA RCR §2.3: the entrants draw the four wind tiles for
            temporary seats, in turn order from the temporary East; the temporary East rolls
            two dice and counts the total around the table from itself (itself = 1) to find
            the temporary dealer (仮親), who rolls again and counts from itself to find the
            first dealer (起家, seat 0); the others follow in turn order). The four dice
            are :attr:`seating_dice` and go into the ``start_game`` event
            (``StartGame.seating_dice``, kept by the mjai writer).

    Raises:
        RiichiError: ``rules`` not a ``riichi.Rules``; a ``round_wind`` index past the last
            wind the game may reach; ``dealer`` not 0..3; ``honba`` / ``kyotaku`` not ints
            >= 0; ``scores`` not a sequence of 4 ints (3 in sanma); ``won`` not a sequence of
            4 bools; ``seed`` not an int >= 0 or ``None``; ``walls`` not an iterable (each named
            with its value); ``seating_procedure`` not one of the two. A ``walls`` item
            that is not a :class:`~riichi.wall.Wall` of the
            rules' size is named (``walls[i]``) when its round is to start: here for the
            first, from :meth:`step` for later ones.

    Attributes:
        rules: the rules.
        seating: ``seating[seat]`` is the entrant (0..3, in the order given; 0..2 in sanma)
            in that seat.
        seating_draw: with ``seating_procedure="two_rolls"``, the entrant who drew each
            temporary seat, from the temporary East in turn order; else ``None``.
        seating_dice: with ``"two_rolls"``, the four dice (the temporary East's two, the
            temporary dealer's two); else ``None``.
        round: the current :class:`~riichi.round.Round`.
        rounds: the finished rounds' results, in order.
        result: the :class:`GameResult` once the game is over.
    """

    def __init__(
        self,
        rules: Any = None,
        seed: int | None = None,
        *,
        walls: Iterable[Wall] | None = None,
        scores: Sequence[int] | None = None,
        round_wind: int = 0,
        dealer: int = 0,
        honba: int = 0,
        kyotaku: int = 0,
        won: Sequence[bool] | None = None,
        seating_procedure: str = "highest_roll",
    ) -> None:
        self.rules = core.default_rules() if rules is None else rules
        if not isinstance(self.rules, Rules):
            raise RiichiError(f"rules: expected riichi.Rules or None, got {type(rules).__name__}")
        if self.rules.length not in _LENGTH_WINDS:
            raise RiichiError(f"unknown game length {self.rules.length!r}")
        n = self._n = self.rules.num_players
        if won is not None and (
            not _is_sequence(won) or len(won) != n or any(type(w) is not bool for w in won)
        ):
            raise RiichiError(f"won must be {n} bools, one per seat, got {won!r}")
        if scores is not None and (
            not _is_sequence(scores) or len(scores) != n or not all(_is_int(x) for x in scores)
        ):
            raise RiichiError(f"scores must be {n} ints, one per seat, got {scores!r}")
        if seed is not None and (not _is_int(seed) or seed < 0):  # type: ignore[operator]
            # random.Random seeds with abs(seed): -5 would deal seed 5's game
            raise RiichiError(f"seed must be an int >= 0 or None, got {seed!r}")
        if walls is not None and (isinstance(walls, (str, bytes)) or not _iterable(walls)):
            raise RiichiError(f"walls must be an iterable of riichi.Wall or None, got {walls!r}")
        self._won = list(won) if won is not None else [False] * n
        self._chombo = [0] * n  # chombo penalties so far (points, <= 0)
        rng = random.Random(None if seed is None else int(seed))  # type: ignore[arg-type]
        self._walls: Iterator[Wall] | None = iter(walls) if walls is not None else None
        self._walls_taken = 0  # walls taken from ``walls`` (names a bad one)
        self.seating_draw: list[int] | None = None
        self.seating_dice: tuple[int, ...] | None = None
        if seating_procedure == "highest_roll":
            # each entrant rolls two dice, the highest total sits East (ties re-roll)
            rolls = [
                (rng.randint(1, 6) + rng.randint(1, 6), rng.random(), i)
                for i in range(n)
            ]
            self.seating = [i for _, _, i in sorted(rolls, key=lambda r: (-r[0], r[1]))]
        elif seating_procedure == "two_rolls":
            draw = list(range(n))
            rng.shuffle(draw)  # draw[p]: the entrant who drew temporary seat p
            dice = tuple(rng.randint(1, 6) for _ in range(4))
            temp_dealer = (dice[0] + dice[1] - 1) % n  # counted from the temporary East
            first = (temp_dealer + dice[2] + dice[3] - 1) % n  # from the temporary dealer
            self.seating = [draw[(first + k) % n] for k in range(n)]
            self.seating_draw, self.seating_dice = draw, dice
        else:
            raise RiichiError(
                "seating_procedure must be 'highest_roll' or 'two_rolls', got "
                f"{seating_procedure!r}"
            )
        # the walls are drawn from the same random.Random state, held by the core: each
        # round's shuffle and dice are one call (wall_from_twister), the same draws
        self._rng: Any = _core.MersenneTwister(rng.getstate()[1])
        self._winds = _LENGTH_WINDS[self.rules.length]
        self.scores = (
            [int(x) for x in scores] if scores is not None else [self.rules.starting_points] * n
        )
        self.rounds: list[RoundResult] = []
        self.result: GameResult | None = None
        self._over = False  # result is not None (is_over)
        self._events: list[Any] = [
            core.make_event(
                "start_game",
                players=n,
                red_fives=any(self.rules.red_fives),
                kuitan=bool(getattr(self.rules, "kuitan", True)),
                length=self.rules.length,
                **({"seating_dice": self.seating_dice} if self.seating_dice else {}),
            )
        ]
        limit = self._limit_index()  # a later wind index would never be played
        if round_wind.__class__ is not int or not 0 <= round_wind <= limit:
            raise RiichiError(
                f"round_wind must be a wind index 0..{limit} for length={self.rules.length!r}"
                f" and extension_winds={self.rules.extension_winds}, got {round_wind!r}"
            )
        self._wind_index = round_wind  # index into the planned winds; >= len: extension
        self._kyoku = dealer  # dealer seat within the current wind
        self._honba = honba
        self._kyotaku = kyotaku
        self._dealer_wins = 0  # the dealer's wins in a row, no other round between (paarenchan)
        self._start_round()

    def __getstate__(self) -> dict[str, Any]:
        """Pickle and ``copy.deepcopy`` support (the current round, the seeded random
        state and the walls still to come are all copied: a copy plays on like the
        original).

        Raises:
            RiichiError: the walls come from a generator, which cannot be copied (give
                them as a list).
        """
        if isinstance(self._walls, types.GeneratorType):
            raise RiichiError(
                "this Game takes its walls from a generator, which cannot be copied or "
                "pickled: give walls as a list"
            )
        return self.__dict__

    def __copy__(self) -> Game:
        """``copy.copy``: an independent copy, as ``copy.deepcopy`` (a shallow copy would
        share the round, the event list and the list of results: stepping it would step
        the original's round without the original moving on to the next one).

        Raises:
            RiichiError: as pickling (walls from a generator).
        """
        return copy.deepcopy(self)

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        if "_over" not in state:  # pickled before the flag existed
            self._over = self.result is not None
        if "events" in state:  # pickled when the list was a plain attribute
            self._events = self.__dict__.pop("events")
        if "_base" in state:  # pickled with where the round's events begin in the list
            self._copied = len(self._events) - self.__dict__.pop("_base")

    # ------------------------------------------------------------------ delegation
    # read around every step: getters without a Python frame
    is_over = property(
        operator.attrgetter("_over"),  # set with result (_end_game)
        doc="""Whether the game has ended.""",
    )

    phase = property(
        # the game ends only with a round that ended: the last round's phase is "end"
        operator.attrgetter("round.phase"),
        doc="""``"turn"``, ``"claim"``, or ``"end"`` once the game is over.""",
    )

    seats_to_act = property(
        # the last round, over once the game is, names no seat
        operator.attrgetter("round.seats_to_act"),
        doc="""Seats that must act now (a new list).""",
    )

    @property
    def live_tiles_left(self) -> int:
        """Live-wall tiles left in the current round."""
        return self.round.live_tiles_left

    def hand(self, seat: int) -> list[int]:
        """The concealed tiles of ``seat`` in the current round, as physical ids 0..135
        (``kind * 4 + copy``, the ids the actions name), ascending.

        For shanten, waits or a discard table make a hand of them:
        ``riichi.Hand.from_ids(game.hand(seat), red_fives=game.rules.red_fives)`` (give its
        melds as ``melds=`` once the seat has called).

        Raises:
            RiichiError: ``seat`` is not 0..3 (0..2 in sanma).
        """
        return self.round.hand(seat)

    @property
    def current_seat(self) -> int | None:
        """The seat whose turn it is in the current round (``None`` during claims)."""
        return None if self.result is not None else self.round.current_seat

    def legal_actions(self, seat: int) -> list[Action]:
        """Legal actions of ``seat`` in the current round (empty when the game is over).

        Raises:
            RiichiError: ``seat`` is not 0..3 (0..2 in sanma).
        """
        # the last round, over once the game is, offers nothing
        return self.round.legal_actions(seat)  # checks the seat itself

    def step(self, action: Action) -> None:
        """Apply an action; starts the next round (or ends the game) when the round ends.

        Raises:
            IllegalAction: as :meth:`Round.step`; also once the game is over.
        """
        if self._over:
            raise IllegalAction(f"{action!r}: the game is over")
        r = self.round
        r.step(action)
        if r.result is not None:  # r.is_over, without the property call on every step
            self._end_round()

    @property
    def events(self) -> list[Any]:
        """The game's event stream so far (``riichi.events`` classes): ``start_game``, each
        round's events as the round makes them, ``end_game``. The current round's newest
        events join the list when it is read (the round keeps its own, :attr:`round`
        ``.events``); the list is the game's own and grows as the game goes on. What a
        caller appends to it or removes from it stays so, and every later event of the
        game still joins it, in order."""
        self._copy_events()
        return self._events

    def _copy_events(self) -> None:
        """Append the current round's events not yet in :attr:`events` (``_copied`` of
        them are: counted apart from the list, so that a caller who appends to the list
        or empties it never makes a later event of the game go missing)."""
        new = self.round.events
        if len(new) > self._copied:
            self._events += new[self._copied :]
            self._copied = len(new)

    def apply_logged(
        self,
        event: Any,
        riichi: bool = False,
        claimers: frozenset[int] | None = None,
        open_riichi: bool = False,
    ) -> Action:
        """:meth:`Round.apply_logged` on the current round: apply the legal action a logged
        player event stands for (a discard offered for claims to ``claimers`` only, when
        given; ``open_riichi`` when the log's ``reach`` before it was open), starting the next round when this one ends; returns the action (its events
        join :attr:`events` when that is read, as every step's).

        Raises:
            IllegalAction: no legal action matches the event; also once the game is over.
        """
        if self.result is not None:
            raise IllegalAction(f"{event!r}: the game is over")
        r = self.round
        act = r.apply_logged(event, riichi, claimers, open_riichi)
        if r.result is not None:
            self._end_round()
        return act

    def apply_logged_run(self, events: Iterable[Any]) -> int:
        """:meth:`Round.apply_logged_run` on the current round: apply a run of logged
        discards nobody claims, each followed by the next seat's draw; returns how many
        were applied (such a run never ends the round).

        Raises:
            IllegalAction: once the game is over.
        """
        if self.result is not None:
            raise IllegalAction("a run of logged discards: the game is over")
        return self.round.apply_logged_run(events)  # type: ignore[no-any-return]

    def pass_all_but(self, keep: set[int]) -> None:
        """:meth:`Round.pass_all_but` on the current round: every seat yet to answer the open
        claim and not in ``keep`` passes (in seat order), as :meth:`step` of each ``Pass``;
        nothing when no claim is open."""
        r = self.round
        r.pass_all_but(keep)
        if r.result is not None:
            self._end_round()

    _pass_except = pass_all_but

    def declare_noten(self, seat: int) -> None:
        """:meth:`Round.declare_noten` on the current round: ``seat`` declares noten should
        the round end in an exhaustive draw (``Rules.tenpai_declaration == "voluntary"``).

        Raises:
            IllegalAction: as :meth:`Round.declare_noten`; also once the game is over.
            RiichiError: ``seat`` is not a seat.
        """
        if self.result is not None:
            raise IllegalAction(f"seat {seat} declares noten: the game is over")
        self.round.declare_noten(seat)

    def observation(self, seat: int) -> dict[str, Any]:
        """The current round's observation for ``seat`` plus game fields (``round_index``,
        ``game_over``)."""
        obs = self.round.observation(seat)
        obs["round_index"] = len(self.rounds)
        obs["game_over"] = self.is_over
        return obs

    @property
    def state(self) -> dict[str, Any]:
        """The full state of the current round plus the game's progress (``rounds_played``,
        ``result``, ``seating``, ``wind_index``, ``won``: per seat, whether that player has
        won a hand in this game, for yakitori)."""
        st = self.round.state
        st["rounds_played"] = len(self.rounds)
        st["wind_index"] = self._wind_index
        st["won"] = list(self._won)
        st["result"] = self.result
        st["seating"] = list(self.seating)
        return st

    # ------------------------------------------------------------------ flow
    def _start_round(self) -> None:
        wall = None
        if self._walls is not None:
            wall = next(self._walls, None)
            if wall is not None:
                if not isinstance(wall, Wall) or wall.players != self._n:
                    size = 136 if self._n == 4 else 108
                    raise RiichiError(
                        f"walls[{self._walls_taken}]: expected a riichi.Wall of {size} tiles, "
                        f"got {wall!r}"
                    )
                self._walls_taken += 1
        if wall is None:
            rng = self._rng
            if rng.__class__ is random.Random:  # a Game pickled before the core held it
                wall = Wall.from_seed(rng, self._kyoku, self._n)
            else:
                wall = wall_from_twister(rng, self._n)
        wind = (
            self._winds[self._wind_index]
            if self._wind_index < len(self._winds)
            else self._extension_wind()
        )
        self.round = Round(
            self.rules,
            wall,
            scores=self.scores,
            dealer=self._kyoku,
            round_wind=wind,
            honba=self._honba,
            kyotaku=self._kyotaku,
            dealer_wins_in_a_row=self._dealer_wins,
        )
        self._events += self.round.events
        self._copied = len(self.round.events)  # the round's events in the list

    def _extension_wind(self) -> int:
        return (self._winds[-1] + 1 + self._wind_index - len(self._winds)) % 4

    @property
    def wind_index(self) -> int:
        """Which wind of the game is being played: 0 is the first planned wind;
        ``len(planned winds)`` and more are the extension winds (hanchan: 2 is West entry)."""
        return self._wind_index

    @property
    def in_extension(self) -> bool:
        """Whether the current round belongs to the extension (enchousen)."""
        return self._wind_index >= len(self._winds)

    def _limit_index(self) -> int:
        """Wind index of the last wind the game may reach."""
        extra = self.rules.extension_winds if self.rules.extension != "none" else 0
        return len(self._winds) - 1 + extra

    def _end_round(self) -> None:
        """The round is over: record it, then start the next one or end the game. (The log
        replay calls this itself after the round's steps it takes without :meth:`step`.)"""
        self._copy_events()  # the finished round's events not copied yet
        r = self.round
        res = r.result
        assert res is not None
        self.rounds.append(res)
        self.scores = list(r.scores)
        self._kyotaku = r.kyotaku
        for w in res.wins:
            self._won[w.seat] = True
        for s in settlement.nagashi_winners(r):  # nagashi mangan counted as a win
            self._won[s] = True
        void = settlement.voided(r)  # a chombo: dealt again like an abortive draw
        if void:
            self._chombo = [a + b for a, b in zip(self._chombo, settlement.chombo_penalties(r))]
        kind = "abortive" if void else res.kind
        renchan = res.dealer_continues or void
        rules = self.rules
        wind_end = self._kyoku == self._n - 1
        limit = wind_end and self._wind_index >= self._limit_index()
        sudden = self.in_extension and rules.extension == "sudden_death"
        # a decisive round: all-last, an extension wind's fourth, or sudden death.
        decisive = rules.length == "one_round" or (
            limit or sudden or (wind_end and self._wind_index >= len(self._winds) - 1)
        )
        if renchan and decisive and not void and not rules.last_round_renchan:
            renchan = False  # no renchan in the last round: the deal passes
        self._honba = settlement.next_honba(r, self._honba, renchan)
        dealer_won = renchan and any(w.seat == r.dealer for w in res.wins)
        self._dealer_wins = self._dealer_wins + 1 if dealer_won else 0
        scores = self.scores
        high = max(scores)
        top = scores.index(high)  # _ranking()[0]: the first seat of the highest score
        reached = high >= rules.end_target
        over = False
        low = min(scores)
        if rules.tobi and (low < 0 or (low == 0 and rules.tobi_at_zero)):
            over = True
        elif rules.length == "one_round" and kind != "abortive":
            over = not renchan or self._yame(res, top)
        elif kind != "abortive" and decisive:
            # Tenhou logs: 2022060108gm-00a9-0000-930771df West 1, dealer 20200 tenpai,
            # another player 30900: W1-1 is played; 2015060814gm-0029-0000-f1ac5f4d
            # West 3, the dealer top with 30000 tenpai: ends.
            if renchan:
                over = self._yame(res, top) or (
                    sudden and reached and not rules.sudden_death_renchan
                )
            else:
                over = limit or reached
        if over:
            self._end_game()
            return
        if not renchan:
            self._kyoku += 1
            if self._kyoku == self._n:
                self._kyoku = 0
                self._wind_index += 1
        self._start_round()

    def _yame(self, res: RoundResult, top: int) -> bool:
        """Agari-yame / tenpai-yame: the dealer may stop when top with the end target. Also
        at the limit round: Tenhou log 2021041720gm-00a9-0000-f3b19e15 plays W4-2 after the
        W4 dealer's tsumo to 28200, top but below 30000."""
        r = self.round
        if top != r.dealer or self.scores[r.dealer] < self.rules.end_target:
            return False
        if res.wins or settlement.nagashi_winners(r):
            return bool(self.rules.agari_yame)
        return bool(self.rules.tenpai_yame)

    def _ranking(self) -> list[int]:
        return sorted(range(self._n), key=lambda s: (-self.scores[s], s))

    def _end_game(self) -> None:
        rules = self.rules
        order = self._ranking()
        if rules.leftover_kyotaku_to_top and self._kyotaku:
            sticks = self._kyotaku * rules.riichi_stick
            tops = [order[0]]
            if rules.tied_ranks == "shared":  # split among the tied top, 100-point units
                tops = [s for s in order if self.scores[s] == self.scores[order[0]]]
            units = sticks // 100
            for i, s in enumerate(tops):
                self.scores[s] += (units // len(tops) + (i < units % len(tops))) * 100
            self._kyotaku = 0
        n = self._n
        ranks = list(rank_seats(rules, self.scores))
        yakitori = [rules.yakitori and not w for w in self._won]
        penalties = _yakitori_penalties(rules, yakitori) if rules.yakitori else [0] * n
        penalties = [a + b for a, b in zip(penalties, self._chombo)]
        final = final_points(rules, self.scores, ranks, penalties)
        self.result = GameResult(
            tuple(self.scores),  # type: ignore[arg-type]
            tuple(ranks),  # type: ignore[arg-type]
            tuple(final),  # type: ignore[arg-type]
            len(self.rounds),
            tuple(yakitori),  # type: ignore[arg-type]
            tuple(penalties),  # type: ignore[arg-type]
        )
        self._over = True
        self._events.append(
            core.make_event("end_game", scores=list(self.scores), points=tuple(final))
        )


def _is_sequence(value: object) -> bool:
    """A sized, indexable sequence of values (a list, tuple or 1-d array; not text, not a
    mapping, not an iterator)."""
    if isinstance(value, (str, bytes, bytearray, Mapping)):
        return False
    if not all(hasattr(value, a) for a in ("__len__", "__getitem__", "__iter__")):
        return False
    try:  # a 0-d NumPy array has __len__ by its type but no length
        len(value)  # type: ignore[arg-type]
    except TypeError:
        return False
    return True


def _iterable(value: object) -> bool:
    try:
        iter(value)  # type: ignore[call-overload]
    except TypeError:
        return False
    return True


def rank_seats(rules: Rules, scores: Sequence[int | float]) -> tuple[int, ...]:
    """The rank of each seat (1 = first) by ``scores``: equal scores ranked by seat order
    from the first dealer (``rules.tied_ranks == "seat_order"``: Tenhou, MS) or sharing the
    higher rank (``"shared"``: EMA RCR, WRC; ``(30000, 30000, 20000, 20000)`` ranks
    ``(1, 1, 3, 3)``)."""
    n = len(scores)
    if rules.tied_ranks == "shared":
        return tuple(1 + sum(1 for o in range(n) if scores[o] > scores[s]) for s in range(n))
    ranks = [0] * n
    for i, s in enumerate(sorted(range(n), key=lambda q: (-scores[q], q))):
        ranks[s] = i + 1
    return tuple(ranks)


def final_points(
    rules: Rules,
    scores: Sequence[int],
    ranks: Sequence[int],
    penalties: Sequence[int] | None = None,
) -> tuple[float, ...]:
    """The final points of a finished game, as the platform of ``rules`` computes them.

    Each seat's exact figure is ``score - rules.target_points + uma[rank - 1]`` points, plus
    ``rules.oka`` for rank 1. Players sharing a rank (``rules.tied_ranks == "shared"``) split
    the uma of the ranks they cover, and the oka when first, equally (EMA RCR; a share that
    is not a whole number of points stays exact: three tied first with uma +20/+10/-10 and
    no oka get +6.667 each). ``rules.final_rounding``:

    - ``"none"``: the exact figure (Tenhou since early 2022, Mahjong Soul).
    - ``"thousands"`` (Tenhou's ``owari`` up to late 2021, found in every such log of the
      corpus): each seat but rank 1 rounds its score to whole thousands, half away from zero
      (25,500 -> 26,000; -500 -> -1,000; 24,400 -> 24,000), before the return and uma;
      rank 1 gets the exact total of all seats minus the others' figures (zero-sum with
      Tenhou's uma and oka), e.g. scores 50,300 / 7,500 / -500 / 42,700 give
      60 / -32 / -51 / 23.

    ``penalties`` (yakitori, points per seat) are added after the rounding.

    Args:
        rules: a ``riichi.Rules``.
        scores: final points per seat (ints, multiples of 100 in real games).
        ranks: rank per seat, 1..n (each once; with ``tied_ranks == "shared"`` a tie
            repeats a rank and skips the ranks it covers, as :func:`rank_seats`).
        penalties: yakitori settlement per seat in points (default none).

    Returns:
        One float per seat, in thousands of points (``-21.6``, ``51.0``).

    Raises:
        RiichiError: ``rules`` not a ``Rules``; ``scores``, ``ranks`` or ``penalties`` not
            ``rules.num_players`` ints, or ``ranks`` not a permutation of 1..n (or, for
            shared ranks, not a ranking with ties).
    """
    if not isinstance(rules, Rules):
        raise RiichiError(f"final_points: rules must be a riichi.Rules, got {rules!r:.80}")
    n = rules.num_players
    for name, seq in (("scores", scores), ("ranks", ranks), ("penalties", penalties)):
        if seq is None:
            continue
        if len(seq) != n or any(v.__class__ is not int for v in seq):
            raise RiichiError(f"final_points: {name} must be {n} ints, got {seq!r:.80}")
    shared = rules.tied_ranks == "shared"
    if shared:
        if any(not 1 <= r <= n or r != 1 + sum(1 for q in ranks if q < r) for r in ranks):
            raise RiichiError(
                f"final_points: ranks must be a ranking 1..{n} with ties, got {list(ranks)!r}"
            )
    elif sorted(ranks) != list(range(1, n + 1)):
        raise RiichiError(f"final_points: ranks must be 1..{n} each once, got {list(ranks)!r}")
    pen = penalties if penalties is not None else (0,) * n
    bonus: list[float] = [0.0] * n
    for s in range(n):
        r = ranks[s]
        tied = sum(1 for q in ranks if q == r) if shared else 1
        covered = range(r - 1, r - 1 + tied)
        total = sum(rules.uma[i] for i in covered) + rules.oka * (r == 1)
        bonus[s] = total if tied == 1 else total / tied
    exact = [scores[s] - rules.target_points + bonus[s] for s in range(n)]
    if rules.final_rounding == "thousands":
        top = ranks.index(1)
        figures = list(exact)
        for s in range(n):
            if s != top:
                sc = scores[s]
                whole = (abs(sc) + 500) // 1000 * 1000  # half away from zero
                figures[s] = (whole if sc >= 0 else -whole) - rules.target_points
                figures[s] += bonus[s]  # the uma (shared ranks: its share, with the oka's)
        figures[top] = sum(exact) - sum(figures[s] for s in range(n) if s != top)
        exact = figures
    # one division of whole points: -21600 / 1000 is the float nearest -21.6, as logs print it
    return tuple((exact[s] + pen[s]) / 1000 for s in range(n))


def _yakitori_penalties(rules: Any, yakitori: list[bool]) -> list[int]:
    """Yakitori settlement per seat in points: each yakitori player pays
    ``rules.yakitori_penalty``, split among the players who won (``"split"``: in 100-point
    units, the remainder one unit each in seat order from the first dealer) or to each of
    them (``"each"``). Nothing when nobody won."""
    n = len(yakitori)
    out = [0] * n
    payees = [s for s in range(n) if not yakitori[s]]
    if not payees:
        return out
    units = rules.yakitori_penalty // 100
    for payer in (s for s in range(n) if yakitori[s]):
        for i, s in enumerate(payees):
            if rules.yakitori_payment == "each":
                share = units
            else:
                share = units // len(payees) + (i < units % len(payees))
            out[s] += share * 100
            out[payer] -= share * 100
    return out
