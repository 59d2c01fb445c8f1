"""Scene 2: one token's embedding turned into a query, a key and a value, each a product of the
embedding with a matrix (W_Q, W_K, W_V) whose numbers are on screen."""

import numpy as np
from manim import (
    DOWN,
    LEFT,
    RIGHT,
    UP,
    Arrow,
    Create,
    FadeIn,
    FadeOut,
    GrowArrow,
    GrowFromPoint,
    Indicate,
    LaggedStart,
    Line,
    ManimColor,
    MathTex,
    SurroundingRectangle,
    VGroup,
)

from attention import score_figure
from attention.attention.lesson import Lesson, lesson
from scenes import style
from scenes.base import LessonScene, Play
from scenes.prebuilt import built
from scenes.rules import during
from scenes.widgets import caption, keep_in_frame, label, mono, spelled, token_box, vector

GRID_LEFT = -3.55  # x of a matrix's first column: just right of the embedding
GRID_STEP = 0.62  # between a matrix's columns: W_V's five leave room for the products
SUM_RIGHT = 0.9  # where the column of products ends, left of the vectors
ROWS_LEFT = 1.2  # where the query, key and value rows start


class Matrix:
    """A projection matrix on screen: its numbers in rows beside the embedding's cells (row m
    holds what feature m contributes to each entry), its name above, a frame around it."""

    def __init__(self, w: np.ndarray, tex: str, color: ManimColor, embedding: VGroup):
        size = style.BODY_SIZE - 6
        self.columns = VGroup(*(VGroup(*(mono(score_figure(w[m, k]), style.INK, size)
                                         .move_to([GRID_LEFT + GRID_STEP * k, cell.get_y(), 0])
                                         for m, cell in enumerate(embedding)))
                                for k in range(w.shape[1])))
        self.frame = SurroundingRectangle(self.columns, color=style.MUTED, buff=0.12, stroke_width=2)
        self.name = built(MathTex, tex, color=color, font_size=34).next_to(self.frame, UP, buff=0.12)
        self.whole = VGroup(self.frame, self.columns, self.name)


class QueriesKeysValuesScene(LessonScene):
    scene_id = "queries-keys-values"
    follows = "phrase"

    def beats(self) -> None:
        L = lesson()
        i = L.focus  # creature, who will ask: the lesson follows it from the phrase on
        token = token_box(L.tokens[i]).move_to(4.6 * LEFT + 3.0 * UP)
        embedding = vector(L.embeddings[i], style.EMBEDDING, width=0.95, cell=0.55,
                           size=style.BODY_SIZE - 2).next_to(token, DOWN, buff=0.5)
        names = VGroup(*(caption(f).next_to(cell, LEFT, buff=0.15) for f, cell in
                         zip(L.features, embedding)))
        emb_caption = caption("embedding", color=style.EMBEDDING).next_to(embedding, DOWN, buff=0.2)
        keep_in_frame(VGroup(token, embedding, names, emb_caption))

        rows, arrows, maps, titles, questions = VGroup(), VGroup(), VGroup(), VGroup(), VGroup()
        specs = [
            ("query", L.result.queries[i], style.QUERY, "W_Q", L.w_q, "what am I looking for?"),
            ("key", L.result.keys[i], style.KEY, "W_K", L.w_k, "what do I contain?"),
            ("value", L.result.values[i], style.VALUE, "W_V", L.w_v, "what I'll hand over"),
        ]
        for n, (name, values, color, tex, _, question) in enumerate(specs):
            width = 1.1 if name == "value" else 1.38  # query and key cells carry a heading
            row = vector(values, color, width=width, cell=0.55, size=style.BODY_SIZE - 2)
            row.arrange(RIGHT, buff=0).move_to((2.2 - 2.1 * n) * UP).align_to(ROWS_LEFT * RIGHT, LEFT)
            for t in row.numbers:  # each entry shows once it is worked out
                t.set_opacity(0)
            rows.add(row)
            titles.add(label(name, size=style.BODY_SIZE, color=color).next_to(row, UP, buff=0.12)
                       .align_to(row, LEFT))
            questions.add(caption(question, color=color).next_to(row, DOWN, buff=0.15)
                          .align_to(row, LEFT))
            arrow = Arrow(embedding.get_right(), row.get_left(), buff=0.2, color=style.MUTED,
                          stroke_width=3, max_tip_length_to_length_ratio=0.08)
            arrows.add(arrow)
            maps.add(built(MathTex, tex, color=color, font_size=34)
                     .move_to(arrow.point_from_proportion(0.45)).shift(0.3 * UP))
        matrices = [Matrix(w, tex, color, embedding) for _, _, color, tex, w, _ in specs]

        # query and key share the dimensions they compare, each headed by them: the query asks
        # ("adjective?"), the key says what it holds ("adjective")
        heads = [VGroup(*(caption(d if n == 0 else d.rstrip("?")).next_to(cell, UP, buff=0.12)
                          for d, cell in zip(L.qk_dims, rows[n]))) for n in (0, 1)]
        for n, head in enumerate(heads):
            titles[n].next_to(head, UP, buff=0.12).align_to(rows[n], LEFT)
        dims = VGroup(*heads)

        down = Arrow(token.get_bottom(), embedding.get_top(), buff=0.06, color=style.MUTED,
                     stroke_width=3, max_tip_length_to_length_ratio=0.3)

        with self.beat("three-small-vectors") as b:
            # The word stays; its embedding grows below it, then each vector (empty) from its
            # W's arrow: what fills them is worked out next.
            # creature moves up to the corner as the rest of the phrase leaves, unhurried: the
            # whole time up to "three" is the change
            b.fit(self.scene_change(self.from_previous("creature", token, FadeIn(token, shift=0.2 * DOWN)),
                                    run_time=1.0), by="three")
            b.fit(
                Play(GrowArrow(down), GrowFromPoint(embedding, down.get_end()), FadeIn(names),
                     FadeIn(emb_caption), run_time=0.6),
                Play(LaggedStart(*(GrowArrow(a) for a in arrows), lag_ratio=0.25), FadeIn(maps),
                     LaggedStart(*(GrowFromPoint(r, a.get_end()) for r, a in zip(rows, arrows)),
                                 lag_ratio=0.3), FadeIn(titles), FadeIn(dims), run_time=1.0))

        with self.beat("query-looking-for") as b:
            # the arrows give way to W_Q's numbers; the query's biggest entry is worked out as
            # the embedding's column meets W_Q's, product by product, then the rest fill in at
            # once while that working stays up to be read
            q = matrices[0]
            j = int(np.argmax(np.abs(L.result.queries[i])))
            working = self._working(L, i, L.w_q, j, style.QUERY)
            # (the arrows' names leave before W_Q's numbers arrive where they stood)
            b.fit(Play(FadeOut(arrows), FadeOut(maps), FadeIn(questions[0], shift=0.15 * DOWN),
                       run_time=0.3),
                  Play(FadeIn(q.whole, shift=0.1 * UP), run_time=0.3),
                  *self._worked(embedding, q, rows[0], j, working, style.QUERY, slow=True),
                  self._filled(rows[0], j))

        with self.beat("key-contains") as b:
            # the same for W_K, quicker; its working stays up into the next sentence
            k = matrices[1]
            j = int(np.argmax(np.abs(L.result.keys[i])))
            key_working = self._working(L, i, L.w_k, j, style.KEY)
            b.fit(Play(FadeOut(working.whole, shift=0.2 * UP), FadeOut(q.whole, shift=0.2 * UP),
                       FadeIn(questions[1], shift=0.15 * DOWN), run_time=0.3),
                  Play(FadeIn(k.whole, shift=0.2 * UP), run_time=0.3),
                  *self._worked(embedding, k, rows[1], j, key_working, style.KEY, slow=False),
                  self._filled(rows[1], j))

        with self.beat("value-hands-over") as b:
            # the value's question comes at once; W_K and its working give way a moment later
            # (a learner may still be reading it); W_V's numbers and the value worked the same
            # way; on "listening", it is handed out
            v = matrices[2]
            j = int(np.argmax(np.abs(L.result.values[i])))
            value_working = self._working(L, i, L.w_v, j, style.VALUE)
            later = during(0.45, 1.0)
            b.fit(Play(FadeIn(questions[2], shift=0.15 * DOWN),
                       FadeOut(k.whole, shift=0.2 * UP, rate_func=later),
                       FadeOut(key_working.whole, shift=0.2 * UP, rate_func=later), run_time=1.1),
                  Play(FadeIn(v.whole, shift=0.2 * UP), run_time=0.3),
                  *self._worked(embedding, v, rows[2], j, value_working, style.VALUE, slow=False),
                  self._filled(rows[2], j), by="listening")
            start = rows[2].get_corner(DOWN + RIGHT) + 0.3 * LEFT
            out = Arrow(start, start + 0.7 * DOWN, buff=0.05,
                        color=style.VALUE, stroke_width=4, max_tip_length_to_length_ratio=0.25)
            # (then no pulse on the key: no word calls for it, and its caption grew into the
            # value's working beside it)
            b.fit(Play(Indicate(rows[2], color=style.VALUE, scale_factor=1.05), GrowArrow(out),
                       run_time=0.8),
                  Play(FadeOut(out, shift=0.2 * DOWN), run_time=0.5))
        # every token builds its vectors next: creature's rows, numbers and all, move into its own
        self.keep(creature=token, vectors=rows)

    def _working(self, L: Lesson, i: int, w: np.ndarray, j: int, color: ManimColor) -> "Working":
        """Entry `j` of token `i`'s embedding times `w` as a column sum beside the matrix."""
        return Working(L.embeddings[i], w[:, j], L.projection_terms(i, w)[:, j].sum(), color)

    def _worked(self, embedding: VGroup, m: Matrix, row: VGroup, j: int, working: "Working",
                color: ManimColor, slow: bool) -> list[Play]:
        """The embedding's column meets the matrix's column `j`: outlined together, each pair's
        product written on its own line, their sum under a rule; the entry shows the sum."""
        working.place(embedding)
        pair = VGroup(SurroundingRectangle(embedding, color=style.EMBEDDING, buff=0.05, stroke_width=3),
                      SurroundingRectangle(m.columns[j], color=color, buff=0.08, stroke_width=3))
        target = SurroundingRectangle(row[j], color=color, buff=0.06, stroke_width=4)
        k = 1.0 if slow else 0.55
        return [
            Play(FadeIn(pair), FadeIn(target), run_time=0.5 * k),
            Play(LaggedStart(*(FadeIn(line, shift=0.1 * RIGHT) for line in working.products),
                             lag_ratio=0.5), run_time=1.6 * k),
            Play(Create(working.rule), FadeIn(working.total, shift=0.1 * DOWN), run_time=0.5 * k),
            Play(lambda: [row.numbers[j].animate.set_opacity(1), Indicate(working.total, color=color),
                          FadeOut(pair), FadeOut(target)], run_time=0.5 * k),
        ]

    def _filled(self, row: VGroup, done: int | None) -> Play:
        """The row's other entries, worked the same way, shown together."""
        rest = [row.numbers[k] for k in range(len(row)) if k != done]
        return Play(lambda: [LaggedStart(*(t.animate.set_opacity(1) for t in rest), lag_ratio=0.2)],
                    run_time=0.6)


class Working:
    """One entry of a projection as a column sum: a line per feature, its embedding number
    times the matrix's, then a rule and the total."""

    def __init__(self, e: np.ndarray, w: np.ndarray, total: float, color: ManimColor):
        size = style.BODY_SIZE - 6
        self.products = VGroup(*(spelled([("+ " if m else "  ", style.MUTED),
                                          (score_figure(e[m]), style.EMBEDDING), ("×", style.MUTED),
                                          (score_figure(w[m]), color)], size=size)
                                 for m in range(len(e))))
        self.total = mono(score_figure(total), color, size)
        self.rule = Line(LEFT, RIGHT, color=style.MUTED, stroke_width=2)
        self.whole = VGroup(self.products, self.rule, self.total)

    def place(self, embedding: VGroup) -> None:
        """Each product on its feature's row, right of the matrix; the sum under them."""
        for line, cell in zip(self.products, embedding):
            line.set_y(cell.get_y()).shift((SUM_RIGHT - line.get_right()[0]) * RIGHT)
        right = SUM_RIGHT
        self.rule.put_start_and_end_on([self.products.get_left()[0], 0, 0], [right, 0, 0])
        self.rule.next_to(self.products, DOWN, buff=0.12).align_to(self.products, RIGHT)
        self.total.next_to(self.rule, DOWN, buff=0.12).align_to(self.products, RIGHT)
