"""A game's content (nations, order of battle, markers, policies, events) loaded from its files."""

from .load import CATEGORIES, FILES, SYMBOLS, TYPES, default_folder, load_content
from .model import (
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
)
from .scenario import NationStart, Placement, Rule, Scenario, load_scenario, load_scenarios

__all__ = [
    "CATEGORIES",
    "FILES",
    "SYMBOLS",
    "TYPES",
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
    "NationStart",
    "Placement",
    "Rule",
    "Scenario",
    "default_folder",
    "load_content",
    "load_scenario",
    "load_scenarios",
]
