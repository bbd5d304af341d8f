"""How fast `staffwork check` is on a full-map position (issue 7: rules < 100 ms, command < 1 s).

    python benchmarks/check.py [UNITS]

Writes a save with UNITS units (default 420) spread over German, French, British, Italian and
Soviet hexes, then times: reading the save, the rules (second run, map already loaded), and the
whole command in a fresh Python process, with --json and with --picture.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))

from test_check_support import U, write_position  # noqa: E402

from assistant.board import read_position  # noqa: E402
from wargame.mapdata import load_game  # noqa: E402
from wargame.rules.use import check  # noqa: E402

NATIONS = {"GER": "axis", "ITA": "axis", "FRA": "western", "UK": "western", "USSR": "soviet"}
KINDS = [("ground", "infantry"), ("ground", "tank"), ("air", "fighter"), ("air", "bomber")]
CLI = ("import sys, staffwork.cli as c; c.SUBCOMMANDS = tuple(c.SUBCOMMANDS) + ('check',) "
       "if 'check' not in c.SUBCOMMANDS else c.SUBCOMMANDS; sys.exit(c.main(sys.argv[1:]))")


def pieces(count: int) -> list[U]:
    m = load_game("use")
    hexes = {n: [h for h, i in sorted(m.hexes.items()) if i.country == n and i.is_land and not i.faded_dot
                 and not i.restricted and not i.overseas] for n in NATIONS}
    out = []
    n = 0
    while len(out) < count:
        for nation in NATIONS:
            pool = hexes[nation]
            if n < len(pool) and len(out) < count:
                kind, type_ = KINDS[n % len(KINDS)]
                out.append(U(nation, kind, type_, pool[(n * 7) % len(pool)], faction=NATIONS[nation]))
        n += 1
    return out


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 420
    with tempfile.TemporaryDirectory() as tmp:
        save = write_position(Path(tmp) / "bench.vsav", pieces(count), {"Status_ITA": "active axis"})
        t0 = time.perf_counter()
        board = read_position(save)
        t1 = time.perf_counter()
        check(board.position)  # first run loads the map, content and adjacency tables
        t2 = time.perf_counter()
        runs = [time.perf_counter()]
        for _ in range(5):
            result = check(board.position)
            runs.append(time.perf_counter())
        rules = min(b - a for a, b in zip(runs, runs[1:]))
        print(f"{len(board.position.units)} units, {len(result.findings)} findings")
        print(f"read save (map and content cold): {1000 * (t1 - t0):6.0f} ms")
        print(f"rules, first run (loads map):     {1000 * (t2 - t1):6.0f} ms")
        print(f"rules, warm (best of 5):          {1000 * rules:6.0f} ms   target < 100 ms")
        for extra in ([], ["--json"], ["--picture", str(Path(tmp) / "bench.png")]):
            t = time.perf_counter()
            subprocess.run([sys.executable, "-c", CLI, "check", str(save), *extra], cwd=REPO,
                           stdout=subprocess.DEVNULL, check=False)
            label = "whole command " + (" ".join(extra[:1]) or "(text)")
            print(f"{label + ':':<34}{1000 * (time.perf_counter() - t):6.0f} ms   target < 1000 ms")


if __name__ == "__main__":
    main()
