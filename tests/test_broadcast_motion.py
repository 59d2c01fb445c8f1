"""Scenes 3 and 4 held on every frame of the real scenes run without pixels: every token's
vectors come out of one product (the four embeddings side by side, a column per token, with
W_Q, W_K and W_V on screen before the other tokens' vectors exist, creature's own moving across
whole), and fluffy's raw dot product is divided by √d_k where its score goes, the division whole
long enough to read before the raw number turns into the smaller score."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pytest
from manim import Rectangle, SurroundingRectangle, Text, VGroup
from scene_frames import follow, runs, seen_corners, seen_opacity, shown, texts_shown

from attention import exact_score_figure, score_figure
from attention.attention.lesson import lesson
from common.settings import QUALITIES
from scenes import style
from scenes.base import LessonScene
from scenes.inspection import label, overlapping
from scenes.timing import BeatTiming, SceneTiming

FPS = QUALITIES["low"].fps
READ = 1.8  # seconds a new line stays whole: about 2 s to read it
BEFORE = 0.5  # seconds at least the matrices stand before the other tokens' vectors come out
OPAQUE = 0.99
NAMES = ("W_Q", "W_K", "W_V")
LARGER = 1.2  # a division written out this much taller than the smallest number counts as large
ROW = 0.08  # frame units: texts whose centres are this close in height stand on one line


@dataclass
class Frames:
    """Per frame of a scene (its `on_frame`): the opaque texts (label, centre x, centre y,
    height), the opaque embedding cells' centres and the cells of each role drawn at all."""

    texts: list[list[tuple[str, float, float, float]]] = field(default_factory=list)
    embedding_cells: list[list[tuple[float, float, str]]] = field(default_factory=list)
    cells: list[dict[str, int]] = field(default_factory=list)  # role -> cells drawn at all
    opaque_cells: list[dict[str, int]] = field(default_factory=list)  # role -> cells fully shown
    boxes: list[list[tuple[str, np.ndarray]]] = field(default_factory=list)  # every text drawn
    # each opaque outline of a role's colour: role, centre x, centre y, width, height
    rings: list[list[tuple[str, float, float, float, float]]] = field(default_factory=list)

    def __call__(self, scene: LessonScene, frame: int, n: int) -> None:
        assert frame == len(self.texts), "a frame was skipped"
        family = shown(scene, frame)
        texts = [(label(m), *centre(m), float(m.height)) for m in family
                 if isinstance(m, Text) and seen_opacity(m) >= OPAQUE]
        texts += [(label(m), *centre(m), float(m.height)) for m in family
                  if label(m) in NAMES and seen_opacity(m) >= OPAQUE]
        cells: dict[str, int] = {}
        opaque: dict[str, int] = {}
        embedding = []
        rings = [(role_of(m), float(m.get_x()), float(m.get_y()), float(m.width), float(m.height))
                 for m in family if isinstance(m, SurroundingRectangle)
                 and m.get_stroke_opacity() >= OPAQUE and role_of(m) is not None]
        for m in family:
            if not isinstance(m, Rectangle) or isinstance(m, SurroundingRectangle) or not m.has_points():
                continue
            role = role_of(m)
            if role is None:
                continue
            cells[role] = cells.get(role, 0) + 1
            if m.get_stroke_opacity() >= OPAQUE:
                opaque[role] = opaque.get(role, 0) + 1
                if role == "embedding":
                    (cx, cy), w, h = centre(m), m.width, m.height
                    inside = [t for t, x, y, _ in texts if abs(x - cx) < w / 2 and abs(y - cy) < h / 2]
                    embedding.append((round(cx, 2), round(cy, 2), inside[0] if len(inside) == 1 else ""))
        boxes = texts_shown(scene, frame)
        for _ in range(n):
            self.boxes.append(boxes)
            self.texts.append(texts)
            self.embedding_cells.append(embedding)
            self.cells.append(cells)
            self.opaque_cells.append(opaque)
            self.rings.append(rings)


def centre(m) -> tuple[float, float]:
    """A part's centre across and up on the frame under way (its `get_x()`, `get_y()`)."""
    lo, hi = seen_corners(m)
    return float((lo[0] + hi[0]) / 2), float((lo[1] + hi[1]) / 2)


ROLES = {"query": style.QUERY, "key": style.KEY, "value": style.VALUE, "embedding": style.EMBEDDING}


def role_of(cell: Rectangle) -> str | None:
    """The role whose colour a cell is outlined in (a morph between cells of one colour may leave
    the last bit of a channel off), or None."""
    rgb = np.asarray(cell.get_stroke_color().to_rgb())
    return next((role for role, color in ROLES.items()
                 if np.abs(rgb - np.asarray(color.to_rgb())).max() < 0.01), None)


BROADCAST, DOT_PRODUCTS = follow("broadcast", Frames), follow("dot-products", Frames)


@pytest.fixture(scope="module")
def broadcast(scene_runs) -> tuple[Frames, SceneTiming]:
    return scene_runs.recorded(BROADCAST)


@pytest.fixture(scope="module")
def dot_products(scene_runs) -> tuple[Frames, SceneTiming]:
    return scene_runs.recorded(DOT_PRODUCTS)


def stacked(cells: list[tuple[float, float, str]]) -> list[list[str]] | None:
    """The embedding cells as the columns of one matrix, left to right, each top to bottom (its
    numbers), when they stand as one: columns side by side, one pitch apart, rows level."""
    if not cells:
        return None
    xs = sorted({x for x, _, _ in cells})
    ys = sorted({y for _, y, _ in cells}, reverse=True)
    if len(xs) * len(ys) != len(cells) or len(xs) < 2:
        return None
    pitches = np.diff(xs)
    if not np.allclose(pitches, pitches[0], atol=0.02):
        return None
    by_place = {(x, y): t for x, y, t in cells}
    return [[by_place[(x, y)] for y in ys] for x in xs]


def product_on_screen(frames: Frames, n: int) -> bool:
    """The four embeddings side by side as one matrix, their numbers the core's, a column per
    token in the phrase's order, with the three matrices' names beside them."""
    L = lesson()
    columns = stacked(frames.embedding_cells[n])
    expected = [[f"{v:.1f}" for v in L.embeddings[t]] for t in range(len(L.tokens))]
    names = {t for t, *_ in frames.texts[n]}
    return columns == expected and all(name in names for name in NAMES)


def test_creatures_vectors_move_across_whole(broadcast):
    """Creature's query, key and value never fade out to come back: each of their cells stays
    drawn fully on every frame of the first beat, as they move into its columns."""
    frames, timing = broadcast
    L = lesson()
    beat = timing.beat("all-in-parallel")
    sizes = {"query": L.d_k, "key": L.d_k, "value": L.result.values.shape[1]}
    for n in range(beat.start, beat.end):
        for role, size in sizes.items():
            assert frames.opaque_cells[n].get(role, 0) >= size, (
                f"creature's {role} is not whole at {n / FPS:.2f} s")


def test_the_others_vectors_come_out_of_one_product(broadcast):
    """The stacked embeddings and W_Q, W_K, W_V stand before any other token's vector is drawn,
    and are still there, whole, when every token's vectors are out, long enough to read."""
    frames, timing = broadcast
    L = lesson()
    beat = timing.beat("all-in-parallel")
    mine = L.d_k  # creature's query cells: the only ones before the product
    everyone = L.d_k * len(L.tokens)
    shown = [product_on_screen(frames, n) for n in range(len(frames.texts))]
    assert any(shown[beat.start:beat.end]), "the four embeddings and the matrices never show together"
    first = next(n for n in range(beat.start, beat.end) if shown[n])
    before = [n for n in range(first, beat.end)
              if shown[n] and frames.cells[n].get("query", 0) == mine]
    assert len(before) / FPS >= BEFORE, (
        f"the product stands {len(before) / FPS:.2f} s before the other tokens' vectors come out")
    assert all(frames.cells[n].get("query", 0) == mine for n in range(beat.start, first)), (
        "another token's vector is drawn before the product that makes it")
    out = [shown[n] and frames.opaque_cells[n].get("query", 0) == everyone
           for n in range(len(frames.texts))]
    longest = max((end - start for start, end in runs(out)), default=0)
    assert longest / FPS >= READ, f"every vector out beside the product for {longest / FPS:.2f} s"


def division_whole(frames: Frames, n: int, pieces: list[str]) -> tuple[float, float] | None:
    """The centre of the raw number that starts fluffy's division where that division stands whole
    on one line in frame `n`, written larger than a line of working; else None."""
    texts = frames.texts[n]
    smallest = min((h for t, _, _, h in texts if t[:1].isdigit()), default=0.0)  # a line of working
    for t, x, y, h in texts:
        if t != pieces[0]:
            continue
        line = sorted((p for p in texts if abs(p[2] - y) < ROW and p[1] >= x - 1e-6), key=lambda p: p[1])
        if [p[0] for p in line[:len(pieces)]] == pieces and h > LARGER * smallest:
            return x, y
    return None


def test_fluffys_raw_score_is_divided_into_the_smaller_score(dot_products):
    """"12.2 ÷ √4 = 12.2 ÷ 2 = 6.1" (its numbers the core's) stands whole, as large as the
    scores, at least READ s; then the raw number's place shows the score, which is smaller."""
    frames, timing = dot_products
    L = lesson()
    i = L.index("fluffy")
    raw, score = exact_score_figure(L.focus_raw_scores[i]), exact_score_figure(L.focus_scores[i])
    assert float(score) < float(raw)
    pieces = [raw, "÷", f"√{L.d_k}", "=", raw, "÷", f"{L.result.scale:g}", "=", score]
    # (written as the voice ends its sentence, finished as it names the adjectives)
    beat = BeatTiming("", timing.beat("dotted-against-every-key").start,
                      timing.beat("adjectives-score-high").end)
    places = [division_whole(frames, n, pieces) for n in range(beat.start, beat.end)]
    stretches = runs([p is not None for p in places])
    assert stretches, "fluffy's division never stands whole"
    first, end = max(stretches, key=lambda s: s[1] - s[0])
    assert (end - first) / FPS >= READ, f"fluffy's division stands whole {(end - first) / FPS:.2f} s"
    x, y = places[first]
    after = range(beat.start + end, beat.end)
    there = [[t for t, tx, ty, _ in frames.texts[n]
              if abs(tx - x) < 0.3 and abs(ty - y) < 0.3 and t in (raw, score)]
             for n in after]
    assert any(score in t and raw not in t for t in there), (
        "the raw number's place never shows the score alone after the division")


def test_the_adjectives_lines_are_worked_as_the_voice_names_them(dot_products):
    """The dot products that matter are worked while the voice speaks of them, not in a long
    silence before: fluffy's score is first written as "adjectives" is said (its line completes
    then), blue's is worked as "score high" follows and its score written soon after (once
    fluffy's division, standing where it grows, has turned into fluffy's score)."""
    frames, timing = dot_products
    L = lesson()
    before, beat = timing.beat("dotted-against-every-key"), timing.beat("adjectives-score-high")
    said = beat.word("adjectives").start

    def first(figure: str) -> int:
        return next(n for n in range(before.start, beat.end)
                    if any(t == figure for t, *_ in frames.texts[n]))

    fluffy = first(exact_score_figure(L.focus_scores[L.index("fluffy")]))
    blue = first(exact_score_figure(L.focus_scores[L.index("blue")]))
    assert said <= fluffy <= said + round(0.6 * FPS), (
        f"fluffy's score written {(fluffy - said) / FPS:.2f} s after 'adjectives'")
    assert fluffy < blue <= said + round(READ_BLUE * FPS), (
        f"blue's score written {(blue - said) / FPS:.2f} s after 'adjectives'")


READ_BLUE = 3.8  # seconds from "adjectives" by which blue's score is written


def test_fluffys_score_is_never_drawn_over_its_raw_number(dot_products):
    """As fluffy's division becomes its score, no text reading the score ("6.1") meets one
    reading the raw number ("12.2") on any frame of the beat: the division's line is cleared
    first and the raw number counts down in place (one text, never a copy morphing over it)."""
    frames, timing = dot_products
    L = lesson()
    i = L.index("fluffy")
    raw, score = exact_score_figure(L.focus_raw_scores[i]), exact_score_figure(L.focus_scores[i])
    beat = timing.beat("adjectives-score-high")
    met = [n / FPS for n in range(beat.start, beat.end)
           if any(overlapping(p, q) for a, p in frames.boxes[n] if a == score
                  for b, q in frames.boxes[n] if b == raw)]
    assert not met, f"a {score} is drawn over a {raw} {met[0]:.2f} s into the scene ({len(met)} frames)"


LABEL_ABOVE = 0.6  # frame units: a column's name stands over its top, at most this far up
OUT_BY = 2.9  # seconds from the sentence's start by which the other tokens' vectors come out


def test_each_embedding_column_is_named_by_its_token(broadcast):
    """While the product shows, every column of the embeddings' matrix has its token's name over
    it (nearer to it than to any other column), as the lesson names every vector (issue 38)."""
    frames, timing = broadcast
    L = lesson()
    beat = timing.beat("all-in-parallel")
    shown = [n for n in range(beat.start, beat.end) if product_on_screen(frames, n)]
    assert shown, "the product never shows"
    n = shown[-1]
    cells = frames.embedding_cells[n]
    xs = sorted({x for x, _, _ in cells})
    top = max(y for _, y, _ in cells)
    for word, x in zip(L.tokens, xs):
        over = [(tx, ty) for t, tx, ty, _ in frames.texts[n]
                if t == word and top < ty < top + LABEL_ABOVE]
        assert over, f"the column of {word!r} has no name over it"
        tx = min(over, key=lambda p: abs(p[0] - x))[0]
        assert min(xs, key=lambda c: abs(c - tx)) == x, f"{word!r} stands over another column"


def test_the_other_tokens_vectors_come_out_as_the_sentence_ends(broadcast):
    """The other tokens' vectors come out of the product within OUT_BY s of the sentence's start
    (it says "All four tokens do this in parallel"), not long after the voice has said so."""
    frames, timing = broadcast
    L = lesson()
    beat = timing.beat("all-in-parallel")
    first = next((n for n in range(beat.start, beat.end)
                  if frames.cells[n].get("query", 0) > L.d_k), None)
    assert first is not None, "the other tokens' vectors never come out"
    assert (first - beat.start) / FPS <= OUT_BY, (
        f"the other tokens' vectors come out {(first - beat.start) / FPS:.2f} s into the sentence")


def test_the_scores_are_named_raw_scores_before_softmax(dot_products):
    """The numbers the lines of working end on (÷ √d_k already) are what the next sentence calls
    the raw scores: scene 4 names them so ("score = …", "raw: not yet softmaxed") while they
    show."""
    frames, timing = dot_products
    beat = timing.beat("article-barely-registers")
    texts = [t for t, *_ in frames.texts[beat.end - 1]]
    assert any(t.startswith("score") for t in texts), texts
    assert any("not yet softmaxed" in t for t in texts), texts


CELL_CLEAR = 0.04  # frame units: at least between a weight's number and its cell's lines


def test_every_weight_of_the_three_matrices_stands_in_its_own_cell():
    """W_Q, W_K and W_V are drawn with a cell round every number, as the embeddings' matrix is,
    so that a row never reads as one run of digits ("0.00.00.01.0"): each number inside its own
    cell, clear of its lines, and no cell holds two numbers."""
    from scenes.attention.s3_broadcast import projection

    L = lesson()
    band = projection(L)
    for numbers, grid, w in zip(band.matrices, band.grids, (L.w_q, L.w_k, L.w_v), strict=True):
        texts = [t for col in numbers for t in col]
        # a cell per weight of the core's matrix, each number the core's, column by column
        assert len(grid) == w.size, f"{len(grid)} cells for a {w.shape} matrix"
        assert [t.original_text for t in texts] == [score_figure(x) for x in w.T.flat]
        for t in texts:
            inside = [c for c in grid
                      if c.get_left()[0] + CELL_CLEAR <= t.get_left()[0]
                      and t.get_right()[0] <= c.get_right()[0] - CELL_CLEAR
                      and c.get_bottom()[1] + CELL_CLEAR <= t.get_bottom()[1]
                      and t.get_top()[1] <= c.get_top()[1] - CELL_CLEAR]
            assert len(inside) == 1, f"{t.text!r} is not alone in one cell"
        for c in grid:
            held = [t for t in texts if c.get_left()[0] < t.get_x() < c.get_right()[0]
                    and c.get_bottom()[1] < t.get_y() < c.get_top()[1]]
            assert len(held) == 1


def test_a_score_once_shown_is_never_taken_back(dot_products):
    """Each score is its raw dot product ÷ 2, done where the score goes: once the score's row
    shows a token's score (6.1, 5.8, … from the core), no later frame shows that token's raw
    dot product in the score's place without the score beside it (a finished result never
    rewinds to the raw number and counts down again)."""
    frames, timing = dot_products
    L = lesson()
    last = len(frames.texts) - 1
    smallest = min(h for t, _, _, h in frames.texts[last] if t[:1].isdigit())  # a line of working

    def large(n: int, figure: str) -> list[tuple[float, float]]:
        return [(x, y) for t, x, y, h in frames.texts[n] if t == figure and h > LARGER * smallest]

    for i, word in enumerate(L.tokens):
        raw, score = exact_score_figure(L.focus_raw_scores[i]), exact_score_figure(L.focus_scores[i])
        # the score's place: where it stands the last time it is drawn whole (the article's
        # steps back, dimmed, at the end)
        (px, py), = next(p for p in (large(n, score) for n in range(last, -1, -1)) if p)
        on_row = [any(abs(y - py) < 0.15 for _, y in large(n, score)) for n in range(last + 1)]
        shown = on_row.index(True)
        back = [n / FPS for n in range(shown, last + 1) if not on_row[n]
                and any(abs(x - px) < 0.3 and abs(y - py) < 0.3 for x, y in large(n, raw))]
        assert not back, (f"{word}'s {score} is shown, then its raw {raw} stands in its place "
                          f"without it {back[0]:.2f} s into the scene ({len(back)} frames)")


SAID_BY = 0.5  # seconds after the sentence's last word starts: about when it ends


def test_the_article_steps_back_as_the_voice_says_it(dot_products):
    """"The article 'a' barely registers": while the voice says it, 'a' is dimmed and its small
    score pointed out ("barely registers" beside it, whole); creature's own score is not written
    over the sentence (it comes in the pause after)."""
    frames, timing = dot_products
    L = lesson()
    beat = timing.beat("article-barely-registers")
    said = beat.words[-1].start + round(SAID_BY * FPS)
    noted = next((n for n in range(beat.start, beat.end)
                  if any("barely registers" in t for t, *_ in frames.texts[n])), None)
    assert noted is not None and noted <= said, (
        f"'barely registers' is shown {((noted or beat.end) - beat.words[-1].start) / FPS:.2f} s "
        "after the sentence's last word starts")
    assert not any(t == L.tokens[L.index("a")] for t, *_ in frames.texts[said]), (
        "the article's chip is still bright as the sentence ends")
    creature = exact_score_figure(L.focus_scores[L.focus])
    smallest = min(h for t, _, _, h in frames.texts[beat.end - 1] if t[:1].isdigit())
    written = next(n for n in range(beat.start, beat.end)
                   if any(t == creature and h > LARGER * smallest for t, _, _, h in frames.texts[n]))
    assert written >= said, (
        f"creature's score {creature} is written {(said - written) / FPS:.2f} s before the sentence ends")


def test_each_column_of_a_matrix_makes_an_entry_of_every_vector_at_once(broadcast):
    """The product is seen being made: for W_Q, then W_K, then W_V, the other tokens' entry k
    is written for all of them at once (never a whole vector, never one token ahead), each as
    the matrix's column k stands outlined in its role's colour, and in order, k = 0, 1, ..."""
    from scenes.attention.s3_broadcast import projection

    frames, timing = broadcast
    L = lesson()
    beat = timing.beat("all-in-parallel")
    others = len(L.tokens) - 1
    band = projection(L)
    for role, grid, w in zip(("query", "key", "value"), band.grids, (L.w_q, L.w_k, L.w_v)):
        size, rows = w.shape[1], w.shape[0]
        counts = [frames.cells[n].get(role, 0) for n in range(beat.start, beat.end)]
        steps = [c for k, c in enumerate(counts) if k == 0 or c != counts[k - 1]]
        assert steps == [size + others * k for k in range(size + 1)], (
            f"the other tokens' {role} cells come out {steps}, not one entry of each at a time")
        for k in range(size):
            n = beat.start + counts.index(size + others * (k + 1))
            column = VGroup(*grid[k * rows:(k + 1) * rows])
            round_it = [r for r in frames.rings[n] if r[0] == role
                        and abs(r[1] - column.get_x()) < 0.05 and abs(r[2] - column.get_y()) < 0.05
                        and column.width < r[3] < 2 * column.width]
            assert round_it, (f"entry {k} of the other tokens' {role} is written at "
                              f"{n / FPS:.2f} s with {NAMES[('query', 'key', 'value').index(role)]}'s "
                              f"column {k} not outlined")
