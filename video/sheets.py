"""Contact sheets: a beat's frames every quarter second on one PNG, labelled with the lesson time
and the word being said, so motion (not only a beat's last frame) can be reviewed at a glance."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from common.files import atomic_output
from common.settings import Quality
from scenes import scene_class
from scenes.adapter import FrameSink
from scenes.plan import RunPlan
from scenes.timing import scene_timing
from transcript.manifest import Manifest, TimedSentence
from video.scene_render import manim_config

STEP = 0.25  # seconds between a sheet's frames
THUMB_W = 320  # width of one frame on the sheet
COLUMNS = 6
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
INK, PAPER, MUTED = (232, 230, 227), (10, 11, 14), (138, 143, 152)


@dataclass
class Sampled:
    """Frames of one scene kept at chosen frame numbers (scene frames, 0 = the scene's first)."""

    wanted: set[int]
    frames: dict[int, np.ndarray] = field(default_factory=dict)
    first: np.ndarray | None = None
    last: np.ndarray | None = None


def sampling_sink(sampled: Sampled, shrink: int = 1) -> type[FrameSink]:
    """A FrameSink class keeping the frames `sampled.wanted` names (every `shrink`-th pixel),
    and the scene's first and last frame."""

    class SamplingSink(FrameSink):
        def emit(self, frame: np.ndarray, repeat: int) -> None:
            start = self.frames - repeat  # scene frame number of the first of these copies
            rgb = np.ascontiguousarray(frame[::shrink, ::shrink, :3])
            if sampled.first is None:
                sampled.first = rgb
            sampled.last = rgb
            for n in range(start, self.frames):
                if n in sampled.wanted:
                    sampled.frames[n] = rgb

    return SamplingSink


def sample_scene(scene_id: str, manifest: Manifest, quality: Quality, media_dir: Path,
                 frames: Iterable[int] = (), shrink: int = 1) -> Sampled:
    """Draw the whole scene, keeping the frames numbered in `frames` and its first and last."""
    fps = quality.fps
    sampled = Sampled(set(frames))
    with manim_config(quality, media_dir, scene_id):
        scene = scene_class(scene_id)(scene_timing(manifest, scene_id, fps),
                                      RunPlan.drawing(sink=sampling_sink(sampled, shrink)))
        scene.render()
    return sampled


def sheet_times(manifest: Manifest, scene_id: str, fps: int) -> dict[str, list[int]]:
    """Per beat of the scene, its frames (scene frame numbers) every STEP seconds from its start."""
    timing = scene_timing(manifest, scene_id, fps)
    out = {}
    for b in timing.beats:
        count = int(np.ceil((b.end - b.start) / fps / STEP))
        out[b.sentence_id] = sorted({min(b.end - 1, b.start + int(round(k * STEP * fps)))
                                     for k in range(count)})
    return out


def said_at(sentence: TimedSentence, t: float) -> str:
    """The word the voice is saying (or last said) at lesson time `t`, '' before the first."""
    said = [w.text for w in sentence.words if w.start <= t + 1e-6]
    return said[-1] if said else ""


def compose(sentence: TimedSentence, shots: list[tuple[float, np.ndarray]]) -> Image.Image:
    """One sheet: the sentence's id and text on top, then the frames in rows, each labelled with
    its lesson time and the word being said."""
    font, small = ImageFont.truetype(FONT, 18), ImageFont.truetype(FONT, 14)
    h, w = shots[0][1].shape[:2]
    tw, th = THUMB_W, int(round(THUMB_W * h / w))
    pad, label_h, head_h = 6, 20, 56
    rows = -(-len(shots) // COLUMNS)
    sheet = Image.new("RGB", (COLUMNS * (tw + pad) + pad, head_h + rows * (th + label_h + pad)),
                      PAPER)
    draw = ImageDraw.Draw(sheet)
    draw.text((pad, 6), f"{sentence.id}  ({shots[0][0]:.2f} s on)", font=font,
              fill=INK)
    draw.text((pad, 30), _clip(sentence.text, 150), font=small, fill=MUTED)
    for k, (t, frame) in enumerate(shots):
        x = pad + (k % COLUMNS) * (tw + pad)
        y = head_h + (k // COLUMNS) * (th + label_h + pad)
        sheet.paste(Image.fromarray(frame).resize((tw, th), Image.Resampling.BILINEAR), (x, y + label_h))
        draw.text((x, y + 2), f"{t:6.2f} s  {_clip(said_at(sentence, t), 28)}", font=small,
                  fill=INK)
    return sheet


def write_sheets(scene_id: str, manifest: Manifest, quality: Quality, out_dir: Path,
                 media_dir: Path) -> list[Path]:
    """A contact sheet per beat of the scene, `out_dir/<scene>--<sentence>.png`."""
    fps = quality.fps
    times = sheet_times(manifest, scene_id, fps)
    sampled = sample_scene(scene_id, manifest, quality, media_dir,
                           {n for frames in times.values() for n in frames})
    start = manifest.scene_span(scene_id).start
    written = []
    for sid, frames in times.items():
        shots = [(start + n / fps, sampled.frames[n]) for n in frames]
        out = out_dir / f"{scene_id}--{sid}.png"
        out.parent.mkdir(parents=True, exist_ok=True)
        with atomic_output(out) as tmp:
            compose(manifest.sentence(sid), shots).save(tmp, format="PNG")
        written.append(out)
    return written


def _clip(text: str, n: int) -> str:
    return text if len(text) <= n else text[:n - 1] + "…"
