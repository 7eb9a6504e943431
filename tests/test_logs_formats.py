"""Every log format is sniffed by content and named in ``riichi verify --help``."""

from __future__ import annotations

import io
import json
import zipfile

import pytest

from riichi import LogFormatError
from riichi.cli import build_parser
from riichi.logs import parse_log, sniff_format
from riichi.logs.sniff import FORMATS, is_zip

SAMPLES = {
    "tenhou_xml": b'<mjloggm ver="2.3"></mjloggm>',
    "tenhou6": b'{"title": ["", ""], "log": [[[0, 0, 0], [25000]]]}',
    "mjai": b'{"type":"start_game","names":["a","b","c","d"]}\n',
    "kobalab": b'{"title": "x", "log": [[ {"qipai": {}} ]]}',
    "majsoul": b'{"head": {}, "data": {"name": ".lq.GameDetailRecords", "data": {}}}',
    "riichi_city": b'{"playerCount": 3, "handRecord": [{"handEventRecord": []}]}',
    "tenhou_protocol": b'Send: <HELO name="x" />\nGet: <HELO uname="x"/>\n',
}


@pytest.mark.parametrize("fmt", FORMATS)
def test_each_format_is_sniffed(fmt):
    assert sniff_format(SAMPLES[fmt]) == fmt
    assert sniff_format(b"\xef\xbb\xbf \n" + SAMPLES[fmt]) == fmt  # BOM and blanks


def test_hex_dump_transcripts_are_sniffed():
    assert sniff_format(b"*** Begin logging at Mon Mar 31 22:37:29 2008\n") == "tenhou_protocol"


def test_a_zip_is_a_container_not_a_log():
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("a.json", json.dumps({"log": []}))
    assert is_zip(buf.getvalue()) and not is_zip(SAMPLES["kobalab"])
    with pytest.raises(LogFormatError, match="zip archive holds many logs"):
        parse_log(buf.getvalue(), "a.zip")


def test_verify_help_names_every_format_and_zips():
    sub = build_parser()._subparsers._group_actions[0].choices["verify"]  # type: ignore[union-attr]
    text = sub.format_help()
    for name in ("mjlog", "tenhou.net/6", "mjai", "kobalab", "Mahjong Soul", "Riichi City",
                 "protocol", "zip"):  # fmt: skip
        assert name in text, name


def test_a_batch_of_bad_new_format_files_goes_on(tmp_path, shared):
    from riichi.logs import read_logs

    ms = shared / "data" / "majsoul_raw" / "majsoul-replay-editor" / "paipu_record.json"
    kb = shared / "data" / "majiang_kobalab" / "mahjonglm" / "2023012721gm-00e1-0000-72b6b9d6.json"
    if not (ms.exists() and kb.exists()):
        pytest.skip("shared data not found")
    (tmp_path / "a_ms_cut.json").write_bytes(ms.read_bytes()[:5000])
    (tmp_path / "b_proto.log").write_bytes(b"Send: <HELO/>\nGet: <LN n='x'/>\n")
    (tmp_path / "c_kb_cut.txt").write_bytes(kb.read_bytes()[:3000])
    (tmp_path / "d_good.txt").write_bytes(kb.read_bytes())
    out = list(read_logs([tmp_path]))
    errs = [g for _, g in out if isinstance(g, LogFormatError)]
    assert [n.rsplit("/", 1)[-1] for n, _ in out] == [
        "a_ms_cut.json", "b_proto.log", "c_kb_cut.txt", "d_good.txt",
    ]  # fmt: skip
    assert len(errs) == 3 and not isinstance(out[3][1], Exception)
    for (name, _), e in zip(out, errs):
        assert e.file == name and e.position and e.reason and str(e).startswith(name)
