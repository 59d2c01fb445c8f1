"""A scene's beats in whole frames, taken from the timed manifest, with the frames its words start on."""

from __future__ import annotations

import math
from dataclasses import dataclass

from common.choices import few
from transcript.manifest import Manifest
from transcript.words import word_key

START = "start"  # the picture a scene's first beat starts from, which its code alone decides


class WordNotFound(KeyError):
    """A scene waits for a word its beat's sentence does not have (a clear, one-line message)."""

    def __str__(self) -> str:
        return str(self.args[0])


@dataclass(frozen=True)
class WordCue:
    text: str  # as written in the sentence
    start: int  # frame within the scene on screen when the voice starts the word


class UnknownBeat(KeyError):
    """A scene asked for the beat of a sentence its paragraph does not have."""

    def __init__(self, scene_id: str, sentence_id: str, known: tuple[str, ...]):
        self.scene_id, self.sentence_id, self.known = scene_id, sentence_id, known
        super().__init__(f"sentence {sentence_id!r} is not in scene {scene_id!r}; its sentences "
                         f"are: {few(known, near=sentence_id)}")

    def __str__(self) -> str:
        return str(self.args[0])

    def __reduce__(self):  # pickled whole across processes (a drawing worker's error)
        return type(self), (self.scene_id, self.sentence_id, self.known)


@dataclass(frozen=True)
class BeatTiming:
    sentence_id: str
    start: int  # frame within the scene where the sentence starts
    end: int  # frame where the next sentence (or the scene's end) starts
    words: tuple[WordCue, ...] = ()

    def word(self, name: str, n: int = 1, scene: str = "?") -> WordCue:
        """The `n`-th occurrence of `name` (compared by `word_key`: "fluffy" finds "fluffy,")."""
        found = [w for w in self.words if word_key(w.text) == word_key(name)]
        if n < 1 or len(found) < n:
            have = " ".join(w.text for w in self.words) or "(no word timings)"
            which = f"{name!r}" if n == 1 else f"occurrence {n} of {name!r}"
            raise WordNotFound(f"scene {scene!r}, sentence {self.sentence_id!r} has no {which} "
                               f"to wait for; its words are: {have}", self.sentence_id)
        return found[n - 1]


@dataclass(frozen=True)
class SceneTiming:
    scene_id: str
    fps: int
    start: float  # seconds into the lesson where the scene starts
    frames: int  # the scene's length
    beats: tuple[BeatTiming, ...]

    def beat(self, sentence_id: str) -> BeatTiming:
        for b in self.beats:
            if b.sentence_id == sentence_id:
                return b
        raise UnknownBeat(self.scene_id, sentence_id, tuple(b.sentence_id for b in self.beats))

    def file_start(self, sentence_id: str) -> int:
        """The scene frame a beat's own video file starts on: the first beat's file also holds
        the frames before it."""
        beat = self.beat(sentence_id)
        return 0 if beat == self.beats[0] else beat.start

    def file_frames(self, sentence_id: str) -> int:
        """Frames in a beat's own video file."""
        return self.beat(sentence_id).end - self.file_start(sentence_id)


def scene_timing(manifest: Manifest, scene_id: str, fps: int) -> SceneTiming:
    """Frames of every beat of `scene_id` at `fps`, which must be a multiple of the timing grid.

    A word's frame is the one on screen when the voice starts it: an animation started there
    changes the picture at most a frame early (which nobody notices, ITU-R BT.1359) and, even when
    its first frame is faint, about a frame late at most (within the 90 ms that is acceptable).
    """
    if fps % manifest.grid_fps:
        raise ValueError(f"{fps} fps is not a multiple of the manifest's {manifest.grid_fps} fps grid")
    span = manifest.scene_span(scene_id)
    frame = lambda seconds: int(round((seconds - span.start) * fps))
    into = lambda seconds: int(math.floor(round(seconds, 4) * fps + 1e-6))
    beats = []
    for s in manifest.sentences_of(scene_id):
        start = frame(manifest.beat_span(s.id).start)
        end = min(frame(manifest.beat_span(s.id).end), frame(span.end))
        # From the word's offset into its sentence (as the narration rounded it), so a word's
        # frame within its beat does not change when the sentence moves.
        words = tuple(WordCue(w.text, min(end - 1, max(start, start + into(w.start - s.start))))
                      for w in s.words)
        beats.append(BeatTiming(s.id, start, end, words))
    return SceneTiming(scene_id, fps, span.start, frame(span.end), tuple(beats))
