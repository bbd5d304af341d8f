"""USE verdicts on positions and logs written from the text of the rules (Living Rules 2020), not
from the rulebook's examples (those are pinned in the other test_use_* files): a legal and an
illegal case for each rule issue 18 names, each with the verdict the rule gives.

Each case: an id, the rule it cites, what happens, and the verdict expected of `staffwork check`
(a position, ``pos``) or `staffwork audit` (a log, ``log``):

    "ok"            no problem
    "4.2.3.1"       a problem under that rule
    "note:13.8"     a note (or finding) under that rule, and no problem
    "none:13."      no finding at all whose rule starts so

Statuses, policies and weather are global properties (usecase.status). Hexes are our map's.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from logmaker import LogMaker, layered
from test_check_support import M, U, position
from usecase import audit, found, status

_TMP: list[Path] = []
Found = list[tuple[str, str, str]]  # (rule, severity, reason)


def _name(ext: str) -> Path:
    _TMP.append(_TMP[0] / f"{len(_TMP)}.{ext}")
    return _TMP[-1]


def pos(pieces: list, props: dict | None = None) -> Found:
    path = _name("vsav")
    return [(f.rule, f.severity, f.reason) for f in found(position(path.parent, pieces, props or {}, name=path.name))]


def log(pieces: dict, phase: str, props: dict, steps: list[tuple]) -> Found:
    """pieces: {id: (U or M, where)}; steps: ("move", id, where[, under id]), ("add", id, M),
    ("flip", id), ("remove", id)."""
    maker = LogMaker({k: (layered(p), w) for k, (p, w) in pieces.items()}, phase, props)
    for op, *args in steps:
        if op == "move":
            maker.move(args[0], args[1], under=args[2] if len(args) > 2 else None)
        elif op == "add":
            maker.add(args[0], layered(args[1]), args[1].where)
        else:
            getattr(maker, op)(*args)
    path = _name("vlog")
    return [(f.rule, f.severity, f.reason) for f in audit(maker, path.parent, path.name).findings]


@dataclass(frozen=True)
class Case:
    id: str
    rule: str
    what: str
    expect: str
    run: Callable[[], Found]


CASES: list[Case] = []


def C(cid: str, rule: str, what: str, expect: str, run: Callable[[], Found]) -> None:
    CASES.append(Case(cid, rule, what, expect, run))


WAR = status(
    GER="active axis",
    ITA="active axis",
    ROM="active axis",
    HUN="active axis",
    FRA="active western",
    UK="active western",
    BEL="active western",
    NET="active western",
    USSR="active soviet",
    POL="conquered western",
    USA="active western",
)
APP = {"Policy_appeasement": "true"}
PACT = {"Policy_nazi_soviet_pact": "true"}
MT = {"Policy_moscow_treaty": "true"}
COOP = {"Policy_cooperation_limits": "true"}
AX, WE, SO = "Axis Operations", "Western Operations", "Soviet Operations"


# ---- A. policies ------------------------------------------------------------------------------
ger = {"g": (U("GER", "ground", "infantry", "2920"), "2920")}
C(
    "A1a",
    "10.3.4",
    "Appeasement: German unit moves into France",
    "10.3.4",
    lambda: log(ger, AX, {**WAR, **APP}, [("move", "g", "2919")]),
)
C(
    "A1b",
    "10.3.4",
    "Appeasement: German unit moves within Germany",
    "ok",
    lambda: log(ger, AX, {**WAR, **APP}, [("move", "g", "2921")]),
)
pol = {"p": (U("POL", "ground", "infantry", "2242"), "2242")}
C(
    "A2a",
    "10.3.4",
    "Appeasement: Western (Polish) unit moves into the USSR",
    "10.3.4",
    lambda: log(pol, WE, {**WAR, "Status_POL": "active western", **APP}, [("move", "p", "2343")]),
)
C(
    "A2b",
    "10.3.4",
    "Appeasement: Polish unit moves within Poland",
    "ok",
    lambda: log(pol, WE, {**WAR, "Status_POL": "active western", **APP}, [("move", "p", "2241")]),
)
ukf = {"u": (U("UK", "ground", "infantry", "3015"), "3015")}
C(
    "A3a",
    "10.3.4",
    "Appeasement: UK ground unit in France ends its move in France",
    "10.3.4",
    lambda: log(ukf, WE, {**WAR, **APP}, [("move", "u", "3016")]),
)
C(
    "A3b",
    "10.3.4",
    "... a UK unit in France with Policy Evaluation on the Turn Track (position)",
    "ok",
    lambda: pos(
        [U("UK", "ground", "infantry", "3015"), M("policy-evaluation", "Policy Evaluation", "track:Jun-41")],
        {**WAR, **APP},
    ),
)
uka = {"a": (U("UK", "air", "fighter", "2611"), "2611")}
C(
    "A4a",
    "10.3.4",
    "Appeasement: UK air unit London to Paris",
    "10.3.4",
    lambda: log(uka, WE, {**WAR, **APP}, [("move", "a", "3014")]),
)
C(
    "A4b",
    "10.3.4",
    "Appeasement: UK air unit London to Birmingham",
    "ok",
    lambda: log(uka, WE, {**WAR, **APP}, [("move", "a", "2510")]),
)
ukn = {"n": (U("UK", "naval", "surface", "2807"), "2807")}
C(
    "A5a",
    "10.3.4",
    "Appeasement: UK warship Plymouth to Brest",
    "10.3.4",
    lambda: log(ukn, WE, {**WAR, **APP}, [("move", "n", "3107")]),
)
C(
    "A5b",
    "10.3.4",
    "Appeasement: UK warship Plymouth to Southampton",
    "ok",
    lambda: log(ukn, WE, {**WAR, **APP}, [("move", "n", "2710")]),
)
fg = {"f": (U("FRA", "ground", "infantry", "2919"), "2919"), "g": (U("GER", "ground", "infantry", "2920"), "2920")}
C(
    "A6a",
    "10.3.4",
    "Appeasement: French unit attacks German unit",
    "10.3.4",
    lambda: log(fg, WE, {**WAR, **APP}, [("flip", "g")]),
)
C("A6b", "10.3.4", "No Appeasement: French unit attacks German unit", "ok", lambda: log(fg, WE, WAR, [("flip", "g")]))
lat = {"r": (U("USSR", "ground", "infantry", "1944"), "1944")}
LATS = {**WAR, "Status_LAT": "active soviet"}
C(
    "A7a",
    "10.3.5",
    "Pact: USSR unit ends its move in Soviet Latvia",
    "10.3.5",
    lambda: log(lat, SO, {**LATS, **PACT}, [("move", "r", "1943")]),
)
C(
    "A7b",
    "10.3.5",
    "Pact: USSR unit moves within the USSR",
    "ok",
    lambda: log(lat, SO, {**LATS, **PACT}, [("move", "r", "1945")]),
)
rom = {"r": (U("ROM", "ground", "infantry", "3344"), "3344")}
C(
    "A8a",
    "10.3.5",
    "Pact: Romanian unit moves into the USSR",
    "10.3.5",
    lambda: log(rom, AX, {**WAR, **PACT}, [("move", "r", "3345")]),
)
C(
    "A8b",
    "10.3.5",
    "No Pact: Romanian unit moves into the USSR",
    "ok",
    lambda: log(rom, AX, WAR, [("move", "r", "3345")]),
)
zz = {"s": (U("USSR", "ground", "infantry", "3345"), "3345"), "r": (U("ROM", "ground", "infantry", "3444"), "3444")}
C(
    "A9a",
    "1.7",
    "Pact: no Soviet ZOC in Romania, so 3444-3445 next to the USSR unit is free",
    "ok",
    lambda: log(zz, AX, {**WAR, **PACT}, [("move", "r", "3445")]),
)
occ = {"s": (U("USSR", "ground", "infantry", "2856"), "2856")}
C(
    "A10a",
    "10.3.6",
    "Moscow Treaty: USSR unit moves into Occupied USSR",
    "10.3.6",
    lambda: log(occ, SO, {**WAR, **MT}, [("move", "s", "2855")]),
)
gocc = {"g": (U("GER", "ground", "infantry", "2855"), "2855")}
C(
    "A10b",
    "10.3.6",
    "Moscow Treaty: German unit moves into the active USSR",
    "10.3.6",
    lambda: log(gocc, AX, {**WAR, **MT}, [("move", "g", "2856")]),
)
C(
    "A10c",
    "10.3.6",
    "Moscow Treaty: German unit moves within Occupied USSR",
    "ok",
    lambda: log(gocc, AX, {**WAR, **MT}, [("move", "g", "2854")]),
)
C(
    "A10d",
    "10.3.6",
    "Moscow Treaty: USSR unit moves within the active USSR",
    "ok",
    lambda: log(occ, SO, {**WAR, **MT}, [("move", "s", "2857")]),
)
rh = {"r": (U("ROM", "ground", "infantry", "3336"), "3336")}
C(
    "A11a",
    "10.3.2",
    "Cooperation Limits: Romanian unit moves into Hungary",
    "10.3.2",
    lambda: log(rh, AX, {**WAR, **COOP}, [("move", "r", "3335")]),
)
gh = {"g": (U("GER", "ground", "infantry", "3235"), "3235")}
C(
    "A11b",
    "10.3.2",
    "Cooperation Limits: German unit moves within Hungary",
    "ok",
    lambda: log(gh, AX, {**WAR, **COOP}, [("move", "g", "3335")]),
)
ia = {"a": (U("ITA", "air", "fighter", "3426"), "3426")}
C(
    "A12a",
    "10.3.2",
    "Cooperation Limits: Italian air unit ends in Vienna (Germany)",
    "10.3.2",
    lambda: log(ia, AX, {**WAR, **COOP}, [("move", "a", "3229")]),
)
C(
    "A12b",
    "10.3.2",
    "Cooperation Limits: Italian air unit Trieste to Venice",
    "ok",
    lambda: log(ia, AX, {**WAR, **COOP}, [("move", "a", "3525")]),
)
rr = {"r": (U("ROM", "ground", "infantry", "3336"), "3336"), "s": (U("USSR", "ground", "infantry", "3338"), "3338")}
C(
    "A13a",
    "10.3.2",
    "Cooperation Limits: Romanian unit retreats into Hungary (5.3.5.1: no retreat where it may not move)",
    "5.3.5.1",
    lambda: log(rr, SO, {**WAR, **COOP}, [("move", "s", "3337"), ("move", "r", "3335")]),
)
C(
    "A13b",
    "5.3.5",
    "Cooperation Limits: Romanian unit retreats within Romania",
    "ok",
    lambda: log(rr, SO, {**WAR, **COOP}, [("move", "s", "3337"), ("move", "r", "3435")]),
)
ra = {"r": (U("ROM", "ground", "infantry", "3336"), "3336"), "s": (U("USSR", "ground", "infantry", "3335"), "3335")}
C(
    "A14a",
    "10.3.2",
    "Cooperation Limits: Romanian unit attacks into Hungary",
    "10.3.2",
    lambda: log(ra, AX, {**WAR, **COOP}, [("flip", "s")]),
)
C(
    "A14b",
    "10.3.2",
    "No Cooperation Limits: Romanian unit attacks into Hungary",
    "ok",
    lambda: log(ra, AX, WAR, [("flip", "s")]),
)
gl = {"g": (U("GER", "ground", "infantry", "2819"), "2819")}
C(
    "A15a",
    "2.1.1.1",
    "German unit moves into neutral Belgium",
    "2.1.1.1",
    lambda: log(gl, AX, {**WAR, "Status_BEL": "neutral"}, [("move", "g", "2818")]),
)
C(
    "A15b",
    "2.1.1.1",
    "German unit moves into active Western Belgium",
    "ok",
    lambda: log(gl, AX, WAR, [("move", "g", "2818")]),
)

# ---- B. strategic movement ---------------------------------------------------------------------
SM = "Axis Strategic Movement"
C(
    "B1",
    "4.1",
    "Strategic move Berlin to Munich along the lines",
    "ok",
    lambda: log({"g": (U("GER", "ground", "infantry", "2626"), "2626")}, SM, WAR, [("move", "g", "3124")]),
)
C(
    "B2",
    "4.1.3",
    "A naval unit moves strategically",
    "4.1.3",
    lambda: log({"n": (U("GER", "naval", "surface", "2323"), "2323")}, SM, WAR, [("move", "n", "2427")]),
)
C(
    "B3",
    "7.1.1",
    "A No Supply unit moves strategically",
    "7.1.1",
    lambda: log(
        {"g": (U("GER", "ground", "infantry", "2626", supply="none"), "2626")}, SM, WAR, [("move", "g", "3124")]
    ),
)
C(
    "B4",
    "4.1.3",
    "A strategic move ends in an EZOC",
    "4.1.3",
    lambda: log(
        {"g": (U("GER", "ground", "infantry", "2626"), "2626"), "f": (U("FRA", "ground", "infantry", "2919"), "2919")},
        SM,
        WAR,
        [("move", "g", "2920")],
    ),
)
C(
    "B5",
    "4.1.1",
    "Two units of one faction move strategically",
    "4.1.1",
    lambda: log(
        {"g": (U("GER", "ground", "infantry", "2626"), "2626"), "h": (U("GER", "ground", "infantry", "2821"), "2821")},
        SM,
        WAR,
        [("move", "g", "3124"), ("move", "h", "2725")],
    ),
)
C(
    "B6",
    "4.1.3",
    "A USSR unit moves strategically into Central Russia",
    "4.1.3",
    lambda: log(
        {"s": (U("USSR", "ground", "infantry", "2063"), "2063")},
        "Soviet Strategic Movement",
        WAR,
        [("move", "s", "CRU")],
    ),
)
C(
    "B7",
    "4.1.3",
    "A strategic move into an enemy city (Paris)",
    "4.1.3",
    lambda: log({"g": (U("GER", "ground", "infantry", "2626"), "2626")}, SM, WAR, [("move", "g", "3014")]),
)
C(
    "B8",
    "4.1.3",
    "A strategic move starting in an EZOC (legal)",
    "ok",
    lambda: log(
        {"g": (U("GER", "ground", "infantry", "2921"), "2921"), "f": (U("FRA", "ground", "infantry", "3020"), "3020")},
        SM,
        WAR,
        [("move", "g", "2626")],
    ),
)
C(
    "B9",
    "4.1.4",
    "An air unit under a Strategic Move marker flies in Operations",
    "4.1.4",
    lambda: log(
        {
            "a": (U("GER", "air", "fighter", "2626"), "2626"),
            "sm": (M("strategic-move-axis", "Strategic Move", "2626", "axis"), "2626"),
        },
        AX,
        WAR,
        [("move", "a", "3124")],
    ),
)
C(
    "B10",
    "4.1.2",
    "A strategic move along a non-line hexside",
    "4.1.3",
    lambda: log({"g": (U("GER", "ground", "infantry", "2626"), "2626")}, SM, WAR, [("move", "g", "2627")]),
)

# ---- C. attacks ------------------------------------------------------------------------------
base = {"t": (U("GER", "ground", "tank", "2921"), "2921"), "f": (U("FRA", "ground", "infantry", "2919"), "2919")}
C(
    "C1",
    "5.3.2",
    "Mobile attack, retreat, advance (Fair)",
    "ok",
    lambda: log(base, AX, WAR, [("move", "t", "2920"), ("move", "f", "2918"), ("move", "t", "2919")]),
)
SEV = {"Weather_mild": "Severe"}
C(
    "C2",
    "5.3.1",
    "Mobile attack into Severe weather",
    "5.3.1",
    lambda: log(base, AX, {**WAR, **SEV}, [("move", "t", "2920"), ("flip", "f")]),
)
C(
    "C3",
    "5.3.3",
    "Assault into Severe weather",
    "ok",
    lambda: log(
        base, AX, {**WAR, **SEV}, [("move", "t", "2920"), ("add", "as", M("assault", "Assault", "2920")), ("flip", "f")]
    ),
)
fort = {**base, "fo": (M("fort-fra", "Fort", "2919", "western", "FRA"), "2919")}
C(
    "C4a",
    "5.3.1",
    "Mobile attack on a fort occupant",
    "5.3.1",
    lambda: log(fort, AX, WAR, [("move", "t", "2920"), ("flip", "f")]),
)
C(
    "C4b",
    "5.3.3",
    "Assault on a fort occupant; full strength, declines to retreat, flipped",
    "ok",
    lambda: log(fort, AX, WAR, [("move", "t", "2920"), ("add", "as", M("assault", "Assault", "2920")), ("flip", "f")]),
)
C(
    "C5",
    "1.3.10",
    "Attack on a USSR unit in a restricted hex",
    "1.3.10",
    lambda: log(
        {"g": (U("GER", "ground", "infantry", "1458"), "1458"), "s": (U("USSR", "ground", "infantry", "1459"), "1459")},
        AX,
        WAR,
        [("flip", "s")],
    ),
)
C(
    "C6",
    "5.3.3",
    "A unit moves on after designating an Assault",
    "5.3.3",
    lambda: log(
        base, AX, WAR, [("move", "t", "2920"), ("add", "as", M("assault", "Assault", "2920")), ("move", "t", "2820")]
    ),
)
C(
    "C7",
    "4.2.3.3",
    "Mobile attack then Assault designation",
    "4.2.3.3",
    lambda: log(base, AX, WAR, [("move", "t", "2920"), ("flip", "f"), ("add", "as", M("assault", "Assault", "2920"))]),
)
C(
    "C8",
    "5.3.5",
    "Retreat of two hexes",
    "5.3.5",
    lambda: log(base, AX, WAR, [("move", "t", "2920"), ("move", "f", "2917")]),
)
C(
    "C9",
    "5.3.5",
    "Retreat next to the attacker",
    "5.3.5",
    lambda: log(base, AX, WAR, [("move", "t", "2920"), ("move", "f", "3019")]),
)
ez = {**base, "g2": (U("GER", "ground", "infantry", "2817"), "2817")}
C(
    "C10",
    "5.3.5.1",
    "Retreat into an EZOC hex with no friendly city",
    "5.3.5.1",
    lambda: log(ez, AX, WAR, [("move", "t", "2920"), ("move", "f", "2918")]),
)
par = {
    "g": (U("GER", "ground", "infantry", "2815"), "2815"),
    "f": (U("FRA", "ground", "infantry", "2915"), "2915"),
    "g2": (U("GER", "ground", "infantry", "3114"), "3114"),
}
C(
    "C11",
    "5.3.5.1",
    "Retreat into an EZOC hex holding a friendly city, with a gap",
    "ok",
    lambda: log(par, AX, WAR, [("move", "f", "3014")]),
)
C(
    "C12",
    "4.2.1",
    "Attack costing more MP than left (Low supply infantry)",
    "4.2.1",
    lambda: log(
        {
            "g": (U("GER", "ground", "infantry", "2923", supply="low"), "2923"),
            "f": (U("FRA", "ground", "infantry", "2919"), "2919"),
        },
        AX,
        WAR,
        [("move", "g", "2920"), ("flip", "f")],
    ),
)
C(
    "C13",
    "4.2.3.5",
    "A fort occupant attacks",
    "4.2.3.5",
    lambda: log(
        {
            "f": (U("FRA", "ground", "infantry", "2919"), "2919"),
            "fo": (M("fort-fra", "Fort", "2919", "western", "FRA"), "2919"),
            "g": (U("GER", "ground", "infantry", "2920"), "2920"),
        },
        WE,
        WAR,
        [("flip", "g")],
    ),
)
C(
    "C14",
    "10.3.5",
    "Pact: USSR unit attacks a German unit",
    "10.3.5",
    lambda: log(
        {"s": (U("USSR", "ground", "infantry", "2343"), "2343"), "g": (U("GER", "ground", "infantry", "2442"), "2442")},
        SO,
        {**WAR, **PACT},
        [("flip", "g")],
    ),
)
C(
    "C15",
    "5.3.7",
    "Mobile attack eliminates, advance, move on",
    "ok",
    lambda: log(base, AX, WAR, [("move", "t", "2920"), ("remove", "f"), ("move", "t", "2919"), ("move", "t", "2918")]),
)
C(
    "C16",
    "5.3.1",
    "USSR unit leaves Central Russia and attacks",
    "ok",
    lambda: log(
        {"s": (U("USSR", "ground", "infantry", "CRU"), "CRU"), "g": (U("GER", "ground", "infantry", "2063"), "2063")},
        SO,
        WAR,
        [("move", "s", "2064"), ("flip", "g")],
    ),
)
C(
    "C17",
    "5.3.1",
    "USSR unit in Central Russia attacks from the box",
    "note:5.3.1",
    lambda: log(
        {"s": (U("USSR", "ground", "infantry", "CRU"), "CRU"), "g": (U("GER", "ground", "infantry", "2064"), "2064")},
        SO,
        WAR,
        [("flip", "g")],
    ),
)
C(
    "C18",
    "5.3.5",
    "Retreat into a hex with an enemy air unit (displaced)",
    "ok",
    lambda: log(
        {**base, "ga": (U("GER", "air", "fighter", "2918"), "2918")},
        AX,
        WAR,
        [("move", "t", "2920"), ("move", "f", "2918"), ("move", "ga", "2626")],
    ),
)
C(
    "C19",
    "5.3.5.1",
    "Retreat into an enemy city",
    "5.3.5.1",
    lambda: log(
        {
            "s": (U("USSR", "ground", "infantry", "2851"), "2851"),
            "g": (U("GER", "ground", "infantry", "2849"), "2849"),
            "k": (M("control-axis", "Control", "2752", "axis"), "2752"),
        },
        AX,
        WAR,
        [("move", "g", "2850"), ("move", "s", "2752")],
    ),
)

# ---- D. naval --------------------------------------------------------------------------------
C("D1", "4.2.4", "UK warship Plymouth to Brest", "ok", lambda: log(ukn, WE, WAR, [("move", "n", "3107")]))
C("D2", "4.2.4", "UK warship ends at sea (a water hex)", "4.2.4", lambda: log(ukn, WE, WAR, [("move", "n", "2706")]))
tang = {**ukn, "x": (U("GER", "ground", "infantry", "4906"), "4906")}
C(
    "D3a",
    "4.2.4.1",
    "Through Gibraltar with an enemy unit in Tangier",
    "4.2.4.1",
    lambda: log(tang, WE, {**WAR, "Status_SPA": "active axis"}, [("move", "n", "4828")]),
)
C(
    "D3b",
    "4.2.4.1",
    "Plymouth to Valletta through Gibraltar, strait open",
    "ok",
    lambda: log(ukn, WE, WAR, [("move", "n", "4828")]),
)
C(
    "D4",
    "4.2.4.1",
    "Naval move ends in a port with an enemy Airdrop marker",
    "4.2.4.1",
    lambda: log(
        {**ukn, "d": (M("airdrop-ger", "Airdrop", "2910", "axis", "GER"), "2910")}, WE, WAR, [("move", "n", "2910")]
    ),
)
C(
    "D5",
    "4.2.1",
    "Low-supply warship Plymouth to Valletta (7 MP)",
    "4.2.1",
    lambda: log({"n": (U("UK", "naval", "surface", "2807", supply="low"), "2807")}, WE, WAR, [("move", "n", "4828")]),
)
C(
    "D6",
    "4.2.4.1",
    "USSR warship Archangel into Central Russia",
    "ok",
    lambda: log({"n": (U("USSR", "naval", "surface", "0853"), "0853")}, SO, WAR, [("move", "n", "CRU")]),
)
C(
    "D7",
    "10.3.2",
    "Cooperation Limits: Romanian convoy ends in Varna (Bulgaria)",
    "10.3.2",
    lambda: log(
        {"c": (U("ROM", "naval", "convoy", "3643"), "3643")},
        AX,
        {**WAR, **COOP, "Status_BUL": "active axis"},
        [("move", "c", "3842")],
    ),
)
GRE = {**WAR, **COOP, "Status_GRE": "active western"}
C(
    "D8a",
    "10.3.2",
    "Cooperation Limits: Greek warship through Suez to the Arabian Sea",
    "ok",
    lambda: log(
        {"n": (U("GRE", "naval", "surface", "4940", faction="western"), "4940")}, WE, GRE, [("move", "n", "ARS")]
    ),
)
C(
    "D8b",
    "10.3.2",
    "Cooperation Limits: Greek warship ends in Suez (UK Egypt)",
    "10.3.2",
    lambda: log(
        {"n": (U("GRE", "naval", "surface", "4940", faction="western"), "4940")}, WE, GRE, [("move", "n", "5547")]
    ),
)
C(
    "D9",
    "6.4.2",
    "Warship escorts convoy Plymouth to Brest",
    "ok",
    lambda: log(
        {**ukn, "c": (U("UK", "naval", "convoy", "2807"), "2807")},
        WE,
        WAR,
        [("move", "c", "3107"), ("move", "n", "3107")],
    ),
)
C(
    "D10",
    "6.4",
    "Warship with 6 Sorties moves",
    "6.4",
    lambda: log({"n": (U("UK", "naval", "surface", "2807", sorties=6), "2807")}, WE, WAR, [("move", "n", "3107")]),
)

# ---- E. air ----------------------------------------------------------------------------------
ga = {"a": (U("GER", "air", "fighter", "2626"), "2626")}
C("E1", "4.2.2", "German air unit Berlin to Munich", "ok", lambda: log(ga, AX, WAR, [("move", "a", "3124")]))
C(
    "E2",
    "4.2.2",
    "German air unit ends in a hex with no line and no city",
    "4.2.2",
    lambda: log(ga, AX, WAR, [("move", "a", "2627")]),
)
C(
    "E3a",
    "4.2.2.1",
    "Air unit ends in an EZOC line hex with no friendly unit",
    "4.2.2.1",
    lambda: log(
        {"a": (U("GER", "air", "fighter", "2921"), "2921"), "f": (U("FRA", "ground", "infantry", "2919"), "2919")},
        AX,
        WAR,
        [("move", "a", "2920")],
    ),
)
C(
    "E3b",
    "4.2.2.1",
    "... with a friendly ground unit there",
    "ok",
    lambda: log(
        {
            "a": (U("GER", "air", "fighter", "2921"), "2921"),
            "f": (U("FRA", "ground", "infantry", "2919"), "2919"),
            "g": (U("GER", "ground", "infantry", "2920"), "2920"),
        },
        AX,
        WAR,
        [("move", "a", "2920")],
    ),
)
C(
    "E4a",
    "4.2.1",
    "Low-supply air unit flies six hexes",
    "4.2.1",
    lambda: log({"a": (U("GER", "air", "fighter", "2626", supply="low"), "2626")}, AX, WAR, [("move", "a", "3229")]),
)
C(
    "E5",
    "4.2.2.1",
    "Air unit ends in a hex with an enemy Partisans marker",
    "4.2.2.1",
    lambda: log(
        {
            **ga,
            "p": (M("partisans-western", "Partisans", "2634", "western"), "2634"),
            "k": (M("control-axis", "Control", "2634", "axis"), "2634"),
        },
        AX,
        WAR,
        [("move", "a", "2634")],
    ),
)
C(
    "E6",
    "1.3.10",
    "German air unit enters a USSR restricted hex",
    "1.3.10",
    lambda: log({"a": (U("GER", "air", "fighter", "1457"), "1457")}, AX, WAR, [("move", "a", "1459")]),
)
C(
    "E7",
    "3.3",
    "Fighter ends where a friendly fighter stands",
    "3.3",
    lambda: log({**ga, "b": (U("GER", "air", "fighter", "3124"), "3124")}, AX, WAR, [("move", "a", "3124")]),
)
C(
    "E8",
    "4.2.2.1",
    "Air unit ends in an enemy city (Metz)",
    "4.2.2.1",
    lambda: log({"a": (U("GER", "air", "fighter", "2920"), "2920")}, AX, WAR, [("move", "a", "2919")]),
)
C(
    "E9a",
    "14.1",
    "Airdrop four hexes from the nearest German air unit",
    "14.1",
    lambda: log(ga, AX, WAR, [("add", "d", M("airdrop-ger", "Airdrop", "2630", "axis", "GER"))]),
)
C(
    "E9b",
    "14.1",
    "Airdrop three hexes from a German air unit",
    "ok",
    lambda: log(ga, AX, WAR, [("add", "d", M("airdrop-ger", "Airdrop", "2629", "axis", "GER"))]),
)
C(
    "E10",
    "6.2.6",
    "Bombing Run: Bombed marker on a German factory 21+ hexes from every bomber",
    "6.2.6",
    lambda: log(
        {"b": (U("UK", "air", "bomber", "2411"), "2411")}, WE, WAR, [("add", "x", M("bombed", "Bombed", "3229"))]
    ),
)
C(
    "E11",
    "4.2.2",
    "German air unit into Central Russia",
    "1.3.5",
    lambda: log({"a": (U("GER", "air", "fighter", "2063"), "2063")}, AX, WAR, [("move", "a", "CRU")]),
)

# ---- F. boxes, displacement, forts -----------------------------------------------------------
C(
    "F1",
    "4.2.3",
    "USSR unit two hexes from the edge into Central Russia",
    "ok",
    lambda: log({"s": (U("USSR", "ground", "infantry", "2062"), "2062")}, SO, WAR, [("move", "s", "CRU")]),
)
dis = {
    "g": (U("GER", "ground", "tank", "3011"), "3011"),
    "a": (U("UK", "air", "fighter", "2910"), "2910"),
    "c": (U("UK", "naval", "convoy", "2910"), "2910"),
}
C(
    "F2",
    "4.2.3.7",
    "Displaced air unit goes to the North Atlantic box",
    "4.2.3.7",
    lambda: log(dis, AX, WAR, [("move", "g", "2910"), ("move", "a", "NAO"), ("move", "c", "2807")]),
)
C(
    "F3",
    "4.2.3.7",
    "Displaced air unit with 6 Sorties flies to Paris",
    "ok",
    lambda: log(
        {**dis, "a": (U("UK", "air", "fighter", "2910", sorties=6), "2910")},
        AX,
        WAR,
        [("move", "g", "2910"), ("move", "a", "3014"), ("move", "c", "2807")],
    ),
)
C(
    "F4",
    "4.2.3.7",
    "Displaced convoy goes to an Axis-held port",
    "4.2.4",
    lambda: log(
        {**dis, "k": (M("control-axis", "Control", "3107", "axis"), "3107")},
        AX,
        WAR,
        [("move", "g", "2910"), ("move", "a", "3014"), ("move", "c", "3107")],
    ),
)
it_fort = [U("ITA", "ground", "infantry", "2920"), M("fort-ger", "Fort", "2920", "axis", "GER")]
C("F5", "4.2.3.6", "An Italian unit under a German fort marker", "4.2.3.6", lambda: pos(it_fort, WAR))
C(
    "F6",
    "4.2.3.6",
    "Italian unit enters a German fort hex under the marker",
    "4.2.3.6",
    lambda: log(
        {
            "i": (U("ITA", "ground", "infantry", "2921"), "2921"),
            "fo": (M("fort-ger", "Fort", "2920", "axis", "GER"), "2920"),
        },
        AX,
        WAR,
        [("move", "i", "2920")],
    ),
)

# ---- G. section 11 checks on positions -------------------------------------------------------
C(
    "G1",
    "4.1.1",
    "Two Axis Strategic Move markers",
    "4.1.1",
    lambda: pos(
        [
            U("GER", "ground", "infantry", "2626"),
            M("strategic-move-axis", "Strategic Move", "2626", "axis"),
            U("GER", "ground", "infantry", "3124"),
            M("strategic-move-axis", "Strategic Move", "3124", "axis"),
        ],
        WAR,
    ),
)
C(
    "G2a",
    "14.10",
    "Western Partisans on a German unit in conquered Poland",
    "ok",
    lambda: pos(
        [
            U("GER", "ground", "infantry", "2634"),
            M("partisans-western", "Partisans", "2634", "western"),
            M("control-axis", "Control", "2634", "axis"),
        ],
        {**WAR, "Phase": AX},
    ),
)
C(
    "G2b",
    "14.10",
    "Western Partisans on a German unit in Germany",
    "14.10",
    lambda: pos(
        [U("GER", "ground", "infantry", "2626"), M("partisans-western", "Partisans", "2626", "western")],
        {**WAR, "Phase": AX},
    ),
)
C("G3a", "6.2.6", "Bombed marker on Berlin", "ok", lambda: pos([M("bombed", "Bombed", "2626")], WAR))
C(
    "G3b",
    "6.2.6",
    "Bombed marker on a German hex with no factory",
    "6.2.6",
    lambda: pos([M("bombed", "Bombed", "2627")], WAR),
)
NO_SPAIN = {**WAR, "Status_SPA": "neutral"}
inv = {
    "i": (U("ITA", "ground", "infantry", "5335"), "5335"),
    "c": (U("ITA", "naval", "convoy", "5335"), "5335"),
    "sa": (M("surprise-attack-ita", "Surprise Attack", "4829", "axis", "ITA"), "4829"),
}
C(
    "G4a",
    "6.3.2.2",
    "Axis force in Benghazi (SZ 24) invades Malta (SZ 22)",
    "6.3.2.2",
    lambda: log(inv, AX, NO_SPAIN, [("move", "i", "4828")]),
)
inv2 = {
    **inv,
    "i": (U("ITA", "ground", "infantry", "5227"), "5227"),
    "c": (U("ITA", "naval", "convoy", "5227"), "5227"),
}
C(
    "G4b",
    "6.3.2",
    "Axis force in Tripoli (SZ 22) invades Malta (SZ 22)",
    "ok",
    lambda: log(inv2, AX, NO_SPAIN, [("move", "i", "4828")]),
)
C(
    "G5",
    "2.3.1",
    "Control marker of the faction whose unit stands there: nothing to say",
    "ok",
    lambda: [
        f
        for f in pos([U("GER", "ground", "infantry", "3014"), M("control-axis", "Control", "3014", "axis")], WAR)
        if f[0] == "2.3.1"
    ],
)
C(
    "G6",
    "15.3",
    "Assault marker on a unit with no enemy next to it",
    "15.3",
    lambda: pos([U("GER", "ground", "infantry", "2626"), M("assault", "Assault", "2626")], {**WAR, "Phase": AX}),
)


# ---- H. more of every kind (A to H were written before the fixes of issue 18's second round) -------
PLY = "2807"
C(
    "P1",
    "6.4.4",
    "One convoy carries a ground and an air unit (the air unit then reached a box with none)",
    "4.2.2",
    lambda: log(
        {
            "i": (U("UK", "ground", "infantry", PLY), PLY),
            "a": (U("UK", "air", "fighter", PLY), PLY),
            "c": (U("UK", "naval", "convoy", PLY), PLY),
        },
        WE,
        WAR,
        [("move", "i", "NAO"), ("move", "c", "NAO"), ("move", "a", "NAO")],
    ),
)
MED = status(ITA="active axis", GER="active axis", UK="active western", FRA="active western")
sic = {
    "tank": (U("UK", "ground", "tank", "4724"), "4724"),
    "cv": (U("UK", "naval", "convoy", "4724"), "4724"),
    "inf": (U("UK", "ground", "infantry", "4828"), "4828"),
    "cv2": (U("UK", "naval", "convoy", "4828"), "4828"),
}
C(
    "P2",
    "6.3.2.5",
    "Two invasions into Sea Zone 22 with one Surprise Attack marker",
    "6.3.2.5",
    lambda: log(
        sic,
        WE,
        MED,
        [
            ("add", "sa", M("surprise-attack-uk", "Surprise Attack", "4629", "western", "UK")),
            ("move", "tank", "4528"),
            ("move", "inf", "4728"),
        ],
    ),
)
C(
    "P2b",
    "6.3.2.5",
    "Two invasions into Sea Zone 22 with two Surprise Attack markers",
    "ok",
    lambda: log(
        sic,
        WE,
        MED,
        [
            ("add", "sa", M("surprise-attack-uk", "Surprise Attack", "4629", "western", "UK")),
            ("add", "sb", M("surprise-attack-usa", "Surprise Attack", "4630", "western", "USA")),
            ("move", "tank", "4528"),
            ("move", "inf", "4728"),
        ],
    ),
)
C(
    "P3",
    "5.3.3",
    "After an Assault the advancing unit moves on",
    "5.3.3",
    lambda: log(
        base,
        AX,
        WAR,
        [
            ("move", "t", "2920"),
            ("add", "as", M("assault", "Assault", "2920")),
            ("move", "f", "2918"),
            ("move", "t", "2919"),
            ("move", "t", "3019"),
        ],
    ),
)
C(
    "P4",
    "4.2.3.5",
    "An air unit under a fort marker",
    "note:4.2.3.5",
    lambda: pos([U("GER", "air", "fighter", "2920"), M("fort-ger", "Fort", "2920", "axis", "GER")], WAR),
)
C(
    "P5",
    "5.3.1",
    "Mobile attack on a unit standing on top of a fort marker",
    "ok",
    lambda: log(
        {
            "t": (U("GER", "ground", "tank", "2921"), "2921"),
            "fo": (M("fort-fra", "Fort", "2919", "western", "FRA"), "2919"),
            "f": (U("FRA", "ground", "infantry", "2919"), "2919"),
        },
        AX,
        WAR,
        [("move", "t", "2920"), ("flip", "f")],
    ),
)
C(
    "P16",
    "10.3.5",
    "Pact: USSR air unit ends in Riga (Latvia)",
    "10.3.5",
    lambda: log({"a": (U("USSR", "air", "fighter", "2045"), "2045")}, SO, {**LATS, **PACT}, [("move", "a", "2038")]),
)
C(
    "P27",
    "14.10",
    "Partisans marker placed where no enemy unit stands (log)",
    "14.10",
    lambda: log(
        {"g": (U("GER", "ground", "infantry", "2626"), "2626")},
        SO,
        {**WAR},
        [("add", "p", M("partisans-soviet-1", "Partisans", "2852", "soviet"))],
    ),
)
C(
    "P29",
    "6.2.6",
    "Bombed marker on Paris (not Germany), log",
    "6.2.6",
    lambda: log(
        {"b": (U("UK", "air", "bomber", "2411"), "2411")}, WE, WAR, [("add", "x", M("bombed", "Bombed", "3014"))]
    ),
)
C(
    "P31",
    "14.1",
    "Airdrop on a water hex, log",
    "14.1",
    lambda: log(
        {"a": (U("GER", "air", "fighter", "2420"), "2420")},
        AX,
        WAR,
        [("add", "d", M("airdrop-ger", "Airdrop", "2320", "axis", "GER"))],
    ),
)
C(
    "P32",
    "10.3.4",
    "Appeasement: UK infantry carried to Cherbourg (France)",
    "10.3.4",
    lambda: log(
        {"i": (U("UK", "ground", "infantry", PLY), PLY), "c": (U("UK", "naval", "convoy", PLY), PLY)},
        WE,
        {**WAR, **APP},
        [("move", "i", "2910"), ("move", "c", "2910")],
    ),
)
C(
    "P33",
    "10.3.2",
    "Cooperation Limits: strategic move ends in Hungary",
    "10.3.2",
    lambda: log(
        {"r": (U("ROM", "ground", "infantry", "3640"), "3640")},
        "Axis Strategic Movement",
        {**WAR, **COOP},
        [("move", "r", "3333")],
    ),
)
C(
    "P35",
    "6.3",
    "A ground unit activated twice (other unit between)",
    "6.3",
    lambda: log(
        {"a": (U("GER", "ground", "infantry", "2626"), "2626"), "b": (U("GER", "ground", "infantry", "3124"), "3124")},
        AX,
        WAR,
        [("move", "a", "2627"), ("move", "b", "3125"), ("move", "a", "2628")],
    ),
)
C(
    "P39",
    "4.2.3",
    "USSR unit from Central Russia two hexes in",
    "ok",
    lambda: log({"s": (U("USSR", "ground", "infantry", "CRU"), "CRU")}, SO, WAR, [("move", "s", "2062")]),
)
C(
    "P42",
    "4.2.4.1",
    "UK convoy ends in Brest where a German warship lies",
    "4.2.4.1",
    lambda: log(
        {"c": (U("UK", "naval", "convoy", PLY), PLY), "x": (U("GER", "naval", "surface", "3107"), "3107")},
        WE,
        WAR,
        [("move", "c", "3107")],
    ),
)
C(
    "P43",
    "4.2.2.1",
    "Air unit ends in a hex with an enemy fort (no unit)",
    "4.2.2.1",
    lambda: log(
        {
            "a": (U("GER", "air", "fighter", "2920"), "2920"),
            "fo": (M("fort-fra", "Fort", "2918", "western", "FRA"), "2918"),
        },
        AX,
        WAR,
        [("move", "a", "2918")],
    ),
)

HD = {"Policy_home_defense": "true"}
C(
    "Q4",
    "6.3",
    "A unit that already moved attacks after another unit's activation",
    "note:6.3",
    lambda: log(
        {
            "t": (U("GER", "ground", "tank", "2921"), "2921"),
            "f": (U("FRA", "ground", "infantry", "2919"), "2919"),
            "o": (U("GER", "ground", "infantry", "2626"), "2626"),
        },
        AX,
        WAR,
        [("move", "t", "2920"), ("move", "o", "2627"), ("flip", "f")],
    ),
)
C(
    "Q16",
    "4.2.4.1",
    "German warship Kiel to Konigsberg across the Oresund, Denmark and Sweden neutral",
    "4.2.4.1",
    lambda: log(
        {"n": (U("GER", "naval", "surface", "2323"), "2323")},
        AX,
        {**WAR, "Status_DEN": "neutral", "Status_SWE": "neutral"},
        [("move", "n", "2334")],
    ),
)
C(
    "Q16b",
    "4.2.4.1",
    "... Denmark Axis",
    "ok",
    lambda: log(
        {"n": (U("GER", "naval", "surface", "2323"), "2323")},
        AX,
        {**WAR, "Status_DEN": "active axis", "Status_SWE": "neutral"},
        [("move", "n", "2334")],
    ),
)
C(
    "Q21",
    "10.3.2",
    "Cooperation Limits: UK air unit flies into the USSR",
    "10.3.2",
    lambda: log(
        {"a": (U("UK", "air", "fighter", "3640", faction="western"), "3640")},
        WE,
        {**WAR, **COOP, "Status_ROM": "active western"},
        [("move", "a", "3346")],
    ),
)
C(
    "Q28",
    "4.2.3",
    "USA infantry moves from ENA to NAO with no convoy",
    "4.2.3",
    lambda: log({"i": (U("USA", "ground", "infantry", "ENA"), "ENA")}, WE, WAR, [("move", "i", "NAO")]),
)
C(
    "Q28b",
    "6.4.4",
    "USA infantry carried from ENA to NAO by a convoy",
    "ok",
    lambda: log(
        {"i": (U("USA", "ground", "infantry", "ENA"), "ENA"), "c": (U("USA", "naval", "convoy", "ENA"), "ENA")},
        WE,
        WAR,
        [("move", "i", "NAO"), ("move", "c", "NAO")],
    ),
)
C(
    "Q29",
    "10.3.1",
    "Home Defense: the only UK air unit flies from London to 3015 (4 hexes from Britain)",
    "10.3.1",
    lambda: log(
        {"a": (U("UK", "air", "fighter", "2611"), "2611"), "g": (U("UK", "ground", "infantry", "2510"), "2510")},
        WE,
        {**WAR, **HD},
        [("move", "a", "3015")],
    ),
)
C(
    "Q29b",
    "10.3.1",
    "Home Defense: the UK air unit flies from London to Calais (within 3 hexes)",
    "ok",
    lambda: log(
        {"a": (U("UK", "air", "fighter", "2611"), "2611"), "g": (U("UK", "ground", "infantry", "2510"), "2510")},
        WE,
        {**WAR, **HD},
        [("move", "a", "2813")],
    ),
)
C(
    "Q30",
    "10.3.1",
    "Home Defense: Belgium's only ground unit leaves for France",
    "10.3.1",
    lambda: log({"b": (U("BEL", "ground", "infantry", "2716"), "2716")}, WE, {**WAR, **HD}, [("move", "b", "3115")]),
)
C(
    "Q31a",
    "13.8",
    "German unit moves into Belgium: a West Invaded note",
    "note:13.8",
    lambda: log({"g": (U("GER", "ground", "infantry", "2819"), "2819")}, AX, WAR, [("move", "g", "2818")]),
)
C(
    "Q31b",
    "2.3",
    "Pro-Axis marker placed in neutral Belgium: no West Invaded",
    "none:13.",
    lambda: log(
        {"g": (U("GER", "ground", "infantry", "2626"), "2626")},
        "Axis Diplomacy",
        {**WAR, "Status_BEL": "neutral"},
        [("add", "pa", M("pro-axis", "Pro-Axis", "2717", "axis"))],
    ),
)
C(
    "Q31c",
    "13.8",
    "German Airdrop marker placed in Belgium: a West Invaded note",
    "note:13.8",
    lambda: log(
        {"a": (U("GER", "air", "fighter", "2719"), "2719")},
        AX,
        WAR,
        [("add", "d", M("airdrop-ger", "Airdrop", "2817", "axis", "GER"))],
    ),
)


# ---- R. written after those fixes: the verdicts they had not been tuned to ------------------------
C(
    "R1a",
    "4.2.3.2",
    "Ground unit enters a hex with a friendly ground unit and an EZOC",
    "4.2.3.2",
    lambda: log(
        {
            "g": (U("GER", "ground", "infantry", "2921"), "2921"),
            "h": (U("GER", "ground", "infantry", "2920"), "2920"),
            "f": (U("FRA", "ground", "infantry", "2919"), "2919"),
        },
        AX,
        WAR,
        [("move", "g", "2920")],
    ),
)
C(
    "R1b",
    "3.3",
    "Ground unit moves through a friendly unit's hex with no EZOC",
    "ok",
    lambda: log(
        {"g": (U("GER", "ground", "infantry", "2622"), "2622"), "h": (U("GER", "ground", "infantry", "2623"), "2623")},
        AX,
        WAR,
        [("move", "g", "2624")],
    ),
)
paris_2p = {
    "2P": (U("GER", "ground", "tank", "2915"), "2915"),
    "10": (U("FRA", "ground", "infantry", "2914"), "2914"),
    "6": (U("FRA", "ground", "infantry", "3115"), "3115"),
}
C(
    "R3a",
    "4.2.3.1",
    "From an EZOC to a hex in another unit's EZOC as first move",
    "ok",
    lambda: log(paris_2p, AX, WAR, [("move", "2P", "3015")]),
)
C(
    "R3b",
    "4.2.3.1",
    "... and then onward out of that EZOC",
    "4.2.3.1",
    lambda: log(paris_2p, AX, WAR, [("move", "2P", "3015"), ("move", "2P", "3016")]),
)
C(
    "R4",
    "5.3.7",
    "Advance after eliminating the defender into a hex in another unit's EZOC",
    "ok",
    lambda: log(paris_2p, AX, WAR, [("remove", "10"), ("move", "2P", "2914")]),
)
tob = {
    "uk": (U("UK", "ground", "infantry", "5440"), "5440"),
    "fo": (M("fort-ita", "Fort", "5339", "axis", "ITA"), "5339"),
}
C(
    "R5",
    "4.2.3.6",
    "A UK unit enters Tobruk (Italian fort, no unit)",
    "ok",
    lambda: log(tob, WE, {**WAR}, [("move", "uk", "5339", "fo")]),
)
C(
    "R6",
    "3.3",
    "Two UK ground units end in one hex",
    "3.3",
    lambda: log(
        {"a": (U("UK", "ground", "infantry", "2510"), "2510"), "b": (U("UK", "ground", "infantry", "2611"), "2611")},
        WE,
        WAR,
        [("move", "a", "2611")],
    ),
)
C(
    "R7",
    "4.2.2",
    "USSR air unit from Central Russia to Gorky",
    "ok",
    lambda: log({"a": (U("USSR", "air", "fighter", "CRU"), "CRU")}, SO, WAR, [("move", "a", "2059")]),
)
C(
    "R8a",
    "6.4.4",
    "Air unit carried Plymouth-Cherbourg then flies on in a new activation",
    "ok",
    lambda: log(
        {"a": (U("UK", "air", "fighter", PLY), PLY), "c": (U("UK", "naval", "convoy", PLY), PLY)},
        WE,
        WAR,
        [("move", "a", "2910"), ("move", "c", "2910"), ("move", "a", "3014")],
    ),
)
C(
    "R8b",
    "6.3",
    "Ground unit carried Plymouth-Cherbourg then moves on",
    "6.3",
    lambda: log(
        {"a": (U("UK", "ground", "infantry", PLY), PLY), "c": (U("UK", "naval", "convoy", PLY), PLY)},
        WE,
        WAR,
        [("move", "a", "2910"), ("move", "c", "2910"), ("move", "a", "3010")],
    ),
)
C(
    "R10",
    "4.2.4",
    "Convoy from ENA to Gibraltar (5 MP)",
    "ok",
    lambda: log({"c": (U("UK", "naval", "convoy", "ENA"), "ENA")}, WE, WAR, [("move", "c", "4806")]),
)
C(
    "R12",
    "10.3.6",
    "Moscow Treaty: USSR air unit from Central Russia to Gorky",
    "ok",
    lambda: log({"a": (U("USSR", "air", "fighter", "CRU"), "CRU")}, SO, {**WAR, **MT}, [("move", "a", "2059")]),
)
C(
    "R13",
    "1.3.10",
    "Assault on a USSR unit in a restricted hex",
    "1.3.10",
    lambda: log(
        {"g": (U("GER", "ground", "infantry", "1457"), "1457"), "s": (U("USSR", "ground", "infantry", "1459"), "1459")},
        AX,
        WAR,
        [("move", "g", "1458"), ("add", "as", M("assault", "Assault", "1458"))],
    ),
)
two = {
    "a": (U("GER", "ground", "infantry", "2920"), "2920"),
    "b": (U("GER", "ground", "infantry", "3019"), "3019"),
    "f": (U("FRA", "ground", "infantry", "2919"), "2919"),
    "ma": (M("assault", "Assault", "2920"), "2920"),
    "mb": (M("assault", "Assault", "3019"), "3019"),
}
C(
    "R15a",
    "5.3.5",
    "Assault by two: retreat away from one attacker (2818, next to neither)",
    "ok",
    lambda: log(two, AX, WAR, [("move", "f", "2818")]),
)
C(
    "R15b",
    "5.3.5",
    "Assault by two: retreat to 2918 (next to neither attacker? 2918 vs 3019)",
    "ok",
    lambda: log(two, AX, WAR, [("move", "f", "2918")]),
)
C(
    "R15c",
    "5.3.5.1",
    "Assault by two: retreat to 3018, away from one attacker but in the other's ZOC",
    "5.3.5.1",
    lambda: log(two, AX, WAR, [("move", "f", "3018")]),
)
malta_force = {
    "i": (U("UK", "ground", "tank", "4828"), "4828"),
    "c": (U("UK", "naval", "convoy", "4828"), "4828"),
    "x": (U("ITA", "ground", "infantry", "4628"), "4628"),
    "sa": (M("surprise-attack-uk", "Surprise Attack", "4629", "western", "UK"), "4629"),
}
C(
    "R16",
    "6.3.2.4",
    "Invader lands in 4728 (EZOC of Catania) and moves one hex",
    "6.3.2.4",
    lambda: log(malta_force, WE, MED, [("move", "i", "4728"), ("move", "i", "4729")]),
)
C(
    "R17",
    "6.3.2.4",
    "After an invasion of 4729 the convoy stays in Malta, then rebases to Tunis (a new activation)",
    "ok",
    lambda: log(
        {k: v for k, v in malta_force.items() if k != "x"}, WE, MED, [("move", "i", "4729"), ("move", "c", "4724")]
    ),
)
C(
    "R19",
    "14.1",
    "German Airdrop within 3 hexes of an Italian air unit only",
    "14.1",
    lambda: log(
        {"a": (U("ITA", "air", "fighter", "3520"), "3520")},
        AX,
        WAR,
        [("add", "d", M("airdrop-ger", "Airdrop", "3518", "axis", "GER"))],
    ),
)
C(
    "R20",
    "14.10",
    "Soviet Partisans on a German unit in (conquered Western) Poland",
    "14.10",
    lambda: pos(
        [U("GER", "ground", "infantry", "2634"), M("partisans-soviet-1", "Partisans", "2634", "soviet")],
        {**WAR, "Phase": SO},
    ),
)
C(
    "R22a",
    "4.1",
    "Air unit moves strategically Munich to Berlin",
    "ok",
    lambda: log(
        {"a": (U("GER", "air", "bomber", "3124"), "3124")}, "Axis Strategic Movement", WAR, [("move", "a", "2626")]
    ),
)
C(
    "R22b",
    "4.1.3",
    "USSR air unit moves strategically into Central Russia",
    "4.1.3",
    lambda: log(
        {"a": (U("USSR", "air", "bomber", "2153"), "2153")}, "Soviet Strategic Movement", WAR, [("move", "a", "CRU")]
    ),
)
C(
    "R23",
    "10.3.1",
    "USSR Main with one air unit (needs two)",
    "note:10.3.1",
    lambda: [
        f
        for f in pos(
            [
                U("USSR", "air", "fighter", "2153"),
                *[U("USSR", "ground", "infantry", h) for h in ("2152", "2154", "2253", "2053", "2252")],
            ],
            {**WAR, **HD},
        )
        if "USSR" in f[2]
    ],
)
C(
    "R25",
    "13.4",
    "German unit moves from France into Spain (which borders Gibraltar): Mediterranean Crisis",
    "note:13.4",
    lambda: log(
        {"g": (U("GER", "ground", "infantry", "3810"), "3810")},
        AX,
        {**WAR, "Status_SPA": "active axis"},
        [("move", "g", "3809")],
    ),
)
C(
    "R26a",
    "13.6",
    "German unit moves into Volkhov (row 15): Northern Border note",
    "note:13.6",
    lambda: log({"g": (U("GER", "ground", "infantry", "1647"), "1647")}, AX, WAR, [("move", "g", "1548")]),
)
C(
    "R26b",
    "13.6",
    "German unit moves to row 16 after the event: no note",
    "none:13.6",
    lambda: log(
        {"g": (U("GER", "ground", "infantry", "1548"), "1548")},
        AX,
        {**WAR, "Event_ussr_northern_border": "true"},
        [("move", "g", "1647")],
    ),
)
C(
    "R28",
    "10.3.2",
    "Cooperation Limits: Hungarian air unit ends in Bucharest",
    "10.3.2",
    lambda: log({"a": (U("HUN", "air", "fighter", "3333"), "3333")}, AX, {**WAR, **COOP}, [("move", "a", "3640")]),
)
C(
    "R29",
    "1.3.8",
    "German air unit ends in Switzerland",
    "1.3.8",
    lambda: log({"a": (U("GER", "air", "fighter", "3124"), "3124")}, AX, WAR, [("move", "a", "3321")]),
)
C(
    "R31",
    "6.2",
    "Air unit with 5 Sorties moves",
    "ok",
    lambda: log({"a": (U("GER", "air", "fighter", "2626", sorties=5), "2626")}, AX, WAR, [("move", "a", "2725")]),
)
C(
    "R32",
    "4.2.3.5",
    "French unit moves into Metz and occupies its fort",
    "ok",
    lambda: log(
        {
            "f": (U("FRA", "ground", "infantry", "2918"), "2918"),
            "fo": (M("fort-fra", "Fort", "2919", "western", "FRA"), "2919"),
        },
        WE,
        WAR,
        [("move", "f", "2919")],
    ),
)
C(
    "R33",
    "4.2.3.5",
    "French fort occupant leaves the fort and moves",
    "ok",
    lambda: log(
        {
            "f": (U("FRA", "ground", "infantry", "2919"), "2919"),
            "fo": (M("fort-fra", "Fort", "2919", "western", "FRA"), "2919"),
        },
        WE,
        WAR,
        [("move", "f", "2918")],
    ),
)
C(
    "R34",
    "4.1.4",
    "Strategic move ends on top of a fort marker",
    "ok",
    lambda: log(
        {
            "g": (U("GER", "ground", "infantry", "2626"), "2626"),
            "fo": (M("fort-ger", "Fort", "2725", "axis", "GER"), "2725"),
        },
        "Axis Strategic Movement",
        WAR,
        [("move", "g", "2725", "fo")],
    ),
)
C(
    "R35",
    "2.1.1.1",
    "UK air unit ends in neutral Ireland (Dublin)",
    "2.1.1.1",
    lambda: log(
        {"a": (U("UK", "air", "fighter", "2408"), "2408")},
        WE,
        {**WAR, "Status_IRE": "neutral"},
        [("move", "a", "2405")],
    ),
)
C(
    "R36",
    "4.2.1",
    "Tank spends 8 MP then attacks across a river (3 MP)",
    "4.2.1",
    lambda: log(
        {"t": (U("GER", "ground", "tank", "2923"), "2923"), "f": (U("FRA", "ground", "infantry", "2914"), "2914")},
        AX,
        WAR,
        [("move", "t", "2915"), ("flip", "f")],
    ),
)


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_a_position_from_the_rule_text_gets_the_verdict_of_the_rule(case: Case, tmp_path: Path) -> None:
    _TMP[:] = [tmp_path]
    got = case.run()
    problems = [(r, why) for r, sev, why in got if sev == "problem"]
    if case.expect == "ok":
        assert problems == [], f"{case.id} [{case.rule}] {case.what}"
    elif case.expect.startswith("note:"):
        assert problems == [] and any(r == case.expect[5:] for r, _s, _w in got), f"{case.id}: {got}"
    elif case.expect.startswith("none:"):
        assert not [r for r, _s, _w in got if r.startswith(case.expect[5:])], f"{case.id}: {got}"
    else:
        assert case.expect in {r for r, _w in problems}, f"{case.id} [{case.rule}] {case.what}: {problems}"
