"""Conditional GET for public reads: ``ETag`` and ``Last-Modified``, answering 304.

The ETag is a hash of the answer itself, so it changes whenever the data does (an admin
edit included); ``Last-Modified`` is when the packs behind the answer were loaded or last
had a record edited. A client
sending ``If-None-Match`` is always right; ``If-Modified-Since`` alone is honoured too.
"""

from __future__ import annotations

import hashlib
import json
from datetime import datetime
from typing import Any

from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpResponse
from django.utils.cache import get_conditional_response
from django.utils.http import http_date
from rest_framework.request import Request
from rest_framework.response import Response


def etag_of(data: Any) -> str:
    text = json.dumps(data, sort_keys=True, cls=DjangoJSONEncoder, separators=(",", ":"))
    return '"' + hashlib.sha256(text.encode()).hexdigest()[:40] + '"'


def conditional(
    request: Request,
    data: Any,
    *,
    last_modified: datetime | None = None,
    private: bool = False,
    immutable: bool = False,
) -> Response | HttpResponse:
    """``data`` as a 200 with validators, or a bodiless 304 when the client's copy is current."""
    etag = etag_of(data)
    stamp = int(last_modified.timestamp()) if last_modified else None
    headers = {"ETag": etag}
    if stamp is not None:
        headers["Last-Modified"] = http_date(stamp)
    headers["Cache-Control"] = (
        "private, no-cache"
        if private
        else "public, max-age=31536000, immutable"
        if immutable
        else "public, no-cache"
    )
    headers["Vary"] = "Accept, Authorization, Cookie"
    not_modified = get_conditional_response(request._request, etag=etag, last_modified=stamp)
    if not_modified is not None and not_modified.status_code == 304:
        for key, value in headers.items():
            not_modified[key] = value
        return not_modified
    return Response(data, headers=headers)
