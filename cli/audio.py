"""Subcommand 'audio': the narration track, build/lesson.json, captions and chapters."""

from __future__ import annotations

import argparse

from cli.options import paths, work_on


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """No options besides the common ones (--lesson, --course, --build, --voice, --recordings)."""


def run(args: argparse.Namespace) -> int:
    """Build the narration and print per-sentence progress, the loudness and the output paths."""
    from audio import AlignmentError, RecordingError, VoiceError, build_narration
    from transcript import TranscriptError, load_script

    build = paths(args)
    try:
        script = load_script(args.lesson, course=args.course)
        work_on(script.id, "audio", script.path)
        manifest, report = build_narration(script, build, voice=args.voice,
                                           recordings=args.recordings, progress=print)
    except (TranscriptError, RecordingError, VoiceError, AlignmentError) as e:
        raise SystemExit(f"render.py audio: {e}") from None
    loud = report.loudness
    print(f"voice: {report.voice} ({report.voice_version}); synthesised {report.synthesized}, "
          f"cached {report.cached}, recorded {report.recorded}")
    print(f"loudness: {loud['integrated_lufs']:.1f} LUFS integrated, "
          f"{loud['true_peak_dbtp']:.1f} dBTP true peak; each sentence levelled by "
          f"{loud['sentence_gain_db'][0]:+.1f} to {loud['sentence_gain_db'][1]:+.1f} dB, peaks "
          f"limited by up to {loud['peaks_limited_db']:.1f} dB")
    print(f"duration: {manifest.duration:.2f} s, {len(manifest.sentences)} sentences, "
          f"{len(manifest.scenes)} scenes")
    for path in (build.narration, build.manifest, build.captions, build.chapters):
        print(f"wrote {path}")
    return 0
