"""Every adjacency, non-adjacency, distance and compass fact the rulebook digests state, pinned
against the grids. Citations: digest file and section, then the rule number the digest gives."""

from __future__ import annotations

import itertools

import pytest

from wargame.grid import Grid, Layout

from grids import USE, eto_grid, tk_grid

TK = tk_grid()
ETO = eto_grid()


def _hexes(grid: Grid, *ids: str):
    return [grid.parse(i) for i in ids]


# ----- USE and USWC: adjacency ---------------------------------------------------------------

# (a, b, adjacent?, citation)
USE_ADJACENCY = [
    # USE 2.1 checks
    ("1642", "1743", True, "use 2.1 / 1.3.3"),
    ("4141", "4241", True, "use 2.1 / 4.2.4.4 strait hexside"),
    ("2815", "2914", False, "use 2.1 / 4.2.3.1 (no EZOC in 2815)"),
    # USE 3.1
    ("4153", "4052", True, "use 3.1 / 1.3.2 4153 next to Samsun"),
    ("1742", "1743", True, "use 3.1 / 1.3.3 water hexside 1742/1743"),
    ("2714", "2715", True, "use 3.1 / 1.3.4 land border hexside"),
    ("2125", "2126", True, "use 3.1 / 1.3.4 border hexside; uswc 2.5 / 1.3.5"),
    ("3016", "3015", True, "use 3.1 / 3.3 air unit moves 3016 -> 3015"),
    ("2916", "3015", True, "use 3.1 / 3.3"),
    ("2916", "2915", True, "use 3.1 / 3.3"),
    ("2916", "3014", False, "use 3.1 / 3.3 2916 not adjacent to Paris"),
    ("3014", "2914", True, "use 3.1 / 4.2.3.1 Paris"),
    ("3014", "2915", True, "use 3.1 / 4.2.3.1 Paris"),
    ("3014", "3015", True, "use 3.1 / 4.2.3.1 Paris"),
    ("3014", "3115", True, "use 3.1 / 4.2.3.1 Paris"),
    ("2914", "2915", True, "use 3.1 / 4.2.3.3 river hexside 2914/2915"),
    ("2914", "2813", True, "use 3.1 / 4.2.3.1 2914 next to Calais; river hexside 2813/2914"),
    ("3115", "3015", True, "use 3.1 / 4.2.3.1 French 6 Army example"),
    ("2815", "2915", True, "use 3.1 / 4.2.3.1"),
    ("2815", "2814", True, "use 3.1 / 4.2.3.1"),
    ("2814", "2914", True, "use 3.1 / 4.2.3.1 2814 in the EZOC of 2914"),
    ("4329", "4330", True, "use 3.1 / 5.3.4"),
    ("3010", "3111", True, "use 3.1 / 5.3.4"),
    ("3010", "2910", True, "use 3.1 / 5.3.4 3010 next to Cherbourg; Cherbourg = 2910 in uswc 2.10"),
    ("4528", "4628", True, "use 3.1 / 5.3.5 4528 next to Catania (4628, derived)"),
    ("4529", "4528", True, "use 3.1 / 5.3.5"),
    ("4529", "4628", True, "use 3.1 / 5.3.5 water hexside Catania/4529"),
    ("4728", "4628", True, "use 3.1 / 6.3.2.6 Italian unit retreats from Catania to 4728"),
    ("4728", "4528", False, "use 3.1 / 6.3.2.6 (derived)"),
    ("2434", "2335", True, "use 3.1 / 7.4.2 supply path 2434 -> 2335"),
    ("2535", "2434", True, "use 3.1 / 7.4.2"),
    ("2535", "2634", True, "use 3.1 / 7.4.2"),
    ("2535", "2534", True, "use 3.1 / 7.4.2"),
    ("2633", "2534", True, "use 3.1 / 7.4.2"),
    ("1545", "1546", True, "use 3.1 / 13.6 Finnish hex next to Leningrad"),
    # USE 6.4 worked example (4.2.3.1, 3.3)
    ("2914", "3014", True, "use 6.4 10 Army's ZOC covers both 2915 and Paris"),
    ("3015", "2914", False, "use 6.4 3015 is not in 10 Army's ZOC"),
    ("2815", "3115", False, "use 6.4 2815 has no EZOC"),
    ("2813", "2915", False, "use 6.4 / 5.3.5 retreat to Calais keeps a one-hex gap from 2915"),
    ("3116", "3015", True, "use 6.4 / 3.3 the unit in 3015 may pass through 3116"),
    ("3116", "3014", False, "use 6.4 / 3.3 3116 is not in any EZOC"),
    # USWC 2.10 and 8.4
    ("2911", "2912", True, "uswc 2.10 / 1.3.3 water hexside 2911/2912"),
    ("2912", "3011", True, "uswc 2.10 / 1.3.3 hexside 2912/3011"),
    ("3816", "3817", True, "uswc 2.10 / 5.3.5 water hexside"),
    ("3717", "3816", True, "uswc 2.10 / 5.3.4"),
    ("3717", "3817", True, "uswc 2.10 / 5.3.5"),
    ("4528", "4529", True, "uswc 2.5 / 1.3.5 Transport Lines connect"),
    ("3216", "3316", True, "uswc 8.4 / 7.4.1 supply example"),
    ("3316", "3416", True, "uswc 8.4 / 7.4.1"),
    ("3216", "3215", True, "uswc 8.4 / 7.4.1"),
    ("3215", "3214", True, "uswc 8.4 / 7.4.1"),
    ("3214", "3114", True, "uswc 8.4 / 7.4.1"),
]


@pytest.mark.parametrize(
    ("a", "b", "adjacent", "cite"), USE_ADJACENCY, ids=[f"{a}-{b}" for a, b, _, _ in USE_ADJACENCY]
)
def test_use_adjacency_facts(a: str, b: str, adjacent: bool, cite: str) -> None:
    ha, hb = _hexes(USE, a, b)
    assert USE.is_adjacent(ha, hb) is adjacent, cite
    assert USE.is_adjacent(hb, ha) is adjacent, cite
    assert (hb in USE.neighbours(ha)) is adjacent, cite


def test_use_2915_and_3015_have_the_neighbours_the_digest_lists() -> None:
    # USE 2.1 checks (matches uswc 2.1)
    assert set(USE.neighbours(USE.parse("2915"))) == set(_hexes(USE, "2914", "2916", "2814", "2815", "3014", "3015"))
    assert set(USE.neighbours(USE.parse("3015"))) == set(_hexes(USE, "3014", "3016", "2915", "2916", "3115", "3116"))


def test_konigsberg_candidates_are_neighbours_of_2335() -> None:
    # USE 3.1 / 7.4.2: Konigsberg is next to 2335, in {2234, 2235, 2334, 2336}; 2434 too
    assert set(_hexes(USE, "2234", "2235", "2334", "2336", "2434")) <= set(USE.neighbours(USE.parse("2335")))


# ----- USE and USWC: ranges ------------------------------------------------------------------

USE_DISTANCES = [
    ("3055", "3060", 5, "use 2.9 / 1.4 a 5-hex range from 3055 reaches 3060"),
    ("3115", "3120", 5, "uswc 2.1 / 1.4"),
    ("5436", "5434", 2, "use 3.1 / 7.4.3 Italian 10 Army two hexes from 5434"),
    ("2915", "2914", 1, "use 3.3 ground MP fixture (adjacent attack)"),
    ("2915", "2813", 2, "use 6.4 / 5.3.5 the retreat to Calais leaves a gap"),
]


@pytest.mark.parametrize(("a", "b", "n", "cite"), USE_DISTANCES, ids=[f"{a}-{b}" for a, b, _, _ in USE_DISTANCES])
def test_use_distance_facts(a: str, b: str, n: int, cite: str) -> None:
    ha, hb = _hexes(USE, a, b)
    assert USE.distance(ha, hb) == n, cite
    assert USE.distance(hb, ha) == n, cite


def test_a_five_hex_range_from_3055_reaches_3060_and_includes_3055() -> None:
    # USE 2.9 / 1.4: the origin is not counted but lies inside the range
    origin, target = _hexes(USE, "3055", "3060")
    assert target in USE.within(origin, 5)
    assert target not in USE.within(origin, 4)
    assert origin in USE.within(origin, 5)


def test_cherbourg_is_within_five_hexes_of_paris() -> None:
    # use 3.2 / 6.2.5.2 (Cherbourg within 5 of Paris); Cherbourg = 2910 (uswc 2.10)
    assert USE.parse("2910") in USE.within(USE.parse("3014"), 5)


def test_taranto_is_within_five_hexes_of_4528_wherever_it_lies() -> None:
    # use 3.1 / 6.3.2.6: 4528 within 5 of Taranto; Taranto is next to both 4329 and 4330 (5.3.4)
    candidates = set(USE.neighbours(USE.parse("4329"))) & set(USE.neighbours(USE.parse("4330")))
    assert candidates == set(_hexes(USE, "4229", "4429"))
    assert all(USE.distance(USE.parse("4528"), t) <= 5 for t in candidates)


def test_bomber_path_from_2411_runs_directly_east_to_hamburg() -> None:
    # use 3.1 / 6.2.5.2: Hull (2411) -> Hamburg 2422 "directly east" along row 24
    path = USE.line(USE.parse("2411"), USE.parse("2422"))
    assert [USE.hex_id(h) for h in path] == [f"24{c:02d}" for c in range(11, 23)]
    assert {USE.direction(a, b) for a, b in itertools.pairwise(path)} == {"E"}


# ----- USE and USWC: compass -----------------------------------------------------------------

LAYOUT = Layout.regular(10.0, USE.parse("0101"), x=20.0, y=20.0)


def _xy(grid: Grid, hid: str, layout: Layout = LAYOUT) -> tuple[float, float]:
    return grid.center(grid.parse(hid), layout)


def test_even_rows_sit_half_a_hex_east_of_odd_rows() -> None:
    # use 2.1: 3014 (even row) lies between 2914 and 2915 (odd row) east-west
    assert _xy(USE, "2914")[0] < _xy(USE, "3014")[0] < _xy(USE, "2915")[0]
    assert _xy(USE, "3014")[0] - _xy(USE, "2914")[0] == pytest.approx(LAYOUT.along / 2)


def test_use_compass_facts() -> None:
    # use 2.1: Batum 4058 east of Samsun 4052; Hamburg 2422 directly east of 2411
    assert _xy(USE, "4058")[0] > _xy(USE, "4052")[0] and _xy(USE, "4058")[1] == _xy(USE, "4052")[1]
    assert _xy(USE, "2422")[0] > _xy(USE, "2411")[0] and _xy(USE, "2422")[1] == _xy(USE, "2411")[1]
    # use 2.1: London 2611 north-west of Paris 3014
    assert _xy(USE, "2611")[0] < _xy(USE, "3014")[0] and _xy(USE, "2611")[1] < _xy(USE, "3014")[1]
    # use 2.1: Leningrad 1546 east of the Estonian coast 1640-1642
    assert all(_xy(USE, "1546")[0] > _xy(USE, h)[0] for h in ("1640", "1641", "1642"))
    # use 3.1 / 13.6, 13.7: 1146 and 0646 north of row 15; 3761 south of row 36; 3961, 3862 south of row 37
    assert all(_xy(USE, h)[1] < _xy(USE, "1501")[1] for h in ("1146", "0646"))
    assert _xy(USE, "3761")[1] > _xy(USE, "3601")[1]
    assert all(_xy(USE, h)[1] > _xy(USE, "3701")[1] for h in ("3961", "3862"))


def test_uswc_compass_facts() -> None:
    # uswc 2.10 / 6.3.2.3: 3011 lies SW of Le Havre (2912); 3010 lies SE of Cherbourg (2910)
    assert USE.direction(USE.parse("2912"), USE.parse("3011")) == "SW"
    assert USE.direction(USE.parse("2910"), USE.parse("3010")) == "SE"


def test_use_hexsides_named_in_the_rules_parse() -> None:
    # use 2.3 / 3.1 and uswc 2.1: hexsides are named by their two hexes
    for name in (
        "1742/1743",
        "1642/1743",
        "2714/2715",
        "2125/2126",
        "2914/2915",
        "2813/2914",
        "4141/4241",
        "2911/2912",
        "2912/3011",
        "3816/3817",
    ):
        assert USE.hexside_id(USE.parse_hexside(name)) == name


# ----- TK ------------------------------------------------------------------------------------

TK_ADJACENCY = [
    ("w3517", "w3617", "tk 3.1 / 3.2 Reims next to Amiens"),
    ("w3517", "w3518", "tk 3.1 / 3.2 Reims next to Verdun"),
    ("w3618", "w3717", "tk 3.1 / 3.2 Lille next to Calais"),
    ("w3617", "w3717", "tk 3.1 / 3.2 Amiens next to Calais"),
    ("w3619", "w3518", "tk 3.1 / 3.2 river hexside w3619/w3518"),
    ("w3624", "w3524", "tk 3.1 / 4.2.5.1 Leipzig next to Prague"),
    ("w3714", "w3815", "tk 3.1 / 3.1.1 Cherbourg next to w3815"),
    ("w4124", "w4224", "tk 3.1 / 4.2.5.2 strait hexside Malmo/Copenhagen"),
    ("w4224", "w4225", "tk 3.1 / 4.2.5.2 all-sea hexside"),
    ("w2022", "w2122", "tk 3.1 / 2.2.3.3 w2022 next to Palermo"),
    ("w2026", "w2125", "tk 3.1 / 2.2.3.1 w2026 next to Reggio"),
    ("e1306", "e1406", "tk 3.2 / 10.2 e1306 next to Tobruk"),
    ("e1206", "e1207", "tk 3.2 / 10.2 supply path e1206 -> e1207"),
    ("e1207", "e1307", "tk 3.2 / 10.2 supply path e1207 -> Sollum"),
    ("e3206", "e3306", "tk 3.2 / 8.2 mountain hexside"),
    ("e3609", "e3708", "tk 3.2 / 3.1.1 river hexside Kiev/e3708"),
]


@pytest.mark.parametrize(("a", "b", "cite"), TK_ADJACENCY, ids=[f"{a}-{b}" for a, b, _ in TK_ADJACENCY])
def test_tk_adjacency_facts(a: str, b: str, cite: str) -> None:
    ha, hb = _hexes(TK, a, b)
    assert TK.is_adjacent(ha, hb), cite
    TK.hexside(ha, hb)  # a hexside exists between them


TK_DISTANCES = [
    ("w3720", "w3717", 3, "tk 2.1 / Glossary Range: Ruhr to Calais in range 3"),
    ("w3720", "w3617", 4, "tk 2.1 / Glossary Range: Ruhr to Amiens is 4, out of range"),
    ("e3109", "e3111", 2, "tk 2.1 / 4.2.5.1"),
    ("e3109", "e3211", 2, "tk 2.1 / 4.2.5.1 Odessa to Nikolayev"),
    ("w2320", "w2022", 3, "tk 2.1 / 2.2.3.3 Cagliari to w2022"),
    ("e1819", "e2019", 2, "tk 3.2 / 10.2"),
    ("e1919", "e2119", 2, "tk 3.2 / 10.2"),
]


@pytest.mark.parametrize(("a", "b", "n", "cite"), TK_DISTANCES, ids=[f"{a}-{b}" for a, b, _, _ in TK_DISTANCES])
def test_tk_distance_facts(a: str, b: str, n: int, cite: str) -> None:
    ha, hb = _hexes(TK, a, b)
    assert TK.distance(ha, hb) == n, cite


def test_tk_brest_is_within_three_of_cherbourg() -> None:
    # tk 2.1 / Glossary
    assert TK.distance(TK.parse("w3612"), TK.parse("w3714")) <= 3


def test_tk_rows_grow_north_and_columns_east() -> None:
    # tk 2.1: London w3916 north of Paris w3516; Oslo w4624 north of Copenhagen w4224;
    # Berlin w3825 east of Paris w3516
    layout = Layout.regular(10.0, TK.parse("w3516"))
    assert _xy(TK, "w3916", layout)[1] < _xy(TK, "w3516", layout)[1]
    assert _xy(TK, "w4624", layout)[1] < _xy(TK, "w4224", layout)[1]
    assert _xy(TK, "w3825", layout)[0] > _xy(TK, "w3516", layout)[0]


def test_tk_ids_carry_the_map_letter() -> None:
    # tk 2.1: Berlin = w3825
    berlin = TK.parse("w3825")
    assert (berlin.board, berlin.row, berlin.col) == ("w", 38, 25)
    assert TK.hex_id(berlin) == "w3825"


# ----- ETO -----------------------------------------------------------------------------------

ETO_ADJACENCY = [
    # eto 3 (EoP Polish example): the armour moves to 3832, then one more hex to 3733, and
    # attacks the Polish unit in 3732, whose ZOC covers 3832
    ("W3832", "W3733", "eto 3 / EoP: 3832 -> 3733"),
    ("W3733", "W3732", "eto 3 / EoP: attack from 3733 on 3732"),
    ("W3832", "W3732", "eto 3 / EoP: 3832 in the ZOC of the unit in 3732"),
    ("E5628", "E5629", "eto 3 / EoP: E5628 next to Tobruk"),
    ("E4329", "E4429", "eto 3 / 7.8: a ship enters 4329 from 4429"),
    ("E4329", "E4330", "eto 3 / 7.8: and may leave to 4330"),
    ("E4329", "E4428", "eto 3 / 7.8: the fort in E4428 closes the strait (inferred, see eto_grid)"),
]


@pytest.mark.parametrize(("a", "b", "cite"), ETO_ADJACENCY, ids=[f"{a}-{b}" for a, b, _ in ETO_ADJACENCY])
def test_eto_adjacency_facts(a: str, b: str, cite: str) -> None:
    ha, hb = _hexes(ETO, a, b)
    assert ETO.is_adjacent(ha, hb), cite


def test_eto_west_sheet_runs_north_and_east() -> None:
    # eto 2.1: Poznan W3629 west of Warsaw W3533; Danzig W3931 north of Warsaw; Algiers W1316 south
    layout = Layout.regular(10.0, ETO.parse("W3533"))
    warsaw = _xy(ETO, "W3533", layout)
    assert _xy(ETO, "W3629", layout)[0] < warsaw[0]
    assert _xy(ETO, "W3931", layout)[1] < warsaw[1]
    assert _xy(ETO, "W1316", layout)[1] > warsaw[1]


def test_eto_east_sheet_runs_south_and_west() -> None:
    # eto 2.1: Lvov E3032 south-west of Moscow E1924; Tobruk E5629 west of Beirut E5118
    layout = Layout.regular(10.0, ETO.parse("E1924"))
    moscow, lvov = _xy(ETO, "E1924", layout), _xy(ETO, "E3032", layout)
    assert lvov[0] < moscow[0] and lvov[1] > moscow[1]
    assert _xy(ETO, "E5629", layout)[0] < _xy(ETO, "E5118", layout)[0]
    assert _xy(ETO, "E5118", layout)[1] > moscow[1]
