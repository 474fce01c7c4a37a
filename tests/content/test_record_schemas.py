"""Every structured document is checked against its schema, and errors name the JSON path."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from typing import Any

import pytest
from django.core.exceptions import ValidationError

from content.models import RECORD_MODELS
from content.schemas import RECORD_SCHEMA_DIR, record_data_errors, record_schema_path
from rules_engine.jsonpath import json_path
from tests.conftest import pack_paths, read_pack
from tests.content.factories import FigureFactory, GameSystemFactory


def records_by_schema() -> dict[str, tuple[str, dict[str, Any]]]:
    """One real record per schema file: (system, record)."""
    found: dict[str, tuple[str, dict[str, Any]]] = {}
    for path in pack_paths():
        doc = read_pack(path)
        for rec in doc["records"]:
            schema = record_schema_path(rec["type"], doc["system"])
            if schema is not None:
                found.setdefault(schema.name, (doc["system"], rec))
    return found


def deepest_scalar(value: Any, path: tuple = ()) -> tuple:
    """The path of the most deeply nested number or string in a document."""
    best = path if isinstance(value, (int, float, str)) and not isinstance(value, bool) else ()
    children = (
        value.items()
        if isinstance(value, dict)
        else enumerate(value)
        if isinstance(value, list)
        else ()
    )
    for key, child in children:
        candidate = deepest_scalar(child, (*path, key))
        if len(candidate) > len(best):
            best = candidate
    return best


RECORDS = records_by_schema()


def test_every_schema_file_is_used_by_some_pack_record():
    unused = {p.name for p in RECORD_SCHEMA_DIR.glob("*.json")} - set(RECORDS)
    assert unused == set()


def test_every_record_type_of_every_pack_has_a_schema():
    for path in pack_paths():
        doc = read_pack(path)
        for rec in doc["records"]:
            assert record_schema_path(rec["type"], doc["system"]) is not None, rec["id"]


@pytest.mark.parametrize("schema_name", sorted(RECORDS))
def test_each_schema_refuses_a_bad_document_naming_the_path(schema_name):
    system, record = RECORDS[schema_name]
    data = copy.deepcopy(record["data"])
    path = deepest_scalar(data)
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = [{"not": "a value"}]

    errors = record_data_errors(record["type"], system, data)

    assert errors, f"{schema_name} accepted a list where {path} holds a scalar"
    bad_path = json_path(path)
    assert any(bad_path.startswith(e.path) and e.path != "$" for e in errors), (bad_path, errors)


def test_a_record_refuses_invalid_data_on_full_clean(db):
    figure = FigureFactory.build(
        system=GameSystemFactory(slug="cs-air-action"), data={"kind": "plane", "point_value": -5}
    )

    with pytest.raises(ValidationError) as exc:
        figure.clean()

    messages = exc.value.message_dict["data"]
    assert "$.point_value: -5 is less than the minimum of 0" in messages
    assert all(m.startswith("$") for m in messages)


def test_every_model_maps_to_a_pack_record_type():
    assert set(RECORD_MODELS) == set(
        json.loads((RECORD_SCHEMA_DIR.parent / "pack.json").read_text())["$defs"]["record"][
            "properties"
        ]["type"]["enum"]
    )


def test_production_settings_refuse_to_start_without_a_secret_key():
    env = {"DJANGO_SETTINGS_MODULE": "builder.settings.production", "PATH": "/usr/bin:/bin"}
    result = subprocess.run(
        [sys.executable, "-c", "import django; django.setup()"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY must be set in production" in result.stderr


def test_a_record_refuses_a_source_without_its_section(db):
    figure = FigureFactory.build(
        system=GameSystemFactory(),
        source={"seed": "000.txt"},
        uncertain=[{"path": "data.points"}],
    )

    with pytest.raises(ValidationError) as exc:
        figure.clean()

    errors = exc.value.message_dict
    assert errors["source"] == ["$: 'section' is a required property"]
    assert set(errors["uncertain"]) == {
        "$[0]: 'note' is a required property",
        "$[0].path: 'data.points' does not match '^\\\\$'",
    }
