"""The parts of a transformer block a beat of the lesson can show, in the order they happen.

The lesson script names one per paragraph (or sentence); the player opens its explore panel on it.
"""

from __future__ import annotations

STEPS: dict[str, str] = {  # id -> title
    "phrase": "The phrase",
    "heads": "Heads in parallel",
    "concat": "Concatenate, then W_O",
    "mlp": "The MLP",
    "neuron": "One neuron",
    "block": "One block",
}
