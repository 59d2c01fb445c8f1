"""Running a scene without pixels, with Manim's own mobject copy and with scenes/fastcopy's.

To redraw one edited beat the renderer first runs the scene's earlier beats without drawing
(`scene_timeline`); most of that time went into copying mobjects. For every scene, in one
process, the run is timed both ways in alternation (best of `--repeats`, after a warm-up run
that builds the texts and formulas), and the two runs' timelines must be equal. With `--draw`,
each whole scene is also drawn both ways, and with `--render` the whole lesson is rendered cold
both ways (low quality, flite, `--jobs 1` so that every scene is drawn in the process whose copy
is chosen); the videos must be the same bytes. Writes its own section of bench/RESULTS.md.
Usage: python bench/skip_bench.py [--build build] [--repeats 5] [--draw] [--render]
"""

from __future__ import annotations

import argparse
import hashlib
import os
import platform
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from results import write_section  # noqa: E402  (beside this script)

from common.settings import QUALITIES  # noqa: E402
from scenes import fastcopy, scene_ids  # noqa: E402
from transcript.manifest import read_manifest  # noqa: E402
from video.scene_render import render_scene, scene_timeline  # noqa: E402

# `render.py` in a process of its own whose mobjects copy one way or the other.
RENDER = ("import sys\nfrom scenes import fastcopy\nif sys.argv.pop(1) == 'manim':\n"
          "    fastcopy.uninstall()\nimport render\nsys.exit(render.main(sys.argv[1:]))")
START, END = "<!-- skip-bench:start -->", "<!-- skip-bench:end -->"
LOW = QUALITIES["low"]


@contextmanager
def copying(way: str) -> Iterator[None]:
    """Mobjects copied Manim's way ("manim") or scenes/fastcopy's ("fast") inside the block."""
    if way == "manim":
        fastcopy.uninstall()
    try:
        yield
    finally:
        fastcopy.install()


def skip_runs(manifest, media: Path, repeats: int) -> list[dict]:
    rows = []
    for scene_id in scene_ids():
        best = {"manim": float("inf"), "fast": float("inf")}
        timelines = {}
        for round_ in range(repeats + 1):  # round 0 warms up: texts and formulas get built
            for way in ("manim", "fast"):
                start = time.perf_counter()
                with copying(way):
                    scene = scene_timeline(scene_id, manifest, LOW, media, inspect=False)
                seconds = time.perf_counter() - start
                timelines[way] = (scene.frame, scene.timeline)
                if round_:
                    best[way] = min(best[way], seconds)
        if timelines["manim"] != timelines["fast"]:
            sys.exit(f"scene {scene_id}: the two copies gave different timelines")
        rows.append({"scene": scene_id, **best})
        print(f"{scene_id:24s} {best['manim']:.2f} s -> {best['fast']:.2f} s", flush=True)
    return rows


def draws(manifest, media: Path, out: Path) -> list[dict]:
    rows = []
    for i, scene_id in enumerate(scene_ids()):
        row: dict = {"scene": scene_id}
        digests = set()
        for way in ("manim", "fast") if i % 2 == 0 else ("fast", "manim"):  # neither always first
            video = out / f"{scene_id}-{way}.mp4"
            start = time.perf_counter()
            with copying(way):
                render_scene(scene_id, manifest, LOW, video, media)
            row[way] = time.perf_counter() - start
            digests.add(hashlib.sha256(video.read_bytes()).hexdigest())
        if len(digests) != 1:
            sys.exit(f"scene {scene_id}: the two copies drew different videos")
        rows.append(row)
        print(f"{scene_id:24s} drawn {row['manim']:.1f} s -> {row['fast']:.1f} s", flush=True)
    return rows


def cold_renders(out: Path) -> dict:
    row: dict = {"scene": "whole lesson, cold (`render --jobs 1`)"}
    digests = set()
    for way in ("manim", "fast"):
        build = out / f"render-{way}"
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", RENDER, way, "render", "--quality", "low", "--voice",
                        "flite", "--jobs", "1", "--build", str(build)], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
        row[way] = time.perf_counter() - start
        digests.add(hashlib.sha256((build / "attention" / "lesson.mp4").read_bytes()).hexdigest())
    if len(digests) != 1:
        sys.exit("the two copies rendered different lesson videos")
    row["sha256"] = digests.pop()
    print(f"cold render {row['manim']:.1f} s -> {row['fast']:.1f} s", flush=True)
    return row


def table(rows: list[dict], unit: str) -> list[str]:
    lines = [f"| scene | Manim's copy | fast copy | {unit} |", "|---|---|---|---|"]
    for r in rows:
        lines.append(f"| {r['scene']} | {r['manim']:.2f} s | {r['fast']:.2f} s | "
                     f"{r['manim'] / r['fast']:.2f}× |")
    manim, fast = sum(r["manim"] for r in rows), sum(r["fast"] for r in rows)
    lines.append(f"| all scenes | {manim:.2f} s | {fast:.2f} s | {manim / fast:.2f}× |")
    return lines


def section(skips: list[dict], drawn: list[dict] | None, cold: dict | None, repeats: int) -> str:
    cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")),
               platform.processor())
    lines = [START, "## Running a scene without pixels: Manim's mobject copy against scenes/fastcopy", "",
             f"Measured {date.today().isoformat()} by `python bench/skip_bench.py` on {os.cpu_count()} "
             f"cores ({cpu}), Python {platform.python_version()}; load average at the end "
             f"{os.getloadavg()[0]:.1f} (the machine is shared). Low quality, one process, the two "
             f"ways in alternation, best of {repeats} after a warm-up; the two runs' timelines are "
             "equal in every scene.", "",
             *table(skips, "faster"), ""]
    if drawn is not None:
        lines += ["Drawing each whole scene (what a cold render does), once each way; the two "
                  "videos are the same bytes in every scene:", "", *table(drawn, "faster"), ""]
    if cold is not None:
        lines += [f"The whole lesson rendered cold with `--jobs 1`, so every scene is drawn in the "
                  f"process whose copy was chosen (narration, drawing, player, clips): {cold['manim']:.1f} s with Manim's copy, {cold['fast']:.1f} s with "
                  f"fastcopy ({cold['manim'] / cold['fast']:.2f}×); lesson.mp4 the same bytes "
                  f"both ways (sha256 {cold['sha256'][:16]}…).", ""]
    lines += [
        "Reading:", "",
        "- Every Transform, fade and `generate_target` copies its mobjects, and a text's copy "
        "would walk thousands of small objects: the parsed SVG path each glyph keeps "
        "(segments, points, colours, matrices), which Manim reads only when it builds the "
        "glyph. scenes/fastcopy lets a copy share that path with its original, copies the "
        "rest by `copy`'s own rules without its general dispatch, and pauses the cycle "
        "collector while it copies, whose passes over the new objects cost nearly what the "
        "copy itself did.",
        "- The videos are the same bytes either way: the test compares each copy, part by "
        "part, with Manim's own copy told to share the same paths.",
        "", END]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", type=Path, default=ROOT / "build" / "attention",
                        help="the lesson's build folder (default: build/attention/)")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--draw", action="store_true", help="also draw each scene both ways")
    parser.add_argument("--render", action="store_true", help="also render the lesson cold both ways")
    args = parser.parse_args()
    lesson_json = args.build / "lesson.json"
    if not lesson_json.exists():
        sys.exit(f"{lesson_json} does not exist; run `./lesson render --quality low` (or pass --build)")
    manifest = read_manifest(lesson_json)
    with tempfile.TemporaryDirectory(prefix="skip-bench-") as tmp:
        media = Path(tmp) / "media"
        skips = skip_runs(manifest, media, args.repeats)
        drawn = draws(manifest, media, Path(tmp)) if args.draw else None
        cold = cold_renders(Path(tmp)) if args.render else None
    text = section(skips, drawn, cold, args.repeats)
    write_section(text, START, END)
    print(text)


if __name__ == "__main__":
    main()
