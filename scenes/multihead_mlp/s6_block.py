"""Scene 6: one block. It comes out of the neuron's picture: that picture leaves, but for what the
neuron wrote (creature's cell of "soft", 0.74), which goes up into creature's column, where its
MLP's output will come out, and the phrase, which comes down to the block's foot, passing left of
the cell. Attention moves information between tokens (a shaded cell over each token's line; an
arrow over the cells from each earlier token into creature, which reads only from itself and the
tokens before it, and a dot runs along each arrow into creature); the MLP works on each token alone
(a box per token, nothing between them, the arrows staying, as attention stays part of the
block: each token's way up to its box passes under them; a dot goes
up each token's line into its box and the box's output comes out on top, creature's the 0.74,
which shrinks into it); both with their residuals (each token's vector passing round each layer,
right of its cells and boxes, and added back: a dot goes round while another goes through, both
meet at the "+" and one goes on) make one transformer block, and a model stacks dozens of them
(the stack goes on: ⋮)."""

from collections.abc import Callable, Sequence

import numpy as np
from manim import (
    DOWN,
    LEFT,
    RIGHT,
    UP,
    Create,
    Dot,
    FadeIn,
    FadeOut,
    Indicate,
    LaggedStart,
    Line,
    ManimColor,
    Mobject,
    Rectangle,
    ReplacementTransform,
    RoundedRectangle,
    ShowPassingFlash,
    TipableVMobject,
    UpdateFromAlphaFunc,
    VGroup,
    VMobject,
    smooth,
    there_and_back,
)
from manim.utils.paths import path_along_arc
from manim.utils.rate_functions import ease_out_sine
from manim.utils.space_ops import normalize

from attention.multihead_mlp.lesson import lesson
from scenes import style
from scenes.base import LessonScene, Play
from scenes.rules import during
from scenes.widgets import caption, label, token_row

TOKENS_Y = -2.5  # the tokens entering the block, at its foot
ATTENTION_Y = (-1.35, -0.45)  # the attention layer's bottom and top
ADD_Y = (-0.22, 2.0)  # where attention's result, then the MLP's, is added to each token's vector
MLP_Y = 1.1  # the MLP's boxes
BRANCH = 0.15  # each residual leaves its token's line this far below its layer
BYPASS = 0.8  # the residual passes this far right of a token's line
# an arrow from an earlier token's cell into creature's: up from the top of one, over the "+"
# row, down the gap left of creature's cell and into its side, so no arrow crosses a residual or
# a "+", and the arrows, nested, cross no other (by tokens between: the farthest goes outermost)
LEAVES = 0.5  # an arrow leaves the earlier token's cell this far left of the token's line
OVER = (0.6, 0.75, 0.9)  # its run over the cells (and the "+" row), this far above their tops
AWAY = (0.6, 0.46, 0.32)  # comes down this far left of creature's cell
INTO = (0.7, 0.45, 0.2)  # and turns into its side this far below its top
TURN = 0.1  # the radius of an arrow's turns
SLABS = 5  # blocks drawn in the stack (a model has dozens)
NAME_GAP = 0.25  # between the attention layer's name and its first cell
LANE = 0.2  # between an attention cell and the residual passing right of it
CHANGE = 1.25  # seconds of the scene change: the neuron's working fades over its first 0.45 share
# what the neuron wrote goes up into creature's column (once that picture is all but gone, so
# its figure crosses no legible text), on an arc bending right, under and round the phrase's way
WRITTEN = (0.25, 1.0)  # the share of the change in which it moves
WRITTEN_ARC = 2.4  # radians, anticlockwise: it sets off right, then rises into place
CARRY = (0.35, 1.0)  # the share in which the phrase goes down, on an arc bending left, passing
PHRASE_ARC = 2.2  # left of the cell rising into creature's column (radians, anticlockwise)
NAMED = (0.82, 1.0)  # and in which "attention" comes, once the phrase has passed where it goes
OVER_MLP = 0.05  # the cell rests this far over creature's MLP box, on its output's way
BUILD = 0.25  # seconds, then, of the layer's cells coming above the landed phrase, lines drawn up to them
DOT = 0.09  # a vector on its way: a dot this wide (its radius), stopping short of any "+" or name
FADE = 0.2  # a dot fades in (out) over the first (last) this much of its way
HEADROOM = 0.25  # room in the block's frame above its top "+", for the block's result


def plus_node(x: float, y: float) -> VGroup:
    """A residual's "+": the sublayer's result added to the vector that passed around it."""
    ring = RoundedRectangle(corner_radius=0.16, width=0.32, height=0.32, stroke_color=style.INK,
                            stroke_width=2)
    return VGroup(ring, label("+", size=style.SMALL_SIZE)).move_to([x, y, 0])


def bypass(x: float, low: float, high: float) -> VGroup:
    """A residual: from the token's line below a sublayer, round its right (outside the
    sublayer's cell or box), into the "+" above: three straight pieces (no attention arrow
    crosses them: see `moving`)."""
    corners = [[x, low, 0], [x + BYPASS, low, 0], [x + BYPASS, high, 0], [x + 0.16, high, 0]]
    return VGroup(*(Line(a, b, color=style.EMBEDDING, stroke_width=3) for a, b in zip(corners, corners[1:])))


def elbows(corners: Sequence[np.ndarray]) -> np.ndarray:
    """The points of a way through `corners` (each turn a right angle), each turn rounded."""
    way = VMobject().start_new_path(corners[0])
    for before, at, after in zip(corners, corners[1:], corners[2:]):
        come, go = normalize(at - before), normalize(after - at)
        way.add_line_to(at - TURN * come)
        way.add_cubic_bezier_curve_to(at - 0.45 * TURN * come, at + 0.45 * TURN * go, at + TURN * go)
    way.add_line_to(corners[-1])
    return way.points


def moving(start: np.ndarray, run: float, down: float, end: np.ndarray) -> TipableVMobject:
    """An arrow from one cell's top into another's side: up to height `run`, along it, down at
    `down` and across into the side at `end`, its tip there."""
    corners = [start, [start[0], run, 0], [down, run, 0], [down, end[1], 0], end]
    corners = [np.array(c, dtype=float) for c in corners]
    arrow = TipableVMobject(color=style.KEY, stroke_width=3)
    arrow.set_points(elbows(corners))
    arrow.add_tip(tip_length=0.13, tip_width=0.12)
    corners[-1] = end + 0.13 * LEFT  # the way ends at the tip's base, as it was (not rescaled to it)
    return arrow.set_points(elbows(corners)).set_z_index(2)


def polyline(*corners: Sequence[float]) -> VMobject:
    """A dot's way: straight pieces through `corners`."""
    return VMobject().set_points_as_corners([np.array(c, dtype=float) for c in corners])


def dot(at: np.ndarray | Sequence[float], color: ManimColor = style.EMBEDDING, shown: bool = True) -> Dot:
    """A vector on its way: a small dot (hidden until it travels, unless `shown`), above the
    lines and arrows it travels along, ringed in the background's colour to stand out on them."""
    d = Dot(np.array(at, dtype=float), radius=DOT, color=color, stroke_color=style.BACKGROUND, stroke_width=2)
    return d.set_opacity(float(shown)).set_z_index(4)


def travel(d: Dot, way: VMobject, appear: bool = False, vanish: bool = False,
           rate_func: Callable[[float], float] = smooth) -> UpdateFromAlphaFunc:
    """The dot along `way` (by its length), fading in over the way's first FADE when it
    `appear`s, out over its last when it `vanish`es (and then leaving the scene); a dot that
    starts a cue leaves at once and slows down gently (`ease_out_sine`), not in a dash."""
    share = min(1.0, FADE / way.get_arc_length())

    def place(m: Mobject, t: float) -> None:
        m.move_to(way.point_from_proportion(t))
        m.set_opacity(max(0.0, min(1.0, t / share if appear else 1.0, (1 - t) / share if vanish else 1.0)))
    return UpdateFromAlphaFunc(d, place, remover=vanish, rate_func=rate_func)


def swung(start: np.ndarray, end: np.ndarray, angle: float) -> Callable:
    """A path (for a Transform) on which a group that grows as it goes stays upright: its centre
    from `start` to `end` along an arc of `angle` (anticlockwise), each part straight to its place
    about it (Manim's own `path_arc` arcs each point on its own, which tilts a growing row)."""
    arc, a, b = path_along_arc(angle), np.array([start], dtype=float), np.array([end], dtype=float)

    def path(starts: np.ndarray, ends: np.ndarray, alpha: float) -> np.ndarray:
        return starts + (ends - starts) * alpha + (arc(a, b, alpha) - (a + (b - a) * alpha))
    return path


def gently(start: float, end: float) -> Callable[[float], float]:
    """A rate function that moves only within [start, end] of its play, easing in and out like a
    sine: on a long way, at most half as fast again as its mean (`during`'s cubic is thrice)."""
    return lambda t: (1 - np.cos(np.pi * min(1.0, max(0.0, (t - start) / (end - start))))) / 2


def flash_during(start: float, end: float) -> Callable[[float], float]:
    """A flash's rate function (there and back) within [start, end] of its play only: a box
    that works while the dot going in has reached it, before its output comes out."""
    return lambda t: there_and_back(min(1.0, max(0.0, (t - start) / (end - start))))


def along(arrow: TipableVMobject, depth: float) -> VMobject:
    """An arrow's way for a dot: its curve, then on through its tip `depth` into the cell it
    points at."""
    way = VMobject().set_points(arrow.points.copy())
    way.add_line_to(way.get_end() + (arrow.tip.length + depth) * normalize(way.get_end() - way.points[-2]))
    return way


class BlockScene(LessonScene):
    scene_id = "block"
    follows = "neuron"

    def written(self) -> list[Mobject]:
        """What scene neuron wrote and keeps for this one: creature's cell of the feature and the
        figure in it, to carry on. Nothing when that picture is not on screen (a rehearsal, or a
        run for the last picture only)."""
        if "written" not in self.previous:
            return []
        return [self.take("written_cell"), self.take("written")]

    def beats(self) -> None:
        L = lesson()
        n = len(L.tokens)
        tokens = token_row(L.tokens).scale(0.8).move_to([0, TOKENS_Y, 0])
        tokens[L.focus].box.set_stroke(style.QUERY, width=3)
        xs = [t.get_x() for t in tokens]
        # the attention layer as a shaded cell over each token's line, named on its left; the
        # cells leave a lane right of each line, where that token's residual passes round them
        band_name = label("attention", size=style.BODY_SIZE - 2, color=style.KEY)
        band = VGroup(*(Rectangle(width=2 * (BYPASS - LANE), height=ATTENTION_Y[1] - ATTENTION_Y[0],
                                  stroke_width=0, fill_color=style.KEY, fill_opacity=0.16)
                        .move_to([x, sum(ATTENTION_Y) / 2, 0]) for x in xs))
        band_name.next_to(band[0], LEFT, buff=NAME_GAP)

        # an arrow from each earlier token into creature: what creature reads (a token reads
        # only from itself and the tokens before it, never from a later one)
        top, f = ATTENTION_Y[1], L.focus
        side = xs[f] - band[f].width / 2
        arrows = VGroup(*(moving(np.array([xs[j] - LEAVES, top, 0]), top + OVER[f - j - 1],
                                 side - AWAY[f - j - 1], np.array([side, top - INTO[f - j - 1], 0]))
                          for j in range(f)))

        lines = VGroup(*(Line([x, tokens.get_top()[1], 0], [x, ATTENTION_Y[0], 0], color=style.MUTED,
                              stroke_width=2) for x in xs))
        boxes = VGroup()
        for x in xs:
            box = RoundedRectangle(corner_radius=0.12, width=1.2, height=0.7, stroke_color=style.VALUE,
                                   stroke_width=3).move_to([x, MLP_Y, 0])
            boxes.add(VGroup(box, label("MLP", size=style.SMALL_SIZE, color=style.VALUE).move_to(box)))
        into_mlp = VGroup(*(Line([x, ATTENTION_Y[1], 0], [x, MLP_Y - 0.35, 0], color=style.MUTED,
                                 stroke_width=2) for x in xs))
        out_of_mlp = VGroup(*(Line([x, MLP_Y + 0.35, 0], [x, ADD_Y[1] - 0.16, 0], color=style.MUTED,
                                   stroke_width=2) for x in xs))
        alone = caption("each token alone", color=style.VALUE).next_to(boxes, LEFT, buff=0.2)

        with self.beat("attention-moves") as b:
            # one change of layout, a step at a time: at once the neuron's working fades; once it
            # is all but gone what the neuron wrote, creature's cell with its 0.74, goes up into
            # creature's column, over where its MLP will be (its output's place), and the phrase
            # goes down to the block's foot, passing left of it, "attention" coming once it has
            # passed; then the layer's cells come above the landed phrase, each token's line drawn
            # up to its cell; on "between" an arrow from each earlier token into creature, and on
            # "tokens" a dot along each, one after another
            start = self.previous["tokens"].get_center() if "tokens" in self.previous else None
            way = {} if start is None else {"path_func": swung(start, tokens.get_center(), PHRASE_ARC)}
            phrase = self.from_previous("tokens", tokens, FadeIn(tokens, shift=0.2 * UP), **way)
            phrase.set_rate_func(gently(*CARRY))
            wrote = self.written()  # [creature's cell, its figure], or none
            rest = [xs[f], MLP_Y + 0.35 + OVER_MLP + (wrote[0].height / 2 if wrote else 0), 0]
            # (opaque, over the MLP's output line drawn under it later; its figure over it)
            places = VGroup(*(m.copy().move_to(rest).set_z_index(z) for m, z in zip(wrote, (2, 3))))
            if wrote:
                places[0].set_fill(style.BACKGROUND, opacity=1)
            # (the cell and its figure move as one)
            moved = [ReplacementTransform(VGroup(*wrote), places, path_arc=WRITTEN_ARC,
                                          rate_func=gently(*WRITTEN))] if wrote else []
            b.fit(self.scene_change(phrase, *moved, FadeIn(band_name, rate_func=during(*NAMED)),
                                    run_time=CHANGE),
                  Play(FadeIn(band, shift=0.1 * UP), Create(lines, lag_ratio=0), run_time=BUILD),
                  by="between")
            carried = [travel(dot(a.get_start(), shown=False), along(a, 0.15), appear=True, vanish=True)
                       for a in arrows]
            b.fit(Play(LaggedStart(*(Create(a) for a in arrows), lag_ratio=0.15), run_time=0.4), by="tokens")
            b.fit(Play(LaggedStart(*carried, lag_ratio=0.45), run_time=0.7 * (1 + 0.45 * (len(carried) - 1))))

        # each token's way up through its MLP: from its attention cell into the box's foot, and
        # the box's output from its top to where it is added
        into_box = [polyline([x, ATTENTION_Y[1], 0], [x, MLP_Y - 0.35 + DOT, 0]) for x in xs]
        out_of_box = [polyline([x, MLP_Y + 0.35, 0], [x, ADD_Y[1] - 0.16 - DOT, 0]) for x in xs]
        worked = [dot(w.get_start(), style.VALUE, shown=False) for w in out_of_box]  # each MLP's output
        if wrote:  # creature's output is what the neuron wrote: it shrinks into a dot there
            worked[f].move_to(out_of_box[f].get_end())
            outputs_come = [FadeOut(places, scale=0.3, rate_func=during(0.0, 0.45)),
                            worked[f].animate(rate_func=during(0.3, 0.75)).set_opacity(1).build(),
                            *(travel(o, w, appear=True) for i, (o, w) in enumerate(zip(worked, out_of_box))
                              if i != f)]
        else:
            outputs_come = [travel(o, w, appear=True) for o, w in zip(worked, out_of_box)]
        with self.beat("mlp-alone") as b:
            # "The MLP": a box over each token, with its way in and out, nothing between them (the
            # attention arrows stay: they are the block's too); "works": a dot goes up each token's
            # line into its own box and the boxes work (all at once: each on its own); "alone":
            # named, as each box's output comes out on top (creature's: the neuron's 0.74 shrinks
            # into it); "brought": what attention brought each token goes up into its own box
            b.fit(Play(LaggedStart(*(FadeIn(box, shift=0.1 * DOWN) for box in boxes), lag_ratio=0.2),
                       Create(into_mlp, rate_func=during(0.3, 1.0)),
                       Create(out_of_mlp, rate_func=during(0.3, 1.0)), run_time=1.0), by="works")
            b.fit(Play(*(travel(dot(w.get_start(), shown=False), w, appear=True, vanish=True,
                                rate_func=ease_out_sine) for w in into_box), run_time=0.6),
                  Play(*(Indicate(box[0], color=style.INK, scale_factor=1) for box in boxes),
                       run_time=0.4),
                  by="alone")
            b.fit(Play(FadeIn(alone, shift=0.1 * RIGHT), *outputs_come, run_time=0.6), by="brought")
            b.fit(Play(*(ShowPassingFlash(line.copy().set_stroke(style.KEY, width=6), time_width=0.5)
                         for line in into_mlp), run_time=0.6))

        nodes = VGroup(*(plus_node(x, y) for y in ADD_Y for x in xs))
        loops = VGroup(*(bypass(x, low, high) for x in xs
                         for low, high in ((ATTENTION_Y[0] - BRANCH, ADD_Y[0]), (MLP_Y - 0.45, ADD_Y[1]))))
        block = VGroup(band, arrows, boxes, nodes, loops, into_mlp, out_of_mlp)
        # the block's frame: round the layers and the attention layer's name, with room inside
        # (and above the top "+", for what comes out of the block)
        inside = VGroup(block, band_name)
        frame = Rectangle(width=inside.width + 0.6, height=inside.height + 0.4 + HEADROOM, color=style.INK,
                          stroke_width=3).move_to(inside).shift(HEADROOM / 2 * UP)
        name = label("one transformer block", size=style.TITLE_SIZE, color=style.INK)
        name.next_to(frame, UP, buff=0.15)

        # each token's vector through the block: up from the token to attention's residual, then
        # round it and through it to the "+", both stopping at its ring; the sum from the ring's
        # top on to the MLP's residual, round it and into the box's foot (its output from the
        # box's top, `out_of_box`) to the top "+"; the block's result above that
        def round_(x: float, low: float, add: float) -> VMobject:
            return polyline([x, low, 0], [x + BYPASS, low, 0], [x + BYPASS, add, 0], [x + 0.16 + DOT, add, 0])

        low_a, low_m = ATTENTION_Y[0] - BRANCH, MLP_Y - 0.45
        rises = [polyline([x, tokens.get_top()[1] + DOT, 0], [x, low_a, 0]) for x in xs]
        round_a = [round_(x, low_a, ADD_Y[0]) for x in xs]
        through_a = [polyline([x, low_a, 0], [x, ADD_Y[0] - 0.16 - DOT, 0]) for x in xs]
        sums = [polyline([x, ADD_Y[0] + 0.16 + DOT, 0], [x, low_m, 0]) for x in xs]
        round_m = [round_(x, low_m, ADD_Y[1]) for x in xs]
        into_foot = [polyline([x, low_m, 0], [x, MLP_Y - 0.35 + DOT, 0]) for x in xs]
        results = [polyline([x, ADD_Y[1] + 0.16 + DOT, 0], [x, ADD_Y[1] + 0.16 + DOT + 0.12, 0]) for x in xs]
        vectors = [dot(w.get_start(), shown=False) for w in rises]  # each goes through attention
        rounds = [dot(w.get_start(), shown=False) for w in round_a]
        summed = [dot(w.get_start(), shown=False) for w in sums]  # each goes on into its MLP
        rounds_mlp = [dot(w.get_start(), shown=False) for w in round_m]
        outputs = [dot(w.get_start(), style.VALUE, shown=False) for w in out_of_box]
        out = VGroup(*(dot(w.get_start(), shown=False) for w in results))  # the block's result
        onward = VGroup(*(Line([x, ADD_Y[1] + 0.16, 0], [x, frame.get_top()[1], 0], color=style.MUTED,
                               stroke_width=2) for x in xs))  # each token's line, on out of the block
        rings = [node[0] for node in nodes]

        with self.beat("one-block") as b:
            # "Both": the two layers flash; "residuals": each token's vector comes up, passes
            # round attention while it goes through, and both meet at the "+"; "one": the block
            # framed and named, as the sum goes on, round the MLP and through it, and the two
            # meet at the top "+", whose result goes on
            b.fit(Play(Indicate(band_name, color=style.KEY), Indicate(alone, color=style.VALUE),
                       run_time=0.6), by="residuals")
            b.fit(Play(FadeOut(alone), *(FadeOut(o) for o in worked), FadeIn(nodes), Create(loops),
                       *(travel(v, w, appear=True, rate_func=ease_out_sine) for v, w in zip(vectors, rises)),
                       run_time=0.5),
                  Play(*(travel(r, w, appear=True) for r, w in zip(rounds, round_a)),
                       *(travel(v, w) for v, w in zip(vectors, through_a)), run_time=0.7), by="one")
            b.fit(Play(FadeIn(frame), FadeIn(name, shift=0.1 * DOWN),
                       *(FadeOut(d, scale=0.4) for d in vectors + rounds),
                       *(Indicate(r, color=style.EMBEDDING, scale_factor=1) for r in rings[:n]),
                       *(travel(s, w, appear=True) for s, w in zip(summed, sums)), run_time=0.6),
                  Play(*(travel(r, w, appear=True) for r, w in zip(rounds_mlp, round_m)),
                       *(travel(s, w, vanish=True).set_rate_func(during(0, 0.3))
                         for s, w in zip(summed, into_foot)),
                       *(Indicate(box[0], color=style.INK, scale_factor=1)
                         .set_rate_func(flash_during(0.25, 0.55)) for box in boxes),
                       *(travel(o, w, appear=True).set_rate_func(during(0.5, 1.0))
                         for o, w in zip(outputs, out_of_box)),
                       run_time=0.9),
                  Play(*(FadeOut(d, scale=0.4) for d in rounds_mlp + outputs),
                       *(Indicate(r, color=style.EMBEDDING, scale_factor=1) for r in rings[n:]),
                       Create(onward), *(travel(d, w, appear=True) for d, w in zip(out, results)),
                       run_time=0.5))

        slab = Rectangle(width=frame.width, height=0.55, stroke_color=style.INK, stroke_width=3)
        slabs = VGroup(*(slab.copy() for _ in range(SLABS))).arrange(UP, buff=0.22)
        slabs.next_to(tokens, UP, buff=0.3)
        slab_names = VGroup(*(caption("block", color=style.INK).move_to(s) for s in slabs))
        # the stack goes on past the slabs drawn: a link up from the last, then ⋮
        more = VGroup(*(Dot(radius=0.05, color=style.MUTED) for _ in range(3))).arrange(UP, buff=0.12)
        more.next_to(slabs, UP, buff=0.3)
        dozens = label("dozens of blocks", size=style.TITLE_SIZE, color=style.INK)
        dozens.next_to(more, UP, buff=0.2)
        links = VGroup(*(Line(low.get_top(), high.get_bottom(), color=style.MUTED, stroke_width=2)
                         for low, high in zip(slabs, slabs[1:])),
                       Line(slabs.get_top(), more.get_bottom() + 0.08 * DOWN, color=style.MUTED,
                            stroke_width=2))

        with self.beat("dozens-of-blocks") as b:
            # "stacks": the block folds into one slab; "dozens": more slabs on top of it, and the
            # stack goes on (⋮); "one after another": each lights in turn, from the first
            b.fit(Play(FadeOut(block, band_name, name, out, onward), run_time=0.3),
                  Play(ReplacementTransform(frame, slabs[0]), run_time=0.5),
                  Play(FadeIn(slab_names[0]), run_time=0.3),
                  by="dozens")
            b.fit(Play(LaggedStart(*(FadeIn(VGroup(s, t), shift=0.2 * UP)
                                     for s, t in zip(slabs[1:], slab_names[1:])),
                                   FadeIn(more, shift=0.2 * UP), lag_ratio=0.3),
                       FadeIn(links), FadeIn(dozens, shift=0.1 * DOWN), run_time=1.0), by="one")
            b.fit(Play(LaggedStart(*(Indicate(t, color=style.QUERY) for t in slab_names), lag_ratio=0.3),
                       run_time=1.0))
