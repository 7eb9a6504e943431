"""mkdocs hook: the table of every ``riichi.Rules`` field, generated from ``riichi.Rules``.

A page that contains the line ``<!-- rules-table -->`` gets it replaced by one row per
dataclass field of :class:`riichi.Rules`: its name, type, default, the value of each preset
where it differs, and the field's text from the class docstring (its ``Attributes:``
sections, where each field names its rule source). A field with no text there stops the
build, so the table cannot drift from the code.
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


def _cell(text: str) -> str:
    """Markdown of a field's text for one table cell (paragraphs and lists on one line)."""
    parts = []
    for para in re.split(r"\n\s*\n", text):
        items: list[str] = []  # a "- item" line starts a bulleted line of the cell
        for line in para.splitlines():
            line = line.strip()
            if line.startswith("- ") or not items:
                items.append(line.replace("- ", "• ", 1) if line.startswith("- ") else line)
            else:
                items[-1] += " " + line
        parts.append("<br>".join(items))
    out = "<br><br>".join(p for p in parts if p)
    out = re.sub(r":attr:`(\w+)`", r"`\1`", out)
    out = re.sub(r":(?:data|func|meth|class):`~?([\w.]+)`", r"`\1`", out)
    return out.replace("|", "\\|")


def rules_table() -> str:
    """The markdown table (imports riichi: the docs build needs the package importable)."""
    from riichi import Rules

    docs = field_docs(Rules.__doc__ or "")
    hints = typing.get_type_hints(Rules)
    presets = {name: getattr(Rules, name)() for name in PRESETS}
    default = Rules()
    rows = [
        "| field | type | default | other presets | meaning and rule source |",
        "|---|---|---|---|---|",
    ]
    missing = []
    for f in dataclasses.fields(Rules):
        if f.name.startswith("_"):
            continue
        if f.name not in docs:
            missing.append(f.name)
            continue
        value = getattr(default, f.name)
        others = "<br>".join(
            f"{name}: {_value(getattr(p, f.name))}"
            for name, p in presets.items()
            if getattr(p, f.name) != value
        )
        rows.append(
            f"| `{f.name}` | `{_type_text(hints[f.name])}` | {_value(value)} | {others} "
            f"| {_cell(docs[f.name])} |"
        )
    if missing:
        raise ValueError(f"Rules fields with no text in the Rules docstring: {missing}")
    return "\n".join(rows)


def on_page_markdown(markdown: str, page: Any, **kwargs: Any) -> str:
    """mkdocs event: put the generated table where the page asks for it."""
    if MARK in markdown:
        markdown = markdown.replace(MARK, rules_table())
    return markdown
