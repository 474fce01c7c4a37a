"""Printing settings: where PDFs are kept, how long a render may take, and how many jobs
one user may keep going."""

from builder.settings.base import VAR_DIR, env

# Finished PDFs, named by the fingerprint of what they show (so identical jobs share one).
PRINT_ROOT = env.path("PRINT_ROOT", default=str(VAR_DIR / "print"))
# A render is killed after the hard limit; the soft limit lets it fail the job cleanly.
PRINT_SOFT_TIME_LIMIT = env.int("PRINT_SOFT_TIME_LIMIT", default=240)
PRINT_TIME_LIMIT = env.int("PRINT_TIME_LIMIT", default=300)
PRINT_MAX_RETRIES = 3
# Print jobs one user may have queued or running at once (at least 1); one more is a 429.
PRINT_JOBS_PER_USER = env.int("PRINT_JOBS_PER_USER", default=5)
# A shared list's link, printed as a QR code on its roster: ``{token}`` is its share token.
# Blank, it is the share page on SITE_URL (builder/core/site.py); a site may set its own.
SHARE_LINK_URL = env("SHARE_LINK_URL", default="")

# WeasyPrint reports each layout step at INFO; the site's log keeps only its warnings.
from builder.settings.base import LOGGING  # noqa: E402

LOGGING.setdefault("loggers", {}).update(
    {"weasyprint.progress": {"level": "WARNING"}, "fontTools": {"level": "WARNING"}}
)
