"""Fights: two of my lists played against each other many times by the workers, with the
progress shown while it runs, a button to cancel it, and the report drawn as charts when it
is done. The engine's work limit and the quota of jobs are told in words beside the form."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from builder import engine
from builder.api.limits import check_runs
from builder.core.errors import ApplicationError, ErrorCode
from builder.games import game
from builder.lists.selectors import saved_lists_for_owner
from builder.simulations.inputs import simulation_checked
from builder.simulations.selectors import simulation_job_get, simulation_job_list
from builder.simulations.services import simulation_job_cancel, simulation_job_create
from builder.web.fight_report import report_view
from builder.web.requests import HtmxHttpRequest

DEFAULT_RUNS = 2000
CONFIRM = "fight_anyway"
"""The box a player ticks to fight with a list that is not legal."""


@dataclass(frozen=True)
class Fightable:
    """One of my lists the form offers, labelled by what its game counts."""

    saved: Any
    label: str
    not_legal: str
    """Why the list is not legal, in one line; empty when it is."""


def counted(amount: int, unit: str) -> str:
    """200 points, 4 fighters, 1 fighter: a list's total in what its game counts."""
    if amount == 1 and unit.endswith("s"):
        unit = unit[:-1]
    return f"{amount:,} {unit}"


def why_not_legal(saved: Any) -> str:
    """A list's first error in words, and how many more there are."""
    errors = [v for v in saved.violations or [] if v.get("severity", "error") == "error"]
    if saved.legal or not errors:
        return ""
    first = str(errors[0].get("message", "it breaks the game's rules"))
    more = len(errors) - 1
    tail = f" (and {more} more problem{'s' if more > 1 else ''})" if more else ""
    return f"{first[:1].upper()}{first[1:]}{tail}."


def legal_warning(picked: list[Fightable]) -> str:
    """Which picked lists are not legal and why, one line each list; empty when all are."""
    return " ".join(
        dict.fromkeys(f"{f.saved.name} is not legal: {f.not_legal}" for f in picked if f.not_legal)
    )


def _fightable(request: HttpRequest) -> list[Fightable]:
    found = []
    for saved in saved_lists_for_owner(user=request.user).order_by("system__name", "name"):
        slug = saved.system.slug
        kind = game(slug).kind(saved.kind)
        if not (engine.system_module(slug).has_fights and kind is not None and kind.fights):
            continue
        why = why_not_legal(saved)
        total = counted(saved.points, kind.unit)
        found.append(Fightable(saved, f"{saved.name} ({total}{', not legal' if why else ''})", why))
    return found


def _not_offered(uuid: str, everything: list[Fightable], game_title: str) -> str:
    """Why a picked list cannot fight here: none picked, or one of another game."""
    other = next((f.saved for f in everything if str(f.saved.uuid) == uuid), None)
    if other is None:
        return "Pick one of your lists."
    return (
        f"Pick one of your {game_title} lists: {other.name} is a {other.system.name} list, "
        "and both lists of a fight are of one game."
    )


def _games(lists: list[Fightable]) -> list[tuple[str, str]]:
    """(slug, name) of the games my fightable lists are of, each once, in list order."""
    return list(dict.fromkeys((f.saved.system.slug, f.saved.system.name) for f in lists))


@login_required
def fights(request: HttpRequest) -> HttpResponse:
    everything = _fightable(request)
    games = _games(everything)
    slugs = [slug for slug, _ in games]
    asked = request.POST.get("game") or request.GET.get("game", "")
    chosen = asked if asked in slugs else (slugs[0] if slugs else "")
    game_title = dict(games).get(chosen, "")
    lists = [f for f in everything if f.saved.system.slug == chosen]
    by_uuid = {str(f.saved.uuid): f for f in lists}
    errors: dict[str, str] = {}
    status = 200
    values = {
        "list_a": request.POST.get("list_a", ""),
        "list_b": request.POST.get("list_b", ""),
        "runs": request.POST.get("runs", str(DEFAULT_RUNS)),
        "seed": request.POST.get("seed", str(random.randint(1, 999_999))),
    }
    confirmed = request.POST.get(CONFIRM) == "on"
    warning = ""
    if request.method == "POST":
        for side in ("list_a", "list_b"):
            if values[side] not in by_uuid:
                errors[side] = _not_offered(values[side], everything, game_title)
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
        picked = [by_uuid[values[s]] for s in ("list_a", "list_b") if values[s] in by_uuid]
        warning = legal_warning(picked)
        if warning and not confirmed:
            errors["confirm"] = (
                f"{warning} Tick “Fight with it anyway” to play it as it stands, or pick "
                "legal lists."
            )
        if not errors:
            a, b = by_uuid[values["list_a"]].saved, by_uuid[values["list_b"]].saved
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
        {
            "lists": lists,
            "games": games,
            "game": chosen,
            "game_title": game_title,
            "warning": warning,
            "confirm_name": CONFIRM,
            "confirmed": confirmed,
            "values": values,
            "errors": errors,
            "jobs": jobs,
            "nav": "fights",
        },
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
