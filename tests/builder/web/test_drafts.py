"""Unsaved work in the builder: kept on each change, offered back on return, cleared by
saving or discarding, private to its player and bounded like a saved list."""

from __future__ import annotations

import copy
import json
from datetime import UTC, datetime, timedelta
from io import StringIO
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from builder.lists.drafts import list_draft_keep
from builder.lists.models import ListDraft, SavedList
from builder.lists.services import saved_list_create
from builder.web import draft_view
from tests.builder.web.conftest import example, form_data

pytestmark = pytest.mark.django_db
WARBAND = "/build/crimson-dust/warband/"
HTMX = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TRIGGER": "builder-form"}
MARCH = datetime(2026, 3, 1, 14, 5, tzinfo=UTC)


def devils() -> dict[str, Any]:
    doc = example("crimson-dust/dust-devils-500.json")
    doc["house_rules"]["notes"] = ""  # the form posts no notes unless typed
    return doc


def signed_in(client: Client, name: str = "ada") -> User:
    user = get_user_model().objects.create_user(name, password="a-long-pass-phrase")
    client.force_login(user)
    return user


def event(response: Any, header: str = "HX-Trigger-After-Settle") -> dict[str, Any]:
    detail: dict[str, Any] = json.loads(response[header])["muster-draft"]
    return detail


def notice(page: str) -> str:
    """The words of the server's offer, from its first word to the end of its form."""
    start = page.index("You have unsaved", page.index('id="draft-notice"'))
    return " ".join(page[start : page.index("</form>", start)].split())


def test_a_change_keeps_the_draft_with_one_query_more(
    client: Client, packs: Any, django_assert_num_queries: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    ada = signed_in(client)
    client.get(WARBAND)
    data = form_data(devils())
    with monkeypatch.context() as patched:  # the same change, with nothing kept
        patched.setattr(draft_view, "list_draft_keep", lambda **kwargs: None)
        client.post(WARBAND, data, **HTMX)
        with CaptureQueriesContext(connection) as without:
            client.post(WARBAND, data, **HTMX)
    assert not ListDraft.objects.exists()
    with django_assert_num_queries(len(without) + 1) as counted:
        response = client.post(WARBAND, data, **HTMX)
    assert sum("lists_listdraft" in q["sql"] for q in counted.captured_queries) == 1
    draft = ListDraft.objects.get()
    assert (draft.owner, draft.system, draft.kind, draft.saved_list) == (
        ada,
        "crimson-dust",
        "warband",
        None,
    )
    assert [e["name"] for e in draft.document["entries"]] == [
        "Sergeant Vance",
        "Brick",
        "Kestrel",
        "Outrider Jax",
        "Needle",
        "Grub",
    ]
    assert event(response) == {"changed": True, "problem": "", "restored": False}


def test_the_builder_offers_the_draft_back_by_name_and_time(client: Client, packs: Any) -> None:
    ada = signed_in(client)
    list_draft_keep(owner=ada, document=devils(), now=MARCH)
    page = client.get(WARBAND).content.decode()
    assert notice(page).startswith(
        "You have unsaved changes to <strong>Dust Devils</strong> from "
        '<time datetime="2026-03-01T14:05:00+00:00">1 March 2026, 14:05</time>: '
        f'<a href="{WARBAND}?draft=restore" id="draft-restore">Restore</a> · '
        '<button type="submit" name="draft" value="discard"'
    )
    assert 'data-changed="false"' in page  # the page itself still shows a new list
    assert 'value="Sergeant Vance"' not in page


def test_restore_loads_the_draft_and_its_verdict(client: Client, packs: Any) -> None:
    ada = signed_in(client)
    doc = devils()
    doc["entries"][1]["skills"] = ["heroic"]  # Brick is no personality: no longer checks
    list_draft_keep(owner=ada, document=doc, now=MARCH)
    page = client.get(WARBAND, {"draft": "restore"}).content.decode()
    assert 'value="Sergeant Vance"' in page
    assert 'value="Grub"' in page
    assert 'id="points-total">' in page
    assert '<span class="badge illegal">Not legal</span>' in page
    assert 'data-code="crimson-dust.heroic-not-personality"' in page
    assert 'data-changed="true"' in page  # leaving now asks first
    assert 'id="draft-notice"' not in page
    assert ListDraft.objects.count() == 1  # kept until saved or discarded


def test_discard_forgets_the_draft(client: Client, packs: Any) -> None:
    ada = signed_in(client)
    list_draft_keep(owner=ada, document=devils(), now=MARCH)
    response = client.post(WARBAND, {"draft": "discard"})
    assert (response.status_code, response["Location"]) == (302, WARBAND)
    assert not ListDraft.objects.exists()
    assert 'id="draft-notice"' not in client.get(WARBAND).content.decode()


def test_saving_clears_the_draft_and_leaves_without_asking(client: Client, packs: Any) -> None:
    signed_in(client)
    data = form_data(devils())
    client.post(WARBAND, data, **HTMX)
    assert ListDraft.objects.count() == 1
    response = client.post(WARBAND, data | {"action": "save"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 204
    assert event(response, "HX-Trigger") == {"changed": False, "problem": "", "restored": False}
    assert not ListDraft.objects.exists()
    assert SavedList.objects.get().name == "Dust Devils"


def test_a_saved_list_offers_its_newer_draft(client: Client, packs: Any) -> None:
    ada = signed_in(client)
    saved = saved_list_create(owner=ada, document=devils())
    url = f"/lists/{saved.uuid}/"
    unchanged = client.post(url, form_data(saved.document), **HTMX)
    assert event(unchanged)["changed"] is False
    assert not ListDraft.objects.exists()
    changed = copy.deepcopy(saved.document)
    changed["name"] = "Dust Devils II"
    changed["entries"].pop()
    response = client.post(url, form_data(changed), **HTMX)
    assert event(response)["changed"] is True
    draft = ListDraft.objects.get()
    assert draft.saved_list == saved
    page = client.get(url).content.decode()
    assert "You have unsaved changes to <strong>Dust Devils II</strong>" in notice(page)
    assert 'id="draft-notice"' not in client.get(WARBAND).content.decode()  # not a new list's
    restored = client.get(url, {"draft": "restore"}).content.decode()
    assert 'value="Dust Devils II"' in restored
    assert 'value="Grub"' not in restored

    client.post(url, form_data(saved.document), **HTMX)  # changed back: nothing to offer
    assert not ListDraft.objects.exists()


def test_a_draft_older_than_its_saved_list_is_not_offered(client: Client, packs: Any) -> None:
    ada = signed_in(client)
    saved = saved_list_create(owner=ada, document=devils())
    changed = copy.deepcopy(saved.document) | {"name": "Stale"}
    list_draft_keep(owner=ada, document=changed, saved_list=saved, now=MARCH)
    assert 'id="draft-notice"' not in client.get(f"/lists/{saved.uuid}/").content.decode()


def test_another_player_never_sees_the_draft(client: Client, packs: Any) -> None:
    ada = signed_in(client)
    list_draft_keep(owner=ada, document=devils(), now=MARCH)
    other = Client()
    signed_in(other, "bob")
    page = other.get(WARBAND).content.decode()
    assert 'id="draft-notice"' not in page
    restored = other.get(WARBAND, {"draft": "restore"}).content.decode()
    assert "Sergeant Vance" not in restored
    assert "Dust Devils" not in restored
    assert Client().get(WARBAND, {"draft": "restore"}).content.decode().count("Dust Devils") == 0


def test_an_oversize_draft_is_refused_in_words(client: Client, packs: Any, settings: Any) -> None:
    settings.MUSTER_LIST_MAX_ENTRIES = 5
    signed_in(client)
    response = client.post(WARBAND, form_data(devils()), **HTMX)
    words = "Unsaved changes are not kept: a list may hold at most 5 entries and this one has 6."
    assert event(response) == {"changed": True, "problem": words, "restored": False}
    assert not ListDraft.objects.exists()
    page = client.post(WARBAND, form_data(devils())).content.decode()
    assert f'<p class="message warning" id="draft-problem" role="alert">{words}</p>' in page


def test_a_player_keeps_at_most_so_many_drafts(client: Client, packs: Any, settings: Any) -> None:
    settings.MUSTER_MAX_DRAFTS = 2
    ada = signed_in(client)
    for days, name in enumerate(["Oldest", "Middle", "Newest"]):
        saved = saved_list_create(owner=ada, document=devils() | {"name": f"Saved {name}"})
        doc = copy.deepcopy(saved.document) | {"name": name}
        list_draft_keep(owner=ada, document=doc, saved_list=saved, now=MARCH + timedelta(days))
    client.get(WARBAND)
    assert sorted(d.document["name"] for d in ListDraft.objects.all()) == ["Middle", "Newest"]


def test_drafts_untouched_for_30_days_are_purged(client: Client, packs: Any) -> None:
    ada = signed_in(client)
    now = datetime.now(UTC)
    list_draft_keep(owner=ada, document=devils(), now=now - timedelta(days=31))
    fresh = devils() | {"kind": "warband", "name": "Fresh"}
    saved = saved_list_create(owner=ada, document=devils())
    list_draft_keep(owner=ada, document=fresh, saved_list=saved, now=now - timedelta(days=29))
    out = StringIO()
    call_command("purgedrafts", stdout=out)
    assert out.getvalue() == "purged 1 draft(s) older than 30 days\n"
    assert [d.document["name"] for d in ListDraft.objects.all()] == ["Fresh"]


def test_an_anonymous_change_is_kept_by_the_browser_not_the_server(
    client: Client, packs: Any
) -> None:
    response = client.post(WARBAND, form_data(devils()), **HTMX)
    assert event(response) == {"changed": True, "problem": "", "restored": False}
    assert not ListDraft.objects.exists()
    page = client.get(WARBAND).content.decode()
    assert 'data-key="crimson-dust:warband:new"' in page
    assert 'data-signed-in="false"' in page


def test_a_browser_draft_restored_after_signing_in_becomes_the_servers(
    client: Client, packs: Any
) -> None:
    ada = signed_in(client)
    posted = {"action": "draft-restore", "draft": json.dumps(devils())}
    response = client.post(WARBAND, posted, HTTP_HX_REQUEST="true")
    page = response.content.decode()
    assert 'value="Outrider Jax"' in page
    assert 'id="points-total">500</span> / 500 points' in page
    assert event(response) == {"changed": True, "problem": "", "restored": True}
    assert ListDraft.objects.get(owner=ada).document["name"] == "Dust Devils"


@pytest.mark.parametrize(
    "draft",
    ["not json", json.dumps({"system": "cs-aces", "kind": "team", "entries": []}), "[]"],
)
def test_an_unreadable_browser_draft_is_refused_in_words(
    client: Client, packs: Any, draft: str
) -> None:
    response = client.post(
        WARBAND, {"action": "draft-restore", "draft": draft}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    assert event(response) == {
        "changed": False,
        "problem": "The unsaved draft kept in this browser cannot be read; it is discarded.",
        "restored": False,
    }
    assert 'id="points-total">0</span> / 500 points' in response.content.decode()
