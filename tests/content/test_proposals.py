"""Proposals from collectors who are not staff: refused at the field as admin edits are,
never touching the catalogue until a maintainer approves, reviewed with reasons, revised,
and credited to the proposer in the version that publishes them."""

from __future__ import annotations

import copy
import json
import re
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission, User
from django.core.exceptions import PermissionDenied, ValidationError
from django.test import Client
from django.urls import reverse

from content import registry
from content.models import CombatDial, ContentPack, Figure, GameSystem, Release
from content.proposals import RecordProposal
from content.services import record_save
from content.services.collection import collector_source
from content.services.proposals import (
    ProposedRecord,
    proposal_approve,
    proposal_reject,
    proposal_request_changes,
    proposal_revise,
    proposal_submit,
    proposal_withdraw,
)
from content.services.publishing import publish, unpublished_changes

pytestmark = pytest.mark.django_db

CORE = "cs-air-action-core"
PLANE = "charlie-steele-fury"
PASSWORD = "a-long-pass-phrase"
Status = RecordProposal.Status


def core() -> ContentPack:
    return ContentPack.objects.get(pack_id=CORE)


def air_action() -> GameSystem:
    return GameSystem.objects.get(slug="cs-air-action")


def plane() -> Figure:
    return Figure.objects.get(stable_id=PLANE)


def plane_dial() -> dict[str, Any]:
    return copy.deepcopy(CombatDial.objects.get(stable_id=f"{PLANE}-dial").data)


def text(html: bytes) -> str:
    """The page's words, one space apart, as a reader sees them."""
    words = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html.decode())).strip()
    return re.sub(r" ([.,:;)])", r"\1", words)


@pytest.fixture
def collector(loaded_packs: Any) -> User:
    return get_user_model().objects.create_user("ada", password=PASSWORD)


@pytest.fixture
def maintainer(loaded_packs: Any) -> User:
    return get_user_model().objects.create_superuser("curator", "c@example.com", PASSWORD)


def as_proposed(figure: Figure, **changes: Any) -> ProposedRecord:
    fields = {
        "name": figure.name,
        "name_original": figure.name_original,
        "source": figure.source,
        "uncertain": figure.uncertain,
        "data": copy.deepcopy(figure.data),
        **changes,
    }
    return ProposedRecord(**fields)


def dial_with(click: int, stat: str, value: int) -> dict[str, Any]:
    dial = plane_dial()
    dial["clicks"][click]["values"][stat] = value
    return dial


def propose_dial_fix(proposer: User, value: int = 8) -> RecordProposal:
    """Charlie Steele's third click read again: piloting 8, not 7."""
    return proposal_submit(
        proposer=proposer,
        system=air_action(),
        record_type="figure",
        kind=RecordProposal.Kind.CORRECTION,
        stable_id=PLANE,
        proposed=as_proposed(plane(), dial=dial_with(2, "piloting", value)),
        message="Read from my own figure's dial.",
    )


def dial_post(dial: dict[str, Any]) -> dict[str, Any]:
    """The dial editor's inputs for ``dial``, as the browser posts them."""
    post: dict[str, Any] = {"dial-row": [], "dial-rest": json.dumps({})}
    for row, click in enumerate(dial["clicks"]):
        post["dial-row"].append(str(row))
        for stat, value in click["values"].items():
            post[f"dial-{row}-{stat}"] = "" if value is None else str(value)
        for stat, colour in click["colours"].items():
            post[f"dial-{row}-{stat}-colour"] = colour
        for marker in click["markers"]:
            post[f"dial-{row}-{marker}"] = "1"
        if click.get("bail_out_value") is not None:
            post[f"dial-{row}-bail_out_value"] = str(click["bail_out_value"])
    return post


def figure_post(figure: Figure, dial: dict[str, Any], **data: Any) -> dict[str, Any]:
    return {
        "name": figure.name,
        "name_original": figure.name_original,
        "data": json.dumps({**figure.data, **data}),
        "source": json.dumps(figure.source),
        "uncertain": json.dumps(figure.uncertain),
        "message": "From my figure.",
        **dial_post(dial),
    }


def correct_url() -> str:
    return reverse("web:proposal-correct", args=["cs-air-action", "figure", PLANE])


# --- proposing ---------------------------------------------------------------------------


def test_a_proposal_is_sent_through_the_site_form_and_the_catalogue_does_not_change(
    client: Client, collector: User
) -> None:
    client.force_login(collector)
    page = client.get(correct_url())
    assert page.status_code == 200
    assert 'class="muster-dial-editor"' in page.content.decode()
    before = plane_dial()

    sent = client.post(correct_url(), figure_post(plane(), dial_with(2, "piloting", 8)))

    assert sent.status_code == 302
    assert sent["Location"] == reverse("web:my-proposals")
    proposal = RecordProposal.objects.get()
    assert (proposal.status, proposal.proposer, proposal.pack) == (
        Status.PENDING,
        collector,
        core(),
    )
    assert proposal.dial is not None
    assert proposal.dial["clicks"][2]["values"]["piloting"] == 8
    assert proposal.message == "From my figure."
    assert plane_dial() == before
    assert unpublished_changes(core()).count == 0
    mine = text(client.get(reverse("web:my-proposals")).content)
    assert 'Charlotte "Charlie" Steele (Fury) figure, Crimson Skies: Air Action Correction' in (
        mine.replace("&quot;", '"')
    )
    assert "Waiting for review" in mine
    detail = text(client.get(reverse("web:proposal", args=[proposal.pk])).content)
    assert "Status Waiting for review" in detail
    assert "Clicks 3 › Values › Piloting: 7 → 8" in detail


def test_an_unchanged_dial_is_not_proposed(client: Client, collector: User) -> None:
    client.force_login(collector)
    client.post(correct_url(), figure_post(plane(), plane_dial(), collector_number="105"))
    proposal = RecordProposal.objects.get()
    assert proposal.dial is None
    assert proposal.data["collector_number"] == "105"


def test_a_value_that_breaks_the_schema_is_refused_at_its_dial_cell(
    client: Client, collector: User
) -> None:
    client.force_login(collector)
    page = client.post(correct_url(), figure_post(plane(), dial_with(2, "piloting", -1)))
    assert page.status_code == 400
    html = page.content.decode()
    cell = re.search(
        r'<td class="dial-cell has-error">\s*<input[^>]*name="dial-2-piloting"[^>]*>.*?</td>',
        html,
        re.S,
    )
    assert cell is not None
    assert "-1 is less than the minimum of 0" in cell.group(0)
    assert RecordProposal.objects.count() == 0


def test_a_collector_number_that_breaks_the_schema_is_refused_at_its_field(
    client: Client, collector: User
) -> None:
    client.force_login(collector)
    page = client.post(correct_url(), figure_post(plane(), plane_dial(), collector_number="12"))
    assert page.status_code == 400
    form = page.context["form"]
    assert form.errors["data"] == ["$.collector_number: '12' does not match '^[0-9]{3}$'"]
    assert form.fields["data"].widget.error_map == {
        "collector_number": ["'12' does not match '^[0-9]{3}$'"]
    }
    assert RecordProposal.objects.count() == 0


def test_a_proposal_naming_a_missing_record_is_refused_at_its_field(collector: User) -> None:
    with pytest.raises(ValidationError) as refused:
        proposal_submit(
            proposer=collector,
            system=air_action(),
            record_type="figure",
            kind=RecordProposal.Kind.CORRECTION,
            stable_id=PLANE,
            proposed=as_proposed(plane(), data={**plane().data, "release": "ace-pack-9"}),
        )
    assert refused.value.message_dict == {
        "data": ["$.release: no release 'ace-pack-9' in cs-air-action"]
    }
    assert RecordProposal.objects.count() == 0


def test_a_new_record_may_not_take_an_id_already_held(collector: User) -> None:
    with pytest.raises(ValidationError) as refused:
        proposal_submit(
            proposer=collector,
            system=air_action(),
            record_type="figure",
            kind=RecordProposal.Kind.ADDITION,
            stable_id=PLANE,
            proposed=as_proposed(plane()),
        )
    assert refused.value.message_dict == {
        "stable_id": [
            "Crimson Skies: Air Action's catalogue already has a figure with the id "
            f'{PLANE} (Charlotte "Charlie" Steele (Fury)): choose another id, or suggest a '
            "correction of that record."
        ]
    }


def test_a_new_figure_with_its_dial_is_proposed_on_the_site(
    client: Client, collector: User
) -> None:
    client.force_login(collector)
    url = reverse("web:proposal-new", args=["cs-air-action", "figure"])
    assert client.get(url).status_code == 200
    model = plane()
    post = figure_post(model, plane_dial(), combat_dial=None, point_value=55, pilot="Lou Bright")
    post |= {"stable_id": "lou-bright-fury", "name": "Lou Bright (Fury)"}
    post["source"] = json.dumps(collector_source(air_action()))
    assert client.post(url, post).status_code == 302
    proposal = RecordProposal.objects.get()
    assert (proposal.kind, proposal.stable_id, proposal.pack) == (
        "addition",
        "lou-bright-fury",
        None,
    )
    assert not Figure.objects.filter(stable_id="lou-bright-fury").exists()


def test_anonymous_visitors_are_sent_to_sign_in(client: Client, loaded_packs: Any) -> None:
    for url in (
        correct_url(),
        reverse("web:proposal-new", args=["cs-air-action", "figure"]),
        reverse("web:my-proposals"),
    ):
        answer = client.get(url)
        assert answer.status_code == 302
        assert answer["Location"] == f"{reverse('login')}?next={url}"


def test_the_record_and_browse_pages_link_to_proposing(client: Client, loaded_packs: Any) -> None:
    record = client.get(reverse("web:record", args=["cs-air-action", "figure", PLANE]))
    assert f'href="{correct_url()}">Suggest a correction</a>' in record.content.decode()
    browse = client.get(reverse("web:catalogue-browse", args=["cs-air-action"]))
    choose = reverse("web:proposal-choose", args=["cs-air-action"])
    assert f'href="{choose}">Propose a new figure or record</a>' in browse.content.decode()


# --- review ------------------------------------------------------------------------------


def test_approve_writes_the_record_as_one_unpublished_change(
    collector: User, maintainer: User
) -> None:
    proposal = propose_dial_fix(collector)
    proposal_approve(proposal=proposal, reviewer=maintainer)
    assert plane_dial()["clicks"][2]["values"]["piloting"] == 8
    waiting = unpublished_changes(core())
    assert (waiting.count, waiting.bump, waiting.summary()) == (1, "patch", "1 record changed")
    proposal.refresh_from_db()
    assert (proposal.status, proposal.reviewer, proposal.published_in) == (
        Status.APPROVED,
        maintainer,
        None,
    )


def test_reject_and_ask_for_changes_need_a_reason(collector: User, maintainer: User) -> None:
    proposal = propose_dial_fix(collector)
    for review in (proposal_reject, proposal_request_changes):
        with pytest.raises(ValidationError) as refused:
            review(proposal=proposal, reviewer=maintainer, reason="  ")
        assert refused.value.message_dict == {
            "review_reason": ["Give a reason: the proposer reads it."]
        }
    proposal.refresh_from_db()
    assert proposal.status == Status.PENDING
    proposal_reject(proposal=proposal, reviewer=maintainer, reason="The book prints 7.")
    proposal.refresh_from_db()
    assert (proposal.status, proposal.review_reason) == (Status.REJECTED, "The book prints 7.")
    assert plane_dial()["clicks"][2]["values"]["piloting"] == 7


def test_changes_requested_then_revised_is_pending_again(
    client: Client, collector: User, maintainer: User
) -> None:
    proposal = propose_dial_fix(collector, value=9)
    proposal_request_changes(
        proposal=proposal, reviewer=maintainer, reason="Piloting 9 is click 6's value."
    )
    client.force_login(collector)
    mine = text(client.get(reverse("web:my-proposals")).content)
    assert "Changes requested Piloting 9 is click 6's value." in mine.replace("&#x27;", "'")
    url = reverse("web:proposal", args=[proposal.pk])
    page = client.get(url)
    assert "The reviewer asked for changes:" in page.content.decode()

    sent = client.post(url, figure_post(plane(), dial_with(2, "piloting", 8)))

    assert sent.status_code == 302
    proposal.refresh_from_db()
    assert proposal.status == Status.PENDING
    assert proposal.dial is not None
    assert proposal.dial["clicks"][2]["values"]["piloting"] == 8
    with pytest.raises(ValidationError):
        proposal_revise(proposal=proposal, proposer=collector, proposed=as_proposed(plane()))


def test_a_proposer_withdraws_and_no_one_else_may(collector: User, maintainer: User) -> None:
    proposal = propose_dial_fix(collector)
    other = get_user_model().objects.create_user("bob", password=PASSWORD)
    with pytest.raises(PermissionDenied):
        proposal_withdraw(proposal=proposal, proposer=other)
    proposal_withdraw(proposal=proposal, proposer=collector)
    proposal.refresh_from_db()
    assert proposal.status == Status.WITHDRAWN
    with pytest.raises(ValidationError):
        proposal_approve(proposal=proposal, reviewer=maintainer)


def test_approving_a_proposal_the_catalogue_no_longer_takes_writes_nothing(
    collector: User, maintainer: User
) -> None:
    system = air_action()
    release = record_save(
        record=Release(
            system=system,
            pack=core(),
            stable_id="ace-pack-2",
            name="Ace Pack 2",
            source=collector_source(system),
            data={"code": None, "kind": "ace_pack"},
        )
    )
    proposal = proposal_submit(
        proposer=collector,
        system=system,
        record_type="figure",
        kind=RecordProposal.Kind.CORRECTION,
        stable_id=PLANE,
        proposed=as_proposed(
            plane(),
            data={**plane().data, "release": "ace-pack-2"},
            dial=dial_with(2, "piloting", 8),
        ),
    )
    release.delete()
    before = (plane().data, plane_dial())

    with pytest.raises(ValidationError) as refused:
        proposal_approve(proposal=proposal, reviewer=maintainer)

    assert refused.value.message_dict == {
        "data": ["$.release: no release 'ace-pack-2' in cs-air-action"]
    }
    assert (plane().data, plane_dial()) == before
    assert unpublished_changes(core()).count == 0
    proposal.refresh_from_db()
    assert proposal.status == Status.PENDING


def test_non_staff_cannot_approve(client: Client, collector: User) -> None:
    proposal = propose_dial_fix(collector)
    url = reverse("admin:content_recordproposal_change", args=[proposal.pk])
    client.force_login(collector)
    assert client.post(url, {"action": "approve"}).status_code == 403
    assert client.get(url).status_code == 403
    with pytest.raises(PermissionDenied):
        proposal_approve(proposal=proposal, reviewer=collector)
    proposal.refresh_from_db()
    assert proposal.status == Status.PENDING
    assert plane_dial()["clicks"][2]["values"]["piloting"] == 7


def test_staff_without_the_change_permission_cannot_approve(
    client: Client, collector: User
) -> None:
    proposal = propose_dial_fix(collector)
    clerk = get_user_model().objects.create_user("clerk", password=PASSWORD, is_staff=True)
    clerk.user_permissions.add(Permission.objects.get(codename="change_figure"))
    client.force_login(clerk)
    url = reverse("admin:content_recordproposal_change", args=[proposal.pk])
    assert client.get(url).status_code == 200  # it may change figures, not dials
    assert client.post(url, {"action": "approve"}).status_code == 403
    assert plane_dial()["clicks"][2]["values"]["piloting"] == 7


def test_the_review_page_shows_the_change_in_words_and_approves(
    client: Client, collector: User, maintainer: User
) -> None:
    proposal = propose_dial_fix(collector)
    client.force_login(maintainer)
    queue = text(client.get(reverse("admin:content_recordproposal_changelist")).content)
    assert "Correction of a figure Waiting for review ada" in queue
    url = reverse("admin:content_recordproposal_change", args=[proposal.pk])
    page = text(client.get(url).content).replace("&quot;", '"')
    assert (
        'combat dial Charlotte "Charlie" Steele (Fury) combat dial Field Before After '
        "Clicks 3 › Values › Piloting 7 8"
    ) in page
    assert "Proposed by ada" in page

    done = client.post(url, {"action": "approve", "reason": ""}, follow=True)

    assert "pack cs-air-action-core now has 1 unpublished change." in text(done.content)
    assert plane_dial()["clicks"][2]["values"]["piloting"] == 8


def test_the_review_page_refuses_with_the_field_in_words(
    client: Client, collector: User, maintainer: User
) -> None:
    proposal = propose_dial_fix(collector)
    RecordProposal.objects.filter(pk=proposal.pk).update(dial=dial_with(2, "piloting", -1))
    client.force_login(maintainer)
    url = reverse("admin:content_recordproposal_change", args=[proposal.pk])
    done = text(client.post(url, {"action": "approve"}, follow=True).content)
    assert (
        "Not done: Combat dial, Clicks 3 › Values › Piloting: -1 is less than the minimum of 0"
    ) in done
    assert plane_dial()["clicks"][2]["values"]["piloting"] == 7


def test_the_queue_lists_waiting_proposals_first(collector: User, maintainer: User) -> None:
    first = propose_dial_fix(collector, value=9)
    proposal_reject(proposal=first, reviewer=maintainer, reason="No.")
    second = propose_dial_fix(collector, value=8)
    client = Client()
    client.force_login(maintainer)
    page = client.get(reverse("admin:content_recordproposal_changelist"))
    assert [p.pk for p in page.context["cl"].result_list] == [second.pk, first.pk]


# --- credit ------------------------------------------------------------------------------


def test_publishing_credits_the_proposer(client: Client, collector: User, maintainer: User) -> None:
    proposal = propose_dial_fix(collector)
    proposal_approve(proposal=proposal, reviewer=maintainer)
    client.force_login(maintainer)
    waiting = text(
        client.get(reverse("admin:content_contentpack_publish", args=[core().pk])).content
    ).replace("&quot;", '"')
    assert 'Figure Charlotte "Charlie" Steele (Fury) (correction), proposed by ada' in waiting

    version = publish(core(), actor="curator")

    proposal.refresh_from_db()
    assert (version.version, proposal.published_in) == ("1.0.1", version)
    rows = list(registry.version_rows(pack=core()))
    assert [(p.version, p.contributors) for p in registry.version_provenance(rows)] == [
        ("1.0.1", ("ada",)),
        ("1.0.0", ()),
    ]
    pack_page = text(client.get(reverse("web:pack", args=[CORE])).content)
    assert "Contributors ada" in pack_page
    api = client.get(f"/api/v1/packs/{CORE}/versions/1.0.1/").json()
    assert api["contributors"] == ["ada"]
    mine = Client()
    mine.force_login(collector)
    assert "in cs-air-action-core 1.0.1" in text(mine.get(reverse("web:my-proposals")).content)
