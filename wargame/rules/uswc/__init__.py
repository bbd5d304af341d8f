"""The USWC rules pack: USE's pack with Western Campaigns' differences (USWC 13).

What differs, and where:
    stacking      one fighter, one bomber, one ground unit per hex (3.3)     rules.toml [stacking]
    supply lines  land only: two hexes, then a Transport Line; no sea leg (7.4)   rules.toml [supply]
    sources       any own city for its own units; any UK city for US units; a Western port outside
                  the UK: Full for at most two Western units; conquered capitals and Western
                  capitals without a port: Limited for UK/US units (7.3)     supply_sources
    exemptions    none in hexes: every unit there traces; Map Boxes are not checked (7.2)   supply_exemption
    marking       USE's step rule; a unit in a Map Box keeps the state it has (7.2)   supply_marking
    moves         strategic moves need no supply trace, may not enter an enemy unit or a Map Box
                  (4.1); Naval Transport lifts a Western unit port to port (4.2.4)   move_judge
    map edge      a hex on a map's edge with land across an edge hexside is never Isolated
                  (5.3.4); combat is not judged, the fact is here for reports   never_isolated
Everything else (ZOC 1.7, placement, movement costs, the EZOC procedure) is USE's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wargame.rules.pack import Record, SupplyMark
from wargame.rules.position import Unit
from wargame.rules.results import SupplyLine
from wargame.rules.use import Pack as UsePack
from wargame.rules.use.supply import Sources

if TYPE_CHECKING:
    from wargame.rules.use.supply import _Tracer

__all__ = ["Pack"]

WESTERN_LEADERS = ("UK", "USA")  # 7.3: the nations a Western port or capital supplies
HOME_OF_USA = "UK"  # 7.3: any UK city is an Unlimited source for US units


class Pack(UsePack):
    """Unconditional Surrender! Western Campaigns: two factions, Axis and Western."""

    conditional_events = False  # USWC's only conditional event is Country Collapse (12.1)

    def supply_sources(self, tracer: _Tracer, faction: str, nationality: str) -> Sources:
        sit = tracer.sit
        state = sit.pos.state
        uss: dict[str, str] = {}
        lss: dict[str, str] = {}
        capped: dict[str, str] = {}
        for c in sit.map.cities:
            if not sit.friendly_city(c.hex, faction):
                continue
            owner = sit.owner(c.hex)
            if owner == nationality or (nationality == "USA" and owner == HOME_OF_USA):
                uss[c.hex] = c.name  # own city; any UK city for US units (7.3)
        for c in sit.map.cities:
            if c.hex in uss or not sit.friendly_city(c.hex, faction):
                continue
            owner = sit.owner(c.hex)
            if c.capital and state.status(owner) == "conquered":
                lss[c.hex] = c.name  # a conquered country's capital (7.3)
            elif faction == "western" and nationality in WESTERN_LEADERS:
                if c.port and owner != "UK":
                    capped[c.hex] = c.name  # a Western port outside the UK: Full, two units (7.3)
                elif c.capital and not c.port and state.faction_of(owner) == "western":
                    lss[c.hex] = c.name  # a Western capital without a port (7.3)
        if faction == "western" and nationality in WESTERN_LEADERS:
            for m in sit.pos.markers:  # a Mulberry counts as a port (7.3)
                if m.hex and m.name == "Mulberry" and m.hex not in uss and sit.friendly_port(m.hex, faction):
                    capped.setdefault(m.hex, "Mulberry")
        return Sources(uss, lss, (), capped)

    def never_isolated(self, board: str, hex_id: str) -> bool:
        """5.3.4: a hex on the map's edge whose edge hexside has land across it is never Isolated."""
        b = self.game.boards().board(board)
        data = self.game.mapdata()
        h = b.grid.parse(hex_id)
        for n in b.off_board(h):
            side = data.sides.get(b.grid.hexside_id(b.grid.hexside(h, n)))
            if side is not None and not side.water:
                return True
        return False

    def supply_exemption(self, tracer: _Tracer, unit: Unit) -> str:
        """7.2: a faction checks its units in hexes; one in a Map Box keeps its state (a box's
        own printed rules apply there, 1.3.4). No unit in a hex is supplied without a trace."""
        return "units in a Map Box are not checked for supply (7.2)" if unit.box else ""

    def supply_marking(self, unit: Unit, line: SupplyLine) -> SupplyMark:
        """7.2: USE's step rule for units in hexes; a unit in a Map Box is not checked, so its
        counter keeps what it shows."""
        if unit.box:
            return SupplyMark(unit.supply, "7.2", "units in a Map Box are not checked for supply")
        return super().supply_marking(unit, line)

    def move_judge(self, record: Record) -> Any:
        from wargame.rules.uswc.audit import MoveJudge

        return MoveJudge(self, record)
