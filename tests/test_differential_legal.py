"""Differential test of the legal actions: riichi against riichienv on real games.

At every decision point of real four-player Tenhou games (the mjlog corpus of ../shared/data,
walls from the SHUFFLE seed), the set of actions riichi's ``Round.legal_actions`` offers a
seat must equal the set riichienv's observation offers the same seat. riichienv is an engine
this project did not write (Rust, MjaiReplay over the same game written as standard mjai).

Both sides are compared as sets of mjai-shaped keys: a discard by tile name (red five
``5mr``; tsumogiri and tedashi of one kind are one key), ``reach``, each call with its
consumed tiles, ``hora`` (tsumo or ron), ``ryukyoku`` (kyuushu kyuuhai) and ``none`` (pass).
A riichi is two decision points, as in mjai: whether to declare (``reach`` among the turn's
options) and then which discard (riichi's ``Riichi`` tiles). A seat only appears at a claim
when it may do more than pass.

Differences that are riichienv's fault are explained in ``_riichienv_fault``,
``_furiten_ron_fault`` and ``_round_end_fault`` with the evidence (Tenhou's rules, the real
records, and Mortal's libriichi from the PyPI package ``mjai`` as a third engine where the
two disagree); everything else fails the test. A small sample runs by default, 240 games
with ``-m slow``; ``RIICHI_DIFF_GAMES=0`` runs every four-player seeded game of the corpus
(1,030 games, 630,043 decision points when this was written: all differences explained).
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

import pytest

riichienv = pytest.importorskip("riichienv")

from conftest import SHARED
from engine_support import require_slow
from riichi.actions import (
    Ankan,
    Chi,
    Daiminkan,
    Discard,
    Kakan,
    Kyuushu,
    Pass,
    Pon,
    Riichi,
    Ron,
    Tsumo,
)
from riichi.logs import parse_log, tenhou_walls, to_mjai_lines
from riichi.replay import rules_from_log
from riichi.round import Round
from riichi.wall import Wall

_HONORS = "ESWNPFC"
_PLAYER_EVENTS = frozenset(
    ("dahai", "reach", "chi", "pon", "daiminkan", "ankan", "kakan", "hora", "ryukyoku")
)
_FAULTS = ("tenhou-python-bot/23.txt", "tenhou-python-bot/24.txt", "tenhou-python-bot/25.txt")


def _name(tile: int) -> str:
    """mjai name of a physical tile id (red fives ``5mr``)."""
    k = tile >> 2
    if k >= 27:
        return _HONORS[k - 27]
    red = "r" if tile in (16, 52, 88) else ""
    return f"{k % 9 + 1}{'mps'[k // 9]}{red}"


def _plain(name: str) -> str:
    return name.rstrip("r")


def _key_riichi(a) -> tuple:
    if isinstance(a, Discard):
        return ("dahai", _name(a.tile))
    if isinstance(a, Riichi):
        return ("reach",)
    if isinstance(a, (Tsumo, Ron)):
        return ("hora",)
    if isinstance(a, Kyuushu):
        return ("ryukyoku",)
    if isinstance(a, Pass):
        return ("none",)
    if isinstance(a, (Chi, Pon, Daiminkan)):
        kind = {Chi: "chi", Pon: "pon", Daiminkan: "daiminkan"}[type(a)]
        return (kind, _name(a.tile), tuple(sorted(_name(t) for t in a.consumed)))
    if isinstance(a, Ankan):
        return ("ankan", _plain(_name(a.consumed[0])))
    if isinstance(a, Kakan):
        return ("kakan", _plain(_name(a.tile)))
    raise AssertionError(f"unexpected action {a!r}")


def _key_env(d: dict) -> tuple:
    t = d["type"]
    if t == "dahai":
        return ("dahai", d["pai"])
    if t in ("reach", "hora", "ryukyoku", "none"):
        return (t,)
    if t in ("chi", "pon", "daiminkan"):
        consumed = list(d["consumed"])
        if len(consumed) == {"chi": 3, "pon": 3, "daiminkan": 4}[t]:
            consumed.remove(d["pai"])  # riichienv lists the called tile among consumed
        return (t, d["pai"], tuple(sorted(consumed)))
    if t == "ankan":
        return ("ankan", _plain(d["consumed"][0]))
    if t == "kakan":
        return ("kakan", _plain(d["pai"]))
    raise AssertionError(f"unexpected riichienv action {d!r}")


# ---------------------------------------------------------------------- riichi's side
def _turn(rnd: Round, seat: int) -> tuple:
    return ("turn", seat, frozenset(_key_riichi(a) for a in rnd.legal_actions(seat)))


def _riichi_discards(rnd: Round, seat: int) -> tuple:
    keys = {("dahai", _name(a.tile)) for a in rnd.legal_actions(seat) if isinstance(a, Riichi)}
    return ("turn", seat, frozenset(keys))


def _claims(rnd: Round) -> tuple:
    out = {}
    for s in rnd.seats_to_act:
        keys = frozenset(_key_riichi(a) for a in rnd.legal_actions(s))
        if keys != {("none",)}:
            out[s] = keys
    return ("claim", out)


def _temporary_furiten(rnd: Round) -> frozenset[int]:
    """Seats furiten now for a winning tile they let pass (not riichi, no wait in their own
    river)."""
    st = rnd.state
    out = set()
    for s, (fur, riichi, waits, river) in enumerate(
        zip(st["furiten"], st["riichi"], st["waits"], st["rivers"])
    ):
        if fur and not riichi and not set(waits) & {t >> 2 for t in river}:
            out.add(s)
    return frozenset(out)


def _pass_all(rnd: Round) -> None:
    while rnd.phase == "claim":
        for s in list(rnd.seats_to_act):
            rnd.step(Pass(s))


def riichi_decisions(log, info: list[dict] | None = None) -> list[list[tuple]]:
    """Per round: riichi's decision points ``("turn", seat, keys)`` / ``("claim", {seat:
    keys})`` along the logged game.

    ``info``, when given, receives one dict a round: ``answers`` maps the index of each
    claim point to the logged answers there (seat -> key, only seats that called or won),
    ``furiten`` maps the index of the point after each discard (where its claim point is,
    if any) to the seats riichi holds in temporary furiten then (not in riichi, no wait in
    their own river, yet furiten: they let a winning tile pass since their last discard),
    ``end`` is how the record ends the round (``"hora"``, ``"kyuushu_kyuuhai"``, another
    draw's reason, or None when the record stops inside the round)."""
    rules = rules_from_log(log)
    events = log.events
    starts = [i for i, e in enumerate(events) if e.type == "start_kyoku"]
    out = []
    for (shuffled, dice), i0 in zip(tenhou_walls(log.start.seed), starts):
        sk = events[i0]
        rnd = Round(
            rules,
            Wall.from_tenhou(shuffled, dice),
            scores=sk.scores,
            dealer=sk.oya,
            round_wind=sk.bakaze - 27,
            honba=sk.honba,
            kyotaku=sk.kyotaku,
        )
        groups: list[tuple] = []
        answers: dict[int, dict[int, tuple]] = {}
        furiten: dict[int, frozenset[int]] = {}
        end = None
        for ev in events[i0 + 1 :]:
            if ev.type in ("start_kyoku", "end_game"):
                break
            if ev.type == "hora" and end is None:
                end = "hora"
            elif ev.type == "ryukyoku" and end is None:
                end = getattr(ev, "reason", "") or "ryukyoku"
            elif ev.type == "end_kyoku" and end is None:
                end = "end_kyoku"
        reach: set[int] = set()
        for ev in events[i0 + 1 :]:
            t = ev.type
            if t in ("end_kyoku", "start_kyoku", "end_game"):
                break
            if t not in _PLAYER_EVENTS:  # tsumo, dora, reach_accepted, (dis)connect ...
                continue
            is_claim = t in ("chi", "pon", "daiminkan") or (t == "hora" and ev.target != ev.actor)
            if rnd.phase == "claim" and not (is_claim and ev.actor in rnd.seats_to_act):
                _pass_all(rnd)
            if rnd.is_over:
                # a second (or third) ron answers the claim point already recorded
                if t == "hora" and is_claim and groups and groups[-1][0] == "claim":
                    answers.setdefault(len(groups) - 1, {})[ev.actor] = ("hora",)
                break
            if is_claim:
                action = rnd.match_event(ev)
                answers.setdefault(len(groups) - 1, {})[ev.actor] = _key_riichi(action)
                rnd.step(action)
                continue
            if t == "ryukyoku" and getattr(ev, "reason", "") != "kyuushu_kyuuhai":
                break
            seat = ev.actor if t != "ryukyoku" else rnd.current_seat
            if t == "reach":
                groups.append(_turn(rnd, seat))
                reach.add(seat)
                continue
            if t == "dahai" and seat in reach:
                groups.append(_riichi_discards(rnd, seat))
                rnd.step(rnd.match_event(ev, riichi=True))
                reach.discard(seat)
            else:
                groups.append(_turn(rnd, seat))
                rnd.step(rnd.match_event(ev))
            if t == "dahai" and info is not None:
                temp = _temporary_furiten(rnd)
                if temp:
                    furiten[len(groups)] = temp
            if rnd.phase == "claim":
                groups.append(_claims(rnd))
        out.append(groups)
        if info is not None:
            info.append({"answers": answers, "furiten": furiten, "end": end})
    return out


# ---------------------------------------------------------------------- riichienv's side
def env_decisions(mjai_path: str) -> list[list[tuple]]:
    """Per round: riichienv's decision points in the same shape."""
    out = []
    for kyoku in riichienv.MjaiReplay.from_jsonl(mjai_path).take_kyokus():
        groups: list[tuple] = []
        for seat, obs, act in kyoku.steps():
            keys = frozenset(_key_env(json.loads(a.to_mjai())) for a in obs.legal_actions())
            if ("none",) in keys:
                taken = _key_env(json.loads(act.to_mjai()))
                if groups and groups[-1][0] == "claim" and seat not in groups[-1][1]:
                    groups[-1][1][seat] = keys
                    groups[-1][2][seat] = taken
                else:
                    groups.append(("claim", {seat: keys}, {seat: taken}))
            else:
                groups.append(("turn", seat, keys))
        out.append(groups)
    return out


# ---------------------------------------------------------------------- riichienv's faults
_ORDER = "123456789"


def _suji_after_chi(chi: tuple) -> set[str]:
    """The tile names kuikae forbids after ``chi`` (a key): the called kind, and its suji
    when the chi is a side wait (chi 4 with 23 forbids 4 and 1, chi 4 with 56 forbids 4 and
    7; within the suit only)."""
    _, pai, own = chi
    n, suit = int(pai[0]), pai[1]
    nums = sorted(int(t[0]) for t in own)
    out = set()
    if nums == [n + 1, n + 2] and n + 3 <= 9:
        out.add(f"{n + 3}{suit}")
    if nums == [n - 2, n - 1] and n - 3 >= 1:
        out.add(f"{n - 3}{suit}")
    out.add(f"{n}{suit}")  # the called kind itself (genbutsu kuikae)
    return out | {f"{x}r" for x in out if x[0] == "5"}


def _after_pon(pon: tuple) -> set[str]:
    """The tile names kuikae forbids after ``pon`` (a key): the called kind, red or not."""
    kind = _plain(pon[1])
    return {kind, f"{kind}r"} if kind[0] == "5" and kind[1] in "mps" else {kind}


def _riichienv_fault(
    ours: tuple,
    theirs: tuple,
    before: tuple | None,
    discarder: int | None,
    logged: dict[int, tuple] | None = None,
) -> str | None:
    """Why the difference ``ours`` / ``theirs`` (one decision point) is riichienv's fault, or
    None when it is not explained (a failure). ``before`` is riichienv's previous point,
    ``discarder`` the seat whose discard (or kan) a claim point answers, ``logged`` the
    record's answers there (seat -> key, calls and wins only).

    1. At a claim the log answers with a call or a ron, riichienv's MjaiReplay observation
       lists only the logged answer and ``none`` (it rebuilds the claim from the log: other
       chi shapes, a pon beside the logged chi, a chi beside the logged ron are missing),
       although the seat held them. Checked: riichi offers the logged answer too, and every
       seat that passed at any other claim is compared in full.
    2. At a claim answered with a ron, riichienv shows the seats in turn order from the
       discarder up to the first that rons and none after it: at a double ron the second
       winner gets no point, although the record shows that seat winning on that very tile
       (in 240 games: 14 double rons, each missing exactly the second winner). Checked:
       every seat left out comes after the first logged ron in turn order, and riichi
       offers it what the record shows it doing (the second ron).
    3. After a chi, riichienv lets the caller discard tiles kuikae forbids: the suji of the
       called tile (chi 6p with 45p, then 3p) and, when the hand holds another copy, the
       called kind itself (chi 9m with 78m, then 9m; chi 7s with 68s, then 7s). Tenhou
       forbids both (its rule page: 喰い替え禁止, 現物と筋; worked case RC52 of
       ../shared/cases), and no Tenhou log shows such a discard. Checked: riichienv's extra
       options are all discards of those tiles.
    4. After a pon, riichienv lets the caller discard the fourth tile of the called kind
       (pon 7s holding 777s, then 7s; pon 5pr with 55p holding 555p, then 5p). Tenhou's
       kuikae ban covers the called kind after a pon too (現物; RC52's "a chi (or pon) that
       leaves no legal discard"), Mortal's libriichi (PyPI ``mjai``) lists that kind in
       ``PlayerState.forbidden_tiles`` right after the same pon, and none of the 28 such
       pons in 240 real games is followed by that discard (riichi replays every logged
       discard, so one would have failed here). Checked: riichienv's extra options are
       all discards of the called kind.
    """
    if ours[0] == "claim" and theirs[0] == "claim" and set(theirs[1]) <= set(ours[1]):
        missing = set(ours[1]) - set(theirs[1])
        if missing:
            if discarder is None:
                return None
            order = [(discarder + i) % 4 for i in (1, 2, 3)]
            rons = [order.index(s) for s, a in theirs[2].items() if a == ("hora",)]
            if not rons or any(order.index(s) < min(rons) for s in missing):
                return None
            if any((logged or {}).get(s, ("none",)) not in ours[1][s] for s in missing):
                return None
        for seat, env in theirs[1].items():
            keys = ours[1][seat]
            if keys == env:
                continue
            taken = theirs[2][seat]
            if not (taken != ("none",) and env == {taken, ("none",)} and taken in keys):
                return None
        if missing:
            return "riichienv shows no seat after the first ron at a claim (double ron)"
        return "riichienv shows only the logged call or ron at a claim answered with one"
    if (
        ours[0] == "turn"
        and theirs[0] == "turn"
        and ours[1] == theirs[1]
        and before is not None
        and before[0] == "claim"
        and before[2].get(ours[1], ("none",))[0] in ("chi", "pon")
        and ours[2] < theirs[2]
    ):
        extra_keys = theirs[2] - ours[2]
        if any(k[0] != "dahai" for k in extra_keys):
            return None
        extra = {k[1] for k in extra_keys}
        called = before[2][ours[1]]
        if called[0] == "chi" and extra <= _suji_after_chi(called):
            return "riichienv allows a kuikae discard after a chi"
        if called[0] == "pon" and extra <= _after_pon(called):
            return "riichienv allows the called kind's fourth tile after a pon"
    return None


def _furiten_ron_fault(ours: tuple | None, theirs: tuple, furiten: frozenset[int]) -> str | None:
    """7. riichienv offers a ron to a seat in temporary furiten: one that let a winning tile
    pass since its own last discard because it had no yaku on that tile (片和了: 78p waiting
    6p-9p with only a 9p sanshoku; a chun shanpon whose other side, 8p, has no yaku), then
    sees its other wait. Passing any winning tile is furiten until one's next discard, yaku
    or not (riichi's rule, RC54's kind); Mortal's libriichi agrees (``at_furiten`` true and
    no ``can_ron_agari`` at all four such points of the 1,030-game corpus), and at each the
    real player, who would have won (twice with houtei or a chun triplet), passed.
    ``ours`` is riichi's point there (None when riichi has no claim point at all). Checked:
    riichienv's only extra option is ``hora``, for seats riichi holds in temporary furiten
    that the record shows passing; everything else at the point is equal."""
    if theirs[0] != "claim" or (ours is not None and ours[0] != "claim"):
        return None
    mine = ours[1] if ours is not None else {}
    if set(mine) - set(theirs[1]):
        return None
    extra = False
    for seat, env in theirs[1].items():
        keys = mine.get(seat, frozenset({("none",)}))
        if keys == env:
            continue
        if env - keys != {("hora",)} or not keys <= env:
            return None
        if seat not in furiten or theirs[2].get(seat) != ("none",):
            return None
        extra = True
    return "riichienv offers a ron to a seat in temporary furiten" if extra else None


def _round_end_fault(ours: list[tuple], theirs: list[tuple], end: str | None) -> str | None:
    """Why riichi's decision points of a round go on past riichienv's, or None.

    5. riichienv's MjaiReplay yields no point for the turn a player answers with kyuushu
       kyuuhai (nine terminal and honor kinds): its step list ends before the abortive
       draw, whatever the record (an ``actor`` on mjai's ``ryukyoku`` changes nothing).
       The record shows the draw, so the option was there (libriichi's ActionCandidate
       says ``can_ryukyoku`` at that point too). Checked: riichi has exactly one point
       more, the last of the round, a turn offering ``ryukyoku``, and the record ends the
       round with kyuushu kyuuhai.
    6. A record that stops inside a round (mjx's cut test records, MANIFEST "INCOMPLETE")
       leaves riichi's last point unanswered; riichienv builds its points from logged
       answers, so it has none there. Checked: exactly one point more, the last, and the
       record has no end for that round.
    """
    if len(ours) != len(theirs) + 1:
        return None
    last = ours[-1]
    if end == "kyuushu_kyuuhai" and last[0] == "turn" and ("ryukyoku",) in last[2]:
        return "riichienv yields no point for a turn answered with kyuushu kyuuhai"
    if end is None:
        return "the record stops before riichi's last point is answered"
    return None


def _games(limit: int | None) -> list[Path]:
    root = SHARED / "data" / "mjlog"
    if not root.exists():
        pytest.skip(f"real logs not found at {root}")
    files = sorted(p for p in root.rglob("*") if p.is_file())
    files = [p for p in files if not any(p.as_posix().endswith(f) for f in _FAULTS)]
    out = []
    for p in files:
        try:
            log = parse_log(p.read_bytes(), str(p))
        except ValueError:
            continue
        seed = log.start.seed or ""
        if log.start.players != 4 or not seed.startswith("mt19937ar-sha512-n288-base64,"):
            continue
        out.append((p, log))
    if limit is not None:
        step = max(1, len(out) // limit)
        out = out[::step][:limit]
    return out


def compare_game(log, tmp: str, faults: dict | None = None) -> tuple[int, list[str]]:
    """(decision points compared, differences not explained) for one game; ``faults``
    counts the explained differences by reason."""
    path = os.path.join(tmp, "game.jsonl")
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(to_mjai_lines(log, extensions=False))
    info: list[dict] = []
    ours_all = riichi_decisions(log, info)
    theirs_all = env_decisions(path)
    problems = []
    n = 0
    if len(ours_all) != len(theirs_all):
        problems.append(f"{len(ours_all)} rounds vs riichienv's {len(theirs_all)}")

    def explained(why: str) -> None:
        if faults is not None:
            faults[why] = faults.get(why, 0) + 1

    for k, (ours, theirs) in enumerate(zip(ours_all, theirs_all)):
        fur = info[k]["furiten"]
        i = j = 0  # riichi's point, riichienv's point
        failed = False
        while i < len(ours) and j < len(theirs):
            a, b = ours[i], theirs[j]
            n += 1
            if a == b[: len(a)]:  # riichienv's claim points also carry the logged answers
                i += 1
                j += 1
                continue
            if a[0] != "claim":  # riichienv has a claim point riichi has not
                why = _furiten_ron_fault(None, b, fur.get(i, frozenset()))
                if why is not None:
                    explained(why)
                    j += 1
                    continue
            discarder = ours[i - 1][1] if i and ours[i - 1][0] == "turn" else None
            logged = info[k]["answers"].get(i)
            why = _riichienv_fault(a, b, theirs[j - 1] if j else None, discarder, logged)
            if why is None:
                why = _furiten_ron_fault(a, b, fur.get(i, frozenset()))
            if why is None:
                problems.append(f"round {k} decision {i}: riichi {a} vs riichienv {b}")
                failed = True
                break
            explained(why)
            i += 1
            j += 1
        if failed:
            continue
        while j < len(theirs) and i == len(ours):  # riichienv's claim point after the last
            why = _furiten_ron_fault(None, theirs[j], fur.get(i, frozenset()))
            if why is None:
                break
            explained(why)
            j += 1
        if len(ours) - i != len(theirs) - j:
            why = _round_end_fault(ours[i:], theirs[j:], info[k]["end"])
            if why is None:
                problems.append(f"round {k}: {len(ours)} decisions vs riichienv's {len(theirs)}")
            else:
                explained(why)
    return n, problems


def _run(limit: int | None) -> None:
    games = _games(limit)
    assert games
    bad = []
    total = 0
    faults: dict[str, int] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for p, log in games:
            n, problems = compare_game(log, tmp, faults)
            total += n
            if problems:
                bad.append(f"{p.name}: {problems[0]}")
    assert not bad, f"{len(bad)} of {len(games)} games differ:\n" + "\n".join(bad[:20])
    assert total > 50 * len(games)
    print(f"{len(games)} games, {total} decision points; riichienv's faults: {faults}")


def test_legal_actions_agree_with_riichienv_on_a_sample():
    _run(8)


@pytest.mark.slow
def test_legal_actions_agree_with_riichienv_on_240_games(request):
    require_slow(request)
    # RIICHI_DIFF_GAMES=0 runs every four-player seeded game of the corpus
    n = int(os.environ.get("RIICHI_DIFF_GAMES", "240"))
    _run(n or None)
