"""The attention lesson's kinds of check, read from a sentence's `check:` and validated against
its core: a check names tokens, quantities and matrices the core has; its answer is the core's, so
a check whose answer the core cannot give (a tie, a task already done or out of reach) is refused
here, before anything renders. The engine (transcript.checks) reads what every check has (id,
kind, question, show) and hands the rest to these, through the lesson's declaration.

`r` is the engine's YAML reader (transcript.loader._Reader): `r.text`, `r.integer`,
`r.sequence`, `r.mapping` and `r.error(node, problem, fix)`, whose errors name the file and line.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from yaml.nodes import MappingNode, Node, ScalarNode

from attention.attention.checks import (
    EDITABLE,
    QUANTITIES,
    SCORE_INPUTS,
    Goal,
    meets,
    one_entry_edit,
    ranked,
    shown,
)
from attention.attention.explore import ENTRY_LIMIT
from attention.attention.lesson import Lesson
from attention.attention.vocabulary import vocabulary
from common.choices import few

GOAL_KEYS = (("quantity", "query", "greater", "than", "edit"), ("edits",))


class _Tokens:
    """Reads the names of tokens of the phrase (or the vocabulary) and refuses any other."""

    def __init__(self, r: Any, core: Lesson, what: str):
        self.r, self.core, self.what = r, core, what

    def token(self, node: Node, role: str, among: tuple[str, ...] | None = None,
              of: str = "") -> str:
        """A token of the phrase (or of `among`, described by `of`)."""
        among = among or self.core.tokens
        value = self.r.text(node, f"the {role} of {self.what}")
        if value not in among:
            raise self.r.error(node, f"{value!r} ({role} of {self.what}) is no "
                               f"{of or 'token of the phrase ' + repr(self.core.phrase)}",
                               f"use one of: {few(among, 10, near=value)}")
        return value

    def quantity(self, node: Node) -> str:
        value = self.r.text(node, f"the quantity of {self.what}")
        if value not in QUANTITIES:
            raise self.r.error(node, f"{self.what} asks about {value!r}, a quantity the attention "
                               "core has not got", f"use one of: {', '.join(QUANTITIES)}")
        return value


def read_predict(r: Any, f: Mapping[str, Node], what: str, core: Lesson) -> dict:
    """A predict check: which of its options `query`'s quantity is highest on (refused on a tie)."""
    t = _Tokens(r, core, what)
    quantity, query = t.quantity(f["quantity"]), t.token(f["query"], "query")
    options = core.tokens
    if "options" in f:
        nodes = r.sequence(f["options"], f"the options of {what}")
        options = tuple(t.token(n, "option") for n in nodes)
        if len(options) < 2 or len(set(options)) < len(options):
            raise r.error(f["options"], f"the options of {what} must be two or more different tokens",
                          "list each token once, e.g. [fluffy, blue]")
    (first, a), (second, b) = ranked(core, quantity, query, options)[:2]
    if shown(quantity, a) == shown(quantity, b):
        raise r.error(f["quantity"], f"{first} and {second} tie for {query}'s highest {quantity} "
                      f"({shown(quantity, a):g}), so {what} has no one answer",
                      "leave one of them out of the options, or ask about another quantity")
    return dict(quantity=quantity, query=query, options=options)


def read_what_if(r: Any, f: Mapping[str, Node], what: str, core: Lesson) -> dict:
    """A what-if check: a swap of a token for a vocabulary word, and the figure asked about."""
    t = _Tokens(r, core, what)
    node = f["swap"]
    if not (isinstance(node, MappingNode) and len(node.value) == 1
            and all(isinstance(n, ScalarNode) for n in node.value[0])):
        raise r.error(node, f"the swap of {what} must be one 'token: word' pair",
                      "write it as e.g. {blue: red}")
    old_node, new_node = node.value[0]
    old = t.token(old_node, "swapped token")
    words = tuple(w for w in vocabulary(core) if w not in core.tokens)
    new = t.token(new_node, "word swapped in", words,
                  "word of the vocabulary (attention/attention/vocabulary.py)")
    kept = tuple(tok for tok in core.tokens if tok != old)
    quantity = t.quantity(f["quantity"])
    left = f"token left after the swap ({', '.join(kept)})"
    query, key = t.token(f["query"], "query", kept, left), t.token(f["key"], "key", kept, left)
    return dict(quantity=quantity, query=query, swap=(old, new), key=key)


def read_task(r: Any, f: Mapping[str, Node], what: str, core: Lesson) -> dict:
    """A task: a goal on the figures shown, refused when already met or out of one edit's reach."""
    t = _Tokens(r, core, what)
    node = f["goal"]
    g = r.mapping(node, f"the goal of {what}", *GOAL_KEYS)
    quantity, query = t.quantity(g["quantity"]), t.token(g["query"], "query")
    greater, than = t.token(g["greater"], "greater token"), t.token(g["than"], "than token")
    if greater == than:
        raise r.error(g["than"], f"the goal of {what} compares {greater!r} with itself",
                      "name two different tokens in greater and than")
    shown_name = r.text(g["edit"], f"the matrix the goal of {what} edits")
    if shown_name not in EDITABLE:
        raise r.error(g["edit"], f"{shown_name!r} is no matrix a learner can edit",
                      f"use one of: {', '.join(EDITABLE)}")
    matrix = EDITABLE[shown_name]
    edits = r.integer(g["edits"], "edits") if "edits" in g else 1
    size = (core.embeddings if matrix == "x" else getattr(core, matrix)).size
    if not 1 <= edits <= size:
        raise r.error(g["edits"], f"edits {edits} is outside 1..{size} (the entries of {shown_name})",
                      "give how many entries the learner may change, e.g. 1")
    goal = Goal(quantity, query, greater, than)
    if meets(core, goal):
        raise r.error(node, f"the lesson already shows {query}'s {quantity} on {greater} above "
                      f"{than}, so the task of {what} is done before it starts",
                      "swap greater and than, or set another goal")
    if matrix not in SCORE_INPUTS:
        movers = ", ".join(name for name, key in EDITABLE.items() if key in SCORE_INPUTS)
        raise r.error(g["edit"], f"{shown_name} makes the values, which no score or weight is "
                      f"computed from, so no edit of it meets the goal of {what}",
                      f"edit one of {movers}")
    if one_entry_edit(core, goal, matrix) is None:  # one entry would do for any `edits`
        if edits == 1:
            raise r.error(g["edit"], f"no change of one entry of {shown_name} (within "
                          f"±{ENTRY_LIMIT:g}) puts {query}'s {quantity} on {greater} above {than}",
                          "edit another matrix, or set another goal")
        raise r.error(g["edits"], f"no change of one entry of {shown_name} (within "
                      f"±{ENTRY_LIMIT:g}) puts {query}'s {quantity} on {greater} above {than}, and "
                      f"whether {edits} entries can is not worked out, so the task may have no answer",
                      "set a goal one entry meets (the page shows that entry as its example), "
                      "or edit another matrix")
    return dict(quantity=quantity, query=query, greater=greater, than=than, edit=matrix, edits=edits)
