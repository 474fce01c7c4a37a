"""Print jobs hold the list document they print (``what["list"]``); one written with the
older snake_case ids of a cs-hex design is stored in the current kebab-case spelling, so a
job queued before this release still prints. Backwards it changes nothing."""

from django.db import migrations

from content.spellings import list_respelled


def respell_print_jobs(apps, schema_editor):
    PrintJob = apps.get_model("printing", "PrintJob")
    for job in PrintJob.objects.only("pk", "what").iterator(chunk_size=500):
        what = job.what
        if not isinstance(what, dict) or "list" not in what:
            continue
        document, changes = list_respelled(what["list"])
        if changes:
            PrintJob.objects.filter(pk=job.pk).update(what={**what, "list": document})


class Migration(migrations.Migration):

    dependencies = [
        ("printing", "0003_printjob_what_known_fields"),
    ]

    operations = [
        migrations.RunPython(respell_print_jobs, migrations.RunPython.noop, elidable=True),
    ]
