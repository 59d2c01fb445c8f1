"""Where a scene's texts are, read from its mobjects without drawing a pixel: what the tests check
layout with (caption band, overlaps, the frame's edges, texts on shapes too like them, shapes
moving over texts or drawn above them, numbers shown too briefly, plays that change nothing),
after each play or on every frame (`FrameReader`, handed to an inspection run as its `on_frame`)."""

from __future__ import annotations

import dataclasses
import hashlib
import re
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
    VMobject,
    Wait,
    config,
)
from manim.animation.transform import _MethodAnimation

if TYPE_CHECKING:
    from scenes.base import LessonScene

TEXTS = (Text, MathTex, DecimalNumber)
LEGIBLE = 0.15  # a text fainter than this does not get in another's way
OVERLAP = 0.02  # frame units two boxes must share, across and up, to count as overlapping
# Two texts written at different sizes (two lines, not pieces of one) must keep at least this gap
# too when side by side as on one line: abutting ("…100%query…"), they read as one run of text.
# Pieces of one line of working, written at one size, may stand closer ("3.0×3.8"), and so may an
# exponent beside its base.
TEXT_GAP = 0.04
# Two numbers side by side need more: closer than this, "11.64" beside "6.72" reads "11.646.72".
NUMBER_GAP = 0.1
# A text does not stand out from a filled shape under it when their contrast (WCAG's ratio of
# relative luminances, the shape's colour as drawn over the background) is below this, the least
# WCAG allows for large text: white "55%" on an orange bar is 2.4, orange on it 1.3, white on a
# vector's fullest cell 3.2.
LEAST_CONTRAST = 3.0
OPAQUE = 0.99  # a text this opaque or more is shown fully
MOVED = 1e-4  # frame units a part's box must shift between two frames to count as moving
# A number must stay readable (on screen, fully opaque, nothing over it, still) this long:
# READ_BASE seconds for up to READ_FREE characters, READ_PER_CHAR seconds for each further one.
READ_BASE, READ_FREE, READ_PER_CHAR = 1.5, 5, 0.1
_DIGIT = re.compile(r"\d")
_NUMBER = re.compile(r"^[<(−+-]*\d[\d.,]*%?\)?$")  # a figure alone: "11.64", "<1%", "(−4)"
# Animations that turn one given mobject into another: while they play, the two may overlap.
_BECOMING = (Transform, ReplacementTransform, TransformFromCopy, ClockwiseTransform,
             CounterclockwiseTransform, FadeTransform)
_LOW, _HIGH = np.array([-1, -1, 0]), np.array([1, 1, 0])


def text_boxes(mobjects: list[Mobject]) -> list[tuple[str, np.ndarray]]:
    """Every visible text among `mobjects` (and their parts) with its (2, 3) corners."""
    return [(label(mob), corners(mob))
            for mob in visible_family(mobjects)
            if isinstance(mob, TEXTS) and mob.family_members_with_points()]


def out_of_frame(mobjects: list[Mobject]) -> list[str]:
    """The visible mobjects that reach past the frame's edges."""
    half_w, half_h = config.frame_width / 2, config.frame_height / 2
    out = []
    for mob in visible_family(mobjects):
        if mob.family_members_with_points() and opacity(mob) > 0:
            lo, hi = corners(mob)
            if lo[0] < -half_w - 1e-6 or hi[0] > half_w + 1e-6 or lo[1] < -half_h - 1e-6 \
                    or hi[1] > half_h + 1e-6:
                out.append(f"{type(mob).__name__} {label(mob)!r}")
    return out


def visible_family(mobjects: list[Mobject]) -> list[Mobject]:
    """The visible texts (whole) and shapes among `mobjects` and their parts, each once."""
    out, seen = [], set()
    shown: dict[int, float] = {}  # part -> `opacity(part)`, each found once from its parts'

    def opaque(m: Mobject) -> float:
        if id(m) not in shown:
            shown[id(m)] = max([_alpha(m) if len(m.points) else 0.0,
                                *(opaque(s) for s in m.submobjects)])
        return shown[id(m)]

    def walk(m: Mobject) -> None:
        if id(m) in seen:
            return
        seen.add(id(m))
        if isinstance(m, TEXTS):
            if opaque(m) > 0:
                out.append(m)
            return  # a text's glyphs are not separate texts
        if m.has_points() and opaque(m) > 0:
            out.append(m)
        for s in m.submobjects:
            walk(s)

    for m in mobjects:
        walk(m)
    return out


def opacity(mob: Mobject) -> float:
    """How opaque the most opaque of `mob`'s parts with points is (0 when none is drawn)."""
    return max((_alpha(m) for m in mob.get_family() if len(m.points)), default=0.0)


def _alpha(m: Mobject) -> float:
    """A part's opacity as Manim reads it (its first fill's or first stroke's, the greater), taken
    from its arrays for a VMobject: it is read for every part of every frame."""
    if isinstance(m, VMobject):
        return float(max(m.get_fill_rgbas()[0, 3], m.get_stroke_rgbas()[0, 3]))
    return max(float(m.get_fill_opacity()), float(m.get_stroke_opacity()))


def corners(mob: Mobject) -> np.ndarray:
    """`mob`'s lower-left and upper-right corners, (2, 3), as `get_corner` gives them, read from
    the family's arrays in one pass instead of one walk per coordinate."""
    boundary = type(mob).get_points_defining_boundary
    family = mob.get_family()
    if boundary is VMobject.get_points_defining_boundary and all(isinstance(m, VMobject) for m in family):
        points = [a for m in family for a in _anchors(m)]
    elif boundary is Mobject.get_points_defining_boundary:
        points = [m.points for m in family]
    else:
        return np.array([mob.get_corner(_LOW), mob.get_corner(_HIGH)])
    points = [p for p in points if len(p)]
    if not points:
        return np.zeros((2, 3))
    every = np.concatenate(points)
    lo, hi = every.min(axis=0), every.max(axis=0)
    lo[2] = hi[2] = (lo[2] + hi[2]) / 2
    return np.array([lo, hi])


def _anchors(m: VMobject) -> list[np.ndarray]:
    """The points that bound a VMobject's curves (its anchors, as `get_anchors` gives them)."""
    if m.points.shape[0] == 1:
        return [m.points]
    n = m.n_points_per_cubic_curve
    return [m.points[::n], m.points[n - 1::n]]


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
    """Two things drawn over each other from `frame` for `frames` frames, by `over`: "text", a
    legible text over another; "shape", a legible text on a filled shape `second` it does not
    stand out from; "moving", `first` moving over the legible text `second`; "above", a filled
    shape `first` drawn above the legible text `second` it covers."""

    sentence: str
    frame: int  # the scene's frame where it starts
    seconds: float  # the same, in lesson time
    first: str
    second: str
    frames: int = 1
    over: str = "text"

    def __str__(self) -> str:
        what = {"text": f"{self.first!r} over {self.second!r}",
                "shape": f"{self.first!r} over a {self.second} it does not stand out from",
                "moving": f"{self.first!r} moving over {self.second!r}",
                "above": f"a {self.first} drawn above {self.second!r}, hiding it"}[self.over]
        return f"{self.sentence}: {what} at {self.seconds:.2f} s (frame {self.frame}, {self.frames} frames)"


@dataclass(frozen=True)
class Glimpse:
    """A number shown from `frame` for `frames` frames but readable (on screen, fully opaque,
    uncovered, still) for only `readable` of the `needed` seconds (`reading_time`)."""

    sentence: str
    frame: int
    seconds: float
    text: str
    frames: int
    readable: float
    needed: float

    def __str__(self) -> str:
        return (f"{self.sentence}: {self.text!r} readable for {self.readable:.2f} s of the "
                f"{self.needed:.2f} s it needs, shown at {self.seconds:.2f} s "
                f"(frame {self.frame}, {self.frames} frames)")


@dataclass(frozen=True)
class IdlePlay:
    """A play of `animations` that changes nothing on screen in any of its `frames` frames."""

    sentence: str
    frame: int
    seconds: float
    animations: str
    frames: int

    def __str__(self) -> str:
        return (f"{self.sentence}: a play of {self.animations} changes nothing on screen at "
                f"{self.seconds:.2f} s (frame {self.frame}, {self.frames} frames)")


def reading_time(text: str) -> float:
    """The seconds a number written as `text` must stay readable: longer for a longer one."""
    chars = len("".join(text.split()))
    return READ_BASE + READ_PER_CHAR * max(0, chars - READ_FREE)


@dataclass
class _Showing:
    """A number on screen, as the reader follows it: since when, and its readable frames."""

    sentence: str
    label: str
    frame: int
    seconds: float
    frames: int = 0
    run: int = 0  # readable frames up to now, in a row
    best: int = 0  # the longest such run
    carried: bool = False  # on the scene's first frame: the scene before judged it


@dataclass
class _Playing:
    """The play under way, as the reader follows it: the picture before it, whether it changed."""

    sentence: str
    frame: int
    seconds: float
    animations: str
    before: str | None
    frames: int = 0
    changed: bool = False


@dataclass
class FrameReader:
    """What every frame of a scene shows, read from its mobjects (an inspection's `on_frame`):
    texts drawn over other texts, on shapes they do not stand out from, under moving parts or
    under filled shapes drawn above them; numbers not readable long enough; plays that change
    nothing; and a digest of each frame's picture to find long holds."""

    clashes: list[Clash] = field(default_factory=list)
    # (sentence id, first frame, frames, digest of the picture) for every run of identical frames
    pictures: list[tuple[str, int, int, str]] = field(default_factory=list)
    glimpses: list[Glimpse] = field(default_factory=list)
    idle: list[IdlePlay] = field(default_factory=list)
    _open: dict[tuple[str, str, int, int], Clash] = field(default_factory=dict)  # by kind and ids
    _boxes: dict[int, np.ndarray] = field(default_factory=dict)  # last frame's parts, by id
    _numbers: dict[int, _Showing] = field(default_factory=dict)  # by the text's id
    _animations: list | None = None  # the scene's list of the play under way
    _play: _Playing | None = None
    _fps: int = 1

    def __call__(self, scene: LessonScene, frame: int, n: int) -> None:
        sentence = next((b.sentence_id for b in scene.timing.beats if b.start <= frame < b.end),
                        "(before its first beat)")
        seconds = scene.timing.start + frame / scene.fps
        self._fps = scene.fps
        texts, shapes, parts, digest = _frame(scene.mobjects)
        animations = scene.animations or []
        becoming = _becoming(animations)
        moving = self._moved(parts)
        covered: set[int] = set()
        now: set[tuple[str, str, int, int]] = set()

        def seen(ia: int, a: str, ib: int, b: str, over: str) -> None:
            pair = (over, sentence, ia, ib)
            now.add(pair)
            running = self._open.get(pair)
            if running is not None and running.frame + running.frames == frame:
                self._open[pair] = _longer(running, n)
            else:
                if running is not None:
                    self.clashes.append(running)
                self._open[pair] = Clash(sentence, frame, seconds, a, b, n, over)

        for (ma, a, *_), (mb, b, *_) in _overlapping_pairs(texts):
            covered |= {id(ma), id(mb)}
            if frozenset((id(ma), id(mb))) not in becoming:
                (ia, a), (ib, b) = sorted(((id(ma), a), (id(mb), b)), key=lambda t: t[1])
                seen(ia, a, ib, b, "text")
        for (mt, text, *_), (ms, shape, _) in _unreadable_on(texts, shapes):
            covered.add(id(mt))
            seen(id(mt), text, id(ms), shape, "shape")
        for (mm, mover, _), (mt, text, *_) in _moving_over(moving, texts, _together(animations)):
            covered.add(id(mt))
            seen(id(mm), mover, id(mt), text, "moving")
        for (ms, shape, *_), (mt, text, *_) in _drawn_above(texts, shapes):
            covered.add(id(mt))
            seen(id(ms), shape, id(mt), text, "above")
        for pair in [p for p in self._open if p not in now]:
            self.clashes.append(self._open.pop(pair))
        covered |= {id(m) for m, *_ in moving}
        self._read_numbers(sentence, frame, seconds, n, texts, covered, scene.fps,
                           carried=frame == 0 and scene.follows is not None)
        self._follow_play(animations, sentence, frame, seconds, n, digest)
        last = self.pictures[-1] if self.pictures else None
        if last is not None and last[0] == sentence and last[3] == digest and last[1] + last[2] == frame:
            self.pictures[-1] = (sentence, last[1], last[2] + n, digest)
        else:
            self.pictures.append((sentence, frame, n, digest))

    def _moved(self, parts: list[tuple]) -> list[tuple]:
        """The parts whose box shifted since the last frame (each as (mobject, what, box))."""
        before, self._boxes = self._boxes, {id(m): box for m, _, box in parts}
        return [(m, what, box) for m, what, box in parts
                if id(m) in before and float(np.abs(box - before[id(m)]).max()) > MOVED]

    def _read_numbers(self, sentence: str, frame: int, seconds: float, n: int, texts: list[tuple],
                      covered: set[int], fps: int, carried: bool) -> None:
        """Follow each number on screen: how long in a row it is readable (fully opaque, inside
        the frame, nothing over it, still); judge it once it leaves (`Glimpse`). A number that
        changes its value in place (counting) starts over, the value it left not judged; one on
        the first frame of a scene that opens on the one before (`carried`) was judged there."""
        now: dict[int, _Showing] = {}
        for m, text, box, _, shown, _ in texts:
            if not _DIGIT.search(text):
                continue
            showing = self._numbers.get(id(m))
            if showing is None or showing.label != text:
                showing = _Showing(sentence, text, frame, seconds, carried=carried)
            showing.frames += n
            if shown >= OPAQUE and id(m) not in covered and _inside_frame(box):
                showing.run += n
                showing.best = max(showing.best, showing.run)
            else:
                showing.run = 0
            now[id(m)] = showing
        for key_, showing in self._numbers.items():
            if key_ not in now:
                self._judge(showing, fps)
        self._numbers = now

    def _judge(self, showing: _Showing, fps: int) -> None:
        needed = reading_time(showing.label)
        if not showing.carried and showing.best / fps < needed - 1e-9:
            self.glimpses.append(Glimpse(showing.sentence, showing.frame, showing.seconds,
                                         showing.label, showing.frames, showing.best / fps, needed))

    def _follow_play(self, animations: list, sentence: str, frame: int, seconds: float, n: int,
                     digest: str) -> None:
        """Note whether the play under way changes the picture it started from (`IdlePlay`)."""
        if animations is not self._animations:
            self._close_play()
            self._animations = animations
            what = [describe(a) for a in animations if not isinstance(a, Wait)]
            before = self.pictures[-1][3] if self.pictures else None
            self._play = _Playing(sentence, frame, seconds, ", ".join(what), before) if what else None
        if self._play is not None:
            self._play.frames += n
            self._play.changed |= self._play.before is None or digest != self._play.before

    def _close_play(self) -> None:
        play, self._play = self._play, None
        if play is not None and not play.changed:
            self.idle.append(IdlePlay(play.sentence, play.frame, play.seconds, play.animations,
                                      play.frames))

    def finish(self) -> list[Clash]:
        """Every clash seen, in order, once the run is over (and the numbers still on screen
        judged, the last play closed, into `glimpses` and `idle`)."""
        self.clashes += self._open.values()
        self._open.clear()
        for showing in self._numbers.values():
            self._judge(showing, self._fps)
        self._numbers.clear()
        self._close_play()
        self._animations = None
        return sorted(self.clashes, key=lambda c: c.frame)


def _longer(clash: Clash, n: int) -> Clash:
    return dataclasses.replace(clash, frames=clash.frames + n)


def _shared(a: np.ndarray, b: np.ndarray, least: float = OVERLAP) -> np.ndarray:
    """Whether each of boxes `a` (n, 2, 3) shares more than `least` with each of `b` (m, 2, 3),
    across and up: (n, m). (A negative `least`: closer than that gap.)"""
    shared = (np.minimum(a[:, None, 1, :2], b[None, :, 1, :2])
              - np.maximum(a[:, None, 0, :2], b[None, :, 0, :2]))  # (n, m, 2)
    return (shared > least).all(axis=2)


def _overlapping_pairs(texts: list) -> list[tuple]:
    """The pairs of `texts` (each with its (2, 3) box third) whose boxes overlap, at once; and
    those written at different sizes, or two numbers, that come closer than `TEXT_GAP` side by
    side (touching, they read as one text: "11.64" beside "6.72" reads "11.646.72")."""
    if len(texts) < 2:
        return []
    boxes = np.array([t[2] for t in texts])  # (n, 2, 3)
    both = np.triu(_shared(boxes, boxes), k=1)
    near = np.triu(_shared(boxes, boxes, -TEXT_GAP), k=1) & ~both
    nearer = np.triu(_shared(boxes, boxes, -NUMBER_GAP), k=1) & ~both
    sizes = [getattr(t[0], "_font_size", None) for t in texts]
    numbers = [bool(_NUMBER.match(t[1])) for t in texts]
    close = [(i, j) for i, j in zip(*np.nonzero(near | nearer))
             if (numbers[i] and numbers[j] and nearer[i, j]
                 or near[i, j] and sizes[i] is not None and sizes[j] is not None
                 and abs(sizes[i] - sizes[j]) > 0.5)
             and _side_by_side(boxes[i], boxes[j])]
    return [(texts[i], texts[j]) for i, j in [*zip(*np.nonzero(both)), *close]]


def _side_by_side(a: np.ndarray, b: np.ndarray) -> bool:
    """Whether two (2, 3) boxes stand side by side as on one line: they share most (LINE_SHARE)
    of the lower one's height (a raised exponent beside its base does not)."""
    up = min(a[1][1], b[1][1]) - max(a[0][1], b[0][1])
    return up > LINE_SHARE * min(a[1][1] - a[0][1], b[1][1] - b[0][1])


LINE_SHARE = 0.6


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


def _frame(mobjects: list[Mobject]) -> tuple[list[tuple], list[tuple], list[tuple], str]:
    """What a frame shows, in one walk that reads the arrays directly (it runs on every frame of
    every scene): its legible texts, each as (mobject, label, (2, 3) box, (k, 3) colours of its
    legible glyphs, opacity, drawing order); its shapes filled beyond `LEGIBLE`, each as
    (mobject, what it is, box, its colour as drawn over the background, drawing order); its
    legible parts (texts whole, shapes), each as (mobject, what it is, box); and a digest of
    every visible part's points and colours, to a thousandth."""
    texts: list[tuple] = []
    shapes: list[tuple] = []
    parts_: list[tuple] = []
    h = hashlib.blake2b(digest_size=16)
    seen: set[int] = set()
    ground = np.array(ManimColor(config.background_color).to_rgb())

    def alpha(m: Mobject) -> float:
        shown = 0.0
        for a in (getattr(m, "fill_rgbas", None), getattr(m, "stroke_rgbas", None)):
            if a is not None and len(a):  # mostly one colour: read it without a reduction
                shown = max(shown, float(a[0, 3] if len(a) == 1 else a[:, 3].max()))
        return shown

    def fill(m: Mobject) -> np.ndarray | None:
        """The shape's fill as drawn over the background, when it is filled beyond `LEGIBLE`."""
        rgbas = getattr(m, "fill_rgbas", None)
        if rgbas is None or not len(rgbas):
            return None
        rgba = rgbas[int(np.argmax(rgbas[:, 3]))]
        a = float(rgba[3])
        return a * rgba[:3] + (1 - a) * ground if a > LEGIBLE else None

    looked: list[np.ndarray] = []  # what the digest reads, rounded and hashed once at the end

    def look(m: Mobject) -> None:  # to a thousandth: a play's float noise is not a change
        looked.append(m.points.ravel())
        for name in ("fill_rgbas", "stroke_rgbas"):
            looked.append(np.asarray(getattr(m, name, ()), dtype=float).ravel())

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
                box = np.array([points.min(axis=0), points.max(axis=0)])
                texts.append((m, label(m), box, colours, shown, (m.z_index, len(seen))))
                parts_.append((m, label(m), box))
            return
        shown = alpha(m) if len(m.points) else 0.0
        if shown > 0:
            look(m)
            box = np.array([m.points.min(axis=0), m.points.max(axis=0)])
            shade = fill(m)
            if shade is not None:
                shapes.append((m, type(m).__name__, box, shade, (m.z_index, len(seen))))
            if shown > LEGIBLE:
                parts_.append((m, type(m).__name__, box))
        for s in m.submobjects:
            walk(s)

    for m in mobjects:
        walk(m)
    if looked:  # one array, rounded at once: the bytes hashed part by part before, one call
        h.update((np.round(np.concatenate(looked), 3) + 0.0).tobytes())
    return texts, shapes, parts_, h.hexdigest()


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


def _together(animations: Iterable[Animation]) -> list[set[int]]:
    """The mobjects (by id) each playing animation moves as one, with what it turns into: a part
    may cross a text among them (a cell's number moves with its cell, a morph over its target)."""
    out: list[set[int]] = []
    for a in animations:
        if isinstance(a, AnimationGroup):
            out += _together(a.animations)
        elif not isinstance(a, Wait):
            family = {id(m) for m in a.mobject.get_family()}
            target = getattr(a, "target_mobject", None)
            if type(a) in _BECOMING and target is not None:
                family |= {id(m) for m in target.get_family()}
            out.append(family)
    return out


def _moving_over(moving: list[tuple], texts: list[tuple], together: list[set[int]]) -> list[tuple]:
    """The pairs (moving part, legible text) whose boxes overlap, but for a part over itself and
    parts moved as one with the text (`_together`)."""
    if not moving or not texts:
        return []
    over = _shared(np.array([m[2] for m in moving]), np.array([t[2] for t in texts]))
    pairs = []
    for i, j in zip(*np.nonzero(over)):
        a, b = id(moving[i][0]), id(texts[j][0])
        if a != b and not any(a in group and b in group for group in together):
            pairs.append((moving[i], texts[j]))
    return pairs


def _drawn_above(texts: list[tuple], shapes: list[tuple]) -> list[tuple]:
    """The pairs (filled shape, legible text) where the shape is drawn after the text (by depth,
    then order) over it: a word hidden under its own box."""
    if not texts or not shapes:
        return []
    over = _shared(np.array([t[2] for t in texts]), np.array([s[2] for s in shapes]))
    return [(shapes[j], texts[i]) for i, j in zip(*np.nonzero(over)) if shapes[j][4] > texts[i][5]]


def hidden_by(animated: Iterable[Mobject], drawn: list[Mobject]) -> list[tuple[Mobject, Mobject]]:
    """(shape, text) for each legible text among `drawn` (every part of the picture, in drawing
    order) that a shape filled beyond `LEGIBLE` among the `animated` mobjects' parts is drawn
    after and over (the text's centre inside the shape's box): a word hidden under a box, as a
    play that lifts the boxes it animates above the words leaves it."""
    order = {id(m): i for i, m in enumerate(drawn)}
    glyphs: set[int] = set()
    texts = []
    for m in drawn:
        if isinstance(m, TEXTS) and id(m) not in glyphs:
            family = [p for p in m.get_family() if len(p.points)]
            glyphs |= {id(p) for p in m.get_family()}
            if family and max(opacity(p) for p in family) > LEGIBLE:
                points = np.concatenate([p.points for p in family])
                texts.append((m, max(order.get(id(p), -1) for p in family),
                              (points.min(axis=0) + points.max(axis=0)) / 2))
    found = []
    for shape in {id(p): p for a in animated for p in a.get_family()}.values():
        rgbas = getattr(shape, "fill_rgbas", None)
        if id(shape) in glyphs or not len(shape.points) or rgbas is None or not len(rgbas) \
                or float(rgbas[:, 3].max()) <= LEGIBLE or id(shape) not in order:
            continue
        low, high = shape.points.min(axis=0), shape.points.max(axis=0)
        for text, at, centre in texts:
            if order[id(shape)] > at and np.all(centre[:2] >= low[:2]) and np.all(centre[:2] <= high[:2]):
                found.append((shape, text))
    return found


def _inside_frame(box: np.ndarray) -> bool:
    half_w, half_h = config.frame_width / 2, config.frame_height / 2
    return bool(box[0][0] >= -half_w - 1e-6 and box[1][0] <= half_w + 1e-6
                and box[0][1] >= -half_h - 1e-6 and box[1][1] <= half_h + 1e-6)


def describe_mobject(mob: Mobject) -> str:
    """A mobject as an error names it: `Text 'x'`, `Square`."""
    return f"{type(mob).__name__} {label(mob)!r}" if isinstance(mob, TEXTS) else type(mob).__name__


def describe(animation: Animation) -> str:
    """An animation as an author wrote it: `Text 'x'.animate`, `FadeIn(Text 'x')`."""
    what = describe_mobject(animation.mobject)
    if isinstance(animation, _MethodAnimation):
        return f"{what}.animate"
    return f"{type(animation).__name__}({what})"
