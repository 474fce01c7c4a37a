"""The data migration that stores print jobs' list documents in the current spelling: a job
queued with a cs-hex design in the older spelling prints the kebab-case one afterwards."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("printing", "0003_printjob_what_known_fields")]
AFTER = [("printing", "0004_print_jobs_current_spellings")]
DESIGN = Path(__file__).resolve().parents[3] / "docs/examples/cs-hex/light-fighter-legal.json"


@pytest.mark.django_db(transaction=True)
def test_the_migration_stores_queued_print_documents_in_the_current_spelling(
    django_user_model: Any,
) -> None:
    design = json.loads(DESIGN.read_text(encoding="utf-8"))
    old = json.loads(
        json.dumps(design).replace("-wing-", "_wing_").replace("drop-tank", "drop_tank")
    )
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    try:
        OldPrintJob = executor.loader.project_state(BEFORE).apps.get_model("printing", "PrintJob")
        owner = django_user_model.objects.create_user("ada", password="pw-for-tests-only")
        queued = OldPrintJob.objects.create(
            owner_id=owner.pk, kind="schematic", what={"list": old}, options={"paper": "a4"}
        ).pk
        cards = OldPrintJob.objects.create(
            owner_id=owner.pk, kind="cards", what={"records": ["cs-aces.figure.vigilante"]}
        ).pk

        executor = MigrationExecutor(connection)
        executor.migrate(AFTER)
        # The model as it stood after the migration: later migrations add columns.
        PrintJob = executor.loader.project_state(AFTER).apps.get_model("printing", "PrintJob")

        assert PrintJob.objects.get(pk=queued).what == {"list": design}
        assert PrintJob.objects.get(pk=queued).options == {"paper": "a4"}
        assert PrintJob.objects.get(pk=cards).what == {"records": ["cs-aces.figure.vigilante"]}
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())
