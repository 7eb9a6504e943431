"""riichi.dask: the tables of many logs as Dask DataFrames equal the single-process export.

In process (Dask's synchronous scheduler) on every table, and on a real
``distributed.LocalCluster`` of two worker processes on four tables.
"""

from __future__ import annotations

import sys

import pytest

pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")
dask = pytest.importorskip("dask")
pytest.importorskip("dask.dataframe")
distributed = pytest.importorskip("distributed")

import riichi.dask as rd
from riichi.errors import RiichiError
from riichi.mining.export import export
from riichi.mining.tables import TABLES

FILES = [
    "mjlog/dnovikoff-tenhou/pao.xml",
    "tenhou6/mjai-reviewer/double_ron.json",
    "tenhou6/mjai-reviewer/confusing_nakis_1.json",  # a known fault: mismatches
    "mjai/riichienv/126_204_0_mjai.jsonl",
]


def _paths(shared, tmp_path):
    out = []
    for rel in FILES:
        p = shared / "data" / rel
        if not p.exists():
            pytest.skip(f"{p} not found")
        out.append(str(p))
    broken = tmp_path / "broken.xml"
    broken.write_text("<mjloggm ver='2.3'><GO type='169'/>")  # cut short
    return [*out, str(broken)]


def _exported(paths, out, tables, per):
    export(paths, out, tables, files_per_part=per)
    return {t: pq.read_table(out / t) for t in tables}


def test_in_process_every_table_equals_the_export(shared, tmp_path):
    paths = _paths(shared, tmp_path)
    want = _exported(paths, tmp_path / "out", TABLES, 2)
    t = rd.read_tables(paths, files_per_partition=2)
    assert set(t) == set(TABLES)
    assert t["games"].npartitions == 3
    with dask.config.set(scheduler="synchronous"):
        frames = dask.compute(*[t[n] for n in TABLES])
    for n, frame in zip(TABLES, frames):
        got = rd.to_arrow(frame, n)
        assert got.schema.equals(want[n].schema), n
        assert got.to_pylist() == want[n].to_pylist(), n  # partitions keep the file order
    errors = rd.to_arrow(frames[TABLES.index("errors")], "errors").to_pylist()
    assert any(e["game_id"] == paths[-1] and e["kind"] == "unreadable" for e in errors)


def test_on_a_local_cluster_of_two_worker_processes(shared, tmp_path):
    # about 8 s of CPU in all (the workers' imports mostly): 20-30 s of wall time only on
    # this shared machine at load 10-15
    paths = _paths(shared, tmp_path)
    tables = ["games", "wins", "decisions", "errors"]
    want = _exported(paths, tmp_path / "out", tables, 1)
    from distributed import Client, LocalCluster

    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster, Client(cluster) as client:
        assert len(client.scheduler_info()["workers"]) == 2
        t = rd.read_tables(paths, tables, files_per_partition=1)
        frames = dask.compute(*[t[n] for n in tables])  # on the cluster (the active client)
        done = client.run(lambda dask_worker: len(dask_worker.data) + dask_worker.state.executed_count)
    for n, frame in zip(tables, frames):
        assert rd.to_arrow(frame, n).to_pylist() == want[n].to_pylist(), n
    assert frames[1]["han"].sum() > 0
    assert len(done) == 2 and all(n > 0 for n in done.values()), done  # both workers worked


def test_paths_globs_and_bad_arguments(shared, tmp_path):
    folder = shared / "data" / "mjlog" / "dnovikoff-tenhou"
    if not folder.is_dir():
        pytest.skip("samples not found")
    files = rd.expand_paths(str(folder / "*.xml"))
    assert files == sorted(files) and all(f.endswith(".xml") for f in files) and files
    assert rd.expand_paths([str(folder)]) == rd.expand_paths(str(folder))
    with pytest.raises(RiichiError, match="matches no file"):
        rd.expand_paths(str(tmp_path / "*.nothing"))
    with pytest.raises(RiichiError, match="no such file"):
        rd.read_tables(str(tmp_path / "missing.xml"))
    with pytest.raises(RiichiError, match="files_per_partition"):
        rd.read_tables(str(folder), files_per_partition=0)
    with pytest.raises(RiichiError, match="unknown table"):
        rd.read_tables(str(folder), ["moves"])
    # no file at all was a TypeError from dask.dataframe.from_delayed; a non-path one from
    # iterating it
    (tmp_path / "empty" / "sub").mkdir(parents=True)
    for nothing in ([], [str(tmp_path / "empty")], tmp_path / "empty"):
        with pytest.raises(RiichiError, match="no file under"):
            rd.read_tables(nothing, ["games"])
    for bad in (5, None):
        with pytest.raises(RiichiError, match="expected a path, a pattern or a list of them"):
            rd.read_tables(bad, ["games"])  # type: ignore[arg-type]


def test_a_missing_extra_is_named(monkeypatch, shared):
    monkeypatch.setitem(sys.modules, "dask.dataframe", None)
    with pytest.raises(RiichiError, match=r"riichi\[mining\]"):
        rd.read_tables(str(shared / "data" / "mjlog" / "dnovikoff-tenhou" / "pao.xml"))
