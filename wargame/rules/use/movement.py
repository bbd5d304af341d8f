"""Movement in USE (4.1, 4.2.3): is there a legal path from where a unit started to where it stopped?

The rules assistant sees where a unit started and where it stopped, not the hexes it crossed, so
the question is always "is there a legal path?". The ground search runs over states
(hex, movement points left, EZOC state) -- the EZOC state being "still at the start of the
activation" or "has moved" -- because the 4.2.3.1 restrictions depend on both: a unit may leave
an EZOC only with its first step, never step directly between two hexes in the ZOC of the same
enemy unit, and never enter a hex holding a friendly ground unit and an EZOC (4.2.3.2).

Every rule the search may break is a *violation* with its rule number rather than a wall: the
search minimises the number of violations within the unit's movement points, so a legal path
has none, and when there is no legal path the cheapest one says exactly what blocks it.

Nothing here re-derives another rule: prohibited hexes and hexsides, city and fort control come
from :class:`wargame.rules.use.ground.Situation`, zones of control from
:func:`wargame.rules.use.zoc.zoc_map`, supply (for strategic moves) from the caller's trace.
Where air and naval moves may end is wargame.rules.use.placement's ``unit_placement``.

Costs come from rules.toml [movement] and movement.toml beside this file (our defaults from the
rulebook's examples).

Public API::

    MoveCosts  load_costs(path=None, shared=None) -> MoveCosts
    movement_points(unit_type, supply, costs) -> int          8/10, 4/5 in Low/No supply (4.2)
    is_mobile(unit_type, costs) -> bool
    Violation(rule, text, hexes)                               frozen
    Ground(sit, zoc, unit)                                     the board as one mover sees it
    step_cost(ground, a, b, costs) -> tuple[int, bool]         (cost, used a Transport Line)
    attack_cost(ground, a, target, costs) -> int               4.2.3.3
    ground_path(ground, start, end, *, mp, started=False, costs=None) -> PathResult
    strategic_path(ground, start, end, *, supplied) -> PathResult      4.1
"""

from __future__ import annotations

import heapq
import tomllib
from collections.abc import Callable, Mapping
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType

from records import frozen
from wargame.errors import DataError
from wargame.rules.position import Unit
from wargame.rules.use.ground import Situation
from wargame.rules.use.zoc import Zoc

COSTS_FILE = Path(__file__).with_name("movement.toml")
RULES_FILE = Path(__file__).with_name("rules.toml")

# Rule numbers the findings carry.
RULE_MP = "4.2.1"
RULE_PROHIBITED = "4.2.3.2"
RULE_EZOC = "4.2.3.1"
RULE_FRIENDLY_EZOC = "4.2.3.2"
RULE_STRATEGIC = "4.1.3"
RULE_ENEMY_UNIT = "3.3"  # enemy units never share a hex


# --------------------------------------------------------------------------------------------
# Costs


@frozen
class MoveCosts:
    leg: int
    other: int
    leg_low_supply: int
    other_low_supply: int
    leg_types: frozenset[str]
    mobile_types: frozenset[str]
    clear: int
    rough: int
    enemy_city: int
    river: int
    attack: Mapping[str, int]  # weather (Fair/Poor/Severe) -> added cost of an attack
    transport_line: int
    central_russia: int
    sea_zone: int
    map_box: int
    canal: int
    port: int
    strait: int
    air_hex: int


def load_costs(path: Path | None = None, shared: Path | None = None) -> MoveCosts:
    """Read the costs: rules.toml [movement] (``shared``) and movement.toml (``path``).

    DataError naming the file and key when a value is missing, wrong, or in both files.
    """
    return _load_costs(str(path or COSTS_FILE), str(shared or RULES_FILE))


def _read_toml(source: str) -> dict:
    try:
        return tomllib.loads(Path(source).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise DataError("rules data file not found", source) from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise DataError(f"not valid TOML ({exc})", source) from None


@lru_cache(maxsize=4)
def _load_costs(source: str, shared_source: str) -> MoveCosts:
    return costs_from(_read_toml(source), _read_toml(shared_source), source, shared_source)


def costs_from(own: Mapping, shared: Mapping, source: str, shared_source: str) -> MoveCosts:
    """The costs of movement.toml (``own``) and rules.toml [movement] (``shared``) as read;
    DataError naming the file and key when a value is missing, wrong, or in both files."""
    moves: dict[str, tuple[object, str]] = {}
    for key, value in shared.get("movement", {}).items():
        moves[key] = (value, shared_source)
    for key, value in own.get("movement", {}).items():
        if key in moves:
            raise DataError(f"{key} is also set in {shared_source}: keep it in one file", source, "[movement]")
        moves[key] = (value, source)

    def whole(value: object, key: str, where: str, src: str) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise DataError(f"{key} must be a whole number of movement points, not {value!r}", src, where)
        return value

    def cost(key: str) -> int:
        if key not in moves:
            raise DataError(f"missing {key}", shared_source, "[movement]")
        value, src = moves[key]
        return whole(value, key, "[movement]", src)

    def points(key: str) -> int:
        return whole(own.get("points", {}).get(key), key, "[points]", source)

    def names(key: str) -> frozenset[str]:
        value = own.get("unit_types", {}).get(key)
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise DataError(f"{key} must be a list of unit types", source, "[unit_types]")
        return frozenset(value)

    return MoveCosts(
        leg=points("leg"),
        other=points("other"),
        leg_low_supply=points("leg_low_supply"),
        other_low_supply=points("other_low_supply"),
        leg_types=names("leg"),
        mobile_types=names("mobile"),
        clear=cost("clear"),
        rough=cost("rough"),
        enemy_city=cost("enemy_city"),
        river=cost("river"),
        attack=MappingProxyType(
            {"Fair": cost("attack_fair"), "Poor": cost("attack_poor"), "Severe": cost("attack_severe")}
        ),
        transport_line=cost("transport_line"),
        central_russia=cost("central_russia"),
        sea_zone=cost("sea_zone"),
        map_box=cost("map_box"),
        canal=cost("canal"),
        port=cost("port"),
        strait=cost("strait"),
        air_hex=cost("air_hex"),
    )


def is_mobile(unit_type: str, costs: MoveCosts) -> bool:
    return unit_type.lower() in costs.mobile_types


def movement_points(unit_type: str, supply: str, costs: MoveCosts) -> int:
    """MP of one activation (4.2): Leg ground 8, everything else 10; 4 / 5 in Low or No supply.

    ``supply`` is "full", "low" or "none" (wargame.rules.position.SUPPLY_STATES).
    """
    leg = unit_type.lower() in costs.leg_types
    short = supply.lower() not in ("full", "")
    if leg:
        return costs.leg_low_supply if short else costs.leg
    return costs.other_low_supply if short else costs.other


# --------------------------------------------------------------------------------------------
# The board as the mover sees it


@frozen
class Violation:
    """One rule a move breaks: rule number, our one-line reason, the hexes involved."""

    rule: str
    text: str
    hexes: tuple[str, ...] = ()


class Ground:
    """One position seen by one moving ground unit: which hexes hold enemy or friendly ground
    units (the mover itself left out), and the EZOC of each hex for the mover's faction."""

    def __init__(self, sit: Situation, zoc: Zoc, unit: Unit):
        self.sit = sit
        self.zoc = zoc
        self.unit = unit
        self.map = sit.map
        friendly: set[str] = set()
        enemy: set[str] = set()
        anyone: set[str] = set()
        for u in sit.pos.units:
            if u.id == unit.id or not u.hex:
                continue
            if u.faction != unit.faction:
                anyone.add(u.hex)
                if u.kind == "ground":
                    enemy.add(u.hex)
            elif u.kind == "ground":
                friendly.add(u.hex)
        self.friendly_ground = frozenset(friendly)
        self.enemy_ground = frozenset(enemy)
        self.enemy_units = frozenset(anyone)
        self._ezoc: dict[str, frozenset[str]] = {}

    def ezoc(self, hex_id: str) -> frozenset[str]:
        """The enemy units whose ZOC reaches the hex (empty: no EZOC there)."""
        found = self._ezoc.get(hex_id)
        if found is None:
            found = frozenset(self.zoc.exerted_by(hex_id, self.unit.faction))
            self._ezoc[hex_id] = found
        return found

    def enemy_city(self, hex_id: str) -> bool:
        return self.sit.enemy_city(hex_id, self.unit.faction)

    def enemy_fort(self, hex_id: str) -> bool:
        return self.sit.enemy_fort(hex_id, self.unit.faction)

    def enemy_place(self, hex_id: str) -> bool:
        """An enemy city, fort or ground unit: no Transport Line benefit into it (4.2.3.4)."""
        return hex_id in self.enemy_ground or self.enemy_city(hex_id) or self.enemy_fort(hex_id)

    def barred(self, hex_id: str, *, cooperation: bool = True) -> Violation | None:
        """What keeps the mover out of a hex; Cooperation Limits too unless ``cooperation`` is
        off (a strategic move may pass through the countries they bar, 10.3.2)."""
        u = self.unit
        why = (self.sit.move_barred if cooperation else self.sit.ground_barred)(hex_id, u.faction, u.nationality)
        return None if why is None else Violation(why[0], f"{hex_id}: {why[1]}", (hex_id,))

    def side_barred(self, a: str, b: str) -> Violation | None:
        why = self.sit.side_barred(a, b)
        return None if why is None else Violation(why[0], f"{a}/{b}: {why[1]}", (a, b))


def _base_cost(ground: Ground, costs: MoveCosts, hex_id: str) -> int:
    base = costs.rough if ground.map.hexes[hex_id].is_rough else costs.clear
    if ground.enemy_city(hex_id):
        base = max(base, costs.enemy_city)  # one base cost only, the highest (4.2.1 example)
    return base


def step_cost(ground: Ground, a: str, b: str, costs: MoveCosts | None = None) -> tuple[int, bool]:
    """MP to step from ``a`` into adjacent ``b`` and whether a Transport Line made it Clear.

    The Transport Line benefit (4.2.3.4) needs a line across the hexside and no enemy city,
    fort or ground unit in ``b``; it makes hex and hexside Clear (no river cost).
    """
    costs = costs or ground.sit.pack.costs
    side = ground.map.side(a, b)
    if side.transport and not ground.enemy_place(b):
        return costs.transport_line, True
    return _base_cost(ground, costs, b) + (costs.river if side.river else 0), False


def attack_cost(ground: Ground, a: str, target: str, costs: MoveCosts | None = None) -> int:
    """MP to attack from ``a`` into ``target`` (4.2.3.3): full entry cost of the defender's hex
    (never the Transport Line benefit), the hexside, and the weather's attack cost (11.2)."""
    costs = costs or ground.sit.pack.costs
    side = ground.map.side(a, target)
    zone = ground.map.hexes[target].weather
    fixed = ground.sit.content.settings.fixed_weather.get(zone)
    weather = fixed or ground.sit.pos.state.weather.get(zone, "Fair")
    return (
        _base_cost(ground, costs, target)
        + (costs.river if side.river else 0)
        + costs.attack.get(weather, costs.attack["Fair"])
    )


# --------------------------------------------------------------------------------------------
# The ground search


@frozen
class PathResult:
    """The outcome of a path search.

    ``legal``: a path within the rules and the MP exists. ``path`` is the best path found
    (the legal one, else the one breaking fewest rules within the MP, else empty), with
    ``mp_used`` MP. ``violations`` are the rules the best path breaks. ``cheapest_legal`` is
    the MP a legal path would need ignoring the MP limit (None: no legal path at all).
    """

    legal: bool
    path: tuple[str, ...]
    mp_used: int
    mp_allowed: int
    violations: tuple[Violation, ...]
    cheapest_legal: int | None

    def explain(self) -> str:
        if self.legal:
            return f"legal: {'-'.join(self.path)} ({self.mp_used} of {self.mp_allowed} MP)"
        return "; ".join(v.text for v in self.violations)


_START, _MOVED = 0, 1
_FAR = 1 << 30


def _step_violations(ground: Ground, a: str, b: str, phase: int) -> list[Violation]:
    found: list[Violation] = []
    for v in (ground.barred(b), ground.side_barred(a, b)):
        if v is not None:
            found.append(v)
    if b in ground.enemy_ground:
        found.append(Violation(RULE_ENEMY_UNIT, f"{b} holds an enemy ground unit", (b,)))
    ez_a, ez_b = ground.ezoc(a), ground.ezoc(b)
    if b in ground.friendly_ground and ez_b:
        found.append(Violation(RULE_FRIENDLY_EZOC, f"{b} holds a friendly ground unit and an EZOC", (b,)))
    same = sorted(ez_a & ez_b)
    if same:
        found.append(
            Violation(
                RULE_EZOC,
                f"{a} and {b} are both in the ZOC of the same enemy unit ({ground.sit.pos.unit(same[0]).label})",
                (a, b),
            )
        )
    elif ez_a and phase == _MOVED:
        found.append(
            Violation(
                RULE_EZOC, f"leaves the EZOC in {a} after its first move (there it had to stop or attack)", (a, b)
            )
        )
    return found


def _neighbours(ground: Ground, hex_id: str) -> list[str]:
    grid = ground.map.grid
    return [n for n in (grid.hex_id(x) for x in grid.neighbours(grid.parse(hex_id))) if n in ground.map.hexes]


def ground_path(
    ground: Ground, start: str, end: str, *, mp: int, started: bool = False, costs: MoveCosts | None = None
) -> PathResult:
    """Is there a legal ground path from ``start`` to ``end`` with ``mp`` movement points?

    ``started`` says the unit has already moved (or attacked) in this activation, so it no
    longer enjoys the first-move exception of 4.2.3.1. Stacking at the end is the caller's
    check (it needs the whole board); passing through friendly units is allowed (3.3).
    """
    costs = costs or ground.sit.pack.costs
    cheapest = _cheapest_legal(ground, start, end, started, costs)
    if start == end:
        return PathResult(True, (start,), 0, mp, (), 0)
    first = (start, _MOVED if started else _START, mp)
    best: dict[tuple[str, int, int], int] = {first: 0}
    parent: dict[tuple[str, int, int], tuple[tuple[str, int, int], tuple[Violation, ...]]] = {}
    heap: list[tuple[int, int, str, int, int]] = [(0, -mp, start, first[1], mp)]
    goal: tuple[str, int, int] | None = None
    while heap:
        bad, _, here, phase, left = heapq.heappop(heap)
        state = (here, phase, left)
        if best.get(state, _FAR) < bad:
            continue
        if here == end:
            goal = state
            break
        for there in _neighbours(ground, here):
            cost = step_cost(ground, here, there, costs)[0]
            if cost > left:
                continue
            found = _step_violations(ground, here, there, phase)
            nxt = (there, _MOVED, left - cost)
            score = bad + len(found)
            if score < best.get(nxt, _FAR):
                best[nxt] = score
                parent[nxt] = (state, tuple(found))
                heapq.heappush(heap, (score, -(left - cost), there, _MOVED, left - cost))
    if goal is None:
        need = "no legal path exists" if cheapest is None else f"the cheapest legal path needs {cheapest} MP"
        violation = Violation(RULE_MP, f"{end} is out of reach from {start} with {mp} MP; {need}", (start, end))
        return PathResult(False, (), 0, mp, (violation,), cheapest)
    path, broken = _walk_back(goal, parent)
    return PathResult(not broken, path, mp - goal[2], mp, broken, cheapest)


def _walk_back(goal, parent) -> tuple[tuple[str, ...], tuple[Violation, ...]]:
    hexes = [goal[0]]
    broken: list[Violation] = []
    state = goal
    while state in parent:
        state, found = parent[state]
        hexes.append(state[0])
        broken[:0] = found
    return tuple(reversed(hexes)), tuple(broken)


def _cheapest_legal(ground: Ground, start: str, end: str, started: bool, costs: MoveCosts) -> int | None:
    """MP of the cheapest path that breaks no rule, whatever the MP (Dijkstra), None if none."""
    first = (start, _MOVED if started else _START)
    dist: dict[tuple[str, int], int] = {first: 0}
    heap = [(0, start, first[1])]
    while heap:
        d, here, phase = heapq.heappop(heap)
        if dist.get((here, phase), _FAR) < d:
            continue
        if here == end:
            return d
        if d > 4 * costs.other:  # far beyond any activation: no answer worth giving
            return None
        for there in _neighbours(ground, here):
            if _step_violations(ground, here, there, phase):
                continue
            nd = d + step_cost(ground, here, there, costs)[0]
            if nd < dist.get((there, _MOVED), _FAR):
                dist[(there, _MOVED)] = nd
                heapq.heappush(heap, (nd, there, _MOVED))
    return None


# --------------------------------------------------------------------------------------------
# Strategic movement (4.1)


def strategic_path(ground: Ground, start: str, end: str, *, supplied: Callable[[str], bool]) -> PathResult:
    """Is there a strategic move from ``start`` to ``end`` (4.1)?

    Only across hexsides a Transport Line crosses; no ground-prohibited hex or hexside; no
    entering an enemy city, fort, unit or EZOC (starting in one is fine); a supply line from
    every hex entered (``supplied(hex)``, the caller's trace). No MP limit. Stacking at the end
    and the unit's own eligibility (supplied, on a line, air or ground) are the caller's checks.
    """
    if start == end:
        return PathResult(True, (start,), 0, 0, (), 0)
    best: dict[str, int] = {start: 0}
    parent: dict[str, tuple[str, tuple[Violation, ...]]] = {}
    heap = [(0, 0, start)]
    memo: dict[str, bool] = {}
    while heap:
        bad, length, here = heapq.heappop(heap)
        if best.get(here, _FAR) < bad:
            continue
        if here == end:
            break
        for there in _neighbours(ground, here):
            side = ground.map.side(here, there)
            found: list[Violation] = []
            if not side.transport:
                found.append(Violation(RULE_STRATEGIC, f"no Transport Line across {here}/{there}", (here, there)))
            for v in (ground.barred(there, cooperation=False), ground.side_barred(here, there)):
                if v is not None:
                    found.append(v)
            if ground.enemy_city(there) or ground.enemy_fort(there):
                found.append(Violation(RULE_STRATEGIC, f"enters {there}, an enemy city or fort", (there,)))
            if there in ground.enemy_units:
                found.append(Violation(RULE_STRATEGIC, f"enters {there}, which holds an enemy unit", (there,)))
            if ground.ezoc(there):
                found.append(Violation(RULE_STRATEGIC, f"enters {there}, which is in an EZOC", (there,)))
            if not found:
                if there not in memo:
                    memo[there] = supplied(there)
                if not memo[there]:
                    found.append(Violation("4.1.2", f"no supply line from {there}", (there,)))
            score = bad + len(found)
            if score < best.get(there, _FAR) and score <= 3:
                best[there] = score
                parent[there] = (here, tuple(found))
                heapq.heappush(heap, (score, length + 1, there))
    if end not in best:
        v = Violation(RULE_STRATEGIC, f"no Transport Line path from {start} to {end}", (start, end))
        return PathResult(False, (), 0, 0, (v,), None)
    hexes = [end]
    broken: list[Violation] = []
    at = end
    while at in parent:
        at, step_broken = parent[at]
        hexes.append(at)
        broken[:0] = step_broken
    return PathResult(not broken, tuple(reversed(hexes)), 0, 0, tuple(broken), 0 if not broken else None)
