"""How the lesson rounds its numbers: once, here, for the screen and the voice alike."""

from __future__ import annotations

SCORE_DECIMALS = 1


def score_figure(score: float) -> str:
    """A raw score as shown and spoken: one decimal ("6.1")."""
    return f"{score:.{SCORE_DECIMALS}f}"


def exact_score_figure(score: float) -> str:
    """A score as the scenes show it, exact with as few decimals as it needs, one at least and
    two at most ("0.75", "6.1", "0.0"): the same in the dot product's working, the bars,
    softmax's e^0.75 and the score matrix."""
    figure = f"{float(score):.2f}"
    return figure[:-1] if figure.endswith("0") else figure


def percent(weight: float) -> int:
    """An attention weight as a whole percentage (0.5536 -> 55)."""
    return int(round(100 * float(weight)))


def percent_figure(weight: float) -> str:
    """An attention weight as shown on screen ("55%"; "<1%" for a share that is not quite none)."""
    if percent(weight) == 0 and weight > 0:
        return "<1%"
    return f"{percent(weight)}%"


def value_figure(value: float) -> str:
    """A value-space number to two decimals, so 1.0 × 55% reads 0.55 (never "-0.00")."""
    text = f"{float(value):.2f}"
    return "0.00" if float(text) == 0 else text


def exp_figure(value: float) -> str:
    """An exponential or a sum of them as shown in softmax's working: whole from 10 on ("446"),
    one decimal below ("2.1"), so every term keeps two or more figures."""
    return f"{float(value):.0f}" if abs(round(float(value), 1)) >= 10 else f"{float(value):.1f}"


def total_figure(total: float) -> str:
    """A sum of raw scores, whole ("16"): its one-decimal terms, added up, may differ from the
    sum in its last decimal."""
    return f"{float(total):.0f}"


def short_figure(value: float) -> str:
    """A number in as few decimals as it needs, two at most: whole without any ("3", "-4", "0"),
    else "0.75", "-0.25", "0.4" (a weight, a bias, a neuron's sum; never "-0")."""
    rounded = round(float(value), 2)
    if rounded == round(rounded):
        return f"{abs(rounded):.0f}" if rounded == 0 else f"{rounded:.0f}"
    return f"{rounded:.2f}".rstrip("0")


def root_figure(value: float) -> str:
    """A square root the scores are divided by, to three decimals ("1.732" for √3): a score shown
    to two decimals divided by it by hand gives the scaled score shown ("12.2 ÷ 1.732 = 7.04")."""
    return f"{float(value):.3f}"
