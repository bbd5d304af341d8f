"""Draw piles: each faction's deck of option cards and the draw cup (USE's Diplomacy Cup),
one set of values for the buildFile's DrawPile and for the setups' Deck."""

from __future__ import annotations

from records import frozen
from vassal import sequence
from vassal.buildfile import AttributeValue
from wargame.offboards import OffBoard


def card_piles(card: OffBoard, owner: str, size: tuple[int, int]) -> tuple[DrawPileSpec, ...]:
    """The DrawPile of each deck of cards on an off-map board (a faction's option cards): face
    down, drawn one chosen card at a time, never shuffled, a drawn card still concealed from
    everyone but its drawer, open to its owner's side only."""
    from builder.module.card_pieces import deck_name

    out = []
    for a in card.areas:
        if a.kind == "cards":
            x, y = a.center
            out.append(
                DrawPileSpec(
                    deck_name(owner, a.name),
                    card.map_name,
                    x,
                    y + 12,
                    size[0],
                    size[1],
                    face_down="Always",
                    shuffle="Never",
                    draw_face_up=False,
                    allow_select=True,
                    color="90,70,50",
                    owners=(owner,),
                )
            )
    return tuple(out)


@frozen
class DrawPileSpec:
    """The Diplomacy Cup's DrawPile: one set of values for buildFile.xml and for the setups' Deck.

    A saved game ties its Deck to this DrawPile by the deck name in the Deck's type
    (counters/Deck.java mySetType -> DrawPile.findDrawPile(deckName), which matches a DrawPile's
    name or its "Deck<n>" id); the Deck's own AddPiece id is any free piece id.
    """

    name: str
    board: str  # owning board; also the map's name (one board per off-map map)
    x: int  # centre, map pixels (the board sits at 0,0: no edge buffer)
    y: int
    width: int
    height: int
    face_down: str = "Always"  # a blind cup: its markers carry a Mask trait (pieces.may_enter_cup)
    shuffle: str = "Always"  # every draw is a random one (10.2)
    draw_face_up: bool = True
    outline: bool = True
    color: str = "255,51,51"
    allow_multiple: bool = False
    allow_select: bool = False
    reversible: bool = False
    owners: tuple[str, ...] = ()  # sides that may draw from it (a faction's own deck); () anyone

    def attributes(self) -> dict[str, AttributeValue]:
        attrs: dict[str, AttributeValue] = {
            "allowMultiple": self.allow_multiple,
            "allowSelect": self.allow_select,
            "color": self.color,
            "draw": self.outline,
            "drawFaceUp": self.draw_face_up,
            "faceDown": self.face_down,
            "height": self.height,
            "name": self.name,
            "owningBoard": self.board,
            "reshufflable": False,
            "reversible": self.reversible,
            "shuffle": self.shuffle,
            "width": self.width,
            "x": self.x,
            "y": self.y,
        }
        if self.owners:
            attrs.update({"deckRestrictAccess": True, "deckOwners": ",".join(self.owners)})
        return attrs

    @property
    def starts_face_down(self) -> bool:
        """The Deck's face-down flag when the DrawPile makes it (DrawPile.makeDeck)."""
        return self.face_down not in ("Never", "MenuDefaultUp")

    def deck_type(self) -> str:
        """The Deck type of this pile (DrawPile.getDeckType = Deck.getType), as far as it matters.

        Deck.getType's fields in order, as far as our attributes reach: outline, colour, width,
        height, face-down option, shuffle option, multiple draw, select draw, reversible,
        reshuffle command/target/message (empty: not reshufflable), deck name, shuffle/reverse/
        face-down report formats (empty), draw face up, persistable. Deck.myRefreshType gives
        every later field its default when the type stops, which is the DrawPile's value too
        (we set none of them) and keeps the running engine's own language for menu texts.
        """
        fields = [
            _java_bool(self.outline),
            self.color,
            str(self.width),
            str(self.height),
            self.face_down,
            self.shuffle,
            _java_bool(self.allow_multiple),
            _java_bool(self.allow_select),
            _java_bool(self.reversible),
            "",
            "",
            "",
            self.name,
            "",
            "",
            "",
            _java_bool(self.draw_face_up),
            _java_bool(False),
        ]
        if self.owners:
            fields += _DECK_DEFAULTS + [_java_bool(True), sequence.encode(list(self.owners), ",") or ""]
        return "deck;" + (sequence.encode(fields, ";") or "")


# Deck.getType's fields after "persistable" and before "restrictAccess", at the values a
# DrawPile gives them when the module sets none (its dummy Deck's defaults, in the engine's
# English): shuffle and reshuffle keys, max stack 10, count expressions, expression counting,
# global commands, hotkey on empty, empty key, select display property, select sort property,
# restrict option, restrict expression, the shuffle/reverse commands and key, the draw
# multiple/specific and face up/down messages, the face up/flip/down keys and report, the save
# and load messages, keys and reports (counters/Deck.java getType, myRefreshType). A deck
# restricted to its owners must write them all to reach the last two fields.
_DECK_DEFAULTS = [
    "",
    "",
    "10",
    "",
    "false",
    "",
    "false",
    "",
    "$BasicName$",
    "",
    "false",
    "",
    "Shuffle",
    "Reverse",
    "",
    "Draw multiple cards",
    "Draw specific cards",
    "Face up",
    "Face down",
    "",
    "",
    "",
    "",
    "Save Deck",
    "",
    "Deck Saved",
    "Load Deck",
    "",
    "Deck Loaded",
]


def _java_bool(value: bool) -> str:
    return "true" if value else "false"


def cup_pile(card: OffBoard) -> DrawPileSpec | None:
    """The DrawPile of an off-map board's deck area (USE's Diplomacy Cup), if it has one."""
    for a in card.areas:
        if a.kind == "deck":
            x, y = a.center
            return DrawPileSpec(a.name, card.map_name, x, y, a.width - 20, a.height - 20)
    return None
