"""The figure list: what collectors sort by, filters offering only what the table holds,
the same queries for 1 row as for 50, and the last page read from the end."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.paginator import Paginator
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase

from content.admin_lists import TailFirstPaginator
from content.models import Figure, GameSystem
from content.services.collection import collection_pack_get_or_create

pytestmark = pytest.mark.django_db
LIST = "admin:content_figure_changelist"


@pytest.fixture
def admin_client(client, loaded_packs):
    client.force_login(get_user_model().objects.create_superuser("c", "c@example.com", "pw"))
    return client


def add_figures(n: int, start: int = 0) -> None:
    system = GameSystem.objects.get(slug="cs-aces")
    pack = collection_pack_get_or_create(system=system)
    Figure.objects.bulk_create(
        Figure(
            system=system,
            pack=pack,
            stable_id=f"extra-{i}",
            name=f"Extra {i:03d}",
            source={"seed": "s", "section": "x"},
            data={"kind": "ace"},
            kind="ace",
            collector_number=f"{i:03d}",
            point_value=i,
            pilot=f"Pilot {i}",
        )
        for i in range(start, start + n)
    )


def test_the_list_shows_what_collectors_sort_by(admin_client):
    page = admin_client.get(reverse(LIST)).content.decode()
    for column in ("pilot", "plane_model", "collector_number", "kind", "point_value", "release"):
        assert f'class="sortable column-{column}' in page, column
    assert '<span class="muster-badge sample">sample</span>' in page


def test_filters_offer_only_the_systems_the_table_holds(admin_client):
    page = admin_client.get(reverse(LIST)).content.decode()
    sidebar = page.split('id="changelist-filter"')[1]
    for system in GameSystem.objects.all():
        held = Figure.objects.filter(system=system).exists()
        assert (f"system__id__exact={system.pk}" in sidebar) == held, system.slug


def test_real_and_sample_records_are_told_apart(admin_client):
    add_figures(2)
    real = admin_client.get(reverse(LIST), {"data": "real"}).content.decode()
    sample = admin_client.get(reverse(LIST), {"data": "sample"}).content.decode()
    assert real.count('<span class="muster-badge real">real</span>') == 2
    assert "muster-badge sample" not in real
    assert sample.count("muster-badge sample") == Figure.objects.filter(sample=True).count()


@pytest.mark.parametrize(
    "params", [{}, {"q": "Extra"}, {"kind__exact": "ace"}, {"o": "8"}, {"p": "2"}], ids=str
)
def test_the_same_queries_for_one_row_as_for_fifty(admin_client, params):
    Figure.objects.all().delete()
    add_figures(1)
    wanted = dict(params)
    if "p" in wanted:
        add_figures(50, start=1)  # a second page exists
    admin_client.get(reverse(LIST), wanted)
    with CaptureQueriesContext(connection) as one:
        assert admin_client.get(reverse(LIST), wanted).status_code == 200
    add_figures(100, start=100)
    with CaptureQueriesContext(connection) as many:
        page = admin_client.get(reverse(LIST), wanted)
    assert page.status_code == 200
    assert len(many) == len(one)


def test_the_data_documents_are_not_read_for_the_list(admin_client):
    with CaptureQueriesContext(connection) as queries:
        admin_client.get(reverse(LIST))
    page_query = next(
        q["sql"]
        for q in queries.captured_queries
        if q["sql"].startswith('SELECT "content_figure"."id"')
    )
    assert '"content_figure"."data"' not in page_query
    assert '"content_figure"."pilot"' in page_query


class TailFirstPaginatorTest(TestCase):
    """Every page read from the end holds exactly the rows offset paging gives."""

    @classmethod
    def setUpTestData(cls) -> None:
        system = GameSystem.objects.create(slug="cs-aces", name="Aces")
        pack = collection_pack_get_or_create(system=system)
        Figure.objects.bulk_create(
            Figure(
                system=system,
                pack=pack,
                stable_id=f"f-{i}",
                name=f"F {i % 7}",
                source={},
                data={},
                collector_number=f"{i % 5:03d}",
            )
            for i in range(60)
        )

    @settings(max_examples=40, deadline=None)
    @given(
        per_page=st.integers(1, 25),
        orphans=st.integers(0, 4),
        page=st.integers(1, 60),
        n=st.integers(0, 60),
    )
    def test_pages_match_offset_paging(self, per_page, orphans, page, n):
        rows = Figure.objects.order_by("collector_number", "name", "id")
        ids = list(rows.values_list("id", flat=True)[:n])
        queryset = rows.filter(id__in=ids)
        plain = Paginator(queryset, per_page, orphans=orphans)
        tail = TailFirstPaginator(queryset, per_page, orphans=orphans)
        number = min(page, plain.num_pages)
        assert [f.pk for f in tail.page(number)] == [f.pk for f in plain.page(number)]


@pytest.mark.skipif(connection.vendor != "postgresql", reason="trigram indexes are PostgreSQL's")
def test_every_search_field_can_be_answered_from_an_index_on_postgresql(admin_client, rf):
    from django.contrib import admin as django_admin

    django_admin.autodiscover()  # the URLs load the admin modules; this test reads none
    model_admin = django_admin.site._registry[Figure]
    request = rf.get("/")
    found, _ = model_admin.get_search_results(request, Figure.objects.all(), "Steele")
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")  # a handful of rows: force the indexes
        cursor.execute("SET LOCAL enable_indexscan = off")
        plan = found.order_by().explain()
    for index in ("figure_name_trgm", "figure_pilot_trgm", "figure_plane_trgm"):
        assert index in plan, plan
    assert "figure_stable_id_upper" in plan
    assert "figure_number_upper" in plan
