"""``import riichi`` stays light: the extension and the errors, nothing else until asked.

The round engine, the log readers and writers and NumPy load when a name from them is first
used (issue 10: import plus the first shanten call within 50 ms of CPU; the timing itself is
measured by benches/bench_startup.py, not asserted here). Every public name still resolves
to the object its module defines.
"""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

PYTHON_DIR = Path(__file__).resolve().parents[1] / "python"


def _modules_after(code: str) -> list[str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(PYTHON_DIR), env.get("PYTHONPATH", "")])
    probe = (
        f"{code}\nimport json, sys\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in ('riichi', 'numpy'))))"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], env=env, check=True, capture_output=True, text=True
    )
    return json.loads(out.stdout)


def test_import_and_a_shanten_call_load_only_the_extension():
    loaded = _modules_after("import riichi\nassert riichi.shanten('123m456p789s1122z') == 0")
    assert loaded == ["riichi", "riichi._core", "riichi.errors"]


def test_a_name_loads_its_module_on_first_use():
    loaded = _modules_after("import riichi\nriichi.Round")
    assert "riichi.round" in loaded and "numpy" not in loaded
    loaded = _modules_after("import riichi\nriichi.scoring.YAKU_IDS")
    assert "riichi.scoring" in loaded and "riichi.round" not in loaded


def test_every_public_name_is_the_one_its_module_defines():
    import riichi

    homes = dict(riichi._LAZY)
    for name in riichi.__all__:
        value = getattr(riichi, name)
        if name in homes:
            assert value is getattr(importlib.import_module(homes[name]), name), name
        elif name in riichi._SUBMODULES:
            assert value is importlib.import_module(f"riichi.{name}")
    assert set(riichi._SUBMODULES) <= set(dir(riichi))
    try:
        riichi.no_such_name  # noqa: B018
    except AttributeError as e:
        assert "no_such_name" in str(e)
    else:
        raise AssertionError("an unknown attribute resolved")
