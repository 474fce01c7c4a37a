"""REST API settings: DRF, tokens, throttles, the OpenAPI document and request limits.

Every endpoint needs a signed-in user (a knox token or the site's session) unless its view
says it is public. Throttles count in the ``throttle`` cache: local memory by default,
Redis when ``CACHE_URL`` (or ``REDIS_URL``) is set, as in production where several
processes must share the counts.
"""

import os
from typing import Any

import environ

_env = environ.Env()

REST_FRAMEWORK: dict[str, Any] = {
    "DEFAULT_SCHEMA_CLASS": "builder.api.schema.AutoSchema",
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "knox.auth.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_PARSER_CLASSES": ["builder.api.limits.LimitedJSONParser"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_THROTTLE_CLASSES": [
        "builder.api.throttles.AnonThrottle",
        "builder.api.throttles.UserThrottle",
    ],
    "DEFAULT_THROTTLE_RATES": {
        "anon": _env("API_THROTTLE_ANON", default="600/minute"),
        "user": _env("API_THROTTLE_USER", default="3000/minute"),
    },
    "EXCEPTION_HANDLER": "builder.api.errors.api_exception_handler",
    "DEFAULT_PAGINATION_CLASS": "builder.api.pagination.PagePagination",
    "PAGE_SIZE": 50,
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
}

_CACHE_URL = _env("CACHE_URL", default=_env("REDIS_URL", default=""))
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    "throttle": (
        _env.cache_url_config(_CACHE_URL)
        if _CACHE_URL
        else {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "api-throttle",
        }
    ),
}

API_MAX_BODY_BYTES = _env.int("API_MAX_BODY_BYTES", default=1_048_576)
"""Largest JSON body accepted (413 above it); a 500-model backup is far smaller."""

SPECTACULAR_SETTINGS = {
    "TITLE": "Muster API",
    "DESCRIPTION": (
        "The catalogue of five miniature wargames, and the rules engine that checks, prices "
        "and simulates lists. Catalogue reads are public; everything else needs a token "
        "(`Authorization: Token <key>`). Every error has one shape: see `Error`."
    ),
    "VERSION": "1.0.0",
    "SCHEMA_PATH_PREFIX": r"/api/v1",
    "SERVE_INCLUDE_SCHEMA": False,
    "SERVE_PERMISSIONS": ["rest_framework.permissions.AllowAny"],
    "SERVE_AUTHENTICATION": [],
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    "ENUM_NAME_OVERRIDES": {},
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "builder.api.schema.add_error_responses",
    ],
}

# --- Players' data: saved lists, collections, accounts and tokens -------------------------
# Entries one saved list may hold; a longer list is refused with a 400 naming this limit.
MUSTER_LIST_MAX_ENTRIES = 200
MUSTER_MAX_API_TOKENS = 20
# Personal tokens (django-rest-knox): hashed, prefixed so leaked ones are easy to spot, no
# expiry unless the owner sets one when creating the token.
KNOX_TOKEN_MODEL = "knox.AuthToken"
REST_KNOX = {"TOKEN_TTL": None, "TOKEN_PREFIX": "mst_", "AUTO_REFRESH": False}
REST_FRAMEWORK.setdefault("DEFAULT_THROTTLE_RATES", {}).update(
    {
        "accounts-auth": "10/minute",
        "accounts-tokens": "30/minute",
        "lists-import": "20/minute",
    }
)
# Password-reset mail is printed to the console unless a real backend is configured.
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "muster@localhost")
