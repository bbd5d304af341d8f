"""Piece definitions: prototypes for shared behaviour, unit pieces and marker pieces.

A unit is (outermost first) the prototypes Common, <Faction> unit, Sorties (air and naval),
Supply, then its own Layer "Side" (the reduced or worded back), its static properties and the
BasicPiece showing the full-strength front (USE 4.1-4.2). A marker is Common, a Side
layer when it has a back, its properties and its face. Property and layer names come from
wargame.pieceprops, which the rules assistant reads back from saved games.
"""

from __future__ import annotations

from dataclasses import dataclass

from vassal.keys import NamedKeyStroke
from vassal.pieces import Piece, format_add_piece
from vassal.traits import (
    BasicPiece,
    Delete,
    Embellishment,
    Marker,
    Obscurable,
    PlaceMarker,
    ReportState,
    SendToLocation,
    TriggerAction,
    UsePrototype,
)
from wargame import pieceprops as pp
from wargame.content import Content, Nation, Unit
from wargame.content import Marker as ContentMarker

CTRL, CTRL_SHIFT = 130, 195
FLIP = NamedKeyStroke(ord("F"), CTRL)
SUPPLY_TOGGLE = NamedKeyStroke(ord("U"), CTRL)
SUPPLY_CYCLE = NamedKeyStroke(ord("U"), CTRL_SHIFT)
SORTIE_UP = NamedKeyStroke(61, CTRL)  # Ctrl + '='
SORTIE_DOWN = NamedKeyStroke(45, CTRL)  # Ctrl + '-'
ELIMINATE = NamedKeyStroke(ord("E"), CTRL)
DELETE = NamedKeyStroke(ord("D"), CTRL)
BREAK_DOWN = NamedKeyStroke(ord("B"), CTRL)
# Named keys no menu offers: the break-down command sends them in turn (PlaceMarker, then the
# eliminate command of the unit's prototype).
PLACE_ONE_STEP = NamedKeyStroke(0, 0, name="placeOneStep")
REPORTED = (FLIP, SUPPLY_TOGGLE, SUPPLY_CYCLE, SORTIE_UP, SORTIE_DOWN)

COMMON = "Common"
SUPPLY = "Supply"
SORTIES = "Sorties"
DELAYED = "Delay stripe unit"
BADGE_OFFSET = 22  # layer badges sit over the counter's top corners

SUPPLY_IMAGES = ("supply_low.png", "supply_no.png")
SORTIE_IMAGES = tuple(f"sorties_{n}.png" for n in range(1, pp.MAX_SORTIES + 1))
CUP_BACK = "cup_back.png"  # what a marker shows while it lies in the face-down Diplomacy Cup
# The mask is only ever applied by the cup (Deck.java draws its top piece obscured by "nobody");
# a named key that nothing sends, and no menu command, so players cannot mask markers by hand.
CUP_MASK_KEY = NamedKeyStroke(0, 0, name="cupMask")


def faction_prototype(faction_name: str) -> str:
    return f"{faction_name} unit"


def unit_image(unit: Unit, side: str) -> str:
    """Counters printed alike (one design) share their pictures."""
    return f"unit_{unit.art_key}_{side}.png"


def marker_image(marker: ContentMarker, side: str) -> str:
    return f"marker_{marker.key}_{side}.png"


def unit_name(unit: Unit) -> str:
    return f"{unit.nation} {unit.name}"


def marker_name(marker: ContentMarker) -> str:
    return marker.front


@dataclass(frozen=True)
class Prototype:
    name: str
    description: str
    piece: Piece


def _empty_base() -> BasicPiece:
    return BasicPiece.make()


def _flip_layer(back_image: str, level_name: str) -> Embellishment:
    return Embellishment.make(
        activate_command="Flip", activate_modifiers=CTRL, activate_key="F", images=(back_image,),
        level_names=(level_name,), name=pp.LAYER_SIDE, always_active=False, activate_keystroke=FLIP,
        description="Side: active = the back of the counter")


def prototypes(card_maps: dict[str, str], eliminated: str | None = "Eliminated", *,
               supply: bool = True, sorties: bool = True,
               delay_box: tuple[str, str] | None = None) -> list[Prototype]:
    """Common (report + delete), Supply and Sorties layers (when the game has them), and one
    "<Faction> unit" prototype per faction with a "send to the Eliminated box" command (the
    card's ``eliminated`` box); `card_maps` maps faction name to the map name of its Faction
    Card."""
    common = Piece((
        ReportState.make(keys=REPORTED + (ELIMINATE,), report_format="$location$: $newPieceName$ *",
                         description="Report flips, supply and sorties to the chat log"),
        Delete.make(command_name="Delete", key=DELETE),
    ), _empty_base())
    supply_layer = Piece((Embellishment.make(
        activate_command="Supply marker on/off", activate_modifiers=CTRL, activate_key="U",
        up_command="Low / No Supply", up_modifiers=CTRL_SHIFT, up_key="U",
        images=SUPPLY_IMAGES, level_names=tuple(f"+ ({n})" for n in pp.SUPPLY_LEVELS), loop_levels=True,
        name=pp.LAYER_SUPPLY, always_active=False, activate_keystroke=SUPPLY_TOGGLE,
        increase_keystroke=SUPPLY_CYCLE, x_offset=-BADGE_OFFSET, y_offset=-BADGE_OFFSET,
        description="Supply: inactive = supplied, 1 = Low, 2 = No (7.1)"),), _empty_base())
    sorties_layer = Piece((Embellishment.make(
        up_command="+1 Sortie", up_modifiers=CTRL, up_key="=",
        down_command="-1 Sortie", down_modifiers=CTRL, down_key="-",
        images=("",) + SORTIE_IMAGES,
        level_names=("",) + tuple(f"+ ({n} Sorties)" for n in range(1, pp.MAX_SORTIES + 1)),
        loop_levels=False, name=pp.LAYER_SORTIES, always_active=True,
        increase_keystroke=SORTIE_UP, decrease_keystroke=SORTIE_DOWN,
        x_offset=BADGE_OFFSET, y_offset=-BADGE_OFFSET,
        description="Sorties: level 1 = none (blank), level n = n - 1 Sorties (1.5, 15.22)"),), _empty_base())
    out = [Prototype(COMMON, "Report to the chat log; delete", common)]
    if supply:
        out.append(Prototype(SUPPLY, "Supply layer of every unit", supply_layer))
    if sorties:
        out.append(Prototype(SORTIES, "Sorties layer of air and naval units", sorties_layer))
    for faction_name, card in sorted(card_maps.items()):
        if eliminated is None:
            continue
        send = SendToLocation.make(
            command_name=f"Send to {eliminated} box", key=ELIMINATE, map_name=card, board_name=card,
            destination="Z", zone=eliminated,
            description="Eliminated box of the faction card (12.2)" if eliminated == "Eliminated"
            else f"{eliminated} box of the faction card")
        out.append(Prototype(faction_prototype(faction_name), f"{faction_name} units",
                             Piece((send,), _empty_base())))
    if delay_box is not None:  # (map, box): units with a delay stripe go there, not to their pool
        board, box = delay_box
        send = SendToLocation.make(command_name=f"Send to the {box}", key=ELIMINATE, map_name=board,
                                   board_name=board, destination="Z", zone=box,
                                   description=f"A unit with a delay stripe goes to the {box} when eliminated")
        out.append(Prototype(DELAYED, "Units with a delay stripe", Piece((send,), _empty_base())))
    return out


def nation_faction(nation: Nation) -> str | None:
    """The faction a nation's counters serve by default: its 1939 side, else the one it joined."""
    return nation.faction_1939 or nation.joined


def unit_piece(unit: Unit, content: Content, gpid: str, *, supply: bool = True, sorties: bool = True,
               eliminated: bool = True, delayed: bool = False,
               breakdown: tuple[Piece, str, str] | None = None) -> Piece:
    """A unit piece; ``supply``/``sorties``: the game's units carry those layers; ``delayed``:
    the game has a delay box and a unit with a delay stripe goes there when eliminated;
    ``breakdown`` (the one-step piece, its marker gpid, its name): a Break down command leaves
    that one-step unit in the hex and eliminates this one (a step loss on the reduced side)."""
    nation = content.nations[unit.nation]
    faction = nation_faction(nation)
    traits = [UsePrototype.of(COMMON)]
    if delayed and unit.delay:
        traits.append(UsePrototype.of(DELAYED))
    elif faction is not None and eliminated:
        traits.append(UsePrototype.of(faction_prototype(content.factions[faction].name)))
    if breakdown is not None:
        traits += _breakdown(*breakdown)
    if sorties and unit.kind in ("air", "naval"):
        traits.append(UsePrototype.of(SORTIES))
    if supply:
        traits.append(UsePrototype.of(SUPPLY))
    back_name = f"+ ({back_state(unit, content)})" if unit.sides == 2 else ""
    traits.append(_flip_layer(unit_image(unit, "back"), back_name))
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


def _breakdown(small: Piece, marker_gpid: str, small_name: str) -> list:
    """Break down on the reduced side (4.2.6.2, 2.3.4.1): a one-step unit from the force pool
    takes the place of this one, which goes to its delay box or force pool. VASSAL makes the
    one-step counter anew (PlaceMarker); its twin stays in the force pool box."""
    place = PlaceMarker.make(command="", key=PLACE_ONE_STEP, marker_spec=format_add_piece(None, small),
                             marker_text="null", gpid=marker_gpid, placement=0,
                             description=f"Places a one-step {small_name}")
    # only on the reduced side, whose next step loss swaps it for a one-step unit
    macro = TriggerAction.make(name="Break down", command=f"Break down: a one-step {small_name} takes its place",
                               key=BREAK_DOWN, property_match=f"{pp.LAYER_SIDE}_Active=true",
                               action_keys=(PLACE_ONE_STEP, ELIMINATE))
    return [macro, place]


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
    return Obscurable.make(key=CUP_MASK_KEY, image_name=CUP_BACK, hide_command="", display_style="I",
                           mask_name=f"{cup} marker", peek_command="", auto_peek=False,
                           description=f"Hidden while in the {label}")


def marker_piece(marker: ContentMarker, content: Content, gpid: str,
                 cup: tuple[str, str] | None = None) -> Piece:
    """A marker piece; ``cup``: the game's draw cup (name, label), whose markers are masked."""
    faction = marker.faction
    if faction is None and marker.nation in content.nations:
        faction = nation_faction(content.nations[marker.nation])
    traits = [UsePrototype.of(COMMON)]
    if cup is not None and may_enter_cup(marker, content):
        traits.append(_cup_mask(*cup))  # outside the Side layer: the whole marker is hidden
    if marker.back:
        traits.append(_flip_layer(marker_image(marker, "back"), marker.back))
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


def _flag(value: bool) -> str:
    return "true" if value else "false"
