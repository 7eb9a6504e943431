"""The bot side type-checks clean: ``mypy python/riichi/mjai python/riichi/bots`` (as CI runs
it in .ci/run) finds no error. It flagged Optional values used unchecked (a kakan's pon
source, the loop index reused for a lookup that may find nothing), a red-five tuple of any
length and a frozenset passed where the meld builder declared a sequence."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine_support import require_slow

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_mjai_and_bots_type_check_clean(request, tmp_path):
    require_slow(request)  # about 7 s of CPU: CI runs the same check as its own step
    api = pytest.importorskip("mypy.api")
    out, err, status = api.run([
        "--cache-dir", str(tmp_path / "mypy"), "--no-error-summary",
        str(ROOT / "python" / "riichi" / "mjai"), str(ROOT / "python" / "riichi" / "bots"),
    ])  # fmt: skip
    assert status == 0 and out == "", out + err
