"""The list document the OpenAPI examples show, read from ``docs/examples``.

The check, cost and simulate endpoints all show the same warband, so the document the
docs describe and the one the schema shows cannot drift apart.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.conf import settings

EXAMPLE_LIST: dict[str, Any] = json.loads(
    (Path(settings.BASE_DIR) / "docs/examples/crimson-dust/dust-devils-500.json").read_text(
        encoding="utf-8"
    )
)
