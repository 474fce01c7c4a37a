"""The backup file's format: Django's JSON, with times kept to the microsecond.

Django's own JSON keeps milliseconds, so a restored database would not back up to the same
file (a time at 12:00:00.000400 is written ``12:00:00.000`` and restored as ``12:00:00``).
Registered as ``backup-json`` (``SERIALIZATION_MODULES``); ``restore`` reads it as plain JSON.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.core.serializers.json import Deserializer, DjangoJSONEncoder
from django.core.serializers.json import Serializer as JSONSerializer


class ExactTimeEncoder(DjangoJSONEncoder):
    def default(self, o: Any) -> Any:
        if isinstance(o, datetime.datetime):
            text = o.isoformat()
            return text.removesuffix("+00:00") + "Z" if text.endswith("+00:00") else text
        if isinstance(o, datetime.time):
            return o.isoformat()
        return super().default(o)


class Serializer(JSONSerializer):
    def _init_options(self) -> None:
        # Django's JSON serializer sets its json.dumps arguments here; django-stubs omits it.
        super()._init_options()  # type: ignore[misc]
        self.json_kwargs["cls"] = ExactTimeEncoder


__all__ = ["Deserializer", "Serializer"]
