"""Placeholder until this facet moves here."""

from typing import Any

COLLECTION: Any = None
