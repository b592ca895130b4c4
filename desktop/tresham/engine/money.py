"""The one way the app and the engine write an amount of money: "$1,398", "£100", a debt as
"-$40". The symbol is the title's (title.yaml `currency`): the engine's messages reach it
through `Game.money`, the app's panels through `tresham.ui.text.money`."""

from __future__ import annotations

DEFAULT_CURRENCY = "$"


def money(amount: int, currency: str = DEFAULT_CURRENCY) -> str:
    """`amount` as players write it, with `currency` in front (after the sign of a debt)."""
    return f"-{currency}{-amount:,}" if amount < 0 else f"{currency}{amount:,}"
