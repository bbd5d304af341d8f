"""Unit counters: exact sizes, text inside its boxes, the USE marks where flagged, same bytes."""

from __future__ import annotations

import hashlib
import io
import subprocess
import sys
from dataclasses import replace

import pytest
from PIL import Image, ImageChops, ImageStat

from builder.render.counters import draw_unit, print_px, render_counter, screen_px
from builder.render.faces import UNIT_TYPES, CounterFace, unit_counter
from builder.render.samples import sample_units
from builder.render.style import scheme

FACES = [face for unit in sample_units() for face in (unit.front, unit.back)]
SIZES = (40, 80, 150)


def _inside(inner, outer, slack: float = 0.6) -> bool:
    return (
        inner[0] >= outer[0] - slack
        and inner[1] >= outer[1] - slack
        and inner[2] <= outer[2] + slack
        and inner[3] <= outer[3] + slack
    )


def _region(image: Image.Image, box) -> Image.Image:
    return image.crop(tuple(round(v) for v in box))


@pytest.mark.parametrize("px", SIZES)
def test_every_sample_face_renders_at_the_exact_size(px: int) -> None:
    for face in FACES:
        image = render_counter(face, px)
        assert image.size == (px, px) and image.mode == "RGB"


@pytest.mark.parametrize("px", SIZES)
def test_every_text_lies_inside_its_box(px: int) -> None:
    for face in FACES:
        drawn = draw_unit(face, px)
        assert drawn.texts, face
        for block in drawn.texts:
            assert _inside(block.bbox, block.box), (face, block.lines)


def test_the_sample_set_shows_every_unit_type_and_both_flags() -> None:
    shown = {(f.kind, f.unit_type) for f in FACES}
    assert shown == {(k, t) for k, types in UNIT_TYPES.items() for t in types}
    assert any(f.elite for f in FACES) and any(f.upgrade for f in FACES)
    assert any(f.what_if for f in FACES) and any(f.reduced for f in FACES)


def test_screen_and_print_sizes_come_from_the_layout() -> None:
    assert screen_px() == 80
    assert print_px() == 150


PLAIN = CounterFace("GER", "ground", "infantry", "Afrika", "GER")


@pytest.mark.parametrize(
    "flag,region",
    [
        ("elite", "star"),
        ("upgrade", "upgrade"),
        ("what_if", "what_if"),
        ("reduced", "stripe"),
    ],
)
@pytest.mark.parametrize("kind,unit_type", [("ground", "tank"), ("air", "fighter"), ("naval", "surface")])
def test_a_flag_draws_its_mark_and_no_flag_leaves_the_spot_plain(flag, region, kind, unit_type) -> None:
    plain = replace(PLAIN, kind=kind, unit_type=unit_type)
    marked = draw_unit(replace(plain, **{flag: True}), 80)  # type: ignore[arg-type]  # flag names a bool field
    unmarked = draw_unit(plain, 80)
    assert region in marked.regions and region not in unmarked.regions
    spot = marked.regions[region]
    diff = ImageChops.difference(_region(marked.image, spot), _region(unmarked.image, spot))
    assert max(ImageStat.Stat(diff.convert("L")).extrema[0]) > 60


def test_the_reduced_stripe_runs_across_the_nationality_name() -> None:
    drawn = draw_unit(replace(PLAIN, reduced=True), 150)
    stripe = drawn.regions["stripe"]
    abbrev = next(b for b in drawn.texts if b.lines == ("GER",))
    assert stripe[0] <= 4 and stripe[2] >= 146  # from edge to edge
    assert stripe[1] <= abbrev.bbox[1] and abbrev.bbox[3] <= stripe[3]
    left_of_text = (stripe[0] + 3, stripe[1] + 3, abbrev.bbox[0] - 3, stripe[3] - 3)
    colour = ImageStat.Stat(_region(drawn.image, left_of_text)).mean
    assert all(abs(c - s) < 3 for c, s in zip(colour, scheme("GER").stripe))


@pytest.mark.parametrize(
    "kind,unit_type,edge",
    [
        ("ground", "infantry", "right"),
        ("naval", "carrier", "top"),
        ("air", "bomber", "left"),
    ],
)
def test_the_historical_id_runs_along_the_edge_of_its_kind(kind, unit_type, edge) -> None:
    face = replace(PLAIN, kind=kind, unit_type=unit_type, ident="Graf Zeppelin")
    x0, y0, x1, y1 = draw_unit(face, 80).regions["id"]
    if edge == "right":
        assert x0 > 55 and y1 - y0 > x1 - x0
    elif edge == "left":
        assert x1 < 25 and y1 - y0 > x1 - x0
    else:
        assert y1 < 25 and x1 - x0 > y1 - y0


def test_the_back_of_a_one_sided_unit_shows_its_type_in_words() -> None:
    for kind, unit_type, words in (
        ("air", "fighter", ("FIGHTER",)),
        ("naval", "surface", ("SURFACE", "FLEET")),
        ("ground", "garrison", ("GARRISON",)),
    ):
        unit = unit_counter("UK", kind, unit_type, "Force H")
        drawn = draw_unit(unit.back, 80)
        assert any(b.lines == words for b in drawn.texts)
        assert "id" not in drawn.regions


def test_field_units_flip_to_reduced_and_garrisons_are_always_reduced() -> None:
    field = unit_counter("GER", "ground", "tank", "2P Army")
    assert not field.front.reduced and field.back.reduced and field.back.back_text is None
    garrison = unit_counter("GER", "ground", "garrison", "Norway")
    assert garrison.front.reduced and garrison.back.back_text == "GARRISON"


def test_an_unknown_unit_type_is_refused_with_the_known_ones() -> None:
    with pytest.raises(ValueError, match="infantry"):
        CounterFace("GER", "ground", "panzer", "1", "GER")


def _png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def test_the_same_face_gives_the_same_png_bytes() -> None:
    face = unit_counter("USSR", "ground", "motorized", "2 Guards", elite=True, upgrade=True).front
    assert _png(render_counter(face, 80)) == _png(render_counter(face, 80))
    code = (
        "import hashlib, io; from builder.render.counters import render_counter;"
        "from builder.render.faces import unit_counter;"
        "f = unit_counter('USSR', 'ground', 'motorized', '2 Guards', elite=True,"
        " upgrade=True).front; b = io.BytesIO(); render_counter(f, 80).save(b, format='PNG');"
        "print(hashlib.sha256(b.getvalue()).hexdigest())"
    )
    other = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert other == hashlib.sha256(_png(render_counter(face, 80))).hexdigest()


def test_drawing_is_anti_aliased() -> None:
    image = render_counter(unit_counter("GER", "air", "bomber", "KG 1").front, 80)
    colours = image.getcolors(maxcolors=100000)
    assert colours is not None and len(colours) > 30  # edges blend, not two flat colours
