"""Joining encoded beats without re-encoding, with or without the narration.

The beats are joined in this process (PyAV, the FFmpeg libraries Manim already loads): starting
an ffmpeg process costs more than the whole join of a lesson, which the live preview repeats on
every save. A warm process keeps the packets of the beats it has read (common.files.parsed), so
a join after an edit reads only the beats that changed.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator
from contextlib import nullcontext
from fractions import Fraction
from pathlib import Path
from typing import Any

from common.files import atomic_output, parsed, temp_path
from common.media import MediaError, ffmpeg
from transcript.manifest import Span
from video.encode import AUDIO_ARGS

# Bit-exact (no library version written) and playable before it is all loaded.
MUX_OPTIONS = {"movflags": "+faststart", "fflags": "+bitexact", "strict": "-2"}  # -2: FLAC


def join_and_mux(files: list[Path], durations: list[float], out: Path, narration: Path | None = None,
                 audio_span: Span | None = None) -> Path:
    """Concatenate MP4s by stream copy, adding the narration: an .m4a is copied as it is, a WAV
    (or `audio_span` of it) is encoded with the lesson's AAC settings.

    File i starts at the sum of `durations` before it (seconds, exact), not at the duration an
    MP4 reports, which is rounded: the error would add up, moving later keyframes just after
    their sentence starts.
    """
    out.parent.mkdir(parents=True, exist_ok=True)
    if narration is not None and (narration.suffix != ".m4a" or audio_span is not None):
        return _join_and_encode(files, durations, out, narration, audio_span)
    with atomic_output(out) as tmp:
        try:
            _remux(files, durations, tmp, narration)
        except (OSError, ValueError) as e:  # PyAV's errors are both
            raise MediaError(f"joining the video into {out}: {e}") from None
    return out


def concat_video(files: list[Path], durations: list[float], out: Path) -> Path:
    """Video only: the files one after another, without re-encoding."""
    return join_and_mux(files, durations, out)


def _packets(path: Path) -> tuple[Fraction, list[tuple[Any, int, int]]]:
    """The time base of an MP4's video stream and its packets, each with its own pts and dts."""
    import av

    with av.open(str(path)) as container:
        stream = container.streams.video[0]
        packets = [(p, p.pts, p.dts) for p in container.demux(stream)
                   if p.pts is not None and p.dts is not None]  # not the demuxer's end marker
        assert stream.time_base is not None  # an MP4 track has one
        return stream.time_base, packets


def _remux(files: list[Path], durations: list[float], out: Path, sound: Path | None) -> None:
    """The beats' packets and the sound's, written in the order of their times: a player that
    has the file's first seconds has both streams' first seconds (interleaved, as a browser
    needs to start before the whole file is loaded)."""
    import av

    with av.open(str(out), "w", format="mp4", options=MUX_OPTIONS) as output, \
            av.open(str(files[0])) as first, \
            (av.open(str(sound)) if sound is not None else nullcontext()) as sound_in:
        video = output.add_stream_from_template(first.streams.video[0])
        streams = [_joined_video(files, durations, video)]
        if sound_in is not None:
            source = sound_in.streams.audio[0]
            streams.append(_copied(sound_in.demux(source), output.add_stream_from_template(source)))
        for _, packet in heapq.merge(*streams, key=lambda timed: timed[0]):  # ties: video first
            output.mux(packet)


def _joined_video(files: list[Path], durations: list[float], stream: Any) -> Iterator[tuple[Fraction, Any]]:
    """Every beat's video packets, moved to where its beat starts, each with its time (seconds)."""
    start = Fraction(0)  # seconds
    for path, seconds in zip(files, durations):
        base, packets = parsed(path, _packets)  # a warm process reads a beat once
        offset = round(start / base)
        for packet, pts, dts in packets:
            packet.pts, packet.dts, packet.stream = pts + offset, dts + offset, stream
            yield (dts + offset) * base, packet
        start += Fraction(seconds).limit_denominator(1 << 20)


def _copied(packets: Iterator[Any], stream: Any) -> Iterator[tuple[Fraction, Any]]:
    """A demuxed stream's packets moved to `stream`, each with its time (seconds)."""
    for packet in packets:
        if packet.dts is not None:  # not the demuxer's end marker
            time = packet.dts * packet.time_base
            packet.stream = stream
            yield time, packet


def _join_and_encode(files: list[Path], durations: list[float], out: Path, narration: Path,
                     audio_span: Span | None) -> Path:
    """The join by ffmpeg's concat demuxer, the narration (or `audio_span` of it) encoded."""
    listing = temp_path(out.with_name("parts.txt"))
    try:
        listing.write_text("".join(f"file {_concat_quote(p.resolve())}\nduration {d:.6f}\n"
                                   for p, d in zip(files, durations)), encoding="utf-8")
        cmd = ["-v", "error", "-y", "-f", "concat", "-safe", "0", "-i", str(listing)]
        if audio_span is not None:
            cmd += ["-ss", f"{audio_span.start:.6f}", "-t", f"{audio_span.duration:.6f}"]
        cmd += ["-i", str(narration), "-map", "0:v:0", "-map", "1:a:0", *AUDIO_ARGS,
                "-c:v", "copy", "-fflags", "+bitexact", "-map_metadata", "-1",
                "-movflags", "+faststart", "-f", "mp4"]
        with atomic_output(out) as tmp:
            ffmpeg(*cmd, str(tmp), what=f"joining the video into {out}")
    finally:
        listing.unlink(missing_ok=True)
    return out


def _concat_quote(path: Path) -> str:
    """A path as the concat demuxer reads it: in single quotes, each quote in it escaped."""
    return "'" + str(path).replace("'", "'\\''") + "'"
