"""Time `staffwork build use`: a cold build (empty image cache) and a rebuild with nothing changed.

    python benchmarks/build.py [GAME]      builds twice into a temporary dist folder, prints the
                                           time of each step, and whether both modules are
                                           byte-identical

Targets (issue 5): cold under 60 s, no-change rebuild under 3 s. Issue 20: the cold build within
4x of its floor, measured in the same run: decoding the module's images and encoding them again
as the builder does (PNG, compression level 6), and zipping them with the module's other entries.
Each figure also gives the CPU seconds it took (this process and its drawing workers): the build
draws on every core and the floor on one, so on a machine busy with other work the wall-clock
ratio grows while the CPU ratio holds.
"""

from __future__ import annotations

import hashlib
import io
import resource
import sys
import tempfile
import time
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from builder.module.build import build_module  # noqa: E402


def main(game: str = "use") -> int:
    with tempfile.TemporaryDirectory() as tmp:
        dist = Path(tmp)
        runs = []
        for label in ("cold", "warm"):
            start, cpu = time.perf_counter(), cpu_seconds()
            report = build_module(game, dist)
            elapsed, cpu = time.perf_counter() - start, cpu_seconds() - cpu
            runs.append(hashlib.sha256(report.path.read_bytes()).hexdigest())
            steps = ", ".join(f"{k} {v:.2f}" for k, v in report.seconds.items() if k != "total")
            print(
                f"{label}: {elapsed:5.2f} s, CPU {cpu:5.2f} s  ({steps}); drawn {report.cache_misses}, "
                f"cached {report.cache_hits}; {report.size / 1e6:.1f} MB"
            )
            if label == "cold":
                cold, cold_cpu = elapsed, cpu
        print("byte-identical:", runs[0] == runs[1])
        cpu = cpu_seconds()
        images, floor = encode_floor(report.path, dist / "floor.zip")
        floor_cpu = cpu_seconds() - cpu
        print(
            f"floor: re-encoding and zipping the same {images} images {floor:5.2f} s, CPU {floor_cpu:5.2f} s; "
            f"the cold build is {cold / floor:.1f}x it (CPU {cold_cpu / floor_cpu:.1f}x)   "
            f"target within 4x: {'met' if cold <= 4 * floor else 'NOT met'}"
        )
    return 0 if runs[0] == runs[1] else 1


def cpu_seconds() -> float:
    """User and system CPU seconds of this process and of its children that have ended (the
    build's forked workers are waited for before it returns)."""
    me, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + children.ru_utime + children.ru_stime


def encode_floor(module: Path, out: Path) -> tuple[int, float]:
    """(images, seconds) to decode every image of the module, encode it again as the builder
    does, and write the module's entries into a zip: what a build cannot do without."""
    from PIL import Image

    from vassal.archive import write_archive

    with zipfile.ZipFile(module) as zf:
        entries = {name: zf.read(name) for name in zf.namelist()}
    names = [n for n in entries if n.lower().endswith(".png")]
    start = time.perf_counter()
    for name in names:
        with Image.open(io.BytesIO(entries[name])) as image:
            buf = io.BytesIO()
            image.save(buf, "PNG", compress_level=6)
            entries[name] = buf.getvalue()
    write_archive(out, entries)
    return len(names), time.perf_counter() - start


if __name__ == "__main__":
    raise SystemExit(main(*sys.argv[1:]))
