"""How soon the lesson video plays over a slow link: time to its first frame and to a seek at 100 s.

Headless Chromium opens the player page from `./lesson serve` (render.py serve) through a
throttling proxy on loopback that this script starts (a fixed rate shared by every connection,
from the server to the browser), at each rate, each time in a fresh browser context (nothing
cached). Each video is measured against the same file remuxed by `ffmpeg -c copy -movflags
+faststart` (the floor: index in front, packets interleaved by ffmpeg), and reported as a ratio
to it. Writes its own section of bench/RESULTS.md. Usage: python bench/streaming_bench.py
[--build DIR] [--before OLD.mp4] (a former lesson.mp4, measured too) [--rates 2,10] (Mbps)
[--runs 3] [--note TEXT] (a reading added below the table)
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from contextlib import ExitStack, contextmanager
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from results import write_section  # noqa: E402  (beside this script)

START, END = "<!-- streaming-bench:start -->", "<!-- streaming-bench:end -->"
CHROMIUM = "/usr/bin/chromium"
SEEK_TO = 100.0  # seconds into the lesson
CHUNK = 16 * 1024  # bytes the proxy forwards at a time
TIMEOUT_MS = 300_000

# From navigation to playback under way (`playing`, then a frame presented), then from setting
# currentTime to the first frame presented at the new time; both in ms on the page's clock.
PLAY = """() => new Promise((resolve, reject) => {
  const v = document.querySelector('video[data-player]');
  v.muted = true;
  v.addEventListener('playing', () => v.requestVideoFrameCallback(() => resolve(performance.now())),
                     {once: true});
  v.play().catch(reject);
})"""
SEEK = """(to) => new Promise(resolve => {
  const v = document.querySelector('video[data-player]');
  const t0 = performance.now();
  const frame = (now, meta) => meta.mediaTime >= to - 0.5 ? resolve(performance.now() - t0)
                                                          : v.requestVideoFrameCallback(frame);
  v.addEventListener('seeked', () => v.requestVideoFrameCallback(frame), {once: true});
  v.currentTime = to;
})"""


class Link:
    """A link of `rate` bytes per second from the server to the browser, shared by every
    connection through it, as a slow home or mobile connection is."""

    def __init__(self, rate: float) -> None:
        self.rate, self._free, self._lock = rate, 0.0, threading.Lock()

    def send(self, sock: socket.socket, data: bytes) -> None:
        with self._lock:
            start = max(time.monotonic(), self._free)
            self._free = start + len(data) / self.rate
        time.sleep(max(0.0, start + len(data) / self.rate - time.monotonic()))
        sock.sendall(data)


@contextmanager
def throttled(port: int, rate: float):
    """A proxy on [::1]:`port` to the server on 127.0.0.1:`port` (the same port, so that the
    browser's Host header names the server as it expects), throttled to `rate` bytes/s."""
    link = Link(rate)
    listener = socket.create_server(("::1", port), family=socket.AF_INET6)
    stopping = threading.Event()

    def pipe(src: socket.socket, dst: socket.socket, slow: bool) -> None:
        try:
            while data := src.recv(CHUNK):
                link.send(dst, data) if slow else dst.sendall(data)
        except OSError:
            pass
        finally:
            for s in (src, dst):
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def accept() -> None:
        while not stopping.is_set():
            try:
                client, _ = listener.accept()
            except OSError:
                return
            server = socket.create_connection(("127.0.0.1", port))
            threading.Thread(target=pipe, args=(client, server, False), daemon=True).start()
            threading.Thread(target=pipe, args=(server, client, True), daemon=True).start()

    threading.Thread(target=accept, daemon=True).start()
    try:
        yield f"http://[::1]:{port}/index.html"
    finally:
        stopping.set()
        listener.shutdown(socket.SHUT_RDWR)  # wakes the accept, which holds the port until then
        listener.close()


def free_port() -> int:
    """A port free on both loopback addresses."""
    while True:
        with socket.create_server(("::1", 0), family=socket.AF_INET6) as six:
            port = six.getsockname()[1]
            try:
                with socket.create_server(("127.0.0.1", port)):
                    return port
            except OSError:
                continue


@contextmanager
def served(folder: Path):
    """`render.py serve` on `folder`, on a port whose [::1] twin is free for the proxy."""
    port = free_port()
    server = subprocess.Popen([sys.executable, str(ROOT / "render.py"), "serve", "--build", str(folder),
                               "--port", str(port)], stdout=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        assert server.stdout is not None
        line = server.stdout.readline()  # printed once it listens
        if "serving" not in line:
            sys.exit(f"render.py serve did not start: {line!r}")
        yield port
    finally:
        server.terminate()
        server.wait()


def site(build: Path, video: Path, folder: Path) -> Path:
    """The build's page and files (not its cache) in `folder`, with `video` as lesson.mp4."""
    shutil.copytree(build, folder, ignore=shutil.ignore_patterns("cache", "lesson.mp4"),
                    copy_function=os.link)
    os.link(video, folder / "lesson.mp4")
    return folder


def measure(browser, url: str) -> tuple[float, float]:
    """Seconds to the first frame and to a frame at SEEK_TO, in a fresh context."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(url, wait_until="commit")
    page.wait_for_selector("video[data-player]", state="attached")
    first = page.evaluate(PLAY) / 1000
    seek = page.evaluate(SEEK, SEEK_TO) / 1000
    context.close()
    return first, seek


def run(build: Path, videos: dict[str, Path], rates: list[float], runs: int) -> list[dict]:
    """Each video at each rate `runs` times, the videos taking turns (a change in the machine's
    load falls on all of them alike)."""
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(dir=build.parent) as tmp, ExitStack() as stack:
        floor = Path(tmp) / "floor.mp4"
        subprocess.run(["ffmpeg", "-v", "error", "-i", str(videos["lesson.mp4"]), "-c", "copy",
                        "-movflags", "+faststart", str(floor)], check=True)
        videos = {**videos, "floor": floor}
        ports = {label: stack.enter_context(served(site(build, video, Path(tmp) / label)))
                 for label, video in videos.items()}
        p = stack.enter_context(sync_playwright())
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True,
                                    args=["--no-sandbox", "--disable-gpu",
                                          "--autoplay-policy=no-user-gesture-required"])
        rows = {(label, rate): {"video": label, "bytes": video.stat().st_size, "rate": rate,
                                "first": [], "seek": []}
                for rate in rates for label, video in videos.items()}
        for rate in rates:
            for _ in range(runs):
                for label in videos:
                    with throttled(ports[label], rate * 1e6 / 8) as url:
                        first, seek = measure(browser, url)
                    rows[label, rate]["first"].append(first)
                    rows[label, rate]["seek"].append(seek)
        browser.close()
    for row in rows.values():
        print(row, flush=True)
    return sorted(rows.values(), key=lambda r: (list(videos).index(r["video"]), r["rate"]))


def picture(video: Path) -> str:
    """'854x480, 129 s': the video's frame size and length."""
    probe = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries",
                            "stream=width,height:format=duration", "-of", "default=nw=1:nk=1", str(video)],
                           check=True, capture_output=True, text=True).stdout.split()
    return f"{probe[0]}x{probe[1]}, {float(probe[2]):.0f} s"


def report(rows: list[dict], runs: int, video: Path, note: str | None) -> str:
    floors = {r["rate"]: r for r in rows if r["video"] == "floor"}
    lines = [
        START,
        "## Streaming: first frame and seek over a slow link",
        "",
        f"Measured {date.today().isoformat()} by `python bench/streaming_bench.py` on {os.cpu_count()} "
        f"cores, Python {platform.python_version()}, headless Chromium; load average "
        f"{os.getloadavg()[0]:.1f} at the end. The player page from `render.py serve` through a "
        "throttling proxy on loopback (the rate shared by every connection); the median of "
        f"{runs} fresh browser contexts. First frame: from navigation to playback under way; seek: "
        f"from setting the time to {SEEK_TO:g} s to a frame shown there. Floor: the same file "
        f"remuxed by `ffmpeg -c copy -movflags +faststart`. The build's video: {picture(video)}.",
        "",
        "| video | size | link | first frame | × floor | seek to 100 s | × floor |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        f, s = statistics.median(r["first"]), statistics.median(r["seek"])
        floor = floors[r["rate"]]
        ff, fs = statistics.median(floor["first"]), statistics.median(floor["seek"])
        lines.append(f"| {r['video']} | {r['bytes'] / 1e6:.2f} MB | {r['rate']:g} Mbps | {f:.2f} s | "
                     f"{f / ff:.2f} | {s:.2f} s | {s / fs:.2f} |")
    lines += ["", f"Reading: {note}"] if note else []
    lines += ["", END, ""]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", type=Path, default=ROOT / "build")
    parser.add_argument("--before", type=Path, help="a former lesson.mp4 to measure as well")
    parser.add_argument("--rates", default="2,10", help="link rates in Mbps (default: 2,10)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--note", help="a reading of the figures, written below the table")
    args = parser.parse_args()
    build = args.build.resolve()
    if not (build / "index.html").exists() or not (build / "lesson.mp4").exists():
        sys.exit(f"{build} lacks index.html or lesson.mp4; run `./lesson render` (or pass --build)")
    videos = {"before": args.before.resolve()} if args.before else {}
    videos["lesson.mp4"] = build / "lesson.mp4"
    rows = run(build, videos, [float(r) for r in args.rates.split(",")], args.runs)
    text = report(rows, args.runs, videos["lesson.mp4"], args.note)
    write_section(text, START, END)
    print(text)


if __name__ == "__main__":
    main()
