"""Properties of the JSON gate: what it lets through, the database stores and returns
unchanged; what it refuses, the parser and the walker refuse alike."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from content.models import ContentPack, ContentPackVersion, GameSystem
from content.services.json_safety import MAX_DEPTH, document_hazards, parse_json

hazardous_text = st.text(
    alphabet=st.one_of(st.characters(), st.sampled_from(["\x00", "\ud800", "\udfff", "\u202e"])),
    max_size=8,
)
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    hazardous_text,
)
documents = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(hazardous_text, inner, max_size=4)
    ),
    max_leaves=12,
)


def same(a: object, b: object) -> bool:
    if isinstance(a, float) and isinstance(b, float):
        return a == b or (math.isnan(a) and math.isnan(b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(map(same, a, b))
    return type(a) is type(b) and a == b


@pytest.fixture
def pack(db):
    system = GameSystem.objects.create(slug="cs-aces", name="Aces")
    return ContentPack.objects.create(pack_id="p", system=system, name="p", version="0.0.0")


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(doc=documents)
def test_what_passes_the_gate_the_database_stores_unchanged(pack, doc):
    if document_hazards(doc):
        return
    # Wrapped: Django stores a bare None as SQL NULL, which is no document at all.
    row = ContentPackVersion.objects.create(pack=pack, version="1.0.0", checksum="", document=[doc])
    try:
        stored = ContentPackVersion.objects.get(pk=row.pk).document
        assert same(stored, [doc])
    finally:
        row.delete()


@settings(max_examples=300, deadline=None)
@given(doc=documents)
def test_the_parser_and_the_walker_agree(doc):
    text = json.dumps(doc)  # lone surrogates and NUL become \\u escapes; NaN stays NaN
    parsed, errors = parse_json(text)
    if document_hazards(doc):
        assert errors
        assert parsed is None or document_hazards(parsed)
    else:
        assert errors == []
        assert same(parsed, doc)


@pytest.mark.parametrize("depth", [MAX_DEPTH, MAX_DEPTH + 1, 5_000, 200_000])
def test_depth_is_limited_without_recursion(depth):
    text = "[" * depth + "]" * depth
    _, errors = parse_json(text)
    if depth <= MAX_DEPTH:
        assert errors == []
    else:
        assert errors[0].message == f"nested deeper than {MAX_DEPTH} levels"
