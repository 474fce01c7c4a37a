from django.apps import AppConfig


class WebConfig(AppConfig):
    name = "builder.web"
    label = "web"
    default_auto_field = "django.db.models.BigAutoField"
