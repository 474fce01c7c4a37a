"""Two loads at once (PostgreSQL): the newer version ends up live and nothing is half-loaded.

The first load holds the catalogue's write lock while it writes (its progress callback pauses
there); the second starts meanwhile and must wait for it, then be checked against what the
first left. Run with ``DATABASE_URL=postgres://...``; on SQLite these are skipped.
"""

from __future__ import annotations

import copy
import threading
import time
from contextlib import contextmanager
from typing import Any

import pytest
from django.db import connection, transaction

from content.models import RECORD_MODELS, ContentPack, ContentPackVersion
from content.services import packs
from content.services.packs import PackLoadError, pack_load
from tests.conftest import PACK_DIR, read_pack

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="needs PostgreSQL (set DATABASE_URL): SQLite serialises writers itself",
    ),
]

AIR = PACK_DIR / "cs-air-action" / "cs-air-action-core.json"


def version_of(version: str, drop_cards: int) -> dict[str, Any]:
    """The air pack as ``version``: every name tagged with it, some navigation cards gone."""
    doc = copy.deepcopy(read_pack(AIR))
    doc["version"] = version
    cards = [  # cards no Ace figure names (those may not be dropped)
        r for r in doc["records"] if r["type"] == "navigation_card" and not r["data"].get("ace")
    ][:drop_cards]
    doc["records"] = [r for r in doc["records"] if r not in cards]
    for rec in doc["records"]:
        rec["name"] = f"{rec['name']} [{version}]"
    return doc


def catalogue_rows() -> set[tuple[str, str, str]]:
    return {
        (t, stable_id, name)
        for t, model in RECORD_MODELS.items()
        for stable_id, name in model.objects.filter(pack__pack_id="cs-air-action-core").values_list(
            "stable_id", "name"
        )
    }


def expected_rows(doc: dict[str, Any]) -> set[tuple[str, str, str]]:
    return {(r["type"], r["id"], r["name"]) for r in doc["records"]}


def race(first: dict[str, Any], second: dict[str, Any]) -> dict[str, Any]:
    """Load ``first`` (pausing half a second inside its transaction) and, meanwhile,
    ``second``; what each ended with, and when."""
    holding = threading.Event()
    results: dict[str, Any] = {}

    def pause_once(line: str) -> None:
        if not holding.is_set():
            holding.set()
            time.sleep(0.5)

    def run(name: str, doc: dict[str, Any], progress: Any) -> None:
        try:
            pack_load(documents=[(name, doc)], progress=progress)
            results[name] = "loaded"
        except PackLoadError as exc:
            results[name] = exc
        finally:
            results[f"{name} finished"] = time.monotonic()
            connection.close()

    a = threading.Thread(target=run, args=("first", first, pause_once))
    b = threading.Thread(target=run, args=("second", second, None))
    a.start()
    assert holding.wait(10), "the first load never started writing"
    started_second = time.monotonic()
    b.start()
    a.join(30)
    b.join(30)
    results["second started"] = started_second
    return results


@pytest.fixture
def base_loaded() -> None:
    pack_load(documents=[("air", read_pack(AIR))])


def test_older_first_then_newer_leaves_the_newer_live(base_loaded):
    older, newer = version_of("1.1.0", drop_cards=1), version_of("2.0.0", drop_cards=3)

    results = race(older, newer)

    assert results["first"] == results["second"] == "loaded"
    assert results["second finished"] > results["first finished"]
    assert ContentPack.objects.get(pack_id="cs-air-action-core").version == "2.0.0"
    assert catalogue_rows() == expected_rows(newer)
    assert sorted(
        ContentPackVersion.objects.filter(pack__pack_id="cs-air-action-core").values_list(
            "version", flat=True
        )
    ) == ["1.0.0", "1.1.0", "2.0.0"]


def test_newer_first_then_older_fails_clearly_and_the_newer_stays_live(base_loaded):
    older, newer = version_of("1.1.0", drop_cards=1), version_of("2.0.0", drop_cards=3)

    results = race(newer, older)

    assert results["first"] == "loaded"
    assert isinstance(results["second"], PackLoadError)
    assert "1.1.0 is older than the loaded 2.0.0 of cs-air-action-core" in str(results["second"])
    assert results["second finished"] - results["second started"] >= 0.3, "it did not wait"
    assert ContentPack.objects.get(pack_id="cs-air-action-core").version == "2.0.0"
    assert catalogue_rows() == expected_rows(newer)
    assert not ContentPackVersion.objects.filter(version="1.1.0").exists()


def test_without_the_lock_the_older_version_would_go_live(base_loaded, monkeypatch):
    """The race above is real: with the lock replaced by a plain transaction, the older
    load, checked before the newer one committed, overwrites it."""

    @contextmanager
    def no_lock() -> Any:
        with transaction.atomic():
            yield

    monkeypatch.setattr(packs, "catalogue_write_lock", no_lock)
    older, newer = version_of("1.1.0", drop_cards=1), version_of("2.0.0", drop_cards=3)

    race(newer, older)

    assert ContentPack.objects.get(pack_id="cs-air-action-core").version == "1.1.0"


def test_a_load_waiting_too_long_for_the_lock_fails_clearly(base_loaded, monkeypatch):
    monkeypatch.setattr(packs, "LOCK_WAIT_SECONDS", 0.2)
    newer = version_of("2.0.0", drop_cards=3)
    holding, release = threading.Event(), threading.Event()

    def hold_lock() -> None:
        try:
            with packs.catalogue_write_lock():
                holding.set()
                release.wait(10)
        finally:
            connection.close()

    holder = threading.Thread(target=hold_lock)
    holder.start()
    assert holding.wait(10)
    try:
        with pytest.raises(PackLoadError) as exc:
            pack_load(documents=[("new", newer)])
    finally:
        release.set()
        holder.join(10)

    assert "another load or publication is under way" in str(exc.value)
    assert ContentPack.objects.get(pack_id="cs-air-action-core").version == "1.0.0"
