"""Piece definitions: prototypes for shared behaviour, unit pieces and marker pieces.

A unit is (outermost first) the prototypes Common, Elimination, Sorties (air and naval),
Supply, then its own Layer "Side" (the reduced or worded back) with its report, its static
properties and the BasicPiece showing the full-strength front (use_rules.md 4.1-4.2). A marker
is Common, a Side layer when it has a back, its properties and its face. What the keys do
and report: builder.module.keys. Property and layer names come from
wargame.pieceprops, which the rules assistant reads back from saved games.
"""

from __future__ import annotations

from builder.module.keys import (
    CTRL,
    DELETE,
    ELIMINATE,
    delete_report,
    eliminate_traits,
    flip_traits,
    prototype_piece,
    sorties_traits,
    supply_traits,
)
from records import frozen
from vassal.keys import NamedKeyStroke
from vassal.pieces import Piece, format_add_piece
from vassal.traits import (
    BasicPiece,
    Delete,
    Marker,
    Obscurable,
    PlaceMarker,
    SendToLocation,
    Trait,
    TriggerAction,
    UsePrototype,
)
from wargame import pieceprops as pp
from wargame.content import Content, Nation, Unit
from wargame.content import Marker as ContentMarker

COMMON = "Common"
SUPPLY = "Supply"
SORTIES = "Sorties"
ELIMINATION = "Elimination"
DELAYED = "Delay stripe unit"
BREAK_DOWN = NamedKeyStroke(ord("B"), CTRL)
# Named keys no menu offers: the break-down command sends them in turn (PlaceMarker, then the
# eliminate command of the unit's prototype).
PLACE_ONE_STEP = NamedKeyStroke(0, 0, name="placeOneStep")

SUPPLY_IMAGES = ("supply_low.png", "supply_no.png")
SORTIE_IMAGES = tuple(f"sorties_{n}.png" for n in range(1, pp.MAX_SORTIES + 1))
CUP_BACK = "cup_back.png"  # what a marker shows while it lies in the face-down Diplomacy Cup
# The mask is only ever applied by the cup (Deck.java draws its top piece obscured by "nobody");
# a named key that nothing sends, and no menu command, so players cannot mask markers by hand.
CUP_MASK_KEY = NamedKeyStroke(0, 0, name="cupMask")


def unit_image(unit: Unit, side: str) -> str:
    """Counters printed alike (one design) share their pictures."""
    return f"unit_{unit.art_key}_{side}.png"


def marker_image(marker: ContentMarker, side: str) -> str:
    return f"marker_{marker.key}_{side}.png"


def unit_name(unit: Unit) -> str:
    return f"{unit.nation} {unit.name}"


def marker_name(marker: ContentMarker) -> str:
    return marker.front


@frozen
class Prototype:
    name: str
    description: str
    piece: Piece


def prototypes(
    card_maps: dict[str, str],
    eliminated: str | None = "Eliminated",
    *,
    supply: bool = True,
    sorties: bool = True,
    delay_box: tuple[str, str] | None = None,
) -> list[Prototype]:
    """Common (delete, reported), Supply and Sorties (when the game's units carry those layers)
    and Elimination: "send to the ``eliminated`` box" of the card of the unit's faction in the
    game (``card_maps``: faction key -> the map name of its card). builder.module.keys says
    what each key does and reports."""
    common = Piece((delete_report(), Delete.make(command_name="Delete", key=DELETE)), BasicPiece.make())
    out = [Prototype(COMMON, "Delete, reported in the chat", common)]
    if supply:
        out.append(
            Prototype(
                SUPPLY, "Supply of every unit (Ctrl+U, Ctrl+Shift+U)", prototype_piece(supply_traits(SUPPLY_IMAGES))
            )
        )
    if sorties:
        out.append(
            Prototype(
                SORTIES,
                "Sorties of air and naval units (Ctrl+=, Ctrl+-)",
                prototype_piece(sorties_traits(SORTIE_IMAGES)),
            )
        )
    if eliminated is not None and card_maps:
        out.append(
            Prototype(
                ELIMINATION,
                f"Send to the {eliminated} box of the unit's faction",
                prototype_piece(eliminate_traits(card_maps, eliminated)),
            )
        )
    if delay_box is not None:  # (map, box): units with a delay stripe go there, not to their pool
        board, box = delay_box
        send = SendToLocation.make(
            command_name=f"Send to the {box}",
            key=ELIMINATE,
            map_name=board,
            board_name=board,
            destination="Z",
            zone=box,
            description=f"A unit with a delay stripe goes to the {box} when eliminated",
        )
        out.append(Prototype(DELAYED, "Units with a delay stripe", prototype_piece((send,))))
    return out


def nation_faction(nation: Nation) -> str | None:
    """The faction a nation's counters serve by default: its 1939 side, else the one it joined."""
    return nation.faction_1939 or nation.joined


def unit_piece(
    unit: Unit,
    content: Content,
    gpid: str,
    *,
    supply: bool = True,
    sorties: bool = True,
    eliminated: bool = True,
    delayed: bool = False,
    breakdown: tuple[Piece, str, str] | None = None,
) -> Piece:
    """A unit piece; ``supply``/``sorties``: the game's units carry those layers; ``delayed``:
    the game has a delay box and a unit with a delay stripe goes there when eliminated;
    ``breakdown`` (the one-step piece, its marker gpid, its name): a Break down command leaves
    that one-step unit in the hex and eliminates this one (a step loss on the reduced side)."""
    nation = content.nations[unit.nation]
    faction = nation_faction(nation)
    traits: list[Trait] = [UsePrototype.of(COMMON)]
    if delayed and unit.delay:
        traits.append(UsePrototype.of(DELAYED))
    elif eliminated:  # every unit, neutral nations' too: the box follows the nation in the game
        traits.append(UsePrototype.of(ELIMINATION))
    if breakdown is not None:
        traits += _breakdown(*breakdown)
    if sorties and unit.kind in ("air", "naval"):
        traits.append(UsePrototype.of(SORTIES))
    if supply:
        traits.append(UsePrototype.of(SUPPLY))
    if unit.sides == 2:
        state = back_state(unit, content)
        traits += flip_traits(unit_image(unit, "back"), f"+ ({state})", (f"its {state} side", "its full-strength side"))
    else:  # the back names the type in words (3.2.2): no game state
        traits += flip_traits(unit_image(unit, "back"), "", ("its worded back", "its front"))
    props = {
        pp.FACTION: faction or "neutral",
        pp.NATIONALITY: unit.nation,
        pp.KIND: unit.kind,
        pp.TYPE: unit.type,
        pp.CATEGORY: unit.category,
        pp.UNIT_ID: unit.id,
        pp.UNIT_KEY: unit.key,
        pp.ELITE: _flag(unit.elite),
        pp.UPGRADE: _flag(unit.upgrade),
        pp.WHAT_IF: _flag(unit.what_if),
    }
    assert tuple(props) == pp.UNIT_PROPERTIES
    traits.append(Marker.of(props))
    basic = BasicPiece.make(image_name=unit_image(unit, "front"), common_name=unit_name(unit), gpid=gpid)
    return Piece(tuple(traits), basic)


def back_state(unit: Unit, content: Content) -> str:
    """What a unit's back stands for, as its name shows when flipped: the reduced state of
    its kind ("reduced", "depleted", "damaged"), or the words a state prints ("previously
    activated")."""
    if unit.back and not any(c.isdigit() for c in unit.back) and any(c.isdigit() for c in unit.front):
        return unit.back
    return content.settings.units.back_name(unit.kind)


def may_enter_cup(marker: ContentMarker, content: Content) -> bool:
    """Whether a marker can lie in the Diplomacy Cup: it starts there, or play puts it there."""
    return marker.starts.place == "cup" or marker.key in content.settings.cup_markers


def _cup_mask(cup: str, label: str) -> Obscurable:
    return Obscurable.make(
        key=CUP_MASK_KEY,
        image_name=CUP_BACK,
        hide_command="",
        display_style="I",
        mask_name=f"{cup} marker",
        peek_command="",
        auto_peek=False,
        description=f"Hidden while in the {label}",
    )


def marker_piece(marker: ContentMarker, content: Content, gpid: str, cup: tuple[str, str] | None = None) -> Piece:
    """A marker piece; ``cup``: the game's draw cup (name, label), whose markers are masked."""
    faction = marker.faction
    if faction is None and marker.nation is not None and marker.nation in content.nations:
        faction = nation_faction(content.nations[marker.nation])
    traits: list[Trait] = [UsePrototype.of(COMMON)]
    if cup is not None and may_enter_cup(marker, content):
        traits.append(_cup_mask(*cup))  # outside the Side layer: the whole marker is hidden
    if marker.back:
        traits += flip_traits(
            marker_image(marker, "back"), marker.back, (marker.back, marker.front), named_as_shown=True
        )
    props = {
        pp.MARKER_KEY: marker.key,
        pp.MARKER_NAME: marker.name,
        pp.FACTION: faction or "",
        pp.NATIONALITY: marker.nation or "",
    }
    assert tuple(props) == pp.MARKER_PROPERTIES
    traits.append(Marker.of(props))
    basic = BasicPiece.make(image_name=marker_image(marker, "front"), common_name=marker_name(marker), gpid=gpid)
    return Piece(tuple(traits), basic)


def _breakdown(small: Piece, marker_gpid: str, small_name: str) -> list:
    """Break down on the reduced side (4.2.6.2, 2.3.4.1): a one-step unit from the force pool
    takes the place of this one, which goes to its delay box or force pool. VASSAL makes the
    one-step counter anew (PlaceMarker); its twin stays in the force pool box."""
    place = PlaceMarker.make(
        command="",
        key=PLACE_ONE_STEP,
        marker_spec=format_add_piece(None, small),
        marker_text="null",
        gpid=marker_gpid,
        placement=0,
        description=f"Places a one-step {small_name}",
    )
    # only on the reduced side, whose next step loss swaps it for a one-step unit
    macro = TriggerAction.make(
        name="Break down",
        command=f"Break down: a one-step {small_name} takes its place",
        key=BREAK_DOWN,
        property_match=f"{pp.LAYER_SIDE}_Active=true",
        action_keys=(PLACE_ONE_STEP, ELIMINATE),
    )
    return [macro, place]


def _flag(value: bool) -> str:
    return "true" if value else "false"
