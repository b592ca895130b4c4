"""Company ids of another implementation, translated to ours through `profile_ids` in a
title's companies.yaml (18VA: 18xx.games calls the Virginian "VR" and the REA "P1").

Records are rewritten before they are read, and reference traces before they are compared, so
the rest of the importer and the comparison speak only our ids.
"""

from __future__ import annotations

from typing import Any

from tresham.engine.data.model import TitleData

ID_FIELDS = ("entity", "company", "corporation", "target")
"""Fields of a record that may name a company."""


def local_ids(title: TitleData, profile: str) -> dict[str, str]:
    """`profile`'s id -> ours, for every corporation and private company that has one."""
    found = {}
    named = [(c.id, c.profile_ids) for c in title.corporations.values()] + \
        [(p.id, p.profile_ids) for p in title.privates.values()]
    for ours, profile_ids in named:
        theirs = profile_ids.get(profile)
        if theirs and theirs != ours:
            found[theirs] = ours
    return found


def localize_record(record: dict[str, Any], ids: dict[str, str]) -> dict[str, Any]:
    """A copy of an action record naming companies by our ids, its automation included (or,
    with the map turned round, by theirs: the exporter's use)."""
    if not ids:
        return record
    copy = dict(record)
    for key in ID_FIELDS:
        value = copy.get(key)
        if isinstance(value, str) and value in ids:
            copy[key] = ids[value]
    shares = copy.get("shares")
    if isinstance(shares, list):
        copy["shares"] = [_share(s, ids) for s in shares]
    autos = copy.get("auto_actions")
    if isinstance(autos, list):
        copy["auto_actions"] = [localize_record(a, ids) if isinstance(a, dict) else a
                                for a in autos]
    return copy


def _share(share: Any, ids: dict[str, str]) -> Any:
    """'VR_2' -> 'VGN_2'."""
    if not isinstance(share, str) or "_" not in share:
        return share
    corp, index = share.rsplit("_", 1)
    return f"{ids.get(corp, corp)}_{index}"


def localize_state(state: dict[str, Any], ids: dict[str, str]) -> dict[str, Any]:
    """A copy of a reference trace's state naming companies by our ids."""
    if not ids:
        return state
    copy = dict(state)
    players = {}
    for pid, player in (state.get("players") or {}).items():
        player = dict(player)
        player["shares"] = {ids.get(c, c): p for c, p in (player.get("shares") or {}).items()}
        player["companies"] = [ids.get(c, c) for c in player.get("companies") or []]
        players[pid] = player
    copy["players"] = players
    corporations = {}
    for cid, corp in (state.get("corporations") or {}).items():
        corp = dict(corp)
        corp["companies"] = [ids.get(c, c) for c in corp.get("companies") or []]
        corporations[ids.get(cid, cid)] = corp
    copy["corporations"] = corporations
    acting = state.get("acting")
    if isinstance(acting, str):
        copy["acting"] = ids.get(acting, acting)
    return copy
