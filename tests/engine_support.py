"""Shared helpers for the engine tests: rules and the opt-in for slow tests."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import riichi


def base_rules():
    return riichi.Rules.tenhou()


def make_rules(**kw):
    return dataclasses.replace(base_rules(), **kw)


def require_slow(request) -> None:
    """Skip unless the run opted in to slow tests with ``-m slow``."""
    import pytest

    if "slow" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("slow test: opt in with -m slow")
