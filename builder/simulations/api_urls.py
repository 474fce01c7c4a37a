"""Routes of this app (filled in by its views)."""

urlpatterns: list = []
