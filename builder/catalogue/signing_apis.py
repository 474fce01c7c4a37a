"""The registry's signatures: the site's public key, and each version's signature.

Another Muster pulling this site's packs trusts one public key, given to it by hand; it
reads the fingerprint here only to say clearly when the key it trusts is not this site's.
The signature of a version covers the bytes of its file (``.../file/``) exactly.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse

from builder.api.conditional import conditional
from builder.api.schema import example
from builder.catalogue.apis import PublicApi
from builder.catalogue.registry_apis import not_found
from content import registry
from content.signing import ALGORITHM, site_public_key

_FINGERPRINT = "5f1d1c0b3a7e4f8e9d2c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b7a6f5e"
_KEY = "Tm90IGEgcmVhbCBrZXksIGp1c3QgYW4gZXhhbXBsZSE="
_PEM = f"-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA{_KEY}\n-----END PUBLIC KEY-----\n"


class SigningKeySerializer(serializers.Serializer[Any]):
    signed = serializers.BooleanField(help_text="Whether this site signs the versions it stores.")
    algorithm = serializers.CharField()
    fingerprint = serializers.CharField(
        allow_null=True, help_text="SHA-256 of the raw 32-byte public key, hex."
    )
    public_key = serializers.CharField(allow_null=True, help_text="The 32-byte key, base64.")
    public_key_pem = serializers.CharField(allow_null=True)


def signing_key_body() -> dict[str, Any]:
    key = site_public_key()
    return {
        "signed": key is not None,
        "algorithm": ALGORITHM,
        "fingerprint": key.fingerprint if key else None,
        "public_key": key.raw if key else None,
        "public_key_pem": key.pem if key else None,
    }


class SigningKeyApi(PublicApi):
    """The public key this site signs its pack versions with; ``signed`` is false (and the
    key null) when it signs nothing."""

    @extend_schema(
        operation_id="signing_key_retrieve",
        tags=["packs"],
        responses={200: SigningKeySerializer},
        examples=[
            example(
                "A signing site",
                {
                    "signed": True,
                    "algorithm": ALGORITHM,
                    "fingerprint": _FINGERPRINT,
                    "public_key": _KEY,
                    "public_key_pem": _PEM,
                },
            ),
            example(
                "An unsigned site",
                {
                    "signed": False,
                    "algorithm": ALGORITHM,
                    "fingerprint": None,
                    "public_key": None,
                    "public_key_pem": None,
                },
            ),
        ],
    )
    def get(self, request: Request) -> Response | HttpResponse:
        return conditional(request, signing_key_body())


class VersionSignatureSerializer(serializers.Serializer[Any]):
    pack = serializers.CharField()
    version = serializers.CharField()
    algorithm = serializers.CharField()
    checksum = serializers.CharField(help_text="SHA-256 of the signed file.")
    signature = serializers.CharField(help_text="The 64-byte signature, base64.")
    signed_by = serializers.CharField(help_text="Fingerprint of the key that made it.")
    file_url = serializers.URLField(help_text="The file the signature covers.")


class PackVersionSignatureApi(PublicApi):
    """A version's Ed25519 signature of its file; ``404 not_found`` when it is unsigned."""

    @extend_schema(
        operation_id="pack_versions_signature",
        tags=["packs"],
        responses={200: VersionSignatureSerializer},
        examples=[
            example(
                "A signature",
                {
                    "pack": "crimson-dust-core",
                    "version": "1.0.0",
                    "algorithm": ALGORITHM,
                    "checksum": "ac49b1c9b28951b8df74e6d72093ce770ce4a4673ddac5d2a958dec8d03222f3",
                    "signature": "q83vEjRWeJA" * 8,
                    "signed_by": _FINGERPRINT,
                    "file_url": "http://127.0.0.1:8000/api/v1/packs/crimson-dust-core/"
                    "versions/1.0.0/file/",
                },
            )
        ],
    )
    def get(self, request: Request, pack_id: str, version: str) -> Response | HttpResponse:
        try:
            row = registry.version_require(pack_id=pack_id, version=version)
        except registry.NotInRegistry as exc:
            raise not_found(exc) from exc
        if not row.signature:
            raise not_found(registry.NotInRegistry(f"{pack_id} {version} is unsigned.", "version"))
        kwargs = {"pack_id": pack_id, "version": version}
        data = {
            "pack": pack_id,
            "version": version,
            "algorithm": ALGORITHM,
            "checksum": row.checksum,
            "signature": row.signature,
            "signed_by": row.signed_by,
            "file_url": reverse("api:pack-version-file", kwargs=kwargs, request=request),
        }
        return conditional(request, data, last_modified=row.loaded_at)
