"""JSON Schema (Draft 2020-12) validation that reports every error with its JSON path.

Valid documents are the common case, so each schema is compiled twice: a fast Rust validator
(jsonschema-rs) answers "is it valid?" in microseconds, and only an invalid document goes
through the reference implementation (jsonschema), whose errors give the best messages.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema_rs
from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError

from rules_engine.errors import DocumentError
from rules_engine.jsonpath import json_path


@dataclass(frozen=True)
class CompiledSchema:
    fast: Any
    full: Draft202012Validator

    def is_valid(self, doc: Any) -> bool:
        return bool(self.fast.is_valid(doc))


@cache
def compiled(path: Path) -> CompiledSchema:
    """The validators for a schema file, checked and compiled once per process."""
    schema = json.loads(Path(path).read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return CompiledSchema(
        fast=jsonschema_rs.Draft202012Validator(schema),
        full=Draft202012Validator(schema),
    )


def schema_errors(schema: CompiledSchema, doc: Any, root: str = "$") -> list[DocumentError]:
    """Every way ``doc`` breaks the schema, each with the JSON path of the value at fault.

    Errors of a failed ``oneOf``/``anyOf`` are reported through their best match so the
    message names the deepest offending field rather than the whole branch.
    """
    if schema.is_valid(doc):
        return []
    errors = sorted(schema.full.iter_errors(doc), key=lambda e: list(map(str, e.absolute_path)))
    return [_document_error(e, root) for e in errors]


def _document_error(error: ValidationError, root: str) -> DocumentError:
    if error.context:
        deepest = max(error.context, key=lambda e: len(e.absolute_path))
        if len(deepest.absolute_path) > len(error.absolute_path):
            error = deepest
    return DocumentError(json_path(error.absolute_path, root=root), error.message)
