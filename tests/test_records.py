"""records.frozen: the class @dataclass(frozen=True) makes, without compiling code per class."""

from __future__ import annotations

import builtins
import copy
import dataclasses
import inspect
import pickle
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar

import pytest

from records import frozen


def _shapes(plain: Any, slotted: Any, by_identity: Any, ordered: Any) -> dict[str, type]:
    """The same classes made by two decorators."""

    @plain
    class Point:
        """A point."""

        x: int
        label: str = ""
        tags: tuple[str, ...] = ()

    @plain
    class Table:
        rows: float
        names: Any = field(default_factory=lambda: MappingProxyType({}))
        weight: int = field(default=3, repr=False, compare=False)
        made: int = field(default=0, init=False)

    @slotted
    class Slotted:
        """With slots."""

        key: str
        level: int = 1
        seen: list[int] = field(default_factory=list, hash=False)

    @by_identity
    class Handle:
        """Compared by identity."""

        name: str

    @plain
    class Checked(Point):
        """A subclass with a check after init."""

        size: int = 5

        def __post_init__(self) -> None:
            if self.x < 0:
                raise ValueError("negative")

    @ordered
    class Rank:
        """Ordered."""

        level: int
        name: str

    @plain
    class Own:
        """Defines its own equality (and so gets the fields' hash)."""

        a: int

        def __eq__(self, other: object) -> bool:
            return True

    @plain
    class Keyword:
        """Keyword-only fields."""

        a: int
        b: int = field(default=2, kw_only=True)
        c: int = field(kw_only=True, default_factory=lambda: 7)

    @plain
    class Empty:
        """No field."""

    @plain
    class Counted:
        """A class variable beside a field: no field itself."""

        total: ClassVar[int] = 0
        name: str = ""

    made = (Point, Table, Slotted, Handle, Checked, Rank, Own, Keyword, Empty, Counted)
    return {c.__name__: c for c in made}


REAL = _shapes(dataclass(frozen=True), dataclass(frozen=True, slots=True),
               dataclass(frozen=True, eq=False), dataclass(frozen=True, order=True))  # fmt: skip
OURS = _shapes(frozen, frozen(slots=True), frozen(eq=False), frozen(order=True))
ARGS: dict[str, list[tuple[Any, ...]]] = {
    "Point": [(1,), (1, "x", ("a",)), (1, "x", ("a",))],
    "Table": [(1.5,), (2.5, {}, 4), (2.5, {}, 9)],
    "Slotted": [("a",), ("b", 2, [1])],
    "Handle": [("p",), ("p",)],
    "Checked": [(1,), (2, "y", (), 7)],
    "Rank": [(1, "a"), (2, "b"), (1, "b")],
    "Own": [(1,), (2,)],
    "Keyword": [(1,)],
    "Empty": [()],
    "Counted": [(), ("a",)],
}


def _behaviour(cls: type, made: list[Any]) -> list[Any]:
    """Everything a caller can see of a class and some of its objects."""
    out: list[Any] = [
        cls.__doc__,
        str(inspect.signature(cls)),
        getattr(cls, "__match_args__", None),
    ]
    out += [
        [f.name for f in dataclasses.fields(cls)],
        hasattr(cls, "__slots__"),
        cls.__hash__ is None,
    ]
    for x in made:
        out += [repr(x), [x == y for y in made], [x != y for y in made]]
        out.append(repr(dataclasses.replace(x)))
        out.append(_hash(x) if cls.__name__ != "Handle" else hash(x) == object.__hash__(x))
        if cls.__name__ == "Rank":
            out += [[x < y for y in made], [x >= y for y in made]]
        if cls.__name__ != "Slotted":  # the real one fails here (Python 3.11's slots bug)
            for attr in ("x", "other"):
                with pytest.raises(dataclasses.FrozenInstanceError) as e:
                    setattr(x, attr, 1)
                out.append(str(e.value))
        out += [repr(copy.copy(x)), repr(copy.deepcopy(x)) if cls.__name__ != "Table" else None]
    return out


def _hash(x: Any) -> Any:
    try:
        return hash(x)
    except TypeError as e:  # a field that cannot be hashed
        return str(e)


@pytest.mark.parametrize("name", sorted(ARGS))
def test_a_record_behaves_as_the_frozen_dataclass_of_the_same_fields(name: str) -> None:
    real, ours = REAL[name], OURS[name]
    assert dataclasses.is_dataclass(ours)
    expected = _behaviour(real, [real(*a) for a in ARGS[name]])
    assert _behaviour(ours, [ours(*a) for a in ARGS[name]]) == expected


def test_a_record_checks_its_arguments_as_a_dataclass_does() -> None:
    for classes in (REAL, OURS):
        for wrong in ((), (1, 2, 3, 4)):
            with pytest.raises(TypeError, match=r"Point.__init__\(\)"):
                classes["Point"](*wrong)
        with pytest.raises(TypeError, match="unexpected keyword argument 'made'"):
            classes["Table"](1, made=2)
    with pytest.raises(ValueError, match="negative"):
        OURS["Checked"](-1)
    with pytest.raises(TypeError, match="non-default argument 'b' follows default argument"):

        @frozen
        class Wrong:
            a: int = 0
            b: int  # type: ignore[misc]


def test_slotted_records_pickle_and_refuse_assignment() -> None:
    made = Pickled("a", (1, 2))
    assert pickle.loads(pickle.dumps(made)) == made
    assert not hasattr(made, "__dict__")
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'key'"):
        made.key = "b"  # type: ignore[misc]


@frozen(slots=True)
class Pickled:
    key: str
    values: tuple[int, ...] = ()


def test_a_record_of_a_known_shape_is_made_without_compiling(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    frozen(type("First", (), {"__annotations__": {"a": "int", "b": "str"}}))
    calls: list[str] = []
    for name in ("exec", "compile"):
        monkeypatch.setattr(builtins, name, _counted(getattr(builtins, name), calls))
    second = frozen(type("Second", (), {"__annotations__": {"c": "int", "d": "str"}}))
    monkeypatch.undo()
    assert calls == []
    assert repr(second(1, "z")) == "Second(c=1, d='z')"


def _counted(original: Any, calls: list[str]) -> Any:
    def counted(*args: Any) -> Any:
        calls.append(original.__name__)
        return original(*args)

    return counted


def test_every_record_of_the_project_has_its_init_ready_made_not_compiled() -> None:
    """records/_inits.py holds the __init__ template of every shape the packages' records have
    (compiling them was a fortieth of a check); after adding a record of a new shape, run
    ``python -m records vassal wargame assistant staffwork builder records``."""
    from records import _inits
    from records.__main__ import shapes_of

    missing = shapes_of(["vassal", "wargame", "assistant", "staffwork", "builder", "records"]) - _inits.SHAPES.keys()
    assert not missing
