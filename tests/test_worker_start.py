"""Drawing workers are forked from multiprocessing's fork server (video.workers), which keeps the
environment and umask it started with: each worker takes those of the process that made its pool,
as they are when the pool is made."""

from __future__ import annotations

import os

from video.workers import Parent, TiedPool, tie_to_parent, worker_context

MARK = "LESSON_WORKER_START_MARK"


def _seen() -> tuple[str | None, int]:
    """In the worker: its environment's mark and its umask."""
    mask = os.umask(0o022)
    os.umask(mask)
    return os.environ.get(MARK), mask


def _first_answer(pool: TiedPool) -> tuple[str | None, int]:
    with pool:
        return pool.submit(_seen).result(timeout=300)


def test_a_worker_has_its_pools_environment_and_umask_not_the_fork_servers():
    before = os.umask(0o022)
    os.environ[MARK] = "first"
    try:  # the first pool of this process starts the fork server, with these
        first = TiedPool(1, mp_context=worker_context(), initializer=tie_to_parent, initargs=(Parent(),))
        assert _first_answer(first) == ("first", 0o022)
        os.environ[MARK] = "second"
        os.umask(0o077)
        second = TiedPool(1, mp_context=worker_context(), initializer=tie_to_parent, initargs=(Parent(),))
        assert _first_answer(second) == ("second", 0o077)
    finally:
        os.umask(before)
        os.environ.pop(MARK, None)
