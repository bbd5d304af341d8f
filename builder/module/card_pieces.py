"""Card pieces: a faction's option cards as VASSAL pieces that live in its deck.

A card is the Common prototype, a mask (Obscurable) showing the faction's card back to the
other players while its owner keeps it concealed (a face-down Pending Card; the deck draws
cards masked to everyone but the drawer), a command that returns it to its deck (a card
that is recycled after play), its static properties and its face. The decks themselves are
DrawPiles of the faction cards (builder.module.decks.DrawPileSpec); setups put the cards in them.
"""

from __future__ import annotations

from builder.module.keys import CTRL
from builder.module.pieces import COMMON
from vassal.keys import NamedKeyStroke
from vassal.pieces import Piece
from vassal.traits import BasicPiece, Marker, Obscurable, ReturnToDeck, UsePrototype
from wargame import pieceprops as pp
from wargame.content import Card, Content

CONCEAL = NamedKeyStroke(ord("R"), CTRL)
RETURN = NamedKeyStroke(ord("K"), CTRL)


def card_image(card: Card) -> str:
    return f"card_{card.key}.png"


def card_back_image(faction: str) -> str:
    return f"card_back_{faction}.png"


def card_name(card: Card, content: Content) -> str:
    """What the card is called in the palette, the chat and the deck's list."""
    return f"{content.factions[card.faction].name} {card.title}"


def deck_name(faction_name: str, area: str) -> str:
    """The DrawPile of a faction's deck: its name is unique in the module (DrawPile.findDrawPile)."""
    return f"{faction_name} {area}"


def card_piece(card: Card, content: Content, gpid: str, deck: str) -> Piece:
    """One card: masked to others while concealed, returnable to ``deck`` (a DrawPile name)."""
    faction = content.factions[card.faction]
    mask = Obscurable.make(
        key=CONCEAL,
        image_name=card_back_image(card.faction),
        hide_command="Conceal / reveal",
        display_style="I",
        mask_name=f"{faction.name} card",
        peek_command="",
        auto_peek=True,
        description="Face down to the other players (a card chosen for later)",
    )
    back = ReturnToDeck.make(
        command="Return to the deck",
        key=RETURN,
        deck_id=deck,
        deck_select=False,
        deck_expression=deck,
        description="A card recycled after play goes back into its deck",
    )
    props = {pp.CARD_KEY: card.key, pp.CARD_NUMBER: card.number, pp.CARD_STATE: card.state, pp.FACTION: card.faction}
    assert tuple(props) == pp.CARD_PROPERTIES
    basic = BasicPiece.make(image_name=card_image(card), common_name=card_name(card, content), gpid=gpid)
    return Piece((UsePrototype.of(COMMON), mask, back, Marker.of(props)), basic)
