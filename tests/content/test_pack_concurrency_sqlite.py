"""Two ``loadpack`` processes at once on one SQLite file: the newer version ends up live.

SQLite lets one writer in at a time; the loader takes the write lock before it reads, so the
second process waits and is then checked against what the first left (or, past SQLite's
timeout, fails clearly). Either way the older version never goes live over the newer one.
"""

from __future__ import annotations

import copy
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import PACK_DIR, read_pack

ROOT = Path(__file__).resolve().parents[2]
AIR = PACK_DIR / "cs-air-action" / "cs-air-action-core.json"


def manage(db: Path, *args: str) -> subprocess.Popen[str]:
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{db}",
        "DJANGO_SETTINGS_MODULE": "builder.settings.local",
    }
    return subprocess.Popen(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def run(db: Path, *args: str) -> tuple[int, str]:
    proc = manage(db, *args)
    out, err = proc.communicate(timeout=300)
    return proc.returncode, out + err


def version_file(tmp: Path, version: str, drop_cards: int) -> Path:
    doc = copy.deepcopy(read_pack(AIR))
    doc["version"] = version
    cards = [  # cards no Ace figure names (those may not be dropped)
        r for r in doc["records"] if r["type"] == "navigation_card" and not r["data"].get("ace")
    ][:drop_cards]
    doc["records"] = [r for r in doc["records"] if r not in cards]
    path = tmp / f"air-{version}.json"
    path.write_text(json.dumps(doc))
    return path


@pytest.mark.slow
def test_two_loadpack_processes_at_once_leave_the_newer_version_live(tmp_path):
    db = tmp_path / "muster.sqlite3"
    assert run(db, "migrate", "--noinput", "-v0")[0] == 0
    assert run(db, "loadpack", str(AIR))[0] == 0
    older = version_file(tmp_path, "1.1.0", drop_cards=1)
    newer = version_file(tmp_path, "2.0.0", drop_cards=3)

    procs = [manage(db, "loadpack", str(older)), manage(db, "loadpack", str(newer))]
    results = [(p.wait(timeout=300), "".join(p.communicate())) for p in procs]

    (older_code, older_text), (newer_code, newer_text) = results
    assert newer_code == 0 or "another load or publication is under way" in newer_text
    assert older_code == 0 or (
        "1.1.0 is older than the loaded 2.0.0" in older_text
        or "another load or publication is under way" in older_text
    ), older_text
    assert "Traceback" not in older_text + newer_text
    with sqlite3.connect(db) as con:
        (live,) = con.execute(
            "SELECT version FROM content_contentpack WHERE pack_id = 'cs-air-action-core'"
        ).fetchone()
        cards = con.execute(
            "SELECT COUNT(*) FROM content_navigationcard n JOIN content_contentpack p "
            "ON n.pack_id = p.id WHERE p.pack_id = 'cs-air-action-core'"
        ).fetchone()[0]
    if newer_code == 0:
        assert live == "2.0.0"
        assert cards == 12 - 3
    else:  # the newer one gave up waiting: the older one is live, whole
        assert (live, cards) == ("1.1.0", 12 - 1)
