"""The player page's weight and its time to the video's first frame, for one build folder or two
(before and after a change to the page).

Each build is served on loopback by the project's own server (player/server.py, byte ranges and
all) and opened in a fresh headless Chromium context (nothing cached) at 1280x800. The weight is
the bytes of every file the page loads but the video, as the browser accounts them (Resource
Timing: the page, its scripts, stylesheets, poster and track files); the first frame is from
navigation to the first frame presented after `play()` (streaming_bench.PLAY). Writes its own
section of bench/RESULTS.md. Usage:
python bench/page_bench.py --build DIR [--before DIR] [--runs 5] [--note TEXT]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from results import write_section  # noqa: E402  (beside this script)
from streaming_bench import PLAY  # noqa: E402

START, END = "<!-- page-bench:start -->", "<!-- page-bench:end -->"
CHROMIUM = "/usr/bin/chromium-headless-shell"


def measure(browser, url: str) -> tuple[int, int, float]:
    """(bytes, responses, ms to the first frame) of one fresh visit to `url`."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(url, wait_until="load")
    first_frame = page.evaluate(PLAY)
    page.evaluate("document.querySelector('video[data-player]').pause()")
    page.wait_for_load_state("networkidle")
    # The browser's own account of what it fetched (Resource Timing): the page and every file
    # it loaded but the video, whose ranged requests are the media, not the page.
    sizes = page.evaluate("""() => [
        ...performance.getEntriesByType('navigation'),
        ...performance.getEntriesByType('resource').filter(e => !new URL(e.name).pathname.endsWith('.mp4')),
    ].map(e => e.decodedBodySize)""")
    context.close()
    return sum(sizes), len(sizes), first_frame


def run(builds: dict[str, Path], runs: int) -> list[dict]:
    """The median of `runs` visits to each build's index.html."""
    from playwright.sync_api import sync_playwright

    from player.server import make_server

    rows = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM,
                                    args=["--no-sandbox", "--autoplay-policy=no-user-gesture-required"])
        for label, build in builds.items():
            server = make_server(build, 0)
            threading.Thread(target=server.serve_forever, daemon=True).start()
            url = f"http://127.0.0.1:{server.server_address[1]}/index.html"
            try:
                visits = [measure(browser, url) for _ in range(runs)]
            finally:
                server.shutdown()
                server.server_close()
            rows.append({"label": label, "bytes": statistics.median(v[0] for v in visits),
                         "responses": statistics.median(v[1] for v in visits),
                         "first_frame": statistics.median(v[2] for v in visits)})
        browser.close()
    return rows


def section(rows: list[dict], runs: int, note: str) -> str:
    lines = [START, "## Player page: weight and first frame", "",
             f"{date.today()}, loopback, headless Chromium at 1280x800, median of {runs} fresh visits"
             " (bench/page_bench.py).", "",
             "| build | page weight (no media) | responses | navigation to first frame |",
             "|---|---|---|---|"]
    for r in rows:
        lines.append(f"| {r['label']} | {r['bytes'] / 1024:.0f} KiB | {r['responses']:.0f} |"
                     f" {r['first_frame']:.0f} ms |")
    if note:
        lines += ["", note]
    return "\n".join([*lines, END]) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", type=Path, default=ROOT / "build" / "attention",
                        help="the lesson's build folder (default: build/attention/)")
    parser.add_argument("--before", type=Path, help="a build folder of the page before the change")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--note", default="")
    args = parser.parse_args()
    builds = {"before": args.before} if args.before else {}
    builds["after" if args.before else "this build"] = args.build
    rows = run(builds, args.runs)
    write_section(section(rows, args.runs, args.note), START, END)
    print(section(rows, args.runs, args.note))


if __name__ == "__main__":
    main()
