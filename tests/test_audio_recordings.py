"""Recorded takes: one replaces exactly its sentence, is never modified, and bad ones fail clearly."""

import hashlib
import subprocess
import wave

import pytest
from pydub import AudioSegment
from pydub.generators import Sine
from shared import seed_voices

from audio import RecordingError, build_narration
from audio.recordings import load_recordings
from cli.options import BuildPaths

RATE = 48000
SENTENCE = "key-contains"


def samples(path, start: float, end: float) -> bytes:
    """Raw 16-bit samples of a WAV between two times (seconds)."""
    with wave.open(str(path)) as w:
        rate = w.getframerate()
        w.setpos(round(start * rate))
        return w.readframes(round(end * rate) - round(start * rate))


def digest(folder) -> dict:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir())}


def synthetic_voice_cache(flite_narration, tmp_path) -> BuildPaths:
    """A build holding the flite narration's voices and levelled sentences, as a re-run has them."""
    paths = BuildPaths(tmp_path / "build")
    seed_voices(flite_narration.paths.cache, paths.cache)
    return paths


def test_a_recording_replaces_exactly_its_sentence(flite_narration, lesson_script, tmp_path):
    takes = tmp_path / "takes"
    takes.mkdir()
    # a take that says its sentence (checked), slower than the synthetic voice
    subprocess.run(["flite", "-voice", "slt", "--setf", "duration_stretch=1.4", "-t",
                    lesson_script.sentence(SENTENCE).text, "-o", str(tmp_path / "take.wav")],
                   check=True)
    AudioSegment.from_wav(tmp_path / "take.wav").export(takes / f"{SENTENCE}.flac", format="flac")
    before = digest(takes)

    paths = synthetic_voice_cache(flite_narration, tmp_path)
    manifest, report = build_narration(lesson_script, paths, voice="flite", recordings=takes)

    assert digest(takes) == before, "the recordings folder was modified"
    assert (report.recorded, report.synthesized) == (1, 0)
    assert report.sources[SENTENCE] == "recorded"
    old, new = flite_narration.manifest, manifest
    assert (new.sentence(SENTENCE).end - new.sentence(SENTENCE).start
            > old.sentence(SENTENCE).end - old.sentence(SENTENCE).start + 0.2)
    for a, b in zip(old.sentences, new.sentences):
        old_audio = samples(flite_narration.report.mix, a.start, a.end)
        new_audio = samples(report.mix, b.start, b.end)
        if a.id == SENTENCE:
            assert old_audio != new_audio
        else:
            assert b.end - b.start == pytest.approx(a.end - a.start, abs=1e-9), a.id
            assert new_audio == old_audio, f"{a.id} changed though only {SENTENCE} was recorded"


def test_an_mp3_of_speech_is_read_and_converted_into_the_cache(lesson_script, tmp_path):
    takes, cache = tmp_path / "takes", tmp_path / "cache"
    takes.mkdir()
    spoken = tmp_path / "spoken.wav"
    subprocess.run(["flite", "-voice", "slt", "-t", "A key.", "-o", str(spoken)], check=True)
    AudioSegment.from_wav(spoken).export(takes / f"{SENTENCE}.mp3", format="mp3")
    before = digest(takes)
    found = load_recordings(takes, [s.id for s in lesson_script.sentences], cache)
    assert digest(takes) == before
    converted = found[SENTENCE].converted
    assert converted.parent == cache
    with wave.open(str(converted)) as w:
        assert (w.getframerate(), w.getnchannels()) == (RATE, 1)


def expect_error(lesson_script, tmp_path, takes, match: str) -> RecordingError:
    """Building with `takes` fails with `match`, before any clip is synthesised."""
    paths = BuildPaths(tmp_path / "build")
    with pytest.raises(RecordingError, match=match) as caught:
        build_narration(lesson_script, paths, voice="flite", recordings=takes)
    voice = paths.cache / "voice"
    made = [p for p in voice.glob("*.wav") if not p.name.startswith("recorded-")] if voice.exists() else []
    assert made == [], "clips were synthesised before the recordings were checked"
    assert "fix:" in str(caught.value)
    return caught.value


@pytest.fixture
def takes(tmp_path):
    folder = tmp_path / "takes"
    folder.mkdir()
    return folder


def test_a_silent_recording_is_an_error_naming_the_file(lesson_script, tmp_path, takes):
    bad = takes / f"{SENTENCE}.wav"
    AudioSegment.silent(duration=1000, frame_rate=RATE).export(bad, format="wav")
    error = expect_error(lesson_script, tmp_path, takes, "silent")
    assert error.path == bad and str(bad) in str(error)


def test_an_unreadable_recording_is_an_error_naming_the_file(lesson_script, tmp_path, takes):
    bad = takes / f"{SENTENCE}.mp3"
    bad.write_bytes(b"this is not audio at all " * 40)
    before = digest(takes)
    error = expect_error(lesson_script, tmp_path, takes, "not readable audio")
    assert error.path == bad and str(bad) in str(error)
    assert digest(takes) == before


def test_a_recording_for_an_unknown_sentence_is_an_error(lesson_script, tmp_path, takes):
    bad = takes / "no-such-sentence.wav"
    Sine(440).to_audio_segment(duration=300).export(bad, format="wav")
    error = expect_error(lesson_script, tmp_path, takes, "not a sentence id")
    assert error.path == bad and "rename" in error.fix


def test_two_recordings_for_one_sentence_are_an_error(lesson_script, tmp_path, takes):
    for suffix in ("wav", "flac"):
        Sine(440).to_audio_segment(duration=300).export(takes / f"{SENTENCE}.{suffix}", format=suffix)
    error = expect_error(lesson_script, tmp_path, takes, "two recordings")
    assert SENTENCE in str(error)


def test_a_missing_recordings_folder_is_an_error(lesson_script, tmp_path):
    error = expect_error(lesson_script, tmp_path, tmp_path / "nowhere", "does not exist")
    assert error.path == tmp_path / "nowhere"


def test_a_file_that_is_not_audio_is_an_error(lesson_script, tmp_path, takes):
    (takes / "notes.txt").write_text("take 2 was better")
    expect_error(lesson_script, tmp_path, takes, "not an audio file type")


def test_a_take_of_another_sentence_is_an_error_naming_the_file_and_the_text(lesson_script, tmp_path):
    takes = tmp_path / "takes"
    takes.mkdir()
    wrong = lesson_script.sentence("every-word-asking").text
    subprocess.run(["flite", "-voice", "slt", "-t", wrong, "-o", str(takes / f"{SENTENCE}.wav")],
                   check=True)
    with pytest.raises(RecordingError) as failure:
        build_narration(lesson_script, BuildPaths(tmp_path / "build"), voice="flite",
                        recordings=takes)
    message = str(failure.value)
    assert f"{SENTENCE}.wav" in message
    assert lesson_script.sentence(SENTENCE).text in message
    assert not (tmp_path / "build" / "narration.wav").exists()
