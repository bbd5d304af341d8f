"""``staffwork check SAVE.vsav``: the rules assistant. Which units can trace supply and how,
where the enemy zones of control lie, which hexes are overstacked and which pieces stand where
they may not, with rule numbers.

``--apply OUT.vsav`` also writes the faction's Supply Check Sub-Phase into a new save
(assistant.supplycheck): every unit marked as the rules give, each change in the report and in
the new save's chat.

Exit status: 0 no problems, 1 problems found (in the position read), 2 bad input. Never writes
its inputs.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

from staffwork.errors import OK, PROBLEMS, InputError

# The --apply walk-through shown under the options of `staffwork check --help`.
_APPLY_EPILOG = (
    "Supply Check Sub-Phase (--apply): when the phasing faction has finished its Actions, "
    "save the game in VASSAL (end your log first if you keep one), run 'staffwork check SAVE.vsav "
    "--apply OUT.vsav --faction axis' (or let the save's phase, e.g. 'Axis Operations', name the "
    "faction) and open OUT.vsav in VASSAL (File > Open Game); begin a new log there. Every unit of "
    "the faction on the map then shows the supply state of 7.2: Full when it traces to an Unlimited "
    "source, Low to a Limited one (at most two units each), otherwise one step down (Full -> Low -> "
    "No). Each change is listed here and in the chat of OUT.vsav. Nothing else changes: no unit "
    "moves, flips or is eliminated (the No Supply Phase is yours), other factions' markers stay, "
    "convoys get no Sorties for the sea lines they carry and no line is intercepted (the report "
    "names the convoys: mark them by hand), and SAVE.vsav is never written. Apply once per Supply "
    "Check: units that cannot trace would step down again, so a save that already carries the "
    "faction's check is refused. A game that marks supply with marker counters (an Out of Supply "
    "marker) gets them put right on the units that cannot trace and taken off those that trace again, "
    "in its own rules' step (a save of its phase needs no --faction); a new marker copies one in the "
    "save, else the module's own piece (--module, else our build in ./dist). What the rules leave to "
    "the players (depleting a unit, taking used supply markers off) is listed, not done. Exit status "
    "as for the check of SAVE."
)


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "check",
        help="check a saved game against the rules (supply, ZOC, stacking, placement)",
        description="Check a VASSAL saved game against the rules: supply lines (7.0-7.4) with their "
        "paths, enemy zones of control (1.7), stacking (3.3) and where each unit may stand. "
        "Exit status 0 when nothing is wrong, 1 when problems are found, 2 for bad input.",
        epilog=_APPLY_EPILOG,
    )
    p.add_argument(
        "save",
        help="the saved game (.vsav), a log (.vlog): its position after the last step, or a "
        "position written in notation (.pos, docs/position-notation.md)",
    )
    p.add_argument("--module", metavar="MOD", help="the module (.vmod) the save belongs to")
    p.add_argument("--game", metavar="KEY", help="judge the save as this game (default: the game of its module)")
    p.add_argument("--json", action="store_true", help="print the JSON report (schema staffwork.check/1)")
    p.add_argument(
        "--picture",
        metavar="FILE.png",
        help="also draw a PNG of where the problems are (every unit "
        "when there are none): each unit's counter and name, supply, zones of control, with a key",
    )
    p.add_argument(
        "--board-image",
        metavar="PNG",
        help="draw the picture over this board image, of the board's exact "
        "size (default: the board art of the save's module, when it is given or built)",
    )
    p.add_argument("--explain", metavar="UNIT", help="the full reasoning for one unit (piece id or name)")
    _add_position_options(p)
    p.add_argument(
        "--apply",
        metavar="OUT.vsav",
        help="write a new save in which every unit of the checking "
        "faction carries the supply marking of its supply check (a layer of its counter, or a marker "
        "counter on it); SAVE is never changed",
    )
    p.add_argument(
        "--faction",
        metavar="FACTION",
        action="append",
        default=[],
        help="with --apply: whose Supply Check (repeatable); needed when the save's phase does "
        "not name an Operations phase's faction",
    )
    p.add_argument(
        "--notation",
        action="store_true",
        help="print the position in one line of position notation (for a bug report or a test) instead of checking it",
    )
    p.add_argument("--timing", action="store_true", help="print how long each stage took (standard error)")
    p.set_defaults(func=run)


def _add_position_options(p: argparse.ArgumentParser) -> None:
    """What the save does not say: the scenario, weather, policies, nations, ceded areas, month, phase."""
    p.add_argument("--scenario", metavar="KEY", help="start from this scenario's nations, policies and weather")
    p.add_argument("--weather", metavar="ZONE=W", action="append", default=[], help="weather, e.g. mild=Poor")
    p.add_argument("--policy", metavar="KEY=on|off", action="append", default=[], help="a policy in effect or not")
    p.add_argument(
        "--nation",
        metavar="NAT=STATUS[:FACTION]",
        action="append",
        default=[],
        help="a nation's status, e.g. POL=conquered:western or ITA=active:axis",
    )
    p.add_argument("--ceded", metavar="AREA=on|off", action="append", default=[], help="a disputed area ceded or not")
    p.add_argument("--month", help="the month, as the turn track names it (Sep-39 ...)")
    p.add_argument("--phase", help="the phase of the Sequence of Play")


def _pairs(values: list[str], option: str) -> list[tuple[str, str]]:
    out = []
    for v in values:
        key, sep, value = v.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise InputError(f"{option} {v!r}: expected KEY=VALUE")
        out.append((key.strip(), value.strip()))
    return out


def _switch(value: str, option: str) -> bool:
    v = value.lower()
    if v in ("on", "true", "yes", "1"):
        return True
    if v in ("off", "false", "no", "0"):
        return False
    raise InputError(f"{option}: {value!r} must be on or off")


def overrides_from(args: argparse.Namespace, game):
    """The command line's game state, every value checked against the save's game: weather
    zones and states, policies, nations, disputed areas, months and phases it has."""
    from assistant.board import Overrides, parse_status
    from wargame.content import Month
    from wargame.errors import near_miss

    content = game.content()
    settings = content.settings
    states = {w.lower(): w for w in settings.weather_states}
    weather = {}
    for zone, w in _pairs(args.weather, "--weather"):
        if zone.lower() not in settings.weather_zones:
            raise InputError(
                f"--weather {zone}={w}: {game.short} has no weather zone {zone!r} "
                f"(zones: {', '.join(settings.weather_zones)}){near_miss(zone.lower(), settings.weather_zones)}"
            )
        if w.lower() not in states:
            raise InputError(f"--weather {zone}={w}: weather is {', '.join(settings.weather_states)}")
        fixed = settings.fixed_weather.get(zone.lower())
        if fixed is not None and states[w.lower()] != fixed:
            raise InputError(f"--weather {zone}={w}: the {zone} zone's weather is always {fixed}")
        weather[zone.lower()] = states[w.lower()]
    policies = {}
    for key, v in _pairs(args.policy, "--policy"):
        if key not in content.policies:
            raise InputError(f"--policy {key}: no such policy{near_miss(key, list(content.policies))}")
        policies[key] = _switch(v, f"--policy {key}")
    nations = {}
    for nat, v in _pairs(args.nation, "--nation"):
        if nat.upper() not in content.nations:
            raise InputError(f"--nation {nat}: no such nation{near_miss(nat.upper(), list(content.nations))}")
        nations[nat.upper()] = parse_status(v, f"--nation {nat}", tuple(content.factions))
    ceded = {}
    for key, v in _pairs(args.ceded, "--ceded"):
        if key not in content.disputed_areas:
            raise InputError(f"--ceded {key}: no such area{near_miss(key, list(content.disputed_areas))}")
        ceded[key] = _switch(v, f"--ceded {key}")
    if args.month is not None:
        try:
            month = Month.parse(args.month)
        except ValueError as exc:
            raise InputError(f"--month {args.month}: {exc}") from None
        if not settings.first_turn <= month <= settings.last_turn:
            raise InputError(
                f"--month {args.month}: {game.short} runs from {settings.first_turn} to {settings.last_turn}"
            )
    if args.phase is not None:
        check_phase(args.phase, game)
    return Overrides(weather, policies, nations, ceded, args.month, args.phase)


def check_phase(phase: str, game) -> None:
    """A phase of the game's turn, alone or after a faction's name ("Axis Operations")."""
    from wargame.errors import near_miss

    phases = game.displays().phases
    words = phase.strip()
    for faction in game.content().factions.values():
        if words.lower().startswith(faction.name.lower() + " "):
            words = words[len(faction.name) + 1 :]
    if words.lower() not in {p.lower() for p in phases}:
        raise InputError(
            f"--phase {phase}: not a phase of {game.short} ({', '.join(phases)}){near_miss(words, phases)}"
        )


def run(args: argparse.Namespace) -> int:
    from assistant.report import explain_text, report_dict, report_text
    from wargame.games import find_game

    if args.faction and not args.apply:
        raise InputError("--faction goes with --apply OUT.vsav")
    if args.apply:
        check_apply_target(args.save, args.apply)
    started = time.perf_counter()
    if args.module:  # a module given must be readable: one line and exit 2 before any report
        from vassal.module import read_module

        read_module(args.module)
    board = _read(args)
    read = time.perf_counter()
    game = find_game(board.position.game)
    if args.notation:
        from assistant.notation_write import to_notation

        sys.stdout.write(to_notation(board.position) + "\n")
        return OK
    result = game.pack().check(board.position)
    ruled = time.perf_counter()
    doc = report_dict(board, result)
    unit = _explained(args, doc) if args.explain else None
    if args.picture:  # drawn before anything is printed: a board that cannot be read is one line
        _picture(args, board, result, game, unit)
    applied = apply_check(args, game, board, result) if args.apply else None
    if applied is not None:
        doc["applied"] = applied_dict(applied, result)
    if unit is not None:
        sys.stdout.write(explain_text(doc, unit))
    elif args.json:
        from staffwork.jsontext import dumps

        sys.stdout.write(dumps(doc))  # json.dumps(indent=2), faster; one write, not one a token
        sys.stdout.write("\n")
    else:
        sys.stdout.write(report_text(doc))
    if applied is not None and not args.json:
        sys.stdout.write(applied_text(applied, result))
    if args.timing:
        sys.stderr.write(
            f"read {1000 * (read - started):.0f} ms, rules {1000 * (ruled - read):.0f} ms, "
            f"report {1000 * (time.perf_counter() - ruled):.0f} ms\n"
        )
    return PROBLEMS if result.problems else OK


def _explained(args: argparse.Namespace, doc: dict):
    """The one unit --explain names (a piece id or a name only one unit has)."""
    from assistant.report import find_unit

    found = find_unit(doc, args.explain)
    if not found:
        raise InputError(f"{args.save}: no unit {args.explain!r} (give a piece id or a unit name)")
    if len(found) > 1:
        raise InputError(
            f"{args.save}: {len(found)} units are called {args.explain!r}: "
            + ", ".join(f"{u['nationality']} {u['name']} [{u['id']}] at {u['where'] or 'off map'}" for u in found[:6])
            + " - give the piece id"
        )
    return found[0]


def _picture(args: argparse.Namespace, board, result, game, unit) -> None:
    """--picture: over the module's board art (or --board-image), with its counter art."""
    from assistant.board_art import board_image_file
    from assistant.counter_art import faces_in
    from assistant.report import picture_board, render_picture
    from staffwork.games import board_art_for, counters_for

    geo = picture_board(game, board.position)
    if args.board_image:
        base = board_image_file(args.board_image, (geo.width, geo.height))
    else:
        base = board_art_for(args.module, board.module_name, geo.board_name)
    focus: tuple[str, ...] = ()
    if unit is not None:
        mapdata = result.situation.map
        focus = tuple(
            h
            for h in ([unit["where"]] + (unit["supply"]["path"] if unit["supply"] else []))
            if h and h in mapdata.hexes
        )
    counters = counters_for(args.module, board.module_name)
    render_picture(
        board,
        result,
        args.picture,
        focus=focus,
        base_image=base,
        faces=faces_in(args.save) if counters is not None and not _is_notation(args) else None,
        counters=counters,
    )


def _is_notation(args: argparse.Namespace) -> bool:
    from assistant.notation_file import is_notation_file

    return is_notation_file(args.save)


def _read(args: argparse.Namespace):
    """The position to check: a save or log, or a position in notation (a .pos file)."""
    from assistant.board import read_position

    if _is_notation(args):
        from assistant.notation import read_notation_file

        if args.game or args.scenario or args.module:
            raise InputError(
                f"{args.save}: a position in notation names its own game and state; "
                "--game, --scenario and --module go with a save"
            )
        from assistant.board import Overrides
        from wargame.errors import DataError
        from wargame.games import find_game

        try:
            game = find_game(_notation_game(args.save) or "")
        except DataError:  # the reader says what is wrong with the header
            return read_notation_file(args.save)
        return read_notation_file(args.save, overrides=overrides_from(args, game) if game else Overrides())
    return read_position(
        args.save,
        module=args.module,
        scenario=args.scenario,
        game=args.game,
        overrides=lambda game: overrides_from(args, game),
    )


def _notation_game(path: str) -> str | None:
    """The game key a notation file starts with (its header's first word), if it can be read."""
    try:
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            line = line.split("#", 1)[0].strip()
            if line:
                return line.split()[0]
    except (OSError, UnicodeDecodeError):
        return None
    return None


def check_apply_target(save: str, out: str) -> None:
    """OUT is a new .vsav, never the save read (nor the same file under another name)."""
    src, dst = Path(save), Path(out)
    if dst.suffix.lower() != ".vsav":
        raise InputError(f"--apply {out}: the new save must end in .vsav")
    if src.suffix.lower() == ".vlog":
        raise InputError(
            f"{save}: --apply needs a saved game (.vsav), not a log: step the log to its end "
            "in VASSAL and save the game (File > Save Game)"
        )
    if src.suffix.lower() == ".pos":
        raise InputError(f"{save}: --apply needs a saved game (.vsav), not a position in notation")
    same = dst.resolve() == src.resolve()
    if not same and dst.exists() and src.exists():
        same = os.path.samefile(src, dst)
    if same:
        raise InputError(f"--apply {out}: that is the save being read; give the new save another name")
    if dst.is_dir():
        raise InputError(f"--apply {out}: is a folder")


def apply_check(args: argparse.Namespace, game, board, result):
    """The checking faction's Supply Check written to ``args.apply`` (assistant.supplycheck)."""
    from assistant.supplycheck import apply_supply, checking_factions, supply_step
    from staffwork.games import module_file_for

    pack = game.pack()
    if not pack.marks_supply:
        raise InputError(
            f"{args.save}: {game.short} does not mark supply on its counters (supply is traced "
            "when a rule asks for it), so there is nothing to apply"
        )
    if not pack.supply_layer and not pack.supply_markers:
        raise InputError(
            f"{args.save}: {game.short} marks supply in a way --apply cannot write; the check's "
            "findings say what the supply check does to each unit"
        )
    try:
        factions = checking_factions(game, board.position.state.phase, args.faction)
    except ValueError as exc:
        raise InputError(str(exc) if args.faction else f"{args.save}: {exc}") from None
    module = None if pack.supply_layer else module_file_for(args.module, board.module_name)
    return apply_supply(
        args.save,
        args.apply,
        game,
        supply_step(pack, result, factions),
        factions,
        module=module,
        notes=pack.supply_step_notes(result, factions),
    )


def _convoys(applied, result) -> tuple[tuple[str, str, int, int], ...]:
    from assistant.supplycheck import sea_convoys

    return sea_convoys(result, applied.keys)


def applied_dict(applied, result) -> dict:
    """The JSON report's "applied" member (schema staffwork.check/1, added by --apply); "to_do"
    only when the rules leave the player something to do: to a unit (its "id"), or at a place
    (no "id": a source the step used, say)."""
    out = {
        "file": applied.target,
        "factions": list(applied.factions),
        "changes": [
            {
                "id": c.unit_id,
                "unit": c.label,
                "where": c.where,
                "before": c.before,
                "after": c.after,
                "rule": c.rule,
                "why": c.why,
            }
            for c in applied.changes
        ],
        "convoys": [
            {"unit": label, "where": where, "traces": n, "spare_sorties": spare}
            for label, where, n, spare in _convoys(applied, result)
        ],
    }
    if applied.todo or applied.notes:
        out["to_do"] = [
            {
                "id": c.unit_id,
                "unit": c.label,
                "where": c.where,
                "marked": c.after,
                "rule": c.rule,
                "what": c.todo,
                "why": c.why,
            }
            for c in applied.todo
        ]
        out["to_do"] += [
            {"id": "", "unit": "", "where": where, "marked": "", "rule": rule, "what": what, "why": ""}
            for where, what, rule in applied.notes
        ]
    return out


def applied_text(applied, result) -> str:
    names, terms = applied.factions, applied.terms
    who = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    n = len(applied.changes)
    lines = [
        "",
        f"{terms.check} applied for {who}{terms.cite('check')}: "
        + (f"{n} unit{'s' if n != 1 else ''} changed" if n else "no marking changed"),
    ]
    lines += [f"  {c.line(terms)}" for c in applied.changes]
    if applied.todo or applied.notes:
        lines.append(f"Left for you to do by hand ({len(applied.todo) + len(applied.notes)}):")
        lines += [f"  {c.line(terms)}" for c in applied.todo]
        lines += [f"  {where}: {what} ({rule})" for where, what, rule in applied.notes]
    convoys = _convoys(applied, result)
    if convoys:
        lines.append(
            "Sea lines activate these convoys: add their Sorties by hand (7.4.3, one per trace), and "
            "set by hand any unit whose sea line is intercepted:"
        )
        for label, where, traces, spare in convoys:
            over = (
                f" - more than its {spare} Sorties to spare: trace the rest with other convoys or mark them by hand"
                if traces > spare
                else ""
            )
            lines.append(f"  {label} ({where}): {traces} trace{'s' if traces != 1 else ''}{over}")
    lines.append(f"Written: {applied.target} - open it in VASSAL (File > Open Game); its chat lists each change.")
    return "\n".join(lines) + "\n"
