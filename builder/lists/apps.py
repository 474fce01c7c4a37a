from django.apps import AppConfig


class ListsConfig(AppConfig):
    name = "builder.lists"
    label = "lists"
    default_auto_field = "django.db.models.BigAutoField"
