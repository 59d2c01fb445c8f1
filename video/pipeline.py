"""Render the lesson video: changed beats, scene by scene in parallel worker processes, then one
join by stream copy and one mux of the narration."""

from __future__ import annotations

import dataclasses
import os
import time
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from contextlib import contextmanager
from dataclasses import dataclass
from itertools import groupby
from pathlib import Path
from typing import TYPE_CHECKING

from common.files import linked_tree
from common.paths import NotBuilt
from common.settings import Quality
from common.stopping import Stop, Stopped
from scenes import scene_follows
from scenes.timing import START, SceneTiming, scene_timing
from transcript.lessons import handed_down, take_over
from transcript.manifest import Manifest
from video import checkpoints
from video.ahead import HeadStart
from video.audio_track import narration_aac
from video.cache import (
    Code,
    beat_file,
    beat_keys,
    end_state,
    handed_over,
    in_halves,
    keep_handover,
    scene_code,
    versions,
)
from video.errors import scene_failed
from video.lesson_video import join_and_mux
from video.workers import Parent, TiedPool, stop_workers, tie_to_parent, worker_context

if TYPE_CHECKING:
    from multiprocessing.connection import Connection


@dataclass(frozen=True)
class BeatJob:
    scene_index: int
    scene_id: str
    sentence_id: str
    seconds: float  # of video in the beat's file
    path: Path | None  # the cached beat video (None: which one is known once the scene has run)
    cached: bool
    timing: SceneTiming  # of its scene, computed once per render
    key: str = ""  # the beat's own key (video.cache.beat_keys)
    start: str | None = None  # the digest of the picture it starts from, when known
    code: Code = ()  # the scene's code its key was made with (video.cache.scene_code)

    @property
    def poster(self) -> Path:
        """The beat's last frame as a JPEG, written beside its video when it is drawn."""
        assert self.path is not None, "a beat not in the cache has no poster yet"
        return self.path.with_suffix(".jpg")


@dataclass(frozen=True)
class VideoReport:
    video: Path
    beats: tuple[BeatJob, ...]
    seconds: float  # wall-clock time of the render

    @property
    def rendered(self) -> list[str]:
        """Sentence ids of the beats drawn (not taken from the cache)."""
        return [j.sentence_id for j in self.beats if not j.cached]


@dataclass(frozen=True)
class Drawing:
    """How far the drawing of the beats is, told as each beat is drawn (for a progress bar):
    beats drawn of all to draw, and their seconds of video. A scene's beats found in the cache
    once it runs (their start picture was not known before) leave the count as it ends."""

    beats: int
    of: int
    seconds: float
    of_seconds: float
    done: bool = False  # every beat is drawn: the last report


class _Tally:
    """Counts the beats drawn across a render's rounds, and tells `counting`."""

    def __init__(self, counting: Callable[[Drawing], None] | None) -> None:
        self.counting = counting
        self.planned: dict[str, tuple[str, float]] = {}  # sentence id -> its scene, seconds
        self.drawn: set[str] = set()

    def plan(self, beats: list[BeatJob]) -> None:
        self.planned.update({j.sentence_id: (j.scene_id, j.seconds) for j in beats})
        self.tell()

    def beat(self, sentence_id: str) -> None:
        if sentence_id in self.planned and sentence_id not in self.drawn:
            self.drawn.add(sentence_id)
            self.tell()

    def scene(self, scene_id: str, drawn: set[str]) -> None:
        """Its runs all ended: its beats not drawn were found in the cache."""
        self.drawn |= {s for s in drawn if s in self.planned}
        for sid, (scene, _) in list(self.planned.items()):
            if scene == scene_id and sid not in self.drawn:
                del self.planned[sid]
        self.tell()

    def tell(self, done: bool = False) -> None:
        if self.counting is None or not self.planned:
            return
        self.counting(Drawing(len(self.drawn), len(self.planned),
                              sum(self.planned[s][1] for s in self.drawn),
                              sum(seconds for _, seconds in self.planned.values()), done))


def default_jobs() -> int:
    return max(1, len(os.sched_getaffinity(0)))


def plan(manifest: Manifest, quality: Quality, cache_dir: Path,
         only: list[str] | None = None, halves: bool = False) -> list[BeatJob]:
    """Every beat of the lesson (or of the `only` scenes) in order, found in the cache or not.

    A beat is found by its own key and the picture it starts from: a later one's is the end
    recorded beside the beat before it; the first beat's is its scene's start, or, for a scene
    that opens on the one it `follows`, what that one hands over (the end recorded beside its
    last beat, or kept for its code: `handover_file`). From the first beat not found on, a
    scene's beats are unknown until the scene runs (`path` None). With `halves` (the live
    preview), a beat the preview drew in two processes is found too (`in_halves`).
    """
    fps = quality.fps
    follows = scene_follows()
    jobs: list[BeatJob] = []
    ends: dict[str, str | None] = {}
    wanted = [s.id for s in manifest.scenes if not only or s.id in only]
    needed = set(wanted)
    for scene_id in reversed(wanted):  # and the scenes those open on, and theirs
        while scene_id in follows and follows[scene_id] not in needed:
            scene_id = follows[scene_id]
            needed.add(scene_id)
    for i, scene in enumerate(manifest.scenes):
        if scene.id not in needed:
            continue
        timing = scene_timing(manifest, scene.id, fps)
        folder = beat_folder(cache_dir, quality, scene.id)
        start = START if scene.id not in follows else ends[follows[scene.id]] or handed_over(
            beat_folder(cache_dir, quality, follows[scene.id]), follows[scene.id], quality)
        code = scene_code(scene.id)
        for sid, key in beat_keys(timing, quality, code).items():
            path = None if start is None else found(beat_file(folder, sid, key, start), halves)
            end = None if path is None else end_state(path)
            if scene.id in wanted:
                jobs.append(BeatJob(i, scene.id, sid, timing.file_frames(sid) / fps, path,
                                    end is not None, timing, key, start, code))
            start = end
        ends[scene.id] = start
    return jobs


def found(video: Path, halves: bool) -> Path:
    """The beat's video as kept: drawn whole, else (with `halves`) drawn in two processes."""
    if halves and end_state(video) is None and end_state(in_halves(video)) is not None:
        return in_halves(video)
    return video


def beat_folder(cache_dir: Path, quality: Quality, scene_id: str) -> Path:
    return cache_dir / "beats" / quality.name / scene_id


@dataclass(frozen=True)
class BeatStore:
    """Where a run of a scene draws its beats: those of `part` whose video, for the picture
    they start from, is not in the cache yet (`video.scene_render.BeatTargets`)."""

    folder: Path
    keys: dict[str, str]  # sentence id -> own key
    part: frozenset[str]
    halves: bool = False  # a long beat may be drawn in two processes; those are found too
    code: Code = ()  # the scene's code the keys were made with: a run drawn with other code keeps nothing
    keeps_ends = True  # the end picture a beat was drawn to is how the next one is found
    fixed = None  # which beats to draw is known only as each begins, from its start picture

    def path(self, sentence_id: str, start: str) -> Path | None:
        if sentence_id not in self.part:
            return None
        path = beat_file(self.folder, sentence_id, self.keys[sentence_id], start)
        return None if end_state(found(path, self.halves)) is not None else path

    def opened_on(self, follows: str, picture: str, quality: Quality) -> None:
        """Keep what the scene opened on, the picture `follows` hands over: the planning finds
        the scene's first beat by it, even where `follows` was never drawn into this cache."""
        keep_handover(self.folder.parent / follows, follows, quality, picture)

    def done(self, sentence_id: str, start: str) -> bool:
        """Whether no beat of `part` is left to draw from `sentence_id` on, when it starts from
        picture `start`: those after it are found in the cache along the chain of their end
        pictures (or are another run's). The run can end there instead of running on."""
        ids = list(self.keys)  # the scene's beats from the first not found at planning, in order
        if sentence_id not in self.keys:
            return not self.part
        later = ids[ids.index(sentence_id):]
        picture: str | None = start
        for i, sid in enumerate(later):
            if not self.part.intersection(later[i:]):
                return True
            if picture is None:
                return False
            picture = end_state(found(beat_file(self.folder, sid, self.keys[sid], picture),
                                      self.halves))
            if picture is None and sid in self.part:
                return False
        return True


_news: Connection | None = None  # in a worker process started by `_draw_all`: told each beat drawn


def _start_worker(parent: Parent, news: Connection) -> None:
    """Pool initializer: `tie_to_parent`, and keep where to tell of each beat drawn."""
    global _news
    tie_to_parent(parent)
    _news = news


def _tell_news(sentence_id: str) -> None:
    if _news is not None:
        try:
            _news.send(sentence_id)  # a few bytes: one write, whole, whichever worker sends
        except OSError:
            pass  # the render is ending: its news is not needed


class DrawingWorkers:
    """One pool of drawing workers for every lesson a run renders (`drawing_workers`): each worker
    imports Manim once for the course, not once per lesson, and is told with each scene which
    lesson it draws (a beat of one lesson is never keyed or drawn as another's)."""

    def __init__(self, jobs: int) -> None:
        self.jobs = jobs
        self._pool: TiedPool | None = None  # made when a scene is first drawn (a run may draw none)
        self._closed = False

    @property
    def pool(self) -> TiedPool:
        if self._pool is None:
            context = worker_context()
            self.news, self._told = context.Pipe(duplex=False)
            self._pool = TiedPool(max_workers=self.jobs, mp_context=context,
                                  initializer=_start_worker, initargs=(Parent(), self._told))
        return self._pool

    def pids(self) -> set[int]:
        """The workers' process ids (started as scenes are submitted)."""
        return set((getattr(self._pool, "_processes", None) or {}).keys())

    def close(self, *, at_once: bool = False) -> None:
        """End the workers: when idle, or killed `at_once` (a failed scene, Ctrl-C)."""
        if self._closed or self._pool is None:
            self._closed = True
            return
        self._closed = True
        if at_once:
            stop_workers(self._pool)
        else:
            self._pool.shutdown()
        for end in (self.news, self._told):
            end.close()


_shared: DrawingWorkers | None = None  # the run's pool while `drawing_workers` holds one


@contextmanager
def drawing_workers(jobs: int | None = None) -> Iterator[DrawingWorkers]:
    """Draw every lesson rendered inside on one pool of `jobs` workers (started as needed)."""
    global _shared
    workers = _shared = DrawingWorkers(jobs or default_jobs())
    try:
        yield workers
    except BaseException:
        workers.close(at_once=True)
        raise
    else:
        workers.close()
    finally:
        _shared = None


def _draw_for(lesson: dict[str, str], *args) -> tuple[str, list[str]]:
    """`_draw` in a worker of the run's pool, for the lesson `handed_down` there."""
    take_over(lesson)
    return _draw(*args)


def _draw(timing: SceneTiming, quality: Quality, store: BeatStore, media: Path,
          rehearsed: bool = False, resume: tuple[str, str] | None = None,
          copies: Path | None = None, *,
          on_drawn: Callable[[str], None] | None = None) -> tuple[str, list[str]]:
    """Run one scene, drawing the beats `store` wants; returns its id and the beats drawn.
    `resume`: the first beat to draw and the picture it starts from, where a paused copy of the
    scene may wait (video.checkpoints, in `copies` or this worker's own folder) to take the run
    over (its beats are then told when it ends, not one by one). `on_drawn` is told each beat
    drawn as the next begins; in a worker of `_draw_all`'s own pool, its parent is."""
    if resume is not None:
        try:
            taken = checkpoints.resume(timing.scene_id, *resume, timing, quality, store, copies)
        except Exception as e:
            raise scene_failed(timing.scene_id, e) from e
        if taken is not None:
            return timing.scene_id, taken
    try:
        from video.scene_render import render_beats  # Manim loads only where a scene is drawn

        drawn = render_beats(timing, quality, store, media, rehearsed=rehearsed,
                             on_drawn=on_drawn or _tell_news).beats
    except Exception as e:
        raise scene_failed(timing.scene_id, e) from e
    return timing.scene_id, list(drawn)


def render_beats_needed(manifest: Manifest, quality: Quality, cache_dir: Path, jobs: int | None = None,
                        only: list[str] | None = None,
                        progress: Callable[[str], None] = print, *, pool: Executor | None = None,
                        stop: Stop | None = None, rehearsed: bool = False,
                        resume: bool = False, ahead: HeadStart | None = None,
                        counting: Callable[[Drawing], None] | None = None) -> list[BeatJob]:
    """Draw every beat missing from the cache: one run per scene that has any, `jobs` scenes at
    a time, longest first. A run draws a beat only when no video of it drawn from the same
    picture is cached, so a sentence made longer redraws that beat alone. Returns the plan:
    every beat is in the cache now, and `cached` says whether it already was.

    A long-lived `pool` of worker processes may be given (a live preview keeps one warm); then
    `stop` is asked while the scenes are drawn, and Stopped raised as soon as it says True.
    `rehearsed`: the script check has run these scenes' words (see `render_beats`). `resume`:
    the pool's workers keep paused copies of the scenes (video.checkpoints): a scene's run starts
    from the copy paused at its first beat to draw, when there is one. `ahead`: a worker primes
    the scene an edit touched (video.ahead); its run starts from the copy the worker leaves at
    its first beat to draw, once there is one, and the worker is ended at once when there is none.
    `counting` is told how far the drawing is (`Drawing`) as each beat is drawn.
    """
    drawn: set[str] = set()
    tally = _Tally(counting)
    wanted = only
    while True:  # scenes that wait for the picture the scene they open on ends with go after it
        beats = plan(manifest, quality, cache_dir, wanted, halves=resume)
        waiting = _waiting(beats, cache_dir, quality)
        drawn |= _draw_round([j for j in beats if j.scene_id not in waiting], len(manifest.scenes),
                             quality, cache_dir, jobs, progress, pool, stop, rehearsed, resume, ahead,
                             tally)
        ahead = None  # a head start is for the first round's edited scene
        if not waiting:
            break
        wanted = [s.id for s in manifest.scenes if s.id in waiting]
    done = plan(manifest, quality, cache_dir, only, halves=resume)
    if any(not j.cached for j in done):  # two runs of a scene disagreed on a picture: one more
        _draw_again(done, quality, cache_dir, rehearsed, drawn)
        done = plan(manifest, quality, cache_dir, only, halves=resume)
    left = [j.sentence_id for j in done if not j.cached]
    if left:
        raise RuntimeError(f"beats {', '.join(left)} are not in the cache after drawing them")
    _prune(done)
    _keep_handovers(done, quality)
    tally.tell(done=True)
    return [dataclasses.replace(j, cached=j.sentence_id not in drawn) for j in done]


def _waiting(beats: list[BeatJob], cache_dir: Path, quality: Quality) -> set[str]:
    """The scenes to plan again once those they open on are drawn: the picture their first beat
    starts from is not known yet (the scene they open on is drawn now), and their first beat
    was drawn before with the same key, so it may well be found once that picture is known."""
    follows = scene_follows()
    missing = {j.scene_id for j in beats if not j.cached}
    waiting: set[str] = set()
    for _, scene in groupby(beats, key=lambda b: b.scene_id):
        j = next(scene)  # its first beat
        if j.start is None and follows.get(j.scene_id) in missing | waiting \
                and _drawn_before(j, cache_dir, quality):
            waiting.add(j.scene_id)
    return waiting


def _draw_round(beats: list[BeatJob], scenes: int, quality: Quality, cache_dir: Path,
                jobs: int | None, progress: Callable[[str], None], pool: Executor | None,
                stop: Stop | None, rehearsed: bool, resume: bool,
                ahead: HeadStart | None, tally: _Tally) -> set[str]:
    """Draw the beats of `beats` missing from the cache (see `render_beats_needed`); returns
    the ids of those drawn."""
    told = _Told(beats, scenes, progress, tally)
    todo = {s: missing for s, missing in told.missing().items() if missing}
    order = sorted(todo, key=lambda s: -sum(j.seconds for j in todo[s]))
    # A preview's edit, one scene to draw: its first beat drawn may take both processes.
    parts = _parts(order, todo, 1 if resume else jobs or default_jobs(), cache_dir, quality,
                   halves=resume and len(order) == 1)
    calls = [(s, (todo[s][0].timing, quality, store, folder, rehearsed,
                  _resume_from(todo[s][0]) if resume else None)) for s, store, folder in parts]
    if ahead is not None and not (ahead.scene_id in todo and _take_up(
            ahead, calls, todo[ahead.scene_id][0], scenes, progress)):
        ahead.close()  # a wrong guess: its worker would only take a core from the drawing
    told.expect(s for s, _ in calls)
    tally.plan([j for s in todo for j in todo[s]])
    workers = min(jobs or default_jobs(), max(1, len(calls)))
    if calls and pool is None and workers > 1:
        progress(f"drawing {len(order)} scenes in {workers} processes")
    _draw_all([args for _, args in calls], pool, workers, stop, told.drew, tally.beat)
    return told.drawn


class _Told:
    """What the drawing says as it goes: each scene, once all its runs have reported."""

    def __init__(self, beats: list[BeatJob], scenes: int, progress: Callable[[str], None],
                 tally: _Tally):
        self.beats, self.scenes, self.progress, self.tally = beats, scenes, progress, tally
        self.drawn: set[str] = set()
        self.runs: dict[str, int] = {}

    def missing(self) -> dict[str, list[BeatJob]]:
        """Each scene's beats not in the cache; a scene with none is said to be cached."""
        out = {}
        for scene_id, grouped in groupby(self.beats, key=lambda j: j.scene_id):
            group = list(grouped)
            out[scene_id] = [j for j in group if not j.cached]
            if not out[scene_id]:
                self.progress(f"scene {group[0].scene_index + 1} of {self.scenes} {scene_id}: cached")
        return out

    def expect(self, scene_ids) -> None:
        for s in scene_ids:
            self.runs[s] = self.runs.get(s, 0) + 1

    def drew(self, scene_id: str, ids: list[str]) -> None:
        self.drawn.update(ids)
        self.runs[scene_id] -= 1
        if self.runs[scene_id] == 0:
            ran = [j for j in self.beats if j.scene_id == scene_id]
            self.tally.scene(scene_id, self.drawn)
            self.progress(f"scene {ran[0].scene_index + 1} of {self.scenes} {scene_id}: drew "
                          f"{sum(j.sentence_id in self.drawn for j in ran)} of {len(ran)} beats")


def _draw_all(calls: list[tuple], pool: Executor | None, workers: int, stop: Stop | None,
              drew: Callable[[str, list[str]], None],
              beat: Callable[[str], None] | None = None) -> None:
    """Run `_draw` for each call: in the given pool (asking `stop` as they run), in this process
    when one worker will do, else in worker processes started for the purpose. `drew` is told
    each run's scene and beats as it ends; `beat` each beat drawn as it is, but in a pool
    given (a live preview's, whose scenes are told when they end).

    The workers started here tell of their beats on one pipe (each message a single write of a
    few bytes, so theirs never mix), read here between waits on the runs."""
    if not calls:
        return
    shared = _shared if pool is None else None
    if pool is None and shared is None and workers == 1:
        for args in calls:
            drew(*_draw(*args, on_drawn=beat))
        return
    context = worker_context()
    news, told = context.Pipe(duplex=False) if pool is None and shared is None else (None, None)
    own = None if pool is not None or shared is not None else TiedPool(
        max_workers=workers, mp_context=context,
        initializer=_start_worker, initargs=(Parent(), told))
    executor = pool or (shared.pool if shared else own)
    assert executor is not None
    if shared is not None:  # (its pool made above: its news pipe is too)
        news, lesson = shared.news, handed_down()
    try:
        running = {executor.submit(_draw_for, lesson, *args) if shared else executor.submit(_draw, *args)
                   for args in calls}
        while running:
            finished, running = wait(running, timeout=0.02 if stop else 0.25 if news else None,
                                     return_when=FIRST_COMPLETED)
            if stop is not None and stop():
                for future in running:
                    future.cancel()
                raise Stopped()
            _read_news(news, beat)
            for future in finished:
                drew(*future.result())
        _read_news(news, beat)  # a worker tells of its beats before its run returns: all here
    except BaseException:
        if own is not None:
            stop_workers(own)  # a failed scene or Ctrl-C: do not wait for the others
        if shared is not None:
            shared.close(at_once=True)  # the run ends: the lessons after this one are not drawn
        raise
    finally:
        for end in (news, told):
            if end is not None and shared is None:
                end.close()
    if own is not None:
        own.shutdown()


def _read_news(news: Connection | None, beat: Callable[[str], None] | None) -> None:
    """Tell `beat` of each beat the workers said they drew since last asked."""
    try:
        while news is not None and news.poll():
            sentence_id = news.recv()
            if beat is not None:
                beat(sentence_id)
    except (EOFError, OSError):
        pass  # a worker killed while it wrote: its scene's end tells its beats, or it failed


def _draw_again(done: list[BeatJob], quality: Quality, cache_dir: Path, rehearsed: bool,
                drawn: set[str]) -> None:
    """Draw, in this process, every scene with a beat still missing, all its beats at once."""
    for scene_id in dict.fromkeys(j.scene_id for j in done if not j.cached):
        beats = [j for j in done if j.scene_id == scene_id]
        store = BeatStore(beat_folder(cache_dir, quality, scene_id),
                          {j.sentence_id: j.key for j in beats},
                          frozenset(j.sentence_id for j in beats), code=beats[0].code)
        drawn.update(_draw(beats[0].timing, quality, store, cache_dir / "manim", rehearsed)[1])


def prime_scenes(manifest: Manifest, quality: Quality, cache_dir: Path, pool: Executor,
                 folder: Path) -> list[Future]:
    """Have `pool` (whose workers keep paused copies of scenes in `folder`, video.checkpoints)
    run each scene without pixels that has no copy waiting at every beat of this timing."""
    futures = []
    for scene in manifest.scenes:
        beats = plan(manifest, quality, cache_dir, [scene.id], halves=True)
        starts = {j.sentence_id: j.start for j in beats}
        if None in starts.values() or checkpoints.primed(folder, quality, scene.id, starts):  # type: ignore[arg-type]
            continue
        media = cache_dir / "manim-prime" / scene.id  # no folder shared with a render's runs,
        linked_tree(cache_dir / "manim", media)  # but what they built (LaTeX, texts, pictures) is
        futures.append(pool.submit(checkpoints.prime, beats[0].timing, quality, media))
    return futures


def _take_up(ahead: HeadStart, calls: list[tuple[str, tuple]], first: BeatJob, scenes: int,
             progress: Callable[[str], None]) -> bool:
    """Have the run drawing the edited scene from `first`, its first beat to draw, go on from
    the copy the head start's worker leaves there (waited for); False when it leaves none."""
    start = _resume_from(first)
    copies = None if start is None else ahead.copy_at(*start)
    if copies is None:
        return False
    i = [s for s, _ in calls].index(first.scene_id)  # its first run (a scene may have two)
    timing, quality, store, media, rehearsed, _ = calls[i][1]
    calls[i] = (first.scene_id, (timing, quality, store, media, rehearsed, start, copies))
    progress(f"scene {first.scene_index + 1} of {scenes} {first.scene_id}: taken up at "
             f"{first.sentence_id} by its run begun during the narration")
    return True


def _resume_from(first: BeatJob) -> tuple[str, str] | None:
    return None if first.start is None else (first.sentence_id, first.start)


def _parts(order: list[str], todo: dict[str, list[BeatJob]], workers: int, cache_dir: Path,
           quality: Quality, halves: bool = False) -> list[tuple[str, BeatStore, Path]]:
    """(scene, store, Manim folder) per run: when there are fewer scenes to draw than workers
    (an edit) and the longest scene has two beats or more to draw, its beats are split in two
    runs, the second running the scene without pixels up to its part. Each run has its own Manim
    folder, so two processes never write one LaTeX file.

    A beat already drawn with its own key (from another start picture) is not counted: it waits
    only to learn the picture it starts from, most often the same, so it is found again. A
    one-sentence edit then draws in one run, and `render` in its own process, with no worker
    process to start."""
    def store(beats: list[BeatJob]) -> BeatStore:
        first = beats[0]
        return BeatStore(beat_folder(cache_dir, quality, first.scene_id),
                         {j.sentence_id: j.key for j in todo[first.scene_id]},
                         frozenset(j.sentence_id for j in beats), halves, first.code)

    runs = [(s, store(todo[s]), cache_dir / "manim") for s in order]
    if not order:
        return runs
    beats = todo[order[0]]
    if len(order) < workers and sum(not _drawn_before(j, cache_dir, quality) for j in beats) >= 2:
        half, seconds, cut = 0.55 * sum(j.seconds for j in beats), 0.0, 1
        for cut, j in enumerate(beats[:-1], 1):  # noqa: B007 (the cut is read after the loop)
            seconds += j.seconds
            if seconds >= half:
                break
        runs[0] = (order[0], store(beats[:cut]), cache_dir / "manim")
        linked_tree(cache_dir / "manim", cache_dir / "manim-second-part")  # warm, not shared
        runs.append((order[0], store(beats[cut:]), cache_dir / "manim-second-part"))
    return runs


def _drawn_before(beat: BeatJob, cache_dir: Path, quality: Quality) -> bool:
    """Whether a version of `beat` with its own key is in the cache, from any start picture."""
    folder = beat_folder(cache_dir, quality, beat.scene_id)
    return any(p.name.startswith(f"{beat.sentence_id}-{beat.key}-")
               for p in versions(folder, beat.sentence_id, ".mp4"))


def _keep_handovers(beats: list[BeatJob], quality: Quality) -> None:
    """What each scene of `beats` ends on, where its last beat is in the cache."""
    for scene_id, grouped in groupby(beats, key=lambda j: j.scene_id):
        last = list(grouped)[-1]
        end = None if last.path is None else end_state(last.path)
        if last.path is not None and end is not None:
            keep_handover(last.path.parent, scene_id, quality, end)


def _prune(beats: list[BeatJob]) -> None:
    """Drop older cached versions of these beats: the cache keeps one video, poster, end state
    and drawing time per beat."""
    for j in beats:
        assert j.path is not None
        for suffix in (".mp4", ".jpg", ".end", ".took"):
            for old in versions(j.path.parent, j.sentence_id, suffix):
                if old.stem != j.path.stem:
                    old.unlink(missing_ok=True)


def render_lesson_video(manifest: Manifest, narration: Path, out: Path, quality: Quality,
                        cache_dir: Path, jobs: int | None = None,
                        progress: Callable[[str], None] = print) -> VideoReport:
    """`out` = every beat joined by stream copy with the narration muxed in."""
    start = time.perf_counter()
    if not narration.exists():
        raise NotBuilt(f"{narration} does not exist", "audio")
    beats = render_beats_needed(manifest, quality, cache_dir, jobs, progress=progress)
    mux_lesson(beats, narration_aac(narration, cache_dir), out)
    return VideoReport(out, tuple(beats), time.perf_counter() - start)


def mux_lesson(beats: list[BeatJob], narration: Path, out: Path) -> Path:
    """Join beats already in the cache and add the narration (an encoded .m4a is copied)."""
    return join_and_mux(_videos(beats), [j.seconds for j in beats], out, narration)


def _videos(beats: list[BeatJob]) -> list[Path]:
    paths = [j.path for j in beats if j.path is not None]
    if len(paths) != len(beats):
        raise RuntimeError("a beat to join is not in the cache")
    return paths


def render_scene_alone(manifest: Manifest, narration: Path, scene_id: str, out: Path,
                       quality: Quality, cache_dir: Path, progress: Callable[[str], None] = print) -> Path:
    """One scene with its part of the narration, for checking a scene while editing it."""
    beats = render_beats_needed(manifest, quality, cache_dir, 1, only=[scene_id], progress=progress)
    return join_and_mux(_videos(beats), [j.seconds for j in beats], out, narration,
                        manifest.scene_span(scene_id))
