"""Turning fuzz bytes into typed choices, deterministically (the same bytes, the same input).

A harness reads its input through :class:`Data` the way atheris' FuzzedDataProvider is read,
so the same harness serves the built-in seeded engine and atheris alike. Past the end of the
bytes every read returns its lowest choice, so a short input is a small, plain case.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, TypeVar

import numpy as np

T = TypeVar("T")

#: Values of the wrong type (or a surprising one of the right type) for any argument.
ODD_VALUES: tuple[Any, ...] = (
    None,
    True,
    False,
    0.0,
    1.0,
    -1,
    2**31,
    2**63,
    2**64,
    -(2**70),
    math.inf,
    math.nan,
    "",
    "1m",
    "\ud800",
    b"1m",
    [],
    [1],
    (),
    (0, 0),
    {},
    {"a": 1},
    np.int64(1),
    np.uint8(5),
    np.float32(1.0),
    np.array([1, 2], np.int64),
    object(),
)


class Data:
    """Typed reads from fuzz bytes, front to back."""

    def __init__(self, data: bytes) -> None:
        self._b = data
        self._i = 0

    def left(self) -> int:
        """Bytes not read yet."""
        return len(self._b) - self._i

    def byte(self) -> int:
        """The next byte (0 once the input is used up)."""
        if self._i >= len(self._b):
            return 0
        self._i += 1
        return self._b[self._i - 1]

    def int(self, lo: int, hi: int) -> int:
        """An int in ``lo..=hi``."""
        span = hi - lo
        if span <= 0:
            return lo
        v = 0
        for _ in range((span.bit_length() + 7) // 8):
            v = (v << 8) | self.byte()
        return lo + v % (span + 1)

    def chance(self, k: int) -> bool:
        """True with probability ``k / 256`` (for random bytes)."""
        return self.byte() < k

    def pick(self, seq: Sequence[T]) -> T:
        """One element of a non-empty sequence."""
        return seq[self.int(0, len(seq) - 1)]

    def odd(self) -> Any:
        """One of :data:`ODD_VALUES`."""
        return self.pick(ODD_VALUES)

    def text(self, alphabet: str, max_len: int) -> str:
        """A string of up to ``max_len`` characters of ``alphabet``."""
        return "".join(self.pick(alphabet) for _ in range(self.int(0, max_len)))

    def raw(self, n: int) -> bytes:
        """Up to ``n`` bytes as they are."""
        out = self._b[self._i : self._i + n]
        self._i += len(out)
        return out
