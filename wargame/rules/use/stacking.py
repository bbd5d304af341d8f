"""Stacking (3.3) and fort occupation (4.2.3.5, 4.2.3.6): one finding per hex that breaks them.

slot(unit) -> str                       fighter / bomber / ground / warship / convoy
stacking_findings(sit) -> list[Finding]
"""

from __future__ import annotations

from collections import Counter

from wargame.rules import Finding
from wargame.rules.position import Unit
from wargame.rules.use.ground import Situation

# Placed event markers that act as a unit and take its slot (14.3, 14.16).
MARKER_SLOTS = {"Convoy Action": "convoy", "Surface Action": "warship"}


def slot(unit: Unit) -> str:
    if unit.kind == "ground":
        return "ground"
    if unit.kind == "air":
        return "bomber" if unit.type == "bomber" else "fighter"
    return "convoy" if unit.type == "convoy" else "warship"


def stacking_findings(sit: Situation) -> list[Finding]:
    limits = sit.rules.stacking
    out: list[Finding] = []
    for place in sit.pos.occupied:
        units = sit.pos.units_in(place)
        if units[0].hex is None:
            continue  # Map Boxes have no stacking limit (3.3)
        factions = sorted({u.faction for u in units})
        if len(factions) > 1:
            out.append(
                Finding(
                    "3.3",
                    "stacking",
                    factions[0],
                    tuple(u.id for u in units),
                    (place,),
                    f"units of enemy factions ({', '.join(factions)}) share hex {place}",
                )
            )
        for faction in factions:
            mine = [u for u in units if u.faction == faction]
            counts = Counter(slot(u) for u in mine)
            for m in sit.pos.markers_in(place):
                if m.name in MARKER_SLOTS and m.faction == faction:
                    counts[MARKER_SLOTS[m.name]] += 1
            for kind, n in sorted(counts.items()):
                if n > limits.get(kind, 1):
                    who = tuple(u.id for u in mine if slot(u) == kind)
                    out.append(
                        Finding(
                            "3.3",
                            "stacking",
                            faction,
                            who,
                            (place,),
                            f"{n} {kind} units in hex {place}, at most {limits.get(kind, 1)}",
                        )
                    )
        fort = sit.forts.get(place)
        if fort is not None:
            nation = sit.fort_nationality(fort)
            for u in units:
                if u.in_fort and u.kind != "ground":
                    out.append(
                        Finding(
                            "4.2.3.5",
                            "stacking",
                            u.faction,
                            (u.id,),
                            (place,),
                            f"{u.label} lies under the fort marker; air and naval units never "
                            "occupy a fort, so it does not (put it on top)",
                            severity="note",
                        )
                    )
                elif u.in_fort and u.nationality != nation:
                    out.append(
                        Finding(
                            "4.2.3.6",
                            "stacking",
                            u.faction,
                            (u.id,),
                            (place,),
                            f"{u.label} lies under a {nation} fort; only {nation} units may occupy it, so it does not",
                        )
                    )
    return out
