"""REST API settings: DRF, tokens, throttles, the OpenAPI document and request limits."""

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
}
SPECTACULAR_SETTINGS = {"TITLE": "Muster API", "VERSION": "1.0.0"}
