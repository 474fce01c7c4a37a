"""Two live Muster sites on loopback ports, each with its own database and signing key:
site A publishes a correction, site B pulls it with ``manage.py pullpacks`` and holds the
same version with the same checksum; a file tampered with on A, a key B does not trust and
a port nobody listens on are each a clear error, and B is left as it was."""

from __future__ import annotations

import json
import os
import shutil
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import PACK_DIR

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
ACES = PACK_DIR / "cs-aces"
BLACK = PACK_DIR / "black-skies"
PUBLISH = """
from content.models import Ability, ContentPack
from content.services.publishing import publish
from content.services.records import record_save
ability = Ability.objects.get(stable_id="old-one-two", pack__pack_id="cs-aces-core")
ability.name = "Old One-Two (corrected)"
record_save(record=ability)
print(publish(ContentPack.objects.get(pack_id="cs-aces-core"), "collector").version)
"""


@dataclass
class Site:
    name: str
    folder: Path
    public_key: str = ""

    @property
    def db(self) -> Path:
        return self.folder / "muster.sqlite3"

    @property
    def key(self) -> Path:
        return self.folder / "signing" / "ed25519.pem"

    def env(self) -> dict[str, str]:
        return {
            **os.environ,
            "DATABASE_URL": f"sqlite:///{self.db}",
            "DJANGO_SETTINGS_MODULE": "builder.settings.local",
            "DJANGO_DEBUG": "false",
            "MUSTER_SIGNING_KEY_FILE": str(self.key),
            "PACK_PULL_TIMEOUT": "5",
        }

    def start(self, *args: str) -> subprocess.Popen[str]:
        return subprocess.Popen(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=self.env(),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )

    def rows(self) -> list[tuple[Any, ...]]:
        """Every stored version, and what the catalogue projects: B's whole pack state."""
        with sqlite3.connect(self.db) as con:
            versions = con.execute(
                "SELECT p.pack_id, v.version, v.checksum, v.signed_by FROM "
                "content_contentpackversion v JOIN content_contentpack p ON p.id = v.pack_id "
                "ORDER BY p.pack_id, v.version"
            ).fetchall()
            packs = con.execute(
                "SELECT pack_id, version, checksum FROM content_contentpack ORDER BY pack_id"
            ).fetchall()
            names = con.execute(
                "SELECT stable_id, name FROM content_ability ORDER BY stable_id"
            ).fetchall()
        return [*versions, *packs, *names]


def finish(*procs: subprocess.Popen[str]) -> list[tuple[int, str, str]]:
    results = []
    for proc in procs:
        out, err = proc.communicate(timeout=180)
        results.append((proc.returncode, out, err))
    return results


def ok(*procs: subprocess.Popen[str]) -> list[str]:
    outs = []
    for code, out, err in finish(*procs):
        assert code == 0, err
        outs.append(out)
    return outs


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def get_json(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=10) as answer:
        return json.loads(answer.read())


@contextmanager
def serving(site: Site) -> Iterator[str]:
    """``runserver`` for ``site`` on a free port, answering once it yields its address."""
    port = free_port()
    log = (site.folder / "server.log").open("w")
    proc = subprocess.Popen(
        [sys.executable, "manage.py", "runserver", f"127.0.0.1:{port}", "--noreload"],
        cwd=ROOT,
        env=site.env(),
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    root = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            assert proc.poll() is None, (site.folder / "server.log").read_text()
            try:
                get_json(f"{root}/api/v1/signing-key/")
                break
            except OSError:
                assert time.monotonic() < deadline, "the server did not answer in time"
                time.sleep(0.2)
        yield root
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)
        log.close()


@contextmanager
def two_sites(tmp: Path) -> Iterator[tuple[Site, Site]]:
    a, b = Site("A", tmp / "a"), Site("B", tmp / "b")
    a.folder.mkdir()
    b.folder.mkdir()
    ok(a.start("migrate", "--noinput", "-v0"))
    shutil.copy(a.db, b.db)  # the same empty schema; each site's data is its own from here
    for site, out in zip((a, b), ok(a.start("signingkey"), b.start("signingkey")), strict=True):
        site.public_key = out.splitlines()[2].removeprefix("public key: ")
    ok(a.start("loadpack", str(ACES), str(BLACK)), b.start("loadpack", str(ACES)))
    yield a, b


def pull(site: Site, *args: str) -> tuple[int, str, str]:
    (result,) = finish(site.start("pullpacks", *args))
    return result


def test_site_b_pulls_what_site_a_publishes_and_refuses_what_it_cannot_trust(
    tmp_path: Path,
) -> None:
    with two_sites(tmp_path) as (a, b):
        (published,) = ok(a.start("shell", "-v", "0", "-c", PUBLISH))
        assert published.strip() == "1.0.1"
        a_key, b_key = a.public_key, b.public_key
        with serving(a) as site_a:
            before = b.rows()

            # Nobody listens on this port.
            dead = f"http://127.0.0.1:{free_port()}"
            code, out, err = pull(b, dead, "--key", a_key)
            assert code == 1
            assert (
                f"{dead}: cannot reach {dead}: the connection was refused (is the site "
                "running, on that port?); nothing was loaded"
            ) in err
            assert "Traceback" not in err

            # A key B does not trust for A (B's own).
            code, out, err = pull(b, site_a, "--key", b_key)
            assert code == 1
            a_fingerprint = get_json(f"{site_a}/api/v1/signing-key/")["fingerprint"]
            assert f"{site_a}: unknown key: the publisher signs with the key {a_fingerprint}" in err

            # The published file is altered in A's database after it was signed.
            with sqlite3.connect(a.db) as con:
                (original,) = con.execute(
                    "SELECT document FROM content_contentpackversion WHERE version = '1.0.1'"
                ).fetchone()
                forged = original.replace("Old One-Two (corrected)", "Old One-Two (forged)")
                con.execute(
                    "UPDATE content_contentpackversion SET document = ? WHERE version = '1.0.1'",
                    [forged],
                )
            code, out, err = pull(b, site_a, "--key", a_key)
            assert code == 1
            assert (
                "cs-aces-core 1.0.1: the signature does not match the file: it was changed "
                "after it was signed, or signed by another key; nothing was loaded"
            ) in err
            assert "cs-aces-core 1.0.1: checksum mismatch: the file's SHA-256 is " in err
            assert "problem(s) found; nothing was loaded" in err
            assert b.rows() == before

            # The file as signed: B takes the new pack and the new version.
            with sqlite3.connect(a.db) as con:
                con.execute(
                    "UPDATE content_contentpackversion SET document = ? WHERE version = '1.0.1'",
                    [original],
                )
            code, out, err = pull(b, site_a, "--key", a_key, "--subscribe", "--by", "ada")
            assert code == 0, err
            assert out.strip() == (
                f"Loaded black-skies-core 1.0.0, cs-aces-core 1.0.1 from {site_a}; "
                "0 packs up to date."
            )
            with serving(b) as site_b:
                theirs = get_json(f"{site_a}/api/v1/packs/")["results"]
                ours = get_json(f"{site_b}/api/v1/packs/")["results"]
                assert [(p["id"], p["version"], p["checksum"]) for p in ours] == [
                    (p["id"], p["version"], p["checksum"]) for p in theirs
                ]
                assert [p["version"] for p in ours] == ["1.0.0", "1.0.1"]
                # B signs what it loaded with its own key, over the very same bytes.
                b_fingerprint = get_json(f"{site_b}/api/v1/signing-key/")["fingerprint"]
                version = get_json(f"{site_b}/api/v1/packs/cs-aces-core/versions/1.0.1/")
                assert version["signed_by"] == b_fingerprint != a_fingerprint
                assert version["actor"] == f"ada from {site_a}"
                with urllib.request.urlopen(version["file_url"], timeout=10) as answer:
                    b_file = answer.read()
                with urllib.request.urlopen(
                    f"{site_a}/api/v1/packs/cs-aces-core/versions/1.0.1/file/", timeout=10
                ) as answer:
                    assert answer.read() == b_file

            # The saved subscription pulls again: nothing new.
            code, out, err = pull(b, "--all")
            assert (code, out.strip()) == (0, f"Nothing new from {site_a}: 2 packs up to date.")
