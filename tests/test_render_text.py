"""Text fitting: as large as allowed, inside its box, never clipped."""

from __future__ import annotations

import pytest
from PIL import Image

from builder.render import text


def _ink_box(image: Image.Image) -> tuple[int, int, int, int]:
    box = image.convert("L").point(lambda v: 255 if v > 0 else 0).getbbox()
    assert box is not None
    return box


@pytest.mark.parametrize(
    "words,box",
    [
        ("GER", (10, 10, 110, 50)),
        ("5 Shock Army", (0, 0, 60, 400)),
        ("Graf Zeppelin", (3, 7, 300, 40)),
        ("Qgjy", (20, 20, 80, 90)),
    ],
)
def test_fitted_ink_lies_inside_the_box(words: str, box) -> None:
    block = text.fit(words, box, weight="bold")
    x0, y0, x1, y1 = block.bbox
    assert box[0] <= x0 and box[1] <= y0 and x1 <= box[2] and y1 <= box[3]


def test_drawn_pixels_stay_inside_the_box() -> None:
    image = Image.new("L", (200, 120), 0)
    box = (20, 30, 150, 70)
    block = text.fit("SURPRISE ATTACK", box, weight="bold", max_lines=2)
    text.draw(image, block, 255)  # an "L" image's ink is one grey level
    left, top, right, bottom = _ink_box(image)
    assert left >= 20 and top >= 30 and right <= 151 and bottom <= 71


def test_text_grows_until_the_box_stops_it() -> None:
    small = text.fit("GER", (0, 0, 100, 30))
    large = text.fit("GER", (0, 0, 100, 60))
    assert large.px > small.px
    bigger = text.fit("GER", (0, 0, 100, 60), max_cap=10)
    assert bigger.bbox[3] - bigger.bbox[1] <= 10 * 1.12  # round letters overshoot the cap


def test_wrapping_chooses_the_layout_with_the_largest_text() -> None:
    one = text.fit("POLITICAL SUCCESS", (0, 0, 100, 100), max_lines=1)
    two = text.fit("POLITICAL SUCCESS", (0, 0, 100, 100), max_lines=3)
    assert two.lines == ("POLITICAL", "SUCCESS")
    assert two.px > one.px


def test_a_hyphenated_word_may_break_after_its_hyphen() -> None:
    block = text.fit("CEDED ALSACE-LORRAINE", (0, 0, 100, 100), max_lines=3)
    assert block.lines == ("CEDED", "ALSACE-", "LORRAINE")


def test_text_that_cannot_fit_raises_instead_of_clipping() -> None:
    with pytest.raises(text.TextFitError, match="does not fit"):
        text.fit("COMMONWEALTH TRADE", (0, 0, 20, 8), min_px=6)


@pytest.mark.parametrize("clockwise", [False, True])
def test_turned_text_ink_stays_in_its_vertical_box(clockwise: bool) -> None:
    image = Image.new("RGB", (120, 200), (0, 0, 0))
    box = (80, 10, 110, 190)
    block = text.draw_rotated(
        image, "5 Shock Army", box, (255, 255, 255), weight="semibold", max_cap=None, min_px=6, clockwise=clockwise
    )
    left, top, right, bottom = _ink_box(image)
    assert left >= 80 and top >= 10 and right <= 111 and bottom <= 191
    bx0, _by0, _bx1, by1 = block.bbox
    assert abs(bx0 - left) <= 2 and abs(by1 - bottom) <= 2
