"""Every public function of riichi says what it raises (STYLE.md: docstrings carry the
contract), every example in the public docstrings runs as written (doctest), and the tile
name functions refuse what they used to drop (a red five the counts do not hold, a red
non-five)."""

from __future__ import annotations

import doctest
import inspect
import re

import pytest

import riichi

#: Functions whose docstrings show a worked example (each must have one that runs).
WITH_EXAMPLES = [
    "payment", "nagashi_mangan", "parse_tile", "parse_tiles", "parse_counts",
    "format_counts", "tile_name", "mjai_name", "parse_mjai", "Hand.parse", "Meld.parse",
    "Rules.replace", "Hand",
]  # fmt: skip

#: Public methods that take arguments a caller can get wrong (beside riichi.__all__'s
#: functions): each says what it raises.
METHODS = [
    "Hand.parse", "Hand.from_counts", "Hand.from_ids", "Meld.parse", "Rules.replace",
    "Rules.from_dict", "Rules.from_json", "Rules.preset", "Rules.tenhou_lobby", "Rules.tenhou",
    "Rules.tenhou_sanma", "Rules.mahjong_soul", "Rules.mahjong_soul_sanma",
]  # fmt: skip


def _public() -> dict[str, object]:
    """riichi.__all__'s functions and classes, and the public methods and properties of the
    classes (not the data fields: their docstring is the value's type's)."""
    out: dict[str, object] = {}
    for name in riichi.__all__:
        obj = getattr(riichi, name)
        if inspect.ismodule(obj):
            continue
        out[name] = obj
        if inspect.isclass(obj):
            for attr, raw in vars(obj).items():
                if attr.startswith("_"):
                    continue
                member = getattr(obj, attr)
                if inspect.isroutine(member) or isinstance(raw, property) or inspect.isdatadescriptor(raw):
                    out[f"{name}.{attr}"] = member
    return out


def _doctests() -> dict[str, doctest.DocTest]:
    parser = doctest.DocTestParser()
    out = {}
    for name, obj in _public().items():
        doc = inspect.getdoc(obj)
        if doc and ">>>" in doc:
            out[name] = parser.get_doctest(doc, {"riichi": riichi}, f"riichi.{name}", None, 0)
    return out


def test_every_public_function_says_what_it_raises():
    silent = []
    public = _public()
    functions = [n for n in riichi.__all__ if inspect.isroutine(getattr(riichi, n))]
    for name in functions + METHODS:
        doc = inspect.getdoc(public[name]) or ""
        if not re.search(r"^\s*Raises:|[Ee]rrors as `", doc, re.M):
            silent.append(name)
    assert silent == []


@pytest.mark.parametrize("name", WITH_EXAMPLES)
def test_the_documented_functions_show_an_example(name):
    test = _doctests().get(name)
    assert test is not None and test.examples, f"riichi.{name} has no example"


def test_every_example_in_the_public_docstrings_runs():
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    tests = _doctests()
    for test in tests.values():
        runner.run(test, out=lambda _: None)
    failed, tried = runner.summarize(verbose=False)
    assert failed == 0, [n for n, t in tests.items() if runner.run(t).failed]
    assert tried >= 20


def test_format_counts_refuses_a_red_five_the_counts_do_not_hold():
    counts = [0] * 34
    with pytest.raises(riichi.RiichiError, match="red: 1 red 5m but the counts hold 0 5m"):
        riichi.format_counts(counts, red=(1, 0, 0))
    counts[13] = 1
    assert riichi.format_counts(counts, red=(0, 1, 0)) == "0p"
    with pytest.raises(riichi.RiichiError, match="2 red 5p but the counts hold 1 5p"):
        riichi.format_counts(counts, red=(0, 2, 0))


@pytest.mark.parametrize("fn", [riichi.tile_name, riichi.mjai_name])
def test_tile_names_refuse_red_for_a_tile_that_is_not_a_five(fn):
    for kind in (3, 14, 31):
        with pytest.raises(riichi.RiichiError, match=f"red: True for kind {kind}"):
            fn(kind, red=True)
    assert fn(22, red=True) in ("0s", "5sr")
