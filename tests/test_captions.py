"""Captions and chapters: valid WebVTT that reads back to the manifest's cues, lines kept readable."""

import pytest

from transcript.captions import (
    LINE_CHARS,
    Cue,
    captions_vtt,
    chapter_cues,
    chapters_vtt,
    parse_vtt,
    sentence_cues,
    split_text,
    timestamp,
)
from transcript.manifest import Manifest, SceneInfo, Span, TimedSentence, read_manifest

MS = 0.0011  # WebVTT times are whole milliseconds


def close(a: list[Cue], b: list[Cue]) -> bool:
    return len(a) == len(b) and all(
        x.id == y.id and x.text == y.text and abs(x.start - y.start) < MS and abs(x.end - y.end) < MS
        for x, y in zip(a, b))


@pytest.fixture
def small(lesson_script) -> Manifest:
    """A hand-made manifest with characters WebVTT must escape and a long sentence."""
    long = ("Creature then collects the values of the tokens it attends to, scaled by those "
            "weights, and folds the sum into its own vector — <all> of it & more.")
    sentences = (TimedSentence("one", 0, "intro", "Short & sweet <b>.", 0.4, 1.5),
                 TimedSentence("two", 0, "intro", long, 2.0, 9.0),
                 TimedSentence("three", 1, "outro", "The end.", 10.0, 11.0))
    scenes = (SceneInfo("intro", "Intro & setup", 0), SceneInfo("outro", "Outro", 1))
    return Manifest("T", "t", lesson_script.course, 15, 12.0, "narration.wav", scenes, sentences, {})


def test_timestamps_are_webvtt_times():
    assert timestamp(0) == "00:00:00.000"
    assert timestamp(3725.5004) == "01:02:05.500"


def test_the_built_files_parse_back_to_the_manifest_cues(flite_build):
    manifest = read_manifest(flite_build.manifest)
    captions = flite_build.captions.read_text(encoding="utf-8")
    chapters = flite_build.chapters.read_text(encoding="utf-8")
    assert captions.startswith("WEBVTT\n") and chapters.startswith("WEBVTT\n")
    assert close(parse_vtt(captions), sentence_cues(manifest))
    assert close(parse_vtt(chapters), chapter_cues(manifest))


def test_every_sentence_is_captioned_word_for_word_in_its_own_time(flite_narration):
    manifest = flite_narration.manifest
    cues = parse_vtt(captions_vtt(manifest))
    for s in manifest.sentences:
        mine = [c for c in cues if c.id == s.id or c.id.startswith(s.id + "-")
                and c.id[len(s.id) + 1:].isdigit()]
        assert " ".join(c.text.replace("\n", " ") for c in mine) == s.text
        assert abs(mine[0].start - s.start) < MS and abs(mine[-1].end - s.end) < MS
        for a, b in zip(mine, mine[1:]):
            assert abs(a.end - b.start) < MS  # consecutive, no gap, no overlap
    for c in cues:
        lines = c.text.split("\n")
        assert len(lines) <= 2, c
        assert all(len(line) <= LINE_CHARS for line in lines), c


def test_chapters_are_one_cue_per_scene_with_its_title(flite_narration):
    manifest = flite_narration.manifest
    cues = parse_vtt(chapters_vtt(manifest))
    assert [c.id for c in cues] == [s.id for s in manifest.scenes]
    assert [c.text for c in cues] == [s.title for s in manifest.scenes]
    assert cues[0].start == 0 and abs(cues[-1].end - manifest.duration) < MS
    for a, b in zip(cues, cues[1:]):
        assert a.end == b.start


def test_special_characters_are_escaped_and_read_back(small):
    text = captions_vtt(small)
    assert "&amp;" in text and "&lt;b&gt;" in text and "<b>" not in text
    assert close(parse_vtt(text), sentence_cues(small))
    assert parse_vtt(chapters_vtt(small))[0].text == "Intro & setup"


def test_a_long_sentence_becomes_several_cues_of_two_short_lines(small):
    parts = split_text(small.sentences[1].text)
    assert len(parts) > 1
    assert all(1 <= len(p) <= 2 and all(len(line) <= LINE_CHARS for line in p) for p in parts)
    assert not any(p[0].startswith("—") for p in parts)
    assert split_text("Short.") == [["Short."]]


def test_a_span_keeps_only_its_cues_retimed_to_zero(small):
    span = Span(1.8, 10.5)
    cues = parse_vtt(captions_vtt(small, span))
    assert cues[0].id == "two" and cues[0].start == pytest.approx(0.2, abs=MS)
    assert cues[-1].id == "three" and cues[-1].end == pytest.approx(span.duration, abs=MS)
    assert all(0 <= c.start < c.end <= span.duration + MS for c in cues)
    chapters = parse_vtt(chapters_vtt(small, span))
    assert [c.id for c in chapters] == ["intro", "outro"]
    assert chapters[0].start == 0 and chapters[-1].end == pytest.approx(span.duration, abs=MS)


def test_a_scene_span_of_the_real_lesson(flite_narration):
    manifest = flite_narration.manifest
    span = manifest.scene_span("softmax")
    cues = parse_vtt(captions_vtt(manifest, span))
    assert cues[0].id == "softmax-squashes"
    first = manifest.sentences_of("softmax")[0]
    assert cues[0].start == pytest.approx(first.start - span.start, abs=MS)  # 0: the scene opens on it
    own = [s.id for s in manifest.sentences_of("softmax")]
    assert all(any(c.id == i or c.id.startswith(i + "-") for i in own) for c in cues)


def test_parse_rejects_a_file_without_the_header():
    with pytest.raises(ValueError, match="WEBVTT"):
        parse_vtt("00:00:00.000 --> 00:00:01.000\nhello\n")


def test_over_a_pause_no_caption_shows_and_the_chapter_runs_on(paused_narration):
    """A cue ends when its sentence's speech ends, not over the silence after it; the next cue
    comes with the next sentence. A pause at a scene's end belongs to that scene's chapter."""
    from transcript.captions import parse_srt
    m, paths = paused_narration.manifest, paused_narration.paths
    vtt = parse_vtt(paths.captions.read_text(encoding="utf-8"))
    srt = parse_srt(paths.captions_srt.read_text(encoding="utf-8"))
    chapters = {c.id: c for c in parse_vtt(paths.chapters.read_text(encoding="utf-8"))}
    ids = [s.id for s in m.sentences]
    for sid, pause in paused_narration.pauses.items():
        i = ids.index(sid)
        a = m.sentences[i]
        until = m.sentences[i + 1].start if i + 1 < len(ids) else m.duration
        assert until - a.end >= pause  # the silence the pause asked for
        for cues in (vtt, srt):
            ending = max(c.end for c in cues if c.start < a.end)
            assert ending == pytest.approx(a.end, abs=MS), sid  # speech end, not the next start
            assert not [c for c in cues if c.end > a.end + MS and c.start < until - MS], sid
            if i + 1 < len(ids):
                assert min(c.start for c in cues if c.start > a.end) == pytest.approx(until, abs=MS)
        chapter = chapters[a.scene]
        if i + 1 == len(ids) or m.sentences[i + 1].scene != a.scene:
            assert chapter.end == pytest.approx(until, abs=MS), sid  # the pause is in its chapter
        assert chapter.start <= a.start < a.end < chapter.end
