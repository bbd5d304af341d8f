"""Sharing sources of limited capacity among units so that as many units as possible are
supplied: a maximum bipartite matching (augmenting paths), one implementation for every pack.

    match(wants, capacity, place_of) -> {unit: the option it got}

``wants`` maps each unit to its options, best first; ``place_of(option)`` names the source an
option uses and ``capacity(option)`` how many units that source serves. Units and options are
taken in a fixed order (units sorted, options as given), so the result is deterministic.
USE's Limited sources (7.3.1) and ETO's supply markers, air supply and permanent forts (32.1,
32.4) are matched here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TypeVar

__all__ = ["match"]

Option = TypeVar("Option")


def match(
    wants: Mapping[str, Sequence[Option]],
    capacity: Callable[[Option], int],
    place_of: Callable[[Option], str],
    first: Iterable[str] = (),
) -> dict[str, Option]:
    """The most units each given one of its options, no source above its capacity. Units
    named in ``first`` are placed before the others: an augmenting path never unseats a placed
    unit, so as many of them as can be are among those supplied."""
    holders: dict[str, list[str]] = {}
    chosen: dict[str, Option] = {}

    def place(unit: str, seen: set[str]) -> bool:
        for opt in wants[unit]:
            at = place_of(opt)
            if at in seen:
                continue
            seen.add(at)
            held = holders.setdefault(at, [])
            if len(held) < capacity(opt):
                held.append(unit)
                chosen[unit] = opt
                return True
            for other in list(held):
                if place(other, seen):
                    held.remove(other)
                    held.append(unit)
                    chosen[unit] = opt
                    return True
        return False

    early = set(first) & set(wants)
    for unit in sorted(early) + sorted(u for u in wants if u not in early):
        place(unit, set())
    return chosen
