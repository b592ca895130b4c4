"""Private-company abilities a corporation may use at any time of its operating turn.

`assign_bonus` (18AL's S&NA coal field token): the owning corporation puts the token in one of
the ability's hexes; from then on each of its routes stopping there earns `amount` more (see
`RouteRules.stop_bonus`). Parameters: `hexes`, `amount`, `count` (tokens to place, default 1),
`reach`: "train" (default: some route a train of the corporation could run stops there),
"track" (the corporation's track reaches the city and it owns a train) or "any" (18VA's REA:
any of the hexes); `closes`: placing it closes the private. The token stays for good unless a
phase event removes bonus tokens.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tresham.engine.actions import PlaceBonusToken
from tresham.engine.data.model import Ability
from tresham.engine.errors import IllegalAction
from tresham.engine.rounds.base import Choice
from tresham.engine.routes.connectivity import reachable
from tresham.engine.state import BonusToken

if TYPE_CHECKING:
    from tresham.engine.game import Game


class BonusTokenAbility:
    """Placing a private company's bonus token for the operating corporation."""

    def __init__(self, game: Game, corp_id: str) -> None:
        self.game = game
        self.corp_id = corp_id

    def abilities(self) -> list[tuple[str, Ability]]:
        result = []
        state = self.game.state
        for private in state.privates.values():
            if private.owner != self.corp_id or private.closed:
                continue
            for ability in self.game.title.privates[private.id].abilities:
                used = state.abilities_used.get(private.id, 0)
                if ability.type == "assign_bonus" and used < int(ability.params.get("count", 1)):
                    result.append((private.id, ability))
        return result

    def problem(self, company: str, hex_id: str) -> str | None:
        ability = next((a for c, a in self.abilities() if c == company), None)
        if ability is None:
            return f"{self.corp_id} has no unused token from {company}"
        hexes = [str(h) for h in ability.params.get("hexes", [])]
        if hex_id not in hexes:
            return f"{company}'s token goes only in {', '.join(hexes)}"
        if ability.params.get("reach") == "any":
            # 18VA's REA: any listed city, reachable or not (4.2).
            return None
        corp = self.game.state.corporations[self.corp_id]
        if not corp.trains:
            return f"{self.corp_id} owns no train to reach {hex_id}"
        if ability.params.get("reach", "train") == "track" or \
                self.game.rules.bonus_token_reach() == "track":
            # Track reached in the hex: a station's city with no track yet is not reached.
            if hex_id not in reachable(self.game, self.corp_id, self.game.rules.routes).hexes:
                return f"{self.corp_id}'s track does not reach {hex_id}"
            return None
        if not self._train_reaches(hex_id):
            return f"no train of {self.corp_id} can run a route to {hex_id}"
        return None

    def _train_reaches(self, hex_id: str) -> bool:
        from tresham.engine.routes.graph import track_graph
        from tresham.engine.routes.search import candidate_routes
        from tresham.engine.routes.trains import train_def
        graph = track_graph(self.game)
        hooks = self.game.rules.routes
        corp = self.game.state.corporations[self.corp_id]
        for train_id in dict.fromkeys(corp.trains):
            train = train_def(self.game, train_id)
            if train is None:
                continue
            for cand in candidate_routes(self.game, graph, self.corp_id, train, hooks,
                                         keep_worthless=True):
                walk = cand.walk()
                stops = {walk.start} | {graph.step_end(s).node for s in walk.steps}
                if any(0 <= n < len(graph.nodes) and graph.nodes[n].hex == hex_id
                       for n in stops):
                    return True
        return False

    def choices(self) -> list[Choice]:
        choices = []
        for company, ability in self.abilities():
            for hex_id in ability.params.get("hexes", []):
                if self.problem(company, str(hex_id)) is None:
                    choices.append(Choice(PlaceBonusToken, {"company": company, "hex": hex_id},
                                          text=f"Place {company}'s token in {hex_id}"))
        return choices

    def process(self, action: PlaceBonusToken) -> None:
        problem = self.problem(action.company, action.hex)
        if problem:
            raise IllegalAction(f"{self.corp_id} cannot place {action.company}'s token in "
                                f"{action.hex}: {problem}")
        ability = next(a for c, a in self.abilities() if c == action.company)
        state = self.game.state
        state.abilities_used[action.company] = state.abilities_used.get(action.company, 0) + 1
        amount = int(ability.params.get("amount", 0))
        state.board.bonus_tokens.append(
            BonusToken(self.corp_id, action.company, action.hex, amount))
        self.game.log(f"{self.corp_id} places {action.company}'s token in {action.hex}: "
                      f"+{self.game.money(amount)} for each of its routes there")
        if ability.params.get("closes"):
            state.privates[action.company].closed = True
            self.game.log(f"{action.company} closes: its power is used")
