"""Air and naval moves as an audit of a USE log judges them (4.2.2, 4.2.4, 6.2, 6.3.2, 6.4): Air
Rebase, Naval Rebase, Naval Transport in either order of the pieces' moves, Amphibious Invasion
and what the invader may do after landing."""

from __future__ import annotations

from wargame.rules.position import Unit
from wargame.rules.results import Zoc
from wargame.rules.use.air import air_path
from wargame.rules.use.audit_core import CENTRAL_RUSSIA, JudgeState, _Diff
from wargame.rules.use.audit_core import adjacent as _adjacent
from wargame.rules.use.audit_core import diff as _diff
from wargame.rules.use.ground import Situation
from wargame.rules.use.invasion import invasion_problems, surprise_markers
from wargame.rules.use.movement import Ground, ground_path, movement_points
from wargame.rules.use.naval import naval_path
from wargame.rules.use.placement import unit_placement


class SeaJudging(JudgeState):
    """Part of :class:`wargame.rules.use.audit.MoveJudge`; the state it judges with is :class:`JudgeState`'s."""

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
            if (
                c0.faction == u.faction
                and c0.where == u.where
                and c1.where == v.where
                and (c0.id, step) not in self.handled
                and c0.id != u.id
            ):
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
        pair = next(
            (
                (c0, c1)
                for c0, c1 in diff.moved
                if c0.type == "convoy" and c0.faction == u.faction and c0.where == u.where and c1.where == v.where
            ),
            None,
        )
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
        coastal = v.hex is not None and sit0.map.hexes[v.hex].is_coastal
        if u.box is not None or v.box is not None or coastal:
            saved = self.step
            self.step = step
            try:
                if coastal and u.box != CENTRAL_RUSSIA:
                    self.invade(sit0, zoc0, u, v)
                else:
                    self.box_move(sit0, zoc0, u, v)
            finally:
                self.step = saved
            return
        result = ground_path(
            Ground(sit0, zoc0, u), u.hex or "", v.hex or "", mp=act.left, started=act.started, costs=self.costs
        )
        self._report_path(u, v, act, result, step=step)
        act.at = v.where
        act.started = True

    def naval_transport(
        self,
        sit0: Situation,
        zoc0: Zoc,
        u: Unit,
        v: Unit,
        pair: tuple[Unit, Unit],
        *,
        step: int | None = None,
        now: tuple[Situation, Zoc] | None = None,
    ) -> None:
        """6.4.4: the carried unit began its activation stacked with the convoy, moves with it
        and nowhere else, and ends its activation where the convoy puts it in."""
        c0, c1 = pair
        sit1, zoc1 = now or self.now or (sit0, zoc0)
        at = step or self.step
        self.handled.add((c0.id, at))
        if u.kind == "ground":
            if self.act is not None and self.act.unit_id == u.id and self.act.started:
                self.add(
                    "4.2.3.2",
                    "naval",
                    u,
                    (u.where, v.where),
                    "a ground unit may not combine hex movement and Naval Transport in one activation",
                    step=step,
                )
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
            self.add(
                rule, "naval", u, (u.where, v.where), f"Naval Transport with {c0.label}: {why}", path.path, step=step
            )
        if v.hex is not None and not sit1.friendly_port(v.hex, u.faction):
            self.add(
                "6.4.4",
                "naval",
                u,
                (v.hex,),
                f"a transported unit is put in a friendly port; {v.hex} is not one",
                step=step,
            )
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
            self.add(
                "6.3.2.1",
                "invasion",
                convoy,
                (u.where,),
                f"{convoy.label} already took part in an Amphibious Invasion this Operations Phase",
            )
        self._surprise_used(sit0, u, v.hex)
        self.invaded_hexes.add(v.hex)
        self.invading_ships.add(convoy.id)
        self.invasion = (u.where, v.hex, naval)
        act.invaded = v.hex
        act.started = True
        act.at = v.hex
        self.pending_attacks.clear()
        self.orphans = [o for o in self.orphans if o[0].hex != v.hex]  # its Assault from the sea (6.3.2.4)
        self._entered(sit0, v.hex)

    def _surprise_used(self, sit0: Situation, u: Unit, target: str) -> None:
        """6.3.2.5: one invasion per Surprise Attack marker in the invaded hex's Sea Zone."""
        zones = set(sit0.map.hexes[target].seazones)
        mine = [(mid, z) for mid, z in surprise_markers(sit0, u.faction) if zones & set(z)]
        free = [mid for mid, _z in mine if mid not in self.used_surprise]
        if free:
            self.used_surprise.add(free[0])
        elif mine:
            self.add(
                "6.3.2.5",
                "invasion",
                u,
                (target,),
                "each Surprise Attack marker allows one Amphibious Invasion into its Sea Zone; "
                f"{'the marker' if len(mine) == 1 else f'all {len(mine)} markers'} in Sea Zone "
                f"{' or '.join(map(str, sorted(zones)))} already served an earlier invasion",
            )

    def _after_landing(self, sit0: Situation, zoc0: Zoc, u: Unit, v: Unit) -> None:
        """6.3.2.4: an invader not in an EZOC may move one hex; then its activation ends."""
        act = self.act
        assert act is not None
        landed = act.invaded or ""
        if act.invasion_assault or zoc0.ezoc(landed, u.faction) or not _adjacent(sit0, landed, v.hex):
            why = (
                "it is in an enemy ZOC and may only stop or Assault"
                if zoc0.ezoc(landed, u.faction) or act.invasion_assault
                else "it may move one adjacent hex and stop"
            )
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
        if (
            (u.hex is None or v.hex is None)
            and self._stacked_convoy(sit0, u) is not None
            and not {u.box, v.box} <= {None, CENTRAL_RUSSIA}
        ):
            assert self.now is not None
            self.awaiting = (u, v, sit0, zoc0, sit1, zoc1, self.step)
            return
        self._air_alone(sit0, zoc0, sit1, zoc1, u, v)

    def _air_alone(
        self, sit0: Situation, zoc0: Zoc, sit1: Situation, zoc1: Zoc, u: Unit, v: Unit, *, step: int | None = None
    ) -> None:
        """An Air Rebase (6.2.1): its own activation."""
        self.interrupt()
        if u.sorties >= 6:
            self.add("6.2", "air", u, (u.where,), "an air unit with 6 Sorties cannot be activated", step=step)
        self._strategic_marker(sit0, u)
        boxes = {b for b in (u.box, v.box) if b}
        if boxes - {CENTRAL_RUSSIA}:
            self.add(
                "4.2.2",
                "air",
                u,
                (u.where, v.where),
                "air units reach Map Boxes other than Central Russia only by Naval Transport",
                step=step,
            )
        else:
            found = air_path(sit0, u, u.where, v.where, costs=self.costs)
            for rule, why in found.problems:
                self.add(rule, "air", u, (u.where, v.where), why, found.path, step=step)
        self.air_naval_end(sit1, zoc1, v, step=step)
        self._home_defense_step(sit0, sit1, u, step=step)

    def naval_move(self, sit0: Situation, zoc0: Zoc, sit1: Situation, zoc1: Zoc, u: Unit, v: Unit) -> None:
        if (
            self.invasion is not None
            and u.id in self.invasion[2]
            and u.where == self.invasion[0]
            and v.where == self.invasion[1]
        ):
            return  # the invasion's naval units follow to the port it took (6.3.2.4)
        if (
            u.type == "convoy"
            and self.awaiting is not None
            and self.awaiting[0].where == u.where
            and self.awaiting[1].where == v.where
        ):
            self._resolve_awaiting(self.diff or _diff(sit0.pos, sit1.pos))
            return
        carried = [
            x
            for x, y in (self.diff.moved if self.diff else ())
            if x.faction == u.faction
            and x.id != u.id
            and x.kind != "naval"
            and x.where == u.where
            and y.where == v.where
        ]
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
                self.add(
                    "4.2.2",
                    "air",
                    v,
                    (v.hex,),
                    f"air movement must end where a supply line can be traced; {line.note}",
                    step=step,
                )
