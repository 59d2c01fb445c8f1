"""Word-timing accuracy over the whole lesson, one route against the other: Piper's own phoneme
durations and pocketsphinx's forced alignment of the very same Piper audio. Writes
bench/ALIGNMENT.md. Run: PYTHONPATH=. python bench/alignment.py"""

from __future__ import annotations

import statistics
from pathlib import Path

from audio.align import sphinx_word_times
from audio.voices import PiperVoice
from transcript import load_script
from transcript.words import words_of


def main() -> None:
    voice, rows, gaps = PiperVoice(), [], []
    for s in load_script().sentences:
        words = words_of(s.text)
        clip, piper = voice.synthesize_aligned(s.text, words)
        sphinx = sphinx_word_times(clip, words)
        # pocketsphinx has no leading silence model: it starts every first word at 0
        d = [p[0] - q[0] for p, q in zip(piper[1:], sphinx[1:])]
        gaps += d
        rows.append(f"| {s.id} | {len(words)} | {statistics.mean(d) * 1000:+.0f} | "
                    f"{max(map(abs, d)) * 1000:.0f} |")
    a = sorted(abs(x) for x in gaps)
    summary = (f"{len(gaps)} word starts: Piper minus pocketsphinx mean {statistics.mean(gaps) * 1000:+.0f} ms, "
               f"median |gap| {statistics.median(a) * 1000:.0f} ms, 90th percentile {a[int(0.9 * len(a))] * 1000:.0f} ms, "
               f"max {a[-1] * 1000:.0f} ms; within 100 ms: {sum(x <= 0.1 for x in a) / len(a):.0%}")
    text = ("# Word-timing accuracy\n\nOne route against the other on the whole lesson (`bench/alignment.py`).\n\n"
            f"{summary}\n\n| sentence | words | mean gap (ms) | largest gap (ms) |\n|---|---|---|---|\n"
            + "\n".join(rows) + "\n")
    Path(__file__).with_name("ALIGNMENT.md").write_text(text)
    print(summary)


if __name__ == "__main__":
    main()
