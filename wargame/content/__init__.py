"""A game's content (nations, order of battle, markers, policies, events) loaded from its files."""

from .load import FILES, default_folder, load_content
from .model import (
    Card,
    CardVocabulary,
    Content,
    DisputedArea,
    Event,
    Faction,
    GameSettings,
    Marker,
    Month,
    Nation,
    Policy,
    Timing,
    Unit,
    UnitVocabulary,
)
from .scenario import NationStart, Placement, Rule, Scenario, load_scenario, load_scenarios

__all__ = [
    "FILES",
    "Card",
    "CardVocabulary",
    "Content",
    "DisputedArea",
    "Event",
    "Faction",
    "GameSettings",
    "Marker",
    "Month",
    "Nation",
    "Policy",
    "Timing",
    "Unit",
    "UnitVocabulary",
    "NationStart",
    "Placement",
    "Rule",
    "Scenario",
    "default_folder",
    "load_content",
    "load_scenario",
    "load_scenarios",
]
