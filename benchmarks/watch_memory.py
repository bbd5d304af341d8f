"""Memory and speed of `staffwork watch` over many re-checks.

    python benchmarks/watch_memory.py [--checks 1000] [--picture-every 0]

Writes two different saves (the 4.2.3.1 example, with and without an overstack) in turn into
a temporary folder, lets the watcher re-check each one, and prints the traced Python memory
(tracemalloc) after the first 100 re-checks and at the end, the growth between the two, and
the time per re-check. Flat memory means the growth stays within noise (a few hundred KB).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests"))

from assistant.watch import Watcher  # noqa: E402

from logmaker import LogMaker, unit_piece  # noqa: E402


def saves(folder: Path) -> list[bytes]:
    base = {
        "2P": (unit_piece("2P", "GER", "axis", "tank"), "2915"),
        "10A": (unit_piece("10 Army", "FRA", "western"), "2914"),
        "6A": (unit_piece("6 Army", "FRA", "western"), "3115"),
        "16A": (unit_piece("16 Army", "GER", "axis"), "2923"),
    }
    stacked = dict(base, extra=(unit_piece("1 Army", "GER", "axis"), "2923"))
    out = []
    for i, pieces in enumerate((base, stacked)):
        out.append(LogMaker(pieces).write_save(folder / f"v{i}.vsav").read_bytes())
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--checks", type=int, default=1000)
    ap.add_argument("--picture-every", type=int, default=0, help="draw the picture every N checks")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        versions = saves(root)
        folder = root / "watched"
        folder.mkdir()
        w = Watcher(folder, root / "out", interval=0.0, settle=0.0, picture=False, echo=lambda s: None)
        target = folder / "game.vsav"
        tracemalloc.start()
        marks: dict[int, int] = {}
        started = time.perf_counter()
        for n in range(1, args.checks + 1):
            w.picture = bool(args.picture_every) and n % args.picture_every == 0
            target.write_bytes(versions[n % 2])
            while not w.poll():
                pass
            if n in (100, args.checks):
                marks[n] = tracemalloc.get_traced_memory()[0]
        elapsed = time.perf_counter() - started
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    first, last = marks[100], marks[args.checks]
    print(f"re-checks: {args.checks}, {1000 * elapsed / args.checks:.1f} ms each")
    print(
        f"traced memory after 100: {first / 1e6:.2f} MB, after {args.checks}: {last / 1e6:.2f} MB, "
        f"growth {(last - first) / 1e3:+.1f} KB, peak {peak / 1e6:.2f} MB"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
