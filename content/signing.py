"""Signing pack versions with the site's Ed25519 key, and checking another site's signatures.

A signature covers exactly the bytes the registry serves as a version's file (its canonical
JSON), so anyone holding the file and the public key can check it, with this module, with
``openssl pkeyutl -verify`` or with any Ed25519 library. The private key is a PEM file
named by ``settings.MUSTER_SIGNING_KEY_FILE``, never a database row: a database copied or
restored elsewhere cannot sign in this site's name. A key's fingerprint is the SHA-256 of
its raw 32-byte public key, in hex.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from django.conf import settings

from content.engine import canonical_json, normalise_pack

ALGORITHM = "Ed25519"
SIGNATURE_BYTES = 64
_KEYS: dict[tuple[str, int, int], Ed25519PrivateKey] = {}
"""(path, modification time, size) -> the key read from it: the file is read once."""


class SigningKeyError(Exception):
    """The site's key file cannot be made or read; the message says which file and why."""


class PublicKeyError(ValueError):
    """Text that is not an Ed25519 public key; the message says what was expected."""


@dataclass(frozen=True)
class PublicKeyInfo:
    """A public key as people and other sites are shown it."""

    raw: str
    """The 32 bytes of the key, base64."""
    pem: str
    fingerprint: str


def canonical_bytes(document: Mapping[str, Any]) -> bytes:
    """The bytes of a version's file: what the registry serves, hashes and signs."""
    return canonical_json(normalise_pack(dict(document))).encode()


def fingerprint(key: Ed25519PublicKey) -> str:
    """SHA-256 of the raw 32-byte public key, hex."""
    return hashlib.sha256(_raw(key)).hexdigest()


def _raw(key: Ed25519PublicKey) -> bytes:
    return key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)


def public_key_info(key: Ed25519PublicKey) -> PublicKeyInfo:
    pem = key.public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
    ).decode()
    return PublicKeyInfo(
        raw=base64.b64encode(_raw(key)).decode(), pem=pem, fingerprint=fingerprint(key)
    )


def public_key_parse(text: str) -> Ed25519PublicKey:
    """An Ed25519 public key from its PEM text or the base64 of its 32 bytes.

    Raises:
        PublicKeyError: neither, with what is expected.
    """
    text = (text or "").strip()
    expected = (
        "give the publisher's Ed25519 public key: the base64 text of its 32 bytes "
        "(as its /packs/ page shows) or its PEM text (-----BEGIN PUBLIC KEY-----)"
    )
    if text.startswith("-----BEGIN"):
        try:
            key = serialization.load_pem_public_key(text.encode())
        except (ValueError, TypeError) as exc:
            raise PublicKeyError(f"the PEM text is not a public key; {expected}") from exc
        if not isinstance(key, Ed25519PublicKey):
            raise PublicKeyError(f"the PEM key is not an Ed25519 key; {expected}")
        return key
    try:
        raw = base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError) as exc:
        raise PublicKeyError(f"the key is not base64; {expected}") from exc
    if len(raw) != 32:
        raise PublicKeyError(f"the key is {len(raw)} bytes, not 32; {expected}")
    return Ed25519PublicKey.from_public_bytes(raw)


def key_path() -> Path | None:
    """Where the site's private key is kept, or None when signing is switched off."""
    named = str(getattr(settings, "MUSTER_SIGNING_KEY_FILE", "") or "")
    return Path(named) if named else None


def site_key() -> Ed25519PrivateKey | None:
    """The site's private key, or None when it has none (nothing is signed).

    Raises:
        SigningKeyError: the file is there but cannot be read as an Ed25519 private key.
    """
    path = key_path()
    if path is None:
        return None
    try:
        found = path.stat()
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise SigningKeyError(f"cannot read the signing key {path}: {exc.strerror}") from exc
    cache = (str(path), found.st_mtime_ns, found.st_size)
    if cache in _KEYS:
        return _KEYS[cache]
    try:
        key = serialization.load_pem_private_key(path.read_bytes(), password=None)
    except OSError as exc:
        raise SigningKeyError(f"cannot read the signing key {path}: {exc.strerror}") from exc
    except (ValueError, TypeError) as exc:
        raise SigningKeyError(
            f"the signing key {path} is not an unencrypted PEM private key; "
            "make one with manage.py signingkey"
        ) from exc
    if not isinstance(key, Ed25519PrivateKey):
        raise SigningKeyError(f"the signing key {path} is not an Ed25519 key")
    _KEYS.clear()
    _KEYS[cache] = key
    return key


def site_public_key() -> PublicKeyInfo | None:
    """The site's public key as the registry shows it, or None when it signs nothing."""
    key = site_key()
    return public_key_info(key.public_key()) if key else None


def key_create(path: Path) -> PublicKeyInfo:
    """Make a new private key at ``path`` (readable by its owner only); never overwrites.

    Raises:
        SigningKeyError: a file is already there, or the folder cannot be written.
    """
    if path.exists():
        raise SigningKeyError(
            f"{path} already exists; a key is never overwritten (sites that trust it would "
            "refuse every new version). Move it away first to make a new one."
        )
    key = Ed25519PrivateKey.generate()
    pem = key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as out:
            out.write(pem)
    except FileExistsError as exc:
        raise SigningKeyError(f"{path} already exists; a key is never overwritten") from exc
    except OSError as exc:
        raise SigningKeyError(f"cannot write {path}: {exc.strerror}") from exc
    return public_key_info(key.public_key())


def version_signature(document: Mapping[str, Any]) -> dict[str, str]:
    """``signature`` and ``signed_by`` for a version row holding ``document``: signed with
    the site's key, or both empty when the site has none.

    Raises:
        SigningKeyError: the key file is there but unreadable.
    """
    key = site_key()
    if key is None:
        return {"signature": "", "signed_by": ""}
    signature = key.sign(canonical_bytes(document))
    return {
        "signature": base64.b64encode(signature).decode(),
        "signed_by": fingerprint(key.public_key()),
    }


def signature_bytes(signature: str) -> bytes | None:
    """The 64 bytes of a base64 signature, or None when it is not one."""
    try:
        raw = base64.b64decode(signature or "", validate=True)
    except (binascii.Error, ValueError):
        return None
    return raw if len(raw) == SIGNATURE_BYTES else None


def signature_valid(content: bytes, signature: bytes, key: Ed25519PublicKey) -> bool:
    """Whether ``signature`` (64 raw bytes) is ``key``'s signature of exactly ``content``."""
    try:
        key.verify(signature, content)
    except InvalidSignature:
        return False
    return True
