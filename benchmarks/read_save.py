"""How fast a big saved game is read, against pywargame's reader on the same file.

    python benchmarks/read_save.py [PIECES LEVELS] [--flat] [--anchor-python PYTHON]

Makes its input with our own writers (nothing big is committed): a save of PIECES pieces of
LEVELS trait levels each -- layers, markers, dynamic properties, reports, triggers, global key
commands, send-to-location, restrictions, labels, place-marker traits that embed a whole piece
-- as in a big real module such as Paths of Glory, placed on the hex map of a small module
written beside it. Most levels repeat across pieces, as expanded prototypes do in a real save;
each unit also has levels of its own (name, markers, art). The commands are nested as the
engine's own saves nest them (the pieces one level down, under an empty command, as in
tests/fixtures/tiny_engine.vsav); ``--flat`` puts them right under ``begin_save``, as our
scenario setups do.

The issue's save is ~830 pieces of ~128 levels and ~14 MB of commands, which cannot all hold at
once: at 128 levels the escapes alone put 16 KB of backslashes in every piece (13 MB for 830),
and our pieces' traits make 21 MB. So by default both are measured, one after the other: 830
pieces of 100 levels (14 MB, the issue's size) and 830 pieces of 128 levels (21 MB, its depth).

Then times, median of 5, wall and CPU: the whole process ``staffwork inspect FILE --module
MOD`` (text and ``--json``); the reading alone, in process (the command tree and every AddPiece
read into its traits); and as the anchor, in the same run and on the same file, pywargame's
reader (``SaveIO.readSave`` and ``WithTraits.decodeAdd2`` on every AddPiece line), installed
with pip into a temporary venv. pywargame needs Python 3.12 or later: the benchmark looks for
one (or takes ``--anchor-python``). If pywargame cannot be installed or cannot read the file, a
recorded figure is printed with its source, and the benchmark says so.

Targets: the whole command < 0.5 s and >= 8x faster than pywargame's reader.
"""

from __future__ import annotations

import argparse
import glob
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from whole_command import quick_env  # noqa: E402

from vassal.buildfile import component  # noqa: E402
from vassal.commands import Node, walk  # noqa: E402
from vassal.commands import SetGlobalProperty as SetGlobal  # noqa: E402
from vassal.keys import CTRL, NamedKeyStroke  # noqa: E402
from vassal.metadata import Metadata  # noqa: E402
from vassal.module import write_module  # noqa: E402
from vassal.pieces import (  # noqa: E402
    Piece,
    format_add_piece,
    parse_add_piece,
    parse_piece,
    piece_state,
    piece_type,
)
from vassal.savefile import Placement, read_saved_game, setup_tree, write_saved_game  # noqa: E402
from vassal.trait_codec import Trait  # noqa: E402
from vassal.traits import (  # noqa: E402
    BasicName,
    BasicPiece,
    Clone,
    CounterGlobalKeyCommand,
    Delete,
    DynamicProperty,
    Embellishment,
    Hideable,
    Labeler,
    Marker,
    MovementMarkable,
    PlaceMarker,
    ReportState,
    RestrictCommands,
    SendToLocation,
    SubMenu,
    TriggerAction,
)

MODULE_NAME = "Read Benchmark"
MAP_NAME = "Main Map"
BOARD = "Board"
COLUMNS, ROWS = 60, 40  # hexes on the board
DX, DY = 64.0, 74.0  # hex grid spacing in pixels
RUNS = 5
DEFAULTS = ((830, 100), (830, 128))  # the size, then its depth
# Printed when pywargame cannot be installed or run here (it needs Python 3.12 or later): its
# whole process, median of 5 wall, on this benchmark's inputs, as measured on the machine the
# benchmark was written on (2 vCPU VM shared with other jobs; pywargame 0.8.0, Python 3.13.0).
RECORDED_PYWARGAME = {
    (830, 128, False): (9.52, "pywargame 0.8.0 / Python 3.13.0, 830 x 128 levels (21 MB), 2026-11-28"),
    (830, 100, False): (6.69, "pywargame 0.8.0 / Python 3.13.0, 830 x 100 levels (14 MB), 2026-11-28"),
    (830, 128, True): (9.48, "pywargame 0.8.0 / Python 3.13.0, 830 x 128 levels (21 MB, flat), 2026-11-28"),
}


# --------------------------------------------------------------------------------------------
# The input: pieces made with our traits writer.


def _key(name: str) -> NamedKeyStroke:
    return NamedKeyStroke(0, 0, name)


def _layer(n: int, name: str, images: int) -> Embellishment:
    return Embellishment.make(
        activate_command=f"{name} on/off",
        activate_modifiers=CTRL,
        activate_key="A",
        up_command=f"{name} up",
        up_key="]",
        down_command=f"{name} down",
        down_key="[",
        images=tuple(f"{name.lower()}_{i}_{n % 7}.png" for i in range(images)),
        level_names=tuple(f"+ ({name} {i})" for i in range(images)),
        name=name,
        always_active=n % 3 != 0,
        increase_keystroke=_key(f"{name}Up"),
        decrease_keystroke=_key(f"{name}Down"),
        state_value=1 + n % images,
        description=f"{name} layer",
    )


def _traits(n: int, levels: int) -> list[Trait]:
    """``levels - 1`` traits in the mix a big real module uses, outermost first."""
    nation = ("GE", "AH", "TU", "BU", "FR", "BR", "RU", "IT", "US", "SB", "RO", "GR")[n % 12]
    out: list[Trait] = [
        Delete.make(command_name="Delete", key=_key("Delete")),
        Clone.make(command_name="Clone", key=_key("Clone")),
        PlaceMarker.make(
            command="Place OOS marker", key=_key("PlaceOOS"), marker_spec=format_add_piece(None, _marker_piece(1))
        ),
        PlaceMarker.make(
            command="Place entrenchment", key=_key("PlaceTrench"), marker_spec=format_add_piece(None, _marker_piece(2))
        ),
        MovementMarkable.make(moved_icon="moved.png", x_offset=20, y_offset=-20),
        Hideable.make(key=_key("Hide"), access="side:Allied"),
        Labeler.make(menu_command="Note", property_name="Note").with_state(f"note {n}" if n % 5 == 0 else ""),
        BasicName.make(name=f"{nation} Corps {n}"),
        SubMenu.make(menu_name="Combat", commands=("Attack", "Defend", "Retreat")),
        # what makes this unit itself: its own properties and its own counter art
        Marker.of({"UnitName": f"{nation} Corps {n}", "UnitId": f"u{n}"}),
        Marker.of({"Strength": str(1 + n % 7), "Setup": f"{1914 + n % 5}/{n % 40:02d}"}),
        Marker.of({"Reinforcement": f"turn {n % 20}", "Army": f"{n // 9} Army"}),
        _layer(n, f"Unit{n}", 2),
        _layer(n + 1, f"Reduced{n}", 2),
    ]
    k = 0
    while len(out) < levels - 1:
        kind = k % 10
        if kind == 0:
            out.append(_layer(n + k, ("Step", "Moved", "OOS", "Trench", "Active")[k % 5], 2 + k % 3))
        elif kind in (1, 2):
            out.append(Marker.of({f"P{k}": ("Inf", "Cav", "Art", "Corps", nation)[(n + k) % 5]}))
        elif kind == 3:
            out.append(DynamicProperty.make(key=f"C{k}", constraints="true,0,9,false").with_state(str((n + k) % 9)))
        elif kind == 4:
            out.append(ReportState.make(keys=(_key(f"R{k}"),), report_format=f"$location$: $newPieceName$ {k}"))
        elif kind in (5, 6):
            out.append(
                TriggerAction.make(
                    name=f"T{k}",
                    key=_key(f"T{k}"),
                    property_match=f"{{C{k - kind + 3} > 0}}",
                    action_keys=(_key(f"S{k}"), _key(f"R{k}")),
                )
            )
        elif kind == 7:
            out.append(
                CounterGlobalKeyCommand.make(
                    command_name="",
                    key=_key(f"G{k}"),
                    global_key=_key(f"H{k}"),
                    properties_filter=f'{{P{k - 6} == "{nation}"}}',
                )
            )
        elif kind == 8:
            out.append(
                SendToLocation.make(
                    key=_key(f"Send{k}"), map_name=MAP_NAME, board_name=BOARD, x=str(100 + k), y=str(200 + k)
                )
            )
        else:
            out.append(
                RestrictCommands.make(
                    name=f"X{k}",
                    action="Disable",
                    property_match=f"{{C{k - 6} == 0}}",
                    watch_keys=(_key(f"Send{k - 1}"),),
                )
            )
        k += 1
    return out


def _marker_piece(k: int) -> Piece:
    """A small piece to embed in a Place Marker trait: escapes inside escapes."""
    return Piece(
        (Marker.of({"Marker": f"m{k}"}), ReportState.make(report_format=f"placed \\ marker {k}; 'quoted'")),
        BasicPiece.make(image_name=f"marker{k}.png", common_name=f"Marker {k}"),
    )


def make_piece(n: int, levels: int) -> Piece:
    basic = BasicPiece.make(
        image_name=f"unit{n % 97}.png", common_name=f"Unit {n}", gpid=str(1000 + n), properties={"UniqueID": f"u{n}"}
    )
    return Piece(tuple(_traits(n, levels)), basic)


def _hex_center(col: int, row: int) -> tuple[int, int]:
    x = 58 + col * DX
    y = 50 + row * DY + (DY / 2 if col % 2 else 0)
    return round(x), round(y)


def engine_shape(tree: Node) -> Node:
    """A setup nested as the engine's own save is (tests/fixtures/tiny_engine.vsav): an empty
    command, the pieces under a second one, then the other commands."""
    pieces = tuple(c for c in tree.children if c.text.startswith("+/"))
    rest = tuple(c for c in tree.children if not c.text.startswith("+/"))
    return Node(tree.text, (Node(""), Node("", pieces)) + rest)


def write_inputs(folder: Path, pieces: int, levels: int, flat: bool = False) -> tuple[Path, Path, float]:
    """The module and the save, both written by our own writers, and the share of trait levels
    that are distinct (the rest repeat across pieces, as expanded prototypes do)."""
    module = folder / "bench.vmod"
    save = folder / "bench.vsav"
    _write_module(module)
    placements = []
    seen: set[tuple[str, str]] = set()
    for n in range(pieces):
        piece = make_piece(n, levels)
        seen.update((t.type, t.state) for t in piece.traits)
        col, row = (n * 7) % COLUMNS, (n * 3) % ROWS
        x, y = _hex_center(col, row)
        placements.append(Placement(str(1_700_000_000_000 + n), piece_type(piece), piece_state(piece), MAP_NAME, x, y))
    extra = [SetGlobal(f"Prop{i}", str(i), "Module") for i in range(20)]
    tree = setup_tree(placements, extra=extra)
    if not flat:
        tree = engine_shape(tree)
    write_saved_game(
        save, tree, module_name=MODULE_NAME, module_version="1.0", vassal_version="3.7.26", date_saved=1_700_000_000_000
    )
    return module, save, len(seen) / max(1, pieces * (levels - 1))


def _png(width: int, height: int) -> bytes:
    import io

    from PIL import Image

    out = io.BytesIO()
    Image.new("L", (width, height), 200).save(out, "PNG")
    return out.getvalue()


def _write_module(path: Path) -> None:
    mod, mp = "VASSAL.build.module.", "VASSAL.build.module.map."
    grid = component(
        mp + "boardPicker.board.HexGrid",
        {
            "color": "0,0,0",
            "cornersLegal": False,
            "dotsVisible": False,
            "dx": DX,
            "dy": DY,
            "edgesLegal": False,
            "sideways": False,
            "snapTo": True,
            "visible": False,
            "x0": 58,
            "y0": 50,
        },
        component(
            mp + "boardPicker.board.mapgrid.HexGridNumbering",
            {
                "color": "0,0,0",
                "first": "H",
                "fontSize": 9,
                "hDescend": False,
                "hDrawOff": 0,
                "hLeading": 1,
                "hOff": 1,
                "hType": "N",
                "locationFormat": "$gridLocation$",
                "rotateText": 0,
                "sep": "",
                "stagger": False,
                "vDescend": False,
                "vDrawOff": 0,
                "vLeading": 1,
                "vOff": 1,
                "vType": "N",
                "visible": False,
            },
        ),
    )
    board_map = component(
        mod + "Map",
        {"mapName": MAP_NAME, "markMoved": "Never", "launch": False},
        component(
            mp + "BoardPicker",
            {"title": "Choose Boards"},
            component(mp + "boardPicker.Board", {"image": "board.png", "name": BOARD, "reversible": False}, grid),
        ),
        component(
            mp + "StackMetrics",
            {
                "bottom": "40,0",
                "disabled": False,
                "down": "37,0",
                "exSepX": 6,
                "exSepY": 18,
                "top": "38,0",
                "unexSepX": 2,
                "unexSepY": 4,
                "up": "39,0",
            },
        ),
    )
    root = component(
        "VASSAL.launch.BasicModule",
        {
            "ModuleOther1": "",
            "ModuleOther2": "",
            "VassalVersion": "3.7.26",
            "description": "",
            "name": MODULE_NAME,
            "nextPieceSlotId": 1,
            "version": "1.0",
        },
        component(mod + "BasicCommandEncoder"),
        component(mod + "Documentation"),
        component(mod + "GlobalOptions"),
        component(mod + "Chatter"),
        board_map,
    )
    width = round(58 + COLUMNS * DX + 100)
    height = round(50 + ROWS * DY + 100)
    meta = Metadata(
        version="1.0", vassal_version="3.7.26", date_saved="1700000000000", description="", name=MODULE_NAME
    )
    write_module(path, root, meta, {"images/board.png": _png(width, height)})


# --------------------------------------------------------------------------------------------
# Timing.


def _median_run(argv: list[str], **kwargs) -> tuple[float, float, list[str]]:
    """Median wall time and median CPU time (user + system) of RUNS runs of a process, and what
    each run printed, in the environment of an installed command (whole_command.quick_env)."""
    env = quick_env()
    walls, cpus, outs = [], [], []
    for _ in range(RUNS):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        done = subprocess.run(argv, capture_output=True, text=True, env=env, **kwargs)
        walls.append(time.perf_counter() - t)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(argv[:3])}... failed: {done.stderr.strip()[-400:]}")
        outs.append(done.stdout)
    return statistics.median(walls), statistics.median(cpus), outs


def read_everything(save: Path) -> int:
    """The reading alone: the save's command tree, then every AddPiece read into its traits."""
    saved = read_saved_game(save)
    count = 0
    for node in walk(saved.tree):
        if node.text.startswith("+/"):
            _, type_str, state_str = parse_add_piece(node.text)
            count += len(parse_piece(type_str, state_str, exact=False).levels)
    return count


PYWARGAME_READER = """
import contextlib, io, sys, time
from pywargame.vassal import SaveIO
from pywargame.vassal.withtraits import WithTraits
start = time.perf_counter()
key, lines = SaveIO.readSave(sys.argv[1])
pieces = traits = 0
with contextlib.redirect_stdout(io.StringIO()):  # it prints a warning per unknown trait
    for line in lines:
        if line.startswith("+/"):
            pieces += 1
            traits += len(WithTraits.decodeAdd2(line)[1])
print(pieces, traits, time.perf_counter() - start)
"""


def _python_for_pywargame(given: str | None) -> str | None:
    """An interpreter pywargame runs on (its code needs Python 3.12 or later)."""
    if given:
        return given
    if sys.version_info >= (3, 12):
        return sys.executable
    found = [shutil.which(f"python3.{minor}") for minor in (14, 13, 12)]
    found += sorted(glob.glob(os.path.expanduser("~/.pyenv/versions/3.1[2-9]*/bin/python3")), reverse=True)
    for python in filter(None, found):
        check = subprocess.run(
            [python, "-c", "import sys; print(sys.version_info >= (3, 12))"], capture_output=True, text=True
        )
        if check.stdout.strip() == "True":
            return python
    return None


def pywargame_anchor(
    save: Path, folder: Path, python: str | None, expected: int
) -> tuple[float, float, float, str] | str:
    """(whole process s, its CPU s, reading s inside it, what ran) or why it could not run."""
    python = _python_for_pywargame(python)
    if python is None:
        return "no Python 3.12 or later found for pywargame (pass --anchor-python)"
    env_dir = folder / "pywargame-venv"
    try:
        made = subprocess.run([python, "-m", "venv", str(env_dir)], capture_output=True, text=True)
    except OSError as exc:
        return f"could not run {python}: {exc}"
    if made.returncode != 0:
        return f"could not make a venv with {python}: {made.stderr.strip()[-200:]}"
    venv_python = str(env_dir / "bin" / "python")
    pip = subprocess.run([venv_python, "-m", "pip", "install", "-q", "pywargame"], capture_output=True, text=True)
    if pip.returncode != 0:
        return f"pip install pywargame failed: {pip.stderr.strip()[-300:]}"
    script = folder / "pywargame_reader.py"
    script.write_text(PYWARGAME_READER)
    try:
        whole, cpu, outs = _median_run([venv_python, str(script), str(save)])
    except RuntimeError as exc:
        return f"pywargame could not read the save: {exc}"
    pieces, traits, _ = outs[-1].split()
    inner = statistics.median(float(out.split()[2]) for out in outs)
    if int(pieces) != expected:
        return f"pywargame read {pieces} pieces, not {expected}"
    version = subprocess.run(
        [
            venv_python,
            "-c",
            "import importlib.metadata as m, sys; print(m.version('pywargame'), sys.version.split()[0])",
        ],
        capture_output=True,
        text=True,
    ).stdout.split()
    what = f"pywargame {version[0]} on Python {version[1]}, {pieces} pieces, {traits} traits"
    return whole, cpu, inner, what


def main() -> None:
    if sys.argv[1:2] == ["--read-only"]:  # one fresh process: the reading alone, timed inside
        start = time.perf_counter()
        levels = read_everything(Path(sys.argv[2]))
        print(levels, time.perf_counter() - start)
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pieces", type=int, nargs="?")
    parser.add_argument("levels", type=int, nargs="?")
    parser.add_argument("--flat", action="store_true", help="the pieces right under begin_save, as our setups")
    parser.add_argument("--anchor-python", help="a Python 3.12+ to install pywargame into")
    args = parser.parse_args()
    if (args.pieces is None) != (args.levels is None):
        parser.error("give both PIECES and LEVELS, or neither")
    inputs = DEFAULTS if args.pieces is None else ((args.pieces, args.levels),)
    for n, (pieces, levels) in enumerate(inputs):
        if n:
            print()
        measure(pieces, levels, args.flat, args.anchor_python)


def measure(pieces: int, levels: int, flat: bool, anchor_python: str | None) -> None:
    """Write one input, time our command and reader and pywargame's on it, print the figures."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        t = time.perf_counter()
        module, save, distinct = write_inputs(folder, pieces, levels, flat)
        saved = read_saved_game(save)
        adds = sum(1 for n in walk(saved.tree) if n.text.startswith("+/"))
        print(
            f"input: {pieces} pieces of {levels} levels ({adds} AddPiece commands "
            f"with the stacks, {'flat as our setups' if flat else 'nested as the engine saves them'}), "
            f"{len(saved.text) / 1e6:.1f} MB of command text, "
            f"{save.stat().st_size / 1e6:.1f} MB file, {distinct:.0%} of "
            f"the trait levels distinct; written in {time.perf_counter() - t:.1f} s"
        )
        cli = [sys.executable, "-m", "staffwork.cli", "inspect", str(save), "--module", str(module)]
        text_s, text_cpu, outs = _median_run(cli, cwd=REPO)
        assert f"{pieces} pieces" in outs[-1], outs[-1][:500]
        json_s, json_cpu, _ = _median_run(cli + ["--json"], cwd=REPO)
        reader = [sys.executable, str(Path(__file__).resolve()), "--read-only", str(save)]
        _, _, outs = _median_run(reader, cwd=REPO)
        read_levels = int(outs[-1].split()[0])
        read_s = statistics.median(float(out.split()[1]) for out in outs)
        anchor = pywargame_anchor(save, folder, anchor_python, adds)

    print(f"median of {RUNS}; wall time, and in brackets the CPU time (user + system)")

    def row(label: str, wall: float, cpu: float | None, note: str) -> None:
        cpu_text = f"({cpu * 1000:4.0f})" if cpu is not None else " " * 6
        print(f"{label:<42}{wall * 1000:6.0f} ms {cpu_text}   {note}")

    row("staffwork inspect (text), whole process:", text_s, text_cpu, "target < 500 ms")
    row("staffwork inspect --json, whole process:", json_s, json_cpu, "target < 500 ms")
    row(
        "staffwork reading alone, in a process:",
        read_s,
        None,
        f"command tree + {read_levels} piece levels, timed after imports",
    )
    if isinstance(anchor, str):
        print(f"pywargame anchor NOT measured in this run: {anchor}")
        if (pieces, levels, flat) not in RECORDED_PYWARGAME:
            print("no recorded pywargame figure applies to this input: no ratio")
            return
        recorded, source = RECORDED_PYWARGAME[(pieces, levels, flat)]
        whole, cpu, inner, what = recorded, None, None, f"RECORDED figure, not this run: {source}"
    else:
        whole, cpu, inner, what = anchor
    row("pywargame reader, whole process:", whole, cpu, what)
    if inner is not None:
        row("pywargame reading alone, in a process:", inner, None, "the same, timed after imports")
    ratio = f"ratio, whole process: inspect {whole / text_s:.1f}x, --json {whole / json_s:.1f}x"
    if cpu is not None:
        ratio += f" (CPU {cpu / text_cpu:.1f}x, {cpu / json_cpu:.1f}x)"
    print(ratio + " faster than pywargame   target >= 8x")
    if inner is not None:
        print(f"ratio, reading alone: {inner / read_s:.1f}x faster than pywargame's reader")


if __name__ == "__main__":
    main()
