"""A figure's photo: only real pictures of a sensible size, a thumbnail in the list."""

from __future__ import annotations

import json
import os
from io import BytesIO

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from PIL import Image

from content.models import Figure
from content.services import photos

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client, loaded_packs, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    client.force_login(get_user_model().objects.create_superuser("c", "c@example.com", "pw"))
    return client


def picture(kind: str = "PNG", size: tuple[int, int] = (400, 300)) -> bytes:
    out = BytesIO()
    Image.new("RGB", size, (200, 30, 30)).save(out, kind)
    return out.getvalue()


def figure_post(figure: Figure, photo: SimpleUploadedFile) -> dict[str, object]:
    return {
        "system": str(figure.system_id),
        "pack": str(figure.pack_id),
        "stable_id": figure.stable_id,
        "name": figure.name,
        "name_original": figure.name_original,
        "data": json.dumps(figure.data),
        "source": json.dumps(figure.source),
        "uncertain": json.dumps(figure.uncertain),
        "photo": photo,
    }


def test_a_photo_is_kept_with_a_thumbnail_shown_in_the_list(admin_client):
    figure = Figure.objects.filter(kind="plane").first()
    upload = SimpleUploadedFile("fury.png", picture(), content_type="image/png")

    response = admin_client.post(
        reverse("admin:content_figure_change", args=(figure.pk,)), figure_post(figure, upload)
    )

    assert response.status_code == 302
    figure.refresh_from_db()
    with Image.open(figure.photo_thumbnail.path) as thumb:
        assert thumb.size == (96, 72)
    listing = admin_client.get(reverse("admin:content_figure_changelist")).content.decode()
    thumb_url = reverse("admin:content_figure_photo", args=(figure.pk, "thumbnail"))
    assert f'<img class="muster-thumb" src="{thumb_url}"' in listing
    served = admin_client.get(thumb_url)
    assert served["Content-Type"] == "image/jpeg"
    assert b"".join(served.streaming_content)[:2] == b"\xff\xd8"


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("notes.png", b"not a picture at all", "Upload a valid image."),
        ("anim.gif", picture("GIF"), "GIF pictures are not accepted; use JPEG, PNG or WebP."),
        (
            "huge.png",
            picture(size=(6001, 10)),
            "The photo is 6001×10 pixels; the most is 6000 a side.",
        ),
    ],
)
def test_a_file_that_is_not_a_usable_photo_is_refused_at_the_field(
    admin_client, name, content, message
):
    figure = Figure.objects.filter(kind="plane").first()
    upload = SimpleUploadedFile(name, content, content_type="image/png")

    response = admin_client.post(
        reverse("admin:content_figure_change", args=(figure.pk,)), figure_post(figure, upload)
    )

    assert response.status_code == 200
    errors = response.context["adminform"].form.errors["photo"]
    assert any(message in e for e in errors), errors
    figure.refresh_from_db()
    assert not figure.photo


def test_a_photo_over_five_megabytes_is_refused():
    noise = Image.frombytes("RGB", (1400, 1400), os.urandom(1400 * 1400 * 3))
    out = BytesIO()
    noise.save(out, "PNG")
    upload = SimpleUploadedFile("big.png", out.getvalue(), content_type="image/png")
    assert upload.size > photos.PHOTO_MAX_BYTES
    assert photos.photo_errors(upload) == [
        f"The photo is {upload.size / 1024 / 1024:.1f} MB; the most is 5 MB."
    ]
