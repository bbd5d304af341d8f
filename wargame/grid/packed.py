"""The Grid's tables of ids parsed and neighbours found so far, packed for the compiled cache
(wargame.compiled): as positions in the grid's sorted hexes, two strings of bytes, and unpacked
only when a lookup first needs them.

A check of a USE save never parses an id or asks for a neighbour on the map's grid (the rules
walk MapData.adjacent), yet unpickling the two tables as dicts of Hex objects was an eighth of
the map's load (issue 20); other games' rules use them, and get them back as they were.

    pack_hexes(hexes) -> PackedHexes               a grid's sorted hexes as numbers
    unpack_hexes(packed) -> tuple[Hex, ...]
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


# rows, columns (4-byte signed numbers), each hex's board as its place in the boards named
PackedHexes = tuple[bytes, bytes, bytes, tuple[str, ...]]


def pack_hexes(hexes: Sequence[Hex]) -> PackedHexes | None:
    """None when one is no plain Hex (a subclass, more attributes): then they stay objects."""
    from array import array

    if any(type(h) is not Hex or len(h.__dict__) != 3 for h in hexes):
        return None
    boards = tuple(sorted({h.board for h in hexes}))
    where = {b: i for i, b in enumerate(boards)}
    rows = array("i", [h.row for h in hexes]).tobytes()
    cols = array("i", [h.col for h in hexes]).tobytes()
    return rows, cols, _to_bytes([where[h.board] for h in hexes]), boards


def unpack_hexes(packed: PackedHexes) -> tuple[Hex, ...]:
    """The hexes again, each one's attributes a dict of its own (what unpickling a Hex gives,
    in a sixth of the time)."""
    rows, cols, where, boards = packed
    new, assign = object.__new__, object.__setattr__
    out = []
    for row, col, board in zip(memoryview(rows).cast("i"), memoryview(cols).cast("i"), memoryview(where).cast("I")):
        h = new(Hex)
        assign(h, "__dict__", {"row": row, "col": col, "board": boards[board]})
        out.append(h)
    return tuple(out)


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
