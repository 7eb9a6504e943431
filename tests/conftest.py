"""Shared test fixtures: where ../shared (real logs, worked rule cases) lives."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

SHARED = Path(
    os.environ.get("RIICHI_SHARED", Path(__file__).resolve().parents[1] / ".." / "shared")
)


def rule_case(case_id: str) -> dict:
    """The worked rule case `case_id` from ../shared/cases/rule-cases.jsonl (skips if absent)."""
    path = SHARED / "cases" / "rule-cases.jsonl"
    if not path.exists():
        pytest.skip(f"worked rule cases not found at {path}")
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            case = json.loads(line)
            if case["id"] == case_id:
                return case
    raise KeyError(case_id)


@pytest.fixture(scope="session")
def shared() -> Path:
    """Path of ../shared; skips the test when it is not there."""
    if not SHARED.exists():
        pytest.skip(f"shared data not found at {SHARED}")
    return SHARED


# Hypothesis's per-example deadline (200 ms by default) is wall time: on a shared or loaded
# machine a correct test missed it (tests/test_events.py's round trip took 268 ms in a clean
# clone's run of the README's test command) and failed as DeadlineExceeded. Speed is judged
# in benches/, never by a timed test, so no property test carries a deadline.
try:
    from hypothesis import settings as _hypothesis_settings
except ImportError:  # pragma: no cover - hypothesis is in the test extra
    pass
else:
    _hypothesis_settings.register_profile("riichi", deadline=None)
    _hypothesis_settings.load_profile("riichi")
