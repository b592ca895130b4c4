"""The printed board's hex names (map.yaml `printed_id`), where a title's ids follow another
numbering (1848: 18xx.games doubles the columns the board numbers one by one)."""

from __future__ import annotations

import re
from collections.abc import Mapping

from tresham.engine.data.model import HexDef
from tresham.engine.data.reader import Node

_NAME = re.compile(r"[A-Za-z]+\d+")


def check_printed_ids(hexes_node: Node, hexes: Mapping[str, HexDef]) -> None:
    """Each printed name looks like a hex name (a letter and a number) and names one hex."""
    seen: dict[str, str] = {}
    for item, hex_def in zip(hexes_node.items(), hexes.values()):
        printed = hex_def.printed_id
        if printed is None:
            continue
        if not _NAME.fullmatch(printed):
            raise item.child("printed_id").error("expected a hex name like F9")
        if printed in seen:
            raise item.child("printed_id").error(f"{printed} is already hex {seen[printed]}'s "
                                                 "printed name")
        seen[printed] = hex_def.id
