"""Fixtures for printing: the catalogue, PDFs read back with pypdf, a private PDF folder."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from rules_engine import Catalogue, load_catalogue

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "docs" / "examples"
DATA = Path(__file__).resolve().parent / "data"
MM_PER_PT = 25.4 / 72


def example(name: str) -> dict[str, Any]:
    """A list document from docs/examples (``system/file.json``) or this folder's data."""
    path = EXAMPLES / name if (EXAMPLES / name).exists() else DATA / name
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def catalogue() -> Catalogue:
    return load_catalogue()


def pdf_pages(pdf: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]


def page_size_mm(pdf: bytes, index: int = 0) -> tuple[float, float]:
    box = PdfReader(io.BytesIO(pdf)).pages[index].mediabox
    return round(float(box.width) * MM_PER_PT, 1), round(float(box.height) * MM_PER_PT, 1)


@pytest.fixture
def print_root(settings: Any, tmp_path: Path) -> Path:
    """PDFs go to a fresh folder for each test."""
    settings.PRINT_ROOT = tmp_path / "print"
    return settings.PRINT_ROOT


@pytest.fixture
def loaded_packs(db: Any) -> Any:
    from content.services.packs import pack_load
    from tests.conftest import pack_paths, read_pack

    return pack_load(documents=[(str(p), read_pack(p)) for p in pack_paths()])


@pytest.fixture
def player(db: Any) -> Any:
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_user("ace", password="pw-for-tests-only")


@pytest.fixture
def rival(db: Any) -> Any:
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_user("rival", password="pw-for-tests-only")


def api_for(user: Any) -> Any:
    from rest_framework.test import APIClient

    client = APIClient()
    client.force_authenticate(user)
    return client
