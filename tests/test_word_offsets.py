"""A sentence moved along the lesson keeps its words where they were within it, to the digit:
what lets an edit of one sentence leave the beats of every later sentence in the cache."""

from __future__ import annotations

import json
import random

from audio.assemble import GRID, RATE, Placement
from audio.narration import _in_lesson


def test_a_words_offset_into_its_sentence_does_not_depend_on_where_the_sentence_is():
    rng = random.Random(7)
    length = 5 * RATE
    for _ in range(300):
        t = rng.uniform(0, 4.9)
        offsets = set()
        for k in (0, 1, 7, 450, 1579, 1580):  # sentence starts on the grid, up to ~2 minutes in
            p = Placement(k * GRID, length)
            word = _in_lesson(["word"], [(t, t + 0.05)], p)[0]
            start = json.loads(json.dumps(word.start))  # as lesson.json keeps it
            offsets.add(round(start - p.start / RATE, 4))
        assert offsets == {round(t, 4)}, t
