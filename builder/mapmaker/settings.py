"""The game's own decisions in map/src/settings.toml that the written hexes carry: prohibited
countries, mainland areas, borders between areas and across water, restricted hexes, derived
features."""

from __future__ import annotations

from records import frozen
from wargame.errors import DataError
from wargame.mapdata import Vocabulary


@frozen
class Rules:
    """The game's own decisions from settings.toml: prohibited countries, each country's
    mainland area (every other area of it is overseas), whether areas of one country and land
    across water have borders, restricted hexes, derived features."""

    prohibited: frozenset[str]
    mainland: dict[str, str]
    restricted_country: str
    restricted_after: dict[int, int]  # row -> the last column that is not restricted
    derived: dict
    area_borders: bool = False  # two areas of one country (a Dependent and its owner) have a border
    sea_borders: bool = False  # land hexes of two countries across water have a border (of water)

    @classmethod
    def read(cls, settings: dict, vocab: Vocabulary, source: str) -> Rules:
        c = settings.get("countries", {})
        r = settings.get("restricted", {})
        after = {}
        for row, col in r.get("after", {}).items():
            if not row.isdigit() or not isinstance(col, int):
                raise DataError(f'[restricted] after: "{row}" = {col!r} must be row = column', source)
            after[int(row)] = col
        derived = settings.get("features", {})
        for key in ("lake_side", "all_lake_hex", "impassable"):
            word = derived.get(key)
            allowed = vocab.hex_features if key == "all_lake_hex" else vocab.side_features
            if word is not None and word not in allowed:
                raise DataError(f'[features] {key} = "{word}" is not a feature word of game.toml [map]', source)
        flags = {}
        for key in ("area_borders", "sea_borders"):
            flags[key] = c.get(key, False)
            if not isinstance(flags[key], bool):
                raise DataError(f"[countries] {key} must be true or false", source)
        return cls(
            frozenset(c.get("prohibited", [])),
            dict(c.get("mainland", {})),
            r.get("country", ""),
            after,
            derived,
            **flags,
        )


def restricted(rules: Rules, h, country: str) -> bool:
    """A restricted hex (USE 1.3.10): the settings' country, east of its row's last column."""
    limit = rules.restricted_after.get(h.row)
    return (
        bool(rules.restricted_country) and country == rules.restricted_country and limit is not None and h.col > limit
    )
