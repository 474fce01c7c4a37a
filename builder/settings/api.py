"""REST API settings: DRF, tokens, throttles, the OpenAPI document and request limits."""

import os

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
}
SPECTACULAR_SETTINGS = {"TITLE": "Muster API", "VERSION": "1.0.0"}

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
