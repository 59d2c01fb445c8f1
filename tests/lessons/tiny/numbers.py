"""The tiny lesson's numbers: two counts and their sum, in numpy, so the script, the scenes and
the page all take them from here."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np


@dataclass(frozen=True)
class Counts:
    """Apples and pears in a basket, and how many fruit that makes."""

    names: tuple[str, ...]
    counts: np.ndarray  # (2,), one per name

    @property
    def total(self) -> int:
        return int(self.counts.sum())

    def count(self, name: str) -> int:
        """How many of `name` (an apple or a pear) the basket holds."""
        return int(self.counts[self.names.index(name)])


@cache
def counts() -> Counts:
    """Three apples and four pears (computed once)."""
    values = np.array([3, 4])
    values.setflags(write=False)
    return Counts(("apples", "pears"), values)
