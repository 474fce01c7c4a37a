"""Known-good lists in the admin: the pack's Publish page shows each one kept or CHANGED in
words and refuses to publish until the change is accepted; lists are registered by pasting
a list file or from players' saved lists in one step."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.urls import reverse

from builder.lists.known_good import known_good_create
from builder.lists.models import KnownGoodList
from builder.lists.services import saved_list_create
from content.models import ContentPack, ContentPackVersion, Figure
from content.services import record_save
from tests.builder.players_fixtures import example

pytestmark = pytest.mark.django_db

CORE = "cs-air-action-core"


def core() -> ContentPack:
    return ContentPack.objects.get(pack_id=CORE)


def publish_url() -> str:
    return reverse("admin:content_contentpack_publish", args=[core().pk])


def reprice(stable_id: str, points: int) -> None:
    figure = Figure.objects.get(stable_id=stable_id)
    figure.data = {**figure.data, "point_value": points}
    record_save(record=figure)


def text(html: bytes) -> str:
    """The page's words, one space apart, as a reader sees them."""
    words = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html.decode())).strip()
    return re.sub(r" ([.,:;)])", r"\1", words)


def said(answer: Any) -> list[str]:
    return [str(m) for m in answer.context["messages"]]


@pytest.fixture
def curator(packs: None, django_user_model: Any) -> Any:
    return django_user_model.objects.create_superuser("curator", "c@example.com", "pw")


@pytest.fixture
def admin_client(client: Any, curator: Any) -> Any:
    client.force_login(curator)
    return client


@pytest.fixture
def bloodhawks(curator: Any) -> KnownGoodList:
    return known_good_create(
        pack=core(),
        document=example("cs-air-action/bloodhawks-200.json"),
        by=curator,
        note="Tournament X",
    )


def test_the_publish_page_shows_each_known_good_list_kept(admin_client, bloodhawks):
    reprice("louis-thibodeaux-brigand", 60)

    page = text(admin_client.get(publish_url()).content)

    assert "Kept: Known-good list Bloodhawks (Tournament X) must stay legal, 168 points." in page
    assert "Publishing is refused" not in page
    assert 'name="publish"' in admin_client.get(publish_url()).content.decode()


def test_a_changed_list_refuses_the_publication_until_its_result_is_accepted(
    admin_client, bloodhawks
):
    reprice("genghis-bloodhawk", 52)

    page = admin_client.get(publish_url())
    words = text(page.content)
    assert (
        "CHANGED: Known-good list Bloodhawks (Tournament X) must stay legal, 168 points; "
        "this version gives legal, 172 points. Points 168 → 172" in words
    )
    assert (
        "Publishing is refused while a known-good list gives another result: accept its new "
        "result or edit the list." in words
    )
    assert b'name="publish"' not in page.content

    refused = admin_client.post(publish_url(), follow=True)
    assert said(refused) == [
        "Not published: Known-good list 'Bloodhawks': Points 168 → 172. Accept the new result "
        "or edit the list in the admin before publishing."
    ]
    assert core().version == "1.0.0"

    checksum = page.context["candidate_checksum"]
    accept = reverse("admin:lists_knowngoodlist_accept", args=[bloodhawks.pk])
    accepted = admin_client.post(accept, {"checksum": checksum}, follow=True)
    assert said(accepted) == [
        "Accepted the new result of Bloodhawks: it must now stay legal, 172 points."
    ]
    assert "Kept: Known-good list Bloodhawks (Tournament X) must stay legal, 172 points." in text(
        accepted.content
    )

    published = admin_client.post(publish_url(), follow=True)
    assert said(published) == [
        "Published cs-air-action-core 2.0.0 (major: 1 record changed (1 price))"
    ]
    assert core().version == "2.0.0"


def test_accepting_after_another_edit_says_to_look_again(admin_client, bloodhawks):
    reprice("genghis-bloodhawk", 52)
    checksum = admin_client.get(publish_url()).context["candidate_checksum"]
    reprice("genghis-bloodhawk", 55)

    accept = reverse("admin:lists_knowngoodlist_accept", args=[bloodhawks.pk])
    answer = admin_client.post(accept, {"checksum": checksum}, follow=True)

    assert said(answer) == [
        "Bloodhawks: The pack was edited after this result was shown; look at the Publish "
        "page again."
    ]
    bloodhawks.refresh_from_db()
    assert (bloodhawks.points, bloodhawks.accepted_by) == (168, None)


def test_a_list_file_pasted_in_the_admin_expects_what_the_published_pack_gives(
    admin_client, curator
):
    answer = admin_client.post(
        reverse("admin:lists_knowngoodlist_add"),
        {
            "name": "Bloodhawks",
            "note": "bug report #12",
            "pack": core().pk,
            "document": json.dumps(example("cs-air-action/bloodhawks-200.json")),
            "legal": "on",
            "points": "",
            "violation_codes": "",
        },
    )

    assert answer.status_code == 302
    row = KnownGoodList.objects.get()
    assert (row.name, row.note, row.legal, row.points) == (
        "Bloodhawks",
        "bug report #12",
        True,
        168,
    )
    assert (row.created_by, row.violation_codes) == (curator, [])


def test_a_pasted_list_the_engine_cannot_read_is_refused_at_its_field(admin_client):
    doc = example("cs-air-action/bloodhawks-200.json")
    doc["entries"] = "three planes"
    answer = admin_client.post(
        reverse("admin:lists_knowngoodlist_add"),
        {"name": "Broken", "pack": core().pk, "document": json.dumps(doc), "points": "10"},
    )

    assert answer.status_code == 200
    errors = answer.context["adminform"].form.errors
    assert list(errors) == ["document"]
    assert "$.entries" in errors["document"][0]
    assert not KnownGoodList.objects.exists()


def test_saved_lists_become_known_good_lists_in_one_step(admin_client, user):
    saved = saved_list_create(owner=user, document=example("cs-air-action/bloodhawks-200.json"))

    answer = admin_client.post(
        reverse("admin:lists_savedlist_changelist"),
        {"action": "make_known_good", "_selected_action": [saved.pk]},
        follow=True,
    )

    assert said(answer) == [
        "Registered 1 known-good list(s): Bloodhawks (cs-air-action-core: legal, 168 points)."
    ]
    row = KnownGoodList.objects.get()
    assert (row.pack, row.note, row.document) == (core(), "Saved list of ada", saved.document)
    assert ContentPackVersion.objects.filter(pack=core()).count() == 1


def test_a_pack_that_no_longer_reads_still_shows_its_lists_and_refuses_by_record(
    admin_client, curator
):
    doc = example("cs-air-action/bloodhawks-200.json")
    doc["entries"] = [{"figure": "charlie-steele-fury"}]
    known_good_create(pack=core(), document=doc, by=curator, name="Charlie alone")
    figure = Figure.objects.get(stable_id="charlie-steele-fury")
    Figure.objects.filter(pk=figure.pk).update(data={**figure.data, "combat_dial": "no-such-dial"})

    page = admin_client.get(publish_url())

    assert page.status_code == 200
    assert "Kept: Known-good list Charlie alone must stay legal, 64 points." in text(page.content)
    refused = admin_client.post(publish_url(), follow=True)
    assert said(refused) == [
        'Not published: figure Charlotte "Charlie" Steele (Fury), Combat dial: '
        "no combat_dial 'no-such-dial' in cs-air-action"
    ]
