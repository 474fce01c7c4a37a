"""Give every duplicated list uuid but its first holder a fresh one, so that the next
migration can make uuids unique across all players.

The list made first (by ``created_at``, then ``id``) keeps the uuid: its owner is the one
whose exchange files and links named it first.
"""

import uuid

from django.db import migrations
from django.db.models import Count


def fresh_uuids_for_duplicates(apps, schema_editor):
    SavedList = apps.get_model("lists", "SavedList")
    duplicated = (
        SavedList.objects.order_by()
        .values("uuid")
        .annotate(holders=Count("id"))
        .filter(holders__gt=1)
        .values_list("uuid", flat=True)
    )
    for value in list(duplicated):
        later = SavedList.objects.filter(uuid=value).order_by("created_at", "id")[1:]
        for pk in list(later.values_list("pk", flat=True)):
            SavedList.objects.filter(pk=pk).update(uuid=uuid.uuid4())


class Migration(migrations.Migration):

    dependencies = [
        ("lists", "0001_saved_lists"),
    ]

    operations = [
        migrations.RunPython(fresh_uuids_for_duplicates, migrations.RunPython.noop),
    ]
