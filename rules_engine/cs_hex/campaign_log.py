"""The XP a hex-map game's log proposes ("Развитие персонажа": "За каждое боевое
столкновение персонаж будет получать опыт, зависящий напрямую от его результативности").

Read from the live entries (a roll reversed by a correction counts for nothing): an enemy
plane destroyed by a character's roll (ruling 31), a successful bail out (ruling 32), a
pilot lost at a spin's doom point ("самолет разбивается, пилот погибает", ruling 33), and
at the end XP for the battle for every character who took part and lived (ruling 30).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_engine.campaign import live_entries, log_event, side_of
from rules_engine.catalogue import Catalogue

DEVELOPMENT = "Развитие персонажа"
SPIN_PROCEDURES = ("spin-recovery", "spin-facing")
"""The rolls after which a plane at its doom point takes its pilot with it."""




def _credited(entry: Mapping[str, Any], subject: str, last_hit: Mapping[str, str]) -> str | None:
    """The figure whose roll destroyed ``subject``'s plane: the rammer, the attacker the
    entry names, or for damage the attacker of the last to-hit roll that hit it."""
    roles = entry.get("roles") or {}
    if subject == "attacker":
        return None
    attacker = roles.get("attacker")
    if attacker is None and entry.get("procedure") == "damage":
        target = roles.get(subject)
        attacker = last_hit.get(str(target)) or last_hit.get("")
    return str(attacker) if attacker else None


def proposals(
    catalogue: Catalogue,
    log: Mapping[str, Any],
    figure_map: Mapping[str, str],
    winner_side: str | None,
    settings: Mapping[str, Any],
) -> list[dict[str, Any]]:
    """The events a game's log proposes, in log order, then the battle's XP.

    ``winner_side`` plays no part: the book's table of XP per battle is lost, and the
    setting gives every character who took part the same (ruling 30)."""
    game = str(log["game"]["id"])
    events: list[dict[str, Any]] = []
    perished: set[str] = set()
    last_hit: dict[str, str] = {}
    for entry in live_entries(log):
        seq, procedure = entry.get("seq"), entry.get("procedure")
        roles = entry.get("roles") or {}
        outcome = entry.get("outcome") or {}
        if procedure == "to-hit" and outcome.get("hit") and roles.get("attacker"):
            last_hit[str(roles.get("target", ""))] = str(roles["attacker"])
        if procedure == "bail-out" and outcome.get("bailed_out"):
            key = roles.get("pilot") or roles.get("plane")
            member = figure_map.get(str(key))
            if member and member not in perished:
                events.append(
                    log_event(
                        game,
                        seq,
                        "bail-out",
                        member,
                        settings["xp_per_bail_out"],
                        "bailed out successfully",
                        f"{DEVELOPMENT} (hex-map ruling 32)",
                    )
                )
        for change in entry.get("changes") or []:
            if change.get("field") != "destroyed" or change.get("value") is not True:
                continue
            subject = str(change.get("subject"))
            target = str(roles.get(subject, ""))
            if procedure in SPIN_PROCEDURES and figure_map.get(target) not in (None, *perished):
                member = figure_map[target]
                perished.add(member)
                events.append(
                    log_event(
                        game,
                        seq,
                        "perished",
                        member,
                        0,
                        "the plane reached its doom point in a spin: the pilot perished",
                        "Штопор (Spin)",
                    )
                )
            attacker = _credited(entry, subject, last_hit)
            member = figure_map.get(attacker or "")
            if (
                attacker
                and member
                and member not in perished
                and attacker != target
                and side_of(attacker) != side_of(target)
            ):
                events.append(
                    log_event(
                        game,
                        seq,
                        "plane-destroyed",
                        member,
                        settings["xp_per_plane_destroyed"],
                        f"destroyed the enemy plane {figure_map.get(target, target)} ({procedure})",
                        f"{DEVELOPMENT} (hex-map ruling 31)",
                        target=target,
                    )
                )
    for member in dict.fromkeys(figure_map.values()):
        if member not in perished:
            events.append(
                {
                    **log_event(
                        game,
                        "end",
                        "battle",
                        member,
                        settings["xp_per_battle"],
                        "took part in the battle",
                        f"{DEVELOPMENT}: Опыт за бой (hex-map ruling 30)",
                    ),
                    "entry": None,
                }
            )
    return events
