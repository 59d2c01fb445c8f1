"""The lesson's worked example: stop 7's phrase and embeddings through one transformer block.

The model's width is stop 7's five named features plus "soft", a feature no token has yet: the
MLP writes it. Two heads of three dimensions each (6 = 2 × 3) ask their own questions of the same
tokens: "adjectives" is stop 7's question (creature finds fluffy and blue), "article" finds the
article (creature finds "a"; the others find the noun, whose value in this head is empty). W_O
writes each head's value back into the feature it came from. The MLP's eight hidden neurons are
one AND ("fluffy texture" and "noun" → "soft") and seven left idle, so that the one at work shows.
Every figure the narration says is read from these arrays (spoken.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from attention.blocks import MLPResult, MultiHeadResult, mlp, multi_head
from attention.core import AttentionResult
from attention.example import EMBEDDINGS, FEATURES, PHRASE, named_matrix

MODEL_FEATURES = (*FEATURES, "soft")  # the model's width: stop 7's features, and what the MLP adds
HEADS = ("adjectives", "article")  # each head by the question it asks


@dataclass(frozen=True)
class Head:
    """One head's own weights, by named dimension (feature -> dimension -> weight)."""

    qk_dims: tuple[str, str, str]  # what its queries ask / its keys offer
    v_dims: tuple[str, str, str]  # what its values hand over
    w_q: dict[str, dict[str, float]]
    w_k: dict[str, dict[str, float]]
    w_v: dict[str, dict[str, float]]
    w_o: dict[str, dict[str, float]]  # value dimension -> feature it is written into


_HEADS = {
    # stop 7's question without its "noun?" dimension: only creature asks anything here (the
    # others' queries are empty, so they spread evenly); adjectives hand over texture and colour
    "adjectives": Head(
        qk_dims=("adjective?", "texture?", "colour?"),
        v_dims=("texture", "colour", "(unused)"),
        w_q={"noun": {"adjective?": 3.0, "texture?": 0.4, "colour?": 0.2}},
        w_k={"article": {"adjective?": 0.5}, "adjective": {"adjective?": 3.8},
             "fluffy texture": {"texture?": 2.0}, "blue colour": {"colour?": 1.2}},
        w_v={"fluffy texture": {"texture": 1.0}, "blue colour": {"colour": 1.0}},
        w_o={"texture": {"fluffy texture": 1.0}, "colour": {"blue colour": 1.0}},
    ),
    # the noun asks for its article; the article and the adjectives ask for the noun, which hands
    # nothing over in this head: only the article's value moves
    "article": Head(
        qk_dims=("article?", "noun?", "(unused)"),
        v_dims=("article", "(unused)", "(unused)"),
        w_q={"noun": {"article?": 3.0}, "article": {"noun?": 3.0}, "adjective": {"noun?": 3.0}},
        w_k={"article": {"article?": 2.0}, "noun": {"noun?": 2.0}},
        w_v={"article": {"article": 1.0}},
        w_o={"article": {"article": 1.0}},
    ),
}

HIDDEN = ("fluffy thing", *(f"idle {i}" for i in range(1, 8)))  # the MLP's neurons, 8 > 6 wide
AND_NEURON = "fluffy thing"  # the neuron the lesson follows
_W_UP = {  # feature -> neuron -> weight: the neuron's weighted sum
    "fluffy texture": {"fluffy thing": 3.0},
    "noun": {"fluffy thing": 3.0},
}
_B_UP = {"fluffy thing": -4.0}  # one feature alone (at most 3) stays below 4: both are needed
_W_DOWN = {"fluffy thing": {"soft": 1.0}}  # neuron -> feature it writes: a fluffy thing is soft
_B_DOWN: dict[str, float] = {}


@dataclass(frozen=True)
class Lesson:
    """Everything the scenes and the narration draw from: inputs, weights and the block's results."""

    tokens: tuple[str, ...]
    features: tuple[str, ...]  # the model's width, d_model
    heads: tuple[str, ...]  # the heads' names, in W_O's order
    head_dims: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]  # each head's (qk_dims, v_dims)
    hidden: tuple[str, ...]  # the MLP's neurons, d_hidden
    embeddings: np.ndarray  # (n, d_model)
    w_q: tuple[np.ndarray, ...]  # per head (d_model, d_head)
    w_k: tuple[np.ndarray, ...]
    w_v: tuple[np.ndarray, ...]
    w_o: np.ndarray  # (h · d_head, d_model)
    w_up: np.ndarray  # (d_model, d_hidden)
    b_up: np.ndarray  # (d_hidden,)
    w_down: np.ndarray  # (d_hidden, d_model)
    b_down: np.ndarray  # (d_model,)
    attention: MultiHeadResult  # multi_head(embeddings)
    mlp: MLPResult  # mlp(attention.residual): the block's output is mlp.residual
    before: MLPResult  # mlp(embeddings): the MLP on the tokens before attention, for contrast
    focus: int  # index of the token whose view the lesson follows ("creature")
    neuron: int  # index of the AND neuron in the hidden layer

    @property
    def phrase(self) -> str:
        return " ".join(self.tokens)

    def index(self, token: str) -> int:
        return self.tokens.index(token)

    def head(self, name: str) -> AttentionResult:
        return self.attention.heads[self.heads.index(name)]

    def focus_weights(self, head: str) -> np.ndarray:
        """Creature's weights in one head, (n,); they sum to 1."""
        return self.head(head).weights[self.focus]

    @property
    def focus_head_weights(self) -> np.ndarray:
        """Creature's weights in every head, side by side, (h, n): row i is head i's."""
        return self.attention.weights[..., self.focus, :]

    @property
    def focus_update(self) -> np.ndarray:
        """What the heads, through W_O, add to creature's vector, (d_model,)."""
        return self.attention.projected[self.focus]

    @property
    def after_attention(self) -> np.ndarray:
        """Every token's vector after attention and its residual, (n, d_model): the MLP's input."""
        return self.attention.residual

    @property
    def output(self) -> np.ndarray:
        """Every token's vector after the whole block, (n, d_model)."""
        return self.mlp.residual

    def neuron_inputs(self, token: int, x: np.ndarray | None = None) -> np.ndarray:
        """The AND neuron's weighted sum for `token`, term by term over the features, (d_model,):
        they sum, with its bias, to its pre-activation (x: the MLP's input, after attention)."""
        x = self.after_attention if x is None else x
        return x[token] * self.w_up[:, self.neuron]

    @property
    def neuron_bias(self) -> float:
        return float(self.b_up[self.neuron])

    def neuron_weight(self, feature: str) -> float:
        return float(self.w_up[self.features.index(feature), self.neuron])


def _heads() -> tuple[tuple[np.ndarray, ...], tuple[np.ndarray, ...], tuple[np.ndarray, ...], np.ndarray]:
    """Each head's W_Q, W_K, W_V from its named entries, and W_O with the heads' rows stacked."""
    w_q, w_k, w_v, w_o = [], [], [], []
    for h in _HEADS.values():
        w_q.append(named_matrix(h.w_q, MODEL_FEATURES, h.qk_dims))
        w_k.append(named_matrix(h.w_k, MODEL_FEATURES, h.qk_dims))
        w_v.append(named_matrix(h.w_v, MODEL_FEATURES, h.v_dims))
        w_o.append(named_matrix(h.w_o, h.v_dims, MODEL_FEATURES))
    stacked = np.concatenate(w_o)
    stacked.setflags(write=False)
    return tuple(w_q), tuple(w_k), tuple(w_v), stacked


def _vector(entries: dict[str, float], names: tuple[str, ...]) -> np.ndarray:
    return named_matrix({"": entries}, ("",), names)[0]


@cache
def lesson() -> Lesson:
    """The lesson's example, computed once: multi_head, then mlp, each with its residual."""
    tokens = tuple(PHRASE.split())
    x = named_matrix(EMBEDDINGS, tokens, MODEL_FEATURES)  # (n, d_model): stop 7's, "soft" 0
    w_q, w_k, w_v, w_o = _heads()
    w_up = named_matrix(_W_UP, MODEL_FEATURES, HIDDEN)
    b_up = _vector(_B_UP, HIDDEN)
    w_down = named_matrix(_W_DOWN, HIDDEN, MODEL_FEATURES)
    b_down = _vector(_B_DOWN, MODEL_FEATURES)
    attention = multi_head(x, w_q, w_k, w_v, w_o)
    return Lesson(
        tokens=tokens, features=MODEL_FEATURES, heads=tuple(_HEADS),
        head_dims=tuple((h.qk_dims, h.v_dims) for h in _HEADS.values()), hidden=HIDDEN,
        embeddings=x, w_q=w_q, w_k=w_k, w_v=w_v, w_o=w_o, w_up=w_up, b_up=b_up, w_down=w_down,
        b_down=b_down, attention=attention, mlp=mlp(attention.residual, w_up, b_up, w_down, b_down),
        before=mlp(x, w_up, b_up, w_down, b_down), focus=tokens.index("creature"),
        neuron=HIDDEN.index(AND_NEURON),
    )
