"""A voice's clip in the track's format: 48 kHz mono 16-bit, same pitch, length and level."""

import numpy as np
from pydub import AudioSegment

from audio.assemble import RATE, to_track_format


def sine(rate: int, seconds: float, hz: float, amplitude: float) -> AudioSegment:
    t = np.arange(int(rate * seconds)) / rate
    samples = np.round(amplitude * 32767 * np.sin(2 * np.pi * hz * t)).astype("<i2")
    return AudioSegment(data=samples.tobytes(), sample_width=2, frame_rate=rate, channels=1)


def test_a_voice_at_22050_hz_becomes_48_khz_with_its_pitch_length_and_level():
    clip = sine(22050, 2.0, 440.0, 0.5)  # Piper's rate
    out = to_track_format(clip)
    assert (out.frame_rate, out.channels, out.sample_width) == (RATE, 1, 2)
    assert abs(int(out.frame_count()) - 2 * RATE) <= 2
    samples = np.frombuffer(out.raw_data, "<i2").astype(float) / 32767
    peak = np.fft.rfftfreq(len(samples), 1 / RATE)[np.argmax(np.abs(np.fft.rfft(samples)))]
    assert abs(peak - 440) < 1
    middle = samples[RATE // 4: -RATE // 4]  # away from the filter's edges
    assert abs(np.sqrt(np.mean(middle ** 2)) - 0.5 / np.sqrt(2)) < 0.005


def test_a_clip_already_at_48_khz_is_kept_sample_for_sample():
    clip = sine(RATE, 0.5, 300.0, 0.3)
    assert to_track_format(clip).raw_data == clip.raw_data
