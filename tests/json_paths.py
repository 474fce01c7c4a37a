"""Following a ``$.a.b[0]`` JSON path into a document, as the tests check every path they get."""

from __future__ import annotations

import re
from typing import Any

PATH_STEP = re.compile(r"\.([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]")


def resolve(document: Any, json_path: str) -> Any:
    """The value at a ``$.a.b[0]`` path; KeyError/IndexError when it does not exist."""
    assert json_path.startswith("$"), json_path
    value = document
    for key, index in PATH_STEP.findall(json_path[1:]):
        value = value[key] if key else value[int(index)]
    return value
