"""Aces and character tokens as the engine plays them, read from catalogue records."""

from __future__ import annotations

from dataclasses import dataclass

from rules_engine.catalogue import Catalogue, Record
from rules_engine.clix.dial import Dial, combat_dial_of
from rules_engine.errors import BadDocument

# The system whose packs hold the Aces and character tokens (Air Action Aces fly from there).
ACES_SYSTEM = "cs-aces"
CHARACTER_KINDS = ("ace", "character_token")


@dataclass(frozen=True)
class Character:
    """An Ace or a character token: its base values and (for play) its combat dial."""

    id: str
    name: str
    kind: str
    points: int
    range: int
    targets: int
    dial: Dial | None

    @property
    def is_ace(self) -> bool:
        return self.kind == "ace"


def character_from_record(catalogue: Catalogue, record: Record, path: str = "$") -> Character:
    """A ``Character`` from an Aces figure record; its dial is looked up when it has one.

    Raises:
        BadDocument: the record is not an Ace or character token, or names a dial the
            catalogue does not hold (``path`` says which list entry asked for it).
    """
    data = record.data
    if data["kind"] not in CHARACTER_KINDS:
        raise BadDocument.at(path, f"{record.name} is a {data['kind']}, not an Aces character")
    dial = combat_dial_of(catalogue, record, path)
    base = data["base"]
    return Character(
        id=record.id,
        name=record.name,
        kind=data["kind"],
        points=int(data["point_value"]),
        range=int(base.get("range", 0)),
        targets=int(base.get("targets", 0)),
        dial=dial,
    )


def playable(character: Character, path: str) -> Dial:
    """The dial a fight needs; a character without one cannot be simulated."""
    if character.dial is None:
        raise BadDocument.at(path, f"{character.name} has no combat dial in the catalogue")
    return character.dial
