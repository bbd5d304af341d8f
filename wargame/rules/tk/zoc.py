"""Zones of control (8, 13.6.1.1): who projects one and into which hexes.

    zoc_of(sit, unit) -> frozenset[hex]
    beachhead_sides(sit, hex) -> frozenset[hex]     the land hexes across a Beachhead's hexside

Every ground unit (HQs, fortresses and units of no attack factor too; supply does not matter)
projects a ZOC into the six hexes round it (8), except across a Mountain hexside, across an
All-Sea or Strait hexside unless it is a Beachhead Hexside, and into a hex of a Policy Affected
Country; a unit of such a Country projects none (13.6.1.1). Markers and support units project
none. There is no exception for fortresses (a fortress unit projects a ZOC like any other).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wargame.rules.position import Unit

if TYPE_CHECKING:
    from wargame.rules.tk.ground import Situation

__all__ = ["beachhead_sides", "zoc_of"]


def beachhead_sides(sit: Situation, hex_id: str) -> frozenset[str]:
    """The Land hexes across a Beachhead marker's Beachhead Hexside. The module's marker keeps no
    facing, so (ours) the hexside toward the one adjacent Land hex the enemy of the beachhead
    controls, else every hexside toward land (Glossary "Beachhead Hexside", 3.1.1)."""
    owner = sit.beachhead(hex_id)
    if not owner:
        return frozenset()
    shore = [n for n, _code, _side in sit.tables.sides.get(hex_id, ()) if sit.map.hexes[n].is_land]
    facing = [n for n in shore if owner != "?" and sit.pack.enemies(sit.control(n), owner)]
    return frozenset(facing if len(facing) == 1 else shore)


def zoc_of(sit: Situation, unit: Unit) -> frozenset[str]:
    if not sit.is_ground(unit) or unit.hex is None or unit.hex not in sit.map.hexes:
        return frozenset()
    if sit.policy_of(unit.nationality):
        return frozenset()  # 13.6.1.1: a PAC unit projects no ZOC
    blocking = tuple(sit.data["zoc"]["blocking_sides"])
    here = unit.hex
    out = set()
    for n, code, side in sit.tables.sides.get(here, ()):
        if any(side.has(f) for f in blocking):
            continue
        if code != "land" and not _beachhead_hexside(sit, here, n):
            continue
        if sit.pac_hex(n):
            continue  # 13.6.1.1: no ZOC into a PAC hex
        out.add(n)
    return frozenset(out)


def _beachhead_hexside(sit: Situation, a: str, b: str) -> bool:
    return (bool(sit.beachhead(a)) and b in beachhead_sides(sit, a)) or (
        bool(sit.beachhead(b)) and a in beachhead_sides(sit, b)
    )
