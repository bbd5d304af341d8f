"""Zones of control (1.7): where each ground unit's ZOC reaches, and the EZOC map per faction.

    zoc_of(sit, unit) -> frozenset[hex]            the hexes one unit's ZOC reaches
    zoc_map(sit) -> Zoc                             every ZOC on the map, computed once
    Zoc.ezoc(hex, faction) -> bool                  in an enemy ZOC for that faction?
    Zoc.exerted_by(hex, faction) -> tuple[unit id]  the enemy units whose ZOC reaches it
    Zoc.hexes(faction) -> frozenset[hex]            every EZOC hex for a faction
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from wargame.rules.position import Unit
from wargame.rules.use.ground import Situation, static_map


def exerts_zoc(sit: Situation, unit: Unit) -> bool:
    """Ground units on a map hex exert a ZOC, except a fort's occupant (1.7, 15.12); nothing
    reaches into or out of a Map Box (1.7)."""
    return unit.kind == "ground" and unit.hex is not None and not sit.occupies_fort(unit)


def zoc_of(sit: Situation, unit: Unit) -> frozenset[str]:
    """The neighbours a unit's ZOC reaches: none across a hexside or into a hex its ground
    movement may not use, none where a No EZOC marker lies (1.7, 15.17)."""
    if not exerts_zoc(sit, unit):
        return frozenset()
    out = set()
    for nid, _water, _line in static_map(sit.map).neighbours[unit.hex]:
        if sit.side_barred(unit.hex, nid) or nid in sit.no_ezoc:
            continue
        if sit.ground_barred(nid, unit.faction, unit.nationality):
            continue
        out.add(nid)
    return frozenset(out)


@dataclass(frozen=True)
class Zoc:
    by_hex: Mapping[str, tuple[tuple[str, str], ...]]  # hex -> ((unit id, faction), ...)

    def exerted_by(self, hex_id: str, faction: str) -> tuple[str, ...]:
        return tuple(uid for uid, f in self.by_hex.get(hex_id, ()) if f != faction)

    def ezoc(self, hex_id: str, faction: str) -> bool:
        return any(f != faction for _uid, f in self.by_hex.get(hex_id, ()))

    def hexes(self, faction: str) -> frozenset[str]:
        return frozenset(h for h, who in self.by_hex.items() if any(f != faction for _u, f in who))


def zoc_map(sit: Situation) -> Zoc:
    out: dict[str, list[tuple[str, str]]] = {}
    for unit in sit.pos.units:
        for h in zoc_of(sit, unit):
            out.setdefault(h, []).append((unit.id, unit.faction))
    return Zoc({h: tuple(sorted(v)) for h, v in sorted(out.items())})
