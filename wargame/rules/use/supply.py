"""Supply (7.0-7.4): which units can trace a supply line now, to what, and by which path.

    supply_report(sit, zoc) -> SupplyReport        every unit's line, and the findings
    SupplyLine(unit, state, source, source_at, limited, via, path, convoy, exempt, blocked, note)

How it is computed (once per faction and nation, not once per unit):
1. Per faction (and USSR / non-USSR nation, for the restricted hexes and the Moscow Treaty),
   which hexes a line may not enter (7.4.1): enemy city, fort or unit, an EZOC not cancelled by
   a friendly city, fort or ground unit, and the ground prohibitions (neutral countries etc.).
2. Per nation, one multi-source breadth-first search from its Unlimited sources (7.3.2) over
   the connected Transport Line crossings, and one per Limited source (7.3.1), give every line
   hex its way to a source.
3. Per unit, at most two ground steps from its hex (7.4.2) reach a source, or a line hex of
   step 2, or a port with a friendly convoy under 6 Sorties (7.4.3), whose sea leg crosses Sea
   Zones and Map Boxes (straits and canals closed by enemy cities, forts or units, 4.2.4.1) to
   a friendly source box or another friendly port that is, or is on a line to, a source.
4. Units that reach only sources of limited capacity (Limited sources, at most two units each
   at Low, 7.3.1; USWC's Western ports outside the UK, at most two at Full) share them by a
   maximum bipartite matching, so that as many as possible are supplied, Full first.
Interception of sea legs is a die roll and is not judged: a sea line here is one that exists.

The pack chooses the sources (``Pack.supply_sources``), the exemptions (``Pack.supply_exemption``)
and whether sea lines exist (rules.toml [supply] sea_lines): USWC overrides those.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import field, replace

from records import frozen
from wargame.rules import Finding
from wargame.rules.matching import match
from wargame.rules.position import Unit
from wargame.rules.results import SupplyLine, SupplyReport, Zoc
from wargame.rules.use.ground import Situation, static_map
from wargame.rules.use.naval import box_open, canal_closed, strait_closed

__all__ = ["Sources", "SupplyLine", "SupplyReport", "supply_report", "use_sources", "use_exemption"]

SOURCE_BOXES = {"UK": ("ENA", "WIO"), "USA": ("ENA",), "USSR": ("CRU",)}  # 7.3.2
CAPITAL_SOURCE = {"GER": "Berlin", "UK": "London", "USA": "London", "USSR": "Moscow"}  # 7.3.2
LEADER = {"axis": ("GER",), "western": ("UK", "USA"), "soviet": ("USSR",)}  # 7.3.1 allied capitals
LEADER_CAPITALS = frozenset({"Berlin", "London", "Moscow"})
STATE_WORDS = {"full": "Full Supply", "low": "Low Supply", "none": "No Supply"}
STEP_DOWN = {"full": "low", "low": "none", "none": "none"}  # 7.2


@frozen
class Sources:
    """What a nation's units may trace to: Unlimited source hexes (Full, any number), Limited
    ones (Low, ``limited_capacity`` units each), capped ones (Full, ``capacity`` units each:
    USWC's Western ports outside the UK) and source boxes; hex -> the source's name."""

    unlimited: Mapping[str, str]
    limited: Mapping[str, str]
    boxes: tuple[str, ...] = ()
    capped: Mapping[str, str] = field(default_factory=dict)


@frozen
class _Option:
    """One way a unit may trace supply, with its length, source and path."""

    length: int
    source: str
    source_at: str
    limited: bool
    via: str
    path: tuple[str, ...]
    convoy: str = ""
    capped: bool = False  # a Full source of limited capacity (USWC 7.3 ports)


class _Tracer:
    """The searches of one position; caches per (faction, nation) so units share them."""

    def __init__(self, sit: Situation, zoc: Zoc):
        self.sit = sit
        self.zoc = zoc
        self.static = static_map(sit.map).neighbours
        self.data = sit.rules
        self._blocked: dict[tuple[str, bool], dict[str, str | None]] = {}
        self._trees: dict[tuple, dict[str, str | None]] = {}
        self._sources: dict[tuple[str, str], Sources] = {}
        self._islands: dict[str, bool] = {}

    # -- 7.4.1 -----------------------------------------------------------------------------
    def blocked(self, hex_id: str, faction: str, nationality: str) -> str | None:
        table = self._blocked_table(faction, nationality)
        if hex_id not in table:
            table[hex_id] = self._why_blocked(hex_id, faction, nationality)
        return table[hex_id]

    def _blocked_table(self, faction: str, nationality: str) -> dict[str, str | None]:
        """What blocks each hex asked about so far, for a faction's (or the USSR's) units: the
        searches read it directly for a hex already asked about (a method call less for each of
        the thousands of steps a check's searches take)."""
        return self._blocked.setdefault((faction, nationality == "USSR"), {})

    def _why_blocked(self, h: str, faction: str, nationality: str) -> str | None:
        sit = self.sit
        barred = sit.ground_barred(h, faction, nationality)
        if barred:
            return f"{barred[1]} ({barred[0]})"
        if sit.enemy_city(h, faction):
            return f"enemy city {self._city_name(h)}"
        if sit.enemy_fort(h, faction):
            return "enemy fort"
        if sit.unit_factions(h) - {faction}:
            return "enemy unit"
        if self.zoc.ezoc(h, faction) and not (
            sit.friendly_city(h, faction) or sit.fort_faction(h) == faction or sit.friendly_ground(h, faction)
        ):
            return "enemy ZOC"
        return None

    def _city_name(self, h: str) -> str:
        names = [c.name for c in self.sit.map.cities if c.hex == h]
        return f"{names[0]} ({h})" if names else h

    # -- 7.3 sources -----------------------------------------------------------------------
    def sources(self, faction: str, nationality: str) -> Sources:
        """The sources a nation's units may trace to (the pack's table), once per nation."""
        key = (faction, nationality)
        if key not in self._sources:
            self._sources[key] = self.sit.pack.supply_sources(self, faction, nationality)
        return self._sources[key]

    # -- searches --------------------------------------------------------------------------
    def tree(self, faction: str, nationality: str, starts: frozenset[str]) -> dict[str, str | None]:
        """Breadth-first search from ``starts`` along connected Transport Line crossings
        through hexes a line may enter: hex -> the next hex toward the nearest start."""
        key = (faction, nationality == "USSR", starts)
        if key in self._trees:
            return self._trees[key]
        parent: dict[str, str | None] = {}
        queue: deque[str] = deque()
        for s in sorted(starts):
            if self.sit.map.hexes[s].transport and not self.blocked(s, faction, nationality):
                parent[s] = None
                queue.append(s)
        known = self._blocked_table(faction, nationality)
        while queue:
            h = queue.popleft()
            for nid, _water, line in self.static[h]:
                if (
                    line
                    and nid not in parent
                    and not (known[nid] if nid in known else self.blocked(nid, faction, nationality))
                ):
                    parent[nid] = h
                    queue.append(nid)
        self._trees[key] = parent
        return parent

    def overland(self, unit: Unit, start: str) -> tuple[dict[str, str | None], list[tuple[str, str]]]:
        """Hexes within the overland steps of 7.4.2 (hex -> previous hex) and what blocked."""
        reach: dict[str, str | None] = {start: None}
        blocked: list[tuple[str, str]] = []
        why = self.blocked(start, unit.faction, unit.nationality)
        if why:
            return {}, [(start, why)]
        frontier = [start]
        known = self._blocked_table(unit.faction, unit.nationality)
        for _step in range(self.data.overland_hexes):
            nxt = []
            for h in frontier:
                for nid, water, line in self.static[h]:
                    if nid in reach or (water and self.sit.water_side_barred(line)):
                        continue
                    why = known[nid] if nid in known else self.blocked(nid, unit.faction, unit.nationality)
                    if why:
                        if (nid, why) not in blocked:
                            blocked.append((nid, why))
                        continue
                    reach[nid] = h
                    nxt.append(nid)
            frontier = nxt
        return reach, blocked

    @staticmethod
    def back(tree: Mapping[str, str | None], h: str) -> list[str]:
        out = [h]
        while (previous := tree[out[-1]]) is not None:
            out.append(previous)
        return out

    def land_options(
        self, unit: Unit, reach: dict[str, str | None], goals: Mapping[str, str], limited: bool
    ) -> list[_Option]:
        """Ways from the overland reach to each goal: directly, or along the line."""
        out: list[_Option] = []
        for goal in sorted(goals):
            best = self.shortest_line(reach, self.tree(unit.faction, unit.nationality, frozenset({goal})), {goal})
            if best:
                out.append(_Option(len(best), goals[goal], goal, limited, "land", tuple(best)))
        return out

    def shortest_line(
        self, reach: Mapping[str, str | None], tree: Mapping[str, str | None], goals: Mapping[str, str] | set[str]
    ) -> list[str] | None:
        """The shortest path (ties: the first in hex order) that reaches a goal overland, or
        reaches a Transport Line hex from which the line's ``tree`` leads to one."""
        best: list[str] | None = None
        for h in reach:
            if h in goals:
                path = self.back(reach, h)[::-1]
            elif h in tree and self.sit.map.hexes[h].transport:
                path = self.back(reach, h)[::-1] + self.back(tree, h)[1:]
            else:
                continue
            if best is None or (len(path), path) < (len(best), best):
                best = path
        return best

    def nearest_unlimited(self, unit: Unit, reach: dict[str, str | None], uss: Mapping[str, str]) -> _Option | None:
        """The shortest land line to any Unlimited source: one search for all of them."""
        if not uss:
            return None
        best = self.shortest_line(reach, self.tree(unit.faction, unit.nationality, frozenset(uss)), uss)
        if best is None:
            return None
        return _Option(len(best), uss[best[-1]], best[-1], False, "land", tuple(best))

    # -- 7.4.3 sea lines -------------------------------------------------------------------
    def convoy_ports(self, faction: str) -> dict[str, str]:
        """Friendly ports holding a friendly convoy with Sorties to spare: hex -> convoy id."""
        out: dict[str, str] = {}
        limit = self.data.convoy_max_sorties
        for u in sorted(self.sit.pos.units, key=lambda u: (u.sorties, u.id)):
            if (
                u.faction == faction
                and u.type == "convoy"
                and u.hex
                and u.sorties < limit
                and self.sit.friendly_port(u.hex, faction)
            ):
                out.setdefault(u.hex, u.id)
        return out

    def naval_reach(self, faction: str, nationality: str, port: str) -> dict[str, str | None]:
        """Sea Zones ("SZ n") and boxes a naval path from a port reaches (4.2.4.1), with parents."""
        key = ("sea", faction, nationality == "USSR", port)
        if key in self._trees:
            return self._trees[key]
        sit = self.sit
        parent: dict[str, str | None] = {}
        queue: deque[str] = deque()
        for z in sit.port_zones(port):
            parent[f"SZ {z}"] = None
            queue.append(f"SZ {z}")
        while queue:
            here = queue.popleft()
            for nxt in self._sea_steps(here, faction, nationality):
                if nxt not in parent:
                    parent[nxt] = here
                    queue.append(nxt)
        self._trees[key] = parent
        return parent

    def _sea_steps(self, here: str, faction: str, nationality: str) -> list[str]:
        sit = self.sit
        out = []
        if here.startswith("SZ "):
            zone = int(here[3:])
            for link in sit.map.links:
                if zone not in (link.a, link.b):
                    continue
                other = link.b if link.a == zone else link.a
                if link.kind in ("strait", "canal") and self._closed(link.kind, link.via, faction):
                    continue
                out.append(f"SZ {other}")
            for box in sit.map.boxes.values():
                if zone in box.adjacent_zones and _box_open(box.code, faction, nationality):
                    out.append(box.code)
        else:
            box = sit.map.boxes[here]
            out += [b for b in box.adjacent_boxes if _box_open(b, faction, nationality)]
            out += [f"SZ {z}" for z in box.adjacent_zones]
        return out

    def _closed(self, kind: str, via: str, faction: str) -> bool:
        """A strait or canal closed to naval movement (4.2.4.1, wargame.rules.use.naval)."""
        if kind == "canal":
            return canal_closed(self.sit, via, faction) is not None
        return strait_closed(self.sit, via, faction) is not None

    def sea_options(self, unit: Unit, reach: dict[str, str | None], own_port_only: bool) -> list[_Option]:
        sit = self.sit
        found = self.sources(unit.faction, unit.nationality)
        uss, lss, boxes = found.unlimited, found.limited, found.boxes
        ports = self.convoy_ports(unit.faction)
        if own_port_only:
            ports = {unit.hex: ""} if unit.hex and sit.friendly_port(unit.hex, unit.faction) else {}
        out: list[_Option] = []
        for port in sorted(ports):
            leg: list[str] | None
            if own_port_only:
                leg = [port]
            else:
                tree = self.tree(unit.faction, unit.nationality, frozenset({port}))
                leg = None
                for h in reach:
                    if h == port:
                        cand = self.back(reach, h)[::-1]
                    elif h in tree and sit.map.hexes[h].transport:
                        cand = self.back(reach, h)[::-1] + self.back(tree, h)[1:]
                    else:
                        continue
                    if leg is None or (len(cand), cand) < (len(leg), leg):
                        leg = cand
                if leg is None:
                    continue
            sea = self.naval_reach(unit.faction, unit.nationality, port)
            for box in boxes:
                if box in sea:
                    path = tuple(leg) + tuple(self.back(sea, box)[::-1])
                    out.append(_Option(len(path), box, box, False, "sea", path, ports[port]))
            for other in sorted(sit.ports):
                if other == port or not sit.friendly_port(other, unit.faction):
                    continue
                if self.blocked(other, unit.faction, unit.nationality):
                    continue
                zones = [f"SZ {z}" for z in sit.port_zones(other) if f"SZ {z}" in sea]
                if not zones:
                    continue
                crossing = tuple(leg) + tuple(self.back(sea, zones[0])[::-1]) + (other,)
                for goals, limited in ((uss, False), (lss, True)):
                    for goal in sorted(goals):
                        if other == goal:
                            tail: list[str] = []
                        else:
                            tree = self.tree(unit.faction, unit.nationality, frozenset({goal}))
                            if other not in tree:
                                continue
                            tail = self.back(tree, other)[1:]
                        path = crossing + tuple(tail)
                        out.append(_Option(len(path), goals[goal], goal, limited, "sea", path, ports[port]))
        return out

    # -- 7.2 exemptions --------------------------------------------------------------------
    def exemption(self, unit: Unit) -> str:
        return self.sit.pack.supply_exemption(self, unit)

    def island(self, hex_id: str) -> bool:
        """Land bounded by water hexsides with no Transport Line on it (1.3.3)."""
        if hex_id in self._islands:
            return self._islands[hex_id]
        seen = {hex_id}
        queue = deque([hex_id])
        result = True
        while queue:
            h = queue.popleft()
            if self.sit.map.hexes[h].transport:
                result = False
                break
            for nid, water, _line in self.static[h]:
                if not water and nid not in seen and self.sit.map.hexes[nid].is_land:
                    seen.add(nid)
                    queue.append(nid)
        for h in seen:
            self._islands[h] = result
        return result


def use_sources(tracer: _Tracer, faction: str, nationality: str) -> Sources:
    """USE's source table (7.3): Mainland cities Unlimited for their own units, the leading
    nations' capitals and boxes; Limited: overseas factories, conquered capitals, allied
    capitals for the faction's leading nations."""
    sit = tracer.sit
    state = sit.pos.state
    factories = {m.hex for m in sit.pos.markers if m.hex and m.name == "Factory"}
    uss: dict[str, str] = {}
    lss: dict[str, str] = {}
    for c in sit.map.cities:
        if not sit.friendly_city(c.hex, faction):
            continue
        if (
            sit.is_mainland(c.hex, nationality)
            or CAPITAL_SOURCE.get(nationality) == c.name
            or (nationality == "USA" and sit.is_mainland(c.hex, "UK"))
        ):
            uss[c.hex] = c.name
    for c in sit.map.cities:
        if c.hex in uss or not sit.friendly_city(c.hex, faction):
            continue
        owner = sit.owner(c.hex)
        if (c.factory or c.hex in factories) and owner == nationality and not sit.is_mainland(c.hex, owner):
            lss[c.hex] = c.name  # overseas factory (7.3.1)
        elif c.capital and state.status(owner) == "conquered":
            lss[c.hex] = c.name  # capital of a conquered country
        elif (
            c.capital
            and c.name not in LEADER_CAPITALS
            and state.status(owner) == "active"
            and state.faction_of(owner) == faction
            and nationality in LEADER.get(faction, ())
        ):
            lss[c.hex] = c.name  # an ally's capital, for the faction's leading nations
    boxes = tuple(b for b in SOURCE_BOXES.get(nationality, ()) if b in sit.map.boxes and _box_friendly(sit, b, faction))
    return Sources(uss, lss, boxes)


def use_exemption(tracer: _Tracer, unit: Unit) -> str:
    """Units always in Full Supply (7.2): convoys, units in Map Boxes, a UK garrison in
    Gibraltar, a garrison in a port on an island."""
    sit = tracer.sit
    if unit.type == "convoy":
        return "convoys are always supplied (7.2)"
    if unit.box:
        return "units in a Map Box are always supplied (7.2)"
    if unit.category == "garrison" and unit.hex in sit.ports:
        names = {c.name for c in sit.map.cities if c.hex == unit.hex}
        if unit.nationality == "UK" and "Gibraltar" in names:
            return "a UK garrison in Gibraltar is always supplied (7.2)"
        if tracer.island(unit.hex):
            return "a garrison in a port on an island is always supplied (7.2)"
    return ""


def _box_friendly(sit: Situation, box: str, faction: str) -> bool:
    return sit.map.boxes[box].friendly.lower() == faction


def _box_open(box: str, faction: str, nationality: str) -> bool:
    """Naval movement into boxes (4.2.4.1): never Axis; Central Russia only USSR."""
    return box_open(box, faction, nationality) is None


def _match(wants: dict[str, list[_Option]], capacity: Callable[[_Option], int]) -> dict[str, _Option]:
    """Maximum bipartite matching of units to sources of limited capacity (wargame.rules.matching)."""
    return match(wants, capacity, lambda o: o.source_at)


def supply_report(sit: Situation, zoc: Zoc) -> SupplyReport:
    tracer = _Tracer(sit, zoc)
    lines: dict[str, SupplyLine] = {}
    wants: dict[str, list[_Option]] = {}
    blocked_by: dict[str, tuple[tuple[str, str], ...]] = {}
    for unit in sorted(sit.pos.units, key=lambda u: u.id):
        if unit.hex is None and unit.box is None:
            continue
        exempt = tracer.exemption(unit)
        if exempt:
            lines[unit.id] = SupplyLine(
                unit.id,
                "full",
                source=unit.box or "",
                source_at=unit.where,
                via="exempt",
                path=(unit.where,),
                exempt=exempt,
            )
            continue
        assert unit.hex is not None  # the pack exempts units in Map Boxes (supply_exemption)
        reach, blocked = tracer.overland(unit, unit.hex)
        blocked_by[unit.id] = tuple(blocked)
        line, options = _full_line_or_options(tracer, unit, reach, tuple(blocked))
        if line is not None:
            lines[unit.id] = line
        elif options:
            wants[unit.id] = options
        else:
            lines[unit.id] = SupplyLine(unit.id, "none", blocked=tuple(blocked), note="no line reaches a supply source")
    lines.update(_shared_lines(tracer, wants, blocked_by))
    return SupplyReport(dict(sorted(lines.items())), tuple(_findings(sit, lines)))


def _full_line_or_options(
    tracer: _Tracer, unit: Unit, reach: dict[str, str | None], blocked: tuple[tuple[str, str], ...]
) -> tuple[SupplyLine | None, list[_Option]]:
    """A unit's line to the nearest Unlimited source, overland or by sea (7.3); else its options
    among the sources of limited capacity, Full before Low, for the matching to share out."""
    found = tracer.sources(unit.faction, unit.nationality)
    best = tracer.nearest_unlimited(unit, reach, found.unlimited) if reach else None
    sea: list[_Option] = []
    if best is None and tracer.data.sea_supply:
        if reach:
            sea = tracer.sea_options(unit, reach, own_port_only=False)
        if unit.kind == "naval":
            sea += tracer.sea_options(unit, reach, own_port_only=True)  # warship self-supply
        full_sea = sorted((o for o in sea if not o.limited), key=lambda o: (o.length, o.path))
        best = full_sea[0] if full_sea else None
    if best is not None:
        line = SupplyLine(
            unit.id,
            "full",
            best.source,
            best.source_at,
            False,
            best.via,
            best.path,
            best.convoy,
            blocked=blocked,
        )
        return line, []
    options = (tracer.land_options(unit, reach, found.limited, True) if reach else []) + [o for o in sea if o.limited]
    if reach and found.capped:
        options += [replace(o, capped=True) for o in tracer.land_options(unit, reach, found.capped, False)]
    options.sort(key=lambda o: (o.limited, o.length, o.source_at, o.path))  # Full before Low
    return None, options


def _shared_lines(
    tracer: _Tracer, wants: dict[str, list[_Option]], blocked_by: dict[str, tuple[tuple[str, str], ...]]
) -> dict[str, SupplyLine]:
    """The units that only sources of limited capacity reach, matched to them (7.3.1): each
    unit's line from the option it got, or none when every source in reach is full."""
    data = tracer.data
    chosen = _match(wants, lambda o: data.capped_port_capacity if o.capped else data.limited_capacity)
    lines: dict[str, SupplyLine] = {}
    for uid, options in wants.items():
        opt = chosen.get(uid)
        if opt is not None:
            lines[uid] = SupplyLine(
                uid,
                "low" if opt.limited else "full",
                opt.source,
                opt.source_at,
                opt.limited,
                opt.via,
                opt.path,
                opt.convoy,
                blocked=blocked_by.get(uid, ()),
                note="" if opt.limited else f"{opt.source} supplies at most {data.capped_port_capacity} units",
            )
        else:
            names = sorted({o.source for o in options})
            caps = sorted({data.capped_port_capacity if o.capped else data.limited_capacity for o in options})
            lines[uid] = SupplyLine(
                uid,
                "none",
                blocked=blocked_by.get(uid, ()),
                note=f"only Limited sources ({', '.join(names)}) are in reach, and each "
                f"already supplies {' or '.join(map(str, caps))} units",
            )
    return lines


def _findings(sit: Situation, lines: Mapping[str, SupplyLine]) -> list[Finding]:
    out = []
    for uid, line in lines.items():
        unit = sit.pos.unit(uid)
        marked = unit.supply
        if line.state == "none":
            rule = "7.3.1" if "Limited" in line.note else "7.4"
            why = line.note
            if line.blocked and "Limited" not in line.note:
                why += "; blocked: " + ", ".join(f"{h} {w}" for h, w in line.blocked[:4])
            after = STEP_DOWN[marked]
            out.append(
                Finding(
                    rule,
                    "supply",
                    unit.faction,
                    (uid,),
                    (unit.where,),
                    f"{unit.label} cannot trace supply ({why}); marked {STATE_WORDS[marked]}, "
                    f"the next check leaves it at {STATE_WORDS[after]} (7.2)",
                )
            )
        elif line.state != marked:
            out.append(
                Finding(
                    "7.2",
                    "supply",
                    unit.faction,
                    (uid,),
                    (unit.where,),
                    f"{unit.label} is marked {STATE_WORDS[marked]} but traces to {line.source} "
                    f"({'Limited' if line.limited else 'Unlimited'}): the next check gives "
                    f"{STATE_WORDS[line.state]}",
                    line.path,
                    severity="note",
                )
            )
    return out
