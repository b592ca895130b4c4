"""Small helpers for the words the app shows a player."""

from __future__ import annotations


def sentence(text: str) -> str:
    """The text as a sentence: capitalised and ending in a full stop (engine messages are not)."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def literal(text: str) -> str:
    """The text for a button, check box or menu label, shown as written: Qt reads `&` there as
    the mark of a keyboard shortcut ("Georgia & Florida" would show as "Georgia _Florida")."""
    return text.replace("&", "&&")
