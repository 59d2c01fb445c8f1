"""What the lesson asks back, answered by its core: which token a head puts most of creature's
weight on (predict), whether a token fires with another bias (what-if), and one change of W_up or
b_up that makes the AND neuron fire for a token (task).

Each kind is read from a sentence's `check:` (`read_*`: the engine's YAML reader `r`, the check's
own keys, refused at their line when the core cannot answer them) and given its page data
(`page_*`: options, the core's answer, a feedback line whose every number is the core's). The
engine reads what every check has (id, kind, question, show) and hands the rest to these through
the lesson's declaration. Comparisons are made on the figures a learner sees (whole percents,
`short_figure` sums), so "fires" means the screen shows an output above 0.

A loaded check keeps these in the engine's `Check` fields: predict `quantity` (the head), `query`,
`options`; what-if `quantity` "fires", `query` (the token), `swap` ("bias", the bias set);
task `quantity` "fires", `query` (the token), `edit` (w_up or b_up), `edits`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

import numpy as np
from yaml.nodes import Node, ScalarNode

from attention.blocks import mlp
from attention.figures import percent, percent_figure, short_figure
from attention.multihead_mlp.explore import ENTRY_LIMIT, ENTRY_STEP
from attention.multihead_mlp.lesson import Lesson
from common.choices import few
from common.number_words import integer_words

OUTCOMES = ("fires", "stays silent")  # what a what-if asks of the AND neuron
EDITABLE = {"W_up": "w_up", "b_up": "b_up"}  # name shown -> the core's array a task edits
NUMBER = re.compile(r"-?[0-9]{1,3}(\.[0-9]{1,2})?")  # a bias as an author writes it: -3, -2.5


@dataclass(frozen=True)
class Edit:
    """One entry of the AND neuron's weights (a row of W_up's column) or its bias set to `value`."""

    matrix: str  # "w_up" | "b_up"
    row: int  # the feature (w_up); 0 for the bias
    value: float


def head_name(core: Lesson, head: str) -> str:
    """"head two (article)": a head as the narration counts it, with its question."""
    return f"head {integer_words(core.heads.index(head) + 1)} ({head})"


def ranked(core: Lesson, head: str, query: str, options: tuple[str, ...]) -> list[tuple[str, float]]:
    """The options with `query`'s weight on each in `head`, highest first (ties in given order)."""
    row = core.head(head).weights[core.index(query)]
    return sorted(((t, float(row[core.index(t)])) for t in options), key=lambda p: -p[1])


def with_mlp(core: Lesson, w_up: np.ndarray | None = None, b_up: np.ndarray | None = None) -> Lesson:
    """`core` with the MLP's W_up or b_up replaced and the MLP run again (attention is untouched)."""
    w = core.w_up if w_up is None else np.array(w_up, dtype=float)
    b = core.b_up if b_up is None else np.array(b_up, dtype=float)
    return replace(core, w_up=w, b_up=b,
                   mlp=mlp(core.after_attention, w, b, core.w_down, core.b_down),
                   before=mlp(core.embeddings, w, b, core.w_down, core.b_down))


def with_bias(core: Lesson, bias: float) -> Lesson:
    """`core` with the AND neuron's bias set to `bias`."""
    b = np.array(core.b_up)
    b[core.neuron] = bias
    return with_mlp(core, b_up=b)


def edited(core: Lesson, edit: Edit) -> Lesson:
    """`core` with one entry of the AND neuron's weights or its bias changed."""
    if edit.matrix == "b_up":
        return with_bias(core, edit.value)
    w = np.array(core.w_up)
    w[edit.row, core.neuron] = edit.value
    return with_mlp(core, w_up=w)


def pre(core: Lesson, token: str) -> float:
    return float(core.mlp.pre_activation[core.index(token), core.neuron])


def fires(core: Lesson, token: str) -> bool:
    """Whether the AND neuron's output for `token` (after attention) shows above 0."""
    return float(short_figure(core.mlp.activation[core.index(token), core.neuron])) > 0


def working(core: Lesson, token: str) -> str:
    """The AND neuron's sum for `token` as the scene writes it: each weight times its feature
    (the products not shown as 0), then the bias: "3×1.25 = 3.75, and 3.75 − 4 = -0.25"; the
    last figure is the two before it added, so the line adds up as written."""
    i = core.index(token)
    x, w = core.after_attention[i], core.w_up[:, core.neuron]
    terms = [(a, b) for a, b in zip(x, w) if short_figure(a * b) != "0"]
    total = float(short_figure(sum(a * b for a, b in terms)))
    bias = core.neuron_bias
    said = " + ".join(f"{short_figure(b)}×{short_figure(a)}" for a, b in terms) or "0"
    sign = "−" if bias < 0 else "+"
    return (f"{said} = {short_figure(total)}, and {short_figure(total)} {sign} "
            f"{short_figure(abs(bias))} = {short_figure(total + float(short_figure(bias)))}")


def one_entry_edit(core: Lesson, token: str, matrix: str) -> Edit | None:
    """The smallest change of one entry (on the ENTRY_STEP grid, within ±ENTRY_LIMIT) of the AND
    neuron's column of W_up, or of its bias, that makes it fire for `token`; None if there is none.
    Ties: the first feature, the increase first."""
    rows = range(len(core.features)) if matrix == "w_up" else range(1)
    current = core.w_up[:, core.neuron] if matrix == "w_up" else np.array([core.neuron_bias])
    for k in range(1, int(round(2 * ENTRY_LIMIT / ENTRY_STEP)) + 1):
        for row in rows:
            for sign in (1, -1):
                value = round(float(current[row]) + sign * k * ENTRY_STEP, 6)
                if abs(value) > ENTRY_LIMIT:
                    continue
                edit = Edit(matrix, row, value)
                if fires(edited(core, edit), token):
                    return edit
    return None


# --- read from the script ------------------------------------------------------------------------

def _token(r: Any, node: Node, role: str, what: str, core: Lesson) -> str:
    value = r.text(node, f"the {role} of {what}")
    if value not in core.tokens:
        raise r.error(node, f"{value!r} ({role} of {what}) is no token of the phrase {core.phrase!r}",
                      f"use one of: {few(core.tokens, 10, near=value)}")
    return value


def read_predict(r: Any, f: Mapping[str, Node], what: str, core: Lesson) -> dict:
    """A predict check: which of its options `query`'s weight in `head` is highest on (refused on
    a tie in the figures shown)."""
    head = r.text(f["head"], f"the head of {what}")
    if head not in core.heads:
        raise r.error(f["head"], f"{what} asks about head {head!r}, which the lesson has not got",
                      f"use one of: {', '.join(core.heads)}")
    query = _token(r, f["query"], "query", what, core)
    options = core.tokens
    if "options" in f:
        options = tuple(_token(r, n, "option", what, core) for n in r.sequence(f["options"], f"the "
                                                                                 f"options of {what}"))
        if len(options) < 2 or len(set(options)) < len(options):
            raise r.error(f["options"], f"the options of {what} must be two or more different tokens",
                          "list each token once, e.g. [a, fluffy]")
    (first, a), (second, b) = ranked(core, head, query, options)[:2]
    if percent(a) == percent(b):
        raise r.error(f["head"], f"{first} and {second} tie for {query}'s highest weight in head "
                      f"{head} ({percent_figure(a)}), so {what} has no one answer",
                      "leave one of them out of the options, or ask about the other head")
    return dict(quantity=head, query=query, options=options)


def read_what_if(r: Any, f: Mapping[str, Node], what: str, core: Lesson) -> dict:
    """A what-if check: the AND neuron's bias set to `bias`; does `token` fire?"""
    node = f["bias"]
    if not (isinstance(node, ScalarNode) and NUMBER.fullmatch(node.value)):
        raise r.error(node, f"the bias of {what} must be a number", "write it as e.g. -3 or -2.5")
    bias = float(node.value)
    if short_figure(bias) == short_figure(core.neuron_bias):
        raise r.error(node, f"the bias of {what} is the lesson's own ({short_figure(bias)}), so "
                      "nothing changes", "give another bias, e.g. -3")
    token = _token(r, f["token"], "token", what, core)
    return dict(quantity="fires", query=token, swap=("bias", short_figure(bias)))


def read_task(r: Any, f: Mapping[str, Node], what: str, core: Lesson) -> dict:
    """A task: make the AND neuron fire for a token by editing W_up (its column) or b_up (its
    bias); refused when it already fires, or no one-entry edit reaches it."""
    node = f["goal"]
    g = r.mapping(node, f"the goal of {what}", ("fires", "edit"), ("edits",))
    token = _token(r, g["fires"], "token", f"the goal of {what}", core)
    shown_name = r.text(g["edit"], f"what the goal of {what} edits")
    if shown_name not in EDITABLE:
        raise r.error(g["edit"], f"{shown_name!r} is no weight a learner can edit in this task",
                      f"use one of: {', '.join(EDITABLE)}")
    matrix = EDITABLE[shown_name]
    size = len(core.features) if matrix == "w_up" else 1
    edits = r.integer(g["edits"], "edits") if "edits" in g else 1
    if not 1 <= edits <= size:
        raise r.error(g["edits"], f"edits {edits} is outside 1..{size} (the neuron's entries of "
                      f"{shown_name})", "give how many entries the learner may change, e.g. 1")
    if fires(core, token):
        raise r.error(node, f"the neuron already fires for {token}, so the task of {what} is done "
                      "before it starts", "name a token it stays silent for")
    if one_entry_edit(core, token, matrix) is None:
        raise r.error(g["edit"], f"no change of one entry of {shown_name} (within ±{ENTRY_LIMIT:g}) "
                      f"makes the neuron fire for {token}", "edit the other, or name another token")
    return dict(quantity="fires", query=token, edit=matrix, edits=edits)


# --- the page's data ----------------------------------------------------------------------------

def page_predict(check: Any, core: Lesson) -> dict:
    """The options, the token with the highest weight, and every option's weight."""
    order = ranked(core, check.quantity, check.query, check.options)
    (top, value), rest = order[0], order[1:]
    others = ", ".join(f"{t} {percent_figure(v)}" for t, v in rest)
    return {"options": list(check.options), "answer": top,
            "feedback": f"In {head_name(core, check.quantity)}, {check.query}'s weight on {top} is "
                        f"{percent_figure(value)}, the highest (then {others})."}


def page_what_if(check: Any, core: Lesson) -> dict:
    """Fires or stays silent with the bias set, the sum worked out, and the lesson's own."""
    token, bias = check.query, float(check.swap[1])
    after = with_bias(core, bias)
    answer = OUTCOMES[0] if fires(after, token) else OUTCOMES[1]
    now = "above zero: it fires" if answer == OUTCOMES[0] else "not above zero: the ReLU makes it 0"
    was = "it fires" if fires(core, token) else "the ReLU made it 0"
    feedback = (f"With a bias of {short_figure(bias)}, {token}'s sum is {working(after, token)}, {now}. "
                f"With the lesson's bias of {short_figure(core.neuron_bias)} it came to "
                f"{short_figure(pre(core, token))}: {was}.")
    return {"options": list(OUTCOMES), "answer": answer, "feedback": feedback,
            "bias": {"from": short_figure(core.neuron_bias), "to": short_figure(bias)}}


def page_task(check: Any, core: Lesson) -> dict:
    """The goal, the lesson's sum for the token and one edit that makes it fire (the example)."""
    token = check.query
    name = {v: k for k, v in EDITABLE.items()}[check.edit]
    neuron = core.hidden[core.neuron]
    data: dict = {"options": [], "answer": None, "example": None,
                  "goal": {"fires": token, "edit": check.edit, "edits": check.edits, "neuron": neuron},
                  # the goal as a SCORM platform records a task's correct response
                  "pattern": f"{neuron} fires for {token}, editing at most {check.edits} of {check.edit}"}
    now = f"In the lesson, {token}'s sum is {working(core, token)}: the neuron stays silent."
    edit = one_entry_edit(core, token, check.edit)
    if edit is None:
        return {**data, "feedback": now}
    done = edited(core, edit)
    if edit.matrix == "w_up":
        entry, was = f"{name}[{core.features[edit.row]}, {neuron}]", core.w_up[edit.row, core.neuron]
    else:
        entry, was = f"{name}[{neuron}]", core.neuron_bias
    data["example"] = {"matrix": edit.matrix, "row": edit.row, "col": core.neuron, "value": edit.value,
                       "row_name": core.features[edit.row] if edit.matrix == "w_up" else neuron,
                       "col_name": neuron}
    example = (f"One entry does it: {entry} from {short_figure(was)} to {short_figure(edit.value)} "
               f"gives {working(done, token)}, above zero.")
    return {**data, "feedback": f"{now} {example}"}
