"""The Strategic Movement phase as an audit of a USE log judges it (4.1, 10.3.2, 10.4): a
Transport Line path (Messina included) that enters no enemy city, fort, unit or ZOC, a supply
line from every hex entered, one unit per faction, no naval units, not ending in a fort nor
where Cooperation Limits bar; a unit moved while the Strategic Move marker lies on another is
repatriated (10.3.1.1, 10.4). USWC's judge overrides ``strategic_move``."""

from __future__ import annotations

from dataclasses import replace

from wargame.rules.position import Unit
from wargame.rules.results import Zoc
from wargame.rules.use.audit_core import JudgeState
from wargame.rules.use.ground import Situation
from wargame.rules.use.movement import Ground, strategic_path
from wargame.rules.use.policies import end_barred


class StrategicJudging(JudgeState):
    """Part of :class:`wargame.rules.use.audit.MoveJudge`; the state it judges with is :class:`JudgeState`'s."""

    def strategic_move(self, sit0: Situation, zoc0: Zoc, u: Unit, v: Unit) -> None:
        if self.repatriated(sit0, u, v):
            return
        if u.kind == "naval":
            self.add("4.1.3", "strategic", u, (u.where, v.where), "naval units may not move strategically")
            return
        if u.hex is None or v.hex is None:
            self.add(
                "4.1.3", "strategic", u, (u.where, v.where), "strategic movement may not cross a Sea Zone or Map Box"
            )
            return
        earlier = self.strategic_done.get(u.faction)
        if earlier is not None and earlier != u.id:
            self.add(
                "4.1.1",
                "strategic",
                u,
                (u.hex, v.hex),
                "one strategic move per faction per turn; another unit already moved",
            )
        self.strategic_done.setdefault(u.faction, u.id)
        if u.supply == "none":
            self.add("7.1.1", "strategic", u, (u.hex,), "a unit in No Supply may not move strategically")
        if not sit0.map.hexes[u.hex].transport:
            self.add("4.1.1", "strategic", u, (u.hex,), "strategic movement starts on a Transport Line")
        ground = Ground(sit0, zoc0, u)
        result = strategic_path(ground, u.hex, v.hex, supplied=lambda h: True)
        if not result.legal:
            first = result.violations[0]
            self.add(
                first.rule, "strategic", u, (u.hex, v.hex), "; ".join(x.text for x in result.violations), result.path
            )
            return
        if not all(_supplied_at(sit0, u, h) for h in result.path[1:]):
            memo: dict[str, bool] = {}  # the shortest way lacks supply somewhere: look for one that has it

            def supplied(h: str) -> bool:
                if h not in memo:
                    memo[h] = _supplied_at(sit0, u, h)
                return memo[h]

            result = strategic_path(ground, u.hex, v.hex, supplied=supplied)
            if not result.legal:
                h = next((x.hexes[0] for x in result.violations if x.rule == "4.1.2"), v.hex)
                self.add(
                    "4.1.2",
                    "strategic",
                    u,
                    (u.hex, v.hex),
                    f"no supply line can be traced from {h}, a hex the move enters (each hex entered needs one)",
                    result.path,
                )
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
            self.add(
                "4.1.4", "strategic", u, (v.where,), "a unit may not occupy a fort at the end of its strategic move"
            )
        barred = end_barred(sit1, now, now.hex)
        if barred:
            self.add(
                barred[0],
                "strategic",
                u,
                (v.where,),
                f"a strategic move may pass through but not end there: {barred[1]}",
            )
        self._home_defense_step(sit0, sit1, u)


def _supplied_at(sit: Situation, unit: Unit, hex_id: str) -> bool:
    """Could the unit trace supply standing in ``hex_id``? (wargame.rules.use.supply)"""
    moved = replace(unit, hex=hex_id, box=None)
    units = tuple(moved if u.id == unit.id else u for u in sit.pos.units)
    pos = replace(sit.pos, units=units)
    s = sit.pack.situation(pos, sit.map)
    line = sit.pack.supply(s, sit.pack.zoc(s)).lines.get(unit.id)
    return line is not None and line.state != "none"
