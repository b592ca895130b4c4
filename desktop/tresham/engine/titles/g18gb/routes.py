"""How 18GB's trains run and earn (HL "Running Trains", "Trains"), as `RouteRules` hooks.

An M+N train stops at up to M+N places of which at most M are cities or off-board areas: a town
counts against N or, once N is used, against M. nX trains pass towns (never counted or paid).
"""

from __future__ import annotations

from tresham.engine.data.model import TrainDef
from tresham.engine.routes.graph import GraphNode
from tresham.engine.routes.rules import RouteRules


class BritainRouteRules(RouteRules):

    def allowances(self, node: GraphNode, train: TrainDef) -> list[int]:
        return [i for i, a in enumerate(train.distance)
                if a.count != 0 and node.kind in a.nodes]
