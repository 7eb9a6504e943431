"""``riichi verify``: exit codes, the JSON report, --jobs, and per-file errors."""

from __future__ import annotations

import gzip
import json
import re
import shutil
from pathlib import Path

import pytest

from riichi.cli import _sample_paths, main

SAMPLE = _sample_paths()
KEYS = {
    "games",
    "rounds",
    "wins",
    "draws",
    "actions",
    "mismatches",
    "unsupported",
    "unreadable",
    "seconds",
}


def _run(tmp_path, *args):
    out = tmp_path / "v.json"
    code = main(["verify", "--quiet", *map(str, args), "--json", str(out)])
    return code, json.loads(out.read_text())


def test_bundled_sample_passes(tmp_path, capsys):
    assert len(SAMPLE) >= 6
    code, rep = _run(tmp_path)
    assert code == 0
    assert KEYS <= set(rep)
    for k in ("games", "rounds", "wins", "draws", "actions"):
        assert isinstance(rep[k], int) and rep[k] > 0, k
    assert rep["games"] == len(SAMPLE) and rep["mismatches"] == [] and rep["unreadable"] == []
    out = capsys.readouterr().out
    assert "games/s" in out and "actions checked" in out


def test_jobs_2_gives_the_same_counts(tmp_path):
    _, one = _run(tmp_path, *SAMPLE)
    _, two = _run(tmp_path, "--jobs", "2", *SAMPLE)
    for k in ("games", "rounds", "wins", "draws", "actions"):
        assert one[k] == two[k], k


def test_nonexistent_path_is_usage_error(tmp_path, capsys):
    assert main(["verify", str(tmp_path / "nope.xml")]) == 2
    assert "no such file" in capsys.readouterr().err


def _bad_files(folder: Path):
    good = Path(next(p for p in SAMPLE if p.endswith("pao.xml"))).read_bytes()
    (folder / "truncated.xml").write_bytes(good[: len(good) // 2])
    (folder / "not_xml.txt").write_bytes(b"hello, this is not a log\n")
    (folder / "wrong_format.json").write_text('{"foo": 1}')
    (folder / "tile_out_of_range.xml").write_bytes(re.sub(rb"<T\d+/>", b"<T999/>", good, count=1))
    (folder / "truncated.gz").write_bytes(gzip.compress(good)[:100])


def test_bad_files_are_reported_and_the_batch_goes_on(tmp_path):
    d = tmp_path / "logs"
    d.mkdir()
    _bad_files(d)
    shutil.copy(next(p for p in SAMPLE if p.endswith("pao.xml")), d / "ok.xml")
    code, rep = _run(tmp_path, d)
    assert code == 1
    bad = {Path(u["file"]).name: u for u in rep["unreadable"]}
    assert set(bad) == {
        "truncated.xml",
        "not_xml.txt",
        "wrong_format.json",
        "tile_out_of_range.xml",
        "truncated.gz",
    }
    for u in bad.values():
        assert u["position"] and u["reason"]
    assert "out of range" in bad["tile_out_of_range.xml"]["reason"]
    assert rep["games"] == 1 and rep["mismatches"] == []


def test_a_mismatch_exits_1(tmp_path):
    src = Path(next(p for p in SAMPLE if p.endswith("pao.xml"))).read_text()
    # change the first win's fu (ten="fu,points,limit")
    i = src.index('ten="', src.index("<AGARI")) + 5
    j = src.index(",", i)
    f = tmp_path / "edited.xml"
    f.write_text(src[:i] + str(int(src[i:j]) + 10) + src[j:])
    code, rep = _run(tmp_path, f)
    assert code == 1
    m = rep["mismatches"][0]
    assert set(m) >= {"file", "round", "event_index", "field", "logged", "computed", "detail"}
    assert m["field"] == "hora.fu"


def test_unwritable_json_path_is_a_usage_error_before_any_replay(tmp_path, capsys):
    code = main(["verify", "--quiet", "--json", str(tmp_path / "no" / "such" / "dir.json")])
    err = capsys.readouterr()
    assert code == 2 and "--json" in err.err and "games" not in err.out


def test_json_dash_writes_the_report_to_stdout(capsys):
    code = main(["verify", "--quiet", "--json", "-"])
    out = capsys.readouterr()
    rep = json.loads(out.out)  # stdout holds the report alone
    assert code == 0 and rep["games"] == len(SAMPLE) and "games/s" in out.err


def test_a_folder_with_no_file_is_no_pass(tmp_path, capsys):
    # an emptied or mistyped log folder must fail a CI step, not pass it with 0 games
    (tmp_path / "logs" / "sub").mkdir(parents=True)
    code = main(["verify", "--quiet", str(tmp_path / "logs")])
    out = capsys.readouterr().out
    assert code == 1 and "OK:" not in out
    assert "NOTHING REPLAYED: no file under the paths given" in out
    assert main(["verify", "--quiet", "--json", "-", str(tmp_path / "logs")]) == 1
    assert json.loads(capsys.readouterr().out)["files"] == 0


def test_only_unsupported_games_are_not_called_ok(tmp_path, capsys):
    # a Tenhou protocol transcript: one player's view, unsupported as a whole (3-player games,
    # the earlier example here, are replayed now)
    src = Path(__file__).resolve().parents[2] / "shared/data/tenhou_protocol/dnovikoff-tenhou"
    if not (src / "first.log").is_file():
        pytest.skip(f"no protocol transcript under {src}")
    view = tmp_path / "first.log"
    shutil.copy(src / "first.log", view)
    code = main(["verify", "--quiet", str(view)])
    out = capsys.readouterr().out
    assert "OK:" not in out and "NOTHING REPLAYED" in out
    assert code == 0  # nothing disagreed and nothing was unreadable: unsupported, not passed


def _linked_tree(tmp_path: Path) -> Path:
    """top/ holds one log, a link to a folder of another, a link up to its own parent and a
    link to the root; the two up-links would loop or climb out of top/."""
    real = tmp_path / "elsewhere" / "sub"
    real.mkdir(parents=True)
    shutil.copy(next(p for p in SAMPLE if p.endswith("pao.xml")), real / "pao.xml")
    top = tmp_path / "top"
    top.mkdir()
    shutil.copy(next(p for p in SAMPLE if p.endswith("bye.xml")), top / "bye.xml")
    (top / "linked").symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    (top / "twice").symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    (top / "up").symlink_to(tmp_path, target_is_directory=True)
    (top / "root").symlink_to(Path(tmp_path.anchor), target_is_directory=True)
    return top


def test_linked_folders_are_read_and_looping_links_reported(tmp_path):
    import riichi
    from riichi.convert import convert_logs

    top = _linked_tree(tmp_path)
    # the linked folder's log is read once (two links to it), each up-link is reported
    code, rep = _run(tmp_path, top)
    assert code == 1 and rep["games"] == 2 and rep["mismatches"] == []
    bad = {Path(u["file"]).name: u["reason"] for u in rep["unreadable"]}
    assert set(bad) == {"up", "root"}
    assert all("a folder that holds it; not followed" in why for why in bad.values())
    got = dict(riichi.read_logs([top]))
    assert sorted(Path(p).relative_to(top).as_posix() for p in got) == [
        "bye.xml", "linked/sub/pao.xml", "root", "up",
    ]  # fmt: skip
    assert isinstance(got[str(top / "up")], riichi.LogFormatError)
    result = convert_logs([str(top)], str(tmp_path / "out"), "mjai")
    assert len(result.written) == 2 and sorted(Path(p).name for p, _ in result.failed) == ["root", "up"]
    assert (tmp_path / "out" / "linked" / "sub" / "pao.jsonl").is_file()


def test_a_folder_that_cannot_be_listed_is_reported(tmp_path, monkeypatch):
    import os

    import riichi

    top = tmp_path / "top"
    (top / "locked").mkdir(parents=True)
    shutil.copy(next(p for p in SAMPLE if p.endswith("pao.xml")), top / "pao.xml")
    real_scandir = os.scandir

    def scandir(path="."):  # as for a folder without read permission (tests may run as root)
        if os.fspath(path).endswith("locked"):
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)
    code, rep = _run(tmp_path, top)
    assert code == 1 and rep["games"] == 1
    [u] = rep["unreadable"]
    assert u["file"].endswith("locked") and "cannot list: Permission denied" in u["reason"]
    got = dict(riichi.read_logs([top]))
    assert "cannot list: Permission denied" in str(got[str(top / "locked")])
