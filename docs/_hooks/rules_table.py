"""mkdocs hook: every ``riichi.Rules`` field, generated from ``riichi.Rules``.

A page that contains the line ``<!-- rules-table -->`` gets it replaced by a table of the
dataclass fields of :class:`riichi.Rules` with their defaults and each preset's value where
it differs, then one section per field: its type, default, the presets' values and its text
from the class docstring (its ``Attributes:`` sections, where each field names its rule
source). A field with no text there stops the build, so the page cannot drift from the code.
"""

from __future__ import annotations

import dataclasses
import re
import typing
from typing import Any

MARK = "<!-- rules-table -->"

# Presets shown beside the default (the default is Rules(): Tenhou's four-player hanchan).
PRESETS = ("tenhou_sanma", "mahjong_soul", "mahjong_soul_sanma")


def field_docs(doc: str) -> dict[str, str]:
    """Field name -> its text, from every ``Attributes:`` section of a Google docstring."""
    out: dict[str, str] = {}
    lines = doc.expandtabs().splitlines()
    i = 0
    while i < len(lines):
        if lines[i].strip() != "Attributes:":
            i += 1
            continue
        base = len(lines[i]) - len(lines[i].lstrip())
        i += 1
        name = None
        item_indent = None
        while i < len(lines):
            line = lines[i]
            stripped = line.strip()
            indent = len(line) - len(line.lstrip())
            if stripped and indent <= base:
                break  # the section ended
            m = re.match(r"(\w+):\s*(.*)", stripped)
            if stripped and m and (item_indent is None or indent == item_indent):
                item_indent = indent
                name = m.group(1)
                out[name] = m.group(2)
            elif name is not None:
                out[name] += "\n" + line[item_indent + 4 :] if stripped else "\n"
            i += 1
    return {k: v.strip() for k, v in out.items()}


def _type_text(tp: Any) -> str:
    text = str(tp) if not isinstance(tp, type) else tp.__name__
    return text.replace("typing.", "")


def _value(v: Any) -> str:
    return f"`{v!r}`"


def _markdown(text: str, fields: set[str]) -> str:
    """A field's docstring text as markdown: a reference to another field links to its
    section; other Sphinx roles become code."""
    text = re.sub(
        r":attr:`(\w+)`",
        lambda m: f"[`{m[1]}`](#{m[1]})" if m[1] in fields else f"`{m[1]}`",
        text,
    )
    return re.sub(r":(?:attr|data|func|meth|class):`~?([\w.]+)`", r"`\1`", text)


def rules_table() -> str:
    """The markdown of every field (imports riichi: the docs build needs it importable):
    a summary table of the defaults, then one section per field, in the class's order."""
    from riichi import Rules

    docs = field_docs(Rules.__doc__ or "")
    hints = typing.get_type_hints(Rules)
    presets = {name: getattr(Rules, name)() for name in PRESETS}
    default = Rules()
    fields = [f for f in dataclasses.fields(Rules) if not f.name.startswith("_")]
    missing = [f.name for f in fields if f.name not in docs]
    if missing:
        raise ValueError(f"Rules fields with no text in the Rules docstring: {missing}")
    summary = ["| field | default | " + " | ".join(PRESETS) + " |", "|---" * (2 + len(PRESETS)) + "|"]
    sections = []
    for f in fields:
        value = getattr(default, f.name)
        cells = [
            _value(getattr(p, f.name)) if getattr(p, f.name) != value else "="
            for p in presets.values()
        ]
        summary.append(f"| [`{f.name}`](#{f.name}) | {_value(value)} | " + " | ".join(cells) + " |")
        others = "".join(
            f" · {name}: {_value(getattr(p, f.name))}"
            for name, p in presets.items()
            if getattr(p, f.name) != value
        )
        sections.append(
            f"### `{f.name}` {{#{f.name}}}\n\n"
            f"`{_type_text(hints[f.name])}` · default {_value(value)}{others}\n\n"
            f"{_markdown(docs[f.name], {g.name for g in fields})}\n"
        )
    return (
        "\n".join(summary)
        + "\n\n(`=`: as the default.)\n\n## Every field\n\n"
        + "\n".join(sections)
    )


def on_page_markdown(markdown: str, page: Any, **kwargs: Any) -> str:
    """mkdocs event: put the generated table where the page asks for it."""
    if MARK in markdown:
        markdown = markdown.replace(MARK, rules_table())
    return markdown
