"""What a USE scenario setup must get right beyond a position's findings: Control markers mark
cities (2.3.1) held against their owner (15.7), one per hex; forts stand where ground units may
(15.12), one per hex; neither in a Map Box (1.3.5).

    marker_problems(position, mapdata) -> [(marker piece id, rule, problem)]
"""

from __future__ import annotations

from wargame.mapdata import MapData
from wargame.rules.position import Position

ONE_PER_HEX = {"Control": "15.7", "Fort": "15.12"}


def marker_problems(position: Position, mapdata: MapData) -> list[tuple[str, str, str]]:
    out: list[tuple[str, str, str]] = []
    for marker in position.markers:
        if marker.name not in ONE_PER_HEX:
            continue
        if marker.hex is None:
            out.append((marker.id, "1.3.5", f"a {marker.name} marker in a Map Box"))
            continue
        same = [m for m in position.markers_in(marker.hex) if m.name == marker.name]
        if len(same) > 1 and same[0].id != marker.id:
            out.append((marker.id, ONE_PER_HEX[marker.name], f"a second {marker.name} marker in the hex"))
            continue
        info = mapdata.hexes[marker.hex]
        if marker.name == "Control" and not mapdata.cities_in(marker.hex):
            out.append((marker.id, "2.3.1", "Control markers mark cities; this hex has none"))
        if marker.name == "Fort" and (info.is_water or info.faded_dot or info.prohibited):
            out.append((marker.id, "15.12", "a fort must stand where ground units may"))
    return out
