"""``staffwork build GAME [--dist DIR] [--no-cache]``: build the game's VASSAL module.

Writes DIST/GAME.vmod (default dist/) atomically after every check passed, and prints where it
is, its size, what it holds (maps, pieces, setups) and the time of each step.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from staffwork.errors import OK
from staffwork.progress import add_option, bar_for


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "build",
        help="build the game's VASSAL module (dist/GAME.vmod)",
        description="Build a game's VASSAL module from its data.",
    )
    p.add_argument("game", help="the game's key (staffwork --help lists them)")
    p.add_argument("--dist", type=Path, default=None, help="output folder (default: ./dist)")
    p.add_argument("--no-cache", action="store_true", help="draw every image again")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress lines or bars")
    add_option(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from wargame.games import find_game

    find_game(args.game)  # one line naming the known games when it is not one
    from builder.module.build import build_module

    bar = bar_for(args)

    def progress(line: str) -> None:
        if not args.quiet:
            bar.close()
            print(f"... {line}", file=sys.stderr, flush=True)

    try:
        report = build_module(args.game, args.dist, cache=not args.no_cache, progress=progress, stage=bar.stage)
    finally:
        bar.close()
    print(f"wrote {report.path} ({report.size / 1_000_000:.1f} MB), version {report.version}")
    print(
        f"maps {report.maps}, pieces {report.pieces}, prototypes {report.prototypes}, "
        f"setups {report.setups}, images {report.images}"
    )
    for name, count in report.setup_pieces.items():
        print(f"  setup {name}: {count} pieces, {report.setup_hexes[name]} on hexes")
    print(
        f"images from cache {report.cache_hits}, drawn {report.cache_misses}; "
        + ", ".join(f"{k} {v:.2f} s" for k, v in report.seconds.items())
    )
    for w in report.warnings:
        print(f"warning: {w}")
    return OK
