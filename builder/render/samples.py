"""A representative set of USE counters and markers, built in, for the contact sheet and tests.

Until the content tables feed the renderer, this set shows every unit type, every nationality
and every marker of USE 4.4 (both sides where the game has two). Unit IDs are the
examples the rulebook itself uses where it gives one (4.2), otherwise plain numbers.
"""

from __future__ import annotations

from builder.render.faces import (
    CounterFace,
    Marker,
    MarkerFace,
    UnitCounter,
    factor_counter,
    unit_counter,
)

FACTIONS = ("axis", "western", "soviet")
FACTION_WORDS = {"axis": "AXIS", "western": "WESTERN", "soviet": "SOVIET"}


def sample_units() -> list[UnitCounter]:
    """Every unit type of every layout: USE's (the majors, then each minor country), printed
    factors, the stepped layout."""
    return _majors() + _minors() + _with_factors() + _stepped()


def _majors() -> list[UnitCounter]:
    units = [
        # Germany: every ground type, both air types, both warship types and a convoy.
        unit_counter("GER", "ground", "tank", "2P Army", elite=True),
        unit_counter("GER", "ground", "infantry", "Afrika"),
        unit_counter("GER", "ground", "motorized", "14 Army"),
        unit_counter("GER", "ground", "mechanized", "1 SS", elite=True),
        unit_counter("GER", "ground", "paratroop", "7 Flieger"),
        unit_counter("GER", "ground", "mountain", "20 Mtn"),
        unit_counter("GER", "ground", "garrison", "Norway"),
        unit_counter("GER", "air", "fighter", "JG 1"),
        unit_counter("GER", "air", "bomber", "KG 1"),
        unit_counter("GER", "naval", "surface", "Bismarck"),
        unit_counter("GER", "naval", "carrier", "Graf Zeppelin", what_if=True),
        unit_counter("GER", "naval", "convoy", "1 Convoy"),
        unit_counter("GER", "ground", "tank", "4P Army", what_if=True),
        # Italy.
        unit_counter("ITA", "ground", "infantry", "5"),
        unit_counter("ITA", "ground", "infantry", "10"),
        unit_counter("ITA", "ground", "tank", "Ariete", upgrade=True),
        unit_counter("ITA", "ground", "garrison", "Libya"),
        unit_counter("ITA", "air", "fighter", "1 Air"),
        unit_counter("ITA", "naval", "surface", "1 Fleet"),
        unit_counter("ITA", "naval", "surface", "2 Fleet"),
        unit_counter("ITA", "naval", "convoy", "1 Convoy"),
        unit_counter("ITA", "naval", "convoy", "2 Convoy"),
        # United Kingdom.
        unit_counter("UK", "ground", "infantry", "8 Army"),
        unit_counter("UK", "ground", "tank", "7 Armd", elite=True),
        unit_counter("UK", "ground", "paratroop", "1 Abn"),
        unit_counter("UK", "ground", "garrison", "Malta"),
        unit_counter("UK", "air", "fighter", "11 Group"),
        unit_counter("UK", "air", "bomber", "Bomber Cmd"),
        unit_counter("UK", "naval", "carrier", "Force H"),
        unit_counter("UK", "naval", "surface", "Home Fleet"),
        unit_counter("UK", "naval", "convoy", "1 Convoy"),
        # United States.
        unit_counter("USA", "ground", "infantry", "1 Army"),
        unit_counter("USA", "ground", "tank", "3 Army", elite=True),
        unit_counter("USA", "ground", "paratroop", "82 Abn"),
        unit_counter("USA", "air", "bomber", "8 AF"),
        unit_counter("USA", "air", "fighter", "9 AF"),
        unit_counter("USA", "naval", "carrier", "TF 22"),
        unit_counter("USA", "naval", "convoy", "1 Convoy"),
        # France.
        unit_counter("FRA", "ground", "infantry", "10 Army"),
        unit_counter("FRA", "ground", "infantry", "6 Army"),
        unit_counter("FRA", "ground", "mechanized", "1 DLM"),
        unit_counter("FRA", "ground", "cavalry", "Spahis"),
        unit_counter("FRA", "ground", "garrison", "Maginot"),
        unit_counter("FRA", "air", "fighter", "1 Air"),
        unit_counter("FRA", "naval", "surface", "Force de Raid"),
        # USSR.
        unit_counter("USSR", "ground", "infantry", "5 Shock Army", elite=True),
        unit_counter("USSR", "ground", "infantry", "11 Guards", elite=True),
        unit_counter("USSR", "ground", "motorized", "2 Guards", elite=True, upgrade=True),
        unit_counter("USSR", "ground", "tank", "1 Tank"),
        unit_counter("USSR", "ground", "cavalry", "Don Cossack"),
        unit_counter("USSR", "ground", "mountain", "Caucasus"),
        unit_counter("USSR", "ground", "infantry", "Moscow", upgrade=True),
        unit_counter("USSR", "air", "fighter", "VVS 1"),
        unit_counter("USSR", "air", "bomber", "DBA"),
        unit_counter("USSR", "naval", "surface", "Baltic"),
        unit_counter("USSR", "naval", "convoy", "Murmansk"),
    ]
    return units


def _minors() -> list[UnitCounter]:
    units: list[UnitCounter] = []
    # Every minor country: a field unit; a few also air or garrison.
    minors = (
        "BEL",
        "BUL",
        "DEN",
        "EST",
        "FIN",
        "FNA",
        "GRE",
        "HUN",
        "IRQ",
        "IRE",
        "LAT",
        "LIT",
        "NET",
        "NOR",
        "POL",
        "POR",
        "ROM",
        "SPA",
        "SWE",
        "SYR",
        "TUR",
        "VIC",
        "YUG",
    )
    for number, nation in enumerate(minors, start=1):
        units.append(unit_counter(nation, "ground", "infantry", f"{number} Army"))
    units += [
        unit_counter("FIN", "ground", "garrison", "Mannerheim"),
        unit_counter("POL", "ground", "cavalry", "Pomorska"),
        unit_counter("ROM", "air", "fighter", "ARR"),
        unit_counter("HUN", "ground", "motorized", "Mobile"),
        unit_counter("SWE", "naval", "surface", "Coastal"),
        unit_counter("VIC", "naval", "surface", "Toulon"),
    ]
    return units


def _with_factors() -> list[UnitCounter]:
    # Counters that print their factors (as ETO's do): every symbol such a game draws.
    return [
        factor_counter("GER", "ground", "infantry", "", "GER", "", "6-3", "3-3"),
        factor_counter("GER", "ground", "tank", "", "GER", "", "10-5", "5-5"),
        factor_counter("GER", "ground", "paratroop", "", "GER", "", "1-3", "1-3"),
        factor_counter("GER", "ground", "hq", "HQ South", "GER", "", "4-2", "previously activated"),
        factor_counter("USSR", "ground", "general", "Chernyakhovsky", "USSR", "", "3-4", "ineligible to exploit"),
        factor_counter("YUG", "ground", "partisan", "", "YUG", "", "0-1", ""),
        factor_counter("GER", "air", "fighter", "", "GER", "Ftr", "4*-4/3", "2*-4/3"),
        factor_counter("USA", "air", "fighter-bomber", "", "USA", "FB", "4-8/2", "2-8/2"),
        factor_counter("UK", "air", "naval-air", "", "UK", "Naval", "2-4/1", ""),
        factor_counter("USA", "air", "bomber", "", "USA", "Bmr", "12-16", "6-16"),
        factor_counter("USSR", "naval", "battleship", "Oktyabrskaya Revolutsia", "USSR", "BB", "3-10-30", "1-9-20"),
        factor_counter("ITA", "naval", "cruiser", "Bolzano", "ITA", "CA", "2-10-46", "1-9-30"),
        factor_counter("UK", "naval", "carrier", "Ark Royal", "UK", "CV", "X-8-32", "X-7-21"),
        factor_counter("UK", "naval", "destroyer", "", "UK", "DD", "1-4-46", "1-3-30"),
        factor_counter(
            "GER", "naval", "submarine", "", "GER", "U-boat", "U-boat (schnorkel)", "U-boat (schnorkel, damaged)"
        ),
    ]


def _stepped() -> list[UnitCounter]:
    """Counters that print steps, size and codes (the stepped layout): armies that flip to
    fewer steps, the symbols only such games draw, marker backs, support units."""

    def face(nation: str, kind: str, symbol: str, ident: str, **more) -> CounterFace:
        return CounterFace(nation, kind, symbol, ident, more.pop("abbrev", ""), style="stepped", **more)

    army = {"size": "XXXX", "delay": True, "code": "22a"}
    return [
        UnitCounter(
            face("GER", "ground", "tank", "1 Pz", factors="8-6-4", steps=3, **army),
            face("GER", "ground", "tank", "1 Pz", factors="5-4-4", steps=2, **army),
        ),
        UnitCounter(
            face("GER", "ground", "hq", "Mitte", factors="4-4-3", steps=3, range="2", **army),
            face("GER", "ground", "hq", "Mitte", factors="2-2-3", steps=2, range="2", **army),
        ),
        UnitCounter(
            face("GER", "ground", "mechanized", "GD", factors="2-3-3", steps=1, tint="elite"),
            face("GER", "ground", "port-a-fort", "GD", factors="0-3-0", steps=1, step_mark="square", tint="elite"),
        ),
        UnitCounter(
            face("FIN", "ground", "ski", "Kar", abbrev="Fin", factors="1-2-2", steps=1),
            face("FIN", "ground", "fortress", "Man", abbrev="Fin", factors="0-4-0", steps=2, step_mark="square"),
        ),
        UnitCounter(
            face("USA", "ground", "marine", "1 Mar", factors="1-1-3", steps=1, tint="elite"),
            face("USA", "ground", "cav-mech", "2 Cav", factors="2-1-4", steps=1),
        ),
        UnitCounter(
            face("GER", "ground", "helicopter", "2 Flsj", factors="2-2-4", steps=1, range="2", tint="elite", code="45"),
            face("GER", "ground", "helicopter", "", words="AIRDROP", icon="parachute", range="2", code="45"),
        ),
        UnitCounter(
            face("ITA", "ground", "infantry", "Col", abbrev="Italy", factors="0-1-2", steps=1, tint="colonial"),
            face("ITA", "ground", "infantry", "", abbrev="Italy", words="INFANTRY"),
        ),
        UnitCounter(
            face("GER", "air", "bomber", "Ost", range="9", drm="+1", arrow="down", delay=True, code="49"),
            face("GER", "air", "bomber", "", words="DEVASTATION", icon="burst", delay=True, code="49"),
        ),
        UnitCounter(
            face("UK", "naval", "carrier", "Force H", delay=True),
            face("UK", "air", "naval-air", "Force H", range="1", delay=True),
        ),
    ]


def _m(name: str, group: str, front: MarkerFace, back: MarkerFace | None = None) -> Marker:
    return Marker(name, group, front, back)


def _events() -> list[Marker]:
    """Event markers (14.x), each in the colours of a faction that owns one."""
    ev = "Event markers (14)"
    out = []
    for faction in FACTIONS:
        out.append(_m(f"Airdrop ({faction})", ev, MarkerFace(("AIRDROP",), faction, icon="parachute", reminder="die")))
        out.append(
            _m(
                f"Surprise Attack ({faction})",
                ev,
                MarkerFace(("SURPRISE ATTACK",), faction, icon="bolt", reminder="4T"),
            )
        )
        out.append(
            _m(
                f"Ground Support ({faction})",
                ev,
                MarkerFace(("GROUND SUPPORT",), faction, icon="fighter", reminder="die"),
            )
        )
        out.append(_m(f"SNAFU ({faction})", ev, MarkerFace(("SNAFU",), faction, figure="-1", reminder="die")))
        out.append(
            _m(f"Convoy Action ({faction})", ev, MarkerFace(("CONVOY ACTION",), faction, icon="convoy", reminder="S+1"))
        )
        out.append(
            _m(
                f"Surface Action ({faction})",
                ev,
                MarkerFace(("SURFACE ACTION",), faction, icon="surface", reminder="S+1"),
            )
        )
    for faction in ("western", "soviet"):
        out.append(_m(f"Partisans ({faction})", ev, MarkerFace(("PARTISANS",), faction, icon="rifles", reminder="die")))
    out += [
        _m("Free Forces", ev, MarkerFace(("FREE FORCES",), "western", icon="lorraine", reminder="die")),
        _m("ULTRA", ev, MarkerFace(("ULTRA",), "western", figure="+1", reminder="die")),
        _m(
            "Naval Evacuation",
            ev,
            MarkerFace(("NAVAL EVACUATION",), "western", icon="convoy", reminder="die", abbrev="UK"),
        ),
        _m("Jets", ev, MarkerFace(("JETS",), "axis", icon="jet", reminder="1T", abbrev="GER")),
        _m("Rockets", ev, MarkerFace(("ROCKETS",), "axis", icon="rocket", reminder="die", abbrev="GER")),
        _m("Submarines", ev, MarkerFace(("SUBMARINES",), "axis", icon="submarine", reminder="die")),
        _m("Tanks (USSR)", ev, MarkerFace(("TANKS",), "soviet", icon="tank", reminder="1T", abbrev="USSR")),
        _m("Tanks (UK)", ev, MarkerFace(("TANKS",), "western", icon="tank", reminder="1T", abbrev="UK")),
    ]
    for nation, faction in (("GER", "axis"), ("USSR", "soviet"), ("UK", "western")):
        out.append(
            _m(
                f"Heavy Arty ({nation})",
                ev,
                MarkerFace(("HEAVY ARTY",), faction, icon="gun", reminder="die", abbrev=nation),
            )
        )
    return out


def _politics() -> list[Marker]:
    pol = "Diplomacy and politics (14, 15)"
    out = [
        _m("Political Success", pol, MarkerFace(("POLITICAL", "SUCCESS"), "political")),
        _m("Political Success (Unrestricted)", pol, MarkerFace(("POLITICAL", "SUCCESS", "UNRESTRICTED"), "political")),
        _m("Political Failure", pol, MarkerFace(("POLITICAL", "FAILURE"), "political")),
        _m("Area Seized", pol, MarkerFace(("AREA", "SEIZED"), "soviet")),
        _m("No Event", pol, MarkerFace(("NO", "EVENT"), "political")),
        _m("Strict Neutrality", pol, MarkerFace(("STRICT", "NEUTRALITY"), "political")),
    ]
    for faction in FACTIONS:
        out.append(
            _m(
                f"Pro-{FACTION_WORDS[faction].title()}",
                pol,
                MarkerFace((f"PRO-{FACTION_WORDS[faction]}",), faction, icon=faction),
            )
        )
    for faction in FACTIONS:
        out.append(
            _m(
                f"Will Commit ({faction})",
                pol,
                MarkerFace(("WILL", "COMMIT"), faction),
                MarkerFace(("WILL NOT", "COMMIT"), faction),
            )
        )
    return out


def _map_markers() -> list[Marker]:
    onmap = "On the map (15)"
    out = []
    for faction in FACTIONS:
        out.append(_m(f"Control ({faction})", onmap, MarkerFace(("CONTROL",), faction, icon=faction)))
    for faction in FACTIONS:
        out.append(_m(f"Assault ({faction})", onmap, MarkerFace(("ASSAULT",), faction, icon="arrow")))
    for faction in FACTIONS:
        out.append(
            _m(f"Strategic Move ({faction})", onmap, MarkerFace(("STRATEGIC MOVE",), faction, icon="double-chevron"))
        )
    out += [
        _m("No EZOC", onmap, MarkerFace(("NO EZOC",), "combat", icon="no-zoc")),
        _m("Mulberry", onmap, MarkerFace(("MULBERRY",), "western", icon="anchor")),
        _m("Factory", onmap, MarkerFace(("FACTORY",), "track", icon="factory")),
        _m("Bombed", onmap, MarkerFace(("BOMBED",), "alarm", icon="bomb")),
        _m("Nuclear Strike", onmap, MarkerFace(("NUCLEAR", "STRIKE"), "alarm", icon="burst")),
        _m("Supply Low / No", onmap, MarkerFace(("LOW", "SUPPLY"), "combat"), MarkerFace(("NO", "SUPPLY"), "alarm")),
    ]
    for first in (1, 3, 5):
        out.append(
            _m(
                f"Sorties {first}/{first + 1}",
                onmap,
                MarkerFace(("SORTIES",), "track", figure=str(first)),
                MarkerFace(("SORTIES",), "track", figure=str(first + 1)),
            )
        )
    for nation in ("GER", "ITA", "FRA", "UK", "USSR", "FIN", "BEL", "GRE", "TUR"):
        out.append(_m(f"Fort ({nation})", onmap, MarkerFace(("FORT",), nation, icon="fort", abbrev=nation)))
    out.append(
        _m(
            "Fort Tobruk (ITA/UK)",
            onmap,
            MarkerFace(("TOBRUK",), "ITA", icon="fort", abbrev="ITA"),
            MarkerFace(("TOBRUK",), "UK", icon="fort", abbrev="UK"),
        )
    )
    return out


def _tracks() -> list[Marker]:
    tr = "Tracks (15)"
    out = [
        _m("Turn", tr, MarkerFace(("TURN",), "track")),
        _m(
            "DRM Attacker",
            tr,
            MarkerFace(("ATTACKER", "DRM"), "track", figure="+"),
            MarkerFace(("ATTACKER", "DRM"), "track", figure="-"),
        ),
        _m(
            "DRM Defender",
            tr,
            MarkerFace(("DEFENDER", "DRM"), "track", figure="+"),
            MarkerFace(("DEFENDER", "DRM"), "track", figure="-"),
        ),
        _m("Movement Points", tr, MarkerFace(("MOVE",), "track", figure="MP")),
    ]
    for zone in ("COLD", "MILD", "WARM"):
        out.append(
            _m(
                f"Weather ({zone.title()})",
                tr,
                MarkerFace((f"{zone} ZONE",), "weather", icon="snowflake" if zone == "COLD" else "cloud"),
            )
        )
    for faction in FACTIONS:
        for figure in ("x10", "x1", "x2"):
            out.append(
                _m(
                    f"Prod {figure} ({faction})",
                    tr,
                    MarkerFace(("PROD",), faction, figure=figure.replace("x", "\u00d7")),
                )
            )
    for nation in ("GER", "ITA", "UK", "USA", "FRA", "USSR", "POL", "ROM"):
        out.append(_m(f"Will 10s ({nation})", tr, MarkerFace(("WILL",), nation, figure="\u00d710", abbrev=nation)))
        out.append(_m(f"Will 1s ({nation})", tr, MarkerFace(("WILL",), nation, figure="\u00d71", abbrev=nation)))
    for nation in ("FRA", "GER", "ITA", "UK", "USSR"):
        out.append(_m(f"Fac Count ({nation})", tr, MarkerFace(("FAC COUNT",), nation, icon="factory", abbrev=nation)))
    for nation in ("GER", "UK", "USSR"):
        out.append(_m(f"Fac Lost ({nation})", tr, MarkerFace(("FAC LOST",), nation, icon="burst", abbrev=nation)))
    return out


def _conditional() -> list[Marker]:
    ce = "Policies and conditional events (13, 15)"
    out = [
        _m(
            "Appsmt or Pact Ends / Scenario Ends",
            ce,
            MarkerFace(("APPSMT OR", "PACT ENDS"), "political"),
            MarkerFace(("SCENARIO", "ENDS"), "political"),
        ),
        _m("Policy Evaluation", ce, MarkerFace(("POLICY", "EVALUATION"), "political")),
        _m("Moscow Treaty", ce, MarkerFace(("MOSCOW", "TREATY"), "soviet")),
        _m(
            "USA Entry / Variable Arrival",
            ce,
            MarkerFace(("USA", "ENTRY"), "USA"),
            MarkerFace(("VARIABLE", "ARRIVAL"), "USA"),
        ),
        _m("Variable Entry", ce, MarkerFace(("VARIABLE", "ENTRY"), "track")),
        _m("Commonwealth Trade", ce, MarkerFace(("COMMON-", "WEALTH", "TRADE"), "UK", icon=None)),
        _m("Russian Winter", ce, MarkerFace(("RUSSIAN", "WINTER"), "weather")),
    ]
    for n in (1, 2):
        out.append(_m(f"Economic Reforms {n}", ce, MarkerFace(("ECONOMIC", "REFORMS"), "GER", icon=None)))
        out.append(_m(f"Lend Lease to UK {n}", ce, MarkerFace(("LEND LEASE", "TO UK"), "UK")))
        out.append(_m(f"Lend Lease to USSR {n}", ce, MarkerFace(("LEND LEASE", "TO USSR"), "USSR")))
        out.append(_m(f"Urals Fac {n}", ce, MarkerFace(("URALS", "FAC"), "USSR", icon=None)))
    for area in (
        "Alsace-Lorraine",
        "Bessarabia",
        "Eastern Poland",
        "Estonia",
        "Karelia",
        "Latvia",
        "Lithuania",
        "Polish Corridor",
    ):
        owner = "axis" if area in ("Alsace-Lorraine", "Polish Corridor") else "soviet"
        out.append(_m(f"Ceded {area}", ce, MarkerFace(("CEDED", area.upper()), owner)))
    return out


def sample_markers() -> list[Marker]:
    return _events() + _politics() + _map_markers() + _tracks() + _conditional()
