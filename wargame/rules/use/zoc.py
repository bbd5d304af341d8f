"""Zones of control (1.7): where each ground unit's ZOC reaches, and the EZOC map per faction.

zoc_of(sit, unit) -> frozenset[hex]            the hexes one unit's ZOC reaches
zoc_map(sit) -> Zoc                             every ZOC on the map (the pack's pipeline)
Zoc.ezoc(hex, faction) -> bool                  in an enemy ZOC for that faction?
Zoc.exerted_by(hex, faction) -> tuple[unit id]  the enemy units whose ZOC reaches it
Zoc.hexes(faction) -> frozenset[hex]            every EZOC hex for a faction
"""

from __future__ import annotations

from wargame.rules.position import Unit
from wargame.rules.results import Zoc
from wargame.rules.use.ground import Situation, static_map

__all__ = ["Zoc", "exerts_zoc", "zoc_map", "zoc_of"]


def exerts_zoc(sit: Situation, unit: Unit) -> bool:
    """Ground units on a map hex exert a ZOC, except a fort's occupant (1.7, 15.12); nothing
    reaches into or out of a Map Box (1.7)."""
    return unit.kind == "ground" and unit.hex is not None and not sit.occupies_fort(unit)


def zoc_of(sit: Situation, unit: Unit) -> frozenset[str]:
    """The neighbours a unit's ZOC reaches: none across a hexside or into a hex its ground
    movement may not use, none where a No EZOC marker lies (1.7, 15.17)."""
    if not exerts_zoc(sit, unit):
        return frozenset()
    assert unit.hex is not None  # exerts_zoc: on a map hex
    out = set()
    for nid, _water, _line in static_map(sit.map).neighbours[unit.hex]:
        if sit.side_barred(unit.hex, nid) or nid in sit.no_ezoc:
            continue
        if sit.ground_barred(nid, unit.faction, unit.nationality):
            continue
        out.add(nid)
    return frozenset(out)


def zoc_map(sit: Situation) -> Zoc:
    return sit.pack.zoc(sit)
