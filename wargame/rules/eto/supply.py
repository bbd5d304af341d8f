"""Supply (32.0-33.5): which units trace a line now, to what, by which path; and what the
Supply step leaves on their counters.

    supply_report(sit, zoc) -> SupplyReport       every traced unit's line and the findings
    eto_marking(unit, line) -> SupplyMark         the counter after the Supply step (33.3-33.5)
    used_markers(check, factions) -> notes        supply markers the Supply step uses up (32.4)
    could_ship(sit, zoc, unit) -> str             a port or airbase a marker could reach it at

How it is computed:
1. Per partnership, the hexes a line may use (32.3): land and coastal hexes friendly to it (its
   own or an allied partnership's, 42.5: we take the owner's leave as given), holding no enemy
   unit, and out of enemy ZOC unless a friendly land unit stands there (a partisan is one,
   45.6) or the hex is forest (24.1). A line crosses the hexsides a land unit may (all sea only
   by ferry, lakes only frozen, never impassable). It may be of any length. A source hex or a
   supply marker's hex is the line's end: an enemy ZOC there does not cut it (32.8 says an
   enemy beside a source threatens it through isolation).
2. Per nation, one breadth-first search from its permanent sources (32.1, 32.2, 41.3, 43.2):
   home city resource hexes its partnership holds, the colonial cities, Riga once the Baltic
   States are taken; US units also the British ones; and the sources a scenario's special rule
   gives its side (the save's Sources_<faction>: Scn 3's Antwerp and French ports). A major's
   home source that reaches no other source of its country is isolated and serves nobody
   (32.8), unless all of them are.
   Units in a source box (Canada, Capetown, India; the U.S. box once the US is at war) are
   supplied there.
3. Units that reach no permanent source share the sources of limited capacity they reach: a
   supply marker (four units), an air supply marker (one), a permanent fortification (one
   unit in its own hex), the Iraq map edge with a marker in the Iraq box (24.1). They are
   matched (wargame.rules.matching) so that as many as possible are supplied.
A marker belongs to whoever holds its hex (32.4). Ships do not trace (33.8); partisans never
need supply (45.4); HQs and generals follow their units (ours).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from typing import Any

from records import frozen
from wargame.errors import DataError
from wargame.rules import Finding
from wargame.rules.eto.ground import Situation
from wargame.rules.eto.stacking import air_bases, city_resource
from wargame.rules.matching import match
from wargame.rules.pack import SupplyMark
from wargame.rules.position import Unit
from wargame.rules.results import SupplyLine, SupplyReport, Zoc

__all__ = ["Tracer", "could_ship", "eto_marking", "supply_report", "used_markers"]

MARKER_NAMES = {"supply": "supply marker", "air-supply": "air supply marker"}


@frozen
class _Option:
    length: int
    source: str
    source_at: str  # the hex (or box) whose capacity it uses
    path: tuple[str, ...]
    capacity: int


class Tracer:
    """The searches of one position, cached per partnership and nation."""

    def __init__(self, sit: Situation, zoc: Zoc):
        self.sit = sit
        self.zoc = zoc
        self._why: dict[str, dict[str, str | None]] = {}
        self._trees: dict[tuple[str, frozenset[str]], dict[str, str | None]] = {}
        self._sources: dict[tuple[str, str], dict[str, str]] = {}
        self._components: dict[str, dict[str, int]] = {}
        self._per_side: dict[str, tuple[frozenset[str], frozenset[str], frozenset[str], frozenset[str]]] = {}

    # -- 32.3: the hexes a line may use ------------------------------------------------------
    def closed(self, hex_id: str, faction: str) -> str | None:
        """Why a line of ``faction`` may not pass through the hex, or None."""
        table = self._why.setdefault(faction, {})
        if hex_id not in table:
            table[hex_id] = self._closed(hex_id, faction, end=False)
        return table[hex_id]

    def _sets(self, faction: str) -> tuple[frozenset[str], frozenset[str], frozenset[str], frozenset[str]]:
        """Per side, once: hexes held by it or an ally, holding enemy units, in enemy ZOC, and
        holding its own or an ally's land units."""
        found = self._per_side.get(faction)
        if found is None:
            sit, pack = self.sit, self.sit.pack
            friends = {f for f in pack.factions if f == faction or not pack.enemies(f, faction)}
            held = frozenset(h for h, f in sit.control.items() if f in friends)
            enemy, own = set(), set()
            for u in sit.pos.units:
                if u.hex is None:
                    continue
                if pack.enemies(u.faction, faction):
                    enemy.add(u.hex)
                elif u.kind == "ground" and u.faction in friends:
                    own.add(u.hex)
            found = (held, frozenset(enemy), self.zoc.hexes(faction), frozenset(own))
            self._per_side[faction] = found
        return found

    def _closed(self, h: str, faction: str, *, end: bool) -> str | None:
        sit = self.sit
        if not sit.can_stand(h, "infantry"):
            return "not a land hex a unit may enter"
        held, enemy, ezoc, own = self._sets(faction)
        if h in enemy:
            return "enemy unit"
        if h not in held:
            holder = sit.controller(h)
            return f"held by the {holder} side" if holder else "neutral"
        if end or h not in ezoc or h in own or sit.map.hexes[h].terrain == sit.data.forest:
            return None
        return "enemy ZOC"

    def end_closed(self, hex_id: str, faction: str) -> str | None:
        """Why a line's end (a source, a marker) is unusable: as a passage, but EZOC allowed."""
        return self._closed(hex_id, faction, end=True)

    # -- searches ------------------------------------------------------------------------------
    def tree(self, faction: str, starts: frozenset[str]) -> dict[str, str | None]:
        """Breadth-first search from the ``starts`` (line ends) through open hexes: hex -> the
        next hex toward the nearest start (ties: the first start in hex order)."""
        key = (faction, starts)
        if key in self._trees:
            return self._trees[key]
        sit = self.sit
        parent: dict[str, str | None] = {}
        queue: deque[str] = deque()
        for s in sorted(starts):
            if s in sit.map.hexes and not self.end_closed(s, faction):
                parent[s] = None
                queue.append(s)
        while queue:
            h = queue.popleft()
            for n in sit.land_neighbours(h):
                if n not in parent and not self.closed(n, faction):
                    parent[n] = h
                    queue.append(n)
        self._trees[key] = parent
        return parent

    @staticmethod
    def back(tree: Mapping[str, str | None], h: str) -> tuple[str, ...]:
        out = [h]
        while tree[out[-1]] is not None:
            out.append(tree[out[-1]])  # type: ignore[arg-type]
        return tuple(out)

    # -- 32.1: sources -------------------------------------------------------------------------
    def sources(self, faction: str, nation: str) -> dict[str, str]:
        """The permanent sources a nation's units may trace to: hex -> name."""
        key = (faction, nation)
        if key not in self._sources:
            found: dict[str, str] = {}
            for n in (nation, *self.sit.data.partner_sources.get(nation, ())):
                found.update(self._own_sources(faction, n))
            found.update(self._special_sources(faction))
            self._sources[key] = found
        return self._sources[key]

    def _own_sources(self, faction: str, nation: str) -> dict[str, str]:
        sit, data = self.sit, self.sit.data
        state = sit.pos.state
        home = data.home_areas.get(nation)
        found: dict[str, str] = {}
        for c in sit.map.cities:
            info = sit.map.hexes[c.hex]
            if sit.controller(c.hex) != faction or not city_resource(sit, c.hex):
                continue
            if (info.country == nation and (home is None or info.area in home)) or (
                c.name in data.colonial_sources.get(nation, ()) and info.country == nation
            ):
                found[c.hex] = c.name
        for name, claim in data.claimed_sources.get(nation, ()):
            hexes = [c.hex for c in sit.map.cities if c.name == name]
            if (
                hexes
                and state.faction_of(claim) == faction
                and state.status(claim) == "conquered"
                and sit.controller(hexes[0]) == faction
            ):
                found[hexes[0]] = name
        if home is not None:
            found = self._not_isolated(faction, nation, found)
        return found

    def _special_sources(self, faction: str) -> dict[str, str]:
        """Sources a scenario's special rule gives every unit of a side (the save's
        ``Sources_<faction>``): a hex id, a city's name, or ``ports:<country or area>``, its
        port hexes that hold a city or a resource (Scn 3: Antwerp and the French ports)."""
        sit = self.sit
        out: dict[str, str] = {}
        for entry in sit.pos.state.sources.get(faction, ()):
            word, sep, rest = entry.partition(":")
            if sep and word == "ports":
                for h, info in sit.map.hexes.items():
                    if (
                        rest in (info.country, info.area)
                        and any(info.has(p) for p in sit.data.ports)
                        and (info.has("resource") or sit.map.cities_in(h))
                    ):
                        names = sit.map.cities_in(h)
                        out[h] = names[0].name if names else h
                continue
            try:
                h = sit.map.grid.hex_id(sit.map.grid.parse(entry))
                out[h] = entry
            except DataError:
                try:
                    out[sit.map.city(entry).hex] = entry
                except DataError:
                    raise DataError(
                        f'"{entry}" is no hex, city or ports:<country> of the map',
                        f"the supply sources of the {faction} side",
                    ) from None
        return {h: n for h, n in out.items() if sit.controller(h) == faction}

    def _not_isolated(self, faction: str, nation: str, found: dict[str, str]) -> dict[str, str]:
        """32.8: a major's home source must reach another of its country's; if none does, all
        serve. Colonial sources are not in the country and are kept."""
        home = {h: n for h, n in found.items() if self.sit.map.hexes[h].area in self.sit.data.home_areas[nation]}
        if len(home) < 2:
            return found
        reach = {h: self.end_reach(h, faction) for h in home}
        linked = {h for h in home if any(reach[h] & reach[o] for o in home if o != h)}
        if not linked:
            return found
        return {h: n for h, n in found.items() if h not in home or h in linked}

    def components(self, faction: str) -> Mapping[str, int]:
        """Open hexes (a line may pass) -> the number of their connected region."""
        if faction in self._components:
            return self._components[faction]
        sit = self.sit
        comp: dict[str, int] = {}
        label = 0
        for start in sorted(sit.map.hexes):
            if start in comp or self.closed(start, faction):
                continue
            label += 1
            comp[start] = label
            queue = deque([start])
            while queue:
                h = queue.popleft()
                for n in sit.land_neighbours(h):
                    if n not in comp and not self.closed(n, faction):
                        comp[n] = label
                        queue.append(n)
        self._components[faction] = comp
        return comp

    def end_reach(self, hex_id: str, faction: str) -> frozenset[int]:
        """The open regions a line's end (a source) touches: its own, or its neighbours'."""
        if self.end_closed(hex_id, faction):
            return frozenset()
        comp = self.components(faction)
        if hex_id in comp:
            return frozenset({comp[hex_id]})
        return frozenset(comp[n] for n in self.sit.land_neighbours(hex_id) if n in comp)

    def isolated(self, faction: str, nation: str) -> dict[str, str]:
        """The nation's home sources cut off from the others (32.8): hex -> name."""
        everything = {}
        home = self.sit.data.home_areas.get(nation)
        if home is None:
            return {}
        for c in self.sit.map.cities:
            info = self.sit.map.hexes[c.hex]
            if (
                info.country == nation
                and info.area in home
                and city_resource(self.sit, c.hex)
                and self.sit.controller(c.hex) == faction
            ):
                everything[c.hex] = c.name
        kept = self._not_isolated(faction, nation, everything)
        return {h: n for h, n in sorted(everything.items()) if h not in kept}

    def limited(self, faction: str, nation: str) -> dict[str, tuple[str, str, int]]:
        """Line ends of limited capacity a nation's units may use: hex -> (name, the pool whose
        capacity it uses: its hex, or the Iraq box, and how many units the pool serves)."""
        sit, data = self.sit, self.sit.data
        out: dict[str, tuple[str, str, int]] = {}
        for m in sit.pos.markers:
            cap = data.marker_capacity.get(m.key)
            if cap is None or m.hex is None or sit.controller(m.hex) != faction:
                continue
            name, pool, units = out.get(m.hex, (MARKER_NAMES.get(m.key, m.key), m.hex, 0))
            out[m.hex] = (name, pool, units + cap)
        if nation == data.iraq_nation:
            markers = [m for m in sit.pos.markers if m.box == data.iraq_box and m.key in data.marker_capacity]
            if markers:
                cap = sum(data.marker_capacity[m.key] for m in markers)
                for h, info in sorted(sit.map.hexes.items()):
                    if info.has(data.iraq_edge) and sit.controller(h) == faction:
                        out.setdefault(h, ("Iraq box supply marker", data.iraq_box, cap))
        return out

    def fort_hexes(self) -> frozenset[str]:
        """Permanent fortifications (fortress hexsides' fortified hexes, 32.1)."""
        return frozenset(b for _a, b in self.sit.terrain.fortress)


def _boxes(sit: Situation, nation: str) -> tuple[str, ...]:
    data = sit.data
    boxes = list(data.source_boxes.get(nation, ()))
    for partner in data.partner_sources.get(nation, ()):
        boxes += [b for b in data.source_boxes.get(partner, ()) if b not in boxes]
    if nation in data.partner_sources.get(data.us_nation, ()) and sit.pos.state.status(data.us_nation) == "active":
        boxes.append(data.us_box)  # 32.1: the U.S. box serves UK units once the US is at war
    return tuple(boxes)


def _exempt(sit: Situation, unit: Unit) -> str:
    data = sit.data
    if unit.kind == "naval":
        return "ships do not trace supply (33.8)"
    if unit.type in data.needs_none:
        return data.needs_none[unit.type]
    if unit.type not in data.traced:
        return "not a unit that traces supply (33.3)"
    return ""


def supply_report(sit: Situation, zoc: Zoc) -> SupplyReport:
    tracer = Tracer(sit, zoc)
    lines: dict[str, SupplyLine] = {}
    wants: dict[str, list[_Option]] = {}
    for unit in sorted(sit.pos.units, key=lambda u: u.id):
        if unit.hex is None and unit.box is None:
            continue
        exempt = _exempt(sit, unit)
        if exempt:
            lines[unit.id] = SupplyLine(
                unit.id, "full", source_at=unit.where, via="exempt", path=(unit.where,), exempt=exempt
            )
            continue
        if unit.box is not None:
            lines[unit.id] = _in_box(sit, tracer, unit, wants)
            continue
        found = tracer.sources(unit.faction, unit.nationality)
        tree = tracer.tree(unit.faction, frozenset(found)) if found else {}
        if unit.hex in tree:
            path = tracer.back(tree, unit.hex)
            lines[unit.id] = SupplyLine(unit.id, "full", found[path[-1]], path[-1], via="land", path=path)
            continue
        options = _limited_options(tracer, unit)
        if options:
            wants[unit.id] = options
        lines[unit.id] = SupplyLine(
            unit.id, "none", blocked=_blocked(tracer, unit), note=_why_none(tracer, unit, bool(found))
        )
    # 33.3: where supply of limited capacity runs short the owner picks who goes without, and
    # may restore the units marked before (so none is depleted): they are matched first
    marked = [uid for uid in wants if sit.pos.unit(uid).supply == "none"]
    chosen = match(wants, lambda o: o.capacity, lambda o: o.source_at, first=marked)
    for uid, options in wants.items():
        opt = chosen.get(uid)
        old = lines[uid]
        if opt is not None:
            via = "land" if opt.source_at in sit.map.hexes else "box"
            lines[uid] = SupplyLine(
                uid,
                "full",
                opt.source,
                opt.source_at,
                True,
                via,
                opt.path,
                note=f"the {opt.source} serves {opt.capacity} unit(s) a turn (32.1, 32.4)",
            )
        else:
            names = sorted({o.source + " " + o.source_at for o in options})
            lines[uid] = SupplyLine(
                uid,
                "none",
                blocked=old.blocked,
                note=f"the sources of limited capacity it reaches ({', '.join(names)}) "
                "already supply as many units as they may (32.4)",
            )
    return SupplyReport(dict(sorted(lines.items())), tuple(_findings(sit, lines, tracer)), marks=True)


def _in_box(sit: Situation, tracer: Tracer, unit: Unit, wants: dict[str, list[_Option]]) -> SupplyLine:
    data = sit.data
    box = unit.box or ""
    if box in _boxes(sit, unit.nationality):
        name = sit.map.boxes[box].name if box in sit.map.boxes else box
        return SupplyLine(unit.id, "full", name, box, via="box", path=(box,))
    markers = [m for m in sit.pos.markers if m.box == box and m.key in data.marker_capacity]
    if markers:
        cap = sum(data.marker_capacity[m.key] for m in markers)
        wants[unit.id] = [_Option(0, "supply marker", box, (box,), cap)]
        return SupplyLine(unit.id, "none", note="")
    if box == data.iraq_box:
        return SupplyLine(unit.id, "none", note="no supply marker in the Iraq box (24.1)")
    if any(box in boxes for boxes in data.source_boxes.values()):
        return SupplyLine(unit.id, "none", note=f"the {box} box is no source for {unit.nationality} units now (32.1)")
    return SupplyLine(
        unit.id,
        "full",
        source_at=box,
        via="exempt",
        path=(box,),
        exempt="a unit in an off-map box outside the map's supply (not checked)",
    )


def _limited_options(tracer: Tracer, unit: Unit) -> list[_Option]:
    out: list[_Option] = []
    for at, (name, pool, cap) in sorted(tracer.limited(unit.faction, unit.nationality).items()):
        tree = tracer.tree(unit.faction, frozenset({at}))
        if unit.hex in tree:
            path = tracer.back(tree, unit.hex)
            out.append(_Option(len(path), name, pool, path, cap))
    if unit.hex in tracer.fort_hexes() and tracer.sit.controller(unit.hex) == unit.faction:
        out.append(_Option(1, "permanent fortification", unit.hex, (unit.hex,), tracer.sit.data.fort_capacity))
    out.sort(key=lambda o: (o.length, o.source_at))
    return out


def _why_none(tracer: Tracer, unit: Unit, any_source: bool) -> str:
    isolated: dict[str, str] = {}
    for nation in (unit.nationality, *tracer.sit.data.partner_sources.get(unit.nationality, ())):
        isolated.update(tracer.isolated(unit.faction, nation))
    if isolated:
        reach = tracer.tree(unit.faction, frozenset({unit.hex or ""}))
        cut = [n for h, n in isolated.items() if h in reach or any(x in reach for x in tracer.sit.land_neighbours(h))]
        if cut:
            return f"the sources it reaches are isolated from their country's others (32.8: {', '.join(cut)})"
    if not any_source:
        return f"no {unit.nationality} supply source is held (32.1)"
    return "no line reaches a supply source (32.3)"


def _blocked(tracer: Tracer, unit: Unit, limit: int = 6) -> tuple[tuple[str, str], ...]:
    """The nearest hexes that stop the unit's lines, with why (for explanations)."""
    sit = tracer.sit
    assert unit.hex is not None  # units in Map Boxes are traced by _in_box
    seen = {unit.hex}
    queue = deque([unit.hex])
    out: list[tuple[str, str]] = []
    while queue and len(out) < limit:
        h = queue.popleft()
        for n in sit.land_neighbours(h):
            if n in seen:
                continue
            seen.add(n)
            why = tracer.closed(n, unit.faction)
            if why:
                if why != "not a land hex a unit may enter" and len(out) < limit:
                    out.append((n, why))
            else:
                queue.append(n)
    return tuple(out)


def could_ship(sit: Situation, zoc: Zoc, unit: Unit, tracer: Tracer | None = None) -> str:
    """A friendly port or airbase the unit's lines reach, where a supply or air supply marker
    could be landed (32.4-32.6): a setup may rely on it (the scenario book's set-up rules)."""
    tracer = tracer or Tracer(sit, zoc)
    if unit.hex is None:
        return ""
    reach = tracer.tree(unit.faction, frozenset({unit.hex}))
    for h in sorted(reach):
        info = sit.map.hexes[h]
        if sit.controller(h) != unit.faction:
            continue
        if any(info.has(p) for p in sit.data.ports):
            return f"port {h}"
        if air_bases(sit, h):
            return f"airbase {h}"
    return ""


def _findings(sit: Situation, lines: Mapping[str, SupplyLine], tracer: Tracer) -> list[Finding]:
    out = []
    for uid, line in lines.items():
        unit = sit.pos.unit(uid)
        marked = unit.supply == "none"
        if line.state == "none":
            why = line.note
            if line.blocked:
                why += "; blocked: " + ", ".join(f"{h} {w}" for h, w in line.blocked[:4])
            ship = could_ship(sit, tracer.zoc, unit, tracer) if unit.hex else ""
            if ship:
                why += f"; a supply marker landed at its {ship} would supply it (32.4-32.6)"
            if not marked:
                then = "the Supply step puts it under an Out of Supply marker (33.3)"
            elif unit.kind == "air":
                then = "marked Out of Supply already: it stays marked, never depleted (33.7)"
            else:
                then = (
                    "marked Out of Supply already: the Supply step depletes it, or eliminates it if it "
                    "is depleted or has one step (33.5)"
                )
            rule = "32.4" if "limited capacity" in line.note else "32.3"
            out.append(
                Finding(
                    rule,
                    "supply",
                    unit.faction,
                    (uid,),
                    (unit.where,),
                    f"{unit.label} cannot trace supply ({why}); {then}",
                )
            )
        elif marked:
            how = (
                "at once: a permanent source (33.4)"
                if not line.limited
                else "when it is activated or attacked, or in the Supply step if its owner supplies it from "
                "there (a source of limited capacity: 33.3, 33.4)"
            )
            out.append(
                Finding(
                    "33.4",
                    "supply",
                    unit.faction,
                    (uid,),
                    (unit.where,),
                    f"{unit.label} is marked Out of Supply but traces to {line.source}: the marker comes off {how}",
                    line.path,
                    severity="note",
                )
            )
    return out


def eto_marking(unit: Unit, line: SupplyLine) -> SupplyMark:
    """What the Supply step leaves on a counter (33.3-33.5, 33.7): no marker when it traces (a
    marker already there comes off: at any time to a permanent source, 33.4; to a supply marker
    in the Supply step, as 33.3 lets the owner restore the units marked first); an Out of Supply
    marker when it cannot. A land unit already marked is depleted or eliminated besides (33.5),
    which the player does: ``todo``. An air unit is never depleted (33.7). A unit that traces no
    line (ships: their markers follow upkeep, 33.8; partisans, HQs, generals) keeps its marking."""
    if line.via == "exempt":
        return SupplyMark(unit.supply, "33.8" if unit.kind == "naval" else "33.3", line.exempt or "needs no line")
    if line.state != "none":
        return SupplyMark("full", "33.4" if unit.supply == "none" else "33.3", f"traces to {line.source}")
    why = line.note or "no line reaches a supply source"
    if unit.supply != "none":
        return SupplyMark("none", "33.3", f"cannot trace supply: {why}")
    if unit.kind == "air":
        return SupplyMark("none", "33.7", f"still cannot trace ({why}); an air unit is never depleted for it")
    return SupplyMark(
        "none",
        "33.5",
        f"marked and still cannot trace: {why}",
        todo="deplete it, or eliminate it to the force pool if it is depleted or has one step "
        "(HQs and generals of a stack so eliminated go to the force pool)",
    )


def used_markers(check: Any, factions: Iterable[str]) -> tuple[tuple[str, str, str], ...]:
    """(where, what to do, rule) for each place whose supply markers supplied units of the
    ``factions`` in this check: a marker that supplies a unit in the Supply step is used up and
    leaves the map (32.4). How many: the fewest of the markers there that serve those units. The
    owner may instead leave units out of supply to keep a marker (32.4), so the check says it and
    does not remove them."""
    chosen = set(factions)
    pos, data = check.position, check.situation.data
    served: dict[str, int] = {}
    for uid, line in check.supply.lines.items():
        if line.limited and line.state != "none" and pos.unit(uid).faction in chosen:
            served[line.source_at] = served.get(line.source_at, 0) + 1
    out = []
    for at, n in sorted(served.items()):
        caps = sorted(
            (
                data.marker_capacity[m.key]
                for m in pos.markers
                if at in (m.hex, m.box) and m.key in data.marker_capacity
            ),
            reverse=True,
        )
        if not caps:
            continue  # a permanent fortification (32.1): nothing is used up
        k = next((i for i in range(1, len(caps) + 1) if sum(caps[:i]) >= n), len(caps))
        what = f"{k} of the {len(caps)} supply markers there" if len(caps) > 1 else "the supply marker there"
        them = "them" if k > 1 else "it"
        out.append(
            (
                at,
                f"{what} supplied {n} unit{'s' if n != 1 else ''}: take {them} off the map (or leave "
                f"units out of supply to keep {them})",
                "32.4",
            )
        )
    return tuple(out)
