"""The game seam holds: no code outside a game's own folders names a game, and every package
ships (a plain `pip install .` carries the code, the game data and the art)."""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

from wargame.games import games

ROOT = Path(__file__).resolve().parents[1]
CODE = ("assistant", "builder", "staffwork", "vassal", "wargame")


def _literals(path: Path) -> list[tuple[int, str]]:
    """The string constants of a module that are not docstrings."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            body = getattr(node, "body", [])
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docstrings.add(id(body[0].value))
    return [
        (n.lineno, n.value)
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docstrings
    ]


def test_no_code_outside_a_games_own_folders_names_a_game():
    names = set()
    shorts = set()
    for g in games():
        names |= {g.key, g.short, g.title, *g.module_names}
        shorts.add(g.short)
    short_words = re.compile(r"\b(" + "|".join(map(re.escape, sorted(shorts))) + r")\b")
    own = {ROOT / "wargame" / "rules" / g.rules for g in games()}
    found = []
    for package in CODE:
        for path in sorted((ROOT / package).rglob("*.py")):
            if any(path.is_relative_to(folder) for folder in own):
                continue
            for line, text in _literals(path):
                if text in names or any(len(n) > 8 and n in text for n in names) or short_words.search(text):
                    found.append(f"{path.relative_to(ROOT)}:{line}: {text!r}")
    assert found == []


def test_every_code_package_is_listed_for_a_plain_install():
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    packages = {
        str(p.parent.relative_to(ROOT)).replace("/", ".")
        for package in CODE
        for p in (ROOT / package).rglob("__init__.py")
    }
    assert packages <= listed
    assert {"staffwork_data.scenarios", "staffwork_data.art"} <= listed
