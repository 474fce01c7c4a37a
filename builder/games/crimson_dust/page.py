"""Placeholder until this facet moves here."""

from typing import Any

PAGE: Any = None
