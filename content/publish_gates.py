"""Checks a pack must pass before a new version of it is published.

``content`` sits below ``builder`` and may not import it, yet publishing must run what the
builder keeps about a pack (its known-good lists). So the builder registers gates here when
it starts, and publishing (the admin's Publish button and ``dumppack`` alike, through
``pack_dump``) runs every gate inside the catalogue's write lock, on the very document it is
about to store: a result accepted against one candidate cannot let another one through.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from content.engine import DocumentError
from content.models import ContentPack


@dataclass(frozen=True)
class GateFinding:
    """What one guarded item (a known-good list) gives on the candidate, in words.

    ``changes`` lists what differs from what is expected (``Points 46 → 50``); empty when the
    item is kept. ``problems`` are the rules it now breaks that it did not before.
    ``accept_url`` is where the maintainer accepts the new result (POST), empty when it
    cannot be accepted (the list cannot be read against the candidate).
    """

    kind: str
    name: str
    note: str
    expected: str
    got: str
    changes: tuple[str, ...]
    problems: tuple[str, ...]
    edit_url: str
    accept_url: str
    key: str

    @property
    def changed(self) -> bool:
        return bool(self.changes)

    def refusal(self) -> DocumentError:
        """The finding as a reason publishing is refused, for ``PackLoadError``."""
        said = "; ".join(self.changes)
        if self.problems:
            said += f"; now breaks: {'; '.join(self.problems)}"
        return DocumentError(
            f"{self.kind} {self.name!r}",
            f"{said}. Accept the new result or edit the list in the admin before publishing.",
        )


Gate = Callable[[ContentPack, dict[str, Any]], Sequence[GateFinding]]
"""Takes the pack and its candidate document (the next version, not stored yet)."""

_GATES: list[Gate] = []


def register(gate: Gate) -> None:
    """Add a gate; registering the same one again changes nothing (apps may be readied twice
    in tests)."""
    if gate not in _GATES:
        _GATES.append(gate)


def gate_findings(pack: ContentPack, candidate: dict[str, Any]) -> list[GateFinding]:
    """What every gate finds on ``candidate``, kept and changed alike (the Publish page)."""
    return [finding for gate in _GATES for finding in gate(pack, candidate)]


def refusals(pack: ContentPack, candidate: dict[str, Any]) -> list[DocumentError]:
    """Why ``candidate`` may not be published yet: one reason per changed finding."""
    return [f.refusal() for f in gate_findings(pack, candidate) if f.changed]
