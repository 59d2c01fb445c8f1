"""What the docs' screenshot scripts share: the two page sizes, headless Chromium, and how a
picture of part of the page is cropped and saved small enough to keep in the repository."""

from __future__ import annotations

import argparse
import io
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from PIL import Image
from playwright.sync_api import Browser, Page, sync_playwright

DOCS = Path(__file__).resolve().parent
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}


def page_url(description: str) -> str:
    """The file URL of the built page named by `--build` (default build/)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--build", type=Path, default=DOCS.parent / "build")
    return (parser.parse_args().build / "index.html").resolve().as_uri()


@contextmanager
def chromium(*args: str) -> Iterator[Browser]:
    """Headless Chromium, the system's, with `args` added to its command line."""
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True,
                                    args=["--no-sandbox", "--disable-gpu", *args])
        try:
            yield browser
        finally:
            browser.close()


def small_png(data: bytes, width: int) -> bytes:
    """The screenshot at `width` pixels wide, in a 256-colour palette: a few dozen kilobytes."""
    image = Image.open(io.BytesIO(data)).convert("RGB")
    if image.width > width:
        image = image.resize((width, round(image.height * width / image.width)), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    image.quantize(colors=256, method=Image.Quantize.MEDIANCUT).save(out, "PNG", optimize=True)
    return out.getvalue()


def save(page: Page, name: str, size: str, top: float, bottom: float) -> None:
    """The page from `top` to `bottom` (page pixels, with a margin) as docs/<name>-<size>.png."""
    width = SIZES[size][0]
    shot = page.screenshot(full_page=True, clip={"x": 0, "y": max(0, top - 12), "width": width,
                                                 "height": bottom - top + 24})
    out = DOCS / f"{name}-{size}.png"
    out.write_bytes(small_png(shot, 1000 if size == "desktop" else width))
    print(out, out.stat().st_size // 1024, "KiB")
