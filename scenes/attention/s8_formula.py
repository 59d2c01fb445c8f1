"""Scene 8: the whole procedure as softmax(QKᵀ/√d)·V, every symbol tied back to its step."""

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
    ManimColor,
    MathTex,
    SurroundingRectangle,
    Transform,
    VGroup,
)

from attention.attention.lesson import lesson
from attention.figures import exact_score_figure, percent_figure, score_figure
from scenes import style
from scenes.attention.parts import PIECES, column, formula_tex, vector_scale
from scenes.base import LessonScene, Play
from scenes.prebuilt import built
from scenes.rules import during
from scenes.widgets import caption, label, spelled

SIZE = 80  # the formula's font size here, with creature's weighted sum before it
SUM_SCALE = 0.8  # that sum's scale, its numbers still readable


def piece(name: str) -> list[int]:
    """Indices of the pieces that make up one spoken symbol of the formula."""
    groups = {"softmax": [0, 1, 6], "Q": [2], "K": [3], "scale": [4, 5], "√d": [5], "V": [7, 8]}
    return groups[name]


class FormulaScene(LessonScene):
    scene_id = "formula"
    follows = "weighted-sum"

    def beats(self) -> None:
        L = lesson()
        formula = formula_tex(SIZE)
        # weighted sum = softmax(QKᵀ/√d)·V: creature's sum, the formula's output for its row
        total = column(L.focus_update, style.VALUE, 0.0, vector_scale(L)).scale(SUM_SCALE)
        equals = built(MathTex, "=", font_size=SIZE, color=style.INK)
        VGroup(total, equals, formula).arrange(RIGHT, buff=0.35).move_to(1.5 * UP)
        total_label = caption("weighted sum", color=style.VALUE).next_to(total, UP, buff=0.2)
        intro = label("the whole procedure, in one line", size=style.BODY_SIZE,
                      color=style.MUTED).to_edge(UP, buff=0.6)

        def part(name: str) -> VGroup:
            return VGroup(*(formula[i] for i in piece(name)))

        # The steps in the order they happened, each with the colour the learner saw it in.
        steps = [
            ("Q", "Q", "each token's query", style.QUERY),
            ("K", "Kᵀ", "every key", style.KEY),
            ("scale", "/√d", f"scale, d = {L.d_k}", style.MUTED),
            ("softmax", "softmax", "weights that sum to 1", style.WEIGHT),
            ("V", "·V", "weighted sum of values", style.VALUE),
        ]
        rows = VGroup()
        for _, symbol, text, color in steps:  # one Text per row keeps a common baseline
            row = label(f"{symbol}: {text}", size=style.BODY_SIZE)
            colon = row[len(symbol)]  # glyphs exclude spaces: the symbol, then its colon
            row[:len(symbol) + 1].set_color(color)
            baseline = -0.4 - 0.55 * len(rows)
            # colons on one column, every row's baseline (the colon's foot) on its own line
            row.shift((-0.7 - colon.get_right()[0]) * RIGHT
                      + (baseline - colon.get_bottom()[1]) * UP)
            rows.add(row)
        # Beside each step, the learner's own numbers for it, as the lesson worked them out for
        # creature (and fluffy, its strongest match).
        fl = L.index("fluffy")
        q, k = L.result.queries[L.focus], L.result.keys[fl]
        w = L.focus_weights

        def vector(v, color) -> list[tuple[str, ManimColor]]:
            """[a b c d], one piece per entry, so the next scene can move each into its cell."""
            entries = [p for x in v for p in ((score_figure(x), color), (" ", color))][:-1]
            return [("[", color), *entries, ("]", color)]

        examples = [
            [(f"{L.focus_token}: ", style.MUTED), *vector(q, style.QUERY)],
            [("fluffy: ", style.MUTED), *vector(k, style.KEY)],
            [(exact_score_figure(L.focus_raw_scores[fl]), style.INK), (" ÷ ", style.MUTED),
             (f"{L.result.scale:g}", style.INK), (" = ", style.MUTED),
             (exact_score_figure(L.focus_scores[fl]), style.WEIGHT)],
            [(exact_score_figure(L.focus_scores[fl]), style.WEIGHT), (" → ", style.MUTED),
             (percent_figure(w[fl]), style.WEIGHT)],
            [(percent_figure(w[fl]), style.WEIGHT), (" × fluffy's + ", style.MUTED),
             (percent_figure(w[L.index("blue")]), style.WEIGHT), (" × blue's + …", style.MUTED)],
        ]
        worked, x = VGroup(), rows.get_right()[0] + 0.6  # a column of its own, right of the rows
        for row, pieces in zip(rows, examples):
            line = spelled(pieces, size=style.BODY_SIZE - 4)
            worked.add(line.align_to(row, DOWN).shift((x - line.get_left()[0]) * RIGHT))
        VGroup(rows, worked).set_x(0)
        # what the column of numbers is: the lesson's own, for creature looking at fluffy
        numbers_title = caption(f"{L.focus_token}'s numbers, for fluffy", color=style.MUTED)
        numbers_title.next_to(worked[0], UP, buff=0.3).align_to(worked, LEFT)

        with self.beat("formula-in-one-line") as b:
            # "Written down": once the rest of the picture has left, the weighted sum moves, with
            # its name, to the left of where the formula goes, the sum the formula computes; the
            # formula writes itself after its "=", dim but readable; on "line" a rule
            # underlines it. Then the rule runs under each piece as the voice reads it, and the
            # piece takes its step's colour ("/√d" flashes in its grey).
            rule_y = formula.get_bottom()[1] - 0.25

            def under(mob) -> Line:
                return Line([mob.get_left()[0], rule_y, 0], [mob.get_right()[0], rule_y, 0],
                            color=style.MUTED, stroke_width=3)

            rule = under(formula)
            for p in formula:
                p.set_color(style.DIM)
            after_leaving = during(0.4, 1.0)  # the sum moves over where the old picture was
            b.fit(self.scene_change(
                      self.from_previous("sum", total, FadeIn(total), rate_func=after_leaving),
                      self.from_previous("sum_label", total_label, FadeIn(total_label),
                                         rate_func=after_leaving), run_time=1.0),
                  Play(LaggedStart(*(FadeIn(p, shift=0.15 * UP) for p in (equals, *formula)),
                                   lag_ratio=0.1),
                       FadeIn(intro, shift=0.2 * DOWN), run_time=0.6),
                  by="line")
            b.fit(Play(Create(rule), run_time=0.5), by="softmax")
            # ("...the square root of d": √d, lit on "divided", is outlined)
            root = SurroundingRectangle(part("√d"), color=style.MUTED, buff=0.08, stroke_width=3)
            spoken = [("softmax", "softmax"), ("Q", "Q"), ("K", "K"), ("scale", "divided"),
                      ("√d", "root"), ("V", "V")]
            # each symbol, as it is read, also writes its step's line in its slot below, so the
            # lower half fills as the voice goes (the numbers follow in the next sentence)
            row_of = {name: row for (name, *_), row in zip(steps, rows)}
            for k, (name, word) in enumerate(spoken):
                b.until(word)
                after = spoken[k + 1][1] if k + 1 < len(spoken) else None
                if name == "√d":
                    lights = [Create(root)]
                elif name == "V":
                    lights = [*(formula[i].animate.set_color(PIECES[i][1]) for i in piece(name)),
                              FadeOut(root)]
                elif name == "scale":  # its grey set on the word, then a flash
                    lights = [Indicate(part(name).set_color(style.MUTED), color=style.INK,
                                       scale_factor=1.15)]
                else:
                    lights = [formula[i].animate.set_color(PIECES[i][1]) for i in piece(name)]
                if name != "√d":
                    lights += [Transform(rule, under(part(name))),
                               FadeIn(row_of[name], shift=0.15 * UP)]
                b.fit(Play(*lights, run_time=0.5), by=after)

        with self.beat("every-symbol-is-a-step") as b:
            b.play(FadeOut(intro), FadeOut(rule), FadeIn(numbers_title, shift=0.1 * DOWN),
                   run_time=0.3)
            # each step's ring, its line and its numbers at once; a ring leaves as the next comes
            plays: list[Play] = []
            last: SurroundingRectangle | None = None
            for (name, symbol, _, color), row, example in zip(steps, rows, worked):
                ring = SurroundingRectangle(part(name), color=color, buff=0.08, stroke_width=3)
                # the step's words flash in its colour, in place: grown, its symbol would
                # touch the words beside it and the rows above and below
                plays.append(Play(Create(ring), Indicate(row[len(symbol) + 1:], color=color,
                                                         scale_factor=1.0),
                                  FadeIn(example, shift=0.15 * LEFT),
                                  *([FadeOut(last)] if last else []), run_time=0.8))
                last = ring
            plays.append(Play(FadeOut(last), run_time=0.3))
            b.fit(*plays)
        # the next scene keeps the formula as its header, and stacks creature's query and
        # fluffy's key (the entries of the first two lines' vectors) into Q and Kᵀ
        self.keep(formula=formula, query=VGroup(*worked[0][2:-1]), key=VGroup(*worked[1][2:-1]))
