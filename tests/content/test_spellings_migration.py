"""The data migration that stores loaded packs in the current spelling: a cs-hex-core
1.1.0 loaded with ``right_wing_front`` and ``natural_touch`` is stored, version and records,
in kebab case, its checksum the current pack's as 1.1.0, and it answers as the current one."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from rules_engine import build_catalogue, check, load_catalogue
from rules_engine.catalogue import normalise_pack, normalise_record, pack_checksum
from tests.content.test_spellings import design, hex_pack
from tests.rules_engine.test_messages import older_spelling

BEFORE = [("content", "0004_pack_edited_at")]
AFTER = [("content", "0005_packs_current_spellings")]
MODELS = {"mass_table": "MassTable", "table": "RuleTable"}


def _record_row(apps: Any, record: dict[str, Any], system: Any, pack: Any) -> None:
    model = apps.get_model("content", MODELS[record["type"]])
    model.objects.create(
        system_id=system.pk,
        pack_id=pack.pk,
        stable_id=record["id"],
        name=record["name"],
        source=record["source"],
        data=record["data"],
    )


@pytest.mark.django_db(transaction=True)
def test_the_migration_stores_loaded_packs_in_the_current_spelling() -> None:
    old = normalise_pack(older_spelling(hex_pack()))
    new = normalise_pack(hex_pack() | {"version": "1.1.0"})
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    try:
        apps = executor.loader.project_state(BEFORE).apps
        system = apps.get_model("content", "GameSystem").objects.create(slug="cs-hex", name="Hex")
        pack = apps.get_model("content", "ContentPack").objects.create(
            pack_id="cs-hex-core", system_id=system.pk, name=old["name"], version="1.1.0",
            checksum=pack_checksum(old), source=old["source"],
        )
        apps.get_model("content", "ContentPackVersion").objects.create(
            pack_id=pack.pk, version="1.1.0", checksum=pack_checksum(old), document=old
        )
        for record in old["records"]:
            if record["type"] in MODELS:
                _record_row(apps, record, system, pack)

        executor = MigrationExecutor(connection)
        executor.migrate(AFTER)
        # The models as they stood after the migration: later migrations add columns.
        after = executor.loader.project_state(AFTER).apps

        stored = after.get_model("content", "ContentPackVersion").objects.get()
        assert stored.document == new
        packs = after.get_model("content", "ContentPack").objects
        assert stored.checksum == packs.get().checksum == pack_checksum(new)
        rows = {
            r.stable_id: r.data
            for name in ("MassTable", "RuleTable")
            for r in after.get_model("content", name).objects.all()
        }
        assert rows == {
            r["id"]: normalise_record(r)["data"]
            for r in new["records"]
            if r["type"] in MODELS
        }
        assert check(build_catalogue([stored.document]), design()) == check(
            load_catalogue(), design()
        )
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())
