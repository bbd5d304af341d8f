"""Deterministic writing: rows sorted by the caller, fixed line endings, written to a temporary
name and renamed so an interrupted compile never leaves half a file."""

from __future__ import annotations

import csv
import io
import json
import os
from pathlib import Path
from typing import Any


def write_text(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    os.replace(tmp, path)


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
