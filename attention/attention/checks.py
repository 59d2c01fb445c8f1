"""What the lesson asks back, answered by the core: which key a query scores highest against,
what swapping a word does to a weight, whether edited weights meet a goal, and one edit that does.

Comparisons are made on the figures a learner sees (whole percents, one-decimal scores), so "blue
gets more than fluffy" means the page shows a larger number for blue.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

import numpy as np

from attention.attention.explore import ENTRY_LIMIT, ENTRY_STEP
from attention.attention.lesson import Lesson
from attention.attention.vocabulary import vocabulary
from attention.core import attend
from attention.figures import SCORE_DECIMALS, percent

QUANTITIES = ("score", "weight")  # what a check may ask about: a row of the scores or the weights
EDITABLE = {"embedding": "x", "W_Q": "w_q", "W_K": "w_k", "W_V": "w_v"}  # name shown -> data key
CHANGES = ("up", "down", "no change")  # what a swap can do to a figure
SCORE_INPUTS = ("x", "w_q", "w_k")  # what QKᵀ/√d_k is made of: an edit of W_V moves no score or weight


@dataclass(frozen=True)
class Goal:
    """A task: `query`'s `quantity` on `greater` shown larger than on `than`."""

    quantity: str
    query: str
    greater: str
    than: str


@dataclass(frozen=True)
class Edit:
    """One entry of a matrix (a key of EDITABLE's values) set to `value`."""

    matrix: str
    row: int
    col: int
    value: float


def recomputed(core: Lesson, tokens: tuple[str, ...] | None = None,
               **arrays: np.ndarray) -> Lesson:
    """`core` with some inputs replaced (tokens; embeddings, w_q, w_k, w_v), attention run again."""
    x, w_q, w_k, w_v = (_frozen(arrays.pop(name, getattr(core, name)))
                        for name in ("embeddings", "w_q", "w_k", "w_v"))
    if arrays:
        raise TypeError(f"no input of the lesson is called {sorted(arrays)[0]!r}")
    return replace(core, tokens=tokens or core.tokens, embeddings=x, w_q=w_q, w_k=w_k, w_v=w_v,
                   result=attend(x, w_q, w_k, w_v))


def _frozen(a: np.ndarray) -> np.ndarray:
    a = np.array(a, dtype=float)
    a.setflags(write=False)
    return a


def quantity_row(core: Lesson, quantity: str, query: str) -> np.ndarray:
    """`query`'s scores (QKᵀ/√d_k) or weights against every key, (n,)."""
    rows = {"score": core.result.scores, "weight": core.result.weights}[quantity]
    return rows[core.index(query)]


def shown(quantity: str, value: float) -> float:
    """The figure a learner sees for `value`: a whole percent, or a score to SCORE_DECIMALS."""
    return float(percent(value)) if quantity == "weight" else round(float(value), SCORE_DECIMALS)


def ranked(core: Lesson, quantity: str, query: str, options: Iterable[str]) -> list[tuple[str, float]]:
    """The options with `query`'s quantity on each, highest first (ties in the given order)."""
    row = quantity_row(core, quantity, query)
    return sorted(((t, float(row[core.index(t)])) for t in options), key=lambda p: -p[1])


def swapped(core: Lesson, old: str, new: str) -> Lesson:
    """The phrase with the token `old` replaced by the vocabulary word `new`, attention run again."""
    i = core.index(old)
    x = np.array(core.embeddings)
    x[i] = vocabulary(core)[new]
    tokens = core.tokens[:i] + (new,) + core.tokens[i + 1:]
    return recomputed(core, tokens=tokens, embeddings=x)


def swap_difference(core: Lesson, old: str, new: str) -> str:
    """How the word swapped in differs from the token it replaces, in the core's own features,
    so that what a check says about a word is what the core has: "red's embedding is blue's
    without its blue colour feature"."""
    was, now = core.embeddings[core.index(old)], vocabulary(core)[new]
    lost = [f for f, a, b in zip(core.features, was, now) if a and not b]
    gained = [f"{f} {b:g}" for f, a, b in zip(core.features, was, now) if b and not a]
    moved = [f"{f} {b:g} instead of {a:g}" for f, a, b in zip(core.features, was, now) if a and b and a != b]
    parts = []
    if lost:
        parts.append(f"without its {' and '.join(lost)} feature{'s' if len(lost) > 1 else ''}")
    parts += [f"with {p}" for p in (*gained, *moved)]
    if not parts:
        return f"{new}'s embedding is the same as {old}'s"
    return f"{new}'s embedding is {old}'s {', '.join(parts)}"


def change(quantity: str, before: float, after: float) -> str:
    """What happened to a figure: "up", "down" or "no change", as a learner sees it."""
    a, b = shown(quantity, before), shown(quantity, after)
    return CHANGES[0] if b > a else CHANGES[1] if b < a else CHANGES[2]


def meets(core: Lesson, goal: Goal) -> bool:
    """Whether `core`'s numbers meet the goal, on the figures shown."""
    row = quantity_row(core, goal.quantity, goal.query)
    return (shown(goal.quantity, row[core.index(goal.greater)])
            > shown(goal.quantity, row[core.index(goal.than)]))


def edited(core: Lesson, edit: Edit) -> Lesson:
    """`core` with one entry changed."""
    name = "embeddings" if edit.matrix == "x" else edit.matrix
    m = np.array(getattr(core, name))
    m[edit.row, edit.col] = edit.value
    arrays: dict[str, np.ndarray] = {name: m}
    return recomputed(core, None, **arrays)


def _magnitudes() -> list[float]:
    """The changes an edit search tries, smallest first, on the entry grid and within its bounds:
    every step up to 2, then coarser."""
    fine = np.arange(1, 21) * ENTRY_STEP
    coarse = np.concatenate([np.arange(2.5, 10.01, 0.5), np.arange(15, 2 * ENTRY_LIMIT + 0.01, 5.0)])
    return [round(float(d), 6) for d in np.concatenate([fine, coarse])]


def one_entry_edit(core: Lesson, goal: Goal, matrix: str) -> Edit | None:
    """The smallest change of one entry of `matrix` (within ±ENTRY_LIMIT, on the ENTRY_STEP grid,
    the coarser the larger) that meets `goal`; None if there is none. Ties: the first entry."""
    key = (core.tokens, *(getattr(core, n).tobytes() for n in ("embeddings", "w_q", "w_k", "w_v")),
           goal, matrix)
    if key not in _found:
        if len(_found) >= 64:
            _found.clear()
        _found[key] = _first_edit(core, goal, matrix)
    return _found[key]


_found: dict[tuple, Edit | None] = {}  # searches done, by the core's inputs, the goal and matrix


def _first_edit(core: Lesson, goal: Goal, matrix: str) -> Edit | None:
    m = core.embeddings if matrix == "x" else getattr(core, matrix)
    for step in _magnitudes():
        for row in range(m.shape[0]):
            for col in range(m.shape[1]):
                for sign in (1, -1):
                    value = round(float(m[row, col]) + sign * step, 6)
                    if abs(value) > ENTRY_LIMIT:
                        continue
                    edit = Edit(matrix, row, col, value)
                    if meets(edited(core, edit), goal):
                        return edit
    return None
