"""Warnings an author reads: the project's loggers ("lesson.*") print each problem once, on one
plain line after the command's name, instead of through the root logger (which Manim gives a
rich handler that wraps a message into a narrow column beside a timestamp)."""

from __future__ import annotations

import logging
import sys

PROJECT_LOGGER = "lesson"


class _PlainLines(logging.Handler):
    """`PROG: warning: MESSAGE` on stderr, one line a message, each distinct message once."""

    def __init__(self, prog: str) -> None:
        super().__init__(logging.WARNING)
        self.prog, self.seen = prog, set[str]()

    def emit(self, record: logging.LogRecord) -> None:
        line = " ".join(record.getMessage().split())  # one line, whatever the message holds
        if line in self.seen:
            return
        self.seen.add(line)
        print(f"{self.prog}: warning: {line}", file=sys.stderr, flush=True)  # stderr as it is now


def plain_warnings(prog: str) -> None:
    """Have the project's warnings printed by `_PlainLines` in this process (once is enough)."""
    logger = logging.getLogger(PROJECT_LOGGER)
    if not any(isinstance(h, _PlainLines) for h in logger.handlers):
        logger.addHandler(_PlainLines(prog))
        logger.propagate = False
