"""A campaign's roster in words, for its page and its printed sheet alike.

The engine's member states speak in ids (``double_ace``, ``natural-touch``, a figure id);
a player reads "Double Ace", "Natural Touch 5" and "Charlie Steele (Fury)". The campaign
page and the PDF both take their rows from ``roster_rows``, so they never disagree.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from builder.engine import Catalogue

KIND_WORDS = {
    "pilot": "Pilot",
    "character": "Character",
    "wingman": "Wingman",
    "gunner": "Turret gunner",
}
"""What each kind of member is called ("Crimson Skies: Air Action Campaign"; the hex-map
book's "Создание персонажа": pilot, wingman, turret gunner)."""


def level_words(level: str | None) -> str:
    """``double_ace`` as a player says it: "Double Ace"."""
    return " ".join(w.capitalize() for w in str(level or "").split("_")) if level else ""


def next_words(state: Mapping[str, Any]) -> str:
    """What the next level needs, "120 more to Ace", or that the pilot is at the top."""
    level = state.get("level_name") or level_words(state.get("level"))
    if state.get("status") == "perished":
        return "Perished: gains no more experience"
    nxt = state.get("next_level_name") or level_words(state.get("next_level"))
    needs = state.get("next_needs")
    if not nxt or needs is None:
        return f"{level} is the top level"
    return f"{needs} more to {nxt}"


def record_name(catalogue: Catalogue, system: str, type_: str, id_: str | None) -> str:
    """A record by its catalogue name, or by its id when the catalogue lacks it."""
    if not id_:
        return ""
    record = catalogue.get(system, type_, id_)
    return record.name if record is not None else id_


def levels_words(catalogue: Catalogue, system: str, levels: Mapping[str, Any] | None) -> str:
    """A character's characteristics above 0, "Natural Touch 5, Accuracy 3", by name."""
    return ", ".join(
        f"{record_name(catalogue, system, 'ability', ability)} {level}"
        for ability, level in (levels or {}).items()
        if level
    )


def add_ons_words(catalogue: Catalogue, system: str, add_ons: Mapping[str, Any] | None) -> str:
    """A character's add-ons, "Wingman ×2, Charisma", by name."""
    return ", ".join(
        record_name(catalogue, system, "ability", a) + (f" ×{n}" if n and n > 1 else "")
        for a, n in (add_ons or {}).items()
        if n
    )


def roster_row(catalogue: Catalogue, system: str, state: Mapping[str, Any]) -> dict[str, Any]:
    """One member as the roster shows it: everything in words, numbers as numbers. A
    member with XP to spend (a hex-map character) reads by its characteristics; a pilot by
    its level and what the next one needs."""
    xp = "xp_unspent" in state
    offers = [str(f) for f in state.get("offers") or []]
    return {
        "key": state["key"],
        "name": state["name"],
        "kind": KIND_WORDS.get(str(state.get("kind")), str(state.get("kind", ""))),
        "player": state.get("player") or "",
        "status": "Perished" if state.get("status") == "perished" else "Active",
        "perished": state.get("status") == "perished",
        "experience": int(state.get("experience") or 0),
        "level": state.get("level_name") or level_words(state.get("level")),
        "next": "" if xp else next_words(state),
        "figure": record_name(catalogue, system, "figure", state.get("figure")),
        "offers": [(f, record_name(catalogue, system, "figure", f)) for f in offers],
        "offer_note": state.get("offer_note") or "",
        "xp": xp,
        "xp_unspent": int(state.get("xp_unspent") or 0),
        "spent": int(state.get("spent") or 0),
        "levels": levels_words(catalogue, system, state.get("levels")),
        "add_ons": add_ons_words(catalogue, system, state.get("add_ons")),
    }


def roster_rows(
    catalogue: Catalogue, system: str, states: Sequence[Mapping[str, Any]]
) -> list[dict[str, Any]]:
    """The roster's rows, in the roster's order."""
    return [roster_row(catalogue, system, s) for s in states]


def campaign_sheet(
    catalogue: Catalogue,
    *,
    name: str,
    system: str,
    system_title: str,
    roster: Sequence[Mapping[str, Any]],
    lost: Sequence[Mapping[str, Any]],
    games: Sequence[str],
    settings: Sequence[tuple[str, str]],
    link: str | None = None,
) -> dict[str, Any]:
    """The printed campaign roster's values (``print/campaign.html``): the living pilots,
    the lost, the games played and the settings in force, with a link to the roster."""
    rows = roster_rows(catalogue, system, roster)
    gone = roster_rows(catalogue, system, lost)
    return {
        "template": "campaign",
        "name": name,
        "system": system_title,
        "xp": any(r["xp"] for r in [*rows, *gone]),
        "rows": rows,
        "lost": gone,
        "games": list(games),
        "settings": [(str(k), str(v)) for k, v in settings],
        "link": link or "",
    }
