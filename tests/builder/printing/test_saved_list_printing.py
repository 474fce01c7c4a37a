"""Printing a saved list: its pinned content, its share link as a QR code, its owner only."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from rest_framework.test import APIClient

from builder.lists.models import SavedList
from builder.lists.services import saved_list_create
from builder.printing.models import PrintJob
from builder.printing.services import print_job_create, print_job_run

from .conftest import example, pdf_pages

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner(db: Any) -> Any:
    return get_user_model().objects.create_user("owner", password="pw-for-tests-only")


@pytest.fixture
def stranger(db: Any) -> Any:
    return get_user_model().objects.create_user("stranger", password="pw-for-tests-only")


def saved(owner: Any, name: str, visibility: str) -> SavedList:
    return saved_list_create(owner=owner, document=example(name), visibility=visibility)


def flat(pdf: bytes) -> str:
    return " ".join(" ".join(pdf_pages(pdf)).split())


def test_a_shared_lists_roster_carries_its_link(
    loaded_packs: Any, owner: Any, print_root: Path, settings: Any
) -> None:
    settings.SHARE_LINK_URL = "https://muster.example/s/{token}"
    warband = saved(owner, "crimson-dust/dust-devils-500.json", SavedList.Visibility.UNLISTED)
    job = print_job_run(
        job_id=print_job_create(
            owner=owner, kind="roster", what={"saved_list": str(warband.uuid)}
        ).pk
    )
    assert job.status == "done", job.error
    text = flat((print_root / job.pdf.name).read_bytes())
    assert f"https://muster.example/s/{warband.share_token}" in text.replace(" ", "")
    assert f"Points: {warband.points} of {warband.points_limit}" in text
    assert "Checked against Crimson Dust V2.1 core rules 1.0.0." in text
    assert "0 errors, 0 warnings, 1 note" in text
    assert f"The book prints no points for {len(warband.violations)} items" in text


def test_a_private_list_prints_no_link(loaded_packs: Any, owner: Any, print_root: Path) -> None:
    team = saved(owner, "cs-aces/kims-team.json", SavedList.Visibility.PRIVATE)
    job = print_job_run(
        job_id=print_job_create(owner=owner, kind="roster", what={"saved_list": str(team.uuid)}).pk
    )
    text = flat((print_root / job.pdf.name).read_bytes())
    assert "Kim's team" in text
    assert team.share_token not in text.replace(" ", "")
    assert "http" not in text


def test_cards_of_a_saved_list(loaded_packs: Any, owner: Any, print_root: Path) -> None:
    squadron = saved(owner, "cs-air-action/aces-300.json", SavedList.Visibility.PRIVATE)
    job = print_job_run(
        job_id=print_job_create(
            owner=owner, kind="cards", what={"saved_list": str(squadron.uuid)}
        ).pk
    )
    assert job.progress == "2 of 2"
    text = flat((print_root / job.pdf.name).read_bytes())
    assert "Loyle Crawford" in text


def test_someone_elses_list_is_not_found(loaded_packs: Any, owner: Any, stranger: Any) -> None:
    team = saved(owner, "cs-aces/kims-team.json", SavedList.Visibility.PUBLIC)
    client = APIClient()
    client.force_authenticate(stranger)
    answer = client.post(
        "/api/v1/print-jobs/",
        {"kind": "roster", "what": {"saved_list": str(team.uuid)}},
        format="json",
    )
    assert answer.status_code == 404
    assert answer.json()["code"] == "unknown_list"
    assert answer.json()["details"][0]["path"] == "$.what.saved_list"
    assert PrintJob.objects.count() == 0


def test_the_command_prints_a_saved_list(
    loaded_packs: Any, owner: Any, tmp_path: Path, settings: Any
) -> None:
    settings.SHARE_LINK_URL = "https://muster.example/s/{token}"
    design = saved(owner, "cs-hex/heavy-fighter-turret-legal.json", SavedList.Visibility.PUBLIC)
    out = tmp_path / "plane.pdf"
    call_command("printsheet", "schematic", "--saved-list", str(design.uuid), "--out", str(out))
    assert "Bulwark heavy fighter" in flat(out.read_bytes())
