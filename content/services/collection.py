"""A collector's own pack: where records entered in the admin or imported are kept.

Each system gets one pack, ``<system>-collection``, created on first use with an empty
first version; ``dumppack`` publishes it like any other pack, so a collection travels as a
file and loads elsewhere.
"""

from __future__ import annotations

from django.db import transaction

from content.engine import normalise_pack, pack_checksum
from content.models import ContentPack, ContentPackVersion, GameSystem

COLLECTION_VERSION = "0.1.0"


def collector_source(system: GameSystem) -> dict[str, str]:
    """Where a collector's record comes from: the system's book, entered by hand."""
    return {"seed": system.seed or system.slug, "section": "Entered by a collector"}


def collection_pack_id(system: GameSystem) -> str:
    return f"{system.slug}-collection"


@transaction.atomic
def collection_pack_get_or_create(*, system: GameSystem) -> ContentPack:
    """The system's collection pack, made with an empty first version if it is new."""
    pack_id = collection_pack_id(system)
    pack = ContentPack.objects.filter(pack_id=pack_id).first()
    if pack is not None:
        return pack
    document = normalise_pack(
        {
            "format": "muster-pack/1",
            "id": pack_id,
            "version": COLLECTION_VERSION,
            "system": system.slug,
            "name": f"{system.name}: collection",
            "source": {"seed": system.seed or system.slug, "title": "Entered by collectors"},
            "records": [],
        }
    )
    checksum = pack_checksum(document)
    pack = ContentPack.objects.create(
        pack_id=pack_id,
        system=system,
        name=document["name"],
        version=COLLECTION_VERSION,
        checksum=checksum,
        source=document["source"],
    )
    ContentPackVersion.objects.create(
        pack=pack, version=COLLECTION_VERSION, checksum=checksum, document=document
    )
    return pack
