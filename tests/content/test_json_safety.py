"""Properties of the JSON gate: what it lets through, the database stores and returns
unchanged; what it refuses, the parser and the walker refuse alike."""

from __future__ import annotations

import io
import json
import math
import os
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from content.models import ContentPack, ContentPackVersion, GameSystem
from content.services.json_safety import (
    CHUNK_BYTES,
    MAX_DEPTH,
    document_hazards,
    parse_json,
    read_json_file,
    read_json_stream,
)
from rules_engine import limits

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


@pytest.mark.parametrize(
    ("depth", "message"),
    [
        (MAX_DEPTH, None),
        (MAX_DEPTH + 1, f"nested deeper than {MAX_DEPTH} levels"),
        (5_000, f"nested deeper than {MAX_DEPTH} levels (5,000 levels)"),
        (200_000, f"nested deeper than {MAX_DEPTH} levels (200,000 levels)"),
    ],
)
def test_depth_is_limited_without_recursion(depth, message):
    text = "[" * depth + "]" * depth
    _, errors = parse_json(text)
    assert [e.message for e in errors] == ([message] if message else [])


def test_one_depth_limit_everywhere():
    from builder import engine
    from builder.lists import checking

    assert MAX_DEPTH == limits.MAX_DEPTH == engine.MAX_JSON_DEPTH == checking.MAX_DEPTH == 64


class Endless(io.RawIOBase):
    """A stream that never ends and claims no size, like ``/dev/zero``; counts what is read."""

    def __init__(self) -> None:
        self.given = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        buffer[:] = b" " * len(buffer)
        self.given += len(buffer)
        return len(buffer)


def test_a_stream_is_read_no_further_than_its_limit():
    stream = Endless()
    value, errors = read_json_stream(io.BufferedReader(stream), max_bytes=1_000)
    assert value is None
    assert [str(e) for e in errors] == ["$: more than the limit of 1,000 bytes"]
    assert stream.given <= 1_001 + io.DEFAULT_BUFFER_SIZE


class Asked:
    """An endless stream that records how many bytes each read asks for."""

    def __init__(self) -> None:
        self.asked: list[int] = []

    def read(self, size: int = -1) -> bytes:
        self.asked.append(size)
        return b" " * size


def test_a_stream_is_read_in_chunks_up_to_one_byte_past_its_limit():
    stream = Asked()
    value, errors = read_json_stream(stream, max_bytes=200_000)
    assert (value, [str(e) for e in errors]) == (None, ["$: more than the limit of 200,000 bytes"])
    assert sum(stream.asked) == 200_001
    assert max(stream.asked) == CHUNK_BYTES < 200_000


def test_bytes_are_utf8_with_an_optional_byte_order_mark():
    assert parse_json(b'\xef\xbb\xbf{"a": "caf\xc3\xa9"}') == ({"a": "café"}, [])
    assert [str(e) for e in parse_json(b'{"a": "caf\xe9"}')[1]] == [
        "$: not UTF-8: byte 10 cannot be decoded"
    ]


def test_a_file_over_its_limit_is_refused_with_its_size(tmp_path):
    path = tmp_path / "big.json"
    path.write_bytes(b"[" + b" " * 2_000 + b"]")
    assert [str(e) for e in read_json_file(path, max_bytes=1_000)[1]] == [
        "$: file is 2,002 bytes; the limit is 1,000 bytes"
    ]


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_a_device_is_refused_before_it_is_read():
    assert [str(e) for e in read_json_file("/dev/zero")[1]] == [
        "$: a character device, not a file; only ordinary files are read"
    ]


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "in.json"
    os.mkfifo(fifo)
    started = time.monotonic()
    assert [str(e) for e in read_json_file(fifo)[1]] == [
        "$: a named pipe (FIFO), not a file; only ordinary files are read"
    ]
    assert time.monotonic() - started < 5


def test_a_folder_is_refused(tmp_path):
    assert [str(e) for e in read_json_file(tmp_path)[1]] == [
        "$: a folder, not a file; only ordinary files are read"
    ]
