from django.apps import AppConfig


class CampaignsConfig(AppConfig):
    name = "builder.campaigns"
    label = "campaigns"
    default_auto_field = "django.db.models.BigAutoField"
