"""A position as one line of text (the idea of chess's FEN), for tests, bug reports and `check`.

A rules test then reads like the rulebook example it pins, and a position a player questions
fits in one line of a bug report:

    use Jun-41 "Axis Operations" | weather cold=Fair | 2914: GER infantry "7" | 3015: FRA infantry reduced low

Segments are separated by `` | `` or new lines:

* the header: the game's key, then optionally the month and the phase (quoted when it has
  spaces) and ``board=NAME`` for a game played on one of several boards;
* game state, a keyword and ``KEY=VALUE`` pairs: ``weather ZONE=STATE``, ``policy KEY=on|off``,
  ``nation NAT=STATUS[:FACTION]``, ``ceded AREA=on|off``, ``event KEY=on|off``, ``prop NAME=VALUE``
  (any global property of the module);
* a place, ``PLACE: ITEM, ITEM, ...``, its pieces bottom first. PLACE is a hex id as the game
  prints it, a Map Box code, or ``track:BOX`` (a box of the tracks board: a month, a weather
  cell). An ITEM is a unit, either a units.csv key (``ger-18``) or ``NAT TYPE ["NAME"]``, with
  flags ``reduced``, ``low`` / ``nosupply``, ``elite``, ``sorties=N``, ``faction=F``; or a
  marker, ``+KEY`` (markers.csv) with ``faction=F``, ``nation=NAT``, ``flipped``.

A unit's faction is its ``faction=`` flag, else the faction its nation's ``nation`` pair gives,
else its nation's side as the module gives its counters (nations.csv: 1939, else the side it
joined). The text becomes pieces and global
properties like those of our modules' saves and is read by the same code as a save
(:func:`assistant.board.position_from_pieces`), so it means exactly what the save would.

    read_notation(text, source="<position>") -> SavedPosition

The other way, a position to its text: assistant.notation_write.to_notation.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from assistant.board import Overrides, SavedPosition, position_from_pieces
from records import frozen
from vassal.commands import BoardPlacement
from vassal.pieces import Piece, piece_state, piece_type
from vassal.snapshot import PlacedPiece
from vassal.traits import BasicPiece, Embellishment, Marker
from wargame import pieceprops as pp
from wargame.errors import DataError, near_miss
from wargame.games import Game, find_game

_STATE_WORDS = ("weather", "policy", "nation", "ceded", "event", "prop")
_SUPPLY_FLAGS = {"low": "low", "nosupply": "none"}
_TOKEN = re.compile(r'"[^"]*"|[^\s"]+')


@frozen
class _Item:
    """One piece of a place: a unit (nation, type, name, unit key) or a marker (key)."""

    marker: bool
    key: str = ""
    nation: str = ""
    type: str = ""
    name: str = ""
    faction: str = ""
    reduced: bool = False
    supply: str = "full"
    elite: bool = False
    sorties: int = 0
    flipped: bool = False


@dataclass
class _Parsed:
    game: Game
    month: str = ""
    phase: str = ""
    board: str | None = None
    properties: dict[str, str] = field(default_factory=dict)
    places: list[tuple[str, list[_Item]]] = field(default_factory=list)


def read_notation(text: str, source: str = "<position>", overrides: Overrides = Overrides()) -> SavedPosition:
    """The position a notation describes, as a save of it would read. DataError (naming
    ``source`` and the segment) for anything the game does not know."""
    parsed = _parse(text, source)
    pieces, stacks, boards = _pieces(parsed, source)
    props = dict(parsed.properties)
    if parsed.month:
        props[pp.MONTH] = parsed.month
    if parsed.phase:
        props[pp.PHASE] = parsed.phase
    board = position_from_pieces(parsed.game, pieces, props, stacks, overrides=overrides, source=source, boards=boards)
    return SavedPosition(board.position, source, parsed.game.title, board.skipped)


def read_notation_file(path: str | Path, overrides: Overrides = Overrides()) -> SavedPosition:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError(f"cannot read the position ({exc.__class__.__name__}: {exc})", str(path)) from None
    return read_notation(text, str(path), overrides)


# -- reading ------------------------------------------------------------------------------------


def _segments(text: str) -> list[str]:
    out = []
    for line in text.splitlines():
        line = line.split("#", 1)[0] if not line.lstrip().startswith("#") else ""
        out += [s.strip() for s in _split_outside_quotes(line, "|") if s.strip()]
    return out


def _split_outside_quotes(text: str, sep: str) -> list[str]:
    parts: list[str] = []
    current: list[str] = []
    quoted = False
    for ch in text:
        if ch == '"':
            quoted = not quoted
        if ch == sep and not quoted:
            parts.append("".join(current))
            current = []
        else:
            current.append(ch)
    parts.append("".join(current))
    return parts


def _tokens(text: str) -> list[str]:
    return _TOKEN.findall(text)


def _unquote(token: str) -> str:
    return token[1:-1] if len(token) >= 2 and token[0] == token[-1] == '"' else token


def _parse(text: str, source: str) -> _Parsed:
    segments = _segments(text)
    if not segments:
        raise DataError("an empty position: start with the game's key (use, eto, ...)", source)
    parsed = _header(segments[0], source)
    for n, seg in enumerate(segments[1:], start=2):
        where = f"{source}: segment {n} ({seg[:40]})"
        head, _, rest = seg.partition(" ")
        if head in _STATE_WORDS:
            _state(parsed, head, rest, where)
        elif ":" in (seg[len("track:") :] if seg.startswith("track:") else seg):
            place, _, items = _split_track(seg) if seg.startswith("track:") else seg.partition(":")
            parsed.places.append(
                (
                    place.strip(),
                    [_item(parsed.game, i.strip(), where) for i in _split_outside_quotes(items, ",") if i.strip()],
                )
            )
        else:
            raise DataError(
                f"'{seg}' is neither game state ({', '.join(_STATE_WORDS)} KEY=VALUE) nor a place (PLACE: pieces)",
                where,
            )
    return parsed


def _split_track(seg: str) -> tuple[str, str, str]:
    """``track:Jun-41: +turn``: the place is everything up to the second colon."""
    first = seg.index(":")
    second = seg.index(":", first + 1)
    return seg[:second], ":", seg[second + 1 :]


def _header(seg: str, source: str) -> _Parsed:
    from wargame.content import Month

    tokens = _tokens(seg)
    try:
        game = find_game(tokens[0])
    except DataError as exc:
        raise DataError(exc.problem, f"{source}: the header") from None
    parsed = _Parsed(game)
    settings = game.content().settings
    rest = tokens[1:]
    words: list[str] = []
    for token in rest:
        if token.startswith("board="):
            name = token[len("board=") :]
            if name not in game.boards().names():
                raise DataError(
                    f"{game.short} has no board {name!r}{near_miss(name, list(game.boards().names()))}",
                    f"{source}: the header",
                )
            parsed.board = name
            continue
        if not parsed.month and not words:
            try:
                month = Month.parse(token)
            except ValueError:
                pass
            else:
                if not settings.first_turn <= month <= settings.last_turn:
                    raise DataError(
                        f"{token}: {game.short} runs from {settings.first_turn} to {settings.last_turn}",
                        f"{source}: the header",
                    )
                parsed.month = token
                continue
        words.append(_unquote(token))
    if words:
        parsed.phase = " ".join(words)
        _check_phase(game, parsed.phase, f"{source}: the header")
    return parsed


def _check_phase(game: Game, phase: str, where: str) -> None:
    phases = game.displays().phases
    words = phase.strip()
    for faction in game.content().factions.values():
        if words.lower().startswith(faction.name.lower() + " "):
            words = words[len(faction.name) + 1 :]
    if phases and words.lower() not in {p.lower() for p in phases}:
        raise DataError(
            f"{phase!r} is not a phase of {game.short} ({', '.join(phases)}){near_miss(words, phases)}", where
        )


def _switch(value: str, where: str) -> str:
    v = value.lower()
    if v in ("on", "true", "yes"):
        return "true"
    if v in ("off", "false", "no"):
        return "false"
    raise DataError(f"{value!r} must be on or off", where)


def _state(parsed: _Parsed, word: str, rest: str, where: str) -> None:
    content = parsed.game.content()
    settings = content.settings
    for pair in _tokens(rest):
        key, sep, value = pair.partition("=")
        key, value = key.strip(), _unquote(value.strip())
        if not sep or not key or not value:
            raise DataError(f"{pair!r}: expected KEY=VALUE", where)
        if word == "weather":
            states = {w.lower(): w for w in settings.weather_states}
            if key.lower() not in settings.weather_zones:
                raise DataError(
                    f"{parsed.game.short} has no weather zone {key!r} (zones: "
                    f"{', '.join(settings.weather_zones)}){near_miss(key.lower(), settings.weather_zones)}",
                    where,
                )
            if value.lower() not in states:
                raise DataError(f"weather {value!r}: it is one of {', '.join(settings.weather_states)}", where)
            parsed.properties[pp.WEATHER_PREFIX + key.lower()] = states[value.lower()]
        elif word == "policy":
            if key not in content.policies:
                raise DataError(f"no policy {key!r}{near_miss(key, list(content.policies))}", where)
            parsed.properties[pp.POLICY_PREFIX + key] = _switch(value, where)
        elif word == "nation":
            from assistant.board import parse_status

            nat = key.upper()
            if nat not in content.nations:
                raise DataError(f"no nation {key!r}{near_miss(nat, list(content.nations))}", where)
            status = parse_status(value, where, tuple(content.factions))
            parsed.properties[pp.STATUS_PREFIX + nat] = status.status + (f" {status.faction}" if status.faction else "")
        elif word == "ceded":
            if key not in content.disputed_areas:
                raise DataError(f"no disputed area {key!r}{near_miss(key, list(content.disputed_areas))}", where)
            parsed.properties[pp.CEDED_PREFIX + key] = _switch(value, where)
        elif word == "event":
            if key not in content.events:
                raise DataError(f"no event {key!r}{near_miss(key, list(content.events))}", where)
            parsed.properties[pp.EVENT_PREFIX + key] = _switch(value, where)
        else:
            parsed.properties[key] = value


def _item(game: Game, text: str, where: str) -> _Item:
    tokens = _tokens(text)
    flags: dict[str, str] = {}
    words: list[str] = []
    for t in tokens[1:]:
        k, sep, v = t.partition("=")
        if sep and not t.startswith('"'):
            flags[k.lower()] = _unquote(v)
        else:
            words.append(t)
    head = tokens[0]
    if head.startswith("+"):
        return _marker_item(game, text, head[1:], flags, words, where)
    nation, unit_type, name, key, elite, rest = _unit_identity(game, text, head, words, where)
    reduced, supply, elite = _unit_flags(text, rest, elite, where)
    unknown_flags = [k for k in flags if k not in ("sorties", "faction")]
    if unknown_flags:
        raise DataError(f"{text!r}: a unit takes sorties=N and faction=F, not {unknown_flags[0]}=", where)
    try:
        sorties = int(flags.get("sorties", "0"))
    except ValueError:
        raise DataError(f"{text!r}: sorties must be a number", where) from None
    if not 0 <= sorties <= pp.MAX_SORTIES:
        raise DataError(f"{text!r}: sorties run from 0 to {pp.MAX_SORTIES}", where)
    return _Item(
        False,
        key=key,
        nation=nation,
        type=unit_type,
        name=name,
        faction=_faction(game, flags.get("faction", ""), where),
        reduced=reduced,
        supply=supply,
        elite=elite,
        sorties=sorties,
    )


def _marker_item(game: Game, text: str, key: str, flags: Mapping[str, str], words: list[str], where: str) -> _Item:
    """``+KEY [faction=F] [nation=NAT] [flipped]``: a marker of markers.csv."""
    content = game.content()
    if key not in content.markers:
        raise DataError(f"no marker {key!r}{near_miss(key, list(content.markers))}", where)
    unknown = [w for w in words if w.lower() != "flipped"] + [k for k in flags if k not in ("faction", "nation")]
    if unknown:
        raise DataError(f"{text!r}: a marker takes faction=F, nation=NAT and flipped, not {unknown[0]!r}", where)
    return _Item(
        True,
        key=key,
        faction=_faction(game, flags.get("faction", ""), where),
        nation=flags.get("nation", "").upper(),
        flipped=any(w.lower() == "flipped" for w in words),
    )


def _unit_identity(
    game: Game, text: str, head: str, words: list[str], where: str
) -> tuple[str, str, str, str, bool, list[str]]:
    """(nation, type, name, key, elite, the flag words left) of a unit given by its key in
    units.csv or by nation, type and an optional quoted name."""
    content = game.content()
    flag_words = [w for w in words if not w.startswith('"')]
    if head in content.units:
        u = content.units[head]
        return u.nation, u.type, u.id, u.key, u.elite, flag_words
    nation = head.upper()
    if nation not in content.nations:
        raise DataError(
            f"{head!r} is neither a unit key of units.csv nor a nation"
            f"{near_miss(head, [*content.nations, *content.units])}",
            where,
        )
    if not flag_words:
        raise DataError(f"{text!r}: give the unit's type after its nation", where)
    unit_type, rest = flag_words[0].lower(), flag_words[1:]
    if unit_type not in content.settings.units.types:
        raise DataError(
            f"{unit_type!r} is not a unit type of {game.short}"
            f"{near_miss(unit_type, list(content.settings.units.types))}",
            where,
        )
    quoted = [w for w in words if w.startswith('"')]
    return nation, unit_type, (_unquote(quoted[0]) if quoted else ""), "", False, rest


def _unit_flags(text: str, rest: list[str], elite: bool, where: str) -> tuple[bool, str, bool]:
    """(reduced, supply, elite) from a unit's flag words."""
    supply = "full"
    reduced = False
    for w in (w.lower() for w in rest):
        if w == "reduced":
            reduced = True
        elif w in _SUPPLY_FLAGS:
            supply = _SUPPLY_FLAGS[w]
        elif w == "elite":
            elite = True
        else:
            raise DataError(
                f"{text!r}: {w!r} is not a unit flag (reduced, low, nosupply, elite, sorties=N, faction=F)", where
            )
    return reduced, supply, elite


def _faction(game: Game, name: str, where: str) -> str:
    if not name:
        return ""
    factions = list(game.content().factions)
    if name.lower() not in factions:
        raise DataError(f"no faction {name!r}{near_miss(name.lower(), factions)}", where)
    return name.lower()


# -- pieces -------------------------------------------------------------------------------------


def _layer(name: str, images: int, level: int | None) -> Embellishment:
    return Embellishment.make(
        name=name,
        images=tuple(f"{name.lower()}{i}.png" for i in range(1, images + 1)),
        always_active=False,
        state_value=level if level else -1,
    )


def _unit_faction(parsed: _Parsed, item: _Item, where: str) -> str:
    if item.faction:
        return item.faction
    status = parsed.properties.get(pp.STATUS_PREFIX + item.nation, "").split()
    if len(status) > 1:
        return status[1]
    nation = parsed.game.content().nations.get(item.nation)
    if nation is not None and (nation.faction_1939 or nation.joined):
        return nation.faction_1939 or nation.joined or ""
    raise DataError(
        f"whose side is {item.nation} on? Give the unit faction=F or a 'nation {item.nation}=active:FACTION' segment",
        where,
    )


def _piece(parsed: _Parsed, item: _Item, where: str) -> Piece:
    if item.marker:
        m = parsed.game.content().markers[item.key]
        nation = item.nation or m.nation or ""
        nations = parsed.game.content().nations
        faction = (
            item.faction
            or m.faction
            or (nations[nation].faction_1939 or nations[nation].joined if nation in nations else "")
            or ""
        )
        props = {pp.MARKER_KEY: m.key, pp.MARKER_NAME: m.name, pp.FACTION: faction, pp.NATIONALITY: nation}
        return Piece(
            (_layer(pp.LAYER_SIDE, 1, 1 if item.flipped else None), Marker.of(props)),
            BasicPiece.make(image_name=f"{m.key}.png", common_name=m.name),
        )
    vocabulary = parsed.game.content().settings.units
    kind = next(k for k, cats in vocabulary.kinds.items() for types in cats.values() if item.type in types)
    category = vocabulary.category_of(kind, item.type) or ""
    row = parsed.game.content().units.get(item.key) if item.key else None
    shown = row.name if row is not None else (item.name or item.type)
    props = {
        pp.FACTION: _unit_faction(parsed, item, where),
        pp.NATIONALITY: item.nation,
        pp.KIND: kind,
        pp.TYPE: item.type,
        pp.CATEGORY: category,
        pp.UNIT_ID: row.id if row is not None else (item.name or item.type),
        pp.UNIT_KEY: item.key,
        pp.ELITE: "true" if item.elite else "false",
    }
    supply = {"full": None, "low": 1, "none": 2}[item.supply]
    traits = (
        _layer(pp.LAYER_SIDE, 1, 1 if item.reduced else None),
        _layer(pp.LAYER_SUPPLY, 2, supply),
        _layer(pp.LAYER_SORTIES, 7, pp.sorties_level(item.sorties)),
        Marker.of(props),
    )
    return Piece(traits, BasicPiece.make(image_name=f"{item.nation}-{item.type}.png", common_name=shown))


def _where(parsed: _Parsed, place: str, where: str) -> tuple[str, int, int]:
    """(map name, x, y) of a place: a hex or a Map Box on the board in play, or a tracks box."""
    game = parsed.game
    if place.startswith("track:"):
        tracks = game.displays().tracks_board()
        try:
            x, y = tracks.area(place[len("track:") :]).center
        except (KeyError, DataError):
            raise DataError(f"no box {place[len('track:') :]!r} on the tracks board", where) from None
        return tracks.map_name, x, y
    boards = game.boards()
    board = boards.board(parsed.board) if parsed.board else boards.default
    try:
        h = board.grid.parse(place)
    except DataError:
        h = None
    if h is not None:
        if not board.holds(h):
            raise DataError(f"hex {place} is not on the board {board.board_name}", where)
        hx, hy = board.center(h)
        return board.map_name, round(hx), round(hy)
    try:
        x, y = board.box(place).center
    except (KeyError, DataError):
        codes = [b.code for b in board.boxes]
        raise DataError(
            f"{place!r} is neither a hex of {game.short} nor a Map Box{near_miss(place, codes)}", where
        ) from None
    return board.map_name, x, y


def _pieces(parsed: _Parsed, source: str):
    pieces: list[PlacedPiece] = []
    stacks: dict[str, tuple[str, ...]] = {}
    n = 0
    for place, items in parsed.places:
        where = f"{source}: place {place}"
        map_name, x, y = _where(parsed, place, where)
        ids = []
        for item in items:
            n += 1
            piece = _piece(parsed, item, where)
            pieces.append(
                PlacedPiece(str(n), piece_type(piece), piece_state(piece), map_name, x, y, container=f"s{place}")
            )
            ids.append(str(n))
        stacks[f"s{place}"] = stacks.get(f"s{place}", ()) + tuple(ids)
    boards = None
    if parsed.board:
        geometry = parsed.game.boards()
        boards = {geometry.map_name: (BoardPlacement(parsed.board),)}
    return pieces, stacks, boards


# -- writing ------------------------------------------------------------------------------------
