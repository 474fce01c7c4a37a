"""A pull loading versions while a maintainer publishes (PostgreSQL): the two queue on the
catalogue's write lock, one wins, and nothing is half-written.

The first of the two pauses inside its transaction, holding the lock; the second starts
meanwhile and must wait, then be checked against what the first left. Run with
``DATABASE_URL=postgres://...``; on SQLite these are skipped.
"""

from __future__ import annotations

import copy
import hashlib
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.db import connection

from content.models import Ability, ContentPack, ContentPackVersion
from content.services.packs import pack_dump, pack_load
from content.services.pulling import PullError, pack_pull
from content.services.records import record_save
from content.signing import canonical_bytes
from tests.conftest import PACK_DIR, read_pack
from tests.content.pull_publisher import Publisher, publisher_running

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="needs PostgreSQL (set DATABASE_URL): SQLite serialises writers itself",
    ),
]

ACES = PACK_DIR / "cs-aces" / "cs-aces-core.json"
BLACK = PACK_DIR / "black-skies" / "black-skies-core.json"


def theirs(doc: dict[str, Any]) -> dict[str, Any]:
    """The publisher's 1.0.1: the Old One-Two ability renamed there."""
    new = copy.deepcopy(doc)
    new["version"] = "1.0.1"
    next(r for r in new["records"] if r["id"] == "old-one-two")["name"] = "Old One-Two (A)"
    return new


@pytest.fixture
def publisher() -> Iterator[Publisher]:
    aces = read_pack(ACES)
    pack_load(documents=[("aces", aces)])
    with publisher_running() as running:
        running.publish([aces, theirs(aces), read_pack(BLACK)])
        yield running


def edit_here() -> None:
    """A maintainer here renames Second Wind (a correction, not yet published)."""
    ability = Ability.objects.get(stable_id="second-wind")
    ability.name = "Second Wind (B)"
    record_save(record=ability)


def pausing_once(when: Callable[[str], bool], holding: threading.Event) -> Callable[[Any], None]:
    def pause(value: Any) -> None:
        if not holding.is_set() and when(value):
            holding.set()
            time.sleep(0.5)

    return pause


def race(first: Callable[[Any], Any], second: Callable[[], Any]) -> dict[str, Any]:
    """Run ``first`` (handed a pause to call inside its transaction) and, once it holds the
    lock, ``second``; what each ended with."""
    holding = threading.Event()
    results: dict[str, Any] = {}

    def run(name: str, work: Callable[[], Any]) -> None:
        try:
            results[name] = work()
        except PullError as exc:
            results[name] = exc
        finally:
            results[f"{name} finished"] = time.monotonic()
            connection.close()

    a = threading.Thread(target=run, args=("first", lambda: first(holding)))
    b = threading.Thread(target=run, args=("second", second))
    a.start()
    assert holding.wait(20), "the first never took the lock"
    results["second started"] = time.monotonic()
    b.start()
    a.join(60)
    b.join(60)
    return results


def aces_state() -> tuple[list[tuple[str, str]], dict[str, str]]:
    versions = sorted(
        ContentPackVersion.objects.filter(pack__pack_id="cs-aces-core").values_list(
            "version", "checksum"
        )
    )
    names = dict(
        Ability.objects.filter(pack__pack_id="cs-aces-core").values_list("stable_id", "name")
    )
    return versions, names


def test_a_publish_during_a_pull_waits_and_finds_the_pulled_version(publisher: Publisher) -> None:
    edit_here()

    def pull(holding: threading.Event) -> Any:
        pause = pausing_once(lambda line: line.startswith("  "), holding)
        return pack_pull(url=publisher.root, key=publisher.key.public_key(), progress=pause)

    def publish() -> Any:
        return pack_dump(pack=ContentPack.objects.get(pack_id="cs-aces-core"), actor="maintainer")

    results = race(pull, publish)

    assert results["first"].loaded == ["black-skies-core 1.0.0", "cs-aces-core 1.0.1"]
    assert results["second finished"] - results["second started"] >= 0.3, "it did not wait"
    # The pull replaced the pack's records: the publish found nothing left to publish.
    assert results["second"]["version"] == "1.0.1"
    versions, names = aces_state()
    pulled = hashlib.sha256(canonical_bytes(theirs(read_pack(ACES)))).hexdigest()
    assert versions[1] == ("1.0.1", pulled)
    assert len(versions) == 2
    assert (names["old-one-two"], names["second-wind"]) == ("Old One-Two (A)", "Second Wind")
    assert ContentPack.objects.get(pack_id="cs-aces-core").checksum == pulled


def test_a_pull_during_a_publish_of_the_same_pack_is_refused_whole(publisher: Publisher) -> None:
    edit_here()

    def publish(holding: threading.Event) -> Any:
        pause = pausing_once(lambda _doc: True, holding)
        pack = ContentPack.objects.get(pack_id="cs-aces-core")
        return pack_dump(pack=pack, actor="maintainer", write=pause)

    def pull() -> Any:
        return pack_pull(url=publisher.root, key=publisher.key.public_key())

    results = race(publish, pull)

    assert results["first"]["version"] == "1.0.1"
    refused = results["second"]
    assert isinstance(refused, PullError)
    assert [str(p) for p in refused.problems] == [
        f"cs-aces-core 1.0.1 from {publisher.root}: $.version: version 1.0.1 of cs-aces-core "
        "was already loaded with different content; publish the change as a new version; "
        "nothing was loaded"
    ]
    assert results["second finished"] - results["second started"] >= 0.3, "it did not wait"
    versions, names = aces_state()
    assert [v for v, _ in versions] == ["1.0.0", "1.0.1"]
    assert (names["old-one-two"], names["second-wind"]) == ("Old One-Two", "Second Wind (B)")
    assert ContentPackVersion.objects.get(pack__pack_id="cs-aces-core", version="1.0.1").actor == (
        "maintainer"
    )
    # All or nothing: the other pack of the pull, good as it was, did not arrive either.
    assert not ContentPack.objects.filter(pack_id="black-skies-core").exists()


def test_a_pull_and_a_publish_of_other_packs_both_land(publisher: Publisher) -> None:
    publisher.publish([read_pack(BLACK)])
    edit_here()

    def publish(holding: threading.Event) -> Any:
        pause = pausing_once(lambda _doc: True, holding)
        pack = ContentPack.objects.get(pack_id="cs-aces-core")
        return pack_dump(pack=pack, actor="maintainer", write=pause)

    def pull() -> Any:
        return pack_pull(url=publisher.root, key=publisher.key.public_key())

    results = race(publish, pull)

    assert results["first"]["version"] == "1.0.1"
    assert results["second"].loaded == ["black-skies-core 1.0.0"]
    assert ContentPack.objects.get(pack_id="black-skies-core").version == "1.0.0"
    assert ContentPack.objects.get(pack_id="cs-aces-core").version == "1.0.1"
