"""Word timings of a sentence's clip: from Piper's own phoneme durations, or by forced alignment.

Piper (patched in memory to report how many samples each phoneme took) knows where its words
fall; its space phonemes mark word boundaries, but espeak may join words ("of the" is one group),
so groups are matched back to the script's words by their phoneme counts. For any other audio
(flite, a recorded take) pocketsphinx aligns the known text: a first pass finds the words, a second
refines them at 10 ms. Times are seconds from the start of the clip as given.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import subprocess
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from pydub import AudioSegment

from common.files import atomic_write_text
from transcript.sayable import Unsayable, pocketsphinx_decoder, tokens
from transcript.sayable import decoder as aligner
from transcript.words import word_key

ALIGN_VERSION = 1  # bump when a method changes its results: cached timings are then made again
SPHINX_RATE = 16000
SPHINX_FRAME = 0.01  # seconds per pocketsphinx frame
TAKE_MATCH = 0.4  # least word-sequence similarity between a take and its sentence's text
HEARD_CHARS = 120  # of what was heard in a take, shown in an error line
_NOT_SOUNDS = set("ˈˌː‖|.,;:!?—–-\"'()[]{} ")


class AlignmentError(ValueError):
    """A clip's words could not be found in its audio."""


WordTimes = list[tuple[float, float]]


# --- Piper: the voice's own durations ----------------------------------------------------------

@dataclass(frozen=True)
class Phone:
    symbol: str
    start: int  # sample in the clip
    end: int


def piper_groups(chunks: Sequence[tuple[int, Sequence[tuple[str, int]]]]) -> list[list[Phone]]:
    """Space-separated groups of sounding phonemes, from (chunk start sample, [(phoneme, samples)])."""
    groups: list[list[Phone]] = []
    for offset, phonemes in chunks:
        t, group = offset, list[Phone]()
        for symbol, n in phonemes:
            if symbol == " ":
                if group:
                    groups.append(group)
                group = []
            elif symbol not in _NOT_SOUNDS and symbol not in ("^", "$", "_"):
                group.append(Phone(symbol, t, t + n))
            t += n
        if group:
            groups.append(group)
    return groups


def match_groups(group_sizes: Sequence[int], word_sizes: Sequence[int]) -> list[tuple[int, int, int, int]]:
    """Monotone matching of phoneme groups to words: runs (g0, g1, w0, w1) where one group holds
    several words or one word spans several groups, the phoneme counts agreeing best."""
    m, n, reach = len(group_sizes), len(word_sizes), 4
    inf = float("inf")
    cost = [[inf] * (n + 1) for _ in range(m + 1)]
    back: dict[tuple[int, int], tuple[int, int]] = {}
    cost[0][0] = 0.0
    for i in range(m + 1):
        for j in range(n + 1):
            if cost[i][j] == inf:
                continue
            moves = [(1, k) for k in range(1, reach + 1)] + [(k, 1) for k in range(2, reach + 1)]
            for di, dj in moves:
                a, b = i + di, j + dj
                if a > m or b > n:
                    continue
                c = cost[i][j] + abs(sum(group_sizes[i:a]) - sum(word_sizes[j:b])) + 0.5 * (di + dj - 2)
                if c < cost[a][b]:
                    cost[a][b], back[(a, b)] = c, (i, j)
    if cost[m][n] == inf:
        raise AlignmentError(f"{m} phoneme groups cannot be matched to {n} words")
    runs, at = [], (m, n)
    while at != (0, 0):
        prev = back[at]
        runs.append((prev[0], at[0], prev[1], at[1]))
        at = prev
    return runs[::-1]


def piper_word_times(groups: list[list[Phone]], word_sizes: Sequence[int], rate: int) -> WordTimes:
    """Each word's (start, end) in seconds: a group's phonemes shared among its words by count."""
    times: WordTimes = []
    for g0, g1, w0, w1 in match_groups([len(g) for g in groups], word_sizes):
        phones = [p for g in groups[g0:g1] for p in g]
        sizes = word_sizes[w0:w1]
        total, cut = sum(sizes), 0
        for size in sizes:
            first = min(len(phones) - 1, round(cut * len(phones) / total))
            cut += size
            last = max(first, min(len(phones), round(cut * len(phones) / total)) - 1)
            times.append((phones[first].start / rate, phones[last].end / rate))
    return times


# --- pocketsphinx: forced alignment of a known text ----------------------------------------------

@lru_cache(maxsize=1)
def _recognizer():
    return pocketsphinx_decoder()(loglevel="FATAL")


def _tokens(words: Sequence[str]) -> list[tuple[int, str]]:
    """(word index, dictionary token) for every sound-bearing part of the words."""
    try:
        return tokens(words)
    except Unsayable as e:
        raise AlignmentError(str(e)) from None


def pcm16k(clip: AudioSegment) -> bytes:
    """The clip as 16 kHz mono 16-bit samples, what pocketsphinx's model expects."""
    clip = clip.set_channels(1).set_sample_width(2)
    done = subprocess.run(
        ["ffmpeg", "-nostdin", "-v", "error", "-f", "s16le", "-ar", str(clip.frame_rate), "-ac", "1",
         "-i", "-", "-ar", str(SPHINX_RATE), "-f", "s16le", "-"],
        input=clip.raw_data, capture_output=True, check=True,
        start_new_session=True)  # Ctrl-C is the run's to handle (common.media.run_tool)
    return done.stdout


def _is_word(name: str) -> bool:
    return not name.startswith("<") and name not in ("[NOISE]", "++NOISE++")


def sphinx_word_times(clip: AudioSegment, words: Sequence[str]) -> WordTimes:
    """Each word's (start, end) in seconds, by forced alignment of `words` to the clip."""
    tokens = _tokens(words)
    if not tokens:
        return [(0.0, 0.0)] * len(words)
    decoder, pcm = aligner(), pcm16k(clip)
    decoder.set_align_text(" ".join(t for _, t in tokens))
    decoder.start_utt()
    decoder.process_raw(pcm, full_utt=True)
    decoder.end_utt()
    if decoder.hyp() is None:  # the search never reached the text's end
        raise AlignmentError("the words do not fit the audio")
    found = [(w.start_frame, w.end_frame + 1) for w in decoder.seg() if _is_word(w.word)]
    try:  # a second pass refines word, phone and state boundaries
        decoder.set_alignment()
        decoder.start_utt()
        decoder.process_raw(pcm, full_utt=True)
        decoder.end_utt()
        refined = [(w.start, w.start + w.duration) for w in decoder.get_alignment() or []
                   if _is_word(w.name)]
        found = refined if len(refined) == len(found) else found
    except RuntimeError:  # it can fail where the first pass held; keep the first pass then
        pass
    if len(found) != len(tokens):
        raise AlignmentError(f"aligned {len(found)} of {len(tokens)} words")
    times: dict[int, tuple[float, float]] = {}
    for (i, _), (a, b) in zip(tokens, found):
        s, e = a * SPHINX_FRAME, b * SPHINX_FRAME
        times[i] = (min(times[i][0], s), max(times[i][1], e)) if i in times else (s, e)
    out, last = [], 0.0
    for i in range(len(words)):  # a word with no sound of its own sits at its neighbour's end
        out.append(times.get(i, (last, last)))
        last = out[-1][1]
    return out


def heard_words(clip: AudioSegment) -> list[str]:
    """What pocketsphinx's general English model hears in the clip, to tell a take's sentence."""
    recognizer = _recognizer()
    recognizer.start_utt()
    recognizer.process_raw(pcm16k(clip), full_utt=True)
    recognizer.end_utt()
    hyp = recognizer.hyp()
    return [w for w in (hyp.hypstr.split() if hyp else [])]


def take_matches(clip: AudioSegment, words: Sequence[str]) -> tuple[bool, str]:
    """Whether a recorded clip says `words`, and the start of what was heard (for the error
    message: a take of something else would make it pages long)."""
    heard = heard_words(clip)
    wanted = [p.strip("'") for w in words for p in word_key(w).split("-") if p.strip("'")]
    ratio = difflib.SequenceMatcher(None, heard, wanted).ratio()
    return ratio >= TAKE_MATCH, textwrap.shorten(" ".join(heard), HEARD_CHARS, placeholder=" …")


# --- the cache ----------------------------------------------------------------------------------

def alignment_key(clip: AudioSegment, words: Sequence[str], method: str) -> str:
    """A hash of the clip's samples, its words and the method: re-aligned only when one changes."""
    h = hashlib.sha256(f"{method}/{ALIGN_VERSION}/{clip.frame_rate}/{clip.channels}/"
                       f"{clip.sample_width}\0".encode())
    h.update(json.dumps(list(words)).encode() + b"\0")
    h.update(clip.raw_data)
    return h.hexdigest()[:32]


class AlignmentCache:
    """Word timings as JSON files named by key, beside the voice clips."""

    def __init__(self, root: Path):
        self.root = Path(root)

    def get(self, key: str) -> WordTimes | None:
        try:
            return [tuple(t) for t in json.loads((self.root / f"{key}.json").read_text())]
        except (OSError, ValueError, TypeError):
            return None

    def put(self, key: str, times: WordTimes) -> None:
        """Times are kept to 0.1 ms; a run uses them as read back, so cold and cached agree."""
        atomic_write_text(self.root / f"{key}.json", json.dumps([[round(a, 4), round(b, 4)]
                                                                  for a, b in times]))
