"""A faction's supply check applied to a saved game: every unit of the faction marked as its
rules pack says, written to a new save that shows each change in the chat.

    SupplyChange(unit_id, label, where, before, after, rule, why, faction, todo)
                                                                       one unit; .changed, .line(terms)
    Applied(source, target, factions, changes, keys, todo, terms)      what was written
    checking_factions(game, phase, named=()) -> tuple[faction key]     whose check this is
    supply_step(pack, check, factions) -> tuple[SupplyChange, ...]     every checked unit
    apply_supply(source, target, game, changes, factions, module=None) -> Applied   writes the new save
    sea_convoys(check, factions) -> tuple[(label, where, traces, spare)]  left for the player

The game part is the pack's (``RulesPack.marks_supply``, ``supply_marking``, whose check a
phase holds: ``supply_check_factions``, its words: ``supply_terms``); here is only what every
game shares: which units the check covers (the faction's units in a hex or a Map Box, the ones
the supply search traced) and how a marking goes into a save, in one of two ways:

* a layer of the unit pieces (``supply_layer``): only the state of a changed unit's Supply
  layer (the module's Embellishment, ``wargame.pieceprops.LAYER_SUPPLY``) in the command that
  adds the piece: Low is the layer active at level 1, No active at level 2, Full the layer
  inactive at level 1, exactly the states the module's Ctrl+U / Ctrl+Shift+U leave
  (builder.module.keys). Pieces, ids, stacks and every other entry of the file stay as they were.
* marker counters (``supply_markers``: state -> marker key): a unit that takes a marked state
  gets the module's marker right on it in its stack, one that leaves it loses the markers right
  on it (assistant.savemarkers: new ids, stacks and piece types as the engine makes them). Only
  those pieces and their stacks change.

After the position come chat lines (the engine's ``CHAT`` command, shown when the save is
opened): a first line naming the check, then one per change and one per thing the rules leave
the player to do (``SupplyMark.todo``). A save that already carries the first line of a
faction's check is refused for that faction, since a second check the same turn would mark
units twice.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from records import frozen
from vassal.commands import AddPiece, ChangePiece, Chat, Node, encode_command, walk
from vassal.errors import FormatError
from vassal.nesting import join_state, split_state, split_type
from vassal.pieces import parse_piece
from vassal.savefile import read_saved_game, rewrite_saved_game
from vassal.traits import LayerTrait
from wargame import pieceprops as pp
from wargame.games import Game
from wargame.rules.pack import RulesPack
from wargame.rules.results import Check
from wargame.rules.words import SupplyTerms

__all__ = ["Applied", "SupplyChange", "apply_supply", "checking_factions", "sea_convoys", "supply_step"]

LEVEL = {"low": 1, "none": 2}  # the Supply layer's level for each marked state
HEAD = "Staffwork applied the {faction} {check}"  # begins the first chat line


@frozen
class SupplyChange:
    """One checked unit: its marking before and after the check, and why (``rule``, ``why``);
    ``todo``: what the rules leave the player to do to it (deplete it, say)."""

    unit_id: str
    label: str
    where: str
    before: str
    after: str
    rule: str
    why: str
    faction: str = ""  # the unit's faction (key)
    todo: str = ""

    @property
    def changed(self) -> bool:
        return self.before != self.after

    def line(self, terms: SupplyTerms) -> str:
        """ "GER 20 Geb (1218): Full -> Low (7.2: cannot trace supply ...)", in the game's words;
        an unchanged unit with something to do: "GER Inf 6-3 (W3832): Out of Supply, to do: ..." """
        if not self.changed and self.todo:
            return (
                f"{self.label} ({self.where}): {terms.state(self.after)}, to do: {self.todo} ({self.rule}: {self.why})"
            )
        return (
            f"{self.label} ({self.where}): {terms.state(self.before)} -> {terms.state(self.after)} "
            f"({self.rule}: {self.why})"
        )


@frozen
class Applied:
    source: str
    target: str
    factions: tuple[str, ...]  # faction names, as the chat names them
    changes: tuple[SupplyChange, ...]  # the changed units only
    keys: tuple[str, ...] = ()  # the factions' keys
    todo: tuple[SupplyChange, ...] = ()  # units the rules leave the player something to do to
    terms: SupplyTerms = SupplyTerms()  # the game's words
    notes: tuple[tuple[str, str, str], ...] = ()  # (where, what, rule) the player does besides


def checking_factions(game: Game, phase: str, named: Sequence[str] = ()) -> tuple[str, ...]:
    """The factions whose check to apply: those ``named`` (keys or names, any case), else those
    whose check the phase holds (the pack's ``supply_check_factions``: "Axis Operations" ends with
    the Axis Supply Check Sub-Phase in USE). ValueError, in words for the player, when neither
    says."""
    factions = game.content().factions
    if named:
        out: list[str] = []
        for name in named:
            key = next((k for k, f in factions.items() if name.strip().lower() in (k.lower(), f.name.lower())), None)
            if key is None:
                from wargame.errors import near_miss

                raise ValueError(
                    f"--faction {name}: {game.short} has no such faction ({', '.join(factions)})"
                    f"{near_miss(name.strip().lower(), list(factions))}"
                )
            if key not in out:
                out.append(key)
        return tuple(out)
    pack = game.pack()
    found = pack.supply_check_factions(phase) if phase else ()
    if found:
        return tuple(found)
    check = pack.supply_terms.check
    said = (
        f"its phase {phase!r} holds no faction's {check}"
        if phase
        else "no Phase property; the turn tracker's phases name no faction"
    )
    raise ValueError(
        f"the save does not say whose {check} this is ({said}); name the faction with --faction ({', '.join(factions)})"
    )


def supply_step(pack: RulesPack, check: Check, factions: Iterable[str]) -> tuple[SupplyChange, ...]:
    """Every unit of ``factions`` that the check traced (in a hex or a Map Box), with the state
    the pack's ``supply_marking`` gives it; in the order of the supply report (piece ids)."""
    chosen = set(factions)
    out = []
    pos = check.position
    for uid, line in check.supply.lines.items():
        unit = pos.unit(uid)
        if unit.faction not in chosen:
            continue
        mark = pack.supply_marking(unit, line)
        out.append(
            SupplyChange(
                uid, unit.label, unit.where, unit.supply, mark.state, mark.rule, mark.why, unit.faction, mark.todo
            )
        )
    return tuple(out)


def sea_convoys(check: Check, factions: Iterable[str]) -> tuple[tuple[str, str, int, int], ...]:
    """(label, where, traces, Sorties to spare) of each convoy the factions' sea lines activate.
    Each trace adds a Sortie to its convoy and a convoy at the most Sorties traces no more
    (7.4.3); the applied save leaves that to the player, as it leaves interception (a die roll).
    The supply search gives each unit its own best line, so a convoy may carry more traces here
    than it has Sorties to spare: the report says so."""
    chosen = set(factions)
    pos = check.position
    count: dict[str, int] = {}
    for uid, line in check.supply.lines.items():
        if line.via == "sea" and line.convoy and pos.unit(uid).faction in chosen:
            count[line.convoy] = count.get(line.convoy, 0) + 1
    out = []
    for cid, n in sorted(count.items()):
        convoy = pos.unit(cid)
        out.append((convoy.label, convoy.where, n, max(pp.MAX_SORTIES - convoy.sorties, 0)))
    return tuple(out)


def apply_supply(
    source: str | os.PathLike[str],
    target: str | os.PathLike[str],
    game: Game,
    changes: Iterable[SupplyChange],
    factions: Sequence[str],
    *,
    module: str | os.PathLike[str] | None = None,
    notes: Sequence[tuple[str, str, str]] = (),
) -> Applied:
    """Write ``target``: the save ``source`` with each changed unit marked as its pack marks
    supply (a layer, or marker counters: a new marker copies one of the save, else the module's
    own piece from ``module``), and the chat lines (with ``notes``, the pack's
    ``supply_step_notes``: what the player does besides). FormatError (nothing written) when the save
    cannot take it: a log, a piece without a Supply layer or changed after it is placed, no
    marker to copy, a check already applied."""
    src = str(source)
    pack = game.pack()
    terms = pack.supply_terms
    every = tuple(changes)
    changed = tuple(c for c in every if c.changed)
    todo = tuple(c for c in every if c.todo)
    names = tuple(game.content().factions[f].name for f in factions)
    saved = read_saved_game(source)
    if saved.is_log:
        raise FormatError(
            "a log: apply the check to a saved game (.vsav) - step the log to its end in VASSAL and save the game", src
        )
    _refuse_twice(saved.tree, names, terms, src)
    if pack.supply_layer:
        tree = _with_layers(saved.tree, changed, src)
    else:
        tree = _with_markers(saved.tree, changed, pack.supply_markers, game, module, src)
    chat = [
        Node(encode_command(Chat(text)))
        for text in chat_lines(names, Path(src).name, changed, tuple(factions), terms=terms, todo=todo, notes=notes)
    ]
    tree = Node(tree.text, tree.children + tuple(chat))
    rewrite_saved_game(source, target, tree)
    return Applied(src, str(target), names, changed, tuple(factions), todo, terms, tuple(notes))


def _refuse_twice(tree: Node, names: Sequence[str], terms: SupplyTerms, src: str) -> None:
    heads = {f"* {HEAD.format(faction=n, check=terms.check)}": n for n in names}
    for n in walk(tree):
        if n.text.startswith("CHAT"):
            said = n.command.message  # type: ignore[union-attr]
            for head, name in heads.items():
                if said.startswith(head):
                    raise FormatError(
                        f"the {name} {terms.check} is already applied to this save (its chat says so); {terms.again}",
                        src,
                    )


def _with_layers(tree: Node, changed: Sequence[SupplyChange], src: str) -> Node:
    """The tree with each changed unit's Supply layer set in the command that adds it."""
    adds: dict[str, list[Node]] = {}
    for n in walk(tree):
        if n.text.startswith(("+/", "D/")):
            cmd = n.command
            pid = cmd.id if isinstance(cmd, (AddPiece, ChangePiece)) else None
            if pid is not None:
                adds.setdefault(pid, []).append(n)
    texts: dict[int, str] = {}
    for c in changed:
        found = adds.get(c.unit_id, [])
        if len(found) != 1 or not found[0].text.startswith("+/"):
            raise FormatError(
                f"piece {c.unit_id} ({c.label}) is not placed by one command the way a saved "
                "game places it; save the game from VASSAL and apply the check to that save",
                src,
            )
        cmd = found[0].command
        assert isinstance(cmd, AddPiece)
        try:
            state = with_supply_state(cmd.type, cmd.state, c.after)
        except ValueError as exc:
            raise FormatError(f"piece {c.unit_id} ({c.label}): {exc}", src) from None
        texts[id(found[0])] = encode_command(AddPiece(cmd.id, cmd.type, state))
    return _replaced(tree, texts)


def _with_markers(
    tree: Node,
    changed: Sequence[SupplyChange],
    markers: Mapping[str, str],
    game: Game,
    module: str | os.PathLike[str] | None,
    src: str,
) -> Node:
    """The tree with the markers of each changed unit's old state taken off it and one of its
    new state's put right on it (assistant.savemarkers)."""
    from assistant.savemarkers import MarkerSource, StackEdit, marker_source

    if not markers:
        raise FormatError(f"{game.short} marks supply with nothing this command can write", src)
    edit = StackEdit(tree, src)
    sources: dict[str, MarkerSource | None] = {}
    for c in changed:
        what = f"piece {c.unit_id} ({c.label})"
        old_key = markers.get(c.before)
        if old_key:
            found_on = edit.markers_on(c.unit_id, old_key)
            if not found_on:
                raise FormatError(f"{what} is marked, but no {old_key} marker stands right on it", src)
            for mid in found_on:
                edit.take_off(mid, f"the marker {mid} on {what}")
        new_key = markers.get(c.after)
        if not new_key:
            continue
        if new_key not in sources:
            sources[new_key] = marker_source(tree, new_key, module)
        found = sources[new_key]
        if found is None:
            marker = game.content().markers.get(new_key)
            name = marker.name if marker is not None else new_key
            raise FormatError(
                f"the save holds no {name} marker to copy and no module is at hand to take one "
                f"from: give the module with --module MOD (or build it: staffwork build {game.key})",
                src,
            )
        edit.put_on(c.unit_id, found, what)
    return edit.tree()


def with_supply_state(type_str: str, state_str: str, state: str) -> str:
    """A piece's state with its Supply layer showing ``state`` (full / low / none); only that
    layer's own state text changes. ValueError when the piece has no such layer."""
    types = split_type(type_str)
    piece = parse_piece(type_str, state_str, exact=False)
    levels = split_state(state_str, len(types))
    if len(piece.levels) != len(levels):
        raise ValueError("its type and state do not have the same traits")
    for i, trait in enumerate(piece.traits):
        if isinstance(trait, LayerTrait) and trait.layer_name == pp.LAYER_SUPPLY:
            if state == "full":
                layer = trait.with_level(level=1, active=False)  # Ctrl+U: off, resting at level 1
            else:
                if len(trait.image_names) < LEVEL[state]:
                    raise ValueError(
                        f"its {pp.LAYER_SUPPLY} layer has no level {LEVEL[state]} "
                        f"({pp.SUPPLY_LEVELS[LEVEL[state] - 1]})"
                    )
                layer = trait.with_level(level=LEVEL[state], active=True)
            levels[i] = layer.state
            return join_state(levels)
    raise ValueError(f"it has no {pp.LAYER_SUPPLY} layer to mark")


def chat_lines(
    factions: Sequence[str],
    source_name: str,
    changed: Sequence[SupplyChange],
    keys: Sequence[str] = (),
    *,
    terms: SupplyTerms | None = None,
    todo: Sequence[SupplyChange] = (),
    notes: Sequence[tuple[str, str, str]] = (),
) -> list[str]:
    """The chat a player sees on opening the save, in the game's words (``terms``): what was
    applied (with the count of each faction's changes when ``keys`` name the factions), then
    each change in the style of the module's own reports ("* 2719: GER II: Full -> Low Supply
    ..."), then what the rules leave the player to do."""
    terms = terms or SupplyTerms()

    def count(n: int, left: int) -> str:
        out = f"{n} unit{'s' if n != 1 else ''} changed" if n else "no marking changed"
        return out + (f", {left} left to do by hand" if left else "")

    by_faction = all(c.faction for c in (*changed, *todo))
    out = []
    for i, name in enumerate(factions):
        mine = (lambda c, k=keys[i]: c.faction == k) if i < len(keys) and by_faction else (lambda c: True)
        n = sum(1 for c in changed if mine(c))
        left = sum(1 for c in todo if mine(c))
        out.append(
            f"* {HEAD.format(faction=name, check=terms.check)}{terms.cite('check')} to {source_name}: {count(n, left)}"
        )
    out += [
        f"* {c.where}: {c.label}: {terms.change.format(before=terms.state(c.before), after=terms.state(c.after))} "
        f"({c.rule}: {c.why})"
        for c in changed
    ]
    out += [f"* {c.where}: {c.label}: {terms.state(c.after)}, to do: {c.todo} ({c.rule}: {c.why})" for c in todo]
    out += [f"* {where}: to do: {what} ({rule})" for where, what, rule in notes]
    return out


def _replaced(node: Node, texts: Mapping[int, str]) -> Node:
    """The tree with the nodes in ``texts`` (by identity) given new text; untouched subtrees
    are the same objects, so they keep their exact input bytes."""
    kids = tuple(_replaced(k, texts) for k in node.children)
    text = texts.get(id(node))
    if text is None and all(a is b for a, b in zip(kids, node.children)):
        return node
    return Node(node.text if text is None else text, kids)
