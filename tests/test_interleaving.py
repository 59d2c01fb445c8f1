"""Every MP4 the project publishes is interleaved by time: read from its start, the file never has
more than a second of one stream before the other's, so a browser plays its first second, or
seeks, after fetching about that much of the file and not most of it."""

from __future__ import annotations

import json
import subprocess
import zipfile
from dataclasses import dataclass
from pathlib import Path

import av
import pytest
from test_warm_reads import beat, sound

import render
from common.paths import BuildPaths
from common.settings import QUALITIES
from player.preview_render import render_preview
from player.preview_server import version_folder
from transcript import DEFAULT_PATH
from video.audio_track import encode_audio
from video.encode import AUDIO_ARGS, PREVIEW_AUDIO_ARGS
from video.lesson_video import join_and_mux

MOST_AHEAD = 1.0  # seconds one stream may run ahead of the other anywhere in a file


@dataclass(frozen=True)
class Ahead:
    seconds: float  # the most one stream's media ran ahead of the other's
    at: int  # the byte where it did
    streams: int  # how many streams the file has


def most_ahead(video: Path) -> Ahead:
    """Walk `video`'s packets in the order of their bytes in the file (ffprobe) and find where
    one stream's media ran furthest ahead of the other's: a stream that has ended is behind by
    nothing."""
    probe = subprocess.run(["ffprobe", "-v", "error", "-show_entries",
                            "packet=stream_index,pts_time,duration_time,pos", "-of", "json", str(video)],
                           check=True, capture_output=True, text=True)
    packets = sorted((int(p["pos"]), p["stream_index"], float(p["pts_time"]), float(p["duration_time"]))
                     for p in json.loads(probe.stdout)["packets"])
    start: dict[int, float] = {}
    final: dict[int, float] = {}
    for _, stream, pts, duration in packets:
        start[stream] = min(start.get(stream, pts), pts)
        final[stream] = max(final.get(stream, pts), pts + duration)
    loaded = dict(start)  # each stream's media in the bytes read so far, up to this time
    worst = Ahead(0.0, 0, len(final))
    for pos, stream, pts, duration in packets:
        loaded[stream] = max(loaded[stream], pts + duration)
        for s in loaded:
            wanted = min(final[s], max(loaded.values()))
            if wanted - loaded[s] > worst.seconds:
                worst = Ahead(wanted - loaded[s], pos, len(final))
    return worst


def not_interleaved(video: Path) -> str | None:
    """What is wrong with `video`'s order, if anything: one line."""
    ahead = most_ahead(video)
    if ahead.streams != 2:
        return f"{video} has {ahead.streams} streams, not a picture and a sound"
    if ahead.seconds > MOST_AHEAD:
        return f"{video}: one stream is {ahead.seconds:.2f} s ahead of the other at byte {ahead.at}"
    return None


def assert_interleaved(video: Path) -> None:
    problem = not_interleaved(video)
    assert problem is None, problem


def test_the_walk_finds_a_file_with_all_its_picture_before_its_sound(tmp_path):
    """The check itself: a file written with each packet as it comes, every picture packet
    before the first sound packet, is caught; the same packets by time pass."""
    picture, tone = beat(tmp_path / "a.mp4", "red", 4), sound(tmp_path / "s.m4a", 4)
    apart = tmp_path / "apart.mp4"
    with av.open(str(picture)) as v, av.open(str(tone)) as a, \
            av.open(str(apart), "w", options={"max_interleave_delta": "1"}) as out:
        streams = {v.streams.video[0]: out.add_stream_from_template(v.streams.video[0]),
                   a.streams.audio[0]: out.add_stream_from_template(a.streams.audio[0])}
        for container, source in ((v, v.streams.video[0]), (a, a.streams.audio[0])):
            for packet in container.demux(source):
                if packet.dts is not None:
                    packet.stream = streams[source]
                    out.mux(packet)  # a queue of 1 µs: the file's order is this one
    ahead = most_ahead(apart)
    assert ahead.streams == 2 and ahead.seconds > 3.5
    assert most_ahead(join_and_mux([picture], [4], tmp_path / "joined.mp4", tone)).seconds <= MOST_AHEAD


@pytest.mark.parametrize("sound_args", [AUDIO_ARGS, PREVIEW_AUDIO_ARGS], ids=["aac", "flac"])
def test_beats_joined_with_the_narration_are_interleaved_by_time(tmp_path, sound_args):
    """The lesson's sound and the live preview's; longer than the muxer's own interleaving queue
    (10 s), which hid the beats' order in a short file."""
    parts = [beat(tmp_path / f"{i}.mp4", color, 8) for i, color in enumerate(("red", "blue", "lime"))]
    wav = tmp_path / "narration.wav"
    subprocess.run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "sine=f=440:r=48000:d=24",
                    str(wav)], check=True)
    narration = encode_audio(wav, tmp_path / "narration.m4a", sound_args)
    joined = join_and_mux(parts, [8, 8, 8], tmp_path / "out.mp4", narration)
    assert_interleaved(joined)
    # Only the order in the file changed: each stream's packets are the inputs', in their order.
    assert packet_bytes(joined, "video") == [b for part in parts for b in packet_bytes(part, "video")]
    assert packet_bytes(joined, "audio") == packet_bytes(narration, "audio")


def packet_bytes(path: Path, kind: str) -> list[bytes]:
    with av.open(str(path)) as container:
        return [bytes(p) for p in container.demux(**{kind: 0}) if p.size]


def sound_codec(video: Path) -> str:
    probe = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "a", "-show_entries",
                            "stream=codec_name", "-of", "csv=p=0", str(video)],
                           check=True, capture_output=True, text=True)
    return probe.stdout.strip()


def test_every_published_mp4_is_interleaved(rendered_lesson, tmp_path):
    """The lesson, its clips and the SCORM package's copies, a `--scene` video and the live
    preview's video, each from a real render of the lesson and checked as soon as it is made
    (the preview writes its own lesson.mp4 over the build's)."""
    build = BuildPaths(rendered_lesson.copy(tmp_path / "build"))
    published = [build.video, *sorted(build.clips.glob("*.mp4"))]
    assert len(published) > 2
    with zipfile.ZipFile(build.root / "lesson-scorm12.zip") as package:
        names = [n for n in package.namelist() if n.endswith(".mp4")]
        assert len(names) == len(published)
        package.extractall(tmp_path / "scorm", names)
    published += [tmp_path / "scorm" / n for n in names]
    problems = [not_interleaved(video) for video in published]

    scene = json.loads(build.manifest.read_text())["sentences"][0]["scene"]
    assert render.main(["video", "--lesson", "attention", "--scene", scene, "--quality", "low", "--build", str(build.root.parent)]) == 0
    problems.append(not_interleaved(build.root / "scenes" / f"{scene}.mp4"))

    render_preview(DEFAULT_PATH, build, QUALITIES["low"], 1, None, voice="flite")  # no warm pool
    preview = version_folder(build, 1) / "lesson.mp4"
    assert sound_codec(preview) == "flac"  # the preview's own video, not the lesson's
    problems.append(not_interleaved(preview))

    assert not any(problems), "\n".join(p for p in problems if p)
