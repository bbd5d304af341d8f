"""`staffwork map`: compile the map data from open geographic data, and look at it.

staffwork map compile GAME [--out DIR]          rebuild the game's map/ (needs the mapmaker extra)
staffwork map info GAME HEX [--json]            a hex and its six hexsides
staffwork map find GAME NAME                    the hex of a city or Map Box
staffwork map range GAME HEX --within N [--json]   the hexes within N hexes (1.4); --to HEX: the distance
staffwork map preview GAME -o FILE.png [--layer terrain|countries|seazones|weather|transport]
staffwork map render GAME -o FILE.png [--board B] [--scale S]   a board image of the module
staffwork map render GAME -o FILE.png --print [--dpi N] [--tiles DIR] [--paper letter|a4]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import asdict
from pathlib import Path

from staffwork.errors import InputError
from staffwork.options import Range, number_in
from staffwork.progress import add_option, bar_for

LAYERS = ("terrain", "countries", "seazones", "weather", "transport")
MAX_RANGE = 60  # wider than any range a rule names (a Bombing Run's 20 hexes)
_GAME_HELP = "game folder under scenarios/ (e.g. use)"
HEX_SIZE = Range(2.0, 60.0)  # preview hex radius in pixels: 60 draws the USE map 6756 x 5372 px


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "map",
        help="compile the map data and look at it",
        description="Compile a game's map data from open geographic data, and look at it.",
    )
    p.add_argument(
        "--root",
        type=Path,
        default=None,
        help="a folder of game data to use instead of the installed one (as staffwork --data)",
    )
    msub = p.add_subparsers(dest="map_command", metavar="ACTION", required=True)
    _add_compile(msub)
    _add_info(msub)
    _add_find(msub)
    _add_range(msub)
    _add_preview(msub)
    _add_render(msub)
    p.set_defaults(func=run)


def _add_compile(msub: argparse._SubParsersAction) -> None:
    """``map compile GAME``: rebuild the map data."""
    c = msub.add_parser(
        "compile",
        help="rebuild scenarios/GAME/map/ from the sources and the inputs in map/src/",
        description="Rebuild a game's map data (hexes, hexsides, cities, sea zones, boxes) from "
        "open geographic data and the hand-made inputs in scenarios/GAME/map/src/. Needs the "
        "mapmaker extra (builder/mapmaker/README.md). Deterministic: two runs write the same files.",
    )
    c.add_argument("game", help=_GAME_HELP)
    c.add_argument("--out", type=Path, default=None, help="write to this folder instead of scenarios/GAME/map/")


def _add_info(msub: argparse._SubParsersAction) -> None:
    """``map info GAME HEX``: what the data says about one hex."""
    i = msub.add_parser(
        "info",
        help="everything known about a hex and its hexsides",
        description="Print what the map data says about one hex: land or sea, terrain, country "
        "and area, lines, weather zone, Sea Zones, its cities, and each of its six hexsides "
        "(water, river, border, strait, transport line).",
    )
    i.add_argument("game", help=_GAME_HELP)
    i.add_argument("hex", help="hex number as printed on the map (e.g. 3014)")
    i.add_argument("--json", action="store_true", help="print JSON")


def _add_find(msub: argparse._SubParsersAction) -> None:
    """``map find GAME NAME``: a city or Map Box by name."""
    f = msub.add_parser(
        "find",
        help="the hex of a named city or Map Box",
        description="Look a name up among the map's cities and its Map Boxes: a whole name "
        "(Paris, North Atlantic Ocean), a box code (NAO), or a word of one name (Arabian). "
        "Case does not matter; a word that several names share lists them.",
    )
    f.add_argument("game", help=_GAME_HELP)
    f.add_argument("name", help="city, Map Box name or code, or one word of a name")


def _add_range(msub: argparse._SubParsersAction) -> None:
    """``map range GAME HEX``: ranges counted as rule 1.4 counts them."""
    g = msub.add_parser(
        "range",
        help="the hexes within a range of a hex, or the range between two hexes",
        description="Count a range as the rules do (rule 1.4): the hex counted from is not counted "
        "but lies within the range; Faded Dot and water hexes count. --within lists the hexes by "
        "their range; --to gives the range to one hex.",
    )
    g.add_argument("game", help=_GAME_HELP)
    g.add_argument("hex", help="hex number as printed on the map (e.g. 3014)")
    how = g.add_mutually_exclusive_group(required=True)
    how.add_argument("--within", type=int, metavar="N", help=f"list the hexes at most N hexes away (0 to {MAX_RANGE})")
    how.add_argument("--to", metavar="HEX", help="the range from HEX to this hex")
    g.add_argument("--json", action="store_true", help="print JSON")


def _add_preview(msub: argparse._SubParsersAction) -> None:
    """``map preview GAME``: one layer of the data as a PNG."""
    v = msub.add_parser(
        "preview",
        help="draw a quick picture of the map data",
        description="Draw one layer of the map data as a PNG, to check the data by eye "
        "(not the module's board art: see `map render`).",
    )
    v.add_argument("game", help=_GAME_HELP)
    v.add_argument("-o", "--output", type=Path, required=True, help="PNG file to write")
    v.add_argument("--layer", choices=LAYERS, default="terrain", help="what to colour the hexes by (default terrain)")
    v.add_argument(
        "--hex-size",
        type=number_in(HEX_SIZE),
        default=12.0,
        help=f"hex radius in pixels, {HEX_SIZE.low:g} to {HEX_SIZE.high:g} (default 12)",
    )


def _add_render(msub: argparse._SubParsersAction) -> None:
    """``map render GAME``: the board art, or its print version."""
    r = msub.add_parser(
        "render",
        help="draw the map board (the module's image, or the print version)",
        description="Draw the map art: the module's board image, or with --print "
        "the print version at a fixed physical hex size, optionally cut into pages.",
    )
    r.add_argument("game", help=_GAME_HELP)
    r.add_argument("-o", "--output", type=Path, required=True, help="PNG file to write")
    r.add_argument("--board", default=None, help="which board of the game (default: its first)")
    r.add_argument("--scale", type=float, default=1.0, help="board image scale (default 1 = the module's size)")
    r.add_argument(
        "--print",
        dest="print_version",
        action="store_true",
        help="the print version at a fixed physical size (see --dpi)",
    )
    r.add_argument("--dpi", type=float, default=150.0, help="print resolution (default 150)")
    r.add_argument("--tiles", type=Path, default=None, help="also cut the print version into pages in this folder")
    r.add_argument("--paper", choices=("letter", "a4"), default="letter", help="page size for --tiles")
    add_option(r)


def _game(args: argparse.Namespace):
    from wargame.games import find_game, use_data_root

    if args.root is not None:
        use_data_root(args.root)
    return find_game(args.game)


def _load(args: argparse.Namespace):
    return _game(args).mapdata()


def run(args: argparse.Namespace) -> int:
    return {"compile": _compile, "info": _info, "find": _find, "range": _range, "preview": _preview, "render": _render}[
        args.map_command
    ](args)


def _compile(args: argparse.Namespace) -> int:
    try:
        from builder.mapmaker.compile import compile_map
    except ImportError as exc:
        raise InputError(
            f"the map compiler needs the mapmaker extra ({exc.name} is missing); see builder/mapmaker/README.md"
        ) from None
    from vassal.archive import check_writable

    game_dir = _game(args).folder
    if not (game_dir / "map" / "src").is_dir():
        raise InputError(f"no map inputs in {game_dir / 'map' / 'src'}")
    check_writable((args.out or game_dir / "map") / "hexes.csv")
    report = compile_map(game_dir, out_dir=args.out)
    total = sum(report.seconds.values())
    print(f"compiled {args.game} map in {total:.1f} s")
    for stage, sec in report.seconds.items():
        print(f"  {stage:32s} {sec:6.2f} s")
    for what, counts in report.counts.items():
        print(f"{what}: " + ", ".join(f"{k} {v}" for k, v in counts.items()))
    if report.warp is not None:
        worst = max(report.warp.placed, key=lambda p: p.affine_error)
        print(
            f"control points: {len(report.warp.placed)}, all inside their hexes; largest affine residual "
            f"{worst.affine_error:.2f} hex ({worst.point.name})"
        )
    for w in report.warnings:
        print(f"note: {w}")
    for path in report.written:
        print(f"wrote {path}")
    return 0


def _info(args: argparse.Namespace) -> int:
    m = _load(args)
    h = m.hex(args.hex)
    sides = []
    for s in m.sides_of(h.id):
        other = s.side.other(h.hex)
        sides.append(
            {
                "direction": m.grid.direction(h.hex, other),
                "to": m.grid.hex_id(other),
                **{k: v for k, v in asdict(s).items() if k not in ("side", "features")},
                "features": sorted(s.features),
            }
        )
    cities = [asdict(c) for c in m.cities_in(h.id)]
    data = {k: v for k, v in asdict(h).items() if k not in ("hex", "rough_terrains", "features")}
    data["features"] = sorted(h.features)
    data["also"] = [m.grid.hex_id(a) for a in m.grid.aliases(h.hex)[1:]]  # its other sheets' ids
    if args.json:
        json.dump({"hex": data, "cities": cities, "hexsides": sides}, sys.stdout, indent=1)
        sys.stdout.write("\n")
        return 0
    print(
        f"hex {h.id}: {h.kind}"
        + (f", {h.terrain}" if h.terrain else "")
        + (f", {h.country} ({h.area}{', overseas' if h.overseas else ''})" if h.country else "")
        + (f"; also {', '.join(data['also'])}" if data["also"] else "")
    )
    if data["features"]:
        print("  " + ", ".join(data["features"]))
    for key in ("disputed", "line", "weather", "seazones"):
        v = data[key]
        if v:
            print(f"  {key}: {';'.join(map(str, v)) if isinstance(v, tuple) else v}")
    flags = [k for k in ("lake", "faded_dot", "prohibited", "restricted", "transport") if data[k]]
    if flags:
        print("  " + ", ".join(flags))
    for c in cities:
        roles = [r for r in ("capital", "factory", "port") if c[r]]
        print(
            f"  city {c['name']}"
            + (f" ({', '.join(roles)})" if roles else "")
            + (f", Sea Zones {';'.join(map(str, c['seazones']))}" if c["seazones"] else "")
        )
    for s in sides:
        feats = [k for k in ("water", "river", "land_border", "transport") if s[k]] + s["features"]
        if s["border"]:
            feats.append(f"{s['border']} border")
        if s["strait"]:
            feats.append(f"strait {s['strait']}")
        if s["line"]:
            feats.append(f"{s['line']} line")
        print(f"  {s['direction']:2s} {s['id']}: {', '.join(feats) or 'land'}")
    return 0


def _find(args: argparse.Namespace) -> int:
    from wargame.errors import near_miss

    m = _load(args)
    query = args.name.strip()
    cities = [c for c in m.cities if c.name.lower() == query.lower()]
    boxes = [b for b in m.boxes.values() if query.lower() in (b.code.lower(), b.name.lower())]
    how = ""
    if not cities and not boxes:  # one word (or a run of words) of a name
        words = re.compile(rf"\b{re.escape(query)}\b", re.IGNORECASE)
        cities = [c for c in m.cities if query and words.search(c.name)]
        boxes = [b for b in m.boxes.values() if query and words.search(b.name)]
        how = f' (a name with "{query}" in it)'
    found = [_city_line(c) for c in cities] + [_box_line(b) for b in boxes]
    if not found:
        names = [c.name for c in m.cities] + [b.name for b in m.boxes.values()] + list(m.boxes)
        raise InputError(
            f'no city or Map Box "{query}" on the map of {args.game} '
            f"(looked in cities.csv and boxes.csv){near_miss(query, names)}"
        )
    if len(found) > 1 and how:
        raise InputError(
            f'"{query}" is part of {len(found)} names: '
            + "; ".join(_name(c) for c in cities)
            + ("; " if cities and boxes else "")
            + "; ".join(f"{b.name} (Map Box {b.code})" for b in boxes)
            + "; give the whole name"
        )
    for line in found:
        print(line + how)
    return 0


def _name(city) -> str:
    return f"{city.name} ({city.hex})"


def _city_line(c) -> str:
    roles = [r for r in ("capital", "factory", "port") if getattr(c, r)]
    return (
        f"{c.name}: {c.hex}"
        + (f" ({', '.join(roles)})" if roles else "")
        + f", {c.country}"
        + (f", Sea Zones {';'.join(map(str, c.seazones))}" if c.seazones else "")
    )


def _box_line(b) -> str:
    return f"{b.name}: Map Box {b.code}, {b.friendly}-friendly"


def _range(args: argparse.Namespace) -> int:
    """Hexes of the game's map by their range from a hex (1.4), or one range."""
    m = _load(args)
    start = m.hex(args.hex)
    g = m.grid
    if args.to is not None:
        other = m.hex(args.to)
        d = g.distance(start.hex, other.hex)
        if args.json:
            json.dump({"from": start.id, "to": other.id, "range": d}, sys.stdout)
            sys.stdout.write("\n")
        else:
            print(f"{start.id} to {other.id}: {d} hexes")
        return 0
    if not 0 <= args.within <= MAX_RANGE:
        raise InputError(f"--within must be between 0 and {MAX_RANGE}, not {args.within}")
    rings: dict[int, list[str]] = {}
    for h in g.within(start.hex, args.within):
        hid = g.hex_id(h)
        if hid in m.hexes:
            rings.setdefault(g.distance(start.hex, h), []).append(hid)
    if args.json:
        json.dump(
            {"from": start.id, "within": args.within, "hexes": {str(d): sorted(v) for d, v in sorted(rings.items())}},
            sys.stdout,
        )
        sys.stdout.write("\n")
        return 0
    total = sum(len(v) for v in rings.values())
    print(f"{total} hexes within {args.within} of {start.id} (the hex itself included, not counted)")
    for d, hexes in sorted(rings.items()):
        print(f"  {d}: {' '.join(sorted(hexes))}")
    return 0


def _preview(args: argparse.Namespace) -> int:
    from builder.mapmaker.preview import render
    from vassal.archive import check_writable

    m = _load(args)
    check_writable(args.output)
    out = render(m, args.layer, args.output, size=args.hex_size)
    print(f"wrote {out}")
    return 0


def _render(args: argparse.Namespace) -> int:
    from builder.render import mapart
    from builder.sheets.map_tiles import page_tiles, tiles_pdf, write_tiles
    from vassal.archive import atomic_write, check_writable

    game = _game(args)
    board = game.boards().board(args.board).board_name if args.board else None
    if args.tiles is not None and not args.print_version:
        raise InputError("--tiles needs --print (tiles are cut from the print version)")
    if args.print_version and not 50 <= args.dpi <= 600:
        raise InputError(f"--dpi must be between 50 and 600, not {args.dpi:g}")
    if not args.print_version and not 0 < args.scale <= 4:
        raise InputError(f"--scale must be above 0 and at most 4, not {args.scale:g}")
    check_writable(args.output)
    if args.tiles is not None:
        check_writable(Path(args.tiles) / "map-tiles.pdf")
    bar = bar_for(args)
    try:
        if args.print_version:
            return _render_print(args, game, board, bar, mapart, page_tiles, tiles_pdf, write_tiles, atomic_write)
        result = mapart.render_map(game.key, board=board, scale=args.scale, progress=bar.stage("map", "strips"))
        mapart.save_png(result.image, args.output)
    finally:
        bar.close()
    w, h = result.image.size
    print(f"wrote {args.output}: {w}x{h} px ({result.seconds:.1f} s)")
    return 0


def _render_print(args, game, board, bar, mapart, page_tiles, tiles_pdf, write_tiles, atomic_write) -> int:
    result = mapart.render_print(game.key, board=board, dpi=args.dpi, progress=bar.stage("map", "strips"))
    mapart.save_png(result.image, args.output, dpi=args.dpi)
    w, h = result.image.size
    bar.close()
    print(
        f"wrote {args.output}: {w}x{h} px, {w / args.dpi:.1f} x {h / args.dpi:.1f} in at {args.dpi:g} dpi "
        f"({result.seconds:.1f} s)"
    )
    if args.tiles is not None:
        tiles = page_tiles(result.image, args.dpi, args.paper, label=f"{game.short} map")
        paths = write_tiles(tiles, args.tiles, args.dpi, progress=bar.stage("pages", "PNG files"))
        pdf = Path(args.tiles) / "map-tiles.pdf"
        atomic_write(
            pdf, tiles_pdf(tiles, args.dpi, f"{game.short} map, {args.dpi:g} dpi", progress=bar.stage("PDF", "pages"))
        )
        bar.close()
        rows = max(t.row for t in tiles) + 1
        print(
            f"wrote {len(paths)} {args.paper} pages ({rows} rows x {len(tiles) // rows} columns) "
            f"to {args.tiles}, and all of them in {pdf} (print at 100 %, not fit to page)"
        )
    return 0
