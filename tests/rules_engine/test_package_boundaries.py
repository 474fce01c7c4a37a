"""The engine's packages depend on each other one way only: the two clix games share
``rules_engine.clix`` and neither imports the other, and no module imports itself back
through another (a simulation's report takes plain values).

How the rest of the house reaches the engine, and its own layers, is ``tests/test_layers.py``.
"""

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
