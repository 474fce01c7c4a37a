"""Publishing in the admin: every pack says what waits, the diff reads in words with prices
called out, and only staff who may change packs publish, by POST with the CSRF token."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.test import Client
from django.urls import reverse

from content.admin_publish import field_label
from content.models import ContentPack, ContentPackVersion, Figure
from content.services import record_save

pytestmark = pytest.mark.django_db

CORE = "cs-air-action-core"


def core() -> ContentPack:
    return ContentPack.objects.get(pack_id=CORE)


def publish_url() -> str:
    return reverse("admin:content_contentpack_publish", args=[core().pk])


@pytest.fixture
def curator(loaded_packs):
    return get_user_model().objects.create_superuser("curator", "c@example.com", "pw")


@pytest.fixture
def admin_client(client, curator):
    client.force_login(curator)
    return client


def reprice(points: int) -> Figure:
    figure = Figure.objects.get(stable_id="charlie-steele-fury")
    figure.data = {**figure.data, "point_value": points}
    return record_save(record=figure)


def text(html: bytes) -> str:
    """The page's words, one space apart, as a reader sees them."""
    words = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html.decode())).strip()
    return re.sub(r" ([.,:;)])", r"\1", words)


@pytest.mark.parametrize(
    ("path", "label"),
    [
        ("$.data.point_value", "Point value"),
        ("$.data.clicks[2].values.piloting", "Clicks 3 › Values › Piloting"),
        ("$.data.to_hit['0-6']", "To hit › 0-6"),
        ("$.data.Mv", "Mv"),
        ("$.name", "Name"),
        ("$.source.section", "Source › Section"),
        ("$.uncertain", "Uncertain values"),
        ("$.uncertain[0].note", "Uncertain values 1 › Note"),
        ("$.data.data", "Data"),
    ],
)
def test_fields_are_named_by_label(path, label):
    assert field_label(path) == label


def test_nothing_waiting_reads_published(admin_client):
    listing = text(admin_client.get(reverse("admin:content_contentpack_changelist")).content)
    assert listing.count("Up to date") == ContentPack.objects.count()

    page = admin_client.get(publish_url())
    assert page.status_code == 200
    assert "Published: nothing to publish" in text(page.content)
    assert b'name="publish"' not in page.content


def test_a_new_price_is_called_out_by_name_and_label(admin_client):
    reprice(31)

    listing = admin_client.get(reverse("admin:content_contentpack_changelist"))
    assert "1 unpublished change" in text(listing.content)
    change = admin_client.get(reverse("admin:content_contentpack_change", args=[core().pk]))
    assert "1 unpublished change." in text(change.content)

    page = text(admin_client.get(publish_url()).content)
    assert (
        f"1 unpublished change: publishing writes {CORE} 2.0.0 (major: 1 record changed "
        "(1 price)) over the published 1.0.0."
    ) in page
    assert (
        'Changed figure Charlotte "Charlie" Steele (Fury) Field Before After '
        "Point value price 64 31"
    ) in page.replace("&quot;", '"')


def test_a_record_page_says_edits_wait_for_publishing(admin_client):
    figure = reprice(31)
    page = admin_client.get(reverse("admin:content_figure_change", args=[figure.pk]))
    assert (
        f"Edits reach players when pack {CORE} is published (1 unpublished change). "
        f"Review and publish {CORE}."
    ) in text(page.content)
    assert publish_url() in page.content.decode()


def test_publishing_writes_the_version_and_says_so(admin_client):
    reprice(31)

    answer = admin_client.post(publish_url(), follow=True)

    assert answer.redirect_chain == [(publish_url(), 302)]
    assert f"Published {CORE} 2.0.0 (major: 1 record changed (1 price))" in text(answer.content)
    version = ContentPackVersion.objects.get(pack=core(), version="2.0.0")
    assert (version.action, version.actor) == ("published", "curator")
    assert core().version == "2.0.0"


def test_publishing_needs_the_csrf_token(curator):
    reprice(31)
    client = Client(enforce_csrf_checks=True)
    client.force_login(curator)

    assert client.post(publish_url()).status_code == 403
    assert core().version == "1.0.0"


def test_staff_who_may_only_view_packs_see_the_diff_but_cannot_publish(client, loaded_packs):
    viewer = get_user_model().objects.create_user("viewer", password="pw", is_staff=True)
    viewer.user_permissions.add(Permission.objects.get(codename="view_contentpack"))
    client.force_login(viewer)
    reprice(31)

    page = client.get(publish_url())
    assert page.status_code == 200
    assert b'name="publish"' not in page.content
    assert client.post(publish_url()).status_code == 403
    assert core().version == "1.0.0"


def test_players_are_not_let_in(client, loaded_packs):
    player = get_user_model().objects.create_user("ada", password="pw")
    client.force_login(player)
    reprice(31)

    assert client.post(publish_url()).status_code == 302  # to the admin's login
    assert core().version == "1.0.0"


def test_a_publication_refused_says_why_and_writes_nothing(admin_client):
    figure = Figure.objects.get(stable_id="charlie-steele-fury")
    Figure.objects.filter(pk=figure.pk).update(data={**figure.data, "combat_dial": "no-such-dial"})
    before = ContentPackVersion.objects.count()

    answer = admin_client.post(publish_url(), follow=True)

    said = [str(m) for m in answer.context["messages"]]
    assert said == [
        'Not published: figure Charlotte "Charlie" Steele (Fury), Combat dial: '
        "no combat_dial 'no-such-dial' in cs-air-action"
    ]
    assert ContentPackVersion.objects.count() == before


def _listing(admin_client, search: str) -> tuple[int, str]:
    """The pack list's query count and words, searched for ``search``."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    url = reverse("admin:content_contentpack_changelist") + f"?q={search}"
    with CaptureQueriesContext(connection) as queries:
        response = admin_client.get(url)
    assert response.status_code == 200
    return len(queries), text(response.content)


def test_the_pack_list_costs_the_same_queries_for_one_pack_or_all(admin_client):
    reprice(31)
    all_queries, everything = _listing(admin_client, "")
    one_queries, one = _listing(admin_client, CORE)
    assert everything.count("Up to date") == ContentPack.objects.count() - 1
    assert one.count("1 unpublished change") == 1
    assert "Up to date" not in one
    assert all_queries == one_queries
