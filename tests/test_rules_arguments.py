"""Arguments that do not fit a ``Rules`` preset, constructor or method are refused with a
``RiichiError`` naming the call, the argument and the value (not Python's own TypeError)."""

from __future__ import annotations

import inspect

import pytest

import riichi
from riichi import Rules

CLASSMETHODS = sorted(
    name for name, attr in vars(Rules).items()
    if not name.startswith("_") and isinstance(attr, classmethod)
)  # fmt: skip


def test_every_preset_is_reached_by_a_checked_call():
    # each of the presets is a classmethod of its own or a row that Rules.preset builds
    assert len(Rules.presets()) == 19
    assert {"tenhou", "m_league", "riichi_city_sanma", "preset", "tenhou_lobby"} <= set(
        CLASSMETHODS
    )
    for name in Rules.presets():
        assert Rules.preset(name) == (getattr(Rules, name)() if name in CLASSMETHODS
                                      else Rules.preset(name))  # fmt: skip


def _params(name):
    return [p for p in inspect.signature(getattr(Rules, name)).parameters.values()
            if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]  # fmt: skip


class Marked:
    """A value whose repr the message must show."""

    def __repr__(self):
        return "<marked 7431>"


@pytest.mark.parametrize("name", CLASSMETHODS)
def test_a_value_too_many_is_refused_naming_the_preset_and_the_value(name):
    args = ["hanchan"] * len(_params(name)) + [Marked()]
    with pytest.raises(riichi.RiichiError, match=rf"Rules\.{name}: .*<marked 7431>"):
        getattr(Rules, name)(*args)


@pytest.mark.parametrize("name", CLASSMETHODS)
def test_an_unknown_keyword_is_refused_naming_the_preset_and_the_value(name):
    with pytest.raises(riichi.RiichiError, match=rf"Rules\.{name}: unknown argument nosuch=1\.5"):
        getattr(Rules, name)(nosuch=1.5)


@pytest.mark.parametrize("name", ["preset", "tenhou_lobby", "from_dict", "from_json"])
def test_a_missing_argument_is_named(name):
    (first, *_) = _params(name)
    with pytest.raises(riichi.RiichiError, match=rf"Rules\.{name}: missing argument {first.name}"):
        getattr(Rules, name)()


def test_the_m_league_preset_takes_no_arguments():
    with pytest.raises(riichi.RiichiError, match=r"Rules\.m_league: .*value\(s\) 1 .*no arguments"):
        Rules.m_league(1)
    with pytest.raises(riichi.RiichiError, match=r"Rules\.m_league: unknown argument length='x'"):
        Rules.m_league(length="x")


def test_an_argument_given_twice_is_named_with_both_values():
    with pytest.raises(riichi.RiichiError, match=r"length given twice \('tonpuusen' and 'full'\)"):
        Rules.tenhou("tonpuusen", length="full")
    with pytest.raises(riichi.RiichiError, match=r"Rules\(\): red_fives given twice"):
        Rules((0, 0, 0), red_fives=(1, 1, 1))


@pytest.mark.parametrize(
    "call,words",
    [
        (lambda: Rules().replace(1), ["Rules.replace", "value(s) 1", "**changes"]),
        (lambda: Rules().to_dict("x"), ["Rules.to_dict", "'x'"]),
        (lambda: Rules().to_json(indent=2), ["Rules.to_json", "indent=2"]),
        (lambda: Rules.presets(None), ["Rules.presets", "None"]),
    ],
)
def test_methods_refuse_arguments_they_do_not_take(call, words):
    with pytest.raises(riichi.RiichiError) as info:
        call()
    for w in words:
        assert w in str(info.value)


@pytest.mark.parametrize("name", [n for n in CLASSMETHODS if "length" in inspect.signature(
    getattr(Rules, n)).parameters])  # fmt: skip
@pytest.mark.parametrize("bad", [5, None, "east", ["hanchan"]])
def test_a_bad_length_names_the_preset(name, bad):
    with pytest.raises(riichi.RiichiError, match=rf"Rules\.{name} length: {bad!r}".replace("[", r"\[")):
        getattr(Rules, name)(bad)
    assert getattr(Rules, name)("tonpuusen").length == "tonpuusen"


def test_a_type_error_of_the_work_itself_is_not_renamed(monkeypatch):
    # only arguments that do not fit the signature become a RiichiError
    def broken(**changes):
        raise TypeError("from the work")

    monkeypatch.setattr("riichi.rules.dataclasses.replace", lambda *a, **k: broken())
    with pytest.raises(riichi.RiichiError, match=r"Rules\.replace: unexpected"):
        Rules().replace(False)
    with pytest.raises(TypeError, match="from the work"):
        Rules().replace(kuitan=False)


def test_good_calls_are_unchanged():
    assert Rules.tenhou("tonpuusen", red=False) == Rules(length="tonpuusen", red_fives=(0, 0, 0))
    assert Rules.tenhou_lobby(go_type=0x89) == Rules.preset("tenhou_go:0x89")
    assert Rules.from_dict(data={"kuitan": False}, base=Rules.wrc()).kuitan is False
    assert Rules().replace(kuitan=False).kuitan is False
    assert Rules.tenhou.__name__ == "tenhou" and "Tenhou ranked" in (Rules.tenhou.__doc__ or "")
