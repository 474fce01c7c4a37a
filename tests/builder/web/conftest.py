from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from django.core.cache import caches

from content.services.packs import pack_load
from tests.conftest import pack_paths, read_pack

EXAMPLES = Path(__file__).resolve().parents[3] / "docs" / "examples"


@pytest.fixture(autouse=True)
def _fresh_throttles() -> None:
    """The account forms are throttled per address, and every test client has the same one."""
    caches["throttle"].clear()


@pytest.fixture
def packs(db: Any) -> Any:
    return pack_load(documents=[(str(p), read_pack(p)) for p in pack_paths()])


def example(path: str) -> dict[str, Any]:
    return json.loads((EXAMPLES / path).read_text(encoding="utf-8"))


def entry_block(page: str, index: int) -> str:
    """The verdict beside entry ``index``: its price and its violations."""
    start = page.index(f'id="entry-{index}-verdict"')
    return page[start : page.index("</div>", start)]


def select_html(page: str, select_id: str) -> str:
    """One select of the page, from its tag to its closing tag."""
    start = page.index(f'<select id="{select_id}"')
    return page[start : page.index("</select>", start)]


def selected(page: str, select_id: str) -> str:
    """The value of the option a select shows chosen ("" when none is)."""
    found = re.search(r'<option value="([^"]*)" selected>', select_html(page, select_id))
    return found.group(1) if found else ""


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
        if (doc["system"], doc["kind"]) == ("black-skies", "fighter"):
            data |= design_fields(f"e{i}", entry)
        elif doc["system"] == "black-skies":
            data[f"e{i}-element"] = entry["element"]
            data[f"e{i}-pilot-name"] = entry["pilot"]["name"]
            data[f"e{i}-pilot-skill"] = str(entry["pilot"]["skill"])
            if isinstance(entry["design"], str):
                data[f"e{i}-design"] = entry["design"]
            else:
                data[f"e{i}-design"] = "written-out"
                data |= design_fields(f"e{i}-design", entry["design"])
        else:
            data |= flat_fields(f"e{i}", entry)
    return data


def flat_fields(prefix: str, entry: dict[str, Any]) -> dict[str, Any]:
    """An entry's keys as the builder names its fields: ``e0-name``, ``e0-mount-archetype``."""
    data: dict[str, Any] = {}
    for key, value in entry.items():
        if isinstance(value, bool):
            if value:
                data[f"{prefix}-{key}"] = "on"
        elif isinstance(value, list):
            data[f"{prefix}-{key}"] = [str(v) for v in value]
        elif isinstance(value, dict):
            data |= flat_fields(f"{prefix}-{key}", value)
        else:
            data[f"{prefix}-{key}"] = str(value)
    return data


def design_fields(prefix: str, design: dict[str, Any]) -> dict[str, Any]:
    """A Black Skies design's fields: its weapons as numbered rows with a row count."""
    data = {
        f"{prefix}-name": design["name"],
        f"{prefix}-weight": design["weight"],
        f"{prefix}-armour": design["armour"],
        f"{prefix}-shields": str(design["shields"]),
        f"{prefix}-thrusters": list(design["thrusters"]),
        f"{prefix}-weapons-rows": str(len(design["weapons"])),
    }
    for r, item in enumerate(design["weapons"]):
        data[f"{prefix}-weapons-{r}-weapon"] = item["weapon"]
        data[f"{prefix}-weapons-{r}-count"] = str(item["count"])
    return data
