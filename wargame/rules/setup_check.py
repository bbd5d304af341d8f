"""Is a scenario setup a legal position? The check behind `staffwork scenario check GAME`.

Each setup is turned into a rules position (wargame.rules.setup.setup_position) and judged by
the game's rules pack, the one implementation of each rule: placement, stacking and each unit's
supply line (a setup starts every unit supplied, so one that cannot trace a line is a problem
unless its note documents the pocket; ``supply=False`` skips the trace). This adds only what a
setup has and a game position has not: a counter still marked ``map`` (hex not chosen), a unit
in a country that is out of the scenario (absent), a hex off the board the scenario names, and
what the pack's ``setup_problems`` hook finds.

A setup line may carry a deliberate exception: its ``note`` says "exception" and names the rule
(``exception 3.3: ...``); such findings are listed as documented and do not fail the check.

    check_scenario(scenario, game, supply=True) -> SetupReport
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING

from records import frozen

if TYPE_CHECKING:
    from wargame.content import Scenario
    from wargame.games import Game


@frozen
class SetupFinding:
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
        return (
            f"{self.scenario}.csv line {self.line}: {self.counter} at {self.where}: {self.problem} ({self.rule}){tag}"
        )


@frozen
class SetupReport:
    scenario: str
    placed: Mapping[str, int]  # unit counters on the map or in Map Boxes, by nation
    markers_placed: int
    unplaced: int
    findings: tuple[SetupFinding, ...]

    @property
    def problems(self) -> tuple[SetupFinding, ...]:
        return tuple(f for f in self.findings if not f.documented)


def check_scenario(scenario: Scenario, game: Game, *, supply: bool = True) -> SetupReport:
    """Every placement, stacking and (unless ``supply`` is off) supply finding of one setup,
    judged by the game's rules pack, plus what only a setup can get wrong (its pack's
    ``setup_problems``, a hex not chosen, a country out of the scenario)."""
    from wargame.rules.setup import place_of, setup_position

    content, mapdata, pack = game.content(), game.mapdata(), game.pack()
    position, lines = setup_position(game.key, scenario, content, mapdata)
    found: list[SetupFinding] = []

    def add(placements, rule: str, problem: str) -> None:
        first = placements[0]
        documented = any(_documents(p.note, rule) for p in placements)
        found.append(SetupFinding(scenario.key, first.line, first.counter, first.where, rule, problem, documented))

    placed: Counter[str] = Counter()
    markers = 0
    board = game.boards().board(scenario.board) if scenario.board else None
    for p in scenario.setup:
        if p.where == "map":
            add([p], "setup", "no hex chosen yet")
        elif board is not None and p.where in mapdata.hexes and not board.holds(mapdata.grid.parse(p.where)):
            add([p], "setup", f"not on the {board.title or board.name} board the scenario is played on")
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
    return SetupReport(
        scenario.key,
        placed_sorted,
        markers,
        len(scenario.unplaced()),
        tuple(sorted(unique.values(), key=lambda f: (f.line, f.rule, f.problem))),
    )


def _documents(note: str, rule: str) -> bool:
    """A note documents an exception when it says so and names the rule ("exception 3.3: ...")."""
    text = note.lower()
    return "exception" in text and re.search(rf"(?<![\d.]){re.escape(rule.lower())}(?![\d])", text) is not None
