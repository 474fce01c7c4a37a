"""Printing figures: start-up, cards, a roster, a schematic, and a print job's overhead.

Each figure is printed beside a baseline measured in the same run:
- the CPU of ``manage.py printsheet --help`` in a fresh process against a bare
  ``django.setup()`` with the same settings (target 0.5 s);
- 100 Air Action cards in one PDF against the same cards rendered one PDF per card (what a
  renderer without a sheet layout would do), and against WeasyPrint rendering a minimal page;
- 100 distinct Crimson Dust model cards (every card its own name, so nothing to share
  between faces) in one PDF against the same cards one PDF per card (target 3 s of CPU);
- the 500-point warband's roster and one cs-hex schematic against the minimal page;
- a job's overhead from queue to PDF (Celery worker on Redis when reachable, else the task
  run in-process) beyond the render itself.

Run: ``.venv/bin/python bench/printing.py`` (``BENCH_REDIS_URL`` picks the broker, default
redis://127.0.0.1:6379/9). Times are wall-clock medians; CPU seconds are shown beside them
because a shared machine's load inflates wall time. Start-up is the best of seven fresh
processes, each with the bytecode caches a checkout has after its first run.
"""

from __future__ import annotations

import contextlib
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
WORK = Path(tempfile.mkdtemp(prefix="muster-bench-print-"))
os.environ["DJANGO_SETTINGS_MODULE"] = "builder.settings.local"
os.environ["DATABASE_URL"] = f"sqlite:///{WORK / 'bench.sqlite3'}"
os.environ["PRINT_ROOT"] = str(WORK / "print")
REDIS_URL = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/9")

import django  # noqa: E402

django.setup()

from builder import engine  # noqa: E402
from builder.printing.options import PrintOptions  # noqa: E402
from builder.printing.render import _face_key, faces_html, pdf_from_html  # noqa: E402
from builder.printing.services import print_request_parse, sheet_render  # noqa: E402
from builder.printing.sheets import sheet_build  # noqa: E402
from builder.printing.sheets.cards import cards_for_records  # noqa: E402
from rules_engine import load_catalogue  # noqa: E402

EXAMPLES = ROOT / "docs" / "examples"
sys.path.insert(0, str(ROOT / "bench"))

from figures import at_most, measured  # noqa: E402


def timed(fn: Callable[[], Any], repeat: int = 3) -> tuple[float, float, Any]:
    """Median wall seconds, median CPU seconds, and the last result."""
    walls, cpus, result = [], [], None
    for _ in range(repeat):
        w, c = time.perf_counter(), time.process_time()
        result = fn()
        walls.append(time.perf_counter() - w)
        cpus.append(time.process_time() - c)
    return statistics.median(walls), statistics.median(cpus), result


def line(label: str, wall: float, cpu: float, extra: str = "") -> None:
    print(f"{label:<58} {wall:7.3f} s wall {cpu:7.3f} s cpu  {extra}")


def example(name: str) -> dict[str, Any]:
    return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))


def verdict(cpu: float, target: float) -> str:
    return "target met" if cpu <= target else "target missed"


def process_cpu(argv: list[str], runs: int = 7) -> tuple[float, float]:
    """The least wall and CPU seconds (user + system) of ``argv`` in a fresh process, of
    ``runs`` runs: as ``timeit`` does, since another process's load only ever adds time."""
    # Bytecode caches as a developer's checkout has them (the first run writes them).
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    walls, cpus = [], []
    for i in range(runs + 1):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(argv, cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if i:  # the first run warms the caches
            walls.append(time.perf_counter() - start)
            cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return min(walls), min(cpus)


def startup() -> None:
    """What a management command pays before it does anything: the target is 0.5 s."""
    bare_wall, bare_cpu = process_cpu([sys.executable, "-c", "import django; django.setup()"])
    line("baseline: bare django.setup(), same settings (best of 7)", bare_wall, bare_cpu)
    wall, cpu = process_cpu([sys.executable, "manage.py", "printsheet", "--help"])
    line(
        "start-up: manage.py printsheet --help (best of 7)",
        wall,
        cpu,
        f"{cpu - bare_cpu:+.3f} s cpu beyond django.setup(); target <= 0.5 s cpu: "
        f"{verdict(cpu, 0.5)}",
    )
    measured(
        "start-up: manage.py printsheet --help",
        cpu,
        "s cpu",
        baseline="bare django.setup()",
        baseline_value=bare_cpu,
        target=at_most(0.5),
    )


def renders() -> None:
    catalogue = load_catalogue()
    pdf_from_html("<p>warm up fonts and stylesheet</p>")
    minimal_wall, minimal_cpu, _ = timed(lambda: pdf_from_html("<p>Muster</p>"), 5)
    line("baseline: WeasyPrint, one minimal page", minimal_wall, minimal_cpu)

    planes = [f"cs-air-action/{k}" for k in catalogue.records("cs-air-action", "figure")]
    hundred = (planes * 20)[:100]
    request = print_request_parse(kind="cards", what={"records": hundred}, options=None)
    wall, cpu, rendered = timed(lambda: sheet_render(request, catalogue))
    line(
        "100 Air Action cards, one PDF",
        wall,
        cpu,
        f"{rendered.pages} pages, {1000 * wall / 100:.1f} ms/card wall "
        f"({1000 * cpu / 100:.1f} cpu); target <= 3 s, <= 30 ms/card",
    )

    options = PrintOptions()

    def one_pdf_per_card() -> int:
        for ref in hundred:
            faces = cards_for_records(catalogue, [ref])
            pdf_from_html(faces_html(faces, options, ref))
        return len(hundred)

    base_wall, base_cpu, _ = timed(one_pdf_per_card, 1)
    line(
        "baseline: the same 100 cards, one PDF per card",
        base_wall,
        base_cpu,
        f"{1000 * base_wall / 100:.1f} ms/card; one PDF is {base_wall / wall:.1f}x faster",
    )
    measured(
        "100 Air Action cards, one PDF",
        wall,
        "s wall",
        baseline="one PDF per card",
        baseline_value=base_wall,
        target=at_most(3.0),
    )
    measured(
        "Air Action cards in one PDF, a card",
        1000 * wall / 100,
        "ms wall",
        baseline="one PDF per card",
        baseline_value=1000 * base_wall / 100,
        target=at_most(30.0),
    )

    models = example("crimson-dust/hundred-models.json")
    request = print_request_parse(kind="cards", what={"list": models}, options=None)
    faces = sheet_build(
        "cards", catalogue, records=[], checked=engine.checked_list(catalogue, models)
    )
    assert isinstance(faces, list)
    distinct = len({_face_key(face) for face in faces})
    wall, cpu, rendered = timed(lambda: sheet_render(request, catalogue))
    distinct_cpu = cpu
    line(
        "100 distinct Crimson Dust model cards, one PDF",
        wall,
        cpu,
        f"{rendered.pages} pages, {distinct} distinct faces of {len(faces)}, "
        f"{1000 * cpu / distinct:.1f} ms cpu a face; target <= 3 s cpu: {verdict(cpu, 3.0)}",
    )

    def one_pdf_per_model() -> int:
        for entry in models["entries"]:
            alone = {**models, "entries": [entry]}
            alone_request = print_request_parse(kind="cards", what={"list": alone}, options=None)
            sheet_render(alone_request, catalogue)
        return len(models["entries"])

    base_wall, base_cpu, _ = timed(one_pdf_per_model, 1)
    line(
        "baseline: the same 100 model cards, one PDF per card",
        base_wall,
        base_cpu,
        f"{1000 * base_cpu / 100:.1f} ms cpu a card; one PDF is {base_cpu / cpu:.1f}x less cpu",
    )
    measured(
        "100 distinct Crimson Dust model cards, one PDF",
        distinct_cpu,
        "s cpu",
        baseline="one PDF per card",
        baseline_value=base_cpu,
        target=at_most(3.0),
    )

    warband = example("crimson-dust/dust-devils-500.json")
    request = print_request_parse(kind="roster", what={"list": warband}, options=None)
    wall, cpu, rendered = timed(lambda: sheet_render(request, catalogue))
    line(
        "roster: 500-point warband (dust-devils-500)",
        wall,
        cpu,
        f"{rendered.pages} pages, {wall / minimal_wall:.1f}x a minimal page",
    )
    measured(
        "roster: 500-point warband",
        wall,
        "s wall",
        baseline="WeasyPrint, one minimal page",
        baseline_value=minimal_wall,
    )

    design = example("cs-hex/heavy-fighter-turret-legal.json")
    request = print_request_parse(kind="schematic", what={"list": design}, options=None)
    wall, cpu, rendered = timed(lambda: sheet_render(request, catalogue))
    line(
        "cs-hex schematic (heavy-fighter-turret-legal)",
        wall,
        cpu,
        f"{rendered.pages} page, {wall / minimal_wall:.1f}x a minimal page",
    )
    measured(
        "cs-hex schematic",
        wall,
        "s wall",
        baseline="WeasyPrint, one minimal page",
        baseline_value=minimal_wall,
    )


def redis_ok() -> bool:
    try:
        import redis

        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1).ping()
    except Exception:
        return False
    return True


def job_overhead(runs: int = 5) -> None:
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from builder.core.celery_workers import WorkerProcesses, use_broker
    from builder.printing.models import PrintJob
    from builder.printing.services import print_job_create
    from builder.printing.tasks import print_job_render
    from content.selectors import catalogue_for_packs

    with open(os.devnull, "w") as quiet, contextlib.redirect_stdout(quiet):
        call_command("migrate", verbosity=0)
        call_command("loadpack", verbosity=0, stdout=quiet, stderr=quiet)
    owner = get_user_model().objects.create_user("bench")
    catalogue = catalogue_for_packs()
    team = example("cs-aces/kims-team.json")

    def what(i: int) -> dict[str, Any]:
        return {"list": {**team, "name": f"{team['name']} {i}"}}

    def render_only(i: int) -> Any:
        return sheet_render(print_request_parse(kind="roster", what=what(i), options=None))

    render_only(-1)
    renders_s = [timed(lambda i=i: render_only(1000 + i), 1)[0] for i in range(runs)]
    render = statistics.median(renders_s)
    on_worker = redis_ok()
    how = (
        f"Celery worker (solo pool) on {REDIS_URL}"
        if on_worker
        else "task run in-process (no Redis reachable)"
    )
    totals = []
    with contextlib.ExitStack() as stack:
        if on_worker:
            import redis

            redis.Redis.from_url(REDIS_URL).flushdb()
            stack.enter_context(use_broker(REDIS_URL))
            workers = stack.enter_context(WorkerProcesses(REDIS_URL))
            worker = workers.start("bench-print", pool="solo", log=WORK / "worker.log")
            workers.wait_until_ready(worker)
        else:  # the jobs are rendered here: nothing left on a broker for another worker
            stack.enter_context(use_broker("memory://"))
        for i in range(runs):
            start = time.perf_counter()
            job = print_job_create(owner=owner, kind="roster", what=what(i))
            if not on_worker:
                print_job_render.apply(args=[job.pk])
            while PrintJob.objects.get(pk=job.pk).status not in ("done", "failed"):
                time.sleep(0.005)
            totals.append(time.perf_counter() - start)
    total = statistics.median(totals)
    assert catalogue is not None
    line(
        "job: queue to PDF, a roster (median of 5)",
        total,
        0.0,
        f"{how}; render alone {render:.3f} s; overhead {total - render:.3f} s "
        f"({100 * (total - render) / render:.0f}% of the render)",
    )
    where = "Celery worker on Redis" if on_worker else "in-process, no Redis"
    measured(
        f"print job overhead beyond the render ({where})",
        total - render,
        "s wall",
        baseline="render alone",
        baseline_value=render,
    )


if __name__ == "__main__":
    print(f"bench/printing.py  (pid {os.getpid()}, load {os.getloadavg()[0]:.1f})")
    startup()
    renders()
    job_overhead()
