"""`staffwork scenario check GAME`: is every scenario setup a legal position?

    staffwork scenario check GAME [--json] [--no-supply] [--root DIR]

The check itself is wargame.rules.setup_check (the game's rules pack judges each setup; a
setup line whose note says "exception" and names the rule documents a deliberate exception).
``--no-supply`` skips the supply trace, for a quick look at placement alone.
Exit status: 0 clean (documented exceptions allowed), 1 problems, 2 bad input.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict
from pathlib import Path

from staffwork.errors import PROBLEMS, InputError
from wargame.rules.setup_check import SetupReport, check_scenario


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "scenario",
        help="check scenario setups",
        description="Check every scenario setup of a game: placement, stacking, ports, bases and supply.",
    )
    ssub = p.add_subparsers(dest="scenario_command", metavar="ACTION", required=True)
    c = ssub.add_parser("check", help="check where every counter of every scenario starts")
    c.add_argument("game")
    c.add_argument("--json", action="store_true", help="print JSON")
    c.add_argument(
        "--no-supply", dest="supply", action="store_false", help="skip tracing every unit's supply line (7.x)"
    )
    c.add_argument(
        "--root", type=Path, default=None, help="a folder of game data to read instead of the installed one (as --data)"
    )
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    reports = check_game(args.game, args.root, supply=args.supply)
    if args.json:
        json.dump(
            {
                "game": args.game,
                "problems": sum(len(r.problems) for r in reports),
                "scenarios": [_report_json(r) for r in reports],
            },
            sys.stdout,
            indent=1,
            ensure_ascii=False,
        )
        sys.stdout.write("\n")
    else:
        for r in reports:
            for f in r.findings:
                print(f.text())
        for r in reports:
            nations = ", ".join(f"{n} {c}" for n, c in r.placed.items())
            documented = len(r.findings) - len(r.problems)
            print(
                f"{r.scenario}: {sum(r.placed.values())} units placed ({nations}), {r.markers_placed} markers, "
                f"{r.unplaced} unplaced, {len(r.problems)} problems, {documented} documented exceptions"
            )
    return PROBLEMS if any(r.problems for r in reports) else 0


def _report_json(r: SetupReport) -> dict:
    return {
        "scenario": r.scenario,
        "placed": dict(r.placed),
        "markers_placed": r.markers_placed,
        "unplaced": r.unplaced,
        "problems": len(r.problems),
        "findings": [asdict(f) for f in r.findings],
    }


def check_game(game: str, root: Path | None = None, *, supply: bool = True) -> list[SetupReport]:
    """Load a game's content, map and scenarios (from ``root`` when given) and check every setup."""
    from wargame.games import find_game, use_data_root

    if root is not None:
        use_data_root(root)
    g = find_game(game)
    scenarios = g.scenarios()
    if not scenarios:
        raise InputError(f'no scenarios for game "{game}" in {g.folder / "scenarios"}')
    return [check_scenario(s, g, supply=supply) for s in scenarios.values()]
