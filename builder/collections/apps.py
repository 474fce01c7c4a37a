from django.apps import AppConfig


class CollectionsConfig(AppConfig):
    name = "builder.collections"
    label = "collections"
    default_auto_field = "django.db.models.BigAutoField"
