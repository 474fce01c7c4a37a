"""The Crimson Dust pack against the book (seed 003) and its record schemas."""

from functools import partial
from typing import Any

import pytest

from tests.content import book

SYSTEM = "crimson-dust"
PACK = book.pack_path(SYSTEM)
SEED = "003_157d3ea1ab1b2229.txt"
DOC = book.load(PACK)
RECORDS = book.records_by_key(DOC)
_schema_for = partial(book.schema_for, system=SYSTEM)


def _data(record_type: str, record_id: str) -> dict[str, Any]:
    return RECORDS[(record_type, record_id)]["data"]


def _upgrade(archetype: str, name: str) -> dict[str, Any]:
    return next(u for u in _data("archetype", archetype)["upgrades"] if u["name"] == name)


def _skill(archetype: str, skill: str) -> dict[str, Any]:
    return next(s for s in _data("archetype", archetype)["skills"] if s["skill"] == skill)


def test_pack_envelope_and_order() -> None:
    assert (DOC["id"], DOC["version"], DOC["system"]) == ("crimson-dust-core", "1.0.0",
                                                          "crimson-dust")
    keys = book.record_keys(DOC)
    assert keys == sorted(keys)
    assert len(keys) == len(set(keys))
    assert PACK.read_text(encoding="utf-8") == book.canonical_text(DOC)


@pytest.mark.parametrize("record", DOC["records"], ids=book.record_id)
def test_record_is_valid_and_sourced(record: dict[str, Any]) -> None:
    assert book.schema_errors(_schema_for(record["type"]), record["data"]) == []
    assert record["source"]["seed"] == SEED
    assert record["source"]["section"]


def test_every_reference_names_an_ability() -> None:
    abilities = {rid for (rtype, rid) in RECORDS if rtype == "ability"}
    for (rtype, rid), record in RECORDS.items():
        data = record["data"]
        refs = list(data.get("traits", [])) + list(data.get("special", []))
        refs += list(data.get("requires", [])) + [data[k] for k in ("part_of",) if k in data]
        refs += list(data.get("shot", {}).get("traits", []))
        refs += [s["skill"] for s in data.get("skills", [])]
        refs += [sp for q in data.get("qualities", {}).values() for sp in q["special"]]
        assert set(refs) <= abilities, (rtype, rid, set(refs) - abilities)


@pytest.mark.parametrize("record", DOC["records"], ids=book.record_id)
def test_uncertain_paths_point_at_values(record: dict[str, Any]) -> None:
    for item in record.get("uncertain", []):
        node: Any = record
        for part in item["path"].removeprefix("$.").replace("[", ".").replace("]", "").split("."):
            node = node[int(part)] if isinstance(node, list) else node[part]
        assert item["note"]


ARCHETYPES = ["medio", "suboles", "durus", "prelitor", "lautus", "logos", "contego", "bestia"]


def test_all_archetypes_present() -> None:
    assert sorted(rid for (t, rid) in RECORDS if t == "archetype") == sorted(ARCHETYPES)


# Section "Medio Archetype" ... "Bestia Archetype": profile boxes.
@pytest.mark.parametrize(
    ("archetype", "quality", "profile", "points"),
    [
        ("medio", "green", (8, 2, 6, 6, 4, 2, 0, 1, 3), 30),
        ("medio", "veteran", (8, 4, 8, 8, 7, 3, 0, 2, 3), 75),
        ("suboles", "veteran", (8, 4, 10, 6, 7, 3, 0, 2, 3), 100),
        ("durus", "regular", (7, 3, 6, 6, 5, 4, 0, 3, 2), 55),
        ("prelitor", "green", (8, 2, 4, 8, 4, 3, 0, 1, 3), 25),
        ("lautus", "regular", (9, 3, 8, 8, 7, 2, 0, 2, 3), 65),
        ("logos", "veteran", (8, 3, 5, 5, 5, 2, 0, 2, 6), 40),
        ("contego", "green", (6, 2, 6, 6, 4, 3, 4, 2, 3), 55),
        ("contego", "veteran", (6, 4, 8, 8, 6, 3, 4, 3, 3), 105),
        ("bestia", "green", (12, 2, None, 4, 4, 2, 0, 1, 0), 20),
    ],
)
def test_archetype_profiles(archetype: str, quality: str, profile: tuple, points: int) -> None:
    q = _data("archetype", archetype)["qualities"][quality]
    stats = ("Mv", "Mr", "Rg", "As", "Df", "S", "Av", "Dc", "In")
    assert tuple(q["profile"][s] for s in stats) == profile
    assert q["points"] == points


@pytest.mark.parametrize("archetype", ARCHETYPES[:-1])
def test_points_rise_with_quality(archetype: str) -> None:
    q = _data("archetype", archetype)["qualities"]
    assert q["green"]["points"] < q["regular"]["points"] < q["veteran"]["points"]
    for stat in ("Mr", "Df"):
        assert q["green"]["profile"][stat] < q["veteran"]["profile"][stat]


def _pts(costs: dict[str, Any]) -> tuple:
    return tuple(costs[q].get("pts", "-" if costs[q].get("not_available") else "?")
                 for q in ("green", "regular", "veteran"))


# "Profile Upgrades:" lists of each archetype section.
@pytest.mark.parametrize(
    ("archetype", "name", "effect", "costs"),
    [
        ("medio", "Av 2", {"Av": 2}, (8, 13, 19)),
        ("medio", "+2 Dc", {"Dc": 2}, ("-", "-", 30)),
        ("suboles", "+2 Rg", {"Rg": 2}, (12, 21, 32)),
        ("durus", "Av 4", {"Av": 4}, (19, 31, 44)),
        ("durus", "+1 In", {"In": 1}, (10, 10, 10)),
        ("prelitor", "no Rg", {}, (-5, -5, -5)),
        ("prelitor", "+4 Mv", {"Mv": 4}, (12, 12, 12)),
        ("lautus", "Av 3", {"Av": 3}, (19, 27, 35)),
        ("logos", "Av 4", {"Av": 4}, (11, 17, 22)),
        ("contego", "Av 6", {"Av": 2}, (41, 53, 79)),
        ("contego", "+2 Dc", {"Dc": 2}, ("-", "-", 45)),
        ("bestia", "+6 Mv", {"Mv": 6}, (18, 18, 18)),
    ],
)
def test_profile_upgrades(archetype: str, name: str, effect: dict, costs: tuple) -> None:
    upgrade = _upgrade(archetype, name)
    assert upgrade["effect"] == effect
    assert _pts(upgrade["costs"]) == costs


def test_no_rg_removes_ranged_skill() -> None:
    assert _upgrade("prelitor", "no Rg")["sets"] == {"Rg": None}


@pytest.mark.parametrize("archetype", ["medio", "durus", "prelitor", "logos", "bestia"])
def test_av_upgrade_prices_rise(archetype: str) -> None:
    ladder = [u for u in _data("archetype", archetype)["upgrades"] if u["group"] == "av"]
    for q in ("green", "regular", "veteran"):
        prices = [u["costs"][q]["pts"] for u in ladder]
        assert prices == sorted(prices)
        assert len(set(prices)) == len(prices)


# "Skills available:" lists; '-' not available, '?' not given.
@pytest.mark.parametrize(
    ("archetype", "skill", "costs"),
    [
        ("medio", "impetus", (3, 6, 9)),
        ("medio", "heroic", ("-", "-", 20)),
        ("medio", "hacker-1", ("?", "?", "?")),
        ("suboles", "gun-fighter", (10, 10, 10)),
        ("durus", "psychic-null", (8, 8, 8)),
        ("durus", "fanatic", (10, 20, 20)),
        ("prelitor", "battle-hardened", ("-", 15, 20)),
        ("prelitor", "body-slam", (15, 15, 25)),
        ("lautus", "battle-hardened", ("-", "-", 15)),
        ("logos", "critical-shot", ("-", "-", 8)),
        ("logos", "combat-master", ("-", "-", 5)),
        ("contego", "savage-assault", (10, 10, 10)),
        ("bestia", "mount", (-10, -10, -10)),
    ],
)
def test_skill_costs(archetype: str, skill: str, costs: tuple) -> None:
    assert _pts(_skill(archetype, skill)["costs"]) == costs


@pytest.mark.parametrize(("archetype", "levels"), [("suboles", 2), ("durus", 1), ("logos", 4)])
def test_hacker_and_psychic_levels_offered(archetype: str, levels: int) -> None:
    skills = {s["skill"] for s in _data("archetype", archetype)["skills"]}
    assert {f"hacker-{n}" for n in range(1, 5)} & skills == {
        f"hacker-{n}" for n in range(1, levels + 1)}
    assert f"psychic-level-{levels}" in skills


def test_archetype_rules() -> None:
    contego = _data("archetype", "contego")["rules"]
    assert [r["id"] for r in contego] == ["rg-as-exchange"]
    assert "exchange 1 point of Rg for 1 point of As" in contego[0]["text"]
    bestia = _data("archetype", "bestia")
    assert bestia["single_quality"] is True
    assert "on a roll of 1-3 the shot hits the mount" in bestia["rules"][0]["text"]


# "Basic Weapons" / "Support Weapons" profiles.
@pytest.mark.parametrize(
    ("weapon", "tech", "to_hit", "s", "traits"),
    [
        ("pistol", 1, (3, 4, 5, 6, None, None), 1, ["pistol", "move-and-fire"]),
        ("rifle", 1, (6, 4, 4, 5, 6, None), 2, []),
        ("smg", 1, (3, 3, 4, None, None, None), 2, ["move-and-fire"]),
        ("boltgun", 3, (5, 4, 4, 5, None, None), 3, []),
        ("sniper-rifle", 2, (None, 6, 4, 2, 3, 4), 3, []),
        ("saw-or-lmg", 2, (None, 4, 3, 3, 4, 5), 2, ["heavy", "rof"]),
    ],
)
def test_weapon_profiles(weapon: str, tech: int | None, to_hit: tuple, s: int,
                         traits: list[str]) -> None:
    data = _data("weapon", weapon)
    bands = ("0-6", "6-12", "12-18", "18-24", "24-36", "36+")
    assert tuple(data["to_hit"][b] for b in bands) == to_hit
    assert (data["tech"], data["S"], data["traits"]) == (tech, s, traits)
    assert data["points"] == {"not_given": True}


def test_weapon_trait_values() -> None:
    assert _data("weapon", "saw-or-lmg")["trait_values"] == {"heavy": 1, "rof": 2}
    assert _data("weapon", "grenade-launcher")["trait_values"] == {"blast": 2}


# Tables: "Most Pressing Target", "Large Targets", "Hard Cover", "Wounding",
# "Typical Vehicle Profiles".
@pytest.mark.parametrize(
    ("table", "index", "expected"),
    [
        ("most-pressing-target", 0, {"difficulty": 4, "min_units": 0, "max_units": 5}),
        ("most-pressing-target", 3, {"difficulty": 1, "min_units": 20, "max_units": None}),
        ("large-target-sizes", 1, {"size": "Horse, mounted man", "rg_bonus": 1}),
        ("large-target-sizes", 4, {"size": "Whale, Tank", "rg_bonus": 4}),
        ("hard-cover", 1, {"terrain": "Sandbags", "av_bonus": 1}),
        ("hard-cover", 5, {"terrain": "Bunker", "av_bonus": 3}),
        ("wound-table", 1, {"dc_left_min": 2, "halved": ["Mv", "Rg", "As", "S"]}),
        ("wound-table", 2, {"wound": "minor wound", "minus_one": ["Mv", "Rg", "As", "S"]}),
        ("wound-table", 3, {"dc_left_min": 4, "dc_left_max": None, "halved": []}),
        ("typical-vehicle-profiles", 1, {"name": "Truck", "Mv": 12, "Av": 5, "Dam": 25,
                                         "Transport": 10}),
        ("typical-vehicle-profiles", 4, {"name": "Tank", "Mv": 10, "Av": 8, "Dam": 50,
                                         "Transport": 0}),
    ],
)
def test_tables(table: str, index: int, expected: dict[str, Any]) -> None:
    row = _data("table", table)["rows"][index]
    assert {k: row[k] for k in expected} == expected


# Each schema refuses a bad document and names where.
@pytest.mark.parametrize(
    ("record_type", "record_id", "mutate", "path"),
    [
        ("archetype", "medio",
         lambda d: d["qualities"]["green"]["profile"].__setitem__("Df", "4"),
         "$.qualities.green.profile.Df"),
        ("archetype", "medio", lambda d: d["upgrades"][0]["costs"].__setitem__("green", {}),
         "$.upgrades[0].costs.green"),
        ("weapon", "rifle", lambda d: d["to_hit"].__setitem__("6-12", 7), "$.to_hit['6-12']"),
        ("weapon", "rifle", lambda d: d.__setitem__("points", 0), "$.points"),
        ("ability", "hail", lambda d: d.__setitem__("kind", "spell"), "$.kind"),
        ("table", "hard-cover", lambda d: d["rows"][2].__setitem__("av_bonus", -1),
         "$.rows[2].av_bonus"),
    ],
)
def test_schema_refuses_bad_document(record_type: str, record_id: str, mutate: Any,
                                     path: str) -> None:
    data = book.copy_of(_data(record_type, record_id))
    mutate(data)
    paths = book.error_paths(_schema_for(record_type), data, nested=True)
    assert paths
    assert path in paths


BANDS = ("0-6", "6-12", "12-18", "18-24", "24-36", "36+")


def _ids(record_type: str, **match: Any) -> set[str]:
    return {rid for (t, rid), r in RECORDS.items()
            if t == record_type and all(r["data"].get(k) == v for k, v in match.items())}


def test_every_weapon_of_the_weapon_tables_is_present() -> None:
    basic = {"pistol", "rifle", "machine-pistol", "assault-rifle", "heavy-pistol", "smg",
             "bolt-pistol", "shotgun", "sniper-rifle", "boarding-shotgun", "boltgun",
             "flamethrower"}
    support = {"grenade-launcher", "saw-or-lmg", "plasma-gun", "hmg", "heavy-boltgun",
               "heavy-flamethrower", "missile-launcher", "blaster", "auto-cannon"}
    melee = {"knife-or-improvised-weapon", "sword", "axe", "club-or-baton",
             "spear-or-bayonet", "flail"}
    assert _ids("weapon", category="Basic Weapons") == basic
    assert _ids("weapon", category="Support Weapons") == support
    assert _ids("weapon", category="Melee Weapons") == melee
    assert {rid for (t, rid) in RECORDS if t == "weapon"} == basic | support | melee


# "Support Weapons": the plasma gun and the heavy weapons page.
@pytest.mark.parametrize(
    ("weapon", "tech", "to_hit", "s", "trait_values"),
    [
        ("plasma-gun", 4, (5, 4, 4, 5, None, None), 5, {"heavy": 1, "pinning": 1}),
        ("heavy-boltgun", 4, (6, 4, 3, 5, 5, None), 4, {"heavy": 2, "rof": 3}),
        ("heavy-flamethrower", 3, (3, 4, 4, None, None, None), 3,
         {"heavy": 1, "flame-thrower": 16}),
        ("missile-launcher", 3, (None, 5, 4, 3, 3, 4), 3, {"heavy": 2, "at": 5}),
        ("auto-cannon", None, (None, 5, 4, 4, 5, 5), 4, {"heavy": 2, "rof": 2}),
        ("blaster", None, (4, 4, 5, None, None, None), 6, {}),
        ("hmg", None, (6, 5, 3, 4, 5, 5), None, {"heavy": 2, "pinning": 1, "rof": 2}),
    ],
)
def test_support_weapon_profiles(weapon: str, tech: int | None, to_hit: tuple, s: int | None,
                                 trait_values: dict[str, int]) -> None:
    data = _data("weapon", weapon)
    assert tuple(data["to_hit"][b] for b in BANDS) == to_hit
    assert (data["tech"], data["S"], data["trait_values"]) == (tech, s, trait_values)
    assert data["traits"] == list(trait_values)
    assert data["points"] == {"not_given": True}


def test_unreadable_support_values_are_marked_uncertain() -> None:
    def paths(rid: str) -> set[str]:
        return {u["path"] for u in RECORDS[("weapon", rid)].get("uncertain", [])}

    assert {"$.data.tech", "$.data.S"} <= paths("hmg")
    assert "$.data.tech" in paths("auto-cannon") & paths("blaster")
    assert "$.data.to_hit.36+" in paths("plasma-gun")
    assert paths("missile-launcher") == paths("heavy-flamethrower") == set()


def test_weapon_trait_values_belong_to_printed_traits() -> None:
    for (rtype, rid), record in RECORDS.items():
        if rtype == "weapon":
            data = record["data"]
            assert set(data["trait_values"]) <= set(data["traits"]), rid


# "Melee Weapons": '+x As' and '+x S' bonuses, Parry, Reach and the flail.
@pytest.mark.parametrize(
    ("weapon", "melee", "traits"),
    [
        ("knife-or-improvised-weapon", {"As": 0, "S": 0}, []),
        ("sword", {"As": 2, "S": 0}, ["weapon-parry"]),
        ("axe", {"As": 1, "S": 1}, []),
        ("club-or-baton", {"As": 0, "S": 1}, []),
        ("spear-or-bayonet", {"As": 1, "S": 0}, ["reach"]),
        ("flail", {"As": 0, "S": 1}, ["cannot-be-parried"]),
    ],
)
def test_melee_weapons(weapon: str, melee: dict[str, int], traits: list[str]) -> None:
    data = _data("weapon", weapon)
    assert (data["melee"], data["traits"]) == (melee, traits)
    assert set(data["to_hit"].values()) == {None}
    assert data["S"] is None


@pytest.mark.parametrize(
    ("modifier", "s_bonus"),
    [("double-handed-weapon", 2), ("chain-weapon", 1), ("power-weapon", 2)],
)
def test_melee_weapon_modifiers(modifier: str, s_bonus: int) -> None:
    data = _data("ability", modifier)
    assert data["kind"] == "melee_weapon_modifier"
    assert data["melee"] == {"As": 0, "S": s_bonus}


def test_melee_rules_text() -> None:
    assert "reroll the two highest scoring dice" in _data("ability", "weapon-parry")["rule_text"]
    assert "counts as having rolled one scoring dice" in _data("ability", "reach")["rule_text"]
    assert "may not be both chain and power" in _data("ability", "power-weapon")["rule_text"]


# "Extra Equipment and Abilities": '<name> - tech n'.
@pytest.mark.parametrize(
    ("item", "tech"),
    [
        ("auto-reloader", 2), ("bionics", 4), ("bionic-eye", 4), ("camouflage-1", 3),
        ("camouflage-2", 4), ("combat-shield", 1), ("communicators", 2), ("gas-masks", 2),
        ("jump-packs", 4), ("deflector-field-generator", 4), ("distortion-field-generator", 4),
        ("enhanced-senses", 3), ("medi-pack", 2), ("neural-networking", 3),
        ("photo-chromatic-visor", 3), ("powered-armour", 3), ("refractor-field-generator", 4),
        ("riot-shield", 1), ("scopes", 2), ("red-dot-laser", 2), ("self-destruct", 2),
        ("suspensor", 3), ("video-feed", 3), ("thermal-detonator", 3),
        ("stabilising-tripod", 1),
    ],
)
def test_equipment_tech_levels(item: str, tech: int) -> None:
    data = _data("ability", item)
    assert (data["kind"], data["tech"]) == ("equipment", tech)
    assert data["cost"] == {"not_given": True}


def test_equipment_restrictions() -> None:
    needs_wiring = {rid for rid in _ids("ability", kind="equipment")
                    if "neural-networking" in _data("ability", rid).get("requires", [])}
    assert needs_wiring == {"bionics", "bionic-arms", "bionic-leg", "bionic-legs",
                            "bionic-eye", "bionic-internal-organs", "camouflage-2",
                            "enhanced-senses", "powered-armour"}
    assert _ids("ability", mechanical=True) == {"combat-shield", "riot-shield"}
    scopes = _ids("ability", part_of="scopes")
    assert scopes == {"telescopic-scope", "infrared-scope", "red-dot-laser",
                      "cyber-linked-targeter"}
    assert all(_data("ability", s)["fitted_to"] == "weapon" for s in scopes)


@pytest.mark.parametrize(
    ("item", "printed"),
    [
        ("jump-packs", "The model counts as having Mv 12."),
        ("neural-networking", "+1 to Df and In"),
        ("combat-shield", "adds 2 to its Av in melee"),
        ("riot-shield", "adds 1 to its Av in melee"),
        ("bionic-internal-organs", "immune to gases and gains +1 Dc"),
        ("thermal-detonator", "count as having S6"),
        ("telescopic-scope", "at ranges of over 18 units it may add 1"),
        ("camouflage-2", "score on results of 3+ in the open"),
    ],
)
def test_equipment_rule_text(item: str, printed: str) -> None:
    assert printed.lower() in _data("ability", item)["rule_text"].lower()


def test_vehicle_equipment() -> None:
    assert _ids("ability", kind="vehicle_equipment") == {"turbo", "auto-pilot", "stabilisers",
                                                         "ablative-armour"}
    assert "move twice its Mv for one action point" in _data("ability", "turbo")["rule_text"]


# "Extra Ammunition": grenade types ('Blast (2) and S 3', 'no S value').
@pytest.mark.parametrize(
    ("ammo", "s", "blast"),
    [("incendiary-grenade", 3, 2), ("smoke-grenade", None, 2), ("flash-bang-grenade", None, 2),
     ("gas-grenade", None, 2), ("tanglefoot-grenade", None, 3)],
)
def test_grenade_types(ammo: str, s: int | None, blast: int) -> None:
    shot = _data("ability", ammo)["shot"]
    assert shot == {"S": s, "traits": ["blast"], "trait_values": {"blast": blast}}


# "Psykers": '<power> - difficulty - (n), AP - n', by nature.
@pytest.mark.parametrize(
    ("power", "nature", "difficulty", "ap"),
    [
        ("power-null", "Common", None, 0),
        ("power-mental-bolt", "Common", 3, 1),
        ("power-heal-wound", "Biomancy", 6, 1),
        ("power-life-force", "Biomancy", 7, 2),
        ("power-choke", "Biomancy", 6, 1),
        ("power-fire-blast", "Pyromancy", 4, 1),
        ("power-firewall", "Pyromancy", 5, 2),
        ("power-time-field", "Kronomantic", 6, 0),
        ("power-flight", "Telekinetic", 3, 2),
        ("power-invade-mind", "Telepathic", 7, 2),
        ("power-hallucinate", "Telepathic", 5, 2),
    ],
)
def test_psychic_powers(power: str, nature: str, difficulty: int | None, ap: int) -> None:
    data = _data("ability", power)
    assert (data["kind"], data["nature"], data["difficulty"], data["ap"]) == (
        "psychic_power", nature, difficulty, ap)


def test_powers_per_nature() -> None:
    counts: dict[str, int] = {}
    for rid in _ids("ability", kind="psychic_power"):
        nature = _data("ability", rid)["nature"]
        counts[nature] = counts.get(nature, 0) + 1
    assert counts == {"Common": 3, "Biomancy": 4, "Pyromancy": 4, "Kronomantic": 3,
                      "Telekinetic": 4, "Telepathic": 4}
    # 'All kronomantic powers are AP 0'.
    assert {_data("ability", rid)["ap"]
            for rid in _ids("ability", kind="psychic_power", nature="Kronomantic")} == {0}


# "Electronics Attacks", "Neural Attack", "Hacker equipment".
def test_hacker_attacks_and_equipment() -> None:
    assert _data("ability", "electronics-attack")["difficulty_by_mode"] == {"indirect": 6,
                                                                            "direct": 4}
    assert _data("ability", "neural-attack")["difficulty_by_mode"] == {"indirect": 7,
                                                                       "direct": 5}
    assert _ids("ability", kind="hacker_equipment", available_to="any") == {
        "aggressive-firewall", "bem-defences"}
    assert _ids("ability", kind="hacker_equipment", available_to="hackers") == {
        "relay", "signal-booster", "relay-grenade", "trojan-virus"}
    assert "up to 15 units away" in _data("ability", "signal-booster")["rule_text"]
    assert "1, 2 or 3 instead of just 1" in _data("ability", "relay-grenade")["rule_text"]


def test_level_records_carry_the_section_text() -> None:
    for n in range(1, 5):
        hacker = _data("ability", f"hacker-{n}")
        assert f"adds {n} to its In when making a BEM attack" in hacker["rule_text"]
        assert "Direct - LoS not required, 10 unit maximum range" in hacker["rule_text"]
        assert hacker["requires"] == ["neural-networking"]
        psyker = _data("ability", f"psychic-level-{n}")["rule_text"]
        assert f"psychic level of {n}" in psyker
        assert "may add their psychic level" in psyker


# Skill text: Collective Conscious, Fearless 'x', Fearsome 'x'.
def test_collective_fearless_and_fearsome() -> None:
    collective = _data("ability", "collective-conscious")
    assert collective["roles"] == ["node", "slave"]
    assert "within 10 units of a node model" in collective["rule_text"]
    assert "counts as having Mr 1" in collective["rule_text"]
    assert _data("ability", "fearless")["parameter"] == "x"
    fearsome = _data("ability", "fearsome")
    assert fearsome["parameter"] == "x"
    assert "difficulty of 'x' each turn or halve its As" in fearsome["rule_text"]


@pytest.mark.parametrize(
    ("record_id", "mutate", "path"),
    [
        ("power-fireball", lambda d: d.__setitem__("difficulty", 0), "$.difficulty"),
        ("power-fireball", lambda d: d.__setitem__("nature", "Necromancy"), "$.nature"),
        ("neural-attack", lambda d: d["difficulty_by_mode"].pop("direct"),
         "$.difficulty_by_mode"),
        ("power-weapon", lambda d: d["melee"].__setitem__("S", "2"), "$.melee.S"),
        ("gas-grenade", lambda d: d["shot"].__setitem__("S", -1), "$.shot.S"),
    ],
)
def test_ability_schema_refuses_bad_new_keys(record_id: str, mutate: Any, path: str) -> None:
    data = book.copy_of(_data("ability", record_id))
    mutate(data)
    assert path in book.error_paths(_schema_for("ability"), data)


def test_weapon_schema_refuses_bad_melee_bonus() -> None:
    data = book.copy_of(_data("weapon", "sword"))
    data["melee"]["As"] = -2
    assert "$.melee.As" in book.error_paths(_schema_for("weapon"), data)


# The whole of each archetype section, transcribed again from the seed and compared cell by
# cell: profile "Mv Mr Rg As Df S Av Dc In" and points per box; every "Profile Upgrades:"
# and "Skills available:" cell as "green/regular/veteran" ('-' not available, '?' not
# given). Bestia prints one profile and single prices, repeated under each quality.
BOOK_PROFILES = {
    "medio": {"green": ("8 2 6 6 4 2 0 1 3", 30), "regular": ("8 3 7 7 6 3 0 2 3", 50),
              "veteran": ("8 4 8 8 7 3 0 2 3", 75)},
    "suboles": {"green": ("8 2 8 4 4 2 0 1 3", 40), "regular": ("8 3 9 5 6 3 0 2 3", 70),
                "veteran": ("8 4 10 6 7 3 0 2 3", 100)},
    "durus": {"green": ("7 2 5 5 4 4 0 2 1", 35), "regular": ("7 3 6 6 5 4 0 3 2", 55),
              "veteran": ("7 4 7 7 6 5 0 3 2", 80)},
    "prelitor": {"green": ("8 2 4 8 4 3 0 1 3", 25), "regular": ("8 3 5 9 6 3 0 2 3", 40),
                 "veteran": ("8 4 6 10 7 4 0 2 3", 60)},
    "lautus": {"green": ("9 2 7 7 6 1 0 1 3", 45), "regular": ("9 3 8 8 7 2 0 2 3", 65),
               "veteran": ("9 4 9 9 8 2 0 2 3", 85)},
    "logos": {"green": ("8 1 4 4 3 1 0 1 4", 20), "regular": ("8 2 5 5 4 1 0 2 5", 30),
              "veteran": ("8 3 5 5 5 2 0 2 6", 40)},
    "contego": {"green": ("6 2 6 6 4 3 4 2 3", 55), "regular": ("6 3 7 7 5 3 4 2 3", 70),
                "veteran": ("6 4 8 8 6 3 4 3 3", 105)},
    "bestia": {q: ("12 2 - 4 4 2 0 1 0", 20) for q in ("green", "regular", "veteran")},
}

BOOK_SPECIALS = {
    "medio": ([], [], ["battle-hardened"]),
    "suboles": ([], [], ["battle-hardened"]),
    "durus": ([], [], ["battle-hardened"]),
    "prelitor": (["impetus"], ["impetus"], ["impetus"]),
    "lautus": (["leap"], ["leap"], ["acrobatic"]),
    "logos": ([], [], []),
    "contego": ([], [], ["battle-hardened"]),
    "bestia": (["mount"], ["mount"], ["mount"]),
}

_LEVELS = {n: {f"hacker-{i}": "?/?/?" for i in range(1, n + 1)}
           | {f"psychic-level-{i}": "?/?/?" for i in range(1, n + 1)} for n in (1, 2, 3, 4)}

BOOK_UPGRADES = {
    "medio": {"Av 1": "3/5/8", "Av 2": "8/13/19", "Av 3": "13/20/31", "Av 4": "17/28/42",
              "+1 Dc": "10/15/20", "+2 Dc": "-/-/30", "+1 Mr": "10/20/30",
              "+1 Df": "8/16/24", "+1 Rg": "7/15/24", "+1 As": "4/8/12"},
    "suboles": {"Av 1": "4/8/11", "Av 2": "10/18/25", "Av 3": "17/29/42",
                "+1 Dc": "10/15/20", "+1 Mr": "10/20/35", "+1 Rg": "7/15/24",
                "+2 Rg": "12/21/32"},
    "durus": {"Av 1": "4/6/9", "Av 2": "9/14/20", "Av 3": "15/23/33", "Av 4": "19/31/44",
              "+1 Dc": "10/15/20", "+2 Dc": "-/-/30", "+1 In": "10/10/10",
              "+1 Mr": "10/20/35", "+1 As": "4/8/12", "+1 Df": "8/16/24"},
    "prelitor": {"Av 1": "3/4/6", "Av 2": "6/10/15", "Av 3": "10/17/25", "Av 4": "14/22/33",
                 "+1 Dc": "10/15/20", "+2 Dc": "-/-/30", "+1 Mr": "10/20/30",
                 "+1 Df": "8/16/24", "+1 Rg": "7/15/24", "+1 As": "4/8/12",
                 "+2 As": "8/12/16", "no Rg": "-5/-5/-5", "+2 Mv": "5/5/5",
                 "+4 Mv": "12/12/12"},
    "lautus": {"Av 1": "5/7/9", "Av 2": "11/16/21", "Av 3": "19/27/35", "+1 Dc": "10/15/20",
               "+1 Mr": "10/20/30", "+1 Df": "8/16/24", "+1 Rg": "7/15/24",
               "+1 As": "4/8/12"},
    "logos": {"Av 1": "2/3/4", "Av 2": "5/8/10", "Av 3": "8/12/17", "Av 4": "11/17/22",
              "+1 Dc": "10/15/20", "+1 Mr": "10/20/30", "+1 Df": "8/16/24",
              "+1 Rg": "7/15/24", "+1 As": "4/8/12"},
    "contego": {"Av 5": "37/47/70", "Av 6": "41/53/79", "+1 Dc": "15/20/30",
                "+2 Dc": "-/-/45", "+1 Mr": "10/20/30", "+1 Df": "8/16/24",
                "+1 Rg": "7/15/24", "+1 As": "4/8/12"},
    "bestia": {name: f"{pts}/{pts}/{pts}" for name, pts in (
        ("Av 1", 3), ("Av 2", 6), ("Av 3", 10), ("Av 4", 14), ("+1 Dc", 10), ("+2 Dc", 20),
        ("+3 Dc", 30), ("+1 S", 15), ("+1 Df", 8), ("+1 As", 4), ("+2 As", 8),
        ("+4 As", 16), ("+2 Mv", 5), ("+4 Mv", 12), ("+6 Mv", 18))},
}

BOOK_SKILLS = {
    "medio": {"amphibious": "2/2/2", "battle-hardened": "-/15/?", "brain-dead": "15/-/-",
              "combat-master": "-/5/5", "critical-shot": "10/15/15",
              "critical-strike": "8/12/12", "dispersed-formation": "5/5/5",
              "fanatic": "10/20/30", "gun-fighter": "5/5/5", "gunsmith-1": "5/5/5",
              "gunsmith-2": "10/10/10", "heroic": "-/-/20", "impetus": "3/6/9",
              "knife-fighter": "5/5/5", "martial-arts": "5/5/5", "parry": "5/5/5",
              "psychic-null": "10/10/10", "regeneration": "10/10/10"} | _LEVELS[3],
    "suboles": {"amphibious": "2/2/2", "critical-shot": "10/15/15",
                "dispersed-formation": "5/5/5", "gun-fighter": "10/10/10",
                "gunsmith-1": "5/5/5", "gunsmith-2": "10/10/10", "gunsmith-3": "15/15/15",
                "heroic": "-/-/20", "martial-arts": "5/5/5", "psychic-null": "10/10/10",
                "regeneration": "10/10/10"} | _LEVELS[2],
    "durus": {"amphibious": "2/2/2", "battle-hardened": "-/15/?", "body-slam": "15/15/25",
              "brain-dead": "15/-/-", "combat-master": "-/5/5",
              "critical-strike": "8/12/12", "dispersed-formation": "5/5/5",
              "fanatic": "10/20/20", "gun-fighter": "5/5/5", "heroic": "-/-/20",
              "hurl-opponent": "5/5/5", "impetus": "3/6/9", "knife-fighter": "5/5/5",
              "martial-arts": "5/5/5", "parry": "5/5/5", "psychic-null": "8/8/8",
              "regeneration": "10/10/10", "savage-assault": "10/10/10"} | _LEVELS[1],
    "prelitor": {"amphibious": "2/2/2", "battle-hardened": "-/15/20",
                 "body-slam": "15/15/25", "brain-dead": "15/-/-", "combat-master": "-/5/5",
                 "critical-strike": "8/12/12", "disarm": "-/5/5",
                 "dispersed-formation": "5/5/5", "fanatic": "10/20/20",
                 "gun-fighter": "5/5/5", "heroic": "-/-/20", "knife-fighter": "5/5/5",
                 "leap": "5/5/5", "martial-arts": "5/5/5", "parry": "5/5/5",
                 "psychic-null": "8/8/8", "regeneration": "10/10/10",
                 "savage-assault": "10/10/10"} | _LEVELS[2],
    "lautus": {"acrobatic": "5/5/?", "amphibious": "2/2/2", "battle-hardened": "-/-/15",
               "brain-dead": "15/-/-", "catfall": "3/3/?", "combat-master": "-/5/5",
               "dispersed-formation": "5/5/5", "fanatic": "10/20/30", "gun-fighter": "5/5/5",
               "gunsmith-1": "5/5/5", "gunsmith-2": "10/10/10", "heroic": "-/-/20",
               "impetus": "3/6/9", "knife-fighter": "5/5/5", "martial-arts": "5/5/5",
               "parry": "5/5/5", "psychic-null": "10/10/10", "regeneration": "10/10/10",
               "savage-assault": "10/10/10"} | _LEVELS[3],
    "logos": {"amphibious": "2/2/2", "battle-hardened": "-/-/15", "brain-dead": "15/-/-",
              "combat-master": "-/-/5", "critical-shot": "-/-/8", "critical-strike": "-/-/6",
              "dispersed-formation": "5/5/5", "fanatic": "10/20/30", "gun-fighter": "5/5/5",
              "gunsmith-1": "5/5/5", "gunsmith-2": "10/10/10", "gunsmith-3": "15/15/15",
              "heroic": "-/-/20", "impetus": "3/6/9", "knife-fighter": "5/5/5",
              "psychic-null": "10/10/10", "regeneration": "10/10/10"} | _LEVELS[4],
    "contego": {"amphibious": "2/2/2", "battle-hardened": "-/15/?", "body-slam": "15/15/25",
                "brain-dead": "15/-/-", "combat-master": "-/5/5",
                "critical-shot": "10/15/15", "critical-strike": "8/12/12",
                "fanatic": "10/20/30", "gun-fighter": "5/5/5", "gunsmith-1": "5/5/5",
                "gunsmith-2": "10/10/10", "heroic": "-/-/20", "impetus": "3/6/9",
                "knife-fighter": "5/5/5", "martial-arts": "5/5/5", "parry": "5/5/5",
                "psychic-null": "10/10/10", "regeneration": "10/10/10",
                "savage-assault": "10/10/10"} | _LEVELS[3],
    "bestia": {"amphibious": "2/2/2", "body-slam": "15/15/15", "combat-master": "5/5/5",
               "impetus": "3/3/3", "leap": "5/5/5", "regeneration": "10/10/10",
               "savage-assault": "10/10/10", "mount": "-10/-10/-10"},
}


def _cell(costs: dict[str, Any]) -> str:
    return "/".join(str(p) for p in _pts(costs))


@pytest.mark.parametrize("archetype", ARCHETYPES)
def test_archetype_boxes_match_the_book(archetype: str) -> None:
    stats = ("Mv", "Mr", "Rg", "As", "Df", "S", "Av", "Dc", "In")
    qualities = _data("archetype", archetype)["qualities"]
    for quality, (printed, points) in BOOK_PROFILES[archetype].items():
        profile = qualities[quality]["profile"]
        cells = " ".join("-" if profile[s] is None else str(profile[s]) for s in stats)
        assert (cells, qualities[quality]["points"]) == (printed, points), quality
    specials = tuple(qualities[q]["special"] for q in ("green", "regular", "veteran"))
    assert specials == BOOK_SPECIALS[archetype]


@pytest.mark.parametrize("archetype", ARCHETYPES)
def test_archetype_upgrade_cells_match_the_book(archetype: str) -> None:
    upgrades = _data("archetype", archetype)["upgrades"]
    assert {u["name"]: _cell(u["costs"]) for u in upgrades} == BOOK_UPGRADES[archetype]
    assert len(upgrades) == len(BOOK_UPGRADES[archetype])


@pytest.mark.parametrize("archetype", ARCHETYPES)
def test_archetype_skill_cells_match_the_book(archetype: str) -> None:
    skills = _data("archetype", archetype)["skills"]
    assert {s["skill"]: _cell(s["costs"]) for s in skills} == BOOK_SKILLS[archetype]
    assert len(skills) == len(BOOK_SKILLS[archetype])


def test_dropped_skill_cells_are_marked_uncertain() -> None:
    # Cells run together in the dump ('-/15/15/-/-/5/5'): each unreadable last value is
    # listed with a note, and only those.
    def paths(archetype: str) -> set[str]:
        return {u["path"] for u in RECORDS[("archetype", archetype)].get("uncertain", [])}

    def skill_path(archetype: str, skill: str, quality: str) -> str:
        index = [s["skill"] for s in _data("archetype", archetype)["skills"]].index(skill)
        return f"$.data.skills[{index}].costs.{quality}"

    assert skill_path("medio", "battle-hardened", "veteran") in paths("medio")
    assert skill_path("durus", "battle-hardened", "veteran") in paths("durus")
    assert skill_path("contego", "battle-hardened", "veteran") in paths("contego")
    assert skill_path("lautus", "acrobatic", "veteran") in paths("lautus")
    assert skill_path("lautus", "catfall", "veteran") in paths("lautus")
    assert skill_path("logos", "brain-dead", "veteran") in paths("logos")
    assert paths("suboles") == paths("bestia") == set()


# "Basic Weapons" and "Support Weapons", every profile: tech, the six range bands, S and
# the special box.
@pytest.mark.parametrize(
    ("weapon", "tech", "cells", "s", "special"),
    [
        ("pistol", 1, "3+ 4+ 5+ 6+ - -", 1, {"pistol": None, "move-and-fire": None}),
        ("rifle", 1, "6+ 4+ 4+ 5+ 6+ -", 2, {}),
        ("machine-pistol", 1, "2+ 3+ 4+ - - -", 1, {"pistol": None, "move-and-fire": None}),
        ("assault-rifle", 1, "5+ 3+ 4+ 5+ - -", 2, {"move-and-fire": None}),
        ("heavy-pistol", 1, "4+ 4+ 5+ 6+ - -", 2, {"pistol": None}),
        ("smg", 1, "3+ 3+ 4+ - - -", 2, {"move-and-fire": None}),
        ("bolt-pistol", 3, "5+ 4+ 5+ 6+ - -", 3, {"pinning": 1}),
        ("shotgun", 1, "4+ 4+ 5+ 5+ - -", 2, {"hail": None}),
        ("sniper-rifle", 2, "- 6+ 4+ 2+ 3+ 4+", 3, {}),
        ("boarding-shotgun", 1, "2+ 3+ 4+ - - -", 2, {"pistol": None, "hail": None}),
        ("boltgun", 3, "5+ 4+ 4+ 5+ - -", 3, {}),
        ("flamethrower", 2, "3+ 4+ - - - -", 3, {"flame-thrower": 12, "pinning": 1}),
        ("grenade-launcher", 2, "- 6+ 4+ 4+ 5+ 6+", 2, {"blast": 2}),
        ("saw-or-lmg", 2, "- 4+ 3+ 3+ 4+ 5+", 2, {"heavy": 1, "rof": 2}),
        ("plasma-gun", 4, "5+ 4+ 4+ 5+ - -", 5, {"heavy": 1, "pinning": 1}),
        ("heavy-boltgun", 4, "6+ 4+ 3+ 5+ 5+ -", 4, {"heavy": 2, "rof": 3}),
        ("hmg", None, "6+ 5+ 3+ 4+ 5+ 5+", None, {"heavy": 2, "pinning": 1, "rof": 2}),
        ("heavy-flamethrower", 3, "3+ 4+ 4+ - - -", 3, {"heavy": 1, "flame-thrower": 16}),
        ("missile-launcher", 3, "- 5+ 4+ 3+ 3+ 4+", 3, {"heavy": 2, "at": 5}),
        ("blaster", None, "4+ 4+ 5+ - - -", 6, {}),
        ("auto-cannon", None, "- 5+ 4+ 4+ 5+ 5+", 4, {"heavy": 2, "rof": 2}),
    ],
)
def test_every_weapon_profile_matches_the_book(weapon: str, tech: int | None, cells: str,
                                               s: int | None,
                                               special: dict[str, int | None]) -> None:
    data = _data("weapon", weapon)
    printed = " ".join("-" if data["to_hit"][b] is None else f"{data['to_hit'][b]}+"
                       for b in BANDS)
    assert (data["tech"], printed, data["S"]) == (tech, cells, s)
    assert data["traits"] == list(special)
    assert data["trait_values"] == {k: v for k, v in special.items() if v is not None}


def test_loose_tech_2_and_pinning_1_are_the_flamethrowers() -> None:
    # Basic Weapons: the Flamethrower box prints no Tech; the page's spare 'Tech', a '2'
    # and 'Pinning 1' stand beside its description. All three tech values printed outside
    # a box on that page (Grenade launcher, Flamethrower, SAW or LMG) are 2.
    flamer = RECORDS[("weapon", "flamethrower")]
    assert (flamer["data"]["tech"], flamer["data"]["trait_values"]) == (
        2, {"flame-thrower": 12, "pinning": 1})
    notes = {u["path"]: u["note"] for u in flamer["uncertain"]}
    assert set(notes) == {"$.data.tech", "$.data.traits"}
    assert "Pinning 1" in notes["$.data.traits"]
    assert [_data("weapon", w)["tech"] for w in ("grenade-launcher", "saw-or-lmg")] == [2, 2]


def test_rifle_keeps_the_basic_weapons_profile_over_the_worked_example() -> None:
    # "Hitting" and "Weaponry" show a Rifle-like profile 5+ 4+ 4+ 5+ 6+ - S 3 and say
    # 8 units needs 5+; the Basic Weapons table prints 6+ and S 2. The table is kept and
    # both values carry a note naming the example.
    rifle = RECORDS[("weapon", "rifle")]
    assert (rifle["data"]["to_hit"]["0-6"], rifle["data"]["to_hit"]["6-12"],
            rifle["data"]["S"]) == (6, 4, 2)
    notes = {u["path"]: u["note"] for u in rifle["uncertain"]}
    assert set(notes) == {"$.data.to_hit.0-6", "$.data.S"}
    assert "5+" in notes["$.data.to_hit.0-6"]
    assert "S 3" in notes["$.data.S"]


def test_heavy_boltgun_and_hmg_box_pairing_is_marked_uncertain() -> None:
    for weapon in ("heavy-boltgun", "hmg"):
        paths = {u["path"] for u in RECORDS[("weapon", weapon)]["uncertain"]}
        assert "$.data.to_hit" in paths


@pytest.mark.parametrize(
    ("weapon", "opening"),
    [
        ("pistol", "Often deployed as standard side arms"),
        ("rifle", "The rifle, whether it is semi automatic"),
        ("machine-pistol", "Small pistol sized weapons"),
        ("heavy-pistol", "Similar in many to the standard pistol"),
        ("smg", "An sub-machine gun"),
        ("shotgun", "The humble shotgun"),
        ("sniper-rifle", "A single good sniper"),
        ("boarding-shotgun", "The boarding shotgun is a light version"),
        ("boltgun", "The Boltgun is a favourite with heavy infantry"),
        ("flamethrower", "No weapon causes fear in the same way"),
        ("grenade-launcher", "The grenade launcher provides a squad"),
        ("saw-or-lmg", "The Light Machine Gun or Squad Support Weapon"),
    ],
)
def test_weapon_descriptions_are_paired_with_their_profiles(weapon: str, opening: str) -> None:
    assert _data("weapon", weapon)["description"].startswith(opening)


@pytest.mark.parametrize(
    ("row", "size", "bonus"),
    [(0, "Man", 0), (1, "Horse, mounted man", 1), (2, "Car", 2), (3, "Elephant, Truck", 3),
     (4, "Whale, Tank", 4)],
)
def test_large_targets_table(row: int, size: str, bonus: int) -> None:
    entry = _data("table", "large-target-sizes")["rows"][row]
    assert (entry["size"], entry["rg_bonus"]) == (size, bonus)


def test_full_tables_match_the_book() -> None:
    # "Most Pressing Target", "Hard Cover", "Wounding", "Typical Vehicle Profiles".
    pressing = [(r["distance"], r["difficulty"])
                for r in _data("table", "most-pressing-target")["rows"]]
    assert pressing == [("0-5 units", 4), ("5-10 units", 3), ("10-20 units", 2),
                        ("20 or more units", 1)]
    cover = [(r["terrain"], r["av_bonus"]) for r in _data("table", "hard-cover")["rows"]]
    assert cover == [("Brick wall", 1), ("Sandbags", 1), ("Earth bank", 2),
                     ("Concrete wall", 2), ("Trench", 2), ("Bunker", 3),
                     ("Steel Bulkhead", 3)]
    wounds = [(r["dc_left_min"], r["dc_left_max"], r["wound"], r["effect"])
              for r in _data("table", "wound-table")["rows"]]
    assert wounds == [
        (1, 1, "critical wound", "Halve all characteristics, rounding up"),
        (2, 2, "major wound", "Halve Mv, Rg, As and S, rounding up"),
        (3, 3, "minor wound", "-1 to Mv, Rg, As and S"),
        (4, None, "flesh wound", "no in game effect"),
    ]
    vehicles = [(r["name"], r["Mv"], r["Av"], r["Dam"], r["Transport"])
                for r in _data("table", "typical-vehicle-profiles")["rows"]]
    assert vehicles == [("Car", 15, 5, 10, 4), ("Truck", 12, 5, 25, 10), ("Bike", 20, 4, 5, 1),
                        ("APC", 12, 6, 35, 8), ("Tank", 10, 8, 50, 0)]
