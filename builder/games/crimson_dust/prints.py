"""Placeholder until this facet moves here."""

from typing import Any

PRINTS: Any = None
