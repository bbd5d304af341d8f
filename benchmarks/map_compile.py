"""Time `staffwork map compile use` and check it is deterministic.

    python benchmarks/map_compile.py            compile twice into temporary folders, print the
                                               time of each stage and whether the outputs match
                                               each other and the committed files

Needs the mapmaker extra and its data (builder/mapmaker/README.md).
"""

from __future__ import annotations

import hashlib
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from builder.mapmaker.compile import compile_map  # noqa: E402

NAMES = (
    "hexes.csv",
    "hexsides.csv",
    "cities.csv",
    "seazones.csv",
    "seazone_links.csv",
    "fit_report.csv",
    "geometry.json",
)


def digest(folder: Path) -> dict[str, str]:
    return {n: hashlib.sha256((folder / n).read_bytes()).hexdigest() for n in NAMES}


def main() -> int:
    from builder.mapmaker.sources import MissingSources, find

    try:
        find()
    except MissingSources as exc:
        print(f"cannot benchmark: {exc}", file=sys.stderr)
        return 2
    runs = []
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(2):
            out = Path(tmp) / f"run{i}"
            start = time.perf_counter()
            report = compile_map(REPO / "scenarios" / "use", out_dir=out)
            runs.append((time.perf_counter() - start, digest(out), report))
    for i, (seconds, _, report) in enumerate(runs):
        print(f"run {i + 1}: {seconds:.1f} s")
        for stage, sec in report.seconds.items():
            print(f"    {stage:32s} {sec:6.2f} s")
    same = runs[0][1] == runs[1][1]
    committed = runs[0][1] == digest(REPO / "scenarios" / "use" / "map")
    print(f"deterministic (two runs identical): {same}")
    print(f"identical to the committed files:   {committed}")
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
