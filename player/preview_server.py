"""The live preview's server: the build folder, each published version of the page with the
live-reload script added as it is served, and a status channel that script waits on.

Nothing here is written into the build: its own pages never carry the script.
"""

from __future__ import annotations

import io
import json
import os
import threading
from http import HTTPStatus
from importlib import resources
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from common.paths import BuildPaths
from player.server import PreviewServer, RangeRequestHandler

PREFIX = "__preview"  # URL folder of the versions, the script and the status
POLL_SECONDS = 15.0  # a status request is answered at once when something changed, else after this
SCRIPT = "live.js"


def version_folder(build: BuildPaths, version: int) -> Path:
    """Where version `version` of the video, tracks and page is published."""
    return build.cache / "preview" / str(version)


def version_url(version: int) -> str:
    """The same folder as a URL relative to the page."""
    return f"{PREFIX}/{version}"


class PreviewStatus:
    """What the page's status line shows: rendering, updated (with the new version), or an error.

    Every change bumps `seq`; `wait(since)` returns as soon as `seq` has moved past `since`.
    """

    def __init__(self) -> None:
        self._changed = threading.Condition()
        self._seq = 0
        self._data: dict = {"state": "starting", "version": None, "error": None, "seconds": None}

    def set(self, **changes) -> None:
        with self._changed:
            self._data.update(changes)
            self._seq += 1
            self._changed.notify_all()

    def snapshot(self) -> dict:
        with self._changed:
            return {**self._data, "seq": self._seq}

    def wait(self, since: int, timeout: float = POLL_SECONDS) -> dict:
        with self._changed:
            self._changed.wait_for(lambda: self._seq != since, timeout)
            return {**self._data, "seq": self._seq}


def live_page(page: str, status: dict) -> str:
    """`page` with the live-reload script added before `</body>` (or a waiting page without one)."""
    tag = f'<script src="{PREFIX}/{SCRIPT}" data-version="{status["version"]}"></script>\n'
    if "</body>" not in page:
        page = ('<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
                '<title>Lesson preview</title>\n<link rel="icon" href="data:,">\n</head>\n'
                '<body>\n<main><h1>Lesson preview</h1>\n<p>The first render is on its way; '
                'this page shows the lesson when it is done.</p></main>\n</body>\n</html>\n')
    head, _, tail = page.rpartition("</body>")
    return head + tag + "</body>" + tail


class LiveHandler(RangeRequestHandler):
    """The build folder as files; `/` is the newest version's page with the live script,
    `__preview/N/...` that version's files, `__preview/status` the status (long poll)."""

    status: PreviewStatus
    build: BuildPaths

    def send_head(self):
        path = urlsplit(self.path).path
        if path in ("/", "/index.html"):
            snapshot = self.status.snapshot()
            page = ""
            if snapshot["version"] is not None:
                index = version_folder(self.build, snapshot["version"]) / "index.html"
                page = index.read_text(encoding="utf-8") if index.exists() else ""
            return self._send(live_page(page, snapshot).encode(), "text/html; charset=utf-8")
        if path == f"/{PREFIX}/{SCRIPT}":
            script = resources.files("player") / "live" / SCRIPT
            return self._send(script.read_bytes(), "text/javascript; charset=utf-8")
        if path == f"/{PREFIX}/status":
            query = parse_qs(urlsplit(self.path).query)
            try:
                since = int(query.get("since", ["-1"])[0])
            except ValueError:
                since = -1
            data = self.status.wait(since)
            return self._send(json.dumps(data).encode(), "application/json")
        return super().send_head()

    def _send(self, body: bytes, content_type: str) -> io.BytesIO:
        self._range = None
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)

    def translate_path(self, path: str) -> str:
        """`/__preview/N/file` from the version folders; everything else from the build."""
        start = f"/{PREFIX}/"
        if path.startswith(start):
            inside = super().translate_path("/" + path[len(start):])
            folder = version_folder(self.build, 0).parent
            return os.path.join(folder, os.path.relpath(inside, self.directory))
        return super().translate_path(path)


def make_live_server(build: BuildPaths, status: PreviewStatus, port: int = 8000,
                     host: str = "127.0.0.1") -> PreviewServer:
    """A threaded server for the live preview of `build` on host:port (0: any free port)."""
    handler = type("Handler", (LiveHandler,), {"status": status, "build": build})

    def make(*args, **kwargs):
        return handler(*args, directory=str(build.root), **kwargs)

    return PreviewServer((host, port), make)

