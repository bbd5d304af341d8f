"""What a map compile produces besides its files: the per-hex columns it writes and the report
it prints (seconds per stage, the fit, counts, warnings, the files written)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from builder.mapmaker.fit import Warp


@dataclass
class Report:
    seconds: dict[str, float] = field(default_factory=dict)
    warp: Warp | None = None
    counts: dict[str, dict[str, int]] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    written: list[Path] = field(default_factory=list)


@dataclass
class HexData:
    """Per-hex columns while compiling (lists indexed like Cells.ids)."""

    kind: list[str]
    land_pct: list[int]
    features: list[set[str]]
    lake: list[bool]
    terrain: list[str]
    country: list[str]
    area: list[str]
    disputed: list[str]
    line: list[str]
    weather: list[str]
    zones: list[tuple[int, ...]]
    faded: list[bool]
    transport: list[bool]
