"""A title's data as a game's options and variants change it (title.yaml `changes`).

An optional rule that only changes data (18AL 7(b): the L&N starts in Decatur; 7(c): unlimited
4D trains; 7(d): 4 trains rust on the 7) says so in title.yaml, and a game with that option on
plays on the changed data: every part of the engine reads `game.title`, so none of it needs to
know the option. Rules that data cannot express stay in the title's rules module.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace

from tresham.engine.data.model import MapDef, OptionDef, TitleData

_APPLIED: dict[tuple[int, frozenset[str]], tuple[TitleData, TitleData]] = {}


def active_changes(title: TitleData, options: Mapping[str, object]) -> list[OptionDef]:
    """The options and variants switched on in `options` whose changes apply, in the order
    title.yaml lists them (options first, then variants; a later change of a field wins).
    A change with `applies_with` applies only when those options are on too."""
    on = {key for key, value in options.items() if value}
    return [o for o in title.info.options + title.info.variants
            if o.id in on and o.changes and all(r in on for r in o.applies_with)]


def apply_changes(title: TitleData, changing: Iterable[OptionDef]) -> TitleData:
    """`title` with the changes of these options applied, in order."""
    hexes = dict(title.map.hexes)
    corporations = dict(title.corporations)
    privates = dict(title.privates)
    trains = {t.name: t for t in title.trains}
    phases = {p.name: p for p in title.phases}
    certificate_limit = dict(title.info.certificate_limit)
    for option in changing:
        for hex_def in option.changes.hexes:
            hexes[hex_def.id] = hex_def
        for corp_id, fields in option.changes.corporations:
            corporations[corp_id] = replace(corporations[corp_id], **fields)
        for private_id, fields in option.changes.privates:
            privates[private_id] = replace(privates[private_id], **fields)
        for name, fields in option.changes.trains:
            trains[name] = replace(trains[name], **fields)
        for name, fields in option.changes.phases:
            phases[name] = replace(phases[name], **fields)
        certificate_limit.update(option.changes.certificate_limit)
    return replace(title, map=MapDef(title.map.grid, hexes), corporations=corporations,
                   privates=privates,
                   trains=tuple(trains[t.name] for t in title.trains),
                   phases=tuple(phases[p.name] for p in title.phases),
                   info=replace(title.info, certificate_limit=certificate_limit))


def title_with_options(title: TitleData, options: Mapping[str, object]) -> TitleData:
    """The data a game with these options plays on: `title` itself when no option changes
    data, else one shared changed copy per set of options (caches keyed by the title object,
    such as the track graph's, keep working)."""
    changing = active_changes(title, options)
    if not changing:
        return title
    key = (id(title), frozenset(o.id for o in changing))
    cached = _APPLIED.get(key)
    if cached is None or cached[0] is not title:
        cached = _APPLIED[key] = (title, apply_changes(title, changing))
    return cached[1]
