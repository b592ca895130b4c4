"""The private-company ability types the engine knows, and the parameters each one takes.

companies.yaml names an ability by `type`; each type lists its parameters here with what kind of
value each is, so a misspelt or misplaced parameter is an error naming the file and key rather
than a silently ignored value. maps/README.md describes what each type does.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from tresham.engine.data.reader import Node

HEXES, TILES, CORPORATION, TRAIN, NAMES = "hexes", "tiles", "corporation", "train", "names"
COUNT, AMOUNT, FLAG, TEXT, PHASE = "count", "amount", "flag", "text", "phase"

_WHO_AND_WHEN: dict[str, str] = {"usable_by": TEXT, "from_phase": PHASE, "survives_close": FLAG}
"""Parameters a power may take (1848 4.1): who may use it (`owner`, the default: the owning
corporation; `owner_or_directed`: also any corporation the owning player directs), from which
phase, and whether the right outlives the private's closing."""

ABILITY_PARAMS: dict[str, dict[str, str]] = {
    "blocks_hexes": {"hexes": HEXES, "while": TEXT},
    "tile_lay": {"hexes": HEXES, "tiles": TILES, "variant_tiles": TILES, "count": COUNT,
                 "free": FLAG,
                 "connected": FLAG, "extra": FLAG, "any_phase": FLAG, "active": TEXT,
                 **_WHO_AND_WHEN},
    "station": {"hexes": HEXES, "count": COUNT, "free": FLAG, "connected": FLAG, "extra": FLAG,
                "extra_slot": FLAG, "closes": FLAG, "unconnected_price": AMOUNT,
                "reserved_until": TRAIN, "active": TEXT, "usable_by": TEXT},
    "free_train": {"train": TRAIN, "sellable": FLAG, "lapses_on": TRAIN},
    "free_share": {"corporation": CORPORATION, "percent": AMOUNT, "president": FLAG},
    "assign_bonus": {"hexes": HEXES, "amount": AMOUNT, "count": COUNT, "reach": TEXT,
                     "closes": FLAG, "multiplied": FLAG},
    "train_discount": {"percent": AMOUNT, "amount": AMOUNT, "new_only": FLAG, "count": COUNT,
                       "closes": FLAG, "trains": TRAIN, **_WHO_AND_WHEN},
    "train_names": {"names": NAMES},
    "unsold_discount": {"step": AMOUNT, "forced_in_round": COUNT},
    "train_limit": {"increase": AMOUNT, "closes": FLAG},
    "presidency": {"corporation": CORPORATION, "capital": AMOUNT},
    "closes_on_train_purchase": {"corporation": CORPORATION},
    "hex_bonus": {"hexes": HEXES, "amount": AMOUNT, "active": TEXT, "usable_by": TEXT},
    "sole_starter": {"corporation": CORPORATION},
}
"""Ability type -> its parameters and the kind of value each takes."""

ABILITY_TYPES: frozenset[str] = frozenset(ABILITY_PARAMS)
"""Private-company ability types the engine knows; YAML may name no other."""

REQUIRED: dict[str, tuple[str, ...]] = {
    "unsold_discount": ("step", "forced_in_round"),
    "train_limit": ("increase",),
    "presidency": ("corporation", "capital"),
    "assign_bonus": ("hexes", "amount"),
    "free_share": ("corporation", "percent"),
    "closes_on_train_purchase": ("corporation",),
    "hex_bonus": ("hexes", "amount"),
    "sole_starter": ("corporation",),
}

_CHOICES: dict[tuple[str, str], frozenset[str]] = {
    ("assign_bonus", "reach"): frozenset({"train", "track", "any"}),
    ("blocks_hexes", "while"): frozenset({"owned_by_player", "open"}),
    **{(kind, "active"): frozenset({"while_open", "after_close"})
       for kind in ("tile_lay", "station", "hex_bonus")},
    # 18GB's words (owning_corporation, owner_directed) and 1848's (owner, owner_or_directed)
    # for who may use a power: to be made one vocabulary when their rules are written.
    **{(kind, "usable_by"): frozenset({"owning_corporation", "owner_directed", "owner",
                                       "owner_or_directed"})
       for kind in ("tile_lay", "station", "hex_bonus", "train_discount")},
}


def check_ability(node: Node, kind: str, hexes: Collection[str], corporations: Collection[str],
                  tiles: Mapping[str, object] | None) -> None:
    """Raise a DataError for a parameter `kind` does not take or a value of the wrong sort."""
    params = ABILITY_PARAMS[kind]
    node.mapping(set(params) | {"type"})
    for key in REQUIRED.get(kind, ()):
        node.child(key)
    if kind == "train_discount" and node.has("percent") == node.has("amount"):
        raise node.error("a train discount gives either `percent` or `amount`")
    for key, sort in params.items():
        if node.has(key):
            _check_value(node.child(key), sort, hexes, corporations, tiles,
                         _CHOICES.get((kind, key)))


def _check_value(value: Node, sort: str, hexes: Collection[str], corporations: Collection[str],
                 tiles: Mapping[str, object] | None, choices: frozenset[str] | None) -> None:
    if sort == HEXES:
        for hex_node in value.items():
            if hex_node.text() not in hexes:
                raise hex_node.error(f"hex {hex_node.text()} is not on the map")
    elif sort == TILES:
        for tile_node in value.items():
            if tiles is not None and tile_node.text() not in tiles:
                raise tile_node.error(f"tile {tile_node.text()} is not in tiles.yaml")
    elif sort == CORPORATION:
        if value.text() not in corporations:
            raise value.error("no such corporation")
    elif sort == TRAIN:
        for train in value.items() if isinstance(value.value, list) else [value]:
            train.text()
    elif sort == NAMES:
        for named in value.items():
            named.mapping({"name", "hexes", "amount"})
            named.child("name").text()
            named.child("amount").integer(1)
            _check_value(named.child("hexes"), HEXES, hexes, corporations, tiles, None)
    elif sort in (COUNT, AMOUNT):
        value.integer(1)
    elif sort == FLAG:
        value.bool()
    elif sort == PHASE:
        value.text()
    elif choices is not None:
        value.choice(choices)
    else:
        value.text()


def check_ability_refs(privates: Node, phase_names: Collection[str],
                       train_names: Collection[str]) -> None:
    """The phases and trains the abilities name exist (known once phases.yaml and trains.yaml
    are read)."""
    for private in privates.items():
        for ability in private.child("abilities", []).items():
            if ability.has("from_phase") and ability.child("from_phase").text() not in phase_names:
                raise ability.child("from_phase").error(
                    f"no phase named {ability.child('from_phase').text()!r} in phases.yaml")
            trains = ability.child("trains", []) if ability.has("trains") else None
            for train in (trains.items() if trains is not None and isinstance(trains.value, list)
                          else [trains] if trains is not None else []):
                if train.text() not in train_names:
                    raise train.error(f"no train named {train.text()!r} in trains.yaml")
