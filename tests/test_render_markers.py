"""Markers: every marker of the rules digest, both sides, exact sizes, text inside its boxes."""

from __future__ import annotations

import pytest
from PIL import ImageChops

from builder.render.faces import MarkerFace
from builder.render.icons import ICONS
from builder.render.markers import draw_marker, render_marker
from builder.render.samples import sample_markers

MARKERS = sample_markers()
FACES = [face for m in MARKERS for face in (m.front, m.back) if face is not None]

# USE 4.4: every event and tracking marker (policies and conditional events included).
RULES_MARKERS = (
    "Airdrop",
    "Area Seized",
    "Convoy Action",
    "Free Forces",
    "Ground Support",
    "Heavy Arty",
    "Jets",
    "Naval Evacuation",
    "No Event",
    "Partisans",
    "Political Failure",
    "Political Success",
    "Rockets",
    "SNAFU",
    "Submarines",
    "Surface Action",
    "Surprise Attack",
    "Tanks",
    "ULTRA",
    "DRM Attacker",
    "DRM Defender",
    "Appsmt or Pact Ends / Scenario Ends",
    "Assault",
    "Bombed",
    "Ceded",
    "Commonwealth Trade",
    "Control",
    "Economic Reforms",
    "Fac Count",
    "Fac Lost",
    "Factory",
    "Fort",
    "Lend Lease to UK",
    "Lend Lease to USSR",
    "Moscow Treaty",
    "Movement Points",
    "Mulberry",
    "No EZOC",
    "Nuclear Strike",
    "Pro-Axis",
    "Pro-Western",
    "Pro-Soviet",
    "Prod",
    "Policy Evaluation",
    "Sorties",
    "Russian Winter",
    "Strategic Move",
    "Strict Neutrality",
    "Supply Low / No",
    "Turn",
    "Urals Fac",
    "USA Entry / Variable Arrival",
    "Variable Entry",
    "Will 10s",
    "Will 1s",
    "Weather",
    "Will Commit",
)


@pytest.mark.parametrize("name", RULES_MARKERS)
def test_the_sample_set_has_every_marker_of_the_rules(name: str) -> None:
    assert any(m.name == name or m.name.startswith(name + " ") for m in MARKERS), name


def test_two_sided_markers_of_the_rules_have_both_sides() -> None:
    two = {m.name for m in MARKERS if m.back is not None}
    for name in (
        "Supply Low / No",
        "Appsmt or Pact Ends / Scenario Ends",
        "USA Entry / Variable Arrival",
        "Fort Tobruk (ITA/UK)",
        "DRM Attacker",
    ):
        assert name in two


@pytest.mark.parametrize("px", (40, 80, 150))
def test_every_sample_marker_face_renders_at_the_exact_size(px: int) -> None:
    for face in FACES:
        assert render_marker(face, px).size == (px, px)


@pytest.mark.parametrize("px", (40, 80, 150))
def test_every_marker_text_lies_inside_its_box(px: int) -> None:
    for face in FACES:
        for block in draw_marker(face, px).texts:
            x0, y0, x1, y1 = block.bbox
            bx0, by0, bx1, by1 = block.box
            assert x0 >= bx0 - 0.6 and y0 >= by0 - 0.6 and x1 <= bx1 + 0.6 and y1 <= by1 + 0.6


@pytest.mark.parametrize("icon", sorted(ICONS))
def test_every_icon_draws_something_in_its_region(icon: str) -> None:
    with_icon = draw_marker(MarkerFace(("X",), "track", icon=icon), 80)
    without = draw_marker(MarkerFace(("X",), "track"), 80)
    x0, y0, x1, y1 = (round(v) for v in with_icon.regions["icon"])
    box = (x0, y0, x1, y1)
    diff = ImageChops.difference(with_icon.image.crop(box), without.image.crop(box))
    assert diff.convert("L").getbbox() is not None


def test_the_reminder_sits_in_the_bottom_right_corner() -> None:
    drawn = draw_marker(MarkerFace(("CONVOY ACTION",), "axis", icon="convoy", reminder="S+1"), 80)
    x0, y0, _x1, _y1 = drawn.regions["reminder"]
    assert x0 > 50 and y0 > 55
    assert any(b.lines == ("S+1",) for b in drawn.texts)


def test_a_face_without_content_is_refused() -> None:
    with pytest.raises(ValueError):
        MarkerFace((), "track")
    with pytest.raises(ValueError):
        MarkerFace(("X",), "track", icon="die", figure="3")
