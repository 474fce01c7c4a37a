from django.apps import AppConfig


class PrintingConfig(AppConfig):
    name = "builder.printing"
    label = "printing"
    default_auto_field = "django.db.models.BigAutoField"
