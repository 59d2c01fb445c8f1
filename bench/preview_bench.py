"""Live-preview speed: from saving a one-sentence edit to the open page showing the new video.

For each lesson of the course and each quality: a cold `render` of a copy of the lesson's script
(the reference), then `preview` on that build with the page open in headless Chromium; once the
page first shows the lesson, every sentence in turn is edited, saved, and timed until the page
shows the new video (the first edit does not wait for the preview's paused copies of the beats,
video.checkpoints: an author's would not); then put back. Writes its own section of
bench/RESULTS.md. Usage: python bench/preview_bench.py [--qualities low,default] [--voice piper]
[--lessons ID,ID] (default: every lesson of course.yaml) [--sentences ID,ID] (only those
sentences, printed and not written: a quick look while working) [--json FILE] (every run's stages)
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from results import write_section  # noqa: E402  (beside this script)

from transcript import load_script  # noqa: E402
from transcript.lessons import declared  # noqa: E402
from transcript.loader import load_course  # noqa: E402

START, END = "<!-- preview-bench:start -->", "<!-- preview-bench:end -->"
CHROMIUM = "/usr/bin/chromium"
WAIT_MS = 600_000
STAGES = ("watch", "voice", "levelling", "drawing", "joining", "page", "browser")


def edited(text: str) -> str:
    """The sentence with two words more in front: a small edit that changes its length."""
    return "So then, " + text[0].lower() + text[1:]


def cold_render(lesson: Path, build: Path, quality: str, voice: str) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "render.py", "render", "--lesson", str(lesson), "--build",
                    str(build.parent), "--quality", quality, "--voice", voice], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


class Preview:
    """`render.py preview` in a subprocess, and its status."""

    def __init__(self, lesson: Path, build: Path, quality: str, voice: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "render.py", "preview", "--lesson", str(lesson), "--build", str(build.parent),
             "--quality", quality, "--voice", voice, "--port", "0"],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        first = self.process.stdout.readline()
        if not first.startswith("preview: http"):
            raise SystemExit(f"preview_bench: the preview did not start: {first}")
        self.url = first.split()[1]
        self.lines: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.process.stdout:
            self.lines.append(line)

    def status(self) -> dict:
        with urllib.request.urlopen(f"{self.url}__preview/status?since=-1", timeout=30) as r:
            return json.loads(r.read())

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=30)


def course_lessons() -> dict[str, Path]:
    """Every lesson of course.yaml, in the course's order: id -> its script."""
    return {stop.lesson: declared(stop.lesson, stop.module).script
            for stop in load_course(ROOT / "course.yaml").lessons}


def measure(lesson_id: str, script: Path, quality: str, voice: str, base: Path,
            only: set[str] | None = None) -> dict:
    from playwright.sync_api import sync_playwright

    lesson = base / f"{lesson_id}-{quality}.yaml"
    shutil.copyfile(script, lesson)
    build = base / f"{lesson_id}-{quality}-build" / lesson_id  # the lesson's folder; --build is its parent
    cold = cold_render(lesson, build, quality, voice)
    script = load_script(lesson)
    preview = Preview(lesson, build, quality, voice)
    runs = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True,
                                        args=["--no-sandbox", "--disable-gpu"])
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            page.goto(preview.url)
            page.wait_for_function("() => window.lessonPreview && lessonPreview.version !== null"
                                   " && lessonPreview.state && lessonPreview.state.state === 'ready'",
                                   timeout=WAIT_MS)
            beats = len(script.sentences)  # the preview keeps a paused copy at each beat's start
            for paragraph, sentence in ((p, s) for p in script.paragraphs for s in p.sentences
                                        if not only or s.id in only):
                original = lesson.read_text(encoding="utf-8")
                for new in (edited(sentence.template), sentence.template):
                    version = page.evaluate("() => lessonPreview.version")
                    copies = preview.status().get("copies") or 0
                    text = lesson.read_text(encoding="utf-8")
                    lesson.write_text(text.replace(f'"{_current(text, sentence.id)}"', f'"{new}"', 1),
                                      encoding="utf-8")
                    saved = time.time()
                    page.wait_for_function(f"() => lessonPreview.version > {version}"
                                           " && lessonPreview.state.state === 'ready'", timeout=WAIT_MS)
                    if new == sentence.template:
                        continue  # put back: not timed
                    shown = page.evaluate("() => lessonPreview.shownAt") / 1000
                    status = preview.status()
                    stages = status["stages"]
                    runs.append({
                        "scene": paragraph.scene, "sentence": sentence.id, "total": shown - saved,
                        "drawn": status["drawn"], "copies": copies,
                        "stages": {"watch": status["started_at"] - saved, **stages,
                                   "browser": shown - status["published_at"]},
                    })
                    print(f"{lesson_id} {quality} {sentence.id}: {shown - saved:.2f} s", flush=True)
                assert lesson.read_text(encoding="utf-8") == original
            browser.close()
    finally:
        preview.stop()
    return {"cold": cold, "runs": runs, "beats": beats}


def _current(yaml_text: str, sentence_id: str) -> str:
    """The text of `sentence_id` as written in the YAML."""
    found = re.search(rf'id: {re.escape(sentence_id)}\n\s+text: "(.*)"', yaml_text)
    if not found:
        raise SystemExit(f"preview_bench: no quoted text for {sentence_id} in the lesson YAML")
    return found[1]


def section(results: dict, voice: str) -> str:
    cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")),
               platform.processor())
    load = os.getloadavg()[0]
    lines = [START, "## Live preview: save to page", "",
             f"Measured {date.today().isoformat()} by `python bench/preview_bench.py` on "
             f"{os.cpu_count()} cores ({cpu}), voice {voice}; load average at the end {load:.1f} "
             "(the machine is shared, so figures vary between runs). For each lesson of the course "
             "and each quality: a cold `render` of a copy of the lesson, then `preview` on that "
             "build with the page open in headless Chromium. As soon as the page shows the lesson, "
             "every sentence in turn gets two words more in front, and the time runs from the "
             "file's save to the page showing the new video; then it is put back (not timed). The "
             "first edits do not wait for the preview's paused copies of the beats (the column "
             "says how many were made at the save). Every picture the preview shows is the exactly "
             "drawn one, so save → first picture and save → exact picture are the same time.", "",
             "| lesson | quality | sentence | save → page | beats drawn | paused copies then |",
             "|---|---|---|---|---|---|"]
    for (lesson, q), r in results.items():
        lines += [f"| {lesson} | {q} | {run['sentence']} | {run['total']:.2f} s | {run['drawn']} | "
                  f"{run['copies']} of {r['beats']} |" for run in r["runs"]]
    lines += ["", "| target (every lesson's edits together) | measured | met |", "|---|---|---|"]
    for q in dict.fromkeys(q for _, q in results):
        every = [run for (_, quality), r in results.items() if quality == q for run in r["runs"]]
        r = {"runs": every, "cold": max(r["cold"] for (_, quality), r in results.items() if quality == q)}
        totals = [run["total"] for run in r["runs"]]
        median, worst = statistics.median(totals), max(totals)
        if q == "low":
            lines.append(f"| low (preview quality): median ≤ 1.5 s | {median:.2f} s | "
                         f"{'yes' if median <= 1.5 else 'no'} |")
            lines.append(f"| low (preview quality): worst ≤ 3 s | {worst:.2f} s | "
                         f"{'yes' if worst <= 3 else 'no'} |")
        else:
            lines.append(f"| {q}: worst ≤ 10% of a cold {q} render ({r['cold']:.1f} s) | "
                         f"{worst:.2f} s = {worst / r['cold']:.1%} (median {median:.2f} s) | "
                         f"{'yes' if worst <= 0.1 * r['cold'] else 'no'} |")
    lines += ["", "Where the worst case's time went (s). Levelling (and the narration's encode) "
              "runs beside the drawing, so the stages add up to more than the total; watch is "
              "from the save to the render's start, browser from the published version to the "
              "page showing it.", "",
              "| lesson | quality | sentence | total | " + " | ".join(STAGES) + " |",
              "|---|---|---|---|" + "---|" * len(STAGES)]
    for (lesson, q), r in results.items():
        worst = max(r["runs"], key=lambda run: run["total"])
        lines.append(f"| {lesson} | {q} | {worst['sentence']} | {worst['total']:.2f} | "
                     + " | ".join(f"{worst['stages'][s]:.2f}" for s in STAGES) + " |")
        middle = {s: statistics.median(run["stages"][s] for run in r["runs"]) for s in STAGES}
        lines.append(f"| {lesson} | {q} | median of each stage | "
                     f"{statistics.median(run['total'] for run in r['runs']):.2f} | "
                     + " | ".join(f"{middle[s]:.2f}" for s in STAGES) + " |")
    lines += ["", "Reading:", ""]
    for (lesson, q), r in results.items():
        worst = max(r["runs"], key=lambda run: run["total"])
        st = worst["stages"]
        live = st["watch"] + st["page"] + st["browser"]
        lines.append(
            f"- {lesson}, {q}: the first edit found {r['runs'][0]['copies']} of {r['beats']} paused "
            f"copies made, and took {r['runs'][0]['total']:.1f} s. In the worst case drawing took {st['drawing']:.1f} s of "
            f"{worst['total']:.1f} s ({worst['drawn']} beat{'s' * (worst['drawn'] != 1)} of "
            f"{worst['sentence']}); the voice took {st['voice']:.1f} s before it, levelling and "
            f"the sound's encode {st['levelling']:.1f} s beside it; noticing the save, writing the "
            f"page and the page swapping the video in took {live:.2f} s together.")
    return "\n".join(lines + ["", END]) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--qualities", default="low,default")
    parser.add_argument("--voice", default="piper", choices=("piper", "flite"))
    parser.add_argument("--lessons", default="", help="only these lesson ids (default: every lesson of the course)")
    parser.add_argument("--sentences", default="", help="only these sentence ids; not written")
    parser.add_argument("--json", default="", help="also write every run's figures here")
    args = parser.parse_args()
    only = set(filter(None, args.sentences.split(",")))
    lessons = course_lessons()
    chosen = [x for x in args.lessons.split(",") if x] or list(lessons)
    unknown = [x for x in chosen if x not in lessons]
    if unknown:
        raise SystemExit(f"preview_bench: --lessons {','.join(unknown)}: not a lesson of course.yaml; "
                         f"give some of {', '.join(lessons)}")
    with tempfile.TemporaryDirectory(prefix="preview-bench-") as tmp:
        results = {(lesson, q): measure(lesson, lessons[lesson], q, args.voice, Path(tmp), only)
                   for lesson in chosen for q in args.qualities.split(",")}
    text = section(results, args.voice)
    if not only and not args.lessons:
        write_section(text, START, END)
    if args.json:
        Path(args.json).write_text(json.dumps({f"{k[0]} {k[1]}": v for k, v in results.items()},
                                              indent=1), encoding="utf-8")
    print(text)


if __name__ == "__main__":
    main()
