"""Real Celery worker processes, and this process pointed at their broker.

The real-worker tests and the worker benches start workers the same way: each in its own
process group (so a SIGKILL takes its pool children too), on a broker this process also
publishes to, sharing this process's database. Celery caches both its connection pool and
its producer pool; switching the broker without forgetting both publishes to the old one.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping
from pathlib import Path
from types import TracebackType
from typing import IO, Any
from urllib.parse import quote

from builder.celery import app

ROOT = Path(__file__).resolve().parent.parent.parent

Process = subprocess.Popen[bytes]


def forget_connections() -> None:
    """Make the next task sent open a connection to the broker now configured."""
    app._pool = None  # type: ignore[attr-defined]
    app.amqp._producer_pool = None  # type: ignore[attr-defined]


@contextlib.contextmanager
def use_broker(url: str, transport_options: Mapping[str, Any] | None = None) -> Iterator[str]:
    """Send this process's tasks to ``url`` inside the block, and to the broker before it after."""
    saved = (app.conf.broker_url, app.conf.broker_transport_options)
    app.conf.update(broker_url=url, broker_transport_options=dict(transport_options or {}))
    forget_connections()
    try:
        yield url
    finally:
        forget_connections()
        app.conf.update(broker_url=saved[0], broker_transport_options=saved[1])


def database_url() -> str:
    """The URL of the database this process's Django connection uses (PostgreSQL only:
    another process cannot open an in-memory SQLite database)."""
    from django.db import connection

    if connection.vendor != "postgresql":
        raise ValueError(f"a worker cannot share a {connection.vendor} database")
    db = connection.settings_dict
    user = quote(db.get("USER") or "postgres", safe="")
    password = f":{quote(db['PASSWORD'], safe='')}" if db.get("PASSWORD") else ""
    host = f"{db.get('HOST') or '127.0.0.1'}:{db.get('PORT') or 5432}"
    return f"postgres://{user}{password}@{host}/{db['NAME']}"


class WorkerProcesses:
    """Celery worker processes on one broker, each in its own process group; stopped on
    leaving the ``with`` block."""

    def __init__(self, broker_url: str, env: Mapping[str, str] | None = None) -> None:
        self.broker_url = broker_url
        self.env = {**os.environ, **(env or {}), "CELERY_BROKER_URL": broker_url}
        self.procs: list[Process] = []
        self.names: dict[int, str] = {}
        self.logs: dict[int, Path] = {}

    def start(
        self,
        name: str,
        concurrency: int = 1,
        *,
        pool: str = "prefork",
        env: Mapping[str, str] | None = None,
        log: Path | None = None,
        loglevel: str = "warning",
    ) -> Process:
        """A worker named ``name@<host>``; its output is appended to ``log`` (else dropped)."""
        argv = [sys.executable, "-m", "celery", "-A", "builder", "worker", f"--pool={pool}"]
        if pool == "prefork":
            argv.append(f"--concurrency={concurrency}")
        argv += [
            "--prefetch-multiplier=1",
            "-O",
            "fair",
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
            f"--loglevel={loglevel}",
            "-n",
            f"{name}@%h",
        ]
        out: IO[bytes] | int = log.open("ab") if log is not None else subprocess.DEVNULL
        try:
            proc = subprocess.Popen(
                argv,
                cwd=ROOT,
                env={**self.env, **(env or {})},
                start_new_session=True,
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        finally:
            if not isinstance(out, int):
                out.close()
        self.procs.append(proc)
        self.names[proc.pid] = name
        if log is not None:
            self.logs[proc.pid] = log
        return proc

    def wait_until_ready(self, proc: Process, timeout: float = 240) -> None:
        """Return once the worker answers a ping (it is then taking tasks); raise if it exits
        or stays silent for ``timeout`` seconds. This process must be on the workers' broker
        (``use_broker``): a ping goes out through this process's app."""
        if app.conf.broker_url != self.broker_url:
            raise RuntimeError(f"this process sends to {app.conf.broker_url}: use_broker first")
        prefix = f"{self.names[proc.pid]}@"
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                raise RuntimeError(
                    f"worker {prefix} exited with {proc.returncode}{self._log_tail(proc)}"
                )
            replies = app.control.ping(timeout=0.5) or []
            if any(node.startswith(prefix) for reply in replies for node in reply):
                return
        raise TimeoutError(f"worker {prefix} did not answer in {timeout} s{self._log_tail(proc)}")

    def _log_tail(self, proc: Process) -> str:
        log = self.logs.get(proc.pid)
        if log is None or not log.exists():
            return ""
        return f"; the end of {log}:\n{log.read_text(errors='replace')[-3000:]}"

    def kill(self, proc: Process) -> None:
        """SIGKILL the worker and its pool children, as a crash would."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)

    def stop_all(self, timeout: float = 20) -> None:
        """SIGTERM every worker still running (a warm shutdown), SIGKILL any that linger."""
        for proc in self.procs:
            if proc.poll() is None:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGTERM)
        for proc in self.procs:
            try:
                proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=10)

    def __enter__(self) -> WorkerProcesses:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop_all()
