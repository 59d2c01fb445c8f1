"""A WAV file's header against the data it holds. A recorder or editor that stops before it writes
the final sizes leaves a header that says the sound ends early, and every reader (ffmpeg too) then
stops where the header says; a copy cut short holds less than its header says."""

from __future__ import annotations

import struct
from dataclasses import dataclass

UNKNOWN_SIZES = (0, 0xFFFFFFFF)  # what a writer that cannot seek back leaves: read to the end


@dataclass(frozen=True)
class WavLengths:
    """Seconds of sound a WAV's header declares, and seconds of it the file holds."""

    declared: float
    held: float


def mismatched_lengths(data: bytes) -> WavLengths | None:
    """The two lengths of the RIFF WAVE file `data` when its data chunk's size is not what the file
    holds for it; None for a file whose sizes agree, or that is no WAV (ffmpeg judges those)."""
    if len(data) < 12 or data[:4] != b"RIFF" or data[8:12] != b"WAVE":
        return None
    pos, byte_rate = 12, 0
    while pos + 8 <= len(data):
        chunk, size = data[pos:pos + 4], struct.unpack_from("<I", data, pos + 4)[0]
        start = pos + 8
        if chunk == b"fmt " and size >= 12 and start + 12 <= len(data):
            byte_rate = struct.unpack_from("<I", data, start + 8)[0]
        elif chunk == b"data":
            if size in UNKNOWN_SIZES or byte_rate == 0:
                return None
            end, held = start + size, len(data) - start
            if end > len(data) + 1 or (end < len(data) and not _chunks_to_the_end(data, end)):
                return WavLengths(size / byte_rate, held / byte_rate)
            return None
        pos = start + size + (size & 1)
    return None


def _chunks_to_the_end(data: bytes, pos: int) -> bool:
    """Whether what follows the sound, from `pos`, is whole chunks (a LIST of tags...) up to the
    file's end, or padding: then the header is right about where the sound ends."""
    pos += pos & 1  # the pad byte after a chunk of odd size
    while pos + 8 <= len(data):
        chunk, size = data[pos:pos + 4], struct.unpack_from("<I", data, pos + 4)[0]
        if not all(0x20 <= c < 0x7F for c in chunk) or pos + 8 + size > len(data):
            return False
        pos += 8 + size + (size & 1)
    return len(data) - pos <= 1 or not any(data[pos:])
