"""REST API settings: DRF, tokens, throttles, the OpenAPI document and request limits."""

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
}
SPECTACULAR_SETTINGS = {"TITLE": "Muster API", "VERSION": "1.0.0"}

# --- Players' data: saved lists, collections, accounts and tokens -------------------------
# Entries one saved list may hold; a longer list is refused with a 400 naming this limit.
MUSTER_LIST_MAX_ENTRIES = 200
