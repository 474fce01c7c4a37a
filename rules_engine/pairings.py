"""Per-pairing setup kept between simulations of the same two lists.

Reading two lists against the catalogue and building a fight's tables costs more than
playing a 1,000-run block of it, and a page, an API call or the blocks of a job ask for the
same pairing again and again. A system keeps what it prepared in a ``Pairings`` cache, keyed
by the catalogue's pack checksums and the canonical JSON of both lists and the scenario, so
the same content gives the same fights (and the same report for a seed) however it was
loaded. The cache is small and least-recently-used first out: a worker holds a few pairings,
not every one it was ever asked for.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping
from typing import Any, Generic, TypeVar

from rules_engine.catalogue import Catalogue

T = TypeVar("T")

MAX_PAIRINGS = 8


def pairing_key(
    catalogue: Catalogue,
    list_a: Mapping[str, Any],
    list_b: Mapping[str, Any],
    scenario: Mapping[str, Any],
) -> tuple[Hashable, ...] | None:
    """What a prepared pairing depends on: the packs' checksums and both lists and the
    scenario as canonical JSON (sorted keys); ``None`` when a document is not plain JSON,
    which is then prepared afresh."""
    try:
        texts = tuple(
            json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                       allow_nan=False)
            for doc in (list_a, list_b, scenario)
        )
    except (TypeError, ValueError):
        return None
    return (tuple(p.checksum for p in catalogue.packs), *texts)


class Pairings(Generic[T]):
    """A bounded least-recently-used cache of prepared pairings (safe across threads)."""

    def __init__(self, size: int = MAX_PAIRINGS) -> None:
        self.size = size
        self._kept: OrderedDict[Hashable, T] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable | None, build: Callable[[], T]) -> T:
        """The pairing kept under ``key``, else ``build()`` kept there (a build that
        raises keeps nothing; ``key`` None keeps nothing)."""
        if key is None:
            return build()
        with self._lock:
            if key in self._kept:
                self._kept.move_to_end(key)
                return self._kept[key]
        value = build()
        with self._lock:
            self._kept[key] = value
            self._kept.move_to_end(key)
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)
        return value

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()

    def __len__(self) -> int:
        return len(self._kept)
