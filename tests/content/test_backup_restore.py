"""Back up, wipe, restore: the catalogue, its pack versions, admin edits, accounts and the
admin's history come back identical (docs/operations.md)."""

from __future__ import annotations

import io
import json
from datetime import UTC, datetime

import pytest
from django.contrib.admin.models import CHANGE, LogEntry
from django.contrib.auth import get_user_model
from django.contrib.contenttypes.models import ContentType
from django.core import serializers
from django.core.management import CommandError, call_command
from django.db import connection

from content.models import RECORD_MODELS, ContentPack, ContentPackVersion, Figure
from content.services.packs import pack_dump, pack_load
from content.services.records import record_save
from tests.conftest import pack_paths, read_pack

pytestmark = pytest.mark.django_db


def snapshot() -> str:
    models = [
        *RECORD_MODELS.values(),
        ContentPack,
        ContentPackVersion,
        get_user_model(),
        LogEntry,
    ]
    rows = []
    for model in models:
        rows += json.loads(
            serializers.serialize(
                "json", model.objects.order_by("pk"), use_natural_foreign_keys=True
            )
        )
    return json.dumps(rows, sort_keys=True)


def wipe() -> None:
    """Every row of every table gone (as after a lost disk and a fresh ``migrate``)."""
    with connection.cursor() as cursor:
        for table in connection.introspection.django_table_names(only_existing=True):
            if table not in {"django_content_type", "auth_permission"}:
                cursor.execute(f"DELETE FROM {connection.ops.quote_name(table)}")


def test_back_up_wipe_restore_gives_back_the_same_catalogue_and_versions(tmp_path):
    pack_load(documents=[(str(p), read_pack(p)) for p in pack_paths()], actor="ada")
    curator = get_user_model().objects.create_superuser("curator", "c@example.com", "pw")
    figure = Figure.objects.get(stable_id="charlie-steele-fury")
    figure.name = "Charlie Steele (edited in the admin)"
    record_save(record=figure)
    LogEntry.objects.log_actions(
        curator.pk, [figure], CHANGE, change_message="renamed", single_object=True
    )
    pack_dump(pack=ContentPack.objects.get(pack_id="cs-air-action-core"), actor="curator")
    before = snapshot()
    backup = tmp_path / "backup.json"

    call_command("backup", str(backup), stderr=io.StringIO())
    wipe()
    assert Figure.objects.count() == ContentPackVersion.objects.count() == 0
    call_command("restore", str(backup), yes=True, stdout=io.StringIO())

    assert snapshot() == before
    restored = ContentPackVersion.objects.get(pack__pack_id="cs-air-action-core", version="1.0.1")
    assert (restored.action, restored.actor) == ("published", "curator")
    assert Figure.objects.get(stable_id="charlie-steele-fury").name.endswith(
        "(edited in the admin)"
    )
    entry = LogEntry.objects.get()
    assert entry.content_type == ContentType.objects.get_for_model(Figure)


def test_a_backup_that_fails_half_way_leaves_the_database_as_it_was(tmp_path):
    pack_load(documents=[(str(p), read_pack(p)) for p in pack_paths()[:2]])
    before = snapshot()
    backup = tmp_path / "backup.json"
    call_command("backup", str(backup), stderr=io.StringIO())
    rows = json.loads(backup.read_text())
    rows[-1]["fields"]["pack"] = 999_999  # a row pointing at nothing: fails at the end
    backup.write_text(json.dumps(rows))

    with pytest.raises(CommandError, match=r"(?s)could not be restored .*; nothing was changed"):
        call_command("restore", str(backup), yes=True, stdout=io.StringIO())

    assert snapshot() == before


def test_times_survive_to_the_microsecond_so_a_restored_database_backs_up_the_same(tmp_path):
    pack_load(documents=[(str(p), read_pack(p)) for p in pack_paths()[:1]], actor="ada")
    # Below a millisecond: Django's own JSON would write .000 and restore a whole second.
    ContentPackVersion.objects.update(
        loaded_at=datetime(2026, 12, 1, 12, 0, 0, 400, tzinfo=UTC)
    )
    first, second = tmp_path / "first.json", tmp_path / "second.json"

    call_command("backup", str(first), stderr=io.StringIO())
    call_command("restore", str(first), yes=True, stdout=io.StringIO())
    call_command("backup", str(second), stderr=io.StringIO())

    assert ContentPackVersion.objects.get().loaded_at.microsecond == 400
    assert first.read_bytes() == second.read_bytes()
