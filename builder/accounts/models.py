"""Personal API tokens: a name the owner chose, over a hashed knox token."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class ApiToken(models.Model):
    """A personal API token. The secret is stored only as knox's SHA-512 digest; this row
    adds what knox has no field for: the owner's name for it, shown when listing tokens."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    name = models.CharField(max_length=100)
    auth_token = models.OneToOneField(
        settings.KNOX_TOKEN_MODEL, on_delete=models.CASCADE, related_name="named_token"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return self.name
