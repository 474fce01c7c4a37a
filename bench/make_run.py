"""How long `make run` keeps a newcomer waiting the second time: nothing changed since the
last start, so nothing should be installed or loaded again.

Starts ``make run`` on a free port, waits for the first answer to ``GET /``, and stops it:
once to warm up (a fresh checkout installs and migrates here), then ``--starts`` times,
timed. The baseline, in the same run, is ``manage.py runserver`` alone on the same prepared
database: the least any start can take. Target: the first answer within 15 s.

Run: ``.venv/bin/python bench/make_run.py [--starts 3]``. It uses the checkout's own
``var/`` (the SQLite database and broker folders ``make run`` uses).
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import timing  # noqa: F401  (puts the repository on sys.path)
from figures import at_most, measured

ROOT = Path(__file__).resolve().parent.parent
PY = ROOT / ".venv" / "bin" / "python"
TARGET_S = 15.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def first_answer(command: list[str], port: int, limit: float = 300.0) -> float:
    """Seconds from starting ``command`` to the first HTTP answer on ``port``; the command
    and everything it started are stopped afterwards."""
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": ""}
    start = time.perf_counter()
    process = subprocess.Popen(
        command,
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1).close()
                return time.perf_counter() - start
            except OSError:
                pass
            if process.poll() is not None:
                raise SystemExit(f"{' '.join(command)} stopped before it answered")
            if time.perf_counter() - start > limit:
                raise SystemExit(f"{' '.join(command)} did not answer within {limit:.0f} s")
            time.sleep(0.1)
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--starts", type=int, default=3)
    starts = parser.parse_args().starts
    make = ["make", "--no-print-directory", "run"]
    port = free_port()
    warm = first_answer([*make, f"PORT={port}"], port)
    print(f"bench/make_run.py  (load {os.getloadavg()[0]:.1f})")
    print(f"warm-up start (installs and migrates on a fresh checkout): {warm:.1f} s")
    runs, bases = [], []
    for _ in range(starts):
        port = free_port()
        runs.append(first_answer([*make, f"PORT={port}"], port))
        port = free_port()
        bases.append(first_answer([str(PY), "manage.py", "runserver", f"127.0.0.1:{port}"], port))
    run, base = statistics.median(runs), statistics.median(bases)
    print(f"make run, second start, to the first answer (median of {starts}): {run:.1f} s")
    print(f"baseline: manage.py runserver alone on the same database: {base:.1f} s")
    print(f"target <= {TARGET_S:.0f} s: {'met' if run <= TARGET_S else 'missed'}")
    measured(
        "make run, second start, to the first answer",
        run,
        "s wall",
        baseline="manage.py runserver alone",
        baseline_value=base,
        target=at_most(TARGET_S),
    )


if __name__ == "__main__":
    sys.exit(main())
