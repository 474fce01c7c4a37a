from django.apps import AppConfig


class SimulationsConfig(AppConfig):
    name = "builder.simulations"
    label = "simulations"
    default_auto_field = "django.db.models.BigAutoField"
