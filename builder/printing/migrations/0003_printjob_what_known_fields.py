"""A job's ``what`` keeps only the fields a request may name, with a value: a share link once
taken from the caller, any other key the old parser ignored, or a null it read as absent,
is dropped, so every stored job reads as the API documents it."""

from django.db import migrations

WHAT_FIELDS = ("list", "records", "saved_list")


def keep_known_fields(apps, schema_editor):
    PrintJob = apps.get_model("printing", "PrintJob")
    for job in PrintJob.objects.only("pk", "what").iterator():
        what = job.what if isinstance(job.what, dict) else {}
        known = {
            key: value
            for key, value in what.items()
            if key in WHAT_FIELDS and value is not None
        }
        if known != job.what:
            job.what = known
            job.save(update_fields=["what"])


class Migration(migrations.Migration):
    dependencies = [("printing", "0002_printjob_cancelled")]

    operations = [migrations.RunPython(keep_known_fields, migrations.RunPython.noop)]
