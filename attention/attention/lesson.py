"""The lesson's worked example: "a fluffy blue creature" with hand-built, readable weights.

Embeddings are one-hot over named features, and the projections map features to named query/key
dimensions, so a learner can read why creature's query ("any adjectives?") matches the keys of
"fluffy" and "blue". The numbers are chosen so that creature's scaled scores are 6.1 and 5.8 and
its weights 55% and 41%: the narration's figures. The phrase, its features and its embeddings are
the course's running example (attention/example.py), which the next stop reads too.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from attention.core import AttentionResult, attend
from attention.example import EMBEDDINGS, FEATURES, PHRASE, named_matrix

QK_DIMS = ("adjective?", "texture?", "colour?", "noun?")  # what a query asks / a key offers

_W_Q = {  # feature -> what a token with it asks for
    "article": {"noun?": 1.0},
    "adjective": {"noun?": 1.0},
    "noun": {"adjective?": 3.0, "texture?": 0.4, "colour?": 0.2, "noun?": 1.5},
}
_W_K = {  # feature -> what a token with it offers to be found by
    "article": {"adjective?": 0.5},
    "adjective": {"adjective?": 3.8},
    "fluffy texture": {"texture?": 2.0},
    "blue colour": {"colour?": 1.0},
    "noun": {"noun?": 4.4},
}
_W_V = {  # feature -> what a token with it hands over (in feature space, for the residual)
    "fluffy texture": {"fluffy texture": 1.0},
    "blue colour": {"blue colour": 1.0},
    "noun": {"noun": 0.2},
}


@dataclass(frozen=True)
class Lesson:
    """Everything the scenes and the narration draw from: inputs, weights and the one result."""

    tokens: tuple[str, ...]
    features: tuple[str, ...]
    qk_dims: tuple[str, ...]
    embeddings: np.ndarray  # (n, d_model)
    w_q: np.ndarray  # (d_model, d_k)
    w_k: np.ndarray  # (d_model, d_k)
    w_v: np.ndarray  # (d_model, d_model)
    result: AttentionResult
    focus: int  # index of the token whose view the lesson follows ("creature")

    @property
    def phrase(self) -> str:
        return " ".join(self.tokens)

    @property
    def d_k(self) -> int:
        return self.result.d_k

    @property
    def focus_token(self) -> str:
        return self.tokens[self.focus]

    @property
    def focus_scores(self) -> np.ndarray:
        """Creature's scaled scores against every key, (n,)."""
        return self.result.scores[self.focus]

    @property
    def focus_weights(self) -> np.ndarray:
        """Creature's attention weights, (n,); they sum to 1."""
        return self.result.weights[self.focus]

    @property
    def focus_update(self) -> np.ndarray:
        """What attention adds to creature's vector: the weighted sum of values, (d_model,)."""
        return self.result.output[self.focus]

    @property
    def focus_terms(self) -> np.ndarray:
        """Creature's query times every key, entry by entry, (n, d_k); each row sums to its raw score."""
        return self.result.terms[self.focus]

    @property
    def focus_raw_scores(self) -> np.ndarray:
        """Creature's query · every key before the ÷√d_k, (n,)."""
        return self.result.raw_scores[self.focus]

    @property
    def focus_exponentials(self) -> np.ndarray:
        """e to the power of each of creature's scores, (n,); divided by their sum, its weights."""
        return self.result.exponentials[self.focus]

    @property
    def focus_exp_sum(self) -> float:
        """The sum of creature's exponentials: what softmax divides each of them by."""
        return float(self.result.exp_sums[self.focus])

    @property
    def focus_weighted_values(self) -> np.ndarray:
        """Each token's value times creature's weight on it, (n, d_v); they sum to its update."""
        return self.result.weighted_values[self.focus]

    def projection_terms(self, token: int, w: np.ndarray) -> np.ndarray:
        """Token's embedding times `w` entry by entry, (d_model, d): each column sums to the
        entry of its projection (w_q: its query, w_k: its key, w_v: its value)."""
        return self.embeddings[token][:, None] * w

    @property
    def focus_new_vector(self) -> np.ndarray:
        """Creature's vector after the residual update: embedding + attention output, (d_model,)."""
        return self.embeddings[self.focus] + self.focus_update

    def index(self, token: str) -> int:
        return self.tokens.index(token)


@cache
def lesson() -> Lesson:
    """The lesson's example, computed once by `attend`."""
    tokens = tuple(PHRASE.split())
    x = named_matrix(EMBEDDINGS, tokens, FEATURES)  # (n, d_model)
    w_q = named_matrix(_W_Q, FEATURES, QK_DIMS)  # (d_model, d_k)
    w_k = named_matrix(_W_K, FEATURES, QK_DIMS)  # (d_model, d_k)
    w_v = named_matrix(_W_V, FEATURES, FEATURES)  # (d_model, d_model)
    return Lesson(
        tokens=tokens,
        features=FEATURES,
        qk_dims=QK_DIMS,
        embeddings=x,
        w_q=w_q,
        w_k=w_k,
        w_v=w_v,
        result=attend(x, w_q, w_k, w_v),
        focus=tokens.index("creature"),
    )
