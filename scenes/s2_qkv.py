"""Scene 2: one token's embedding turned into a query, a key and a value by W_Q, W_K, W_V."""

import numpy as np
from manim import (
    DOWN,
    LEFT,
    RIGHT,
    UP,
    Arrow,
    Brace,
    Create,
    FadeIn,
    FadeOut,
    GrowArrow,
    GrowFromEdge,
    GrowFromPoint,
    Indicate,
    LaggedStart,
    MathTex,
    Mobject,
    SurroundingRectangle,
    VGroup,
)

from attention import Lesson, lesson, score_figure
from scenes import style
from scenes.base import LessonScene, Play
from scenes.prebuilt import built
from scenes.widgets import caption, keep_in_frame, label, mono, token_box, vector

EXAMPLE = "fluffy"  # its key and value say the most: an adjective that hands over its texture


class QueriesKeysValuesScene(LessonScene):
    scene_id = "queries-keys-values"
    follows = "phrase"

    def beats(self) -> None:
        L = lesson()
        i = L.index(EXAMPLE)
        token = token_box(EXAMPLE).move_to(4.6 * LEFT + 3.0 * UP)
        embedding = vector(L.embeddings[i], style.EMBEDDING, width=0.95, cell=0.55,
                           size=style.BODY_SIZE - 2).next_to(token, DOWN, buff=0.5)
        names = VGroup(*(caption(f).next_to(cell, LEFT, buff=0.15) for f, cell in
                         zip(L.features, embedding)))
        emb_caption = caption("embedding", color=style.EMBEDDING).next_to(embedding, DOWN, buff=0.2)
        keep_in_frame(VGroup(token, embedding, names, emb_caption))

        rows, arrows, maps, titles, questions = VGroup(), VGroup(), VGroup(), VGroup(), VGroup()
        specs = [
            ("query", L.result.queries[i], style.QUERY, "W_Q", "what am I looking for?"),
            ("key", L.result.keys[i], style.KEY, "W_K", "what do I contain?"),
            ("value", L.result.values[i], style.VALUE, "W_V", "what I'll hand over"),
        ]
        for n, (name, values, color, matrix, question) in enumerate(specs):
            width = 1.2 if name == "value" else 1.5  # query and key cells carry a heading
            row = vector(values, color, width=width, cell=0.55, size=style.BODY_SIZE - 2)
            row.arrange(RIGHT, buff=0).move_to((2.2 - 2.1 * n) * UP).align_to(0.9 * LEFT, LEFT)
            rows.add(row)
            titles.add(label(name, size=style.BODY_SIZE, color=color).next_to(row, UP, buff=0.12)
                       .align_to(row, LEFT))
            questions.add(caption(question, color=color).next_to(row, DOWN, buff=0.15)
                          .align_to(row, LEFT))
            arrow = Arrow(embedding.get_right(), row.get_left(), buff=0.2, color=style.MUTED,
                          stroke_width=3, max_tip_length_to_length_ratio=0.08)
            arrows.add(arrow)
            maps.add(built(MathTex, matrix, color=color, font_size=34)
                     .move_to(arrow.point_from_proportion(0.45)).shift(0.3 * UP))

        # query and key share the dimensions they compare, each headed by them
        heads = [VGroup(*(caption(d).next_to(cell, UP, buff=0.12) for d, cell in
                          zip(L.qk_dims, rows[n]))) for n in (0, 1)]
        for n, head in enumerate(heads):
            titles[n].next_to(head, UP, buff=0.12).align_to(rows[n], LEFT)
        dims = VGroup(*heads)

        down = Arrow(token.get_bottom(), embedding.get_top(), buff=0.06, color=style.MUTED,
                     stroke_width=3, max_tip_length_to_length_ratio=0.3)

        with self.beat("three-small-vectors") as b:
            # The word stays; its embedding grows below it, then each vector from its W's arrow.
            b.fit(
                # fluffy moves up to the corner as the rest of the phrase leaves
                self.scene_change(self.from_previous("fluffy", token, FadeIn(token, shift=0.2 * DOWN)),
                                  run_time=0.6),
                Play(GrowArrow(down), run_time=0.3),
                Play(GrowFromPoint(embedding, down.get_end()), FadeIn(names), FadeIn(emb_caption),
                  run_time=0.7), until="three")
            b.fit(
                Play(LaggedStart(*(GrowArrow(a) for a in arrows), lag_ratio=0.25), FadeIn(maps),
                  run_time=0.8),
                Play(LaggedStart(*(GrowFromPoint(r, a.get_end()) for r, a in zip(rows, arrows)),
                              lag_ratio=0.3), FadeIn(titles), FadeIn(dims), run_time=1.2))

        for n, sentence in enumerate(("query-looking-for", "key-contains", "value-hands-over")):
            with self.beat(sentence) as b:
                if n == 0:  # the query worked out: one entry as its products and their sum
                    b.fit(*self._projection(L, i, embedding, rows[0], VGroup(arrows, maps),
                                            questions[0]))
                    continue
                color = specs[n][2]
                ring = SurroundingRectangle(rows[n], color=color, buff=0.06, stroke_width=4)
                if n == 1:  # "...what do I contain": its biggest entry, and what it says, light up
                    big = int(np.argmax(np.abs(L.result.keys[i])))
                    cell = SurroundingRectangle(VGroup(rows[1][big], heads[1][big]), color=color,
                                                buff=0.06, stroke_width=4)
                    b.fit(Play(FadeIn(questions[n], shift=0.15 * DOWN), Create(ring), run_time=1.0),
                          Play(FadeOut(ring), run_time=0.4), until="contain")
                    b.fit(Play(Create(cell), heads[1][big].animate.set_color(color), run_time=0.8),
                          Play(FadeOut(cell), run_time=0.4))
                    continue
                # "...what I'll hand over": the value's outline slides off it to the right, as
                # handed on; "...if anyone decides": the value lights up and points out.
                b.fit(Play(FadeIn(questions[n], shift=0.15 * DOWN), Create(ring), run_time=1.0),
                      until="hand")
                b.fit(Play(ring.animate.shift(1.6 * RIGHT).set_stroke(opacity=0), run_time=0.8,
                           then=lambda ring=ring: self.remove(ring)), until="anyone")
                out = Arrow(rows[2].get_right(), rows[2].get_right() + 1.4 * RIGHT, buff=0.15,
                            color=style.VALUE, stroke_width=4, max_tip_length_to_length_ratio=0.25)
                b.fit(Play(Indicate(rows[2], color=style.VALUE, scale_factor=1.05), GrowArrow(out),
                           run_time=1.0),
                      Play(FadeOut(out, shift=0.3 * RIGHT), run_time=0.5))
        # every token builds its vectors next: fluffy's cells shrink into its own (their numbers
        # leave with the rest of the picture)
        self.keep(fluffy=token, vectors=VGroup(*(VGroup(*(c[0] for c in row)) for row in rows)))

    def _projection(self, L: Lesson, i: int, embedding: VGroup, query: VGroup, arrows: VGroup,
                    question) -> list[Play]:
        """Token `i`'s embedding times W_Q, worked out beside the embedding for the query's
        largest entry: each feature's value times its W_Q entry, the products summed into that
        entry; then the query's other entries fill in. The arrows step aside meanwhile."""
        j = int(np.argmax(np.abs(L.result.queries[i])))
        terms = L.projection_terms(i, L.w_q)  # (d_model, d_k)
        size = style.BODY_SIZE - 4
        x = embedding.get_right()[0]
        times, weights, equals, products = VGroup(), VGroup(), VGroup(), VGroup()
        for m, cell in enumerate(embedding):
            y = cell.get_y()
            times.add(mono("×", style.MUTED, size).move_to([x + 0.22, y, 0]))
            weights.add(mono(score_figure(L.w_q[m, j]), style.QUERY, size).move_to([x + 0.62, y, 0]))
            equals.add(mono("=", style.MUTED, size).move_to([x + 1.02, y, 0]))
            products.add(mono(score_figure(terms[m, j]), style.INK, size).move_to([x + 1.42, y, 0]))
        brace = Brace(products, RIGHT, color=style.MUTED, buff=0.1)
        total = mono(score_figure(terms[:, j].sum()), style.QUERY, size).next_to(brace, RIGHT, buff=0.1)
        header = caption(f"{L.qk_dims[j]} column of W_Q", color=style.QUERY)
        header.next_to(weights, UP, buff=0.25).align_to(total, RIGHT)
        ring = SurroundingRectangle(query[j], color=style.QUERY, buff=0.06, stroke_width=4)
        numbers: list[Mobject] = query.numbers
        others = [t for k, t in enumerate(numbers) if k != j]
        working = VGroup(times, weights, equals, products, header, brace, total)
        return [
            # (each `animate` made when its play comes: two made at once share one target)
            Play(lambda: [FadeIn(question, shift=0.15 * DOWN), FadeOut(arrows), Create(ring),
                          *(t.animate.set_opacity(0) for t in numbers)], run_time=0.6),
            Play(FadeIn(header), FadeIn(times), FadeIn(weights), run_time=0.5),
            Play(LaggedStart(*(FadeIn(VGroup(e, p), shift=0.1 * UP)
                               for e, p in zip(equals, products)), lag_ratio=0.3), run_time=0.8),
            Play(GrowFromEdge(brace, LEFT), FadeIn(total, shift=0.1 * RIGHT), run_time=0.4),
            Play(lambda: [numbers[j].animate.set_opacity(1), Indicate(total, color=style.QUERY)],
                 run_time=0.4),
            Play(lambda: [LaggedStart(*(t.animate.set_opacity(1) for t in others), lag_ratio=0.3)],
                 run_time=0.5),
            Play(FadeOut(working), FadeOut(ring), run_time=0.3),
            Play(FadeIn(arrows), run_time=0.3),
        ]
