"""N games of one Gymnasium environment split over worker processes, stepped together as numpy arrays.

`CardtableProcessVectorEnv` is a Gymnasium `VectorEnv` like
`CardtableVectorEnv` (the same spaces, autoreset at the next step, seeds and
infos), whose games are shared out over `workers` processes: worker k steps
its run of games with a `CardtableVectorEnv` of its own, one after another,
while the other workers step theirs.  The observations, masks and ids are
arrays in memory the processes share (the workers write their rows straight
into them); a step is one message to each worker (step) and one back (its
share's rewards, ends and infos), not one per game.  So the batch steps up to
`workers` times the games one process does, when that many cores are free.

Each worker imports cardtable as this process does (the same `sys.path`), so
it runs the compiled build when this process would.  Its options cross to
the worker by pickle: opponents given as callables must pickle (a function of
a module, not a lambda), and so must a game given as an object.  An error in
a worker (an illegal id without `illegal_reward`, say) is raised here, as the
same exception when it pickles; the batch must then be `reset`.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import multiprocessing.connection
import pickle
import time
import traceback
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium.vector import VectorEnv

from cardtable.games import AnyGame
from cardtable.rl.gym import CardtableGym
from cardtable.rl.vector import (
    NUMBERS,
    CardtableVectorEnv,
    SplitInfos,
    VectorStep,
    action_ids,
    check_batch,
    episode_seeds,
    split_infos,
    take_spaces,
    vector_infos,
)


class WorkerError(RuntimeError):
    """A worker process failed with an exception that does not pickle (its traceback in the message)."""


def shares(num_envs: int, workers: int) -> list[range]:
    """The games each worker steps: `workers` runs of consecutive games, sizes differing by at most one."""
    size, extra = divmod(num_envs, workers)
    runs, start = [], 0
    for worker in range(workers):
        stop = start + size + (worker < extra)
        runs.append(range(start, stop))
        start = stop
    return runs


class CardtableProcessVectorEnv(VectorEnv[dict[str, Any], Any, Any]):
    """`num_envs` copies of one `CardtableGym` over `workers` processes, observations and masks shared."""

    def __init__(
        self,
        game: str | AnyGame,
        num_envs: int,
        workers: int = 2,
        context: str | None = None,
        **options: Any,
    ) -> None:
        check_batch(num_envs, options)
        if isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers <= num_envs:
            raise ValueError(f"workers={workers!r}: how many processes share the games, 1 to num_envs")
        try:
            pickle.dumps((game, options))
        except Exception as error:
            raise ValueError(
                f"the game and options must pickle to reach the workers (opponents as module functions, "
                f"not lambdas): {error}"
            ) from error
        # One game here for the spaces (and to refuse bad options before any process starts).
        first = CardtableGym(game, **options)
        take_spaces(self, first, num_envs)
        self.workers = workers
        encoding = first.table.encoding
        sizes = (encoding.observation_size, encoding.action_count)
        first.close()
        ctx = multiprocessing.get_context(context)
        buffers = (
            ctx.RawArray("b", num_envs * sizes[0] * 4),
            ctx.RawArray("b", num_envs * sizes[1]),
            ctx.RawArray("b", num_envs * 8),
        )
        self._observations, self._masks, self._actions = _views(buffers, num_envs, sizes)
        self._shares = shares(num_envs, workers)
        self._pipes: list[multiprocessing.connection.Connection] = []
        self._processes: list[Any] = []
        self.closed = False
        for run in self._shares:
            ours, theirs = ctx.Pipe()
            process = ctx.Process(  # type: ignore[attr-defined]
                target=_work,
                args=(theirs, game, options, buffers, num_envs, sizes, run),
                name=f"cardtable-vector-{run.start}-{run.stop}",
                daemon=True,
            )
            process.start()
            theirs.close()
            self._pipes.append(ours)
            self._processes.append(process)
        for _ in self._gather():  # each worker says it is ready (or why it is not)
            pass

    def reset(
        self, *, seed: int | Sequence[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, npt.NDArray[Any]], dict[str, Any]]:
        """Deal every game anew: game i from `seed + i`, or from `seed[i]`."""
        seeds = episode_seeds(seed, self.num_envs)
        self._refuse_closed()
        for pipe, run in zip(self._pipes, self._shares, strict=True):
            pipe.send(("reset", seeds[run.start : run.stop]))
        infos = self._infos(list(self._gather()))  # the workers have written their rows once they answer
        return self._batch(), infos

    def step(self, actions: npt.ArrayLike) -> VectorStep:
        """Each game plays its action (a game that ended at the last step is dealt anew instead)."""
        ids = action_ids(actions, self.num_envs)
        self._refuse_closed()
        self._actions[:] = ids
        for pipe in self._pipes:
            pipe.send(("step", None))
        answers = list(self._gather())
        rewards = np.concatenate([answer[0] for answer in answers])
        terminations = np.concatenate([answer[1] for answer in answers])
        truncations = np.concatenate([answer[2] for answer in answers])
        infos = self._infos([answer[3] for answer in answers])
        return self._batch(), rewards, terminations, truncations, infos

    def worker_seconds(self) -> list[float]:
        """Each worker's CPU seconds so far (`time.process_time()` in it): what a benchmark counts."""
        self._refuse_closed()
        for pipe in self._pipes:
            pipe.send(("seconds", None))
        return [float(seconds) for seconds in self._gather()]

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """Every game's mask now, as booleans of shape (N, actions)."""
        return self._masks.astype(bool)

    def _refuse_closed(self) -> None:
        if self.closed:
            raise RuntimeError("this vector environment is closed: its workers have stopped")

    def _gather(self) -> Any:
        """Each worker's answer, in order; a worker's error raised here once all have answered."""
        answers, failure = [], None
        for pipe, process in zip(self._pipes, self._processes, strict=True):
            try:
                kind, answer = pipe.recv()
            except EOFError:
                kind, answer = "error", WorkerError(f"{process.name} ended (exit code {process.exitcode})")
            if kind == "error" and failure is None:
                failure = answer
            answers.append(answer)
        if failure is not None:
            raise failure
        return answers

    def _infos(self, parts: list[SplitInfos]) -> dict[str, Any]:
        numbers = {key: np.concatenate([part[0][key] for part in parts]) for key in NUMBERS}
        words = [
            (run.start + index, extra)
            for run, part in zip(self._shares, parts, strict=True)
            for index, extra in part[1]
        ]
        return vector_infos(self, numbers, words)

    def _batch(self) -> dict[str, npt.NDArray[Any]]:
        # Copies: the workers write the shared arrays again at the next step.
        return {"observation": self._observations.copy(), "action_mask": self._masks.copy()}

    def close_extras(self, **kwargs: Any) -> None:
        """Stop the workers (each told to, then waited for; one that does not stop is ended)."""
        for pipe in self._pipes:
            with contextlib.suppress(BrokenPipeError, OSError):  # a worker already gone
                pipe.send(("close", None))
        for pipe, process in zip(self._pipes, self._processes, strict=True):
            process.join(timeout=5)
            if process.is_alive():
                process.terminate()
                process.join()
            pipe.close()
        self.closed = True

    def __del__(self) -> None:
        # Refused arguments stop __init__ before any worker starts: then there is nothing to stop.
        if "_processes" in self.__dict__ and not self.closed:
            self.close()


def _views(
    buffers: tuple[Any, Any, Any], num_envs: int, sizes: tuple[int, int]
) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8], npt.NDArray[np.int64]]:
    """The shared buffers as the batch's arrays: observations, masks, ids."""
    observations = np.frombuffer(buffers[0], dtype=np.float32).reshape(num_envs, sizes[0])
    masks = np.frombuffer(buffers[1], dtype=np.int8).reshape(num_envs, sizes[1])
    return observations, masks, np.frombuffer(buffers[2], dtype=np.int64)


def _work(
    pipe: multiprocessing.connection.Connection,
    game: str | AnyGame,
    options: dict[str, Any],
    buffers: tuple[Any, Any, Any],
    num_envs: int,
    sizes: tuple[int, int],
    run: range,
) -> None:
    """A worker: its games as one `CardtableVectorEnv` writing into the shared rows, until told to close."""
    try:
        observations, masks, actions = _views(buffers, num_envs, sizes)
        vector = CardtableVectorEnv(game, len(run), **options)
        vector._observations = observations[run.start : run.stop]
        vector._masks = masks[run.start : run.stop]
        pipe.send(("ready", None))
    except BaseException as error:
        pipe.send(("error", _portable(error)))
        return
    while True:
        try:
            command, argument = pipe.recv()
        except EOFError:  # the batch's process is gone
            return
        try:
            if command == "close":
                return
            if command == "reset":
                answer: Any = split_infos(vector._deal(argument))
            elif command == "seconds":
                answer = time.process_time()
            else:
                rewards, terminations, truncations, infos = vector._play(actions[run.start : run.stop])
                answer = (rewards, terminations, truncations, split_infos(infos))
            pipe.send(("ok", answer))
        except Exception as error:
            pipe.send(("error", _portable(error)))


def _portable(error: BaseException) -> BaseException:
    """The exception itself when it pickles, else a WorkerError holding its traceback."""
    try:
        pickle.loads(pickle.dumps(error))
    except Exception:
        return WorkerError("".join(traceback.format_exception(error)))
    return error
