from django.apps import AppConfig


class WebConfig(AppConfig):
    name = "builder.web"
    label = "web"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """The print workers render a campaign's roster as they render a list's sheets."""
        from builder.printing.models import PrintJob
        from builder.printing.services import print_job_kind_register
        from builder.web.campaign_print import campaign_job_work

        print_job_kind_register(PrintJob.Kind.CAMPAIGN, campaign_job_work)
