"""ETO moves as an audit of a log judges them: each step against the one before
(``assistant.audit`` drives :class:`MoveJudge` through ``Pack.move_judge``).

In the Offensive and Movement phases, every land unit that moves from hex to hex is judged by
the movement search (wargame.rules.eto.movement): one MP a hex, weather halving, unsupplied
caps, enemy ZOC (25.2-25.4, 42.5), terrain (24.1), neutral borders in the Movement phase (30.2).
The hexes land units pass through become their side's for the rest of the log (24.4), which a
rail move's friendly route needs (31.3).
A unit's moves in one phase add up (it moves once, 24.0, 30.0); a unit that moved in the
Offensive phase may not move in that month's Movement phase (30.0). A Movement-phase move that
no land path explains is judged as a rail move (31.2, 31.3).

What it does not judge, and says so in the audit's summary (``unjudged``):
* advances after combat into a hex the enemy left this phase, and the moves after them
  (breakthrough, exploitation: 27.4, 28.3, 29.2; the log does not show which attack allowed
  them nor the general's ratings), and retreats (27.3: a unit of the side not attacking that
  leaves a hex next to the enemy);
* moves outside the Offensive and Movement phases (debarkation, evacuation), air and naval
  moves, units taken off the map and units put on it (save that in the Construction phase none
  goes into enemy ZOC, 37.6, an HQ only onto a friendly unit, 23.1), generals moving with their
  units in offensives;
* rail capacity and the country whose points a rail move spends (31.0, 31.4-31.6);
* whether a unit was activated for the offensive it moves in (22.0): activation markers and HQ
  radii are not read.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from wargame.rules.eto.ground import Situation
from wargame.rules.eto.movement import Leg, allowance, ground_move, rail_move
from wargame.rules.pack import Record
from wargame.rules.position import Unit
from wargame.rules.results import Activation, SupplyLine, Zoc

if TYPE_CHECKING:
    from wargame.rules.eto import Pack

NOT_JUDGED = {
    "combat": "advances after combat and the breakthrough or exploitation moves after them, and retreats "
    "(27.3, 27.4, 28.3, 29.2): the log does not show the attacks, dice or generals' ratings",
    "other_phase": "land units moved outside the Offensive and Movement phases (sea transport, debarkation)",
    "air_naval": "air and naval moves (ranges, basing changes, interception)",
    "placed": "units put on the map or taken off it (eliminations; where new units go, beyond enemy ZOC)",
    "general": "generals moving with their land units during offensives (24.3)",
    "rail_capacity": "rail capacity and whose rail points a move spends (31.0, 31.4-31.6)",
    "off_map": "moves into or out of Map Boxes (the Iraq box's transit, 24.1)",
}


@dataclass
class _Move:
    unit_id: str
    label: str
    faction: str
    first_step: int
    start: str
    leg: Leg
    ma: int
    last_step: int = 0
    legal: bool = True
    rail: bool = False
    legs: int = 1
    free: bool = False  # after an advance after combat: its further moves are not judged
    supplied: bool = True  # it could trace supply when it began to move (33.1)


@dataclass
class MoveJudge:
    pack: Pack
    record: Record
    phase: str = ""
    step: int = 0
    month: str = ""
    moves: dict[str, _Move] = field(default_factory=dict)
    offensive_movers: set[str] = field(default_factory=set)  # moved in this month's Offensive phase
    vacated: dict[str, set[str]] = field(default_factory=dict)  # hex -> factions that left it this phase
    attacker: str = ""  # the side that moved last in an offensive
    passed: dict[str, str] = field(default_factory=dict)  # hex -> the side whose land unit last went through (24.4)
    skipped: Counter[str] = field(default_factory=Counter)
    activations: list[Activation] = field(default_factory=list)
    _lines: dict[int, dict[str, SupplyLine]] = field(default_factory=dict)

    # -- the audit's interface -------------------------------------------------------------
    def new_phase(self, phase: str) -> None:
        self.close()
        self.phase = self._phase_name(phase)
        self.vacated.clear()
        self.attacker = ""

    def close(self) -> None:
        for m in self.moves.values():
            self.activations.append(
                Activation(
                    m.unit_id,
                    m.label,
                    m.faction,
                    m.first_step,
                    m.last_step,
                    m.start,
                    m.leg.path[-1] if m.leg.path else m.start,
                    m.ma,
                    m.leg.used,
                    (),
                    m.legal,
                )
            )
        self.moves.clear()

    def finish(self) -> None:
        self.close()

    def unjudged(self) -> tuple[tuple[str, int, str], ...]:
        return tuple((k, n, NOT_JUDGED[k]) for k, n in sorted(self.skipped.items()) if n)

    def compare(self, sit0: Situation, zoc0: Zoc, sit1: Situation, zoc1: Zoc, phase: str, step: int) -> None:
        self.step = step
        self._lines.clear()
        if sit1.pos.state.month != self.month:
            self.month = sit1.pos.state.month
            self.offensive_movers.clear()
        before = {u.id: u for u in sit0.pos.units}
        after = {u.id: u for u in sit1.pos.units}
        self.skipped["placed"] += len(set(before) - set(after))
        for uid in sorted(set(after) - set(before)):
            self._placed(sit0, zoc0, after[uid])
        moved = [(before[i], after[i]) for i in sorted(set(before) & set(after)) if before[i].where != after[i].where]
        operations = self.phase in (self.pack.data.offensive_phase, self.pack.data.movement_phase)
        for u, v in moved:
            if u.kind != "ground":
                self.skipped["air_naval"] += 1
            elif u.hex is None or v.hex is None:
                self.skipped["off_map"] += 1
            elif not operations:
                self.skipped["other_phase"] += 1
            else:
                self._land_move(sit0, zoc0, sit1, u, v)
        self._note_vacated(sit0, sit1)

    # -- one land unit's move ----------------------------------------------------------------
    def _land_move(self, sit0: Situation, zoc0: Zoc, sit1: Situation, u: Unit, v: Unit) -> None:
        assert u.hex is not None and v.hex is not None  # compare passes moves between hexes only
        data = self.pack.data
        offensive = self.phase == data.offensive_phase
        if offensive and u.type == "general":
            self.skipped["general"] += 1
            return
        if self._advance(sit0, u, v):
            self.skipped["combat"] += 1
            if u.id in self.moves:
                self.moves[u.id].free = True
            return
        if offensive and self._retreat(sit0, u):
            self.skipped["combat"] += 1
            self.vacated.setdefault(u.hex or "", set()).add(u.faction)
            return
        move = self.moves.get(u.id)
        if move is not None and move.free:
            self.skipped["combat"] += 1
            return
        if offensive:
            self.attacker = u.faction
            self.offensive_movers.add(u.id)
        elif u.id in self.offensive_movers and move is None:
            self._add(
                "30.0",
                u,
                (u.hex, v.hex),
                "a unit that moved in this month's Offensive phase (so was "
                "activated) may not move in the Movement phase",
                (),
            )
        if move is None:
            supplied = self._supplied(sit0, zoc0, u)
            ma = allowance(sit0, u, self.phase, supplied)
            move = _Move(u.id, u.label, u.faction, self.step, u.hex or "", Leg(u.hex or ""), ma, supplied=supplied)
            self.moves[u.id] = move
        elif move.rail:
            self._add("31.3", u, (u.hex, v.hex), "a unit that moved by rail moves no further this phase", ())
            return
        elif u.type == "hq" and offensive and self._other_moved_since(move):
            move.legs += 1
            move.leg = Leg(move.leg.start, 0, False, "free", move.leg.path)
            if move.legs > 2:
                move.legal = False
                self._add("23.2", u, (u.hex, v.hex), "an HQ moves at most twice in an offensive (steps 1-B, 3-C)", ())
        move.last_step = self.step
        self._judge(sit0, zoc0, sit1, u, v, move)

    def _judge(self, sit0: Situation, zoc0: Zoc, sit1: Situation, u: Unit, v: Unit, move: _Move) -> None:
        sit0 = self._with_passage(sit0)
        ma = move.ma
        if not move.supplied and sit0.slow(u.hex or ""):
            ma = allowance(sit0, u, self.phase, False, slow=True)  # 33.1: 1 in mud or winter
        result = ground_move(sit0, zoc0, u, move.leg, v.hex or "", self.phase, ma, after=sit1)
        if result.legal and result.leg is not None:
            move.leg = result.leg
            self._pass(sit0, u, (u.hex or "", *result.path))
            return
        first = not move.leg.path
        if self.phase == self.pack.data.movement_phase and first and u.type in self.pack.data.rail_types:
            rail = rail_move(sit0, zoc0, u, v.hex or "")
            if rail.legal and rail.leg is not None:
                move.rail, move.leg = True, rail.leg
                self.skipped["rail_capacity"] += 1
                return
            rule = rail.rule if result.rule in ("24.0", "1.2") else result.rule
            self._add(
                rule or "24.0",
                u,
                (u.hex or "", v.hex or ""),
                f"no legal land move ({result.why}) nor rail move ({rail.why})",
                rail.path,
            )
        else:
            supplied = "" if move.supplied else ", unsupplied when it began to move (33.1)"
            self._add(
                result.rule or "24.0",
                u,
                (u.hex or "", v.hex or ""),
                f"{result.why} (allowance {ma} MP{supplied}, {move.leg.used} used before)",
                (),
            )
        move.legal = False
        move.leg = Leg(move.leg.start, move.leg.used + 1, move.leg.slowed, "stop", move.leg.path + (v.hex or "",))

    def _placed(self, sit0: Situation, zoc0: Zoc, u: Unit) -> None:
        """A unit put on the map: in the Construction phase no new land unit goes into enemy
        ZOC (37.6, 34.1), an HQ only onto a friendly unit there (23.1); other placements (and
        the rest of 37.6: a supplied home hex) are not judged."""
        if u.kind != "ground" or u.hex is None or self.pack.data.construction_phase.lower() not in self.phase.lower():
            self.skipped["placed"] += 1
            return
        self.skipped["placed"] += 1
        if not zoc0.ezoc(u.hex, u.faction):
            return
        if u.type == "hq":
            if not any(w.faction == u.faction and w.id != u.id for w in sit0.ground_units(u.hex)):
                self._add("23.1", u, (u.hex,), "a new HQ goes into enemy ZOC only onto a friendly unit", ())
        elif u.type != "general":
            self._add("37.6", u, (u.hex,), "a new or arriving unit may not be placed in enemy ZOC", ())

    # -- helpers --------------------------------------------------------------------------------
    def _add(self, rule: str, unit: Unit, hexes: tuple[str, ...], reason: str, path: tuple[str, ...]) -> None:
        self.record(rule, "movement", unit, hexes, reason, path, step=self.step)

    def _phase_name(self, phase: str) -> str:
        data = self.pack.data
        low = phase.lower()
        for name in (data.offensive_phase, data.movement_phase):
            if name.lower() in low:
                return name
        return phase

    def _supplied(self, sit: Situation, zoc: Zoc, u: Unit) -> bool:
        """33.1: can it trace supply as it begins to move (a unit in a city unless marked, 33.0)?"""
        if u.supply == "none":
            return False
        if u.hex and sit.map.cities_in(u.hex):
            return True
        lines = self._lines.get(id(sit))
        if lines is None:
            lines = dict(self.pack.supply(sit, zoc).lines)
            self._lines[id(sit)] = lines
        line = lines.get(u.id)
        return line is None or line.state != "none"

    def _advance(self, sit0: Situation, u: Unit, v: Unit) -> bool:
        """A move into a hex whose enemy land units were eliminated or retreated this phase
        (27.4); the unit's later moves this phase are not judged either (secondary advance,
        breakthrough, exploitation)."""
        if u.type not in self.pack.data.occupiers:
            return False  # HQs and generals do not advance after combat (27.4)
        fs = self.vacated.get(v.hex or "", set())
        return any(self.pack.enemies(f, u.faction) for f in fs)

    def _retreat(self, sit0: Situation, u: Unit) -> bool:
        """A unit of the side not attacking that leaves a hex next to an enemy land unit (27.3)."""
        if not self.attacker or u.faction == self.attacker or self.pack.separate(u.faction, self.attacker):
            return False
        grid = sit0.map.grid
        near = {grid.hex_id(n) for n in grid.neighbours(grid.parse(u.hex or ""))}
        return any(self.pack.enemies(w.faction, u.faction) for h in near for w in sit0.ground_units(h))

    def _other_moved_since(self, move: _Move) -> bool:
        return any(m.last_step > move.last_step for m in self.moves.values() if m.unit_id != move.unit_id)

    def _pass(self, sit: Situation, u: Unit, path: tuple[str, ...]) -> None:
        """24.4: a land unit other than an HQ (or general) takes each enemy or neutral hex it
        moves through; an ally's hexes stay the ally's (42.5)."""
        if u.type not in self.pack.data.occupiers:
            return
        for h in path:
            held = self.passed.get(h) or sit.controller(h)
            if not held or held == u.faction or self.pack.enemies(held, u.faction):
                self.passed[h] = u.faction

    def _with_passage(self, sit: Situation) -> Situation:
        """The position's control with the hexes land units have passed through in this log."""
        if not self.passed:
            return sit
        from dataclasses import replace
        from types import MappingProxyType

        control = dict(sit.control)
        for h, side in self.passed.items():
            here = {w.faction for w in sit.ground_units(h)}
            if not here or here == {side}:
                control[h] = side
        return replace(sit, control=MappingProxyType(control))

    def _note_vacated(self, sit0: Situation, sit1: Situation) -> None:
        """Hexes whose land units were eliminated this step: an enemy may advance into them."""
        still = {u.id for u in sit1.pos.units}
        for u in sit0.pos.units:
            if u.kind == "ground" and u.hex and u.id not in still:
                self.vacated.setdefault(u.hex, set()).add(u.faction)
