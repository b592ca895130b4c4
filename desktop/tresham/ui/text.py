"""Small helpers for the words the app shows a player."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from tresham.engine.data.model import TrainSide
from tresham.engine.money import money
from tresham.engine.trains import train_name

if TYPE_CHECKING:
    from tresham.engine.game import Game


def sentence(text: str) -> str:
    """The text as a sentence: capitalised and ending in a full stop (engine messages are not)."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def end_reason_words(game: Game) -> str:
    """Why the game ended, as a sentence (`Rules.end_reason_words`)."""
    return game.rules.end_reason_words()


def train_button_labels(train_ids: Sequence[str],
                        sides: Mapping[str, str] | None = None) -> dict[str, str]:
    """Names for a corporation's trains side by side: "3 train"; two of a kind are told apart
    as "3 train" and "second 3 train"; a two-sided card by its declared side (`sides`, 18VA)."""
    ordinals = ("", "second ", "third ", "fourth ", "fifth ")
    seen: dict[str, int] = {}
    labels = {}
    for train_id in train_ids:
        name = (sides or {}).get(train_id) or train_name(train_id)
        count = seen.get(name, 0)
        seen[name] = count + 1
        prefix = ordinals[count] if count < len(ordinals) else f"{count + 1}th "
        labels[train_id] = f"{prefix}{name} train"
    return labels


def bank_words(bank: int, currency: str) -> str:
    """The bank's cash; once it has run out, what it has paid beyond its last coin."""
    if bank >= 0:
        return f"Bank {money(bank, currency)}"
    return f"Bank broken: {money(-bank, currency)} paid beyond what it held"


def literal(text: str) -> str:
    """The text for a button, check box or menu label, shown as written: Qt reads `&` there as
    the mark of a keyboard shortcut ("Georgia & Florida" would show as "Georgia _Florida")."""
    return text.replace("&", "&&")


def side_words(side: TrainSide) -> str:
    """"1G, freight: 1 city; mines; 1 CMD; 1 port"; a side of no kind (1848): "3+: 3 city; any
    town"."""
    parts = []
    for allowance in side.distance:
        names = sorted({k.value for k in allowance.nodes if k.value != "city"} | {
            r.replace("offmap_city", "off-map city") for r in allowance.roles
            if r != "offmap_city"} | ({"city"} if any(k.value == "city"
                                                     for k in allowance.nodes) else set()))
        count = "any" if allowance.count < 0 else str(allowance.count)
        paid = "" if allowance.pays else " (pays nothing)"
        parts.append(f"{count} {'/'.join(names)}{paid}")
    kind = f", {side.kind}" if side.kind else ""
    return f"{side.name}{kind}: " + "; ".join(parts)
