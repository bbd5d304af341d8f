"""``staffwork audit GAME.vlog [--module MOD] [--phase PHASE] [--json] [--picture FILE.png]``.

Replays a VASSAL log step by step and checks every move against the rules (assistant.audit):
one line per finding with the log step, the rule number, the unit and hexes, and the chat text
around it; notes (an event a move sets off) are marked so; then what the log held that the
game's rules pack could not judge, and why. Exit 0 when nothing is wrong (notes alone included),
1 when something is, 2 for bad input. Reads only.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import asdict
from pathlib import Path
from typing import Any

from staffwork.errors import OK, PROBLEMS, InputError
from staffwork.jsontext import dumps


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "audit",
        help="check every move of a VASSAL log against the rules",
        description="Replay a VASSAL log (.vlog) step by step and check each move: legal "
        "ground paths (MP, terrain, EZOC, policies), activations, attacks, retreats and advances, "
        "strategic, air and naval moves, Naval Transport and invasions, stacking after every step; "
        "then say what the log held that could not be judged, and why. Never writes to the log.",
    )
    p.add_argument("log", help="a .vlog file")
    p.add_argument("--module", metavar="MOD", help="the module the log belongs to (.vmod)")
    p.add_argument("--game", metavar="KEY", help="judge the log as this game (default: the game of its module)")
    p.add_argument(
        "--phase",
        metavar="PHASE",
        help='the phase the log is played in, e.g. "Axis Operations" (default: the '
        "turn tracker's Phase property in the log)",
    )
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.add_argument("--picture", metavar="FILE.png", help="draw the position at the step with the worst finding")
    p.set_defaults(func=run)


def report_dict(audit: Any) -> dict[str, Any]:
    """The JSON form: a stable schema (file, steps, phases, findings, activations)."""
    return {
        "file": audit.source,
        "steps": audit.steps,
        "phases": [{"step": s, "phase": p} for s, p in audit.phases],
        "findings": [
            {
                "step": f.step,
                "rule": f.rule,
                "check": f.check,
                "faction": f.faction,
                "unit": f.unit,
                "unit_id": f.unit_id,
                "hexes": list(f.hexes),
                "reason": f.reason,
                "chat": list(f.chat),
                "path": list(f.path),
                "severity": f.severity,
            }
            for f in audit.findings
        ],
        "activations": [{**asdict(a), "attacks": list(a.attacks)} for a in audit.activations],
        "worst_step": audit.worst_step,
        "moves_judged": audit.moves_judged,
        "not_judged": list(audit.unjudged),
        "pieces_moved": audit.pieces_moved,
    }


def text_report(audit: Any) -> str:
    problems = [f for f in audit.findings if f.severity == "problem"]
    notes = len(audit.findings) - len(problems)
    lines = [
        f"{audit.source}: {audit.steps} steps, {len(audit.activations)} ground activations, "
        f"{len(problems)} finding(s)" + (f", {notes} note(s)" if notes else "")
    ]
    for f in audit.findings:
        lines.append(f.line())
        for said in f.chat:
            lines.append(f"    chat: {said}")
    for what in audit.unjudged:
        lines.append(f"not judged: {what}")
    if not problems:
        lines.append(
            "no problems found"
            if audit.pieces_moved
            else "nothing was judged: no step moved a piece of this game on its maps"
        )
    return "\n".join(lines) + "\n"


def run(args: argparse.Namespace) -> int:
    from assistant.audit import audit_log

    if not str(args.log).lower().endswith((".vlog", ".vsav")):
        raise InputError(f"{args.log}: expected a VASSAL log (.vlog)")
    if args.module:  # a module given must be readable: one line and exit 2 before any report
        from vassal.module import read_module

        read_module(args.module)
    if args.phase is not None:
        _check_phase(args)
    audit = audit_log(args.log, module=args.module, phase=args.phase, game=args.game)
    if audit.steps == 0:
        raise InputError(
            f"{args.log}: a saved game with no logged steps, so there is nothing to audit "
            "(staffwork check judges a position)"
        )
    if audit.pieces_moved == 0 and any(_nowhere(u) for u in audit.unjudged):
        raise InputError(f"{args.log}: nothing could be judged: " + "; ".join(audit.unjudged))
    if args.picture:
        _picture(args, audit)
    if args.json:
        sys.stdout.write(dumps(report_dict(audit)))  # json.dumps(indent=2), faster
        sys.stdout.write("\n")
    else:
        sys.stdout.write(text_report(audit))
    return PROBLEMS if any(f.severity == "problem" for f in audit.findings) else OK


def _nowhere(said: str) -> bool:
    """An unjudged kind that means the log's moves went where the game is not."""
    return "map" in said or "never placed" in said


def _picture(args: argparse.Namespace, audit: Any) -> None:
    """The position after the step with the most findings: its illegal moves drawn as paths,
    the hexes they name outlined, a title saying which step it is."""
    from assistant.audit import position_at
    from assistant.counter_art import faces_in
    from assistant.picture_layers import AUDIT_LAYERS
    from assistant.report import picture_board, render_picture
    from staffwork.games import board_art_for, counters_for
    from wargame.games import find_game

    step = audit.worst_step or audit.steps
    board = position_at(args.log, step, module=args.module, phase=args.phase, game=args.game)
    game = find_game(board.position.game)
    at_step = [f for f in audit.findings if f.step == step]
    paths = tuple(
        (f.path or f.hexes, f"step {step}: {f.unit + ' ' if f.unit else ''}{'-'.join(f.hexes)} ({f.rule})")
        for f in at_step
        if len(f.path or f.hexes) > 1
    )
    hexes = tuple(sorted({h for f in at_step for h in f.hexes}))
    title = f"Audit of {Path(args.log).name}: step {step} of {audit.steps} - " + (
        f"{len(at_step)} finding{'s' if len(at_step) != 1 else ''}: "
        + "; ".join(f"[{f.rule}] {f.unit} {'-'.join(f.hexes)}".replace("  ", " ") for f in at_step[:3])
        if at_step
        else "no findings, the position at the end"
    )
    on = picture_board(game, board.position).board_name
    counters = counters_for(args.module, board.module_name)
    render_picture(
        board,
        game.pack().check(board.position),
        args.picture,
        focus=hexes,
        base_image=board_art_for(args.module, board.module_name, on),
        title=title,
        layers=AUDIT_LAYERS,
        paths=paths,
        outline=(hexes, f"hex a finding of step {step} names"),
        faces=faces_in(args.log, step) if counters is not None else None,
        counters=counters,
    )


def _check_phase(args: argparse.Namespace) -> None:
    """--phase must be a phase of the log's game (read from the log's module name)."""
    from assistant.board import module_name_of
    from staffwork.commands.check import check_phase
    from vassal.savefile import read_saved_game
    from wargame.games import find_game, game_for_module

    if args.game:
        game = find_game(args.game)
    else:
        saved = read_saved_game(args.log)
        name = module_name_of(args.module) if args.module else (saved.moduledata.name if saved.moduledata else None)
        game = game_for_module(name, args.module or str(args.log))
    check_phase(args.phase, game)
