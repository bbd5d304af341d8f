"""Frozen records: ``@frozen`` makes the class ``@dataclass(frozen=True)`` makes, without
compiling code for each class.

Python 3.11's dataclasses compile five or six small functions for every frozen class (an
``exec`` each, ~0.6 ms a class); a command that imports a hundred such classes spent most of
its import time there (issue 20). Here dataclasses only collects the fields (it is asked for no
methods); ``__init__`` is a code object compiled once per shape (how many fields, which of them
have a default factory ...) and given the class's names when it is first looked up; ``__eq__``,
``__hash__``, ``__repr__``, ordering and the frozen ``__setattr__`` / ``__delattr__`` are
closures over the field names.
What a caller sees is what dataclasses gives: the same signature, defaults and annotations,
equality, ordering and hash over the same tuples of fields, the same repr,
``FrozenInstanceError`` on assignment, ``__match_args__``, slots and their pickled state;
``dataclasses.fields``, ``replace`` and ``asdict`` work as on any dataclass.

Two differences: ``__dataclass_params__`` records the call made to dataclasses (no methods,
not frozen), so a frozen record subclasses only frozen records or plain classes, never a
``@dataclass(frozen=True)`` class, nor the reverse (dataclasses refuses both at import); and
assigning to a slotted record raises ``FrozenInstanceError`` where Python 3.11's own slotted
frozen dataclasses raise a ``TypeError`` from ``super()``. Fields may not be ``InitVar``s or be
named ``self``. Mutable classes stay plain ``@dataclass``.

This package imports nothing of ours: every other package may use it.
"""

from __future__ import annotations

import abc
import builtins
import dataclasses
import inspect
import operator
import re
import reprlib
import sys
import types
import typing
import weakref
from collections.abc import Callable
from dataclasses import MISSING, Field, FrozenInstanceError
from typing import Any, TypeVar, dataclass_transform, overload

__all__ = ["frozen"]

T = TypeVar("T", bound=type)
Method = Callable[..., Any]


class _Factory:
    """The default of a parameter whose field has a default factory (shown as dataclasses
    shows its own marker)."""

    def __repr__(self) -> str:
        return "<factory>"


_FACTORY = _Factory()
_TEMPLATES: dict[tuple[Any, ...], types.CodeType] = {}  # __init__ code by shape
_ORDER = (("__lt__", operator.lt), ("__le__", operator.le), ("__gt__", operator.gt),
          ("__ge__", operator.ge))  # fmt: skip


@overload
def frozen(cls: T, /) -> T: ...
@overload
def frozen(*, eq: bool = True, order: bool = False, slots: bool = False) -> Callable[[T], T]: ...
@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field, Field))
def frozen(cls: Any = None, /, *, eq: bool = True, order: bool = False, slots: bool = False) -> Any:
    """``@frozen``, or ``@frozen(eq=False | order=True | slots=True)``: a frozen dataclass."""

    def wrap(c: T) -> T:
        return _make(c, eq, order, slots)

    return wrap if cls is None else wrap(cls)


def _make(cls: Any, eq: bool, order: bool, slots: bool) -> Any:
    if order and not eq:
        raise ValueError("eq must be true if order is true")
    own = cls.__dict__
    explicit_hash = "__hash__" in own and not (own["__hash__"] is None and "__eq__" in own)
    docless = not cls.__doc__
    if docless:
        cls.__doc__ = "-"  # else dataclasses describes the signature of an __init__ not made yet
    if slots or not _collect(cls):
        cls = dataclasses.dataclass(cls, init=False, repr=False, eq=False, frozen=False, slots=slots)
    every = dataclasses.fields(cls)
    names = tuple(f.name for f in every)
    compared = tuple(f.name for f in every if f.compare)
    if "__init__" not in cls.__dict__:
        cls.__init__ = _LazyInit(cls, _init(cls, every))
    _add(cls, "__repr__", lambda: _repr(tuple(f.name for f in every if f.repr)))
    if eq:
        _add(cls, "__eq__", lambda: _compare(operator.eq, compared))
    for name, op in _ORDER if order else ():
        if name in cls.__dict__:
            raise TypeError(f"Cannot overwrite attribute {name} in class {cls.__name__}. "
                            "Consider using functools.total_ordering")  # fmt: skip
        _add(cls, name, lambda op=op: _compare(op, compared))  # type: ignore[misc]
    for name, fn in _frozen(cls, names):
        if name in cls.__dict__:
            raise TypeError(f"Cannot overwrite attribute {name} in class {cls.__name__}")
        _add(cls, name, lambda fn=fn: fn)  # type: ignore[misc]
    if eq and not explicit_hash:
        hashed = tuple(f.name for f in every if (f.compare if f.hash is None else f.hash))
        cls.__hash__ = _named(cls, "__hash__", _hash(hashed))
    if slots:  # a frozen class with slots is pickled through these, as dataclasses does it
        if "__getstate__" not in cls.__dict__:
            cls.__getstate__ = _getstate
        if "__setstate__" not in cls.__dict__:
            cls.__setstate__ = _setstate
    if docless:
        cls.__doc__ = cls.__name__ + str(inspect.signature(cls)).replace(" -> None", "")
    return cls


_IDENTIFIER = re.compile(r"^(?:\s*(\w+)\s*\.)?\s*(\w+)")  # dataclasses' own pattern
_FAST = sys.version_info[:2] == (3, 11)  # the dataclasses whose steps _collect takes


def _collect(cls: Any) -> bool:
    """What ``dataclasses.dataclass(cls, init=False, repr=False, eq=False)`` does, when the class
    is a plain case: its fields from string annotations, none a ClassVar, InitVar or KW_ONLY
    marker, no mutable default, no frozen dataclass base. Python 3.11's dataclasses asks each
    annotation three times what it names (a third of the records' import time, issue 20); here
    once. False, with the class untouched, when it is no plain case: then dataclasses does it
    (and raises what it raises)."""
    if not _FAST:
        return False
    fields: dict[str, Field[Any]] = {}
    for base in cls.__mro__[-1:0:-1]:
        inherited = getattr(base, "__dataclass_fields__", None)
        if inherited is not None:
            if base.__dataclass_params__.frozen:
                return False
            fields.update((f.name, f) for f in inherited.values())
    own = inspect.get_annotations(cls)
    module = sys.modules.get(cls.__module__)
    names = module.__dict__ if module is not None else {}
    defaults = []
    for name, kind in own.items():
        if not isinstance(kind, str):
            return False
        found = _IDENTIFIER.match(kind)
        if (
            found
            and (found[1] is None or names.get(found[1]) in (typing, dataclasses))
            and _special(names.get(found[2]))
        ):
            return False
        default: Any = getattr(cls, name, MISSING)
        value = default.default if isinstance(default, Field) else default
        if isinstance(value, types.MemberDescriptorType) and not isinstance(default, Field):
            default = value = MISSING
        if value.__class__.__hash__ is None:
            return False
        defaults.append((name, kind, default))
    if any(isinstance(v, Field) and k not in own for k, v in cls.__dict__.items()):
        return False
    cls.__dataclass_params__ = _PARAMS
    for name, kind, default in defaults:
        f: Any = default if isinstance(default, Field) else dataclasses.field(default=default)
        f.name, f.type, f._field_type = name, kind, _FIELD
        if f.kw_only is MISSING:
            f.kw_only = False
        fields[name] = f
        if isinstance(getattr(cls, name, None), Field):
            if f.default is MISSING:
                delattr(cls, name)
            else:
                setattr(cls, name, f.default)
    cls.__dataclass_fields__ = fields
    if "__match_args__" not in cls.__dict__:
        kinds = {n: f._field_type for n, f in fields.items()}  # type: ignore[attr-defined]
        args = tuple(n for n, f in fields.items() if kinds[n] is _FIELD and f.init and not f.kw_only)
        setattr(cls, "__match_args__", args)  # noqa: B010 - mypy refuses the plain assignment
    abc.update_abstractmethods(cls)
    return True


def _special(named: Any) -> bool:
    """Whether an annotation names a ClassVar, an InitVar or the KW_ONLY marker."""
    return (
        named is typing.ClassVar
        or named is dataclasses.InitVar
        or named is dataclasses.KW_ONLY
        or isinstance(named, dataclasses.InitVar)
        or (type(named) is typing._GenericAlias and named.__origin__ is typing.ClassVar)  # type: ignore[attr-defined]
    )


@dataclasses.dataclass(init=False, repr=False, eq=False)
class _Template:
    """What dataclasses gives a plain class: its parameters and its fields' kind, shared."""

    one: int


_PARAMS = _Template.__dataclass_params__  # type: ignore[attr-defined]
_FIELD = dataclasses.fields(_Template)[0]._field_type  # type: ignore[attr-defined]


def _add(cls: Any, name: str, make: Callable[[], Method]) -> None:
    """Give the class a method it does not define itself (dataclasses never overwrites one)."""
    if name not in cls.__dict__:
        setattr(cls, name, _named(cls, name, make()))


def _named(cls: Any, name: str, fn: Method) -> Method:
    fn.__name__ = name
    fn.__qualname__ = f"{cls.__qualname__}.{name}"
    return fn


class _LazyInit:
    """A record's ``__init__`` until it is first looked up (an object made, the signature
    asked for): then the function itself, put in the class in its place. A command imports a
    hundred records and makes objects of a few (the map and content come unpickled, with no
    ``__init__`` called): building every ``__init__`` up front was a third of the records'
    import time (issue 20)."""

    __slots__ = ("cls", "make")

    def __init__(self, cls: Any, make: Callable[[], types.FunctionType]):
        self.cls = cls
        self.make = make

    def __get__(self, obj: Any, owner: Any = None) -> Any:
        fn = self.cls.__dict__.get("__init__")
        if fn is self:
            fn = _named(self.cls, "__init__", self.make())
            type.__setattr__(self.cls, "__init__", fn)
        return fn if obj is None else fn.__get__(obj, owner)


def _init(cls: Any, every: tuple[Field[Any], ...]) -> Callable[[], types.FunctionType]:
    """What makes ``__init__`` as dataclasses writes it for a frozen class, from a template's
    code; its arguments are checked now, as dataclasses checks them when the class is made."""
    real = {f.name for f in every}
    pseudo = [f for f in cls.__dataclass_fields__.values() if f.name not in real]  # Class-, InitVar
    if any("InitVar" in str(f.type) for f in pseudo):
        raise TypeError(f"{cls.__name__}: a record with InitVar fields needs @dataclass")
    if "self" in real:
        raise TypeError(f"{cls.__name__}: a record with a field named 'self' needs @dataclass")
    positional = tuple(i for i, f in enumerate(every) if f.init and not f.kw_only)
    keyword = tuple(i for i, f in enumerate(every) if f.init and f.kw_only)
    seen_default = False
    for i in positional:
        if _default(every[i]) is not MISSING:
            seen_default = True
        elif seen_default:
            raise TypeError(f"non-default argument {every[i].name!r} follows default argument")
    slots = "__slots__" in cls.__dict__
    scope: dict[str, Any] = {"__builtins__": builtins, "__name__": cls.__module__,
                             "_set": object.__setattr__, "_FACTORY": _FACTORY}  # fmt: skip
    shape = []
    for i, f in enumerate(every):
        if f.default_factory is not MISSING:
            scope[f"_factory{i}"] = f.default_factory
            shape.append("f" if f.init else "F")
        elif f.init:
            shape.append("p")
        elif slots and f.default is not MISSING:  # no class attribute holds it: set it here
            scope[f"_default{i}"] = f.default
            shape.append("d")
        else:
            shape.append("-")
    post_init = hasattr(cls, "__post_init__")
    SHAPE_OF[cls] = (tuple(shape), positional, keyword, post_init)

    def make() -> types.FunctionType:
        code = _template(tuple(shape), positional, keyword, post_init)
        params = tuple(every[i].name for i in (*positional, *keyword))
        placeholders = {f"\0{i}": f.name for i, f in enumerate(every)}
        consts = tuple(placeholders.get(c, c) if isinstance(c, str) else c for c in code.co_consts)
        code = code.replace(co_varnames=("self", *params), co_consts=consts, co_name="__init__",
                            co_qualname=f"{cls.__qualname__}.__init__")  # fmt: skip
        fn = types.FunctionType(code, scope, "__init__")
        fn.__defaults__ = tuple(_default(every[i]) for i in positional
                                if _default(every[i]) is not MISSING) or None  # fmt: skip
        fn.__kwdefaults__ = {every[i].name: _default(every[i]) for i in keyword
                             if _default(every[i]) is not MISSING} or None  # fmt: skip
        fn.__annotations__ = {**{f.name: f.type for f in every if f.init}, "return": None}
        return fn

    return make


def _default(f: Field[Any]) -> Any:
    return _FACTORY if f.default_factory is not MISSING else f.default


def _template(shape: tuple[str, ...], positional: tuple[int, ...], keyword: tuple[int, ...],
              post_init: bool) -> types.CodeType:  # fmt: skip
    """The code of an ``__init__`` of this shape, with placeholder names: from records._inits
    (written by ``python -m records``: a shape the project's records have comes from its
    bytecode cache, where compiling it was a fortieth of a check, issue 20), else compiled
    once from ``_source``."""
    key = (shape, positional, keyword, post_init)
    if key not in _TEMPLATES:
        code = _ready().get(key)
        if code is None:
            module = compile(_source(key, "__init__"), "<records>", "exec", dont_inherit=True)
            code = next(c for c in module.co_consts if isinstance(c, types.CodeType))
        _TEMPLATES[key] = code
    return _TEMPLATES[key]


def _source(key: tuple[Any, ...], name: str) -> str:
    """An ``__init__`` of a shape in Python: field i is parameter ``_i``, its name the constant
    ``"\\x00i"``; ``shape[i]`` says how it is set ("p" the parameter, "f" the parameter or its
    factory, "F" the factory, "d" the default, "-" not at all)."""
    shape, positional, keyword, post_init = key
    params = ["self", *(f"_{i}" for i in positional)]
    if keyword:
        params += ["*", *(f"_{i}" for i in keyword)]
    body = []
    for i, kind in enumerate(shape):
        value = {"p": f"_{i}", "f": f"_factory{i}() if _{i} is _FACTORY else _{i}",
                 "F": f"_factory{i}()", "d": f"_default{i}"}.get(kind)  # fmt: skip
        if value is not None:
            body.append(f'    _set(self, "\\x00{i}", {value})')
    if post_init:
        body.append("    self.__post_init__()")
    return f"def {name}({', '.join(params)}):\n" + ("\n".join(body) or "    pass") + "\n"


_READY: dict[tuple[Any, ...], types.CodeType] | None = None
# each record's shape, for ``python -m records`` (records/__main__.py)
SHAPE_OF: weakref.WeakKeyDictionary[type, tuple[Any, ...]] = weakref.WeakKeyDictionary()


def _ready() -> dict[tuple[Any, ...], types.CodeType]:
    global _READY
    if _READY is None:
        try:
            from records import _inits
        except ImportError:  # pragma: no cover - never written
            _READY = {}
        else:
            _READY = _inits.SHAPES
    return _READY


def module_text(keys: set[tuple[Any, ...]]) -> str:
    """The text of records/_inits.py for these shapes (``python -m records`` writes it)."""
    ordered = sorted(keys, key=repr)
    parts = [
        '"""The ``__init__`` templates of the records\' shapes the project has, so that their code\n'
        "comes from the bytecode cache (records._template). Written by ``python -m records\n"
        'PACKAGE...``; do not edit. A shape not here is compiled when first needed."""\n'
        "# ruff: noqa: F821, E501 - the templates' names are given when a record's __init__ is made\n"
        "# mypy: ignore-errors\n"
        "# fmt: off\n"
    ]
    parts += ["\n\n" + _source(key, f"_t{i}") for i, key in enumerate(ordered)]
    table = "".join(f"    {key!r}: _t{i}.__code__,\n" for i, key in enumerate(ordered))
    parts.append("\n\nSHAPES = {\n" + table + "}\n")
    return "".join(parts)


def _values(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """The tuple of the fields' values (a tuple for one field or none too: what dataclasses
    compares and hashes)."""
    if len(names) > 1:
        return operator.attrgetter(*names)
    if names:
        name = names[0]
        return lambda self: (getattr(self, name),)
    return lambda self: ()


def _repr(names: tuple[str, ...]) -> Method:
    def show(self: Any) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in names)
        return f"{self.__class__.__qualname__}({fields})"

    return reprlib.recursive_repr()(show)  # '...' for a record inside itself, as dataclasses


def _compare(op: Callable[[Any, Any], Any], names: tuple[str, ...]) -> Method:
    values = _values(names)

    def compare(self: Any, other: Any) -> Any:
        if other.__class__ is self.__class__:
            return op(values(self), values(other))
        return NotImplemented

    return compare


def _hash(names: tuple[str, ...]) -> Method:
    values = _values(names)
    return lambda self: hash(values(self))


def _frozen(cls: Any, names: tuple[str, ...]) -> tuple[tuple[str, Method], ...]:
    def assign(self: Any, name: str, value: Any) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    def delete(self: Any, name: str) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    return (("__setattr__", assign), ("__delattr__", delete))


def _getstate(self: Any) -> list[Any]:
    return [getattr(self, f.name) for f in dataclasses.fields(self)]


def _setstate(self: Any, state: list[Any]) -> None:
    for f, value in zip(dataclasses.fields(self), state, strict=False):
        object.__setattr__(self, f.name, value)
