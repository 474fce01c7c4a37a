"""Pricing and legality of a Crimson Dust warband (Warbands, Archetypes, Extra Equipment).

Every model is priced as archetype at quality + upgrades + skills + weapons + equipment (and
its Bestia mount); every broken rule becomes a violation naming the model and the JSON path
of the offending value. Nothing is raised for a rule broken: the whole list is reported.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules_engine.catalogue import Catalogue
from rules_engine.crimson_dust import ids
from rules_engine.crimson_dust.codes import Code
from rules_engine.crimson_dust.content import Archetype, Content, Weapon, content_of
from rules_engine.crimson_dust.pricing import Item, Pricer
from rules_engine.crimson_dust.profile import Effective, effective_profile, upgraded_profile
from rules_engine.jsonpath import child
from rules_engine.verdict import PricedEntry, Severity, Verdict, Violation


@dataclass
class _Model:
    """What one entry (or its mount) amounts to once read."""

    label: str
    items: list[Item]
    effective: Effective | None

    @property
    def points(self) -> int:
        return sum(i.points for i in self.items)


class _Checker:
    def __init__(self, content: Content, doc: Mapping[str, Any]) -> None:
        self.content = content
        house = doc.get("house_rules") or {}
        self.pricer = Pricer(dict(house.get("prices") or {}))
        self.violations = self.pricer.violations
        self.penalty = (doc.get("settings") or {}).get("heavy_armour_penalty", "all")
        # Warbands repeat the same model: its effective profile is worked out once.
        self.profiles: dict[tuple[Any, ...], Effective] = {}
        # Each rider's path -> (its profile on foot, its mount's profile), for the fights.
        self.mounted: dict[str, tuple[Effective, Effective]] = {}

    def error(self, code: Code, message: str, path: str,
              severity: Severity = Severity.ERROR) -> None:
        self.violations.append(Violation(code, message, path, severity))

    # -- one model -------------------------------------------------------------------------

    def model(self, entry: Mapping[str, Any], path: str, default_label: str) -> _Model:
        arch = self.content.archetypes.get(entry["archetype"])
        label = entry.get("name") or default_label
        if arch is None:
            self.error(Code.UNKNOWN_ARCHETYPE,
                       f"{label}: there is no archetype {entry['archetype']!r}",
                       child(path, "archetype"))
            return _Model(label, [], None)
        quality = entry.get("quality", "regular")
        if not entry.get("name"):
            label = f"{default_label} ({arch.label(quality)})"
        base = arch.qualities[quality]
        items = [Item("archetype", arch.id, arch.label(quality), base.points, "book")]
        bought = self.upgrades(arch, quality, list(entry.get("upgrades", ())), label, path)
        items += bought
        # The profile has the upgrades the model is priced for: one the rules refuse (over
        # its maximum, '-' at this quality) is an error, not a silent extra point of Av.
        upgrades = [item.id for item in bought]
        skills = list(entry.get("skills", ()))
        items += self.skills(arch, quality, skills, label, path, entry)
        weapons = self.weapons(entry.get("weapons", ()), label, path, items)
        equipment = list(entry.get("equipment", ()))
        self.equipment(equipment, label, path, items)
        self.item_rules(arch, quality, upgrades, skills, equipment, weapons, label, path, entry)
        exchange = entry.get("exchange")
        if exchange and not arch.exchanges_rg_as:
            # Contego Archetype: "any contego model may exchange 1 point of Rg for 1 point of
            # As or vice versa" - no other archetype may.
            self.error(Code.EXCHANGE_NOT_ALLOWED,
                       f"{label}: only a Contego may exchange a point of Rg and As",
                       child(path, "exchange"))
            exchange = None
        mount_effective = None
        if "mount" in entry:
            mount = self.mount(arch, entry["mount"], label, child(path, "mount"))
            items += mount.items
            mount_effective = mount.effective
        key = (arch.id, quality, tuple(upgrades), exchange, tuple(equipment),
               tuple(w.id for w in weapons), id(mount_effective) if mount_effective else None)
        effective = self.profiles.get(key) if mount_effective is None else None
        if effective is None:
            effective = effective_profile(
                arch, quality, upgrades, exchange=exchange, equipment=equipment,
                weapons=weapons, mount=mount_effective, heavy_armour_penalty=self.penalty)
            self.profiles[key] = effective
        if mount_effective is not None:
            # Mounts: "If the mount is killed replace the rider with a model on foot".
            foot = effective_profile(
                arch, quality, upgrades, exchange=exchange, equipment=equipment,
                weapons=weapons, heavy_armour_penalty=self.penalty)
            self.mounted[path] = (foot, mount_effective)
        if effective.over_burden:
            self.error(Code.OVER_BURDENED,
                       f"{label} carries weight {effective.carried_weight} with S "
                       f"{effective.profile.S}: Mv -{2 * effective.over_burden}",
                       child(path, "weapons"), Severity.WARNING)
        return _Model(label, items, effective)

    def upgrades(self, arch: Archetype, quality: str, upgrades: Sequence[str], label: str,
                 path: str) -> list[Item]:
        items = []
        taken: dict[str, int] = {}
        groups: dict[str, str] = {}
        for j, uid in enumerate(upgrades):
            at = child(path, "upgrades", j)
            upgrade = arch.upgrades.get(uid)
            if upgrade is None:
                self.error(Code.UNKNOWN_UPGRADE,
                           f"{label}: {uid!r} is not a profile upgrade of the {arch.name}", at)
                continue
            cost = upgrade.costs[quality]
            if cost.not_available:
                self.error(Code.UPGRADE_NOT_AT_QUALITY,
                           f"{label}: {upgrade.name} is not available to {quality} "
                           f"{arch.name} (the book prints '-')", at)
                continue
            taken[uid] = taken.get(uid, 0) + 1
            if upgrade.max is not None and taken[uid] > upgrade.max:
                self.error(Code.UPGRADE_TOO_OFTEN,
                           f"{label} takes {upgrade.name} {taken[uid]} times, "
                           f"{taken[uid] - upgrade.max} over the {upgrade.max} allowed", at)
                continue
            if upgrade.group and groups.setdefault(upgrade.group, uid) != uid:
                first = arch.upgrades[groups[upgrade.group]].name
                self.error(Code.UPGRADE_ALTERNATIVES,
                           f"{label} takes both {first} and {upgrade.name}: they are "
                           "alternatives, take one", at)
                continue
            items.append(self.pricer.price(cost, kind="upgrade", id_=uid, name=upgrade.name,
                                           owner=label, path=at))
        return items

    def skills(self, arch: Archetype, quality: str, skills: Sequence[str], label: str,
               path: str, entry: Mapping[str, Any]) -> list[Item]:
        items = []
        seen: set[str] = set()
        innate = set(arch.special) | set(arch.qualities[quality].special)
        for j, sid in enumerate(skills):
            at = child(path, "skills", j)
            ability = self.content.abilities.get(sid)
            name = ability.name if ability else sid
            if sid in seen:
                self.error(Code.SKILL_TWICE, f"{label} takes {name} twice", at)
                continue
            seen.add(sid)
            option = arch.skills.get(sid)
            if option is None:
                code = Code.UNKNOWN_SKILL if ability is None else Code.SKILL_NOT_IN_ARCHETYPE
                self.error(code, f"{label}: {name} is not in the {arch.name}'s skills", at)
                continue
            cost = option.costs[quality]
            if cost.not_available:
                self.error(Code.SKILL_NOT_AT_QUALITY,
                           f"{label}: {name} is not available to {quality} {arch.name} "
                           "(the book prints '-')", at)
                continue
            if sid == ids.USED_AS_MOUNT and not entry.get("_ridden"):
                self.error(Code.MOUNT_DISCOUNT_UNRIDDEN,
                           f"{label}: 'Used as mount' is only for a Bestia a model rides "
                           "(give the rider a mount instead)", at)
                continue
            if sid in innate and sid != ids.USED_AS_MOUNT:
                self.error(Code.SKILL_TWICE,
                           f"{label} already has {name} from its profile", at, Severity.WARNING)
            items.append(self.pricer.price(cost, kind="skill", id_=sid, name=name,
                                           owner=label, path=at))
        return items

    def weapons(self, weapon_ids: Sequence[str], label: str, path: str,
                items: list[Item]) -> list[Weapon]:
        weapons = []
        for j, wid in enumerate(weapon_ids):
            at = child(path, "weapons", j)
            weapon = self.content.weapons.get(wid)
            if weapon is None:
                self.error(Code.UNKNOWN_WEAPON, f"{label}: there is no weapon {wid!r}", at)
                continue
            weapons.append(weapon)
            items.append(self.pricer.price(weapon.points, kind="weapon", id_=wid,
                                           name=weapon.name, owner=label, path=at))
        return weapons

    def equipment(self, equipment: Sequence[str], label: str, path: str,
                  items: list[Item]) -> None:
        for j, eid in enumerate(equipment):
            at = child(path, "equipment", j)
            item = self.content.abilities.get(eid)
            if item is None or item.kind not in ids.CARRIED_KINDS:
                self.error(Code.UNKNOWN_EQUIPMENT,
                           f"{label}: there is no equipment {eid!r}", at)
                continue
            items.append(self.pricer.price(item.points, kind="equipment", id_=eid,
                                           name=item.name, owner=label, path=at))

    def item_rules(self, arch: Archetype, quality: str, upgrades: Sequence[str],
                   skills: Sequence[str], equipment: Sequence[str], weapons: Sequence[Weapon],
                   label: str, path: str, entry: Mapping[str, Any]) -> None:
        """The restrictions printed with skills and equipment."""
        if not (skills or equipment or arch.special or arch.qualities[quality].special):
            return
        av = upgraded_profile(arch, quality, upgrades).Av if upgrades else \
            arch.qualities[quality].profile.Av
        has = set(skills) | set(arch.special) | set(arch.qualities[quality].special)

        def skill_path(sid: str) -> str:
            return child(path, "skills", list(skills).index(sid)) if sid in skills else path

        if ids.DISPERSED_FORMATION in skills and av > 3:
            # Skills available: "Dispersed Formation (models with Av 3 or less only)".
            self.error(Code.DISPERSED_FORMATION_ARMOUR,
                       f"{label} has Av {av}: Dispersed Formation is for models with Av 3 or "
                       "less only", skill_path(ids.DISPERSED_FORMATION))
        if ids.BATTLE_HARDENED in has and ids.FANATIC in has:
            # Fanatic: "a model may not be both battle-hardened and fanatic".
            bought = ids.FANATIC if ids.FANATIC in skills else ids.BATTLE_HARDENED
            self.error(Code.BATTLE_HARDENED_AND_FANATIC,
                       f"{label} may not be both Battle-hardened and Fanatic",
                       skill_path(bought))
        if ids.HEROIC in skills and not entry.get("personality"):
            # Heroic: "This can only be applied to personality models."
            self.error(Code.HEROIC_NOT_PERSONALITY,
                       f"{label} is not a personality model: only those may be Heroic",
                       skill_path(ids.HEROIC))
        psychic = [s for s in skills if ids.is_psychic_level(s)]
        if ids.PSYCHIC_NULL in skills and psychic:
            # Psychic Null: "This ability may not be given to a model with the psyker ability."
            self.error(Code.PSYCHIC_NULL_PSYKER,
                       f"{label} is a psyker: a psyker may not be a Psychic Null",
                       skill_path(ids.PSYCHIC_NULL))
        hacker = [s for s in skills if ids.is_hacker_level(s)]
        for levels, what in ((psychic, "psychic level"), (hacker, "hacker level")):
            if len(levels) > 1:
                self.error(Code.SEVERAL_LEVELS,
                           f"{label} takes {len(levels)} {what}s: a model has one",
                           skill_path(levels[1]))
        if ids.NEURAL_NETWORKING not in equipment:
            for kind, chosen in (("skills", skills), ("equipment", equipment)):
                for j, item in enumerate(chosen):
                    if ids.needs_neural_networking(item):
                        self.error(Code.NEEDS_NEURAL_NETWORKING,
                                   f"{label}: {self._name(item)} needs neural networking",
                                   child(path, kind, j))
        for j, item in enumerate(equipment):
            if item in ids.HACKER_ONLY and not hacker:
                # Hacker equipment: "Generally this equipment is only able to be used by
                # Hackers".
                self.error(Code.HACKER_EQUIPMENT,
                           f"{label} is not a hacker: only a hacker may use "
                           f"{self._name(item)}", child(path, "equipment", j))
            if item.startswith(ids.REFRACTOR_FIELD_PREFIX) and av >= 3:
                # Refractor Field generator: "may not be used by models with Av 3 or higher".
                self.error(Code.REFRACTOR_FIELD_ARMOUR,
                           f"{label} has Av {av}: a refractor field may not be used at Av 3 "
                           "or higher", child(path, "equipment", j))
        if ids.SHIELDS & set(equipment):
            # Riot/Combat Shield: "The model can only use pistols, grenades and melee weapons".
            for j, weapon in enumerate(entry.get("weapons", ())):
                w = self.content.weapons.get(weapon)
                if w is not None and not _shield_weapon(w):
                    self.error(Code.SHIELD_WEAPONS,
                               f"{label} carries a shield: it may use only pistols, grenades "
                               f"and melee weapons, not a {w.name}", child(path, "weapons", j))

    def _name(self, id_: str) -> str:
        ability = self.content.abilities.get(id_)
        return ability.name if ability else id_

    def mount(self, rider: Archetype, mount: Mapping[str, Any], label: str,
              path: str) -> _Model:
        """A Bestia the rider is 'equipped' with (Bestia Archetype > Mounts)."""
        if rider.is_mount:
            self.error(Code.BESTIA_RIDER, f"{label} is a Bestia: a Bestia cannot ride a mount",
                       path)
        arch = self.content.archetypes.get(mount["archetype"])
        if arch is not None and not arch.is_mount:
            self.error(Code.MOUNT_NOT_BESTIA,
                       f"{label} rides a {arch.name}: only a Bestia may be a mount",
                       child(path, "archetype"))
            return _Model(label, [], None)
        entry = {"quality": "regular", **mount, "_ridden": True}
        if arch is not None and ids.USED_AS_MOUNT in arch.skills:
            # Bestia "Skills available: ... Used as mount -10": every ridden Bestia takes it.
            skills = list(entry.get("skills", ()))
            if ids.USED_AS_MOUNT not in skills:
                entry["skills"] = [*skills, ids.USED_AS_MOUNT]
        model = self.model(entry, path, f"{label}'s mount")
        model.items = [
            Item("mount" if i.kind == "archetype" else f"mount {i.kind}", i.id, i.name,
                 i.points, i.price)
            for i in model.items
        ]
        return model


def _shield_weapon(weapon: Weapon) -> bool:
    text = f"{weapon.category} {weapon.name}".lower()
    return "pistol" in weapon.traits or "grenade" in text or "melee" in text


def check_warband(catalogue: Catalogue, doc: Mapping[str, Any]) -> Verdict:
    """Price a warband and report every rule it breaks.

    Args:
        catalogue: the content snapshot holding the Crimson Dust pack.
        doc: a schema-valid ``crimson-dust`` ``warband`` list document.

    Returns:
        The verdict; its breakdown lists each model's priced items and effective profile.
    """
    return check_with_mounts(catalogue, doc)[0]


def check_with_mounts(catalogue: Catalogue, doc: Mapping[str, Any]
                      ) -> tuple[Verdict, Mapping[str, tuple[Effective, Effective]]]:
    """The verdict of ``check_warband`` and, by entry path, each rider's profile on foot and
    its mount's profile (the fights play the two apart when shot at)."""
    checker = _Checker(content_of(catalogue), doc)
    models = []
    priced = []
    total = 0
    for i, entry in enumerate(doc.get("entries", ())):
        path = f"$.entries[{i}]"
        model = checker.model(entry, path, f"Model {i + 1}")
        total += model.points
        priced.append(PricedEntry(path, model.label, model.points))
        models.append({
            "path": path,
            "name": model.label,
            "points": model.points,
            "items": [item.to_dict() for item in model.items],
            "effective": model.effective.to_dict() if model.effective else None,
        })
    limit = doc.get("points_limit")
    if limit is not None and total > limit:
        checker.error(Code.OVER_POINTS_LIMIT,
                      f"The warband costs {total} points, {total - limit} over its limit of "
                      f"{limit}",
                      "$.points_limit")
    house = dict(doc.get("house_rules") or {})
    if checker.pricer.house_used:
        house["prices_used"] = dict(sorted(checker.pricer.house_used.items()))
    verdict = Verdict(total, limit, tuple(checker.violations),
                      {"models": models, "total": total}, house, tuple(priced))
    return verdict, checker.mounted
