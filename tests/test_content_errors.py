"""Bad content files: one clear error naming file, line and column, with the near miss."""

from __future__ import annotations

from pathlib import Path

import pytest

from wargame.content import load_content
from wargame.errors import DataError

# A tiny but complete content folder; each test breaks one thing in it.
TINY = {
    "game.toml": """\
title = "Tiny"
short = "T"
first_turn = "Sep-39"
last_turn = "Aug-45"
faction_order = ["axis", "western"]
weather_zones = ["cold", "desert"]
map_boxes = ["North Atlantic Ocean"]

[units]
two_sided = ["field"]
arrivals = ["setup", "mobilization", "conditional"]

[units.kinds]
ground = { field = ["infantry", "paratroop", "motorized", "tank"], garrison = ["garrison"] }
naval = { warship = ["carrier", "surface"] }
""",
    "factions.csv": """\
key,name,leader,diplomacy_payer,friendly_boxes,scheme,rule
axis,Axis,GER,GER,,axis,2.3
western,Western,UK,UK,North Atlantic Ocean,western,2.3
""",
    "nations.csv": """\
abbr,name,power,faction_1939,joined,joined_when,exists,capital,mainland,overseas,factories,will,will_note,scheme,rule
GER,Germany,major,axis,axis,Sep-39,always,Berlin,Germany and East Prussia,,13,45,,GER,16.0
UK,United Kingdom,major,western,western,Sep-39,always,London,Great Britain,Malta,9,20,,UK,16.0
POL,Poland,minor,western,western,Sep-39,always,Warsaw,Poland,,3,12,,POL,16.0
""",
    "disputed_areas.csv": """\
key,name,part_of,ceded_to,whole_country,ceded_by,rule
polish_corridor,Polish Corridor,POL,GER,no,Axis conquest of Poland,17.0
""",
    "events.csv": """\
key,name,rule,once,trigger,summary
east_invaded,East Invaded,13.3,yes,Axis units go east,Soviet reserves arrive
""",
    "units.csv": """\
key,nation,kind,category,type,symbol,id,sides,elite,upgrade,what_if,count,arrives,replaces,note
ger-4,GER,ground,field,infantry,,4,2,no,no,no,1,setup,,Pomerania
# a comment row, and a blank row next

ger-xix,GER,ground,field,tank,,XIX,2,no,no,no,1,setup,,
ger-1-pz,GER,ground,field,tank,,1 Pz,2,no,yes,no,1,Mar-40,ger-xix,Kleist
uk-home,UK,ground,field,infantry,,Home,2,no,no,no,1,east_invaded+6,,
uk-malta,UK,ground,garrison,garrison,,Malta,1,no,no,no,1,setup,,
uk-force-h,UK,naval,warship,carrier,,Force H,1,no,no,no,1,Jun-40,,
""",
    "markers.csv": """\
key,name,kind,front,back,count,faction,nation,about,starts,rule,note
policy-ends,Appsmt or Pact Ends,tracking,Appsmt or Pact Ends,Scenario Ends,2,,,,turn_track,15.2,
ceded-polish-corridor,Ceded,tracking,Ceded Polish Corridor,,1,axis,GER,polish_corridor,conditional_box,15.5,
weather-cold,Weather,tracking,Weather Cold,,1,,,cold,track,15.32,
airdrop-ger,Airdrop,event,Airdrop,,1,axis,GER,,events_box,14.1,
""",
    "policies.csv": """\
key,name,rule,marker,ends,summary
appeasement,Appeasement,10.3.4,policy-ends,a roll of 4-6,no war in the west
""",
}


def tiny(tmp_path: Path, file: str | None = None, old: str = "", new: str = "") -> Path:
    """Write the tiny folder, with ``old`` replaced by ``new`` once in ``file``."""
    for name, text in TINY.items():
        if name == file:
            assert old in text, f"test setup: {old!r} not in {name}"
            text = text.replace(old, new, 1)
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def error(tmp_path: Path, file: str, old: str, new: str) -> str:
    with pytest.raises(DataError) as caught:
        load_content(tiny(tmp_path, file, old, new))
    return str(caught.value)


def test_the_tiny_folder_itself_loads(tmp_path: Path) -> None:
    content = load_content(tiny(tmp_path))
    assert list(content.units) == ["ger-4", "ger-xix", "ger-1-pz", "uk-home", "uk-malta", "uk-force-h"]
    assert content.units["uk-home"].arrives.event == "east_invaded"
    assert content.units["uk-home"].arrives.offset == 6
    assert content.units["ger-1-pz"].replaces == "ger-xix"


def test_a_misspelt_nation_names_file_line_column_and_the_near_miss(tmp_path: Path) -> None:
    message = error(tmp_path, "units.csv", "ger-xix,GER,", "ger-xix,GERR,")
    assert "units.csv" in message
    assert "line 5, column nation" in message  # the comment and blank rows still count as lines
    assert 'no nation "GERR"' in message and '(did you mean "GER"?)' in message


def test_a_misspelt_column_header_is_refused_with_its_near_miss(tmp_path: Path) -> None:
    message = error(tmp_path, "units.csv", "key,nation,kind", "key,natoin,kind")
    assert message.endswith('units.csv: line 1: unknown column "natoin" (did you mean "nation"?)')


def test_a_missing_column_is_named(tmp_path: Path) -> None:
    message = error(tmp_path, "markers.csv", ",starts,rule", ",rule")
    assert message.endswith("markers.csv: line 1: missing column starts")


def test_a_unit_type_that_does_not_fit_its_category_suggests_the_near_miss(tmp_path: Path) -> None:
    message = error(tmp_path, "units.csv", "field,tank,,XIX", "field,tnak,,XIX")
    assert "line 5, column type" in message and '(did you mean "tank"?)' in message


def test_a_garrison_with_two_sides_is_refused(tmp_path: Path) -> None:
    message = error(tmp_path, "units.csv", "garrison,,Malta,1", "garrison,,Malta,2")
    assert "line 8, column sides" in message and "garrison unit has 1 side" in message


def test_an_upgrade_of_an_unknown_unit_suggests_the_near_miss(tmp_path: Path) -> None:
    message = error(tmp_path, "units.csv", "Mar-40,ger-xix", "Mar-40,ger-xx")
    assert "line 6, column replaces" in message and '(did you mean "ger-xix"?)' in message


def test_an_upgrade_without_its_predecessor_is_refused(tmp_path: Path) -> None:
    message = error(tmp_path, "units.csv", "Mar-40,ger-xix", "Mar-40,")
    assert "line 6, column replaces" in message and "is empty" in message


def test_an_upgrade_across_nations_is_refused(tmp_path: Path) -> None:
    message = error(tmp_path, "units.csv", "Mar-40,ger-xix", "Mar-40,uk-home")
    assert "line 6, column replaces" in message and "UK, not GER" in message


def test_an_arrival_with_a_misspelt_event_suggests_the_event(tmp_path: Path) -> None:
    message = error(tmp_path, "units.csv", "east_invaded+6", "east_invade+6")
    assert "line 7, column arrives" in message and '(did you mean "east_invaded"?)' in message


def test_an_arrival_month_outside_the_game_is_refused(tmp_path: Path) -> None:
    message = error(tmp_path, "units.csv", "Jun-40", "Jun-46")
    assert "line 9, column arrives" in message and "Jun-46 is outside the game" in message


def test_a_month_that_is_not_a_month_is_refused(tmp_path: Path) -> None:
    message = error(tmp_path, "units.csv", "Jun-40", "Juin-40")
    assert "line 9, column arrives" in message and '"Juin-40" is not a month' in message


def test_a_flag_must_be_yes_or_no(tmp_path: Path) -> None:
    message = error(tmp_path, "units.csv", "Home,2,no", "Home,2,Yes")
    assert "line 7, column elite" in message and '(did you mean "yes"?)' in message


def test_a_key_used_twice_names_both_lines(tmp_path: Path) -> None:
    message = error(tmp_path, "units.csv", "uk-malta,", "uk-home,")
    assert "line 8" in message and 'key "uk-home" is already used on line 7' in message


def test_the_same_printed_id_twice_in_a_nation_is_refused(tmp_path: Path) -> None:
    load_content(tiny(tmp_path, "units.csv", ",,Home,", ",,4,"))  # UK "4" and GER "4" may coexist
    message = error(tmp_path, "units.csv", ",,XIX,", ",,4,")
    assert "line 5, column id" in message and 'GER already has a ground unit "4" (line 2)' in message


def test_a_row_with_too_many_cells_is_refused(tmp_path: Path) -> None:
    message = error(tmp_path, "units.csv", "Pomerania", "Pomerania,extra")
    assert "units.csv: line 2:" in message and "16 cells" in message


def test_a_marker_about_an_unknown_area_suggests_the_area(tmp_path: Path) -> None:
    message = error(tmp_path, "markers.csv", ",polish_corridor,", ",polish_coridor,")
    assert "markers.csv: line 3, column about" in message and '(did you mean "polish_corridor"?)' in message


def test_a_marker_of_an_unknown_faction_suggests_the_faction(tmp_path: Path) -> None:
    message = error(tmp_path, "markers.csv", "1,axis,GER,,events_box", "1,axiss,GER,,events_box")
    assert "line 5, column faction" in message and '(did you mean "axis"?)' in message


def test_a_policy_marker_must_exist(tmp_path: Path) -> None:
    message = error(tmp_path, "policies.csv", "policy-ends", "policy-end")
    assert "policies.csv: line 2, column marker" in message and '(did you mean "policy-ends"?)' in message


def test_a_disputed_area_of_an_unknown_nation_is_refused(tmp_path: Path) -> None:
    message = error(tmp_path, "disputed_areas.csv", ",POL,GER,", ",POLL,GER,")
    assert "disputed_areas.csv: line 2, column part_of" in message and '(did you mean "POL"?)' in message


def test_a_faction_leader_must_be_a_nation(tmp_path: Path) -> None:
    message = error(tmp_path, "factions.csv", "Western,UK,", "Western,UKK,")
    assert "factions.csv: line 3, column leader" in message and '(did you mean "UK"?)' in message


def test_a_faction_outside_the_faction_order_is_refused(tmp_path: Path) -> None:
    message = error(tmp_path, "factions.csv", "\nwestern,Western", "\nwestren,Western")
    assert "factions.csv: line 3, column key" in message and '(did you mean "western"?)' in message


def test_a_friendly_box_must_be_a_map_box(tmp_path: Path) -> None:
    message = error(tmp_path, "factions.csv", "North Atlantic Ocean,western", "North Atlantic,western")
    assert "column friendly_boxes" in message and '(did you mean "North Atlantic Ocean"?)' in message


def test_a_will_outside_the_track_is_refused(tmp_path: Path) -> None:
    message = error(tmp_path, "nations.csv", ",13,45,", ",13,145,")
    assert "nations.csv: line 2, column will" in message and "145 is outside 0..99" in message


def test_a_nation_without_mainland_is_refused(tmp_path: Path) -> None:
    message = error(tmp_path, "nations.csv", "Warsaw,Poland,", "Warsaw,,")
    assert "line 4, column mainland" in message


def test_a_bad_rule_number_is_refused(tmp_path: Path) -> None:
    message = error(tmp_path, "events.csv", ",13.3,", ",13.3a,")
    assert "events.csv: line 2, column rule" in message


def test_a_bad_setting_names_the_setting(tmp_path: Path) -> None:
    message = error(tmp_path, "game.toml", 'last_turn = "Aug-45"', 'last_turn = "Aug-38"')
    assert "game.toml: line 4, last_turn: Aug-38 comes before first_turn Sep-39" in message
    message = error(tmp_path, "game.toml", "weather_zones", "weather_zone")
    assert 'game.toml: line 6, weather_zone: unknown setting "weather_zone" (did you mean "weather_zones"?)' in message
    message = error(tmp_path, "game.toml", 'first_turn = "Sep-39"\n', "")
    assert message.endswith("game.toml: first_turn: is missing")


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    folder = tiny(tmp_path)
    (folder / "markers.csv").unlink()
    with pytest.raises(DataError, match=r"markers\.csv: file not found"):
        load_content(folder)


def test_loading_never_changes_the_files(tmp_path: Path) -> None:
    folder = tiny(tmp_path)
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    load_content(folder)
    with pytest.raises(DataError):
        load_content(tiny(tmp_path, "units.csv", "GER,ground", "GRE,ground"))
    after = {p.name: p.read_bytes() for p in folder.iterdir()}
    assert set(after) == set(before)
    assert after["game.toml"] == before["game.toml"]


def test_a_table_saved_by_a_spreadsheet_with_bom_and_crlf_loads(tmp_path: Path) -> None:
    folder = tiny(tmp_path)
    units = folder / "units.csv"
    units.write_bytes(b"\xef\xbb\xbf" + units.read_text(encoding="utf-8").replace("\n", "\r\n").encode("utf-8"))
    assert "ger-xix" in load_content(folder).units


# -- games with printed factors (the columns and settings USE leaves out) ---------------------

FACTORS = """\
key,nation,kind,type,id,steps,front,back,count,arrives,design,ours,ours_fields,source,note
ger-inf-a,GER,ground,infantry,,2,6-3,3-3,4,start,ger-inf,yes,back,OB,
ger-inf-b,GER,ground,infantry,,2,6-3,3-3,2,Autumn 1940,ger-inf,yes,back,OB,
uk-hood,UK,naval,carrier,Hood,2,4-12-40,2-11-26,1,1941,,no,,OB,
"""


def factor_folder(tmp_path: Path, old: str = "", new: str = "", toml_extra: str = "") -> Path:
    folder = tiny(tmp_path)
    game = (folder / "game.toml").read_text() + toml_extra
    (folder / "game.toml").write_text(
        game.replace("[units]", '[units]\narrivals = ["start"]\n', 1)
        .replace('arrivals = ["setup", "mobilization", "conditional"]\n', "")
        .replace("two_sided", "# two_sided")
        .replace('first_turn = "Sep-39"', 'first_turn = "Sep-39"\nseasons = { Winter = "Jan", Autumn = "Oct" }')
    )
    (folder / "units.csv").write_text(FACTORS.replace(old, new, 1) if old else FACTORS)
    return folder


def test_a_table_of_printed_factors_loads_with_designs_seasons_and_years(tmp_path: Path) -> None:
    content = load_content(factor_folder(tmp_path))
    a, b, hood = content.units["ger-inf-a"], content.units["ger-inf-b"], content.units["uk-hood"]
    assert (a.name, a.category, a.sides, a.steps, a.art_key) == ("infantry 6-3", "field", 2, 2, "ger-inf")
    assert (b.arrives.season, b.arrives.year, str(b.arrives.month)) == ("Autumn", 1940, "Oct-40")
    assert (hood.arrives.year, str(hood.arrives)) == (1941, "1941")
    assert a.ours and a.ours_fields == ("back",) and not hood.ours


def test_counters_of_one_design_must_be_printed_alike(tmp_path: Path) -> None:
    with pytest.raises(DataError) as caught:
        load_content(factor_folder(tmp_path, "2,6-3,3-3,2,Autumn", "2,6-3,2-3,2,Autumn"))
    assert "line 3, column design" in str(caught.value) and 'has back "3-3" on line 2' in str(caught.value)


def test_columns_said_to_be_ours_need_the_ours_flag(tmp_path: Path) -> None:
    with pytest.raises(DataError) as caught:
        load_content(factor_folder(tmp_path, "ger-inf,yes,back", "ger-inf,no,back"))
    assert "line 2, column ours" in str(caught.value)


def test_a_two_step_unit_needs_its_back(tmp_path: Path) -> None:
    with pytest.raises(DataError) as caught:
        load_content(factor_folder(tmp_path, "2,4-12-40,2-11-26", "2,4-12-40,"))
    assert "line 4, column back" in str(caught.value) and "two steps" in str(caught.value)


def test_a_misspelt_season_suggests_the_season(tmp_path: Path) -> None:
    with pytest.raises(DataError) as caught:
        load_content(factor_folder(tmp_path, "Autumn 1940", "Autum 1940"))
    assert "line 3, column arrives" in str(caught.value) and '(did you mean "Autumn"?)' in str(caught.value)


def test_a_game_without_its_unit_vocabulary_is_refused(tmp_path: Path) -> None:
    folder = tiny(tmp_path)
    text = (folder / "game.toml").read_text()
    (folder / "game.toml").write_text(text[: text.index("[units]")])
    with pytest.raises(DataError, match=r"game\.toml: units: is missing"):
        load_content(folder)


def test_an_alliance_must_be_named_by_both_factions(tmp_path: Path) -> None:
    folder = tiny(tmp_path)
    (folder / "factions.csv").write_text(
        "key,name,leader,scheme,allies\naxis,Axis,GER,axis,\nwestern,Western,UK,western,axis\n"
    )
    with pytest.raises(DataError) as caught:
        load_content(folder)
    assert "factions.csv: line 3, column allies" in str(caught.value) and "mutual" in str(caught.value)
