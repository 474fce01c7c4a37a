"""What upgrading a list to the newest pack versions would change, computed before anything
changes: points and verdict before and after, entries whose record is gone, changed prices."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from builder.lists.checking import is_unknown_id
from content.prices import price_leaves


def id_uses(document: Mapping[str, Any]) -> dict[str, list[str]]:
    """Stable id -> JSON paths of the list entries that name it (bare or ``system/id``)."""
    uses: dict[str, list[str]] = {}

    def walk(value: Any, path: str) -> None:
        if isinstance(value, Mapping):
            for key, item in value.items():
                if key not in {"name", "label", "element"}:
                    walk(item, f"{path}.{key}")
        elif isinstance(value, list):
            for i, item in enumerate(value):
                walk(item, f"{path}[{i}]")
        elif isinstance(value, str):
            uses.setdefault(value.rpartition("/")[2], []).append(path)

    walk(document.get("entries", []), "$.entries")
    return uses


def _records(doc: Mapping[str, Any]) -> dict[tuple[str, str], Mapping[str, Any]]:
    return {(r["type"], r["id"]): r for r in doc.get("records", [])}


def pack_changes(
    before: Mapping[str, Mapping[str, Any]],
    after: Mapping[str, Mapping[str, Any]],
    document: Mapping[str, Any],
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Every changed price and every dropped record between two sets of pack documents
    (pack id -> document), each with the list entries that use it."""
    uses = id_uses(document)
    prices: list[dict[str, Any]] = []
    removed: list[dict[str, Any]] = []
    for pack_id in sorted(set(before) | set(after)):
        old = _records(before.get(pack_id, {}))
        new = _records(after.get(pack_id, {}))
        for key in sorted(old):
            rec = old[key]
            if key not in new:
                removed.append(
                    {
                        "pack": pack_id,
                        "type": key[0],
                        "id": key[1],
                        "name": rec["name"],
                        "used_by": uses.get(key[1], []),
                    }
                )
                continue
            was = dict(price_leaves(rec.get("data", {})))
            now = dict(price_leaves(new[key].get("data", {})))
            for path in sorted(set(was) | set(now)):
                if was.get(path) != now.get(path):
                    prices.append(
                        {
                            "pack": pack_id,
                            "type": key[0],
                            "id": key[1],
                            "name": new[key]["name"],
                            "path": path,
                            "before": was.get(path),
                            "after": now.get(path),
                            "used_by": uses.get(key[1], []),
                        }
                    )
    return prices, removed


def verdict_changes(
    before: Mapping[str, Any], after: Mapping[str, Any]
) -> dict[str, list[dict[str, Any]]]:
    """Violations the upgrade adds and resolves, and entries whose record no longer exists."""

    def keyed(verdict: Mapping[str, Any]) -> dict[tuple[str, str], dict[str, Any]]:
        return {(v["code"], v["path"]): v for v in verdict["violations"]}

    old, new = keyed(before), keyed(after)
    return {
        "missing_entries": [v for k, v in new.items() if k not in old and is_unknown_id(k[0])],
        "new_violations": [v for k, v in new.items() if k not in old],
        "resolved_violations": [v for k, v in old.items() if k not in new],
    }
