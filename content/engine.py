"""The content layer's one door to the rules engine.

Django code reaches the engine through the gateway ``builder.engine``, but ``content`` sits
below ``builder`` and may not import it. What content needs of the engine (its catalogue of
stored packs, the pack reader and checksum, the schemas, the JSON limits, the games it
declares) is imported here and nowhere else in content, so the layer has one door too and
the gateway can build on it.
"""

from rules_engine import limits
from rules_engine.catalogue import (
    DEFAULT_PACK_DIR,
    Catalogue,
    build_catalogue,
    canonical_json,
    normalise_pack,
    normalise_record,
    pack_checksum,
    pack_files,
    read_pack_file,
)
from rules_engine.errors import BadDocument, DocumentError
from rules_engine.jsonpath import child, json_path
from rules_engine.schema import CompiledSchema, compiled, schema_errors
from rules_engine.systems import SYSTEMS
from rules_engine.typing import SystemModule

__all__ = [
    "DEFAULT_PACK_DIR",
    "SYSTEMS",
    "BadDocument",
    "Catalogue",
    "CompiledSchema",
    "DocumentError",
    "SystemModule",
    "build_catalogue",
    "canonical_json",
    "child",
    "compiled",
    "json_path",
    "limits",
    "normalise_pack",
    "normalise_record",
    "pack_checksum",
    "pack_files",
    "read_pack_file",
    "schema_errors",
]
