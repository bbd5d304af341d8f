"""The module's pictures other than the boards, asked of the image cache by content digest:
faction cards and tracks, charts, counters, markers, option cards and their backs, layer badges
and the cup's face-down marker. Each lands in ``asked`` under its module path (images/...),
as bytes found in the cache or as a Pending drawn later with the others."""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping
from functools import partial
from pathlib import Path

from PIL import Image

from builder.module.cache import ImageCache, Pending
from builder.module.card_pieces import card_back_image, card_image
from builder.module.cards import draw_board
from builder.module.charts import draw_chart
from builder.module.pieces import CUP_BACK, SORTIE_IMAGES, SUPPLY_IMAGES, marker_image, unit_image
from builder.render.content_faces import card_face, markers_from, units_from
from builder.render.counters import render_counter
from builder.render.faces import CounterFace, Marker, MarkerFace
from builder.render.icons import ICONS
from builder.render.markers import render_marker
from builder.render.option_cards import CardFace, card_layout, draw_card, draw_card_back
from wargame.content import Content
from wargame.displays import Displays
from wargame.offboards import OffBoard

BADGE_PX = 36
PACKAGES = Path(__file__).resolve().parents[2]  # the folder holding builder/ and wargame/
Tally = Callable[[int, int], None]  # progress(done, total)
Asked = dict[str, bytes | Pending]


def png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=6)
    return out.getvalue()


def _counter_png(face: CounterFace, px: int) -> bytes:
    return png(render_counter(face, px))


def _marker_png(face: MarkerFace, px: int) -> bytes:
    return png(render_marker(face, px))


def _card_png(face: CardFace) -> bytes:
    return png(draw_card(face))


def _card_back_png(back: tuple[str, str, str, str | None]) -> bytes:
    return png(draw_card_back(*back))


def display_images(
    asked: Asked, images: ImageCache, offboards: Mapping[str, OffBoard], displays: Displays, code_print: str
) -> None:
    """The off-map boards (faction cards, tracks) and the charts."""
    for ob in offboards.values():
        asked["images/" + ob.image] = images.get(("offboard", repr(ob), code_print), partial(draw_board, ob))
    for chart in displays.charts:
        asked["images/" + chart.image] = images.get(("chart", repr(chart), code_print), partial(draw_chart, chart))


def counter_images(
    asked: Asked, images: ImageCache, content: Content, px: int, code_print: str, counted: Tally
) -> dict[str, Marker]:
    """Every unit's and marker's faces (``counted(done, total)`` hears of each design); the
    markers' faces by key, which the badges reuse."""
    designs = len(content.units) + len(content.markers)
    for done, (unit, faces) in enumerate(zip(content.units.values(), units_from(content)), start=1):
        for side, face in (("front", faces.front), ("back", faces.back)):
            name = "images/" + unit_image(unit, side)
            if name not in asked:  # counters of one design share their pictures
                asked[name] = images.get(("unit", repr(face), px, code_print), partial(_counter_png, face, px))
        counted(done, designs)
    faces_by_key = {m.name: m for m in markers_from(content)}
    for done, marker in enumerate(content.markers.values(), start=len(content.units) + 1):
        drawn = faces_by_key[marker.key]
        sides = [("front", drawn.front)] + ([("back", drawn.back)] if drawn.back else [])
        for side, marker_face in sides:
            asked["images/" + marker_image(marker, side)] = images.get(
                ("marker", repr(marker_face), px, code_print), partial(_marker_png, marker_face, px)
            )
        counted(done, designs)
    return faces_by_key


def badge_images(
    asked: Asked,
    images: ImageCache,
    displays: Displays,
    faces_by_key: Mapping[str, Marker],
    px: int,
    code_print: str,
) -> None:
    """The supply and sorties layers' badges, and what a marker shows in the face-down cup."""
    layers = displays.pieces
    badges: list[tuple[str, MarkerFace]] = []
    if layers.supply_badges:
        marker = faces_by_key[layers.supply_badges]
        assert marker.back is not None, "the supply badges are a two-sided marker's faces"
        badges += list(zip(SUPPLY_IMAGES, (marker.front, marker.back)))
    if layers.sorties_badges:
        badges += [
            (img, faces_by_key[layers.sorties_badges.replace("{n}", str(n))].front)
            for n, img in enumerate(SORTIE_IMAGES, start=1)
        ]
    for img, face in badges:
        asked["images/" + img] = images.get(
            ("badge", repr(face), BADGE_PX, code_print), partial(_marker_png, face, BADGE_PX)
        )
    if displays.tracks.cup is not None:  # what every marker shows while it lies in the face-down cup
        cup_face = MarkerFace(displays.tracks.cup_face, "political", figure="?")
        asked["images/" + CUP_BACK] = images.get(
            ("cup", repr(cup_face), px, code_print), partial(_marker_png, cup_face, px)
        )


def card_images(asked: Asked, images: ImageCache, content: Content, code_print: str) -> tuple[int, int]:
    """Every card's face and each faction's card back into the module's images; the card size."""
    if not content.cards:
        return (0, 0)
    for card in content.cards.values():
        face = card_face(card, content)
        asked["images/" + card_image(card)] = images.get(("card", repr(face), code_print), partial(_card_png, face))
    for key, faction in content.factions.items():
        back = (faction.name, faction.scheme, "Option card", key if key in ICONS else None)
        asked["images/" + card_back_image(key)] = images.get(
            ("card back", back, code_print), partial(_card_back_png, back)
        )
    layout = card_layout()
    return layout.width, layout.height
