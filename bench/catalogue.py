"""Catalogue figures: validating one combat dial, and loading every pack into a fresh database.

Run: .venv/bin/python bench/catalogue.py   (SQLite in memory; set DATABASE_URL for PostgreSQL)
Targets: one dial validated in <= 0.2 ms; all packs loaded in < 5 s.
"""

from __future__ import annotations

import os
import time

from figures import at_most, measured
from timing import median_of

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "builder.settings.test")

import django

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402

from content.schemas import record_data_errors, record_schema_path  # noqa: E402
from content.services.packs import pack_load, read_pack_files  # noqa: E402
from rules_engine.catalogue import pack_files  # noqa: E402
from rules_engine.schema import compiled  # noqa: E402


def bench_dial_validation(repeat: int = 2000) -> float:
    docs, _ = read_pack_files(pack_files())
    dial = next(
        r["data"]
        for _, d in docs
        if d["system"] == "cs-air-action"
        for r in d["records"]
        if r["type"] == "combat_dial"
    )
    compiled(record_schema_path("combat_dial", "cs-air-action"))  # compile once, as a server does
    assert not record_data_errors("combat_dial", "cs-air-action", dial)
    return (
        median_of(lambda: record_data_errors("combat_dial", "cs-air-action", dial), repeat) * 1000
    )


def bench_load_all_packs() -> tuple[float, int]:
    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        call_command("migrate", verbosity=0)
        docs, read_errors = read_pack_files(pack_files())
        assert not read_errors, read_errors
        start = time.perf_counter()
        report = pack_load(documents=docs)
        elapsed = time.perf_counter() - start
        return elapsed, sum(report.counts.values())
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    print(f"database: {connection.vendor}")
    dial_ms = bench_dial_validation()
    print(
        f"validate one combat dial (compiled schema, median of 2000): "
        f"{dial_ms:.3f} ms  (target <= 0.2 ms)"
    )
    measured("validate one combat dial", dial_ms, "ms wall", target=at_most(0.2))
    seconds, records = bench_load_all_packs()
    print(f"load all packs: {seconds:.2f} s for {records} records  (target < 5 s)")
    # "< 5 s": at most 5 s is the same goal at the clock's resolution.
    measured(f"load all packs ({connection.vendor})", seconds, "s wall", target=at_most(5.0))
