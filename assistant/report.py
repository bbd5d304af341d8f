"""What `staffwork check` says about a position: text, JSON and a picture.

    report_dict(board, check) -> dict          the JSON document (schema below)
    report_text(doc) -> str                    problems first, by faction; then a summary
    explain_text(doc, unit) -> str             the full reasoning for one unit
    render_picture, picture_board         the picture (assistant.picture), re-exported here
    module_board_image, BoardArt          what it is drawn over (assistant.board_art)

JSON schema "staffwork.check/1" (stable: fields are only ever added):

    {"schema": "staffwork.check/1", "file": str, "module": str, "game": str,
     "state": {"month": str, "phase": str, "weather": {zone: str}, "policies": [key],
               "ceded": [area], "nations": {abbr: {"status": str, "faction": str|null}}},
     "findings": [{"rule": "3.3", "check": "stacking|placement|supply", "severity": "problem|note",
                   "faction": str, "units": [id], "hexes": [hex or box], "reason": str,
                   "path": [hex, "SZ n" or box]}],
     "units": [{"id": str, "name": str, "nationality": str, "faction": str, "kind": str,
                "type": str, "where": hex|box|null, "marked_supply": "full|low|none",
                "supply": null | {"state": "full|low|none", "source": str, "source_at": str,
                          "limited": bool, "via": "land|sea|exempt|", "path": [..],
                          "convoy": str, "exempt": str, "note": str,
                          "blocked": [{"hex": str, "why": str}]}}],
     "ezoc": {faction: {"count": int, "hexes": [hex]}},
     "control": {faction: int},                  hexes each side controls (games with hex control)
     "control_hexes": {faction: [hex]},          which hexes
     "summary": {"units": int, "supply": {"full": n, "low": n, "none": n}, "problems": int,
                 "notes": int, "by_check": {check: n}},
     "skipped_pieces": [id],
     "applied": {"file": str, "factions": [name],          only with check --apply: the new save
                 "changes": [{"id": str, "unit": str, "where": str, "before": state,
                              "after": state, "rule": str, "why": str}],
                 "convoys": [{"unit": str, "where": str, "traces": n, "spare_sorties": n}]}}
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from assistant.board import SavedPosition
from wargame.games import find_game
from wargame.rules import Finding
from wargame.rules.position import Unit
from wargame.rules.results import Check, SupplyLine

if TYPE_CHECKING:  # imported when first asked for (__getattr__ below)
    from assistant.board_art import BoardArt, module_board_image
    from assistant.picture import BARRED, DOT, LAND, WATER, picture_board, render_picture

SCHEMA = "staffwork.check/1"


def report_dict(board: SavedPosition, check: Check) -> dict[str, Any]:
    pos = check.situation.pos  # factions as the scenario has them (13.1.1), not as printed
    st = pos.state
    lines = check.supply.lines
    units = [_unit_dict(u, lines.get(u.id)) for u in sorted(pos.units, key=lambda u: u.id)]
    findings = [_finding_dict(f) for f in check.findings]
    order = find_game(pos.game).content().settings.faction_order
    factions = sorted({u.faction for u in pos.units if u.faction}, key=lambda f: _faction_key(f, order))
    ezoc = {f: {"count": len(h), "hexes": sorted(h)} for f in factions for h in [check.zoc.hexes(f)]}
    supply_counts = Counter(line.state for line in lines.values())
    return {
        "schema": SCHEMA,
        "file": board.file,
        "module": board.module_name,
        "game": pos.game,
        "factions": list(order),
        "boards": list(pos.boards),
        "state": {
            "month": st.month,
            "phase": st.phase,
            "weather": dict(st.weather),
            "policies": sorted(st.policies),
            "ceded": sorted(st.ceded),
            "nations": {k: {"status": v.status, "faction": v.faction} for k, v in st.nations.items()},
        },
        "findings": findings,
        "units": units,
        "ezoc": ezoc,
        "control": dict(sorted(Counter(check.control.values()).items(), key=lambda kv: _faction_key(kv[0], order))),
        "control_hexes": {
            f: sorted(h for h, who in check.control.items() if who == f)
            for f in sorted(set(check.control.values()), key=lambda f: _faction_key(f, order))
        },
        "summary": {
            "units": len(pos.units),
            "supply": {s: supply_counts.get(s, 0) for s in ("full", "low", "none")},
            "problems": sum(1 for f in check.findings if f.severity == "problem"),
            "notes": sum(1 for f in check.findings if f.severity == "note"),
            "by_check": dict(sorted(Counter(f.check for f in check.findings).items())),
        },
        "skipped_pieces": list(board.skipped),
    }


def _unit_dict(u: Unit, line: SupplyLine | None) -> dict[str, Any]:
    """A unit in the JSON report, with the supply line the check traced for it."""
    return {
        "id": u.id,
        "name": u.name,
        "nationality": u.nationality,
        "faction": u.faction,
        "kind": u.kind,
        "type": u.type,
        "where": u.hex or u.box,
        "marked_supply": u.supply,
        "supply": None
        if line is None
        else {
            "state": line.state,
            "source": line.source,
            "source_at": line.source_at,
            "limited": line.limited,
            "via": line.via,
            "path": list(line.path),
            "convoy": line.convoy,
            "exempt": line.exempt,
            "note": line.note,
            "blocked": [{"hex": h, "why": w} for h, w in line.blocked],
        },
    }


def _finding_dict(f: Finding) -> dict[str, Any]:
    return {
        "rule": f.rule,
        "check": f.check,
        "severity": f.severity,
        "faction": f.faction,
        "units": list(f.units),
        "hexes": list(f.hexes),
        "reason": f.reason,
        "path": list(f.path),
    }


def _faction_key(f: str, order: tuple[str, ...] | list[str]) -> tuple[int, str]:
    return (list(order).index(f) if f in order else 9, f)


def _unit_names(doc: dict[str, Any]) -> dict[str, str]:
    return {u["id"]: f"{u['nationality']} {u['name']}" for u in doc["units"]}


def report_text(doc: dict[str, Any]) -> str:
    names = _unit_names(doc)
    out = [
        f"{doc['file']}: {doc['game'].upper()} position, {doc['summary']['units']} units"
        + (f", {doc['state']['month']}" if doc["state"]["month"] else "")
        + (f", {doc['state']['phase']}" if doc["state"]["phase"] else "")
    ]
    for severity, title in (("problem", "Problems"), ("note", "Notes")):
        chosen = [f for f in doc["findings"] if f["severity"] == severity]
        if not chosen:
            continue
        out.append(f"{title} ({len(chosen)}):")
        for faction in sorted({f["faction"] for f in chosen}, key=lambda f: _faction_key(f, doc["factions"])):
            out.append(f"  {faction.capitalize()}:")
            for f in (f for f in chosen if f["faction"] == faction):
                where = ",".join(f["hexes"])
                who = "; ".join(f"{names.get(u, u)} [{u}]" for u in f["units"][:4])
                out.append(f"    {f['rule']:<8} {where:<6} {who}: {f['reason']}")
    if not any(f["severity"] == "problem" for f in doc["findings"]):
        out.append("No problems found.")
    s = doc["summary"]
    out.append("Summary:")
    terms = find_game(doc["game"]).pack().supply_terms
    counts = ", ".join(f"{s['supply'].get(state, 0)} {terms.count_word(state)}" for state in terms.states)
    out.append(f"  supply now: {counts} (units on the map and in Map Boxes)")
    for faction, z in doc["ezoc"].items():
        out.append(f"  {faction.capitalize()} units have {z['count']} hexes in enemy ZOC")
    if doc.get("control"):
        out.append("  hexes controlled: " + ", ".join(f"{f.capitalize()} {n}" for f, n in doc["control"].items()))
    if doc["state"]["policies"]:
        out.append("  policies: " + ", ".join(doc["state"]["policies"]))
    if doc["skipped_pieces"]:
        out.append(f"  {len(doc['skipped_pieces'])} pieces are neither units nor markers and were skipped")
    return "\n".join(out) + "\n"


def find_unit(doc: dict[str, Any], key: str) -> list[dict[str, Any]]:
    """The units a key names: a piece id (exactly one), else every unit whose name or
    "NAT name" it is (case-insensitive, exact); the caller says which when there are several."""
    key_l = key.strip().lower()
    by_id = [u for u in doc["units"] if u["id"].lower() == key_l]
    if by_id:
        return by_id
    return [u for u in doc["units"] if key_l in (u["name"].lower(), f"{u['nationality']} {u['name']}".lower())]


def explain_text(doc: dict[str, Any], unit: dict[str, Any]) -> str:
    """The reasoning for one unit, in the words of its game (the pack's SupplyTerms)."""
    terms = find_game(doc["game"]).pack().supply_terms
    out = [
        f"{unit['nationality']} {unit['name']} [{unit['id']}] ({unit['faction']}, {unit['kind']} {unit['type']}) "
        f"at {unit['where'] or 'off the map'}; {terms.marked_as(unit['marked_supply'])}"
    ]
    line = unit["supply"]
    if line is None:
        out.append(f"Not on the map: no supply check ({terms.unchecked}).")
    elif line["exempt"]:
        out.append(f"Supplied without a trace: {line['exempt']}.")
    elif line["state"] != "none":
        kind = terms.sources.get("limited" if line["limited"] else "unlimited", "")
        out.append(
            f"Traces a {line['via']} line to {line['source']} ({line['source_at']}), a {kind} source"
            f"{terms.cite('source')}."
        )
        out.append("Path: " + " -> ".join(line["path"]))
        if line["convoy"]:
            out.append(f"The sea leg uses convoy [{line['convoy']}]{terms.cite('convoy')}.")
    else:
        out.append(f"Cannot trace supply: {line['note']}.")
        if line["blocked"]:
            out.append(f"Hexes that stop every line within reach{terms.cite('blocked')}:")
            out += [f"  {b['hex']}: {b['why']}" for b in line["blocked"]]
        else:
            out.append(f"Nothing blocks it nearby: {terms.nothing_blocks}.")
    for f in doc["findings"]:
        if unit["id"] in f["units"]:
            out.append(f"Finding {f['rule']} ({f['check']}): {f['reason']}")
    return "\n".join(out) + "\n"


# ------------------------------------------------------------------------------------------
# The picture lives in assistant.picture (layers, legend) and assistant.board_art (what it is
# drawn over); these names stay importable from here, imported when first asked for: a check
# without --picture draws nothing (issue 20).

_PICTURE_NAMES = {
    "BARRED": "assistant.picture",
    "DOT": "assistant.picture",
    "LAND": "assistant.picture",
    "WATER": "assistant.picture",
    "picture_board": "assistant.picture",
    "render_picture": "assistant.picture",
    "BoardArt": "assistant.board_art",
    "module_board_image": "assistant.board_art",
}


def __getattr__(name: str) -> Any:
    module = _PICTURE_NAMES.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(module), name)


__all__ = [
    "BARRED",
    "DOT",
    "LAND",
    "WATER",
    "BoardArt",
    "explain_text",
    "find_unit",
    "module_board_image",
    "picture_board",
    "render_picture",
    "report_dict",
    "report_text",
]
