"""Levelling one sentence: to -16 LUFS by one gain, peaks limited first, length kept to the sample."""

import pytest
from pydub import AudioSegment
from pydub.generators import Sine

from audio.loudness import TARGET_LUFS, TARGET_TP, level_sentence, measure
from audio.voices import wav_bytes

RATE = 48000


def measured(clip: AudioSegment, tmp_path) -> dict:
    """ffmpeg's ebur128 reading of a clip."""
    path = tmp_path / "clip.wav"
    path.write_bytes(wav_bytes(clip))
    return measure(path)


def tone(db: float, seconds: float = 2.0) -> AudioSegment:
    return Sine(220).to_audio_segment(duration=seconds * 1000, volume=db).set_frame_rate(RATE) \
        .set_channels(1).set_sample_width(2)


def test_a_quiet_sentence_is_brought_to_the_target(tmp_path):
    quiet = tone(-35)
    out, done = level_sentence(quiet)
    after = measured(out, tmp_path)
    assert after["integrated_lufs"] == pytest.approx(TARGET_LUFS, abs=0.3)
    assert int(out.frame_count()) == int(quiet.frame_count())
    assert done.gain_db > 15 and done.limited_db == 0.0


def test_peaks_are_limited_before_the_gain_so_the_ceiling_holds(tmp_path):
    # a quiet voice-like tone with a few full-scale clicks: a plain gain to -16 LUFS would clip
    base = tone(-40)
    click = AudioSegment(data=(b"\xff\x7f" * 24 + b"\x01\x80" * 24), sample_width=2, frame_rate=RATE,
                         channels=1)
    spiky = base.overlay(click, position=500).overlay(click, position=1200)
    before = measured(spiky, tmp_path)
    assert before["true_peak_dbtp"] - before["integrated_lufs"] > TARGET_TP - TARGET_LUFS + 10
    out, done = level_sentence(spiky)
    after = measured(out, tmp_path)
    assert done.limited_db > 10
    assert after["true_peak_dbtp"] <= TARGET_TP + 0.5  # ebur128's true-peak meter differs a little
    assert after["integrated_lufs"] == pytest.approx(TARGET_LUFS, abs=1.0)
    assert int(out.frame_count()) == int(spiky.frame_count())
    assert max(abs(min(out.get_array_of_samples())), max(out.get_array_of_samples())) \
        <= 32768 * 10 ** (TARGET_TP / 20)  # no sample above the ceiling, let alone clipped


def test_a_silent_clip_is_left_alone():
    silence = AudioSegment.silent(duration=1000, frame_rate=RATE).set_sample_width(2)
    out, done = level_sentence(silence)
    assert out.raw_data == silence.raw_data and done.gain_db == 0.0
