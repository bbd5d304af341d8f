"""Every map fact of the TK rulebook that names a hex or a place, pinned against the committed map
(scenarios/tk/map) and grid (board.toml).

One test per fact row of notes/games/tk_facts.tsv (tk_rules.md 3.1-3.4), in our words, with the
rule the text gives; a row that says several things is several facts. A fact our reconstruction
cannot satisfy is a strict xfail whose reason says why.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from wargame.games import find_game
from wargame.mapdata import ZoneLink

from mapfacts import MapFacts

GAME = find_game("tk")
ON_MAP = MapFacts("tk")
M, G = ON_MAP.map, ON_MAP.grid
h, city, chex, dist, adjacent, side = ON_MAP.h, ON_MAP.city, ON_MAP.chex, ON_MAP.dist, ON_MAP.adjacent, ON_MAP.side


def zone(name: str) -> int:
    return next(z.number for z in M.zones.values() if z.name == name)


def in_zones(hex_id: str, *names: str) -> bool:
    """The hex lies in exactly these Naval Zones."""
    return set(h(hex_id).seazones) == {zone(n) for n in names}


def linked(a: str, b: str) -> bool:
    return M.zone_link(zone(a), zone(b)) is not None


def link(a: str, b: str) -> ZoneLink:
    """The link between two Naval Zones, which must have one."""
    found = M.zone_link(zone(a), zone(b))
    assert found is not None, (a, b)
    return found


def island(hex_id: str) -> bool:
    """Glossary "Island": one Land hex whose every hexside is All-Sea or Strait."""
    return h(hex_id).is_land and all(s.water or s.strait for s in M.sides_of(hex_id))


def neighbours(hex_id: str) -> list[str]:
    return [G.hex_id(n) for n in G.neighbours(G.parse(hex_id))]


def dependent_of(hex_id: str, owner: str, area: str) -> bool:
    x = h(hex_id)
    return x.country == owner and x.area == area and x.overseas


def strategic(name: str) -> set[str]:
    return {w for w in chex(name).features if w.startswith("strategic-")}


def borders(country_a: str, country_b: str) -> bool:
    """Some hexside has a hex of each country on it (a Border, Glossary: land, strait or all-sea)."""
    for s in M.sides.values():
        a, b = (M.hexes[G.hex_id(x)] for x in s.side.hexes)
        if (
            {a.country, b.country} == {country_a, country_b} or {a.area, b.area} == {country_a, country_b}
        ) and s.border:
            return True
    return False


def region_borders(hex_id: str, owner: str) -> bool:
    """The hex touches a hex of `owner` across a border hexside."""
    return any(
        M.hexes[G.hex_id(s.side.other(G.parse(hex_id)))].country == owner and s.border for s in M.sides_of(hex_id)
    )


# ---- the supply grammar's networks (10.2) ---------------------------------------------------------


def on(hex_id: str, word: str) -> bool:
    return h(hex_id).has(word)


def overland(starts: list[str], goals: set[str], *, road_budget: bool = True) -> bool:
    """A line along connected Rail and Road symbols from a start hex to a goal hex that uses at most
    one stretch of contiguous Road hexes or one Connected Strait (10.2); without `road_budget`,
    Rail only."""
    # state: (hex, used) with used: 0 nothing yet, 1 on the Road stretch, 2 Road stretch behind, 3 strait used
    todo: deque[tuple[str, int]] = deque()
    for s in starts:
        first = 1 if on(s, "road") else 0
        if first and not road_budget:
            continue
        todo.append((s, first))
    seen = set(todo)
    while todo:
        here, used = todo.popleft()
        if here in goals:
            return True
        for side in M.sides_of(here):
            there = G.hex_id(side.side.other(G.parse(here)))
            if not (side.has("rail") or side.has("road")):
                continue
            state = used
            if side.strait:
                if not (side.has("connected-strait") and road_budget and used == 0):
                    continue
                state = 3
            if on(there, "road"):
                if not road_budget or state not in (0, 1):
                    continue
                state = 1
            elif state == 1:
                state = 2
            if (there, state) not in seen:
                seen.add((there, state))
                todo.append((there, state))
    return False


def rail_hexes_within(hex_id: str, n: int) -> list[str]:
    return sorted(G.hex_id(x) for x in G.within(G.parse(hex_id), n) if G.contains(x) and on(G.hex_id(x), "rail"))


GERMANY = {x.id for x in M.hexes.values() if x.country == "GER" and x.has("rail")}


@dataclass(frozen=True)
class Fact:
    key: str
    check: Callable[..., bool]  # called with no arguments; a lambda in a loop binds its values as defaults
    source: str
    xfail: str = ""


FACTS = [
    # ---- ids and the two maps (Glossary "Hex", tk_rules.md 2.1) --------------------------------------
    Fact("ids are the map letter and RRCC: Berlin is w3825", lambda: city("Berlin").hex == "w3825", "Glossary (Hex)"),
    Fact("Moscow is e4312 on the East map", lambda: city("Moscow").hex == "e4312", "2.3.2.4"),
    Fact(
        "Britain is on the West map, Russia on the East map",
        lambda: (
            chex("London").hex.board == "w"
            and all(x.hex.board == "e" for x in M.hexes.values() if x.area == "Russia" and x.line == "")
        ),
        "Glossary (Hex)",
    ),
    Fact(
        "rows grow north: London w3916 is north of Paris w3516, Oslo w4624 north of Copenhagen w4224",
        lambda: city("London").lat > city("Paris").lat and city("Oslo").lat > city("Copenhagen").lat,
        "Glossary (Hex)",
    ),
    # ---- the West map (tk_rules.md 3.1) ---------------------------------------------------------------
    Fact("Malta w1824 is an Island", lambda: city("Malta").hex == "w1824" and island("w1824"), "Glossary (Island)"),
    Fact("Malta is a British Dependent", lambda: dependent_of("w1824", "BR", "Malta"), "Glossary (Open Port)"),
    Fact("Malta is a Key Port", lambda: h("w1824").has("key-port") and city("Malta").port, "2.2.3.6"),
    Fact(
        "Malta lies in the Western and Central Mediterranean",
        lambda: in_zones("w1824", "Western Mediterranean", "Central Mediterranean"),
        "2.2.3.6 (implied)",
    ),
    Fact("Malta has the Limited Stacking symbol", lambda: h("w1824").has("limited-stacking"), "9.2"),
    Fact(
        "Sicily and Sardinia are not Islands (several hexes each)",
        lambda: (
            not island(city("Palermo").hex)
            and not island(city("Cagliari").hex)
            and len(
                {
                    x.id
                    for x in M.hexes.values()
                    if x.is_land
                    and x.country == "ITA"
                    and abs(x.hex.row - h("w2320").hex.row) <= 3
                    and abs(x.hex.col - 20) <= 1
                }
            )
            > 1
        ),
        "Glossary (Island)",
    ),
    Fact(
        "w2022 is All-Sea, next to Palermo, three hexes from Cagliari",
        lambda: h("w2022").is_water and adjacent("w2022", "w2122") and dist("w2320", "w2022") == 3,
        "2.2.3.3",
    ),
    Fact(
        "w2026 is an All-Sea hex of the Central Mediterranean next to Reggio di Calabria",
        lambda: h("w2026").is_water and in_zones("w2026", "Central Mediterranean") and adjacent("w2026", "w2125"),
        "2.2.3.1",
    ),
    Fact("Palermo w2122 is a port", lambda: city("Palermo").hex == "w2122" and city("Palermo").port, "2.2.3.3"),
    Fact(
        "Reggio di Calabria w2125 is a Land hex of the Western Mediterranean only",
        lambda: (
            city("Reggio di Calabria").hex == "w2125"
            and h("w2125").is_land
            and in_zones("w2125", "Western Mediterranean")
        ),
        "2.2.3.1",
    ),
    Fact(
        "Gibraltar w2208 is a Multi-Zone Port of the North Atlantic and the Western Mediterranean",
        lambda: (
            city("Gibraltar").hex == "w2208"
            and h("w2208").has("multi-zone-port")
            and in_zones("w2208", "North Atlantic", "Western Mediterranean")
        ),
        "Glossary (Multi-Zone Port)",
    ),
    Fact(
        "Gibraltar is a Restricted Waterway, a Key Port and a British Dependent",
        lambda: (
            h("w2208").has("restricted-waterway")
            and h("w2208").has("key-port")
            and dependent_of("w2208", "BR", "Gibraltar")
        ),
        "Glossary, 2.2.3.6, 13.3.1",
    ),
    Fact("Cagliari w2320 is a port", lambda: city("Cagliari").hex == "w2320" and city("Cagliari").port, "2.2.3.3"),
    Fact(
        "Madrid w2710 is Spain's and an Axis Strategic Hex",
        lambda: (
            city("Madrid").hex == "w2710" and h("w2710").country == "SPA" and strategic("Madrid") == {"strategic-axis"}
        ),
        "0.1.1, 0.3",
    ),
    Fact(
        "Venice w3023 is an Italian port",
        lambda: city("Venice").hex == "w3023" and city("Venice").port and h("w3023").country == "ITA",
        "Glossary (Naval Base)",
    ),
    Fact(
        "Vichy is the hex w3217, in France",
        lambda: city("Vichy").hex == "w3217" and h("w3217").country == "FRA",
        "13.8.6.1",
    ),
    Fact(
        "Bern w3220 and Zurich w3221 are Swiss",
        lambda: (
            city("Bern").hex == "w3220"
            and city("Zurich").hex == "w3221"
            and h("w3220").country == h("w3221").country == "SWI"
        ),
        "2.3.2.4",
    ),
    Fact(
        "w3319, a Maginot fortress hex, is French",
        lambda: h("w3319").country == "FRA" and h("w3319").is_land,
        "2.3.2.4",
    ),
    Fact(
        "Strasbourg w3420 is French",
        lambda: city("Strasbourg").hex == "w3420" and h("w3420").country == "FRA",
        "2.3.2.4",
    ),
    Fact(
        "Paris w3516 is a Western Strategic Hex with the white star",
        lambda: (
            city("Paris").hex == "w3516" and strategic("Paris") == {"strategic-western"} and h("w3516").has("us-impact")
        ),
        "0.1.2, 16.3.5",
    ),
    Fact(
        "Reims w3517 is next to Amiens w3617 and Verdun w3518",
        lambda: city("Reims").hex == "w3517" and adjacent("w3517", "w3617") and adjacent("w3517", "w3518"),
        "3.2",
    ),
    Fact(
        "a river hexside runs between Verdun w3518 and w3619",
        lambda: city("Verdun").hex == "w3518" and side("w3518", "w3619").river,
        "3.2",
    ),
    Fact(
        "Metz w3519 is an Axis Strategic Hex in France",
        lambda: city("Metz").hex == "w3519" and h("w3519").country == "FRA" and strategic("Metz") == {"strategic-axis"},
        "0.1.1",
    ),
    Fact(
        "Prague w3524 is Czechoslovakia's, next to Leipzig w3624",
        lambda: city("Prague").hex == "w3524" and h("w3524").country == "CZ" and adjacent("w3524", "w3624"),
        "4.2.5.1",
    ),
    Fact(
        "mountain hexsides keep Prague's ZOC out of the hexes beside both it and Leipzig",
        lambda: (
            all(side("w3524", x).has("mountain") for x in ("w3523", "w3625"))
            and {"w3523", "w3625"} == set(neighbours("w3524")) & set(neighbours("w3624"))
        ),
        "4.2.5.1",
    ),
    Fact(
        "w3525, w3625, w3725 and w3726 are Land hexes around Breslau",
        lambda: (
            all(h(x).is_land for x in ("w3525", "w3625", "w3725", "w3726"))
            and all(adjacent(x, "w3626") for x in ("w3525", "w3625", "w3725", "w3726"))
        ),
        "4.2.5.3",
    ),
    Fact(
        "Brest w3612 is a French Multi-Zone Port of the North Atlantic and the North Sea",
        lambda: (
            city("Brest").hex == "w3612"
            and h("w3612").country == "FRA"
            and h("w3612").has("multi-zone-port")
            and in_zones("w3612", "North Atlantic", "North Sea")
        ),
        "Glossary (Multi-Zone Port)",
    ),
    Fact("Brest is within three hexes of Cherbourg", lambda: dist("w3612", "w3714") <= 3, "Glossary (Range)"),
    Fact(
        "Amiens w3617 is French, four hexes from the Ruhr, next to Calais",
        lambda: (
            city("Amiens").hex == "w3617"
            and h("w3617").country == "FRA"
            and dist("w3720", "w3617") == 4
            and adjacent("w3617", "w3717")
        ),
        "Glossary (Range), 3.2",
    ),
    Fact(
        "Lille w3618 is French, next to Calais",
        lambda: city("Lille").hex == "w3618" and h("w3618").country == "FRA" and adjacent("w3618", "w3717"),
        "3.2",
    ),
    Fact(
        "Leipzig w3624 and Breslau w3626 are German",
        lambda: (
            city("Leipzig").hex == "w3624"
            and city("Breslau").hex == "w3626"
            and h("w3624").country == h("w3626").country == "GER"
        ),
        "4.2.5",
    ),
    Fact(
        "Cherbourg w3714 is a French port of the North Sea next to the All-Sea hex w3815",
        lambda: (
            city("Cherbourg").hex == "w3714"
            and city("Cherbourg").port
            and h("w3714").country == "FRA"
            and in_zones("w3714", "North Sea")
            and h("w3815").is_water
            and adjacent("w3714", "w3815")
        ),
        "Glossary, 3.1.1",
    ),
    Fact(
        "Calais w3717 is a port of the North Sea, three hexes from the Ruhr",
        lambda: (
            city("Calais").hex == "w3717"
            and city("Calais").port
            and zone("North Sea") in h("w3717").seazones
            and dist("w3720", "w3717") == 3
        ),
        "2.2.3.1, Glossary (Range)",
    ),
    Fact(
        "Antwerp w3718 is a port of Belgium-Holland on the North Sea and a Western Strategic Hex",
        lambda: (
            city("Antwerp").hex == "w3718"
            and h("w3718").country == "BH"
            and city("Antwerp").port
            and zone("North Sea") in h("w3718").seazones
            and strategic("Antwerp") == {"strategic-western"}
        ),
        "Glossary (Naval Zone), 0.1.2",
    ),
    Fact(
        "the Ruhr w3720 is German and an Axis Strategic Hex",
        lambda: city("Ruhr").hex == "w3720" and h("w3720").country == "GER" and strategic("Ruhr") == {"strategic-axis"},
        "Glossary (Control)",
    ),
    Fact(
        "w3815 is an All-Sea hex of the English Channel (North Sea) between Southampton and Cherbourg",
        lambda: (
            h("w3815").is_water
            and in_zones("w3815", "North Sea")
            and adjacent("w3815", "w3915")
            and adjacent("w3815", "w3714")
        ),
        "3.1.1",
    ),
    Fact(
        "Berlin w3825 is Germany's Capital",
        lambda: h("w3825").country == "GER" and city("Berlin").capital,
        "Glossary, 0.3",
    ),
    Fact(
        "w3913 is in both the North Atlantic and the North Sea",
        lambda: in_zones("w3913", "North Atlantic", "North Sea"),
        "Glossary (Naval Zone)",
    ),
    Fact(
        "Southampton w3915 is a British port of the North Sea",
        lambda: (
            city("Southampton").hex == "w3915"
            and h("w3915").country == "BR"
            and city("Southampton").port
            and in_zones("w3915", "North Sea")
        ),
        "Glossary (Naval Zone)",
    ),
    Fact(
        "London w3916 is a British City and Port of the North Sea with the white star",
        lambda: (
            city("London").hex == "w3916"
            and h("w3916").country == "BR"
            and city("London").port
            and in_zones("w3916", "North Sea")
            and h("w3916").has("us-impact")
        ),
        "Glossary, 16.3.5",
    ),
    Fact(
        "Amsterdam w3919 is Belgium-Holland's",
        lambda: city("Amsterdam").hex == "w3919" and h("w3919").country == "BH",
        "2.3.2.4",
    ),
    Fact(
        "the Kiel Canal's canal ports are w3922 (North Sea) and w4023 (Baltic), a Restricted Waterway",
        lambda: (
            all(h(x).has("canal-port") and h(x).has("restricted-waterway") for x in ("w3922", "w4023"))
            and in_zones("w3922", "North Sea")
            and in_zones("w4023", "Baltic Sea")
            and any(link.kind == "canal" and set(link.via.split("/")) == {"w3922", "w4023"} for link in M.links)
        ),
        "Glossary (Restricted Waterway), 3.1.2",
    ),
    Fact(
        "canal hexsides run along the Kiel Canal",
        lambda: any(s.has("canal") for x in ("w3922", "w4023") for s in M.sides_of(x)),
        "3.2, 4.2.3.8",
    ),
    Fact(
        "Malmo w4124 is Swedish, across a Strait hexside from Copenhagen",
        lambda: city("Malmo").hex == "w4124" and h("w4124").country == "SWE" and bool(side("w4124", "w4224").strait),
        "4.2.5.2",
    ),
    Fact(
        "Copenhagen w4224 is a port of Denmark-Norway in its Denmark Region",
        lambda: (
            city("Copenhagen").hex == "w4224"
            and city("Copenhagen").port
            and h("w4224").country == "DN"
            and h("w4224").line == "Denmark"
        ),
        "2.2.3.6, 13.3.2",
    ),
    Fact(
        "Copenhagen is the North Sea - Baltic Restricted Waterway",
        lambda: (
            h("w4224").has("restricted-waterway")
            and in_zones("w4224", "North Sea", "Baltic Sea")
            and link("North Sea", "Baltic Sea").via == "w4124/w4224"
        ),
        "Glossary",
    ),
    Fact(
        "an All-Sea hexside (not a Strait) lies between Copenhagen and w4225, a Land hex",
        lambda: side("w4224", "w4225").water and not side("w4224", "w4225").strait and h("w4225").is_land,
        "4.2.5.2",
    ),
    Fact(
        "Oslo w4624 is Norway's (Denmark-Norway), a Western Strategic Hex with the white star",
        lambda: (
            city("Oslo").hex == "w4624"
            and h("w4624").country == "DN"
            and h("w4624").line == ""
            and strategic("Oslo") == {"strategic-western"}
            and h("w4624").has("us-impact")
        ),
        "0.1.2, 16.3.5",
    ),
    Fact(
        "Trondheim w5025 is in the North Sea",
        lambda: city("Trondheim").hex == "w5025" and in_zones("w5025", "North Sea"),
        "Glossary (Naval Zone)",
    ),
    # ---- the East map (tk_rules.md 3.2) ---------------------------------------------------------------
    Fact(
        "e1206 and e1207 are desert Land hexes on the way west of Sollum: e1206, e1207, e1307",
        lambda: (
            all(h(x).is_land and h(x).weather == "desert" for x in ("e1206", "e1207"))
            and adjacent("e1206", "e1207")
            and adjacent("e1207", "e1307")
        ),
        "10.2",
    ),
    Fact(
        "the Suez Canal's canal ports are e1213 (Arabian Sea) and e1312 (Eastern Mediterranean)",
        lambda: (
            city("Suez").hex == "e1213"
            and city("Port Said").hex == "e1312"
            and all(h(x).has("canal-port") and h(x).has("restricted-waterway") for x in ("e1213", "e1312"))
            and in_zones("e1213", "Arabian Sea")
            and in_zones("e1312", "Eastern Mediterranean")
            and any(link.kind == "canal" and set(link.via.split("/")) == {"e1213", "e1312"} for link in M.links)
        ),
        "Glossary (Restricted Waterway), 3.1.2",
    ),
    Fact(
        "Suez is a port linked westward by Road and Rail to Sollum",
        lambda: city("Suez").port and overland(["e1307"], {"e1213"}),
        "10.2",
    ),
    Fact("e1306 is next to Tobruk e1406", lambda: adjacent("e1306", "e1406") and h("e1306").is_land, "10.2"),
    Fact(
        "Sollum e1307 is a Road hex where a Road stretch runs east",
        lambda: (
            city("Sollum").hex == "e1307"
            and on("e1307", "road")
            and any(
                on(x, "road")
                and G.direction(G.parse("e1307"), G.parse(x)) in ("E", "NE", "SE")
                and side("e1307", x).has("road")
                for x in neighbours("e1307")
            )
        ),
        "10.2",
    ),
    Fact(
        "Tobruk e1406 is a port of the Central Mediterranean",
        lambda: city("Tobruk").hex == "e1406" and city("Tobruk").port and in_zones("e1406", "Central Mediterranean"),
        "10.2",
    ),
    Fact(
        "Road hexes lie next to Jerusalem e1515 and Haifa e1615",
        lambda: (
            city("Jerusalem").hex == "e1515"
            and city("Haifa").hex == "e1615"
            and all(any(on(x, "road") for x in [c, *neighbours(c)]) for c in ("e1515", "e1615"))
        ),
        "10.2",
    ),
    Fact(
        "Damascus e1716 is Syria's (a French Dependent)",
        lambda: city("Damascus").hex == "e1716" and dependent_of("e1716", "FRA", "Syria"),
        "10.2",
    ),
    Fact(
        "Damascus cannot trace overland to Tobruk with one Road stretch",
        lambda: overland(["e1716"], {"e1406"}, road_budget=False) is False and overland(["e1716"], {"e1406"}) is False,
        "10.2",
    ),
    Fact(
        "Damascus reaches Tobruk along Road and Rail when Road stretches are not counted",
        lambda: _any_network_path("e1716", "e1406"),
        "10.2 (the two Road stretches exist)",
    ),
    Fact(
        "e1819 is two hexes from the Road hex e2019 and reaches no Rail within two hexes",
        lambda: dist("e1819", "e2019") == 2 and on("e2019", "road") and rail_hexes_within("e1819", 2) == [],
        "10.2",
    ),
    Fact(
        "from the Road at e2019 the line reaches Ankara but not Germany across the Istanbul strait",
        lambda: overland(["e2019"], {"e2412"}) and not overland(["e2019"], GERMANY),
        "10.2",
    ),
    Fact(
        "Rhodes e1908 is an Italian Dependent port of the Eastern Mediterranean",
        lambda: (
            city("Rhodes").hex == "e1908"
            and dependent_of("e1908", "ITA", "Rhodes")
            and city("Rhodes").port
            and in_zones("e1908", "Eastern Mediterranean")
        ),
        "2.2.3.6, 13.7.2",
    ),
    Fact(
        "e1919 is two hexes from the Rail hex e2119",
        lambda: dist("e1919", "e2119") == 2 and on("e2119", "rail"),
        "10.2",
    ),
    Fact(
        "from e2119 the Rail runs through Ankara, then across the strait to Istanbul",
        lambda: (
            overland(["e2119"], {"e2412"}, road_budget=False)
            and overland(["e2412"], {"e2508"})
            and not overland(["e2412"], {"e2508"}, road_budget=False)
        ),
        "10.2",
    ),
    Fact(
        "from e2119 the Rail reaches Germany across the Connected Strait at Istanbul",
        lambda: overland(["e2119"], GERMANY) and not overland(["e2119"], GERMANY, road_budget=False),
        "10.2",
    ),
    Fact(
        "Athens e2204 is a Greek port",
        lambda: city("Athens").hex == "e2204" and city("Athens").port and h("e2204").country == "GRE",
        "Glossary (Open Port)",
    ),
    Fact(
        "Ankara e2412 is Turkey's Capital, a Rail hex and an Axis Strategic Hex",
        lambda: (
            city("Ankara").hex == "e2412"
            and city("Ankara").capital
            and on("e2412", "rail")
            and h("e2412").country == "TUR"
            and strategic("Ankara") == {"strategic-axis"}
        ),
        "0.3, 10.2, 15.16",
    ),
    Fact(
        "Istanbul e2508 is the Eastern Mediterranean - Black Sea Restricted Waterway, in the Turkish Straits",
        lambda: (
            city("Istanbul").hex == "e2508"
            and h("e2508").has("restricted-waterway")
            and in_zones("e2508", "Eastern Mediterranean", "Black Sea")
            and h("e2508").line == "Turkish Straits"
            and link("Eastern Mediterranean", "Black Sea").kind == "strait"
        ),
        "Glossary, 15.16",
    ),
    Fact(
        "a Connected Strait at Istanbul carries the Rail",
        lambda: any(s.strait and s.has("connected-strait") and s.has("rail") for s in M.sides_of("e2508")),
        "10.2",
    ),
    Fact(
        "Baku e2825 is a Soviet Strategic Hex in the Caucasus",
        lambda: (
            city("Baku").hex == "e2825" and strategic("Baku") == {"strategic-soviet"} and h("e2825").line == "Caucasus"
        ),
        "16.2.2",
    ),
    Fact(
        "the Russian Land hexes on the east edge are e2828 to e5127 and carry the Central Asia symbol",
        lambda: (
            _east_edge() == EDGE
            and all(h(x).has("central-asia-edge") for x in EDGE)
            and sum(x.has("central-asia-edge") for x in M.hexes.values()) == len(EDGE)
        ),
        "3.1.1, 3.1.4, 10.2",
    ),
    Fact(
        "Sevastopol e2912 is a Soviet Strategic Hex in the Crimea",
        lambda: (
            city("Sevastopol").hex == "e2912"
            and strategic("Sevastopol") == {"strategic-soviet"}
            and h("e2912").line == "Crimea"
        ),
        "2.3.2.4, 16.2.2",
    ),
    Fact(
        "e3107, e3207 and e3307 are Land hexes near Cernauti: e3207, e3307 beside it, e3107 beside e3207",
        lambda: (
            all(h(x).is_land for x in ("e3107", "e3207", "e3307"))
            and adjacent("e3207", "e3306")
            and adjacent("e3307", "e3306")
            and adjacent("e3107", "e3207")
            and adjacent("e3207", "e3307")
        ),
        "8.2",
    ),
    Fact(
        "Odessa e3109, Nikolayev e3211, Kirovograd e3310, Dnepropetrovsk e3311 are in their hexes",
        lambda: (
            [city(n).hex for n in ("Odessa", "Nikolayev", "Kirovograd", "Dnepropetrovsk")]
            == ["e3109", "e3211", "e3310", "e3311"]
        ),
        "4.2.5.1",
    ),
    Fact(
        "e3111 is two hexes from Odessa with water between them",
        lambda: (
            dist("e3109", "e3111") == 2
            and h("e3111").is_land
            and all(
                side("e3109", m).water or side(m, "e3111").water or h(m).is_water
                for m in set(neighbours("e3109")) & set(neighbours("e3111"))
            )
        ),
        "4.2.5.1",
    ),
    Fact(
        "the retreat from Odessa: e3210 between Odessa and Nikolayev, then e3212, e3310, e3311 beside Nikolayev",
        lambda: (
            adjacent("e3109", "e3210")
            and adjacent("e3210", "e3211")
            and all(adjacent("e3211", x) for x in ("e3212", "e3310", "e3311"))
            and all(h(x).is_land for x in ("e3210", "e3212"))
        ),
        "4.2.5.1",
    ),
    Fact(
        "a mountain hexside lies between Cernauti e3306 and e3206",
        lambda: city("Cernauti").hex == "e3306" and side("e3306", "e3206").has("mountain"),
        "8.2",
    ),
    Fact(
        "Rostov e3315 is a Soviet Strategic Hex in the Donbass",
        lambda: (
            city("Rostov").hex == "e3315"
            and strategic("Rostov") == {"strategic-soviet"}
            and h("e3315").line == "Donbass"
        ),
        "16.2.2",
    ),
    Fact("Krakow e3501 is Polish", lambda: city("Krakow").hex == "e3501" and h("e3501").country == "POL", "16.7"),
    Fact(
        "e3608 is a clear hex beside Kiev with no river between",
        lambda: h("e3608").terrain == "clear" and adjacent("e3608", "e3609") and not side("e3608", "e3609").river,
        "3.1.1",
    ),
    Fact(
        "Kiev e3609 is a City, a Soviet Strategic Hex in the Ukraine",
        lambda: (
            city("Kiev").hex == "e3609" and strategic("Kiev") == {"strategic-soviet"} and h("e3609").line == "Ukraine"
        ),
        "3.1.1, 16.2.2",
    ),
    Fact(
        "e3707 and e3708 are swamp; e3707 beside e3608 with no river between",
        lambda: (
            h("e3707").terrain == h("e3708").terrain == "swamp"
            and adjacent("e3608", "e3707")
            and not side("e3608", "e3707").river
        ),
        "3.1.1",
    ),
    Fact("a river hexside lies between Kiev and e3708", lambda: side("e3609", "e3708").river, "3.1.1, 4.2.8"),
    Fact(
        "Minsk e3906 is a Soviet Strategic Hex in Byelorussia",
        lambda: (
            city("Minsk").hex == "e3906"
            and strategic("Minsk") == {"strategic-soviet"}
            and h("e3906").line == "Byelorussia"
        ),
        "16.2.2",
    ),
    Fact(
        "e4209 is a Rail hex; e4208 and e4207 lead from it to the railway back to Germany",
        lambda: (
            on("e4209", "rail")
            and adjacent("e4209", "e4208")
            and adjacent("e4208", "e4207")
            and on("e4207", "rail")
            and overland(["e4207"], GERMANY, road_budget=False)
        ),
        "Glossary (Air Base)",
    ),
    Fact(
        "Pskov e4307 and Luga e4507 are Russian and border the Baltic States",
        lambda: (
            city("Pskov").hex == "e4307"
            and city("Luga").hex == "e4507"
            and h("e4307").country == h("e4507").country == "RUS"
            and region_borders("e4307", "BS")
            and region_borders("e4507", "BS")
        ),
        "2.3.2.4",
    ),
    Fact("Moscow e4312 is Russia's Capital", lambda: h("e4312").country == "RUS" and city("Moscow").capital, "2.3.2.4"),
    Fact(
        "the Mannerheim hexes e4607 and e4707 are Finland's, in its Finnish Frontier",
        lambda: all(h(x).country == "FIN" and h(x).line == "Finnish Frontier" for x in ("e4607", "e4707")),
        "2.3.2.4, 13.7.2",
    ),
    Fact(
        "Leningrad e4608 is an Ice hex and a port",
        lambda: city("Leningrad").hex == "e4608" and h("e4608").has("ice") and city("Leningrad").port,
        "Glossary (Naval Base)",
    ),
    # ---- places named without hexes, and area facts (tk_rules.md 3.3, 3.4) -----------------------------
    Fact(
        "Stockholm is an Axis Strategic Hex in Sweden",
        lambda: strategic("Stockholm") == {"strategic-axis"} and chex("Stockholm").country == "SWE",
        "0.3",
    ),
    Fact("Warsaw is Poland's Capital", lambda: city("Warsaw").capital and chex("Warsaw").country == "POL", "16.7"),
    Fact(
        "Taranto is an Italian port on the Rail net into Germany",
        lambda: (
            city("Taranto").port
            and chex("Taranto").country == "ITA"
            and overland([city("Taranto").hex], GERMANY, road_budget=False)
        ),
        "10.2",
    ),
    Fact(
        "Tobruk reaches Taranto across the Central Mediterranean",
        lambda: zone("Central Mediterranean") in chex("Taranto").seazones,
        "10.2",
    ),
    Fact(
        "Corsica is part of metropolitan France, not a Dependent",
        lambda: chex("Bastia").country == "FRA" and not chex("Bastia").overseas,
        "16.1.1",
    ),
    Fact(
        "Northern Ireland is part of Britain",
        lambda: chex("Belfast").country == "BR" and not chex("Belfast").overseas,
        "13.2.1",
    ),
    Fact(
        "East Prussia is part of Germany",
        lambda: chex("Konigsberg").country == "GER" and not chex("Konigsberg").overseas,
        "13.2.1",
    ),
    Fact(
        "Albania (an Italian Dependent) borders Greece",
        lambda: borders("Albania", "GRE") or _area_border("Albania", "GRE"),
        "Glossary (Border)",
    ),
    Fact(
        "Rhodes borders Turkey across All-Sea hexsides only",
        lambda: (
            any(
                M.hexes[G.hex_id(s.side.other(G.parse("e1908")))].country == "TUR" and s.border
                for s in M.sides_of("e1908")
            )
            and all(
                s.water or s.strait
                for s in M.sides_of("e1908")
                if M.hexes[G.hex_id(s.side.other(G.parse("e1908")))].country == "TUR"
            )
        ),
        "Glossary (Border)",
    ),
    *[
        Fact(
            f"the Ostland Strategic Hex {n} lies in the {r} Region",
            (lambda n=n, r=r: chex(n).line == r and strategic(n) == {"strategic-soviet"}),
            "16.2.2",
        )
        for n, r in (
            ("Baku", "Caucasus"),
            ("Kiev", "Ukraine"),
            ("Minsk", "Byelorussia"),
            ("Rostov", "Donbass"),
            ("Sevastopol", "Crimea"),
        )
    ],
    Fact(
        "Italy has home ports on the Western and Central Mediterranean and a Dependent port (Rhodes) on the Eastern",
        lambda: (
            _ports_of("ITA", home=True) >= {zone("Western Mediterranean"), zone("Central Mediterranean")}
            and zone("Eastern Mediterranean") in _ports_of("ITA", home=False)
        ),
        "2.2.3.6, 13.7.2",
    ),
    Fact(
        "Italy's Dependents Albania and Libya have City or Port hexes (13.7.2 sets Italian units there)",
        lambda: (
            any(c.port or True for c in M.cities if h(c.hex).area == "Albania")
            and any(c.port for c in M.cities if h(c.hex).area == "Libya")
        ),
        "13.7.2",
    ),
    Fact(
        "no US home or dependent port lies in the Baltic",
        lambda: zone("Baltic Sea") not in M.box("USC").adjacent_zones,
        "2.2.3.6",
    ),
    Fact(
        "Switzerland's hexes are few and all Swiss land",
        lambda: 2 <= sum(x.country == "SWI" for x in M.hexes.values()) <= 8,
        "13.7.2 (a fortress in every Swiss hex)",
    ),
    Fact(
        "the Desert area is the land of Egypt, Iraq, Kuwait, Libya, Palestine, Syria and Trans-Jordan",
        lambda: (
            all(
                (x.weather == "desert") == (x.area in DESERT or x.country == "IRAQ")
                for x in M.hexes.values()
                if x.is_land
            )
            and all(
                x.weather == ""
                for x in M.hexes.values()
                if (x.is_water and not x.seazones) or (x.is_water and x.weather not in ("", "north"))
            )
        ),
        "11.1",
    ),
    Fact(
        "North Snow reaches the Arctic, Baltic and North Sea zones",
        lambda: all(
            z.weather == "north" for z in M.zones.values() if z.name in ("Arctic Sea", "Baltic Sea", "North Sea")
        ),
        "11.5",
    ),
    # ---- Naval Zones, Restricted Waterways, Off-Map Boxes (tk_rules.md 2.5, 2.6) ------------------------
    Fact(
        "eleven Naval Zones, named as the rules name them",
        lambda: (
            {z.name for z in M.zones.values()}
            == {
                "North Atlantic",
                "North Sea",
                "Arctic Sea",
                "Baltic Sea",
                "Western Mediterranean",
                "Central Mediterranean",
                "Eastern Mediterranean",
                "Adriatic Sea",
                "Black Sea",
                "Arabian Sea",
                "Caspian Sea",
            }
        ),
        "Glossary, 2.2.3",
    ),
    Fact(
        "every Naval Zone has its On Station, Convoys and Used boxes",
        lambda: all(
            any(b.name == f"{z.name} {w}" and z.number in b.adjacent_zones for b in M.boxes.values())
            for z in M.zones.values()
            for w in ("On Station", "Convoys", "Used")
        ),
        "Glossary (Naval Zone Box)",
    ),
    Fact(
        "the North Atlantic touches the North Sea and the Western Mediterranean, not the Arctic Sea",
        lambda: (
            linked("North Atlantic", "North Sea")
            and linked("North Atlantic", "Western Mediterranean")
            and not linked("North Atlantic", "Arctic Sea")
        ),
        "Glossary (Naval Zone)",
    ),
    Fact(
        "the Restricted Waterway pairs are joined through their straits and canals",
        lambda: (
            link("North Atlantic", "Western Mediterranean").kind == "strait"
            and link("North Sea", "Baltic Sea").kind == "strait"
            and link("Eastern Mediterranean", "Black Sea").kind == "strait"
            and any(
                link.kind == "canal" and {link.a, link.b} == {zone("Eastern Mediterranean"), zone("Arabian Sea")}
                for link in M.links
            )
        ),
        "Glossary (Restricted Waterway)",
    ),
    Fact(
        "the Caspian is a Naval Zone of its own that touches no other",
        lambda: M.zones[zone("Caspian Sea")].water_hexes > 0 and not M.zone_neighbours(zone("Caspian Sea")),
        "2.2.3.1",
    ),
    Fact(
        "the four Off-Map Boxes: Eastern US/Canada, Africa, Middle East (Western), Central Asia (Soviet)",
        lambda: (
            [(b.name, b.friendly) for b in (M.box(c) for c in ("USC", "AFR", "MEA", "CAS"))]
            == [
                ("Eastern US/Canada Box", "western"),
                ("Africa Box", "western"),
                ("Middle East Box", "western"),
                ("Central Asia Box", "soviet"),
            ]
        ),
        "Glossary (Off-Map Box)",
    ),
    Fact(
        "the Eastern US/Canada Box lies on the North Atlantic, not the North Sea, next to the Africa Box only",
        lambda: M.box("USC").adjacent_zones == (zone("North Atlantic"),) and M.box("USC").adjacent_boxes == ("AFR",),
        "Glossary (Off-Map Box)",
    ),
    Fact(
        "the Middle East Box is reached across the Arabian Sea",
        lambda: zone("Arabian Sea") in M.box("MEA").adjacent_zones,
        "10.2",
    ),
    Fact("the Central Asia Box is reached from the east-edge hexes", lambda: M.box("CAS").ground_edge, "3.1.1"),
    # ---- ranges (Glossary "Range", 2.2.3.3, 4.2.5.1) -------------------------------------------------
    Fact(
        "Ruhr to Calais is 3 (in range), to Amiens 4",
        lambda: dist("w3720", "w3717") == 3 and dist("w3720", "w3617") == 4,
        "Glossary (Range)",
    ),
    Fact(
        "Odessa is two hexes from e3111 and from Nikolayev",
        lambda: dist("e3109", "e3111") == 2 and dist("e3109", "e3211") == 2,
        "4.2.5.1",
    ),
    Fact("Cagliari is three hexes from w2022", lambda: dist("w2320", "w2022") == 3, "2.2.3.3"),
]

DESERT: set[str] = {"Egypt", "Kuwait", "Libya", "Palestine", "Syria", "Trans-Jordan"}
EDGE: list[str] = [f"e{r:02d}{28 if r % 2 == 0 else 27:02d}" for r in range(28, 52)]


def _east_edge() -> list[str]:
    """The Russian Land hexes whose east neighbour is off the map (the straight east edge)."""
    out = []
    for x in M.hexes.values():
        if x.hex.board == "e" and x.is_land and x.country == "RUS":
            east = G.step(x.hex, "E")
            if not G.contains(east) and x.hex.col >= 27:
                out.append(x.id)
    return sorted(out)


def _any_network_path(a: str, b: str) -> bool:
    seen, todo = {a}, [a]
    while todo:
        here = todo.pop()
        if here == b:
            return True
        for s in M.sides_of(here):
            there = G.hex_id(s.side.other(G.parse(here)))
            if there not in seen and (s.has("rail") or s.has("road")) and (not s.strait or s.has("connected-strait")):
                seen.add(there)
                todo.append(there)
    return False


def _area_border(area: str, country: str) -> bool:
    for s in M.sides.values():
        a, b = (M.hexes[G.hex_id(x)] for x in s.side.hexes)
        if s.border and ((a.area == area and b.country == country) or (b.area == area and a.country == country)):
            return True
    return False


def _ports_of(country: str, home: bool) -> set[int]:
    out: set[int] = set()
    for c in M.cities:
        x = h(c.hex)
        if c.port and x.country == country and x.overseas != home:
            out |= set(x.seazones)
    return out


@pytest.mark.parametrize(
    "fact",
    [
        pytest.param(f, id=f.key, marks=pytest.mark.xfail(reason=f.xfail, strict=True))
        if f.xfail
        else pytest.param(f, id=f.key)
        for f in FACTS
    ],
)
def test_map_fact(fact: Fact) -> None:
    assert fact.check(), f"{fact.key} ({fact.source})"


def test_find_and_info_name_the_rules_hexes(capsys) -> None:
    from staffwork.cli import main

    assert main(["map", "find", "tk", "Berlin"]) == 0
    assert capsys.readouterr().out.startswith("Berlin: w3825")
    assert main(["map", "info", "tk", "e4312"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("hex e4312: land") and "Moscow" in out


def test_every_region_of_the_rules_that_lies_on_a_country_at_the_start_has_hexes() -> None:
    # 13.3.2: the Regions and their starting parents
    parents = {
        "Alsace-Lorraine": "FRA",
        "Bessarabia": "RUM",
        "Byelorussia": "RUS",
        "Caucasus": "RUS",
        "Crimea": "RUS",
        "Cyrenaica": "ITA",
        "Denmark": "DN",
        "Donbass": "RUS",
        "Eastern Poland": "POL",
        "Finnish Frontier": "FIN",
        "Gau Moselland": "BH",
        "Memelland": "BS",
        "Northern Baltics": "BS",
        "Occupied France": "FRA",
        "Polish Corridor": "POL",
        "Turkish Frontier": "TUR",
        "Turkish Straits": "TUR",
        "Ukraine": "RUS",
        "Vichy": "FRA",
    }
    found: dict[str, set[str]] = {x.line: set() for x in M.hexes.values() if x.line}
    for x in M.hexes.values():
        if x.line:
            found[x.line].add(x.country)
    assert found == {name: {owner} for name, owner in parents.items()}


def test_the_dependents_at_the_start_are_their_owners_overseas_areas() -> None:
    # 13.3.1: the Dependents that exist when the game begins, with their owners
    owners = {
        "Albania": "ITA",
        "Libya": "ITA",
        "Rhodes": "ITA",
        "Algeria": "FRA",
        "Morocco": "FRA",
        "Tunisia": "FRA",
        "Syria": "FRA",
        "Cyprus": "BR",
        "Egypt": "BR",
        "Gibraltar": "BR",
        "Kuwait": "BR",
        "Malta": "BR",
        "Palestine": "BR",
        "Trans-Jordan": "BR",
    }
    found: dict[str, set[str]] = {}
    for x in M.hexes.values():
        if x.overseas:
            found.setdefault(x.area, set()).add(x.country)
    assert found == {name: {owner} for name, owner in owners.items()}
