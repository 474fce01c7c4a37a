"""One home per game: the registry holds exactly the engine's games, each game builds the
kinds the engine's list schemas accept, and a new list of every kind is one the engine reads."""

from __future__ import annotations

import pkgutil
from typing import Any

import pytest

import builder.games
from builder.engine import SYSTEMS, BadDocument, list_schema_path, validate
from builder.games import game, games, package_name
from builder.games.pages import Page
from builder.web.selectors.catalogue import current_catalogue
from builder.web.views.build import new_document
from content.services.packs import pack_load
from tests.conftest import pack_paths, read_pack

DEFAULT_LIMITS = {
    ("crimson-dust", "warband"): 500,
    ("cs-air-action", "squadron"): 200,
    ("cs-aces", "team"): 100,
    ("black-skies", "fighter"): None,
    ("black-skies", "squadron"): None,
    ("cs-hex", "plane"): None,
    ("cs-hex", "character"): None,
}
"""The limit a new list starts with: the books' usual game sizes; none where a list's size
is not counted in points against a limit."""
KINDS = sorted(DEFAULT_LIMITS)
NEW_LISTS = KINDS


def schema_kinds(system: str) -> set[str]:
    """The list kinds the engine has a body schema for (``<system>.<kind>.json``)."""
    pattern = list_schema_path(system, "*")
    return {p.name.split(".")[1] for p in pattern.parent.glob(pattern.name)}


@pytest.fixture
def packs(db: Any) -> Any:
    return pack_load(documents=[(str(p), read_pack(p)) for p in pack_paths()])


def test_every_declared_system_has_a_game_and_every_game_is_declared() -> None:
    assert [g.system for g in games()] == list(SYSTEMS)
    packages = {
        f"builder.games.{m.name}" for m in pkgutil.iter_modules(builder.games.__path__) if m.ispkg
    }
    assert packages == {package_name(s) for s in SYSTEMS}


def test_an_undeclared_system_has_no_game() -> None:
    with pytest.raises(KeyError):
        game("warhammer")


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_game_builds_the_kinds_its_list_schemas_accept(system: str) -> None:
    assert {k.slug for k in game(system).kinds} == schema_kinds(system)
    assert {k for s, k in KINDS if s == system} == schema_kinds(system)


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_game_page_is_the_page_protocol(system: str) -> None:
    assert isinstance(game(system).page, Page)


@pytest.mark.parametrize(("system", "kind"), NEW_LISTS)
def test_a_new_list_of_every_kind_is_one_the_engine_reads(
    packs: Any, system: str, kind: str
) -> None:
    doc = new_document(system, kind, current_catalogue())
    assert (doc["system"], doc["kind"]) == (system, kind)
    assert doc.get("points_limit") == DEFAULT_LIMITS[(system, kind)]
    validate(doc)
    assert game(system).kind(kind).default_limit == DEFAULT_LIMITS[(system, kind)]  # type: ignore[union-attr]


@pytest.mark.parametrize(("system", "kind"), KINDS)
def test_a_new_list_starts_at_its_default_limit(packs: Any, system: str, kind: str) -> None:
    doc = new_document(system, kind, current_catalogue())
    assert doc.get("points_limit") == DEFAULT_LIMITS[(system, kind)]


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_kind_no_game_builds_is_refused_by_the_schema(packs: Any, system: str) -> None:
    doc = new_document(system, game(system).kinds[0].slug, current_catalogue())
    with pytest.raises(BadDocument) as refused:
        validate({**doc, "kind": "armada"})
    assert [(e.path, e.message) for e in refused.value.errors] == [
        ("$.kind", f"{system} has no list kind 'armada'")
    ]
