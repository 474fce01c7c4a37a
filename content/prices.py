"""What counts as a price in a record: the one definition the pack versioning rule, the
diff of two versions and a saved list's upgrade preview all use.

A price is what a list pays for a record or one of its options: every value at or under a
key named in ``PRICE_KEYS``, wherever it sits in the record's data. Crimson Dust prints its
costs per quality (``costs.green.pts``, ``costs.veteran.not_available``), so everything under
``costs`` is a price too, a cost the book does not give or marks unavailable included.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

PRICE_KEYS = frozenset({"point_value", "points", "pts", "cost", "costs", "price"})
"""Keys whose value (every leaf under it) is a price."""


def price_leaves(
    data: Any, path: str = "$.data", priced: bool = False
) -> Iterator[tuple[str, Any]]:
    """Every value under a price-like key of a record's data, by JSON path."""
    if isinstance(data, Mapping):
        for key, value in data.items():
            yield from price_leaves(value, f"{path}.{key}", priced or key in PRICE_KEYS)
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from price_leaves(value, f"{path}[{i}]", priced)
    elif priced:
        yield path, data


def holds_price(data: Any) -> bool:
    """Whether ``data`` has a price anywhere inside it (a key of ``PRICE_KEYS``)."""
    if isinstance(data, Mapping):
        return any(key in PRICE_KEYS or holds_price(value) for key, value in data.items())
    if isinstance(data, list):
        return any(holds_price(value) for value in data)
    return False
