"""A module summary in words, for ``staffwork inspect``: ``module_text`` gives the text form of
an inspect report (a `vassal.summary.ModuleSummary` as a dict, plus the file's notes),
``summary_lines`` the same account of a summary alone.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import Any

from vassal.summary import ModuleSummary

__all__ = ["summary_lines", "module_text"]


def summary_lines(summary: ModuleSummary) -> list[str]:
    """A short human-readable account of a summary."""
    return _report_lines(dataclasses.asdict(summary))


def module_text(report: Mapping[str, Any]) -> str:
    """The text form of ``module_report``."""
    lines = []
    if "file" in report:
        lines.append(f"{report['file']}: {report.get('buildfile', '')}, {report.get('images', 0)} image(s)")
    lines.extend(_report_lines(report))
    lines.extend(f"  note: {n}" for n in report.get("notes", []))
    return "\n".join(lines) + "\n"


def _report_lines(r: Mapping[str, Any]) -> list[str]:
    lines = [f"module {r['name']!r} version {r['version']!r} (saved by VASSAL {r['vassal_version'] or '?'})"]
    for m in r["maps"]:
        lines.append(
            f"  {m['kind']} {m['identifier']!r}: {len(m['boards'])} board(s), "
            f"{m['at_start_stacks']} at-start stack(s), {m['decks']} deck(s)"
        )
        for b in m["boards"]:
            lines.append(f"    board {b['name']!r} image {b['image']!r}: {_grid_title(b['grid'])}")
            if b["grid"]:
                lines.extend(_grid_lines(b["grid"], "      "))
            for z in b["zones"]:
                lines.append(
                    f"      zone {z['name']!r} format {z['location_format']!r}"
                    + (" (parent grid)" if z["use_parent_grid"] else "")
                    + (f": {_grid_title(z['grid'])}" if z["grid"] else "")
                )
                if z["grid"]:
                    lines.extend(_grid_lines(z["grid"], "        "))
    for w in r["piece_windows"]:
        lines.append(f"  piece window {w['identifier']!r}: {w['piece_slots']} slot(s)")
    lines.append(
        f"  {r['piece_slots']} piece slot(s), {r['card_slots']} card slot(s), {len(r['prototypes'])} prototype(s)"
    )
    for setup in r["predefined_setups"]:
        lines.extend(_setup_lines(setup, "  "))
    for t in r["turn_trackers"]:
        lines.append(
            f"  turn tracker {t['name']!r} ({t['identifier']}): "
            f"{len(t['levels'])} level(s), shown as {t['turn_format']!r}"
        )
        lines.extend(_level_lines(t["levels"], "    "))
    if r["global_properties"]:
        lines.append(f"  {len(r['global_properties'])} global property(ies)")
    if r["player_sides"]:
        lines.append("  sides: " + ", ".join(r["player_sides"]))
    for d in r["dice_buttons"]:
        lines.append(f"  {d['kind']} {d['name']!r}: {d['dice']}d{d['sides']}")
    for c in r["charts"]:
        lines.append(f"  chart {c['name']!r} ({c['file']}) in {c['window']!r}")
    for tag, count in r["unknown_classes"]:
        lines.append(f"  not in the component table: {tag} x{count}")
    return lines


_GRID_KEYS = ("sideways", "dx", "dy", "x0", "y0", "snapTo", "edgesLegal", "cornersLegal")
_NUMBERING_KEYS = (
    "first",
    "sep",
    "hType",
    "hLeading",
    "hOff",
    "hDescend",
    "vType",
    "vLeading",
    "vOff",
    "vDescend",
    "stagger",
    "locationFormat",
)


def _grid_title(grid: Mapping[str, Any] | None) -> str:
    if not grid:
        return "no grid"
    title = grid["kind"]
    if grid.get("numbering_kind"):
        title += f" + {grid['numbering_kind']}"
    if grid.get("regions") is not None:
        title += f" ({grid['regions']} region(s))"
    if grid["kind"] == "ZonedGrid":
        background = grid.get("background")
        title += f", background {_grid_title(background)}" if background else ", no background grid"
    return title


def _grid_lines(grid: Mapping[str, Any], indent: str) -> list[str]:
    """The attributes that decide where hexes are and what they are called; for a zoned grid,
    those of its background grid (the board's main grid)."""
    if grid["kind"] == "ZonedGrid":
        background = grid.get("background")
        inner = _grid_lines(background, indent + "  ") if background else []
        return [indent + f"background {_grid_title(background)}:"] + inner if inner else []
    attrs = grid["attributes"]
    shown = " ".join(f"{k}={attrs[k]}" for k in _GRID_KEYS if k in attrs)
    out = [indent + "geometry: " + shown] if shown else []
    if grid.get("numbering"):
        numbering = grid["numbering"]
        out.append(
            indent
            + "numbering: "
            + " ".join(
                f"{k}={numbering[k]!r}" if k in ("sep", "locationFormat") else f"{k}={numbering[k]}"
                for k in _NUMBERING_KEYS
                if k in numbering
            )
        )
    return out


def _level_lines(levels: Iterable[Mapping[str, Any]], indent: str) -> list[str]:
    """A turn tracker's levels, nested as they nest: what each counts and how it shows it."""
    out = []
    for number, level in enumerate(levels, start=1):
        if level["kind"] == "ListTurnLevel":
            values = level["values"]
            what = f"list of {len(values)}: " + ", ".join(values)
        else:
            start, incr, loop, limit = (list(level["values"]) + ["", "", "", ""])[:4]
            what = f"counter from {start or '1'} by {incr or '1'}"
            if loop == "true":
                what += f", back to {start or '1'} after {limit}"
        prop = f", property {level['property']!r}" if level["property"] else ""
        shown = f", shown as {level['turn_format']!r}" if level["turn_format"] != "$value$" else ""
        out.append(f"{indent}level {number} {level['name']!r}{prop}{shown}: {what}")
        out.extend(_level_lines(level["children"], indent + "  "))
    return out


def _setup_lines(setup: Mapping[str, Any], indent: str) -> list[str]:
    if setup["is_menu"]:
        head = [f"{indent}setup menu {setup['name']!r}"]
        return head + [line for c in setup["children"] for line in _setup_lines(c, indent + "  ")]
    target = setup["file"] if setup["use_file"] else "(new game)"
    return [f"{indent}setup {setup['name']!r}: {target}"]
