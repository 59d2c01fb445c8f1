"""The checks a page asks, as JSON data: each question with its options, the core's answer and a
feedback line whose every number is the core's, formatted as the lesson formats it."""

from __future__ import annotations

from collections.abc import Collection

from attention import Lesson, exact_score_figure, lesson, percent_figure, score_figure, value_figure
from attention.checks import (
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
from attention.checks import edited as edited_core
from transcript.manifest import Manifest
from transcript.script import Check

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


def _predict(check: Check, core: Lesson) -> dict:
    order = ranked(core, check.quantity, check.query, check.options)
    (top, value), rest = order[0], order[1:]
    if check.quantity == "score":
        why = f"{score_working(core, check.query, top)}, the highest"
        others = ", ".join(f"{t} {exact_score_figure(v)}" for t, v in rest)
    else:
        why = f"{_of('weight', check.query, top)} is {percent_figure(value)}, the highest"
        others = ", ".join(f"{t} {percent_figure(v)}" for t, v in rest)
    return {"options": list(check.options), "answer": top, "feedback": f"{why} (then {others})."}


def _what_if(check: Check, core: Lesson) -> dict:
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


def _task(check: Check, core: Lesson) -> dict:
    goal = Goal(check.quantity, check.query, check.greater, check.than)
    q = check.quantity
    row = quantity_row(core, q, check.query)
    # the lesson's numbers, not the learner's: the page says those live, beside this line
    now = (f"In the lesson, {_of(q, check.query, check.greater)} is "
           f"{figure(q, row[core.index(check.greater)])} and on {check.than} "
           f"{figure(q, row[core.index(check.than)])}.")
    data: dict = {"options": [], "answer": None, "example": None,
                  "goal": {"quantity": q, "query": check.query, "greater": check.greater,
                           "than": check.than, "edit": check.edit, "edits": check.edits}}
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


KINDS = {"predict": _predict, "what-if": _what_if, "task": _task}


def check_data(manifest: Manifest, on_page: Collection[str], core: Lesson | None = None) -> list[dict]:
    """The checks whose sentence is among `on_page` (sentence ids), answered by `core` (default:
    the lesson's); `show` is None where its sentence is not on the page."""
    core = core or lesson()
    out = []
    for check in manifest.checks:
        if check.sentence not in on_page:
            continue
        out.append({"id": check.id, "sentence": check.sentence, "kind": check.kind,
                    "step": manifest.sentence(check.sentence).step, "question": check.question,
                    **KINDS[check.kind](check, core),
                    "show": check.show if check.show in on_page else None})
    return out
