"""How fast `staffwork check` is on a full-map ETO position (issue 15: the same speed as USE, a
full-map position under a second, whole command), with USE's full-map check as the anchor
measured in the same run (the machine's load changes both alike).

    python benchmarks/eto_check.py [UNITS]

Writes an ETO save with UNITS units (default 420: the Big Three setup's count, all three
partnerships at war, land and air units over their own countries) and a USE save of the same
size (benchmarks/check.py's), then times for each: reading the save, the rules (first run with
the map loading, then warm), and the whole command in a fresh Python process (text, --json,
--picture), and prints ETO / USE ratios.
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

from test_check_support import U, write_position  # noqa: E402

NATIONS = {"GER": "axis", "ITA": "axis", "FRA": "western", "UK": "western", "USSR": "soviet"}
KINDS = [("ground", "infantry"), ("ground", "armor"), ("ground", "infantry"), ("air", "fighter")]
AT_WAR = {"Status_ITA": "active axis", "Status_USSR": "active soviet", "Status_USA": "active western"}
RUNS = 3


def eto_pieces(count: int) -> list[U]:
    """Land units two to a hex at most and air units on cities, over each nation's land."""
    m = find_game("eto").mapdata()
    cities = {c.hex for c in m.cities}
    land = {
        n: [h for h, i in sorted(m.hexes.items()) if i.country == n and i.kind == "land" and h not in cities]
        for n in NATIONS
    }
    bases = {n: sorted(h for h in cities if m.hexes[h].country == n) for n in NATIONS}
    out: list[U] = []
    n = 0
    while len(out) < count:
        for nation, faction in NATIONS.items():
            kind, type_ = KINDS[n % len(KINDS)]
            pool = bases[nation] if kind == "air" else land[nation]
            i = (n * 7) % len(pool)
            if len(out) < count:
                out.append(U(nation, kind, type_, pool[i], faction=faction))
        n += 1
    return out


def rules(save: Path) -> tuple[int, float, float, float]:
    t0 = time.perf_counter()
    board = read_position(save)
    t1 = time.perf_counter()
    pack = find_game(board.position.game).pack()
    pack.check(board.position)
    t2 = time.perf_counter()
    warm = []
    for _ in range(5):
        t = time.perf_counter()
        pack.check(board.position)
        warm.append(time.perf_counter() - t)
    return len(board.position.units), t1 - t0, t2 - t1, statistics.median(warm)


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 420
    with tempfile.TemporaryDirectory() as tmp:
        eto = write_position(Path(tmp) / "eto.vsav", eto_pieces(count), AT_WAR, game="eto")
        use = write_position(Path(tmp) / "use.vsav", use_pieces(count), {"Status_ITA": "active axis"})
        rows = []
        for name, save in (("ETO", eto), ("USE", use)):
            units, read, cold, warm = rules(save)
            rows.append(
                (
                    name,
                    units,
                    read,
                    cold,
                    warm,
                    whole(save, runs=RUNS),
                    whole(save, "--json", runs=RUNS),
                    whole(save, "--picture", str(Path(tmp) / f"{name}.png"), runs=RUNS),
                )
            )
        print(
            f"{'':5}{'units':>6}{'read':>8}{'rules 1st':>11}{'warm':>8}{'text':>8}{'--json':>8}{'--picture':>11}  (ms)"
        )
        for name, units, *times in rows:
            print(f"{name:5}{units:>6}" + "".join(f"{1000 * t:>{w}.0f}" for t, w in zip(times, (8, 11, 8, 8, 8, 11))))
        (_, _, *eto_t), (_, _, *use_t) = rows
        print(f"{'ETO/USE':11}" + "".join(f"{e / u:>{w}.2f}" for e, u, w in zip(eto_t, use_t, (8, 11, 8, 8, 8, 11))))
        print(
            f"ETO whole command (text): {1000 * eto_t[3]:.0f} ms wall, {1000 * CPU['eto']:.0f} ms processor time "
            f"(target < 1000 ms); USE's in this run: {1000 * use_t[3]:.0f} ms wall, {1000 * CPU['use']:.0f} ms "
            f"processor time; ratio {CPU['eto'] / CPU['use']:.2f}"
        )


if __name__ == "__main__":
    main()
