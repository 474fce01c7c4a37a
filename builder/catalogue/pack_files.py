"""A stored pack version as a download: its canonical file, named, with its checksum.

The page and the API answer the same bytes with the same headers: ``ETag`` is the file's
SHA-256 in hex (the checksum the registry records), ``Digest`` and ``Content-Digest`` the
same hash in base64 (RFC 3230 and RFC 9530), so a client can check what it received.
"""

from __future__ import annotations

import base64

from django.http import HttpRequest, HttpResponse, HttpResponseNotModified

from content.models import ContentPackVersion
from content.registry import canonical_file


def pack_file_response(request: HttpRequest, row: ContentPackVersion) -> HttpResponse:
    """The canonical file of ``row`` (its document read) as an attachment, or a 304 when
    the client already holds these bytes (``If-None-Match``)."""
    file = canonical_file(row)
    etag = f'"{file.sha256}"'
    digest = base64.b64encode(bytes.fromhex(file.sha256)).decode()
    headers = {
        "ETag": etag,
        "Digest": f"sha-256={digest}",
        "Content-Digest": f"sha-256=:{digest}:",
        "Cache-Control": "public, max-age=31536000, immutable",
    }
    wanted = [t.strip() for t in request.headers.get("If-None-Match", "").split(",")]
    if etag in wanted or "*" in wanted:
        not_modified = HttpResponseNotModified()
        for key, value in headers.items():
            not_modified[key] = value
        return not_modified
    response = HttpResponse(file.content, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{file.name}"'
    for key, value in headers.items():
        response[key] = value
    return response
