"""One error vocabulary: every code the project answers is an ``ErrorCode`` member, spelt
in snake_case, and docs/api/errors.md lists exactly the members.

The code is read, not run: every ``ApplicationError`` in builder/ and content/, every call
of a function whose code parameter is an ``ErrorCode`` and every error-shaped dict literal
(``code``, ``message``, ``details``) names a member, never a string.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from importlib import import_module
from pathlib import Path

import pytest

from builder.core.errors import ErrorCode

ROOT = Path(__file__).resolve().parents[2]
SOURCES = sorted(
    path
    for package in ("builder", "content")
    for path in (ROOT / package).rglob("*.py")
    if "migrations" not in path.parts
)
DOC = ROOT / "docs/api/errors.md"
SPELLING = re.compile(r"^[a-z][a-z0-9_]*$")


def _trees() -> Iterator[tuple[Path, ast.Module]]:
    for path in SOURCES:
        yield path, ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


TREES = list(_trees())


def _name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _is_member(node: ast.expr) -> bool:
    """``ErrorCode.X`` (or ``ErrorCode.X.value``, plain text for a schema example)."""
    if isinstance(node, ast.Attribute) and node.attr == "value":
        node = node.value
    return (
        isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == "ErrorCode"
        and node.attr in ErrorCode.__members__
    )


def _is_code_annotation(node: ast.expr | None) -> bool:
    return node is not None and "ErrorCode" in ast.unparse(node)


def _code_parameters() -> dict[str, tuple[int, str]]:
    """Every function of ours taking an ``ErrorCode``: its name -> (position, name)."""
    found = {"ApplicationError": (0, "code")}
    for _, tree in TREES:
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                params = node.args.posonlyargs + node.args.args
                for position, arg in enumerate(params):
                    if _is_code_annotation(arg.annotation):
                        found[node.name] = (position, arg.arg)
    return found


CODE_PARAMETERS = _code_parameters()


def _code_argument(call: ast.Call, position: int, keyword: str) -> ast.expr | None:
    for kw in call.keywords:
        if kw.arg == keyword:
            return kw.value
    return call.args[position] if len(call.args) > position else None


def _enclosing_functions(tree: ast.Module) -> dict[ast.AST, ast.AST]:
    owner: dict[ast.AST, ast.AST] = {}

    def visit(node: ast.AST, function: ast.AST | None) -> None:
        for child in ast.iter_child_nodes(node):
            if function is not None:
                owner[child] = function
            inner = child if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef) else None
            visit(child, inner or function)

    visit(tree, None)
    return owner


def _passes_a_code_parameter(node: ast.expr, function: ast.AST | None) -> bool:
    """A name that is the enclosing function's own ``ErrorCode`` parameter."""
    if not isinstance(node, ast.Name) or not isinstance(
        function, ast.FunctionDef | ast.AsyncFunctionDef
    ):
        return False
    params = function.args.posonlyargs + function.args.args + function.args.kwonlyargs
    return any(a.arg == node.id and _is_code_annotation(a.annotation) for a in params)


def _where(path: Path, node: ast.AST) -> str:
    return f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', '?')}"


def test_every_error_is_raised_with_an_error_code_member() -> None:
    """``ApplicationError("print.bad-list", ...)`` or ``code="invalid"`` is refused: a code
    is a member, or the ``ErrorCode`` parameter of the function that passes it on."""
    wrong, seen = [], 0
    for path, tree in TREES:
        owner = _enclosing_functions(tree)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = _name(node.func)
            if name not in CODE_PARAMETERS:
                continue
            code = _code_argument(node, *CODE_PARAMETERS[name])
            if code is None:
                continue
            seen += name == "ApplicationError"
            if _is_member(code) or _passes_a_code_parameter(code, owner.get(node)):
                continue
            if isinstance(code, ast.Name | ast.Attribute | ast.Call) and name != "ApplicationError":
                continue
            wrong.append(f"{_where(path, node)}: {name}({ast.unparse(code)}, ...)")
    assert seen > 50, "the scan found too few ApplicationErrors; has the code moved?"
    assert wrong == []


def test_every_error_shaped_dict_names_an_error_code_member() -> None:
    wrong = []
    for path, tree in TREES:
        for node in ast.walk(tree):
            if not isinstance(node, ast.Dict):
                continue
            keys = {
                k.value: v
                for k, v in zip(node.keys, node.values, strict=True)
                if isinstance(k, ast.Constant)
            }
            if {"code", "message"} <= keys.keys() and ("details" in keys or "severity" in keys):
                code = keys["code"]
                if isinstance(code, ast.Constant) and isinstance(code.value, str):
                    if "severity" in keys and not SPELLING.match(code.value):
                        continue  # an engine violation code, in the engine's own spelling
                    wrong.append(f"{_where(path, node)}: {code.value!r}")
    assert wrong == []


def test_no_code_is_spelt_the_older_ways() -> None:
    """Neither printing's dotted kebab codes nor the builder's ``bad-document`` remain."""
    printing = import_module("builder.printing.migrations.0005_print_job_error_codes")
    older = {m.value.replace("_", "-") for m in ErrorCode if "_" in m.value}
    older |= set(printing.CURRENT)
    wrong = [
        f"{_where(path, node)}: {node.value!r}"
        for path, tree in TREES
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in older
    ]
    assert wrong == []


@pytest.mark.parametrize("member", list(ErrorCode), ids=str)
def test_every_code_is_snake_case(member: ErrorCode) -> None:
    assert SPELLING.match(member.value)


def test_every_member_says_when_in_one_line() -> None:
    source = (ROOT / "builder/core/errors.py").read_text(encoding="utf-8")
    enum = next(
        node
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.ClassDef) and node.name == "ErrorCode"
    )
    said = {}
    body = enum.body
    for here, after in zip(body, [*body[1:], None], strict=True):
        if isinstance(here, ast.Assign) and isinstance(here.targets[0], ast.Name):
            text = (
                after.value.value
                if isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant)
                else None
            )
            said[here.targets[0].id] = text
    assert said.keys() == ErrorCode.__members__.keys()
    assert [name for name, text in said.items() if not text or "\n" in text] == []


def _documented() -> list[str]:
    return re.findall(r"^\| `([^`]+)` \|", DOC.read_text(encoding="utf-8"), flags=re.M)


def test_docs_list_every_code_once_and_only_codes() -> None:
    documented = _documented()
    assert sorted(documented) == sorted({m.value for m in ErrorCode})
    assert len(documented) == len(set(documented))


def test_docs_give_each_code_a_status_a_when_and_an_example() -> None:
    rows = re.findall(r"^\| `[^`]+` \|(.*)\|\s*$", DOC.read_text(encoding="utf-8"), flags=re.M)
    cells = [[cell.strip() for cell in row.split(" | ")] for row in rows]
    assert [c for c in cells if len(c) != 3 or not all(c)] == []
