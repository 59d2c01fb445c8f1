"""The rules every play of a lesson scene follows, each in one small place:

- a cue (a beat's first play, and the first after a word) eases out only, so the picture changes
  on the word (`lead`);
- animations that would overrun their beat are sped up to fit (`squeeze`), and a block fitted to
  the beat's end leaves `REST` seconds still before the next sentence (`fit_factor`);
- a morph joins only mobjects of one structure (`check_morph`);
- a scene change is one play: what the new scene takes of the old picture moves (`carry`) while
  the rest leaves first (`leaving`); the new layout builds only after it, so two never overlap.
"""

from __future__ import annotations

from collections.abc import Sequence

from manim import (
    Animation,
    AnimationGroup,
    ClockwiseTransform,
    CounterclockwiseTransform,
    FadeOut,
    MathTex,
    Mobject,
    ReplacementTransform,
    Text,
    Transform,
    TransformFromCopy,
    smooth,
)
from manim.utils.rate_functions import (
    ease_in_out_cubic,
    ease_in_quart,
    ease_out_cubic,
    ease_out_quart,
    there_and_back,
)

from scenes.inspection import label

REST = 0.3  # seconds a block fitted to the beat's end leaves still before the next sentence
# A scene change: the play in which what the new scene takes of the old picture moves into its
# place while the rest of that picture leaves, in the first LEAVING share of it (faint before
# anything that moves can cross it, yet no cut: its first frame still shows it, half faded).
CHANGE = 0.8  # seconds
LEAVING = 0.45
# Animations that morph one given mobject into another: they read well only between mobjects of
# one structure (same texts, same number of parts), so a play refuses any other pair.
_MORPHS = (Transform, ReplacementTransform, TransformFromCopy, ClockwiseTransform,
           CounterclockwiseTransform)


class MismatchedMorph(ValueError):
    """A transform between mobjects of different structure (a word into a vector, five cells into
    four, one title into another): fade, grow or move instead."""


def out_at_once_and_back(t: float) -> float:
    """There and back, leaving plainly at once (an ease-out there, smooth back): there_and_back
    starts as slowly as it ends, so a cue's flash showed nothing for the first frames."""
    return ease_out_quart(2 * t) if t < 0.5 else smooth(2 - 2 * t)


def lead(animation: Animation) -> None:
    """Ease out only, where the animation eases in and out, so it changes plainly at once."""
    if isinstance(animation, AnimationGroup):
        for a in animation.animations:
            lead(a)
    elif animation.rate_func is smooth:
        # a copy's transform plays its pair backwards: easing in is what shows as easing out
        animation.rate_func = ease_in_quart if isinstance(animation, TransformFromCopy) else ease_out_quart
    elif animation.rate_func is there_and_back:  # a flash: Indicate, Wiggle
        animation.rate_func = out_at_once_and_back


def squeeze(frames: int, left: int) -> int:
    """The frames a play of `frames` gets with `left` frames left in its beat."""
    return min(frames, left)


def fit_factor(available: float, planned: float) -> float:
    """The one factor a block of plays is sped up by (never slowed) to take `available` s."""
    return min(1.0, max(0.0, available) / planned) if planned else 1.0


def check_morph(animation: Animation, where: str) -> None:
    """Refuse a morph between mobjects of different structure (see `structure`)."""
    if isinstance(animation, AnimationGroup):
        for a in animation.animations:
            check_morph(a, where)
    elif type(animation) in _MORPHS and animation.target_mobject is not None:
        source, target = animation.mobject, animation.target_mobject
        if isinstance(animation, TransformFromCopy):  # it plays its pair backwards
            source, target = target, source
        if structure(source) != structure(target):
            raise MismatchedMorph(
                f"{where}: {type(animation).__name__} of {_describe(source)} into "
                f"{_describe(target)}, which differ in structure; fade, grow or move them instead")


def structure(mob: Mobject) -> tuple | str:
    """What a morph must keep: a text is its words, any other mobject the structures of its parts
    (a single shape is just "shape"). Colours, sizes and positions may change."""
    if isinstance(mob, (Text, MathTex)):
        return ("text", label(mob))
    if not mob.submobjects:
        return "shape"
    return tuple(structure(s) for s in mob.submobjects)


def _describe(mob: Mobject) -> str:
    if isinstance(mob, (Text, MathTex)):
        return f"{type(mob).__name__} {label(mob)!r}"
    return f"{type(mob).__name__} of {len(mob.submobjects)} parts"


def carry(animation: Animation) -> Animation:
    """What moves in a scene change starts slowly, while the old picture leaves around it, and
    eases into its place (unless it was given its own timing, see `during`)."""
    if isinstance(animation, AnimationGroup):
        for a in animation.animations:
            carry(a)
    elif animation.rate_func is smooth:
        animation.rate_func = ease_in_out_cubic
    return animation


def during(start: float, end: float):
    """A rate function that moves only within [start, end] of its play, eased in and out there:
    for things that must move one after another in one play (the carries of a scene change)."""
    return lambda t: ease_in_out_cubic(min(1.0, max(0.0, (t - start) / (end - start))))


def leaving(outgoing: Sequence[Mobject]) -> list[Animation]:
    """Fades for the old picture's leaving parts, over the first LEAVING share of the change."""
    return [FadeOut(m, rate_func=lambda t: ease_out_cubic(min(1.0, t / LEAVING))) for m in outgoing]
