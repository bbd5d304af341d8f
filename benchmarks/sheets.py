"""Time `staffwork sheets use` on the whole USE counter set and report the PDF's size.

    python benchmarks/sheets.py [--dpi 300] [--jpeg 92]

Renders every counter (both faces) at print resolution, lays out the sheets and writes the
PDF twice into a temporary folder: prints the time of each stage, pages, size, and whether
the two PDFs are byte-identical. The issue's bar: under 30 s.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from builder.sheets import Choice, SheetSpec, build, chosen, content_art, sheets_pdf  # noqa: E402
from vassal.archive import atomic_write  # noqa: E402
from wargame.content import default_folder, load_content  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dpi", type=int, default=300)
    parser.add_argument("--jpeg", type=int, help="also time JPEG art at this quality")
    args = parser.parse_args()
    spec = SheetSpec(dpi=args.dpi)
    outputs = []
    for run in (1, 2):
        t0 = time.perf_counter()
        content = load_content(default_folder("use"))
        arts = content_art(content, chosen(content, Choice()), spec.counter_px)
        t1 = time.perf_counter()
        sheets = build(arts, spec, "USE counters")
        data = sheets_pdf(sheets, "USE counters")
        t2 = time.perf_counter()
        with tempfile.TemporaryDirectory() as tmp:
            atomic_write(Path(tmp) / "use-counters.pdf", data)
        t3 = time.perf_counter()
        outputs.append(data)
        print(
            f"run {run}: {len(sheets.slots)} counters, {len(arts)} designs, "
            f"{len(sheets.pages)} pages at {spec.dpi} dpi; render {t1 - t0:.1f} s, "
            f"layout+PDF {t2 - t1:.1f} s, write {t3 - t2:.2f} s, total {t3 - t0:.1f} s; "
            f"{len(data) / 1e6:.1f} MB (lossless)"
        )
    print("byte-identical:", outputs[0] == outputs[1])
    if args.jpeg:
        t = time.perf_counter()
        data = sheets_pdf(sheets, "USE counters", jpeg_quality=args.jpeg)
        print(f"JPEG q{args.jpeg}: {len(data) / 1e6:.1f} MB, PDF {time.perf_counter() - t:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
