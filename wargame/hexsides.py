"""The listed hexsides of a map (hexsides.csv): SideInfo, and SideTable, the read-only mapping
MapData keeps them in.

A SideTable pickles its hexsides as rows of plain values and makes each one a SideInfo again only
when it is first asked for: a check asks for a handful of a map's thousands of sides, and making
them all when the compiled cache is read (wargame.compiled) would cost more than the check.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from records import frozen
from wargame.grid import Hex, Hexside


@frozen
class SideInfo:
    """One listed hexside (hexsides.csv): water, river, border, strait and Transport Line."""

    id: str
    side: Hexside
    water: bool
    river: bool
    border: str  # international, disputed or ""
    land_border: bool  # 1.3.4: a border with land on it, no strait across
    line: str  # the later line it draws (Vichy) or ""
    strait: str  # strait name or ""
    strait_zones: tuple[int, ...]
    transport: bool  # a Transport Line crosses it
    land_pct: int
    features: frozenset[str] = frozenset()  # words of game.toml [map] side_features

    def has(self, feature: str) -> bool:
        return feature in self.features


def _side_row(s: SideInfo) -> tuple:
    a, b = s.side.a, s.side.b
    return (
        s.id,
        a.row,
        a.col,
        a.board,
        b.row,
        b.col,
        b.board,
        s.water,
        s.river,
        s.border,
        s.land_border,
        s.line,
        s.strait,
        s.strait_zones,
        s.transport,
        s.land_pct,
        tuple(sorted(s.features)),
    )


def _side_of(row: tuple) -> SideInfo:
    (
        sid,
        ar,
        ac,
        ab,
        br,
        bc,
        bb,
        water,
        river,
        border,
        land_border,
        line,
        strait,
        zones,
        transport,
        land_pct,
        features,
    ) = row
    return SideInfo(
        id=sid,
        side=Hexside(Hex(ar, ac, ab), Hex(br, bc, bb)),
        water=water,
        river=river,
        border=border,
        land_border=land_border,
        line=line,
        strait=strait,
        strait_zones=zones,
        transport=transport,
        land_pct=land_pct,
        features=frozenset(features),
    )


class SideTable(Mapping[str, SideInfo]):
    """The listed hexsides of a map, read-only; pickled as rows, each made a SideInfo again
    when first asked for (the module's doc says why). The rows come from the compiled cache
    still pickled (wargame.compiled.Deferred), unpickled when a side is first asked for: a check
    of a USE position asks for none (its rules walk MapData.adjacent), and unpickling the 7320
    rows was a seventh of the map's load (issue 20)."""

    __slots__ = ("_made", "_rows")

    def __init__(self, sides: Mapping[str, SideInfo] | None = None, rows: Mapping[str, tuple] | None = None):
        self._made: dict[str, SideInfo] = dict(sides or {})
        self._rows: Mapping[str, tuple] | None = dict(rows) if rows is not None else None
        if rows is None and sides is None:
            self._rows = {}

    def __getitem__(self, key: str) -> SideInfo:
        found = self._made.get(key)
        if found is None:
            if self._rows is None:
                raise KeyError(key)
            found = _side_of(self._rows[key])
            self._made[key] = found
        return found

    def __contains__(self, key: object) -> bool:
        return key in (self._made if self._rows is None else self._rows)

    def __iter__(self) -> Iterator[str]:
        return iter(self._made if self._rows is None else self._rows)

    def __len__(self) -> int:
        return len(self._made if self._rows is None else self._rows)

    def __repr__(self) -> str:
        return f"SideTable({len(self)} hexsides)"

    def __reduce__(self) -> tuple[Any, ...]:
        from wargame.compiled import Deferred

        rows = self._rows if self._rows is not None else {k: _side_row(v) for k, v in self._made.items()}
        return (_side_table, (rows if isinstance(rows, Deferred) else Deferred(rows),))


def _side_table(rows: Mapping[str, tuple]) -> SideTable:
    """A SideTable over rows as unpickled (SideTable.__reduce__): kept as they come, not copied."""
    table = SideTable(None, {})
    table._rows = rows
    return table
