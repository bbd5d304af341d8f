"""USE moves as an audit of a log judges them (4.1, 4.2, 5.3, 6.x, 10.3): each step of the log
against the one before, with the activation of each unit, its attacks, retreats and advances,
air, naval and strategic moves, Naval Transport, Amphibious Invasions, displacement, the markers
the phasing side places, Home Defense and the conditional events the Axis sets off.

``assistant.audit`` replays the log and hands each pair of positions to :class:`MoveJudge`
(through ``Pack.move_judge``); the judge reports with ``record(rule, check, unit, hexes, reason,
path=(), step=None, severity="problem")`` and says through :meth:`MoveJudge.unjudged` what it saw
and could not judge. A sibling game overrides the methods that differ (USWC's strategic movement
and Naval Transport).

Operations phase, the phasing side:
* a ground unit's activation runs from its first move (or Assault marker) until another unit of
  its side acts; each move needs a legal path with the MP left (4.2, ``movement.ground_path``),
  Cooperation Limits included (10.3.2); once per phase (6.3); not under a Strategic Move marker
  (4.1.4); not again after it designated an Assault (5.3.3), was carried by sea (6.4.4) or
  invaded (6.3.2.4); a USSR unit may step between the east edge and Central Russia (4.2.3);
* an attack shows as an adjacent enemy ground unit that leaves its hex, vanishes or is flipped.
  One made during the activation is a Mobile attack: its MP (4.2.3.3) and when it is barred
  (5.3.1, 11.2, 4.2.3.5, 1.3.10, 10.3.x). An Assault marker placed on a unit designates an
  Assault: not after a Mobile attack (4.2.3.3, 5.3.1), against an enemy it may Assault, with the
  MP; it ends the activation. A hit next to Assault-marked units and not to the active unit is an
  Assault's resolution: never inside another unit's activation (5.3.3); one attacker advances;
* the advance after combat is free and ignores the EZOC it enters (5.3.7);
* air moves: a path of the unit's MP around prohibited hexes (4.2.2.1), not at 6 Sorties
  (6.2), ending where air units may, with a supply line (4.2.2); naval moves: a path through
  ports, Sea Zones and boxes within MP (4.2.4), straits and canals open (4.2.4.1), not at 6
  Sorties (6.4), ending in a friendly port or a box it may enter;
* Naval Transport: an air or ground unit that moves with a convoy that began its activation
  stacked with it (6.4.4); Amphibious Invasion: a ground unit stacked with a convoy that lands
  on a coastal hex no ground path reaches (6.3.2, ``invasion.invasion_problems``);
* markers: Airdrop (14.1), Partisans (14.10), Surprise Attack (14.17) not during an activation
  (6.1), one per hex; Bombed on a factory in Germany within a bomber's range (6.2.6);
* Home Defense: a unit's activation may not leave a rule of 10.3.1 unmet that it met before.
The other side: a retreat (5.3.5, 5.3.5.1) or a displacement (4.2.3.7); anything else is told
as not judged. Strategic Movement phase: Transport Line path (Messina included), no enemy city,
fort, unit or ZOC entered, a supply line from every hex entered, one unit per faction, no naval
units, not ending in a fort (4.1) nor where Cooperation Limits bar (10.3.2).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from wargame.rules.pack import Record
from wargame.rules.position import MarkerPiece, Position, Unit
from wargame.rules.results import Activation, Zoc
from wargame.rules.use.air import air_path, mission_reach
from wargame.rules.use.combat import attack_problems, retreat_problems
from wargame.rules.use.ground import Situation
from wargame.rules.use.invasion import invasion_problems
from wargame.rules.use.movement import (
    Ground,
    MoveCosts,
    _base_cost,
    attack_cost,
    ground_path,
    movement_points,
    strategic_path,
)
from wargame.rules.use.naval import naval_path
from wargame.rules.use.placement import unit_placement
from wargame.rules.use.policies import end_barred
from wargame.rules.use.state_checks import (
    EVENT_RULES,
    event_areas,
    events_fired,
    factory_hexes,
    home_defense,
    strategic_move_unit,
)

if TYPE_CHECKING:
    from wargame.rules.use import Pack

CENTRAL_RUSSIA = "CRU"
SPECIAL_MARKERS = ("Airdrop", "Partisans", "Surprise Attack")  # 6.1: never during an activation
NOT_JUDGED = {
    "combat": "combat results: whether a result fits the dice needs the Combat Results Table, which "
              "the rulebook does not print (legality of the attack, retreat and advance is judged)",
    "sorties": "Sorties added to air or naval units that did not move: the log does not say which "
               "mission (Air Strike, Air Support, escort, interception) they flew or against whom",
    "supply": "supply markers changed: supply is judged on a position (staffwork check); interception "
              "of sea lines is a die roll",
    "other_side": "moves of the non-phasing side that are neither retreats nor displacements (events "
                  "such as Naval Evacuation or Emergency Shipping, repatriation)",
    "placed": "units put on the map or taken off it (mobilization, reserves, events, eliminations)",
    "other_phase": "moves and placements outside the Strategic Movement and Operations phases",
    "fort_hold": "French, USSR and UK units that Home Defense holds until West Invaded, East Invaded or "
                 "the Mediterranean Crisis (10.3.1): the log does not say whether those events happened",
}


@dataclass
class _Act:
    unit_id: str
    label: str
    faction: str
    first_step: int
    start: str
    at: str
    mp: int
    left: int
    started: bool = False
    attacks: list[str] = field(default_factory=list)
    advance_into: str | None = None
    legal: bool = True
    last_step: int = 0
    mobile: bool = False  # made a Mobile attack (5.3.2)
    ended: str = ""  # why the activation is over before another unit acts
    left_fort: bool = False  # it left a fort in this activation (4.2.3.6)
    invaded: str | None = None  # the hex it landed on by Amphibious Invasion
    invasion_assault: bool = False  # it Assaulted from there (6.3.2.4)
    special_marker: bool = False  # an Airdrop, Partisans or Surprise Attack marker was placed since its last move
    assault_elsewhere: str = ""  # an Assault resolved while it was active (5.3.3)
    home: tuple[str, ...] = ()  # Home Defense rules of its nation met when it began (10.3.1)
    sit_start: Any = None

    def frozen(self) -> Activation:
        return Activation(self.unit_id, self.label, self.faction, self.first_step, self.last_step,
                          self.start, self.at, self.mp, self.mp - self.left, tuple(self.attacks),
                          self.legal)


@dataclass(frozen=True)
class _Diff:
    moved: tuple[tuple[Unit, Unit], ...]
    gone: tuple[Unit, ...]
    appeared: tuple[Unit, ...]
    hit: tuple[tuple[Unit, Unit | None], ...]  # ground units that moved, vanished or flipped
    sorties: tuple[tuple[Unit, Unit], ...]  # Sorties changed, no move
    supply: tuple[tuple[Unit, Unit], ...]
    fort: tuple[tuple[Unit, Unit], ...]  # in_fort changed, no move
    markers_placed: tuple[MarkerPiece, ...]


def _on_map(u: Unit | MarkerPiece | None) -> bool:
    return u is not None and (u.hex is not None or u.box is not None)


def _diff(pos0: Position, pos1: Position) -> _Diff:
    now = {u.id: u for u in pos1.units}
    before = {u.id: u for u in pos0.units}
    moved, gone, hit, sorties, supply, fort = [], [], [], [], [], []
    for u in pos0.units:
        v = now.get(u.id)
        if not _on_map(u):
            continue
        if not _on_map(v):
            gone.append(u)
            if u.kind == "ground":
                hit.append((u, None))
            continue
        assert v is not None
        if u.where != v.where:
            moved.append((u, v))
        elif v.in_fort != u.in_fort:
            fort.append((u, v))
        if u.kind == "ground" and (u.where != v.where or u.reduced != v.reduced):
            hit.append((u, v))
        if u.where == v.where and u.sorties != v.sorties:
            sorties.append((u, v))
        if u.supply != v.supply:
            supply.append((u, v))
    appeared = tuple(v for v in pos1.units if _on_map(v) and not _on_map(before.get(v.id)))
    old_markers = {m.id: m for m in pos0.markers}
    placed = tuple(m for m in pos1.markers if _on_map(m) and (
        m.id not in old_markers or (old_markers[m.id].hex, old_markers[m.id].box) != (m.hex, m.box)))
    return _Diff(tuple(moved), tuple(gone), appeared, tuple(hit), tuple(sorties), tuple(supply), tuple(fort), placed)


def _adjacent(sit: Situation, a: str | None, b: str | None) -> bool:
    if not a or not b or a not in sit.map.hexes or b not in sit.map.hexes:
        return False
    g = sit.map.grid
    return g.is_adjacent(g.parse(a), g.parse(b))


class MoveJudge:
    """Judges the moves between two positions of a log, step by step (the audit drives it)."""

    def __init__(self, pack: Pack, record: Record):
        self.pack = pack
        self.record = record
        self.told: set[tuple] = set()
        self.costs: MoveCosts = pack.costs
        self.activations: list[Activation] = []
        self.act: _Act | None = None
        self.activated: set[str] = set()
        self.strategic_done: dict[str, str] = {}
        self.pending_attacks: list[tuple[Unit, bool, Situation, int]] = []  # (defender, vacated, before, step)
        self.phasing: str | None = None
        self.step = 0
        self.mobile_units: set[str] = set()  # made a Mobile attack this phase (5.3.1)
        self.assault_units: set[str] = set()  # designated an Assault this phase (5.3.1)
        self.advanced: set[str] = set()  # Assault target hexes already advanced into (5.3.7)
        self.assault_vacated: dict[str, tuple[str, ...]] = {}  # hex -> Assault attackers next to it
        self.displacing: dict[str, int] = {}  # hex entered with enemy air/naval units -> step
        self.convoy_moves: list[tuple[Unit, Unit, int]] = []  # this step's and the last step's
        self.handled: set[tuple[str, int]] = set()  # (unit id, step) judged with a transport
        self.awaiting: tuple | None = None  # a move that may yet prove a Naval Transport
        self.invasion: tuple[str, str, frozenset[str]] | None = None  # (origin, hex, naval ids)
        self.invaded_hexes: set[str] = set()  # 6.3.2.1: each hex once per Actions Sub-Phase
        self.invading_ships: set[str] = set()  # 6.3.2.1: a naval unit in one invasion per phase
        self.fired: set[str] = set()
        self.skipped: Counter[str] = Counter()
        self.now: tuple[Situation, Zoc] | None = None
        self.last: tuple[Situation, Zoc] | None = None
        self.diff: _Diff | None = None

    def add(self, rule: str, check: str, unit: Unit | None, hexes: tuple[str, ...], reason: str,
            path: tuple[str, ...] = (), *, step: int | None = None, severity: str = "problem") -> None:
        """Record a finding once: the same rule for the same unit at the same step is told once
        (a path and the place it ends may both break Cooperation Limits)."""
        key = (step or self.step, rule, unit.id if unit else hexes)
        if key in self.told:
            return
        self.told.add(key)
        self.record(rule, check, unit, hexes, reason, path, step=step, severity=severity)

    # -- what the audit reports beyond findings -------------------------------------------------
    def unjudged(self) -> tuple[tuple[str, int, str], ...]:
        """(kind, how many the log holds, why) of what the judge saw and could not judge."""
        return tuple((k, n, NOT_JUDGED[k]) for k, n in sorted(self.skipped.items()) if n)

    def excused(self, finding: Any, sit: Situation) -> bool:
        """A stacking finding the audit may let pass: enemy air or naval units in a hex a phasing
        ground unit just entered; they are displaced next (4.2.3.7), and the judge reports them
        if they are not."""
        if finding.rule != "3.3" or "enemy factions" not in finding.reason or not finding.hexes:
            return False
        units = sit.pos.units_in(finding.hexes[0])
        ground = {u.faction for u in units if u.kind == "ground"}
        others = [u for u in units if u.faction not in ground]
        if len(ground) == 1 and ground == {self.phasing} and others and all(u.kind != "ground" for u in others):
            self.displacing.setdefault(finding.hexes[0], self.step)
            return True
        return False

    # -- phases ---------------------------------------------------------------------------------
    def close(self) -> None:
        self._flush_awaiting()
        if self.act is not None:
            act = self.act
            self.act = None
            self._home_defense_after(act)
            self._end_of_move(act)
            self.activations.append(act.frozen())

    def finish(self) -> None:
        """The end of the log: the last activation and the last phase's loose ends."""
        self.interrupt()
        self._undisplaced()
        self.displacing.clear()

    def interrupt(self) -> None:
        """Another unit acts (or the phase ends): the active unit's activation is over, and
        attacks no move has claimed are settled."""
        self.close()
        self._settle_pending()

    def new_phase(self, phase: str) -> None:
        self.interrupt()
        self._undisplaced()
        self.activated.clear()
        self.strategic_done.clear()
        self.pending_attacks.clear()
        self.mobile_units.clear()
        self.assault_units.clear()
        self.advanced.clear()
        self.assault_vacated.clear()
        self.displacing.clear()
        self.invasion = None
        self.invaded_hexes.clear()
        self.invading_ships.clear()
        self.phasing = self.pack.phase_kind(phase)[1]

    def compare(self, sit0: Situation, zoc0: Zoc, sit1: Situation, zoc1: Zoc, phase: str, step: int) -> None:
        self.step = step
        self.now = (sit1, zoc1)
        kind, _faction = self.pack.phase_kind(phase)
        diff = _diff(sit0.pos, sit1.pos)
        self.diff = diff
        self.convoy_moves = [c for c in self.convoy_moves if c[2] >= step - 1]
        self.convoy_moves += [(u, v, step) for u, v in diff.moved if u.type == "convoy"]
        if self.awaiting is not None and self.awaiting[-1] < step:
            self._resolve_awaiting(diff)
        try:
            if kind == "other":
                if diff.moved or diff.appeared:
                    self.skipped["other_phase"] += len(diff.moved) + len(diff.appeared)
                return
            if self.phasing is None and (diff.moved or diff.markers_placed):
                movers = [v for _u, v in diff.moved]
                mover = next((v for v in movers if v.kind == "ground"), movers[0] if movers else None)
                self.phasing = mover.faction if mover else None
            if kind == "operations":
                self.operations(sit0, zoc0, sit1, zoc1, diff)
            elif kind == "strategic":
                for u, v in diff.moved:
                    self.strategic_move(sit0, zoc0, u, v)
            self.skipped["placed"] += len(diff.appeared) + sum(1 for u in diff.gone if u.kind != "ground")
        finally:
            self.note_events(sit0, sit1, diff)
            self.last = (sit1, zoc1)

    # -- operations -------------------------------------------------------------------------
    def operations(self, sit0: Situation, zoc0: Zoc, sit1: Situation, zoc1: Zoc, diff: _Diff) -> None:
        f = self.phasing
        for m in diff.markers_placed:
            self.marker_placed(sit0, sit1, m)
        self.note_attacks(sit0, zoc0, sit1)
        for u, v in diff.moved:
            if (u.id, self.step) in self.handled:
                continue
            if u.faction != f:
                self.other_side_move(sit0, zoc0, sit1, zoc1, u, v)
            elif u.kind == "ground":
                self.ground_move(sit0, zoc0, u, v)
            elif u.kind == "air":
                self.air_move(sit0, zoc0, sit1, zoc1, u, v)
            else:
                self.naval_move(sit0, zoc0, sit1, zoc1, u, v)
        for u, v in diff.fort:
            self.fort_change(sit0, u, v)
        self.skipped["sorties"] += sum(1 for u, v in diff.sorties if v.sorties > u.sorties)
        self.skipped["supply"] += len(diff.supply)

    def note_attacks(self, sit0: Situation, zoc0: Zoc, sit1: Situation) -> None:
        """Enemy ground units of the phasing side that left, vanished or flipped: attacks. The
        active unit's are Mobile attacks; one next to Assault-marked units only is an Assault's
        resolution; one seen before its attacker's first move waits for that move."""
        assert self.diff is not None
        for u, v in self.diff.hit:
            if u.faction == self.phasing or not u.hex:
                continue
            vacated = v is None or v.where != u.where
            self.skipped["combat"] += 1
            self._axis_attack(sit0, u.hex)
            act = self.act
            if act is not None and not act.ended and act.invaded is None and _adjacent(sit0, act.at, u.hex):
                self.attack(sit0, u, vacated)
            elif act is not None and act.invaded is not None and _adjacent(sit0, act.at, u.hex):
                act.attacks.append(u.hex)  # the Assault an invader in an EZOC makes (6.3.2.4)
                act.invasion_assault = True
                act.advance_into = u.hex if vacated else None
            elif self._assaulting(sit0, u.hex):
                self.assault_resolved(sit0, u, vacated, self._assaulting(sit0, u.hex))
            else:
                self.pending_attacks.append((u, vacated, sit0, self.step))

    def _assaulting(self, sit: Situation, target: str) -> tuple[str, ...]:
        """Phasing ground units with an Assault marker next to ``target``: their hexes."""
        out = []
        for m in sit.pos.markers:
            if m.name != "Assault" or not m.hex or not _adjacent(sit, m.hex, target):
                continue
            if any(u.kind == "ground" and u.faction == self.phasing for u in sit.pos.units_in(m.hex)):
                out.append(m.hex)
        return tuple(sorted(set(out)))

    def attack(self, sit0: Situation, defender: Unit, vacated: bool, *, step: int | None = None) -> None:
        """A Mobile attack by the active unit (4.2.3.3, 5.3.1, 5.3.2); ``step``: when it was seen."""
        act = self.act
        assert act is not None and defender.hex is not None
        target = defender.hex
        unit = sit0.pos.unit(act.unit_id)
        here = replace(unit, hex=act.at, box=None) if unit.hex != act.at else unit
        ground = Ground(sit0, self.pack.zoc(sit0), here)
        cost = attack_cost(ground, act.at, target, self.costs)
        act.attacks.append(target)
        act.started = True
        act.mobile = True
        self.mobile_units.add(act.unit_id)
        if act.unit_id in self.assault_units:
            self.add("5.3.1", "combat", unit, (act.at, target),
                     "a unit that designated an Assault this phase may not also make a Mobile attack", step=step)
        for rule, why in attack_problems(sit0, here, act.at, defender, mobile=True):
            act.legal = False
            self.add(rule, "combat", unit, (act.at, target), f"Mobile attack on {defender.label}: {why}", step=step)
        if cost > act.left:
            act.legal = False
            self.add("4.2.1", "movement", unit, (act.at, target),
                     f"attacks {defender.label if vacated else target} for {cost} MP with {act.left} MP left",
                     step=step)
        act.left = max(0, act.left - cost)
        act.advance_into = target if vacated else None

    def assault_resolved(self, sit0: Situation, defender: Unit, vacated: bool, attackers: tuple[str, ...]) -> None:
        """An Assault's resolution (5.3.3): never inside another unit's activation; the defender may
        be Assaulted by at least one of the units marked next to it; one of them may advance."""
        target = defender.hex
        assert target is not None
        act = self.act
        if act is not None and not act.ended and act.started:
            act.assault_elsewhere = target
        units = [u for h in attackers for u in sit0.pos.units_in(h) if u.kind == "ground" and u.faction == self.phasing]
        problems = [attack_problems(sit0, u, u.hex, defender, mobile=False) for u in units]
        if units and all(problems):
            rule, why = problems[0][0]
            self.add(rule, "combat", units[0], (units[0].hex or "", target), f"Assault on {defender.label}: {why}")
        if vacated:
            self.assault_vacated[target] = tuple(u.id for u in units)

    def marker_placed(self, sit0: Situation, sit1: Situation, m: MarkerPiece) -> None:
        if m.name == "Assault":
            self.assault_designated(sit0, sit1, m)
            return
        if m.name in SPECIAL_MARKERS:
            if self.act is not None and not self.act.ended:
                self.act.special_marker = True
            if m.name == "Airdrop" and m.hex:
                self._airdrop(sit1, m)
        elif m.name == "Bombed" and m.hex:
            self._bombed(sit1, m)

    def _airdrop(self, sit: Situation, m: MarkerPiece) -> None:
        """14.1: within three hexes (an air path) of an air unit of its nationality (the Western
        marker: a UK or USA one)."""
        nations = ("UK", "USA") if m.faction == "western" else (m.nationality,)
        flyers = [u for u in sit.pos.units if u.kind == "air" and u.hex and u.nationality in nations]
        if not flyers:
            self.add("14.1", "markers", None, (m.hex or "",),
                     f"an Airdrop marker needs an air unit of {' or '.join(nations)} within range; there is none")
            return
        if not any(mission_reach(sit, u, m.hex or "", "airdrop").legal for u in flyers):
            self.add("14.1", "markers", None, (m.hex or "",),
                     f"no {' or '.join(nations)} air unit has an air path of at most "
                     f"{sit.pack.toml('rules.toml')['ranges']['airdrop']} hexes to {m.hex}")

    def _bombed(self, sit: Situation, m: MarkerPiece) -> None:
        """6.2.6: an enemy factory in Germany within 20 hexes of a phasing bomber."""
        h = m.hex or ""
        if h not in factory_hexes(sit) or sit.owner(h) != "GER":
            return  # the check of the position reports it (state_checks)
        bombers = [u for u in sit.pos.units if u.kind == "air" and u.type == "bomber" and u.hex
                   and u.faction == self.phasing]
        if not any(mission_reach(sit, u, h, "bombing_run").legal for u in bombers):
            self.add("6.2.6", "air", None, (h,),
                     f"a Bombing Run needs a {self.phasing or 'phasing'} bomber with an air path of at most "
                     f"{sit.pack.toml('rules.toml')['ranges']['bombing_run']} hexes to {h}; there is none")

    def assault_designated(self, sit0: Situation, sit1: Situation, m: MarkerPiece) -> None:
        """An Assault marker put on a phasing ground unit (4.2.3.3, 5.3.1, 5.3.3)."""
        here = m.hex
        if here is None:
            return
        unit = next((u for u in sit1.pos.units_in(here) if u.kind == "ground" and u.faction == self.phasing), None)
        if unit is None:
            return  # the position's check says the marker lies on no unit
        if self.act is None or self.act.unit_id != unit.id:
            self.start_activation(sit0, unit)
        act = self.act
        assert act is not None
        act.last_step = self.step
        if act.mobile:
            act.legal = False
            self.add("4.2.3.3", "combat", unit, (here,),
                     "a unit that made a Mobile attack in this activation may not designate an Assault")
        elif unit.id in self.mobile_units:
            self.add("5.3.1", "combat", unit, (here,), "a unit may not both Mobile attack and Assault in a phase")
        g = sit0.map.grid
        targets = [d for n in g.neighbours(g.parse(here)) for d in sit0.pos.units_in(g.hex_id(n))
                   if d.kind == "ground" and self.pack.enemies(unit.faction, d.faction)]
        if not targets:
            self.add("4.2.3.3", "combat", unit, (here,), "an Assault marker with no enemy ground unit next to it")
        else:
            problems = [attack_problems(sit0, unit, here, d, mobile=False) for d in targets]
            allowed = [d for d, p in zip(targets, problems) if not p]
            if not allowed:
                rule, why = problems[0][0]
                self.add(rule, "combat", unit, (here,), f"Assault on {targets[0].label}: {why}")
            else:
                ground = Ground(sit0, self.pack.zoc(sit0), unit)
                cost = min(attack_cost(ground, here, d.hex or here, self.costs) for d in allowed)
                if cost > act.left:
                    act.legal = False
                    self.add("4.2.1", "movement", unit, (here,),
                             f"designates an Assault that costs {cost} MP with {act.left} MP left (4.2.3.3)")
                act.left = max(0, act.left - cost)
        act.ended = "it designated an Assault"
        self.assault_units.add(unit.id)

    # -- ground activations -------------------------------------------------------------------
    def _attackers_of(self, sit: Situation, target: str) -> list[Unit]:
        """Phasing ground units next to ``target`` that have not acted this phase."""
        return [x for x in sit.pos.units if x.kind == "ground" and x.faction == self.phasing and x.hex
                and _adjacent(sit, x.hex, target) and x.id not in self.activated and x.id not in self.assault_units]

    def _settle_pending(self, keep: Unit | None = None) -> None:
        """Attacks seen with no unit moving after them: the one unit that could have made each,
        if there is only one, made it as its whole activation (a Mobile attack from where it
        stands). ``keep``: the unit about to move, whose own attacks stay pending for it."""
        pending, self.pending_attacks = self.pending_attacks, []
        for defender, vacated, before, step in pending:
            if keep is not None and keep.hex and _adjacent(before, keep.hex, defender.hex):
                self.pending_attacks.append((defender, vacated, before, step))
                continue
            who = self._attackers_of(before, defender.hex or "")
            if len(who) != 1:
                continue
            self.close()
            self._begin(before, who[0])
            assert self.act is not None
            self.act.last_step = step
            self.attack(before, defender, vacated, step=step)
            self.close()

    def start_activation(self, sit0: Situation, u: Unit) -> None:
        """A unit of the phasing side begins its activation; the attacks seen just before it that
        it could have made are its Mobile attacks from where it stood."""
        self.close()
        self._settle_pending(keep=u)
        self._begin(sit0, u)
        mine, self.pending_attacks = self.pending_attacks, []
        for defender, vacated, before, step in mine:
            self.attack(before, defender, vacated, step=step)

    def _begin(self, sit0: Situation, u: Unit) -> None:
        if u.id in self.activated:
            why = ("it designated an Assault, which ended its activation (5.3.3)" if u.id in self.assault_units
                   else "a ground unit may be activated only once per phase")
            self.add("6.3", "activation", u, (u.where,), why)
        self.activated.add(u.id)
        self._strategic_marker(sit0, u)
        self._held_by_home_defense(sit0, u)
        mp = movement_points(u.type, u.supply, self.costs)
        self.act = _Act(u.id, u.label, u.faction, self.step, u.where, u.where, mp, mp,
                        home=self._home_met(sit0, u), sit_start=sit0)

    def _strategic_marker(self, sit0: Situation, u: Unit) -> None:
        """4.1.4: a unit under its faction's Strategic Move marker may not be activated."""
        for m in sit0.pos.markers_in(u.where):
            if m.name == "Strategic Move" and strategic_move_unit(sit0, m) == u:
                self.add("4.1.4", "activation", u, (u.where,),
                         "a unit with a Strategic Move marker may not be activated in its faction's "
                         "Actions Sub-Phase")
                return

    def _held_by_home_defense(self, sit0: Situation, u: Unit) -> None:
        if "home_defense" not in sit0.pos.state.policies or not u.hex:
            return
        if (u.nationality in ("FRA", "USSR") and sit0.occupies_fort(u)) or (
                u.nationality == "UK" and sit0.owner(u.hex) == "UK" and not sit0.is_mainland(u.hex, "UK")):
            self.skipped["fort_hold"] += 1

    def ground_move(self, sit0: Situation, zoc0: Zoc, u: Unit, v: Unit) -> None:
        pair = self._convoy_with(u, v)
        if pair is not None:
            self.naval_transport(sit0, zoc0, u, v, pair)
            return
        if u.id in self.assault_units and self._advance_after_assault(sit0, u, v):
            return
        continuing = self.act is not None and self.act.unit_id == u.id
        if not continuing:
            self.start_activation(sit0, u)
        else:
            self._continuing(u, v)
        act = self.act
        assert act is not None
        act.last_step = self.step
        if u.box is None and v.box is None and act.advance_into == v.hex and _adjacent(sit0, u.hex, v.hex):
            act.at, act.advance_into = v.hex or "", None  # advance after combat: free, EZOC ignored (5.3.7)
            self._entered(sit0, v.hex or "")
            if act.invaded is not None:
                act.ended = "an Amphibious Invasion"
            return
        if act.invaded is not None:
            self._after_landing(sit0, zoc0, u, v)
            return
        by_sea = not act.started and self._stacked_convoy(sit0, u) is not None
        if u.box is not None or v.box is not None:
            if by_sea and {u.box, v.box} - {None, CENTRAL_RUSSIA} and self._transport_pending(sit0, zoc0, u, v):
                return
            self.box_move(sit0, zoc0, u, v)
            return
        assert u.hex is not None and v.hex is not None
        act.advance_into = None
        ground = Ground(sit0, zoc0, u)
        result = ground_path(ground, u.hex, v.hex, mp=act.left, started=act.started, costs=self.costs)
        if not result.legal and by_sea:
            if self._transport_pending(sit0, zoc0, u, v):
                return
            if sit0.map.hexes[v.hex].is_coastal:
                self.invade(sit0, zoc0, u, v)
                return
        if not result.legal:
            self._report_path(u, v, act, result)
        if sit0.occupies_fort(u):
            act.left_fort = True
        act.left = max(0, act.left - result.mp_used)
        act.started = True
        act.at = v.hex
        self._entered(sit0, v.hex)

    def _report_path(self, u: Unit, v: Unit, act: _Act, result: Any, step: int | None = None) -> None:
        act.legal = False
        first = result.violations[0]
        more = "; ".join(x.text for x in result.violations[1:])
        reason = first.text + (f"; also {more}" if more else "")
        if result.cheapest_legal is not None and first.rule != "4.2.1":
            reason += f" (a legal path would need {result.cheapest_legal} MP, {act.left} left)"
        self.add(first.rule, "movement", u, (u.where, v.where), reason, result.path, step=step)

    def _continuing(self, u: Unit, v: Unit) -> None:
        act = self.act
        assert act is not None
        if act.ended:
            act.legal = False
            self.add("6.3" if "Assault" not in act.ended else "5.3.3", "activation", u, (u.where, v.where),
                     f"moves on after {act.ended}, which ended its activation")
        if act.assault_elsewhere:
            self.add("5.3.3", "combat", u, (u.where, v.where),
                     f"an Assault on {act.assault_elsewhere} was resolved during this unit's activation; "
                     "Assaults are resolved between activations")
            act.assault_elsewhere = ""
        if act.special_marker:
            self.add("6.1", "markers", u, (u.where,),
                     "an Airdrop, Partisans or Surprise Attack marker was placed during this unit's activation")
            act.special_marker = False

    def _advance_after_assault(self, sit0: Situation, u: Unit, v: Unit) -> bool:
        """One Assault attacker may move into the hex the Assault emptied (5.3.7)."""
        target = v.hex
        if target is None or target not in self.assault_vacated or u.id not in self.assault_vacated[target]:
            return False
        if target in self.advanced:
            self.add("5.3.7", "combat", u, (u.where, target), "only one attacker advances after an Assault")
        self.advanced.add(target)
        if self.act is not None and self.act.unit_id == u.id:
            self.act.at = target  # an advance is no activation (5.3.7): the Assault ended it
        self._entered(sit0, target)
        return True

    def box_move(self, sit0: Situation, zoc0: Zoc, u: Unit, v: Unit) -> None:
        """Ground moves into or out of a Map Box: only a USSR unit, between an east-edge hex and
        Central Russia (4.2.3); the other boxes only by Naval Transport (4.2.3, 6.4.4)."""
        act = self.act
        assert act is not None
        boxes = {b for b in (u.box, v.box) if b}
        if boxes != {CENTRAL_RUSSIA} or u.nationality != "USSR":
            act.legal = False
            self.add("4.2.3", "movement", u, (u.where, v.where),
                     "ground units move into or out of a Map Box only by Naval Transport, or as USSR "
                     "units between the east map edge and Central Russia")
            act.at = v.where
            return
        ground = Ground(sit0, zoc0, u)
        g = sit0.map.grid
        near = u.hex or v.hex or ""
        edge = sorted(e for e in sit0.east_edge  # only edge hexes the MP could reach at all
                      if g.distance(g.parse(e), g.parse(near)) <= act.left)
        box_cost = self.costs.central_russia
        if v.box == CENTRAL_RUSSIA and u.hex is not None:  # out to the box
            options = [ground_path(ground, u.hex, e, mp=act.left - box_cost, started=act.started, costs=self.costs)
                       for e in edge if act.left >= box_cost]
            good = [r for r in options if r.legal]
            if not good:
                act.legal = False
                self.add("4.2.3", "movement", u, (u.hex, CENTRAL_RUSSIA),
                         f"no legal path to an east-edge hex with {box_cost} MP left to enter Central Russia")
                used = act.left
            else:
                used = min(r.mp_used for r in good) + box_cost
        else:  # in from the box
            assert v.hex is not None
            options = []
            for e in edge:
                if ground.barred(e) is not None or e in ground.enemy_ground:
                    continue
                enter = _base_cost(ground, self.costs, e)  # no Transport Line benefit (4.2.3.4)
                if enter > act.left:
                    continue
                r = ground_path(ground, e, v.hex, mp=act.left - enter, started=True, costs=self.costs)
                if r.legal:
                    options.append(enter + r.mp_used)
            if not options:
                act.legal = False
                self.add("4.2.3", "movement", u, (CENTRAL_RUSSIA, v.hex),
                         f"no legal path from Central Russia through an east-edge hex to {v.hex} with {act.left} MP")
                used = act.left
            else:
                used = min(options)
        act.left = max(0, act.left - used)
        act.started = True
        act.at = v.where

    def _entered(self, sit0: Situation, hex_id: str) -> None:
        """A phasing ground unit entered a hex: enemy air and naval units there are displaced."""
        if any(x.kind != "ground" and self.pack.enemies(x.faction, self.phasing or "") for x in sit0.pos.units_in(hex_id)):
            self.displacing.setdefault(hex_id, self.step)

    def _end_of_move(self, act: _Act) -> None:
        """Where a ground activation ends: policies (10.3.2, 10.3.4, 10.3.5)."""
        if self.last is None or act.at not in self.last[0].map.hexes:
            return
        sit = self.last[0]
        try:
            unit = sit.pos.unit(act.unit_id)
        except KeyError:
            return
        if unit.hex != act.at:
            return
        barred = end_barred(sit, unit, unit.hex)
        if barred:
            self.add(barred[0], "placement", unit, (unit.hex,), f"ends its move in {unit.hex}: {barred[1]}",
                     step=act.last_step)

    def fort_change(self, sit0: Situation, u: Unit, v: Unit) -> None:
        """A unit goes under or out from under a Fort marker without moving (4.2.3.5, 4.2.3.6)."""
        if u.faction != self.phasing:
            if u.in_fort and not v.in_fort:
                self.add("4.2.3.5", "fort", u, (u.where,),
                         "a unit leaves a fort only in its own Army Operations or by retreating")
            return
        if u.kind != "ground":
            return
        if self.act is None or self.act.unit_id != u.id:
            self.start_activation(sit0, u)
        act = self.act
        assert act is not None
        act.last_step = self.step
        if act.ended:
            self._continuing(u, v)
        if u.in_fort and not v.in_fort:
            act.left_fort = True
        elif v.in_fort and act.left_fort:
            self.add("4.2.3.6", "fort", u, (u.where,),
                     "a unit that left a fort may not occupy a fort again in the same activation")

    # -- Naval Transport and Amphibious Invasion ---------------------------------------------------
    def _stacked_convoy(self, sit0: Situation, u: Unit) -> Unit | None:
        for c in sit0.pos.units_in(u.where):
            if c.type == "convoy" and c.faction == u.faction:
                return c
        return None

    def _convoy_with(self, u: Unit, v: Unit) -> tuple[Unit, Unit] | None:
        """The friendly convoy that moved from the unit's place to the same place with it (this
        step or the last)."""
        for c0, c1, step in self.convoy_moves:
            if (c0.faction == u.faction and c0.where == u.where and c1.where == v.where
                    and (c0.id, step) not in self.handled and c0.id != u.id):
                return (c0, c1)
        return None

    def _transport_pending(self, sit0: Situation, zoc0: Zoc, u: Unit, v: Unit) -> bool:
        """A move that only a convoy moving next could explain: wait one step for it."""
        if not (v.box is not None or (v.hex and sit0.friendly_port(v.hex, u.faction))):
            return False
        assert self.now is not None
        self.awaiting = (u, v, sit0, zoc0, self.now[0], self.now[1], self.step)
        return True

    def _resolve_awaiting(self, diff: _Diff) -> None:
        u, v, sit0, zoc0, sit1, zoc1, step = self.awaiting  # type: ignore[misc]
        self.awaiting = None
        pair = next(((c0, c1) for c0, c1 in diff.moved
                     if c0.type == "convoy" and c0.faction == u.faction and c0.where == u.where and c1.where == v.where),
                    None)
        if pair is not None:
            self.naval_transport(sit0, zoc0, u, v, pair, step=step, now=(sit1, zoc1))
            self.handled.add((pair[0].id, self.step))
            return
        self._judge_late(u, v, sit0, zoc0, sit1, zoc1, step)

    def _flush_awaiting(self) -> None:
        if self.awaiting is not None:
            u, v, sit0, zoc0, sit1, zoc1, step = self.awaiting
            self.awaiting = None
            self._judge_late(u, v, sit0, zoc0, sit1, zoc1, step)

    def _judge_late(self, u: Unit, v: Unit, sit0: Situation, zoc0: Zoc, sit1: Situation, zoc1: Zoc, step: int) -> None:
        """A move that waited for a convoy that never came: judged as an ordinary move."""
        if u.kind == "air":
            self._air_alone(sit0, zoc0, sit1, zoc1, u, v, step=step)
            return
        act = self.act
        if act is None or act.unit_id != u.id:
            return
        if u.box is not None or v.box is not None or (v.hex and sit0.map.hexes[v.hex].is_coastal):
            saved = self.step
            self.step = step
            try:
                if u.box is not None or v.box is not None:
                    self.box_move(sit0, zoc0, u, v)
                else:
                    self.invade(sit0, zoc0, u, v)
            finally:
                self.step = saved
            return
        result = ground_path(Ground(sit0, zoc0, u), u.hex or "", v.hex or "", mp=act.left, started=act.started,
                             costs=self.costs)
        self._report_path(u, v, act, result, step=step)
        act.at = v.where
        act.started = True

    def naval_transport(self, sit0: Situation, zoc0: Zoc, u: Unit, v: Unit, pair: tuple[Unit, Unit], *,
                        step: int | None = None, now: tuple[Situation, Zoc] | None = None) -> None:
        """6.4.4: the carried unit began its activation stacked with the convoy, moves with it
        and nowhere else, and ends its activation where the convoy puts it in."""
        c0, c1 = pair
        sit1, zoc1 = now or self.now or (sit0, zoc0)
        at = step or self.step
        self.handled.add((c0.id, at))
        if u.kind == "ground":
            if self.act is not None and self.act.unit_id == u.id and self.act.started:
                self.add("4.2.3.2", "naval", u, (u.where, v.where),
                         "a ground unit may not combine hex movement and Naval Transport in one activation",
                         step=step)
            elif self.act is None or self.act.unit_id != u.id:
                self.start_activation(sit0, u)
        else:
            self.interrupt()
            if u.sorties >= 6:
                self.add("6.2", "air", u, (u.where,), "an air unit with 6 Sorties cannot be activated", step=step)
        if c0.sorties >= 6:
            self.add("6.4", "naval", c0, (c0.where,), "a convoy with 6 Sorties cannot be activated", step=step)
        mp = movement_points(c0.type, c0.supply, self.costs)
        path = naval_path(sit0, c0, c0.where, c1.where, mp=mp, costs=self.costs)
        for rule, why in path.problems:
            self.add(rule, "naval", u, (u.where, v.where), f"Naval Transport with {c0.label}: {why}",
                     path.path, step=step)
        if v.hex is not None and not sit1.friendly_port(v.hex, u.faction):
            self.add("6.4.4", "naval", u, (v.hex,), f"a transported unit is put in a friendly port; {v.hex} is not one",
                     step=step)
        else:
            barred = unit_placement(sit1, zoc1, v)
            if barred and (v.box is not None or barred[0] not in ("4.2.2", "4.2.2.1")):
                self.add(barred[0], "naval", u, (v.where,), barred[1], step=step)
        if u.kind == "ground" and self.act is not None:
            self.act.ended = "Naval Transport"
            self.act.at = v.where
            self.act.started = True
            self.act.last_step = at

    def invade(self, sit0: Situation, zoc0: Zoc, u: Unit, v: Unit) -> None:
        """A ground unit stacked with a convoy lands on a coastal hex (6.3.2)."""
        act = self.act
        assert act is not None and v.hex is not None
        convoy = self._stacked_convoy(sit0, u)
        assert convoy is not None
        for rule, why in invasion_problems(sit0, u, convoy, v.hex):
            act.legal = False
            self.add(rule, "invasion", u, (u.where, v.hex), f"Amphibious Invasion of {v.hex}: {why}")
        naval = frozenset(x.id for x in sit0.pos.units_in(u.where) if x.kind == "naval" and x.faction == u.faction)
        if v.hex in self.invaded_hexes:
            self.add("6.3.2.1", "invasion", u, (v.hex,), f"{v.hex} was already invaded in this Actions Sub-Phase")
        if convoy.id in self.invading_ships:
            self.add("6.3.2.1", "invasion", convoy, (u.where,),
                     f"{convoy.label} already took part in an Amphibious Invasion this Operations Phase")
        self.invaded_hexes.add(v.hex)
        self.invading_ships.add(convoy.id)
        self.invasion = (u.where, v.hex, naval)
        act.invaded = v.hex
        act.started = True
        act.at = v.hex
        self.pending_attacks.clear()
        self._entered(sit0, v.hex)

    def _after_landing(self, sit0: Situation, zoc0: Zoc, u: Unit, v: Unit) -> None:
        """6.3.2.4: an invader not in an EZOC may move one hex; then its activation ends."""
        act = self.act
        assert act is not None
        landed = act.invaded or ""
        if act.invasion_assault or zoc0.ezoc(landed, u.faction) or not _adjacent(sit0, landed, v.hex):
            why = ("it is in an enemy ZOC and may only stop or Assault" if zoc0.ezoc(landed, u.faction)
                   or act.invasion_assault else "it may move one adjacent hex and stop")
            act.legal = False
            self.add("6.3.2.4", "invasion", u, (u.where, v.where), f"after landing in {landed} {why}")
        else:
            barred = sit0.move_barred(v.hex or "", u.faction, u.nationality) or sit0.side_barred(landed, v.hex or "")
            if barred:
                self.add(barred[0], "invasion", u, (landed, v.where), f"after landing: {barred[1]}")
        act.ended = "an Amphibious Invasion"
        act.at = v.where
        self._entered(sit0, v.where)

    # -- air and naval moves -------------------------------------------------------------------
    def air_move(self, sit0: Situation, zoc0: Zoc, sit1: Situation, zoc1: Zoc, u: Unit, v: Unit) -> None:
        pair = self._convoy_with(u, v)
        if pair is not None:
            self.naval_transport(sit0, zoc0, u, v, pair)
            return
        if (u.hex is None or v.hex is None) and self._stacked_convoy(sit0, u) is not None \
                and not {u.box, v.box} <= {None, CENTRAL_RUSSIA}:
            assert self.now is not None
            self.awaiting = (u, v, sit0, zoc0, sit1, zoc1, self.step)
            return
        self._air_alone(sit0, zoc0, sit1, zoc1, u, v)

    def _air_alone(self, sit0: Situation, zoc0: Zoc, sit1: Situation, zoc1: Zoc, u: Unit, v: Unit, *,
                   step: int | None = None) -> None:
        """An Air Rebase (6.2.1): its own activation."""
        self.interrupt()
        if u.sorties >= 6:
            self.add("6.2", "air", u, (u.where,), "an air unit with 6 Sorties cannot be activated", step=step)
        self._strategic_marker(sit0, u)
        boxes = {b for b in (u.box, v.box) if b}
        if boxes - {CENTRAL_RUSSIA}:
            self.add("4.2.2", "air", u, (u.where, v.where),
                     "air units reach Map Boxes other than Central Russia only by Naval Transport", step=step)
        else:
            found = air_path(sit0, u, u.where, v.where, costs=self.costs)
            for rule, why in found.problems:
                self.add(rule, "air", u, (u.where, v.where), why, found.path, step=step)
        self.air_naval_end(sit1, zoc1, v, step=step)
        self._home_defense_step(sit0, sit1, u, step=step)

    def naval_move(self, sit0: Situation, zoc0: Zoc, sit1: Situation, zoc1: Zoc, u: Unit, v: Unit) -> None:
        if self.invasion is not None and u.id in self.invasion[2] and u.where == self.invasion[0] \
                and v.where == self.invasion[1]:
            return  # the invasion's naval units follow to the port it took (6.3.2.4)
        if u.type == "convoy" and self.awaiting is not None and self.awaiting[0].where == u.where \
                and self.awaiting[1].where == v.where:
            self._resolve_awaiting(self.diff or _diff(sit0.pos, sit1.pos))
            return
        carried = [x for x, y in (self.diff.moved if self.diff else ()) if x.faction == u.faction and x.id != u.id
                   and x.kind != "naval" and x.where == u.where and y.where == v.where]
        if u.type == "convoy" and carried:
            return  # judged with the unit it carries
        act = self.act
        if not (u.type == "convoy" and act is not None and act.at == u.where and not act.ended):
            self.interrupt()  # a convoy leaving the active unit's hex may be about to carry it
        if u.sorties >= 6:
            self.add("6.4", "naval", u, (u.where,), "a naval unit with 6 Sorties cannot be activated")
        mp = movement_points(u.type, u.supply, self.costs)
        path = naval_path(sit0, u, u.where, v.where, mp=mp, costs=self.costs)
        for rule, why in path.problems:
            self.add(rule, "naval", u, (u.where, v.where), why, path.path)
        self.air_naval_end(sit1, zoc1, v)
        self._home_defense_step(sit0, sit1, u)

    def air_naval_end(self, sit1: Situation, zoc1: Zoc, v: Unit, *, step: int | None = None) -> None:
        barred = unit_placement(sit1, zoc1, v)
        if barred:
            self.add(barred[0], v.kind, v, (v.where,), barred[1], step=step)
        elif v.kind == "air" and v.hex is not None:
            line = self.pack.supply(sit1, zoc1).lines.get(v.id)
            if line is not None and line.state == "none":
                self.add("4.2.2", "air", v, (v.hex,),
                         f"air movement must end where a supply line can be traced; {line.note}", step=step)

    # -- the other side ------------------------------------------------------------------------
    def other_side_move(self, sit0: Situation, zoc0: Zoc, sit1: Situation, zoc1: Zoc, u: Unit, v: Unit) -> None:
        if u.kind == "ground":
            self.retreat(sit0, zoc0, u, v)
        else:
            self.displaced(sit0, zoc0, sit1, zoc1, u, v)

    def retreat(self, sit0: Situation, zoc0: Zoc, u: Unit, v: Unit) -> None:
        """A defeated unit's retreat (5.3.5, 5.3.5.1): one hex, away from an attacker."""
        start = u.hex
        if start is None:
            self.skipped["other_side"] += 1
            return
        attackers: list[str] = []
        amphibious = False
        act = self.act
        if act is not None and (not act.ended or act.invaded) and act.at in sit0.map.hexes \
                and _adjacent(sit0, act.at, start):
            attackers.append(act.at)
            amphibious = act.invaded is not None  # an invader's Assault needs no gap (5.3.5)
        if not attackers:
            attackers = list(self._assaulting(sit0, start))
        if not attackers:  # an attack made before its attacker moved, if it was one
            attackers = [x.hex for x in self._attackers_of(sit0, start) if x.hex]
        if self.invasion is not None and self.invasion[1] == start and not attackers:
            amphibious = True  # the invader Assaults from where it stands (6.3.2.4): no gap needed
            if self.invasion[0] in sit0.map.hexes:
                attackers.append(self.invasion[0])
        if not attackers and not amphibious:
            self.skipped["other_side"] += 1
            return
        for rule, why in retreat_problems(sit0, zoc0, u, start, v.where, tuple(attackers), amphibious=amphibious):
            self.add(rule, "retreat", u, (start, v.where), why)
        if v.in_fort:
            self.add("5.3.5", "retreat", u, (v.where,), "a retreating unit may not occupy a fort")

    def displaced(self, sit0: Situation, zoc0: Zoc, sit1: Situation, zoc1: Zoc, u: Unit, v: Unit) -> None:
        """4.2.3.7: enemy air and naval units leave a hex a phasing ground unit enters, by air or
        naval movement (not Naval Transport), whatever their Sorties."""
        start = u.hex
        if start is None or (start not in self.displacing and not any(
                x.kind == "ground" and x.faction == self.phasing for x in sit0.pos.units_in(start))):
            self.skipped["other_side"] += 1
            return
        mp = movement_points(u.type, u.supply, self.costs)
        if u.kind == "air":
            if v.box is not None and v.box != CENTRAL_RUSSIA:
                self.add("4.2.3.7", "air", u, (start, v.where), "a displaced air unit moves by air movement, "
                         "not Naval Transport, so it may not reach that Map Box")
            else:
                found = air_path(sit0, u, start, v.where, mp=mp, costs=self.costs)
                for rule, why in found.problems:
                    self.add(rule, "air", u, (start, v.where), f"displaced: {why}", found.path)
        else:
            found = naval_path(sit0, u, start, v.where, mp=mp, costs=self.costs)
            for rule, why in found.problems:
                self.add(rule, "naval", u, (start, v.where), f"displaced: {why}", found.path)
        self.air_naval_end(sit1, zoc1, v)
        still = [x for x in sit1.pos.units_in(start) if x.faction == u.faction and x.kind != "ground"]
        if not still:
            self.displacing.pop(start, None)

    def _undisplaced(self) -> None:
        if self.last is None:
            return
        sit = self.last[0]
        for hex_id in sorted(self.displacing):
            units = sit.pos.units_in(hex_id)
            ground = {u.faction for u in units if u.kind == "ground"}
            left = [u for u in units if u.kind != "ground" and u.faction not in ground]
            if ground and left:
                self.add("4.2.3.7", "displacement", left[0], (hex_id,),
                         f"{', '.join(u.label for u in left)} stayed in {hex_id} with an enemy ground unit; "
                         "they move out at once, or are eliminated if they cannot")

    # -- Home Defense (10.3.1) -------------------------------------------------------------------
    def _home_rules(self, sit: Situation, nation: str) -> dict[str, Any]:
        return {r.name.split(" (")[0]: r for r in home_defense(sit) if r.nation == nation}

    def _home_met(self, sit: Situation, u: Unit) -> tuple[str, ...]:
        return tuple(k for k, r in self._home_rules(sit, u.nationality).items() if r.satisfied and u.id in r.units)

    def _home_defense_after(self, act: _Act) -> None:
        if not act.home or self.last is None:
            return
        sit = self.last[0]
        unit = next((x for x in sit.pos.units if x.id == act.unit_id), None)
        if unit is None:
            return
        after = self._home_rules(sit, unit.nationality)
        for name in act.home:
            rule = after.get(name)
            if rule is not None and not rule.satisfied:
                self.add("10.3.1", "home defense", unit, (act.start, act.at),
                         f"its move leaves {rule.text()}: a unit that fills a Home Defense rule may move only "
                         "if the rule stays met", step=act.last_step)

    def _home_defense_step(self, sit0: Situation, sit1: Situation, u: Unit, *, step: int | None = None) -> None:
        before = self._home_met(sit0, u)
        if not before:
            return
        after = self._home_rules(sit1, u.nationality)
        for name in before:
            rule = after.get(name)
            if rule is not None and not rule.satisfied:
                self.add("10.3.1", "home defense", u, (u.where,),
                         f"its move leaves {rule.text()}: a unit that fills a Home Defense rule may move only "
                         "if the rule stays met", step=step)

    # -- conditional events (13.3-13.8) ----------------------------------------------------------
    def note_events(self, sit0: Situation, sit1: Situation, diff: _Diff) -> None:
        if not getattr(self.pack, "conditional_events", False):
            return
        areas = None
        entered: list[tuple[str, str]] = []  # (hex, what)
        for u, v in diff.moved:
            if v.faction == "axis" and v.hex:
                entered.append((v.hex, f"{v.label} moves into {v.hex}"))
        for v in diff.appeared:
            if v.faction == "axis" and v.hex:
                entered.append((v.hex, f"{v.label} is placed in {v.hex}"))
        for m in diff.markers_placed:
            if m.faction == "axis" and m.hex and m.name not in ("Control", "Fort") and not m.name.startswith("Pro"):
                entered.append((m.hex, f"an Axis {m.name} marker is placed in {m.hex}"))
        if not entered:
            return
        areas = event_areas(sit1)
        done = events_fired(sit1)
        for hex_id, what in entered:
            for event, inside in areas.items():
                self._fire(event, inside, hex_id, what, sit0, done)

    def _axis_attack(self, sit0: Situation, target: str) -> None:
        if self.phasing != "axis" or not getattr(self.pack, "conditional_events", False):
            return
        done = events_fired(sit0)
        for event, inside in event_areas(sit0).items():
            self._fire(event, inside, target, f"an Axis unit attacks into {target}", sit0, done)

    def _fire(self, event: str, inside: Any, hex_id: str, what: str, sit0: Situation, done: frozenset[str]) -> None:
        if event in self.fired or event in done or not inside(hex_id):
            return
        self.fired.add(event)
        rule, name = EVENT_RULES[event]
        self.add(rule, "events", None, (hex_id,), f"{what}: the {name} conditional event happens now, unless it "
                 "already did earlier in the game (once per scenario)", severity="note")

    # -- strategic movement -------------------------------------------------------------------
    def strategic_move(self, sit0: Situation, zoc0: Zoc, u: Unit, v: Unit) -> None:
        if u.kind == "naval":
            self.add("4.1.3", "strategic", u, (u.where, v.where), "naval units may not move strategically")
            return
        if u.hex is None or v.hex is None:
            self.add("4.1.3", "strategic", u, (u.where, v.where),
                     "strategic movement may not cross a Sea Zone or Map Box")
            return
        earlier = self.strategic_done.get(u.faction)
        if earlier is not None and earlier != u.id:
            self.add("4.1.1", "strategic", u, (u.hex, v.hex),
                     "one strategic move per faction per turn; another unit already moved")
        self.strategic_done.setdefault(u.faction, u.id)
        if u.supply == "none":
            self.add("7.1.1", "strategic", u, (u.hex,), "a unit in No Supply may not move strategically")
        if not sit0.map.hexes[u.hex].transport:
            self.add("4.1.1", "strategic", u, (u.hex,), "strategic movement starts on a Transport Line")
        ground = Ground(sit0, zoc0, u)
        result = strategic_path(ground, u.hex, v.hex, supplied=lambda h: True)
        if not result.legal:
            first = result.violations[0]
            self.add(first.rule, "strategic", u, (u.hex, v.hex),
                     "; ".join(x.text for x in result.violations), result.path)
            return
        for h in result.path[1:]:
            if not _supplied_at(sit0, u, h):
                self.add("4.1.2", "strategic", u, (u.hex, v.hex),
                         f"no supply line can be traced from {h}, a hex the move enters",
                         result.path)
                return
        self._strategic_end(sit0, u, v)

    def _strategic_end(self, sit0: Situation, u: Unit, v: Unit) -> None:
        """4.1.4 and 10.3.2: a strategic move does not end in a fort, nor in another active
        friendly country under Cooperation Limits."""
        assert self.now is not None
        sit1, _zoc1 = self.now
        try:
            now = sit1.pos.unit(u.id)
        except KeyError:
            return
        if sit1.occupies_fort(now):
            self.add("4.1.4", "strategic", u, (v.where,), "a unit may not occupy a fort at the end of its strategic move")
        barred = end_barred(sit1, now, now.hex)
        if barred:
            self.add(barred[0], "strategic", u, (v.where,), f"a strategic move may pass through but not end there: "
                     f"{barred[1]}")
        self._home_defense_step(sit0, sit1, u)


def _supplied_at(sit: Situation, unit: Unit, hex_id: str) -> bool:
    """Could the unit trace supply standing in ``hex_id``? (wargame.rules.use.supply)"""
    moved = replace(unit, hex=hex_id, box=None)
    units = tuple(moved if u.id == unit.id else u for u in sit.pos.units)
    pos = replace(sit.pos, units=units)
    s = sit.pack.situation(pos, sit.map)
    line = sit.pack.supply(s, sit.pack.zoc(s)).lines.get(unit.id)
    return line is not None and line.state != "none"
