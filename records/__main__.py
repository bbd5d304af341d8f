"""``python -m records PACKAGE...``: import every module of the packages and write
records/_inits.py, the ``__init__`` templates of every shape their records have (records._template).
Modules that cannot be imported here (an optional dependency missing) are named and skipped."""

from __future__ import annotations

import importlib
import pkgutil
import sys
from pathlib import Path

import records


def shapes_of(packages: list[str]) -> set[tuple]:
    """The shapes of the records of every importable module of the packages."""
    shapes: set[tuple] = set()
    for name in packages:
        package = importlib.import_module(name)
        for found in pkgutil.walk_packages(package.__path__, name + "."):
            if found.name.endswith("__main__"):
                continue
            try:
                module = importlib.import_module(found.name)
            except ImportError as exc:
                sys.stderr.write(f"skipped {found.name}: {exc}\n")
                continue
            found_here = (records.SHAPE_OF.get(v) for v in vars(module).values() if isinstance(v, type))
            shapes.update(s for s in found_here if s is not None)
    return shapes


def main(argv: list[str]) -> int:
    if not argv:
        sys.stderr.write("usage: python -m records PACKAGE...\n")
        return 2
    target = Path(records.__file__).with_name("_inits.py")
    shapes = shapes_of(argv)
    target.write_text(records.module_text(shapes), encoding="utf-8")
    print(f"{target}: {len(shapes)} shapes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
