"""Every class of bad input, fault and misuse, replayed against loadpack, dumppack, the admin,
ensureadmin, restore and the production settings.

Each case must end in a clear error naming what is wrong (and where: file and JSON path, or
form field), and must leave the database exactly as it was: a dump of every catalogue row,
every pack version and every account is compared before and after.

``pytest tests/content/test_bad_inputs.py -q`` prints the number of cases; ``-v`` lists each
with the target it was replayed against.
"""

from __future__ import annotations

import copy
import importlib
import io
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core import serializers
from django.core.exceptions import ImproperlyConfigured
from django.core.management import CommandError, call_command
from django.urls import reverse

from content.models import RECORD_MODELS, CombatDial, ContentPack, ContentPackVersion, Figure
from content.services.json_safety import MAX_DEPTH, MAX_FILE_BYTES
from content.services.packs import pack_load
from content.services.records import record_save
from tests.conftest import PACK_DIR, read_pack

pytestmark = pytest.mark.django_db

AIR = PACK_DIR / "cs-air-action" / "cs-air-action-core.json"
ACES = PACK_DIR / "cs-aces" / "cs-aces-core.json"
STRONG_KEY = "8p@9h(uc(kdh3f7dv-+&2_aj$c7vnzii#38g)-7g0t#*jnq^qx"  # a generated key


def database_dump() -> str:
    """Every catalogue row, pack version and account, in a stable text form."""
    models = [*RECORD_MODELS.values(), ContentPack, ContentPackVersion, get_user_model()]
    rows = []
    for model in models:
        rows += json.loads(serializers.serialize("json", model.objects.order_by("pk")))
    return json.dumps(rows, sort_keys=True)


@dataclass
class World:
    """What a case may use: a loaded catalogue, a logged-in curator, a folder to write in."""

    tmp: Path
    client: Any
    monkeypatch: pytest.MonkeyPatch
    snapshot: str = ""

    def pack(self, path: Path = AIR) -> dict[str, Any]:
        return copy.deepcopy(read_pack(path))

    def write(self, content: str | bytes | dict[str, Any], name: str = "pack.json") -> Path:
        path = self.tmp / name
        if isinstance(content, dict):
            content = json.dumps(content)
        if isinstance(content, str):
            content = content.encode("utf-8", "surrogatepass")
        path.write_bytes(content)
        return path


# -- loadpack ---------------------------------------------------------------------------


def loadpack(world: World, *paths: Path | str, force: bool = False) -> str:
    err = io.StringIO()
    with pytest.raises(CommandError) as exc:
        call_command("loadpack", *map(str, paths), force=force, stderr=err, stdout=io.StringIO())
    return f"{err.getvalue()}\n{exc.value}"


def load_mutated(mutate: Callable[[dict[str, Any]], Any], path: Path = AIR) -> Callable[..., str]:
    def run(world: World) -> str:
        doc = world.pack(path)
        mutate(doc)
        return loadpack(world, world.write(doc))

    return run


def load_text(text: str | bytes) -> Callable[..., str]:
    return lambda world: loadpack(world, world.write(text))


def first(doc: dict[str, Any], record_type: str) -> dict[str, Any]:
    return next(r for r in doc["records"] if r["type"] == record_type)


def bumped(doc: dict[str, Any], version: str = "1.1.0") -> dict[str, Any]:
    doc["version"] = version
    return doc


def set_in(record_type: str, key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def mutate(doc: dict[str, Any]) -> None:
        bumped(doc)
        first(doc, record_type)[key] = value

    return mutate


def set_data(record_type: str, key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def mutate(doc: dict[str, Any]) -> None:
        bumped(doc)
        first(doc, record_type)["data"][key] = value

    return mutate


def nested(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


def pack_text_with(placeholder_value: str) -> Callable[..., str]:
    """A pack whose first figure's pilot is replaced by raw JSON text ``placeholder_value``."""

    def run(world: World) -> str:
        doc = bumped(world.pack())
        first(doc, "figure")["data"]["pilot"] = "@@HERE@@"
        text = json.dumps(doc).replace('"@@HERE@@"', placeholder_value)
        return loadpack(world, world.write(text))

    return run


def second_pack_reusing_an_id(world: World) -> str:
    doc = world.pack(ACES)
    doc["id"] = "cs-aces-extra"
    doc["records"] = [first(doc, "combat_dial")]
    return loadpack(world, world.write(doc, "extra.json"))


def two_packs_sharing_an_id(world: World) -> str:
    a = world.pack(ACES)
    a["id"], a["records"] = "cs-aces-one", [first(a, "table")]
    b = copy.deepcopy(a)
    b["id"] = "cs-aces-two"
    return loadpack(world, world.write(a, "one.json"), world.write(b, "two.json"))


def same_pack_twice(world: World) -> str:
    doc = bumped(world.pack())
    return loadpack(world, world.write(doc, "a.json"), world.write(doc, "b.json"))


def older_version(world: World) -> str:
    doc = bumped(world.pack(), "2.0.0")
    pack_load(documents=[("new", doc)])
    world.snapshot = database_dump()
    return loadpack(world, AIR)


def same_version_other_content(world: World) -> str:
    doc = world.pack()
    first(doc, "figure")["name"] = "Renamed without a new version"
    return loadpack(world, world.write(doc))


def drop_a_referenced_dial(world: World) -> str:
    """A second pack's figure refers to a dial of the core pack; the new core drops it."""
    extra = world.pack()
    extra["id"] = "cs-air-action-extra"
    figure = copy.deepcopy(first(extra, "figure"))
    figure["id"] = "extra-figure"
    extra["records"] = [figure]
    pack_load(documents=[("extra", extra)])
    world.snapshot = database_dump()
    doc = bumped(world.pack())
    dial = figure["data"]["combat_dial"]
    doc["records"] = [
        r
        for r in doc["records"]
        if not (r["type"] == "combat_dial" and r["id"] == dial)
        and not (r["type"] == "figure" and r["data"].get("combat_dial") == dial)
    ]
    return loadpack(world, world.write(doc))


def move_a_referenced_pack(world: World) -> str:
    extra = world.pack()
    extra["id"] = "cs-air-action-extra"
    figure = copy.deepcopy(first(extra, "figure"))
    figure["id"] = "extra-figure"
    extra["records"] = [figure]
    pack_load(documents=[("extra", extra)])
    world.snapshot = database_dump()
    doc = bumped(world.pack())
    doc["system"] = "cs-aces"
    doc["records"] = [r for r in doc["records"] if r["type"] in {"release", "speed_dial"}]
    return loadpack(world, world.write(doc))


def duplicate_in_one_pack(doc: dict[str, Any]) -> None:
    bumped(doc)
    doc["records"].append(copy.deepcopy(first(doc, "ability")))


def oversized(world: World) -> str:
    path = world.tmp / "big.json"
    with path.open("wb") as out:
        out.write(b'{"padding": "')
        out.truncate(MAX_FILE_BYTES + 10)
    return loadpack(world, path)


LOADPACK: list[tuple[str, Callable[..., str], str]] = [
    ("missing file", lambda w: loadpack(w, w.tmp / "nope.json"), "no such file"),
    ("empty file", load_text(""), "not JSON: Expecting value at line 1"),
    ("truncated JSON", load_text('{"format": "muster-pack/1", "id": '), "not JSON"),
    ("not UTF-8", load_text('{"name": "caf\xe9"}'.encode("latin-1")), "not UTF-8"),
    ("oversized file", oversized, "the limit is 8,388,608 bytes"),
    ("nested 100,000 deep", load_text("[" * 100_000 + "]" * 100_000), "nested deeper than"),
    (
        f"nested {MAX_DEPTH + 20} deep inside data",
        load_mutated(set_data("figure", "base", nested(MAX_DEPTH + 20))),
        "$.records[",
    ),
    ("5,000-digit integer", pack_text_with("9" * 5000), "integer 9999"),
    ("integer beyond 64 bits", pack_text_with(str(2**64)), "integer 1844"),
    ("NaN", pack_text_with("NaN"), "NaN is not a JSON number"),
    ("Infinity", pack_text_with("-Infinity"), "-Infinity is not a JSON number"),
    ("number overflowing to infinity", pack_text_with("1e400"), "number 1e400 is out of range"),
    (
        "large number that jsonb would turn into an integer",
        pack_text_with("1e16"),
        "number 1e16 is out of range",
    ),
    ("NUL escaped in a name", load_mutated(set_in("figure", "name", "Kim\x00")), "NUL"),
    ("NUL raw in the file", load_text('{"id": "a\x00"}'), "a NUL character (line 1)"),
    (
        "lone surrogate in a name",
        load_mutated(set_in("figure", "name", "Kim\ud800")),
        "lone surrogate U+D800",
    ),
    (
        "lone surrogate in a key",
        load_mutated(set_data("figure", "x\udfff", 1)),
        "key contains a lone surrogate U+DFFF",
    ),
    ("a list, not a pack", load_text("[]"), "$: [] is not of type 'object'"),
    (
        "name of 201 characters",
        load_mutated(set_in("figure", "name", "N" * 201)),
        "is too long",
    ),
    (
        "printed name of 201 characters",
        load_mutated(set_in("figure", "name_original", "N" * 201)),
        "name_original: ",
    ),
    (
        "stable id of 101 characters",
        load_mutated(set_in("ability", "id", "a" * 101)),
        "is too long",
    ),
    (
        "pack id of 101 characters",
        load_mutated(lambda d: d.update(id="p" * 101)),
        "$.id: ",
    ),
    (
        "version with 50 digits",
        load_mutated(lambda d: d.update(version="1" * 50 + ".0.0")),
        "$.version: ",
    ),
    ("version 1.0", load_mutated(lambda d: d.update(version="1.0")), "$.version: '1.0'"),
    (
        "point value beyond the column",
        load_mutated(set_data("figure", "point_value", 2**31)),
        "2147483648 is greater than the maximum of 2147483647",
    ),
    (
        "negative point value",
        load_mutated(set_data("figure", "point_value", -1)),
        "-1 is less than the minimum of 0",
    ),
    (
        "squadron symbol of 101 characters",
        load_mutated(set_data("figure", "squadron_symbol", "S" * 101)),
        "data.squadron_symbol: ",
    ),
    (
        "collector number of 4 digits",
        load_mutated(set_data("figure", "collector_number", "1234")),
        "data.collector_number: ",
    ),
    (
        "right-to-left override in a name",
        load_mutated(set_in("figure", "name", "Kim \u202eeeffoc")),
        "].name: ",
    ),
    (
        "zero-width space in a name",
        load_mutated(set_in("figure", "name", "Kim\u200bSteele")),
        "].name: ",
    ),
    (
        "name ending in a line break",
        load_mutated(set_in("figure", "name", "Kim\n")),
        "].name: ",
    ),
    ("stable id ending in a line break", load_mutated(set_in("ability", "id", "a\n")), "].id: "),
    (
        "stable id twice in one pack",
        load_mutated(duplicate_in_one_pack),
        "is already used by $.records[",
    ),
    (
        "stable id used by another pack of the system",
        second_pack_reusing_an_id,
        "is already used in cs-aces by pack cs-aces-core (loaded)",
    ),
    (
        "stable id in two packs of one load",
        two_packs_sharing_an_id,
        "is also used by pack cs-aces-one at ",
    ),
    ("same pack twice in one load", same_pack_twice, "pack cs-air-action-core is given twice"),
    ("older version without --force", older_version, "1.0.0 is older than the loaded 2.0.0"),
    (
        "same version with other content",
        same_version_other_content,
        "was already loaded with different content",
    ),
    (
        "new version drops a dial others use",
        drop_a_referenced_dial,
        "figure 'extra-figure' (pack cs-air-action-extra) refers to combat_dial",
    ),
    (
        "new version moves records others use",
        move_a_referenced_pack,
        "refers to release 'ace-pack-1'",
    ),
    (
        "figure naming a missing dial",
        load_mutated(set_data("figure", "combat_dial", "no-such-dial")),
        "no combat_dial 'no-such-dial' in cs-air-action",
    ),
    ("unknown system", load_mutated(lambda d: d.update(system="chess")), "$.system: 'chess'"),
    ("unknown record type", load_mutated(set_in("figure", "type", "spaceship")), "spaceship"),
]


# -- dumppack ---------------------------------------------------------------------------


def edit_a_figure() -> Figure:
    figure = Figure.objects.get(stable_id="charlie-steele-fury")
    figure.name = "Charlie Steele (edited)"
    record_save(record=figure)
    return figure


def dumppack(world: World, *args: str, edit: bool = True) -> str:
    if edit:
        edit_a_figure()
        world.snapshot = database_dump()
    err = io.StringIO()
    with pytest.raises(CommandError) as exc:
        call_command("dumppack", *args, stderr=err, stdout=io.StringIO())
    return f"{err.getvalue()}\n{exc.value}"


def out(world: World) -> str:
    return str(world.tmp / "out.json")


def dump_below_a_stored_version(world: World) -> str:
    doc = bumped(world.pack(), "1.0.1")
    pack_load(documents=[("new", doc)])
    pack_load(documents=[("old", world.pack())], force=True)
    return dumppack(world, "cs-air-action", "--new-version", "1.0.1", "-o", out(world))


def dump_to_unwritable(world: World) -> str:
    message = dumppack(world, "cs-air-action", "-o", "/proc/muster-no-such-dir/pack.json")
    assert not Path("/proc/muster-no-such-dir").exists()
    return message


def dump_over_a_file_parent(world: World) -> str:
    (world.tmp / "afile").write_text("x")
    return dumppack(world, "cs-air-action", "-o", str(world.tmp / "afile" / "pack.json"))


DUMPPACK: list[tuple[str, Callable[..., str], str]] = [
    (
        "version 1.0",
        lambda w: dumppack(w, "cs-air-action", "--new-version", "1.0", "-o", out(w)),
        "'1.0' is not a version",
    ),
    (
        "version banana",
        lambda w: dumppack(w, "cs-air-action", "--new-version", "banana", "-o", out(w)),
        "'banana' is not a version",
    ),
    (
        "version with a leading zero",
        lambda w: dumppack(w, "cs-air-action", "--new-version", "1.01.0", "-o", out(w)),
        "'1.01.0' is not a version",
    ),
    (
        "version older than the loaded one",
        lambda w: dumppack(w, "cs-air-action", "--new-version", "0.9.0", "-o", out(w)),
        "0.9.0 is not newer than 1.0.0",
    ),
    (
        "same version for edited content",
        lambda w: dumppack(w, "cs-air-action", "--new-version", "1.0.0", "-o", out(w)),
        "1.0.0 is not newer than 1.0.0",
    ),
    (
        "version already stored after going back",
        dump_below_a_stored_version,
        "1.0.1 is not newer than 1.0.1",
    ),
    (
        "output is a folder",
        lambda w: dumppack(w, "cs-air-action", "-o", str(w.tmp)),
        "is a folder; give a file name",
    ),
    ("output under a file", dump_over_a_file_parent, "afile is not a folder"),
    ("output cannot be created", dump_to_unwritable, "cannot write /proc/muster-no-such-dir"),
    ("unknown system", lambda w: dumppack(w, "chess", edit=False), "no loaded pack for 'chess'"),
    (
        "unknown pack",
        lambda w: dumppack(w, "cs-aces", "--pack", "nope", edit=False),
        "no loaded pack for 'cs-aces' with id 'nope'",
    ),
]


# -- the admin --------------------------------------------------------------------------


def change_url(obj: Any) -> str:
    return reverse(f"admin:content_{obj._meta.model_name}_change", args=[obj.pk])


def form_data(obj: Any, **changes: Any) -> dict[str, Any]:
    data = {
        "name": obj.name,
        "name_original": obj.name_original,
        "data": json.dumps(obj.data),
        "source": json.dumps(obj.source),
        "uncertain": json.dumps(obj.uncertain),
        "_save": "Save",
    }
    if obj.sample:
        data["sample"] = "on"
    data.update(changes)
    return data


def admin_post(world: World, obj: Any, **changes: Any) -> str:
    response = world.client.post(change_url(obj), form_data(obj, **changes))
    assert response.status_code == 200, "the edit was accepted"
    form = response.context["adminform"].form
    assert form.errors
    return "; ".join(f"{field}: {msg}" for field, msgs in form.errors.items() for msg in msgs)


def figure() -> Figure:
    return Figure.objects.get(stable_id="charlie-steele-fury")


def with_data(key: str, raw: str) -> Callable[..., str]:
    """Post the figure with its data's ``key`` set to the raw JSON text ``raw``."""

    def run(world: World) -> str:
        obj = figure()
        text = json.dumps({**obj.data, key: "@@HERE@@"}).replace('"@@HERE@@"', raw)
        return admin_post(world, obj, data=text)

    return run


def admin_delete(model: type[Any], stable_id: str) -> Callable[..., str]:
    def run(world: World) -> str:
        obj = model.objects.get(stable_id=stable_id)
        url = reverse(f"admin:content_{model._meta.model_name}_delete", args=[obj.pk])
        response = world.client.post(url, {"post": "yes"})
        assert response.status_code == 200, "the delete went through"
        return "; ".join(map(str, response.context["protected"]))

    return run


def admin_bulk_delete(world: World) -> str:
    dials = list(CombatDial.objects.filter(system__slug="cs-air-action"))
    response = world.client.post(
        reverse("admin:content_combatdial_changelist"),
        {"action": "delete_selected", "_selected_action": [d.pk for d in dials], "post": "yes"},
    )
    assert response.status_code == 200, "the delete went through"
    return "; ".join(map(str, response.context["protected"]))


def admin_rename_identity(world: World) -> str:
    obj = figure()
    edited_at = ContentPack.objects.get(pk=obj.pack_id).edited_at
    response = world.client.post(
        change_url(obj),
        form_data(obj, stable_id="renamed", system="1", pack="2", name="Renamed Steele"),
    )
    assert response.status_code == 302
    renamed = Figure.objects.get(pk=obj.pk)
    assert (renamed.stable_id, renamed.system_id, renamed.pack_id) == (
        obj.stable_id,
        obj.system_id,
        obj.pack_id,
    )
    # The name did change: put it back so the dump compares the identity only.
    renamed.name = obj.name
    renamed.save()
    ContentPack.objects.filter(pk=obj.pack_id).update(edited_at=edited_at)
    return "identity fields are read-only: " + ", ".join(
        response.wsgi_request.POST.keys() & {"stable_id", "system", "pack"}
    )


def admin_add(world: World, **changes: Any) -> str:
    template = Figure.objects.get(stable_id="charlie-steele-fury")
    data = form_data(template, **changes)
    response = world.client.post(reverse("admin:content_figure_add"), data)
    assert response.status_code == 200, "the record was added"
    form = response.context["adminform"].form
    return "; ".join(f"{field}: {msg}" for field, msgs in form.errors.items() for msg in msgs)


def admin_add_across_systems(world: World) -> str:
    aces = ContentPack.objects.get(pack_id="cs-aces-core")
    air = ContentPack.objects.get(pack_id="cs-air-action-core")
    return admin_add(world, system=str(aces.system_id), pack=str(air.pk), stable_id="new-one")


def admin_add_taken_id(world: World) -> str:
    air = ContentPack.objects.get(pack_id="cs-air-action-core")
    return admin_add(
        world, system=str(air.system_id), pack=str(air.pk), stable_id="charlie-steele-fury"
    )


ADMIN: list[tuple[str, Callable[..., str], str]] = [
    ("data nested 5,000 deep", with_data("base", "[" * 5000 + "]" * 5000), "data: "),
    (
        f"data nested {MAX_DEPTH + 20} deep",
        with_data("base", json.dumps(nested(MAX_DEPTH + 20))),
        f"nested deeper than {MAX_DEPTH}",
    ),
    ("data with a 5,000-digit integer", with_data("point_value", "9" * 5000), "data: "),
    ("point value beyond the column", with_data("point_value", str(2**31)), "maximum"),
    ("point value beyond 64 bits", with_data("point_value", str(2**70)), "integer out of range"),
    ("data with NaN", with_data("point_value", "NaN"), "number nan is not allowed"),
    ("data with 1e300", with_data("pilot", "1e300"), "is out of range (below 10^15"),
    ("data with a NUL", with_data("pilot", '"a\\u0000b"'), "contains a NUL character"),
    ("data with a lone surrogate", with_data("pilot", '"a\\ud800b"'), "lone surrogate U+D800"),
    (
        "collector number too long",
        with_data("collector_number", '"12345678901234567890123"'),
        "collector_number",
    ),
    (
        "name with a right-to-left override",
        lambda w: admin_post(w, figure(), name="Kim \u202eeeffoc"),
        "U+202E RIGHT-TO-LEFT OVERRIDE at position 5",
    ),
    (
        "name with a zero-width joiner",
        lambda w: admin_post(w, figure(), name="Kim\u200dSteele"),
        "U+200D ZERO WIDTH JOINER",
    ),
    (
        "printed name with a bidi isolate",
        lambda w: admin_post(w, figure(), name_original="\u2067Kim"),
        "name_original: control, invisible or text-direction",
    ),
    (
        "name of 201 characters",
        lambda w: admin_post(w, figure(), name="N" * 201),
        "at most 200 characters",
    ),
    (
        "source with a NUL",
        lambda w: admin_post(w, figure(), source=json.dumps({"seed": "a\x00", "section": "s"})),
        "source: ",
    ),
    (
        "uncertain not a list",
        lambda w: admin_post(w, figure(), uncertain='{"a": 1}'),
        "uncertain: ",
    ),
    (
        "data referring to a missing dial",
        with_data("combat_dial", '"no-such-dial"'),
        "no combat_dial 'no-such-dial'",
    ),
    (
        "delete a dial figures use",
        admin_delete(CombatDial, "charlie-steele-fury-dial"),
        "figure 'charlie-steele-fury' (pack cs-air-action-core) refers to combat_dial",
    ),
    (
        "bulk delete of dials figures use",
        admin_bulk_delete,
        "refers to combat_dial 'charlie-steele-fury-dial'",
    ),
    ("changing the stable id, system and pack", admin_rename_identity, "read-only"),
    ("adding a record to a pack of another system", admin_add_across_systems, "belongs to"),
    ("adding a record with a taken stable id", admin_add_taken_id, "already exists"),
]


# -- ensureadmin, restore ---------------------------------------------------------------


def ensureadmin_over(staff: bool) -> Callable[..., str]:
    def run(world: World) -> str:
        get_user_model().objects.create_user("admin", password="theirs", is_staff=staff)
        world.snapshot = database_dump()
        settings_var = world.tmp / "var"
        world.monkeypatch.setattr("django.conf.settings.VAR_DIR", settings_var)
        with pytest.raises(CommandError) as exc:
            call_command("ensureadmin", stdout=io.StringIO())
        return str(exc.value)

    return run


def restore_from(content: str) -> Callable[..., str]:
    def run(world: World) -> str:
        path = world.write(content, "backup.json")
        with pytest.raises(CommandError) as exc:
            call_command("restore", str(path), yes=True, stdout=io.StringIO())
        return str(exc.value)

    return run


def restore_missing(world: World) -> str:
    with pytest.raises(CommandError) as exc:
        call_command("restore", str(world.tmp / "no.json"), yes=True)
    return str(exc.value)


OTHER: list[tuple[str, Callable[..., str], str]] = [
    (
        "ensureadmin over an ordinary account",
        ensureadmin_over(staff=False),
        "exists and is not an active administrator",
    ),
    (
        "ensureadmin over a staff account",
        ensureadmin_over(staff=True),
        "exists and is not an active administrator",
    ),
    ("restore from a pack file", restore_from(AIR.read_text()), "expected a list of rows"),
    ("restore from a truncated backup", restore_from('[{"model": "content.rel'), "not a backup"),
    (
        "restore with rows of an unknown model",
        restore_from('[{"model": "content.spaceship", "pk": 1, "fields": {}}]'),
        "could not be restored",
    ),
    (
        "restore from a missing file",
        restore_missing,
        "no backup file at",
    ),
]


# -- production settings ----------------------------------------------------------------


def production_with(**environ: str) -> Callable[..., str]:
    def run(world: World) -> str:
        for key in ("DJANGO_SECRET_KEY", "CELERY_BROKER_URL"):
            world.monkeypatch.delenv(key, raising=False)
        for key, value in environ.items():
            world.monkeypatch.setenv(key, value)
        world.monkeypatch.delitem(sys.modules, "builder.settings.production", raising=False)
        with pytest.raises(ImproperlyConfigured) as exc:
            importlib.import_module("builder.settings.production")
        return str(exc.value)

    return run


REDIS = "redis://127.0.0.1:6379/6"
SETTINGS: list[tuple[str, Callable[..., str], str]] = [
    (
        "no secret key",
        production_with(CELERY_BROKER_URL=REDIS),
        "DJANGO_SECRET_KEY must be set in production",
    ),
    (
        "empty secret key",
        production_with(DJANGO_SECRET_KEY=""),
        "DJANGO_SECRET_KEY must be set in production",
    ),
    (
        "the secret key of .env.example",
        production_with(DJANGO_SECRET_KEY="change-me-to-a-long-random-string"),
        "a published example value",
    ),
    (
        "the local default secret key",
        production_with(DJANGO_SECRET_KEY="insecure-local-development-key-change-me"),
        "a published example value",
    ),
    (
        "a django-insecure key",
        production_with(DJANGO_SECRET_KEY="django-insecure-" + STRONG_KEY),
        "a published example value",
    ),
    (
        "a short secret key",
        production_with(DJANGO_SECRET_KEY="s3cr3t-but-short"),
        "has 16 characters; use at least 50",
    ),
    (
        "a long key of one repeated character",
        production_with(DJANGO_SECRET_KEY="a" * 80),
        "repeats too few characters",
    ),
    (
        "no broker",
        production_with(DJANGO_SECRET_KEY=STRONG_KEY),
        "CELERY_BROKER_URL is not set",
    ),
    (
        "the on-disk broker",
        production_with(DJANGO_SECRET_KEY=STRONG_KEY, CELERY_BROKER_URL="filesystem://"),
        "'filesystem' is not a real broker",
    ),
    (
        "an in-memory broker",
        production_with(DJANGO_SECRET_KEY=STRONG_KEY, CELERY_BROKER_URL="memory://"),
        "'memory' is not a real broker",
    ),
]

CASES = [
    *(("loadpack", *c) for c in LOADPACK),
    *(("dumppack", *c) for c in DUMPPACK),
    *(("admin", *c) for c in ADMIN),
    *(("command", *c) for c in OTHER),
    *(("settings", *c) for c in SETTINGS),
]


@pytest.fixture
def world(tmp_path, client, monkeypatch):
    pack_load(documents=[(str(p), read_pack(p)) for p in (AIR, ACES)])
    user = get_user_model().objects.create_superuser("curator", "c@example.com", "pw")
    client.force_login(user)
    return World(tmp_path, client, monkeypatch)


@pytest.mark.parametrize(
    ("target", "case", "run", "expected"),
    CASES,
    ids=[f"{target}: {case}" for target, case, _, _ in CASES],
)
def test_bad_input_is_a_clear_error_and_changes_nothing(world, target, case, run, expected):
    world.snapshot = database_dump()

    message = run(world)

    assert expected in message, message
    assert "Traceback" not in message
    assert database_dump() == world.snapshot, f"{case}: the database changed"


def test_no_version_is_recorded_when_the_pack_file_cannot_be_written(world):
    edit_a_figure()
    versions = ContentPackVersion.objects.count()
    with pytest.raises(CommandError):
        call_command("dumppack", "cs-air-action", "-o", "/proc/muster-no-such-dir/p.json")
    assert ContentPackVersion.objects.count() == versions
    assert ContentPack.objects.get(pack_id="cs-air-action-core").version == "1.0.0"


def test_the_file_is_written_before_the_version_is_recorded(world, tmp_path):
    edit_a_figure()
    target = tmp_path / "air.json"

    call_command("dumppack", "cs-air-action", "-o", str(target), stderr=io.StringIO())

    written = json.loads(target.read_text())
    assert written["version"] == "1.0.1"
    stored = ContentPackVersion.objects.get(pack__pack_id="cs-air-action-core", version="1.0.1")
    assert stored.document == written
    assert stored.action == "published"
    assert "(manage.py dumppack)" in stored.actor
