"""Placeholder protocol."""

from typing import Protocol


class Collection(Protocol):
    pass
