"""The site's own address, the one every absolute link it hands out starts with.

A link that leaves the site (a share link sent to an opponent, the QR code printed on a
roster) cannot take its host from the request that made it: a print worker has no request,
and behind a proxy the request's host is the proxy's. So links are built from one setting,
``SITE_URL``, which ``make run`` sets from the port it serves on.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from django.conf import settings


def site_url(path: str = "") -> str:
    """``path`` (an absolute path such as ``/lists/``) on the site's configured address."""
    base = str(settings.SITE_URL).rstrip("/")
    if path and not path.startswith("/"):
        path = f"/{path}"
    return f"{base}{path}"


SHARE_PATH = "/lists/shared/{token}/"
"""The share page's path (``web:shared-list``), the link's default on ``SITE_URL``."""


def share_link(token: str) -> str:
    """The address that opens a shared list for anyone who has it: ``SHARE_LINK_URL`` when
    a site sets one, else the share page on ``SITE_URL``."""
    template = str(getattr(settings, "SHARE_LINK_URL", "") or site_url(SHARE_PATH))
    return template.format(token=token)


def site_email_context() -> dict[str, str]:
    """``protocol`` and ``domain`` for Django's password-reset mail, from ``SITE_URL``: the
    link in the mail opens the site's own address, not whatever Host the request named."""
    parts = urlsplit(site_url())
    return {"protocol": parts.scheme or "http", "domain": parts.netloc}
