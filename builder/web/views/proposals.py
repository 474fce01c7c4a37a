"""Proposals from collectors: suggest a correction of a catalogue record or propose a new
one through the admin's own forms, follow them in "My proposals", revise one the reviewer
sent back, or withdraw it. Nothing here writes to the catalogue; maintainers review in the
admin."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from builder.web.requests import SignedInHttpRequest
from builder.web.selectors.catalogue import TYPE_LABELS, record_get
from builder.web.systems import system_info
from builder.web.views.packs import diff_words
from content.models import RECORD_MODELS, GameSystem
from content.proposal_forms import proposal_form_class, proposed_from, show_errors
from content.proposals import RecordProposal
from content.schemas import record_schema_path
from content.services.collection import collector_source
from content.services.proposals import (
    current_dial,
    proposal_diff,
    proposal_record,
    proposal_revise,
    proposal_submit,
    proposal_target,
    proposal_withdraw,
    type_label,
)

Kind = RecordProposal.Kind
Status = RecordProposal.Status


def _system(slug: str) -> GameSystem:
    system_info(slug)  # a 404 naming the known games
    return get_object_or_404(GameSystem, slug=slug)


def _form_page(
    request: SignedInHttpRequest, form: Any, context: dict[str, Any], status: int = 200
) -> HttpResponse:
    return render(
        request,
        "web/proposals/form.html",
        {"form": form, "raw": request.GET.get("raw") == "1", "nav": "catalogue", **context},
        status=status,
    )


def _submit_or_show(
    request: SignedInHttpRequest, form: Any, send: Any, context: dict[str, Any]
) -> HttpResponse:
    """Send a valid form through ``send`` (the service); a refusal is shown at its fields."""
    if form.is_valid():
        try:
            proposal = send(proposed_from(form), form.cleaned_data.get("message") or "")
        except ValidationError as exc:
            show_errors(form, exc.message_dict if hasattr(exc, "error_dict") else {})
            if not hasattr(exc, "error_dict"):
                form.add_error(None, exc.messages)
        else:
            messages.success(
                request,
                f"Proposal sent: {proposal.name} is waiting for a maintainer's review. "
                "The catalogue does not change until it is approved.",
            )
            return redirect("web:my-proposals")
    return _form_page(request, form, context, status=400)


@login_required
def proposal_correct(
    request: SignedInHttpRequest, system: str, type: str, stable_id: str
) -> HttpResponse:
    """Suggest a correction of a catalogue record (a figure with its combat dial)."""
    game = _system(system)
    record = record_get(system, type, stable_id)
    dial = current_dial(record)
    raw = request.GET.get("raw") == "1"
    form_class = proposal_form_class(
        type, game, data=record.data, dial=dial, addition=False, raw=raw
    )
    context = {
        "title": f"Suggest a correction: {record.name}",
        "record": record,
        "type": type,
        "type_label": type_label(type),
        "system": system_info(system),
    }
    if request.method != "POST":
        return _form_page(request, form_class(instance=record), context)
    form = form_class(request.POST, instance=record)

    def send(proposed: Any, message: str) -> RecordProposal:
        return proposal_submit(
            proposer=request.user,
            system=game,
            record_type=type,
            kind=Kind.CORRECTION,
            stable_id=stable_id,
            proposed=proposed,
            message=message,
        )

    return _submit_or_show(request, form, send, context)


@login_required
def proposal_new_choose(request: SignedInHttpRequest, system: str) -> HttpResponse:
    """Which kind of record to propose: the types this game's records have a schema for."""
    info = system_info(system)
    types = [(t, label) for t, label in TYPE_LABELS.items() if record_schema_path(t, system)]
    return render(
        request,
        "web/proposals/choose.html",
        {"system": info, "types": types, "nav": "catalogue"},
    )


@login_required
def proposal_new(request: SignedInHttpRequest, system: str, type: str) -> HttpResponse:
    """Propose a new record of one type."""
    game = _system(system)
    model = RECORD_MODELS.get(type)
    if model is None or not record_schema_path(type, system):
        raise Http404(f"{system} has no record type {type!r}")
    raw = request.GET.get("raw") == "1"
    form_class = proposal_form_class(type, game, data=None, dial=None, addition=True, raw=raw)
    instance = model(system=game, sample=False)
    context = {
        "title": f"Propose a new {type_label(type)}",
        "type": type,
        "type_label": type_label(type),
        "system": system_info(system),
    }
    if request.method != "POST":
        initial = {"source": collector_source(game), "uncertain": []}
        return _form_page(request, form_class(instance=instance, initial=initial), context)
    form = form_class(request.POST, instance=instance)

    def send(proposed: Any, message: str) -> RecordProposal:
        return proposal_submit(
            proposer=request.user,
            system=game,
            record_type=type,
            kind=Kind.ADDITION,
            stable_id=form.cleaned_data["stable_id"],
            proposed=proposed,
            message=message,
        )

    return _submit_or_show(request, form, send, context)


def _own(request: SignedInHttpRequest, pk: int) -> RecordProposal:
    return get_object_or_404(
        RecordProposal.objects.select_related("system", "pack", "reviewer", "published_in"),
        pk=pk,
        proposer=request.user,
    )


def _row(p: RecordProposal) -> dict[str, Any]:
    target = None
    if p.kind == Kind.CORRECTION:
        target = reverse("web:record", args=[p.system.slug, p.record_type, p.stable_id])
    joined = p.published_in
    return {
        "p": p,
        "type": type_label(p.record_type),
        "url": reverse("web:proposal", args=[p.pk]),
        "record_url": target,
        "joined": f"{joined.pack.pack_id} {joined.version}" if joined else "",
        "joined_url": reverse("web:pack", args=[joined.pack.pack_id]) if joined else "",
        "open": p.status in (Status.PENDING, Status.CHANGES_REQUESTED),
    }


@login_required
def my_proposals(request: SignedInHttpRequest) -> HttpResponse:
    rows = RecordProposal.objects.filter(proposer=request.user).select_related(
        "system", "published_in__pack"
    )
    return render(
        request,
        "web/proposals/index.html",
        {"rows": [_row(p) for p in rows], "nav": "catalogue"},
    )


@login_required
def proposal_detail(request: SignedInHttpRequest, pk: int) -> HttpResponse:
    """One proposal: what it changes, its status and the reviewer's reason; the form again
    when the reviewer asked for changes."""
    proposal = _own(request, pk)
    context: dict[str, Any] = {
        "row": _row(proposal),
        "diff": diff_words(proposal_diff(proposal)),
        "system": system_info(proposal.system.slug),
        "nav": "catalogue",
    }
    if proposal.status != Status.CHANGES_REQUESTED:
        return render(request, "web/proposals/detail.html", context)
    target = proposal_target(
        system=proposal.system, record_type=proposal.record_type, stable_id=proposal.stable_id
    )
    raw = request.GET.get("raw") == "1"
    form_class = proposal_form_class(
        proposal.record_type,
        proposal.system,
        data=proposal.data,
        dial=proposal.dial or current_dial(target),
        addition=False,
        raw=raw,
    )
    context |= {
        "title": f"Revise your proposal: {proposal.name}",
        "type_label": type_label(proposal.record_type),
        "revising": proposal,
    }
    instance = proposal_record(proposal)
    if request.method != "POST":
        form = form_class(instance=instance, initial={"message": proposal.message})
        return _form_page(request, form, context)
    form = form_class(request.POST, instance=instance)

    def send(proposed: Any, message: str) -> RecordProposal:
        return proposal_revise(
            proposal=proposal, proposer=request.user, proposed=proposed, message=message
        )

    return _submit_or_show(request, form, send, context)


@login_required
@require_POST
def proposal_withdraw_view(request: SignedInHttpRequest, pk: int) -> HttpResponse:
    proposal = _own(request, pk)
    try:
        proposal_withdraw(proposal=proposal, proposer=request.user)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(request, f"Withdrawn: {proposal.name}.")
    return redirect("web:my-proposals")
