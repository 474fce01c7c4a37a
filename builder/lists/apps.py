from typing import Any

from django.apps import AppConfig


def _known_good_gate(pack: Any, candidate: dict[str, Any]) -> Any:
    """The known-good gate, its module (the engine, the catalogues) imported when a pack
    is published rather than when Django starts."""
    from builder.lists.known_good import known_good_gate

    return known_good_gate(pack, candidate)


class ListsConfig(AppConfig):
    name = "builder.lists"
    label = "lists"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """Publishing a pack runs its known-good lists (``content`` cannot import us)."""
        from content import publish_gates

        publish_gates.register(_known_good_gate)
