"""Air Action plane figures as the engine plays them, read from catalogue records."""

from __future__ import annotations

from dataclasses import dataclass

from rules_engine.catalogue import Catalogue, Record
from rules_engine.clix.characters import Character, character_from_record
from rules_engine.clix.dial import Dial, combat_dial_of
from rules_engine.errors import BadDocument

SYSTEM = "cs-air-action"


@dataclass(frozen=True)
class Plane:
    """A plane figure: pilot and plane, base values and combat dial ("Pilot and Plane")."""

    id: str
    name: str
    pilot: str
    plane_model: str
    points: int
    silhouette: int
    front_range: int
    rear_range: int
    dial: Dial | None
    ace_ref: str | None
    ace_cards: tuple[str, ...]


@dataclass(frozen=True)
class Flight:
    """A plane as a squadron flies it: optionally piloted by its Aces figure, whose attack
    and fate values are the only ones used ("Using Crimson Skies: Aces Characters...")."""

    plane: Plane
    ace: Character | None = None

    @property
    def points(self) -> int:
        return self.plane.points + (self.ace.points if self.ace else 0)

    @property
    def name(self) -> str:
        return self.plane.name


def plane_from_record(catalogue: Catalogue, record: Record, path: str = "$") -> Plane:
    """A ``Plane`` from a plane figure record, with its combat dial when the catalogue has it."""
    data = record.data
    if data["kind"] != "plane":
        raise BadDocument.at(path, f"{record.name} is not a plane")
    dial = combat_dial_of(catalogue, record, path)
    base = data["base"]
    return Plane(
        id=record.id,
        name=record.name,
        pilot=data["pilot"],
        plane_model=data["plane_model"],
        points=int(data["point_value"]),
        silhouette=int(base["silhouette"]),
        front_range=int(base["front_range"]),
        rear_range=int(base["rear_range"]),
        dial=dial,
        ace_ref=data.get("ace"),
        ace_cards=tuple(data.get("ace_cards", ())),
    )


def ace_from_ref(catalogue: Catalogue, ref: str, path: str) -> Character | None:
    """The Aces figure named by ``cs-aces/<id>``, or None when the catalogue lacks it."""
    record = catalogue.resolve(ref, "figure", "cs-aces")
    if record is None or record.data.get("kind") != "ace":
        return None
    return character_from_record(catalogue, record, path)


def playable(plane: Plane, path: str) -> Dial:
    """The dial a fight needs; a plane without one cannot be simulated."""
    if plane.dial is None:
        raise BadDocument.at(path, f"{plane.name} has no combat dial in the catalogue")
    return plane.dial
