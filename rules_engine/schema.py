"""JSON Schema (Draft 2020-12) validation that reports every error with its JSON path."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError

from rules_engine.errors import DocumentError
from rules_engine.jsonpath import json_path


@cache
def compiled(path: Path) -> Draft202012Validator:
    """The validator for a schema file, checked and compiled once per process."""
    schema = json.loads(Path(path).read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)


def schema_errors(
    validator: Draft202012Validator, doc: Any, root: str = "$"
) -> list[DocumentError]:
    """Every way ``doc`` breaks the schema, each with the JSON path of the value at fault.

    Errors of a failed ``oneOf``/``anyOf`` are reported through their best match so the
    message names the deepest offending field rather than the whole branch.
    """
    errors = sorted(validator.iter_errors(doc), key=lambda e: (list(map(str, e.absolute_path))))
    return [_document_error(e, root) for e in errors]


def _document_error(error: ValidationError, root: str) -> DocumentError:
    if error.context:
        deepest = max(error.context, key=lambda e: len(e.absolute_path))
        if len(deepest.absolute_path) > len(error.absolute_path):
            error = deepest
    return DocumentError(json_path(error.absolute_path, root=root), error.message)
