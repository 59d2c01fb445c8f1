"""The assembled narration: grid-aligned timings that match the track, speech where the manifest says."""

import re
import subprocess
import wave

import pytest
from pydub import AudioSegment
from pydub.silence import detect_nonsilent

from audio.assemble import LEAD_IN, PARAGRAPH_PAUSE, SENTENCE_PAUSE, TAIL
from transcript.manifest import GRID_FPS, read_manifest

RATE = 48000


def on_grid(seconds: float) -> bool:
    return abs(seconds * GRID_FPS - round(seconds * GRID_FPS)) < 1e-6


def test_outputs_exist_and_manifest_reads_back(flite_narration, flite_build):
    for path in (flite_build.narration, flite_build.manifest, flite_build.captions,
                 flite_build.chapters):
        assert path.is_file() and path.stat().st_size > 0, path
    assert read_manifest(flite_build.manifest) == flite_narration.manifest
    assert flite_narration.manifest.audio == "narration.wav"
    assert not list(flite_build.root.glob(".*lesson-tmp*")), "temporary files left behind"


def test_track_is_48k_and_its_length_is_the_manifest_duration(flite_narration, flite_build):
    m = flite_narration.manifest
    with wave.open(str(flite_build.narration)) as w:
        assert (w.getframerate(), w.getnchannels(), w.getsampwidth()) == (RATE, 1, 2)
        frames = w.getnframes()
    assert on_grid(m.duration)
    assert frames == round(m.duration * RATE)
    assert m.grid_fps == GRID_FPS


def test_starts_are_on_the_grid_and_monotonic_with_the_planned_pauses(flite_narration, lesson_script):
    sentences = flite_narration.manifest.sentences
    first = sentences[0]
    assert LEAD_IN <= first.start < LEAD_IN + 1 / GRID_FPS
    for s in sentences:
        assert on_grid(s.start), s
        assert s.end > s.start, s
    for a, b in zip(sentences, sentences[1:]):
        pause = (SENTENCE_PAUSE if a.paragraph == b.paragraph else PARAGRAPH_PAUSE) \
            + lesson_script.sentence(a.id).pause  # and the script's own pause after it, if any
        assert b.paragraph in (a.paragraph, a.paragraph + 1)
        # the next start is the first grid point after the pause
        assert a.end + pause - 1e-6 <= b.start < a.end + pause + 1 / GRID_FPS, (a.id, b.id)


def test_last_end_plus_tail_is_the_track_length(flite_narration, lesson_script):
    m = flite_narration.manifest
    tail = TAIL + lesson_script.sentences[-1].pause
    assert m.sentences[-1].end + tail - 1e-6 <= m.duration < m.sentences[-1].end + tail + 1 / GRID_FPS


def test_speech_onsets_lie_within_50ms_of_the_manifest_starts(flite_narration, flite_build):
    m = flite_narration.manifest
    track = AudioSegment.from_wav(flite_build.narration)
    ranges = detect_nonsilent(track, min_silence_len=100, silence_thresh=-50, seek_step=1)
    onsets = [a / 1000 for a, _ in ranges]
    for prev, s in zip((None, *m.sentences), m.sentences):
        nearest = min(onsets, key=lambda t: abs(t - s.start))
        assert abs(nearest - s.start) <= 0.050, (s.id, nearest, s.start)
        # and nothing is heard in the pause before it
        quiet_from = (prev.end if prev else 0.0) + 0.05
        assert all(not (quiet_from < a / 1000 < s.start - 0.05) for a, _ in ranges), s.id
        assert all(not (quiet_from < b / 1000 < s.start - 0.05) for _, b in ranges), s.id


def test_loudness_is_about_minus_16_lufs_with_true_peak_headroom(flite_narration, flite_build):
    done = subprocess.run(["ffmpeg", "-nostdin", "-hide_banner", "-i", str(flite_build.narration),
                           "-af", "ebur128=peak=true", "-f", "null", "-"],
                          capture_output=True, text=True, check=True)
    summary = done.stderr[done.stderr.rindex("Summary:"):]
    integrated = float(re.search(r"I:\s+(-?[\d.]+) LUFS", summary)[1])
    peak = float(re.search(r"Peak:\s+(-?[\d.]+) dBFS", summary)[1])
    assert integrated == pytest.approx(-16.0, abs=1.0)
    assert peak <= -1.0  # -1.5 dBTP target; ebur128's own true-peak meter differs slightly
    reported = flite_narration.manifest.loudness
    assert reported["integrated_lufs"] == pytest.approx(integrated, abs=0.5)
    assert reported["true_peak_dbtp"] == pytest.approx(peak, abs=0.5)


# --- pauses: `pause:` after a sentence ----------------------------------------------------------

def usual_gap(a, b) -> float:
    """The silence the narration leaves after `a` without a pause (`b` the next, None: the end)."""
    return TAIL if b is None else SENTENCE_PAUSE if a.paragraph == b.paragraph else PARAGRAPH_PAUSE


def test_a_pause_is_silence_after_its_sentence_and_the_next_starts_after_it(paused_narration):
    m = paused_narration.manifest
    track = AudioSegment.from_wav(paused_narration.paths.narration)
    samples = track.get_array_of_samples()
    ranges = detect_nonsilent(track, min_silence_len=100, silence_thresh=-50, seek_step=1)
    for sid, pause in paused_narration.pauses.items():
        i = [s.id for s in m.sentences].index(sid)
        a, b = m.sentences[i], (m.sentences[i + 1] if i + 1 < len(m.sentences) else None)
        silence = usual_gap(a, b) + pause
        until = b.start if b else m.duration
        # the next sentence (or the track's end) is the first grid frame after the silence
        assert a.end + silence - 1e-6 <= until < a.end + silence + 1 / GRID_FPS, sid
        assert on_grid(until)
        # nothing at all is heard from the sentence's end to the next one's start
        quiet = samples[round(a.end * RATE):round(until * RATE)]
        assert len(quiet) >= silence * RATE - 1 and max(map(abs, quiet)) == 0, sid
        if b:  # and the next sentence's speech begins where the manifest says
            onset = min((x / 1000 for x, _ in ranges if x / 1000 > a.end), key=lambda t: abs(t - b.start))
            assert abs(onset - b.start) <= 0.050, (b.id, onset, b.start)


def test_a_pause_moves_every_later_sentence_and_its_words_by_it(paused_narration):
    m, plain = paused_narration.manifest, paused_narration.plain
    assert [s.id for s in m.sentences] == [s.id for s in plain.sentences]
    shift = [p.start - q.start for p, q in zip(m.sentences, plain.sentences)]
    for i, (p, q) in enumerate(zip(m.sentences, plain.sentences)):
        assert p.end - p.start == pytest.approx(q.end - q.start, abs=1e-9), p.id  # the same speech
        # each word keeps its offset into the sentence
        assert [round(w.start - p.start, 4) for w in p.words] == [round(w.start - q.start, 4) for w in q.words]
        assert [round(w.end - p.start, 4) for w in p.words] == [round(w.end - q.start, 4) for w in q.words]
        if i:  # the start moves by the pause before it, give or take the grid's rounding
            added = paused_narration.pauses.get(m.sentences[i - 1].id, 0.0)
            assert added - 1 / GRID_FPS < shift[i] - shift[i - 1] < added + 1 / GRID_FPS, p.id
    last = paused_narration.pauses.get(m.sentences[-1].id, 0.0)
    grown = (m.duration - m.sentences[-1].end) - (plain.duration - plain.sentences[-1].end)
    assert last - 1 / GRID_FPS < grown < last + 1 / GRID_FPS


def test_with_pauses_every_sentence_starts_on_a_whole_frame_at_every_quality(paused_narration):
    from common.settings import QUALITIES
    for quality in QUALITIES.values():
        for s in paused_narration.manifest.sentences:
            frames = s.start * quality.fps
            assert abs(frames - round(frames)) < 1e-6, (quality.name, s.id, frames)


def test_a_beat_gets_its_pause_as_room_up_to_the_next_sentence(paused_narration):
    """A beat spans from its sentence's first frame to the next one's, pause included, so what
    a scene plays to the beat's end (`b.left()`) fills the pause."""
    from common.settings import QUALITIES
    from scenes.timing import scene_timing
    m = paused_narration.manifest
    for quality in QUALITIES.values():
        fps = quality.fps
        for sid, pause in paused_narration.pauses.items():
            i = [s.id for s in m.sentences].index(sid)
            a, b = m.sentences[i], (m.sentences[i + 1] if i + 1 < len(m.sentences) else None)
            timing = scene_timing(m, a.scene, fps)
            beat = timing.beat(sid)
            room = (a.end - a.start) + usual_gap(a, b) + pause  # speech, gap and pause, in seconds
            assert room * fps - 1e-6 <= beat.end - beat.start < (room + 1 / GRID_FPS) * fps, (fps, sid)
            until = b.start if b else m.duration
            assert timing.start + beat.end / fps == pytest.approx(until, abs=1e-9), (fps, sid)
            if b and b.scene == a.scene:
                assert timing.beat(b.id).start == beat.end


def course_lessons() -> list[str]:
    """The ids of the project's course.yaml's lessons."""
    from transcript.loader import load_course
    return [s.lesson for s in load_course().lessons]


@pytest.mark.parametrize("lesson_id", course_lessons())
def test_each_shipped_lesson_with_its_pauses_is_at_most_150_seconds(lesson_id, request, tmp_path):
    """Each lesson is billed as two minutes of the course: with its voice and every `pause:` its
    script asks for, it stays within 2 min 30 s. Its clips are kept in pytest's cache folder
    (when pytest runs with one)."""
    from transcript.lessons import declared
    from transcript.loader import load_course, load_script
    stop = next(s for s in load_course().lessons if s.lesson == lesson_id)
    lesson_script = load_script(declared(lesson_id, stop.module).script)
    from audio.assemble import RATE as TRACK_RATE
    from audio.assemble import layout, prepare, to_track_format
    from audio.cache import ClipCache, clip_key
    from audio.voices import get_voice
    voice, _ = get_voice(lesson_script.voice)
    kept = getattr(request.config, "cache", None)
    cache = ClipCache(kept.mkdir("lesson-voice") if kept else tmp_path)
    lengths = []
    for s in lesson_script.sentences:
        key = clip_key(s.text, voice)
        if (clip := cache.get(key)) is None:
            clip = to_track_format(voice.synthesize(s.text))
            cache.put(key, clip)
        lengths.append(int(prepare(clip)[0].frame_count()))
    _, total = layout(lengths, [s.paragraph for s in lesson_script.sentences],
                      [s.pause for s in lesson_script.sentences])
    pauses = sum(s.pause for s in lesson_script.sentences)
    assert total / TRACK_RATE <= 150, f"{total / TRACK_RATE:.1f} s with {pauses:.1f} s of pauses"
