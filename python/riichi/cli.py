"""The ``riichi`` command line.

Subcommands:

- ``riichi hand TEXT``: shanten, waits and a discard table for a hand in mpsz notation.

Exit status: 0 on success, 1 when the command ran but found a problem, 2 on bad usage
(argparse's convention, also used for a hand that cannot be parsed).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

import riichi
from riichi.errors import RiichiError


def _tiles_text(kinds: Sequence[int]) -> str:
    """Compact mpsz text for a list of tile kinds, e.g. ``[0, 3, 27] -> "14m1z"``."""
    counts = [0] * 34
    for k in kinds:
        counts[k] += 1
    return riichi.format_counts(counts)


def _discard_name(hand: riichi.Hand, kind: int) -> str:
    """The tile a discard of ``kind`` throws: a red five only when every copy held is red."""
    suit = kind // 9
    red = kind < 27 and kind % 9 == 4 and hand.red[suit] == hand.concealed[kind]
    return riichi.tile_name(kind, red)


def _cmd_hand(args: argparse.Namespace) -> int:
    try:
        hand = riichi.Hand.parse(args.text)
        visible = None
        if args.visible:
            visible, _red = riichi.parse_counts(args.visible)
        detail = riichi.shanten_detail(hand)
        lines = [f"hand      {hand}"]
        forms = [f"regular {detail.regular}"]
        if detail.chiitoitsu is not None:
            forms.append(f"chiitoitsu {detail.chiitoitsu}")
        if detail.kokushi is not None:
            forms.append(f"kokushi {detail.kokushi}")
        label = {-1: "complete", 0: "tenpai"}.get(detail.minimum, f"{detail.minimum}-shanten")
        lines.append(f"shanten   {detail.minimum} ({label}; {', '.join(forms)})")
        if hand.is_full:
            lines.append("")
            lines.append(f"{'discard':<8} {'shanten':>7}  {'ukeire':>6}  tiles")
            for d in hand.discards(visible):
                tiles = _tiles_text(d.ukeire.tiles) or "-"
                lines.append(
                    f"{_discard_name(hand, d.tile):<8} {d.shanten:>7}  {d.ukeire.total:>6}  {tiles}"
                )
        else:
            if detail.minimum == 0:
                waits = hand.waits()
                text = ", ".join(
                    f"{riichi.tile_name(w.tile)} ({'/'.join(w.shapes)})" for w in waits
                )
                lines.append(f"waits     {text}")
            uk = hand.ukeire(visible)
            lines.append(f"ukeire    {uk.total} tiles: {_tiles_text(uk.tiles) or '-'}")
    except RiichiError as e:
        print(f"riichi hand: error: {e}", file=sys.stderr)
        return 2
    print("\n".join(lines))
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for ``riichi`` (exposed for documentation and tests)."""
    parser = argparse.ArgumentParser(
        prog="riichi",
        description="Japanese Riichi Mahjong engine: hand analysis, scoring and log verification.",
    )
    parser.add_argument("--version", action="version", version=f"riichi {riichi.__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

    p = sub.add_parser(
        "hand",
        help="shanten, waits and discard table of a hand",
        description=(
            "Analyse a hand in mpsz notation (0 = red five; melds after spaces, e.g. "
            "'678m567p88s pon:111z'). 13-tile hands show waits and ukeire; 14-tile hands "
            "show each discard with the shanten and ukeire it leaves."
        ),
    )
    p.add_argument("text", help="the hand, e.g. 123m406p789s1122z")
    p.add_argument(
        "--visible",
        metavar="TILES",
        default=None,
        help="tiles visible elsewhere (discards, melds, dora indicators), mpsz; lowers live counts",
    )
    p.set_defaults(func=_cmd_hand)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit status."""
    args = build_parser().parse_args(argv)
    return int(args.func(args))


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
