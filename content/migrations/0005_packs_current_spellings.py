"""Pack versions loaded before cs-hex-core 1.2.0 wrote the armour areas and the check
formulas' terms in snake_case (``right_wing_front``, ``natural_touch``). Every stored pack
version and record is rewritten once in the kebab-case spelling, and the versions' checksums
follow, so a pinned 1.1.0 answers as it did while the engine reads one spelling only.
Backwards it changes nothing: both spellings meant the same pack."""

import hashlib
import json

from django.db import migrations

from content.spellings import pack_respelled, record_data_respelled

RECORD_MODELS = ("MassTable", "RuleTable")
"""The records whose data lists ids of their own: armour areas, formula terms."""


def _checksum(doc):
    """The pack checksum as this release computes it: SHA-256 of the canonical JSON of the
    pack with its records in (type, id) order (stored versions are kept in that form)."""
    ordered = {**doc, "records": sorted(doc["records"], key=lambda r: (r["type"], r["id"]))}
    text = json.dumps(ordered, indent=2, ensure_ascii=False, sort_keys=True) + "\n"
    return hashlib.sha256(text.encode()).hexdigest()


def respell_packs(apps, schema_editor):
    ContentPack = apps.get_model("content", "ContentPack")
    ContentPackVersion = apps.get_model("content", "ContentPackVersion")
    for version in ContentPackVersion.objects.select_related("pack").iterator(chunk_size=50):
        document, changes = pack_respelled(version.document)
        if not changes:
            continue
        checksum = _checksum(document)
        ContentPackVersion.objects.filter(pk=version.pk).update(
            document=document, checksum=checksum
        )
        # .update(): the pack was not loaded again, its loaded_at stays.
        ContentPack.objects.filter(pk=version.pack_id, version=version.version).update(
            checksum=checksum
        )
    for name in RECORD_MODELS:
        model = apps.get_model("content", name)
        for record in model.objects.only("pk", "data").iterator(chunk_size=500):
            data, changes = record_data_respelled(record.data)
            if changes:
                model.objects.filter(pk=record.pk).update(data=data)


class Migration(migrations.Migration):

    dependencies = [
        ("content", "0004_pack_edited_at"),
    ]

    operations = [
        migrations.RunPython(respell_packs, migrations.RunPython.noop, elidable=True),
    ]
