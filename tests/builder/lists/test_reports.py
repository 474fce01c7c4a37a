"""A player's "this price is wrong" report: filed from the saved list's page with a copy of
the list, queued for the maintainers (open first, newest first), turned into a known-good or
known-bad list in one step or dismissed with a reason, and its status shown to the player."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from builder.lists.models import KnownGoodList, ListReport, SavedList
from builder.lists.services import saved_list_create
from content.models import ContentPack
from tests.builder.players_fixtures import example

pytestmark = pytest.mark.django_db


def text(html: bytes) -> str:
    words = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html.decode())).strip()
    return re.sub(r" ([.,:;)])", r"\1", words)


def said(answer: Any) -> list[str]:
    return [str(m) for m in answer.context["messages"]]


@pytest.fixture
def saved(packs: None, user: Any) -> SavedList:
    return saved_list_create(owner=user, document=example("cs-air-action/bloodhawks-200.json"))


@pytest.fixture
def player(client: Client, user: Any) -> Client:
    client.force_login(user)
    return client


@pytest.fixture
def maintainer(packs: None, django_user_model: Any) -> Client:
    staff = django_user_model.objects.create_superuser("mo", "mo@example.com", "pw")
    client = Client()
    client.force_login(staff)
    return client


def page(player: Client, saved: SavedList) -> str:
    return text(player.get(reverse("web:saved-list", args=[saved.uuid])).content)


def report(player: Client, saved: SavedList, message: str, entry: str = "") -> Any:
    return player.post(
        reverse("web:list-report", args=[saved.uuid]),
        {"message": message, "entry": entry},
        follow=True,
    )


def queue_action(maintainer: Client, action: str, reports: list[ListReport], **extra: str) -> Any:
    return maintainer.post(
        reverse("admin:lists_listreport_changelist"),
        {"action": action, "_selected_action": [r.pk for r in reports], **extra},
        follow=True,
    )


def test_the_list_page_offers_the_report_with_the_entries_by_name(player, saved):
    words = page(player, saved)

    assert "Is a price or a rule wrong?" in words
    assert (
        "Which entry (optional) The whole list 1. Loyle Crawford (Devastator) "
        "2. Genghis (Bloodhawk) 3. Show-stopper (Kestrel)" in words
    )


def test_a_player_files_a_report_with_a_copy_of_the_list(player, saved, user):
    answer = report(player, saved, "  Genghis costs 45 in the Aces Pack card.  ", entry="2")

    assert said(answer) == ["Thank you: your report reached the maintainers."]
    filed = ListReport.objects.get()
    assert (filed.reporter, filed.saved_list, filed.list_name) == (user, saved, "Bloodhawks")
    assert filed.message == "Genghis costs 45 in the Aces Pack card."
    assert filed.entry_label == "2. Genghis (Bloodhawk)"
    assert filed.document == saved.document
    assert filed.pinned_versions == {"cs-aces-core": "1.0.0", "cs-air-action-core": "1.0.0"}
    assert (filed.legal, filed.points, filed.status) == (True, 168, "open")
    assert (
        "Genghis costs 45 in the Aces Pack card.” (2. Genghis (Bloodhawk)). Open: the "
        "maintainers have not answered yet." in text(answer.content)
    )


def test_a_report_without_words_is_refused(player, saved):
    answer = report(player, saved, "   ")

    assert said(answer) == ["Say what is wrong, in at most 2000 characters."]
    assert not ListReport.objects.exists()


def test_nobody_reports_another_players_list(saved, other_user, client):
    client.force_login(other_user)
    answer = client.post(reverse("web:list-report", args=[saved.uuid]), {"message": "wrong"})

    assert answer.status_code == 404
    assert not ListReport.objects.exists()


def test_a_maintainer_turns_a_report_into_a_known_good_list_in_one_step(player, saved, maintainer):
    report(player, saved, "Genghis costs 45.")
    filed = ListReport.objects.get()

    answer = queue_action(maintainer, "make_known_good", [filed])

    assert said(answer) == [
        "Made known-good list(s): Bloodhawks (cs-air-action-core: must stay legal, 168 points)."
    ]
    known = KnownGoodList.objects.get()
    assert (known.pack, known.legal, known.points) == (
        ContentPack.objects.get(pack_id="cs-air-action-core"),
        True,
        168,
    )
    assert known.note == "Report by ada: Genghis costs 45."
    filed.refresh_from_db()
    assert (filed.status, filed.known_good) == ("known_good", known)
    assert (
        "Turned into a known-good list: every new version of the pack is checked against it "
        "before it is published." in page(player, saved)
    )


def test_a_known_bad_list_with_the_maintainers_corrected_points(player, saved, maintainer):
    report(player, saved, "Genghis costs 40, so this is 160.")
    filed = ListReport.objects.get()

    queue_action(maintainer, "make_known_bad", [filed], points="160")

    known = KnownGoodList.objects.get()
    assert (known.legal, known.points, known.violation_codes) == (False, 160, None)
    filed.refresh_from_db()
    assert filed.status == "known_bad"


def test_dismissing_needs_a_reason_the_player_then_reads(player, saved, maintainer):
    report(player, saved, "Too cheap.")
    filed = ListReport.objects.get()

    refused = queue_action(maintainer, "dismiss", [filed])
    assert said(refused) == ["Bloodhawks: Give the player a reason for dismissing their report."]
    filed.refresh_from_db()
    assert filed.status == "open"

    queue_action(maintainer, "dismiss", [filed], reason="The card prints 48.")
    assert "Dismissed: The card prints 48." in page(player, saved)
    again = queue_action(maintainer, "make_known_good", [filed])
    assert said(again) == ["Bloodhawks: This report was already handled: dismissed."]
    assert not KnownGoodList.objects.exists()


def test_the_queue_lists_open_reports_first_newest_first(player, saved, maintainer):
    for message in ("first", "second", "third"):
        report(player, saved, message)
    third = ListReport.objects.get(message="third")
    queue_action(maintainer, "dismiss", [third], reason="duplicate")

    listing = maintainer.get(reverse("admin:lists_listreport_changelist"))

    assert [r.message for r in listing.context["cl"].result_list] == ["second", "first", "third"]


def test_a_player_with_ten_reports_waiting_is_asked_to_wait(player, saved):
    for n in range(10):
        report(player, saved, f"report {n}")

    answer = report(player, saved, "one more")

    assert said(answer) == [
        "You have 10 reports waiting for the maintainers; wait for an answer before sending more."
    ]
    assert ListReport.objects.count() == 10


def test_a_report_reads_in_words_on_its_admin_page(player, saved, maintainer):
    report(player, saved, "Genghis costs 45.", entry="2")
    filed = ListReport.objects.get()

    words = text(maintainer.get(reverse("admin:lists_listreport_change", args=[filed.pk])).content)

    assert "Genghis costs 45." in words
    assert "The player saw: legal, 168 points" in words
    assert "Checked against: cs-aces-core 1.0.0, cs-air-action-core 1.0.0" in words
    saved_page = maintainer.get(reverse("admin:lists_savedlist_change", args=[saved.pk]))
    assert "Built against: cs-aces-core 1.0.0, cs-air-action-core 1.0.0" in text(saved_page.content)
