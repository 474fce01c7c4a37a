"""The list builder through its form: live verdicts beside entries, saving, files."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from builder.lists.models import SavedList
from tests.builder.web.conftest import entry_block, example, form_data, select_html, selected

pytestmark = pytest.mark.django_db
WARBAND = "/build/crimson-dust/warband/"
HTMX = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TRIGGER": "builder-form"}


def test_an_empty_builder_offers_the_archetypes(client: Client, packs: Any) -> None:
    page = client.get(WARBAND).content.decode()
    assert '<option value="medio">Medio (50 pts regular)</option>' in page
    assert 'id="points-total">0</span> / 500 points' in page


def test_adding_a_model_prices_it(client: Client, packs: Any) -> None:
    data = form_data(example("crimson-dust/dust-devils-500.json")) | {"entry_count": "0"}
    page = client.post(WARBAND, data | {"action": "add", "add": "medio"}).content.decode()
    assert 'id="points-total">50</span> / 500 points' in page
    assert '<p class="price">50 pts</p>' in page


def test_the_example_warband_is_legal_at_500(client: Client, packs: Any) -> None:
    page = client.post(WARBAND, form_data(example("crimson-dust/dust-devils-500.json")))
    text = page.content.decode()
    assert 'id="points-total">500</span> / 500 points' in text
    assert '<span class="badge legal">Legal</span>' in text
    assert "0 errors, 0 warnings" in text
    notice = text[text.index('class="unpriced-notice"') :].split("</p>")[0]
    assert (
        "The book prints no points for 7 items in this list (Rifle × 3, Pistol, SAW or LMG, "
        "Sniper Rifle and Shotgun): each counts 0 until your group agrees house prices."
    ) in notice
    assert text.count("the book gives no points cost") == 0


def test_a_broken_entry_shows_its_error_beside_it(client: Client, packs: Any) -> None:
    doc = example("crimson-dust/dust-devils-500.json")
    doc["entries"][1]["skills"] = ["heroic"]  # Brick is not a personality
    page = client.post(WARBAND, form_data(doc), **HTMX).content.decode()
    assert "<html" not in page  # only the verdicts travel
    brick = entry_block(page, 1)
    assert 'class="violation error" data-code="crimson-dust.heroic-not-personality"' in brick
    assert "heroic-not-personality" not in entry_block(page, 0)
    assert '<span class="badge illegal">Not legal</span>' in page


def test_warnings_and_errors_look_different(client: Client, packs: Any) -> None:
    doc = example("crimson-dust/dust-devils-500.json")
    doc["points_limit"] = 400
    page = client.post(WARBAND, form_data(doc)).content.decode()
    assert 'class="violation error" data-code="crimson-dust.over-points-limit"' in page
    assert '<p class="unpriced-notice" data-code="crimson-dust.price-not-given">' in page
    assert 'class="violation warning" data-code="crimson-dust.price-not-given"' not in page


def test_a_house_price_replaces_the_missing_one(client: Client, packs: Any) -> None:
    doc = example("crimson-dust/dust-devils-500.json")
    page = client.post(WARBAND, form_data(doc)).content.decode()
    assert 'name="price-rifle"' in page  # the builder asks for it
    doc["house_rules"]["prices"] = {"rifle": 5}
    page = client.post(WARBAND, form_data(doc), **HTMX).content.decode()
    assert 'id="points-total">515</span>' in page  # three rifles at 5


def test_a_ruling_setting_changes_the_check(client: Client, packs: Any) -> None:
    doc = example("crimson-dust/dust-devils-500.json")
    data = form_data(doc) | {"setting-heavy_armour_penalty": "bought"}
    page = client.post(WARBAND, data).content.decode()
    assert '<option value="bought" selected>Only Av bought with upgrades</option>' in page


def test_removing_an_entry(client: Client, packs: Any) -> None:
    data = form_data(example("crimson-dust/dust-devils-500.json"))
    page = client.post(WARBAND, data | {"action": "remove:0"}).content.decode()
    assert "Sergeant Vance" not in page
    assert 'id="points-total">367</span>' in page


def test_export_downloads_the_document(client: Client, packs: Any) -> None:
    doc = example("crimson-dust/dust-devils-500.json")
    response = client.post(WARBAND + "export/", {"document": json.dumps(doc)})
    assert response["Content-Disposition"] == 'attachment; filename="dust-devils.json"'
    assert json.loads(response.content) == doc


def test_import_reads_a_list_file(client: Client, packs: Any) -> None:
    upload = SimpleUploadedFile(
        "devils.json", json.dumps(example("crimson-dust/dust-devils-500.json")).encode()
    )
    page = client.post(WARBAND, {"import_file": upload}).content.decode()
    assert 'value="Sergeant Vance"' in page
    assert 'id="points-total">500</span>' in page


def test_import_of_another_game_is_refused_with_a_reason(client: Client, packs: Any) -> None:
    upload = SimpleUploadedFile(
        "hawks.json", json.dumps(example("cs-air-action/bloodhawks-200.json")).encode()
    )
    page = client.post(WARBAND, {"import_file": upload}).content.decode()
    assert "The file holds no Crimson Dust warband." in page


def test_an_illegal_list_can_be_saved(client: Client, packs: Any) -> None:
    user = get_user_model().objects.create_user("ada", password="a-long-pass-phrase")
    client.force_login(user)
    doc = example("crimson-dust/dust-devils-500.json")
    doc["points_limit"] = 400
    response = client.post(WARBAND, form_data(doc) | {"action": "save"})
    saved = SavedList.objects.get(owner=user)
    assert response["Location"] == f"/lists/{saved.uuid}/"
    assert (saved.legal, saved.points, saved.points_limit) == (False, 500, 400)
    page = client.get(f"/lists/{saved.uuid}/").content.decode()
    assert 'value="Sergeant Vance"' in page
    assert 'class="violation error" data-code="crimson-dust.over-points-limit"' in page


def test_saving_needs_an_account(client: Client, packs: Any) -> None:
    doc = example("crimson-dust/dust-devils-500.json")
    page = client.post(WARBAND, form_data(doc) | {"action": "save"}).content.decode()
    assert "Log in or sign up to save lists" in page
    assert not SavedList.objects.exists()


def test_someone_elses_list_is_not_found(client: Client, packs: Any) -> None:
    owner = get_user_model().objects.create_user("ada", password="a-long-pass-phrase")
    client.force_login(owner)
    doc = example("crimson-dust/dust-devils-500.json")
    client.post(WARBAND, form_data(doc) | {"action": "save"})
    saved = SavedList.objects.get()
    client.force_login(get_user_model().objects.create_user("bob", password="x-long-pass"))
    assert client.get(f"/lists/{saved.uuid}/").status_code == 404


def test_cs_hex_mass_budget_and_schematic(client: Client, packs: Any) -> None:
    doc = example("cs-hex/light-fighter-legal.json")
    page = client.post("/build/cs-hex/plane/", form_data(doc)).content.decode()
    assert '<span class="badge legal">Legal</span>' in page
    assert "mass left" in page
    assert 'aria-label="Schematic: armour rows per area"' in page
    doc["entries"][1]["points"] = 80  # heavier nose armour
    doc["entries"].append({"part": "gun", "weapon": "cal-70", "count": 4})
    page = client.post("/build/cs-hex/plane/", form_data(doc), **HTMX).content.decode()
    assert "mass over budget" in page
    assert 'data-code="cs-hex.over-free-mass"' in page


@pytest.mark.parametrize(
    ("url", "path"),
    [
        ("/build/cs-air-action/squadron/", "cs-air-action/bloodhawks-200.json"),
        ("/build/cs-aces/team/", "cs-aces/kims-team.json"),
        ("/build/black-skies/squadron/", "black-skies/tiger-squadron.squadron.json"),
        ("/build/black-skies/fighter/", "black-skies/black-tiger.fighter.json"),
    ],
)
def test_every_system_builds_its_example_legal(
    client: Client, packs: Any, url: str, path: str
) -> None:
    page = client.post(url, form_data(example(path))).content.decode()
    assert '<span class="badge legal">Legal</span>' in page


def warband_of(models: int) -> dict[str, Any]:
    doc = example("crimson-dust/dust-devils-500.json")
    doc["points_limit"] = 100_000
    doc["entries"] = [copy.deepcopy(doc["entries"][i % 6]) for i in range(models)]
    return doc


def test_live_update_queries_do_not_grow_with_the_list(client: Client, packs: Any) -> None:
    counts = []
    for models in (1, 50):
        data = form_data(warband_of(models))
        client.post(WARBAND, data, **HTMX)  # warm the catalogue snapshot
        with CaptureQueriesContext(connection) as queries:
            client.post(WARBAND, data, **HTMX)
        counts.append(len(queries))
    # One for the published packs the form is read against, one for the list's own pins
    # (shared by its pickers and its check).
    assert counts == [2, 2]
    with CaptureQueriesContext(connection) as queries:
        client.post(WARBAND, form_data(warband_of(50)))  # the whole page, not a live update
    assert len(queries) == counts[0]


def test_the_schematic_draws_each_areas_armour_rows(client: Client, packs: Any) -> None:
    page = client.post(
        "/build/cs-hex/plane/", form_data(example("cs-hex/light-fighter-legal.json"))
    ).content.decode()
    caption = page.split("Armour rows (10 points each): ")[1].split(".")[0]
    assert caption == (
        "Nose 4, Left wing, front 2, Right wing, front 2, Left wing, rear 1, "
        "Right wing, rear 1, Tail 2"
    )
    assert '<option value="right-wing-front">Right wing, front</option>' in page


def test_an_imported_design_with_the_older_spellings_opens_with_the_kebab_case_ones(
    client: Client, packs: Any
) -> None:
    doc = example("cs-hex/light-fighter-legal.json")
    old = json.loads(
        json.dumps(doc).replace("right-wing-front", "right_wing_front").replace(
            "drop-tank", "drop_tank"
        )
    )
    assert old != doc
    upload = SimpleUploadedFile("light-fighter.json", json.dumps(old).encode())
    page = client.post("/build/cs-hex/plane/", {"import_file": upload}).content.decode()
    assert (
        "The file spelled 2 part or area names the older way, with underscores; they are now "
        "spelled with hyphens."
    ) in page
    assert '<span class="badge legal">Legal</span>' in page
    assert '<option value="right-wing-front" selected>Right wing, front</option>' in page
    assert 'name="e10-part" value="drop-tank"' in page
    assert 'value="drop_tank"' not in page
    assert 'value="right_wing_front"' not in page


def test_an_imported_older_drop_tank_is_held_to_the_drop_tanks_fields(
    client: Client, packs: Any
) -> None:
    doc = example("cs-hex/light-fighter-legal.json")
    doc["entries"][10] = {"part": "drop_tank", "count": "two"}
    upload = SimpleUploadedFile("light-fighter.json", json.dumps(doc).encode())
    page = client.post("/build/cs-hex/plane/", {"import_file": upload}).content.decode()
    assert "Entry 11 of the plane design: count must be a whole number, not text." in page
    assert "now spelled with hyphens" not in page


def jax(**mount: Any) -> dict[str, Any]:
    """A one-model warband: Outrider Jax, a green Medio with a rifle, and his mount."""
    doc = example("crimson-dust/dust-devils-500.json")
    doc["entries"] = [copy.deepcopy(doc["entries"][3])]
    if mount:
        doc["entries"][0]["mount"] = mount
    else:
        del doc["entries"][0]["mount"]
    return doc


def test_a_rider_picks_a_bestia_mount(client: Client, packs: Any) -> None:
    page = client.post(WARBAND, form_data(jax())).content.decode()
    assert 'id="points-total">30</span> / 500 points' in page
    assert '<option value="bestia">Bestia (20 pts, -10 pts used as mount)</option>' in select_html(
        page, "e0-mount-archetype"
    )
    assert 'value="medio"' not in select_html(page, "e0-mount-archetype")  # not a mount
    assert "e0-mount-name" not in page
    data = form_data(jax()) | {"e0-mount-archetype": "bestia"}
    page = client.post(WARBAND, data).content.decode()  # "Check" without JavaScript
    assert 'id="points-total">40</span>' in page  # 30 + Bestia 20 - 10 used as mount
    assert selected(page, "e0-mount-archetype") == "bestia"
    assert "<legend>Mount: Bestia</legend>" in page
    assert 'id="e0-mount-upgrades-av-1" name="e0-mount-upgrades" value="av-1"' in page
    assert 'id="e0-mount-skills-body-slam"' in page
    assert "e0-mount-skills-mount" not in page  # "Used as mount" is never picked by hand
    assert "e0-mount-quality" not in page  # a Bestia has one quality
    data |= {"e0-mount-name": "Old Thunder", "e0-mount-upgrades": ["av-1"]}
    page = client.post(WARBAND, data, **HTMX).content.decode()
    assert 'id="points-total">43</span>' in page
    assert '<p class="price">43 pts</p>' in entry_block(page, 0)


def test_the_example_mount_reads_back_from_its_fields(client: Client, packs: Any) -> None:
    doc = jax(name="Old Thunder", archetype="bestia", upgrades=["av-1"])
    data = form_data(doc)
    assert (data["e0-mount-archetype"], data["e0-mount-upgrades"]) == ("bestia", ["av-1"])
    response = client.post(WARBAND + "export/", {"document": json.dumps(doc)})
    assert json.loads(response.content)["entries"][0]["mount"] == doc["entries"][0]["mount"]
    page = client.post(WARBAND, data).content.decode()
    assert 'id="e0-mount-name" name="e0-mount-name" value="Old Thunder"' in page
    assert 'value="av-1" checked>' in page
    assert 'id="points-total">43</span>' in page


def test_taking_the_mount_off(client: Client, packs: Any) -> None:
    data = form_data(jax(archetype="bestia", upgrades=["av-1"])) | {"e0-mount-archetype": ""}
    page = client.post(WARBAND, data).content.decode()
    assert 'id="points-total">30</span>' in page
    assert selected(page, "e0-mount-archetype") == ""


def test_a_bestia_is_offered_no_mount_and_a_medio_is_no_mount(client: Client, packs: Any) -> None:
    doc = jax(archetype="medio")
    doc["entries"].append({"archetype": "bestia", "quality": "regular"})
    page = client.post(WARBAND, form_data(doc)).content.decode()
    assert "e1-mount-archetype" not in page
    assert selected(page, "e0-mount-archetype") == "medio"  # kept, so the error can name it
    assert codes_in(entry_block(page, 0)) == [
        "crimson-dust.mount-not-bestia",  # the unpriced rifle is the list's notice
    ]


def codes_in(block: str) -> list[str]:
    return [part.split('"')[0] for part in block.split('data-code="')[1:]]
