"""Mutated logs: every reader either reads the input or raises LogFormatError, nothing else."""

from __future__ import annotations

import gzip
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from riichi import LogFormatError
from riichi.logs import parse_log

XML = (
    '<mjloggm ver="2.3"><GO type="169" lobby="0"/><UN n0="a" n1="b" n2="c" n3="d"/>'
    '<TAIKYOKU oya="0"/><INIT seed="0,0,0,2,3,52" ten="250,250,250,250" oya="0" '
    'hai0="0,1,2,3,4,5,6,7,8,9,10,11,12" hai1="13,14,15,17,18,19,20,21,22,23,24,25,26" '
    'hai2="27,28,29,30,31,32,33,34,35,36,37,38,39" '
    'hai3="40,41,42,43,44,45,46,47,48,49,50,51,53"/><T16/><D16/><U60/><E61/>'
    '<N who="0" m="16384"/><DORA hai="70"/><REACH who="1" step="1"/><AGARI ba="0,0" '
    'hai="13,14,15,17,18,19,20,21,22,23,24,25,26,61" machi="61" ten="30,1000,0" yaku="1,1" '
    'doraHai="52" doraHaiUra="9" who="1" fromWho="2" sc="250,0,250,10,250,-10,250,0" '
    'owari="250,5.0,260,15.0,240,-5.0,250,-15.0"/></mjloggm>'
)
SHARED = Path(
    os.environ.get("RIICHI_SHARED", Path(__file__).resolve().parents[1] / ".." / "shared")
)
T6_FILE = SHARED / "data" / "tenhou6" / "mjai-reviewer" / "double_ron.json"

mutations = st.lists(
    st.tuples(st.integers(0, 10_000), st.sampled_from(["flip", "drop", "dup", "digit"])),
    min_size=1,
    max_size=4,
)


def _mutate(data: bytes, muts: list[tuple[int, str]]) -> bytes:
    b = bytearray(data)
    for pos, kind in muts:
        if not b:
            break
        i = pos % len(b)
        if kind == "flip":
            b[i] ^= 1 << (pos % 7)
        elif kind == "drop":
            del b[i : i + 1 + pos % 5]
        elif kind == "dup":
            b[i:i] = b[i : i + 1 + pos % 7]
        else:
            b[i] = ord("0") + pos % 10
    return bytes(b)


def _check(data: bytes) -> None:
    try:
        parse_log(data, "fuzz")
    except LogFormatError as e:
        assert str(e).startswith("fuzz: ") and e.reason


@given(mutations)
@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow])
def test_mutated_mjlog(muts):
    parse_log(XML.encode(), "ok")  # the original reads
    _check(_mutate(XML.encode(), muts))
    _check(_mutate(gzip.compress(XML.encode()), muts))


@pytest.mark.skipif(not T6_FILE.exists(), reason=f"{T6_FILE} not found")
@given(mutations)
@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow])
def test_mutated_tenhou6(muts):
    text = T6_FILE.read_bytes()
    parse_log(text, "ok")
    _check(_mutate(text, muts))


@given(mutations)
@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
def test_mutated_mjai(muts):
    from riichi.logs import to_mjai_lines

    text = to_mjai_lines(parse_log(XML.encode(), "ok")).encode()
    _check(_mutate(text, muts))
