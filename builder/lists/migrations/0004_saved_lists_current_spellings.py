"""Saved lists written with the older snake_case ids (a cs-hex design's ``drop_tank`` part,
its ``right_wing_front`` armour) are stored in the current kebab-case spelling, once; the
builder and the engine read no other. Backwards it changes nothing: both spellings meant
the same design."""

from django.db import migrations

from content.spellings import list_respelled


def respell_saved_lists(apps, schema_editor):
    SavedList = apps.get_model("lists", "SavedList")
    rows = SavedList.objects.filter(document__system="cs-hex").only("pk", "document")
    for row in rows.iterator(chunk_size=500):
        document, changes = list_respelled(row.document)
        if changes:
            SavedList.objects.filter(pk=row.pk).update(document=document)


class Migration(migrations.Migration):

    dependencies = [
        ("lists", "0003_list_uuids_unique_for_everyone"),
    ]

    operations = [
        migrations.RunPython(respell_saved_lists, migrations.RunPython.noop, elidable=True),
    ]
