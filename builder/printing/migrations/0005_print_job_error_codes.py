"""A failed print job stores its error's ``code``; the codes printing spelt as dotted kebab
(``print.bad-options``) are stored in the project's one snake_case spelling, where the same
condition now has the same code as elsewhere (``invalid``, ``bad_document``).

Backwards each code gets its older spelling again; codes that were merged go back to the
one older code that said most of them (``invalid`` to ``print.bad-request``), and
``bad_document``, a code printing stored already, stays as it is."""

from django.db import migrations

CURRENT = {
    "print.not-ready": "not_ready",
    "print.unknown-list": "unknown_list",
    "print.bad-request": "invalid",
    "print.bad-kind": "invalid",
    "print.bad-options": "invalid",
    "print.bad-list": "bad_document",
    "print.nothing-to-print": "nothing_to_print",
    "print.unknown-record": "unknown_record",
    "print.not-printable": "not_printable",
    "print.not-a-plane": "not_a_plane",
    "print.timeout": "render_timeout",
    "print.unavailable": "render_unavailable",
    "print.render-failed": "render_failed",
}
OLDER = {
    "not_ready": "print.not-ready",
    "unknown_list": "print.unknown-list",
    "invalid": "print.bad-request",
    "nothing_to_print": "print.nothing-to-print",
    "unknown_record": "print.unknown-record",
    "not_printable": "print.not-printable",
    "not_a_plane": "print.not-a-plane",
    "render_timeout": "print.timeout",
    "render_unavailable": "print.unavailable",
    "render_failed": "print.render-failed",
}


def _recode(apps, spelling: dict[str, str]) -> None:
    PrintJob = apps.get_model("printing", "PrintJob")
    jobs = PrintJob.objects.filter(error__isnull=False).only("pk", "error")
    for job in jobs.iterator(chunk_size=500):
        error = job.error
        if not isinstance(error, dict) or error.get("code") not in spelling:
            continue
        PrintJob.objects.filter(pk=job.pk).update(error={**error, "code": spelling[error["code"]]})


def codes_current(apps, schema_editor):
    _recode(apps, CURRENT)


def codes_older(apps, schema_editor):
    _recode(apps, OLDER)


class Migration(migrations.Migration):
    dependencies = [
        ("printing", "0004_print_jobs_current_spellings"),
    ]

    operations = [
        migrations.RunPython(codes_current, codes_older, elidable=True),
    ]
