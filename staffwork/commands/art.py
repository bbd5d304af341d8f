"""``staffwork art contact-sheet GAME -o FILE.png``: every counter and marker on one sheet.

Reads the game's content tables (scenarios/GAME/) and draws each unit and marker, front and
back, at the module's screen size unless told another size.
"""

from __future__ import annotations

import argparse
import io
import sys
import time
from pathlib import Path

from staffwork.errors import OK, InputError
from staffwork.options import Range, number_in
from vassal.archive import atomic_write, check_writable

INCH, MM, DPI = Range(0, 4, closed=False), Range(0, 100, closed=False), Range(0, 1200, closed=False)
COLUMNS = Range(1, 100)
MAX_SHEET_PIXELS = 150_000_000  # the print-size sheet of USE is 59 million; 150 is ~450 MB


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("art", help="draw counters and markers", description="Draw the game's art from its data.")
    art_sub = parser.add_subparsers(dest="art_command", metavar="WHAT", parser_class=type(parser))
    sheet = art_sub.add_parser(
        "contact-sheet",
        help="every counter and marker, both sides, on one PNG",
        description="Draw every unit and marker of a game, front and back side by side.",
    )
    sheet.add_argument("game", help="game folder under scenarios/ (e.g. use)")
    sheet.add_argument("-o", "--output", required=True, type=Path, help="PNG file to write")
    size = sheet.add_mutually_exclusive_group()
    size.add_argument(
        "--inch", type=number_in(INCH), help=f"counter side in inches, {INCH.words()} (default: art/counters.toml)"
    )
    size.add_argument("--mm", type=number_in(MM), help=f"counter side in millimetres, {MM.words()}")
    sheet.add_argument(
        "--dpi",
        type=number_in(DPI),
        help=f"pixels per inch, {DPI.words()} (default: the screen size of art/counters.toml)",
    )
    sheet.add_argument(
        "--print",
        dest="print_size",
        action="store_true",
        help="use the print size of art/counters.toml instead of the screen size",
    )
    sheet.add_argument(
        "--samples", action="store_true", help="draw the built-in sample set instead of the game's tables"
    )
    sheet.add_argument(
        "--columns", type=number_in(COLUMNS, int), default=10, help=f"counters per row, {COLUMNS.words()} (default 10)"
    )
    sheet.set_defaults(func=run)
    parser.set_defaults(func=lambda args: _usage(parser))


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help(sys.stderr)
    return 2


def _side_px(args: argparse.Namespace) -> tuple[int, str]:
    from builder.render.style import load_layout, pixels

    layout = load_layout()
    inch = layout.print_inch if args.print_size else layout.screen_inch
    dpi = args.dpi if args.dpi is not None else (layout.print_dpi if args.print_size else layout.screen_dpi)
    try:
        if args.mm is not None:
            return pixels(mm=args.mm, dpi=dpi), f"{args.mm:g} mm at {dpi:g} dpi"
        inch = args.inch if args.inch is not None else inch
        return pixels(inch=inch, dpi=dpi), f"{inch:g} in at {dpi:g} dpi"
    except ValueError as exc:
        raise InputError(str(exc)) from None


def run(args: argparse.Namespace) -> int:
    from builder.render.contact_sheet import contact_sheet, sheet_size
    from builder.render.text import TextFitError

    if args.output.suffix.lower() != ".png":
        raise InputError(f"{args.output}: the contact sheet is written as PNG (name it .png)")
    for folder in args.output.resolve().parents:
        if folder.exists():
            if not folder.is_dir():
                raise InputError(f"{args.output}: {folder} is not a folder")
            break
    check_writable(args.output)
    px, size_words = _side_px(args)
    started = time.perf_counter()
    physical = None
    from wargame.games import find_game

    content = find_game(args.game).content()
    majors = {n.abbr for n in content.nations.values() if n.major}
    if args.samples:
        from builder.render.samples import sample_markers, sample_units

        units, markers = sample_units(), sample_markers()
    else:
        from builder.render.content_faces import markers_from, physical_count, units_from

        units, markers = units_from(content, designs=True), markers_from(content)
        physical = physical_count(content)
    width, height = sheet_size(units, markers, px, columns=args.columns, majors=majors)
    if width * height > MAX_SHEET_PIXELS:
        raise InputError(
            f"{args.output}: the sheet would be {width}x{height} px "
            f"({width * height / 1e6:.0f} million pixels, at most "
            f"{MAX_SHEET_PIXELS // 1_000_000} million); ask for a smaller size or "
            "fewer --columns"
        )
    try:
        image, stats = contact_sheet(units, markers, px, columns=args.columns, majors=majors)
    except TextFitError as exc:
        raise InputError(f"cannot draw at {px} px: {exc}") from None
    _write_png(image, args.output)
    seconds = time.perf_counter() - started
    extra = f"; the tables make {physical} physical counters" if physical is not None else ""
    print(
        f"{args.output}: {stats.counters} counter designs ({len(units)} unit designs, "
        f"{len(markers)} markers), {stats.faces} faces at {px} px ({size_words}), "
        f"{image.width}x{image.height} px, {seconds:.1f} s{extra}"
    )
    return OK


def _write_png(image, path: Path) -> None:
    """Encode in memory, then write under a temporary name and rename (folders made as needed),
    so a broken file is never left behind."""
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=False)
    atomic_write(path, buffer.getvalue())
