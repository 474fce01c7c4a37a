"""What the pages say about each game system: its name, what lists it builds, a blurb."""

from __future__ import annotations

from dataclasses import dataclass

from django.http import Http404

from content.systems import SYSTEMS


@dataclass(frozen=True)
class SystemInfo:
    slug: str
    name: str
    blurb: str
    kinds: tuple[tuple[str, str], ...]
    """(list kind, what a player calls it), in the order the builder offers them."""


BLURBS = {
    "cs-air-action": "Clix planes with combat and speed dials, flown with navigation cards.",
    "cs-aces": "Clix characters: Aces and character tokens fighting on a square grid.",
    "crimson-dust": "Points-based warbands of archetypes bought at green, regular or veteran.",
    "black-skies": "Star fighters designed from weights, thrusters, weapons and armour.",
    "cs-hex": "Aircraft built from mass tables and flown on a hex map.",
}
KINDS = {
    "cs-air-action": (("squadron", "Squadron"),),
    "cs-aces": (("team", "Team"),),
    "crimson-dust": (("warband", "Warband"),),
    "black-skies": (("fighter", "Fighter design"), ("squadron", "Squadron")),
    "cs-hex": (("plane", "Plane design"),),
}

SYSTEM_INFO: dict[str, SystemInfo] = {
    slug: SystemInfo(slug, name, BLURBS[slug], KINDS[slug])
    for slug, (name, _seed) in SYSTEMS.items()
}


def system_info(slug: str) -> SystemInfo:
    """The system named by a URL, or a 404 naming the known ones."""
    try:
        return SYSTEM_INFO[slug]
    except KeyError:
        raise Http404(f"No game system {slug!r}") from None


def kind_label(slug: str, kind: str) -> str:
    """What a player calls a list kind; a 404 when the system does not build it."""
    for key, label in system_info(slug).kinds:
        if key == kind:
            return label
    raise Http404(f"{slug} has no list kind {kind!r}")
