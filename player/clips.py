"""Course clips under `build/clips/`: one per scene, or any sentence range, each with captions,
a poster, an embed page and a place in the gallery.

A clip whose frames and sound are what they were last time is kept as it is: after an edit only
the clips it touched are made again.
"""

from __future__ import annotations

import hashlib
import os
import wave
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from common.files import atomic_copy, atomic_write_text, touch
from common.paths import BuildPaths, NotBuilt
from player.assets import install_assets
from player.clip_plan import RANGE_JOIN, Clip, ClipError, plan, range_clip
from player.embed import clip_page_html, clip_shared, gallery_html
from player.publish import Publish
from player.share import embed_config, oembed_json
from transcript.captions import captions_srt, captions_vtt
from transcript.lessons import lesson_of
from transcript.manifest import Manifest, Span
from video import cut as cut_module
from video.cut import cut, packet_digests, poster


def existing_clips(manifest: Manifest, folder: Path, video: Path) -> list[Clip]:
    """Clips already in `folder` that are current (newer than the video): scenes first, then ranges."""
    made_after = video.stat().st_mtime if video.exists() else 0.0

    def current(clip: Clip) -> bool:
        files = [clip.file(folder, s) for s in (".mp4", ".vtt", ".jpg", ".html")]
        return all(f.exists() for f in files) and files[0].stat().st_mtime >= made_after

    found = [c for c in plan(manifest) if current(c)]
    for mp4 in sorted(folder.glob(f"*{RANGE_JOIN}*.mp4")):
        first, _, last = mp4.stem.partition(RANGE_JOIN)
        try:
            clip = range_clip(manifest, first, last)
        except ClipError:
            continue  # made from an older script
        if current(clip):
            found.append(clip)
    found.sort(key=lambda c: (RANGE_JOIN in c.id, c.span.start, c.span.end))
    return found


POSTER_LEAD = 0.25  # seconds before a clip's end where a decoded poster is taken: its finished picture


@dataclass(frozen=True)
class LessonMedia:
    """What clips are made of: the lesson video's packet digests and the narration's samples."""

    size: tuple[int, int]  # the picture's width and height
    video_packets: list[tuple[float, str]]  # (seconds, digest)
    audio: bytes
    rate: int
    frame_bytes: int  # bytes per sample frame

    def packets(self, span: Span) -> list[str]:
        eps = 1e-6  # packets sit on frame times; spans start and end on them
        return [d for t, d in self.video_packets if span.start - eps <= t < span.end - eps]

    def samples(self, span: Span) -> bytes:
        return self.audio[round(span.start * self.rate) * self.frame_bytes:
                          round(span.end * self.rate) * self.frame_bytes]


def _make(build_paths: BuildPaths, stale: list[tuple[Clip, str]], posters: Mapping[str, Path]) -> None:
    """Cut the stale clips and give them posters: the last frame of a clip's last beat as it was
    drawn (from `posters`, by sentence id) or, without one, a frame decoded from the lesson
    video. Cuts and decodes are independent ffmpeg runs, side by side. Each clip's key is
    written once both of its files are in place."""
    folder = build_paths.clips

    def make_poster(clip: Clip, out: Path) -> Path:
        if clip.last in posters:
            return atomic_copy(posters[clip.last], out)
        return poster(build_paths.video, max(clip.span.start, clip.span.end - POSTER_LEAD), out)

    # ffmpeg runs wait on the disk and on process start-up as well as on a core: run them together
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        runs = [(clip, key, [
            pool.submit(cut, build_paths.video, build_paths.narration, clip.span,
                        clip.file(folder, ".mp4")),
            pool.submit(make_poster, clip, clip.file(folder, ".jpg"))]) for clip, key in stale]
        for clip, key, futures in runs:
            for future in futures:
                future.result()
            atomic_write_text(_stamp(build_paths, clip), key)


def image_size(path: Path) -> tuple[int, int] | None:
    """An image's width and height (from its header), None if it is missing or unreadable."""
    try:
        with Image.open(path) as image:
            return image.size
    except (OSError, ValueError):
        return None


def _stamp(build_paths: BuildPaths, clip: Clip) -> Path:
    """Where the key of a clip's current MP4 and poster is kept."""
    return build_paths.cache / "clips" / f"{clip.id}.key"


def _is_current(build_paths: BuildPaths, clip: Clip, key: str) -> bool:
    stamp = _stamp(build_paths, clip)
    return (clip.file(build_paths.clips, ".mp4").exists() and clip.file(build_paths.clips, ".jpg").exists()
            and stamp.exists() and stamp.read_text() == key)


def _clip_key(packets: list[str], samples: bytes) -> str:
    """A hash of everything in a clip's MP4 and poster: its frames, its sound and how they are made."""
    how = Path(cut_module.__file__).read_bytes() + f"{POSTER_LEAD}".encode()
    return hashlib.sha256(how + "\n".join(packets).encode() + samples).hexdigest()[:32]


def _read_lesson(build_paths: BuildPaths) -> LessonMedia:
    """The lesson video's packet digests and the narration's samples; NotBuilt if the narration
    is missing or newer than the video."""
    wav = build_paths.narration
    if not wav.exists():
        raise NotBuilt(f"{wav} does not exist", "audio")
    if wav.stat().st_mtime > build_paths.video.stat().st_mtime:
        raise NotBuilt(f"{build_paths.video} is older than {wav}: the clips' pictures would not "
                       "match their sound", "video")
    with wave.open(str(wav), "rb") as w:
        audio, rate, width = w.readframes(w.getnframes()), w.getframerate(), w.getsampwidth()
        channels = w.getnchannels()
    return LessonMedia(*packet_digests(build_paths.video), audio, rate, width * channels)


def build_clips(manifest: Manifest, build_paths: BuildPaths,
                ranges: Sequence[tuple[str, str]] | None = None,
                posters: Mapping[str, Path] | None = None,
                publish: Publish = Publish()) -> list[Clip]:
    """Make the clips (every scene by default, else the given sentence ranges) and the gallery.

    `posters` maps sentence ids to JPEGs of their beats' last frames, as drawn for this lesson
    video; those not of the video's size are ignored. `publish` gives the addresses in the
    oEmbed JSON, link previews and snippets, and the parent origins the pages' host-page API
    talks to. Every range is checked before anything is written.
    """
    clips = plan(manifest, ranges)
    if not build_paths.video.exists():
        raise NotBuilt(f"{build_paths.video} does not exist", "video")
    lesson = _read_lesson(build_paths)
    (build_paths.cache / "clips").mkdir(parents=True, exist_ok=True)
    install_assets(build_paths.root, lesson_of(manifest.lesson))
    keys = {clip.id: _clip_key(lesson.packets(clip.span), lesson.samples(clip.span)) for clip in clips}
    drawn = {sid: path for sid, path in (posters or {}).items() if image_size(path) == lesson.size}
    _make(build_paths, [(c, keys[c.id]) for c in clips if not _is_current(build_paths, c, keys[c.id])],
          drawn)
    for clip in clips:
        touch(clip.file(build_paths.clips, ".mp4"))  # current: confirmed against this video
        atomic_write_text(clip.file(build_paths.clips, ".vtt"), captions_vtt(manifest, clip.span))
        atomic_write_text(clip.file(build_paths.clips, ".srt"), captions_srt(manifest, clip.span))
        atomic_write_text(clip.file(build_paths.clips, ".html"),
                          clip_page_html(manifest, clip, publish, lesson.size,
                                         embed_config(manifest, publish)))
        atomic_write_text(clip.file(build_paths.clips, ".oembed.json"),
                          oembed_json(clip_shared(manifest, clip, lesson.size), publish,
                                      manifest.course.title))
    listed = existing_clips(manifest, build_paths.clips, build_paths.video)
    atomic_write_text(build_paths.clips / "index.html", gallery_html(manifest, listed, publish))
    return clips
