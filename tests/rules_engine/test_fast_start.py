"""Checking a list starts fast: no numpy, icepool or reference validator to import, and the
pack files are read and hashed once, not on every call."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from rules_engine import catalogue as catalogue_module
from rules_engine.catalogue import load_catalogue
from rules_engine.listdoc import SCHEMA_DIR

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "docs" / "examples").glob("*/*.json"))
HEAVY = ("numpy", "icepool", "jsonschema")


def _loaded_after(code: str) -> list[str]:
    script = f"import sys\n{code}\nprint(sorted(m for m in {HEAVY!r} if m in sys.modules))"
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return json.loads(result.stdout.replace("'", '"'))


def test_checking_every_example_imports_neither_numpy_nor_icepool():
    code = (
        "import json, rules_engine\n"
        "c = rules_engine.load_catalogue()\n"
        f"for p in {[str(p) for p in EXAMPLES]!r}:\n"
        "    rules_engine.check(c, json.load(open(p, encoding='utf-8')))"
    )
    assert _loaded_after(code) == []


def test_the_check_command_imports_neither():
    code = (
        "import contextlib, io, rules_engine.cli as cli\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    cli.main(['check', {str(EXAMPLES[0])!r}])"
    )
    assert _loaded_after(code) == []


def test_odds_and_simulations_still_load_them_when_asked():
    assert "icepool" in _loaded_after("import rules_engine.cs_aces as a; a.MODULE.queries()")
    assert "numpy" in _loaded_after("import rules_engine.cs_aces as a; a.MODULE.simulation()")


def test_the_catalogue_is_read_once_until_a_pack_file_changes(tmp_path, monkeypatch):
    root = tmp_path / "packs"
    shutil.copytree(ROOT / "content" / "packs", root)
    reads: list[Path] = []
    real = catalogue_module.read_pack_file

    def counting(path: Path) -> dict:
        reads.append(path)
        return real(path)

    monkeypatch.setattr(catalogue_module, "read_pack_file", counting)
    first = load_catalogue(root)
    files = len(reads)
    assert files == 5
    assert load_catalogue(root) is first
    assert len(reads) == files
    changed = root / "cs-hex" / "cs-hex-core.json"
    stat = changed.stat()
    os.utime(changed, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    again = load_catalogue(root)
    assert len(reads) == 2 * files
    # Same content: the very same snapshot object, found by content.
    assert again is first


@pytest.mark.parametrize("schema", sorted(SCHEMA_DIR.glob("*.json")), ids=lambda p: p.name)
def test_every_list_schema_is_a_valid_json_schema(schema):
    Draft202012Validator.check_schema(json.loads(schema.read_text(encoding="utf-8")))
