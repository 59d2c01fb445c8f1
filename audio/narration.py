"""Build the narration: voice every sentence, lay the clips on the grid, normalise, write outputs.

Outputs (all written atomically): narration.wav, lesson.json, captions.vtt and chapters.vtt.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from pydub import AudioSegment

from audio.align import (
    AlignmentCache,
    AlignmentError,
    WordTimes,
    alignment_key,
    sphinx_word_times,
    take_matches,
)
from audio.assemble import RATE, Placement, layout, mix, prepare, to_track_format
from audio.cache import ClipCache, clip_key, read_wav
from audio.loudness import Levelling, level_sentence_cached, track_loudness
from audio.recordings import Recording, RecordingError, load_recordings
from audio.speech import plausible_seconds
from audio.voices import PiperVoice, Voice, VoiceError, get_voice, wav_bytes
from common.files import atomic_write_bytes, atomic_write_text, parsed
from common.paths import BuildPaths
from common.settings import VOICES
from common.stopping import Stopped, check
from transcript.captions import captions_srt, captions_vtt, chapters_vtt
from transcript.manifest import Manifest, TimedSentence, new_manifest, write_manifest
from transcript.script import Script, Sentence
from transcript.words import TimedWord, words_of


@dataclass
class NarrationReport:
    """What a build did: which voice, how many clips were made or reused, the measured loudness."""

    voice: str
    voice_version: str
    synthesized: int = 0  # clips the voice had to say this run
    cached: int = 0  # clips reused from <build>/cache/voice/
    recorded: int = 0  # sentences taken from the recordings folder
    loudness: dict = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)  # e.g. a fallback from piper to flite
    mix: Path | None = None  # the track before each sentence was levelled, for checks
    sources: dict[str, str] = field(default_factory=dict)  # sentence id -> synthesized|cached|recorded
    aligned: list[str] = field(default_factory=list)  # sentences whose words were timed this run


SILENT_DBFS = -45.0  # synthesised audio whose loudest moment is below this said nothing


def check_said(clip: AudioSegment, sentence_id: str, text: str, voice: str) -> None:
    """Raise VoiceError when a voice gave silence, or far too little audio to have said `text`
    (a voice skips what it cannot read: flite says a Chinese sentence in 0.2 s of silence)."""
    seconds, shortest = len(clip) / 1000, plausible_seconds(text)[0]
    silent = len(clip) == 0 or clip.max_dBFS < SILENT_DBFS
    if silent or seconds < shortest:
        what = "silence" if silent else "audio"
        others = ", ".join(f"--voice {v}" for v in VOICES if v != voice)
        raise VoiceError(f"sentence {sentence_id!r}: the {voice} voice said {text!r} in "
                         f"{seconds:.2f} s of {what}, too short for its text, so it cannot read it"
                         f"\n  fix: try another voice ({others}), or record the sentence and "
                         f"pass --recordings DIR with {sentence_id}.wav in it")


def voice_cache(paths: BuildPaths) -> Path:
    """Where voice clips and converted recordings are kept between runs."""
    return paths.cache / "voice"


def _say(engine: Voice, text: str, words: list[str]) -> tuple[AudioSegment, WordTimes | None]:
    """A new clip, with its word times when the voice knows them (Piper does, flite does not)."""
    if isinstance(engine, PiperVoice):
        try:
            return engine.synthesize_aligned(text, words)
        except AlignmentError:  # its durations did not fit the words: forced alignment instead
            pass
    return engine.synthesize(text), None


def _word_times(engine: Voice, s: Sentence, words: list[str], raw: AudioSegment,
                clip: AudioSegment, head: float, spoken: WordTimes | None, source: str,
                aligned: AlignmentCache, takes: dict[str, Recording],
                report: NarrationReport) -> WordTimes:
    """Each word's (start, end) in the placed clip: the voice's own where it has them, else forced
    alignment of the clip; cached by the clip's samples and words, so only a changed clip is
    aligned again."""
    if source != "recorded" and isinstance(engine, PiperVoice):
        key = alignment_key(raw, words, "piper")
        try:
            if spoken is None and (spoken := aligned.get(key)) is None:
                spoken = engine.synthesize_aligned(s.text, words)[1]  # the same bytes, timed
        except AlignmentError:  # Piper's durations did not fit the words: align the clip instead
            spoken = None
        if spoken is not None:
            if aligned.get(key) is None:
                aligned.put(key, spoken)
                report.aligned.append(s.id)
            cached = aligned.get(key)
            assert cached is not None  # just put
            return [(a - head, b - head) for a, b in cached]  # as cached, to the digit
    key = alignment_key(clip, words, "sphinx")
    times = aligned.get(key)
    if times is None:
        try:
            times = sphinx_word_times(clip, words)
        except AlignmentError as e:
            if s.id in takes:
                raise RecordingError(takes[s.id].path, f"its words cannot be aligned to the "
                                     f"sentence {s.text!r} ({e})", _RETAKE) from None
            raise AlignmentError(f"sentence {s.id!r} ({s.text!r}): {e}") from None
        aligned.put(key, times)
        report.aligned.append(s.id)
        times = aligned.get(key)  # as a later run reads them, to the digit
    assert times is not None  # just put
    return times


def _prepared(path: Path) -> tuple[AudioSegment, float]:
    """The clip in `path` ready to place (`prepare`)."""
    return prepare(read_wav(path))


def _in_lesson(words: list[str], times: WordTimes, p: Placement) -> tuple[TimedWord, ...]:
    """Word times moved into lesson time and kept inside the sentence's own sound. A word's
    offset into its sentence is rounded, not its lesson time: moving the sentence moves its
    words by exactly as much, so their frames within its beat stay as they were."""
    start, end = p.start / RATE, p.end / RATE
    def at(t: float) -> float:
        return start + min(end - start, round(min(end - start, max(0.0, t)), 4))
    return tuple(TimedWord(w, at(a), max(at(a), at(b))) for w, (a, b) in zip(words, times))


def check_takes(script: Script, takes: dict[str, Recording]) -> None:
    """Every take must say its sentence: a wrong take is reported, file and text named, up front."""
    for sid, take in takes.items():
        s = script.sentence(sid)
        clip = read_wav(take.converted)
        ok, heard = take_matches(prepare(clip)[0], words_of(s.text))
        if not ok:
            raise RecordingError(take.path, f"does not say its sentence {s.text!r} "
                                 f"(heard: {heard or 'nothing'!r})", _RETAKE)


_RETAKE = ("record the sentence again as written in the lesson YAML, name the file after the "
           "right sentence id, or remove it to use the synthetic voice")


def build_narration(script: Script, build_paths: BuildPaths, voice: str | None = None,
                    recordings: Path | None = None, *,
                    progress: Callable[[str], None] | None = None,
                    on_timed: Callable[[Manifest], None] | None = None,
                    on_levelled: Callable[[Path], None] | None = None,
                    measure: bool = True,
                    stop: Callable[[], bool] | None = None) -> tuple[Manifest, NarrationReport]:
    """Make narration.wav, lesson.json, captions.vtt and chapters.vtt under `build_paths`.

    `on_timed` gets the timed manifest as soon as the timings are known, before the sentences
    are levelled, so a caller can start drawing the video meanwhile; `on_levelled` gets
    narration.wav as soon as it is written, before the whole track's loudness is measured.
    Without `measure` (a live preview), the whole track is not measured: every sentence is
    levelled all the same, and the report says what was done to them. `stop` is asked before each
    sentence is voiced and while the levelling is waited for: once it says True (the render was
    interrupted or is out of date), Stopped is raised as soon as the ffmpeg runs under
    way end.
    """
    say = progress or (lambda _msg: None)
    sentences = script.sentences
    cache_dir = voice_cache(build_paths)
    # Recordings are checked before any voice is loaded, so a bad take fails fast.
    take_notes: list[str] = []
    takes = load_recordings(recordings, {s.id: s.text for s in sentences}, cache_dir,
                            take_notes) if recordings else {}
    check_takes(script, takes)
    engine, note = get_voice(voice or script.voice or VOICES[0])
    report = NarrationReport(voice=engine.name, voice_version=engine.version)
    for line in take_notes:
        report.notes.append(line)
        say(f"note: {line}")
    if note:
        report.notes.append(note)
        say(f"note: {note}")
    cache = ClipCache(cache_dir)

    aligned = AlignmentCache(cache_dir / "align")
    # Each sentence is levelled as soon as its clip is ready, beside the voicing of the next
    # ones: an edited sentence's few short ffmpeg runs are under way before the timings are known.
    pool = ThreadPoolExecutor(max_workers=os.cpu_count() or 1)
    try:
        manifest = _narrate(script, build_paths, engine, takes, cache, aligned, report, say, pool,
                            on_timed, on_levelled, measure, stop)
    except BaseException:
        pool.shutdown(cancel_futures=True)
        raise
    pool.shutdown()
    return manifest, report


def _levelled(future: Future, stop: Callable[[], bool] | None) -> tuple[AudioSegment, Levelling]:
    while True:
        try:
            return future.result(timeout=None if stop is None else 0.05)
        except TimeoutError:
            assert stop is not None
            if stop():
                raise Stopped() from None


def _narrate(script: Script, build_paths: BuildPaths, engine: Voice, takes: dict[str, Recording],
             cache: ClipCache, aligned: AlignmentCache, report: NarrationReport,
             say: Callable[[str], None], pool: ThreadPoolExecutor,
             on_timed: Callable[[Manifest], None] | None,
             on_levelled: Callable[[Path], None] | None, measure: bool,
             stop: Callable[[], bool] | None) -> Manifest:
    """The body of `build_narration`, once the voice is loaded: `pool` levels the sentences."""
    sentences = script.sentences
    clips, word_times, levelling = [], [], []
    loud_cache = build_paths.cache / "loudness"
    for i, s in enumerate(sentences, 1):
        check(stop)
        words = words_of(s.text)
        spoken = None  # word times the voice itself gave, relative to the raw clip
        if s.id in takes:
            path, source = takes[s.id].converted, "recorded"
            raw = parsed(path, read_wav)
        else:
            key = clip_key(s.text, engine)
            path, raw, source = cache.path(key), cache.get(key), "cached"
            if raw is None:
                raw, spoken = _say(engine, s.text, words)
                raw, source = to_track_format(raw), "synthesized"
                check_said(raw, s.id, s.text, engine.name)
                cache.put(key, raw)
        setattr(report, source, getattr(report, source) + 1)
        report.sources[s.id] = source
        clip, head = parsed(path, _prepared)  # a warm preview prepares a clip once
        clips.append(clip)
        levelling.append(pool.submit(level_sentence_cached, clip, loud_cache))
        word_times.append(_word_times(engine, s, words, raw, clip, head, spoken, source, aligned,
                                      takes, report))
        say(f"[{i:2}/{len(sentences)}] {source:11} {s.id} ({len(clips[-1]) / 1000:.2f} s)")

    placements, total = layout([int(c.frame_count()) for c in clips],
                               [s.paragraph for s in sentences], [s.pause for s in sentences])
    timed = [TimedSentence(s.id, s.paragraph, s.scene, s.text, p.start / RATE, p.end / RATE,
                           s.step, _in_lesson(words_of(s.text), times, p))
             for s, p, times in zip(sentences, placements, word_times)]
    if on_timed:
        on_timed(new_manifest(script, timed, total / RATE, build_paths.narration.name, {}))
    report.mix = build_paths.cache / "narration-mix.wav"
    atomic_write_bytes(report.mix, wav_bytes(mix(clips, placements, total)))

    say("levelling each sentence to the target loudness")
    levelled = [_levelled(future, stop) for future in levelling]  # threads overlap ffmpeg runs
    final = mix([clip for clip, _ in levelled], placements, total)
    atomic_write_bytes(build_paths.narration, wav_bytes(final))
    if on_levelled:
        on_levelled(build_paths.narration)
    report.loudness = track_loudness(build_paths.narration, [done for _, done in levelled], measure)

    manifest = new_manifest(script, timed, total / RATE, build_paths.narration.name,
                            report.loudness)
    write_manifest(manifest, build_paths.manifest)
    atomic_write_text(build_paths.captions, captions_vtt(manifest))
    atomic_write_text(build_paths.captions_srt, captions_srt(manifest))
    atomic_write_text(build_paths.chapters, chapters_vtt(manifest))
    return manifest
