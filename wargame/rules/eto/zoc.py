"""Zones of control (25.1) and whose zones a moving unit must heed (25.2-25.4, 42.5).

    zoc_of(sit, unit) -> frozenset[hex]          the hexes one unit's ZOC reaches
    impeding(pack, faction) -> frozenset[faction]  whose ZOC stops a unit's movement

Only infantry and armour project a ZOC, into the six hexes around them, but never into a hex
the unit could not enter (water, all-lake, Switzerland; armour: marsh) or across a hexside it
could not cross (impassable, all sea without a ferry, a lake unless frozen: 1.5, so a frozen
lake carries the ZOC, our reading of "could not cross"), never across an enemy fortress
hexside into the fortified hex, and never into a hex holding an enemy fortification marker
(coastal forts do not block it). Units aboard transport lose their ZOC: a save does not show
who is embarked, so a unit in a hex always has it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wargame.rules.position import Unit

if TYPE_CHECKING:
    from wargame.rules.eto import Pack
    from wargame.rules.eto.ground import Situation

__all__ = ["impeding", "zoc_of"]


def zoc_of(sit: Situation, unit: Unit) -> frozenset[str]:
    data = sit.data
    if unit.kind != "ground" or unit.type not in data.zoc_types or unit.hex is None:
        return frozenset()
    if unit.hex not in sit.map.hexes:
        return frozenset()
    out = set()
    for n, code in sit.terrain.sides.get(unit.hex, ()):
        if not sit.crossable(code) or not sit.can_stand(n, unit.type):
            continue
        if sit.enemy_fortress(unit.hex, n, unit.faction) or sit.enemy_fort(n, unit.faction):
            continue
        out.add(n)
    return frozenset(out)


def impeding(pack: Pack, faction: str) -> frozenset[str]:
    """The factions whose ZOC stops a unit of ``faction``: its enemies, and the other allied
    partnership (42.5: Soviet and Western ZOCs impede each other's movement as enemy ZOCs)."""
    out = set()
    for other in pack.factions:
        if other == faction:
            continue
        if pack.enemies(other, faction) or pack.separate(other, faction):
            out.add(other)
    return frozenset(out)
