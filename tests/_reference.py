"""Test-only reference: a brute-force completeness and waits checker for the self-play test."""

from __future__ import annotations

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
