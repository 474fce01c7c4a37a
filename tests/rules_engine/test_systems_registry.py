"""Each game system declares what it offers once, in its ``SystemModule``, and everything
else reads the one registry: no second list of odds functions, no discovery by module
name, no per-system simulate or parameter reader beside the front doors."""

from __future__ import annotations

import importlib
import inspect
import json
import re
from pathlib import Path

import pytest

from rules_engine.systems import SYSTEMS
from rules_engine.typing import SystemModule

ENGINE = Path(__file__).resolve().parents[2] / "rules_engine"
PACKAGES = {
    "cs-air-action": "cs_air_action",
    "cs-aces": "cs_aces",
    "crimson-dust": "crimson_dust",
    "black-skies": "black_skies",
    "cs-hex": "cs_hex",
}


def test_the_registry_holds_every_system_package_once():
    assert list(SYSTEMS) == list(PACKAGES)
    for slug, package in PACKAGES.items():
        module = importlib.import_module(f"rules_engine.{package}").MODULE
        assert isinstance(module, SystemModule)
        assert SYSTEMS[slug] is module
        assert module.system == slug


@pytest.mark.parametrize("slug", list(PACKAGES))
def test_a_system_offers_fights_exactly_when_it_has_a_simulation(slug):
    has_simulation = (ENGINE / PACKAGES[slug] / "simulation.py").exists()
    assert SYSTEMS[slug].has_fights is has_simulation
    assert (SYSTEMS[slug].simulation() is not None) is has_simulation
    assert SYSTEMS[slug].queries()


def test_nothing_declares_a_system_a_second_way():
    sources = {p: p.read_text(encoding="utf-8") for p in ENGINE.rglob("*.py")}
    found = sorted(
        f"{p.relative_to(ENGINE)}: {what}"
        for p, text in sources.items()
        for what, pattern in (
            ("ODDS", r"\bODDS\b"),
            ("import_module", r"\bimport_module\b"),
            ("simulate", r"^def simulate\("),
        )
        if re.search(pattern, text, re.M) and not (
            what == "simulate" and p == ENGINE / "simulation.py"
        )
    )
    assert found == []


def test_the_parameter_readers_with_their_own_bounds_are_gone():
    assert sorted(str(p.relative_to(ENGINE)) for p in ENGINE.rglob("params.py")) == []


@pytest.mark.parametrize("slug", [
    "cs-air-action", "cs-aces", "black-skies", "cs-hex", "crimson-dust"])
def test_computing_functions_take_their_parameters_by_name(slug):
    # Each keyword the front door hands over is a named, annotated parameter.
    for query in SYSTEMS[slug].queries().values():
        signature = inspect.signature(query.run)
        kinds = {p.kind for p in signature.parameters.values()}
        assert inspect.Parameter.VAR_KEYWORD not in kinds, query.name
        names = set(signature.parameters) - {"catalogue"}
        assert {p.keyword or p.name for p in query.params} == names, query.name



RAW_WEAPON_VALUES = {"score", "S", "at", "pinning", "hail", "rof_trait"}


def test_a_query_handed_only_what_was_given_defaults_as_it_declares():
    # Crimson Dust's functions see only the values given (so a raw weapon value beside a
    # weapon is refused); what they play for one not given is the declared default, and a
    # raw weapon value is None until given.
    for query in SYSTEMS["crimson-dust"].queries().values():
        assert not query.pass_defaults, query.name
        defaults = {k: p.default for k, p in inspect.signature(query.run).parameters.items()}
        for param in query.params:
            keyword = param.keyword or param.name
            in_shot = query.name in ("shot", "to_hit", "hits")
            expected = None if in_shot and keyword in RAW_WEAPON_VALUES else param.default
            assert defaults[keyword] == expected, (query.name, keyword)


def test_the_list_envelope_names_exactly_the_declared_systems():
    """The published envelope schema lists the systems for other apps; it is the registry's
    list, in its order, so a sixth system is declared in one place and the schema follows."""
    envelope = json.loads((ENGINE / "schemas" / "list.json").read_text(encoding="utf-8"))
    assert envelope["properties"]["system"]["enum"] == list(SYSTEMS)


def test_every_system_names_the_book_its_core_pack_comes_from():
    packs = ENGINE.parent / "content" / "packs"
    for slug in SYSTEMS:
        pack = json.loads((packs / slug / f"{slug}-core.json").read_text(encoding="utf-8"))
        assert SYSTEMS[slug].source == pack["source"]["seed"], slug
    assert [SYSTEMS[s].title for s in SYSTEMS] == [
        "Crimson Skies: Air Action",
        "Crimson Skies: Aces",
        "Crimson Dust",
        "Black Skies",
        "Crimson Skies hex-map rules",
    ]
    assert {s: SYSTEMS[s].related for s in SYSTEMS if SYSTEMS[s].related} == {
        "cs-air-action": ("cs-aces",),
        "cs-aces": ("cs-air-action",),
    }
