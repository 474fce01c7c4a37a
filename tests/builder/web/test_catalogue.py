"""The catalogue read as a person reads it: filters, dials, costs, bands, tables."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

pytestmark = pytest.mark.django_db


def names(page: str) -> list[str]:
    found = re.findall(r'<li>\s*<a href="/catalogue/[^"]+">([^<]+)</a>', page)
    return [unescape(n) for n in found]


def test_search_finds_records_by_name(client: Client, packs: Any) -> None:
    page = client.get("/catalogue/crimson-dust/", {"q": "sniper"}).content.decode()
    assert names(page) == ["Sniper Rifle"]


def test_points_filter_keeps_figures_in_the_band(client: Client, packs: Any) -> None:
    page = client.get(
        "/catalogue/cs-air-action/", {"points_min": "50", "points_max": "70"}
    ).content.decode()
    assert names(page) == [
        'Charlotte "Charlie" Steele (Fury)',
        'Louis "Wild Card" Thibodeaux (Brigand)',
    ]


def test_release_and_kind_filters(client: Client, packs: Any) -> None:
    page = client.get("/catalogue/cs-aces/", {"kind": "character_token"}).content.decode()
    assert len(names(page)) == 6
    assert "Sergeant" in names(page)
    page = client.get("/catalogue/cs-air-action/", {"release": "ace-pack-1"}).content.decode()
    assert 'Charlotte "Charlie" Steele (Fury)' in names(page)


def test_htmx_filter_answers_with_the_results_only(client: Client, packs: Any) -> None:
    page = client.get(
        "/catalogue/crimson-dust/", {"q": "sniper"}, HTTP_HX_REQUEST="true"
    ).content.decode()
    assert "<html" not in page
    assert names(page) == ["Sniper Rifle"]


def test_sample_data_is_labelled(client: Client, packs: Any) -> None:
    listing = client.get("/catalogue/cs-air-action/", {"type": "figure"}).content.decode()
    assert listing.count("Sample data") == 5
    page = client.get("/catalogue/cs-air-action/figure/charlie-steele-fury/").content.decode()
    assert "this record is an invented illustration" in page


def test_a_combat_dial_is_a_coloured_click_table(client: Client, packs: Any) -> None:
    page = client.get("/catalogue/cs-air-action/figure/charlie-steele-fury/").content.decode()
    assert '<table class="dial">' in page
    assert '<td class="num clr-green" title="Deadeye (sample)">4' in page
    assert "KO, structural limit, bail out 10" in page
    assert 'class="red-line"' in page  # the speed dial's red line


def test_archetype_costs_tell_dash_from_not_given(client: Client, packs: Any) -> None:
    page = client.get("/catalogue/crimson-dust/archetype/medio/").content.decode()
    assert '<td class="not-available" title="Not available at this quality">-</td>' in page
    assert '<td class="not-given" title="The book gives no price">not given</td>' in page
    # Veteran Medio: 75 points, the profile row as printed.
    assert '<th scope="row">Veteran</th><td class="num">75</td>' in page


def test_weapon_range_bands_in_band_order(client: Client, packs: Any) -> None:
    page = client.get("/catalogue/crimson-dust/weapon/assault-rifle/").content.decode()
    bands = page.split("To hit by range band")[1].split("</table>")[0]
    assert [b for b in ("0-6", "6-12", "12-18", "18-24", "24-36", "36+") if b in bands] == [
        "0-6",
        "6-12",
        "12-18",
        "18-24",
        "24-36",
        "36+",
    ]
    assert bands.index("0-6") < bands.index("6-12") < bands.index("12-18") < bands.index("36+")
    assert '<td class="num">5+</td><td class="num">3+</td><td class="num">4+</td>' in bands
    assert "not given by the book" in page


def test_mass_table_has_one_column_per_rating(client: Client, packs: Any) -> None:
    page = client.get("/catalogue/cs-hex/mass_table/acceleration-mass/").content.decode()
    assert "Acceleration 3" in page
    size_9 = '<th scope="row" class="num">9</th>' + "".join(
        f'<td class="num">{mass}</td>' for mass in (20, 50, 105)
    )
    assert size_9 in page


@pytest.mark.parametrize(
    "url",
    [
        "/catalogue/black-skies/maneuver/afterburner/",
        "/catalogue/cs-air-action/navigation_card/crawford-ace-card-1/",
        "/catalogue/cs-aces/table/rules-constants/",
        "/catalogue/cs-hex/weapon/cal-30/",
    ],
)
def test_other_records_read_as_labelled_data(client: Client, packs: Any, url: str) -> None:
    page = client.get(url).content.decode().split('<main id="main"')[1]
    assert '<dl class="data">' in page
    assert "{&quot;" not in page
    assert '{"' not in page  # no raw JSON


def test_unknown_record_is_a_404(client: Client, packs: Any) -> None:
    assert client.get("/catalogue/crimson-dust/weapon/laser-sword/").status_code == 404
    assert client.get("/catalogue/no-such-game/").status_code == 404


def test_browse_query_count_does_not_grow_with_results(client: Client, packs: Any) -> None:
    with CaptureQueriesContext(connection) as one:
        client.get("/catalogue/crimson-dust/", {"q": "sniper"})
    with CaptureQueriesContext(connection) as many:
        client.get("/catalogue/crimson-dust/")
    assert len(one) == len(many)
