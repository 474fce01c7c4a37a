"""An Air Action campaign ("Playing a Crimson Skies: Air Action Campaign", seed 001).

"To start a Campaign, begin with a squadron of planes, with each pilot at the Rookie
experience level." Pilots gain experience ("Gaining Experience") and advance "after
accumulating experience equal to one hundred times the value of the pilot's experience
multiplier"; a pilot who fails to bail out perishes: "Do not continue accumulating experience
for this pilot" ("Bailing Out"). Every number is read from the pack's tables
(experience-levels, experience-awards, heroic-acts, daring-feats, rules-constants); the
settings fill only what the dump lost (docs/rulings/cs-air-action.md, 17-24).

Events a game proposes are read from its log by ``campaign_log.proposals``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_engine.campaign import CampaignRules, Setting
from rules_engine.catalogue import Catalogue, Record
from rules_engine.cs_air_action import campaign_log
from rules_engine.cs_air_action.bail_out import ROOKIE
from rules_engine.cs_air_action.campaign_tables import (
    award,
    experience_per_multiplier,
    level_order,
    level_words,
    multipliers,
    printed_multipliers,
)
from rules_engine.cs_air_action.planes import SYSTEM
from rules_engine.cs_air_action.procedures_campaign import daring_feats
from rules_engine.errors import BadDocument, DocumentError

EXPERIENCE_MULTIPLIER, GAINING_EXPERIENCE = "Experience Multiplier", "Gaining Experience"
ADVANCING_LEVELS = ("rookie", "veteran", "ace", "double_ace")
"""The levels a setting may give a multiplier for: a Legend, the top level, never advances."""
DEFAULT_MULTIPLIERS = {"rookie": 2, "veteran": 4, "ace": 6, "double_ace": 8}


def _check_multipliers(value: Any) -> str | None:
    if not isinstance(value, dict):
        return 'must be an object: level -> multiplier, e.g. {"rookie": 2}'
    for level, number in value.items():
        if level not in ADVANCING_LEVELS:
            top = " (a Legend never advances)" if level == "legend" else ""
            return (
                f"{level!r} is not a level that advances{top}: one of {', '.join(ADVANCING_LEVELS)}"
            )
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= 100:
            return f"the multiplier of {level} must be a whole number from 1 to 100"
    return None


def _check_boolean(value: Any) -> str | None:
    return None if isinstance(value, bool) else "must be true or false"


def _check_collision(value: Any) -> str | None:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 1000:
        return "must be a whole number of experience points from 0 to 1000"
    return None


SETTINGS: tuple[Setting, ...] = (
    Setting(
        "experience_multipliers",
        "Experience multipliers",
        DEFAULT_MULTIPLIERS,
        "The multiplier of each level the book's lost Experience Multiplier table leaves "
        "blank: a pilot advances after 100 times it in experience. The book's own Veteran 4 "
        "always stands; a Legend never advances.",
        "docs/rulings/cs-air-action.md, 17",
        _check_multipliers,
    ),
    Setting(
        "carry_over",
        "Experience carries over",
        True,
        "Whether the experience past what a level needs counts towards the next level (true) "
        "or is lost when the pilot advances (false).",
        "docs/rulings/cs-air-action.md, 18",
        _check_boolean,
    ),
    Setting(
        "serious_collision_experience",
        "Experience for surviving a serious collision",
        0,
        "What a pilot whose plane comes through a serious collision earns: the book names "
        "the award but prints no points (0: none).",
        "docs/rulings/cs-air-action.md, 22",
        _check_collision,
    ),
)


def _figure(catalogue: Catalogue, ref: str, path: str) -> Record:
    record = catalogue.resolve(ref, "figure", SYSTEM)
    if record is None or record.data.get("kind") != "plane":
        raise BadDocument.at(path, f"no Air Action plane {ref!r} in the catalogue")
    return record


def slug(words: str) -> str:
    """A member key from a name: ``Charlotte "Charlie" Steele`` is ``charlotte-charlie-steele``."""
    kept = "".join(c if c.isalnum() else " " for c in words.lower())
    return "-".join(kept.split()) or "pilot"


def members_from_list(catalogue: Catalogue, doc: Mapping[str, Any]) -> list[dict[str, Any]]:
    """One Rookie pilot per plane of a squadron: "begin with a squadron of planes, with each
    pilot at the Rookie experience level". The pilot's name is the figure's pilot; an Aces
    figure flying the plane stays with the pilot (``ace``)."""
    if doc.get("system") != SYSTEM or doc.get("kind", "squadron") != "squadron":
        raise BadDocument.at("$.kind", "a campaign starts from an Air Action squadron")
    members: list[dict[str, Any]] = []
    for index, entry in enumerate(doc.get("entries") or []):
        record = _figure(catalogue, str(entry.get("figure")), f"$.entries[{index}].figure")
        name = str(record.data.get("pilot") or record.name)
        members.append(
            {
                "key": slug(name),
                "name": name,
                "kind": "pilot",
                "figure": record.id,
                "ace": entry.get("ace"),
                "level": ROOKIE,
                "document": None,
                "entry": index,
            }
        )
    return members


def start(
    catalogue: Catalogue, member: Mapping[str, Any], settings: Mapping[str, Any]
) -> dict[str, Any]:
    """A pilot before any event: the level the member brings (Rookie), nothing earned."""
    level = member.get("level") or ROOKIE
    if level not in level_order(catalogue):
        raise BadDocument.at("level", f"{level!r} is not an experience level")
    return {
        "level": level,
        "level_experience": 0,
        "figure": member.get("figure"),
        "ace": member.get("ace"),
        "offers": [],
        "offer_note": "",
        "perished_in": None,
    }


def level_multipliers(catalogue: Catalogue, settings: Mapping[str, Any]) -> dict[str, int]:
    """Each level's multiplier: the book's where printed, else the setting's (a level the
    setting leaves out keeps its default)."""
    given = settings.get("experience_multipliers") or {}
    return multipliers(catalogue, {**DEFAULT_MULTIPLIERS, **given})


def needs(catalogue: Catalogue, level: str, settings: Mapping[str, Any]) -> int | None:
    """Experience a pilot at ``level`` needs to advance, or None at the top level."""
    multiplier = level_multipliers(catalogue, settings).get(level)
    return None if multiplier is None else experience_per_multiplier(catalogue) * multiplier


def _expected(catalogue: Catalogue, event: Mapping[str, Any], settings: Mapping[str, Any]) -> int:
    """The experience the book gives an event of a log kind."""
    kind = event["kind"]
    if kind == "shot-down":
        return award(catalogue, "shot down an enemy plane")
    if kind == "bail-out":
        return award(catalogue, "successful bail out")
    if kind == "remained-and-won":
        return award(catalogue, "remained on the play area and won the game")
    if kind == "survived-collision":
        return int(settings["serious_collision_experience"])
    if kind == "heroic-act":
        acts = campaign_log.acts(catalogue)
        act = event.get("act")
        if act not in acts:
            raise BadDocument.at("act", f"{act!r} is not a heroic act: one of {', '.join(acts)}")
        return int(acts[act]["experience"])
    if kind == "daring-feat":
        feats = daring_feats(catalogue)
        feat = event.get("feat")
        if feat not in feats:
            raise BadDocument.at(
                "feat", f"{feat!r} is not a daring feat: one of {', '.join(feats)}"
            )
        return int(feats[feat]["experience"])
    return 0


KINDS = (
    "shot-down",
    "bail-out",
    "heroic-act",
    "remained-and-won",
    "daring-feat",
    "survived-collision",
    "perished",
    "award",
    "figure",
)


def apply(
    catalogue: Catalogue,
    state: dict[str, Any],
    event: Mapping[str, Any],
    settings: Mapping[str, Any],
) -> dict[str, Any]:
    """The pilot after one event: experience added, levels advanced (the excess carried over
    when ``carry_over``), a perished pilot closed to every later event."""
    kind = event.get("kind")
    if kind not in KINDS:
        raise BadDocument.at(
            "kind", f"{kind!r} is not an Air Action campaign event: one of {', '.join(KINDS)}"
        )
    if state["status"] == "perished":
        raise BadDocument.at(
            "member",
            f"{state['name']} perished in game {state['perished_in']}: gains nothing more",
        )
    experience = event.get("experience", 0)
    if isinstance(experience, bool) or not isinstance(experience, int):
        raise BadDocument.at("experience", "must be a whole number of experience points")
    if kind not in ("award", "figure", "perished"):
        expected = _expected(catalogue, event, settings)
        if experience != expected:
            raise BadDocument.at(
                "experience", f"a {kind} event earns {expected} experience points, not {experience}"
            )
    elif kind != "award" and experience:
        raise BadDocument.at("experience", f"a {kind} event earns no experience")
    after = dict(state)
    if kind == "perished":
        after["status"] = "perished"
        after["perished_in"] = event.get("game")
        after["offers"] = []
        return after
    if kind == "figure":
        return _choose(catalogue, after, event)
    if after["experience"] + experience < 0:
        raise BadDocument.at(
            "experience",
            f"{state['name']} has {state['experience']} experience: an award of {experience} "
            "would leave less than none",
        )
    after["experience"] += experience
    after["level_experience"] = max(0, after["level_experience"] + experience)
    return _advance(catalogue, after, settings)


def _advance(
    catalogue: Catalogue, state: dict[str, Any], settings: Mapping[str, Any]
) -> dict[str, Any]:
    order = level_order(catalogue)
    advanced = False
    while True:
        need = needs(catalogue, state["level"], settings)
        at = order.index(state["level"])
        if need is None or at + 1 >= len(order) or state["level_experience"] < need:
            break
        state["level"] = order[at + 1]
        state["level_experience"] = (
            state["level_experience"] - need if settings["carry_over"] else 0
        )
        advanced = True
    if advanced:
        state["offers"], state["offer_note"] = offers(catalogue, state)
    return state


def offers(catalogue: Catalogue, state: Mapping[str, Any]) -> tuple[list[str], str]:
    """The catalogue's figures of the same pilot and plane model at the pilot's level ("All
    Crimson Skies planes can be played at multiple experience levels"), and words when
    there are none."""
    figure = state.get("figure")
    record = catalogue.get(SYSTEM, "figure", str(figure)) if figure else None
    if record is None:
        return [], f"{state['name']} has no figure in the catalogue to change."
    pilot, model = record.data.get("pilot"), record.data.get("plane_model")
    found = sorted(
        r.id
        for r in catalogue.records(SYSTEM, "figure").values()
        if r.data.get("pilot") == pilot
        and r.data.get("plane_model") == model
        and r.data.get("experience_level") == state["level"]
    )
    if found:
        return found, ""
    return [], (
        f"The catalogue has no {level_words(state['level'])} figure of {pilot} flying the "
        f"{model}: the pilot keeps flying {record.name}."
    )


def _choose(
    catalogue: Catalogue, state: dict[str, Any], event: Mapping[str, Any]
) -> dict[str, Any]:
    figure = event.get("figure")
    if figure not in state["offers"]:
        offered = ", ".join(state["offers"]) or "none (no advance is waiting for a figure)"
        raise BadDocument.at("figure", f"{figure!r} is not a figure offered: {offered}")
    state["figure"] = figure
    state["offers"] = []
    state["offer_note"] = ""
    return state


def summary(
    catalogue: Catalogue, state: Mapping[str, Any], settings: Mapping[str, Any]
) -> dict[str, Any]:
    """What a roster row shows: the level in words, what the next level needs."""
    order = level_order(catalogue)
    level = state["level"]
    at = order.index(level)
    need = needs(catalogue, level, settings)
    top = need is None or at + 1 >= len(order)
    return {
        "level": level,
        "level_name": level_words(level),
        "experience": state["experience"],
        "level_experience": state["level_experience"],
        "multiplier": level_multipliers(catalogue, settings).get(level),
        "level_needs": None if top else need,
        "next_level": None if top else order[at + 1],
        "next_level_name": None if top else level_words(order[at + 1]),
        "next_needs": None if top or need is None else max(0, need - state["level_experience"]),
        "figure": state["figure"],
        "offers": list(state["offers"]),
        "offer_note": state["offer_note"],
    }


def check_settings(catalogue: Catalogue, settings: Mapping[str, Any]) -> list[DocumentError]:
    """Settings that contradict the book: a multiplier for a level whose multiplier the
    pack's table prints (Veteran 4) must be the book's."""
    given = settings.get("experience_multipliers") or {}
    printed = printed_multipliers(catalogue)
    return [
        DocumentError(
            f"settings.experience_multipliers.{level}",
            f"the book gives {level_words(level)} the multiplier {printed[level]}, not {value}",
        )
        for level, value in given.items()
        if printed.get(level) is not None and value != printed[level]
    ]


RULES = CampaignRules(
    system=SYSTEM,
    settings=SETTINGS,
    members_from_list=members_from_list,
    proposals=campaign_log.proposals,
    apply=apply,
    summary=summary,
    start=start,
    check_settings=check_settings,
)
