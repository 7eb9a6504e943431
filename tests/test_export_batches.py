"""``riichi export`` / ``riichi.mining.export.export`` take ``games_per_batch`` and
``batch_bytes`` (and the command line ``--batch-rows`` too): honoured (the row groups
written change, the rows do not), refused by name when not an int of at least 1, and the
defaults the help shows are the library's."""

from __future__ import annotations

import inspect
import re
import zipfile
from importlib.resources import files

import pytest

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

from riichi.cli import main
from riichi.errors import RiichiError
from riichi.mining import export as E
from riichi.mining import tables as T


@pytest.fixture(scope="module")
def archive(tmp_path_factory):
    """A zip of the four smallest bundled sample games (several games in one file: chunks
    matter)."""
    games = sorted((p for p in (files("riichi") / "data" / "games").iterdir() if p.is_file()),
                   key=lambda p: len(p.read_bytes()))[:4]  # fmt: skip
    path = tmp_path_factory.mktemp("in") / "games.zip"
    with zipfile.ZipFile(path, "w") as z:
        for g in games:
            z.writestr(g.name, g.read_bytes())
    return str(path)


def _groups(out, table="decisions"):
    meta = pq.ParquetFile(out / table / "part-00000.parquet").metadata
    return [meta.row_group(i).num_rows for i in range(meta.num_row_groups)]


def test_games_per_batch_and_batch_bytes_are_honoured(archive, tmp_path):
    tables = ["games", "decisions"]
    E.export([archive], tmp_path / "whole", tables, games_per_batch=10**6)
    E.export([archive], tmp_path / "one", tables, games_per_batch=1, batch_rows=1)
    E.export([archive], tmp_path / "bytes", tables, games_per_batch=1, batch_bytes=1)
    whole = _groups(tmp_path / "whole")
    games = pq.read_table(tmp_path / "whole" / "games").num_rows
    assert games == 4 and len(whole) == 1  # the file read as one chunk: one row group
    # one game per chunk, written at once: a row group per game that has decisions
    assert len(_groups(tmp_path / "one")) == len(_groups(tmp_path / "bytes")) >= games - 1
    assert sum(_groups(tmp_path / "one")) == sum(whole)
    # the rows are the same whatever the batches
    for name in ("one", "bytes"):
        for t in tables:
            assert pq.read_table(tmp_path / name / t).equals(pq.read_table(tmp_path / "whole" / t))


def test_the_worker_processes_get_the_sizes_too(archive, tmp_path):
    E.export([archive, archive], tmp_path / "o", ["decisions"], jobs=2, files_per_part=1,
             games_per_batch=1, batch_bytes=1)  # fmt: skip
    for part in ("part-00000.parquet", "part-00001.parquet"):
        meta = pq.ParquetFile(tmp_path / "o" / "decisions" / part).metadata
        assert meta.num_row_groups >= 3


@pytest.mark.parametrize("name", ["games_per_batch", "batch_bytes", "batch_rows"])
@pytest.mark.parametrize("bad", [0, -1, 1.5, "8", True, None, 2**70])
def test_a_bad_size_is_refused_by_name_before_reading(tmp_path, name, bad):
    if bad == 2**70:  # a huge int is a good bound (nothing is ever that large)
        E.export([str(tmp_path / "missing.json")], tmp_path / "o", ["errors"], **{name: bad})
        return
    with pytest.raises(RiichiError, match=rf"export: {name} must be an int of at least 1, got "
                       + re.escape(repr(bad))):  # fmt: skip
        E.export([str(tmp_path / "missing.json")], tmp_path / "o", ["games"], **{name: bad})
    assert not (tmp_path / "o").exists()


def test_write_part_refuses_a_bad_games_per_batch_without_files(tmp_path):
    with pytest.raises(RiichiError, match=r"write_part: games_per_batch .* got 0"):
        E.write_part(0, [], str(tmp_path / "o"), ["games"], games_per_batch=0)


def test_the_command_line_passes_the_sizes(archive, tmp_path, capsys):
    out = tmp_path / "cli"
    code = main(["export", archive, "-o", str(out), "--tables", "games,decisions", "-q",
                 "--games-per-batch", "1", "--batch-bytes", "1", "--batch-rows", "100000"])  # fmt: skip
    assert code == 0, capsys.readouterr().err
    assert len(_groups(out)) >= 3
    default = tmp_path / "default"
    assert main(["export", archive, "-o", str(default), "--tables", "decisions", "-q"]) == 0
    assert len(_groups(default)) == 1
    capsys.readouterr()
    for flag in ("--games-per-batch", "--batch-bytes", "--batch-rows"):
        code = main(["export", archive, "-o", str(tmp_path / "bad"), flag, "0"])
        err = capsys.readouterr().err
        assert code == 2 and f"{flag[2:].replace('-', '_')} must be an int of at least 1, got 0" in err


def test_the_help_shows_the_library_defaults(capsys):
    with pytest.raises(SystemExit):
        main(["export", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    defaults = inspect.signature(E.export).parameters
    assert defaults["games_per_batch"].default == T.GAMES_PER_BATCH
    assert defaults["batch_bytes"].default == E.BATCH_BYTES
    for flag, value in (("--games-per-batch", T.GAMES_PER_BATCH),
                        ("--batch-bytes", E.BATCH_BYTES),
                        ("--batch-rows", defaults["batch_rows"].default)):  # fmt: skip
        m = re.search(rf"{flag} N .*?\(default (\d+)", text)
        assert m and int(m.group(1)) == value, flag
