"""Naming the choices in an error line: a few of them, the one meant first when it is near."""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable
from typing import TypeVar

T = TypeVar("T")


def few(items: Iterable[T], shown: int = 5, name: Callable[[T], str] = str,
        near: str | None = None) -> str:
    """The first `shown` of `items` (each as `name` gives it) joined by commas, then how many
    more: an error line that lists sentences stays one short line, however long the lesson.
    Given `near` (the name that was not found) and more items than are shown, those spelled most
    like it come first, so the one meant is named, never only counted."""
    every = list(items)
    if near is not None and len(every) > shown:  # all listed: in their own order
        close = closest(near, [name(i) for i in every], shown)
        every.sort(key=lambda i: close.index(name(i)) if name(i) in close else len(close))
    head = ", ".join(name(i) for i in every[:shown])
    return head if len(every) <= shown else f"{head} and {len(every) - shown} more"


def closest(wanted: str, names: Iterable[str], most: int = 1) -> list[str]:
    """The names spelled most like `wanted`, best first (difflib's ratio; none when nothing is
    near): what an error offers as "did you mean ...?"."""
    return difflib.get_close_matches(wanted, list(names), n=most, cutoff=0.6)


def did_you_mean(wanted: str, names: Iterable[str]) -> str:
    """' (did you mean 'x'?)' for the closest of `names`, or '' when none is near."""
    near = closest(wanted, names)
    return f" (did you mean {near[0]!r}?)" if near else ""
