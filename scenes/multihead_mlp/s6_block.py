"""Scene 6: one block. Attention moves information between tokens (a shaded cell over each
token's line, arrows from token to token: the pairs the heads weigh most, those moving right over
the cells, those moving left under them); the MLP works on each token alone (a box per token,
nothing between them); both with their residuals (each token's vector passing round each layer,
right of its cells and boxes, and added back; no arrow crosses one) make one transformer block,
and a model stacks dozens of them."""

import numpy as np
from manim import (
    DOWN,
    LEFT,
    RIGHT,
    UP,
    Create,
    FadeIn,
    FadeOut,
    Indicate,
    LaggedStart,
    Line,
    Rectangle,
    ReplacementTransform,
    RoundedRectangle,
    TipableVMobject,
    VGroup,
)

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
# an arrow between two tokens' cells: those moving right over the cells, from the top of one to
# the top of the other, those moving left under them; each rises (or dips) straight from its cell
# and clears the "+" and residuals of every cell it passes, so no arrow crosses a residual
LEAVES = 0.5  # an arrow meets the left one of its two cells this far left of the token's line
RIGHT_END = (0.58, 0.43, 0.28)  # and the right one this far left of it, by how many tokens apart
OVER = (0.65, 0.77, 0.89)  # how far over the cells it goes (under them: UNDER), by tokens apart
UNDER = (0.3, 0.4, 0.5)
STRONG = 0.3  # an arrow for each weight of at least this much, in any head, between two tokens
SLABS = 5  # blocks drawn in the stack (a model has dozens)
NAME_GAP = 0.25  # between the attention layer's name and its first cell
LANE = 0.2  # between an attention cell and the residual passing right of it
LANDING = 0.7  # the share of the scene change after which the layer builds (the phrase below it)


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


def moving(start: np.ndarray, end: np.ndarray, reach: float) -> TipableVMobject:
    """An arrow from one cell's edge to another's, leaving and reaching them straight up (or
    down, `reach` < 0), at most `reach` above (below) them between."""
    lift = np.array([0, reach / 0.75, 0])  # a cubic's handles this far off reach 3/4 of it
    arrow = TipableVMobject(color=style.KEY, stroke_width=3)
    arrow.start_new_path(start)
    arrow.add_cubic_bezier_curve_to(start + lift, end + lift, end)
    arrow.add_tip(tip_length=0.13, tip_width=0.12)
    return arrow.set_z_index(2)


class BlockScene(LessonScene):
    scene_id = "block"
    follows = "neuron"

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

        # an arrow from token j to token i where some head puts at least STRONG of i's weight on j
        strongest = np.max(L.attention.weights, axis=0)  # (n, n): each pair's weight in its best head
        pairs = [(i, j) for i in range(n) for j in range(n) if i != j and strongest[i, j] >= STRONG]
        arrows = VGroup()
        for i, j in pairs:
            right, apart = j < i, abs(i - j) - 1  # moving right: over the cells; left: under them
            y = ATTENTION_Y[1] if right else ATTENTION_Y[0]
            left_end = np.array([xs[min(i, j)] - LEAVES, y, 0])
            right_end = np.array([xs[max(i, j)] - RIGHT_END[apart], y, 0])
            arrows.add(moving(left_end, right_end, OVER[apart]) if right else
                       moving(right_end, left_end, -UNDER[apart]))

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
            # one change of layout: the phrase moves down to the block's foot as the neuron's
            # working leaves, the attention layer building over it as it lands; on "between"
            # the layer's arrows from token to token
            landing = during(LANDING, 1.0)
            for row in (tokens, self.previous.get("tokens")):  # in front of the layer they pass
                if row is not None:
                    row.set_z_index(3)
            b.fit(self.scene_change(self.from_previous("tokens", tokens, FadeIn(tokens, shift=0.2 * UP)),
                                    Create(lines, lag_ratio=0, rate_func=landing),
                                    FadeIn(band, rate_func=landing), FadeIn(band_name, rate_func=landing),
                                    run_time=1.3), by="between")
            b.fit(Play(LaggedStart(*(Create(a) for a in arrows), lag_ratio=0.15), run_time=1.0))

        with self.beat("mlp-alone") as b:
            # "MLP": a box over each token, nothing between them; "alone": named; "brought":
            # what attention brought each token goes up into its own box
            b.fit(Play(LaggedStart(*(FadeIn(box, shift=0.1 * DOWN) for box in boxes), lag_ratio=0.2),
                       run_time=0.8), by="alone")
            b.fit(Play(FadeIn(alone, shift=0.1 * RIGHT), run_time=0.5), by="brought")
            b.fit(Play(Create(into_mlp), run_time=0.6))

        nodes = VGroup(*(plus_node(x, y) for y in ADD_Y for x in xs))
        loops = VGroup(*(bypass(x, low, high) for x in xs
                         for low, high in ((ATTENTION_Y[0] - BRANCH, ADD_Y[0]), (MLP_Y - 0.45, ADD_Y[1]))))
        block = VGroup(band, arrows, boxes, nodes, loops, into_mlp, out_of_mlp)
        # the block's frame: round the layers and the attention layer's name, with room inside
        inside = VGroup(block, band_name)
        frame = Rectangle(width=inside.width + 0.6, height=inside.height + 0.4, color=style.INK,
                          stroke_width=3).move_to(inside)
        name = label("one transformer block", size=style.TITLE_SIZE, color=style.INK)
        name.next_to(frame, UP, buff=0.15)

        with self.beat("one-block") as b:
            # "Both": the two layers flash; "residuals": each token's vector passes round each
            # layer and is added back; "one": the block framed and named
            b.fit(Play(Indicate(band_name, color=style.KEY), Indicate(alone, color=style.VALUE),
                       run_time=0.6), by="residuals")
            b.fit(Play(FadeOut(alone), run_time=0.3),
                  Play(FadeIn(nodes), Create(loops), Create(out_of_mlp), run_time=0.8), by="one")
            b.fit(Play(FadeIn(frame), FadeIn(name, shift=0.1 * DOWN), run_time=0.8))

        slab = Rectangle(width=frame.width, height=0.55, stroke_color=style.INK, stroke_width=3)
        slabs = VGroup(*(slab.copy() for _ in range(SLABS))).arrange(UP, buff=0.22)
        slabs.next_to(tokens, UP, buff=0.3)
        slab_names = VGroup(*(caption("block", color=style.INK).move_to(s) for s in slabs))
        dozens = label("dozens of blocks", size=style.TITLE_SIZE, color=style.INK)
        dozens.next_to(slabs, UP, buff=0.2)
        links = VGroup(*(Line(low.get_top(), high.get_bottom(), color=style.MUTED, stroke_width=2)
                         for low, high in zip(slabs, slabs[1:])))

        with self.beat("dozens-of-blocks") as b:
            # "stacks": the block folds into one slab; "dozens": more slabs on top of it;
            # "one after another": each lights in turn, from the first
            b.fit(Play(FadeOut(block, band_name, name), run_time=0.3),
                  Play(ReplacementTransform(frame, slabs[0]), run_time=0.5),
                  Play(FadeIn(slab_names[0]), run_time=0.3),
                  by="dozens")
            b.fit(Play(LaggedStart(*(FadeIn(VGroup(s, t), shift=0.2 * UP)
                                     for s, t in zip(slabs[1:], slab_names[1:])), lag_ratio=0.3),
                       FadeIn(links), FadeIn(dozens, shift=0.1 * DOWN), run_time=1.0), by="one")
            b.fit(Play(LaggedStart(*(Indicate(t, color=style.QUERY) for t in slab_names), lag_ratio=0.3),
                       run_time=1.0))


