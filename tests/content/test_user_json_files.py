"""JSON a curator or an operator hands in outside pack files: the admin's dial editor and a
backup for ``restore`` are read within limits, with a clear answer rather than a crash."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse

from content.models import CombatDial

pytestmark = pytest.mark.django_db

DEEP = "[" * 200_000 + "]" * 200_000


def test_a_deep_document_behind_the_dial_editor_is_an_error_on_the_form(loaded_packs):
    client = Client(raise_request_exception=False)
    client.force_login(get_user_model().objects.create_superuser("c", "c@example.com", "pw"))
    dial = CombatDial.objects.get(stable_id="charlie-steele-fury-dial")
    before = dial.data
    post = {
        "system": str(dial.system_id),
        "pack": str(dial.pack_id),
        "stable_id": dial.stable_id,
        "name": dial.name,
        "name_original": "",
        "source": json.dumps(dial.source),
        "uncertain": json.dumps(dial.uncertain),
        "figures-TOTAL_FORMS": "0",
        "figures-INITIAL_FORMS": "0",
        "data-row": "0",
        "data-rest": DEEP,
    }
    response = client.post(reverse("admin:content_combatdial_change", args=[dial.pk]), post)
    assert response.status_code == 200
    assert response.context["adminform"].form.errors
    dial.refresh_from_db()
    assert dial.data == before


def test_restore_refuses_a_backup_over_its_size_limit(tmp_path: Path, settings):
    settings.MUSTER_BACKUP_MAX_BYTES = 100
    backup = tmp_path / "backup.json"
    backup.write_bytes(b"[" + b" " * 500 + b"]")
    with pytest.raises(CommandError) as err:
        call_command("restore", str(backup), yes=True, stdout=io.StringIO())
    assert str(err.value) == (
        f"{backup} is not a backup: $: file is 502 bytes; the limit is 100 bytes"
    )


def test_restore_refuses_a_backup_nested_past_its_documents_depth(tmp_path: Path):
    backup = tmp_path / "backup.json"
    backup.write_text(DEEP)
    with pytest.raises(CommandError) as err:
        call_command("restore", str(backup), yes=True, stdout=io.StringIO())
    assert str(err.value) == (
        f"{backup} is not a backup: $: nested deeper than 67 levels (200,000 levels)"
    )
