"""Placeholder protocol."""

from typing import Protocol


class Prints(Protocol):
    pass
