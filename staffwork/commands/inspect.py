"""``staffwork inspect FILE [--module MOD] [--json]``: what a .vmod, .vsav or .vlog holds.

Reads only. For a saved game or log, every piece is listed with its map, pixel position and,
when the module is known (``--module``, or our own built module named in the save), the
location name VASSAL would give it -- the hex for a hex map; for a log, each step's moves.
Problems that cost location names (maps the module lacks, board images it cannot size) are
warning lines on standard error, printed after the report; an unreadable module is bad
input (one line, status 2) before anything is printed.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from staffwork.errors import OK, InputError
from staffwork.games import built_module_for


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "inspect",
        help="show what a VASSAL module, saved game or log holds",
        description="Show what a VASSAL module (.vmod), saved game (.vsav) or log (.vlog) "
        "holds. For saves and logs: every piece with its map, position and location name "
        "(hex), stack, properties and layers, the global properties and the turn; for a log, "
        "its steps and which piece each step moved where. What keeps a location from being "
        "named (a map the module lacks, a board image it cannot size) is a warning line on "
        "standard error. Never writes to its inputs.",
    )
    p.add_argument("file", help="a .vmod, .vsav or .vlog file")
    p.add_argument("--module", metavar="MOD", help="the module the save belongs to, for hex names")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from vassal.inspection import file_kind, inspect_save, load_module_maps
    from vassal.module import module_report

    kind = file_kind(args.file)
    if kind == "module":
        if args.module:
            raise InputError(f"{args.file}: --module is for saved games and logs, not modules")
        report = module_report(args.file)
        _emit(report, args.json, _module_text)
        return OK
    module_path = args.module
    if module_path is None:
        from vassal.savefile import read_moduledata

        meta = read_moduledata(args.file)
        found = built_module_for(meta.name if meta else None)
        module_path = str(found) if found else None
    module = load_module_maps(module_path) if module_path else None
    if module is not None and file_kind(module_path) != "module":
        raise InputError(f"{module_path}: not a module (it is a saved game)")
    report = inspect_save(args.file, module)
    _emit(report, args.json, _save_text)
    for warning in report["warnings"]:
        sys.stderr.write(f"staffwork: warning: {warning}\n")
    return OK


def _emit(report: dict[str, Any], as_json: bool, text: Any) -> None:
    if as_json:
        from staffwork.jsontext import dumps  # json.dumps(indent=2) as one string, faster

        sys.stdout.write(dumps(report))  # one write: json.dump writes every token on its own
        sys.stdout.write("\n")
    else:
        sys.stdout.write(text(report))


def _save_text(r: dict[str, Any]) -> str:
    lines = [
        f"{r['file']}: {r['kind']}, module "
        + (f"{_q(r['module_name'])} {r['module_version'] or ''}".rstrip() if r["module_name"] else "unknown")
        + f", saved with VASSAL {r['saved_with'] or 'unknown'}, {r['encoding']} encoding",
    ]
    if r["located_with"]:
        lines.append(f"locations from {r['located_with']}")
    else:
        lines.append("locations unknown: give the module with --module to name hexes")
    for map_id, boards in r["boards"].items():
        lines.append(
            f"map {map_id}: "
            + ", ".join(f"{b['board']}{' (reversed)' if b['reversed'] else ''} at {b['x']},{b['y']}" for b in boards)
        )
    for name, value in r["properties"].items():
        lines.append(f"property {name} = {value}")
    for tracker, turn in r["turns"].items():
        if turn["turn"] is not None:
            levels = ", ".join(f"{lv['level']} {_q(lv['value'])}" for lv in turn["levels"])
            lines.append(f"turn {_q(turn['name'])} ({tracker}): {_q(turn['turn'])} ({levels})")
        else:
            why = "not in the module" if r["located_with"] else "give --module to read it"
            lines.append(f"turn {tracker}: saved state {turn['state']} ({why})")
    for pid, p in r["players"].items():
        lines.append(f"player {p['name'] or pid}: {p['side']}")
    pieces = r["pieces"]
    lines.append(f"{len(pieces)} pieces")
    rows = [("id", "name", "map", "x", "y", "location", "stack")]
    for p in pieces:
        stack = f"{p['stack']}[{p['stack_index']}]" if p["stack"] else ""
        rows.append((p["id"], p["name"], p["map"] or "(none)", str(p["x"]), str(p["y"]), p["location"] or "", stack))
    widths = [min(max(len(row[i]) for row in rows), 32) for i in range(len(rows[0]))]
    for n, row in enumerate(rows):
        lines.append("  " + "  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip())
        piece = pieces[n - 1] if n else None
        if piece:
            extra = _piece_details(piece)
            if extra:
                lines.append("      " + extra)
    if "steps" in r:
        lines.append(f"{len(r['steps'])} steps")
        for s in r["steps"]:
            chat = " | ".join(c.strip() for c in s["chat"])
            lines.append(
                f"  step {s['number']}{' (undo)' if s['undo'] else ''}: "
                f"{s['commands']} commands{': ' + chat if chat else ''}"
            )
            for m in s["moves"]:
                lines.append(f"    {m['name'] or m['id']}: {_place(m['from'], 'new')} -> {_place(m['to'], 'removed')}")
    return "\n".join(lines) + "\n"


def _piece_details(p: dict[str, Any]) -> str:
    parts = []
    for name, layer in p["layers"].items():
        state = f"level {layer['level']}" + ("" if layer["active"] else " (inactive)")
        if layer["level_name"]:
            state += f" {_q(layer['level_name'])}"
        parts.append(f"layer {name or '(unnamed)'}: {state}")
    props = {**p["markers"], **p["dynamic"], **p["properties"]}
    if props:
        parts.append("properties: " + ", ".join(f"{k}={v}" for k, v in props.items()))
    if p["labels"]:
        parts.append("labels: " + ", ".join(_q(t) for t in p["labels"]))
    return "; ".join(parts)


def _place(where: dict[str, Any] | None, absent: str) -> str:
    """A piece's place in a step: map, location name and pixels; or why it has none."""
    if where is None:
        return f"({absent})"
    if where["map"] is None:
        return f"(no map) {where['x']},{where['y']}"
    location = f" {_q(where['location'])}" if where["location"] else ""
    return f"{where['map']}{location} {where['x']},{where['y']}"


def _q(text: str | None) -> str:
    return f'"{text}"' if text else '""'


def _module_text(r: dict[str, Any]) -> str:
    from vassal.summary_text import module_text

    return module_text(r)
