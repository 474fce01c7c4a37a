"""The engine's packages depend on each other one way only: the two clix games share
``rules_engine.clix`` and neither imports the other, and no module imports itself back
through another (a simulation's report takes plain values)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2] / "rules_engine"


def _module(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _graph() -> dict[str, set[str]]:
    """Every engine module and the engine modules it imports (anywhere in it)."""
    modules = {_module(p): p for p in ROOT.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        deps: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("rules_engine"):
                module = str(node.module)
                submodules = {f"{module}.{a.name}" for a in node.names} & modules.keys()
                deps |= submodules or {module}
            elif isinstance(node, ast.Import):
                deps |= {a.name for a in node.names if a.name.startswith("rules_engine.")}
        graph[name] = {d for d in deps if d in modules and d != name}
    return graph


GRAPH = _graph()


@pytest.mark.parametrize(
    ("game", "other"), [("cs_air_action", "cs_aces"), ("cs_aces", "cs_air_action")]
)
def test_neither_clix_game_imports_the_other(game: str, other: str) -> None:
    offending = {
        m: sorted(d for d in deps if d.startswith(f"rules_engine.{other}"))
        for m, deps in GRAPH.items()
        if m.startswith(f"rules_engine.{game}")
    }
    assert {m: d for m, d in offending.items() if d} == {}


def test_both_games_use_the_shared_clix_package() -> None:
    for game in ("cs_aces", "cs_air_action"):
        assert any(
            d.startswith("rules_engine.clix")
            for m, deps in GRAPH.items()
            if m.startswith(f"rules_engine.{game}")
            for d in deps
        )
    assert not any(
        d.startswith(("rules_engine.cs_aces", "rules_engine.cs_air_action"))
        for m, deps in GRAPH.items()
        if m.startswith("rules_engine.clix")
        for d in deps
    )


def test_no_module_imports_itself_back() -> None:
    def reaches(start: str) -> bool:
        seen, todo = set(), list(GRAPH[start])
        while todo:
            module = todo.pop()
            if module == start:
                return True
            if module not in seen:
                seen.add(module)
                # A package's __init__ importing its own modules is how it exports them;
                # the cycle that matters runs between modules.
                todo += [d for d in GRAPH[module] if d != start.rpartition(".")[0]]
        return False

    assert [m for m in sorted(GRAPH) if "." in m[len("rules_engine.") :] and reaches(m)] == []


HOUSE = ROOT.parent
GATEWAY = "builder.engine"
FRONT_DOOR = {
    "check",
    "cost",
    "odds",
    "odds_queries",
    "simulate",
    "simulate_block",
    "merge_blocks",
    "plan_blocks",
    "validate_simulation",
    "validate_list",
    "parse_json",
}
"""What the engine does for Django: checking, pricing, odds, simulation and its blocks, the
bounded JSON reader. Only the gateway calls them."""

NOT_YET_THROUGH_THE_GATEWAY: dict[str, str] = {
    "content.catalogues": "content sits below builder: it builds the engine catalogue of its "
    "own stored packs (build_catalogue, BadDocument) for the gateway to use",
    "content.api_selectors": "the Catalogue type of what it returns",
    "content.selectors": "the Catalogue type of what it returns",
    "content.schemas": "the pack and list schemas are the engine's (compiled, schema errors)",
    "content.packdocs": "reads the pack files the CLI reads, to document them",
    "content.services.packs": "pack loading validates and normalises packs with the engine's "
    "pack reader; its older-spelling shims are being retired separately",
    "content.services.collection": "a collection pack's checksum is the engine's pack checksum",
    "content.services.json_safety": "the engine's depth limit and JSON paths for pack files",
    "content.management.commands.dumppack": "dumps packs in the engine's canonical JSON",
    "builder.collections.selectors": "the Catalogue type of its arguments",
    "builder.web.builder_view": "the Catalogue type of its arguments",
    "builder.web.fighter_fields": "catalogue records (Catalogue, Record) for the design fields",
    "builder.web.fighters": "catalogue records (Catalogue, thaw) for fighter designs",
    "builder.web.listform": "the list schemas' paths, until each game's fields have one home",
    "builder.web.odds_form": "the Catalogue type of its arguments",
    "builder.web.pickers": "catalogue records (Catalogue, Record) for the pickers",
    "builder.web.views.build": "the Catalogue type of its arguments",
    "builder.web.views.fights": "a game's simulation module, until the engine declares it in "
    "its SystemModule",
    "builder.web.views.odds": "runs odds queries itself, until the odds parameters are read "
    "once by the engine",
}
"""Modules of ``builder`` and ``content`` that still import ``rules_engine``, and why."""


def _house_imports() -> dict[str, set[tuple[str, str]]]:
    """Every module of builder/ and content/ and what it imports of the engine:
    (module, name) pairs, name "" for ``import rules_engine...``."""
    found: dict[str, set[tuple[str, str]]] = {}
    for package in ("builder", "content"):
        for path in (HOUSE / package).rglob("*.py"):
            if "migrations" in path.parts:
                continue
            parts = path.relative_to(HOUSE).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            imports: set[tuple[str, str]] = set()
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == (
                    "rules_engine"
                ):
                    imports |= {(str(node.module), a.name) for a in node.names}
                elif isinstance(node, ast.Import):
                    imports |= {
                        (a.name, "") for a in node.names if a.name.split(".")[0] == "rules_engine"
                    }
            if imports:
                found[name] = imports
    return found


HOUSE_IMPORTS = _house_imports()


def test_only_the_gateway_imports_the_engine() -> None:
    outside = {
        m for m in HOUSE_IMPORTS if m != GATEWAY and not m.startswith(f"{GATEWAY}.")
    }
    assert sorted(outside - NOT_YET_THROUGH_THE_GATEWAY.keys()) == []
    # An exception that no longer imports the engine is struck off the list.
    assert sorted(NOT_YET_THROUGH_THE_GATEWAY.keys() - outside) == []


def test_nothing_but_the_gateway_checks_prices_or_plays() -> None:
    calls = {
        m: sorted(
            f"{module}.{name}" if name else module
            for module, name in imports
            if name in FRONT_DOOR or (module, name) == ("rules_engine", "") or module in (
                "rules_engine.api",
                "rules_engine.simulation",
            )
        )
        for m, imports in HOUSE_IMPORTS.items()
        if m != GATEWAY and not m.startswith(f"{GATEWAY}.")
    }
    assert {m: c for m, c in calls.items() if c} == {
        "builder.web.views.odds": ["rules_engine.odds.odds", "rules_engine.odds.odds_queries"]
    }
