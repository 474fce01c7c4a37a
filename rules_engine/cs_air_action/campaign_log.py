"""The experience a game's log earns its campaign pilots ("Gaining Experience", "Bailing
Out", "Heroic Acts", "Performing a Daring Feat").

The log (``muster-game-log/1``) names figures by their table keys (``a1``: side a, first
plane); the campaign's figure map says which pilot flew each. Entries a correction reversed
are ignored, and so is every figure the map does not name (an opponent outside the
campaign). Each event's key is made from the game, the entry and the pilot, so reading the
same log again proposes the same keys and applying it twice changes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_engine.campaign import live_entries, log_event, side_of
from rules_engine.catalogue import Catalogue
from rules_engine.cs_air_action.campaign_tables import award, rows
from rules_engine.cs_air_action.procedures_campaign import NO_ACT, NO_FEAT, daring_feats
from rules_engine.errors import BadDocument

GAINING_EXPERIENCE, BAILING_OUT = "Gaining Experience", "Bailing Out"
HEROIC_ACTS, DARING_FEAT = "Heroic Acts", "Performing a Daring Feat"
SHOT_DOWN = "shot down an enemy plane"
BAILED_OUT = "successful bail out"
REMAINED = "remained on the play area and won the game"
REMOVED = ("shot_down", "destroyed", "bailed_out", "perished")
"""Changes that take a figure off the play area (or its pilot out of the plane)."""


def acts(catalogue: Catalogue) -> dict[str, dict[str, Any]]:
    """Heroic acts by slug (``grabbing-one-memento``), as the bail out procedure names them."""
    return {str(r["act"]).lower().replace(" ", "-"): r for r in rows(catalogue, "heroic-acts")}




def proposals(
    catalogue: Catalogue,
    log: Mapping[str, Any],
    figure_map: Mapping[str, str],
    winner_side: str | None,
    settings: Mapping[str, Any],
) -> list[dict[str, Any]]:
    """The events a game's log earns the campaign's pilots, in log order, then the pilots
    of the winning side still on the play area at the end (25 each)."""
    game_doc = log.get("game")
    if not isinstance(game_doc, Mapping) or not isinstance(game_doc.get("id"), str):
        raise BadDocument.at("game.id", "a game log names its game")
    game = game_doc["id"]
    events: list[dict[str, Any]] = []
    removed: set[str] = set()
    for entry in live_entries(log):
        roles = entry.get("roles") or {}
        seq = entry.get("seq")
        procedure = entry.get("procedure")
        found: list[dict[str, Any]] = []
        if procedure == "shot":
            found = _shot(catalogue, game, seq, entry, roles, figure_map)
        elif procedure == "bail-out":
            found = _bail_out(catalogue, game, seq, entry, roles, figure_map)
        elif procedure == "daring-feat":
            found = _daring_feat(catalogue, game, seq, entry, roles, figure_map)
        elif procedure == "collision":
            found = _collision(game, seq, entry, roles, figure_map, settings)
        gone = {e["member"] for e in events if e["kind"] == "perished"}
        events += [e for e in found if e["member"] not in gone]  # "gains nothing more"
        for change in entry.get("changes") or []:
            if change.get("field") in REMOVED and change.get("value") is True:
                figure = roles.get(change.get("subject"))
                if isinstance(figure, str):
                    removed.add(figure)
    if winner_side:
        events += _remained(catalogue, game, figure_map, winner_side, removed, events)
    return events


def _shot(
    catalogue: Catalogue,
    game: str,
    seq: Any,
    entry: Mapping[str, Any],
    roles: Mapping[str, str],
    figure_map: Mapping[str, str],
) -> list[dict[str, Any]]:
    if not (entry.get("outcome") or {}).get("shot_down"):
        return []
    attacker, target = roles.get("attacker"), roles.get("target")
    member = figure_map.get(attacker or "")
    if member is None or not target or side_of(target) == side_of(attacker or ""):
        return []  # "each enemy plane": a friendly plane shot down earns nothing
    return [
        log_event(
            game,
            seq,
            "shot-down",
            member,
            award(catalogue, SHOT_DOWN),
            "Shot down an enemy plane",
            GAINING_EXPERIENCE,
            target=target,
            target_member=figure_map.get(target),
        )
    ]


def _bail_out(
    catalogue: Catalogue,
    game: str,
    seq: Any,
    entry: Mapping[str, Any],
    roles: Mapping[str, str],
    figure_map: Mapping[str, str],
) -> list[dict[str, Any]]:
    member = figure_map.get(roles.get("pilot") or "")
    if member is None:
        return []
    if not (entry.get("outcome") or {}).get("bailed_out"):
        return [
            log_event(
                game,
                seq,
                "perished",
                member,
                0,
                "Perished in a burning wreck: gains no more experience",
                BAILING_OUT,
            )
        ]
    events = [
        log_event(
            game,
            seq,
            "bail-out",
            member,
            award(catalogue, BAILED_OUT),
            "Bailed out successfully",
            GAINING_EXPERIENCE,
        )
    ]
    act = (entry.get("params") or {}).get("heroic_act", NO_ACT)
    row = acts(catalogue).get(act)
    if row is not None:
        events.append(
            log_event(
                game,
                seq,
                "heroic-act",
                member,
                int(row["experience"]),
                f"Heroic act as the pilot bailed out: {row['act']}",
                HEROIC_ACTS,
                act=act,
            )
        )
    return events


def _daring_feat(
    catalogue: Catalogue,
    game: str,
    seq: Any,
    entry: Mapping[str, Any],
    roles: Mapping[str, str],
    figure_map: Mapping[str, str],
) -> list[dict[str, Any]]:
    member = figure_map.get(roles.get("ace") or "")
    feat = (entry.get("params") or {}).get("feat", NO_FEAT)
    row = daring_feats(catalogue).get(feat)
    if member is None or row is None:
        return []
    events = [
        log_event(
            game,
            seq,
            "daring-feat",
            member,
            int(row["experience"]),
            f"Daring feat: {row['feat']}",
            GAINING_EXPERIENCE,
            feat=feat,
        )
    ]
    if row.get("counts_as_shot_down"):
        target = roles.get("target")
        events.append(
            log_event(
                game,
                seq,
                "shot-down",
                member,
                award(catalogue, SHOT_DOWN),
                f"{row['feat']}: the commandeered plane counts as shot down",
                GAINING_EXPERIENCE,
                target=target,
                target_member=figure_map.get(target or ""),
            )
        )
    return events


def _collision(
    game: str,
    seq: Any,
    entry: Mapping[str, Any],
    roles: Mapping[str, str],
    figure_map: Mapping[str, str],
    settings: Mapping[str, Any],
) -> list[dict[str, Any]]:
    experience = int(settings.get("serious_collision_experience") or 0)
    outcome = entry.get("outcome") or {}
    if not experience or not outcome.get("serious"):
        return []
    events = []
    for i, destroyed in enumerate(outcome.get("destroyed") or []):
        member = figure_map.get(roles.get(f"plane_{i + 1}") or "")
        if member is not None and not destroyed:
            events.append(
                log_event(
                    game,
                    seq,
                    "survived-collision",
                    member,
                    experience,
                    "Came through a serious collision",
                    GAINING_EXPERIENCE,
                )
            )
    return events


def _remained(
    catalogue: Catalogue,
    game: str,
    figure_map: Mapping[str, str],
    winner_side: str,
    removed: set[str],
    events: list[dict[str, Any]],
) -> list[dict[str, Any]]:
    perished = {e["member"] for e in events if e["kind"] == "perished"}
    points = award(catalogue, REMAINED)
    return [
        {
            **log_event(
                game,
                "end",
                "remained-and-won",
                member,
                points,
                "Remained on the play area and won the game",
                GAINING_EXPERIENCE,
            ),
            "entry": None,
        }
        for table_key, member in figure_map.items()
        if side_of(table_key) == winner_side.lower()
        and table_key not in removed
        and member not in perished
    ]
