"""Where a scene's texts are, read from its mobjects without drawing a pixel: what the tests check
layout with (caption band, overlaps, the frame's edges, texts on shapes too like them),
after each play or on every frame (`FrameReader`, handed to an inspection run as its `on_frame`)."""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np
from manim import (
    Animation,
    AnimationGroup,
    ClockwiseTransform,
    CounterclockwiseTransform,
    DecimalNumber,
    FadeTransform,
    ManimColor,
    MathTex,
    Mobject,
    ReplacementTransform,
    Text,
    Transform,
    TransformFromCopy,
    config,
)

if TYPE_CHECKING:
    from scenes.base import LessonScene

TEXTS = (Text, MathTex, DecimalNumber)
LEGIBLE = 0.15  # a text fainter than this does not get in another's way
OVERLAP = 0.02  # frame units two boxes must share, across and up, to count as overlapping
# A text does not stand out from a filled shape under it when their contrast (WCAG's ratio of
# relative luminances, the shape's colour as drawn over the background) is below this, the least
# WCAG allows for large text: white "55%" on an orange bar is 2.4, orange on it 1.3, white on a
# vector's fullest cell 3.2.
LEAST_CONTRAST = 3.0
# Animations that turn one given mobject into another: while they play, the two may overlap.
_BECOMING = (Transform, ReplacementTransform, TransformFromCopy, ClockwiseTransform,
             CounterclockwiseTransform, FadeTransform)
_LOW, _HIGH = np.array([-1, -1, 0]), np.array([1, 1, 0])


def text_boxes(mobjects: list[Mobject]) -> list[tuple[str, np.ndarray]]:
    """Every visible text among `mobjects` (and their parts) with its (2, 3) corners."""
    return [(label(mob), np.array([mob.get_corner(_LOW), mob.get_corner(_HIGH)]))
            for mob in visible_family(mobjects)
            if isinstance(mob, TEXTS) and mob.family_members_with_points()]


def out_of_frame(mobjects: list[Mobject]) -> list[str]:
    """The visible mobjects that reach past the frame's edges."""
    half_w, half_h = config.frame_width / 2, config.frame_height / 2
    out = []
    for mob in visible_family(mobjects):
        if mob.family_members_with_points() and opacity(mob) > 0:
            lo, hi = mob.get_corner(_LOW), mob.get_corner(_HIGH)
            if lo[0] < -half_w - 1e-6 or hi[0] > half_w + 1e-6 or lo[1] < -half_h - 1e-6 \
                    or hi[1] > half_h + 1e-6:
                out.append(f"{type(mob).__name__} {label(mob)!r}")
    return out


def visible_family(mobjects: list[Mobject]) -> list[Mobject]:
    """The visible texts (whole) and shapes among `mobjects` and their parts, each once."""
    out, seen = [], set()

    def walk(m: Mobject) -> None:
        if id(m) in seen:
            return
        seen.add(id(m))
        if isinstance(m, TEXTS):
            if opacity(m) > 0:
                out.append(m)
            return  # a text's glyphs are not separate texts
        if m.has_points() and opacity(m) > 0:
            out.append(m)
        for s in m.submobjects:
            walk(s)

    for m in mobjects:
        walk(m)
    return out


def opacity(mob: Mobject) -> float:
    family = mob.family_members_with_points()
    if not family:
        return 0.0
    return max(max(float(m.get_fill_opacity()), float(m.get_stroke_opacity())) for m in family)


def label(mob: Mobject) -> str:
    if isinstance(mob, Text):
        return mob.original_text
    if isinstance(mob, MathTex):
        return mob.get_tex_string()
    if isinstance(mob, DecimalNumber):
        return f"{mob.number}"
    return type(mob).__name__


def key(label_: str, corners: np.ndarray) -> str:
    """A text and its place as one key (a text shown twice in two places is two)."""
    return f"{label_} @ {np.round(corners, 2).tolist()}"


def overlapping(a: np.ndarray, b: np.ndarray) -> bool:
    """Whether two (2, 3) boxes share more than `OVERLAP` across and up."""
    across = min(a[1][0], b[1][0]) - max(a[0][0], b[0][0])
    up = min(a[1][1], b[1][1]) - max(a[0][1], b[0][1])
    return across > OVERLAP and up > OVERLAP


@dataclass(frozen=True)
class Clash:
    """Two texts drawn over each other, both legible, from `frame` for `frames` frames; or
    (`over` "shape") a legible text on a filled shape it does not stand out from, `second`."""

    sentence: str
    frame: int  # the scene's frame where it starts
    seconds: float  # the same, in lesson time
    first: str
    second: str
    frames: int = 1
    over: str = "text"  # what `first` is drawn over: another text, or a "shape"

    def __str__(self) -> str:
        what = f"{self.second!r}" if self.over == "text" else f"a {self.second} it does not stand out from"
        return (f"{self.sentence}: {self.first!r} over {what} at {self.seconds:.2f} s "
                f"(frame {self.frame}, {self.frames} frames)")


@dataclass
class FrameReader:
    """What every frame of a scene shows, read from its mobjects (an inspection's `on_frame`):
    the texts drawn over other texts or over shapes they do not stand out from, and a digest of
    each frame's picture to find long holds."""

    clashes: list[Clash] = field(default_factory=list)
    # (sentence id, first frame, frames, digest of the picture) for every run of identical frames
    pictures: list[tuple[str, int, int, str]] = field(default_factory=list)
    _open: dict[tuple[str, int, int], Clash] = field(default_factory=dict)  # by the two mobjects' ids

    def __call__(self, scene: LessonScene, frame: int, n: int) -> None:
        sentence = next((b.sentence_id for b in scene.timing.beats if b.start <= frame < b.end),
                        "(before its first beat)")
        texts, shapes, digest = _frame(scene.mobjects)
        becoming = _becoming(scene.animations or [])
        now: set[tuple[str, int, int]] = set()

        def seen(ia: int, a: str, ib: int, b: str, over: str) -> None:
            pair = (sentence, ia, ib)
            now.add(pair)
            running = self._open.get(pair)
            if running is not None and running.frame + running.frames == frame:
                self._open[pair] = _longer(running, n)
            else:
                if running is not None:
                    self.clashes.append(running)
                self._open[pair] = Clash(sentence, frame, scene.timing.start + frame / scene.fps,
                                         a, b, n, over)

        for (ma, a, *_), (mb, b, *_) in _overlapping_pairs(texts):
            if frozenset((id(ma), id(mb))) not in becoming:
                (ia, a), (ib, b) = sorted(((id(ma), a), (id(mb), b)), key=lambda t: t[1])
                seen(ia, a, ib, b, "text")
        for (mt, text, _, _), (ms, shape, _) in _unreadable_on(texts, shapes):
            seen(id(mt), text, id(ms), shape, "shape")
        for pair in [p for p in self._open if p not in now]:
            self.clashes.append(self._open.pop(pair))
        last = self.pictures[-1] if self.pictures else None
        if last is not None and last[0] == sentence and last[3] == digest and last[1] + last[2] == frame:
            self.pictures[-1] = (sentence, last[1], last[2] + n, digest)
        else:
            self.pictures.append((sentence, frame, n, digest))

    def finish(self) -> list[Clash]:
        """Every clash seen, in order, once the run is over."""
        self.clashes += self._open.values()
        self._open.clear()
        return sorted(self.clashes, key=lambda c: c.frame)


def _longer(clash: Clash, n: int) -> Clash:
    return dataclasses.replace(clash, frames=clash.frames + n)


def _shared(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Whether each of boxes `a` (n, 2, 3) shares more than `OVERLAP` with each of `b` (m, 2, 3),
    across and up: (n, m)."""
    shared = (np.minimum(a[:, None, 1, :2], b[None, :, 1, :2])
              - np.maximum(a[:, None, 0, :2], b[None, :, 0, :2]))  # (n, m, 2)
    return (shared > OVERLAP).all(axis=2)


def _overlapping_pairs(texts: list) -> list[tuple]:
    """The pairs of `texts` (each with its (2, 3) box third) whose boxes overlap, at once."""
    if len(texts) < 2:
        return []
    boxes = np.array([t[2] for t in texts])  # (n, 2, 3)
    both = np.triu(_shared(boxes, boxes), k=1)
    return [(texts[i], texts[j]) for i, j in zip(*np.nonzero(both))]


def luminance(rgb: np.ndarray) -> np.ndarray:
    """WCAG's relative luminance of sRGB colours (..., 3) in 0..1."""
    linear = np.where(rgb <= 0.03928, rgb / 12.92, ((rgb + 0.055) / 1.055) ** 2.4)
    return linear @ np.array([0.2126, 0.7152, 0.0722])


def contrast(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """WCAG's contrast ratio of colours `a` and `b` (..., 3): 1 (none) to 21."""
    la, lb = luminance(a), luminance(b)
    return (np.maximum(la, lb) + 0.05) / (np.minimum(la, lb) + 0.05)


def _unreadable_on(texts: list, shapes: list) -> list[tuple]:
    """The pairs (text, shape) where a text lies on a filled shape it does not stand out from:
    their boxes overlap and one of the text's colours contrasts less than `LEAST_CONTRAST` with
    the shape's."""
    if not texts or not shapes:
        return []
    under = _shared(np.array([t[2] for t in texts]), np.array([s[2] for s in shapes]))  # (n, m)
    return [(texts[i], shapes[j][:3]) for i, j in zip(*np.nonzero(under))
            if float(contrast(texts[i][3], shapes[j][3]).min()) < LEAST_CONTRAST]


def _frame(mobjects: list[Mobject]) -> tuple[list[tuple], list[tuple], str]:
    """What a frame shows, in one walk that reads the arrays directly (it runs on every frame of
    every scene): its legible texts, each as (mobject, label, (2, 3) box, (k, 3) colours of its
    legible glyphs); its shapes filled beyond `LEGIBLE`, each as (mobject, what it is, box, its
    colour as drawn over the background); and a digest of every visible part's points and
    colours."""
    texts: list[tuple] = []
    shapes: list[tuple] = []
    h = hashlib.blake2b(digest_size=16)
    seen: set[int] = set()
    ground = np.array(ManimColor(config.background_color).to_rgb())

    def alpha(m: Mobject) -> float:
        rgbas = [a for a in (getattr(m, "fill_rgbas", None), getattr(m, "stroke_rgbas", None))
                 if a is not None and len(a)]
        return max((float(a[:, 3].max()) for a in rgbas), default=0.0)

    def fill(m: Mobject) -> np.ndarray | None:
        """The shape's fill as drawn over the background, when it is filled beyond `LEGIBLE`."""
        rgbas = getattr(m, "fill_rgbas", None)
        if rgbas is None or not len(rgbas):
            return None
        rgba = rgbas[int(np.argmax(rgbas[:, 3]))]
        a = float(rgba[3])
        return a * rgba[:3] + (1 - a) * ground if a > LEGIBLE else None

    def look(m: Mobject) -> None:
        h.update(m.points.tobytes())
        for name in ("fill_rgbas", "stroke_rgbas"):
            h.update(np.asarray(getattr(m, name, ())).tobytes())

    def walk(m: Mobject) -> None:
        if id(m) in seen:
            return
        seen.add(id(m))
        if isinstance(m, TEXTS):
            parts = [p for p in m.get_family() if len(p.points)]
            shown = max((alpha(p) for p in parts), default=0.0)
            if shown > 0:
                for p in parts:
                    look(p)
            if shown > LEGIBLE:
                points = np.concatenate([p.points for p in parts])
                colours = np.array([p.fill_rgbas[0, :3] for p in parts
                                    if len(p.fill_rgbas) and p.fill_rgbas[0, 3] > LEGIBLE]
                                   or [p.stroke_rgbas[0, :3] for p in parts[:1]])
                texts.append((m, label(m), np.array([points.min(axis=0), points.max(axis=0)]),
                              colours))
            return
        if len(m.points) and alpha(m) > 0:
            look(m)
            shade = fill(m)
            if shade is not None:
                shapes.append((m, type(m).__name__,
                               np.array([m.points.min(axis=0), m.points.max(axis=0)]), shade))
        for s in m.submobjects:
            walk(s)

    for m in mobjects:
        walk(m)
    return texts, shapes, h.hexdigest()


def _becoming(animations: Iterable[Animation]) -> set[frozenset[int]]:
    """Pairs of texts (by id) one of which is being turned into the other by a playing morph."""
    pairs: set[frozenset[int]] = set()
    for a in animations:
        if isinstance(a, AnimationGroup):
            pairs |= _becoming(a.animations)
        elif type(a) in _BECOMING:
            whole = a.mobject.get_family()
            target = a.target_mobject.get_family() if getattr(a, "target_mobject", None) else []
            if isinstance(a, FadeTransform):  # its mobject holds both: the source, the target
                whole, target = a.mobject[0].get_family(), a.mobject[1].get_family()
            source = [m for m in whole if isinstance(m, TEXTS)]
            for m in source:
                pairs |= {frozenset((id(m), id(t))) for t in target if isinstance(t, TEXTS)}
    return pairs
