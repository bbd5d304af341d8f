"""Every piece of the module with its gpid, and the palettes that hold them: units by faction
and nation, markers by the tabs of displays.toml, option cards by faction with their decks.

gpids are handed out in one fixed order (one-step units first, the other units, markers,
cards), so two builds give the same ids."""

from __future__ import annotations

from collections.abc import Mapping

from builder.module.card_pieces import card_name, card_piece
from builder.module.decks import DrawPileSpec, card_piles
from builder.module.pieces import (
    Prototype,
    marker_name,
    marker_piece,
    nation_faction,
    prototypes,
    unit_name,
    unit_piece,
)
from builder.module.spec import Palette, Slot
from builder.module.tree import paged
from records import frozen
from vassal.pieces import Piece
from wargame.content import Content, Faction, Marker, Unit
from wargame.displays import Displays, PaletteSpec
from wargame.errors import DataError
from wargame.offboards import OffBoard


@frozen
class Pieces:
    """What the palettes and setups are made from."""

    prototypes: list[Prototype]
    by_key: dict[str, Piece]  # unit / marker / card key -> its piece
    palettes: tuple[Palette, ...]
    decks: dict[str, tuple[DrawPileSpec, ...]]  # card board's map -> its piles
    faction_decks: dict[str, DrawPileSpec]  # faction -> its deck
    count: int  # the last gpid handed out


class Gpids:
    """The next free gpid: "1", "2" ... in the order asked."""

    def __init__(self) -> None:
        self.last = 0

    def next(self) -> str:
        self.last += 1
        return str(self.last)


def marker_tab(marker: Marker, content: Content, palettes: PaletteSpec) -> tuple[str, str]:
    """(palette tab, page) of a marker, by the tabs of the game's displays.toml in order:
    events; markers played on the map; tracks, policies and politics; the digits of the
    tracks, paged by the faction their nation serves."""
    tabs = palettes.marker_tabs
    events, on_map, tracks = tabs[0], tabs[min(1, len(tabs) - 1)], tabs[min(2, len(tabs) - 1)]
    if marker.kind == "event":
        return events, events
    if marker.name in palettes.digits and len(tabs) > 3:
        nation = content.nations.get(marker.nation) if marker.nation else None
        faction = nation_faction(nation) if nation else None
        name = content.factions[faction].name if faction else "Neutral"
        return tabs[3], name
    if marker.name in palettes.on_the_map or marker.name.startswith(palettes.on_the_map_prefixes):
        return on_map, on_map
    return tracks, tracks


def module_pieces(
    content: Content,
    displays: Displays,
    card_boards: Mapping[str, OffBoard],
    tracks: OffBoard,
    cards_px: tuple[int, int],
) -> Pieces:
    """The prototypes, every piece and the palettes, gpids from 1 up."""
    layers = displays.pieces
    card_maps = {k: ob.map_name for k, ob in card_boards.items()}
    delay_box = (tracks.map_name, layers.delay_box) if layers.delay_box else None
    protos = prototypes(
        card_maps,
        displays.card.eliminated,
        supply=bool(layers.supply_badges),
        sorties=bool(layers.sorties_badges),
        delay_box=delay_box,
    )
    gpids = Gpids()
    by_key: dict[str, Piece] = {}
    unit_tabs = _unit_palettes(content, displays, gpids, by_key, delayed=delay_box is not None)
    marker_pages = _marker_palettes(content, displays, gpids, by_key)
    palettes: tuple[Palette, ...] = (Palette("Units", unit_tabs), Palette("Markers", marker_pages))
    decks: dict[str, tuple[DrawPileSpec, ...]] = {}
    faction_decks: dict[str, DrawPileSpec] = {}
    if content.cards:
        card_tabs = _card_palettes(content, card_boards, cards_px, gpids, by_key, decks, faction_decks)
        palettes += (Palette("Cards", card_tabs),)
    return Pieces(protos, by_key, palettes, decks, faction_decks, gpids.last)


def _factions_order(content: Content) -> list[str]:
    """The palette tabs of the factions, in the game's order, then Neutral."""
    return [f.name for f in content.factions.values()] + ["Neutral"]


def _unit_palettes(
    content: Content, displays: Displays, gpids: Gpids, by_key: dict[str, Piece], *, delayed: bool
) -> tuple[Palette, ...]:
    """Every unit's piece (into ``by_key``) and one palette slot per printed design, by faction
    and nation."""
    layers = displays.pieces
    factions: dict[str, Faction] = dict(content.factions)
    by_faction: dict[str, dict[str, list[Slot]]] = {}
    in_palette: set[str] = set()
    for unit in _one_step_first(content):
        faction = nation_faction(content.nations[unit.nation])
        tab = factions[faction].name if faction else "Neutral"
        breakdown = None
        if unit.breaks_into:  # the one-step unit is built already: one-step units come first
            small = content.units[unit.breaks_into]
            breakdown = (by_key[small.key], gpids.next(), unit_name(small))
        piece = unit_piece(
            unit,
            content,
            gpids.next(),
            supply=bool(layers.supply_badges),
            sorties=bool(layers.sorties_badges),
            eliminated=displays.card.eliminated is not None,
            delayed=delayed,
            breakdown=breakdown,
        )
        by_key[unit.key] = piece
        if unit.art_key in in_palette:
            continue  # one palette slot per printed design
        in_palette.add(unit.art_key)
        by_faction.setdefault(tab, {}).setdefault(unit.nation, []).append(
            Slot(unit_name(unit), piece.basic.get("gpid"), piece)
        )
    unit_tabs = []
    for tab in _factions_order(content):
        if tab in by_faction:
            unit_tabs.append(Palette(tab, tuple(paged(n, s) for n, s in by_faction[tab].items())))
    return tuple(unit_tabs)


def _marker_palettes(
    content: Content, displays: Displays, gpids: Gpids, by_key: dict[str, Piece]
) -> tuple[Palette, ...]:
    """Every marker's piece (into ``by_key``) and the marker tabs of displays.toml, a tab paged
    by faction when its markers are."""
    marker_tabs: dict[str, dict[str, list[Slot]]] = {}
    for marker in content.markers.values():
        piece = marker_piece(marker, content, gpids.next(), displays.tracks.cup)
        by_key[marker.key] = piece
        tab, page = marker_tab(marker, content, displays.palettes)
        marker_tabs.setdefault(tab, {}).setdefault(page, []).append(
            Slot(marker_name(marker), piece.basic.get("gpid"), piece)
        )
    order = _factions_order(content)
    marker_pages: list[Palette] = []
    for tab in displays.palettes.marker_tabs:
        pages = marker_tabs.get(tab, {})
        if len(pages) == 1 and tab in pages:
            marker_pages.append(paged(tab, pages[tab]))
        elif pages:  # pages named by faction: in the factions' order, then Neutral
            ranked = sorted(pages.items(), key=lambda kv: order.index(kv[0]) if kv[0] in order else len(order))
            marker_pages.append(Palette(tab, tuple(paged(p, s) for p, s in ranked)))
    return tuple(marker_pages)


def _card_palettes(
    content: Content,
    card_boards: Mapping[str, OffBoard],
    cards_px: tuple[int, int],
    gpids: Gpids,
    by_key: dict[str, Piece],
    decks: dict[str, tuple[DrawPileSpec, ...]],
    faction_decks: dict[str, DrawPileSpec],
) -> tuple[Palette, ...]:
    """Each faction's deck on its card (into ``decks`` and ``faction_decks``) and its cards'
    pieces, one palette tab per faction."""
    card_tabs = []
    for key, faction in content.factions.items():
        board = card_boards[key]
        piles = card_piles(board, faction.name, cards_px)
        if not piles:
            raise DataError(
                f"the game has cards but the {faction.name} card has no deck (displays.toml [faction_card] deck)",
                "displays.toml",
            )
        decks[board.map_name], faction_decks[key] = piles, piles[0]
        slots = []
        for card in content.deck(key):
            piece = card_piece(card, content, gpids.next(), piles[0].name)
            by_key[card.key] = piece
            slots.append(Slot(card_name(card, content), piece.basic.get("gpid"), piece))
        if slots:
            card_tabs.append(paged(faction.name, slots))
    return tuple(card_tabs)


def _one_step_first(content: Content) -> list[Unit]:
    """The units, those another unit breaks down into first (its Break down command embeds
    their piece), the rest in the file's order."""
    small = {u.breaks_into for u in content.units.values() if u.breaks_into}
    units = list(content.units.values())
    return [u for u in units if u.key in small] + [u for u in units if u.key not in small]
