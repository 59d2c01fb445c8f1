"""Mobject copies about three times faster, and the copies `copy.deepcopy` makes but for one thing
(each glyph's parsed SVG path is shared: see `SHARED`).

Manim copies a mobject (for every Transform, fade and `generate_target`) through
`Mobject.__deepcopy__`, which hands each attribute to `copy.deepcopy`: a text's arrays, floats
and colours, and the parsed SVG path each glyph keeps (thousands of small objects per text), each
go through `copy`'s general dispatch. Importing this module puts a `__deepcopy__` in its place
that follows `copy`'s own rules by a direct route for the kinds mobjects hold: values `deepcopy`
gives back unchanged (returned without a look in the memo, where `deepcopy` never puts them),
lists, dicts, numpy arrays, mobjects and plain objects (a class copied by its `__dict__` alone).
Anything else goes to `copy.deepcopy` itself. The memo is the caller's, filled as `deepcopy` fills
it, so shared parts stay shared and cycles end.
"""

from __future__ import annotations

import copy
import copyreg
import enum
import gc
import types
import weakref
from collections.abc import Callable
from typing import Any

import numpy as np
from manim import Mobject

Memo = dict[int, Any]
Copier = Callable[[Any, Memo], Any]

# Types `copy.deepcopy` gives back as they are, never memoised.
_ATOMS: set[type] = {type(None), int, float, bool, complex, str, bytes, range, type,
                     types.FunctionType, types.BuiltinFunctionType, type(Ellipsis),
                     type(NotImplemented), types.CodeType, weakref.ref, property}
_COPIERS: dict[type, Copier] = {}
SHARED = frozenset({"path_obj"})  # attributes a copy shares with its original
_NIL = object()
_MANIM_DEEPCOPY = Mobject.__deepcopy__


def deepcopy(x: Any, memo: Memo) -> Any:
    """`copy.deepcopy(x, memo)`, by a short route for the values mobjects hold."""
    cls = type(x)
    if cls in _ATOMS:
        return x
    y = memo.get(id(x), _NIL)
    if y is not _NIL:
        return y
    copier = _COPIERS.get(cls) or _copier_for(cls, x)
    return copier(x, memo)


def _keep_alive(x: Any, memo: Memo) -> None:
    """As `copy` does: the memo holds each original, so no id in it is reused while it lives."""
    try:
        memo[id(memo)].append(x)
    except KeyError:
        memo[id(memo)] = [x]


def _copy_list(x: list, memo: Memo) -> list:
    y: list = []
    memo[id(x)] = y
    append, atoms = y.append, _ATOMS
    for item in x:
        append(item if type(item) in atoms else deepcopy(item, memo))
    _keep_alive(x, memo)
    return y


def _copy_dict(x: dict, memo: Memo) -> dict:
    y: dict = {}
    memo[id(x)] = y
    atoms = _ATOMS
    for key, value in x.items():  # the value first, then the key, as `copy` does
        y[key if type(key) in atoms else deepcopy(key, memo)] = (
            value if type(value) in atoms else deepcopy(value, memo))
    _keep_alive(x, memo)
    return y


def _copy_array(x: np.ndarray, memo: Memo) -> np.ndarray:
    y = x.__deepcopy__(memo)  # numpy's own: same memory order; objects in it go to `deepcopy`
    memo[id(x)] = y
    _keep_alive(x, memo)
    return y


def _copy_plain(x: Any, memo: Memo) -> Any:
    """What `copy._reconstruct` does with `object.__reduce_ex__`'s (__newobj__, (cls,), __dict__):
    a new instance, its `__dict__` copied as `_copy_dict` would (inlined: they are many)."""
    cls = type(x)
    y = cls.__new__(cls)
    memo[id(x)] = y
    state = x.__dict__
    if state:
        copied = memo.get(id(state), _NIL)
        if copied is _NIL:
            copied = {}
            memo[id(state)] = copied
            atoms = _ATOMS
            for key, value in state.items():
                copied[key if type(key) in atoms else deepcopy(key, memo)] = (
                    value if type(value) in atoms else deepcopy(value, memo))
            _keep_alive(state, memo)
        y.__dict__.update(copied)
    _keep_alive(x, memo)
    return y


def _copy_mobject(x: Mobject, memo: Memo) -> Mobject:
    y = _copy_attributes(x, memo)
    memo[id(x)] = y
    _keep_alive(x, memo)
    return y


def _copy_other(x: Any, memo: Memo) -> Any:
    return copy.deepcopy(x, memo)


def _is_plain(cls: type, x: Any) -> bool:
    """Whether `copy.deepcopy` copies instances of `cls` as a new instance with a copied `__dict__`:
    no copy, pickle or slot hooks of its own anywhere in its classes, checked on one instance."""
    if (issubclass(cls, type) or cls in copyreg.dispatch_table
            or getattr(cls, "__deepcopy__", None) is not None
            or cls.__getattribute__ is not object.__getattribute__
            or cls.__reduce_ex__ is not object.__reduce_ex__ or cls.__reduce__ is not object.__reduce__
            or cls.__getstate__ is not object.__getstate__
            or any(hasattr(cls, name) for name in
                   ("__setstate__", "__getnewargs__", "__getnewargs_ex__", "__getattr__"))
            or any(vars(base).get("__slots__") for base in cls.__mro__)  # slots that hold state
            or not isinstance(getattr(x, "__dict__", None), dict)):
        return False
    reduced = x.__reduce_ex__(4)
    return (len(reduced) == 5 and reduced[0] is copyreg.__newobj__ and reduced[1] == (cls,)
            and (reduced[2] is x.__dict__ or (reduced[2] is None and not x.__dict__))
            and reduced[3] is None and reduced[4] is None)


def _copier_for(cls: type, x: Any) -> Copier:
    """The route for one type, chosen on its first instance and kept."""
    if issubclass(cls, type):
        _ATOMS.add(cls)  # a class (of any metaclass) is its own copy
        return lambda x, memo: x
    if cls is list:
        copier: Copier = _copy_list
    elif cls is dict:
        copier = _copy_dict
    elif cls is np.ndarray:
        copier = _copy_array
    elif issubclass(cls, enum.Enum) and cls.__deepcopy__ is enum.Enum.__deepcopy__:
        _ATOMS.add(cls)  # an enum member is its own copy
        return lambda x, memo: x
    elif issubclass(cls, Mobject) and cls.__deepcopy__ in (mobject_deepcopy, _MANIM_DEEPCOPY):
        copier = _copy_mobject
    elif _is_plain(cls, x):
        copier = _copy_plain
    else:
        copier = _copy_other
    _COPIERS[cls] = copier
    return copier


def mobject_deepcopy(self: Mobject, memo: Memo) -> Mobject:
    """Manim's `Mobject.__deepcopy__` with the attributes copied by `deepcopy`, and the cycle
    collector paused meanwhile: the copy only adds objects, and a text's copy adds thousands (its
    glyphs' parsed SVG paths), and the collector's passes over them cost nearly what the copy does."""
    if not gc.isenabled():
        return _copy_attributes(self, memo)
    gc.disable()
    try:
        return _copy_attributes(self, memo)
    finally:
        gc.enable()


def _copy_attributes(self: Mobject, memo: Memo) -> Mobject:
    """Manim's `Mobject.__deepcopy__`, line for line, with `deepcopy` copying the attributes, but
    for a glyph's parsed SVG path (`path_obj`, thousands of small objects per text): Manim reads
    it only while building the glyph, so the copy shares it."""
    cls = self.__class__
    result = cls.__new__(cls)
    memo[id(self)] = result
    atoms = _ATOMS
    for k, v in self.__dict__.items():
        setattr(result, k, v if type(v) in atoms or k in SHARED else deepcopy(v, memo))
    result.original_id = str(id(self))
    return result


def install() -> None:
    """Make every mobject copy (`copy`, `generate_target`, `copy.deepcopy`) take the short route."""
    Mobject.__deepcopy__ = mobject_deepcopy


def uninstall() -> None:
    """Manim's own `Mobject.__deepcopy__` again (for comparing the two)."""
    Mobject.__deepcopy__ = _MANIM_DEEPCOPY


install()
