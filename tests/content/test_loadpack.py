"""Loading packs: all or nothing, idempotent, versioned, and round-tripping through dumppack."""

from __future__ import annotations

import contextlib
import copy
import io
import json
import os
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command

from content.models import (
    RECORD_MODELS,
    ContentPack,
    ContentPackVersion,
    Figure,
    GameSystem,
)
from content.services.packs import PackLoadError, normalise_pack, pack_dump, pack_load
from rules_engine.catalogue import canonical_json

pytestmark = pytest.mark.django_db


def row_counts() -> dict[str, int]:
    counts = {t: m.objects.count() for t, m in RECORD_MODELS.items()}
    counts["packs"] = ContentPack.objects.count()
    counts["versions"] = ContentPackVersion.objects.count()
    return counts


def expected_counts(docs: list[tuple[str, dict[str, Any]]]) -> dict[str, int]:
    counts = dict.fromkeys(RECORD_MODELS, 0)
    for _, doc in docs:
        for rec in doc["records"]:
            counts[rec["type"]] += 1
    return counts


def test_every_pack_loads_with_one_row_per_record(pack_docs):
    report = pack_load(documents=pack_docs)

    assert sorted(report.loaded) == sorted(d["id"] for _, d in pack_docs)
    counts = row_counts()
    assert {t: counts[t] for t in RECORD_MODELS} == expected_counts(pack_docs)
    assert counts["packs"] == counts["versions"] == len(pack_docs)
    assert GameSystem.objects.count() == len({d["system"] for _, d in pack_docs})


def test_loading_the_same_versions_twice_changes_nothing(loaded_packs, pack_docs):
    before = row_counts()
    stamps = dict(ContentPack.objects.values_list("pack_id", "loaded_at"))

    report = pack_load(documents=pack_docs)

    assert report.loaded == []
    assert sorted(report.unchanged) == sorted(d["id"] for _, d in pack_docs)
    assert row_counts() == before
    assert dict(ContentPack.objects.values_list("pack_id", "loaded_at")) == stamps


def first_figure_pack(docs):
    return next(d for _, d in docs if any(r["type"] == "figure" for r in d["records"]))


def test_a_bad_pack_writes_nothing_and_names_every_problem(pack_docs):
    good = pack_docs[0]
    bad = copy.deepcopy(first_figure_pack(pack_docs))
    figure_index = next(i for i, r in enumerate(bad["records"]) if r["type"] == "figure")
    bad["records"][figure_index]["data"]["point_value"] = "forty"
    bad["records"][figure_index + 0]["data"]["combat_dial"] = "no-such-dial"
    bad["records"][0]["id"] = "Not A Slug"

    with pytest.raises(PackLoadError) as exc:
        pack_load(documents=[good, ("bad.json", bad)])

    messages = [str(e) for e in exc.value.errors]
    assert any(m.startswith("bad.json: $.records[0].id:") for m in messages), messages
    assert row_counts() == dict.fromkeys([*RECORD_MODELS, "packs", "versions"], 0)


def test_data_errors_name_the_record_field(pack_docs):
    bad = copy.deepcopy(first_figure_pack(pack_docs))
    i = next(i for i, r in enumerate(bad["records"]) if r["type"] == "figure")
    bad["records"][i]["data"]["point_value"] = "forty"
    j = next(j for j, r in enumerate(bad["records"]) if r["type"] == "figure" and j != i)
    bad["records"][j]["data"]["combat_dial"] = "no-such-dial"

    with pytest.raises(PackLoadError) as exc:
        pack_load(documents=[("bad.json", bad)])

    messages = [str(e) for e in exc.value.errors]
    assert any(
        m.startswith(f"bad.json: $.records[{i}].data.point_value: 'forty' is not") for m in messages
    ), messages
    assert (
        f"bad.json: $.records[{j}].data.combat_dial: no combat_dial 'no-such-dial' in "
        f"{bad['system']}" in messages
    )
    assert Figure.objects.count() == 0


def test_a_newer_version_replaces_the_pack_and_keeps_the_old_one(loaded_packs, pack_docs):
    doc = copy.deepcopy(first_figure_pack(pack_docs))
    figure = next(r for r in doc["records"] if r["type"] == "figure")
    named = {  # figures other records name may not be dropped
        name.rpartition("/")[2]
        for _, d in pack_docs
        for r in d["records"]
        for name in [r["data"].get("ace") or ""]
    }
    figures = [r for r in doc["records"] if r["type"] == "figure" and r is not figure]
    dropped = next(r for r in figures if r["id"] not in named)
    doc["records"].remove(dropped)
    figure["name"] = "Renamed in 1.0.1"
    doc["version"] = "1.0.1"

    report = pack_load(documents=[("new.json", doc)])

    assert report.loaded == [doc["id"]]
    assert (
        Figure.objects.get(system__slug=doc["system"], stable_id=figure["id"]).name
        == "Renamed in 1.0.1"
    )
    assert not Figure.objects.filter(stable_id=dropped["id"], system__slug=doc["system"]).exists()
    pack = ContentPack.objects.get(pack_id=doc["id"])
    assert pack.version == "1.0.1"
    assert sorted(pack.versions.values_list("version", flat=True)) == ["1.0.0", "1.0.1"]


def test_an_older_version_is_refused_unless_forced(loaded_packs, pack_docs):
    doc = copy.deepcopy(first_figure_pack(pack_docs))
    newer = copy.deepcopy(doc) | {"version": "2.0.0"}
    pack_load(documents=[("newer.json", newer)])

    with pytest.raises(PackLoadError) as exc:
        pack_load(documents=[("old.json", doc)])
    assert str(exc.value.errors[0]) == (
        f"old.json: $.version: 1.0.0 is older than the loaded 2.0.0 of {doc['id']}; "
        "use --force to go back to it"
    )

    pack_load(documents=[("old.json", doc)], force=True)
    assert ContentPack.objects.get(pack_id=doc["id"]).version == "1.0.0"


def test_a_published_version_cannot_change_its_content(loaded_packs, pack_docs):
    doc = copy.deepcopy(first_figure_pack(pack_docs))
    doc["records"][0]["name"] = "Quietly edited"

    with pytest.raises(PackLoadError) as exc:
        pack_load(documents=[("edited.json", doc)], force=True)
    assert "was already loaded with different content" in str(exc.value)


def test_load_dump_load_round_trips(loaded_packs, pack_docs):
    for _, doc in pack_docs:
        pack = ContentPack.objects.get(pack_id=doc["id"])
        dumped = pack_dump(pack=pack)
        assert canonical_json(dumped) == canonical_json(normalise_pack(doc))

    before = row_counts()
    dumped_docs = [
        (d["id"], pack_dump(pack=ContentPack.objects.get(pack_id=d["id"]))) for _, d in pack_docs
    ]
    report = pack_load(documents=dumped_docs)
    assert report.loaded == []
    assert row_counts() == before


def test_an_admin_edit_is_published_as_a_new_version(loaded_packs):
    figure = Figure.objects.select_related("pack").first()
    figure.name = "Edited in the admin"
    figure.save(update_fields=["name"])

    doc = pack_dump(pack=figure.pack)

    assert doc["version"] == "1.0.1"
    assert (
        next(r for r in doc["records"] if r["type"] == "figure" and r["id"] == figure.stable_id)[
            "name"
        ]
        == "Edited in the admin"
    )
    old = ContentPackVersion.objects.get(pack=figure.pack, version="1.0.0").document
    assert all(r["name"] != "Edited in the admin" for r in old["records"])


def test_loadpack_command_lists_every_problem_and_fails(tmp_path: Path, pack_docs):
    bad = copy.deepcopy(pack_docs[0][1])
    bad["version"] = "one"
    bad["records"][0]["source"] = {}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad))
    not_json = tmp_path / "broken.json"
    not_json.write_text("{")
    err = io.StringIO()

    with pytest.raises(CommandError, match=r"4 problem\(s\) found; nothing was loaded"):
        call_command("loadpack", str(path), str(not_json), stderr=err)

    text = err.getvalue()
    assert f"{not_json}: $: not JSON: Expecting property name enclosed in double quotes" in text
    assert f"{path}: $.version: 'one' does not match" in text
    assert f"{path}: $.records[0].source: 'seed' is a required property" in text
    assert f"{path}: $.records[0].source: 'section' is a required property" in text
    assert ContentPack.objects.count() == 0


def test_loadpack_and_dumppack_commands_round_trip_files(tmp_path: Path, pack_docs):
    out, err = io.StringIO(), io.StringIO()
    call_command("loadpack", stdout=out, stderr=err)
    assert f"loaded {len(pack_docs)} pack(s), 0 unchanged" in out.getvalue()
    assert "already loaded" not in err.getvalue()

    _, doc = pack_docs[0]
    target = tmp_path / "dumped.json"
    call_command(
        "dumppack",
        doc["system"],
        "--pack",
        doc["id"],
        "--output",
        str(target),
        stderr=io.StringIO(),
    )
    assert target.read_text(encoding="utf-8") == canonical_json(normalise_pack(doc))

    out = io.StringIO()
    call_command("loadpack", str(target), stdout=out, stderr=io.StringIO())
    assert "loaded 0 pack(s), 1 unchanged, 0 records written" in out.getvalue()


@contextlib.contextmanager
def within(seconds: int) -> Iterator[None]:
    """Fail, rather than hang, when the block takes longer than ``seconds``."""

    def expired(signum: int, frame: Any) -> None:
        raise TimeoutError(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_loadpack_refuses_an_endless_device_at_once():
    with within(10), pytest.raises(CommandError) as err:
        call_command("loadpack", "/dev/zero", stderr=io.StringIO())
    assert str(err.value) == (
        "not a pack file: /dev/zero is a character device, not a file; only ordinary files are read"
    )
    assert ContentPack.objects.count() == 0


def test_loadpack_refuses_a_fifo_without_waiting_for_a_writer(tmp_path: Path):
    fifo = tmp_path / "pack.json"
    os.mkfifo(fifo)
    with within(10), pytest.raises(CommandError) as err:
        call_command("loadpack", str(fifo), stderr=io.StringIO())
    assert str(err.value) == (
        f"not a pack file: {fifo} is a named pipe (FIFO), not a file; only ordinary files are read"
    )


def test_a_fifo_in_a_pack_folder_is_a_problem_of_that_file(tmp_path: Path, pack_docs):
    (tmp_path / "cs-aces").mkdir()
    os.mkfifo(tmp_path / "cs-aces" / "stuck.json")
    err = io.StringIO()
    with within(10), pytest.raises(CommandError, match=r"not a pack file: .*stuck\.json is a"):
        call_command("loadpack", str(tmp_path), stderr=err)
    assert ContentPack.objects.count() == 0
