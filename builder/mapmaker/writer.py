"""Deterministic writing: rows sorted by the caller, fixed line endings, written to a temporary
name and renamed so an interrupted compile never leaves half a file."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any


def write_text(path: Path, text: str) -> None:
    """UTF-8, "\n" line ends, through vassal.archive.atomic_write (temporary file removed on
    any failure or stop)."""
    from vassal.archive import atomic_write

    atomic_write(path, text.encode("utf-8"))


def write_csv(path: Path, header: list[str], rows: list[list[Any]], comment: str = "") -> None:
    buf = io.StringIO()
    for line in comment.splitlines():
        buf.write(f"# {line}\n" if line else "#\n")
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(header)
    for r in rows:
        w.writerow(["" if v is None else v for v in r])
    write_text(path, buf.getvalue())


def write_json(path: Path, data: Any) -> None:
    write_text(path, json.dumps(data, separators=(",", ":"), sort_keys=False) + "\n")
