"""Every map fact of the ETO rulebook, scenario book, examples of play and aid cards that names a
hex or a place, pinned against the committed map (scenarios/eto/map) and grid (board.toml).

One test per fact of the texts (in our words, with the source the text gives), from the
digests of the rulebooks kept outside the repository. A fact our reconstruction cannot satisfy
is a strict xfail whose reason says why; "conflict" facts are the ones the text contradicts
elsewhere.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest

from wargame.games import find_game

from mapfacts import MapFacts

GAME = find_game("eto")
ON_MAP = MapFacts("eto")
M, G = ON_MAP.map, ON_MAP.grid
h, city, chex, dist, adjacent, side = ON_MAP.h, ON_MAP.city, ON_MAP.chex, ON_MAP.dist, ON_MAP.adjacent, ON_MAP.side


def on_edge(hex_id: str) -> bool:
    return len(G.neighbours(G.parse(hex_id))) < 6


def city_resources(where: Callable) -> list[str]:
    return sorted(c.name for c in M.cities if chex(c.name).has("resource") and where(chex(c.name)))


def resources(where: Callable) -> list[str]:
    return sorted(x.id for x in M.hexes.values() if x.has("resource") and where(x))


def zone(name: str):
    return next(z for z in M.zones.values() if z.name == name)


def line_hexes(a: str, b: str) -> list:
    return [M.hex(G.hex_id(x)) for x in G.line(G.parse(a), G.parse(b))]


def _rail_path(start: str, goal: str) -> bool:
    """A land route of Egyptian hexes from `start` to `goal` that crosses no water and no
    impassable hexside (rail moves through friendly hexes, 31.3)."""
    seen, todo = {start}, [start]
    while todo:
        here = todo.pop()
        if here == goal:
            return True
        for s in M.sides_of(here):
            there = G.hex_id(s.side.other(G.parse(here)))
            if there in seen or s.water or s.has("impassable") or M.hexes[there].area != "Egypt":
                continue
            seen.add(there)
            todo.append(there)
    return False


def _km_per_hex() -> float:
    """Great-circle distance over hex distance, averaged over pairs of far-apart cities."""
    import math

    names = ["Lisbon", "Moscow", "Narvik", "Cairo", "Algiers", "Baku", "London", "Athens"]
    ratios = []
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            ca, cb = city(a), city(b)
            p1, p2 = math.radians(ca.lat), math.radians(cb.lat)
            d = (
                2
                * 6371
                * math.asin(
                    math.sqrt(
                        math.sin((p2 - p1) / 2) ** 2
                        + math.cos(p1) * math.cos(p2) * math.sin(math.radians(cb.lon - ca.lon) / 2) ** 2
                    )
                )
            )
            ratios.append(d / dist(ca.hex, cb.hex))
    return sum(ratios) / len(ratios)


@dataclass(frozen=True)
class Fact:
    key: str
    check: Callable[..., bool]  # called with no arguments; a lambda in a loop binds its values as defaults
    source: str
    xfail: str = ""


FACTS = [
    # ---- sheets and ids (The Game Maps; Scn 3.1, 11.1) ----------------------------------------
    Fact(
        "ids carry the sheet letter and four digits (E1924 is Moscow)",
        lambda: G.hex_id(G.parse("E1924")) == "E1924" and city("Moscow").hex == "E1924",
        "The Game Maps",
    ),
    Fact(
        "the first two digits are the hexrow: W21xx runs east-west across Italy",
        lambda: len({x.country for x in M.hexes.values() if x.hex.board == "W" and x.hex.row == 21 and x.is_land}) > 3,
        "Scn 11.1",
    ),
    Fact(
        "the East sheet lies over the West sheet: an overlap hex has both ids, one hex",
        lambda: G.parse("W3335") == G.parse("E3033"),
        "The Game Maps",
    ),
    # ---- named cities in their hexes ----------------------------------------------------------
    *[
        Fact(f"{name} is in {hid}", (lambda name=name, hid=hid: city(name).hex == hid), src)
        for name, hid, src in [
            ("Moscow", "E1924", "The Game Maps"),
            ("Warsaw", "W3533", "Scn 4.1"),
            ("Poznan", "W3629", "Scn 4.1"),
            ("Krakow", "W3232", "Scn 4.1"),
            ("Danzig", "W3931", "Scn 4.1"),
            ("Lvov", "E3032", "Scn 4.1"),
            ("Algiers", "W1316", "Allied aid card"),
            ("Beirut", "E5118", "Allied aid card"),
            ("Tobruk", "E5629", "Scn 14.1"),
        ]
    ],
    # ---- city resource hexes, capitals (EoP, 32.1, Scn 12.6) ---------------------------------
    *[
        Fact(f"{name} is a city resource hex", (lambda name=name: chex(name).has("resource")), src)
        for name, src in [
            ("Warsaw", "EoP"),
            ("Krakow", "EoP"),
            ("Poznan", "EoP"),
            ("Algiers", "32.1"),
            ("Beirut", "32.1"),
            ("Cairo", "32.1"),
            ("Mosul", "32.1"),
            ("Durazzo", "32.1"),
            ("Riga", "32.1, 43.1"),
            ("Berlin", "Scn 12.6"),
        ]
    ],
    Fact("Warsaw and Berlin are capitals", lambda: city("Warsaw").capital and city("Berlin").capital, "Scn 12.6"),
    Fact(
        "Poland's city resource hexes are Warsaw, Krakow, Poznan",
        lambda: city_resources(lambda x: x.country == "POL") == ["Krakow", "Poznan", "Warsaw"],
        "EoP",
    ),
    Fact(
        "Poland has seven resource hexes, one of them east of the temporary border",
        lambda: (
            len(resources(lambda x: x.country == "POL")) == 7
            and len(resources(lambda x: x.country == "POL" and x.line == "Soviet Poland")) == 1
        ),
        "36.1, EoP",
    ),
    Fact(
        "Italy has six city resource hexes",
        lambda: len(city_resources(lambda x: x.country == "ITA" and x.area in ("Italy", "Sicily", "Sardinia"))) == 6,
        "Scn 10.4",
    ),
    # ---- colonial resource hexes (aid cards, 36.1) -------------------------------------------
    Fact(
        "Algiers W1316 is Algeria's one income hex, a French colony",
        lambda: (
            h("W1316").country == "FRA"
            and h("W1316").area == "Algeria"
            and resources(lambda x: x.area == "Algeria") == ["W1316"]
        ),
        "Allied aid card",
    ),
    Fact(
        "Beirut E5118 is Lebanon-Syria's one income hex, a French colony",
        lambda: h("E5118").country == "FRA" and resources(lambda x: x.area == "Lebanon-Syria") == ["E5118"],
        "Allied aid card",
    ),
    Fact(
        "W1932 and W1933 are Albania's resource hexes (Italian colony)",
        lambda: (
            resources(lambda x: x.area == "Albania") == ["W1932", "W1933"]
            and {h("W1932").country, h("W1933").country} == {"ITA"}
        ),
        "Axis aid card",
    ),
    Fact("Durazzo is one of W1932, W1933", lambda: city("Durazzo").hex in ("W1932", "W1933"), "32.1 with the aid card"),
    Fact(
        "E5621, E5622, E5721 are Egypt's resource hexes (UK colony)",
        lambda: (
            resources(lambda x: x.area == "Egypt") == ["E5621", "E5622", "E5721"]
            and all(h(x).country == "UK" for x in ("E5621", "E5622", "E5721"))
        ),
        "Allied aid card",
    ),
    Fact(
        "Cairo is one of Egypt's three resource hexes",
        lambda: city("Cairo").hex in ("E5621", "E5622", "E5721"),
        "32.1 with the aid card",
    ),
    Fact(
        "E4810 and E5111 are Iraq's resource hexes (UK colony)",
        lambda: resources(lambda x: x.area == "Iraq") == ["E4810", "E5111"],
        "Allied aid card",
    ),
    Fact("Mosul is one of E4810, E5111", lambda: city("Mosul").hex in ("E4810", "E5111"), "32.1 with the aid card"),
    Fact(
        "the Iraq map edge hexes E4808 to E5111 are Iraq's and on the map edge",
        lambda: all(
            h(x).area == "Iraq" and on_edge(x) and h(x).has("iraq-edge") for x in ("E4808", "E4909", "E5010", "E5111")
        ),
        "24.1",
    ),
    Fact(
        "E5111 is both a resource hex and a map edge hex",
        lambda: h("E5111").has("resource") and on_edge("E5111"),
        "24.1 with the aid card",
    ),
    # ---- the Polish example and Case White (Scn 4.1, EoP) ------------------------------------
    *[
        Fact(f"{x} is Polish", (lambda x=x: h(x).country == "POL"), "Scn 4.1")
        for x in ("W3732", "W3734", "W3431", "W3931", "E3032")
    ],
    Fact(
        "Lvov lies in the Soviet zone of the temporary border",
        lambda: chex("Lvov").line == "Soviet Poland",
        "36.1 with the EoP (inference)",
    ),
    Fact(
        "W3832 is next to W3732 and to W3733", lambda: adjacent("W3832", "W3732") and adjacent("W3832", "W3733"), "EoP"
    ),
    Fact("W3733 is next to W3732", lambda: adjacent("W3733", "W3732"), "EoP"),
    *[
        Fact(f"{a} to {b} is at most {n} hexes", (lambda a=a, b=b, n=n: dist(a, b) <= n), src)
        for a, b, n, src in [
            ("W3732", "W3532", 3, "EoP: Kliest's breakthrough"),
            ("W3232", "W3432", 5, "EoP: Guderian's breakthrough"),
            ("W3831", "W3630", 3, "EoP"),
            ("W3832", "W3632", 3, "EoP"),
            ("W3833", "W3632", 3, "EoP"),
            ("W3134", "W3433", 3, "EoP"),
            ("W3132", "W3432", 3, "EoP"),
            ("W3131", "W3331", 3, "EoP"),
            ("W3230", "W3232", 3, "EoP: HQ South to Krakow"),
            ("W3630", "W3629", 4, "EoP: Poznan in HQ North's radius (inference)"),
        ]
    ],
    Fact(
        "Konigsberg to W3630 is at most 3 hexes",
        lambda: dist(city("Konigsberg").hex, "W3630") <= 3,
        "EoP (conflict)",
        xfail="conflict: the EoP moves HQ North from Konigsberg to W3630 in one 3-hex HQ move; "
        "Konigsberg lies four hexes from W3630 on this map (and some 290 km away on the ground)",
    ),
    # ---- the West: France, the Low Countries, Germany, Norway --------------------------------
    Fact("W3122 is French", lambda: h("W3122").country == "FRA", "Scn 3.1"),
    Fact("W3521 is Dutch", lambda: h("W3521").country == "NET", "Scn 3.1"),
    Fact("W3421 is German", lambda: h("W3421").country == "GER", "Scn 3.1"),
    Fact(
        "hexrows 32 and 33 cross the Ardennes (Belgium or Luxembourg)",
        lambda: all(
            any(x.country in ("BEL", "LUX") for x in M.hexes.values() if x.hex.board == "W" and x.hex.row == r)
            for r in (32, 33)
        ),
        "Scn 3.1",
    ),
    Fact("W3020 is a French resource hex", lambda: h("W3020").country == "FRA" and h("W3020").has("resource"), "EoP"),
    Fact("Liverpool to W3020 is 10 hexes", lambda: dist(city("Liverpool").hex, "W3020") == 10, "EoP"),
    Fact("W3020 to Bastia is 9 hexes", lambda: dist("W3020", city("Bastia").hex) == 9, "EoP"),
    Fact("Bastia to Malta is at most 10 hexes", lambda: dist(city("Bastia").hex, city("Malta").hex) <= 10, "EoP"),
    Fact("W3418 is next to Calais", lambda: adjacent("W3418", city("Calais").hex), "EoP (conflict: Le Havre)"),
    Fact(
        "W2923, W3223, W3322 are German", lambda: all(h(x).country == "GER" for x in ("W2923", "W3223", "W3322")), "EoP"
    ),
    Fact(
        "W2923, W3223, W3322 are one row back from France",
        lambda: all(
            all(M.hex(G.hex_id(n)).country != "FRA" for n in G.neighbours(G.parse(x)))
            for x in ("W2923", "W3223", "W3322")
        ),
        "EoP",
    ),
    Fact("W5225 is a coastal hex of Norway", lambda: h("W5225").is_coastal and h("W5225").country == "NOR", "EoP"),
    Fact(
        "the Franco-German border carries the Maginot Line's fortress hexsides",
        lambda: (
            any(s.has("fortress") for s in M.sides.values())
            and all(
                {M.hexes[G.hex_id(s.side.a)].country, M.hexes[G.hex_id(s.side.b)].country} == {"FRA", "GER"}
                for s in M.sides.values()
                if s.has("fortress")
            )
        ),
        "24.1, 40.5",
    ),
    Fact(
        "Switzerland: no unit may enter",
        lambda: (
            all(x.prohibited for x in M.hexes.values() if x.country == "SWI")
            and any(x.country == "SWI" for x in M.hexes.values())
        ),
        "24.1",
    ),
    # ---- Italy and North Africa --------------------------------------------------------------
    Fact(
        "Sardinia lies on hexrow 20 and south",
        lambda: max(x.hex.row for x in M.hexes.values() if x.area == "Sardinia") <= 20,
        "Scn 11.1",
    ),
    Fact(
        "Rome lies on hexrow 20 or south (Allied in June 1944)",
        lambda: chex("Rome").hex.board == "W" and chex("Rome").hex.row <= 20,
        "Scn 11.1 (inference)",
    ),
    Fact(
        "W0133, W0233, W0333 are Libyan",
        lambda: all(h(x).area == "Libya" for x in ("W0133", "W0233", "W0333")),
        "Scn 15.1",
    ),
    Fact("Tobruk E5629 is Libyan", lambda: h("E5629").area == "Libya", "Scn 14.1"),
    Fact(
        "E5628, E5728, E5828 are Egyptian",
        lambda: all(h(x).area == "Egypt" for x in ("E5628", "E5728", "E5828")),
        "Scn 14.1",
    ),
    Fact("E5628 is next to Tobruk", lambda: adjacent("E5628", "E5629"), "EoP"),
    Fact(
        "W1314 and W1315 are connected coastal hexes",
        lambda: h("W1314").is_coastal and h("W1315").is_coastal and side("W1314", "W1315").has("coastal-link"),
        "The Game Maps (clarification)",
    ),
    # ---- the Dardanelles (7.8, Scn 9.3) ------------------------------------------------------
    Fact(
        "E4428 is a coastal Turkish hex at the Dardanelles with a ferry crossing",
        lambda: (
            h("E4428").is_coastal and h("E4428").country == "TUR" and any(s.has("ferry") for s in M.sides_of("E4428"))
        ),
        "7.8",
    ),
    Fact(
        "E4329 touches E4429, E4330 and E4428",
        lambda: all(adjacent("E4329", x) for x in ("E4429", "E4330", "E4428")),
        "7.8",
    ),
    Fact(
        "a ship may pass between E4329 and E4429, E4330",
        lambda: all(side("E4329", x).water or side("E4329", x).land_pct < 98 for x in ("E4429", "E4330")),
        "7.8",
    ),
    Fact(
        "E4329 and E4428 lie outside the Black Sea",
        lambda: (
            zone("Black Sea").number not in h("E4329").seazones and zone("Black Sea").number not in h("E4428").seazones
        ),
        "Scn 9.3",
    ),
    # ---- the USSR and the winter-1942 front (Scn 15.1) ---------------------------------------
    *[
        Fact(f"{x} is a Soviet hex", (lambda x=x: h(x).country == "USSR"), "Scn 15.1")
        for x in (
            "E0929",
            "E0928",
            "E1027",
            "E1128",
            "E1227",
            "E1328",
            "E1428",
            "E1530",
            "E1529",
            "E1628",
            "E1729",
            "E1828",
            "E1827",
            "E1826",
            "E3422",
            "E3522",
            "E3523",
        )
    ],
    *[
        Fact(
            f"the front {a}-{b} runs through Soviet land",
            (lambda a=a, b=b: all(x.country == "USSR" for x in line_hexes(a, b))),
            "Scn 15.1",
        )
        for a, b in (("E1926", "E2324"), ("E2323", "E3019"))
    ],
    # ---- weather (1.0, 1.4, 5.3) -------------------------------------------------------------
    Fact("Moscow is in the severe zone", lambda: chex("Moscow").weather == "severe", "1.0"),
    Fact("Athens is in the moderate zone", lambda: chex("Athens").weather == "moderate", "1.0"),
    Fact("Cairo is in the mild zone", lambda: chex("Cairo").weather == "mild", "1.0"),
    Fact(
        "the Persian Gulf and the Red Sea are mild",
        lambda: zone("Persian Gulf").weather == "mild" and zone("Red Sea").weather == "mild",
        "1.0",
    ),
    Fact(
        "the other sea areas are moderate unless marked (North Atlantic, Arctic severe)",
        lambda: all(
            z.weather == "moderate"
            for z in M.zones.values()
            if z.name not in ("Persian Gulf", "Red Sea", "North Atlantic", "Arctic Ocean")
        ),
        "1.0",
    ),
    Fact(
        "the North Atlantic and Arctic convoy routes lie in the severe zone",
        lambda: zone("North Atlantic").weather == "severe" and zone("Arctic Ocean").weather == "severe",
        "5.3",
    ),
    Fact(
        "the mild zone of France and Germany covers most of both",
        lambda: all(
            sum(x.has("road-net") for x in M.hexes.values() if x.country == c and x.area in ("France", "Germany"))
            > 0.5 * sum(1 for x in M.hexes.values() if x.country == c and x.area in ("France", "Germany"))
            for c in ("FRA", "GER")
        ),
        "1.4",
    ),
    # ---- sea areas, canals, ports (7.4, 7.7, 7.8, 8.4, 8.5) ----------------------------------
    Fact("the South Atlantic's interception modifier is -3", lambda: zone("South Atlantic").interception == -3, "EoP"),
    Fact("the English Channel costs 5 MP", lambda: zone("English Channel").entry_mp in (0, 5), "EoP, 7.4"),
    Fact(
        "the Western Mediterranean, Black Sea, Arctic Ocean, Red Sea and Persian Gulf are sea areas",
        lambda: all(zone(n) for n in ("Western Mediterranean", "Black Sea", "Arctic Ocean", "Red Sea", "Persian Gulf")),
        "7.8, 36.4, 1.0, Scn 9.3",
    ),
    Fact(
        "the Suez Canal joins Port Said and Cairo, 4 MP",
        lambda: any(
            link.kind == "canal"
            and set(link.via.split("/")) == {city("Port Said").hex, city("Cairo").hex}
            and "4 MP" in link.note
            for link in M.links
        ),
        "7.8, 8.5",
    ),
    Fact(
        "the Kiel Canal joins Kiel and Hamburg, 3 MP",
        lambda: any(
            link.kind == "canal"
            and set(link.via.split("/")) == {city("Kiel").hex, city("Hamburg").hex}
            and "3 MP" in link.note
            for link in M.links
        ),
        "7.8, 8.5",
    ),
    Fact("the canals are drawn as canal hexsides", lambda: sum(s.has("canal") for s in M.sides.values()) >= 2, "24.1"),
    Fact(
        "Leningrad and Archangel are icebound ports",
        lambda: all(chex(n).has("icebound") and city(n).port for n in ("Leningrad", "Archangel")),
        "1.5, 7.8",
    ),
    Fact(
        "every port is in a coastal hex with a port size",
        lambda: all(
            chex(c.name).is_coastal and (chex(c.name).has("minor-port") or chex(c.name).has("major-port"))
            for c in M.cities
            if c.port
        ),
        "7.7",
    ),
    *[
        Fact(f"{n} is a port", (lambda n=n: city(n).port), src)
        for n, src in [
            ("Scapa Flow", "Scn 1.1"),
            ("Bergen", "Scn 1.1"),
            ("Gibraltar", "Scn 1.1"),
            ("Taranto", "EoP"),
            ("Tripoli", "EoP"),
            ("Alexandria", "EoP"),
            ("Brest", "EoP"),
            ("Marseille", "EoP"),
            ("Calais", "EoP"),
            ("Le Havre", "EoP"),
            ("Konigsberg", "EoP"),
            ("Casablanca", "7.5"),
            ("Murmansk", "3.3"),
            ("Archangel", "3.3"),
            ("London", "7.8"),
            ("Harwich", "7.8"),
            ("Dover", "7.8"),
            ("Southampton", "EoP"),
            ("Tunis", "Scn 9.6"),
            ("Bizerte", "Scn 9.6"),
            ("Oran", "Scn 9.6"),
            ("Malta", "Scn 9.6"),
            ("Heraklion", "Scn 9.6"),
        ]
    ],
    *[
        Fact(f"{n} is on the map", (lambda n=n: bool(city(n).hex)), src)
        for n, src in [
            ("Frankfurt", "14.2"),
            ("Brussels", "EoP"),
            ("Antwerp", "Scn 3.2"),
            ("Trieste", "EoP"),
            ("Mannheim", "Scn 8.3"),
            ("Munich", "Scn 11.3"),
            ("Prague", "Scn 11.3"),
            ("Stettin", "Scn 11.3"),
            ("Leningrad", "36.3"),
            ("Stalingrad", "36.3"),
            ("Minsk", "31.6"),
            ("Kiev", "36.3"),
            ("Kazan", "31.6"),
            ("Odessa", "Scn 7.4"),
            ("Vilna", "Scn 7.4"),
            ("Smolensk", "Scn 7.4"),
            ("Kharkov", "Scn 7.4"),
            ("Voronezh", "Scn 7.4"),
            ("Rostov", "Scn 7.4"),
            ("Sevastopol", "Scn 7.4"),
            ("Maikop", "Scn 7.4"),
            ("Lyons", "40.4"),
            ("Bordeaux", "40.4"),
            ("St. Nazaire", "40.4"),
            ("Paris", "40.4"),
            ("Stockholm", "6.1"),
            ("Narvik", "6.1"),
            ("Syracuse", "Scn 10.4"),
            ("Palermo", "Scn 10.4"),
            ("Messina", "Scn 10.4"),
            ("Foggia", "Scn 10.4"),
            ("Naples", "Scn 10.4"),
            ("Valona", "Scn 10.4"),
            ("Cagliari", "Scn 10.4"),
            ("Genoa", "Scn 10.4"),
            ("Venice", "Scn 10.4"),
            ("Turin", "Scn 10.4"),
            ("Milan", "Scn 10.4"),
            ("Athens", "Scn 10.4"),
            ("Port Said", "8.5"),
        ]
    ],
    Fact(
        "German city or resource hexes: Hamburg, Frankfurt, Mannheim, Munich, Berlin or Prague",
        lambda: all(
            chex(n).country == "GER" and chex(n).has("resource")
            for n in ("Hamburg", "Frankfurt", "Mannheim", "Munich", "Berlin", "Prague")
        ),
        "Scn 8.3, 11.3",
    ),
    Fact(
        "eight resource hexes are linked to Moscow",
        lambda: len([x for x in M.hexes.values() if x.has("moscow-link")]) == 8,
        "31.6",
    ),
    Fact(
        "Narvik and Stockholm lie on the coast (the iron route)",
        lambda: chex("Narvik").is_coastal and chex("Stockholm").is_coastal,
        "6.1",
    ),
    # ---- territories (36.1, 37.6, 40.4, 43.2, 43.3, Scn 12.2) --------------------------------
    *[
        Fact(
            f"{area} belongs to {owner}",
            (
                lambda area=area, owner=owner: (
                    any(x.area == area for x in M.hexes.values())
                    and all(x.country == owner for x in M.hexes.values() if x.area == area)
                )
            ),
            src,
        )
        for area, owner, src in [
            ("Sicily", "ITA", "37.6"),
            ("Sardinia", "ITA", "37.6"),
            ("East Prussia", "GER", "36.1"),
            ("Northern Ireland", "UK", "36.1"),
            ("Corsica", "FRA", "Scn 12.2"),
            ("Crete", "GRE", "37.6"),
            ("European Turkey", "TUR", "37.6"),
            ("Asiatic Turkey", "TUR", "37.6"),
            ("Libya", "ITA", "Scn 14.1"),
            ("Albania", "ITA", "aid card"),
            ("Tunisia", "FRA", "36.1"),
            ("French Morocco", "FRA", "23.5"),
            ("Palestine", "UK", "40.7"),
            ("Transjordan", "UK", "40.7"),
            ("Persia", "UK", "Scn 12.2"),
            ("Cyprus", "UK", "Scn 12.2"),
            ("Malta", "UK", "Scn 12.2"),
        ]
    ],
    Fact(
        "Scapa Flow and the Shetlands are British",
        lambda: chex("Scapa Flow").country == "UK" and chex("Lerwick").country == "UK",
        "36.1",
    ),
    Fact(
        "Gibraltar is British and touches the Mediterranean and the Atlantic",
        lambda: (
            chex("Gibraltar").country == "UK"
            and {zone("Western Mediterranean").number, zone("South Atlantic").number} <= set(chex("Gibraltar").seazones)
        ),
        "Scn 12.2, 46.2",
    ),
    Fact(
        "E5628 can be reached by rail from Port Said through Egypt",
        lambda: _rail_path(city("Port Said").hex, "E5628"),
        "EoP",
    ),
    Fact("the map is about 50 miles (80 km) a hex", lambda: 70 < _km_per_hex() < 100, "The Game Maps"),
    *[
        Fact(
            f"the temporary border of {name} is drawn",
            (lambda name=name: any(s.line == name for s in M.sides.values())),
            src,
        )
        for name, src in [("Soviet Poland", "43.2"), ("Karelia", "43.3"), ("Bessarabia", "43.2"), ("Vichy", "40.4")]
    ],
    Fact(
        "Latvia, Lithuania and Estonia are on the map",
        lambda: {"LAT", "LIT", "EST"} <= {x.country for x in M.hexes.values()},
        "43.2",
    ),
    # ---- boxes (7.8, 43.1, 7.5) --------------------------------------------------------------
    *[
        Fact(f"the {name} is a box of the map", (lambda name=name: M.box(name) is not None), src)
        for name, src in [
            ("U.S. Box", "7.8"),
            ("Canada Box", "7.8"),
            ("Capetown Box", "7.8"),
            ("India Box", "7.8"),
            ("Iraq Box", "7.8"),
            ("Siberian Transfers", "43.1"),
            ("North Atlantic Convoy", "7.5"),
            ("South Atlantic Convoy", "7.5"),
            ("U.S. Coast Convoy", "7.5"),
            ("Arctic Convoy", "7.5"),
        ]
    ],
    Fact(
        "the Iraq box lies on the Persian Gulf",
        lambda: zone("Persian Gulf").number in M.box("Iraq Box").adjacent_zones,
        "7.8",
    ),
    Fact(
        "the U.S. box lies on the North Atlantic",
        lambda: zone("North Atlantic").number in M.box("U.S. Box").adjacent_zones,
        "7.8",
    ),
]


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

    assert main(["map", "find", "eto", "Moscow"]) == 0
    assert "E1924" in capsys.readouterr().out
    assert main(["map", "find", "eto", "Warsaw"]) == 0
    assert "W3533" in capsys.readouterr().out
    assert main(["map", "info", "eto", "W3533"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("hex W3533: land") and "Warsaw" in out
    assert main(["map", "info", "eto", "W3335"]) == 0  # an overlap hex by its West id
    assert capsys.readouterr().out.startswith("hex E3033:")


def _canal_chains() -> list[set[str]]:
    """The canal hexsides, grouped into chains of sides that touch a common hex."""
    chains: list[set[str]] = []
    for s in (s for s in M.sides.values() if s.has("canal")):
        hexes = set(s.id.split("/"))
        joined = [c for c in chains if hexes & {i for x in c for i in x.split("/")}]
        chains = [c for c in chains if c not in joined] + [{s.id}.union(*joined)]
    return chains


def test_each_canal_is_as_many_hexsides_as_its_mp_and_reaches_both_end_ports() -> None:
    # 7.8: 1 MP per canal hexside; Kiel 3 MP end to end, Suez 4 MP; 8.5: the end ports
    chains = {frozenset(c) for c in _canal_chains()}
    assert len(chains) == 2
    for ports, mp in ((("Kiel", "Hamburg"), 3), (("Port Said", "Cairo"), 4)):
        hexes = {city(p).hex for p in ports}
        chain = next(c for c in chains if hexes & {i for x in c for i in x.split("/")})
        touched = {i for x in chain for i in x.split("/")}
        assert hexes <= touched and len(chain) == mp
