"""Time the full-size map board render (issue 4: under a minute here) and check its size.

    /tmp/venv/bin/python benchmarks/map_render.py [OUT.png]

Prints the render and PNG-write times and the image size; exits 1 over the limit.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

from builder.render import mapart
from wargame.board import board_for

LIMIT_S = 60.0


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.gettempdir()) / "staffwork-map.png"
    started = time.perf_counter()
    result = mapart.render_map("use")
    drawn = time.perf_counter()
    mapart.save_png(result.image, out)
    done = time.perf_counter()
    board = board_for("use")
    w, h = result.image.size
    print(
        f"map render: {drawn - started:.1f} s drawing + {done - drawn:.1f} s PNG = {done - started:.1f} s "
        f"on {os.cpu_count()} cores (limit {LIMIT_S:.0f} s)"
    )
    print(
        f"image: {w} x {h} px (board.toml {board.width} x {board.height}), {out.stat().st_size / 1e6:.1f} MB -> {out}"
    )
    print(
        f"labels: {sum(lab.kind == 'city' for lab in result.labels)} city names, "
        f"{sum(lab.kind == 'hex' for lab in result.labels)} hex numbers"
    )
    ok = (w, h) == (board.width, board.height) and done - started < LIMIT_S
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
