"""Fights: two of my lists played against each other many times by the workers, with the
progress shown while it runs, a button to cancel it, and the report drawn as charts when it
is done. The engine's work limit and the quota of jobs are told in words beside the form."""

from __future__ import annotations

import random
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from builder import engine
from builder.api.limits import check_runs
from builder.core.errors import ApplicationError, ErrorCode
from builder.lists.selectors import saved_lists_for_owner
from builder.simulations.inputs import simulation_checked
from builder.simulations.selectors import simulation_job_get, simulation_job_list
from builder.simulations.services import simulation_job_cancel, simulation_job_create
from builder.web.charts import bar_chart
from builder.web.requests import HtmxHttpRequest

DEFAULT_RUNS = 2000


def _fightable(request: HttpRequest) -> list[Any]:
    return [
        saved
        for saved in saved_lists_for_owner(user=request.user).order_by("system__name", "name")
        if engine.system_module(saved.system.slug).has_fights
    ]


@login_required
def fights(request: HttpRequest) -> HttpResponse:
    lists = _fightable(request)
    by_uuid = {str(saved.uuid): saved for saved in lists}
    errors: dict[str, str] = {}
    status = 200
    values = {
        "list_a": request.POST.get("list_a", ""),
        "list_b": request.POST.get("list_b", ""),
        "runs": request.POST.get("runs", str(DEFAULT_RUNS)),
        "seed": request.POST.get("seed", str(random.randint(1, 999_999))),
    }
    if request.method == "POST":
        for side in ("list_a", "list_b"):
            if values[side] not in by_uuid:
                errors[side] = "Pick one of your lists."
        runs = seed = 0
        try:
            runs = int(values["runs"])
            if runs < 1:
                raise ValueError
            check_runs(runs, "runs")
        except ValueError:
            errors["runs"] = "Give a whole number of runs, 1 or more."
        except ApplicationError as exc:
            errors["runs"] = exc.message
        try:
            seed = int(values["seed"])
        except ValueError:
            errors["seed"] = "Give a whole number."
        if not errors:
            a, b = by_uuid[values["list_a"]], by_uuid[values["list_b"]]
            inputs = {
                "list_a": a.document,
                "list_b": b.document,
                "scenario": {},
                "runs": runs,
                "seed": seed,
            }
            try:
                simulation_checked(inputs)
                job = simulation_job_create(owner=request.user, **inputs)
            except engine.BadDocument as exc:
                errors.update(_in_words(exc, a.document, b.document, runs))
            except ApplicationError as exc:
                if exc.code == ErrorCode.JOB_QUOTA:
                    errors["form"], status = exc.message, exc.status
                else:
                    errors["runs"] = exc.message
            else:
                return redirect("web:fight", public_id=job.public_id)
    jobs = list(simulation_job_list(owner=request.user).order_by("-created_at")[:10])
    return render(
        request,
        "web/fights/index.html",
        {"lists": lists, "values": values, "errors": errors, "jobs": jobs, "nav": "fights"},
        status=status,
    )


def _in_words(
    exc: engine.BadDocument, a: dict[str, Any], b: dict[str, Any], runs: int
) -> dict[str, str]:
    """The engine's refusal beside the field it is about, without its JSON paths."""
    found: dict[str, list[str]] = {}
    for error in exc.errors:
        if error.path == "runs":
            found.setdefault("runs", []).append(
                f"{runs:,} runs of these two lists ({engine.simulation_work(a, b, 1)} models "
                "in all) is more than one fight may take: at most "
                f"{engine.simulation_max_runs(a, b):,} runs of them."
            )
        else:
            side = "list_a" if error.path.startswith("list_a") else "list_b"
            found.setdefault(side, []).append(error.message[:1].upper() + error.message[1:])
    return {field: " ".join(dict.fromkeys(texts)) for field, texts in found.items()}


@login_required
@require_POST
def fight_cancel(request: HttpRequest, public_id: str) -> HttpResponse:
    """Stop a queued or running fight: the workers skip the runs not yet played."""
    job = simulation_job_get(owner=request.user, public_id=public_id)
    try:
        simulation_job_cancel(job=job)
    except ApplicationError:
        messages.info(request, "This fight has already ended: there is nothing left to cancel.")
    else:
        messages.success(request, "Fight cancelled: no more runs will be played.")
    if request.POST.get("back") == "fights":
        return redirect("web:fights")
    return redirect("web:fight", public_id=job.public_id)


@login_required
def fight(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    job = simulation_job_get(owner=request.user, public_id=public_id)
    total = job.blocks_total
    context: dict[str, Any] = {
        "job": job,
        "done": job.blocks_done,
        "total": total,
        "percent": round(100 * job.blocks_done / total) if total else 0,
        "report": report_view(job.result) if job.result else None,
        "nav": "fights",
    }
    template = "web/fights/_status.html" if request.htmx else "web/fights/job.html"
    return render(request, template, context)


def report_view(report: dict[str, Any]) -> dict[str, Any]:
    """The report's numbers laid out for the page: outcomes with their intervals, each
    figure's survival, each side's casualties as a chart."""
    outcome = report.get("outcome") or {}
    labels = {"a_wins": "List A wins", "draws": "Draw", "b_wins": "List B wins"}
    outcomes = [{"label": labels.get(k, k), **v} for k, v in outcome.items() if isinstance(v, dict)]
    sides = []
    for side, data in (report.get("sides") or {}).items():
        casualties = (data or {}).get("casualties") or {}
        dist = casualties.get("distribution") or {}
        keys = sorted(dist, key=lambda k: float(k))
        sides.append(
            {
                "side": side.upper(),
                "name": (report.get("lists") or {}).get(side, side),
                "points": data.get("points"),
                "mean": casualties.get("mean"),
                "chart": bar_chart(f"List {side.upper()} casualties", [(k, dist[k]) for k in keys])
                if dist
                else None,
            }
        )
    return {
        "outcomes": outcomes,
        "chart": bar_chart("Outcome", [(o["label"], o["value"]) for o in outcomes]),
        "turns": report.get("turns"),
        "figures": report.get("figures") or [],
        "sides": sides,
        "assumptions": report.get("assumptions") or [],
        "runs": report.get("runs"),
        "seed": report.get("seed"),
    }
