"""Two maintainers review one proposal at once (PostgreSQL): the first decision wins, the
second waits for it and is refused, and the catalogue holds exactly the approved change.

Run with ``DATABASE_URL=postgres://...``; on SQLite these are skipped.
"""

from __future__ import annotations

import copy
import threading
import time
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import connection

from content.models import CombatDial, ContentPack, Figure, GameSystem
from content.proposals import RecordProposal
from content.services import proposals
from content.services.proposals import (
    ProposedRecord,
    proposal_approve,
    proposal_reject,
    proposal_submit,
)
from content.services.publishing import unpublished_changes
from content.services.records import record_save

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="needs PostgreSQL (set DATABASE_URL): SQLite serialises writers itself",
    ),
]

PLANE = "charlie-steele-fury"


def test_an_approval_and_a_rejection_at_once_one_wins(
    loaded_packs: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    users = get_user_model().objects
    ada = users.create_user("ada", password="a-long-pass-phrase")
    first = users.create_superuser("first", "f@example.com", "a-long-pass-phrase")
    second = users.create_superuser("second", "s@example.com", "a-long-pass-phrase")
    figure = Figure.objects.get(stable_id=PLANE)
    dial = copy.deepcopy(CombatDial.objects.get(stable_id=f"{PLANE}-dial").data)
    dial["clicks"][2]["values"]["piloting"] = 8
    proposal = proposal_submit(
        proposer=ada,
        system=GameSystem.objects.get(slug="cs-air-action"),
        record_type="figure",
        kind=RecordProposal.Kind.CORRECTION,
        stable_id=PLANE,
        proposed=ProposedRecord(
            name=figure.name, source=figure.source, data=figure.data, dial=dial
        ),
    )
    approving = threading.Event()
    saving = record_save

    def slow_save(**kwargs: Any) -> Any:
        approving.set()
        time.sleep(0.5)  # inside the approval's transaction, the proposal locked
        return saving(**kwargs)

    monkeypatch.setattr(proposals, "record_save", slow_save)
    results: dict[str, Any] = {}

    def approve() -> None:
        try:
            results["approve"] = proposal_approve(proposal=proposal, reviewer=first).name
        finally:
            connection.close()

    def reject() -> None:
        approving.wait(5)
        try:
            proposal_reject(proposal=proposal, reviewer=second, reason="The book prints 7.")
            results["reject"] = "rejected"
        except ValidationError as exc:
            results["reject"] = exc.messages
        finally:
            connection.close()

    threads = [threading.Thread(target=approve), threading.Thread(target=reject)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(15)

    assert results == {
        "approve": figure.name,
        "reject": ["Only a proposal waiting for review can be reviewed; this one is approved."],
    }
    proposal.refresh_from_db()
    assert (proposal.status, proposal.reviewer, proposal.review_reason) == (
        RecordProposal.Status.APPROVED,
        first,
        "",
    )
    saved = CombatDial.objects.get(stable_id=f"{PLANE}-dial").data
    assert saved["clicks"][2]["values"]["piloting"] == 8
    assert unpublished_changes(ContentPack.objects.get(pack_id="cs-air-action-core")).count == 1
