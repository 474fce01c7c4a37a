from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from content.services.packs import pack_load
from tests.conftest import pack_paths, read_pack

EXAMPLES = Path(__file__).resolve().parents[3] / "docs" / "examples"


@pytest.fixture
def packs(db: Any) -> Any:
    return pack_load(documents=[(str(p), read_pack(p)) for p in pack_paths()])


def example(path: str) -> dict[str, Any]:
    return json.loads((EXAMPLES / path).read_text(encoding="utf-8"))


def form_data(doc: dict[str, Any]) -> dict[str, Any]:
    """The builder form's fields for a list document, as the page would post them."""
    data: dict[str, Any] = {
        "name": doc["name"],
        "entry_count": str(len(doc["entries"])),
        "content": json.dumps(doc.get("content", [])),
    }
    if doc.get("points_limit") is not None:
        data["points_limit"] = str(doc["points_limit"])
    for key, value in (doc.get("settings") or {}).items():
        data[f"setting-{key}"] = str(value).lower() if isinstance(value, bool) else str(value)
    for key, value in ((doc.get("house_rules") or {}).get("prices") or {}).items():
        data[f"price-{key}"] = str(value)
    for i, entry in enumerate(doc["entries"]):
        if doc["system"] == "black-skies":
            data[f"e{i}-json"] = json.dumps(entry)
            continue
        for key, value in entry.items():
            if isinstance(value, bool):
                if value:
                    data[f"e{i}-{key}"] = "on"
            elif isinstance(value, list):
                data[f"e{i}-{key}"] = [str(v) for v in value]
            elif isinstance(value, dict):
                data[f"e{i}-{key}"] = json.dumps(value)
            else:
                data[f"e{i}-{key}"] = str(value)
    return data
