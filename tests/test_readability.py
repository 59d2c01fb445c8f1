"""Every frame of every beat is readable: no text drawn over another, moved over or hidden under a
shape, every number readable long enough, every play visible, no long still picture while the
voice speaks. Read from the scenes' own mobjects on every frame, without drawing a pixel (the
checks themselves are tried on small scenes here and in tests/test_working_frames.py)."""

from __future__ import annotations

import pytest
from inspected import inspect_frames
from manim import DOWN, UP, FadeIn, FadeOut, Rectangle, Transform, TransformFromCopy

from common.settings import QUALITIES
from scenes import style
from scenes.base import LessonScene
from scenes.widgets import label

FPS = QUALITIES["low"].fps
LONGEST_STILL = 1.5  # seconds a picture may stand still while a sentence is being spoken


@pytest.fixture(scope="module")
def readings(inspected_scenes):
    """Every scene run once frame by frame, each frame's layout read by a FrameReader (the
    session's `inspected_scenes`, tests/conftest.py)."""
    return inspected_scenes


def test_every_frame_of_every_scene_is_read(readings):
    for scene_id, (scene, reader) in readings.items():
        covered = 0
        for _, first, frames, _ in reader.pictures:
            assert first == covered, f"{scene_id}: frame {covered} was not read"
            covered += frames
        assert covered == scene.timing.frames, scene_id


def clashes(readings, over: str) -> list[str]:
    return [f"{scene_id}/{clash}" for scene_id, (_, reader) in readings.items()
            for clash in reader.finish() if clash.over == over]


def test_no_text_is_drawn_over_another_on_any_frame(readings):
    assert clashes(readings, "text") == []


def test_no_text_sits_on_a_shape_it_does_not_stand_out_from_on_any_frame(readings):
    """A number on a bar or a cell too like it in colour cannot be read, however briefly."""
    assert clashes(readings, "shape") == []


def test_every_play_changes_the_picture(readings):
    """No play of a beat leaves every frame as the picture before it (its animations cancel
    out, or set what already is)."""
    for _, reader in readings.values():
        reader.finish()
    assert [f"{scene_id}/{p}" for scene_id, (_, reader) in readings.items() for p in reader.idle] == []


def test_no_still_picture_while_the_voice_speaks(flite_narration, readings):
    """While a sentence is being spoken the picture moves at least every LONGEST_STILL seconds."""
    m = flite_narration.manifest
    holds = []
    for scene_id, (_, reader) in readings.items():
        start = m.scene_span(scene_id).start
        speech = {s.id: (round((s.start - start) * FPS), round((s.end - start) * FPS))
                  for s in m.sentences_of(scene_id)}
        for sentence, first, frames, _ in reader.pictures:
            if sentence not in speech:
                continue
            said_from, said_to = speech[sentence]
            still = (min(first + frames, said_to) - max(first, said_from)) / FPS
            if still > LONGEST_STILL:
                holds.append(f"{scene_id}/{sentence}: {still:.1f} s still from "
                             f"{start + max(first, said_from) / FPS:.2f} s")
    assert holds == []


# --- the reader itself ---------------------------------------------------------------------

class TwoTitles(LessonScene):
    """One title gives way to another, crossfaded in place; or (`self.morph`) a copy of the title
    slides off it, the copy becoming a second title."""

    scene_id = "phrase"
    morph = False

    def beats(self) -> None:
        ids = [b.sentence_id for b in self.timing.beats]
        old, new = label("Take the phrase"), label("Take the phrasf")
        with self.beat(ids[0]) as b:
            b.play(FadeIn(old), run_time=0.3)
            if self.morph:
                b.play(TransformFromCopy(old, old.copy().shift(0.6 * DOWN)), run_time=1.0)
            else:
                b.play(FadeOut(old), FadeIn(new), run_time=1.0)
        for sid in ids[1:]:
            with self.beat(sid):
                pass


def test_the_reader_finds_two_titles_crossfading_in_place_but_not_a_morph(flite_narration, tmp_path):
    m = flite_narration.manifest
    _, crossfading = inspect_frames(TwoTitles, "phrase", m, tmp_path)
    (clash,) = crossfading.finish()
    assert {clash.first, clash.second} == {"Take the phrase", "Take the phrasf"}
    assert clash.sentence == "take-the-phrase"
    # both above 15% for the middle of the fade only, from the frame after the first play
    start = round(0.3 * FPS)
    assert start < clash.frame < start + FPS and 0 < clash.frames < FPS
    assert abs(clash.seconds - (m.scene_span("phrase").start + clash.frame / FPS)) < 1e-9

    morphing = type("MorphingTitles", (TwoTitles,), {"morph": True})
    _, reader = inspect_frames(morphing, "phrase", m, tmp_path)
    assert reader.finish() == []


class BarUnderItsLabel(LessonScene):
    """A bar grows up to and under its share's label, which stays put (or, `ride`, rides on the
    bar's top); then the label leaves."""

    scene_id = "phrase"
    color = style.WEIGHT
    ride = False

    def beats(self) -> None:
        ids = [b.sentence_id for b in self.timing.beats]
        bar = Rectangle(width=1.2, height=0.2, fill_color=style.WEIGHT, fill_opacity=0.85,
                        stroke_width=0).move_to([0, -2, 0], aligned_edge=DOWN)
        tall = bar.copy().stretch_to_fit_height(3.0, about_edge=DOWN)
        share = label("55%", color=self.color).move_to([0, -0.5, 0])
        with self.beat(ids[0]) as b:
            b.play(FadeIn(bar), FadeIn(share), run_time=0.4)
            b.play(Transform(bar, tall),
                   *([share.animate.next_to(tall, UP, buff=0.15)] if self.ride else []), run_time=1.0)
            b.play(FadeOut(share), run_time=0.4)
        for sid in ids[1:]:
            with self.beat(sid):
                pass


@pytest.mark.parametrize("color", [style.WEIGHT, style.INK], ids=["orange", "white"])
def test_the_reader_finds_a_label_its_orange_bar_grows_under(flite_narration, tmp_path, color):
    m = flite_narration.manifest
    kind = type("FixedLabel", (BarUnderItsLabel,), {"color": color})
    scene, reader = inspect_frames(kind, "phrase", m, tmp_path)
    (clash,) = [c for c in reader.finish() if c.over == "shape"]  # the growing bar also moves
    assert (clash.over, clash.first, clash.second) == ("shape", "55%", "Rectangle")
    assert clash.sentence == "take-the-phrase"
    # from the growing bar's top reaching the label, through the label's fade, until it is faint
    grow = scene.timeline[0].start + round(0.4 * FPS)
    leave = grow + FPS
    assert grow < clash.frame < leave < clash.frame + clash.frames < leave + round(0.4 * FPS)


def test_the_reader_passes_a_label_that_rides_on_its_bar_or_stands_out_from_it(flite_narration,
                                                                               tmp_path):
    m = flite_narration.manifest
    riding = type("RidingLabel", (BarUnderItsLabel,), {"ride": True})
    dark = type("DarkLabel", (BarUnderItsLabel,), {"color": style.BACKGROUND})
    for kind in (riding, dark):
        _, reader = inspect_frames(kind, "phrase", m, tmp_path)
        assert [c for c in reader.finish() if c.over == "shape"] == [], kind.__name__


def test_texts_of_two_sizes_touching_side_by_side_count_as_drawn_over_each_other():
    """"weights sum to 1 = 100%" ending where a smaller subtitle starts reads "100%query": two
    texts of different sizes on one line closer than TEXT_GAP clash; the pieces of one line of
    working (one size) may abut, and so may an exponent raised beside its base."""
    from manim import RIGHT, UP

    from scenes import style
    from scenes.inspection import TEXT_GAP, _frame, _overlapping_pairs
    from scenes.widgets import caption, label

    big = label("weights sum to 1 = 100%", size=style.BODY_SIZE)
    small = caption("query · key ÷ √4").next_to(big, RIGHT, buff=TEXT_GAP / 2)
    texts = _frame([big, small])[0]
    assert len(_overlapping_pairs(texts)) == 1
    small.next_to(big, RIGHT, buff=2 * TEXT_GAP)
    assert _overlapping_pairs(_frame([big, small])[0]) == []
    same = label("3.0", size=style.BODY_SIZE)
    times = label("×", size=style.BODY_SIZE).next_to(same, RIGHT, buff=0.01)
    assert _overlapping_pairs(_frame([same, times])[0]) == []
    base = label("e", size=style.BODY_SIZE)
    exponent = caption("0.75").next_to(base, RIGHT + UP, buff=0.01)
    assert _overlapping_pairs(_frame([base, exponent])[0]) == []


def test_two_numbers_side_by_side_closer_than_number_gap_clash():
    """Two figures of one size in neighbouring columns, closer than NUMBER_GAP, read as one
    ("11.64" beside "6.72" reads "11.646.72"); further apart, or a figure beside a sign of its
    line of working, they do not."""
    from manim import RIGHT

    from scenes import style
    from scenes.inspection import NUMBER_GAP, _frame, _overlapping_pairs
    from scenes.widgets import mono

    score, scaled = mono("11.64", size=style.SMALL_SIZE), mono("6.72", size=style.SMALL_SIZE)
    scaled.next_to(score, RIGHT, buff=NUMBER_GAP / 2)
    assert len(_overlapping_pairs(_frame([score, scaled])[0])) == 1
    scaled.next_to(score, RIGHT, buff=NUMBER_GAP * 1.5)
    assert _overlapping_pairs(_frame([score, scaled])[0]) == []
    sign = mono("÷", size=style.SMALL_SIZE).next_to(score, RIGHT, buff=0.01)
    assert _overlapping_pairs(_frame([score, sign])[0]) == []


def test_the_readers_corners_and_opacity_are_manims_for_every_part_of_every_last_picture(readings):
    """`corners` and `opacity` read the arrays in one pass (they run on every part of every frame);
    they must give what Manim's own `get_corner` and opacities give, to the bit, for every kind of
    part the scenes draw, and for the odd ones: empty, a single point, a plain Mobject, half faded."""
    import numpy as np
    from manim import Dot, Mobject, Text, VGroup, VMobject

    from scenes.inspection import corners, opacity

    def manims_corners(m) -> np.ndarray:
        return np.array([m.get_corner(np.array([-1, -1, 0])), m.get_corner(np.array([1, 1, 0]))])

    def manims_opacity(m) -> float:
        return max((max(float(p.get_fill_opacity()), float(p.get_stroke_opacity()))
                    for p in m.family_members_with_points()), default=0.0)

    single, plain = VMobject(), Mobject()
    single.points = np.array([[1.0, 2.0, 0.5]])
    plain.points = np.array([[0.0, 1.0, 0.0], [3.0, -2.0, 1.0]])
    assert np.array_equal(corners(plain), manims_corners(plain))  # (it has no colours to read)
    odd = [VGroup(), single, VGroup(Dot().set_opacity(0.3), Text("a").shift(3 * UP)), VMobject()]
    parts = [p for scene, _ in readings.values() for top in scene.mobjects for p in top.get_family()]
    kinds = {type(p).__name__ for p in parts}
    assert {"Text", "MathTex", "Rectangle", "VGroup"} <= kinds, kinds
    for part in [*parts, *odd]:
        box = manims_corners(part)
        assert np.array_equal(corners(part), box), (type(part).__name__, corners(part), box)
        assert opacity(part) == manims_opacity(part), type(part).__name__
