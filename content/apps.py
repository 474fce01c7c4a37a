from django.apps import AppConfig


class ContentConfig(AppConfig):
    name = "content"
    verbose_name = "Catalogue"
    default_auto_field = "django.db.models.BigAutoField"
