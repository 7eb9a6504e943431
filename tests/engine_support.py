"""Shared helpers for the engine tests.

The engine asks the core for waits and scores through ``riichi._core_api``. Until the
core's ``riichi.waits`` / ``riichi.score`` / ``riichi.Rules`` exist on this branch, the tests
install the test-only reference implementations from ``_reference.py`` (a brute-force waits
checker and a flat 1000-basic-point scorer) so the flow logic can be tested on its own.
"""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import _reference as ref
import riichi
from riichi import _core_api as core

HAVE_CORE_SCORE = hasattr(riichi, "score") and hasattr(riichi, "waits")
HAVE_RULES = hasattr(riichi, "Rules")

if not HAVE_CORE_SCORE:
    core.set_backend(waits=ref.fake_waits, score=ref.fake_score, shanten=ref.fake_shanten)
elif not hasattr(riichi, "shanten"):
    core.set_backend(shanten=ref.fake_shanten)


def base_rules():
    return riichi.Rules.tenhou() if HAVE_RULES else ref.FakeRules()


def make_rules(**kw):
    return dataclasses.replace(base_rules(), **kw)


def require_slow(request) -> None:
    """Skip unless the run opted in to slow tests with ``-m slow``."""
    import pytest

    if "slow" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("slow test: opt in with -m slow")
