"""Screenshots of the lesson's checks, desktop and phone, for the README.

Drives a rendered build (`--build`, default build/) in headless Chromium as a learner would:
plays into each check, then picks an option (the prediction), answers wrong (the what-if), or does
the task in the explore panel with the edit the build's data suggests. Writes docs/checks-*.png.
Usage: python docs/checks_screenshots.py [--build DIR]
"""

from __future__ import annotations

import argparse
from pathlib import Path

from explore_screenshots import SIZES, small_png
from playwright.sync_api import sync_playwright

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent

PLAY_INTO = """async id => {
  const d = JSON.parse(document.getElementById('lesson-data').textContent);
  const c = d.checks.find(x => x.id === id);
  const end = d.sentences.find(s => s.id === c.sentence).end;
  const v = document.querySelector('video');
  v.muted = true;
  v.currentTime = end - 0.5;
  await v.play();
  return c;
}"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", type=Path, default=ROOT / "build")
    args = parser.parse_args()
    page_url = (args.build / "index.html").resolve().as_uri()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True,
                                    args=["--no-sandbox", "--disable-gpu",
                                          "--autoplay-policy=no-user-gesture-required"])
        for size, (width, height) in SIZES.items():
            context = browser.new_context(viewport={"width": width, "height": height},
                                          device_scale_factor=1, reduced_motion="reduce")
            page = context.new_page()
            page.goto(page_url)
            page.wait_for_function("document.querySelector('video').readyState >= 1")
            ids = page.evaluate("() => JSON.parse(document.getElementById('lesson-data').textContent)"
                                ".checks.map(c => [c.id, c.kind])")
            for check_id, kind in ids:
                check = page.evaluate(PLAY_INTO, check_id)
                page.wait_for_selector("#check:not([hidden])")
                # captions off: the pictures show the check, and a cue of the moment would sit
                # over the scene's labels in one picture and not in another
                page.evaluate("() => { for (const t of document.querySelector('video').textTracks) "
                              "if (t.mode === 'showing') t.mode = 'hidden'; }")
                page.wait_for_timeout(900)  # the spinner and the controls fade
                if kind == "predict":
                    page.click(f"#check label.check-option:has-text('{check['answer']}')")
                    name = "predict"
                elif kind == "what-if":
                    wrong = next(o for o in check["options"] if o != check["answer"])
                    page.click(f"#check label.check-option:has-text('{wrong}')")
                    page.click("#check .check-answer")
                    name = "what-if-wrong"
                else:
                    e = check["example"]
                    page.fill(f'#explore input[data-m="{e["matrix"]}"][data-i="{e["row"]}"]'
                              f'[data-j="{e["col"]}"]', str(e["value"]))
                    page.click("#check .check-answer")
                    name = "task-right"
                page.evaluate("() => document.activeElement.blur()")
                page.mouse.move(0, 0)
                page.wait_for_timeout(300)
                box = page.evaluate("""() => {
                    const r = (s) => document.querySelector(s).getBoundingClientRect();
                    return {top: r('.video-frame').top + scrollY,
                            bottom: Math.max(r('.video-frame').bottom, r('#check').bottom) + scrollY}; }""")
                shot = page.screenshot(full_page=True, clip={"x": 0, "y": max(0, box["top"] - 12), "width": width,
                                                             "height": box["bottom"] - box["top"] + 24})
                out = DOCS / f"checks-{name}-{size}.png"
                out.write_bytes(small_png(shot, 1000 if size == "desktop" else width))
                print(out, out.stat().st_size // 1024, "KiB")
                page.keyboard.press("Escape")
                page.evaluate("() => document.querySelector('video').pause()")
            context.close()
        browser.close()


if __name__ == "__main__":
    main()
