"""A sentence's `check:` in the lesson YAML, read and validated against the attention core.

A check names tokens, quantities and matrices the core has; its answer is the core's, so a check
whose answer the core cannot give (a tie, a task already done or out of reach) is refused here,
before anything renders, like every other error in the script.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from yaml.nodes import MappingNode, Node, ScalarNode

from attention import Lesson
from attention.checks import EDITABLE, QUANTITIES, SCORE_INPUTS, Goal, meets, one_entry_edit, ranked, shown
from attention.explore import ENTRY_LIMIT
from attention.vocabulary import vocabulary
from common.choices import few
from transcript.script import Check

if TYPE_CHECKING:
    from transcript.loader import _Reader

KINDS = ("predict", "what-if", "task")
COMMON = ("id", "kind", "question")
KIND_KEYS = {  # kind -> (required, optional) keys besides COMMON and `show`
    "predict": (("quantity", "query"), ("options",)),
    "what-if": (("swap", "quantity", "query", "key"), ()),
    "task": (("goal",), ()),
}
GOAL_KEYS = (("quantity", "query", "greater", "than", "edit"), ("edits",))
MAX_CHECKS = 40  # a platform keeps every answer in the 4,096 characters of cmi.suspend_data
MAX_ID = 64  # characters of a check id, which a platform stores with each answer


def read_check(r: _Reader, node: Node, sentence: str, core: Lesson) -> tuple[Check, Node | None]:
    """The check of `sentence` and the node of its `show` (checked once every id is known)."""
    what = f"the check of sentence {sentence!r}"
    every = {k for required, optional in KIND_KEYS.values() for k in (*required, *optional)}
    fields = r.mapping(node, what, COMMON, ("show", *sorted(every)))
    kind = r.text(fields["kind"], f"the kind of {what}")
    if kind not in KINDS:
        raise r.error(fields["kind"], f"unknown kind of check {kind!r} in {what}",
                      f"use one of: {', '.join(KINDS)}")
    required, optional = KIND_KEYS[kind]
    for key, value in fields.items():
        if key not in (*COMMON, "show", *required, *optional):
            raise r.error(value, f"a {kind} check has no {key!r} (in {what})",
                          f"remove it; a {kind} check takes: {', '.join((*required, *optional))}")
    for key in required:
        if key not in fields:
            raise r.error(node, f"{what} has no {key!r}", f"add '{key}: ...' to it (a {kind} check "
                          f"takes: {', '.join((*required, *optional))})")
    check_id = r.kebab(fields["id"], f"the id of {what}")
    if len(check_id) > MAX_ID:
        raise r.error(fields["id"], f"check id {check_id[:20]!r}… is {len(check_id)} characters long",
                      f"shorten it to at most {MAX_ID}")
    base = dict(id=check_id, sentence=sentence, kind=kind, line=node.start_mark.line + 1,
                question=r.text(fields["question"], f"the question of {what}"),
                show=r.kebab(fields["show"], f"the show sentence of {what}") if "show" in fields
                else sentence)
    tokens = _Tokens(r, core, what)
    if kind == "predict":
        check = _predict(r, fields, base, tokens, core, what)
    elif kind == "what-if":
        check = _what_if(r, fields, base, tokens, core, what)
    else:
        check = _task(r, fields["goal"], base, tokens, core, what)
    return check, fields.get("show")


class _Tokens:
    """Reads the names of tokens of the phrase (or the vocabulary) and refuses any other."""

    def __init__(self, r: _Reader, core: Lesson, what: str):
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


def _predict(r: _Reader, f: dict[str, Node], base: dict, t: _Tokens, core: Lesson, what: str) -> Check:
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
    return Check(**base, quantity=quantity, query=query, options=options)


def _what_if(r: _Reader, f: dict[str, Node], base: dict, t: _Tokens, core: Lesson, what: str) -> Check:
    node = f["swap"]
    if not (isinstance(node, MappingNode) and len(node.value) == 1
            and all(isinstance(n, ScalarNode) for n in node.value[0])):
        raise r.error(node, f"the swap of {what} must be one 'token: word' pair",
                      "write it as e.g. {blue: red}")
    old_node, new_node = node.value[0]
    old = t.token(old_node, "swapped token")
    words = tuple(w for w in vocabulary(core) if w not in core.tokens)
    new = t.token(new_node, "word swapped in", words, "word of the vocabulary (attention/vocabulary.py)")
    kept = tuple(tok for tok in core.tokens if tok != old)
    quantity = t.quantity(f["quantity"])
    left = f"token left after the swap ({', '.join(kept)})"
    query, key = t.token(f["query"], "query", kept, left), t.token(f["key"], "key", kept, left)
    return Check(**base, quantity=quantity, query=query, swap=(old, new), key=key)


def _task(r: _Reader, node: Node, base: dict, t: _Tokens, core: Lesson, what: str) -> Check:
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
    return Check(**base, quantity=quantity, query=query, greater=greater, than=than, edit=matrix,
                 edits=edits)
