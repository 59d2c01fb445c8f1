"""Scenes with real Manim: beats on their sentences' frames, the core's numbers, a clean layout."""

from __future__ import annotations

import dataclasses
import json
import logging
import pickle
import subprocess
from itertools import combinations

import numpy as np
import pytest
from manim import FadeIn, Square

from attention import exact_score_figure, exp_figure, percent_figure, score_figure
from attention.attention.lesson import lesson
from common.notes import PROJECT_LOGGER, plain_warnings
from common.settings import QUALITIES
from scenes import scene_class, scene_ids, style
from scenes.base import LessonScene
from scenes.plan import RunPlan
from scenes.timing import scene_timing
from transcript.words import word_key
from video.scene_render import beat_still, manim_config, render_scene, scene_timeline

LOW = QUALITIES["low"]
FPS = QUALITIES["low"].fps


@pytest.fixture(scope="session")
def timelines(inspected_scenes):
    """Every scene run once without drawing, with its text layout recorded after every play and
    at each beat's end (the session's frame-by-frame inspection, tests/conftest.py)."""
    return {scene_id: scene for scene_id, (scene, _) in inspected_scenes.items()}


def test_an_inspection_without_frames_records_the_timeline_of_one_frame_by_frame(
        flite_narration, timelines, tmp_path):
    """The inspection that skips to each play's end (`scene_timeline`) and the one that runs every
    frame record the same beats, cues, moves and layouts to the last coordinate."""
    def fields(scene):
        return [[(name, getattr(r, name)) for name in r.__dataclass_fields__] for r in scene.timeline]

    def same(a, b) -> bool:
        if isinstance(a, np.ndarray):
            return isinstance(b, np.ndarray) and np.array_equal(a, b)
        if isinstance(a, dict):
            return isinstance(b, dict) and a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
        if isinstance(a, (list, tuple)):
            return type(a) is type(b) and len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
        return a == b

    plain = scene_timeline("softmax", flite_narration.manifest, LOW, tmp_path / "media")
    assert plain.frame == timelines["softmax"].frame
    assert same(fields(plain), fields(timelines["softmax"]))
    assert any(r.plays and r.shown and r.moving for r in plain.timeline)  # not two empty records


def test_every_yaml_scene_has_a_class(flite_narration):
    assert [s.id for s in flite_narration.manifest.scenes] == scene_ids()


def test_beats_start_on_their_sentences_frames(flite_narration, timelines):
    m = flite_narration.manifest
    for scene_id, scene in timelines.items():
        span = m.scene_span(scene_id)
        for record in scene.timeline:
            sentence = m.sentence(record.sentence_id)
            assert abs(span.start + record.start / FPS - sentence.start) < 0.5 / FPS, record
            next_start = m.beat_span(record.sentence_id).end
            assert abs(span.start + record.end / FPS - next_start) < 0.5 / FPS, record
        assert abs(scene.frame / FPS - span.duration) < 0.5 / FPS, scene_id


def test_every_sentence_has_exactly_one_beat(flite_narration, timelines):
    m = flite_narration.manifest
    for scene_id, scene in timelines.items():
        assert [r.sentence_id for r in scene.timeline] == [s.id for s in m.sentences_of(scene_id)]


def test_no_beat_needs_speeding_up_with_this_narration(timelines):
    squeezed = [w for s in timelines.values() for r in s.timeline for w in r.squeezed]
    assert squeezed == []


def test_nothing_leaves_the_frame_and_no_texts_overlap(timelines):
    problems = []
    for scene_id, scene in timelines.items():
        for r in scene.timeline:
            assert r.boxes, f"{scene_id}/{r.sentence_id}: no text recorded, the check would be empty"
            problems += [f"{scene_id}/{r.sentence_id}: out of frame: {m}" for m in r.out_of_frame]
            for (a, box_a), (b, box_b) in combinations(r.boxes, 2):
                overlap_x = min(box_a[1][0], box_b[1][0]) - max(box_a[0][0], box_b[0][0])
                overlap_y = min(box_a[1][1], box_b[1][1]) - max(box_a[0][1], box_b[0][1])
                if overlap_x > 0.02 and overlap_y > 0.02:
                    problems.append(f"{scene_id}/{r.sentence_id}: {a!r} overlaps {b!r}")
    assert problems == []


def texts_at(timelines, scene_id, sentence_id):
    return next(r.texts for r in timelines[scene_id].timeline if r.sentence_id == sentence_id)


def test_scores_and_weights_on_screen_are_the_narrations(timelines):
    """The narration's figures (the spec) are on screen where it speaks them."""
    assert {"6.1", "5.8"} <= set(texts_at(timelines, "raw-scores", "raw-scores-no-ceiling"))
    assert {"6.1", "5.8"} <= set(texts_at(timelines, "dot-products", "adjectives-score-high"))
    assert {"55%", "41%"} <= set(texts_at(timelines, "softmax", "weights-for-fluffy-and-blue"))


def test_vectors_on_screen_are_the_cores(timelines):
    L = lesson()
    texts = texts_at(timelines, "dot-products", "article-barely-registers")
    for row in (L.result.queries[L.focus], *L.result.keys):
        for value in row:
            assert f"{value:.1f}" in texts
    for n in range(len(L.tokens)):
        assert exact_score_figure(L.focus_scores[n]) in texts
    qkv = texts_at(timelines, "queries-keys-values", "value-hands-over")
    i = L.focus  # creature's own vectors, worked out
    expected = [f"{v:.1f}" for v in (*L.result.queries[i], *L.result.keys[i], *L.result.values[i])]
    for figure in set(expected):
        assert qkv.count(figure) >= expected.count(figure)


def test_softmax_weights_shown_sum_to_hundred(timelines):
    L = lesson()
    texts = texts_at(timelines, "softmax", "weights-for-fluffy-and-blue")
    for w in L.focus_weights:
        assert percent_figure(w) in texts


def shown_in(timelines, scene_id, sentence_id) -> list[str]:
    """Every text a beat shows at the end of any of its plays, once per place it stands."""
    r = next(r for r in timelines[scene_id].timeline if r.sentence_id == sentence_id)
    return [k.split(" @ ")[0] for k in r.shown]


def test_the_worked_steps_on_screen_are_the_cores_arithmetic(timelines):
    """Each step is shown worked out, with numbers recomputed here with numpy from the core's
    inputs: a query entry as its products, every dot product term by term and ÷ √d, softmax's
    exponentials and their sum, the scaled values, creature's row of S."""
    from attention import value_figure

    L = lesson()
    x, f, d = L.embeddings, L.focus, L.w_q.shape[1]
    q, k, v = x @ L.w_q, x @ L.w_k, x @ L.w_v

    def has_all(shown: list[str], figures: list[str]) -> None:
        for figure in set(figures):
            assert shown.count(figure) >= figures.count(figure), (figure, shown)

    i = L.index("fluffy")  # the token scene 2 follows
    j = int(np.argmax(np.abs(q[i])))
    has_all(shown_in(timelines, "queries-keys-values", "query-looking-for"),
            [score_figure(w) for w in L.w_q[:, j]] + [score_figure(p) for p in x[i] * L.w_q[:, j]]
            + [score_figure(q[i, j])])

    # the lines of working run on through the next two sentences (the adjectives, the article)
    dots = [t for sentence in ("dotted-against-every-key", "adjectives-score-high",
                               "article-barely-registers")
            for t in shown_in(timelines, "dot-products", sentence)]
    assert f"√{d}" in dots and "÷" in dots
    for n in range(len(L.tokens)):
        raw = float(q[f] @ k[n])
        has_all(dots, [score_figure(a) for a in q[f]] + [score_figure(b) for b in k[n]]
                + [exact_score_figure(raw), exact_score_figure(raw / np.sqrt(d))])

    scores = q[f] @ k.T / np.sqrt(d)
    e = np.exp(scores)
    soft = shown_in(timelines, "softmax", "softmax-squashes")
    # e to each score: a typeset "e" with the score (the text it rose from) as its exponent
    has_all(soft, ["e"] * len(scores) + [exact_score_figure(s) for s in scores]
            + [exp_figure(t) for t in e] + [exp_figure(e.sum())]
            + [percent_figure(t / e.sum()) for t in e])

    weights = e / e.sum()
    has_all(shown_in(timelines, "weighted-sum", "collects-the-values"),
            [value_figure(t) for t in (weights[:, None] * v).ravel()]
            + [value_figure(t) for t in weights @ v])

    has_all(shown_in(timelines, "all-at-once", "one-matrix-multiplication"),
            [exact_score_figure(s) for s in scores])


def test_softmax_is_worked_in_one_column_per_token(timelines):
    """Each token's exponential, its term of the sum and its share stand in one column, over
    the token and its bar, so the eye reads e^x, its term and its share straight down: the share
    beside its fraction within the column, then over the bar, right over the token."""
    L = lesson()

    def places_in(sentence_id: str) -> dict[str, list[float]]:
        r = next(r for r in timelines["softmax"].timeline if r.sentence_id == sentence_id)
        places: dict[str, list[float]] = {}
        for k, corners in r.shown.items():
            places.setdefault(k.split(" @ ")[0], []).append(float(np.mean(np.asarray(corners)[:, 0])))
        return places

    working, read_out = places_in("softmax-squashes"), places_in("weights-for-fluffy-and-blue")
    xs = [working[token][-1] for token in L.tokens]  # where the tokens stand once built
    half = min(b - a for a, b in zip(xs, xs[1:])) / 2  # a column reaches halfway to the next
    for x, token, e, w in zip(xs, L.tokens, L.focus_exponentials, L.focus_weights):
        figure = exp_figure(e)
        assert working[figure] and all(abs(p - x) < 0.1 for p in working[figure]), (token, figure)
        share = percent_figure(w)
        assert working[share] and all(abs(p - x) < half for p in working[share]), (token, share)
        assert abs(read_out[share][-1] - x) < 0.1, (token, share)


def test_softmax_divides_in_a_short_silence_and_the_fractions_stay_through_the_read_out(
        flite_narration, timelines):
    """Softmax's division is worked in about 3 s of silence after "sum to one" (the strongest
    fraction, then the rest): all four fractions, term over sum = share, are complete before the
    next sentence reads the shares out, and still on screen when it has."""
    L = lesson()
    m = flite_narration.manifest
    squashes, read_out = m.sentence("softmax-squashes"), m.sentence("weights-for-fluffy-and-blue")
    assert read_out.start - squashes.end <= 3.5
    records = {r.sentence_id: r for r in timelines["softmax"].timeline}
    shares = [percent_figure(w) for w in L.focus_weights]
    total = exp_figure(L.focus_exp_sum)
    for sentence_id in ("softmax-squashes", "weights-for-fluffy-and-blue"):
        texts = records[sentence_id].texts  # at the beat's end
        assert texts.count(total) >= 1 + len(shares), (sentence_id, texts)  # the sum, each denominator
        for e, share in zip(L.focus_exponentials, shares):
            assert exp_figure(e) in texts and share in texts, (sentence_id, share, texts)


# --- the beat mechanism itself -------------------------------------------------------------

class Overrunning(LessonScene):
    scene_id = "phrase"

    def beats(self) -> None:
        ids = [b.sentence_id for b in self.timing.beats]
        square = self.square = Square()
        with self.beat(ids[0]):
            self.play(FadeIn(square), run_time=60)  # far longer than its sentence
            self.play(square.animate.shift([1, 0, 0]), run_time=1)  # no time left at all
        for sid in ids[1:]:
            with self.beat(sid):
                self.play(square.animate.rotate(0.5), run_time=0.5)


def test_overrunning_beat_is_sped_up_and_later_beats_keep_their_frames(flite_narration, tmp_path):
    timing = scene_timing(flite_narration.manifest, "phrase", FPS)
    with manim_config(LOW, tmp_path):
        scene = Overrunning(timing, RunPlan.running())
        scene.render()
    first = scene.timeline[0]
    assert len(first.squeezed) == 2 and "take-the-phrase" in first.squeezed[0]
    assert [r.start for r in scene.timeline] == [b.start for b in timing.beats]
    assert scene.frame == timing.frames
    assert np.allclose(scene.square.get_center()[0], 1.0)  # the squeezed shift still happened


@pytest.fixture
def plain_lines():
    """The project's warnings printed as a command prints them, in this process for one test: by a
    printer of its own (one an earlier command left here has seen, and would not print again, the
    lines an earlier test of the same scene made)."""
    logger = logging.getLogger(PROJECT_LOGGER)
    handlers, propagate = list(logger.handlers), logger.propagate
    logger.handlers[:] = []
    plain_warnings("render.py video")
    yield
    logger.handlers[:], logger.propagate = handlers, propagate


def test_an_overrun_is_one_line_naming_the_scene_the_beat_and_the_fix(flite_narration, tmp_path, capsys,
                                                                      plain_lines):
    timing = scene_timing(flite_narration.manifest, "phrase", FPS)
    with manim_config(LOW, tmp_path):
        Overrunning(timing, RunPlan.running()).render()
    lines = [line for line in capsys.readouterr().err.splitlines() if "warning" in line]
    first = timing.beats[0].sentence_id
    assert len(lines) == 2, lines  # the two plays that overran, each once
    for line in lines:
        assert line.startswith(f"render.py video: warning: scene 'phrase', beat {first!r}: ")
        assert "sped up" in line and "fix: give the sentence a `pause:`" in line


RENDERED = "phrase"  # four sentences, the first after the lesson's lead-in: a short scene to draw


@pytest.fixture(scope="module")
def scene_video(flite_narration, tmp_path_factory):
    """The scene RENDERED drawn into one MP4 (`render_scene`), once for the tests of this module
    that read it."""
    folder = tmp_path_factory.mktemp("scene-video")
    out = folder / f"{RENDERED}.mp4"
    scene = render_scene(RENDERED, flite_narration.manifest, LOW, out, folder / "media")
    return out, scene


def test_a_scene_renders_to_mp4_of_its_span(flite_narration, scene_video):
    m = flite_narration.manifest
    out, _ = scene_video
    probe = json.loads(subprocess.run(
        ["ffprobe", "-v", "error", "-count_frames", "-show_streams", "-show_format", "-of", "json",
         str(out)], capture_output=True, text=True, check=True).stdout)
    (video,) = probe["streams"]
    span = m.scene_span(RENDERED)
    assert int(video["nb_read_frames"]) == round(span.duration * FPS)
    assert abs(float(probe["format"]["duration"]) - span.duration) < 1 / FPS
    assert (video["codec_name"], video["pix_fmt"], video["width"]) == ("h264", "yuv420p", 854)
    assert video.get("has_b_frames", 0) == 0
    assert [p.name for p in out.parent.iterdir() if p.name != "media"] == [out.name], \
        "no temporary file left behind"


def test_keyframes_on_every_sentence_start(flite_narration, scene_video):
    m = flite_narration.manifest
    out, _ = scene_video
    frames = subprocess.run(
        ["ffprobe", "-v", "error", "-select_streams", "v", "-show_entries", "frame=key_frame",
         "-of", "csv=p=0", str(out)], capture_output=True, text=True, check=True).stdout.split()
    keys = {i for i, k in enumerate(frames) if k.startswith("1")}
    span = m.scene_span(RENDERED)
    starts = {round((s.start - span.start) * FPS) for s in m.sentences_of(RENDERED)}
    assert len(starts) > 2 and 0 not in starts  # the first sentence starts after the lead-in
    assert starts <= keys


def test_still_of_a_beat_shows_its_last_frame(flite_narration, tmp_path):
    from PIL import Image

    out = beat_still("dot-products", "adjectives-score-high", flite_narration.manifest, LOW,
                     tmp_path / "still.png", tmp_path / "media")
    image = np.asarray(Image.open(out).convert("RGB")).astype(int)
    assert image.shape == (480, 854, 3)
    orange = (abs(image[..., 0] - 255) < 40) & (abs(image[..., 1] - 138) < 40) & (image[..., 2] < 140)
    assert orange.sum() > 200  # the scores are drawn in the weight colour


def test_unknown_beat_for_a_still_fails_before_drawing(flite_narration, tmp_path):
    with pytest.raises(KeyError, match="not in scene"):
        beat_still("phrase", "softmax-squashes", flite_narration.manifest, LOW,
                   tmp_path / "x.png", tmp_path / "media")
    assert not (tmp_path / "x.png").exists()


def test_identical_inputs_render_identical_bytes(flite_narration, scene_video, tmp_path):
    m = flite_narration.manifest
    a_mp4, a = scene_video
    b = render_scene(RENDERED, m, LOW, tmp_path / "b.mp4", tmp_path / "media-b")
    assert a.frame == b.frame
    assert a_mp4.read_bytes() == (tmp_path / "b.mp4").read_bytes()


def test_a_prebuilt_text_is_a_fresh_copy_of_the_built_one(tmp_path):
    from manim import MathTex, Text

    from scenes import prebuilt

    with manim_config(LOW, tmp_path / "media"):
        fresh = Text("fluffy 6.1", font_size=30)
        first = prebuilt.built(Text, "fluffy 6.1", font_size=30)
        prebuilt._memory.clear()  # as in a new process: only the file is left
        second = prebuilt.built(Text, "fluffy 6.1", font_size=30)
        formula = prebuilt.built(MathTex, r"\sqrt{d}", font_size=40)
    assert list((tmp_path / "media" / "prebuilt").glob("*.pickle"))
    for copy in (first, second):
        assert copy is not fresh and copy.text == fresh.text
        assert np.array_equal(copy.get_all_points(), fresh.get_all_points())
        assert [m.get_fill_color() for m in copy] == [m.get_fill_color() for m in fresh]
    second.shift(np.array([1.0, 0, 0]))  # changing one copy leaves the next untouched
    with manim_config(LOW, tmp_path / "media"):
        third = prebuilt.built(Text, "fluffy 6.1", font_size=30)
    assert np.array_equal(third.get_all_points(), fresh.get_all_points())
    assert formula.tex_string == r"\sqrt{d}"
    # kept without each glyph's parsed SVG path, which only building it needs: far less to unpickle
    kept = next(p.read_bytes() for p in (tmp_path / "media" / "prebuilt").glob("*.pickle")
                if isinstance(pickle.loads(p.read_bytes()), Text))
    assert len(kept) < 0.8 * len(pickle.dumps(fresh))


def test_the_picture_a_scene_opens_on_is_built_once_then_kept_to_the_bit(flite_narration, tmp_path,
                                                                        monkeypatch):
    """A scene that follows another opens on that scene's last picture: built by running the
    other scene's code once, then unpickled; the run from it ends on the very same bytes."""
    built = []
    previous = LessonScene._previous_picture

    def counted(self):
        built.append(self.follows)
        return previous(self)

    monkeypatch.setattr(LessonScene, "_previous_picture", counted)

    def end(scene: LessonScene) -> list[bytes]:
        return [np.asarray(v).tobytes() for m in scene.get_mobject_family_members()
                for name in ("points", "fill_rgbas", "stroke_rgbas", "stroke_width")
                if (v := getattr(m, name, None)) is not None]  # a Group has points only

    media = tmp_path / "media"
    first = scene_timeline("dot-products", flite_narration.manifest, LOW, media, inspect=False)
    assert built == ["broadcast"] and list((media / "prebuilt").glob("picture-*.pickle"))
    again = scene_timeline("dot-products", flite_narration.manifest, LOW, media, inspect=False)
    assert built == ["broadcast"]  # kept
    assert end(again) == end(first)


def test_no_text_ever_enters_the_caption_band(timelines):
    """Every text any beat shows, at any play's end, stays above the captions' band."""
    low = [(scene_id, r.sentence_id, key.split(" @ ")[0], round(float(corners[0][1]), 2))
           for scene_id, scene in timelines.items() for r in scene.timeline
           for key, corners in r.shown.items() if corners[0][1] < style.CAPTION_BAND_TOP - 1e-6]
    assert low == []


def test_a_word_the_sentence_lacks_fails_before_drawing_naming_scene_sentence_and_words(
        flite_narration, tmp_path):
    from scenes.timing import WordNotFound
    from video.scene_render import render_beats

    m = flite_narration.manifest
    s = m.sentence("weights-for-fluffy-and-blue")
    edited = dataclasses.replace(m, sentences=tuple(
        dataclasses.replace(x, words=tuple(w for w in x.words if not w.text.startswith("blue")))
        if x.id == s.id else x for x in m.sentences))
    out = tmp_path / "beat.mp4"
    with pytest.raises(WordNotFound) as failure:
        render_beats(scene_timing(edited, "softmax", FPS), LOW, {s.id: out}, tmp_path / "media")
    message = str(failure.value)
    assert "'softmax'" in message and repr(s.id) in message and "'blue'" in message
    assert "fluffy," in message  # the words it does have
    assert not any(tmp_path.glob("*.mp4")) and not any(tmp_path.glob(".*.mp4"))


def test_until_starts_the_next_play_on_the_words_frame(flite_narration, timelines):
    m = flite_narration.manifest
    scene = timelines["softmax"]
    record = next(r for r in scene.timeline if r.sentence_id == "weights-for-fluffy-and-blue")
    span = m.scene_span("softmax")
    for cue in [c for c in record.cues if c.word]:
        word = next(w for w in m.sentence(record.sentence_id).words
                    if word_key(w.text) == word_key(cue.word))
        assert cue.frame == cue.wanted
        late = (word.start - span.start) * FPS - cue.frame  # frames from the cue's to the word
        assert -1e-9 <= late < 1, cue  # a word right on a frame: equal up to float rounding


# --- morph only what matches -----------------------------------------------------------------

class Morphing(LessonScene):
    """Plays one transform, made by `self.make()`, in its first beat."""

    scene_id = "phrase"

    def beats(self) -> None:
        ids = [b.sentence_id for b in self.timing.beats]
        with self.beat(ids[0]):
            self.play(self.make(), run_time=0.5)
        for sid in ids[1:]:
            with self.beat(sid):
                pass


def _morph(flite_narration, tmp_path, make):

    with manim_config(LOW, tmp_path):
        scene = Morphing(scene_timing(flite_narration.manifest, "phrase", FPS), RunPlan.running())
        scene.make = make
        scene.render()
    return scene


def test_a_transform_between_different_structures_is_refused(flite_narration, tmp_path):
    from manim import ReplacementTransform, Transform, TransformFromCopy

    from scenes.rules import MismatchedMorph
    from scenes.widgets import label, vector

    L = lesson()
    mismatched = {
        "a word into a vector": lambda: TransformFromCopy(label("fluffy"), vector(L.embeddings[1],
                                                                                  style.EMBEDDING)),
        "five cells into four": lambda: Transform(vector(L.embeddings[1], style.EMBEDDING),
                                                  vector(L.result.queries[1], style.QUERY)),
        "a title into another": lambda: ReplacementTransform(label("creature's raw scores"),
                                                             label("raw scores")),
    }
    for name, make in mismatched.items():
        with pytest.raises(MismatchedMorph, match="differ in structure") as failure:
            _morph(flite_narration, tmp_path, make)
        assert "'phrase'" in str(failure.value) and "take-the-phrase" in str(failure.value), name
    # the same structure may morph: a vector into one of the same length with other colours
    _morph(flite_narration, tmp_path, lambda: Transform(
        vector(L.embeddings[1], style.EMBEDDING), vector(L.embeddings[1], style.QUERY).shift([1, 0, 0])))


def test_every_scene_morphs_only_matching_structures(timelines):
    """The timelines ran every play of every scene through the check: none was refused."""
    assert set(timelines) == set(scene_ids())


def test_texts_that_stand_still_never_overlap_between_plays(timelines):
    """Mid-beat layouts: after every play, texts that were at the same place after the play
    before it too (neither is moving) do not overlap."""
    problems = set()
    for scene_id, scene in timelines.items():
        for r in scene.timeline:
            assert len(r.plays) >= 1, f"{scene_id}/{r.sentence_id}: no play recorded"
            for before, after in zip(r.plays, r.plays[1:]):
                still = [(a, box) for a, box in after
                         if any(a == b and np.allclose(box, other, atol=0.01) for b, other in before)]
                for (a, box_a), (b, box_b) in combinations(still, 2):
                    overlap_x = min(box_a[1][0], box_b[1][0]) - max(box_a[0][0], box_b[0][0])
                    overlap_y = min(box_a[1][1], box_b[1][1]) - max(box_a[0][1], box_b[0][1])
                    if overlap_x > 0.02 and overlap_y > 0.02:
                        problems.add(f"{scene_id}/{r.sentence_id}: {a!r} overlaps {b!r}")
    assert sorted(problems) == []


def test_no_long_hold_while_the_voice_speaks(flite_narration, timelines):
    """While a sentence is being spoken, the picture never stands still for long: every beat
    shows what its words say as they say it (holds of about 1.5 s at most)."""
    m = flite_narration.manifest
    holds = []
    for scene_id, scene in timelines.items():
        span = m.scene_span(scene_id)
        for r in scene.timeline:
            speech_end = round((m.sentence(r.sentence_id).end - span.start) * FPS)
            still_since = r.start
            for start, end in sorted(r.moving) + [(speech_end, speech_end)]:
                gap = (min(start, speech_end) - still_since) / FPS
                if still_since < speech_end and gap > 1.8:
                    holds.append(f"{scene_id}/{r.sentence_id}: {gap:.1f} s still from "
                                 f"{span.start + still_since / FPS:.1f} s")
                still_since = max(still_since, end)
    assert holds == []


def longer_first_sentence(m, scene_id: str, frames: int = 7, words_later: int = 5):
    """The manifest as if the scene's first sentence had words added in front: `frames` longer,
    its words `words_later` frames later, every later sentence moved."""
    fps = 15
    first = m.sentences_of(scene_id)[0].id
    i = [s.id for s in m.sentences].index(first)

    def moved(s, by: float, words_by: float):
        return dataclasses.replace(
            s, start=s.start + (0 if s.id == first else by), end=s.end + by,
            words=tuple(dataclasses.replace(w, start=w.start + words_by, end=w.end + words_by)
                        for w in s.words))

    sentences = tuple(moved(s, frames / fps, words_later / fps) if n == i
                      else moved(s, frames / fps, frames / fps) if n > i else s
                      for n, s in enumerate(m.sentences))
    return dataclasses.replace(m, sentences=sentences, duration=m.duration + frames / fps)


@pytest.mark.parametrize("scene_id", scene_ids())
def test_a_longer_first_sentence_leaves_the_later_beats_start_pictures_alone(
        rendered_lesson, tmp_path, scene_id):
    """What keeps an edit to one beat: each later beat starts from the same picture (the same
    state digest) as in the session's render, where its cached video is found by it, however the
    sentences before it are timed."""
    from transcript.manifest import read_manifest
    from video.cache import end_state
    from video.pipeline import plan

    m = read_manifest(rendered_lesson.root / "lesson.json")
    drawn = plan(m, LOW, rendered_lesson.root / "cache", [scene_id])
    assert drawn and all(j.cached for j in drawn), "the render keeps every beat it drew"
    before = {j.sentence_id: j.start for j in drawn}, end_state(drawn[-1].path)
    with manim_config(LOW, rendered_lesson.warm_media(tmp_path / "media"), scene_id):
        scene = scene_class(scene_id)(scene_timing(longer_first_sentence(m, scene_id), scene_id, 15),
                                      RunPlan.drawing(lambda sentence_id, start: False))
        scene.render()
    after = scene.states, scene.end_state
    assert before == after
    assert len(set(before[0].values())) == len(before[0])  # and each beat starts somewhere new
