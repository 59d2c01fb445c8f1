"""The steps of attention a beat of the lesson can show, in the order they happen.

The lesson script names one per paragraph (or sentence); the player opens its explore panel on it.
"""

from __future__ import annotations

STEPS: dict[str, str] = {  # id -> title
    "embeddings": "Embeddings",
    "qkv": "Queries, keys, values",
    "scores": "Scores",
    "softmax": "Softmax",
    "weighted-sum": "Weighted sum",
    "formula": "The formula",
    "all-at-once": "All tokens at once",
}
