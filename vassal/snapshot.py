"""A position as a saved game or a log step leaves it, read-only: every piece with the place it
is drawn at, the stacks and decks that hold them, the boards of each map, global properties,
turn trackers and players. `vassal.replay` makes them; the assistant reads them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from records import frozen
from vassal.commands import BoardPlacement

__all__ = ["PlacedPiece", "Container", "Player", "Snapshot", "Spot"]


@frozen(slots=True)
class PlacedPiece:
    """A game piece and where it is drawn.

    ``type``/``state`` are the strings last given by AddPiece/ChangePiece (the BasicPiece part
    of ``state`` may be stale about position; ``map``/``x``/``y`` are live and come from the
    container when there is one). ``map`` None = the piece exists but is on no map.
    """

    id: str
    type: str
    state: str
    map: str | None
    x: int
    y: int
    container: str | None = None
    gpid: str = ""


@frozen(slots=True)
class Container:
    """A Stack or Deck: its place and its members' ids, bottom first.

    ``state`` is the state the engine would write now (regenerated from the members).
    ``layer`` is the stack's visual layer (-1 = not set); ``name`` and ``face_down`` are Deck
    fields (None for stacks).
    """

    id: str
    kind: Literal["stack", "deck"]
    type: str
    state: str
    map: str | None
    x: int
    y: int
    members: tuple[str, ...]
    layer: int = -1
    name: str | None = None
    face_down: bool | None = None


@frozen(slots=True)
class Player:
    player_id: str
    name: str
    side: str


@frozen
class Snapshot:
    """Everything a save or log step leaves behind, read-only.

    ``properties`` maps (container id, property name) to its value; container "Module" (or ""
    in old files) is the module, otherwise a map name or ``map:zone``.
    ``turns`` maps a turn tracker id to its raw state (``<currentLevel>|<levelState>|...``).
    ``started``: end_save was executed; ``not_new``: SETUP_STACK was seen (at-start stacks are
    not placed again when the game starts).
    """

    pieces: Mapping[str, PlacedPiece]
    stacks: Mapping[str, Container]
    decks: Mapping[str, Container]
    boards: Mapping[str, tuple[BoardPlacement, ...]]
    properties: Mapping[tuple[str, str], str]
    turns: Mapping[str, str]
    players: Mapping[str, Player]
    started: bool = False
    not_new: bool = False

    def on_map(self, map_id: str) -> list[PlacedPiece]:
        """Pieces on one map, stack members grouped bottom first."""
        return [p for p in self._ordered() if p.map == map_id]

    def at(self, map_id: str, x: int, y: int) -> list[PlacedPiece]:
        """Pieces drawn at exactly this point of a map, bottom first."""
        return [p for p in self._ordered() if p.map == map_id and p.x == x and p.y == y]

    def off_map(self) -> list[PlacedPiece]:
        return [p for p in self.pieces.values() if p.map is None]

    def _ordered(self) -> list[PlacedPiece]:
        out: list[PlacedPiece] = []
        for piece in self.pieces.values():
            if piece.container is None:
                out.append(piece)
        for container in list(self.stacks.values()) + list(self.decks.values()):
            out.extend(self.pieces[m] for m in container.members if m in self.pieces)
        return out


@frozen(slots=True)
class Spot:
    """Where a piece is drawn: map (None = on no map) and map pixels."""

    map: str | None
    x: int
    y: int
