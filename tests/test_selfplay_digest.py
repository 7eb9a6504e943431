"""Self-play behaves as recorded: the first games of ``tools/selfplay_digest.py`` (seeded,
under every rule variant it names, three and four players) hash to the committed digest.

The digest hashes each game's whole event stream, the actions stepped and the final result,
so a change in the offered actions, their order, the events or the settlement shows here.
When a change of behaviour is intended, regenerate the file and say why in the commit:
``python tools/selfplay_digest.py --out tests/data/selfplay_digest.txt``.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _tool():
    spec = importlib.util.spec_from_file_location("selfplay_digest", ROOT / "tools" / "selfplay_digest.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_first_games_match_the_committed_digest():
    tool = _tool()
    want = (ROOT / "tests" / "data" / "selfplay_digest.txt").read_text().split("\n")
    want = [w for w in want if w]
    assert len(want) == 200
    first = 2 * len(tool.VARIANTS)  # every variant twice
    got = tool.digest(first)
    assert got == want[:first]
