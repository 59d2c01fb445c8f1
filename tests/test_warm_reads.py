"""What a warm process (the live preview) keeps between renders: files it parsed, and the beats'
packets the join read. Each must be read again as soon as its file is replaced or rewritten."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import av
import numpy as np
import pytest

from common.files import parsed
from video.lesson_video import join_and_mux

FPS = 15


def test_a_parsed_file_is_read_once_until_it_changes(tmp_path):
    path, reads = tmp_path / "a.txt", []

    def parse(p: Path) -> str:
        reads.append(p)
        return p.read_text()

    path.write_text("one")
    assert parsed(path, parse) == "one" and parsed(path, parse) == "one"
    assert len(reads) == 1
    path.write_text("two")  # rewritten in place, same size
    os.utime(path, ns=(1, 1))  # even with an old modification time: the stamp differs
    assert parsed(path, parse) == "two" and len(reads) == 2
    other = tmp_path / "b.txt"
    other.write_text("six")
    os.replace(other, path)  # replaced, as the caches replace their files
    assert parsed(path, parse) == "six" and len(reads) == 3
    path.unlink()
    with pytest.raises(OSError):
        parsed(path, parse)


def beat(path: Path, color: str, seconds: float) -> Path:
    """A small H.264 file as the lesson's beats are encoded: no B-frames, a keyframe first."""
    subprocess.run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i",
                    f"color={color}:s=64x48:r={FPS}:d={seconds}", "-c:v", "libx264", "-bf", "0",
                    "-pix_fmt", "yuv420p", "-g", "150", str(path)], check=True)
    return path


def sound(path: Path, seconds: float) -> Path:
    subprocess.run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i",
                    f"sine=f=440:r=48000:d={seconds}", "-c:a", "aac", str(path)], check=True)
    return path


def frames(path: Path) -> list[tuple[float, np.ndarray, bool]]:
    """(seconds, mean RGB, keyframe) of every frame of the video."""
    with av.open(str(path)) as c:
        return [(float(f.time), f.to_ndarray(format="rgb24").reshape(-1, 3).mean(axis=0),
                 f.key_frame) for f in c.decode(video=0)]


def test_beats_are_joined_end_to_end_with_the_sound_copied(tmp_path):
    parts = [beat(tmp_path / "a.mp4", "red", 1), beat(tmp_path / "b.mp4", "blue", 2 / 3),
             beat(tmp_path / "c.mp4", "lime", 1)]
    out = join_and_mux(parts, [1, 2 / 3, 1], tmp_path / "out.mp4", sound(tmp_path / "s.m4a", 2.7))
    got = frames(out)
    assert len(got) == 15 + 10 + 15
    assert [round(t * FPS) for t, _, _ in got] == list(range(40))  # no gap, no overlap
    assert [round(t * FPS) for t, _, key in got if key] == [0, 15, 25]  # each beat's first frame
    colors = [int(np.argmax(rgb)) for _, rgb, _ in got]
    assert colors == [0] * 15 + [2] * 10 + [1] * 15  # red, blue, green in that order
    with av.open(str(out)) as c, av.open(str(tmp_path / "s.m4a")) as s:
        copied = [bytes(p) for p in c.demux(audio=0) if p.size]
        assert copied == [bytes(p) for p in s.demux(audio=0) if p.size]


def test_a_beat_replaced_between_two_joins_is_read_again(tmp_path):
    first, second = beat(tmp_path / "a.mp4", "red", 1), beat(tmp_path / "b.mp4", "blue", 1)
    join_and_mux([first, second], [1, 1], tmp_path / "one.mp4")
    os.replace(beat(tmp_path / "new.mp4", "lime", 2 / 3), second)  # as a redrawn beat is
    got = frames(join_and_mux([first, second], [1, 2 / 3], tmp_path / "two.mp4"))
    assert len(got) == 25
    assert [int(np.argmax(rgb)) for _, rgb, _ in got] == [0] * 15 + [1] * 10

