"""Tenhou lobby rules as tenhou.net/6 documents of tournament lobbies (個室 / 大会) write them.

Such a document has ``"rule": [start date, end date, type code, ...]`` instead of
``{"disp", "aka"}``, and for a lobby with custom rules ``"csrule": [flags 1, flags 2, flags 3,
flags 4, start, required, return point, ...]`` (hex flag words, decimal fields, empty when
default). The type code is Tenhou's GO type in hex (0x02 no red fives, 0x04 no kuitan, 0x08
hanchan, 0x10 sanma, 0x40 fast, 0x200 chip lobby). The csrule fields are read as Tenhou's
custom-rule announcement describes them (blog.tenhou.net/article/39084756; the bit meanings as
annotated beside a real ARML lobby record, Longhorn-Riichi/InjusticeJudge
``example_arml_game.json``). A bit the round engine cannot model makes the game unsupported,
naming the bit; nothing is guessed.
"""

from __future__ import annotations

import dataclasses

from riichi.rules import Rules

__all__ = ["lobby_rules", "parse_type_code"]

# csrule flags word 1: bit -> (what it says, Rules changes) ; None = not modelled
_FLAGS1: dict[int, tuple[str, dict[str, object] | None]] = {
    0x1: ("no nagashi mangan", {"nagashi_mangan": False}),
    0x2: ("kiriage mangan", {"kiriage_mangan": True}),
    0x4: ("no tobi", {"tobi": False}),
    0x8: ("kan dora revealed at once", {"open_kan_dora": "immediate"}),
    0x10: ("no dora", None),
    0x20: ("no kan dora", None),
    0x40: ("no uradora", None),
    0x80: ("no kan uradora", None),
    0x100: ("no suufon renda", {"suufon_renda": False}),
    0x200: ("no suukaikan", {"suukaikan": False}),
    0x400: ("no suucha riichi", {"suucha_riichi": False}),
    0x800: ("no kyuushu kyuuhai", {"kyuushu_kyuuhai": False}),
    0x1000: ("no sanchahou", {"sanchahou": False}),
    0x2000: ("head bump", {"multiple_ron": "head_bump"}),
    0x4000: ("no agari-yame", {"agari_yame": False}),
    0x8000: ("no tenpai-yame", {"tenpai_yame": False}),
    0x10000: ("no renchan on a dealer win", None),
    0x20000: ("no renchan on dealer tenpai", {"renchan": "agari"}),
    0x40000: ("final points rounded", {}),  # final points only
    0x80000: ("no ippatsu", None),
    0x100000: ("double round wind", None),
    0x200000: ("sudden death", {}),  # handled with the extension below
    0x400000: ("kita", {}),  # sanma: checked below
    0x800000: ("sanma tsumo split evenly", None),
    0x1000000: ("renhou", {}),  # its value comes from the record (see lobby_rules)
    0x2000000: ("riichi without a draw left", None),
    0x4000000: ("WRC ankan after riichi", None),
    0x8000000: ("a fourth tile melded is no wait", None),
    0x40000000: ("join button hidden", {}),  # display only
}
_FLAGS2: dict[int, tuple[str, dict[str, object] | None]] = {
    0x1: ("double wind pair 2 fu", {"double_wind_pair_fu": 2}),
    0x2: ("split uma", {}),  # final points only
    0x4: ("leftover riichi sticks to first place", {}),  # handled below
    0x8: ("suukantsu pao", {"pao_suukantsu": True}),
    0x10: ("no kazoe yakuman", {"kazoe_yakuman": "sanbaiman"}),
}


def parse_type_code(text: object) -> int | None:
    """Tenhou's GO type from the lobby rule array's hex text (``"000b"`` -> 11), else None."""
    if not isinstance(text, str) or not text or len(text) > 8:
        return None
    try:
        return int(text, 16)
    except ValueError:
        return None


def _hex(text: object) -> int | None:
    if text in ("", None):
        return 0
    return parse_type_code(text)


def _int(text: object) -> int | None:
    if text in ("", None):
        return None
    try:
        return int(str(text))
    except ValueError:
        return None


def lobby_rules(
    base: Rules, csrule: object, renhou: str
) -> tuple[Rules | None, str | None, list[str]]:
    """The rules of a lobby with custom rules (``csrule``) on top of ``base`` (its type code).

    Args:
        base: the rules the type code gives (players, length, red fives, kuitan).
        csrule: the document's ``csrule`` list.
        renhou: the renhou value the record shows (``"off"`` when no win lists 人和).

    Returns:
        ``(rules, None, notes)``, or ``(None, reason, notes)`` when a rule cannot be modelled;
        ``notes`` name rules that touch final points only (not replayed).
    """
    if not isinstance(csrule, list) or len(csrule) < 7:
        return None, f"lobby custom rules {csrule!r:.80} are not a csrule list", []
    f1, f2 = _hex(csrule[0]), _hex(csrule[1])
    if f1 is None or f2 is None:
        return None, f"csrule flags {csrule[0]!r}, {csrule[1]!r} are not hex", []
    if _hex(csrule[2]) or _hex(csrule[3]):
        return None, f"csrule flag words 3-4 ({csrule[2]!r}, {csrule[3]!r}) are not known", []
    changes: dict[str, object] = {}
    notes: list[str] = []
    unknown: list[str] = []
    for word, table, flags in ((1, _FLAGS1, f1), (2, _FLAGS2, f2)):
        bit = 1
        while bit <= flags:
            if flags & bit:
                what, change = table.get(bit, (f"flag {word}:{bit:#x}", None))
                if change is None:
                    unknown.append(what)
                else:
                    changes.update(change)
            bit <<= 1
    if f1 & 0x1000000:
        changes["renhou"] = renhou if renhou != "off" else "off"
    if not f1 & 0x200000:
        changes["extension"] = "none"
    changes["leftover_kyotaku_to_top"] = bool(f2 & 0x4)
    if base.num_players == 3 and not f1 & 0x400000:
        unknown.append("sanma without kita")
    start, required, ret = (_int(x) for x in csrule[4:7])
    if start is not None:
        changes["starting_points"] = start
    if ret is not None:
        changes["target_points"] = ret
        changes["oka"] = (ret - (start or base.starting_points)) * base.num_players
    if required is not None:
        changes["extension_target"] = required
    more = list(csrule[7:]) + [""] * 40
    for i, what in ((7, "teppen (game ends at a score)"), (8, "least rounds"), (9, "most rounds"),
                    (10, "riichi stick value"), (16, "noten payment"), (17, "noten payment"),
                    (18, "noten payment"), (19, "chip value")):  # fmt: skip
        if more[i - 7] not in ("", None):
            unknown.append(f"{what} {more[i - 7]!r}")
    honba = _int(more[11 - 7])
    if honba is not None:
        changes["honba_points"] = honba * (base.num_players - 1)
    umas = [tuple(_int(x) for x in more[i - 7 : i - 4]) for i in range(21, 36, 3)]
    if any(None in u for u in umas if any(x is not None for x in u)):
        unknown.append(f"uma fields {more[14:29]!r}")
    elif all(u == umas[0] for u in umas) and None not in umas[0]:
        rest = [x * 1000 for x in umas[0] if x is not None]
        changes["uma"] = (-sum(rest), *rest)
    elif any(None not in u for u in umas):
        notes.append("uma depends on how many players end below the start (not modelled)")
    if f1 & 0x40000 or f2 & 0x2:
        notes.append("final points rounded or split by lobby rule (not modelled)")
    if unknown:
        return None, "Tenhou lobby rules the engine does not model: " + ", ".join(unknown), notes
    try:
        return dataclasses.replace(base, **changes), None, notes  # type: ignore[arg-type]
    except ValueError as e:
        return None, f"Tenhou lobby rules the engine cannot take: {e}", notes
