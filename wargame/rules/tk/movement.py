"""Hex-to-hex movement (3, 3.1.1, 3.1.4, 3.2, 5, 8.2, 11.3-11.5) as a search: may a ground unit
go on from where it stands to a hex in this Movement Phase, given what it did before, and if
not, why not.

    Leg(...)                                   a unit's move so far this phase
    allowance(sit, unit) -> int                its Movement Allowance, in half MPs
    hex_move(sit, zoc, unit, leg, to, reserve, ma, supplied) -> MoveResult

Costs (in half Movement Points, rules.toml [movement]): a hex's terrain plus its hexside's
(river, canal, mountain, strait); along a Road or Rail hexside, or across a Connected Strait, the
Road/Rail cost instead, by unit size and phase, and 1 MP a hex in an active enemy country in the
Reserve Movement Phase (5). The first hex a unit enters in a phase may cost more than it has
left; it then stops (3.1.1, minimum move).

Enemy ZOC (8.2, 3.1, 3.2, 5, 11.3-11.5): in the Operational Movement Phase a unit stops on
entering an EZOC hex unless another friendly unit or a friendly Airdrop marker is there (not a
Detachment, Logistics or Partisan Base marker) or it overruns the unit projecting it next; it may
leave one it began in. A unit never leaves an EZOC hex in Mud, and stops after entering or
leaving one in Storms or Snow, whatever stands there (an overrunning armor unit ignores its
target's). In the Reserve Movement Phase it neither enters nor leaves an EZOC hex.

Where it may not go (3.1.4, 12.1, 13.4, 13.6.1.1): All-Sea hexsides and hexes (the special moves
are the judge's), a hex with an enemy unit (an overrun aside, 3.2) or an enemy Beachhead, a
Neutral Minor Country, outside its Home Country and Dependents in Pre-War, a non-German Axis unit
into another Axis Country (Exp units excepted), a minor's unit out of its country while its
Capital holds a Mobilizing, Free Passage or No Occupation marker, an Axis or Western unit onto the
Russian east edge, an Allied unit at War into a Policy Affected Country, a PAC unit outside its
home (Pre-War) or the countries under its Policy.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable
from dataclasses import replace

from records import frozen
from wargame.rules.position import Unit
from wargame.rules.results import Zoc
from wargame.rules.tk.ground import Situation
from wargame.rules.tk.stacking import category_of, steps_of

__all__ = ["Leg", "MoveResult", "allowance", "entry_barred", "hex_move"]


@frozen
class Leg:
    """A unit's move so far this phase: where it began, half MPs spent, hexes entered, its state
    (``start``: has not moved; ``free``; ``stop``: must stop; ``overrun:<hex>``: entered an EZOC
    it may ignore only by overrunning the unit in that hex next), the procedure it uses (3.1.4:
    one a phase) and the enemy units it overran (their ZOC is gone)."""

    start: str
    used: int = 0
    entered: int = 0
    state: str = "start"
    path: tuple[str, ...] = ()
    procedure: str = ""
    overran: frozenset[str] = frozenset()
    stopped: tuple[str, str] = ("", "")  # why it had to stop, and the rule


@frozen
class MoveResult:
    legal: bool
    leg: Leg | None = None
    path: tuple[str, ...] = ()
    why: str = ""
    rule: str = ""


def allowance(sit: Situation, unit: Unit) -> int:
    """The printed Movement Allowance of the side the unit shows, in half MPs (the third factor;
    3 MP for a piece of no known design, ours)."""
    design = sit.pack.game.content().units.get(unit.key)
    factors = (design.back if unit.reduced and design.back else design.front) if design is not None else ""
    try:
        return 2 * int(factors.split("-")[2])
    except (IndexError, ValueError):
        return 6


@frozen
class _Mover:
    sit: Situation
    zoc: Zoc
    unit: Unit
    reserve: bool
    supplied: Callable[[Unit], bool]

    @property
    def data(self) -> dict:
        return self.sit.data["movement"]

    def ezoc(self, hex_id: str, leg: Leg) -> tuple[str, ...]:
        """The enemy units projecting a ZOC into the hex, those it overran left out."""
        return tuple(uid for uid in self.zoc.exerted_by(hex_id, self.unit.faction) if uid not in leg.overran)

    def negated(self, hex_id: str) -> bool:
        """8.1: another friendly unit, or a friendly Airdrop marker, in the hex."""
        f = self.unit.faction
        if any(
            u.faction == f and u.id != self.unit.id
            for u in self.sit.ground_units(hex_id) + self.sit.support_units(hex_id)
        ):
            return True
        return any(w == self.sit.data["pieces"]["airdrop"] and o == f for w, o in self.sit.marks(hex_id))

    def cost(self, h: str, n: str, code: str, side) -> int:
        sup, mv = self.sit.data["supply"], self.data
        along = side.has(sup["rail"]) or side.has(sup["road"])
        if along and (code == "land" or side.has(sup["connected_strait"])):
            if self.reserve and self.sit.enemy_country(n, self.unit.faction):
                return int(mv["reserve_enemy_road_halves"])
            size = "multi" if steps_of(self.sit, self.unit) > 1 else "one"
            return int(mv["road_halves"]["reserve" if self.reserve else "operational"][size])
        info = self.sit.map.hexes[n]
        out = int(mv["terrain_halves"].get(info.terrain, 2))
        if side.river:
            out += int(mv["river_halves"])
        out += sum(int(v) for k, v in mv["side_halves"].items() if side.has(k))
        if code == "strait":
            out += int(mv["strait_halves"])
        return out

    def barred(self, h: str, n: str) -> tuple[str, str]:
        """(why, rule) the unit may not enter n from h, or ("", "")."""
        sit, u = self.sit, self.unit
        info = sit.map.hexes[n]
        if not info.is_land:
            return "an All-Sea hex", "3.1.1"
        if sit.closed_country(n):
            return f"{sit.owner(n)} is a Neutral Minor Country", "13.4"
        owner = sit.owner(n)
        if sit.war_state == "pre-war" and owner != u.nationality:
            return "outside its Home Country and Dependents in Pre-War", "12.1"
        axis = sit.data["country"]["conqueror"]
        if (
            u.faction == axis
            and u.nationality != sit.data["country"]["annexed_to"]
            and owner != u.nationality
            and sit.side_of(owner) == axis
            and not self._exp()
        ):
            return f"into {owner}, another Axis Country (a non-German Axis unit, not Exp)", "3.1.4"
        if self._confined() and owner != u.nationality:
            return (
                f"out of {u.nationality}, whose Capital holds a {self._confined()} marker",
                "3.1.4",
            )
        if n in sit.tables.edge and u.faction != self._edge_side():
            return "onto the Russian east edge (Axis and Western units may not)", "3.1.4"
        policy, pac = sit.policy_of(u.nationality), sit.pac_hex(n)
        if not policy and pac and u.faction != axis:
            return f"into {owner}, under {pac}, with a Posture of War", "13.6.1.1"
        if policy and sit.war_state != "pre-war" and pac != policy:
            return f"out of the countries under {policy}", "13.6.1.1"
        beach = sit.beachhead(n)
        if beach and sit.pack.enemies(beach, u.faction):
            return "an enemy Beachhead", "3.1.4"
        return "", ""

    def _exp(self) -> bool:
        design = self.sit.pack.game.content().units.get(self.unit.key)
        return design is not None and design.id in self.sit.data["stacking"]["exp_ids"]

    def _edge_side(self) -> str:
        return next((b.friendly for b in self.sit.map.boxes.values() if b.ground_edge), "")

    def _confined(self) -> str:
        """The confining marker in the Capital of the unit's minor (14.13, 14.22, 14.24), or ""."""
        sit = self.sit
        nation = sit.pack.game.content().nations.get(self.unit.nationality)
        if nation is None or nation.major or not nation.capital:
            return ""
        city = next((c for c in sit.map.cities if c.name == nation.capital), None)
        if city is None:
            return ""
        names = tuple(self.data["confining_markers"])
        return next((m.name for m in sit.pos.markers_in(city.hex) if m.name in names), "")

    def overrun_target(self, h: str, n: str, side) -> tuple[Unit | None, str]:
        """3.2: the one one-step enemy ground unit in n this unit may overrun, or (None, why)."""
        sit, u = self.sit, self.unit
        enemies = [w for w in sit.ground_units(n) + sit.support_units(n) if sit.pack.enemies(w.faction, u.faction)]
        if not enemies:
            return None, ""
        if self.reserve:
            return None, "a hex with an enemy unit (no overruns in the Reserve Movement Phase, 5)"
        if category_of(sit, u) != self.data["overrun_category"] or steps_of(sit, u) < 2:
            return (
                None,
                "a hex with an enemy unit (only a multi-step armor-type unit overruns, 3.2)",
            )
        if len(enemies) != 1 or enemies[0].kind != "ground" or steps_of(sit, enemies[0]) != 1:
            return (
                None,
                "a hex with an enemy unit (an overrun takes a lone one-step ground unit, 3.2)",
            )
        shift = self._shift(enemies[0], n, side)
        if shift:
            return (
                None,
                f"a hex with an enemy unit it may not overrun: the defender would get a shift for {shift} (3.2)",
            )
        return enemies[0], ""

    def _shift(self, target: Unit, n: str, side) -> str:
        """What would give the defender in n a column shift (4.2.3), in words ("" if nothing)."""
        sit, mv = self.sit, self.data
        info = sit.map.hexes[n]
        out = []
        if n in sit.tables.cities:
            out.append("its City")
        if info.terrain in mv["shift_terrains"]:
            out.append(f"{info.terrain} terrain")
        for f in mv["shift_sides"]:
            if (f == "river" and side.river) or (f == "strait" and side.strait) or side.has(f):
                out.append(f"the {f} hexside")
        if sit.weather(n) == sit.data["weather"]["mud"]:
            out.append("Mud")
        if category_of(sit, target) == "fortress":
            out.append("a fortress")
        out += self._support_shifts(target, n)
        return ", ".join(out)

    def _support_shifts(self, target: Unit, n: str) -> list[str]:
        """4.2.3.1, 4.2.3.5: an Air unit of the defender's side in or next to the hex (only in it
        in Storms or Snow); a supplied HQ of its side within its range."""
        sit = self.sit
        grid = sit.map.grid
        here = grid.parse(n)
        stop = sit.weather(n) in sit.data["weather"]["stop_weather"]
        out = []
        for w in sit.pos.units:
            if w.hex is None or w.faction != target.faction or w.id == target.id:
                continue
            far = grid.distance(here, grid.parse(w.hex))
            if w.kind == "air" and (far == 0 or (far == 1 and not stop)):
                out.append(f"an Air unit ({w.label})")
            elif sit.is_ground(w) and category_of(sit, w) == "hq":
                design = sit.pack.game.content().units.get(w.key)
                rng = design.range if design is not None and design.range else 2
                if far <= rng and self.supplied(w):
                    out.append(f"a supplied HQ ({w.label}) within its range")
        return out


def entry_barred(sit: Situation, zoc: Zoc, unit: Unit, h: str, n: str, reserve: bool) -> tuple[str, str]:
    """(why, rule) the unit may not be put into n from h by a whole-MA procedure (3.1.1-3.1.3):
    the hex restrictions of 3.1.4 and an enemy unit there; ("", "") when it may."""
    mover = _Mover(sit, zoc, unit, reserve, lambda w: True)
    if any(sit.pack.enemies(w.faction, unit.faction) for w in sit.ground_units(n) + sit.support_units(n)):
        return "a hex with an enemy unit", "3.1.4"
    return mover.barred(h, n)


def hex_move(
    sit: Situation,
    zoc: Zoc,
    unit: Unit,
    leg: Leg,
    to: str,
    reserve: bool,
    ma: int,
    supplied: Callable[[Unit], bool] = lambda u: True,
) -> MoveResult:
    """The cheapest legal way on from the unit's hex to ``to`` (hexes entered, half MPs), or
    why there is none (the reason its cheapest attempt to enter ``to`` failed)."""
    mover = _Mover(sit, zoc, unit, reserve, supplied)
    start = unit.hex or ""
    if leg.state == "stop":
        said, rule = leg.stopped if leg.stopped[0] else ("it had to stop where it was", "3.1.1")
        return MoveResult(False, why=said, rule=rule)
    best: dict[tuple[str, str, frozenset[str]], int] = {}
    heap: list[tuple[int, int, str, Leg]] = [(leg.used, 0, start, leg)]
    found: list[Leg] = []
    last = ("no path within its Movement Allowance", "3.1.1")
    told = False
    tick = 0
    while heap:
        _used, _t, h, now = heapq.heappop(heap)
        for n, code, side in sit.tables.sides.get(h, ()):
            nxt, why = _step(mover, now, h, n, code, side, ma)
            if nxt is None:
                if n == to and not told:
                    last, told = why, True  # the cheapest attempt's reason
                continue
            key = (n, nxt.state, nxt.overran)
            if best.get(key, 1 << 30) <= nxt.used:
                continue
            best[key] = nxt.used
            if n == to:
                found.append(nxt)
            if nxt.state != "stop":
                tick += 1
                heapq.heappush(heap, (nxt.used, tick, n, nxt))
    if not found:
        return MoveResult(False, why=last[0], rule=last[1])
    chosen = min(found, key=lambda lg: (lg.state == "stop", lg.used, lg.path))
    return MoveResult(True, chosen, chosen.path)


def _step(m: _Mover, leg: Leg, h: str, n: str, code: str, side, ma: int) -> tuple[Leg | None, tuple[str, str]]:
    """The leg after entering n from h, or (None, (why, rule))."""
    sit = m.sit
    if leg.state.startswith("overrun:") and n != leg.state[len("overrun:") :]:
        return None, (
            "it entered an EZOC hex by ignoring the ZOC of the unit it overruns, so must enter that unit's hex next",
            "3.2",
        )
    if code == "sea":
        return None, (
            "an All-Sea hexside (only a Beachhead, Marine or Port-to-Port move crosses one)",
            "3.1.1",
        )
    why, rule = m.barred(h, n)
    if why:
        return None, (why, rule)
    target, why = m.overrun_target(h, n, side)
    if why:
        return None, (why, "3.2" if "3.2" in why else "5" if "Reserve" in why else "3.1.4")
    overran = leg.overran | ({target.id} if target is not None else frozenset())
    gone = replace(leg, overran=overran)  # an overrun target is eliminated as the unit enters its hex
    here_z, there_z = m.ezoc(h, leg), m.ezoc(n, gone)
    weather = sit.data["weather"]
    if m.reserve and here_z:
        return None, ("it may not leave an EZOC hex in the Reserve Movement Phase", "5")
    if m.reserve and there_z:
        return None, ("it may not enter an EZOC hex in the Reserve Movement Phase", "5")
    if here_z and sit.weather(h) == weather["mud"]:
        return None, ("it may not leave an EZOC hex in Mud, whatever stands there", "11.3")
    cost = m.cost(h, n, code, side)
    used = leg.used + cost
    minimum = leg.entered == 0 and used > ma
    if used > ma and not minimum:
        return None, (f"{_mp(cost)} MP to enter, {_mp(max(ma - leg.used, 0))} MP left", "3.1.1")
    state, stopped = "free", ("", "")
    if not m.reserve:
        ahead = _overrun_next(m, n, there_z)  # the hex of a lone unit it may overrun next, or ""
        rest = tuple(uid for uid in there_z if sit.pos.unit(uid).hex != ahead) if ahead else there_z
        stormy = tuple(weather["stop_weather"])
        unstopped = m.negated(n) and sit.weather(n) not in stormy  # 8.1; no exceptions in Storms, Snow
        if rest and not unstopped:
            state, stopped = "stop", _ezoc_stop(sit.weather(n), stormy, "entered")
        elif ahead and not unstopped:
            state = f"overrun:{ahead}"
        if m.ezoc(h, gone) and sit.weather(h) in stormy:
            state, stopped = "stop", _ezoc_stop(sit.weather(h), stormy, "left")
    if minimum:
        why = "it entered its first hex for more MP than it had (the minimum move), so stopped there"
        state, stopped = "stop", (why, "3.1.1")
    moved = Leg(leg.start, used, leg.entered + 1, state, leg.path + (n,), "hex", overran, stopped)
    return moved, ("", "")


def _ezoc_stop(weather: str, stormy: tuple[str, ...], how: str) -> tuple[str, str]:
    if weather in stormy:
        rule = "11.4" if weather == stormy[0] else "11.5"
        return f"it had to stop: it {how} an EZOC hex in {weather}, whatever stood there", rule
    return (
        "it had to stop on entering an EZOC hex with no other friendly unit or Airdrop there",
        "8.2",
    )


def _overrun_next(m: _Mover, at: str, projecting: tuple[str, ...]) -> str:
    """The hex of the one enemy unit among those projecting a ZOC into ``at`` that the unit
    could overrun from there (3.2: it then ignores that unit's ZOC), or ""."""
    hexes = {m.sit.pos.unit(uid).hex for uid in projecting}
    for target_hex in sorted(h for h in hexes if h):
        side = m.sit.map.side(at, target_hex)
        if side.water and not side.strait:
            continue
        target, _why = m.overrun_target(at, target_hex, side)
        if target is not None:
            return target_hex
    return ""


def _mp(halves: int) -> str:
    return str(halves // 2) if halves % 2 == 0 else f"{halves / 2:g}"
