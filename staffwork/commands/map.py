"""`staffwork map`: compile the map data from open geographic data, and look at it.

    staffwork map compile GAME [--out DIR]          rebuild the game's map/ (needs the mapmaker extra)
    staffwork map info GAME HEX [--json]            a hex and its six hexsides
    staffwork map find GAME NAME                    the hex of a city or Map Box
    staffwork map preview GAME -o FILE.png [--layer terrain|countries|seazones|weather|transport]
    staffwork map render GAME -o FILE.png [--board B] [--scale S]   a board image of the module
    staffwork map render GAME -o FILE.png --print [--dpi N] [--tiles DIR] [--paper letter|a4]
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict
from pathlib import Path

from staffwork.errors import InputError

LAYERS = ("terrain", "countries", "seazones", "weather", "transport")


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("map", help="compile the map data and look at it",
                       description="Compile a game's map data from open geographic data, and look at it.")
    p.add_argument("--root", type=Path, default=None,
                   help="a folder of game data to use instead of the installed one (as staffwork --data)")
    msub = p.add_subparsers(dest="map_command", metavar="ACTION", required=True)
    c = msub.add_parser("compile", help="rebuild scenarios/GAME/map/ from the sources and the inputs in map/src/")
    c.add_argument("game")
    c.add_argument("--out", type=Path, default=None, help="write to this folder instead of scenarios/GAME/map/")
    i = msub.add_parser("info", help="everything known about a hex and its hexsides")
    i.add_argument("game")
    i.add_argument("hex")
    i.add_argument("--json", action="store_true", help="print JSON")
    f = msub.add_parser("find", help="the hex of a named city or Map Box")
    f.add_argument("game")
    f.add_argument("name")
    v = msub.add_parser("preview", help="draw a quick picture of the map data")
    v.add_argument("game")
    v.add_argument("-o", "--output", type=Path, required=True)
    v.add_argument("--layer", choices=LAYERS, default="terrain")
    v.add_argument("--hex-size", type=float, default=12.0, help="hex radius in pixels (default 12)")
    r = msub.add_parser("render", help="draw the map board (the module's image, or the print version)")
    r.add_argument("game")
    r.add_argument("-o", "--output", type=Path, required=True, help="PNG file to write")
    r.add_argument("--board", default=None, help="which board of the game (default: its first)")
    r.add_argument("--scale", type=float, default=1.0, help="board image scale (default 1 = the module's size)")
    r.add_argument("--print", dest="print_version", action="store_true",
                   help="the print version at a fixed physical size (see --dpi)")
    r.add_argument("--dpi", type=float, default=150.0, help="print resolution (default 150)")
    r.add_argument("--tiles", type=Path, default=None, help="also cut the print version into pages in this folder")
    r.add_argument("--paper", choices=("letter", "a4"), default="letter", help="page size for --tiles")
    p.set_defaults(func=run)


def _game(args: argparse.Namespace):  # noqa: ANN202
    from wargame.games import find_game, use_data_root

    if args.root is not None:
        use_data_root(args.root)
    return find_game(args.game)


def _load(args: argparse.Namespace):  # noqa: ANN202
    return _game(args).mapdata()


def run(args: argparse.Namespace) -> int:
    return {"compile": _compile, "info": _info, "find": _find, "preview": _preview,
            "render": _render}[args.map_command](args)


def _compile(args: argparse.Namespace) -> int:
    try:
        from builder.mapmaker.compile import compile_map
    except ImportError as exc:
        raise InputError(f"the map compiler needs the mapmaker extra ({exc.name} is missing); "
                         "see builder/mapmaker/README.md") from None
    game_dir = _game(args).folder
    if not (game_dir / "map" / "src").is_dir():
        raise InputError(f"no map inputs in {game_dir / 'map' / 'src'}")
    report = compile_map(game_dir, out_dir=args.out)
    total = sum(report.seconds.values())
    print(f"compiled {args.game} map in {total:.1f} s")
    for stage, sec in report.seconds.items():
        print(f"  {stage:32s} {sec:6.2f} s")
    for what, counts in report.counts.items():
        print(f"{what}: " + ", ".join(f"{k} {v}" for k, v in counts.items()))
    if report.warp is not None:
        worst = max(report.warp.placed, key=lambda p: p.affine_error)
        print(f"control points: {len(report.warp.placed)}, all inside their hexes; largest affine residual "
              f"{worst.affine_error:.2f} hex ({worst.point.name})")
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
        sides.append({"direction": m.grid.direction(h.hex, other), "to": m.grid.hex_id(other),
                      **{k: v for k, v in asdict(s).items() if k not in ("side", "features")},
                      "features": sorted(s.features)})
    cities = [asdict(c) for c in m.cities_in(h.id)]
    data = {k: v for k, v in asdict(h).items() if k not in ("hex", "rough_terrains", "features")}
    data["features"] = sorted(h.features)
    data["also"] = [m.grid.hex_id(a) for a in m.grid.aliases(h.hex)[1:]]  # its other sheets' ids
    if args.json:
        json.dump({"hex": data, "cities": cities, "hexsides": sides}, sys.stdout, indent=1)
        sys.stdout.write("\n")
        return 0
    print(f"hex {h.id}: {h.kind}" + (f", {h.terrain}" if h.terrain else "") +
          (f", {h.country} ({h.area}{', overseas' if h.overseas else ''})" if h.country else "") +
          (f"; also {', '.join(data['also'])}" if data["also"] else ""))
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
        print(f"  city {c['name']}" + (f" ({', '.join(roles)})" if roles else "") +
              (f", Sea Zones {';'.join(map(str, c['seazones']))}" if c["seazones"] else ""))
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
    from wargame.errors import DataError

    m = _load(args)
    try:
        c = m.city(args.name)
    except DataError as city_error:
        try:
            b = m.box(args.name)
        except DataError:
            raise city_error from None
        print(f"{b.name}: Map Box {b.code}, {b.friendly}-friendly")
        return 0
    roles = [r for r in ("capital", "factory", "port") if getattr(c, r)]
    print(f"{c.name}: {c.hex}" + (f" ({', '.join(roles)})" if roles else "") + f", {c.country}" +
          (f", Sea Zones {';'.join(map(str, c.seazones))}" if c.seazones else ""))
    return 0


def _preview(args: argparse.Namespace) -> int:
    from builder.mapmaker.preview import render

    m = _load(args)
    out = render(m, args.layer, args.output, size=args.hex_size)
    print(f"wrote {out}")
    return 0


def _render(args: argparse.Namespace) -> int:
    from builder.render import mapart
    from builder.render.map_print import page_tiles, tiles_pdf, write_tiles
    from vassal.archive import atomic_write

    game = _game(args)
    board = game.boards().board(args.board).board_name if args.board else None
    if args.tiles is not None and not args.print_version:
        raise InputError("--tiles needs --print (tiles are cut from the print version)")
    if args.print_version:
        if not 50 <= args.dpi <= 600:
            raise InputError(f"--dpi must be between 50 and 600, not {args.dpi:g}")
        result = mapart.render_print(game.key, board=board, dpi=args.dpi)
        mapart.save_png(result.image, args.output, dpi=args.dpi)
        w, h = result.image.size
        print(f"wrote {args.output}: {w}x{h} px, {w / args.dpi:.1f} x {h / args.dpi:.1f} in at {args.dpi:g} dpi "
              f"({result.seconds:.1f} s)")
        if args.tiles is not None:
            tiles = page_tiles(result.image, args.dpi, args.paper, label=f"{game.short} map")
            paths = write_tiles(tiles, args.tiles, args.dpi)
            pdf = Path(args.tiles) / "map-tiles.pdf"
            atomic_write(pdf, tiles_pdf(tiles, args.dpi, f"{game.short} map, {args.dpi:g} dpi"))
            rows = max(t.row for t in tiles) + 1
            print(f"wrote {len(paths)} {args.paper} pages ({rows} rows x {len(tiles) // rows} columns) "
                  f"to {args.tiles}, and all of them in {pdf} (print at 100 %, not fit to page)")
        return 0
    if not 0 < args.scale <= 4:
        raise InputError(f"--scale must be above 0 and at most 4, not {args.scale:g}")
    result = mapart.render_map(game.key, board=board, scale=args.scale)
    mapart.save_png(result.image, args.output)
    w, h = result.image.size
    print(f"wrote {args.output}: {w}x{h} px ({result.seconds:.1f} s)")
    return 0
