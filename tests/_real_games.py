"""Real games with decisions from ``../shared/data``, for the tests of the feature paths."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import riichi
from riichi.errors import RiichiError
from riichi.logs import read_games


def games_with_decisions(
    shared: Path, rel: str, decide: Callable[[Any], list], limit: int = 2
) -> list[tuple[str, Any, Any, list]]:
    """Up to ``limit`` (file, game id, game, decisions) from ``data/rel`` (a file or a
    folder; zips left out), each a game that reads and replays with at least one decision;
    ``decide(game)`` gives its decisions. Skips the test when ``data/rel`` is not there."""
    from riichi.mining.export import list_files

    path = shared / "data" / rel
    if not path.exists():
        pytest.skip(f"{path} not found")
    out: list[tuple[str, Any, Any, list]] = []
    for f in list_files([str(path)]):
        if f.endswith(".zip"):
            continue
        try:
            games = read_games(f)
        except riichi.LogFormatError:
            continue
        for gid, g in games:
            if isinstance(g, Exception):
                continue
            try:
                decs = decide(g)
            except RiichiError:
                continue
            if decs:
                out.append((f, gid, g, decs))
            if len(out) >= limit:
                return out
    return out
