"""Every 4-player win in the Tenhou protocol transcripts, scored from its own AGARI tag.

../shared/data/tenhou_protocol holds client transcripts (TenhouViewerUI hex dumps from 2008,
dnovikoff/tenhou bot logs from 2018, plus zips of more): one player's view, so the games cannot
be replayed, but each ``<AGARI>`` is complete (hand, melds, winning tile, dora and uradora,
``ba``, ``ten``, ``yaku``, ``sc``; seats relative to the viewer, consistently with ``<INIT
oya>``). They are the corpus's only no-red-five games of any size (GO type bit 1: 四般東 /
四般南 lobbies of 2008), which the mjlog corpus nearly lacks. Each win is scored with
``riichi.score`` exactly as tests/test_mjlog_wins.py scores mjlog wins (tests/mjlog_agari.py).

The reader test: ``riichi verify`` reports a transcript as unsupported (player view), not as
unreadable, and a batch of them goes on.
"""

from __future__ import annotations

import zipfile
from collections import Counter

import pytest

import mjlog_agari as M
from riichi import LogFormatError
from riichi.logs import parse_log, read_log, sniff_format
from riichi.logs.tenhou_protocol import UNSUPPORTED_REASON, server_tags, server_text
from riichi.replay import replay_game, verify_file

ROOT = M.shared_dir() / "data" / "tenhou_protocol"
pytestmark = pytest.mark.skipif(not ROOT.is_dir(), reason=f"transcripts not found at {ROOT}")


def _transcripts() -> list[tuple[str, bytes]]:
    out = []
    for p in sorted(ROOT.rglob("*")):
        if not p.is_file():
            continue
        rel = p.relative_to(ROOT).as_posix()
        if p.suffix == ".zip":
            with zipfile.ZipFile(p) as zf:
                for info in zf.infolist():
                    if not info.is_dir() and "/." not in "/" + info.filename:
                        out.append((f"{rel}:{info.filename}", zf.read(info)))
        else:
            out.append((rel, p.read_bytes()))
    return out


def _wins():
    for rel, data in _transcripts():
        yield from M.parse_wins_text(server_text(data), rel)


def test_every_four_player_agari_scores_as_recorded():
    counts: Counter = Counter()
    failures = []
    for w in _wins():
        if w.sanma:
            counts["3p"] += 1
            continue
        red = "red" if w.red_on else "no_red"
        _r, problems = M.check(w)
        counts["4p"] += 1
        counts[red] += 1
        if problems:
            failures.append(f"{w.file}#{w.index} {w.hand_text} win={w.win_tile} {problems}")
        else:
            counts[red + "_ok"] += 1
    print(dict(counts))
    assert counts["4p"] > 5000 and counts["no_red"] >= 40
    assert not failures, "\n".join(failures[:20])
    assert counts["no_red_ok"] == counts["no_red"] and counts["red_ok"] == counts["red"]


def test_no_red_games_are_the_2008_lobbies():
    # GO type 7 (四般東, no red, no kuitan... as Tenhou wrote it then) and 15 (四般南)
    types = Counter(w.go_type for w in _wins() if not w.red_on and not w.sanma)
    assert set(types) <= {7, 15, 71} and sum(types.values()) >= 40


def test_hex_dump_and_line_transcripts_decode():
    hexdump = (ROOT / "TenhouViewerUI" / "1207228804.txt").read_bytes()
    tags = [name for name, _ in server_tags(hexdump)]
    assert "GO" in tags and "INIT" in tags and "AGARI" in tags
    assert any(t[0] in "TUVW" and t[1:].isdigit() for t in tags)  # draws, as "T12"
    lines = (ROOT / "dnovikoff-tenhou" / "82093_2018-01-17_11_03_35.log").read_bytes()
    text = server_text(lines)
    assert "<HELO" in text and "Send:" not in text and '<D p="' not in text


def test_verify_reports_transcripts_as_unsupported(tmp_path):
    path = ROOT / "dnovikoff-tenhou" / "82093_2018-01-17_11_03_35.log"
    g = read_log(path)
    assert g.format == "tenhou_protocol" and sniff_format(path.read_bytes()) == "tenhou_protocol"
    assert g.start.players == 4 and g.meta["agari"] == 8 and g.meta["rounds"] == 8
    rep = replay_game(g)
    assert not rep.replayed and rep.unsupported[0].reason == UNSUPPORTED_REASON
    s = verify_file(str(ROOT / "dnovikoff-tenhou" / "logs1.zip"))
    assert s.files > 60 and s.games == 0 and not s.mismatches
    assert len(s.unsupported) + len(s.unreadable) == s.files and len(s.unreadable) <= 2
    # lobby-only sessions (no game joined) are unreadable as game logs, naming why
    assert all(p.position == "transcript" and "no game in it" in p.reason for p in s.unreadable)


def test_truncated_and_garbage_transcripts():
    with pytest.raises(LogFormatError) as info:
        parse_log(b'Send: <HELO name="x" />\nGet: <HELO uname="x"/>\n', "t.log")
    assert info.value.position == "transcript" and "no game in it" in info.value.reason
    data = (ROOT / "TenhouViewerUI" / "1207228804.txt").read_bytes()
    cut = parse_log(data[: len(data) * 3 // 5], "cut.txt")  # cut mid-game: header still read
    assert cut.format == "tenhou_protocol" and cut.meta["rounds"] >= 1
    with pytest.raises(LogFormatError) as info:
        parse_log(b"*** Begin logging\n00000000| 3C 47 4F |<GO", "g.txt")
    assert info.value.file == "g.txt" and "no game in it" in info.value.reason
