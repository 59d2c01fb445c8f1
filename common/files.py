"""Writing outputs safely: every file appears whole or not at all, with the mode the user's umask
gives a new file (outputs are published), and the temporaries of a run that died are swept away.

A temporary is named `.NAME.<pid>-<random>.lesson-tmp<suffix>` beside its target, so a later run
can tell debris from work in progress, nothing another program names can match, and the suffix
still tells ffmpeg the format. Only the folders the project writes are swept.
"""

from __future__ import annotations

import os
import re
import secrets
import shutil
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")

_TEMP = re.compile(r"^\..+\.(\d+)-[0-9a-f]{8}\.lesson-tmp(\.[A-Za-z0-9]+)?$")
# What earlier versions of the project left behind when killed: swept under the lock, in its
# working files (cache/) only, where nothing but the project writes.
_LEGACY = re.compile(r"^\.(join-|beats-).+$|^\..+\.\d+-[0-9a-f]{8}\.tmp(\.[A-Za-z0-9]+)?$")


def temp_path(target: Path) -> Path:
    """A fresh temporary name beside `target`, marked with this process's id."""
    target = Path(target)
    return target.with_name(f".{target.stem}.{os.getpid()}-{secrets.token_hex(4)}.lesson-tmp"
                            f"{target.suffix}")


def temp_folder(target: Path) -> Path:
    """A fresh temporary folder, named as `temp_path` names one, made beside `target`."""
    folder = temp_path(target)
    folder.mkdir()
    return folder


def is_temporary(path: Path) -> bool:
    return bool(_TEMP.match(Path(path).name))


@contextmanager
def atomic_output(target: Path) -> Iterator[Path]:
    """Yield a temporary path for a tool to write; on success it is renamed over `target`, on any
    failure (or interruption) it is removed and `target` is left as it was."""
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = temp_path(target)
    try:
        yield tmp
        if not tmp.exists():
            raise FileNotFoundError(f"nothing was written for {target}")
        os.replace(tmp, target)
    finally:
        if tmp.is_dir():
            shutil.rmtree(tmp, ignore_errors=True)
        else:
            tmp.unlink(missing_ok=True)


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Write `data` to `path`: a reader sees the old file or the new one, never half of one.
    The file is created as `open()` creates any file, so it gets the mode the umask allows."""
    with atomic_output(path) as tmp:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        with os.fdopen(fd, "wb") as f:
            f.write(data)


def atomic_write_text(path: Path, text: str) -> None:
    atomic_write_bytes(path, text.encode("utf-8"))


def atomic_copy(src: Path, out: Path) -> Path:
    """`src` copied to `out`, which never exists half-written; the copy gets the umask's mode."""
    with atomic_output(out) as tmp:
        shutil.copyfile(src, tmp)
    return out


def linked_tree(src: Path, dest: Path) -> None:
    """Every file of `src` also in `dest` (which may exist), as a hard link where the file system
    allows, else a copy; temporaries left out. For working folders whose files are only ever read
    once written (Manim's LaTeX, texts and pictures): a second folder starts warm at no cost."""
    def link(a: str, b: str) -> None:
        try:
            os.link(a, b)
        except FileExistsError:
            pass
        except OSError:
            shutil.copy2(a, b)

    if src.is_dir():
        shutil.copytree(src, dest, copy_function=link, dirs_exist_ok=True,
                        ignore=lambda _folder, names: [n for n in names if is_temporary(Path(n))])


def touch(path: Path) -> None:
    """Mark `path` as changed now. A file whose data another name shares (an output a staged run
    has not yet published) is copied first, so the published one keeps its time; a link is
    replaced by a copy of what it leads to, which is left as it was."""
    if os.path.islink(path) or os.stat(path).st_nlink > 1:
        atomic_copy(path, path)
    else:
        os.utime(path)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def remove_folder(folder: Path) -> None:
    """Remove a temporary folder, renamed first: a process still writing into it by name (the
    encoder of a killed drawing worker) then finds no folder, so no file reappears in it."""
    gone = temp_path(folder)  # a temporary of this process: swept if it dies before the end
    try:
        os.rename(folder, gone)
    except FileNotFoundError:
        return
    except OSError:
        gone = folder  # (not ours to rename: removed where it is)
    shutil.rmtree(gone, ignore_errors=True)


def sweep_temporaries(folder: Path, *, all_runs: bool = False, deep: bool = True,
                      legacy: bool = False) -> list[Path]:
    """Remove the project's temporaries in `folder` (and below it, with `deep`) left by runs that
    are no longer alive; with `all_runs`, every one but this process's own (for a caller that
    holds the folder's lock), and with `legacy` also the names older versions used. Nothing but
    names this module makes is touched. Returns what was removed."""
    removed: list[Path] = []
    if not Path(folder).is_dir() or Path(folder).is_symlink():
        return removed
    for dirpath, dirnames, filenames in os.walk(folder):
        for name in [*filenames, *dirnames]:
            m = _TEMP.match(name) or (legacy and _LEGACY.match(name))
            if not m:
                continue
            if m.re is _TEMP:
                pid = int(m[1])
                if pid == os.getpid() or (not all_runs and _alive(pid)):
                    continue
            elif not all_runs:
                continue
            path = Path(dirpath) / name
            if path.is_dir() and not path.is_symlink():
                remove_folder(path)
                dirnames.remove(name)
            else:
                path.unlink(missing_ok=True)
            removed.append(path)
        if not deep:
            break
    return removed


_parsed: OrderedDict[tuple[str, str], tuple[tuple[int, int, int], Any]] = OrderedDict()
_parsed_lock = threading.Lock()  # the narration levels its sentences in threads
PARSED_KEPT = 128  # files: a lesson's voice clips and their levelled versions, and some to spare


def parsed(path: Path, parse: Callable[[Path], T]) -> T:
    """`parse(path)`, kept in this process while the file is the same (inode, size, modification
    time): a warm process, the live preview, reads each cached clip once, not on every save.
    Raises what reading it raises (OSError when it is missing)."""
    st = os.stat(path)
    stamp, key = (st.st_ino, st.st_size, st.st_mtime_ns), (str(path), parse.__qualname__)
    with _parsed_lock:
        hit = _parsed.get(key)
        if hit is not None and hit[0] == stamp:
            _parsed.move_to_end(key)
            return hit[1]
    value = parse(path)
    with _parsed_lock:
        _parsed[key] = (stamp, value)
        _parsed.move_to_end(key)
        while len(_parsed) > PARSED_KEPT:
            _parsed.popitem(last=False)
    return value
