"""Campaign rolls ("Bailing Out", "Heroic Acts", "Gaining Experience", "Performing a Daring
Feat"), resolved from their dice.

Bail out modifiers add to the roll and heroic acts add to the value
(docs/rulings/cs-air-action.md, 1); the roll modifiers come from the pack's
experience-levels table, whose printed original is lost (a Rookie adds 0, ruling 2).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules_engine.catalogue import Catalogue
from rules_engine.cs_air_action.bail_out import ROOKIE, experience_levels, roll_modifier
from rules_engine.cs_air_action.planes import SYSTEM
from rules_engine.cs_air_action.procedures_damage import faces_words
from rules_engine.errors import BadDocument
from rules_engine.odds_query import Param, integer, one_of, text
from rules_engine.procedures import Change, Dice, Resolution, Step

BAILING_OUT, HEROIC_ACTS = "Bailing Out", "Heroic Acts"
GAINING_EXPERIENCE, DARING_FEAT = "Gaining Experience", "Performing a Daring Feat"
NO_ACT = "none"
NO_FEAT = "none"


def _table(catalogue: Catalogue, table: str) -> list[dict[str, Any]]:
    record = catalogue.get(SYSTEM, "table", table)
    if record is None:
        raise BadDocument.at(f"table {table}", "is not in the catalogue")
    columns = record.data["columns"]
    return [dict(zip(columns, row, strict=True)) for row in record.data["rows"]]


def _acts(catalogue: Catalogue) -> dict[str, dict[str, Any]]:
    """Heroic acts by slug (``grabbing-one-memento``), as ``bail_out.heroic_acts`` names them."""
    return {str(r["act"]).lower().replace(" ", "-"): r for r in _table(catalogue, "heroic-acts")}


def _bail_out_experience(catalogue: Catalogue) -> int:
    rows = _table(catalogue, "experience-awards")
    return next(int(r["experience"]) for r in rows if r["award"] == "successful bail out")


BAIL_OUT_PARAMS: tuple[Param, ...] = (
    integer(
        "bail_out_value",
        7,
        0,
        20,
        "the bail out value of the three-bullet-hole click showing once every hit is assigned",
    ),
    text("level", ROOKIE, "the pilot's experience level (an experience-levels row)"),
    text(
        "heroic_act",
        NO_ACT,
        "a heroic act chosen before the roll (a heroic-acts row, e.g. grabbing-one-memento)",
    ),
    integer(
        "rookie_bail_out_modifier",
        None,
        -3,
        3,
        "a Rookie's roll modifier (setting; null keeps the table's)",
    ),
)


def run_bail_out(
    catalogue: Catalogue, params: Mapping[str, Any], rolls: Sequence[Sequence[int]]
) -> Resolution:
    """2d6 + the level's modifier against the bail out value + the heroic act's."""
    level = one_of("level", params["level"], experience_levels(catalogue))
    acts = _acts(catalogue)
    act = one_of("heroic_act", params["heroic_act"], (NO_ACT, *acts))
    faces = rolls[0]
    roll_mod = roll_modifier(catalogue, level, params["rookie_bail_out_modifier"])
    value = params["bail_out_value"]
    steps: list[Step] = []
    act_row = acts.get(act)
    need = value
    if act_row is not None:
        need += int(act_row["bail_out_value_modifier"])
        steps.append(
            Step(
                f"Before the roll the pilot performs a heroic act, {act_row['act']}: add "
                f"{act_row['bail_out_value_modifier']} to the bail out value, {value} becomes "
                f"{need}.",
                HEROIC_ACTS,
            )
        )
    total = sum(faces) + roll_mod
    mod_text = f", {roll_mod:+d} for a {level.replace('_', ' ')} pilot" if roll_mod else ""
    if level == ROOKIE and params["rookie_bail_out_modifier"] is None:
        mod_text += " (the book lists modifiers from Veteran up; a Rookie adds none)"
    passed = total >= need
    steps.append(
        Step(
            f"Roll 2d6 to bail out: {faces_words(faces)}{mod_text}, {total} against bail out "
            f"value {need}: "
            + (
                "the pilot bails out and survives the battle."
                if passed
                else "the pilot perishes in a burning wreck; the pilot gains no more experience."
            ),
            BAILING_OUT,
        )
    )
    changes: list[Change] = []
    experience = 0
    if passed:
        experience = _bail_out_experience(catalogue)
        steps.append(
            Step(f"A successful bail out earns {experience} experience points.", GAINING_EXPERIENCE)
        )
        if act_row is not None:
            experience += int(act_row["experience"])
            steps.append(
                Step(
                    f"{act_row['act']} succeeded too: {act_row['experience']} experience points "
                    "more.",
                    HEROIC_ACTS,
                )
            )
        changes.append(Change("pilot", "bailed_out", value=True, text="bailed out"))
        changes.append(Change("pilot", "experience", delta=experience, text="bail out"))
    else:
        changes.append(Change("pilot", "perished", value=True, text="perished"))
    return Resolution(
        {
            "total": total,
            "roll_modifier": roll_mod,
            "bail_out_value": need,
            "bailed_out": passed,
            "experience": experience,
        },
        steps,
        changes,
    )


DARING_FEAT_PARAMS: tuple[Param, ...] = (
    integer("attack", 3, 0, 20, "the attack value on the Ace's combat dial"),
    text(
        "feat",
        NO_FEAT,
        "the feat the printed Daring Feat table gives for the total (a daring-feats row, "
        "e.g. winged-em), or none",
    ),
)


def feat_slug(name: str) -> str:
    """A daring feat's slug: ``Winged 'Em`` is ``winged-em``."""
    return "-".join("".join(c for c in name.lower() if c.isalnum() or c == " ").split())


def daring_feats(catalogue: Catalogue) -> dict[str, dict[str, Any]]:
    """The daring-feats rows by slug (``winged-em``, ``timely-distraction``, ``enjoy-the-ride``)."""
    return {feat_slug(str(r["feat"])): r for r in _table(catalogue, "daring-feats")}


def run_daring_feat(
    catalogue: Catalogue, params: Mapping[str, Any], rolls: Sequence[Sequence[int]]
) -> Resolution:
    """2d6 + the Ace's attack value; the Daring Feat table that reads the total is lost, so
    the players name the feat the printed table gives (docs/rulings/cs-air-action.md)."""
    faces = rolls[0]
    total = sum(faces) + params["attack"]
    feats = daring_feats(catalogue)
    feat = one_of("feat", params["feat"], (NO_FEAT, *feats))
    names = ", ".join(str(r["feat"]) for r in feats.values())
    steps = [
        Step(
            "The Ace's final movement marker overlaps an opposing plane's and there is no "
            f"collision: roll 2d6 and add the attack value, {faces_words(faces)} + "
            f"{params['attack']} = {total}.",
            DARING_FEAT,
        ),
    ]
    row = feats.get(feat)
    if row is None:
        steps.append(
            Step(
                "The Daring Feat table that turns the total into a feat is not in the book's "
                f"text (its feats are {names}): read the total on the printed table.",
                "Daring Feat Table",
            )
        )
        return Resolution({"total": total, "feat": None}, steps)
    experience = int(row["experience"])
    words = f"The printed table gives {row['feat']}: {experience} experience points"
    if row.get("counts_as_shot_down"):
        shot_down = _shot_down_experience(catalogue)
        experience += shot_down
        words += f", plus {shot_down} as if the commandeered plane were shot down"
    steps.append(Step(words + ".", GAINING_EXPERIENCE))
    changes = [Change("ace", "experience", delta=experience, text=str(row["feat"]))]
    return Resolution({"total": total, "feat": feat, "experience": experience}, steps, changes)


def _shot_down_experience(catalogue: Catalogue) -> int:
    rows = _table(catalogue, "experience-awards")
    return next(int(r["experience"]) for r in rows if r["award"] == "shot down an enemy plane")


def two_d6(meaning: str) -> Dice:
    return Dice(2, 6, meaning)
