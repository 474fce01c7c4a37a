from django.apps import AppConfig


class ListsConfig(AppConfig):
    name = "builder.lists"
    label = "lists"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """Publishing a pack runs its known-good lists (``content`` cannot import us)."""
        from builder.lists.known_good import known_good_gate
        from content import publish_gates

        publish_gates.register(known_good_gate)
