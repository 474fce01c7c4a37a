"""One error type for the players' apps; the API maps it (and Django's and the engine's) to
a single 4xx shape: ``{"code", "message", "details": [{"path", "field", "message"}]}``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class ApplicationError(Exception):
    """A request that cannot be honoured: a stable code, a player's message, and details."""

    code: str
    message: str
    details: list[dict[str, Any]] = field(default_factory=list)
    status: int = 400

    def __str__(self) -> str:
        return self.message
