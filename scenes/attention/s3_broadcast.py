"""Scene 3: every token builds its vectors at once; creature broadcasts its query."""

import numpy as np
from manim import (
    DOWN,
    RIGHT,
    UP,
    Create,
    FadeIn,
    FadeOut,
    Indicate,
    LaggedStart,
    Line,
    ReplacementTransform,
    ShowPassingFlash,
    SurroundingRectangle,
    Transform,
    VGroup,
    VMobject,
    Wait,
)
from manim.utils.rate_functions import smooth

from attention.attention.lesson import lesson
from scenes import style
from scenes.attention.parts import Projection
from scenes.base import LessonScene, Play
from scenes.rules import LEAVING, during
from scenes.widgets import label, token_row, vector

# The share of the scene change after which the other tokens arrive: the old layout has left
# by then (`scenes.rules.LEAVING` of it), so two layouts never show at once.
OTHERS_FROM = LEAVING + 0.01
MOVE_FROM = 0.22  # the share by which the leaving texts are below 15% opaque (eased out)
ROW_SHARE = 0.25  # of the change, for each of creature's rows in turn
GAP = 0.15  # between a column passing under and those in place
BAND_READ = 0.4  # seconds the embeddings and matrices stand before their product starts
# The change is quick: the sentence is two seconds long, and the other tokens' vectors should
# start to come out, all together, as the voice ends "in parallel", not long after it.
CHANGE_TIME, BAND_IN = 1.45, 0.3
# The product is made column by column of each matrix, every token's entry at once: slowly for
# W_Q, where the learner first sees how, then W_K and W_V quicker (seconds a column)
STEP_TIMES = (0.28, 0.14, 0.12)
OUTLINE_TIME = 0.15  # the embeddings outlined before the first column; a matrix once it is done
BAND_TOP = -0.8  # the top of the embeddings' matrix: under the vectors, room for the names above
# the matrices' rows; an embedding's column (wide enough for its token's name over it); a weight
# matrix's columns
E_CELL, E_COLUMN, W_PITCH = 0.32, 0.86, 0.68


def mini(values, color):
    """A vector as a narrow column of cells, its numbers in the smallest readable size."""
    return vector(values, color, width=0.56, cell=0.36)


def window(start: float, end: float):
    """A rate function that runs 0 to 1 only within [start, end] of its play, evenly (the
    path it drives eases each of its legs)."""
    return lambda t: min(1.0, max(0.0, (t - start) / (end - start)))


def at_once(t: float) -> float:
    """A rate function that jumps to the end on the play's first frame."""
    return 1.0 if t > 0 else 0.0


def under_path(drop: float):
    """A path for a row's cells into a column: first up or down to their slots' heights less
    `drop` (stepped apart there, the cells never overlap), then across, then up by `drop` as a
    column. With a drop, a row crosses below the columns already in place, never through them."""
    legs = 3 if drop else 2

    def path(start: np.ndarray, end: np.ndarray, alpha: float) -> np.ndarray:
        step, across, up = (smooth(min(1.0, max(0.0, legs * alpha - k))) for k in range(3))
        out = start.copy()
        out[:, 1] = start[:, 1] + (end[:, 1] - drop - start[:, 1]) * step + drop * (up if drop else 0)
        out[:, 0] = start[:, 0] + (end[:, 0] - start[:, 0]) * across
        return out
    return path


def projection(L) -> "Projection":
    """The four embeddings as the columns of one matrix, each under its token's name, beside
    W_Q, W_K and W_V (their rows the embedding's features, as creature's product showed them),
    under the vectors."""
    return Projection(L, top=BAND_TOP, cell=E_CELL, pitch=W_PITCH, column=E_COLUMN, gap=0.28)


class BroadcastScene(LessonScene):
    scene_id = "broadcast"
    follows = "queries-keys-values"

    def beats(self) -> None:
        L = lesson()
        tokens = token_row(L.tokens, width=2.6, gap=0.7).move_to(2.6 * UP)
        trios = VGroup()
        for n, t in enumerate(tokens):
            trio = VGroup(mini(L.result.queries[n], style.QUERY), mini(L.result.keys[n], style.KEY),
                          mini(L.result.values[n], style.VALUE)).arrange(RIGHT, buff=0.12,
                                                                         aligned_edge=UP)
            trios.add(trio.next_to(t, DOWN, buff=0.35))
        legend = VGroup(*(label(n, size=style.SMALL_SIZE, color=c) for n, c in
                          (("query", style.QUERY), ("key", style.KEY), ("value", style.VALUE))))
        legend.arrange(RIGHT, buff=0.6).next_to(trios, DOWN, buff=0.45)

        # below them, every token's embedding as one column of a matrix, beside the same
        # W_Q, W_K and W_V that made creature's vectors: the product that gives all the others
        band = projection(L)
        with self.beat("all-in-parallel") as b:
            f = L.focus  # creature, whose vectors the previous scene built
            asker = tokens[f]
            others = VGroup(*(t for t in tokens if t is not asker))
            # what moves sets off once the old layout's texts are faint (MOVE_FROM)
            carried = [self.from_previous("creature", asker, FadeIn(asker),
                                          rate_func=window(MOVE_FROM, 0.45))]
            if "vectors" in self.previous:
                # creature's rows turn into columns one after another, numbers and all, each cell
                # down to its slot's height and across; the key and the value pass under the
                # query's column, then rise into theirs
                rows = self.take("vectors")
                placed = trios[f][0].get_bottom()[1]  # the query's column, placed first
                for n, (row, column) in enumerate(zip(rows, trios[f])):
                    drop = 0.0 if n == 0 else column.get_top()[1] - placed + GAP
                    carried.append(ReplacementTransform(
                        row, column, path_func=under_path(drop),
                        rate_func=window(MOVE_FROM + ROW_SHARE * n, MOVE_FROM + ROW_SHARE * (n + 1))))
            else:
                carried.append(FadeIn(trios[f]))
            # on "tokens", the other tokens arrive above the moving rows, only once the old
            # layout (labels, W grids) has left
            carried.append(FadeIn(others, shift=0.2 * DOWN, rate_func=window(OTHERS_FROM, 0.64)))
            # once creature's rows have passed, the four embeddings side by side and the three
            # matrices; held to be read, then multiplied column by column of each matrix, entry k
            # of every token's vector made as the matrix's column k lights; the finished product
            # stands through the sentence's pause
            b.fit(self.scene_change(*carried, run_time=CHANGE_TIME),
                  Play(FadeIn(band.whole, shift=0.15 * UP), run_time=BAND_IN),
                  Play(Wait(), run_time=BAND_READ),
                  *self._product(band, trios, f))

        with self.beat("creature-broadcasts") as b:
            c = L.focus
            query = trios[c][0]
            dimmed = [m for n in range(len(tokens)) if n != c for m in (tokens[n], trios[n])]
            dimmed += [trios[c][1], trios[c][2]]
            ask = label("“any adjectives around here describing me?”", size=style.BODY_SIZE,
                        color=style.QUERY).next_to(legend, DOWN, buff=0.75)
            ask.shift((6.6 - ask.get_right()[0]) * RIGHT)
            tie = Line(query.get_bottom() + 0.08 * DOWN, [query.get_x(), ask.get_top()[1] + 0.1, 0],
                       color=style.QUERY, stroke_width=3)
            ring = SurroundingRectangle(query, color=style.QUERY, buff=0.08, stroke_width=3)
            wires = broadcast_wires(ring, tokens, VGroup(*(t[1] for t in trios)))
            pulses = lambda: [ShowPassingFlash(w.copy().set_stroke(width=6), time_width=0.4)
                              for w in wires]
            # "Then creature...": the rest steps back; creature's query, numbers and all, is
            # outlined; it goes out on "broadcasts" to every key, along wires in the gap between
            # the tokens and their vectors, each of its entries lighting in turn
            # the product's matrices leave before the legend takes their place
            b.fit(Play(*(m.animate.set_opacity(0.35) for m in dimmed), FadeIn(ring),
                       FadeOut(VGroup(band.whole, band.outlines), rate_func=during(0.0, 0.5)),
                       FadeIn(legend, rate_func=during(0.5, 1.0)), run_time=0.8), by="broadcasts")
            b.fit(Play(LaggedStart(*(Create(w) for w in wires), lag_ratio=0.1), run_time=0.9),
                  Play(lambda: [LaggedStart(*(Indicate(t, color=style.QUERY) for t in query.numbers),
                                            lag_ratio=0.5), *pulses()], run_time=1.3),
                  by="specific")
            # "...the question is specific": the question hangs from the query, asked as said
            b.fit(Play(Create(tie), legend.animate.set_opacity(0.35), run_time=0.5), by="any")
            b.fit(Play(lambda: [*pulses(), FadeIn(ask, shift=0.15 * DOWN, run_time=1.0)],
                       run_time=2.2), by="describing")
            # "...describing me?": "me" is creature, its token lit with the word in the question
            # ("me?" flashes white in place: grown, it would touch "describing" and the quote)
            me = ask[-4:-1]  # the glyphs of "me?" (a Text has no glyph for a space)
            b.fit(Play(Indicate(tokens[c].word, color=style.QUERY, scale_factor=1.2),
                       Indicate(me, color=style.INK, scale_factor=1.0), run_time=1.0))
        # the tokens, creature's query and every key take their places in the dot products
        self.keep(tokens=tokens, query=trios[L.focus][0], keys=VGroup(*(t[1] for t in trios)))


    def _product(self, band: Projection, trios: VGroup, focus: int) -> list[Play]:
        """The product, every token at once, made where it can be seen: the embeddings' whole
        matrix outlined, then each column of W_Q in turn outlined with entry k of every token's
        query (creature's, made before, and the others', written as the column lights); then W_K
        and W_V the same, quicker; each matrix outlined once its vectors are made."""
        plays = [Play(FadeIn(band.outlines[0]), run_time=OUTLINE_TIME)]
        for role, (grid, step) in enumerate(zip(band.grids, STEP_TIMES)):
            plays += self._made_by_columns(grid, band.outlines[1 + role],
                                           [trio[role] for trio in trios], focus, step)
        return plays

    def _made_by_columns(self, grid: VGroup, outline: SurroundingRectangle, vectors: list[VGroup],
                         focus: int, step: float) -> list[Play]:
        """One matrix's product, column by column: column k of its grid and entry k of every
        token's vector outlined together, each other token's entry written inside its outline
        (creature's is there already); then the outlines leave and the matrix is outlined."""
        color = outline.get_color()
        rows = len(grid) // len(vectors[0])
        column = lambda k: VGroup(*grid[k * rows:(k + 1) * rows])  # noqa: E731
        rings = lambda k: VGroup(  # noqa: E731
            SurroundingRectangle(column(k), color=color, buff=0.03, stroke_width=4),
            *(SurroundingRectangle(v[k], color=color, buff=0.03, stroke_width=4) for v in vectors))
        ring = rings(0)
        written = lambda k: [FadeIn(v[k], shift=0.08 * DOWN, rate_func=during(0.3, 1.0))  # noqa: E731
                             for n, v in enumerate(vectors) if n != focus]
        plays = [Play(Create(ring), *written(0), run_time=step)]
        # (the outlines step from one column to the next, never sliding across the numbers)
        plays += [Play(Transform(ring, rings(k), rate_func=at_once), *written(k), run_time=step)
                  for k in range(1, len(vectors[0]))]
        plays.append(Play(FadeOut(ring), FadeIn(outline), run_time=OUTLINE_TIME))
        return plays


def broadcast_wires(ring: SurroundingRectangle, tokens: VGroup, keys: VGroup) -> VGroup:
    """One wire from the top of the query's outline to the top of each key: up into the gap
    between the tokens and their vectors, along it, and down, so it crosses no text."""
    wire_y = (tokens.get_bottom()[1] + keys.get_top()[1]) / 2
    x, top = ring.get_x(), ring.get_top()[1]
    return VGroup(*(VMobject(stroke_color=style.QUERY, stroke_width=3).set_points_as_corners(
        [[x, top, 0], [x, wire_y, 0], [k.get_x(), wire_y, 0], [k.get_x(), k.get_top()[1] + 0.04, 0]])
        for k in keys))
