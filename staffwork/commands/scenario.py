"""`staffwork scenario check GAME`: is every scenario setup a legal position?

    staffwork scenario check use [--json] [--no-supply] [--root DIR]

Each setup is turned into a rules position (``wargame.rules.position.Position``) and judged by
the game's rules pack, the one implementation of each rule: placement (where ground, air and
naval units may stand, Cooperation Limits), stacking (3.3, fort occupation 4.2.3.6) and each
unit's supply line (7.x; a setup starts every unit in Full Supply, so one that cannot trace a
line is a problem unless its note documents the pocket). ``--no-supply`` skips the supply
trace, for a quick look at placement alone. This module adds only what a setup has and a game
position has not: a counter still marked ``map`` (hex not chosen), a unit in a country that is
out of the scenario (absent), and marker sanity (Control markers on cities, 2.3.1 and 15.7;
forts where ground units may stand, 15.12).

A setup line may carry a deliberate exception: its ``note`` says "exception" and names the rule
(``exception 3.3: ...``). Such findings are listed as documented and do not fail the check.
Exit status: 0 clean (documented exceptions allowed), 1 problems, 2 bad input.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from pathlib import Path

from staffwork.errors import PROBLEMS, InputError

_HEX_RE = re.compile(r"^\d{4}$")


@dataclass(frozen=True)
class Finding:
    """One broken rule in one setup; ``documented`` when a note on its line names the exception."""

    scenario: str
    line: int
    counter: str
    where: str
    rule: str
    problem: str
    documented: bool = False

    def text(self) -> str:
        tag = " [documented exception]" if self.documented else ""
        return f"{self.scenario}.csv line {self.line}: {self.counter} at {self.where}: {self.problem} ({self.rule}){tag}"


@dataclass(frozen=True)
class Report:
    scenario: str
    placed: Mapping[str, int]  # unit counters on the map or in Map Boxes, by nation
    markers_placed: int
    unplaced: int
    findings: tuple[Finding, ...]

    @property
    def problems(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if not f.documented)


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("scenario", help="check scenario setups",
                       description="Check every scenario setup of a game: placement, stacking, ports, bases and supply.")
    ssub = p.add_subparsers(dest="scenario_command", metavar="ACTION", required=True)
    c = ssub.add_parser("check", help="check where every counter of every scenario starts")
    c.add_argument("game")
    c.add_argument("--json", action="store_true", help="print JSON")
    c.add_argument("--no-supply", dest="supply", action="store_false",
                   help="skip tracing every unit's supply line (7.x)")
    c.add_argument("--root", type=Path, default=None,
                   help="repository folder holding scenarios/ (default: this checkout)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    reports = check_game(args.game, args.root, supply=args.supply)
    if args.json:
        json.dump({"game": args.game, "problems": sum(len(r.problems) for r in reports),
                   "scenarios": [_report_json(r) for r in reports]}, sys.stdout, indent=1, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        for r in reports:
            for f in r.findings:
                print(f.text())
        for r in reports:
            nations = ", ".join(f"{n} {c}" for n, c in r.placed.items())
            documented = len(r.findings) - len(r.problems)
            print(f"{r.scenario}: {sum(r.placed.values())} units placed ({nations}), {r.markers_placed} markers, "
                  f"{r.unplaced} unplaced, {len(r.problems)} problems, {documented} documented exceptions")
    return PROBLEMS if any(r.problems for r in reports) else 0


def _report_json(r: Report) -> dict:
    return {"scenario": r.scenario, "placed": dict(r.placed), "markers_placed": r.markers_placed,
            "unplaced": r.unplaced, "problems": len(r.problems),
            "findings": [asdict(f) for f in r.findings]}


def check_game(game: str, root: Path | None = None, *, supply: bool = True) -> list[Report]:
    """Load a game's content, map and scenarios from ``root`` and check every setup."""
    from wargame.content import load_content, load_scenarios
    from wargame.mapdata import REPO, load

    folder = Path(root or REPO) / "scenarios" / game
    if not (folder / "scenarios").is_dir():
        raise InputError(f'no scenarios for game "{game}" in {folder / "scenarios"}')
    if not (folder / "map" / "hexes.csv").is_file():
        raise InputError(f'no map data for game "{game}" in {folder / "map"}')
    content = load_content(folder)
    mapdata = load(folder / "map")
    scenarios = load_scenarios(folder / "scenarios", content, mapdata.grid)
    return [check_scenario(s, content, mapdata, supply=supply) for s in scenarios.values()]


def check_scenario(scenario, content, mapdata, *, supply: bool = True) -> Report:  # noqa: ANN001
    """Every placement, stacking and (unless ``supply`` is off) supply finding of one setup.

    ``scenario``, ``content`` and ``mapdata`` are a loaded Scenario, Content and MapData."""
    from wargame.rules.use.ground import situation
    from wargame.rules.use.placement import placement_findings
    from wargame.rules.use.stacking import stacking_findings
    from wargame.rules.use.zoc import zoc_map

    position, lines = setup_position(scenario, content, mapdata)
    found: list[Finding] = []

    def add(placements, rule: str, problem: str) -> None:  # noqa: ANN001
        first = placements[0]
        documented = any(_documents(p.note, rule) for p in placements)
        found.append(Finding(scenario.key, first.line, first.counter, first.where, rule, problem, documented))

    placed: Counter[str] = Counter()
    markers = 0
    for p in scenario.setup:
        if p.where == "map":
            add([p], "setup", "no hex chosen yet")
        elif _HEX_RE.match(p.where) or p.where in {b.name for b in mapdata.boxes.values()}:
            if p.is_unit:
                placed[content.units[p.counter].nation] += p.count
            else:
                markers += p.count
    for unit in position.units:
        if unit.hex and position.state.status(_owner(scenario, content, mapdata, unit.hex)) == "absent":
            add([lines[unit.id]], "scenario", f"{_owner(scenario, content, mapdata, unit.hex)} is out of this scenario")
    for marker in position.markers:
        for rule, problem in _marker_problems(marker, mapdata, position):
            add([lines[marker.id]], rule, problem)

    sit = situation(position, mapdata, content)
    zoc = zoc_map(sit)
    rule_findings = [*placement_findings(sit, zoc), *stacking_findings(sit)]
    if supply:
        from wargame.rules.use.supply import supply_report

        rule_findings.extend(f for f in supply_report(sit, zoc).findings if f.severity == "problem")
    for f in rule_findings:
        add([lines[u] for u in f.units] or [lines[position.units[0].id]], f.rule, f.reason)
    placed_sorted = dict(sorted(placed.items(), key=lambda kv: (-kv[1], kv[0])))
    unique = {(f.line, f.rule, f.problem): f for f in found}
    return Report(scenario.key, placed_sorted, markers, len(scenario.unplaced()),
                  tuple(sorted(unique.values(), key=lambda f: (f.line, f.rule, f.problem))))


def setup_position(scenario, content, mapdata):  # noqa: ANN001, ANN201
    """The rules' view of a setup's first turn: every counter on a hex or in a Map Box as a
    Unit or MarkerPiece (a ground unit under a fort placed in its hex lies in it), the nations,
    policies and cessions of the scenario. Returns (position, {piece id: its setup line})."""
    from wargame.rules.position import GameState, MarkerPiece, NationState, Position, Unit

    lines: dict[str, object] = {}
    units, markers = [], []
    fort_hexes = {p.where for p in scenario.setup
                  if not p.is_unit and content.markers[p.counter].name == "Fort" and _HEX_RE.match(p.where)}
    boxes = {b.name: b.code for b in mapdata.boxes.values()}
    for p in scenario.setup:
        on_hex = bool(_HEX_RE.match(p.where))
        if not (on_hex or p.where in boxes):
            continue
        for n in range(p.count):
            piece_id = f"{p.counter}#{p.line}.{n + 1}"
            lines[piece_id] = p
            hex_id, box = (p.where, None) if on_hex else (None, boxes[p.where])
            if p.is_unit:
                u = content.units[p.counter]
                units.append(Unit(
                    id=piece_id, name=u.id, key=u.key, faction=scenario.nations[u.nation].faction or "",
                    nationality=u.nation, kind=u.kind, type=u.type, category=u.category, elite=u.elite,
                    reduced=p.strength == "reduced", sorties=p.sorties or 0, hex=hex_id, box=box,
                    level=len(units), in_fort=u.kind == "ground" and p.where in fort_hexes))
            else:
                m = content.markers[p.counter]
                markers.append(MarkerPiece(id=piece_id, key=m.key, name=m.name, faction=m.faction or "",
                                           nationality=m.nation or "", hex=hex_id, box=box, flipped=p.flipped))
    state = GameState(
        month=str(scenario.first_turn),
        weather=scenario.weather,
        policies=frozenset(scenario.policies),
        nations={abbr: NationState(n.status, n.faction) for abbr, n in scenario.nations.items()},
        ceded=frozenset(content.disputed_areas[k].name for k in scenario.ceded),
    )
    return Position("use", tuple(units), tuple(markers), state), lines


def _owner(scenario, content, mapdata, hex_id: str) -> str:  # noqa: ANN001
    info = mapdata.hexes[hex_id]
    for key in scenario.ceded:
        if content.disputed_areas[key].name == info.disputed:
            return content.disputed_areas[key].ceded_to
    return info.country


def _documents(note: str, rule: str) -> bool:
    """A note documents an exception when it says so and names the rule ("exception 3.3: ...")."""
    text = note.lower()
    return "exception" in text and re.search(rf"(?<![\d.]){re.escape(rule)}(?![\d])", text) is not None


def _marker_problems(marker, mapdata, position) -> list[tuple[str, str]]:  # noqa: ANN001
    """Control markers mark cities (2.3.1) held against their owner (15.7); forts stand where
    ground units may (15.12). One of each per hex."""
    if marker.hex is None:
        return [("1.3.5", f"a {marker.name} marker in a Map Box")] if marker.name in ("Control", "Fort") else []
    info = mapdata.hexes[marker.hex]
    same = [m for m in position.markers_in(marker.hex) if m.name == marker.name and m.name in ("Control", "Fort")]
    if len(same) > 1 and same[0].id != marker.id:
        return [("15.7" if marker.name == "Control" else "15.12", f"a second {marker.name} marker in the hex")]
    if marker.name == "Control":
        if not mapdata.cities_in(marker.hex):
            return [("2.3.1", "Control markers mark cities; this hex has none")]
    if marker.name == "Fort" and (info.is_water or info.faded_dot or info.prohibited):
        return [("15.12", "a fort must stand where ground units may")]
    return []
