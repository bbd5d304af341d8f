"""The Grid's tables of ids parsed and neighbours found so far, packed for the compiled cache
(wargame.compiled): as positions in the grid's sorted hexes, two strings of bytes, and unpacked
only when a lookup first needs them.

A check of a USE save never parses an id or asks for a neighbour on the map's grid (the rules
walk MapData.adjacent), yet unpickling the two tables as dicts of Hex objects was an eighth of
the map's load (issue 20); other games' rules use them, and get them back as they were.

    pack(parsed, near, hexes) -> Packed | None     None: a table holds a hex not in ``hexes``
    unpack_parsed(packed, hexes) -> dict[str, Hex]
    unpack_near(packed, hexes) -> dict[Hex, tuple[Hex, ...]]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from wargame.grid.parts import Hex

# (the ids parsed, the position of each one's hex), then each hex with neighbours found:
# its position, how many, their positions; the positions as 4-byte unsigned numbers
Packed = tuple[tuple[str, ...], bytes, bytes]


def _to_bytes(values: list[int]) -> bytes:
    from array import array

    return array("I", values).tobytes()


def pack(parsed: Mapping[str, Hex], near: Mapping[Hex, tuple[Hex, ...]], hexes: Sequence[Hex]) -> Packed | None:
    index = {h: i for i, h in enumerate(hexes)}
    try:
        where = [index[h] for h in parsed.values()]
        flat: list[int] = []
        for h, found in near.items():
            flat += (index[h], len(found), *(index[n] for n in found))
    except KeyError:
        return None
    return tuple(parsed), _to_bytes(where), _to_bytes(flat)


def unpack_parsed(packed: Packed, hexes: Sequence[Hex]) -> dict[str, Hex]:
    texts, where, _near = packed
    return dict(zip(texts, [hexes[i] for i in memoryview(where).cast("I")], strict=True))


def unpack_near(packed: Packed, hexes: Sequence[Hex]) -> dict[Hex, tuple[Hex, ...]]:
    flat = memoryview(packed[2]).cast("I").tolist()
    out: dict[Hex, tuple[Hex, ...]] = {}
    i = 0
    while i < len(flat):
        count = flat[i + 1]
        out[hexes[flat[i]]] = tuple(hexes[j] for j in flat[i + 2 : i + 2 + count])
        i += 2 + count
    return out
