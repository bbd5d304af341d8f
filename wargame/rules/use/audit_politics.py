"""Home Defense (10.3.1) and the conditional events (13.3-13.8) as an audit of a USE log judges
them: a move may not leave a Home Defense rule it met unmet; a unit put elsewhere at the start of
the Strategic Movement phase while the Strategic Move marker lies on another unit is repatriated
(10.3.1.1, 10.4), not moved strategically; an Axis move, placement or attack into an event's area
is told as a note."""

from __future__ import annotations

from typing import Any

from wargame.rules.position import Unit
from wargame.rules.use.audit_core import JudgeState, _Act, _Diff
from wargame.rules.use.events import EVENT_RULES, event_areas, events_fired
from wargame.rules.use.ground import Situation
from wargame.rules.use.home_defense import home_defense
from wargame.rules.use.state_checks import strategic_move_unit


class PoliticsJudging(JudgeState):
    """Part of :class:`wargame.rules.use.audit.MoveJudge`; the state it judges with is :class:`JudgeState`'s."""

    def _held_by_home_defense(self, sit0: Situation, u: Unit) -> None:
        if "home_defense" not in sit0.pos.state.policies or not u.hex:
            return
        if (u.nationality in ("FRA", "USSR") and sit0.occupies_fort(u)) or (
            u.nationality == "UK" and sit0.owner(u.hex) == "UK" and not sit0.is_mainland(u.hex, "UK")
        ):
            self.skipped["fort_hold"] += 1

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
                self.add(
                    "10.3.1",
                    "home defense",
                    unit,
                    (act.start, act.at),
                    f"its move leaves {rule.text()}: a unit that fills a Home Defense rule may move only "
                    "if the rule stays met",
                    step=act.last_step,
                )

    def _home_defense_step(self, sit0: Situation, sit1: Situation, u: Unit, *, step: int | None = None) -> None:
        before = self._home_met(sit0, u)
        if not before:
            return
        after = self._home_rules(sit1, u.nationality)
        for name in before:
            rule = after.get(name)
            if rule is not None and not rule.satisfied:
                self.add(
                    "10.3.1",
                    "home defense",
                    u,
                    (u.where,),
                    f"its move leaves {rule.text()}: a unit that fills a Home Defense rule may move only "
                    "if the rule stays met",
                    step=step,
                )

    def repatriated(self, sit0: Situation, u: Unit, v: Unit) -> bool:
        """A move in the Strategic Movement phase while the faction's Strategic Move marker lies on
        another unit is no strategic move: Home Defense repatriates units first (4.1.1 step 1,
        10.3.1.1). Judged as a repatriation (10.4)."""
        assert self.now is not None
        sit1, zoc1 = self.now
        carriers = set()
        for sit in (sit0, sit1):  # the marker may follow the unit in the same step or the next
            marks = [m for m in sit.pos.markers if m.name == "Strategic Move" and m.faction == u.faction and m.hex]
            carriers |= {c.id for c in (strategic_move_unit(sit, m) for m in marks) if c is not None}
        if not carriers or u.id in carriers:
            return False
        why = self._repatriation_spot(sit1, zoc1, u, v)
        if why:
            self.add(
                "10.4",
                "strategic",
                u,
                (u.where, v.where),
                f"moves in the Strategic Movement phase without the Strategic Move marker (it lies on "
                f"another unit), so only a repatriation may put it elsewhere, and {why}",
            )
        else:
            self.skipped["repatriation"] += 1
        self.repatriated_ids.add(u.id)
        return True

    def repatriated_in_operations(self, sit0: Situation, zoc0: Any, u: Unit, v: Unit) -> bool:
        """The Home Defense check opens the Actions Sub-Phase (10.3.1.1): before any unit of the
        phasing side acts, a unit of a country whose Home Defense rule is unmet, put where no
        move of its own could take it but where a repatriation may (10.4), was repatriated."""
        assert self.now is not None
        sit1, zoc1 = self.now
        if self.activated or u.faction != self.phasing or "home_defense" not in sit0.pos.state.policies:
            return False
        if all(r.satisfied for r in self._home_rules(sit0, u.nationality).values()):
            return False
        if self._repatriation_spot(sit1, zoc1, u, v) is not None or self._reachable(sit0, zoc0, u, v):
            return False
        self.skipped["repatriation"] += 1
        self.repatriated_ids.add(u.id)
        return True

    def _reachable(self, sit0: Situation, zoc0: Any, u: Unit, v: Unit) -> bool:
        from wargame.rules.use.movement import Ground, ground_path, movement_points

        if u.kind != "ground" or u.hex is None or v.hex is None:
            return True  # air and naval moves are judged as moves
        mp = movement_points(u.type, u.supply, self.costs)
        return ground_path(Ground(sit0, zoc0, u), u.hex, v.hex, mp=mp, costs=self.costs).legal

    def _repatriation_spot(self, sit1: Situation, zoc1: Any, u: Unit, v: Unit) -> str | None:
        """Why a repatriation may not put ``u`` where ``v`` stands (10.4): in or next to a friendly
        city of its country, not in an EZOC, a hex it may not enter or one with an enemy marker."""
        h = v.hex
        if h is None:
            return "a repatriated unit is put in a hex"
        if not any(
            sit1.friendly_city(c, u.faction) and sit1.owner(c) == u.nationality for c in (h, *self._around(sit1, h))
        ):
            return f"{h} is neither in nor next to a friendly city of {u.nationality}"
        if (
            zoc1.ezoc(h, u.faction)
            or sit1.ground_barred(h, u.faction, u.nationality)
            or any(m.faction and m.faction != u.faction for m in sit1.pos.markers_in(h))
        ):
            return f"{h} is in an EZOC, barred to {u.nationality} units or holds an enemy marker"
        return None

    @staticmethod
    def _around(sit: Situation, h: str) -> list[str]:
        g = sit.map.grid
        return [g.hex_id(n) for n in g.neighbours(g.parse(h)) if g.hex_id(n) in sit.map.hexes]

    # -- conditional events (13.3-13.8) ----------------------------------------------------------
    def note_events(self, sit0: Situation, sit1: Situation, diff: _Diff) -> None:
        if not getattr(self.pack, "conditional_events", False):
            return
        areas = None
        entered: list[tuple[str, str, str | None]] = []  # (hex, what, where it came from)
        for u, v in diff.moved:
            if v.faction == "axis" and v.hex:
                entered.append((v.hex, f"{v.label} moves into {v.hex}", u.hex))
        for v in diff.appeared:
            if v.faction == "axis" and v.hex:
                entered.append((v.hex, f"{v.label} is placed in {v.hex}", None))
        for m in diff.markers_placed:
            if m.faction == "axis" and m.hex and m.name not in ("Control", "Fort") and not m.name.startswith("Pro"):
                entered.append((m.hex, f"an Axis {m.name} marker is placed in {m.hex}", None))
        if not entered:
            return
        areas = event_areas(sit1)
        done = events_fired(sit1)
        for hex_id, what, came_from in entered:
            for event, inside in areas.items():
                if came_from is None or not inside(came_from):  # one already inside set it off before
                    self._fire(event, inside, hex_id, what, sit0, done)

    def _axis_attack(self, sit0: Situation, target: str, attackers: tuple[str, ...]) -> None:
        if self.phasing != "axis" or not getattr(self.pack, "conditional_events", False):
            return
        done = events_fired(sit0)
        for event, inside in event_areas(sit0).items():
            if not any(inside(h) for h in attackers):
                self._fire(event, inside, target, f"an Axis unit attacks into {target}", sit0, done)

    def _fire(self, event: str, inside: Any, hex_id: str, what: str, sit0: Situation, done: frozenset[str]) -> None:
        if event in self.fired or event in done or not inside(hex_id):
            return
        self.fired.add(event)
        rule, name = EVENT_RULES[event]
        self.add(
            rule,
            "events",
            None,
            (hex_id,),
            f"{what}: the {name} conditional event happens now, unless it "
            "already did earlier in the game (once per scenario)",
            severity="note",
        )
