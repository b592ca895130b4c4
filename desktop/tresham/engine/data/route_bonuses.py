"""Route bonuses (bonuses.yaml, optional): money a train's route earns for the kinds of stop it
visits, beyond their values. 1848's K-K bonus (10.4) pays by the number of K cities (hexes
labelled K) on one train's route, and never to the 2E."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from tresham.engine.data.reader import read_yaml


@dataclass(frozen=True)
class RouteBonus:
    id: str
    rule: str
    name: str
    label: str
    """Stops in hexes printed with this label count."""
    amounts: Mapping[int, int] = field(hash=False)
    """Number of such stops on one route -> the bonus; fewer than the least pay nothing, more
    than the most pay the most."""
    except_trains: tuple[str, ...] = ()
    """Train cards (or sides) that never earn it."""

    def amount(self, stops: int) -> int:
        reached = [count for count in self.amounts if count <= stops]
        return self.amounts[max(reached)] if reached else 0


def read_route_bonuses(path: Path, shown_as: str, labels: Collection[str],
                       train_names: Collection[str]) -> tuple[RouteBonus, ...]:
    """The bonuses of bonuses.yaml, or none if the title has no such file."""
    if not path.exists():
        return ()
    node = read_yaml(path, shown_as)
    node.mapping({"route_bonuses"})
    bonuses: list[RouteBonus] = []
    for item in node.child("route_bonuses").items():
        item.mapping({"id", "rule", "name", "label", "amounts", "except_trains"})
        bonus_id = item.child("id").text()
        if any(b.id == bonus_id for b in bonuses):
            raise item.child("id").error(f"bonus {bonus_id} is listed twice")
        label = item.child("label").text()
        if label not in labels:
            raise item.child("label").error(f"no hex on the map is labelled {label}")
        amounts: dict[int, int] = {}
        table = item.child("amounts")
        for count, amount in table.entries():
            if isinstance(count, bool) or not isinstance(count, int) or count < 1:
                raise amount.error("keys are numbers of stops (positive whole numbers)")
            amounts[count] = amount.integer(1)
        if not amounts:
            raise table.error("expected at least one number of stops and its bonus")
        excluded = tuple(t.text() for t in item.child("except_trains", []).items())
        for index, name in enumerate(excluded):
            if name not in train_names:
                raise item.child("except_trains").error(f"no train named {name!r}", str(index))
        bonuses.append(RouteBonus(bonus_id, item.child("rule").text(), item.child("name").text(),
                                  label, amounts, excluded))
    return tuple(bonuses)
