"""Independent slow reference for hand decomposition, used by the property tests.

Written from the rules, not from the Rust code: recursive search over blocks holding the
lowest remaining tile, every form, every wait shape.
"""

from __future__ import annotations

from collections.abc import Iterable

YAOCHUU = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
SUITS = "mpsz"

Block = tuple[str, int]  # ("sequence" | "triplet" | "pair", kind)


def block_tiles(block: Block) -> list[int]:
    kind, t = block
    if kind == "sequence":
        return [t, t + 1, t + 2]
    return [t] * (3 if kind == "triplet" else 2)


def can_sequence(t: int) -> bool:
    return t < 27 and t % 9 <= 6


def meld_sets(counts: list[int]) -> set[tuple[Block, ...]]:
    """Every multiset of sequences/triplets covering counts exactly (sorted tuples)."""
    i = next((k for k in range(34) if counts[k]), None)
    if i is None:
        return {()}
    out: set[tuple[Block, ...]] = set()
    options: list[Block] = []
    if counts[i] >= 3:
        options.append(("triplet", i))
    if can_sequence(i) and counts[i + 1] and counts[i + 2]:
        options.append(("sequence", i))
    for b in options:
        rest = list(counts)
        for t in block_tiles(b):
            rest[t] -= 1
        for tail in meld_sets(rest):
            out.add(tuple(sorted((b, *tail))))
    return out


def regular_readings(counts: list[int]) -> set[tuple[Block, ...]]:
    """Every regular decomposition: melds then one pair."""
    if sum(counts) % 3 != 2:
        return set()
    out = set()
    for p in range(34):
        if counts[p] >= 2:
            rest = list(counts)
            rest[p] -= 2
            for ms in meld_sets(rest):
                out.add((*ms, ("pair", p)))
    return out


def is_chiitoitsu(counts: list[int]) -> bool:
    return sum(counts) == 14 and sum(1 for c in counts if c == 2) == 7


def is_kokushi(counts: list[int]) -> bool:
    return (
        sum(counts) == 14
        and all(counts[k] >= 1 for k in YAOCHUU)
        and sum(counts[k] for k in YAOCHUU) == 14
    )


def is_complete(counts: list[int]) -> bool:
    if any(c > 4 for c in counts):
        return False
    return bool(regular_readings(counts)) or is_chiitoitsu(counts) or is_kokushi(counts)


def shape(block: Block, win: int) -> str:
    kind, t = block
    if kind == "triplet":
        return "shanpon"
    if kind == "pair":
        return "tanki"
    off = win - t
    number = t % 9 + 1
    if off == 1:
        return "kanchan"
    if (off == 2 and number == 1) or (off == 0 and number == 7):
        return "penchan"
    return "ryanmen"


def waits(concealed: list[int], all_counts: list[int]) -> dict[int, set[str]]:
    """Winning kinds -> shapes, skipping kinds whose 4 copies the player holds."""
    out: dict[int, set[str]] = {}
    for k in range(34):
        if all_counts[k] >= 4:
            continue
        c = list(concealed)
        c[k] += 1
        shapes = {shape(b, k) for r in regular_readings(c) for b in set(r) if k in block_tiles(b)}
        if is_chiitoitsu(c) or is_kokushi(c):
            shapes.add("tanki")
        if shapes:
            out[k] = shapes
    return out


def counts_of(tiles: Iterable[int]) -> list[int]:
    c = [0] * 34
    for t in tiles:
        c[t] += 1
    return c


def mpsz(counts: list[int]) -> str:
    s = ""
    for suit in range(4):
        digits = "".join(str(n + 1) * counts[suit * 9 + n] for n in range(9 if suit < 3 else 7))
        if digits:
            s += digits + SUITS[suit]
    return s
