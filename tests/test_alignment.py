"""Word timings: every sentence's words in lesson.json, and how well the two aligners agree."""

from __future__ import annotations

import statistics

import pytest

from audio.align import sphinx_word_times
from audio.voices import PiperVoice, piper_available
from transcript.words import words_of


def test_every_sentence_has_its_words_in_order_inside_its_sound(flite_narration):
    for s in flite_narration.manifest.sentences:
        assert [w.text for w in s.words] == words_of(s.text), s.id
        for a, b in zip(s.words, s.words[1:]):
            assert a.start <= a.end <= b.start + 1e-6, (s.id, a, b)
        assert s.start - 1e-4 <= s.words[0].start and s.words[-1].end <= s.end + 1e-4, s.id


def test_flite_words_are_where_a_fresh_alignment_of_the_track_finds_them(flite_narration, flite_build):
    """Each sentence's span of narration.wav, aligned again, puts its words where lesson.json does."""
    from pydub import AudioSegment
    track = AudioSegment.from_wav(flite_build.narration)
    s = flite_narration.manifest.sentence("weights-for-fluffy-and-blue")
    times = sphinx_word_times(track[int(s.start * 1000):int(s.end * 1000)], words_of(s.text))
    for w, (a, _) in zip(s.words, times):
        assert abs(s.start + a - w.start) < 0.03, w


@pytest.mark.skipif(not piper_available(), reason="piper is not installed")
def test_piper_timings_and_forced_alignment_agree_on_piper_speech():
    """Accuracy, one route against the other: Piper's own phoneme durations and pocketsphinx's
    alignment of the same audio put word starts within a tenth of a second of each other."""
    voice = PiperVoice()
    text = "Fifty-five percent of the attention goes to fluffy, forty-one to blue, and scraps."
    words = words_of(text)
    clip, piper = voice.synthesize_aligned(text, words)
    sphinx = sphinx_word_times(clip, words)
    gaps = [abs(a[0] - b[0]) for a, b in zip(piper[1:], sphinx[1:])]  # sphinx starts word 1 at 0
    assert statistics.median(gaps) < 0.08 and max(gaps) < 0.16, gaps
    fluffy = words.index("fluffy,")
    assert piper[fluffy][0] < piper[fluffy + 1][0] and sphinx[fluffy][0] < sphinx[fluffy + 1][0]
