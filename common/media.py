"""The one way the project runs ffmpeg and ffprobe: errors say what was being made, the command,
and ffmpeg's own last lines, which is what a user needs to fix a file."""

from __future__ import annotations

import json
import shlex
import subprocess
from functools import cache
from pathlib import Path


class MediaError(RuntimeError):
    """ffmpeg or ffprobe failed, or is not installed."""


YIELD = ["nice", "-n", "10"]  # a tool run beside the drawing leaves it the processors first


def run_tool(cmd: list[str], what: str, *, stdin: bytes | None = None,
             check: bool = True, yielding: bool = False) -> subprocess.CompletedProcess:
    """Run `cmd` (ffmpeg, ffprobe, flite...) and return it, stdout and stderr as bytes; raise
    MediaError naming `what` it was doing, the command and its last lines when it fails (or,
    with `check` off, only when it is not installed). `yielding`: at a lower priority, for work
    done beside the drawing of the video, which a render waits on.

    The tool runs in a session of its own: Ctrl-C at a terminal reaches only the project's own
    process, which stops its tools itself, so no tool dies first and fails the run with its own
    error where the user asked to interrupt it."""
    try:
        done = subprocess.run([*YIELD, *cmd] if yielding else cmd, input=stdin,
                              capture_output=True, start_new_session=True,
                              stdin=None if stdin is not None else subprocess.DEVNULL)
    except FileNotFoundError:
        raise MediaError(f"{what}: {cmd[0]} is not installed; run ./lesson, which installs it") from None
    if check and done.returncode != 0:
        tail = "\n  ".join(done.stderr.decode(errors="replace").strip().splitlines()[-6:])
        raise MediaError(f"{what}: {cmd[0]} failed (exit {done.returncode}): {_short(cmd)}\n  {tail}")
    return done


def ffmpeg(*args: str, what: str, stdin: bytes | None = None,
           yielding: bool = False) -> subprocess.CompletedProcess:
    """ffmpeg with `args` (no banner, never reading the terminal)."""
    return run_tool(["ffmpeg", "-nostdin", "-hide_banner", *args], what, stdin=stdin,
                    yielding=yielding)


def ffprobe_json(path: Path, *args: str, what: str | None = None) -> dict:
    """ffprobe's JSON answer about `path` for `args` (e.g. "-show_streams")."""
    done = run_tool(["ffprobe", "-v", "error", *args, "-of", "json", str(path)],
                    what or f"reading {path}")
    return json.loads(done.stdout)


@cache
def ffmpeg_version() -> str:
    """ffmpeg's first version line: part of every cache key of encoded media."""
    out = run_tool(["ffmpeg", "-version"], "asking ffmpeg its version").stdout.decode()
    return out.splitlines()[0] if out else "unknown"


def _short(cmd: list[str]) -> str:
    text = shlex.join(cmd)
    return text if len(text) <= 300 else text[:297] + "..."
