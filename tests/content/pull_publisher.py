"""A publisher on a loopback port answering as a Muster registry does, from documents and a
key handed to it; a test changes its answers (a tampered file, a wrong checksum) at will."""

from __future__ import annotations

import base64
import hashlib
import json
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import urlsplit

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from content.signing import canonical_bytes, public_key_info


@dataclass
class Publisher:
    root: str
    key: Ed25519PrivateKey
    routes: dict[str, bytes] = field(default_factory=dict)
    asked: list[str] = field(default_factory=list)

    @property
    def fingerprint(self) -> str:
        return public_key_info(self.key.public_key()).fingerprint

    def url(self, path: str) -> str:
        return f"{self.root}{path}"

    def answer_json(self, path: str, value: Any) -> None:
        self.routes[path] = json.dumps(value).encode()

    def json_at(self, path: str) -> Any:
        return json.loads(self.routes[path])

    def publish(
        self, versions: Sequence[dict[str, Any]], signer: Ed25519PrivateKey | None = None
    ) -> None:
        """Answer as a registry holding ``versions`` (documents, oldest first per pack),
        each signed by ``signer`` (the publisher's key by default); the newest is published."""
        signer = signer or self.key
        by_pack: dict[str, list[dict[str, Any]]] = {}
        for doc in versions:
            by_pack.setdefault(doc["id"], []).append(doc)
        packs = []
        for pack_id, docs in sorted(by_pack.items()):
            rows = []
            for doc in docs:
                content = canonical_bytes(doc)
                base = f"/api/v1/packs/{pack_id}/versions/{doc['version']}/"
                self.routes[f"{base}file/"] = content
                signature = base64.b64encode(signer.sign(content)).decode()
                self.answer_json(f"{base}signature/", {"signature": signature})
                rows.append(
                    {
                        "pack": pack_id,
                        "version": doc["version"],
                        "checksum": hashlib.sha256(content).hexdigest(),
                        "file_url": self.url(f"{base}file/"),
                        "signature": signature,
                        "signed_by": public_key_info(signer.public_key()).fingerprint,
                        "signature_url": self.url(f"{base}signature/"),
                    }
                )
            self.answer_json(f"/api/v1/packs/{pack_id}/versions/", page(list(reversed(rows))))
            packs.append(
                {
                    "id": pack_id,
                    "version": docs[-1]["version"],
                    "checksum": rows[-1]["checksum"],
                    "versions_url": self.url(f"/api/v1/packs/{pack_id}/versions/"),
                }
            )
        self.answer_json("/api/v1/packs/", page(packs))
        info = public_key_info(self.key.public_key())
        self.answer_json(
            "/api/v1/signing-key/",
            {
                "signed": True,
                "algorithm": "Ed25519",
                "fingerprint": info.fingerprint,
                "public_key": info.raw,
                "public_key_pem": info.pem,
            },
        )


def page(results: list[dict[str, Any]]) -> dict[str, Any]:
    return {"count": len(results), "next": None, "previous": None, "results": results}


@contextmanager
def publisher_running() -> Iterator[Publisher]:
    """A publisher on a free loopback port, stopped afterwards."""
    holder: dict[str, Publisher] = {}

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            publisher = holder["publisher"]
            path = urlsplit(self.path).path
            publisher.asked.append(path)
            body = publisher.routes.get(path)
            self.send_response(200 if body is not None else 404)
            self.send_header("Content-Type", "application/json")
            self.end_headers()
            self.wfile.write(body if body is not None else b'{"code": "not_found"}')

        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    holder["publisher"] = Publisher(
        root=f"http://127.0.0.1:{server.server_address[1]}", key=Ed25519PrivateKey.generate()
    )
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield holder["publisher"]
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
