"""A run's outputs published together at its end, or not at all.

A writing command works on a stage, `cache/stage/`, that starts as hard links to the published
outputs; when the command succeeds, the files it changed are renamed into the build folder one
after another with Ctrl-C held back, after a mark that says the stage is complete. A run that
fails or is interrupted before the mark leaves the build exactly as it was (its stage is
removed); one killed between the mark and the last rename is finished by the next run that takes
the lock. Readers of the build (a web server, an open page) never see half a run.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path

from common.files import is_temporary
from common.paths import BuildPaths
from common.stopping import held

COMPLETE = ".complete"  # in the stage: every output is there, renaming may begin


@dataclass
class Stage:
    """Where a run writes (`paths`), and whether its outputs reached the build yet."""

    build: BuildPaths
    paths: BuildPaths
    published: bool = False

    def public(self, text: str) -> str:
        """`text` (a message, a path) with the stage's folder named as the build folder it becomes."""
        return str(text).replace(str(self.paths.root), str(self.build.root))


def stage_folder(build: BuildPaths) -> Path:
    return build.cache / "stage"


@contextmanager
def staged(build: BuildPaths) -> Iterator[Stage]:
    """A stage for one run into `build` (whose lock the caller holds): published when the block
    ends without an exception, removed otherwise."""
    folder = stage_folder(build)
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    for rel in _outputs(build):
        _link(build.root / rel, folder / rel)
    stage = Stage(build, replace(build, root=folder, shared_cache=build.cache))
    try:
        yield stage
        with held():
            gone = sorted(set(_outputs(build)) - set(_outputs(stage.paths)))
            (folder / COMPLETE).write_text("".join(f"{rel}\n" for rel in gone))
            _publish(stage.paths, build)
            stage.published = True
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def recover(build: BuildPaths) -> bool:
    """Finish the publishing of a run killed while it renamed its outputs into place, or drop the
    stage of one killed before; for a caller holding the lock. True when outputs were published."""
    folder = stage_folder(build)
    if not folder.is_dir():
        return False
    complete = (folder / COMPLETE).exists()
    if complete:
        _publish(BuildPaths(folder, build.cache), build)
    shutil.rmtree(folder, ignore_errors=True)
    return complete


def _outputs(build: BuildPaths) -> Iterator[Path]:
    """The published outputs of `build`, relative to its root: files, and links to files (an
    author may link an output from elsewhere); not what a folder link leads to."""
    tops, folders = build.published()
    for path in tops:
        if path.is_file():
            yield path.relative_to(build.root)
    for top in folders:
        if not top.is_dir() or top.is_symlink():
            continue
        for dirpath, _dirs, names in os.walk(top):
            for name in names:
                path = Path(dirpath) / name
                if path.is_file() and not is_temporary(path):
                    yield path.relative_to(build.root)


def _link(src: Path, dest: Path) -> None:
    dest.parent.mkdir(parents=True, exist_ok=True)
    if src.is_symlink():  # the same link, so the run reads what the build's link leads to
        os.symlink(os.readlink(src), dest)
        return
    try:
        os.link(src, dest)
    except OSError:  # a file system without hard links
        shutil.copy2(src, dest)


def _publish(stage: BuildPaths, build: BuildPaths) -> None:
    """Rename every staged file that is not already the published one into place, and remove the
    outputs the run removed (listed in the mark). Safe to run again after an interruption."""
    for rel in sorted(_outputs(stage)):
        source, target = stage.root / rel, build.root / rel
        if target.exists() and os.path.samefile(source, target):
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        os.replace(source, target)
    for line in (stage.root / COMPLETE).read_text().splitlines():
        (build.root / line).unlink(missing_ok=True)

