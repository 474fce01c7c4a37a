from django.apps import AppConfig


class PlayConfig(AppConfig):
    name = "builder.play"
    label = "play"
    default_auto_field = "django.db.models.BigAutoField"
