"""Placeholder protocol."""

from typing import Protocol


class Page(Protocol):
    pass
