"""Pulling signed packs from a publisher: good files load all or nothing; a tampered file,
a checksum mismatch, an unknown key, an older version, an unreachable or silent site and a
malformed answer are each a clear error naming the pack and version, and nothing changes."""

from __future__ import annotations

import copy
import hashlib
import socket
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from django.core.management import call_command
from django.core.management.base import CommandError

from content.models import ContentPack, ContentPackVersion, PackSubscription
from content.services.packs import pack_load
from content.services.pulling import (
    PullError,
    pack_pull,
    subscription_pull,
    subscription_save,
)
from content.signing import canonical_bytes, public_key_info
from tests.conftest import PACK_DIR, read_pack
from tests.content.pull_publisher import Publisher, publisher_running

pytestmark = pytest.mark.django_db

ACES = PACK_DIR / "cs-aces" / "cs-aces-core.json"
BLACK = PACK_DIR / "black-skies" / "black-skies-core.json"


def renamed(doc: dict[str, Any], version: str, name: str) -> dict[str, Any]:
    """``doc`` as ``version``, with the Old One-Two ability renamed ``name``."""
    new = copy.deepcopy(doc)
    new["version"] = version
    ability = next(r for r in new["records"] if r["id"] == "old-one-two")
    ability["name"] = name
    return new


@pytest.fixture
def aces() -> dict[str, Any]:
    doc = read_pack(ACES)
    pack_load(documents=[("cs-aces-core.json", doc)])
    return doc


@pytest.fixture
def publisher() -> Any:
    with publisher_running() as running:
        yield running


def problems(exc: pytest.ExceptionInfo[PullError]) -> list[str]:
    return [str(p) for p in exc.value.problems]


def catalogue_state() -> list[tuple[str, str, str]]:
    return sorted(ContentPackVersion.objects.values_list("pack__pack_id", "version", "checksum"))


def test_a_new_version_is_checked_and_loaded_with_the_same_checksum(
    aces: dict[str, Any], publisher: Publisher
) -> None:
    newer = renamed(aces, "1.0.1", "Old One-Two (corrected)")
    publisher.publish([aces, newer])
    report = pack_pull(url=publisher.root, key=publisher.key.public_key(), actor="ada")
    assert report.loaded == ["cs-aces-core 1.0.1"]
    assert (
        report.summary() == f"Loaded cs-aces-core 1.0.1 from {publisher.root}; 0 packs up to date."
    )
    pack = ContentPack.objects.get(pack_id="cs-aces-core")
    assert (pack.version, pack.checksum) == (
        "1.0.1",
        hashlib.sha256(canonical_bytes(newer)).hexdigest(),
    )
    row = ContentPackVersion.objects.get(pack=pack, version="1.0.1")
    assert row.actor == f"ada from {publisher.root}"
    # Only the new version's file was downloaded: 1.0.0 is here already.
    assert "/api/v1/packs/cs-aces-core/versions/1.0.0/file/" not in publisher.asked
    again = pack_pull(url=f"{publisher.root}/api/v1/packs/", key=publisher.key.public_key())
    assert (again.loaded, again.up_to_date) == ([], ["cs-aces-core"])
    assert again.summary() == f"Nothing new from {publisher.root}: 1 pack up to date."


def test_a_pack_not_here_arrives_with_every_version(
    aces: dict[str, Any], publisher: Publisher
) -> None:
    black = read_pack(BLACK)
    newer = copy.deepcopy(black)
    newer["version"], newer["name"] = "1.0.1", "Black Skies (corrected)"
    publisher.publish([aces, black, newer])
    report = pack_pull(url=publisher.root, key=publisher.key.public_key())
    assert report.loaded == ["black-skies-core 1.0.0", "black-skies-core 1.0.1"]
    assert report.up_to_date == ["cs-aces-core"]
    stored = ContentPackVersion.objects.filter(pack__pack_id="black-skies-core")
    assert sorted(stored.values_list("version", flat=True)) == ["1.0.0", "1.0.1"]
    assert ContentPack.objects.get(pack_id="black-skies-core").name == "Black Skies (corrected)"


def test_a_tampered_file_is_refused_and_nothing_changes(
    aces: dict[str, Any], publisher: Publisher
) -> None:
    black = read_pack(BLACK)
    publisher.publish([aces, renamed(aces, "1.0.1", "Old One-Two (corrected)"), black])
    path = "/api/v1/packs/cs-aces-core/versions/1.0.1/file/"
    tampered = publisher.routes[path].replace(b"Old One-Two (corrected)", b"Old One-Two (forged!)")
    publisher.routes[path] = tampered
    # The registry's checksum is made to match the forged file: only the signature fails.
    listing = publisher.json_at("/api/v1/packs/cs-aces-core/versions/")
    listing["results"][0]["checksum"] = hashlib.sha256(tampered).hexdigest()
    publisher.answer_json("/api/v1/packs/cs-aces-core/versions/", listing)
    before = catalogue_state()
    with pytest.raises(PullError) as exc:
        pack_pull(url=publisher.root, key=publisher.key.public_key())
    assert problems(exc) == [
        "cs-aces-core 1.0.1: the signature does not match the file: it was changed after it "
        "was signed, or signed by another key; nothing was loaded"
    ]
    # All or nothing: the good black-skies-core file was not loaded either.
    assert catalogue_state() == before
    assert not ContentPack.objects.filter(pack_id="black-skies-core").exists()


def test_a_checksum_mismatch_is_refused(aces: dict[str, Any], publisher: Publisher) -> None:
    publisher.publish([aces, renamed(aces, "1.0.1", "Old One-Two (corrected)")])
    listing = publisher.json_at("/api/v1/packs/cs-aces-core/versions/")
    listing["results"][0]["checksum"] = "0" * 64
    publisher.answer_json("/api/v1/packs/cs-aces-core/versions/", listing)
    actual = hashlib.sha256(
        publisher.routes["/api/v1/packs/cs-aces-core/versions/1.0.1/file/"]
    ).hexdigest()
    with pytest.raises(PullError) as exc:
        pack_pull(url=publisher.root, key=publisher.key.public_key())
    assert problems(exc) == [
        f"cs-aces-core 1.0.1: checksum mismatch: the file's SHA-256 is {actual}, the registry "
        f"says {'0' * 64}; nothing was loaded"
    ]
    assert ContentPack.objects.get(pack_id="cs-aces-core").version == "1.0.0"


def test_an_unknown_key_is_refused_before_any_file_is_read(
    aces: dict[str, Any], publisher: Publisher
) -> None:
    publisher.publish([aces, renamed(aces, "1.0.1", "Old One-Two (corrected)")])
    stranger = Ed25519PrivateKey.generate().public_key()
    trusted = public_key_info(stranger).fingerprint
    with pytest.raises(PullError) as exc:
        pack_pull(url=publisher.root, key=stranger)
    assert problems(exc) == [
        f"{publisher.root}: unknown key: the publisher signs with the key "
        f"{publisher.fingerprint}, not the trusted key {trusted}; nothing was loaded"
    ]
    assert publisher.asked == ["/api/v1/signing-key/"]
    assert ContentPack.objects.get(pack_id="cs-aces-core").version == "1.0.0"


def test_a_version_signed_by_another_key_is_refused(
    aces: dict[str, Any], publisher: Publisher
) -> None:
    other = Ed25519PrivateKey.generate()
    publisher.publish([aces, renamed(aces, "1.0.1", "Old One-Two (corrected)")], signer=other)
    with pytest.raises(PullError) as exc:
        pack_pull(url=publisher.root, key=publisher.key.public_key())
    theirs = public_key_info(other.public_key()).fingerprint
    assert problems(exc) == [
        f"cs-aces-core 1.0.1: signed by another key ({theirs}), not the trusted key "
        f"{publisher.fingerprint}; nothing was loaded"
    ]


def test_a_version_older_than_the_one_loaded_is_refused(
    aces: dict[str, Any], publisher: Publisher
) -> None:
    pack_load(documents=[("v2", renamed(aces, "2.0.0", "Old One-Two (v2)"))])
    publisher.publish([aces, renamed(aces, "1.1.0", "Old One-Two (1.1)")])
    before = catalogue_state()
    with pytest.raises(PullError) as exc:
        pack_pull(url=publisher.root, key=publisher.key.public_key())
    assert problems(exc) == [
        "cs-aces-core 1.1.0: the publisher's version is older than the 2.0.0 loaded here; "
        "a pull never goes back; nothing was loaded"
    ]
    assert catalogue_state() == before


def test_the_same_version_with_other_content_is_refused(
    aces: dict[str, Any], publisher: Publisher
) -> None:
    publisher.publish([renamed(aces, "1.0.0", "Old One-Two (theirs)")])
    with pytest.raises(PullError) as exc:
        pack_pull(url=publisher.root, key=publisher.key.public_key())
    (problem,) = problems(exc)
    assert problem.startswith("cs-aces-core 1.0.0: the publisher's file is not the one loaded here")
    assert problem.endswith("the sites' packs have gone apart; nothing was loaded")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_an_unreachable_site_is_a_clear_error() -> None:
    root = f"http://127.0.0.1:{free_port()}"
    key = Ed25519PrivateKey.generate().public_key()
    with pytest.raises(PullError) as exc:
        pack_pull(url=root, key=key)
    assert problems(exc) == [
        f"{root}: cannot reach {root}: the connection was refused (is the site running, on "
        "that port?); nothing was loaded"
    ]


def test_a_site_that_never_answers_times_out() -> None:
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(1)
        root = f"http://127.0.0.1:{silent.getsockname()[1]}"
        with pytest.raises(PullError) as exc:
            pack_pull(url=root, key=Ed25519PrivateKey.generate().public_key(), timeout=0.3)
    assert problems(exc) == [
        f"{root}: cannot reach {root}: no answer within 0.3 s; nothing was loaded"
    ]


@pytest.mark.parametrize(
    ("path", "body", "expected"),
    [
        (
            "/api/v1/packs/",
            b"<html>not json</html>",
            "{root}: the answer at {root}/api/v1/packs/?page_size=200 is not JSON a registry "
            "sends ($: not JSON: Expecting value at line 1 column 1); nothing was loaded",
        ),
        (
            "/api/v1/packs/",
            b'{"results": "none"}',
            "{root}: the answer at {root}/api/v1/packs/?page_size=200 is not a page of results; "
            "nothing was loaded",
        ),
        (
            "/api/v1/packs/",
            b'{"results": [{"id": "cs-aces-core", "version": "1.0.1", '
            b'"versions_url": "http://elsewhere.example/v/"}], "next": null}',
            "cs-aces-core: the registry's answer names 'http://elsewhere.example/v/', not an "
            "address of {root}: not a Muster registry's answer; nothing was loaded",
        ),
        (
            "/api/v1/signing-key/",
            b'{"signed": false, "fingerprint": null}',
            "{root}: the publisher signs nothing (its registry says unsigned): it needs a "
            "signing key (manage.py signingkey, then manage.py signpacks); nothing was loaded",
        ),
    ],
)
def test_a_malformed_answer_is_a_clear_error(
    aces: dict[str, Any], publisher: Publisher, path: str, body: bytes, expected: str
) -> None:
    publisher.publish([aces, renamed(aces, "1.0.1", "Old One-Two (corrected)")])
    publisher.routes[path] = body
    with pytest.raises(PullError) as exc:
        pack_pull(url=publisher.root, key=publisher.key.public_key())
    assert problems(exc) == [expected.format(root=publisher.root)]
    assert ContentPack.objects.get(pack_id="cs-aces-core").version == "1.0.0"


def test_a_file_past_the_size_bound_is_refused(aces: dict[str, Any], publisher: Publisher) -> None:
    publisher.publish([aces, renamed(aces, "1.0.1", "Old One-Two (corrected)")])
    with pytest.raises(PullError) as exc:
        pack_pull(url=publisher.root, key=publisher.key.public_key(), max_bytes=4_000)
    file_url = publisher.url("/api/v1/packs/cs-aces-core/versions/1.0.1/file/")
    assert problems(exc) == [
        f"cs-aces-core 1.0.1: {file_url} is larger than the limit of 4,000 bytes; "
        "nothing was loaded"
    ]


@pytest.mark.parametrize("url", ["file:///etc/passwd", "ftp://example.org/", "example.org", ""])
def test_only_http_addresses_are_pulled(url: str) -> None:
    with pytest.raises(PullError) as exc:
        pack_pull(url=url, key=Ed25519PrivateKey.generate().public_key())
    assert problems(exc) == [
        f"{url or '(no address)'}: not a site address: give the publisher's http:// or "
        "https:// address; nothing was loaded"
    ]


def test_a_subscription_keeps_its_last_result(aces: dict[str, Any], publisher: Publisher) -> None:
    publisher.publish([aces, renamed(aces, "1.0.1", "Old One-Two (corrected)")])
    info = public_key_info(publisher.key.public_key())
    saved = subscription_save(url=f"{publisher.root}/", key_text=info.pem, added_by="ada")
    assert (saved.url, saved.public_key, saved.fingerprint) == (
        publisher.root,
        info.raw,
        info.fingerprint,
    )
    subscription_pull(subscription=saved)
    saved.refresh_from_db()
    assert (saved.last_ok, saved.last_result) == (
        True,
        f"Loaded cs-aces-core 1.0.1 from {publisher.root}; 0 packs up to date.",
    )
    publisher.routes["/api/v1/signing-key/"] = b"[]"
    with pytest.raises(PullError):
        subscription_pull(subscription=saved)
    saved.refresh_from_db()
    assert saved.last_ok is False
    assert saved.last_result == (
        f"{publisher.root}: the answer at {publisher.root}/api/v1/signing-key/ is not a "
        "registry's signing key; nothing was loaded"
    )


def test_pullpacks_takes_the_key_from_a_file_and_saves_the_subscription(
    aces: dict[str, Any], publisher: Publisher, tmp_path: Path
) -> None:
    publisher.publish([aces, renamed(aces, "1.0.1", "Old One-Two (corrected)")])
    key_file = tmp_path / "publisher.pem"
    key_file.write_text(public_key_info(publisher.key.public_key()).pem)
    out = StringIO()
    call_command(
        "pullpacks",
        publisher.root,
        "--key",
        str(key_file),
        "--subscribe",
        stdout=out,
        stderr=StringIO(),
    )
    assert (
        out.getvalue() == f"Loaded cs-aces-core 1.0.1 from {publisher.root}; 0 packs up to date.\n"
    )
    assert PackSubscription.objects.get().fingerprint == publisher.fingerprint
    out = StringIO()
    call_command("pullpacks", "--all", stdout=out, stderr=StringIO())
    assert out.getvalue() == f"Nothing new from {publisher.root}: 1 pack up to date.\n"


def test_pullpacks_refuses_a_key_that_is_not_one(publisher: Publisher) -> None:
    with pytest.raises(CommandError) as exc:
        call_command("pullpacks", publisher.root, "--key", "not-a-key")
    assert str(exc.value) == (
        "--key: the key is not base64; give the publisher's Ed25519 public key: the base64 "
        "text of its 32 bytes (as its /packs/ page shows) or its PEM text "
        "(-----BEGIN PUBLIC KEY-----)"
    )
    with pytest.raises(CommandError) as exc:
        call_command("pullpacks", publisher.root)
    assert str(exc.value) == f"no subscription to {publisher.root}: give its public key with --key"
