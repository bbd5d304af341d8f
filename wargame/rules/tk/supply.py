"""Supply (10): what each counter can trace now, by which path. TK marks no supply state on the
counters: a line is traced for a counter when a rule asks (10.2), so the check reports the line
each would trace at this moment and what an unsupplied one may not do (10.3).

    supply_report(sit, zoc) -> SupplyReport
    Tracer(sit, zoc)            the searches of one position, kept per faction, nation and posture

The trace (10.2), from the counter's hex (not counted) to a source:
1. up to two free hexes, over any terrain a line may enter;
2. then along connected Road/Rail symbols any distance, using at most one stretch of contiguous
   Road hexes or one Connected Strait (a hex with a Road symbol and no Rail is a Road hex;
   leaving the Road for Rail ends the stretch; the counter's own hex does not count, the hex
   where the line meets the Road/Rail does: 10.2's e1819 example);
3. across Naval Zones from Open Port to Open Port, each zone holding a friendly Supply Convoy
   (a Standard or Scratch Convoy marker on its Supply side, or a printed inherent Western Supply
   Convoy); a line goes on into another zone only at a Multi-Zone Port; a naval leg ends a Road
   stretch;
4. into the off-map boxes its faction owns (Open Ports of their zones; the Western boxes and
   Central Asia are sources, 10.1, and the east-edge hexes e2828-e5127 are Central Asia, 10.2).
Sources (10.1): a City of the counter's Home Country (its own land, no Dependent; Reich-Annexed
countries are Germany's, 14.30), a Partisan Base in its Minor Country with no enemy unit there,
its faction's off-map boxes. A counter in a source hex or box is supplied without a line.
A line may not enter (10.2): an enemy ZOC hex without another friendly unit, a hex with an enemy
unit or an enemy Airdrop, Detachment or Logistics marker, an enemy Partisan Base without a
friendly ground unit, a City or Port of an active enemy Country not under friendly control, a
Neutral Minor Country; nor cross an All-Sea hexside but a Strait or a side of a Beachhead hex.
Postures (13.6.1.1): an Allied counter at War traces into no Policy Affected Country's hex and
uses no PAC Supply Convoy; a PAC counter traces only in its Home Country and Dependents in
Pre-War, else only in countries under its Policy, with convoys to match.

Open Ports (Glossary): a Port with a friendly ground unit, Airdrop, Detachment or Logistics
marker, or in a friendly active Country (not a Dependent), a friendly Beachhead, the faction's
off-map boxes; not with an enemy ground or Air unit or marker in it, an Ice hex in North Snow, an
enemy Fleet in the zone's On Station box, or an enemy Air unit there within three hexes of a
Naval Base of that enemy (a Port with its ground unit, Detachment or Logistics marker: whether
that unit is supplied is not asked, which would make the trace depend on the enemy's).
"""

from __future__ import annotations

from collections import deque
from itertools import pairwise
from typing import TYPE_CHECKING

from records import frozen
from wargame.rules import Finding
from wargame.rules.position import Unit
from wargame.rules.results import SupplyLine, SupplyReport, Zoc
from wargame.rules.tk.ports import Ports, Who

if TYPE_CHECKING:
    from wargame.rules.tk.ground import Situation

__all__ = ["Tracer", "Who", "supply_report"]

State = tuple[str, int, bool]  # (hex or box code, Road budget, came by sea); see advance()
# Road budget: 0 nothing used, 1 on the Road stretch, 2 the stretch behind, 3 a Connected Strait.


@frozen
class Search:
    """The states reached from a counter class's sources: each with the state one step nearer
    the source and the zone crossed (0 by land), its distance from the source, and by hex."""

    parent: dict[State, tuple[State, int] | None]
    depth: dict[State, int]
    by_hex: dict[str, list[State]]


def advance(budget: int, step: str, road_hex: bool) -> int | None:
    """The budget after a step (``net`` along Road/Rail, ``strait`` across a Connected Strait,
    ``sea`` a naval leg) into a hex (a Road hex or not), or None when the line may not take it."""
    if step == "strait":
        if budget != 0:
            return None
        budget = 3
    elif step == "sea" and budget == 1:
        budget = 2
    if road_hex:
        return 1 if budget in (0, 1) else None
    return 2 if budget == 1 else budget


def _lax(budget: int, step: str, road_hex: bool) -> int:
    """A step with the Road budget not counted."""
    return 0


class Tracer:
    """The searches of one position, each made once."""

    def __init__(self, sit: Situation, zoc: Zoc):
        self.sit = sit
        self.zoc = zoc
        self.tables = sit.tables
        self._blocked: dict[tuple, dict[str, str | None]] = {}
        self._ezoc: dict[str, frozenset[str]] = {}
        self._searches: dict[tuple[Who, bool], Search] = {}
        self._sources: dict[Who, dict[str, str]] = {}
        self.ports = Ports(sit)

    # -- who and what blocks ---------------------------------------------------------------------
    def who(self, unit: Unit) -> Who:
        return Who(unit.faction, unit.nationality, self.sit.policy_of(unit.nationality))

    def _key(self, who: Who) -> tuple:
        pre_war = self.sit.war_state == "pre-war"
        return (who.faction, who.policy, who.nation if who.policy and pre_war else "")

    def blocked(self, hex_id: str, who: Who) -> str | None:
        """Why a line may not be traced into the hex, or None (10.2, 13.6.1.1)."""
        table = self._blocked.setdefault(self._key(who), {})
        if hex_id not in table:
            table[hex_id] = self._why(hex_id, who)
        return table[hex_id]

    def _why(self, h: str, who: Who) -> str | None:
        sit, f = self.sit, who.faction
        info = sit.map.hexes.get(h)
        if info is None:
            return "off the map"
        if not info.is_land and not sit.beachhead(h):
            return "All-Sea"
        if sit.has_enemy_unit(h, f):
            return "enemy unit"
        marker = sit.enemy_marker(h, f, (sit.data["pieces"]["airdrop"], sit.data["pieces"]["detachment"], "Logistics"))
        if marker:
            return f"enemy {marker} marker"
        if sit.enemy_marker(h, f, (sit.data["pieces"]["partisan_base"],)) and not sit.has_friendly_unit(
            h, f, ground_only=True
        ):
            return "enemy Partisan Base"
        if info.is_land and sit.closed_country(h):
            return f"{sit.owner(h)} is Neutral (13.4)"
        if h in self.tables.cities and sit.enemy_country(h, f) and sit.control(h) != f:
            return "a City or Port of an enemy Country"
        posture = self._posture(h, who)
        if posture:
            return posture
        if h in self._ezoc_of(f) and not sit.has_friendly_unit(h, f):
            return "enemy ZOC"
        return None

    def _posture(self, h: str, who: Who) -> str:
        sit = self.sit
        if not sit.map.hexes[h].is_land:
            return ""
        if not who.policy:
            pac = sit.pac_hex(h)
            axis = sit.data["country"]["conqueror"]
            return f"{sit.owner(h)} is under {pac} (13.6.1.1)" if pac and who.faction != axis else ""
        if sit.war_state == "pre-war":
            return (
                "" if sit.owner(h) == who.nation else f"outside {who.nation} under {who.policy} in Pre-War (13.6.1.1)"
            )
        return "" if sit.pac_hex(h) == who.policy else f"outside the countries under {who.policy} (13.6.1.1)"

    def _ezoc_of(self, faction: str) -> frozenset[str]:
        if faction not in self._ezoc:
            self._ezoc[faction] = self.zoc.hexes(faction)
        return self._ezoc[faction]

    # -- ports and convoys (ports.Ports) ----------------------------------------------------
    def zones_of(self, hex_id: str) -> tuple[int, ...]:
        return self.ports.zones_of(hex_id)

    def open_port(self, hex_id: str, zone: int, faction: str) -> bool:
        return self.ports.open_port(hex_id, zone, faction)

    def convoys(self, zone: int, who: Who) -> tuple[str, ...]:
        return self.ports.convoys(zone, who)

    def _ports(self, zone: int, faction: str) -> list[str]:
        return self.ports.ports(zone, faction)

    # -- sources and the search from them ---------------------------------------------------------
    def sources(self, who: Who) -> dict[str, str]:
        """Hex or box -> source name (10.1); restrictions on entering them are the search's."""
        if who not in self._sources:
            self._sources[who] = self._find_sources(who)
        return self._sources[who]

    def _find_sources(self, who: Who) -> dict[str, str]:
        sit = self.sit
        out: dict[str, str] = {}
        for c in sit.map.cities:
            if c.hex in sit.map.hexes and sit.home(c.hex, who.nation):
                out[c.hex] = c.name
        base = sit.data["pieces"]["partisan_base"]
        nation = sit.pack.game.content().nations.get(who.nation)
        if nation is not None and not nation.major:
            for m in sit.pos.markers:
                if (
                    m.key == base
                    and m.hex
                    and sit.owner(m.hex) == who.nation
                    and not sit.has_enemy_unit(m.hex, who.faction)
                ):
                    out[m.hex] = "Partisan Base"
        for b in sit.map.boxes.values():
            if b.friendly and b.friendly == who.faction:
                out[b.code] = b.name
                if b.ground_edge:
                    for h in self.tables.edge:
                        out[h] = b.name
        return out

    def search(self, who: Who, *, budget: bool = True) -> Search:
        """Breadth-first from the sources along Road/Rail, Connected Straits and naval legs. The
        trace's rules read the same backwards, so a state reached here is a valid tail of a line
        from that hex to a source. Without ``budget`` any number of Road stretches and Connected
        Straits may be used (to tell a player that the budget is what stops a line)."""
        if (who, budget) in self._searches:
            return self._searches[(who, budget)]
        sit, t = self.sit, self.tables
        parent: dict[State, tuple[State, int] | None] = {}
        depth: dict[State, int] = {}
        queue: deque[State] = deque()
        for node in sorted(self.sources(who)):
            if node in sit.map.hexes:
                if self.blocked(node, who):
                    continue
                start: State = (node, 1 if node in t.road else 0, False)
            else:
                start = (node, 0, False)
            parent[start] = None
            depth[start] = 1
            queue.append(start)
        while queue:
            state = queue.popleft()
            for nxt, zone in self._steps(state, who, budget):
                if nxt not in parent:
                    parent[nxt] = (state, zone)
                    depth[nxt] = depth[state] + 1
                    queue.append(nxt)
        by_hex: dict[str, list[State]] = {}
        for st in parent:
            by_hex.setdefault(st[0], []).append(st)
        found = Search(parent, depth, by_hex)
        self._searches[(who, budget)] = found
        return found

    def _steps(self, state: State, who: Who, strict: bool) -> list[tuple[State, int]]:
        node, budget, by_sea = state
        sit, t = self.sit, self.tables
        step = advance if strict else _lax
        out: list[tuple[State, int]] = []
        if node in sit.map.hexes:
            for n, kind in t.links.get(node, ()):
                if self.blocked(n, who):
                    continue
                b = step(budget, kind, n in t.road)
                if b is not None:
                    out.append(((n, b, False), 0))
            if by_sea and node not in t.multi_zone:
                return out
            zones = [z for z in self.zones_of(node) if self.open_port(node, z, who.faction)]
        else:
            box = sit.map.boxes[node]
            zones = list(box.adjacent_zones)
        for z in zones:
            if not self.convoys(z, who):
                continue
            for q in self._ports(z, who.faction):
                if q == node or self.blocked(q, who):
                    continue
                b = step(budget, "sea", q in t.road)
                if b is not None:
                    out.append(((q, b, True), z))
        return out

    # -- one counter -------------------------------------------------------------------------------
    def line(self, unit: Unit) -> SupplyLine:
        sit = self.sit
        who = self.who(unit)
        here = unit.hex or unit.box or ""
        sources = self.sources(who)
        if here in sources and not (here in sit.map.hexes and self._source_taken(here, who)):
            return SupplyLine(
                unit.id,
                "full",
                sources[here],
                here,
                via="source",
                path=(here,),
                note=f"in a supply source, {sources[here]}: supplied without a line (10.2)",
            )
        if unit.hex is None:
            return SupplyLine(
                unit.id,
                "none",
                note=f"the {here} is no supply source of the {who.faction} faction (10.1)",
            )
        found = self.search(who)
        best: tuple[int, tuple[str, ...], State | None, int] | None = None
        reach = self._free(unit.hex, who)
        for free in reach:
            j = free[-1]
            if len(free) > 1 and j in sources:  # a source among the free hexes (not blocked: reached)
                if best is None or len(free) < best[0]:
                    best = (len(free), free, None, 0)
                continue
            for st, zone in self._joins(j, who, found, counted=len(free) > 1):
                length = len(free) + found.depth[st]
                if best is None or length < best[0]:
                    best = (length, free, st, zone)
        if best is None:
            return SupplyLine(
                unit.id,
                "none",
                note=self._why_none(unit, reach, who),
                blocked=self._near_blocks(unit.hex, who),
            )
        _length, free, joined, zone = best
        tail, zones, convoys = self._tail(found, joined, zone, who) if joined is not None else ((), [], [])
        path = free + tail
        end = path[-1]
        name = sources.get(end, end)
        via = "sea" if zones else "land"
        return SupplyLine(
            unit.id,
            "full",
            name,
            end,
            via=via,
            path=path,
            convoy=", ".join(convoys),
            note=self._describe(free, tail, zones, convoys, name),
        )

    def _source_taken(self, h: str, who: Who) -> bool:
        """10.1: a City or Partisan Base with an enemy unit, Airdrop, Detachment or Logistics
        marker in it is no source."""
        p = self.sit.data["pieces"]
        return self.sit.has_enemy_unit(h, who.faction) or bool(
            self.sit.enemy_marker(h, who.faction, (p["airdrop"], p["detachment"], "Logistics"))
        )

    def _free(self, start: str, who: Who) -> list[tuple[str, ...]]:
        """The free hexes' paths from the counter's hex: itself, then one and two hexes on."""
        sit = self.sit
        limit = int(sit.data["supply"]["free_hexes"])
        out: list[tuple[str, ...]] = [(start,)]
        frontier: list[tuple[str, ...]] = [(start,)]
        seen = {start}
        for _ in range(limit):
            nxt = []
            for path in frontier:
                h = path[-1]
                for n, code, _side in self.tables.sides.get(h, ()):
                    if n in seen:
                        continue
                    if code == "sea" and not (sit.beachhead(h) or sit.beachhead(n)):
                        continue
                    if self.blocked(n, who):
                        continue
                    seen.add(n)
                    nxt.append(path + (n,))
            out += nxt
            frontier = nxt
        return out

    def _joins(self, j: str, who: Who, found: Search, counted: bool) -> list[tuple[State, int]]:
        """Tail states a line may go on to from ``j``, the first hex of its Road/Rail or naval part
        (``counted``: j is one of the line's hexes, so a Road symbol in it starts the Road
        stretch; the counter's own hex is not, 10.2): along a Road/Rail link or a Connected
        Strait, or by sea from an Open Port to another or to one of the faction's boxes."""
        out: list[tuple[State, int]] = []
        t, by_hex = self.tables, found.by_hex
        road = counted and j in t.road
        for n, kind in t.links.get(j, ()):
            for st in by_hex.get(n, ()):
                if advance(st[1], kind, road) is not None:
                    out.append((st, 0))
        zones = [z for z in self.zones_of(j) if self.open_port(j, z, who.faction) and self.convoys(z, who)]
        for z in zones:
            for q in self._ports(z, who.faction):
                if q == j:
                    continue
                for st in by_hex.get(q, ()):
                    if (not st[2] or q in t.multi_zone) and advance(st[1], "sea", road) is not None:
                        out.append((st, z))
        for b in self.sit.map.boxes.values():  # one of the faction's boxes, straight from this port
            if b.friendly == who.faction and (b.code, 0, False) in found.parent:
                out += [((b.code, 0, False), z) for z in b.adjacent_zones if z in zones]
        return out

    def _tail(
        self, found: Search, st: State, first_zone: int, who: Who
    ) -> tuple[tuple[str, ...], list[int], list[str]]:
        """The line from the joining state to its source: nodes with each zone crossed between
        two ports (by name), the zones, and the convoys used."""
        names = {z.number: z.name for z in self.sit.map.zones.values()}
        nodes: list[str] = []
        zones: list[int] = []
        if first_zone:
            zones.append(first_zone)
            nodes.append(names.get(first_zone, str(first_zone)))
        nodes.append(st[0])
        link = found.parent[st]
        while link is not None:
            prev, zone = link
            if zone:
                zones.append(zone)
                nodes.append(names.get(zone, str(zone)))
            nodes.append(prev[0])
            link = found.parent[prev]
        convoys = []
        for z in zones:
            usable = self.convoys(z, who)
            convoys.append(usable[0] if usable else "")
        return tuple(nodes), zones, [c for c in convoys if c]

    def _describe(
        self,
        free: tuple[str, ...],
        tail: tuple[str, ...],
        zones: list[int],
        convoys: list[str],
        name: str,
    ) -> str:
        names = {z.number: z.name for z in self.sit.map.zones.values()}
        parts = []
        if len(free) > 1:
            parts.append(f"{len(free) - 1} free hex{'es' if len(free) > 2 else ''}")
        rail = self.sit.data["supply"]["rail"]
        if any(h in self.sit.map.hexes and self.sit.map.hexes[h].has(rail) for h in tail):
            parts.append("Rail")
        road = [h for h in tail if h in self.tables.road]
        if road:
            parts.append(f"a Road stretch ({road[0]}-{road[-1]})" if len(road) > 1 else f"the Road hex {road[0]}")
        if any(self._strait(a, b) for a, b in pairwise(tail)):
            parts.append("a Connected Strait")
        for z in zones:
            parts.append(f"the {names.get(z, z)}")
        how = ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else "".join(parts)
        convoy = (
            (
                " with a friendly Supply Convoy in each Naval Zone"
                if len(zones) > 1
                else " with a friendly Supply Convoy in it"
            )
            if zones
            else ""
        )
        return f"to {name} by {how}{convoy} (10.2)"

    def _strait(self, a: str, b: str) -> bool:
        return any(n == b and kind == "strait" for n, kind in self.tables.links.get(a, ()))

    def _why_none(self, unit: Unit, reach: list[tuple[str, ...]], who: Who) -> str:
        """Why no line: nothing to join within the free hexes, the Road budget, the ports within
        reach (closed, or their zones without a Supply Convoy), or no source at the end."""
        t = self.tables
        joins = sorted({p[-1] for p in reach if t.links.get(p[-1]) or self.zones_of(p[-1])})
        if not joins:
            return "no Road, Rail or Port within its two free hexes (10.2)"
        lax = self.search(who, budget=False)
        if any(self._joins(p[-1], who, lax, counted=len(p) > 1) for p in reach):
            return (
                "the Road/Rail within two free hexes reaches a source only by a second Road "
                "stretch or a Connected Strait besides a Road stretch (10.2)"
            )
        names = {z.number: z.name for z in self.sit.map.zones.values()}
        said = [
            f"the Road/Rail and Ports within two free hexes ({', '.join(joins[:4])}) lead to no "
            f"{who.nation} supply source it may use (10.1, 10.2)"
        ]
        ports = [j for j in joins if self.zones_of(j)]
        shut = [j for j in ports if not any(self.open_port(j, z, who.faction) for z in self.zones_of(j))]
        if shut:
            are = "is no Open Port" if len(shut) == 1 else "are no Open Ports"
            said.append(f"{' and '.join(shut[:3])} {are} for it (Glossary)")
        dry = sorted(
            {
                z
                for j in ports
                for z in self.zones_of(j)
                if self.open_port(j, z, who.faction) and not self.convoys(z, who)
            }
        )
        if dry:
            zones = ", ".join(names.get(z, str(z)) for z in dry)
            said.append(f"no friendly Supply Convoy it may use in the {zones}")
        return "; ".join(said)

    def _near_blocks(self, start: str, who: Who, limit: int = 6) -> tuple[tuple[str, str], ...]:
        """Hexes next to the counter's free hexes that a line may not enter, with why."""
        out: list[tuple[str, str]] = []
        seen = {start}
        frontier = [start]
        for _ in range(3):
            nxt = []
            for h in frontier:
                for n, code, _side in self.tables.sides.get(h, ()):
                    if n in seen or code == "sea":
                        continue
                    seen.add(n)
                    why = self.blocked(n, who)
                    if why:
                        if why != "All-Sea" and len(out) < limit:
                            out.append((n, why))
                    else:
                        nxt.append(n)
            frontier = nxt
        return tuple(out)


def supply_report(sit: Situation, zoc: Zoc) -> SupplyReport:
    tracer = Tracer(sit, zoc)
    lines: dict[str, SupplyLine] = {}
    for unit in sorted(sit.pos.units, key=lambda u: u.id):
        if unit.hex is None and unit.box is None:
            continue
        if unit.kind not in sit.data["supply"]["traced"]:
            lines[unit.id] = SupplyLine(
                unit.id,
                "full",
                source_at=unit.where,
                via="exempt",
                path=(unit.where,),
                exempt="support units trace no line: their bases need supplied units (2.2.3)",
            )
            continue
        if unit.box is not None and unit.box not in sit.map.boxes:
            continue
        lines[unit.id] = tracer.line(unit)
    return SupplyReport(lines, tuple(_findings(sit, lines)), marks=False)


def _findings(sit: Situation, lines: dict[str, SupplyLine]) -> list[Finding]:
    out = []
    for uid, line in lines.items():
        if line.state != "none":
            continue
        unit = sit.pos.unit(uid)
        what = sit.roles.get(uid)
        if what:
            then = f"the {what} marker is unsupplied (10.3)"
        elif unit.type == "hq":
            then = (
                "it may not move in the Operational Movement Phase, combine, base support units, "
                "give Ranged Support or the HQ shift, be a replacement location, advance or "
                "exploit (10.3)"
            )
        else:
            then = (
                "it may not move in the Operational Movement Phase, combine, base support units, "
                "advance or exploit (10.3)"
            )
        why = line.note
        if line.blocked:
            why += "; blocked: " + ", ".join(f"{h} {w}" for h, w in line.blocked[:4])
        out.append(
            Finding(
                "10.2",
                "supply",
                unit.faction,
                (uid,),
                (unit.where,),
                f"{unit.label} cannot trace supply now ({why}): {then}",
                severity="note",
            )
        )
    return out
