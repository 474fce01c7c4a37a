"""The house's layers point one way: the engine behind two doors, content below builder,
the apps in layers that import only downwards, the API's infrastructure below every app,
and no feature that branches on a game's slug (a game's differences live in its module).

An import is every ``import`` and ``from ... import`` anywhere in a module, inside
functions too, and every ``include("dotted.path")`` of a URL module: a dependency hidden
in a function or a string is still a dependency.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from rules_engine.systems import SYSTEMS

HOUSE = Path(__file__).resolve().parents[1]
PACKAGES = ("builder", "content")

ENGINE = "rules_engine"
GATEWAY = "builder.engine"
DOORS = (GATEWAY, "content.engine")
"""The gateway (a package) and content's one door (a module): only they import the engine."""

NOT_YET_THROUGH_THE_GATEWAY: dict[str, str] = {}
"""Modules outside the doors that still import ``rules_engine``, and why."""

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
    "resolve",
    "verify",
}
"""What the engine does for Django: checking, pricing, odds, simulation and its blocks, the
bounded JSON reader. Only the gateway calls them; content's door reads packs, no more."""

LAYERS: tuple[frozenset[str], ...] = (
    frozenset({"builder.core", "content"}),
    frozenset({"builder.engine"}),
    frozenset({"builder.api", "builder.games"}),
    frozenset({"builder.accounts", "builder.lists", "builder.simulations"}),
    frozenset({"builder.collections", "builder.printing", "builder.play"}),
    frozenset({"builder.campaigns"}),
    frozenset({"builder.catalogue"}),
    frozenset({"builder.web"}),
)
"""Lowest first; an app imports only apps of a lower layer, never its own layer's.

``core`` and ``content`` know nothing of the rest; ``engine`` is the gateway; ``api`` is the
infrastructure every app's endpoints build on and ``games`` one home per game; accounts,
lists and simulations stand alone; a collection knows list documents (what a list needs)
and printing prints saved lists; a campaign seats its players at the game table; the public
catalogue's endpoints filter by what a collection owns; the web pages use everything."""

WIRING = {
    "builder",
    "builder.api_urls",
    "builder.celery",
    "builder.gunicorn_conf",
    "builder.settings",
    "builder.urls",
    "builder.wsgi",
}
"""The composition root: settings, URL roots and entry points, which may name every app."""

INFRASTRUCTURE_USES = {"builder.core", "builder.engine"}
"""``builder.api`` holds base classes, errors, paging, schema and limits; of the apps it
uses only these two (errors and limits speak the engine's documents)."""


@dataclass(frozen=True)
class Import:
    module: str
    target: str
    path: Path
    line: int

    def __str__(self) -> str:
        return f"{self.path.relative_to(HOUSE)}:{self.line} {self.module} -> {self.target}"


def _module_name(path: Path) -> str:
    parts = path.relative_to(HOUSE).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _sources() -> dict[str, Path]:
    return {
        _module_name(path): path
        for package in PACKAGES
        for path in sorted((HOUSE / package).rglob("*.py"))
        if "migrations" not in path.parts
    }


MODULES = _sources()


def _targets(node: ast.AST, module: str, path: Path) -> Iterator[str]:
    if isinstance(node, ast.Import):
        yield from (alias.name for alias in node.names)
    elif isinstance(node, ast.ImportFrom):
        base = node.module or ""
        if node.level:
            package = module if path.name == "__init__.py" else module.rpartition(".")[0]
            for _ in range(node.level - 1):
                package = package.rpartition(".")[0]
            base = f"{package}.{base}".rstrip(".")
        for alias in node.names:
            submodule = f"{base}.{alias.name}"
            known = submodule in MODULES or submodule.startswith(f"{ENGINE}.")
            yield submodule if known and alias.name != "*" else base
    elif (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "include"
        and node.args
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    ):
        yield node.args[0].value


def _imports() -> list[Import]:
    found = {
        Import(module, target, path, getattr(node, "lineno", 0))
        for module, path in MODULES.items()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        for target in _targets(node, module, path)
    }
    return sorted(found, key=str)


IMPORTS = _imports()


def _is_engine(target: str) -> bool:
    return target.split(".")[0] == ENGINE


def _inside(module: str, package: str) -> bool:
    return module == package or module.startswith(f"{package}.")


def _behind_a_door(module: str) -> bool:
    return any(_inside(module, door) for door in DOORS)


def app_of(module: str) -> str:
    """The app a module belongs to: ``content``, ``builder.<app>``, or a wiring module."""
    parts = module.split(".")
    if parts[0] == "content":
        return "content"
    if parts[0] != "builder" or len(parts) == 1:
        return module
    return ".".join(parts[:2])


def _layer(app: str) -> int:
    return next(i for i, apps in enumerate(LAYERS) if app in apps)


def _app_imports() -> list[tuple[str, str, Import]]:
    """(importing app, imported app, the import) for every import between two apps."""
    edges = []
    for imp in IMPORTS:
        source, target = app_of(imp.module), app_of(imp.target)
        if source in WIRING or target.split(".")[0] not in PACKAGES or target in WIRING:
            continue
        if source != target:
            edges.append((source, target, imp))
    return edges


APP_IMPORTS = _app_imports()
APPS = frozenset().union(*LAYERS)


def test_every_app_has_a_layer() -> None:
    packages = {app_of(m) for m in MODULES} - WIRING
    assert sorted(packages - APPS) == []
    assert sorted(APPS - packages) == []


def test_only_the_doors_import_the_engine() -> None:
    engine_imports = [i for i in IMPORTS if _is_engine(i.target) and not _behind_a_door(i.module)]
    outside = {i.module for i in engine_imports}
    assert [str(i) for i in engine_imports if i.module not in NOT_YET_THROUGH_THE_GATEWAY] == []
    # An exception that no longer imports the engine is struck off the list.
    assert sorted(NOT_YET_THROUGH_THE_GATEWAY.keys() - outside) == []


def test_nothing_but_the_gateway_checks_prices_or_plays() -> None:
    calls = sorted(
        str(i)
        for i in IMPORTS
        if _is_engine(i.target)
        and not _inside(i.module, GATEWAY)
        and (
            i.target.rpartition(".")[2] in FRONT_DOOR
            or i.target == ENGINE
            or i.target.startswith((f"{ENGINE}.api", f"{ENGINE}.simulation"))
        )
    )
    assert calls == []


def test_content_imports_nothing_of_builder() -> None:
    assert [
        str(i)
        for i in IMPORTS
        if i.module.split(".")[0] == "content" and (i.target.split(".")[0] == "builder")
    ] == []


def test_apps_import_only_lower_layers() -> None:
    upward = [
        f"{imp} ({source} is layer {_layer(source)}, {target} layer {_layer(target)})"
        for source, target, imp in APP_IMPORTS
        if _layer(target) >= _layer(source)
    ]
    assert upward == []


def test_no_cycle_between_apps() -> None:
    graph: dict[str, set[str]] = {app: set() for app in APPS}
    for source, target, _imp in APP_IMPORTS:
        graph.setdefault(source, set()).add(target)

    def cycle_from(start: str) -> list[str]:
        paths = [[start]]
        seen = set()
        while paths:
            path = paths.pop()
            for nxt in sorted(graph.get(path[-1], ())):
                if nxt == start:
                    return [*path, start]
                if nxt not in seen:
                    seen.add(nxt)
                    paths.append([*path, nxt])
        return []

    assert [" -> ".join(c) for app in sorted(graph) if (c := cycle_from(app))] == []


def test_the_api_is_infrastructure() -> None:
    uses = sorted(
        str(imp)
        for source, target, imp in APP_IMPORTS
        if source == "builder.api" and (target not in INFRASTRUCTURE_USES)
    )
    assert uses == []


# --- One home per game ---------------------------------------------------------------

SLUGS = frozenset(SYSTEMS)
GAME_HOMES = (HOUSE / "rules_engine", HOUSE / "builder" / "games")
EXAMPLE_CALLS = {
    "OpenApiExample",
    "example",
    "error_example",
    "page_example",
    "request_example",
    "response_example",
}
TEMPLATE_BRANCH = re.compile(
    r"{%\s*(?:el)?if\b[^%]*?(?:==|!=|\bin\b)\s*(?P<q>[\"'])(?P<slug>[^\"']+)(?P=q)[^%]*%}"
)


def _names_a_system(node: ast.expr) -> bool:
    if isinstance(node, ast.Name):
        return "system" in node.id.lower()
    if isinstance(node, ast.Attribute):
        return "system" in node.attr.lower() or (
            node.attr == "slug" and _names_a_system(node.value)
        )
    if isinstance(node, ast.Subscript):
        key = node.slice
        return isinstance(key, ast.Constant) and key.value == "system"
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        first = node.args[0] if node.args else None
        return (
            node.func.attr == "get"
            and isinstance(first, ast.Constant)
            and (first.value == "system")
        )
    return False


def _strings(node: ast.expr) -> set[str] | None:
    """The strings a literal holds, or None when it is not a string literal (or a tuple,
    list or set of them)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.Tuple | ast.List | ast.Set) and node.elts:
        values = [_strings(e) for e in node.elts]
        if all(v is not None for v in values):
            return set().union(*values)  # type: ignore[arg-type]
    return None


def _is_example_data(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    while node in parents:
        node = parents[node]
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            if name in EXAMPLE_CALLS:
                return True
        if isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and "EXAMPLE" in t.id for t in targets):
                return True
    return False


def _system_branches(source: str, where: str) -> Iterator[str]:
    tree = ast.parse(source)
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            literals = [s for side in sides if (s := _strings(side)) is not None]
            slug_literal = any(s & SLUGS for s in literals)
            on_system = any(s - {""} for s in literals) and any(map(_names_a_system, sides))
            if (slug_literal or on_system) and not _is_example_data(node, parents):
                yield f"{where}:{node.lineno} compares {ast.unparse(node)}"
        elif isinstance(node, ast.Dict):
            keys = {
                k.value
                for k in node.keys
                if isinstance(k, ast.Constant) and isinstance(k.value, str)
            }
            if keys & SLUGS and not _is_example_data(node, parents):
                yield f"{where}:{node.lineno} keys a dict by {sorted(keys & SLUGS)}"
        elif isinstance(node, ast.MatchValue):
            value = _strings(node.value)
            if value and value & SLUGS:
                yield f"{where}:{node.lineno} matches case {sorted(value)}"


def _template_branches(path: Path) -> Iterator[str]:
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        for match in TEMPLATE_BRANCH.finditer(line):
            if match["slug"] in SLUGS:
                yield f"{path.relative_to(HOUSE)}:{number} {match[0]}"


def _outside_game_homes(paths: Iterator[Path]) -> list[Path]:
    return sorted(
        p
        for p in paths
        if "migrations" not in p.parts and not any(p.is_relative_to(home) for home in GAME_HOMES)
    )


@pytest.mark.parametrize(
    ("source", "found"),
    [
        ('if system == "cs-hex":\n    pass', ["m.py:1 compares system == 'cs-hex'"]),
        ('x = doc["system"] in ("a", "b")', ["m.py:1 compares doc['system'] in ('a', 'b')"]),
        ('x = "cs-aces" in slugs', ["m.py:1 compares 'cs-aces' in slugs"]),
        ('x = system.slug != "z"', ["m.py:1 compares system.slug != 'z'"]),
        ('UNITS = {"cs-hex": "mass"}', ["m.py:1 keys a dict by ['cs-hex']"]),
        (
            'match s:\n    case "black-skies":\n        pass',
            ["m.py:2 matches case ['black-skies']"],
        ),
        ('x = system == ""', []),
        ('x = kind == "team"', []),
        ('"""Only ``system == "cs-hex"`` in a docstring."""', []),
        ('e = OpenApiExample("A", value={"cs-aces": 1, "system": "cs-aces"})', []),
        ('ITEM_EXAMPLE = {"system": "cs-aces", "by": {"cs-hex": 2}}', []),
        ('r = {"system": "cs-aces"}', []),
    ],
)
def test_what_counts_as_a_branch_on_a_game(source: str, found: list[str]) -> None:
    assert list(_system_branches(source, "m.py")) == found


def test_a_template_branch_on_a_game_is_found() -> None:
    text = '{% if system.slug == "cs-hex" %}mass{% elif unit == "points" %}pts{% endif %}'
    found = [m[0] for m in TEMPLATE_BRANCH.finditer(text) if m["slug"] in SLUGS]
    assert found == ['{% if system.slug == "cs-hex" %}']


def test_no_feature_branches_on_a_game() -> None:
    """Outside ``rules_engine/`` and ``builder/games/``, no Python module compares a system
    slug (``system == "cs-hex"``, ``system in ("cs-aces", ...)``, ``case "cs-hex":``),
    compares anything that names a system (a name or attribute containing ``system``, a
    ``system.slug``, ``doc["system"]``, ``doc.get("system")``) with a string literal, or
    keys a dict literal by a slug; no template branches (``{% if %}``/``{% elif %}``) on a
    slug literal. Docstrings and comments are not code and are not read. Example data is
    not a branch: a literal inside ``OpenApiExample(...)`` or the schema's ``example``
    helpers, or assigned to a name containing ``EXAMPLE``, may name any game."""
    python = _outside_game_homes(p for package in PACKAGES for p in (HOUSE / package).rglob("*.py"))
    templates = _outside_game_homes(
        p for root in (HOUSE / "templates", HOUSE / "builder") for p in root.rglob("*.html")
    )
    found = [
        b
        for p in python
        for b in _system_branches(p.read_text(encoding="utf-8"), str(p.relative_to(HOUSE)))
    ]
    found += [b for p in templates for b in _template_branches(p)]
    assert found == []
