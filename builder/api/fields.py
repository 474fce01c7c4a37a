"""Input fields that take text only as text.

DRF's ``CharField`` turns ``0`` or ``1.5`` into ``"0"`` and ``"1.5"``, so ``"notes": 0``
would be saved as a note; the document says ``string``, and a client that sends a number
has a bug it should hear about. Every input serializer declares its text with these.
"""

from __future__ import annotations

from typing import Any, ClassVar

from django_stubs_ext import StrOrPromise
from rest_framework import serializers


class _TextOnly(serializers.Field[Any, Any, Any, Any]):
    default_error_messages: ClassVar[dict[str, StrOrPromise]] = {
        "not_text": "Must be a string, not {kind}."
    }

    def to_internal_value(self, data: Any) -> Any:
        if not isinstance(data, str):
            self.fail("not_text", kind=_kind(data))
        return super().to_internal_value(data)


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return "another kind of value"


class CharField(_TextOnly, serializers.CharField):
    pass


class EmailField(_TextOnly, serializers.EmailField):
    pass


class RegexField(_TextOnly, serializers.RegexField):
    pass


class SlugField(_TextOnly, serializers.SlugField):
    pass


class ChoiceField(_TextOnly, serializers.ChoiceField):
    """Choices that are strings, given as strings (``0`` is not ``"0"``)."""
