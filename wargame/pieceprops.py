"""The names our VASSAL modules give to piece properties, layers and global properties.

The module builder writes them and the rules assistant reads them back from saved games, so
they live here, once. Values are plain text, as VASSAL stores them.
"""

from __future__ import annotations

# Static properties (Marker trait `mark;`) on every unit piece.
FACTION = "Faction"  # axis / western / soviet (factions.csv keys)
NATIONALITY = "Nationality"  # nation abbreviation as in nations.csv (GER, UK, USSR, ...)
KIND = "Kind"  # ground / air / naval
TYPE = "Type"  # unit type as in units.csv (infantry, armor, fighter, convoy, ...)
CATEGORY = "Category"  # field / garrison
UNIT_ID = "UnitId"  # the historical ID printed on the counter ("1 Pz", "Home Fleet")
UNIT_KEY = "UnitKey"  # units.csv key: the row this piece was made from
ELITE = "Elite"  # "true" / "false"
UPGRADE = "Upgrade"
WHAT_IF = "WhatIf"
UNIT_PROPERTIES = (FACTION, NATIONALITY, KIND, TYPE, CATEGORY, UNIT_ID, UNIT_KEY, ELITE, UPGRADE, WHAT_IF)

# Static properties on every marker piece.
MARKER_KEY = "MarkerKey"  # markers.csv key
MARKER_NAME = "MarkerName"  # markers.csv name (Fort, Control, No EZOC, ...)
MARKER_PROPERTIES = (MARKER_KEY, MARKER_NAME, FACTION, NATIONALITY)

# Layers (Embellishment `emb2;`) on unit pieces. Level numbers are VASSAL's (1-based); an
# inactive layer shows nothing.
LAYER_SIDE = "Side"  # inactive: full-strength side; active level 1: reduced side (4.1)
LAYER_SUPPLY = "Supply"  # inactive: supplied; level 1 Low Supply, level 2 No Supply (7.1)
LAYER_SORTIES = "Sorties"  # always active: level 1 none (blank), level n: n - 1 Sorties (15.22)
SUPPLY_LEVELS = ("Low Supply", "No Supply")
MAX_SORTIES = 6


def sorties_level(sorties: int) -> int:
    """The Sorties layer level that shows ``sorties`` (0..6): +1 / -1 then work from no Sorties
    up, with no separate on/off step (VASSAL's +1 on an inactive layer changes nothing seen)."""
    return min(max(sorties, 0), MAX_SORTIES) + 1


def sorties_of(active: bool, level: int) -> int:
    """Sorties a unit has, read from its Sorties layer (an inactive layer counts as none)."""
    return min(max(level - 1, 0), MAX_SORTIES) if active else 0


# Global properties of the module (game state the rules need).
WEATHER_PREFIX = "Weather_"  # Weather_cold, Weather_mild, Weather_warm: Fair / Poor / Severe
WEATHER_VALUES = ("Fair", "Poor", "Severe")
POLICY_PREFIX = "Policy_"  # Policy_<policies.csv key>: "true" when in effect
TURN_TRACKER = "Turn"  # turn tracker name; its levels set the properties below
MONTH = "Month"  # "Sep-39" ... "Aug-45"
PHASE = "Phase"  # a phase name of the Sequence of Play (1.2)
STATUS_PREFIX = "Status_"  # Status_<NATION>: "<status> [faction]", e.g. "active axis", "neutral",
# "conquered western" (status one of STATUSES)
STATUSES = ("active", "neutral", "conquered", "ceded", "absent")
CEDED_PREFIX = "Ceded_"  # Ceded_<disputed area key>: "true" once the area has changed hands
EVENT_PREFIX = "Event_"  # Event_<events.csv key>: "true" once a one-time conditional event happened
WAIVED = "Waived"  # the rules a scenario waives, joined by ";" (e.g. a Home Defense front)

# Static properties on every card piece (a game with decks of cards).
CARD_KEY = "CardKey"  # cards.csv key
CARD_NUMBER = "CardNumber"  # the number it prints ("22a"); "" unknown
CARD_STATE = "CardState"  # its state (war state) word; "" for a template of unknown state
CARD_PROPERTIES = (CARD_KEY, CARD_NUMBER, CARD_STATE, FACTION)
CONTROL_PREFIX = "Control_"  # Control_<faction or neutral>: the territory a scenario gives it at the start
# beyond the nations' status, entries joined by ";" (hex ids, country:GER ...)
SOURCES_PREFIX = "Sources_"  # Sources_<faction>: supply sources a scenario's special rule gives it, joined by ";"
