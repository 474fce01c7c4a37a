"""Publishing while others publish or edit (PostgreSQL, real threads and connections): one
version wins, none is written twice or half, and what is published holds a maintainer's
edit wholly or not at all.

A publication pauses inside its lock (a slow publish gate, where known-good lists run) so
the other party starts meanwhile; an edit pauses between two records of one transaction.
Run with ``DATABASE_URL=postgres://...``; on SQLite these are skipped.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection, transaction

from content import publish_gates
from content.models import CombatDial, ContentPack, ContentPackVersion, Figure
from content.services import record_save
from content.services.packs import pack_load
from content.services.publishing import publication_summary, publish, unpublished_changes
from tests.conftest import PACK_DIR, read_pack

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="needs PostgreSQL (set DATABASE_URL): SQLite serialises writers itself",
    ),
]

CORE = "cs-air-action-core"
BEFORE = "Genghis (Bloodhawk) combat dial"
REVISED = "Genghis (Bloodhawk) combat dial, revised"


def core() -> ContentPack:
    return ContentPack.objects.get(pack_id=CORE)


def reprice(stable_id: str, points: int) -> None:
    figure = Figure.objects.get(stable_id=stable_id)
    figure.data = {**figure.data, "point_value": points}
    record_save(record=figure)


def versions() -> list[str]:
    return sorted(
        ContentPackVersion.objects.filter(pack__pack_id=CORE).values_list("version", flat=True)
    )


def published_edit(version: str) -> tuple[int, str]:
    """Genghis's price and his combat dial's name as ``version`` holds them: one edit
    changes both (two record types, read by publishing in separate queries)."""
    doc = ContentPackVersion.objects.get(pack__pack_id=CORE, version=version).document
    by_id = {r["id"]: r for r in doc["records"]}
    return by_id["genghis-bloodhawk"]["data"]["point_value"], by_id["genghis-bloodhawk-dial"][
        "name"
    ]


@pytest.fixture
def air_loaded() -> None:
    pack_load(
        documents=[
            ("air", read_pack(PACK_DIR / "cs-air-action" / "cs-air-action-core.json")),
            ("aces", read_pack(PACK_DIR / "cs-aces" / "cs-aces-core.json")),
        ]
    )


@pytest.fixture
def slow_publication(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """The first publication to reach its gates sets the event and holds the lock 0.5 s."""
    inside = threading.Event()

    def slow_gate(pack: ContentPack, candidate: dict[str, Any]) -> list[Any]:
        if not inside.is_set():
            inside.set()
            time.sleep(0.5)
        return []

    monkeypatch.setattr(publish_gates, "_GATES", [*publish_gates._GATES, slow_gate])
    return inside


def in_thread(name: str, results: dict[str, Any], work: Callable[[], Any]) -> threading.Thread:
    def run() -> None:
        try:
            results[name] = work()
        except Exception as exc:  # the test reads what went wrong
            results[name] = exc
        finally:
            results[f"{name} finished"] = time.monotonic()
            connection.close()

    return threading.Thread(target=run)


def test_two_publications_at_once_write_one_version(air_loaded, slow_publication):
    reprice("genghis-bloodhawk", 52)
    results: dict[str, Any] = {}
    first = in_thread("first", results, lambda: publish(core(), actor="ann"))
    second = in_thread("second", results, lambda: publish(core(), actor="bea"))

    first.start()
    assert slow_publication.wait(10), "the first publication never reached its gates"
    started_second = time.monotonic()
    second.start()
    first.join(30)
    second.join(30)

    assert results["first"].version == results["second"].version == "2.0.0"
    assert results["first"].actor == "ann"
    assert results["second finished"] - started_second >= 0.3, "the second did not wait"
    # Both had 1.0.0 before them when they asked; the second is told it was beaten to it.
    assert publication_summary(results["first"], "1.0.0", by="ann") == (
        "Published cs-air-action-core 2.0.0 (major: 1 record changed (1 price))"
    )
    assert publication_summary(results["second"], "1.0.0", by="bea") == (
        "Nothing to publish: cs-air-action-core 2.0.0 was published meanwhile by ann."
    )
    assert versions() == ["1.0.0", "2.0.0"]
    assert core().version == "2.0.0"
    assert published_edit("2.0.0") == (52, BEFORE)
    assert unpublished_changes(core()).count == 0


def edit_price_and_dial(holding: threading.Event | None) -> str:
    """One maintainer's edit in one transaction: Genghis's price, then his dial's name,
    pausing between the two when ``holding`` is given (set once the first is written)."""
    with transaction.atomic():
        reprice("genghis-bloodhawk", 52)
        if holding is not None:
            holding.set()
            time.sleep(0.5)
        dial = CombatDial.objects.get(stable_id="genghis-bloodhawk-dial")
        dial.name = REVISED
        record_save(record=dial)
    return "saved"


def test_a_publication_during_an_edit_takes_the_whole_edit(air_loaded):
    results: dict[str, Any] = {}
    editing = threading.Event()
    edit = in_thread("edit", results, lambda: edit_price_and_dial(editing))
    publication = in_thread("publish", results, lambda: publish(core(), actor="ann"))

    edit.start()
    assert editing.wait(10), "the edit never started"
    publication.start()
    edit.join(30)
    publication.join(30)

    assert results["edit"] == "saved"
    assert results["publish finished"] > results["edit finished"]
    assert results["publish"].version == "2.0.0"
    assert published_edit("2.0.0") == (52, REVISED)
    assert versions() == ["1.0.0", "2.0.0"]
    assert unpublished_changes(core()).count == 0


def test_an_edit_during_a_publication_waits_and_stays_unpublished_whole(
    air_loaded, slow_publication
):
    reprice("louis-thibodeaux-brigand", 60)  # something for the publication to publish
    results: dict[str, Any] = {}
    publication = in_thread("publish", results, lambda: publish(core(), actor="ann"))
    edit = in_thread("edit", results, lambda: edit_price_and_dial(None))

    publication.start()
    assert slow_publication.wait(10), "the publication never reached its gates"
    edit.start()
    publication.join(30)
    edit.join(30)

    assert results["edit"] == "saved"
    assert results["edit finished"] > results["publish finished"]
    assert results["publish"].version == "2.0.0"
    assert published_edit("2.0.0") == (48, BEFORE)
    waiting = unpublished_changes(core())
    # One change: the figure with its dial, as the Publish page counts it.
    assert (waiting.count, waiting.new_version) == (1, "3.0.0")
    assert sorted(r.id for r in waiting.records) == ["genghis-bloodhawk", "genghis-bloodhawk-dial"]


def test_the_next_publication_after_a_race_publishes_the_edit_cleanly(air_loaded, slow_publication):
    reprice("louis-thibodeaux-brigand", 60)
    results: dict[str, Any] = {}
    publication = in_thread("publish", results, lambda: publish(core(), actor="ann"))
    edit = in_thread("edit", results, lambda: edit_price_and_dial(None))
    publication.start()
    assert slow_publication.wait(10)
    edit.start()
    publication.join(30)
    edit.join(30)

    again = publish(core(), actor="bea")

    assert (again.version, again.actor) == ("3.0.0", "bea")
    assert published_edit("3.0.0") == (52, REVISED)
    assert versions() == ["1.0.0", "2.0.0", "3.0.0"]
    assert unpublished_changes(core()).count == 0
