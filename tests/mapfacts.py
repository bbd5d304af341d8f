"""The words the map-fact tests of each game use (a hex, a city's hex, a distance, adjacency, a
hexside), over one game's committed map: the rulebook's facts read the same in every game."""

from __future__ import annotations

from wargame.games import find_game
from wargame.mapdata import City, HexInfo, MapData, SideInfo


class MapFacts:
    """One game's map, asked as a fact table asks it."""

    def __init__(self, game: str) -> None:
        self.map: MapData = find_game(game).mapdata()
        self.grid = self.map.grid

    def h(self, hex_id: str) -> HexInfo:
        return self.map.hex(hex_id)

    def city(self, name: str) -> City:
        return self.map.city(name)

    def chex(self, name: str) -> HexInfo:
        return self.h(self.city(name).hex)

    def dist(self, a: str, b: str) -> int:
        return self.grid.distance(self.grid.parse(a), self.grid.parse(b))

    def adjacent(self, a: str, b: str) -> bool:
        return self.grid.is_adjacent(self.grid.parse(a), self.grid.parse(b))

    def side(self, a: str, b: str) -> SideInfo:
        return self.map.side(a, b)
