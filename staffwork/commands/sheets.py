"""``staffwork sheets GAME``: counter sheets for playtest printing (builder/sheets).

Writes dist/GAME-counters.pdf (fronts page, then its backs page turned for duplex, or fronts
and backs side by side with --fold) and GAME-counters.csv beside it saying what is where.
``--calibration`` writes the two-page duplex calibration sheet instead, to its own file
(dist/GAME-calibration.pdf). Every output place is checked before the work starts, and one kind
of sheet never replaces the other.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from staffwork.errors import OK, InputError
from staffwork.progress import add_option
from vassal.archive import atomic_write


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "sheets",
        help="counter sheets (PDF) for playtest printing",
        description="Print the game's counters at their exact size: fronts, "
        "then backs that land behind them when printed duplex.",
    )
    p.add_argument("game", help="game folder under scenarios/ (e.g. use)")
    p.add_argument(
        "-o",
        "--output",
        type=Path,
        help="PDF to write (default dist/GAME-counters.pdf, with --calibration "
        "dist/GAME-calibration.pdf); never replaces the other kind of sheet",
    )
    p.add_argument(
        "--size", default="5/8", help="counter side: 1/2, 9/16, 5/8 (default), 3/4, 1 (inches), or e.g. 16mm"
    )
    p.add_argument("--paper", default="letter", help="letter (default) or a4")
    p.add_argument("--landscape", action="store_true", help="landscape pages")
    p.add_argument("--margin", type=float, default=8.0, help="blank margin on every side in mm (default 8, at least 6)")
    p.add_argument("--flip", default="long", help="duplex: the paper turns about its long (default) or short edge")
    p.add_argument(
        "--back-offset",
        default="0,0",
        metavar="X,Y",
        help="move backs by X,Y mm (x right, y down, seen on the back) to correct "
        "a printer's drift; measure it with --calibration",
    )
    p.add_argument(
        "--bleed", type=float, default=0.0, help="art extended this many mm beyond each cut edge (default 0)"
    )
    p.add_argument("--cut", default="lines", help="lines (default) across the sheet, or crop marks in the margin only")
    p.add_argument("--fold", action="store_true", help="single-sided: front and back side by side, fold and glue")
    p.add_argument("--dpi", type=int, default=300, help="art resolution (default 300)")
    p.add_argument(
        "--calibration",
        action="store_true",
        help="write the duplex calibration sheet (its own file) instead of the counters",
    )
    p.add_argument(
        "--manifest-page", action="store_true", help="add pages listing what is where (the CSV is always written)"
    )
    p.add_argument(
        "--png",
        action="store_true",
        help="also write each page and each counter face as PNG into a folder named after the PDF",
    )
    add_option(p)
    which = p.add_argument_group("which counters (default: all, counts from the tables)")
    which.add_argument(
        "--scenario", help="only the counters a scenario sets up, as many as it sets up (e.g. france_1940)"
    )
    which.add_argument(
        "--faction",
        action="append",
        default=[],
        help="only this faction's counters (repeatable; units by the faction their nation joined)",
    )
    which.add_argument("--nation", action="append", default=[], help="only this nation's counters (repeatable)")
    which.add_argument("--markers-only", action="store_true", help="only markers")
    which.add_argument("--units-only", action="store_true", help="only units")
    p.set_defaults(func=run)


def _spec(args: argparse.Namespace):
    from builder.sheets import SheetSpec, parse_offset, parse_size

    return SheetSpec(
        counter_mm=parse_size(args.size),
        paper=args.paper.lower(),
        landscape=args.landscape,
        margin_mm=args.margin,
        bleed_mm=args.bleed,
        flip=args.flip.lower(),
        back_offset=parse_offset(args.back_offset),
        cut=args.cut.lower(),
        fold=args.fold,
        dpi=args.dpi,
    )


def run(args: argparse.Namespace) -> int:
    from builder.sheets import SheetError

    try:
        return _run(args)
    except SheetError as exc:
        raise InputError(str(exc)) from None


def _default_output(game: str, calibration: bool) -> Path:
    """Each kind of output has its own default name, so one never replaces the other."""
    from staffwork.games import dist_dir

    return dist_dir() / f"{game}-{'calibration' if calibration else 'counters'}.pdf"


def _check_outputs(output: Path, kind: str, manifest: Path | None, pngs: Path | None) -> None:
    """Before any work: every file can be written, and none of them is another kind of our
    output (a counter sheet PDF is not replaced by a calibration sheet, nor the reverse, and
    a CSV that is not our manifest is not replaced by one)."""
    from builder.sheets.pdf import pdf_kind
    from vassal.archive import check_writable

    if output.suffix.lower() != ".pdf":
        raise InputError(f"{output}: counter sheets are written as PDF (name it .pdf)")
    for path in (output, manifest):
        if path is not None:
            check_writable(path)
    found = pdf_kind(output) if output.is_file() else None
    if found is not None and found != kind:
        raise InputError(
            f"{output}: holds the {found}, which the {kind} would replace; "
            f"write the {kind} to a file of its own (-o), or remove this one first"
        )
    if manifest is not None and manifest.is_file() and not _is_manifest(manifest):
        raise InputError(
            f"{manifest}: this CSV is not a counter sheet manifest, and the "
            f"manifest of {output.name} would replace it; choose another -o"
        )
    if pngs is not None and pngs.exists() and not pngs.is_dir():
        raise InputError(f"{pngs}: is a file; --png writes a folder of that name")


def _is_manifest(path: Path) -> bool:
    """Whether the CSV at ``path`` starts with our manifest's header row."""
    from builder.sheets.pages import MANIFEST_COLUMNS

    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            first = fh.readline().strip()
    except OSError:
        return False
    return first == ",".join(MANIFEST_COLUMNS)


def _run(args: argparse.Namespace) -> int:
    from builder.sheets import (
        CALIBRATION_KIND,
        SHEETS_KIND,
        Choice,
        build,
        calibration_pdf,
        chosen,
        content_art,
        manifest_csv,
        sheets_pdf,
    )
    from staffwork.progress import bar_for
    from wargame.games import find_game

    started = time.perf_counter()
    game = find_game(args.game)
    folder = game.folder
    output = args.output or _default_output(args.game, args.calibration)
    for parent in output.resolve().parents:
        if parent.exists():
            if not parent.is_dir():
                raise InputError(f"{output}: {parent} is not a folder")
            break
    spec = _spec(args)
    if args.calibration:
        if spec.fold:
            raise InputError("--calibration is for duplex printing; --fold needs none")
        _check_outputs(output, CALIBRATION_KIND, None, None)
        content = game.content()
        title = f"{content.settings.short or args.game.upper()} counters"
        data = calibration_pdf(spec, title)
        atomic_write(output, data)
        print(
            f"{output}: duplex calibration sheet, 2 pages, {spec.paper}, flip {spec.flip}, "
            f"back offset {spec.back_offset[0]:g},{spec.back_offset[1]:g} mm"
        )
        return OK
    manifest = output.with_suffix(".csv")
    pngs = output.with_suffix("") if args.png else None
    _check_outputs(output, SHEETS_KIND, manifest, pngs)
    content = game.content()
    title = f"{content.settings.short or args.game.upper()} counters"
    choice = Choice(
        scenario=args.scenario,
        factions=tuple(args.faction),
        nations=tuple(args.nation),
        markers_only=args.markers_only,
        units_only=args.units_only,
    )
    rows = chosen(content, choice, folder / "scenarios", grid=game.boards().grid if args.scenario else None)
    bar = bar_for(args)
    try:
        arts = content_art(content, rows, spec.counter_px, progress=bar.stage("drawing", "designs"))
        sheets = build(arts, spec, title)
        data = sheets_pdf(sheets, title, manifest_page=args.manifest_page, progress=bar.stage("PDF", "images"))
        atomic_write(output, data)
        atomic_write(manifest, manifest_csv(sheets))
        extra = ""
        if pngs is not None:
            extra = f"; PNG in {_write_pngs(sheets, arts, pngs, bar.stage('PNG', 'files'))}"
    finally:
        bar.close()
    seconds = time.perf_counter() - started
    designs = len({id(a.front) for a in arts})  # rows of one printed design share their art
    print(
        f"{output}: {len(sheets.slots)} counters ({designs} designs) on "
        f"{max(s.sheet for s in sheets.slots)} sheets ({len(sheets.pages)} pages), "
        f"{spec.counter_mm:.2f} mm at {spec.dpi} dpi, {len(data) / 1e6:.1f} MB, "
        f"{seconds:.1f} s; manifest {manifest}{extra}"
    )
    return OK


def _write_pngs(sheets, arts, folder: Path, progress) -> Path:
    """Each page (sheet-01-fronts.png ...) and each face (counters/KEY-front.png ...)."""
    import io

    from builder.sheets.raster import page_image

    def png(image) -> bytes:
        buffer = io.BytesIO()
        image.save(buffer, format="PNG")
        return buffer.getvalue()

    total = len(sheets.pages) + len(arts)
    for index, page in enumerate(sheets.pages):
        if sheets.spec.fold:
            name = f"sheet-{index + 1:02d}-folded.png"
        else:
            name = f"sheet-{index // 2 + 1:02d}-{'backs' if index % 2 else 'fronts'}.png"
        atomic_write(folder / name, png(page_image(page, sheets.images, sheets.spec.dpi)))
        progress(index + 1, total)
    for done, art in enumerate(arts, start=len(sheets.pages) + 1):
        atomic_write(folder / "counters" / f"{art.key}-front.png", png(art.front))
        atomic_write(folder / "counters" / f"{art.key}-back.png", png(art.back))
        progress(done, total)
    return folder
