"""The frame checks themselves, each on a small scene made to break it and on one that keeps it:
parts moving over texts, filled shapes drawn above texts, numbers not readable long enough, plays
that change nothing (two animations of one mobject in one play, and a play that leaves words under the
boxes it animates, are refused as they are played).
The shipped lesson is held to them in tests/test_readability.py."""

from __future__ import annotations

import pytest
from inspected import inspect_frames
from manim import DOWN, LEFT, RIGHT, FadeIn, FadeOut, Indicate, LaggedStart, Rectangle, Square, VGroup

from attention import percent_figure
from attention.attention.lesson import lesson
from common.settings import QUALITIES
from scenes import style
from scenes.base import HiddenText, LessonScene, OverriddenAnimation
from scenes.inspection import reading_time
from scenes.widgets import label

FPS = QUALITIES["low"].fps
SHARE = percent_figure(float(lesson().focus_weights.max()))  # a number the lesson shows


class Synthetic(LessonScene):
    """One beat of the phrase's paragraph doing what `first_beat` says; the others hold."""

    scene_id = "phrase"

    def beats(self) -> None:
        ids = [b.sentence_id for b in self.timing.beats]
        with self.beat(ids[0]) as b:
            self.first_beat(b)
        for sid in ids[1:]:
            with self.beat(sid):
                pass

    def first_beat(self, b) -> None:
        raise NotImplementedError


def kind(base: type, **settings) -> type:
    return type(base.__name__ + "".join(f"_{k}" for k in settings), (base,), settings)


def run(flite_narration, tmp_path, scene_type):
    return inspect_frames(scene_type, "phrase", flite_narration.manifest, tmp_path)


# --- moving over a text --------------------------------------------------------------------

class SquareSlides(Synthetic):
    """An outlined square slides across a title, or (`below`) under it, clear of it."""

    below = False

    def first_beat(self, b) -> None:
        title = label("Take the phrase")
        square = Square(0.6).move_to(4 * LEFT + (1.5 * DOWN if self.below else 0 * DOWN))
        b.play(FadeIn(title), FadeIn(square), run_time=0.3)
        b.play(square.animate.shift(8 * RIGHT), run_time=1.0)


def test_the_reader_finds_a_square_sliding_across_a_title(flite_narration, tmp_path):
    scene, reader = run(flite_narration, tmp_path, SquareSlides)
    (clash,) = [c for c in reader.finish() if c.over == "moving"]
    assert (clash.first, clash.second, clash.sentence) == ("Square", "Take the phrase", "take-the-phrase")
    slide = scene.timeline[0].start + round(0.3 * FPS)
    assert slide < clash.frame < clash.frame + clash.frames < slide + FPS
    assert "'Square' moving over 'Take the phrase' at" in str(clash)


def test_the_reader_passes_a_square_sliding_clear_of_a_title(flite_narration, tmp_path):
    _, reader = run(flite_narration, tmp_path, kind(SquareSlides, below=True))
    assert reader.finish() == []


# --- a shape drawn above a text --------------------------------------------------------------

class BoxedWord(Synthetic):
    """A word on a dark box: the box drawn first, or (`late`) added after the word, over it
    (`played`: faded in after it in the same play, else put there without a play)."""

    late = False
    played = False

    def first_beat(self, b) -> None:
        word = label("fluffy")
        box = Rectangle(width=2, height=0.8, fill_color=style.TOKEN, fill_opacity=1, stroke_width=0)
        if self.late and not self.played:
            b.play(FadeIn(word), run_time=0.4)
            self.add(box)
            return
        shown = (word, box) if self.late else (box, word)
        b.play(*(FadeIn(m) for m in shown), run_time=0.4)


class StrokedBoxes(Synthetic):
    """Words on filled boxes, then the boxes' strokes changed one after another (a LaggedStart):
    the play draws the boxes above the words. With `raised`, the words sit above (z_index)."""

    raised = False

    def first_beat(self, b) -> None:
        words = [label(w) for w in ("a", "fluffy", "blue")]
        boxes = [Rectangle(width=1.6, height=0.8, fill_color=style.TOKEN, fill_opacity=1,
                           stroke_width=2).move_to(2 * k * RIGHT) for k in range(3)]
        for word, box in zip(words, boxes):
            word.move_to(box)
            if self.raised:
                word.set_z_index(1)
        b.play(*(FadeIn(m) for pair in zip(boxes, words) for m in pair), run_time=0.4)
        b.play(LaggedStart(*(box.animate.set_stroke(style.KEY, 4) for box in boxes),
                           lag_ratio=0.3), run_time=0.9)


def test_a_play_that_leaves_words_under_the_boxes_it_animates_is_refused_as_it_is_played(
        flite_narration, tmp_path):
    for scene_type in (StrokedBoxes, kind(BoxedWord, late=True, played=True)):
        with pytest.raises(HiddenText) as refused:
            run(flite_narration, tmp_path, scene_type)
        message = str(refused.value)
        assert "\n" not in message and "fix: " in message
        assert message.startswith("scene 'phrase', beat 'take-the-phrase', play ")
        assert "a filled Rectangle is drawn over 'a'" in message or \
            "a filled Rectangle is drawn over 'fluffy'" in message
    assert "play 2:" in str(pytest.raises(HiddenText, run, flite_narration, tmp_path,
                                          StrokedBoxes).value)
    _, reader = run(flite_narration, tmp_path, kind(StrokedBoxes, raised=True))
    assert reader.finish() == []


def test_the_reader_finds_a_word_hidden_under_its_own_box(flite_narration, tmp_path):
    scene, reader = run(flite_narration, tmp_path, kind(BoxedWord, late=True))
    found = reader.finish()  # one per sentence, from the fade to the scene's end
    assert [(c.over, c.first, c.second) for c in found] == [("above", "Rectangle", "fluffy")] * len(found)
    assert [c.sentence for c in found] == [b.sentence_id for b in scene.timeline]
    assert found[0].frame == scene.timeline[0].start + round(0.4 * FPS)  # put there after the fade
    assert found[-1].frame + found[-1].frames == scene.timing.frames
    assert "take-the-phrase: a Rectangle drawn above 'fluffy', hiding it at" in str(found[0])


def test_the_reader_passes_a_word_drawn_on_its_box(flite_narration, tmp_path):
    _, reader = run(flite_narration, tmp_path, BoxedWord)
    assert reader.finish() == []


# --- numbers readable long enough -----------------------------------------------------------

class FlashedNumber(Synthetic):
    """A share fades in, stays `hold` seconds (with `cover`, half of it under a box drawn over
    it), and leaves."""

    hold = 0.5
    cover = False

    def first_beat(self, b) -> None:
        share = label(SHARE, color=style.WEIGHT)
        b.play(FadeIn(share), run_time=0.3)
        if self.cover:
            box = Rectangle(width=2, height=0.8, fill_color=style.TOKEN, fill_opacity=1)
            b.play(FadeIn(box), run_time=self.hold / 2)
            b.play(FadeOut(box), run_time=self.hold / 2)
        else:
            self.wait_until(self.frame + round(self.hold * FPS))
        b.play(FadeOut(share), run_time=0.3)


def test_the_reader_finds_a_number_shown_too_briefly(flite_narration, tmp_path):
    scene, reader = run(flite_narration, tmp_path, FlashedNumber)
    reader.finish()
    (glimpse,) = reader.glimpses
    assert (glimpse.sentence, glimpse.text, glimpse.needed) == ("take-the-phrase", SHARE,
                                                                reading_time(SHARE))
    # readable through the hold, and the fades' frames that are already (or still) opaque
    assert FlashedNumber.hold <= glimpse.readable < FlashedNumber.hold + 0.3
    assert glimpse.frame == scene.timeline[0].start
    assert f"{SHARE!r} readable for {glimpse.readable:.2f} s of the" in str(glimpse)


def test_the_reader_finds_a_number_covered_for_part_of_its_time(flite_narration, tmp_path):
    long_enough = reading_time(SHARE) + 0.5
    _, reader = run(flite_narration, tmp_path, kind(FlashedNumber, hold=long_enough, cover=True))
    reader.finish()
    (glimpse,) = reader.glimpses
    assert glimpse.text == SHARE and glimpse.readable < long_enough / 2


def test_the_reader_passes_a_number_readable_long_enough(flite_narration, tmp_path):
    _, reader = run(flite_narration, tmp_path, kind(FlashedNumber, hold=reading_time(SHARE)))
    assert reader.finish() == [] and reader.glimpses == []


def test_a_longer_number_needs_longer_by_its_characters_not_its_spaces():
    assert reading_time("55%") == reading_time("12.2 ") == reading_time("6.1")
    assert reading_time("12.2 / 2 = 6.1") > reading_time("12.2/2=6") > reading_time("12.2/")
    assert reading_time("12.2 / 2 = 6.1") == reading_time("12.2/2=6.1")


# --- plays that change nothing --------------------------------------------------------------

class StillSquare(Synthetic):
    """A square comes in, then a play moves it to where it is, or (`moved`) to the right."""

    moved = False

    def first_beat(self, b) -> None:
        square = Square(1, color=style.KEY)
        b.play(FadeIn(square), run_time=0.3)
        b.play(square.animate.shift(RIGHT) if self.moved else square.animate.move_to(square.get_center()),
               run_time=0.5)


def test_the_reader_finds_a_play_that_changes_nothing(flite_narration, tmp_path):
    scene, reader = run(flite_narration, tmp_path, StillSquare)
    reader.finish()
    (idle,) = reader.idle
    assert (idle.sentence, idle.animations) == ("take-the-phrase", "Square.animate")
    assert (idle.frame, idle.frames) == (scene.timeline[0].start + round(0.3 * FPS), round(0.5 * FPS))
    assert "a play of Square.animate changes nothing on screen at" in str(idle)


def test_the_reader_passes_a_play_that_moves(flite_narration, tmp_path):
    _, reader = run(flite_narration, tmp_path, kind(StillSquare, moved=True))
    reader.finish()
    assert reader.idle == []


class TwiceAnimated(Synthetic):
    """A square moved up and coloured in one play: by two `.animate`, or (`chained`) one."""

    chained = False

    def first_beat(self, b) -> None:
        square = Square(1, color=style.KEY)
        b.play(FadeIn(square), run_time=0.3)
        if self.chained:
            b.play(square.animate.shift(RIGHT).set_color(style.QUERY), run_time=0.5)
        else:
            b.play(square.animate.shift(RIGHT), square.animate.set_color(style.QUERY), run_time=0.5)


def test_two_animate_of_one_mobject_in_one_play_are_refused_as_it_is_played(flite_narration, tmp_path):
    with pytest.raises(OverriddenAnimation) as refused:
        run(flite_narration, tmp_path, TwiceAnimated)
    message = str(refused.value)
    assert "\n" not in message
    assert message.startswith("scene 'phrase', beat 'take-the-phrase', play 2: Square.animate and "
                              "Square.animate in one play")
    assert "fix: " in message
    _, reader = run(flite_narration, tmp_path, kind(TwiceAnimated, chained=True))
    assert reader.finish() == [] and reader.idle == []


class FlashedAsItFades(Synthetic):
    """Two squares faded in as a group while the second is flashed: in one play, or (`after`)
    the flash in the next one."""

    after = False

    def first_beat(self, b) -> None:
        pair = VGroup(Square(1, color=style.KEY), Square(1, color=style.KEY).shift(2 * RIGHT))
        if self.after:
            b.play(FadeIn(pair), run_time=0.4)
            b.play(Indicate(pair[1]), run_time=0.4)
        else:
            b.play(FadeIn(pair), Indicate(pair[1]), run_time=0.4)


def test_a_group_and_a_part_of_it_animated_in_one_play_are_refused(flite_narration, tmp_path):
    """The flash, played last, sets its square from where it began, unseen, on every frame: the
    fade never shows it. Refused at the play, naming both animations and the part they share."""
    with pytest.raises(OverriddenAnimation) as refused:
        run(flite_narration, tmp_path, FlashedAsItFades)
    message = str(refused.value)
    assert "\n" not in message
    assert message.startswith("scene 'phrase', beat 'take-the-phrase', play 1: FadeIn")
    assert "FadeIn(VGroup) and Indicate(Square) in one play both move Square" in message
    assert "fix: play them one after another" in message
    scene, reader = run(flite_narration, tmp_path, kind(FlashedAsItFades, after=True))
    assert reader.finish() == [] and reader.idle == []
