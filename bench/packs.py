"""What guarding and sharing packs costs: known-good lists checked on publish, and a pulled
file's signature checked before it loads.

Run: .venv/bin/python bench/packs.py  (DATABASE_URL=postgres://... for PostgreSQL; a
throw-away database ``bench_<name>`` is created and dropped; SQLite by default).
Options: --lists 50  --repeat 7

- **Known-good lists on publish.** An Air Action figure none of the lists fields is re-priced
  and published under 0 and under ``--lists`` known-good lists (all checked, none changes).
  The gate's own time is set beside the baseline: the same lists checked by the engine
  against the same candidate catalogue, built once, with nothing else (no rows read, no
  findings made), the least any check of them must do.
- **A pulled file.** Each shipped pack's canonical file is verified as ``pullpacks`` does it
  (SHA-256 against the registry's checksum, then the Ed25519 signature) against the
  baseline of the SHA-256 alone, which any download is checked by anyway.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os

from figures import measured
from timing import ROOT, best_of  # puts the project on sys.path

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "builder.settings.test")

import django

django.setup()

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection, transaction  # noqa: E402

from builder import engine  # noqa: E402
from builder.lists.known_good import known_good_create, known_good_gate  # noqa: E402
from builder.lists.models import KnownGoodList  # noqa: E402
from content import catalogues  # noqa: E402
from content.models import ContentPack, Figure  # noqa: E402
from content.services import record_save  # noqa: E402
from content.services.packs import pack_document, pack_dump, pack_load, read_pack_files  # noqa: E402
from content.signing import canonical_bytes, signature_valid  # noqa: E402
from rules_engine.catalogue import pack_files  # noqa: E402

CORE = "cs-air-action-core"
REPRICED = "louis-thibodeaux-brigand"
EXAMPLE = ROOT / "docs" / "examples" / "cs-air-action" / "bloodhawks-200.json"


class _Undo(Exception):
    """Raised to roll a measured publish back, so every repeat publishes the same edit."""


def _reprice() -> None:
    """A figure the known-good lists do not field: every list is checked, none changes."""
    figure = Figure.objects.get(stable_id=REPRICED)
    figure.data = {**figure.data, "point_value": figure.data["point_value"] + 1}
    record_save(record=figure)


def _publish_once() -> None:
    try:
        with transaction.atomic():
            _reprice()
            pack_dump(pack=ContentPack.objects.get(pack_id=CORE), actor="bench")
            raise _Undo
    except _Undo:
        pass


def _register(count: int) -> None:
    document = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    pack = ContentPack.objects.get(pack_id=CORE)
    user = get_user_model().objects.create_user("bench-maintainer")
    for n in range(count):
        known_good_create(pack=pack, document=document | {"name": f"List {n + 1}"}, by=user)


def _known_good(args: argparse.Namespace) -> None:
    print(f"Known-good lists on publish ({CORE}, one figure re-priced), best of {args.repeat}")
    bare = best_of(_publish_once, args.repeat)
    _register(args.lists)
    guarded = best_of(_publish_once, args.repeat)

    pack = ContentPack.objects.get(pack_id=CORE)
    with transaction.atomic():
        _reprice()
        candidate = pack_document(pack)
        candidate["version"] = "99.0.0"
        findings = known_good_gate(pack, candidate)
        documents = list(KnownGoodList.objects.values_list("document", flat=True))
        gate = best_of(lambda: known_good_gate(pack, candidate), args.repeat)

        def baseline() -> None:
            resolved = catalogues.resolve_candidate(candidate)
            for document in documents:
                engine.list_checked(document, resolved=resolved)

        floor = best_of(baseline, args.repeat)
        transaction.set_rollback(True)
    changed = sum(f.changed for f in findings)
    print(f"  publish, no known-good lists:        {bare * 1000:8.1f} ms")
    print(
        f"  publish, {args.lists} known-good lists:       {guarded * 1000:8.1f} ms "
        f"({changed} of {len(findings)} found changed)"
    )
    print(f"  the gate alone:                      {gate * 1000:8.1f} ms")
    print(f"  baseline, the same checks bare:      {floor * 1000:8.1f} ms")
    print(f"  gate / baseline:                     {gate / floor:8.2f}")
    print(
        f"  per list: {gate / args.lists * 1000:.2f} ms (baseline {floor / args.lists * 1000:.2f})"
    )
    measured(
        f"known-good gate on publish, {args.lists} lists",
        gate * 1000,
        "ms wall",
        baseline="the same checks bare",
        baseline_value=floor * 1000,
    )
    measured(
        f"publish with {args.lists} known-good lists",
        guarded * 1000,
        "ms wall",
        baseline="publish, no known-good lists",
        baseline_value=bare * 1000,
    )


def _pulled_files(args: argparse.Namespace) -> None:
    docs, _ = read_pack_files(pack_files())
    key = Ed25519PrivateKey.generate()
    public = key.public_key()
    files = []
    for _, doc in docs:
        content = canonical_bytes(doc)
        files.append((content, hashlib.sha256(content).hexdigest(), key.sign(content)))
    size = sum(len(c) for c, _, _ in files)

    def verified() -> None:
        for content, checksum, signature in files:
            assert hashlib.sha256(content).hexdigest() == checksum
            assert signature_valid(content, signature, public)

    def hashed() -> None:
        for content, checksum, _ in files:
            assert hashlib.sha256(content).hexdigest() == checksum

    ours, floor = best_of(verified, args.repeat), best_of(hashed, args.repeat)
    print(f"\nA pulled file checked: {len(files)} shipped packs, {size / 1e6:.2f} MB")
    print(f"  SHA-256 and Ed25519 signature:       {ours * 1000:8.2f} ms")
    print(f"  baseline, SHA-256 alone:             {floor * 1000:8.2f} ms")
    print(f"  signature and hash / hash:           {ours / floor:8.2f}")
    measured(
        "pulled packs: SHA-256 and Ed25519 signature",
        ours * 1000,
        "ms wall",
        baseline="SHA-256 alone",
        baseline_value=floor * 1000,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--lists", type=int, default=50)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    connection.settings_dict.setdefault("TEST", {})["NAME"] = (
        f"bench_{connection.settings_dict['NAME']}" if connection.vendor == "postgresql" else None
    )
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        call_command("migrate", verbosity=0)
        docs, _ = read_pack_files(pack_files())
        pack_load(documents=docs)
        print(f"database: {connection.vendor}")
        _known_good(args)
        _pulled_files(args)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
