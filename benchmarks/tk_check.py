"""How fast `staffwork check` is on a full-map TK position (issue 17: a full-map position under a
second, whole command), with USE's full-map check as the anchor measured in the same run (the
machine's load changes both alike).

    python benchmarks/tk_check.py [UNITS]

Writes a TK save with UNITS units (default 420: about what the map holds in 1942, every
faction at war, ground units of each nation's designs one to three a hex over its own land, air
units on its cities, Supply Convoys in the zones it sails) and a USE save of the same size
(benchmarks/check.py's), then times for each: reading the save, the rules (first run with the
map loading, then warm), and the whole command in a fresh Python process (text, --json,
--picture), and prints TK / USE ratios. TK's check traces every unit's supply line by the 10.2
grammar (Road/Rail, naval legs), so it is the supply search this measures.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))
sys.path.insert(0, str(REPO / "benchmarks"))

from check import pieces as use_pieces  # noqa: E402
from whole_command import CPU, whole  # noqa: E402

from assistant.board import read_position  # noqa: E402
from wargame.games import find_game  # noqa: E402

from test_check_support import M, U, write_position  # noqa: E402

NATIONS = {"GER": "axis", "ITA": "axis", "FRA": "western", "BR": "western", "RUS": "soviet"}
AT_WAR = {
    "Status_ITA": "active axis",
    "Status_HUN": "active axis",
    "Status_RUM": "active axis",
    "Month": "Jun-42",
}
CONVOYS = [
    ("convoy-ger", "BAL-CV", "axis", "GER"),
    ("convoy-ita", "CM-CV", "axis", "ITA"),
    ("convoy-br", "NS-CV", "western", "BR"),
    ("convoy-br", "EM-CV", "western", "BR"),
    ("convoy-rus", "BLK-CV", "soviet", "RUS"),
]
RUNS = 3


def tk_pieces(count: int) -> list[U | M]:
    """Ground units one to three a hex over each nation's own land, an air unit on every fifth
    of its cities, and the Supply Convoys above."""
    game = find_game("tk")
    m, content = game.mapdata(), game.content()
    cities = {c.hex for c in m.cities}
    land = {
        n: [h for h, i in sorted(m.hexes.items()) if i.country == n and i.is_land and not i.overseas] for n in NATIONS
    }
    designs = {
        n: [
            d
            for d in content.units.values()
            if d.nation == n and d.kind == "ground" and d.type not in ("hq", "fortress") and not d.back.isalpha()
        ]
        for n in NATIONS
    }
    air = {n: next((d for d in content.units.values() if d.nation == n and d.kind == "air"), None) for n in NATIONS}
    out: list[U | M] = [
        M(key, content.markers[key].name, box, faction, nation, flipped=True) for key, box, faction, nation in CONVOYS
    ]
    n = 0
    while len(out) < count:
        for nation, faction in NATIONS.items():
            if len(out) >= count:
                break
            pool = land[nation]
            hex_id = pool[(n * 7) % len(pool)]
            plane = air[nation]
            d = (
                plane
                if plane is not None and n % 6 == 5 and hex_id in cities
                else designs[nation][n % len(designs[nation])]
            )
            out.append(U(nation, d.kind, d.type, hex_id, faction=faction, name=d.id, key=d.key))
        n += 1
    return out


def rules(save: Path) -> tuple[int, float, float, float, int]:
    t0 = time.perf_counter()
    board = read_position(save)
    t1 = time.perf_counter()
    pack = find_game(board.position.game).pack()
    result = pack.check(board.position)
    t2 = time.perf_counter()
    warm = []
    for _ in range(5):
        t = time.perf_counter()
        pack.check(board.position)
        warm.append(time.perf_counter() - t)
    traced = sum(1 for line in result.supply.lines.values() if line.via not in ("exempt", "source"))
    return len(board.position.units), t1 - t0, t2 - t1, statistics.median(warm), traced


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 420
    with tempfile.TemporaryDirectory() as tmp:
        tk = write_position(Path(tmp) / "tk.vsav", tk_pieces(count), AT_WAR, game="tk")
        anchor: list[U | M] = list(use_pieces(count))
        use = write_position(Path(tmp) / "use.vsav", anchor, {"Status_ITA": "active axis"})
        rows = []
        for name, save in (("TK", tk), ("USE", use)):
            units, read, cold, warm, traced = rules(save)
            rows.append(
                (
                    name,
                    units,
                    traced,
                    read,
                    cold,
                    warm,
                    whole(save, runs=RUNS),
                    whole(save, "--json", runs=RUNS),
                    whole(save, "--picture", str(Path(tmp) / f"{name}.png"), runs=RUNS),
                )
            )
        widths = (8, 11, 8, 8, 8, 11)
        print(
            f"{'':5}{'units':>6}{'lines':>6}{'read':>8}{'rules 1st':>11}{'warm':>8}{'text':>8}"
            f"{'--json':>8}{'--picture':>11}  (ms)"
        )
        for name, units, traced, *times in rows:
            print(f"{name:5}{units:>6}{traced:>6}" + "".join(f"{1000 * t:>{w}.0f}" for t, w in zip(times, widths)))
        (_, _, _, *tk_t), (_, _, _, *use_t) = rows
        print(f"{'TK/USE':17}" + "".join(f"{e / u:>{w}.2f}" for e, u, w in zip(tk_t, use_t, widths)))
        print(
            f"TK whole command (text): {1000 * tk_t[3]:.0f} ms wall, {1000 * CPU['tk']:.0f} ms "
            f"processor time (target < 1000 ms); USE's in this run: {1000 * use_t[3]:.0f} ms wall, "
            f"{1000 * CPU['use']:.0f} ms processor time; ratio {CPU['tk'] / CPU['use']:.2f}"
        )


if __name__ == "__main__":
    main()
