"""How the lesson rounds its numbers: once, here, for the screen and the voice alike."""

from __future__ import annotations

SCORE_DECIMALS = 1


def score_figure(score: float) -> str:
    """A raw score as shown and spoken: one decimal ("6.1")."""
    return f"{score:.{SCORE_DECIMALS}f}"


def percent(weight: float) -> int:
    """An attention weight as a whole percentage (0.5536 -> 55)."""
    return int(round(100 * float(weight)))


def percent_figure(weight: float) -> str:
    """An attention weight as shown on screen ("55%")."""
    return f"{percent(weight)}%"
