"""Time `staffwork build use`: a cold build (empty image cache) and a rebuild with nothing changed.

    python benchmarks/build.py [GAME]      builds twice into a temporary dist folder, prints the
                                           time of each step, and whether both modules are
                                           byte-identical

Targets (issue 5): cold under 60 s, no-change rebuild under 3 s.
"""

from __future__ import annotations

import hashlib
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from builder.module.build import build_module  # noqa: E402


def main(game: str = "use") -> int:
    with tempfile.TemporaryDirectory() as tmp:
        dist = Path(tmp)
        runs = []
        for label in ("cold", "warm"):
            start = time.perf_counter()
            report = build_module(game, dist)
            elapsed = time.perf_counter() - start
            runs.append(hashlib.sha256(report.path.read_bytes()).hexdigest())
            steps = ", ".join(f"{k} {v:.2f}" for k, v in report.seconds.items() if k != "total")
            print(f"{label}: {elapsed:5.2f} s  ({steps}); drawn {report.cache_misses}, "
                  f"cached {report.cache_hits}; {report.size / 1e6:.1f} MB")
        print("byte-identical:", runs[0] == runs[1])
    return 0 if runs[0] == runs[1] else 1


if __name__ == "__main__":
    raise SystemExit(main(*sys.argv[1:]))
