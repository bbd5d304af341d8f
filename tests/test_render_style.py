"""Colour schemes and sizes in art/: readable text, visible stripes, exact pixel sizes."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from builder.render.style import ART_DIR, contrast, delta_e, load_layout, load_schemes, pixels
from wargame.errors import DataError

SCHEMES = load_schemes()

# Every country abbreviation of the rules (USE 4.3 / 16.0).
COUNTRIES = [
    "BEL",
    "BUL",
    "DEN",
    "EST",
    "FIN",
    "FRA",
    "FNA",
    "GER",
    "GRE",
    "HUN",
    "IRQ",
    "IRE",
    "ITA",
    "LAT",
    "LIT",
    "NET",
    "NOR",
    "POL",
    "POR",
    "ROM",
    "SPA",
    "SWE",
    "SYR",
    "TUR",
    "UK",
    "USA",
    "USSR",
    "VIC",
    "YUG",
]


@pytest.mark.parametrize("key", sorted(SCHEMES))
def test_text_contrast_meets_wcag_aa_in_every_scheme(key: str) -> None:
    s = SCHEMES[key]
    assert contrast(s.fg, s.bg) >= 4.5
    assert contrast(s.stripe_fg, s.stripe) >= 4.5


@pytest.mark.parametrize("key", sorted(SCHEMES))
def test_symbol_lines_stand_out_from_the_frame_fill(key: str) -> None:
    s = SCHEMES[key]
    assert contrast(s.fg, s.fill) >= 3.0


@pytest.mark.parametrize("key", COUNTRIES)
def test_reduced_stripe_is_visible_on_the_nation_colour(key: str) -> None:
    s = SCHEMES[key]
    assert contrast(s.stripe, s.bg) >= 1.6


def test_every_country_of_the_rules_has_a_scheme() -> None:
    assert set(COUNTRIES) <= set(SCHEMES)


def test_major_powers_have_clearly_different_backgrounds() -> None:
    majors = [SCHEMES[k].bg for k in ("GER", "ITA", "UK", "USA", "FRA", "USSR")]
    for i, a in enumerate(majors):
        for b in majors[i + 1 :]:
            assert delta_e(a, b) >= 18


def test_delta_e_is_zero_for_equal_colours_and_large_for_black_and_white() -> None:
    assert delta_e((10, 20, 30), (10, 20, 30)) == 0
    assert delta_e((0, 0, 0), (255, 255, 255)) == pytest.approx(100, abs=0.5)


def test_contrast_is_the_wcag_ratio() -> None:
    assert contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert contrast((119, 119, 119), (255, 255, 255)) == pytest.approx(4.48, abs=0.01)


def test_sizes_in_inches_and_millimetres_give_the_same_pixels() -> None:
    assert pixels(inch=0.5, dpi=300) == 150
    assert pixels(mm=12.7, dpi=300) == 150
    assert pixels(inch=0.5, dpi=160) == 80
    with pytest.raises(ValueError):
        pixels(inch=0.5, mm=12.7, dpi=300)
    with pytest.raises(ValueError):
        pixels(inch=0.5, dpi=0)


def test_screen_size_is_half_an_inch_at_160_dpi() -> None:
    layout = load_layout()
    assert pixels(inch=layout.screen_inch, dpi=layout.screen_dpi) == 80
    assert layout.print_dpi >= 300


def _art_copy(tmp_path: Path) -> Path:
    copy = tmp_path / "art"
    shutil.copytree(ART_DIR, copy, ignore=shutil.ignore_patterns("fonts"))
    return copy


def test_a_bad_colour_is_reported_with_file_and_place(tmp_path: Path) -> None:
    art = _art_copy(tmp_path)
    path = art / "nations.toml"
    path.write_text(path.read_text().replace('bg = "#9aa099"', 'bg = "grey"'))
    with pytest.raises(DataError, match=r"nations\.toml: GER\.bg: colour must be written"):
        load_schemes(art)


def test_a_misspelt_field_is_reported_with_the_near_miss(tmp_path: Path) -> None:
    art = _art_copy(tmp_path)
    path = art / "markers.toml"
    path.write_text(path.read_text().replace("stripe_fg", "strip_fg", 1))
    with pytest.raises(DataError, match='did you mean "stripe_fg"'):
        load_schemes(art)


def test_a_layout_value_outside_the_counter_is_refused(tmp_path: Path) -> None:
    art = _art_copy(tmp_path)
    path = art / "counters.toml"
    path.write_text(path.read_text().replace("band = 0.25", "band = 2.5"))
    with pytest.raises(DataError, match=r"unit\.band: must be a fraction"):
        load_layout(art)
