"""Where to cut a beat drawn in two processes (the live preview's long beats), so that both
parts take about as long.

A beat's cost is in its moving frames: measured on the lesson's longest beat at low quality, a
frame of a play took 20–50 ms to draw and encode, a held frame 4–9 ms, and a play's start (its
copies of the mobjects) about two frames' worth. The process that draws the second part first
runs the first without pixels, about eight frames' worth. Where a beat moves is known from the
preview's run of the scene without pixels (video.checkpoints), under the timing before the edit.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import numpy as np

HELD = 0.2  # a held frame's cost, in moving frames
PLAY_START = 2.0  # a play's start
SKIP = 8.0  # running the first part without pixels, in the second part's process
# A beat is drawn in two only from this cost (about 2 s of drawing, at either quality: the cost
# is in Python, per frame): below it, the fork, the play starts both processes run and the join
# took more than the second process saved (measured with the preview bench).
MIN_COST = 80.0


Moves = Sequence[tuple[int, int]]  # the frames each play spans, [start, end), from the beat's start


def split_frame(moves: Moves, length: int, begin: int, end: int) -> int | None:
    """The frame in [begin, end) where the second part starts: the two parts cost about the
    same; None when the beat costs too little to draw in two. `moves` and `length` describe the
    beat as last run; it now spans [begin, end)."""
    n = end - begin
    scale = n / length if length else 1.0
    cost = np.full(n, HELD)
    for start, stop in moves:
        a, b = min(n - 1, round(start * scale)), min(n, max(round(stop * scale), round(start * scale) + 1))
        cost[a:b] = 1.0
        cost[a] += PLAY_START
    if cost.sum() < MIN_COST or n < 2:
        return None
    first = np.cumsum(cost)[:-1]  # the first part's cost, with 1 .. n-1 frames
    imbalance = np.abs(first - (cost.sum() - first + SKIP))
    return begin + 1 + int(np.argmin(imbalance))


def write_moves(path: Path, moves: Moves, length: int) -> None:
    """Keep where a beat moves beside the paused copy at its start (`path`)."""
    path.write_text(json.dumps({"length": length, "moves": [list(m) for m in moves]}),
                    encoding="utf-8")


def read_moves(path: Path) -> tuple[list[tuple[int, int]], int] | None:
    """What `write_moves` kept, or None."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return [(int(a), int(b)) for a, b in data["moves"]], int(data["length"])
    except (OSError, ValueError, KeyError, TypeError):
        return None
