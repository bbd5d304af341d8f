"""Drawing in forked workers: forkpool.as_done hands back every item as soon as it is drawn, and
a deferred ImageCache draws the images a build asks for all at once, in workers, each stored."""

from __future__ import annotations

import io
import time
from pathlib import Path

import pytest
from PIL import Image

from builder.module.cache import ImageCache, Pending, png_size
from builder.render import forkpool

pytestmark = pytest.mark.skipif(not forkpool.can_fork(), reason="workers are forked")


def _slow_first(job: list[float], i: int) -> tuple[int, int]:
    time.sleep(job[i])
    return i, i * i


def test_as_done_gives_every_item_once_and_a_slow_one_holds_back_only_the_next_in_its_hand() -> None:
    delays = [0.5] + [0.0] * 11  # item 0 is slow: the other workers draw the rest meanwhile
    with forkpool.as_done(_slow_first, delays, len(delays), 3) as results:
        got = list(results)
    assert sorted(got) == [(i, (i, i * i)) for i in range(12)]
    order = [i for i, _ in got]  # worker 0 was handed items 0 and 3 at the start, then no more
    assert order[-2:] == [0, 3]


def test_ordered_gives_the_items_in_order_though_a_later_one_is_drawn_first() -> None:
    delays = [0.3, 0.0, 0.0, 0.2, 0.0, 0.0, 0.0]
    with forkpool.ordered(_slow_first, delays, len(delays), 2) as results:
        assert list(results) == [(i, i * i) for i in range(len(delays))]


def _fails_at_five(job: None, i: int) -> int:
    if i == 5:
        raise ValueError("item 5 is damaged")
    return i


def test_an_error_in_a_worker_is_raised_in_the_parent() -> None:
    with (
        pytest.raises(ValueError, match="item 5 is damaged"),
        forkpool.as_done(_fails_at_five, None, 8, 2) as results,
    ):
        list(results)


def _png(colour: tuple[int, int, int]) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (4, 3), colour).save(out, "PNG")
    return out.getvalue()


def test_a_deferred_cache_draws_what_it_lacks_in_workers_and_keeps_it(tmp_path: Path) -> None:
    cache = ImageCache(tmp_path, deferred=True)
    red = cache.get(("red",), lambda: _png((255, 0, 0)))
    blue = cache.get(("blue",), lambda: _png((0, 0, 255)))
    again = cache.get(("red",), lambda: _png((255, 0, 0)))  # asked twice: drawn once
    assert isinstance(red, Pending) and isinstance(blue, Pending) and again is red
    drawn = cache.draw_pending(2, lambda done, total: None)
    assert drawn == [_png((255, 0, 0)), _png((0, 0, 255))]
    assert (cache.misses, cache.hits) == (2, 1)
    later = ImageCache(tmp_path, deferred=True)
    assert later.get(("blue",), lambda: b"never drawn") == _png((0, 0, 255))
    assert png_size(drawn[1]) == (4, 3) and later.hits == 1
