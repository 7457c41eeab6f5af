"""Where a run's games are played: this machine's processes (`local`), or a Ray cluster (`ray`).

A backend plays the runner's chunks of games and hands back each chunk's
records in the chunks' order, so that a run gives the same records, the
same statistics and the same report whatever plays it: a game's record
depends on its task alone.  Ray is an optional extra (`pip install
cardtable[ray]`); `--address HOST:PORT` joins a cluster started with `ray
start --head` (docs/scale.md), and without it a Ray instance is started on
this machine for the run.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import signal
import socket
import tempfile
from collections import deque
from collections.abc import Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from types import TracebackType
from typing import Any, Protocol

from cardtable.core.errors import CardtableError
from cardtable.sim.tasks import GameRecord, GameTask, play_chunk

#: The backends by name, as `--backend` takes them.
BACKENDS = ("local", "ray")
#: Seconds given to a cluster's address to answer before the run is refused.
CONNECT_SECONDS = 5.0
#: Chunks sent to a cluster ahead of the one awaited, per game played at once.
CHUNKS_AHEAD = 2


class BackendError(CardtableError):
    """A backend that cannot be used: unknown, not installed, or out of reach."""


class Backend(Protocol):
    """Plays chunks of games somewhere and hands back their records."""

    name: str

    def processes(self, jobs: int | None) -> int:
        """Games played at once for `jobs` (None: as many as the backend has cores)."""
        ...

    def play(self, chunks: Sequence[Sequence[GameTask]], processes: int) -> Iterator[list[GameRecord]]:
        """Each chunk's records, in the chunks' order, as they finish."""
        ...


def _leave_interrupts_to_the_parent() -> None:
    """A worker ignores Ctrl-C: the parent stops the run, and the workers with it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    from cardtable.bots.parallel import keep_to_one_process

    keep_to_one_process()  # the run keeps every core busy: its bots search in their own process


class LocalPool:
    """This machine: a pool of processes, or this process alone for one job or one chunk."""

    name = "local"

    def __enter__(self) -> LocalPool:
        return self

    def __exit__(self, *exc: object) -> None:
        """Nothing to stop: each run's pool ends with the run."""

    def processes(self, jobs: int | None) -> int:
        """`jobs`, or every core."""
        return max(1, jobs or os.cpu_count() or 1)

    def play(self, chunks: Sequence[Sequence[GameTask]], processes: int) -> Iterator[list[GameRecord]]:
        """Each chunk's records, in order, over a pool of `processes` (none for one job or chunk)."""
        if processes == 1 or len(chunks) <= 1:
            for chunk in chunks:
                yield play_chunk(chunk)
            return
        pool = multiprocessing.Pool(min(processes, len(chunks)), initializer=_leave_interrupts_to_the_parent)
        try:
            yield from pool.imap(play_chunk, chunks)
        except BaseException:
            # Ctrl-C, or a game that failed: the games under way are stopped, and no other is started.
            pool.terminate()
            raise
        finally:
            pool.close()
            pool.join()


def _play_on_a_node(chunk: Sequence[GameTask]) -> tuple[list[GameRecord], list[str | None]]:
    """A Ray task: play a chunk; replays are written here and their text sent back with the records."""
    from cardtable.bots.parallel import keep_to_one_process

    keep_to_one_process()  # the cluster keeps every core busy
    if all(task.replay_folder is None for task in chunk):
        return play_chunk(chunk), []
    moved, texts = [], []
    with tempfile.TemporaryDirectory(prefix="cardtable-replays-") as folder:
        records = play_chunk([replace(task, replay_folder=folder) for task in chunk])
        for task, record in zip(chunk, records, strict=True):
            path = text = None
            if record.replay is not None and task.replay_folder is not None:
                path = str(Path(task.replay_folder) / Path(record.replay).name)
                text = Path(record.replay).read_text(encoding="utf-8")
            moved.append(replace(record, replay=path))
            texts.append(text)
    return moved, texts


class RayCluster:
    """A Ray cluster by address, or a Ray instance started on this machine (used as a context manager)."""

    name = "ray"

    def __init__(self, address: str | None = None) -> None:
        if address is not None:
            check_address(address)
        self.address = address
        self._started = False

    def __enter__(self) -> RayCluster:
        ray = _import_ray()
        if self.address is not None:
            # Ray itself waits minutes for a cluster that does not answer: the address is tried first.
            host, port = check_address(self.address)
            try:
                socket.create_connection((host, port), timeout=CONNECT_SECONDS).close()
            except OSError as error:
                reason = error.strerror or type(error).__name__
                raise BackendError(
                    f"cannot reach a Ray cluster at {self.address!r}: {reason} "
                    "(start one with `ray start --head`, docs/scale.md)"
                ) from None
        if not ray.is_initialized():
            try:
                ray.init(
                    address=self.address or "local",
                    include_dashboard=False,
                    logging_level=logging.ERROR,
                    log_to_driver=False,
                )
            except (ConnectionError, RuntimeError) as error:
                # A cluster that answers but refuses us: another program on the port, or a token
                # missing (Ray's token authentication: docs/scale.md).
                where = f"the Ray cluster at {self.address!r}" if self.address else "a local Ray instance"
                first = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
                raise BackendError(f"cannot join {where}: {first} (docs/scale.md)") from None
            self._started = True
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        if self._started:
            _import_ray().shutdown()
            self._started = False

    def processes(self, jobs: int | None) -> int:
        """`jobs`, or every CPU of the cluster."""
        return max(1, jobs or int(_import_ray().cluster_resources().get("CPU", 1)))

    def play(self, chunks: Sequence[Sequence[GameTask]], processes: int) -> Iterator[list[GameRecord]]:
        """Each chunk's records, in order, a few chunks per core sent ahead of the one awaited."""
        ray = _import_ray()
        if not ray.is_initialized():
            raise BackendError("the Ray backend is used outside its `with` block: no cluster is joined")
        from cardtable.core.paths import write_atomic

        remote = ray.remote(num_cpus=1)(_play_on_a_node)
        waiting: deque[Any] = deque()
        sent = 0
        try:
            while sent < len(chunks) or waiting:
                while sent < len(chunks) and len(waiting) < processes * CHUNKS_AHEAD:
                    waiting.append(remote.remote(chunks[sent]))
                    sent += 1
                records, texts = ray.get(waiting.popleft())
                for record, text in zip(records, texts, strict=False):
                    if record.replay is not None and text is not None:
                        write_atomic(record.replay, text)
                yield records
        finally:
            for reference in waiting:  # a run stopped part way: the games still queued are dropped
                ray.cancel(reference, force=True)


def check_address(address: str) -> tuple[str, int]:
    """HOST and PORT of a cluster's address (BackendError naming the address if it is not HOST:PORT)."""
    host, colon, port = address.strip().rpartition(":")
    if not colon or not host or not (port.isascii() and port.isdigit() and 0 < int(port[:6]) < 65536):
        raise BackendError(f"bad Ray address {address!r}: write HOST:PORT, like 192.168.1.10:6379")
    return host.strip("[]"), int(port)


def _import_ray() -> Any:
    """The ray module, or a one-line BackendError saying how to install it."""
    try:
        import ray
    except ImportError:
        raise BackendError(
            "the ray backend needs Ray, which is not installed: pip install 'cardtable[ray]'"
        ) from None
    return ray


def open_backend(name: str, address: str | None = None) -> LocalPool | RayCluster:
    """The backend named `name`, for a `with` block (BackendError for an unknown name or a bad address)."""
    if name == "ray":
        _import_ray()
        return RayCluster(address)
    if name == "local" and address is None:
        return LocalPool()
    if name == "local":
        raise BackendError(f"an address ({address!r}) is for the ray backend: add --backend ray")
    raise BackendError(f"unknown backend {name!r}; backends: {', '.join(BACKENDS)}")
