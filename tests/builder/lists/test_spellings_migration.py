"""The data migration that stores saved lists in the current spelling: a cs-hex design
saved with ``drop_tank`` and ``right_wing_front`` reads ``drop-tank`` and
``right-wing-front`` afterwards; other lists are left as they were."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from builder.lists.models import SavedList

BEFORE = [("lists", "0003_list_uuids_unique_for_everyone")]
AFTER = [("lists", "0004_saved_lists_current_spellings")]
EXAMPLES = Path(__file__).resolve().parents[3] / "docs" / "examples"


def example(path: str) -> dict[str, Any]:
    return json.loads((EXAMPLES / path).read_text(encoding="utf-8"))


@pytest.mark.django_db(transaction=True)
def test_the_migration_stores_saved_designs_in_the_current_spelling(
    django_user_model: Any,
) -> None:
    design = example("cs-hex/light-fighter-legal.json")
    old = json.loads(
        json.dumps(design).replace("-wing-", "_wing_").replace("drop-tank", "drop_tank")
    )
    team = example("cs-aces/kims-team.json")
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    try:
        apps = executor.loader.project_state(BEFORE).apps
        OldSavedList = apps.get_model("lists", "SavedList")
        GameSystem = apps.get_model("content", "GameSystem")
        owner = django_user_model.objects.create_user("ada", password="pw-for-tests-only")
        rows = {}
        for doc in (old, team):
            system = GameSystem.objects.get_or_create(slug=doc["system"], name=doc["system"])[0]
            rows[doc["system"]] = OldSavedList.objects.create(
                owner_id=owner.pk,
                system_id=system.pk,
                kind=doc["kind"],
                name=doc["name"],
                document=doc,
            ).pk
        assert OldSavedList.objects.get(pk=rows["cs-hex"]).document["entries"][10] == {
            "part": "drop_tank"
        }

        executor = MigrationExecutor(connection)
        executor.migrate(AFTER)

        assert SavedList.objects.get(pk=rows["cs-hex"]).document == design
        assert SavedList.objects.get(pk=rows["cs-aces"]).document == team
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())
