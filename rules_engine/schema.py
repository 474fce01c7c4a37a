"""JSON Schema (Draft 2020-12) validation that reports every error with its JSON path.

Valid documents are the common case, so each schema is compiled twice: a fast Rust validator
(jsonschema-rs) answers "is it valid?" in microseconds, and only an invalid document goes
through the reference implementation (jsonschema), whose errors give the best messages. The
reference implementation is imported only then, so checking a valid list starts fast.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import jsonschema_rs

from rules_engine.errors import DocumentError
from rules_engine.jsonpath import json_path

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError


@dataclass(frozen=True)
class CompiledSchema:
    schema: dict[str, Any]
    fast: Any
    _full: list[Draft202012Validator] = field(default_factory=list, repr=False)

    def is_valid(self, doc: Any) -> bool:
        return bool(self.fast.is_valid(doc))

    @property
    def full(self) -> Draft202012Validator:
        """The reference validator, built the first time a document is invalid."""
        if not self._full:
            from jsonschema import Draft202012Validator

            self._full.append(Draft202012Validator(self.schema))
        return self._full[0]


@cache
def compiled(path: Path) -> CompiledSchema:
    """The validators for a schema file, compiled once per process (the schema files are
    checked against the metaschema by the tests)."""
    schema = json.loads(Path(path).read_text(encoding="utf-8"))
    return CompiledSchema(schema, jsonschema_rs.Draft202012Validator(schema))


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
