"""Publishing a pack's edits: the next version by the rule, written whole in one
transaction with who and when; nothing when nothing changed or when anything fails; and
``dumppack`` numbering its versions the same way."""

from __future__ import annotations

import copy
import io
import json
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.db import DatabaseError
from django.utils import timezone

from content import catalogues
from content.models import Ability, CombatDial, ContentPack, ContentPackVersion, Figure
from content.services import record_save
from content.services.packs import PackLoadError
from content.services.publishing import publication_summary, publish, unpublished_changes

pytestmark = pytest.mark.django_db

CORE = "cs-air-action-core"


def core() -> ContentPack:
    return ContentPack.objects.get(pack_id=CORE)


def add_a_plane_with_its_dial() -> Figure:
    """Lou Bright's Fury, copied from Charlie Steele's, with a dial of its own."""
    model = Figure.objects.get(stable_id="charlie-steele-fury")
    dial = CombatDial.objects.get(pk=model.combat_dial_id)
    record_save(
        record=CombatDial(
            system=dial.system,
            pack=dial.pack,
            stable_id="lou-bright-fury-dial",
            name="Lou Bright (Fury) combat dial",
            source=dial.source,
            data=copy.deepcopy(dial.data),
        )
    )
    return record_save(
        record=Figure(
            system=model.system,
            pack=model.pack,
            stable_id="lou-bright-fury",
            name="Lou Bright (Fury)",
            source=model.source,
            data={
                **copy.deepcopy(model.data),
                "combat_dial": "lou-bright-fury-dial",
                "point_value": 55,
            },
        )
    )


def reprice(stable_id: str, points: int) -> Figure:
    figure = Figure.objects.get(stable_id=stable_id)
    figure.data = {**figure.data, "point_value": points}
    return record_save(record=figure)


def test_nothing_is_waiting_after_a_load(loaded_packs):
    diff = unpublished_changes(core())
    assert diff.bump is None
    assert diff.count == 0
    assert (diff.old_version, diff.new_version) == ("1.0.0", "1.0.0")


def test_publish_writes_the_next_version_with_who_and_when(loaded_packs):
    add_a_plane_with_its_dial()
    waiting = unpublished_changes(core())
    assert (waiting.count, waiting.bump, waiting.new_version) == (1, "minor", "1.1.0")
    assert [r.id for r in waiting.added] == ["lou-bright-fury-dial", "lou-bright-fury"]
    started = timezone.now()

    version = publish(core(), actor="curator")

    assert (version.version, version.action, version.actor) == ("1.1.0", "published", "curator")
    assert started - timedelta(seconds=1) <= version.loaded_at <= timezone.now()
    pack = core()
    assert (pack.version, pack.checksum) == ("1.1.0", version.checksum)
    assert {"lou-bright-fury", "lou-bright-fury-dial"} <= {
        r["id"] for r in version.document["records"]
    }
    assert ContentPackVersion.objects.get(pack=pack, version="1.0.0").document["version"] == (
        "1.0.0"
    )
    assert unpublished_changes(pack).count == 0
    plane = catalogues.published().catalogue.get("cs-air-action", "figure", "lou-bright-fury")
    assert plane is not None
    assert plane.data["point_value"] == 55
    assert publication_summary(version, "1.0.0") == (
        "Published cs-air-action-core 1.1.0 (minor: 1 record added)"
    )


def test_a_second_publish_with_nothing_changed_writes_nothing(loaded_packs):
    reprice("charlie-steele-fury", 31)
    first = publish(core(), actor="curator")
    rows = list(ContentPackVersion.objects.values_list("pk", "version", "checksum"))

    again = publish(core(), actor="someone else")

    assert again.pk == first.pk
    assert list(ContentPackVersion.objects.values_list("pk", "version", "checksum")) == rows
    assert publication_summary(again, first.version) == (
        "Nothing to publish: cs-air-action-core 2.0.0 is up to date."
    )


def test_a_new_price_is_a_major_version_named_in_the_summary(loaded_packs):
    reprice("charlie-steele-fury", 31)
    diff = unpublished_changes(core())
    assert [r.name for r in diff.repriced] == ['Charlotte "Charlie" Steele (Fury)']

    version = publish(core(), actor="curator")

    assert version.version == "2.0.0"
    assert publication_summary(version, "1.0.0") == (
        "Published cs-air-action-core 2.0.0 (major: 1 record changed (1 price))"
    )


def test_a_correction_is_a_patch(loaded_packs):
    figure = Figure.objects.get(stable_id="charlie-steele-fury")
    figure.name = "Charlie Steele (Fury, corrected)"
    record_save(record=figure)

    assert publish(core(), actor="curator").version == "1.0.1"


def test_a_failing_write_leaves_nothing(loaded_packs, monkeypatch):
    add_a_plane_with_its_dial()
    before = list(ContentPackVersion.objects.values_list("pk", "version"))

    def refuse(*args, **kwargs):
        raise DatabaseError("disk full")

    monkeypatch.setattr(ContentPack, "save", refuse)
    with pytest.raises(DatabaseError, match="disk full"):
        publish(core(), actor="curator")
    monkeypatch.undo()

    assert list(ContentPackVersion.objects.values_list("pk", "version")) == before
    assert core().version == "1.0.0"
    assert unpublished_changes(core()).new_version == "1.1.0"


def test_edits_that_no_longer_make_a_valid_pack_are_refused_with_nothing_written(
    loaded_packs,
):
    dial = CombatDial.objects.filter(pack__pack_id=CORE).exclude(data__clicks=[]).first()
    colours = {c for click in dial.data["clicks"] for c in click.get("colours", {}).values()}
    Ability.objects.filter(pack__pack_id=CORE, stable_id__in=colours).delete()
    before = ContentPackVersion.objects.count()

    with pytest.raises(PackLoadError, match="no ability"):
        publish(core(), actor="curator")

    assert ContentPackVersion.objects.count() == before
    assert core().version == "1.0.0"


def dump(tmp_path, *args: str) -> dict:
    target = tmp_path / "out.json"
    call_command(
        "dumppack", "cs-air-action", "--pack", CORE, "-o", str(target), *args, stderr=io.StringIO()
    )
    return json.loads(target.read_text(encoding="utf-8"))


def test_dumppack_numbers_versions_by_the_same_rule(loaded_packs, tmp_path):
    add_a_plane_with_its_dial()
    assert dump(tmp_path)["version"] == "1.1.0"

    reprice("lou-bright-fury", 60)
    assert dump(tmp_path)["version"] == "2.0.0"

    Figure.objects.filter(stable_id="lou-bright-fury").delete()
    CombatDial.objects.filter(stable_id="lou-bright-fury-dial").delete()
    assert dump(tmp_path)["version"] == "3.0.0"
    stored = ContentPackVersion.objects.get(pack__pack_id=CORE, version="3.0.0")
    assert stored.action == "published"


def test_dumppack_new_version_still_overrides_the_rule(loaded_packs, tmp_path):
    add_a_plane_with_its_dial()
    assert dump(tmp_path, "--new-version", "1.0.5")["version"] == "1.0.5"
    assert core().version == "1.0.5"
