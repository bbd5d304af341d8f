"""`staffwork scenario check GAME`: is every scenario setup a legal position?

    staffwork scenario check GAME [--json] [--no-supply] [--root DIR]

Each setup is turned into a rules position (``wargame.rules.position.Position``) and judged by
the game's rules pack, the one implementation of each rule: placement (where ground, air and
naval units may stand, Cooperation Limits), stacking (3.3, fort occupation 4.2.3.6) and each
unit's supply line (7.x; a setup starts every unit in Full Supply, so one that cannot trace a
line is a problem unless its note documents the pocket). ``--no-supply`` skips the supply
trace, for a quick look at placement alone. This module adds only what a setup has and a game
position has not: a counter still marked ``map`` (hex not chosen), a unit in a country that is
out of the scenario (absent), and what the pack's ``setup_problems`` hook finds (USE: Control
markers on cities, forts where ground units may stand).

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
from dataclasses import asdict
from pathlib import Path

from records import frozen
from staffwork.errors import PROBLEMS, InputError


@frozen
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


@frozen
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
                   help="a folder of game data to read instead of the installed one (as --data)")
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
    """Load a game's content, map and scenarios (from ``root`` when given) and check every setup."""
    from wargame.games import find_game, use_data_root

    if root is not None:
        use_data_root(root)
    g = find_game(game)
    scenarios = g.scenarios()
    if not scenarios:
        raise InputError(f'no scenarios for game "{game}" in {g.folder / "scenarios"}')
    return [check_scenario(s, g, supply=supply) for s in scenarios.values()]


def check_scenario(scenario, game, *, supply: bool = True) -> Report:  # noqa: ANN001
    """Every placement, stacking and (unless ``supply`` is off) supply finding of one setup,
    judged by the game's rules pack, plus what only a setup can get wrong (its pack's
    ``setup_problems``, a hex not chosen, a country out of the scenario)."""
    from wargame.rules.setup import place_of, setup_position

    content, mapdata, pack = game.content(), game.mapdata(), game.pack()
    position, lines = setup_position(game.key, scenario, content, mapdata)
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
        elif place_of(p.where, mapdata) != (None, None):
            if p.is_unit:
                placed[content.units[p.counter].nation] += p.count
            else:
                markers += p.count
    sit = pack.situation(position, mapdata)
    for unit in position.units:
        if unit.hex and position.state.status(sit.owner(unit.hex)) == "absent":
            add([lines[unit.id]], "scenario", f"{sit.owner(unit.hex)} is out of this scenario")
    for piece_id, rule, problem in pack.setup_problems(position, mapdata):
        add([lines[piece_id]], rule, problem)
    zoc = pack.zoc(sit)
    rule_findings = [*pack.placement(sit, zoc), *pack.stacking(sit)]
    if supply:
        rule_findings.extend(pack.setup_supply_findings(sit, zoc))
    for f in rule_findings:
        add([lines[u] for u in f.units] or [lines[position.units[0].id]], f.rule, f.reason)
    placed_sorted = dict(sorted(placed.items(), key=lambda kv: (-kv[1], kv[0])))
    unique = {(f.line, f.rule, f.problem): f for f in found}
    return Report(scenario.key, placed_sorted, markers, len(scenario.unplaced()),
                  tuple(sorted(unique.values(), key=lambda f: (f.line, f.rule, f.problem))))


def _documents(note: str, rule: str) -> bool:
    """A note documents an exception when it says so and names the rule ("exception 3.3: ...")."""
    text = note.lower()
    return "exception" in text and re.search(rf"(?<![\d.]){re.escape(rule.lower())}(?![\d])", text) is not None
