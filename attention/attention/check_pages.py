"""The attention lesson's checks as a page asks them: each question's options, the core's answer
and a feedback line whose every number is the core's, formatted as the lesson formats it. A check
here is a loaded `transcript.script.Check` (the engine hands it over through the declaration)."""

from __future__ import annotations

from typing import Any

from attention.attention.checks import (
    CHANGES,
    EDITABLE,
    Goal,
    change,
    one_entry_edit,
    quantity_row,
    ranked,
    swap_difference,
    swapped,
)
from attention.attention.checks import edited as edited_core
from attention.attention.lesson import Lesson
from attention.figures import exact_score_figure, percent_figure, score_figure, value_figure

NAMES = {key: name for name, key in EDITABLE.items()}  # "w_k" -> "W_K"
ADDRESS = {"x": "x", "w_q": "wq", "w_k": "wk", "w_v": "wv"}  # as the explore panel's #edit= names them


def figure(quantity: str, value: float) -> str:
    """A score or weight as the page shows it: "6.1" or "55%"."""
    return percent_figure(value) if quantity == "weight" else score_figure(value)


def _of(quantity: str, query: str, key: str) -> str:
    """"creature's weight on fluffy" / "creature's score against fluffy"."""
    return f"{query}'s {quantity} {'on' if quantity == 'weight' else 'against'} {key}"


def score_working(core: Lesson, query: str, key: str) -> str:
    """`query`'s score against `key` worked out as the video writes it: each product of the query's
    and the key's entries, their sum, then the division by √d_k and what that root is."""
    i, j = core.index(query), core.index(key)
    q, k = core.result.queries[i], core.result.keys[j]
    products = " + ".join(f"{score_figure(a)}×{score_figure(b)}" for a, b in zip(q, k))
    raw, root = exact_score_figure(core.result.raw_scores[i, j]), core.result.scale
    divisor = f"{root:g}" if float(root).is_integer() else exact_score_figure(root)
    return (f"{query}'s query · {key}'s key = {products} = {raw}, and {raw} ÷ √{core.d_k} = "
            f"{raw} ÷ {divisor} = {exact_score_figure(core.result.scores[i, j])}")


def page_predict(check: Any, core: Lesson) -> dict:
    """A predict check's options, answer and feedback (the working of the highest)."""
    order = ranked(core, check.quantity, check.query, check.options)
    (top, value), rest = order[0], order[1:]
    if check.quantity == "score":
        why = f"{score_working(core, check.query, top)}, the highest"
        others = ", ".join(f"{t} {exact_score_figure(v)}" for t, v in rest)
    else:
        why = f"{_of('weight', check.query, top)} is {percent_figure(value)}, the highest"
        others = ", ".join(f"{t} {percent_figure(v)}" for t, v in rest)
    return {"options": list(check.options), "answer": top, "feedback": f"{why} (then {others})."}


def page_what_if(check: Any, core: Lesson) -> dict:
    """A what-if check's options (up, down, no change), answer and the figures before and after."""
    old, new = check.swap
    after = swapped(core, old, new)
    q = check.quantity
    was = float(quantity_row(core, q, check.query)[core.index(check.key)])
    now = float(quantity_row(after, q, check.query)[after.index(check.key)])
    moved = change(q, was, now)
    old_score = quantity_row(core, "score", check.query)[core.index(old)]
    how = (f"goes {moved}, from {figure(q, was)} to {figure(q, now)}" if moved != CHANGES[2]
           else f"stays {figure(q, now)}")
    feedback = (f"With {new} for {old}: {score_working(after, check.query, new)}, where {old}'s "
                f"score was {exact_score_figure(old_score)}; so {_of(q, check.query, check.key)} {how}.")
    return {"options": list(CHANGES), "answer": moved, "feedback": feedback,
            "swap": {"from": old, "to": new, "difference": swap_difference(core, old, new)},
            "words": list(after.tokens), "quantity": q,
            "query": check.query, "key": check.key, "before": figure(q, was), "after": figure(q, now)}


def page_task(check: Any, core: Lesson) -> dict:
    """A task's goal, the lesson's figures for it and one edit that meets it (the example)."""
    goal = Goal(check.quantity, check.query, check.greater, check.than)
    q = check.quantity
    row = quantity_row(core, q, check.query)
    # the lesson's numbers, not the learner's: the page says those live, beside this line
    now = (f"In the lesson, {_of(q, check.query, check.greater)} is "
           f"{figure(q, row[core.index(check.greater)])} and on {check.than} "
           f"{figure(q, row[core.index(check.than)])}.")
    data: dict = {"options": [], "answer": None, "example": None,
                  "goal": {"quantity": q, "query": check.query, "greater": check.greater,
                           "than": check.than, "edit": check.edit, "edits": check.edits},
                  # the goal as a SCORM platform records a task's correct response
                  "pattern": f"{q} of {check.query}: {check.greater} > {check.than}, editing at most "
                             f"{check.edits} of {check.edit}"}
    edit = one_entry_edit(core, goal, check.edit)
    if edit is None:
        return {**data, "feedback": now}
    matrix = core.embeddings if edit.matrix == "x" else getattr(core, edit.matrix)
    rows = core.tokens if edit.matrix == "x" else core.features
    cols = core.qk_dims if edit.matrix in ("w_q", "w_k") else core.features
    done = quantity_row(edited_core(core, edit), q, check.query)
    data["example"] = {"matrix": edit.matrix, "row": edit.row, "col": edit.col, "value": edit.value,
                       "row_name": rows[edit.row], "col_name": cols[edit.col],
                       "address": f"{ADDRESS[edit.matrix]}_{edit.row}_{edit.col}_{edit.value:g}"}
    example = (f"One entry does it: {NAMES[edit.matrix]}[{rows[edit.row]}, {cols[edit.col]}] from "
               f"{value_figure(matrix[edit.row, edit.col])} to {value_figure(edit.value)} gives "
               f"{check.greater} {figure(q, done[core.index(check.greater)])} and {check.than} "
               f"{figure(q, done[core.index(check.than)])}.")
    return {**data, "feedback": f"{now} {example}"}
