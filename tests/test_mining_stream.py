"""The tables of one file a chunk of games at a time (``iter_file_tables``), and ``riichi
export`` holding at most ``batch_rows`` plus one chunk, not a whole archive.

- The chunks of a zip archive of many games, concatenated, are the rows the whole file
  gives read at once, in the same order; there is more than one chunk.
- An unreadable archive member is an ``errors`` row in its chunk and the rest goes on.
- The Parquet parts ``export`` writes equal, row for row, the file's rows read whole.
- The Arrow memory held while exporting an archive is bounded by the chunk, not the file.
"""

from __future__ import annotations

import zipfile

import pytest

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

from riichi.errors import RiichiError
from riichi.mining import export as E
from riichi.mining import tables as T

ARCHIVE = "majiang_kobalab/mahjonglm/data2023_sample_v1.zip"  # 14 kobalab games
WHOLE = 10**9  # games per chunk: the whole file in one chunk


def _archive(shared):
    p = shared / "data" / ARCHIVE
    if not p.exists():
        pytest.skip(f"{p} not found")
    return str(p)


def _members(path):
    with zipfile.ZipFile(path) as z:
        return [(n, z.read(n)) for n in z.namelist() if not n.endswith("/")]


def _concat(chunks):
    return {t: pa.Table.from_batches([c[t] for c in chunks], T.schema(t)) for t in chunks[0]}


def test_an_archive_streams_in_chunks_holding_the_rows_read_whole(shared):
    path = _archive(shared)
    whole = list(T.iter_file_tables(path, None, games_per_batch=WHOLE))
    assert len(whole) == 1
    ref = whole[0]
    assert ref["games"].num_rows == len(_members(path)) > 3
    chunks = list(T.iter_file_tables(path, None, games_per_batch=3))
    n = ref["games"].num_rows
    assert len(chunks) == -(-n // 3)  # every 3 games, the last one smaller
    assert [c["games"].num_rows for c in chunks] == [3] * (n // 3) + ([n % 3] if n % 3 else [])
    for c in chunks:
        assert set(c) == set(ref)
        for t, b in c.items():
            assert b.schema.equals(T.schema(t), check_metadata=True), t
    got = _concat(chunks)
    for t, b in ref.items():
        assert got[t].num_rows == b.num_rows, t
        assert got[t].equals(pa.Table.from_batches([b], T.schema(t))), t
    # file_tables is the concatenation of the chunks (one path for both)
    ft = T.file_tables(path)
    for t, b in ref.items():
        assert ft[t].equals(b), t


def test_an_unreadable_member_is_an_errors_row_and_the_rest_goes_on(shared, tmp_path):
    members = _members(_archive(shared))[:4]
    z = tmp_path / "mixed.zip"
    with zipfile.ZipFile(z, "w") as out:
        for name, data in members[:2]:
            out.writestr(name, data)
        out.writestr("broken.json", b'{"title": ["x"], "log": [[')  # cut short
        for name, data in members[2:]:
            out.writestr(name, data)
    chunks = list(T.iter_file_tables(str(z), ["games", "errors"], games_per_batch=1))
    assert len(chunks) == 5  # one per member, the broken one included
    assert [c["games"].num_rows for c in chunks] == [1, 1, 0, 1, 1]
    bad = [r for r in chunks[2]["errors"].to_pylist() if r["kind"] == "unreadable"]
    assert len(bad) == 1 and bad[0]["game_id"].endswith("mixed.zip:broken.json"), bad
    assert bad[0]["reason"]
    assert not any(
        r["kind"] == "unreadable" for i, c in enumerate(chunks) if i != 2
        for r in c["errors"].to_pylist()
    )
    # the same rows as read whole
    ref = T.file_tables(str(z), ["games", "errors"])
    got = _concat(chunks)
    for t in ("games", "errors"):
        assert got[t].equals(pa.Table.from_batches([ref[t]], T.schema(t))), t


def test_a_file_with_no_game_gives_one_empty_chunk(tmp_path):
    z = tmp_path / "empty.zip"
    with zipfile.ZipFile(z, "w"):
        pass
    chunks = list(T.iter_file_tables(str(z), ["games", "errors"], games_per_batch=2))
    assert len(chunks) == 1
    assert chunks[0]["games"].num_rows == 0
    assert chunks[0]["games"].schema.equals(T.schema("games"), check_metadata=True)


@pytest.mark.parametrize("bad", [0, -1, 2.0, "3", True, None])
def test_a_bad_chunk_size_is_refused_at_the_call(tmp_path, bad):
    with pytest.raises(RiichiError, match="games_per_batch.*" + repr(bad)[:3].replace(".", r"\.")):
        T.iter_file_tables(str(tmp_path / "x.json"), ["games"], games_per_batch=bad)


def test_bad_arguments_are_refused_before_any_file_is_read(tmp_path):
    missing = str(tmp_path / "missing.json")
    with pytest.raises(RiichiError, match="unknown table"):
        T.iter_file_tables(missing, ["nope"])
    with pytest.raises(RiichiError, match="rules"):
        T.iter_file_tables(missing, ["games"], "tenhou")
    with pytest.raises(RiichiError, match="path"):
        T.iter_file_tables(3, ["games"])
    # a missing file is not an argument error: an errors row, as file_tables gives
    (chunk,) = T.iter_file_tables(missing, ["errors"])
    assert chunk["errors"].to_pylist()[0]["kind"] == "unreadable"


def test_export_of_a_folder_with_an_archive_writes_the_rows_read_whole(shared, tmp_path):
    path = _archive(shared)
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "games.zip").write_bytes(open(path, "rb").read())
    (folder / "broken.json").write_bytes(b'{"title": ["x"], "log": [[')
    files = E.list_files([str(folder)])
    tables = T.check_tables(None)
    out = tmp_path / "out"
    written = E.write_part(0, files, str(out), tables, batch_rows=50, games_per_batch=2)
    # the old way: each file's rows all at once (games.decisions needs decisions asked too)
    read = [next(T.iter_file_tables(f, tables, games_per_batch=WHOLE)) for f in files]
    for t in tables:
        ref = pa.Table.from_batches([r[t] for r in read], T.schema(t))
        assert written[t] == ref.num_rows, t
        if not ref.num_rows:
            assert not (out / t).exists(), t
            continue
        part = out / t / "part-00000.parquet"
        got = pq.read_table(part)
        assert got.equals(ref), t
    # the rows went out in row groups of batch_rows plus at most one chunk
    meta = pq.ParquetFile(out / "decisions" / "part-00000.parquet").metadata
    assert meta.num_row_groups > 2
    whole = next(T.iter_file_tables(path, ["decisions"], games_per_batch=WHOLE))["decisions"]
    assert max(meta.row_group(i).num_rows for i in range(meta.num_row_groups)) < whole.num_rows / 2


def test_export_holds_a_chunk_of_an_archive_not_the_whole_file(shared, tmp_path, monkeypatch):
    """The most Arrow memory (pyarrow's allocator: rows built and waiting to be written)
    held while one archive is exported, sampled at every chunk."""
    path = _archive(shared)
    peaks = []
    real = E.iter_file_tables

    def sampled(*a, **kw):
        for chunk in real(*a, **kw):
            peaks[-1] = max(peaks[-1], pa.total_allocated_bytes())
            yield chunk

    monkeypatch.setattr(E, "iter_file_tables", sampled)
    tables = ("games", "decisions", "errors")

    def peak(name, per):
        base = pa.total_allocated_bytes()
        peaks.append(base)
        E.write_part(0, [path], str(tmp_path / name), tables, batch_rows=200, games_per_batch=per)
        return peaks[-1] - base

    peak("warm", 2)  # first-use caches
    streamed = peak("streamed", 2)
    whole = peak("whole", WHOLE)
    # what the test guards against: the archive held whole grows with its games
    assert streamed * 2 < whole, (streamed, whole)


def test_wide_rows_are_written_by_bytes_not_only_by_row_count(shared, tmp_path):
    # decisions rows are hundreds of bytes: batch_rows alone would hold them all here
    path = _archive(shared)
    ref = next(T.iter_file_tables(path, ["decisions"], games_per_batch=WHOLE))["decisions"]
    cap = 1 << 20
    assert ref.nbytes > 3 * cap
    E.write_part(0, [path], str(tmp_path / "o"), ["decisions"], batch_rows=10**9,
                 games_per_batch=1, batch_bytes=cap)  # fmt: skip
    pf = pq.ParquetFile(tmp_path / "o" / "decisions" / "part-00000.parquet")
    sizes = [pf.metadata.row_group(i).num_rows for i in range(pf.metadata.num_row_groups)]
    assert len(sizes) >= 3, sizes
    per_row = ref.nbytes / ref.num_rows
    # a row group holds the cap plus at most one game's rows (a chunk of 1 game)
    assert max(sizes) * per_row < cap + 2000 * per_row, sizes
    assert pf.read().equals(pa.Table.from_batches([ref], T.schema("decisions")))


@pytest.mark.parametrize("name", ["batch_rows", "batch_bytes"])
@pytest.mark.parametrize("bad", [0, 1.5, "9"])
def test_write_part_refuses_a_bad_bound(tmp_path, name, bad):
    with pytest.raises(RiichiError, match=name):
        E.write_part(0, [], str(tmp_path / "o"), ["games"], **{name: bad})
