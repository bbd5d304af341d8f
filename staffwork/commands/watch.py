"""``staffwork watch DIR_OR_FILE [--module MOD] [--out DIR] [--phase PHASE] [--no-picture]
[--apply [--faction F]]``.

Watches a folder (VASSAL's save folder, a PBEM exchange folder) or one file and re-checks every
.vsav or .vlog written there within a second of the write finishing (assistant.watch). Prints
what changed since the last check of that file; keeps report.html (refreshes itself), led by
latest.png (the position zoomed to where the problems are; latest-all.png: every unit), in the
output folder; with --apply also each save's Supply Check as
``<save>-supplied.vsav`` there (see ``staffwork check --apply``). Never writes to the watched
files. Ctrl-C ends it.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from staffwork.errors import OK, InputError


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "watch",
        help="re-check saved games and logs as they are written",
        description="Watch a folder or a file; whenever a .vsav or .vlog is written, check it "
        "and print new and resolved problems and supply changes. Keeps a self-refreshing "
        "report.html in --out, led by latest.png (the position zoomed to the problems; latest-all.png "
        "shows every unit). Ctrl-C ends it.",
    )
    p.add_argument("target", help="a folder or a .vsav/.vlog file")
    p.add_argument("--module", metavar="MOD", help="the module the saves belong to (.vmod)")
    p.add_argument(
        "--out",
        metavar="DIR",
        default="staffwork-watch",
        help="where report.html and latest.png go (default: ./staffwork-watch)",
    )
    p.add_argument("--phase", metavar="PHASE", help="the phase, when the saves do not say")
    p.add_argument("--interval", type=float, default=0.2, help="seconds between looks (0.2)")
    p.add_argument("--no-picture", action="store_true", help="do not draw latest.png and latest-all.png")
    p.add_argument(
        "--apply",
        action="store_true",
        help="also write each save's Supply Check (7.2) into --out "
        "as <save>-supplied.vsav, for the player to open (as staffwork check --apply)",
    )
    p.add_argument(
        "--faction",
        metavar="FACTION",
        action="append",
        default=[],
        help="with --apply: whose Supply Check (repeatable; default: the faction the save's Operations phase names)",
    )
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from assistant.watch import Watcher
    from staffwork.games import board_art_for, counters_for, module_file_for

    target = Path(args.target)
    if not target.exists():
        raise InputError(f"{target}: no such file or folder")
    if target.is_file() and target.suffix.lower() not in (".vsav", ".vlog"):
        raise InputError(f"{target}: expected a folder, a .vsav or a .vlog")
    if not 0.01 <= args.interval <= 60:
        raise InputError("--interval must be between 0.01 and 60 seconds")
    if args.faction and not args.apply:
        raise InputError("--faction goes with --apply")
    for name in args.faction:
        check_faction_name(name, args.module)
    try:
        watcher = Watcher(
            target,
            args.out,
            module=args.module,
            phase=args.phase,
            interval=args.interval,
            picture=not args.no_picture,
            echo=lambda s: print(s, flush=True),
            board_art=board_art_for,
            apply=args.apply,
            factions=tuple(args.faction),
            counters=counters_for,
            module_file=module_file_for,
        )
    except ValueError as exc:
        raise InputError(str(exc)) from None
    watcher.run()
    return OK


def check_faction_name(name: str, module: str | None) -> None:
    """A --faction of the module's game, or of any game Staffwork knows when no module is given."""
    from wargame.games import game_for_module, games

    chosen = games()
    if module:
        from assistant.board import module_name_of

        chosen = (game_for_module(module_name_of(module), module),)
    known = {w for g in chosen for k, f in g.content().factions.items() for w in (k.lower(), f.name.lower())}
    if name.strip().lower() not in known:
        keys = sorted({k for g in chosen for k in g.content().factions})
        raise InputError(f"--faction {name}: no such faction ({', '.join(keys)})")
