"""The OpenAPI document: the one error shape as a component, on every operation.

Views declare their success bodies and examples; this hook adds the error answers every
endpoint can give (``400``, ``401``/``403`` where a token is needed, ``404``, ``413``,
``429`` and a ``default``), all pointing at the ``Error`` component.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.openapi import AutoSchema as SpectacularAutoSchema
from drf_spectacular.utils import Direction, OpenApiExample
from rest_framework import serializers

from builder.core.errors import ErrorCode


class ErrorDetailSerializer(serializers.Serializer[Any]):
    path = serializers.CharField(help_text="JSON path into the body, or the parameter's name.")
    field = serializers.CharField(help_text="The last name on the path, for forms.")
    message = serializers.CharField()


class ErrorSerializer(serializers.Serializer[Any]):
    code = serializers.CharField(help_text="Stable: other apps switch on it.")
    message = serializers.CharField(help_text="For a person to read.")
    details = ErrorDetailSerializer(many=True)


ERROR_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "Every error answer: a stable code, a message and where the problem is.",
    "properties": {
        "code": {"type": "string", "description": "Stable: other apps switch on it."},
        "message": {"type": "string", "description": "For a person to read."},
        "details": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "path": {
                        "type": "string",
                        "description": "JSON path into the body, or the parameter's name.",
                    },
                    "field": {"type": "string", "description": "The last name on the path."},
                    "message": {"type": "string"},
                },
                "required": ["path", "field", "message"],
            },
        },
    },
    "required": ["code", "message", "details"],
}

ERROR_EXAMPLES: dict[str, dict[str, Any]] = {
    "400": {
        "code": ErrorCode.BAD_DOCUMENT.value,
        "message": "$.entries[0].archetype: 'medio-x' is not an archetype of crimson-dust",
        "details": [
            {
                "path": "$.entries[0].archetype",
                "field": "archetype",
                "message": "'medio-x' is not an archetype of crimson-dust",
            }
        ],
    },
    "401": {
        "code": ErrorCode.NOT_AUTHENTICATED.value,
        "message": "Authentication credentials were not provided.",
        "details": [],
    },
    "403": {
        "code": ErrorCode.PERMISSION_DENIED.value,
        "message": "You may not do this.",
        "details": [],
    },
    "404": {
        "code": ErrorCode.NOT_FOUND.value,
        "message": "Nothing here: no such resource, or it is not yours.",
        "details": [],
    },
    "413": {
        "code": ErrorCode.REQUEST_TOO_LARGE.value,
        "message": "The request body is larger than the limit of 1048576 bytes.",
        "details": [{"path": "$", "field": "", "message": "limit: 1048576 bytes"}],
    },
    "429": {
        "code": ErrorCode.THROTTLED.value,
        "message": "Too many requests: try again in 12 seconds.",
        "details": [],
    },
}

_DESCRIPTIONS = {
    "400": "Bad input: every problem with its JSON path.",
    "401": "No valid token or session.",
    "403": "Signed in, but not allowed.",
    "404": "No such resource, or it is not yours.",
    "413": "The body is larger than the limit.",
    "429": "Throttled; see the Retry-After header.",
    "default": "Any other error, in the same shape.",
}


def _error_response(status: str) -> dict[str, Any]:
    content: dict[str, Any] = {"schema": {"$ref": "#/components/schemas/Error"}}
    if status in ERROR_EXAMPLES:
        content["examples"] = {status: {"value": ERROR_EXAMPLES[status]}}
    response: dict[str, Any] = {
        "description": _DESCRIPTIONS[status],
        "content": {"application/json": content},
    }
    if status == "429":
        response["headers"] = {
            "Retry-After": {"schema": {"type": "integer"}, "description": "Seconds to wait."}
        }
    return response


def add_error_responses(result: dict[str, Any], generator: Any, **kwargs: Any) -> dict[str, Any]:
    """drf-spectacular post-processing hook: the ``Error`` component on every operation."""
    result.setdefault("components", {}).setdefault("schemas", {})["Error"] = ERROR_SCHEMA
    for operations in result.get("paths", {}).values():
        for method, operation in operations.items():
            if not isinstance(operation, dict) or "responses" not in operation:
                continue
            statuses = ["400", "404", "429", "default"]
            security = operation.get("security", [])
            if security and {} not in security:
                statuses += ["401", "403"]
            if method in ("post", "put", "patch"):
                statuses.append("413")
            for status in statuses:
                operation["responses"].setdefault(status, _error_response(status))
            for status, response in operation["responses"].items():
                # An error declared without a body still answers in the one shape.
                if status.startswith(("4", "5")) and "content" not in response:
                    response["content"] = _error_response("default")["content"]
    return result


def example(name: str, value: Any, *, request: bool = False, status: int = 200) -> OpenApiExample:
    """A named example for a request body or a response."""
    return OpenApiExample(
        name,
        value=value,
        request_only=request,
        response_only=not request,
        status_codes=[str(status)] if not request else None,
    )


class AutoSchema(SpectacularAutoSchema):
    """Names nested ``InputSerializer``/``OutputSerializer`` classes after their view.

    Views keep their serializers inside them (``LoginApi.InputSerializer``); without this,
    every view's ``InputSerializer`` would claim the one component name ``Input``.
    """

    def get_serializer_name(self, serializer: Any, direction: Direction) -> str:
        name = super().get_serializer_name(serializer, direction)
        qualname = type(serializer).__qualname__
        if "." in qualname and "<locals>" not in qualname:
            outer = qualname.split(".")[0].removesuffix("Api").removesuffix("View")
            return f"{outer}{name}"
        return str(name)
