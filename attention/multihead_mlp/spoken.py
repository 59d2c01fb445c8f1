"""The lesson's numbers as the screen shows them and the voice says them, one table for both.

Each kind reads one number of the core's result for a name, `{KIND:NAME}` in the script:
  adjectives, article  creature's weight on TOKEN in that head, in whole percent ("58%")
  moved                what the heads, through W_O, add to creature's FEATURE ("0.58")
  added                what the MLP adds to creature's FEATURE ("0.75")
  weight               the AND neuron's weight on FEATURE ("3")
  bias                 NEURON's bias ("-4")
  pre, fires           the AND neuron's weighted sum plus bias for TOKEN after attention, and
                       what the ReLU lets through ("0.75"; "0" where it bends a negative sum)
Every number but the percentages is shown by attention.figures.short_figure.
  before               the same weighted sum plus bias on TOKEN's embedding, before attention
  count                how many: heads, head dims (each head's width), features (the model's
                       width), neurons (the MLP's hidden width)
"""

from __future__ import annotations

from collections.abc import Callable

from attention.figures import percent_figure, short_figure
from attention.multihead_mlp.lesson import HEADS, Lesson
from common.declaration import Placeholders
from common.number_words import decimal_words, integer_words

COUNTS = ("heads", "head dims", "features", "neurons")


def head_weight(L: Lesson, head: str, token: str) -> float:
    """Creature's attention weight on `token` in `head`."""
    return float(L.focus_weights(head)[_token(L, token)])


def moved(L: Lesson, feature: str) -> float:
    """What multi-head attention (the heads, concatenated, through W_O) adds to creature's `feature`."""
    return float(L.focus_update[_feature(L, feature)])


def added(L: Lesson, feature: str) -> float:
    """What the MLP adds to creature's `feature`."""
    return float(L.mlp.output[L.focus, _feature(L, feature)])


def neuron_weight(L: Lesson, feature: str) -> float:
    """The AND neuron's weight on `feature` (its column of W_up)."""
    return L.neuron_weight(L.features[_feature(L, feature)])


def bias(L: Lesson, neuron: str) -> float:
    """`neuron`'s bias (its entry of b_up)."""
    if neuron not in L.hidden:
        raise ValueError(f"{neuron!r} is no neuron of the MLP; use one of {', '.join(L.hidden)}")
    return float(L.b_up[L.hidden.index(neuron)])


def pre_activation(L: Lesson, token: str) -> float:
    """The AND neuron's weighted sum plus bias for `token` after attention: the MLP's input."""
    return float(L.mlp.pre_activation[_token(L, token), L.neuron])


def activation(L: Lesson, token: str) -> float:
    """The AND neuron's output for `token` after attention: its pre-activation through the ReLU."""
    return float(L.mlp.activation[_token(L, token), L.neuron])


def pre_activation_before(L: Lesson, token: str) -> float:
    """The AND neuron's weighted sum plus bias on `token`'s embedding alone, before attention."""
    return float(L.before.pre_activation[_token(L, token), L.neuron])


def count(L: Lesson, what: str) -> int:
    """How many heads, head dims, features (the model's width) or neurons (the hidden width)."""
    counts = {"heads": len(L.heads), "head dims": L.attention.heads[0].d_k, "features": len(L.features),
              "neurons": len(L.hidden)}
    if what not in counts:
        raise ValueError(f"no count of {what!r}; use one of {', '.join(counts)}")
    return counts[what]


def _token(L: Lesson, token: str) -> int:
    if token not in L.tokens:
        raise ValueError(f"{token!r} is no token of the phrase; use one of {', '.join(L.tokens)}")
    return L.index(token)


def _feature(L: Lesson, feature: str) -> int:
    if feature not in L.features:
        raise ValueError(f"{feature!r} is no feature of the model; use one of {', '.join(L.features)}")
    return L.features.index(feature)


Number = tuple[Callable[[Lesson, str], float], Callable[[float], str], Callable[[str], str]]


def _head(head: str) -> Callable[[Lesson, str], float]:
    return lambda L, token: head_weight(L, head, token)


def percent_words(figure: str) -> str:
    """A weight's screen figure said: "58%" -> "fifty-eight", "<1%" -> "less than one"."""
    return "less than one" if figure == "<1%" else integer_words(int(figure.rstrip("%")))


_PERCENT = (percent_figure, percent_words)
NUMBERS: dict[str, Number] = {  # kind -> (its value, its figure on screen, the figure in words)
    **{head: (_head(head), *_PERCENT) for head in HEADS},
    "moved": (moved, short_figure, decimal_words),
    "added": (added, short_figure, decimal_words),
    "weight": (neuron_weight, short_figure, decimal_words),
    "bias": (bias, short_figure, decimal_words),
    "pre": (pre_activation, short_figure, decimal_words),
    "fires": (activation, short_figure, decimal_words),
    "before": (pre_activation_before, short_figure, decimal_words),
    "count": (lambda L, what: float(count(L, what)), lambda n: f"{n:.0f}", lambda f: integer_words(int(f))),
}


def _kind(kind: str) -> Number:
    if kind not in NUMBERS:
        raise ValueError(f"unknown number kind {kind!r}; use one of {', '.join(NUMBERS)}")
    return NUMBERS[kind]


def figure(kind: str, name: str, L: Lesson) -> str:
    """One number as the screen shows it ("58%", "0.75", "-4")."""
    value, shown, _ = _kind(kind)
    return shown(value(L, name))


def spoken_value(kind: str, name: str, L: Lesson) -> str:
    """The words for one placeholder: its screen figure, said ("fifty-eight", "minus four")."""
    value, shown, said = _kind(kind)
    return said(shown(value(L, name)))


def _names(L: Lesson) -> tuple[str, ...]:
    """Every name a placeholder may take: a kind refuses one that is not its own (a token for a
    head's weights, a feature for a weight, a neuron for a bias, a count for count)."""
    return (*L.tokens, *L.features, *L.hidden, *COUNTS)


KINDS = {kind: (lambda k: lambda L, name: spoken_value(k, name, L))(kind) for kind in NUMBERS}

PLACEHOLDERS = Placeholders(
    kinds=KINDS,
    names=_names,
    what="token, feature, neuron or count of the lesson",
    name="NAME",
)
