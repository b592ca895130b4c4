"""The ids an 18xx.games game record names: hexes, tiles, companies, corporations, train cards
and sides, for tests that check a title's data has every one of them."""

from __future__ import annotations

from typing import Any

from tresham.engine.data.model import TitleData


def fixture_ids(document: dict[str, Any]) -> dict[str, set[str]]:
    """Every hex, tile, company, corporation, train card and side the actions name."""
    ids: dict[str, set[str]] = {k: set() for k in
                                ("hex", "tile", "company", "corporation", "card", "side")}

    def card(train_id: str) -> None:
        ids["card"].add(train_id.rsplit("-", 1)[0])

    for action in document["actions"]:
        kind = action.get("type")
        if action.get("entity_type") == "corporation":
            ids["corporation"].add(str(action["entity"]))
        if action.get("entity_type") == "company":
            ids["company"].add(str(action["entity"]))
        if "company" in action:
            ids["company"].add(str(action["company"]))
        if kind == "par" or "corporation" in action:
            ids["corporation"].add(str(action["corporation"]))
        for share in action.get("shares") or []:
            ids["corporation"].add(str(share).rsplit("_", 1)[0])
        if kind == "lay_tile":
            ids["hex"].add(action["hex"])
            ids["tile"].add(action["tile"].rsplit("-", 1)[0])
        if kind == "assign" and action.get("target_type") == "hex":
            ids["hex"].add(action["target"])
        if kind == "place_token":
            # "H1-0-0": a city of the printed hex H1, or of a laid tile ("15-3-0": tile 15)
            where = action["city"].split("-")[0]
            ids["hex" if where[:1].isalpha() else "tile"].add(where)
        if kind == "buy_train":
            card(action["train"])
            if "variant" in action:
                ids["side"].add(action["variant"])
        if kind == "run_routes":
            for route in action["routes"]:
                card(route["train"])
                ids["hex"].update(route.get("hexes") or [])
                ids["hex"].update(n.split("-")[0] for n in route.get("nodes") or [])
    return ids


def our_ids(title: TitleData, profile: str | None = None) -> dict[str, set[str]]:
    """The same kinds of id in a title's data; with `profile`, companies by that profile's ids."""
    def company_ids(companies: Any) -> set[str]:
        return {c.profile_ids.get(profile, c.id) if profile else c.id for c in companies}
    return {
        "hex": set(title.map.hexes), "tile": set(title.tiles),
        "company": company_ids(title.privates.values()),
        "corporation": company_ids(title.corporations.values()),
        "card": {t.name for t in title.trains},
        "side": {s.name for t in title.trains for s in t.sides} | {
            t.name for t in title.trains if not t.sides}}
