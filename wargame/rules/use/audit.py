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
  (6.1), one per hex, each where it may lie; Bombed on a factory in Germany within a bomber's
  range (6.2.6), at most eight (15.4); one invasion per Surprise Attack marker (6.3.2.5);
* a hit no unit may have made (one whose activation ended, units in Central Russia) is a note;
* Home Defense: a unit's activation may not leave a rule of 10.3.1 unmet that it met before; a
  unit put where only a repatriation may put it before any unit acts is repatriated (10.4).
The other side: a retreat (5.3.5, 5.3.5.1) or a displacement (4.2.3.7: also of the phasing
side's air and naval units by a retreat); anything else is told as not judged. Strategic
Movement phase (``audit_strategic``): Transport Line path (Messina included), no enemy city, fort, unit or ZOC
entered, a supply line from every hex entered, one unit per faction, no naval units, not ending
in a fort (4.1) nor where Cooperation Limits bar (10.3.2); a unit moved while the Strategic Move
marker lies on another is repatriated (10.3.1.1, 10.4).
"""

from __future__ import annotations

from typing import Any

from wargame.rules.position import Unit
from wargame.rules.results import Zoc
from wargame.rules.use.audit_combat import CombatJudging
from wargame.rules.use.audit_core import (
    CENTRAL_RUSSIA,
    NOT_JUDGED,
    _Act,
    _Diff,
)
from wargame.rules.use.audit_core import (
    adjacent as _adjacent,
)
from wargame.rules.use.audit_core import (
    diff as _diff,
)
from wargame.rules.use.audit_politics import PoliticsJudging
from wargame.rules.use.audit_sea import SeaJudging
from wargame.rules.use.audit_strategic import StrategicJudging
from wargame.rules.use.ground import Situation
from wargame.rules.use.movement import (
    Ground,
    _base_cost,
    ground_path,
    movement_points,
)
from wargame.rules.use.policies import end_barred
from wargame.rules.use.state_checks import strategic_move_unit


class MoveJudge(CombatJudging, SeaJudging, PoliticsJudging, StrategicJudging):
    """Judges the moves between two positions of a log, step by step (the audit drives it)."""

    # -- what the audit reports beyond findings -------------------------------------------------
    def unjudged(self) -> tuple[tuple[str, int, str], ...]:
        """(kind, how many the log holds, why) of what the judge saw and could not judge."""
        return tuple((k, n, NOT_JUDGED[k]) for k, n in sorted(self.skipped.items()) if n)

    def excused(self, finding: Any, sit: Situation) -> bool:
        """A stacking finding the audit may let pass: enemy air or naval units in a hex a phasing
        ground unit just entered, or a defeated unit retreated into (5.3.5); they are displaced
        next (4.2.3.7), and the judge reports them if they are not."""
        if finding.rule == "4.2.3.5" and finding.severity == "note":
            return True  # the stack order of an air or naval unit under a fort: the check's to tell
        if finding.rule != "3.3" or "enemy factions" not in finding.reason or not finding.hexes:
            return False
        units = sit.pos.units_in(finding.hexes[0])
        ground = {u.faction for u in units if u.kind == "ground"}
        others = [u for u in units if u.faction not in ground]
        if len(ground) != 1 or not others or any(u.kind == "ground" for u in others):
            return False
        if ground == {self.phasing}:
            self.displacing.setdefault(finding.hexes[0], self.step)
            return True
        return finding.hexes[0] in self.displacing  # a retreat entered it (5.3.5)

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
        self._report_orphans()
        self._undisplaced()
        self.displacing.clear()

    def interrupt(self) -> None:
        """Another unit acts (or the phase ends): the active unit's activation is over, and
        attacks no move has claimed are settled."""
        self.close()
        self._settle_pending()

    def new_phase(self, phase: str) -> None:
        self.interrupt()
        self._report_orphans()
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
        self.used_surprise.clear()
        self.phasing = self.pack.phase_kind(phase)[1]
        if any(w in phase.lower() for w in ("weather", "end of turn")):
            self.repatriated_ids.clear()  # a new turn

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
            if u.faction != f or (u.kind != "ground" and self._displaced_by_retreat(sit0, u)):
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

    # -- ground activations -------------------------------------------------------------------
    def _attackers_of(self, sit: Situation, target: str) -> list[Unit]:
        """Phasing ground units next to ``target`` that have not acted this phase."""
        return [
            x
            for x in sit.pos.units
            if x.kind == "ground"
            and x.faction == self.phasing
            and x.hex
            and _adjacent(sit, x.hex, target)
            and x.id not in self.activated
            and x.id not in self.assault_units
        ]

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
            if not who:
                self.orphans.append((defender, before, step))  # an invasion may yet claim it
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
        if u.id in self.repatriated_ids:
            self.add("10.4", "activation", u, (u.where,), "a unit repatriated this turn may not be activated")
        if u.id in self.activated:
            why = (
                "it designated an Assault, which ended its activation (5.3.3)"
                if u.id in self.assault_units
                else "a ground unit may be activated only once per phase"
            )
            self.add("6.3", "activation", u, (u.where,), why)
        self.activated.add(u.id)
        self._strategic_marker(sit0, u)
        self._held_by_home_defense(sit0, u)
        mp = movement_points(u.type, u.supply, self.costs)
        self.act = _Act(
            u.id, u.label, u.faction, self.step, u.where, u.where, mp, mp, home=self._home_met(sit0, u), sit_start=sit0
        )

    def _strategic_marker(self, sit0: Situation, u: Unit) -> None:
        """4.1.4: a unit under its faction's Strategic Move marker may not be activated."""
        for m in sit0.pos.markers_in(u.where):
            if m.name == "Strategic Move" and strategic_move_unit(sit0, m) == u:
                self.add(
                    "4.1.4",
                    "activation",
                    u,
                    (u.where,),
                    "a unit with a Strategic Move marker may not be activated in its faction's Actions Sub-Phase",
                )
                return

    def ground_move(self, sit0: Situation, zoc0: Zoc, u: Unit, v: Unit) -> None:
        pair = self._convoy_with(u, v)
        if pair is not None:
            self.naval_transport(sit0, zoc0, u, v, pair)
            return
        if u.id in self.assault_units and self._advance_after_assault(sit0, u, v):
            return
        continuing = self.act is not None and self.act.unit_id == u.id
        if not continuing and self.repatriated_in_operations(sit0, zoc0, u, v):
            return
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
            if by_sea and {u.box, v.box} - {None, CENTRAL_RUSSIA}:
                if self._transport_pending(sit0, zoc0, u, v):
                    return
                if v.hex is not None and sit0.map.hexes[v.hex].is_coastal:
                    self.invade(sit0, zoc0, u, v)  # from a Map Box (6.3.2.2)
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
            self.add(
                "6.3" if "Assault" not in act.ended else "5.3.3",
                "activation",
                u,
                (u.where, v.where),
                f"moves on after {act.ended}, which ended its activation",
            )
        if act.assault_elsewhere:
            self.add(
                "5.3.3",
                "combat",
                u,
                (u.where, v.where),
                f"an Assault on {act.assault_elsewhere} was resolved during this unit's activation; "
                "Assaults are resolved between activations",
            )
            act.assault_elsewhere = ""
        if act.special_marker:
            self.add(
                "6.1",
                "markers",
                u,
                (u.where,),
                "an Airdrop, Partisans or Surprise Attack marker was placed during this unit's activation",
            )
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
            self.add(
                "4.2.3",
                "movement",
                u,
                (u.where, v.where),
                "ground units move into or out of a Map Box only by Naval Transport, or as USSR "
                "units between the east map edge and Central Russia",
            )
            act.at = v.where
            return
        ground = Ground(sit0, zoc0, u)
        g = sit0.map.grid
        near = u.hex or v.hex or ""
        edge = sorted(
            e
            for e in sit0.east_edge  # only edge hexes the MP could reach at all
            if g.distance(g.parse(e), g.parse(near)) <= act.left
        )
        box_cost = self.costs.central_russia
        if v.box == CENTRAL_RUSSIA and u.hex is not None:  # out to the box
            paths = [
                ground_path(ground, u.hex, e, mp=act.left - box_cost, started=act.started, costs=self.costs)
                for e in edge
                if act.left >= box_cost
            ]
            good = [r for r in paths if r.legal]
            if not good:
                act.legal = False
                self.add(
                    "4.2.3",
                    "movement",
                    u,
                    (u.hex, CENTRAL_RUSSIA),
                    f"no legal path to an east-edge hex with {box_cost} MP left to enter Central Russia",
                )
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
                self.add(
                    "4.2.3",
                    "movement",
                    u,
                    (CENTRAL_RUSSIA, v.hex),
                    f"no legal path from Central Russia through an east-edge hex to {v.hex} with {act.left} MP",
                )
                used = act.left
            else:
                used = min(options)
        act.left = max(0, act.left - used)
        act.started = True
        act.at = v.where

    def _entered(self, sit0: Situation, hex_id: str) -> None:
        """A phasing ground unit entered a hex: enemy air and naval units there are displaced."""
        if any(
            x.kind != "ground" and self.pack.enemies(x.faction, self.phasing or "") for x in sit0.pos.units_in(hex_id)
        ):
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
            self.add(
                barred[0],
                "placement",
                unit,
                (unit.hex,),
                f"ends its move in {unit.hex}: {barred[1]}",
                step=act.last_step,
            )

    def fort_change(self, sit0: Situation, u: Unit, v: Unit) -> None:
        """A unit goes under or out from under a Fort marker without moving (4.2.3.5, 4.2.3.6)."""
        if u.faction != self.phasing:
            if u.in_fort and not v.in_fort:
                self.add(
                    "4.2.3.5",
                    "fort",
                    u,
                    (u.where,),
                    "a unit leaves a fort only in its own Army Operations or by retreating",
                )
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
            self.add(
                "4.2.3.6",
                "fort",
                u,
                (u.where,),
                "a unit that left a fort may not occupy a fort again in the same activation",
            )
