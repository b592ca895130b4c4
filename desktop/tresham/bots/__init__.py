"""Computer opponents and the hint: `choose` gives a bot's move for whoever acts now, `advise`
the best few moves with a reason and a score each. Pure Python on top of `Game.choices()` and
`Game.process`: they work on every title the engine plays, and never change the game they are
given."""

from __future__ import annotations

from tresham.bots.suggestion import Suggestion
from tresham.bots.play import LEVELS, advise, choose

__all__ = ["LEVELS", "Suggestion", "advise", "choose"]
