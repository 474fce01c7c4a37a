"""Signing: the key lives in a file outside the database; with it, every version loaded or
published is signed over exactly the bytes the registry serves, and anyone can check the
signature with the public key (here with openssl too); without it, nothing is signed."""

from __future__ import annotations

import base64
import hashlib
import shutil
import stat
import subprocess
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client

from content.models import ContentPack, ContentPackVersion
from content.services.packs import PackLoadError, pack_dump, pack_load
from content.services.records import record_save
from content.signing import public_key_info, site_key
from tests.conftest import PACK_DIR, read_pack

pytestmark = pytest.mark.django_db

ACES = PACK_DIR / "cs-aces" / "cs-aces-core.json"
FILE = "/api/v1/packs/cs-aces-core/versions/{v}/file/"


@pytest.fixture
def key_file(settings: Any, tmp_path: Path) -> Path:
    """A fresh signing key, named by the setting."""
    path = tmp_path / "signing" / "ed25519.pem"
    settings.MUSTER_SIGNING_KEY_FILE = str(path)
    call_command("signingkey", stdout=StringIO())
    return path


def public_key() -> Ed25519PublicKey:
    key = site_key()
    assert key is not None
    return key.public_key()


def correct_a_name() -> dict[str, Any]:
    """Publish cs-aces-core 1.0.1: the Old One-Two ability renamed (a correction)."""
    from content.models import Ability

    ability = Ability.objects.get(stable_id="old-one-two")
    ability.name = "Old One-Two (corrected)"
    record_save(record=ability)
    return pack_dump(pack=ContentPack.objects.get(pack_id="cs-aces-core"), actor="ada")


def test_signingkey_makes_a_private_key_file_and_never_overwrites_it(
    settings: Any, tmp_path: Path
) -> None:
    path = tmp_path / "keys" / "site.pem"
    settings.MUSTER_SIGNING_KEY_FILE = str(path)
    out = StringIO()
    call_command("signingkey", stdout=out)
    info = public_key_info(public_key())
    raw = base64.b64decode(info.raw)
    assert len(raw) == 32
    assert info.fingerprint == hashlib.sha256(raw).hexdigest()
    assert out.getvalue().splitlines()[:3] == [
        f"created the signing key {path} (keep it private and backed up; it is not in the "
        "database)",
        f"fingerprint: {info.fingerprint}",
        f"public key: {info.raw}",
    ]
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    before = path.read_bytes()
    with pytest.raises(CommandError) as exc:
        call_command("signingkey", stdout=StringIO())
    assert str(exc.value).startswith(f"{path} already exists; a key is never overwritten")
    assert path.read_bytes() == before
    shown = StringIO()
    call_command("signingkey", "--show", stdout=shown)
    assert shown.getvalue().splitlines()[0] == f"fingerprint: {info.fingerprint}"


def test_without_a_key_nothing_is_signed_and_the_registry_says_unsigned(
    settings: Any, client: Client
) -> None:
    settings.MUSTER_SIGNING_KEY_FILE = ""
    pack_load(documents=[("aces", read_pack(ACES))])
    row = ContentPackVersion.objects.get(pack__pack_id="cs-aces-core")
    assert (row.signature, row.signed_by) == ("", "")
    assert client.get("/api/v1/signing-key/").json() == {
        "signed": False,
        "algorithm": "Ed25519",
        "fingerprint": None,
        "public_key": None,
        "public_key_pem": None,
    }
    version = client.get("/api/v1/packs/cs-aces-core/versions/1.0.0/").json()
    assert (version["signature"], version["signed_by"], version["signature_url"]) == (
        None,
        None,
        None,
    )
    missing = client.get("/api/v1/packs/cs-aces-core/versions/1.0.0/signature/")
    assert missing.status_code == 404
    assert missing.json()["message"] == "cs-aces-core 1.0.0 is unsigned."
    assert client.get("/packs/cs-aces-core/1.0.0.json.sig").status_code == 404
    page = client.get("/packs/").content.decode()
    assert "This site signs nothing: its versions are unsigned." in page


def test_loaded_and_published_versions_are_signed_over_the_served_file(
    key_file: Path, client: Client
) -> None:
    pack_load(documents=[("aces", read_pack(ACES))])
    correct_a_name()
    fingerprint = public_key_info(public_key()).fingerprint
    for version in ("1.0.0", "1.0.1"):
        row = ContentPackVersion.objects.get(pack__pack_id="cs-aces-core", version=version)
        assert row.signed_by == fingerprint
        served = client.get(FILE.format(v=version)).content
        public_key().verify(base64.b64decode(row.signature), served)
        body = client.get(f"/api/v1/packs/cs-aces-core/versions/{version}/signature/").json()
        assert body == {
            "pack": "cs-aces-core",
            "version": version,
            "algorithm": "Ed25519",
            "checksum": hashlib.sha256(served).hexdigest(),
            "signature": row.signature,
            "signed_by": fingerprint,
            "file_url": f"http://testserver{FILE.format(v=version)}",
        }
        sig = client.get(f"/packs/cs-aces-core/{version}.json.sig")
        assert sig["Content-Disposition"] == (
            f'attachment; filename="cs-aces-core-{version}.json.sig"'
        )
        assert sig.content == base64.b64decode(row.signature)
    listed = client.get("/api/v1/packs/cs-aces-core/versions/").json()["results"]
    assert [(v["version"], v["signed_by"]) for v in listed] == [
        ("1.0.1", fingerprint),
        ("1.0.0", fingerprint),
    ]
    assert listed[0]["signature_url"] == (
        "http://testserver/api/v1/packs/cs-aces-core/versions/1.0.1/signature/"
    )


def test_the_registry_shows_the_public_key(key_file: Path, client: Client) -> None:
    pack_load(documents=[("aces", read_pack(ACES))])
    info = public_key_info(public_key())
    assert client.get("/api/v1/signing-key/").json() == {
        "signed": True,
        "algorithm": "Ed25519",
        "fingerprint": info.fingerprint,
        "public_key": info.raw,
        "public_key_pem": info.pem,
    }
    index = client.get("/packs/").content.decode()
    assert info.fingerprint in index
    assert info.raw in index
    assert "Download the public key (signing-key.pem)" in index
    pem = client.get("/packs/signing-key.pem")
    assert pem.content.decode() == info.pem
    detail = client.get("/packs/cs-aces-core/").content.decode()
    assert f'Ed25519, by the key of this site <code class="checksum">{info.fingerprint}' in detail
    assert "Download its signature (.sig)" in detail


@pytest.mark.skipif(shutil.which("openssl") is None, reason="needs the openssl command")
def test_a_signature_checks_by_hand_with_openssl(
    key_file: Path, client: Client, tmp_path: Path
) -> None:
    """The recipe of docs/packs.md, run as written."""
    pack_load(documents=[("aces", read_pack(ACES))])
    (tmp_path / "pub.pem").write_bytes(client.get("/packs/signing-key.pem").content)
    (tmp_path / "file.json").write_bytes(client.get("/packs/cs-aces-core/1.0.0.json").content)
    (tmp_path / "file.json.sig").write_bytes(
        client.get("/packs/cs-aces-core/1.0.0.json.sig").content
    )
    verify = [
        "openssl", "pkeyutl", "-verify", "-pubin", "-inkey", "pub.pem", "-rawin",
        "-in", "file.json", "-sigfile", "file.json.sig",
    ]  # fmt: skip
    good = subprocess.run(verify, cwd=tmp_path, capture_output=True, text=True, check=False)
    assert (good.returncode, good.stdout.strip()) == (0, "Signature Verified Successfully")
    with (tmp_path / "file.json").open("ab") as file:
        file.write(b" ")
    bad = subprocess.run(verify, cwd=tmp_path, capture_output=True, text=True, check=False)
    assert (bad.returncode, bad.stdout.strip()) == (1, "Signature Verification Failure")
    der = subprocess.run(
        ["openssl", "pkey", "-pubin", "-in", "pub.pem", "-outform", "DER"],
        cwd=tmp_path,
        capture_output=True,
        check=True,
    ).stdout
    assert hashlib.sha256(der[-32:]).hexdigest() == public_key_info(public_key()).fingerprint


def test_signpacks_signs_the_versions_stored_before_the_key(settings: Any, tmp_path: Path) -> None:
    settings.MUSTER_SIGNING_KEY_FILE = str(tmp_path / "ed25519.pem")
    pack_load(documents=[("aces", read_pack(ACES))])
    assert ContentPackVersion.objects.get().signature == ""
    with pytest.raises(CommandError) as exc:
        call_command("signpacks", stdout=StringIO(), stderr=StringIO())
    assert str(exc.value) == "this site has no signing key; make one with manage.py signingkey"
    call_command("signingkey", stdout=StringIO())
    out, err = StringIO(), StringIO()
    call_command("signpacks", stdout=out, stderr=err)
    fingerprint = public_key_info(public_key()).fingerprint
    assert out.getvalue() == f"signed 1 version(s) with the key {fingerprint}\n"
    assert err.getvalue() == "signed cs-aces-core 1.0.0\n"
    row = ContentPackVersion.objects.get()
    assert row.signed_by == fingerprint
    out = StringIO()
    call_command("signpacks", stdout=out, stderr=StringIO())
    assert out.getvalue() == f"signed 0 version(s) with the key {fingerprint}\n"


def test_an_unreadable_key_stops_a_publication_and_nothing_is_written(
    settings: Any, tmp_path: Path
) -> None:
    pack_load(documents=[("aces", read_pack(ACES))])
    broken = tmp_path / "broken.pem"
    broken.write_text("-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----\n")
    settings.MUSTER_SIGNING_KEY_FILE = str(broken)
    with pytest.raises(PackLoadError) as exc:
        correct_a_name()
    assert str(exc.value) == (
        f"signing key: $: the signing key {broken} is not an unencrypted PEM private key; "
        "make one with manage.py signingkey"
    )
    assert list(ContentPackVersion.objects.values_list("version", flat=True)) == ["1.0.0"]
    assert ContentPack.objects.get(pack_id="cs-aces-core").version == "1.0.0"


def test_a_key_of_another_kind_is_refused(settings: Any, tmp_path: Path) -> None:
    from cryptography.hazmat.primitives.asymmetric import ec

    other = tmp_path / "ec.pem"
    other.write_bytes(
        ec.generate_private_key(ec.SECP256R1()).private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    settings.MUSTER_SIGNING_KEY_FILE = str(other)
    with pytest.raises(PackLoadError) as exc:
        pack_load(documents=[("aces", read_pack(ACES))])
    assert str(exc.value) == f"signing key: $: the signing key {other} is not an Ed25519 key"
    assert not ContentPack.objects.exists()
