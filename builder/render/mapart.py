"""The map board image, drawn from the committed map data with Pillow.

    render_board(game, board=None, scale=1.0) -> PIL.Image   a board image of the module
    render_map(game, board=None, scale=1.0, ...) -> MapRender  image + every label drawn (for tests)
    render_print(game, board=None, dpi=150) -> MapRender     the print version (fixed inch size)

The image is exactly `wargame.board`'s size (times `scale`) and every hex sits where
`Board.center` says, because the shapes come from the same grid object (map_scene.py). Shapes
are drawn `supersample` times larger in horizontal strips and reduced (anti-aliasing with bounded
memory; strips render in parallel on a multi-core machine); text is drawn afterwards at the final
size, where FreeType anti-aliases it crisply (laid out and rendered in a worker beside the strips,
recorded, and replayed on the board: map_text.Recording). Same inputs, same bytes.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import Image

from builder.render import forkpool
from builder.render.map_labels import text_pass
from builder.render.map_lines import Point
from builder.render.map_margins import box_arrows, key_items
from builder.render.map_scene import Scene, build_scene
from builder.render.map_strips import StripJob, draw_strip
from builder.render.map_style import MapStyle, load_style
from builder.render.map_text import Label, Recording
from builder.render.style import ART_DIR
from records import frozen
from wargame.games import find_game
from wargame.mapdata import MapData


@frozen
class MapRender:
    image: Image.Image
    labels: tuple[Label, ...]
    scale: float
    seconds: float


@lru_cache(maxsize=4)
def _scene(game: str, board: str | None = None) -> tuple[Scene, MapStyle]:
    st = load_style()
    g = find_game(game)
    chosen = g.boards().board(board) if board else g.boards().default
    from wargame.mapdata import vocabulary_of

    vocab = vocabulary_of(g.settings, str(g.folder / "game.toml"))
    return build_scene(
        chosen, g.mapdata((chosen.board_name,)), st, vocab.weather, vocab.zone_label, vocab.line_label, vocab.rough
    ), st


def _no_progress(done: int, total: int) -> None:
    return None


def render_map(
    game: str,
    *,
    board: str | None = None,
    scale: float = 1.0,
    supersample: int | None = None,
    workers: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> MapRender:
    """Draw a board of a game (its first unless named) at `scale` (1.0 = the module's image,
    exactly board.toml's size); `progress(done, total)` hears of each strip drawn and of the
    text pass."""
    if not (0 < scale <= 4):
        raise ValueError(f"scale must be in (0, 4], not {scale}")
    started = time.perf_counter()
    scene, st = _scene(game, board)
    data = find_game(game).mapdata((scene.board.board_name,))
    width, height = round(scene.board.width * scale), round(scene.board.height * scale)
    ss = int(supersample or st.render["supersample"])
    rows = max(16, int(st.render["strip"]))
    job = StripJob(
        scene=scene,
        style=st,
        scale=scale,
        ss=ss,
        rows=rows,
        width=width,
        height=height,
        arrows=tuple(box_arrows(scene, data)),
        edge_arrows=_edge_arrows(scene, data),
        key=key_items(scene, st),
    )
    count = math.ceil(height / rows)
    workers = workers if workers is not None else min(os.cpu_count() or 1, 4)
    image = Image.new("RGB", (width, height), st.colours["paper"])
    tally = progress or _no_progress
    steps = count + 1  # the text and the strips
    tally(0, steps)
    labels: list[Label] = []
    text = Recording((width, height))
    with forkpool.as_done(_draw_piece, (job, data), count + 1, workers) as pieces:
        for done, (i, piece) in enumerate(pieces, start=1):
            if i == 0:
                labels, text = piece
            else:
                image.paste(piece, (0, (i - 1) * rows))
            tally(done, steps)
    text.replay(image)  # over the strips, as if drawn on them
    return MapRender(image, tuple(labels), scale, time.perf_counter() - started)


def _draw_piece(job_data: tuple[StripJob, MapData], i: int) -> Any:
    """Piece ``i`` of the board for a worker: 0 the text, laid out and rendered but recorded (it
    takes as long as a few strips, so it is handed out first), then strip ``i - 1``."""
    job, data = job_data
    if i == 0:
        text = Recording((job.width, job.height))
        return text_pass(text, job, data), text
    return draw_strip(job, i - 1)


def _edge_arrows(scene: Scene, data: MapData) -> tuple[tuple[Point, Point], ...]:
    """Arrows from the map's east edge to a Map Box beyond it whose ground units move to and
    from the edge hexes beside it."""
    edge_arrows = []
    for b in scene.board.boxes:
        info = data.boxes.get(b.code)
        if info and info.ground_edge:
            right_edge = scene.grid_box[2]
            if b.x > right_edge:
                for f in (0.25, 0.5, 0.75):
                    y = b.y + b.height * f
                    edge_arrows.append(((right_edge + 4, y), (b.x - 4, y)))
    return tuple(edge_arrows)


def render_board(
    game: str,
    *,
    board: str | None = None,
    scale: float = 1.0,
    workers: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Image.Image:
    """A board image of the module: board.toml's size times `scale`, hexes where Board.center says."""
    return render_map(game, board=board, scale=scale, workers=workers, progress=progress).image


def print_scale(game: str, dpi: float = 150.0, board: str | None = None) -> float:
    """Scale of the print version: hexes `print_hex_inch` wide across the flats at `dpi`."""
    scene, st = _scene(game, board)
    return dpi * st.render["print_hex_inch"] / scene.board.layout.along


def render_print(
    game: str,
    *,
    board: str | None = None,
    dpi: float = 150.0,
    workers: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> MapRender:
    """The print version: the same drawing at a fixed physical size (art/map.toml print_hex_inch)."""
    if not (50 <= dpi <= 600):
        raise ValueError(f"dpi must be between 50 and 600, not {dpi}")
    return render_map(game, board=board, scale=print_scale(game, dpi, board), workers=workers, progress=progress)


def save_png(image: Image.Image, path: Path, dpi: float | None = None) -> Path:
    """Write a PNG atomically with no time stamps (same image, same bytes)."""
    import io

    from vassal.archive import atomic_write

    buf = io.BytesIO()
    options: dict[str, object] = {"optimize": False, "compress_level": 6}
    if dpi:
        options["dpi"] = (dpi, dpi)
    image.save(buf, format="PNG", **options)
    atomic_write(Path(path), buf.getvalue())
    return Path(path)


__all__ = ["ART_DIR", "Label", "MapRender", "print_scale", "render_board", "render_map", "render_print", "save_png"]
