"""Figure photos: only real images of a sensible size are kept, each with a list thumbnail."""

from __future__ import annotations

from io import BytesIO
from pathlib import PurePath

from django.core.files.base import ContentFile, File
from PIL import Image, UnidentifiedImageError

from content.models import Figure

PHOTO_FORMATS = {"JPEG": "JPEG", "PNG": "PNG", "WEBP": "WebP"}
PHOTO_MAX_BYTES = 5 * 1024 * 1024
PHOTO_MAX_SIDE = 6000
THUMBNAIL_SIDE = 96


def photo_errors(upload: File[bytes]) -> list[str]:
    """Why an uploaded file cannot be a figure's photo (nothing when it can)."""
    if upload.size is not None and upload.size > PHOTO_MAX_BYTES:
        return [
            f"The photo is {upload.size / 1024 / 1024:.1f} MB; the most is "
            f"{PHOTO_MAX_BYTES // 1024 // 1024} MB."
        ]
    try:
        upload.seek(0)
        with Image.open(upload) as image:
            kind = image.format or ""
            width, height = image.size
            image.verify()
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError):
        return ["The file is not a picture Muster can read (use JPEG, PNG or WebP)."]
    finally:
        upload.seek(0)
    if kind not in PHOTO_FORMATS:
        return [f"{kind or 'This'} pictures are not accepted; use JPEG, PNG or WebP."]
    if max(width, height) > PHOTO_MAX_SIDE:
        return [f"The photo is {width}×{height} pixels; the most is {PHOTO_MAX_SIDE} a side."]
    return []


def figure_photo_thumbnail(*, figure: Figure) -> None:
    """Make (or clear) the small square-ish thumbnail the figure list shows."""
    if figure.photo_thumbnail:
        figure.photo_thumbnail.delete(save=False)
    photo_name = figure.photo.name
    if not photo_name:
        figure.photo_thumbnail = ""
        figure.save(update_fields=["photo_thumbnail"])
        return
    figure.photo.open("rb")
    with Image.open(figure.photo) as original:
        image = original.convert("RGB")
        image.thumbnail((THUMBNAIL_SIDE, THUMBNAIL_SIDE))
        out = BytesIO()
        image.save(out, "JPEG", quality=85)
    figure.photo.close()
    name = f"{PurePath(photo_name).stem}-thumb.jpg"
    figure.photo_thumbnail.save(name, ContentFile(out.getvalue()), save=False)
    figure.save(update_fields=["photo_thumbnail"])
