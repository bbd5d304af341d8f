"""A scenario setup as the rules see its first turn: every counter placed on a hex or in a Map
Box becomes a Unit or MarkerPiece of a :class:`~wargame.rules.position.Position`, with the
scenario's nations, policies, cessions, weather and starting control. One implementation, for ``staffwork
scenario check`` and for tests; the module's setups are written from the same placements.

    setup_position(game, scenario, content, mapdata) -> (Position, {piece id: Placement})
"""

from __future__ import annotations

from wargame.content import Content, Placement, Scenario
from wargame.mapdata import MapData
from wargame.rules.position import GameState, MarkerPiece, NationState, Position, Unit


def place_of(where: str, mapdata: MapData) -> tuple[str | None, str | None]:
    """(hex, Map Box code) of a setup's ``where``: a hex id of the map or a Map Box name; both
    None for a place off the map (a faction card, the turn track, "map" = not chosen)."""
    if where in mapdata.hexes:
        return where, None
    for box in mapdata.boxes.values():
        if where in (box.name, box.code):
            return None, box.code
    return None, None


def setup_position(
    game: str, scenario: Scenario, content: Content, mapdata: MapData
) -> tuple[Position, dict[str, Placement]]:
    """The position of a setup. A ground unit placed in a hex that a Fort marker of the
    setup also holds lies under the fort (and so may occupy it)."""
    lines: dict[str, Placement] = {}
    units: list[Unit] = []
    markers: list[MarkerPiece] = []
    fort_hexes = {
        p.where
        for p in scenario.setup
        if not p.is_unit and content.markers[p.counter].name == "Fort" and p.where in mapdata.hexes
    }
    on_track: set[str] = set()
    for p in scenario.setup:
        if not p.is_unit and (p.where == "turn_track" or (p.when is not None and p.when.month is not None)):
            on_track.add(p.counter)
        hex_id, box = place_of(p.where, mapdata)
        if hex_id is None and box is None:
            continue
        for n in range(p.count):
            piece_id = f"{p.counter}#{p.line}.{n + 1}"
            lines[piece_id] = p
            if p.is_unit:
                u = content.units[p.counter]
                units.append(
                    Unit(
                        id=piece_id,
                        name=u.id,
                        key=u.key,
                        faction=scenario.nations[u.nation].faction or "",
                        nationality=u.nation,
                        kind=u.kind,
                        type=u.type,
                        category=u.category,
                        elite=u.elite,
                        reduced=p.strength == "reduced",
                        sorties=p.sorties or 0,
                        hex=hex_id,
                        box=box,
                        level=len(units),
                        in_fort=u.kind == "ground" and p.where in fort_hexes,
                    )
                )
            else:
                m = content.markers[p.counter]
                markers.append(
                    MarkerPiece(
                        id=piece_id,
                        key=m.key,
                        name=m.name,
                        faction=m.faction or "",
                        nationality=m.nation or "",
                        hex=hex_id,
                        box=box,
                        flipped=p.flipped,
                    )
                )
    state = GameState(
        month=str(scenario.first_turn),
        weather=scenario.weather,
        policies=frozenset(scenario.policies),
        nations={abbr: NationState(n.status, n.faction) for abbr, n in scenario.nations.items()},
        ceded=frozenset(content.disputed_areas[k].name for k in scenario.ceded),
        turn_track=frozenset(on_track),
        events_done=frozenset(scenario.events_done),
        waived=frozenset(scenario.waived),
        control=scenario.control,
        sources=scenario.sources,
    )
    boards = (scenario.board,) if scenario.board else ()
    return Position(game, tuple(units), tuple(markers), state, boards), lines
