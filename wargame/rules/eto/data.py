"""The numbers and lists of ETO's rules the pack reads, from rules.toml beside it (rule cases
in the file). One frozen record, built once per pack.

    rules_data(table, source) -> RulesData
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from records import frozen
from wargame.errors import DataError

__all__ = ["RulesData", "rules_data"]


@frozen
class RulesData:
    # zones of control [25.1]
    zoc_types: frozenset[str]
    no_zoc_terrain: Mapping[str, frozenset[str]]  # unit type -> terrains it exerts no ZOC into
    fort_markers: frozenset[str]
    # terrain [24.1, 1.2-1.5]
    no_entry_countries: frozenset[str]
    closed_hexes: frozenset[str]
    closed_sides: frozenset[str]
    open_sides: frozenset[str]
    lake_sides: frozenset[str]
    frozen_zone: str
    frozen_weather: str
    fortress_sides: frozenset[str]
    fortified_country: str
    forest: str
    slow_weather: frozenset[str]
    road_net: str
    # stacking [24.2, 42.4, 42.5, 45.6]
    stack_types: frozenset[str]
    stack_limit: int
    stack_limit_city_resource: int
    soviet_bonus: int
    soviet_nation: str
    never_together: tuple[tuple[str, str], ...]
    separate_factions: tuple[tuple[str, str], ...]
    lone_types: frozenset[str]
    # placement [13.2-13.4, 7.7, 7.8]
    airfield_markers: frozenset[str]
    destroyed_markers: frozenset[str]
    air_overstack: int
    carriers: frozenset[str]
    carried_types: frozenset[str]
    ports: Mapping[str, int]
    port_boxes: Mapping[str, int]
    air_boxes: Mapping[str, int]
    sea_boxes: frozenset[str]
    # control [24.4, 43.2]
    control_markers: Mapping[str, str]
    soviet_countries: frozenset[str]
    soviet_lines: frozenset[str]
    occupiers: frozenset[str]
    # supply [32, 33]
    traced: frozenset[str]
    needs_none: Mapping[str, str]
    home_areas: Mapping[str, frozenset[str]]
    colonial_sources: Mapping[str, tuple[str, ...]]
    claimed_sources: Mapping[str, tuple[tuple[str, str], ...]]
    partner_sources: Mapping[str, tuple[str, ...]]
    source_boxes: Mapping[str, tuple[str, ...]]
    us_box: str
    us_nation: str
    marker_capacity: Mapping[str, int]
    fort_capacity: int
    iraq_box: str
    iraq_edge: str
    iraq_nation: str
    oos_marker: str
    supply_phase: str
    # movement [24.0, 30.0, 31.0, 33.1]
    offensive_phase: str
    movement_phase: str
    construction_phase: str
    default_ma: Mapping[str, int]
    hq_ma: Mapping[str, int]
    general_ma: int
    oos_ma: Mapping[str, int]
    oos_ma_slow: Mapping[str, int]
    rail_types: frozenset[str]


def _words(v: Any) -> frozenset[str]:
    return frozenset(str(x) for x in v)


def _frozen_map(v: Mapping[str, Any]) -> Mapping[str, Any]:
    return MappingProxyType(dict(v))


def rules_data(table: Mapping[str, Any], source: str) -> RulesData:
    """The record of rules.toml; a missing key is one DataError naming the table and key."""
    try:
        z, t, s, p, c, u, m = (
            table[k] for k in ("zoc", "terrain", "stacking", "placement", "control", "supply", "movement")
        )
        return RulesData(
            zoc_types=_words(z["types"]),
            no_zoc_terrain=_frozen_map({k: _words(v) for k, v in z.get("not_into_terrain", {}).items()}),
            fort_markers=_words(z["fort_markers"]),
            no_entry_countries=_words(t["no_entry_countries"]),
            closed_hexes=_words(t["closed_hexes"]),
            closed_sides=_words(t["closed_sides"]),
            open_sides=_words(t["open_sides"]),
            lake_sides=_words(t["lake_sides"]),
            frozen_zone=t["frozen_zone"],
            frozen_weather=t["frozen_weather"],
            fortress_sides=_words(t["fortress_sides"]),
            fortified_country=t["fortified_country"],
            forest=t["forest"],
            slow_weather=_words(t["slow_weather"]),
            road_net=t["road_net"],
            stack_types=_words(s["types"]),
            stack_limit=s["limit"],
            stack_limit_city_resource=s["limit_city_resource"],
            soviet_bonus=s["soviet_bonus"],
            soviet_nation=s["soviet_nation"],
            never_together=tuple((a, b) for a, b in s["never_together"]),
            separate_factions=tuple((a, b) for a, b in s["separate_factions"]),
            lone_types=_words(s["lone_types"]),
            airfield_markers=_words(p["airfield_markers"]),
            destroyed_markers=_words(p["destroyed_markers"]),
            air_overstack=p["air_overstack"],
            carriers=_words(p["carriers"]),
            carried_types=_words(p["carried_types"]),
            ports=_frozen_map(p["ports"]),
            port_boxes=_frozen_map(p["port_boxes"]),
            air_boxes=_frozen_map(p["air_boxes"]),
            sea_boxes=_words(p["sea_boxes"]),
            control_markers=_frozen_map(c["markers"]),
            soviet_countries=_words(c["soviet_countries"]),
            soviet_lines=_words(c["soviet_lines"]),
            occupiers=_words(c["occupiers"]),
            traced=_words(u["traced"]),
            needs_none=_frozen_map(u["needs_none"]),
            home_areas=_frozen_map({k: _words(v) for k, v in u["home_areas"].items()}),
            colonial_sources=_frozen_map({k: tuple(v) for k, v in u["colonial_sources"].items()}),
            claimed_sources=_frozen_map({k: tuple((a, b) for a, b in v) for k, v in u["claimed_sources"].items()}),
            partner_sources=_frozen_map({k: tuple(v) for k, v in u["partner_sources"].items()}),
            source_boxes=_frozen_map({k: tuple(v) for k, v in u["source_boxes"].items()}),
            us_box=u["us_box"],
            us_nation=u["us_nation"],
            marker_capacity=_frozen_map(u["marker_capacity"]),
            fort_capacity=u["fort_capacity"],
            iraq_box=u["iraq_box"],
            iraq_edge=u["iraq_edge"],
            iraq_nation=u["iraq_nation"],
            oos_marker=u["oos_marker"],
            supply_phase=u["supply_phase"],
            offensive_phase=m["offensive_phase"],
            movement_phase=m["movement_phase"],
            construction_phase=m["construction_phase"],
            default_ma=_frozen_map(m["default_ma"]),
            hq_ma=_frozen_map(m["hq_ma"]),
            general_ma=m["general_ma"],
            oos_ma=_frozen_map(m["oos_ma"]),
            oos_ma_slow=_frozen_map(m["oos_ma_slow"]),
            rail_types=_words(m["rail_types"]),
        )
    except KeyError as exc:
        raise DataError(f"the rules data lacks {exc.args[0]!r}", source) from None
    except (TypeError, ValueError) as exc:
        raise DataError(f"the rules data has a value of the wrong kind ({exc})", source) from None
