"""The documentation site's code runs as written, and its Rules table is riichi.Rules'.

Every ```python block of a page runs, in order, in one namespace per page (as a reader
would paste them); the table hook (docs/_hooks/rules_table.py) lists every Rules field and
refuses a field the Rules docstring does not describe. `mkdocs build --strict` itself runs
in .ci/run.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import re
from pathlib import Path

import pytest

import riichi

DOCS = Path(__file__).resolve().parents[1] / "docs"
PAGES = sorted(
    p.relative_to(DOCS).as_posix()
    for p in DOCS.rglob("*.md")
    if "```python" in p.read_text(encoding="utf-8")
)


def _blocks(page: str) -> list[str]:
    return re.findall(r"```python\n(.*?)```", (DOCS / page).read_text(encoding="utf-8"), re.S)


def test_the_pages_with_code_are_found():
    assert {"tutorials/analysis.md", "tutorials/referee.md", "tutorials/logs.md"} <= set(PAGES)


@pytest.mark.parametrize("page", PAGES)
def test_the_code_of_each_page_runs(page, capsys):
    ns: dict = {"__name__": f"docs:{page}"}
    for i, block in enumerate(_blocks(page)):
        exec(compile(block, f"{page} block {i}", "exec"), ns)
    capsys.readouterr()


def test_the_analysis_tutorial_says_what_the_code_gives(capsys):
    ns: dict = {}
    for block in _blocks("tutorials/analysis.md"):
        exec(compile(block, "analysis", "exec"), ns)
    out = capsys.readouterr().out
    assert "['1z', '2z']" in out and "[1z, 2z] [2, 2] 4" in out
    assert ns["y"].yakuman == [("suuankou_tanki", 1)]
    assert "bad hand: invalid tile notation" in out
    assert "invalid hand: item 12 is 31 (an int), not a riichi.TileKind like item 0 (1m)" in out
    assert ns["sh"].shape == (10_000,) and ns["sh"].min() >= -1


def test_the_referee_tutorial_plays_a_game_to_its_end(capsys):
    ns: dict = {}
    for block in _blocks("tutorials/referee.md"):
        exec(compile(block, "referee", "exec"), ns)
    out = capsys.readouterr().out
    assert "refused:" in out
    assert isinstance(ns["hand"], riichi.Hand) and len(ns["hand"]) == 14


def _hook():
    spec = importlib.util.spec_from_file_location("rules_table", DOCS / "_hooks" / "rules_table.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_the_rules_table_has_every_field_with_its_default():
    table = _hook().rules_table()
    fields = [f for f in dataclasses.fields(riichi.Rules) if not f.name.startswith("_")]
    rows = {
        line.split("|")[1].strip().split("`")[1]: line
        for line in table.split("## Every field")[0].splitlines()[2:]
        if line.startswith("| [")
    }
    sections = dict(re.findall(r"^### `(\w+)` \{#\w+\}\n\n(.*?)(?=^### |\Z)", table, re.S | re.M))
    assert set(rows) == set(sections) == {f.name for f in fields}
    default = riichi.Rules()
    for f in fields:
        assert rows[f.name].split("|")[2].strip() == f"`{getattr(default, f.name)!r}`"
        assert f"default `{getattr(default, f.name)!r}`" in sections[f.name]
    assert "mahjong_soul: `'triple'`" in sections["multiple_ron"]  # a preset that differs
    assert "Tenhou" in sections["kuikae"]  # the field's text, with its rule source
    assert "[`sudden_death_renchan`](#sudden_death_renchan)" in sections["extension"]
    assert "`end_target`" in sections["extension"]  # a property, not a field: no link


def test_the_rules_table_refuses_a_field_without_text(monkeypatch):
    hook = _hook()
    doc = riichi.Rules.__doc__
    monkeypatch.setattr(riichi.Rules, "__doc__", doc.replace("        wareme:", "        xwareme:"))
    with pytest.raises(ValueError, match="wareme"):
        hook.rules_table()


def test_field_docs_reads_continuation_lines_and_lists():
    docs = _hook().field_docs(
        """Head.

        Attributes:
            a: first line
                second line.
            b: a list:

                - one
                - two

        Other:
            c: not an attribute
        """
    )
    assert docs == {"a": "first line\nsecond line.", "b": "a list:\n\n- one\n- two"}


def test_importing_riichi_main_runs_no_command(capsys):
    # the docs build imports every module to read its docstrings: `riichi.__main__` ran the
    # command line with mkdocs' own arguments and printed a usage error into the build
    import importlib

    importlib.import_module("riichi.__main__")
    out = capsys.readouterr()
    assert "usage:" not in out.out + out.err
