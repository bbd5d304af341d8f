"""A position to its one line of notation (assistant.notation reads it back): the header, the
game state that differs from the game's start, then the places in order, each stack bottom first.

    to_notation(position) -> str            the canonical text of a position
"""

from __future__ import annotations

from wargame.games import Game, find_game
from wargame.rules.position import Position, Unit


def _quote(text: str) -> str:
    return f'"{text}"' if (not text or any(c in text for c in ' ,|:#="')) else text


def to_notation(position: Position) -> str:
    """The canonical one-line text of a position: header, game state that differs from the
    game's start, then the places in order, each stack bottom first."""
    game = find_game(position.game)
    content = game.content()
    parts = [
        " ".join(
            [
                game.key,
                *([position.state.month] if position.state.month else []),
                *([_quote(position.state.phase)] if position.state.phase else []),
                *([f"board={position.boards[0]}"] if len(game.boards().boards) > 1 and position.boards else []),
            ]
        )
    ]
    st = position.state
    if st.weather:
        states = {w.lower(): w for w in content.settings.weather_states}
        parts.append("weather " + " ".join(f"{z}={states.get(w.lower(), w)}" for z, w in sorted(st.weather.items())))
    if st.policies:
        parts.append("policy " + " ".join(f"{p}=on" for p in sorted(st.policies)))
    nations = []
    for nat, state in sorted(st.nations.items()):
        n = content.nations.get(nat)
        default = ("active", n.faction_1939) if n is not None and n.faction_1939 else ("neutral", None)
        if (state.status, state.faction) != default:
            nations.append(f"{nat}={state.status}" + (f":{state.faction}" if state.faction else ""))
    if nations:
        parts.append("nation " + " ".join(nations))
    if st.ceded:
        by_name = {a.name: k for k, a in content.disputed_areas.items()}
        parts.append("ceded " + " ".join(f"{_quote(by_name.get(c, c))}=on" for c in sorted(st.ceded)))
    if st.events_done:
        parts.append("event " + " ".join(f"{e}=on" for e in sorted(st.events_done) if e in content.events))
    places: dict[str, list[tuple[int, str]]] = {}
    for u in position.units:
        if u.hex or u.box:
            places.setdefault(u.hex or u.box or "", []).append((u.level, _unit_text(game, u, st)))
    for m in position.markers:
        if m.hex or m.box:
            row = content.markers.get(m.key)
            nation = (row.nation if row else None) or ""
            owner = content.nations.get(m.nationality or nation)
            faction = (row.faction if row else None) or (owner.faction_1939 or owner.joined if owner else None) or ""
            words = [
                f"+{m.key}",
                *([f"faction={m.faction}"] if m.faction and m.faction != faction else []),
                *([f"nation={m.nationality}"] if m.nationality and m.nationality != nation else []),
                *(["flipped"] if m.flipped else []),
            ]
            places.setdefault(m.hex or m.box or "", []).append((m.level, " ".join(words)))
    for place in sorted(places):
        items = [text for _level, text in sorted(places[place], key=lambda p: p[0])]
        parts.append(f"{place}: " + ", ".join(items))
    return " | ".join(parts)


def _unit_text(game: Game, u: Unit, state) -> str:
    content = game.content()
    row = content.units.get(u.key) if u.key else None
    if row is not None:
        words = [row.key]
        elite = u.elite and not row.elite
    else:
        words = [u.nationality, u.type, *([f'"{u.name}"'] if u.name and u.name != u.type else [])]
        elite = u.elite
    if u.reduced and u.category != "garrison":
        words.append("reduced")
    if u.supply != "full":
        words.append({"low": "low", "none": "nosupply"}[u.supply])
    if elite:
        words.append("elite")
    if u.sorties:
        words.append(f"sorties={u.sorties}")
    found = state.nations.get(u.nationality)
    nation = content.nations.get(u.nationality)
    default = found.faction if found and found.faction else (nation.faction_1939 if nation else "")
    if u.faction and u.faction != default:
        words.append(f"faction={u.faction}")
    return " ".join(words)
