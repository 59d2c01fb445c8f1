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


def test_starts_are_on_the_grid_and_monotonic_with_the_planned_pauses(flite_narration):
    sentences = flite_narration.manifest.sentences
    first = sentences[0]
    assert LEAD_IN <= first.start < LEAD_IN + 1 / GRID_FPS
    for s in sentences:
        assert on_grid(s.start), s
        assert s.end > s.start, s
    for a, b in zip(sentences, sentences[1:]):
        pause = SENTENCE_PAUSE if a.paragraph == b.paragraph else PARAGRAPH_PAUSE
        assert b.paragraph in (a.paragraph, a.paragraph + 1)
        # the next start is the first grid point after the pause
        assert a.end + pause - 1e-6 <= b.start < a.end + pause + 1 / GRID_FPS, (a.id, b.id)


def test_last_end_plus_tail_is_the_track_length(flite_narration):
    m = flite_narration.manifest
    assert m.sentences[-1].end + TAIL - 1e-6 <= m.duration < m.sentences[-1].end + TAIL + 1 / GRID_FPS


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
