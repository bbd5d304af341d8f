"""The off-map boards: one Faction Card per faction and one board for the game-wide tracks.

The rules keep many counters off the map (USE 2.8): the Faction Card boxes (Events,
Upgrade, Mobilization, Eliminated, Conditional, Ceded Area, Surprise Attack holding box), the
Production, National Will and factory tracks, and the Turn, Weather and Move tracks with the
Diplomacy Cup. Each board is a list of named rectangles; the module turns every rectangle into
a VASSAL Zone (so a piece there reports the box's name) and draws the board from the same list,
so the picture and the zones cannot disagree. The layouts are in wargame.offboards (the rules
assistant reads them too); this module draws them.
"""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from builder.render import text as fit_text
from wargame.offboards import OffBoard

ACCENT = (200, 30, 30)  # the outline of a box the game marks out (a seasonal turn)


def draw_board(board: OffBoard) -> bytes:
    """The board picture: title, every box outlined and labelled (PNG bytes)."""
    image = Image.new("RGB", (board.width, board.height), board.colour)
    pen = ImageDraw.Draw(image)
    title = fit_text.fit(board.title, (30, 10, board.width - 30, 70), weight="bold")
    fit_text.draw(image, title, (20, 20, 20))
    labels: dict[str, tuple[list, list, list]] = {}  # one common size per kind of area
    for a in board.areas:
        if a.kind == "label":
            box = (a.x, a.y + 4, a.x + a.width, a.y + a.height - 6)
            labels.setdefault("label", ([], [], []))
            group = labels["label"]
            group[0].append(a.label)
            group[1].append(box)
            group[2].append((30, 30, 30))
            continue
        dark = a.kind in ("deck", "cards")
        fill = (250, 248, 240) if not dark else (90, 70, 50)
        outline, width = (ACCENT, 6) if a.accent else ((40, 40, 40), 3)
        pen.rectangle((a.x, a.y, a.x + a.width - 1, a.y + a.height - 1), fill=fill, outline=outline, width=width)
        label_h = 30 if a.kind in ("box", "cards") else 22
        group = labels.setdefault("box" if a.kind == "cards" else a.kind, ([], [], []))
        group[0].append(a.label or a.name)
        group[1].append((a.x + 6, a.y + 4, a.x + a.width - 6, a.y + label_h))
        group[2].append((30, 30, 30) if not dark else (240, 230, 210))
    for kind, (texts, boxes, inks) in labels.items():
        weight = "semibold" if kind in ("label", "box") else "bold"
        for block, ink in zip(fit_text.fit_all(texts, boxes, weight=weight), inks):
            fit_text.draw(image, block, ink)
    out = io.BytesIO()
    image.save(out, "PNG", optimize=False, compress_level=6)
    return out.getvalue()
