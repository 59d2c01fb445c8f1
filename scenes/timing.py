"""A scene's beats in whole frames, taken from the timed manifest."""

from __future__ import annotations

from dataclasses import dataclass

from transcript.manifest import Manifest


class UnknownBeat(KeyError):
    """A scene asked for the beat of a sentence its paragraph does not have."""

    def __init__(self, scene_id: str, sentence_id: str, known: tuple[str, ...]):
        self.scene_id, self.sentence_id, self.known = scene_id, sentence_id, known
        super().__init__(f"sentence {sentence_id!r} is not in scene {scene_id!r}; its sentences "
                         f"are: {', '.join(known)}")

    def __str__(self) -> str:
        return str(self.args[0])


@dataclass(frozen=True)
class BeatTiming:
    sentence_id: str
    start: int  # frame within the scene where the sentence starts
    end: int  # frame where the next sentence (or the scene's end) starts


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

    def file_frames(self, sentence_id: str) -> int:
        """Frames in a beat's own video file: the first beat's also holds the frames before it."""
        beat = self.beat(sentence_id)
        return beat.end - (0 if beat == self.beats[0] else beat.start)


def scene_timing(manifest: Manifest, scene_id: str, fps: int) -> SceneTiming:
    """Frames of every beat of `scene_id` at `fps`, which must be a multiple of the timing grid."""
    if fps % manifest.grid_fps:
        raise ValueError(f"{fps} fps is not a multiple of the manifest's {manifest.grid_fps} fps grid")
    span = manifest.scene_span(scene_id)
    frame = lambda seconds: int(round((seconds - span.start) * fps))
    beats = tuple(
        BeatTiming(s.id, frame(manifest.beat_span(s.id).start),
                   min(frame(manifest.beat_span(s.id).end), frame(span.end)))
        for s in manifest.sentences_of(scene_id)
    )
    return SceneTiming(scene_id, fps, span.start, frame(span.end), beats)
