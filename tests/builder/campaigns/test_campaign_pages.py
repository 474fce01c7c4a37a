"""The campaign pages: the no-rules sentence, a stranger's 404, the roster in words."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from builder.campaigns.services import campaign_create
from tests.builder.api_fixtures import make_user
from tests.builder.api_fixtures import packs as packs

pytestmark = pytest.mark.django_db


def _client(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_campaigns_page_says_which_books_give_no_campaign_rules(packs: Any) -> None:
    """Aces, Crimson Dust and Black Skies print no campaign: the page says so, in words."""
    page = _client(make_user("ann")).get("/campaigns/").content.decode()
    assert "The Crimson Dust book gives no campaign rules, so Muster invents none." in page
    assert "The Aces book gives no campaign rules, so Muster invents none." in page
    assert "The Black Skies book gives no campaign rules, so Muster invents none." in page
    assert ">Campaigns</a>" in page


def test_a_stranger_finds_no_campaign_and_a_spectator_reads_it(packs: Any) -> None:
    """"Playing a Crimson Skies: Air Action Campaign": a campaign is its organiser's."""
    ann, eve = make_user("ann"), make_user("eve")
    campaign = campaign_create(owner=ann, system="cs-air-action", name="The Hollywood run")
    url = f"/campaigns/{campaign.public_id}/"
    assert _client(eve).get(url).status_code == 404
    page = _client(ann).get(url).content.decode()
    assert "Experience multipliers" in page
    watch = Client().get(f"{url}watch/{campaign.spectator_token}/")
    assert watch.status_code == 200
    assert "Enrol a list" not in watch.content.decode()
    assert Client().get(f"{url}watch/wrong-token/").status_code == 404
