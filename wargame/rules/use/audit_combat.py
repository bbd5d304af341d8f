"""Ground combat as an audit of a USE log judges it (4.2.3.3, 5.3.x, 6.1, 14.1, 6.2.6): attacks seen
as defenders that leave, vanish or flip, Mobile attacks and Assaults, the markers placed, retreats
and displacement of the other side's air and naval units (4.2.3.7)."""

from __future__ import annotations

from dataclasses import replace

from wargame.rules.position import MarkerPiece, Unit
from wargame.rules.results import Zoc
from wargame.rules.use.air import air_path, mission_reach
from wargame.rules.use.audit_core import CENTRAL_RUSSIA, SPECIAL_MARKERS, JudgeState
from wargame.rules.use.audit_core import adjacent as _adjacent
from wargame.rules.use.combat import attack_problems, retreat_problems
from wargame.rules.use.ground import Situation
from wargame.rules.use.movement import Ground, attack_cost, movement_points
from wargame.rules.use.naval import naval_path
from wargame.rules.use.state_checks import MAX_BOMBED, factory_hexes, marker_place_findings


class CombatJudging(JudgeState):
    """Part of :class:`wargame.rules.use.audit.MoveJudge`; the state it judges with is :class:`JudgeState`'s."""

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
            act = self.act
            near = (
                [act.at]
                if act is not None and _adjacent(sit0, act.at, u.hex)
                else list(self._assaulting(sit0, u.hex)) or [x.hex for x in self._attackers_of(sit0, u.hex) if x.hex]
            )
            self._axis_attack(sit0, u.hex, tuple(near))
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
            self.add(
                "5.3.1",
                "combat",
                unit,
                (act.at, target),
                "a unit that designated an Assault this phase may not also make a Mobile attack",
                step=step,
            )
        for rule, why in attack_problems(sit0, here, act.at, defender, mobile=True):
            act.legal = False
            self.add(rule, "combat", unit, (act.at, target), f"Mobile attack on {defender.label}: {why}", step=step)
        if cost > act.left:
            act.legal = False
            self.add(
                "4.2.1",
                "movement",
                unit,
                (act.at, target),
                f"attacks {defender.label if vacated else target} for {cost} MP with {act.left} MP left",
                step=step,
            )
        act.left = max(0, act.left - cost)
        act.advance_into = target if vacated else None

    def _report_orphans(self) -> None:
        """Hits that neither the active unit, an Assault nor an invasion explains (the phase is
        over): a unit next to the defender that had finished its activation (6.0, 6.3), or USSR
        units in Central Russia, which attack only after leaving the box (5.3.1). Notes: an event
        (a collapse reduces a country's units where they stand) also flips units."""
        orphans, self.orphans = self.orphans, []
        for defender, before, step in orphans:
            target = defender.hex or ""
            near = [
                x
                for x in before.pos.units
                if x.kind == "ground" and x.faction == self.phasing and x.hex and _adjacent(before, x.hex, target)
            ]
            if any(x.id in self.assault_units for x in near):
                continue  # an Assault whose markers were taken off before the result was shown
            if near:
                who = ", ".join(f"{x.label} in {x.hex}" for x in near[:3])
                self.add(
                    "6.3",
                    "combat",
                    near[0],
                    (near[0].hex or "", target),
                    f"{defender.label} in {target} was hit when the only {self.phasing} ground units next to "
                    f"it ({who}) had finished their activations; a unit attacks during its own activation "
                    "or by an Assault it designated (5.3.3), so no attack explains it, unless an event did "
                    "(a collapse)",
                    step=step,
                    severity="note",
                )
                continue
            boxed = [x for x in before.pos.units_in(CENTRAL_RUSSIA) if x.kind == "ground" and x.faction == self.phasing]
            if boxed and target in before.east_edge:
                self.add(
                    "5.3.1",
                    "combat",
                    boxed[0],
                    (CENTRAL_RUSSIA, target),
                    f"{defender.label} in {target} was hit with no {self.phasing} ground unit next to it but "
                    f"{boxed[0].label} in Central Russia; a unit in a Map Box attacks only by Amphibious "
                    "Invasion, so it must leave the box first",
                    step=step,
                    severity="note",
                )

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
        if m.name in SPECIAL_MARKERS or m.name == "Bombed":
            for f in marker_place_findings(sit1, m):  # where it lies (14.1, 14.10, 6.2.6, 6.1)
                self.add(f.rule, "markers", None, f.hexes, f.reason, severity=f.severity)
        if m.name in SPECIAL_MARKERS:
            if self.act is not None and not self.act.ended:
                self.act.special_marker = True
            if m.name == "Airdrop" and m.hex:
                self._airdrop(sit1, m)
        elif m.name == "Bombed" and m.hex:
            self._bombed(sit1, m)
            bombed = [b for b in sit1.pos.markers if b.name == "Bombed" and b.hex]
            if len(bombed) > MAX_BOMBED:
                self.add(
                    "15.4",
                    "markers",
                    None,
                    (m.hex,),
                    f"{len(bombed)} Bombed markers on the map; at most {MAX_BOMBED} (6.2.6)",
                )

    def _airdrop(self, sit: Situation, m: MarkerPiece) -> None:
        """14.1: within three hexes (an air path) of an air unit of its nationality (the Western
        marker: a UK or USA one)."""
        nations = ("UK", "USA") if m.faction == "western" else (m.nationality,)
        flyers = [u for u in sit.pos.units if u.kind == "air" and u.hex and u.nationality in nations]
        if not flyers:
            self.add(
                "14.1",
                "markers",
                None,
                (m.hex or "",),
                f"an Airdrop marker needs an air unit of {' or '.join(nations)} within range; there is none",
            )
            return
        if not any(mission_reach(sit, u, m.hex or "", "airdrop").legal for u in flyers):
            self.add(
                "14.1",
                "markers",
                None,
                (m.hex or "",),
                f"no {' or '.join(nations)} air unit has an air path of at most "
                f"{sit.pack.toml('rules.toml')['ranges']['airdrop']} hexes to {m.hex}",
            )

    def _bombed(self, sit: Situation, m: MarkerPiece) -> None:
        """6.2.6: an enemy factory in Germany within 20 hexes of a phasing bomber."""
        h = m.hex or ""
        if h not in factory_hexes(sit) or sit.owner(h) != "GER":
            return  # marker_place_findings told where it may not lie
        bombers = [
            u for u in sit.pos.units if u.kind == "air" and u.type == "bomber" and u.hex and u.faction == self.phasing
        ]
        if not any(mission_reach(sit, u, h, "bombing_run").legal for u in bombers):
            self.add(
                "6.2.6",
                "air",
                None,
                (h,),
                f"a Bombing Run needs a {self.phasing or 'phasing'} bomber with an air path of at most "
                f"{sit.pack.toml('rules.toml')['ranges']['bombing_run']} hexes to {h}; there is none",
            )

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
            self.add(
                "4.2.3.3",
                "combat",
                unit,
                (here,),
                "a unit that made a Mobile attack in this activation may not designate an Assault",
            )
        elif unit.id in self.mobile_units:
            self.add("5.3.1", "combat", unit, (here,), "a unit may not both Mobile attack and Assault in a phase")
        g = sit0.map.grid
        targets = [
            d
            for n in g.neighbours(g.parse(here))
            for d in sit0.pos.units_in(g.hex_id(n))
            if d.kind == "ground" and self.pack.enemies(unit.faction, d.faction)
        ]
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
                    self.add(
                        "4.2.1",
                        "movement",
                        unit,
                        (here,),
                        f"designates an Assault that costs {cost} MP with {act.left} MP left (4.2.3.3)",
                    )
                act.left = max(0, act.left - cost)
        act.ended = "it designated an Assault"
        self.assault_units.add(unit.id)

    # -- the other side ------------------------------------------------------------------------
    def _displaced_by_retreat(self, sit0: Situation, u: Unit) -> bool:
        """A phasing air or naval unit leaving a hex an enemy unit retreated into (5.3.5, 4.2.3.7)."""
        return (
            bool(u.hex)
            and u.hex in self.displacing
            and any(x.kind == "ground" and x.faction != u.faction for x in sit0.pos.units_in(u.hex or ""))
        )

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
        if (
            act is not None
            and (not act.ended or act.invaded)
            and act.at in sit0.map.hexes
            and _adjacent(sit0, act.at, start)
        ):
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
        if v.hex and any(x.kind != "ground" and x.faction == self.phasing for x in sit0.pos.units_in(v.hex)):
            self.displacing.setdefault(v.hex, self.step)  # the phasing side's air and naval units leave (5.3.5)
        if v.in_fort:
            self.add("5.3.5", "retreat", u, (v.where,), "a retreating unit may not occupy a fort")

    def displaced(self, sit0: Situation, zoc0: Zoc, sit1: Situation, zoc1: Zoc, u: Unit, v: Unit) -> None:
        """4.2.3.7: air and naval units leave a hex an enemy ground unit enters (a phasing unit's
        move or advance, a defeated unit's retreat: 5.3.5), by air or naval movement (not Naval
        Transport), whatever their Sorties; the move is no activation."""
        start = u.hex
        if start is None or (
            start not in self.displacing
            and not any(x.kind == "ground" and x.faction != u.faction for x in sit0.pos.units_in(start))
        ):
            self.skipped["other_side"] += 1
            return
        mp = movement_points(u.type, u.supply, self.costs)
        if u.kind == "air":
            if v.box is not None and v.box != CENTRAL_RUSSIA:
                self.add(
                    "4.2.3.7",
                    "air",
                    u,
                    (start, v.where),
                    "a displaced air unit moves by air movement, not Naval Transport, so it may not reach that Map Box",
                )
            else:
                found = air_path(sit0, u, start, v.where, mp=mp, costs=self.costs)
                for rule, why in found.problems:
                    self.add(rule, "air", u, (start, v.where), f"displaced: {why}", found.path)
        else:
            sailed = naval_path(sit0, u, start, v.where, mp=mp, costs=self.costs)
            for rule, why in sailed.problems:
                self.add(rule, "naval", u, (start, v.where), f"displaced: {why}", sailed.path)
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
                self.add(
                    "4.2.3.7",
                    "displacement",
                    left[0],
                    (hex_id,),
                    f"{', '.join(u.label for u in left)} stayed in {hex_id} with an enemy ground unit; "
                    "they move out at once, or are eliminated if they cannot",
                )
