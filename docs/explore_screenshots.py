"""Screenshots of the explore panel at three beats, desktop and phone, for the README.

Drives a rendered build (`--build`, default build/) in headless Chromium as a learner would:
seek to late in a beat, press E, and (for one) swap a word. Writes docs/explore-*.png.
Usage: python docs/explore_screenshots.py [--build DIR]
"""

from __future__ import annotations

import argparse
import io
from pathlib import Path

from PIL import Image
from playwright.sync_api import sync_playwright

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
SHOTS = [  # (name, sentence id, a word to swap in at position 2 or None, the cell to hover)
    ("scores", "adjectives-score-high", None, "scores-3-1"),
    ("softmax-red", "weights-for-fluffy-and-blue", "red", "weights-3-2"),
    ("weighted-sum", "encodes-a-fluffy-blue-one", None, "output-3-2"),
]
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}


def small_png(data: bytes, width: int) -> bytes:
    """The screenshot at `width` pixels wide, in a 256-colour palette: a few dozen kilobytes."""
    image = Image.open(io.BytesIO(data)).convert("RGB")
    if image.width > width:
        image = image.resize((width, round(image.height * width / image.width)), Image.LANCZOS)
    out = io.BytesIO()
    image.quantize(colors=256, method=Image.Quantize.MEDIANCUT).save(out, "PNG", optimize=True)
    return out.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", type=Path, default=ROOT / "build")
    args = parser.parse_args()
    page_url = (args.build / "index.html").resolve().as_uri()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True,
                                    args=["--no-sandbox", "--disable-gpu"])
        for size, (width, height) in SIZES.items():
            page = browser.new_page(viewport={"width": width, "height": height},
                                    device_scale_factor=1)
            for name, sentence, swap, hover in SHOTS:
                page.goto("about:blank")
                page.goto(f"{page_url}#s={sentence}")
                page.wait_for_function("document.querySelector('video').readyState >= 1")
                end = page.evaluate("""id => { const d = JSON.parse(document.getElementById('lesson-data').textContent);
                    const i = d.sentences.findIndex(s => s.id === id);
                    return i + 1 < d.sentences.length ? d.sentences[i + 1].start : d.duration; }""", sentence)
                page.evaluate("t => { document.querySelector('video').currentTime = t; }", end - 0.4)
                page.wait_for_function("() => { const v = document.querySelector('video');"
                                       " return v.readyState >= 3 && !v.seeking; }")
                page.wait_for_timeout(800)  # the spinner and the controls fade
                page.keyboard.press("e")
                page.wait_for_selector("#explore:not([hidden])")
                if swap:
                    page.select_option('#explore select[data-word="2"]', swap)
                page.evaluate("() => document.activeElement.blur()")
                page.hover(f'#explore [data-cell="{hover}"]')
                page.wait_for_timeout(300)
                top = page.evaluate("() => document.querySelector('.video-frame').getBoundingClientRect().top + scrollY")
                bottom = page.evaluate("() => document.querySelector('#explore').getBoundingClientRect().bottom + scrollY")
                shot = page.screenshot(full_page=True, clip={"x": 0, "y": max(0, top - 12), "width": width,
                                                             "height": bottom - top + 24})
                out = DOCS / f"explore-{name}-{size}.png"
                out.write_bytes(small_png(shot, 1000 if size == "desktop" else width))
                print(out, out.stat().st_size // 1024, "KiB")
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
