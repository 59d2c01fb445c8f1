"""Screenshots of the lesson's checks, desktop and phone, for docs/player.md.

Drives a rendered build (`--build`, default build/) in headless Chromium as a learner would:
plays into each check, then picks an option (the prediction), answers wrong (the what-if), or does
the task in the explore panel with the edit the build's data suggests. Writes docs/checks-*.png.
Usage: python docs/checks_screenshots.py [--build DIR]
"""

from __future__ import annotations

from shots import SIZES, chromium, page_url, save

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
    url = page_url(__doc__.splitlines()[0])
    with chromium("--autoplay-policy=no-user-gesture-required") as browser:
        for size, (width, height) in SIZES.items():
            context = browser.new_context(viewport={"width": width, "height": height},
                                          device_scale_factor=1, reduced_motion="reduce")
            page = context.new_page()
            page.goto(url)
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
                save(page, f"checks-{name}", size, box["top"], box["bottom"])
                page.keyboard.press("Escape")
                page.evaluate("() => document.querySelector('video').pause()")
            context.close()


if __name__ == "__main__":
    main()
