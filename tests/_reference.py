"""Test-only reference pieces: a brute-force waits checker, and stand-ins used only until
the core's scorer and Rules are available (see conftest.py)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

KOKUSHI = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


@cache
def _sets(counts: tuple[int, ...]) -> bool:
    """Whether counts split into complete sets (triplets and runs) exactly."""
    i = next((k for k, c in enumerate(counts) if c), -1)
    if i < 0:
        return True
    c = list(counts)
    if c[i] >= 3:
        c[i] -= 3
        if _sets(tuple(c)):
            return True
        c[i] += 3
    if i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        if _sets(tuple(c)):
            return True
    return False


def is_complete(counts: list[int] | tuple[int, ...]) -> bool:
    """Brute force: a 3n+2 concealed hand is a standard win, chiitoitsu or kokushi."""
    c = list(counts)
    total = sum(c)
    for k in range(34):
        if c[k] >= 2:
            c[k] -= 2
            if _sets(tuple(c)):
                return True
            c[k] += 2
    if total == 14:
        if sum(1 for x in c if x == 2) == 7:
            return True
        if all(c[k] for k in KOKUSHI) and sum(c[k] for k in KOKUSHI) == 14:
            return True
    return False


def brute_waits(counts: list[int] | tuple[int, ...]) -> frozenset[int]:
    """Wait kinds of a 3n+1 hand (a kind whose four copies are all held is not a wait)."""
    out = set()
    c = list(counts)
    for k in range(34):
        if c[k] >= 4:
            continue
        c[k] += 1
        if is_complete(c):
            out.add(k)
        c[k] -= 1
    return frozenset(out)


def is_kokushi(counts: list[int]) -> bool:
    return (
        sum(counts) == 14
        and all(counts[k] for k in KOKUSHI)
        and sum(counts[k] for k in KOKUSHI) == 14
    )


@dataclass
class FakeScore:
    """Stand-in score result: every complete hand has a yaku and is worth 1000 basic points."""

    is_agari: bool
    has_yaku: bool
    yakuman: list[str] = field(default_factory=list)
    ron_payment: int = 0
    tsumo_dealer_payment: int = 0
    tsumo_nondealer_payment: int = 0


def fake_score(hand, win_tile, *, tsumo, seat_wind, **kw) -> FakeScore:
    counts = list(hand.concealed)
    ok = is_complete(counts)
    yakuman = ["kokushi"] if ok and is_kokushi(counts) else []
    dragons = sum(1 for m in hand.melds if m.kind != "chi" and m.tile >= 31)
    dragons += sum(1 for k in (31, 32, 33) if counts[k] >= 3)
    if ok and dragons == 3:
        yakuman.append("daisangen")
    basic = 8000 if yakuman else 1000
    dealer = seat_wind == 0
    return FakeScore(
        ok,
        ok,
        yakuman,
        ron_payment=basic * (6 if dealer else 4),
        tsumo_dealer_payment=basic * 2,
        tsumo_nondealer_payment=basic * (2 if dealer else 1),
    )


def fake_waits(hand) -> frozenset[int]:
    return brute_waits(list(hand.concealed))


def fake_shanten(hand) -> int:
    """Only whether a 14-tile hand can reach tenpai with one discard (0) or not (1)."""
    c = list(hand.concealed)
    for k in range(34):
        if c[k]:
            c[k] -= 1
            w = brute_waits(c)
            c[k] += 1
            if w:
                return 0
    return 1


@dataclass(frozen=True)
class FakeRules:
    """Stand-in for riichi.Rules (Tenhou flow values) until the score branch is merged."""

    num_players: int = 4
    length: str = "hanchan"
    starting_points: int = 25000
    target_points: int = 30000
    extension: str = "west"
    tobi: bool = True
    agari_yame: bool = True
    tenpai_yame: bool = False
    renchan: str = "tenpai"
    uma: tuple[int, int, int, int] = (20, 10, -10, -20)
    oka: int = 20
    leftover_kyotaku_to_top: bool = True
    kuikae: str = "forbidden"
    open_kan_dora: str = "after_discard"
    kokushi_chankan_ankan: bool = False
    riichi_min_points: int = 1000
    riichi_min_live_tiles: int = 4
    furiten_riichi: bool = True
    multiple_ron: str = "double"
    sanchahou: bool = True
    kyuushu_kyuuhai: bool = True
    suufon_renda: bool = True
    suucha_riichi: bool = True
    suukaikan: bool = True
    nagashi_mangan: bool = True
    noten_payment: bool = True
    pao_daisangen: bool = True
    pao_daisuushi: bool = True
    pao_suukantsu: bool = False
    yakitori: bool = False
    wareme: bool = False
    honba_points: int = 300
    riichi_stick: int = 1000
    red_fives: tuple[int, int, int] = (1, 1, 1)
