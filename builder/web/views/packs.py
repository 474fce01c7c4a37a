"""The pack registry's pages: every pack, a pack's versions with their provenance, a
version's canonical file, and what changed between two versions with the saved lists it
changes."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from builder.catalogue.pack_files import pack_file_response
from builder.games.prices import violation_entry
from builder.lists.blast_radius import SHOWN, blast_radius
from content import registry
from content.models import ContentPack, ContentPackVersion
from content.record_display import field_label
from content.services.pack_diff import ABSENT, FieldChange, PackDiff, RecordChange, diff_packs
from content.services.packs import version_key
from content.signing import SigningKeyError, signature_bytes, site_public_key

TYPE_NAMES = {
    "figure": "figure",
    "archetype": "archetype",
    "weapon": "weapon",
    "ability": "ability",
    "combat_dial": "combat dial",
    "speed_dial": "speed dial",
    "navigation_card": "navigation card",
    "mass_table": "mass table",
    "maneuver": "manoeuvre",
    "fighter_weight": "fighter weight",
    "table": "rule table",
    "release": "release",
}
"""A record type as a sentence names it."""

BUMP_WORDS = {
    "major": "a major change: a record is removed or a price changes, so saved lists may "
    "change their total or verdict",
    "minor": "a minor change: records are only added",
    "patch": "a correction: no record is removed and no price changes",
}


def entry_words(path: str) -> str:
    """``$.entries[1].figure`` -> "entry 2": where in a list a record is named."""
    index = violation_entry(path)
    return f"entry {index + 1}" if index is not None else field_label(path)


def _value(value: Any) -> Any:
    return None if value is ABSENT else value


def _field(change: FieldChange) -> dict[str, Any]:
    return {
        "where": field_label(change.path),
        "old": _value(change.old),
        "new": _value(change.new),
        "added": change.old is ABSENT,
        "removed": change.new is ABSENT,
        "is_price": change.is_price,
    }


def _record(change: RecordChange) -> dict[str, Any]:
    return {
        "name": change.name,
        "type": TYPE_NAMES.get(change.type, change.type),
        "fields": [_field(f) for f in change.fields],
        "prices": [_field(f) for f in change.price_changes],
    }


def diff_words(diff: PackDiff) -> dict[str, Any]:
    """A diff as the registry's and the proposals' pages show it: records by kind, prices first."""
    return {
        "summary": diff.summary(),
        "bump": diff.bump,
        "bump_words": BUMP_WORDS.get(diff.bump or "", "no change"),
        "repriced": [_record(r) for r in diff.repriced],
        "added": [_record(r) for r in diff.added],
        "removed": [_record(r) for r in diff.removed],
        "changed": [_record(r) for r in diff.changed if not r.is_repriced],
        "pack_fields": [_field(f) for f in diff.pack_fields],
        "empty": diff.is_empty,
    }


def _pack_or_404(pack_id: str) -> ContentPack:
    pack = registry.pack_get(pack_id=pack_id)
    if pack is None:
        raise Http404(f"No pack {pack_id!r} is in the registry.")
    return pack


def _version_or_404(pack_id: str, version: str) -> ContentPackVersion:
    try:
        return registry.version_require(pack_id=pack_id, version=version)
    except registry.NotInRegistry as exc:
        raise Http404(exc.message) from exc


def _signing_key() -> dict[str, Any]:
    """The site's public key for the registry's pages, or why there is none."""
    try:
        return {"signing_key": site_public_key(), "signing_problem": ""}
    except SigningKeyError as exc:
        return {"signing_key": None, "signing_problem": str(exc)}


def pack_index(request: HttpRequest) -> HttpResponse:
    packs = list(registry.pack_rows())
    return render(
        request,
        "web/packs/index.html",
        {"packs": registry.pack_summaries(packs), "nav": "packs", **_signing_key()},
    )


def signing_key_pem(request: HttpRequest) -> HttpResponse:
    """The site's public key as a PEM file, for ``openssl pkeyutl -verify -pubin``."""
    key = _signing_key()["signing_key"]
    if key is None:
        raise Http404("This site signs nothing: it has no signing key.")
    response = HttpResponse(key.pem, content_type="application/x-pem-file")
    response["Content-Disposition"] = 'attachment; filename="signing-key.pem"'
    return response


def pack_signature(request: HttpRequest, pack_id: str, version: str) -> HttpResponse:
    """A version's signature as the 64 raw bytes ``openssl pkeyutl -sigfile`` reads."""
    row = _version_or_404(pack_id, version)
    raw = signature_bytes(row.signature)
    if raw is None:
        raise Http404(f"{pack_id} {version} is unsigned.")
    response = HttpResponse(raw, content_type="application/octet-stream")
    response["Content-Disposition"] = f'attachment; filename="{pack_id}-{version}.json.sig"'
    response["Cache-Control"] = "public, no-cache"
    return response


def pack_detail(request: HttpRequest, pack_id: str) -> HttpResponse:
    pack = _pack_or_404(pack_id)
    rows = list(registry.version_rows(pack=pack))
    by_age = sorted((row.version for row in rows), key=version_key)
    old, new = request.GET.get("from"), request.GET.get("to")
    if old in by_age and new in by_age:
        return redirect("web:pack-diff", pack_id=pack.pack_id, a=old, b=new)
    provenance = registry.version_provenance(rows)
    previous = dict(zip(by_age[1:], by_age, strict=False))
    signed = {row.version: row for row in rows}
    versions = [
        {"p": p, "previous": previous.get(p.version), "row": signed[p.version]} for p in provenance
    ]
    return render(
        request,
        "web/packs/pack.html",
        {
            "pack": pack,
            "versions": versions,
            "newest_first": list(reversed(by_age)),
            "nav": "packs",
            **_signing_key(),
        },
    )


def pack_file(request: HttpRequest, pack_id: str, version: str) -> HttpResponse:
    return pack_file_response(request, _version_or_404(pack_id, version))


def pack_diff(request: HttpRequest, pack_id: str, a: str, b: str) -> HttpResponse:
    old, new = _version_or_404(pack_id, a), _version_or_404(pack_id, b)
    diff = diff_packs(old.document, new.document)
    radius = blast_radius(old=old, new=new, diff=diff, viewer=request.user)
    lists = [
        {
            "impact": impact,
            "uses": [
                {"u": u, "where": ", ".join(entry_words(p) for p in u.used_by)} for u in impact.uses
            ],
        }
        for impact in radius.lists
    ]
    return render(
        request,
        "web/packs/diff.html",
        {
            "pack": old.pack,
            "old": old,
            "new": new,
            "diff": diff_words(diff),
            "radius": radius,
            "lists": lists,
            "shown_limit": SHOWN,
            "nav": "packs",
        },
    )
