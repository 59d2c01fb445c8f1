"""A local preview server for the build folder, with the HTTP byte ranges video seeking needs.

It serves what the pages need and nothing else: no folder listings, nothing hidden, and not the
working files under cache/. It holds up when a whole class opens the page at once: a deep listen
queue, a thread per connection, and idle connections closed after a time-out.
"""

from __future__ import annotations

import functools
import os
import re
import shutil
import sys
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urlsplit

_RANGE = re.compile(r"^bytes=(\d*)-(\d*)$")
CHUNK = 256 * 1024
PRIVATE = ("cache",)  # top-level folders of the build that no page needs
IDLE_TIMEOUT = 30  # seconds a connection may sit silent before it is closed
BACKLOG = 256  # connections the kernel queues while every thread is busy starting


def parse_range(header: str, size: int) -> tuple[int, int] | None:
    """One 'bytes=a-b' / 'a-' / '-n' range as inclusive (first, last), clamped to the file.

    Returns None for a header this server serves as a whole file (malformed or several ranges);
    raises ValueError when the range lies outside the file (416).
    """
    m = _RANGE.match(header.strip())
    if not m or (not m[1] and not m[2]):
        return None
    if not m[1]:  # the last n bytes
        n = int(m[2])
        if n == 0:
            raise ValueError("empty suffix range")
        return max(0, size - n), size - 1
    first = int(m[1])
    last = min(int(m[2]), size - 1) if m[2] else size - 1
    if m[2] and int(m[2]) < first:
        return None
    if first >= size:
        raise ValueError("range starts past the end")
    return first, last


class RangeRequestHandler(SimpleHTTPRequestHandler):
    """Static files with `Range` support (206 Partial Content), no caching, quiet by default."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map,
                      ".vtt": "text/vtt", ".mp4": "video/mp4", ".js": "text/javascript",
                      ".json": "application/json"}
    protocol_version = "HTTP/1.1"  # keep-alive: a video makes many small range requests
    timeout = IDLE_TIMEOUT
    quiet = True
    _range: tuple[int, int] | None = None

    def end_headers(self) -> None:
        self.send_header("Accept-Ranges", "bytes")
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def send_head(self):
        self._range = None
        if not self._public(self.path):
            self.send_error(HTTPStatus.NOT_FOUND, "Not found")
            return None
        try:
            path = self.translate_path(self.path)
            os.stat(path)
        except ValueError:  # a NUL byte or a path the OS cannot take
            self.send_error(HTTPStatus.BAD_REQUEST, "Bad path")
            return None
        except OSError:
            pass  # missing: the base class answers 404
        header = self.headers.get("Range")
        if header is None or os.path.isdir(path) or not os.path.isfile(path):
            return super().send_head()
        size = os.path.getsize(path)
        try:
            wanted = parse_range(header, size)
        except ValueError:
            self.send_response(HTTPStatus.REQUESTED_RANGE_NOT_SATISFIABLE)
            self.send_header("Content-Range", f"bytes */{size}")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        if wanted is None:
            return super().send_head()
        f = open(path, "rb")
        first, last = wanted
        self.send_response(HTTPStatus.PARTIAL_CONTENT)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Range", f"bytes {first}-{last}/{size}")
        self.send_header("Content-Length", str(last - first + 1))
        self.send_header("Last-Modified", self.date_time_string(int(os.fstat(f.fileno()).st_mtime)))
        self.end_headers()
        self._range = wanted
        return f

    @staticmethod
    def _public(url_path: str) -> bool:
        """False for hidden files and folders and the build's working folders."""
        parts = [p for p in unquote(urlsplit(url_path).path).split("/") if p]
        return not any(p.startswith(".") for p in parts) and not (parts and parts[0] in PRIVATE)

    def list_directory(self, path):
        """No listings: a folder without an index.html is not a page."""
        self.send_error(HTTPStatus.NOT_FOUND, "Not found")
        return None

    def copyfile(self, source, outputfile) -> None:
        if self._range is None:
            shutil.copyfileobj(source, outputfile, CHUNK)
            return
        first, last = self._range
        source.seek(first)
        left = last - first + 1
        while left > 0:
            chunk = source.read(min(CHUNK, left))
            if not chunk:
                break
            outputfile.write(chunk)
            left -= len(chunk)

    def log_message(self, format: str, *args) -> None:
        if not self.quiet:
            super().log_message(format, *args)


class PreviewServer(ThreadingHTTPServer):
    """Threaded, and silent about browsers that hang up mid-video (they do, when seeking)."""

    daemon_threads = True
    request_queue_size = BACKLOG

    def handle_error(self, request, client_address) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def make_server(root: Path, port: int = 8000, host: str = "127.0.0.1", quiet: bool = True,
                idle_timeout: float = IDLE_TIMEOUT) -> PreviewServer:
    """A threaded server for `root` on host:port (port 0: any free one); call serve_forever()."""
    handler = functools.partial(
        type("Handler", (RangeRequestHandler,), {"quiet": quiet, "timeout": idle_timeout}),
        directory=str(root))
    return PreviewServer((host, port), handler)
