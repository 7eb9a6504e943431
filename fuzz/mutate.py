"""Seeded mutation of real logs: byte edits, and edits that keep the JSON or XML shape so the
input gets past the parser into the reader's own checks.

Every function takes a ``random.Random`` so that a run with a given seed makes the same
inputs every time.
"""

from __future__ import annotations

import json
import random
import re

#: Byte strings that tend to break number, string and structure handling.
TOKENS = (
    b"1e999", b"-1e999", b"NaN", b"-1", b"0", b"99999999999999999999", b"-2147483649",
    b"4294967296", b"1.5", b"null", b"true", b"[]", b"{}", b'""', b'"', b"[", b"]", b"{",
    b"}", b",", b":", b"<", b">", b"/>", b"\xff", b"\x00", b"\xef\xbb\xbf", b"\\u0000",
    b"\\ud800", b"&amp;", b"&#0;", b"\n", b"%", b"1m", b"5z", b"0m", b"136", b"-0",
)

#: JSON values that a reader might not expect where it finds them.
ODD_JSON = (
    None, True, False, 0, -1, 1, 2, 4, 33, 34, 135, 136, 10**6, 2**31, 2**63, 10**30,
    -(10**30), 1.5, -0.0, float("inf"), float("nan"), "", "x", "1m", "0m", "5z", "E", "?",
    "\ud800", [], [0], [None], ["1m"], {}, {"type": "x"}, [[[]]],
)


def mutate_bytes(rng: random.Random, data: bytes, others: list[bytes] | None = None) -> bytes:
    """One to four byte-level edits: flip, delete, duplicate, insert a token, splice."""
    b = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        op = rng.randrange(7)
        i = rng.randrange(len(b) + 1)
        if op == 0 and b:
            b[min(i, len(b) - 1)] ^= 1 << rng.randrange(8)
        elif op == 1:
            del b[i : i + rng.choice((1, 1, 2, 8, 64, 1024))]
        elif op == 2:
            b[i:i] = b[i : i + rng.choice((1, 4, 16, 256))]
        elif op in (3, 4):
            b[i:i] = rng.choice(TOKENS)
        elif op == 5 and b:
            j = min(i, len(b) - 1)
            if 48 <= b[j] <= 57:  # change a digit: small numeric nudges
                b[j] = 48 + rng.randrange(10)
            else:
                b[j] = rng.randrange(256)
        elif op == 6 and others:
            o = rng.choice(others)
            k = rng.randrange(len(o) + 1)
            b[i:] = o[k : k + rng.choice((16, 256, 4096))] + bytes(b[i:])
    return bytes(b)


def _nodes(doc: object, limit: int = 20000) -> list[tuple[object, object]]:
    """(container, key) of every node below ``doc`` (breadth first, at most ``limit``)."""
    out: list[tuple[object, object]] = []
    todo = [doc]
    while todo and len(out) < limit:
        c = todo.pop()
        keys = range(len(c)) if isinstance(c, list) else list(c) if isinstance(c, dict) else ()
        for k in keys:
            out.append((c, k))
            v = c[k]  # type: ignore[index]
            if isinstance(v, (list, dict)):
                todo.append(v)
    return out


def _edit_json(rng: random.Random, doc: object) -> object:
    nodes = _nodes(doc)
    if not nodes:
        return rng.choice(ODD_JSON)
    for _ in range(rng.randint(1, 3)):
        c, k = rng.choice(nodes)
        v = c[k]  # type: ignore[index]
        op = rng.randrange(8)
        if op <= 2:
            c[k] = rng.choice(ODD_JSON)  # type: ignore[index]
        elif op == 3 and isinstance(v, int) and not isinstance(v, bool):
            c[k] = v + rng.choice((-1, 1, -v - 1, 4, 27, 100, 10**9))  # type: ignore[index]
        elif op == 4:
            if isinstance(c, list):
                del c[k]  # type: ignore[arg-type]
            else:
                del c[k]  # type: ignore[attr-defined]
            return doc  # indices of this list moved: stop here
        elif op == 5 and isinstance(c, list):
            c.insert(k, v)  # type: ignore[arg-type]
            return doc
        elif op == 6 and isinstance(c, list) and len(c) > 1:
            j = rng.randrange(len(c))
            c[k], c[j] = c[j], c[k]  # type: ignore[index]
        elif op == 7 and isinstance(v, str) and v:
            i = rng.randrange(len(v))
            c[k] = v[:i] + rng.choice("0123456789mpszESWNPFC-=+_*,.:rpmakdc ") + v[i + 1 :]  # type: ignore[index]
        else:
            c[k] = rng.choice(ODD_JSON)  # type: ignore[index]
    return doc


def mutate_json(rng: random.Random, data: bytes) -> bytes:
    """Structure-aware edits of a JSON document, or of one to three lines of JSON lines:
    replace a value with an odd one, nudge a number, delete, duplicate or swap elements,
    change a character of a string. Bytes that are not JSON get byte edits instead."""
    lines = data.split(b"\n")
    docs: list[tuple[int, object]] = []
    if len(lines) > 2:  # JSON lines: edit a few of them
        for i in sorted({rng.randrange(len(lines)) for _ in range(rng.randint(1, 3))}):
            try:
                docs.append((i, json.loads(lines[i])))
            except ValueError:
                pass
        if not docs:
            return mutate_bytes(rng, data)
        for i, d in docs:
            lines[i] = json.dumps(_edit_json(rng, d), ensure_ascii=False).encode("utf-8", "surrogatepass")
        return b"\n".join(lines)
    try:
        doc = json.loads(data)
    except ValueError:
        return mutate_bytes(rng, data)
    return json.dumps(_edit_json(rng, doc), ensure_ascii=False).encode("utf-8", "surrogatepass")


_TAG = re.compile(rb"<[^<>]*>")
_ATTR = re.compile(rb'([\w]+)="([^"]*)"')
ODD_ATTR = (
    b"", b"-1", b"0", b"1", b"3", b"4", b"135", b"136", b"65535", b"99999999999999999999",
    b"1,2", b"0,0,0,0", b",", b"a", b"1.5", b"\xff", b"%", b"&lt;", b"0,1,2,3,4,5,6,7,8,9,10,11,12",
)


def mutate_xml(rng: random.Random, data: bytes) -> bytes:
    """Tag-aware edits of an mjlog: change an attribute value (odd value, nudged number, one
    list item), or delete, duplicate or swap whole tags; byte edits now and then."""
    tags = [m.span() for m in _TAG.finditer(data)]
    if not tags or rng.randrange(8) == 0:
        return mutate_bytes(rng, data)
    b = data
    for _ in range(rng.randint(1, 3)):
        tags = [m.span() for m in _TAG.finditer(b)]
        if not tags:
            break
        s, e = rng.choice(tags)
        tag = b[s:e]
        op = rng.randrange(6)
        attrs = list(_ATTR.finditer(tag))
        if op <= 2 and attrs:
            a = rng.choice(attrs)
            value = a.group(2)
            if op == 0:
                new = rng.choice(ODD_ATTR)
            else:
                parts = value.split(b",")
                i = rng.randrange(len(parts))
                if parts[i].lstrip(b"-").isdigit():
                    parts[i] = str(int(parts[i]) + rng.choice((-1, 1, 4, 36, 136, -1000))).encode()
                else:
                    parts[i] = rng.choice(ODD_ATTR)
                new = b",".join(parts) if rng.randrange(4) else b",".join(parts[:-1])
            tag = tag[: a.start(2)] + new + tag[a.end(2) :]
            b = b[:s] + tag + b[e:]
        elif op == 3:
            b = b[:s] + b[e:]
        elif op == 4:
            b = b[:s] + tag + tag + b[e:]
        else:
            s2, e2 = rng.choice(tags)
            if e <= s2:
                b = b[:s] + b[s2:e2] + b[e:s2] + tag + b[e2:]
    return b


def mutate(rng: random.Random, data: bytes, others: list[bytes] | None = None) -> bytes:
    """A mutation fitting the data: XML-aware for ``<``, JSON-aware for ``{``, byte edits
    one time in four."""
    head = data.lstrip()[:1]
    if rng.randrange(4) == 0:
        return mutate_bytes(rng, data, others)
    if head == b"<":
        return mutate_xml(rng, data)
    if head == b"{":
        return mutate_json(rng, data)
    return mutate_bytes(rng, data, others)
