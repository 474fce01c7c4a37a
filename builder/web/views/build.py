"""The list builder: one form holding the whole list, checked by the engine on every change.

It works as a plain form (each button posts and the page comes back checked) and, where
JavaScript runs, htmx posts the same form on each change and swaps in the checked list.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from django.contrib import messages
from django.core.files.uploadedfile import UploadedFile
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.text import slugify

from builder import engine
from builder.collections.requirements import list_needs
from builder.collections.selectors import (
    collection_fielding,
    keeps_collection_for,
    owned_counts,
)
from builder.core.errors import ApplicationError
from builder.engine import Catalogue, unpriced_items
from builder.games.labels import value_label, words
from builder.games.picks import Owned, Picks, fielded_counts
from builder.lists.models import SavedList
from builder.lists.price_sheets import price_sheet_applied, price_sheets_to_apply
from builder.lists.selectors import saved_designs_for_owner
from builder.lists.services import saved_list_create, saved_list_update
from builder.web import builder_view, draft_view, pickers
from builder.web.listfile import list_file_read, list_type_problems
from builder.web.listform import (
    my_designs_named,
    new_entry,
    pack_refs,
    read_document,
    setting_specs,
    unpriced_ids,
)
from builder.web.requests import HtmxHttpRequest
from builder.web.selectors.catalogue import current_catalogue, document_resolved
from builder.web.services import list_check
from builder.web.systems import SYSTEM_INFO, game_for, kind_label, kind_of, system_info
from builder.web.views.price_sheets import opened_tokens
from content.catalogues import Resolved
from content.services.json_safety import MAX_DOCUMENT_BYTES, parse_json
from content.spellings import list_respelled


def build_start(request: HttpRequest) -> HttpResponse:
    return render(
        request, "web/build/start.html", {"systems": SYSTEM_INFO.values(), "nav": "build"}
    )


def new_document(system: str, kind: str, catalogue: Catalogue) -> dict[str, Any]:
    """A new list of ``kind``: its game's starting entries and default limit, pinned to the
    packs of the current catalogue."""
    found = kind_of(system, kind)
    doc: dict[str, Any] = {
        "format": "muster-list/1",
        "system": system,
        "kind": kind,
        "name": f"New {found.label.lower()}",
        "content": pack_refs(catalogue, system),
        "house_rules": {"prices": {}, "notes": ""},
        "entries": game_for(system).page.new_entries(kind, catalogue),
    }
    if found.default_limit:
        doc["points_limit"] = found.default_limit
    return doc


def apply_action(doc: dict[str, Any], data: QueryDict, catalogue: Catalogue) -> str:
    """Add or remove an entry as the pressed button asks; returns what was done."""
    action = data.get("action", "check")
    system, kind = doc["system"], doc["kind"]
    if action == "add":
        value = data.get("add", "")
        if kind_of(system, kind).add_key and not value:
            return "Pick something to add first."
        doc["entries"].append(new_entry(system, kind, value, catalogue, doc["entries"]))
        return "Added."
    if action.startswith("remove:"):
        try:
            index = int(action.split(":", 1)[1])
        except ValueError:
            return ""
        if 0 <= index < len(doc["entries"]):
            doc["entries"].pop(index)
            return "Removed."
    return ""


def build(request: HtmxHttpRequest, system: str, kind: str) -> HttpResponse:
    """A new, unsaved list: held in the form until its owner saves it."""
    system_info(system)
    kind_label(system, kind)
    return builder_response(request, system, kind, saved_list=None)


def builder_response(
    request: HtmxHttpRequest, system: str, kind: str, *, saved_list: SavedList | None
) -> HttpResponse:
    """The builder for a new list or a saved one: read, act, check, draw."""
    info = system_info(system)
    label = kind_label(system, kind)
    designs_from = kind_of(system, kind).designs_from
    note = ""
    import_errors: list[str] = []
    save_errors: list[dict[str, str]] = []
    catalogue = current_catalogue()
    if draft_view.is_discard(request):
        return draft_view.draft_discarded(request, system, kind, saved_list)
    last_saved = _last_saved(system, kind, catalogue, saved_list)
    unreadable = ""
    if request.method == "POST":
        upload = request.FILES.get("import_file")
        if upload:
            doc, import_errors, note = _imported(upload, system, kind, catalogue)
        elif request.POST.get("action") == draft_view.RESTORE:
            doc, unreadable = draft_view.draft_posted(request, system, kind, last_saved)
        else:
            doc = read_document(system, kind, request.POST, catalogue)
            note = apply_action(doc, request.POST, catalogue)
            if request.POST.get("action") == APPLY_SHEET:
                doc, note = _sheet_applied(request, doc)
        note = _designs_followed(request, doc, designs_from, catalogue) or note
        if request.POST.get("action") == "save":
            saved, save_errors = _save(request, doc, saved_list)
            if saved is not None:
                target = reverse("web:saved-list", args=[saved.uuid])
                if request.htmx:
                    response = HttpResponse(status=204)
                    response["HX-Redirect"] = target
                    return draft_view.draft_saved(request, response, system, kind, saved_list)
                return draft_view.draft_saved(request, redirect(target), system, kind, saved_list)
    else:
        doc = draft_view.draft_stored(request, system, kind, saved_list) or copy.deepcopy(
            last_saved
        )
        note = _designs_followed(request, doc, designs_from, catalogue)
    resolved = document_resolved(doc)
    catalogue = resolved.catalogue if resolved is not None else current_catalogue()
    owned = (
        _owned(request)
        if request.POST.get("from_collection", request.GET.get("from_collection"))
        else None
    )
    partial = bool(
        request.htmx
        and request.headers.get("HX-Trigger") == "builder-form"
        and request.POST.get("action", "check") == "check"
    )
    my_designs = (
        tuple(saved_designs_for_owner(user=request.user, system=system, kind=designs_from))
        if designs_from and not partial
        else ()
    )
    picks = Picks(
        catalogue, owned, my_designs, tuple(doc["entries"]), _fielded(doc) if owned else {}
    )
    context = builder_context(doc, picks, fields=not partial, resolved=resolved)
    context.update(
        {
            "system": info,
            "kind": kind,
            "kind_label": label,
            "note": note,
            "nav": "build",
            "import_errors": import_errors,
            "save_errors": save_errors,
            "saved_list": saved_list,
            "from_collection": owned is not None,
        }
    )
    context["sheets_offered"] = bool(unpriced_items(system, catalogue))
    context["house_open"] = request.POST.get("action") == APPLY_SHEET
    if context["sheets_offered"] and not partial:
        context["price_sheets"] = price_sheets_to_apply(
            user=request.user, system=system, tokens=opened_tokens(request)
        )
    context["open_entry"] = builder_view.open_entry(
        request.POST if request.method == "POST" else None,
        len(doc["entries"]),
        context["layout"]["by_entry"],
    )
    # Redrawn by htmx, so the script is there to unfold a closed entry's boxes on opening.
    context["lean_closed"] = bool(request.htmx)
    if saved_list is not None or request.user.is_authenticated:
        context["fielding"] = _fielding(request, doc, catalogue, asked=owned is not None)
    draft = draft_view.draft_state(
        request, doc, last_saved, saved_list=saved_list, problem=unreadable
    )
    context["draft"] = draft
    if not request.htmx:
        response = render(request, "web/build/page.html", context)
    elif partial:
        # A value changed: only the verdicts move, the fields stay as the player left them.
        response = render(request, "web/build/_oob.html", context)
        response["HX-Reswap"] = "none"
    else:
        response = render(request, "web/build/_builder.html", context)
    response["HX-Trigger-After-Settle"] = draft.event()
    return response


def _designs_followed(
    request: HttpRequest, doc: dict[str, Any], designs_from: str | None, catalogue: Catalogue
) -> str:
    """Fighters flying the player's saved designs fly them as saved now, so an edit of the
    design reaches every squadron it is linked into when the squadron is opened or checked;
    returns the note for the player, if any."""
    asked = my_designs_named(doc)
    if not asked or not designs_from:
        return ""
    found = saved_designs_for_owner(
        user=request.user, system=doc["system"], kind=designs_from, uuids=asked
    )
    copied = {u: d for u, _, d in found}
    return game_for(doc["system"]).page.saved_designs_copy(doc, copied, catalogue)


def _last_saved(
    system: str, kind: str, catalogue: Catalogue, saved_list: SavedList | None
) -> dict[str, Any]:
    """The list as it stands saved (or a new one, as it starts): what a change departs from."""
    if saved_list is None:
        return new_document(system, kind, catalogue)
    doc: dict[str, Any] = copy.deepcopy(saved_list.document)
    doc.setdefault("house_rules", {"prices": {}, "notes": ""})
    return doc


def _save(
    request: HttpRequest, doc: dict[str, Any], saved_list: SavedList | None
) -> tuple[SavedList | None, list[dict[str, str]]]:
    """Save the list as it stands, legal or not; only a document the engine cannot read
    is refused, with every path named."""
    if not request.user.is_authenticated:
        return None, [
            {
                "path": "",
                "message": "Log in or sign up to save lists; export keeps a copy meanwhile.",
            }
        ]
    try:
        if saved_list is None:
            saved = saved_list_create(owner=request.user, document=doc)
        else:
            saved = saved_list_update(saved_list=saved_list, document=doc)
    except ApplicationError as exc:
        return None, [
            {"path": "", "message": _save_problem(d.get("path", ""), d.get("message", ""))}
            for d in exc.details
        ] or [{"path": "", "message": exc.message}]
    messages.success(request, f"Saved “{saved.name}”.")
    return saved, []


def _save_problem(path: str, message: str) -> str:
    """A reason a save was refused, in words and placed by entry number, not JSON path."""
    return engine.problem_in_words(message, path)


def _owned(request: HttpRequest) -> Owned | None:
    """Everything the player owns, by record type, for pickers built from the collection."""
    if not request.user.is_authenticated:
        return None
    refs: dict[str, set[str]] = {}
    counts: dict[tuple[str, str], int] = {}
    for (s, t, i), n in owned_counts(user=request.user).items():
        if n > 0:
            refs.setdefault(t, set()).add(f"{s}/{i}")
            counts[(t, f"{s}/{i}")] = n
    return Owned({t: frozenset(r) for t, r in refs.items()}, counts)


def _fielded(doc: dict[str, Any]) -> dict[tuple[str, str], int]:
    """How many of each record the list fields, for pickers built from the collection; a
    list the form cannot yet read whole (an entry missing its figure) fields nothing."""
    try:
        needs = list_needs(doc)
    except (KeyError, TypeError, ValueError, AttributeError):
        return {}
    return fielded_counts([(n.system, n.record_type, n.stable_id, n.quantity) for n in needs])


def _fielding(
    request: HttpRequest, doc: dict[str, Any], catalogue: Catalogue, *, asked: bool
) -> dict[str, Any] | None:
    """Whether the player's collection fields the list: said only once they keep a
    collection of this game, or when they build from it (``asked``)."""
    if not request.user.is_authenticated:
        return None
    owned = owned_counts(user=request.user)
    if not asked and not keeps_collection_for(owned, doc["system"]):
        return None
    try:
        return collection_fielding(
            user=request.user, document=doc, catalogue=catalogue, owned=owned
        )
    except (KeyError, TypeError, ValueError):
        return None


def builder_context(
    doc: dict[str, Any],
    picks: Picks,
    *,
    fields: bool = True,
    resolved: Resolved | None = None,
) -> dict[str, Any]:
    """Everything the builder template shows for a document: fields, verdict, prices."""
    system, kind = doc["system"], doc["kind"]
    found = kind_of(system, kind)
    catalogue = picks.catalogue
    verdict = list_check(doc=doc, resolved=resolved)
    names = catalogue.names(system)
    laid_out = builder_view.layout(verdict, len(doc["entries"]), doc, catalogue, names)
    page = game_for(system).page
    beside = page.errors_beside_fields(kind)
    entries = []
    for i, entry in enumerate(doc["entries"]):
        found_here = laid_out["by_entry"].get(i, [])
        drawn = (
            pickers.entry_fields(system, kind, entry, picks, doc["entries"][:i])
            if fields or beside
            else []
        )
        own = builder_view.place_beside_fields(drawn, found_here, i) if beside else found_here
        title = (
            page.entry_title(kind, entry, catalogue) if isinstance(entry, dict) else ""
        ) or _entry_title(entry, i, names)
        entries.append(
            {
                "index": i,
                "fields": drawn if fields else [],
                "violations": own,
                "errors": sum(v["severity"] == "error" for v in found_here),
                "warnings": sum(v["severity"] == "warning" for v in found_here),
                "price": laid_out["prices"].get(i),
                "title": title,
                "part": str(entry["part"])
                if isinstance(entry, dict) and entry.get("part")
                else None,
                "part_label": _part_badge(entry, title),
            }
        )
    settings = doc.get("settings") or {}
    house = doc.get("house_rules") or {}
    prices = house.get("prices") or {}
    sheet = house.get("price_sheet") if isinstance(house.get("price_sheet"), dict) else None
    unpriced = unpriced_ids(verdict["violations"])
    shown, carried = _house_rows(prices, unpriced, verdict, sheet is not None)
    content = doc.get("content")
    titles = {p.id: p.name for p in catalogue.packs}
    context: dict[str, Any] = {
        "doc": doc,
        "content_json": json.dumps(doc.get("content", [])),
        "pins": [
            {**ref, "name": titles.get(str(ref.get("pack")), ref.get("pack"))}
            for ref in (content if isinstance(content, list) else [content])
            if isinstance(ref, dict)
        ],
        "verdict": verdict,
        "layout": laid_out,
        "entries": entries,
        "add_options": pickers.add_options(system, kind, picks) if fields else [],
        "add_label": found.add_label,
        "one_entry": found.one_entry,
        "unit": found.unit,
        "entries_label": found.entries_label,
        "limit_field": found.limit_field,
        "print_sheet": page.sheet_for(kind),
        "settings": [
            {"spec": s, "value": settings.get(s.key)} for s in setting_specs(system, kind)
        ],
        "house_prices": [
            {"id": i, "name": names.get(i, i), "value": prices.get(i, "")} for i in shown
        ],
        "price_sheet": sheet,
        "prices_carried": json.dumps(carried) if carried else "",
        "prices_carried_count": len(carried),
        "notes": (doc.get("house_rules") or {}).get("notes", ""),
        "export_json": json.dumps(doc, ensure_ascii=False),
    }
    context.update(page.extra_context(kind, verdict, catalogue))
    return context


APPLY_SHEET = "apply-sheet"


def _sheet_applied(request: HttpRequest, doc: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """The list with the picked price sheet applied: one of the player's own, or one whose
    link this browser opened."""
    token = request.POST.get("apply_sheet", "")
    if not token:
        return doc, "Pick a price sheet to apply first."
    sheets = price_sheets_to_apply(
        user=request.user, system=doc["system"], tokens=opened_tokens(request)
    )
    sheet = next((s for s in sheets if s.share_token == token), None)
    if sheet is None:
        return doc, "That price sheet is not one of yours, or its link has changed."
    count = len(sheet.prices)
    return price_sheet_applied(doc, sheet), (
        f"Applied the price sheet “{sheet.name}”: {count} price{'s' if count != 1 else ''}."
    )


def _house_rows(
    prices: dict[str, Any], unpriced: list[str], verdict: dict[str, Any], from_sheet: bool
) -> tuple[list[str], dict[str, Any]]:
    """Which house prices get a field, and which ride along unseen. A list's own prices all
    get one; after a sheet is applied, only those of items the list holds do (a sheet
    prices every unpriced item of the game), the rest are carried in a hidden field."""
    used = (verdict.get("house_rules") or {}).get("prices_used") or {}
    if from_sheet:
        shown = [
            i
            for i, p in prices.items()
            if i in used or isinstance(p, bool) or not isinstance(p, int) or p < 0
        ]
    else:
        shown = list(prices)
    shown += [i for i in unpriced if i not in shown]
    carried = {i: p for i, p in prices.items() if i not in shown}
    return shown, carried


def _entry_title(entry: Any, index: int, names: dict[str, str]) -> str:
    """What an entry is called above its fields: its own name, else the name of the record
    it takes (an archetype, a figure, a weapon), else its part in words."""
    if not isinstance(entry, dict):
        return f"Entry {index + 1}"
    pilot = entry.get("pilot")
    if isinstance(pilot, dict) and pilot.get("name"):
        element = entry.get("element")
        return f"{pilot['name']}, {element} element" if element else str(pilot["name"])
    for key in ("name", "label", "model", "element"):
        if entry.get(key):
            return str(entry[key])
    for key in ("archetype", "figure", "weapon"):
        ref = entry.get(key)
        if isinstance(ref, str) and ref:
            return names.get(ref.rpartition("/")[2]) or value_label(ref)
    if entry.get("part"):
        title = value_label(entry["part"])
        area = entry.get("area")
        return f"{title}, {words(str(area))}" if area else title
    return f"Entry {index + 1}"


def _part_badge(entry: Any, title: str) -> str | None:
    """The kind of part an entry is, in words, unless its title already says so."""
    if not isinstance(entry, dict) or not entry.get("part"):
        return None
    badge = value_label(entry["part"])
    return None if title.startswith(badge) else badge


def _export(doc: dict[str, Any]) -> HttpResponse:
    response = HttpResponse(
        json.dumps(doc, indent=2, ensure_ascii=False) + "\n", content_type="application/json"
    )
    name = slugify(doc.get("name") or "list") or "list"
    response["Content-Disposition"] = f'attachment; filename="{name}.json"'
    return response


def _imported(
    upload: UploadedFile[bytes], system: str, kind: str, catalogue: Catalogue
) -> tuple[dict[str, Any], list[str], str]:
    """A list file read back into the builder, its older spellings converted (and said so);
    anything wrong keeps the empty list and says why."""
    doc, problems = list_file_read(stream=upload, system=system, kind=kind)
    if doc is None:
        return new_document(system, kind, catalogue), problems, ""
    doc, respelled = list_respelled(doc)
    # A part's fields depend on its name: the converted entries are held to their shapes too.
    problems = list_type_problems(doc) if respelled else []
    if problems:
        return new_document(system, kind, catalogue), problems, ""
    doc.setdefault("house_rules", {"prices": {}, "notes": ""})
    return doc, [], respelled_note(len(respelled))


def respelled_note(count: int) -> str:
    """What the builder says when an imported file spelled some names the older way."""
    if not count:
        return ""
    one = count == 1
    return (
        f"The file spelled {count} part or area {'name' if one else 'names'} the older way, "
        f"with underscores; {'it is' if one else 'they are'} now spelled with hyphens."
    )


def build_export(request: HttpRequest, system: str, kind: str) -> HttpResponse:
    """The list being built, as a ``muster-list/1`` file to download."""
    system_info(system)
    kind_label(system, kind)
    doc, errors = parse_json(request.POST.get("document", ""), max_bytes=MAX_DOCUMENT_BYTES)
    if errors:
        return HttpResponse(
            f"The list to export cannot be read: {errors[0].message}.",
            status=400,
            content_type="text/plain",
        )
    if not isinstance(doc, dict) or doc.get("system") != system or doc.get("kind") != kind:
        return HttpResponse(
            f"The document is not a {system} {kind} list.", status=400, content_type="text/plain"
        )
    return _export(doc)
