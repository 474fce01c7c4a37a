"""The admin's pack subscriptions: added with an address and a trusted key (refused, at the
field, when either is not one), and pulled with the "Pull now" action, which says what came
of it in words."""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from content.models import ContentPack, PackSubscription
from content.services.packs import pack_load
from content.signing import public_key_info
from tests.conftest import PACK_DIR, read_pack
from tests.content.pull_publisher import Publisher, publisher_running

pytestmark = pytest.mark.django_db

ACES = PACK_DIR / "cs-aces" / "cs-aces-core.json"
ADD = "/admin/content/packsubscription/add/"
LIST = "/admin/content/packsubscription/"


@pytest.fixture
def publisher() -> Iterator[Publisher]:
    aces = read_pack(ACES)
    pack_load(documents=[("aces", aces)])
    newer = copy.deepcopy(aces)
    newer["version"] = "1.0.1"
    newer["name"] = "Aces (corrected)"
    with publisher_running() as running:
        running.publish([aces, newer])
        yield running


@pytest.fixture
def admin(client: Client) -> Client:
    keeper = get_user_model().objects.create_superuser("keeper", "k@example.org", "pw")
    client.force_login(keeper)
    return client


def messages(html: bytes) -> list[str]:
    found = re.findall(r'<li class="(?:success|error)">(.*?)</li>', html.decode(), flags=re.S)
    return [re.sub(r"\s+", " ", m).strip() for m in found]


def test_a_subscription_is_added_and_pulled_now(admin: Client, publisher: Publisher) -> None:
    info = public_key_info(publisher.key.public_key())
    added = admin.post(ADD, {"url": f"{publisher.root}/api/v1/packs/", "public_key": info.pem})
    assert added.status_code == 302
    saved = PackSubscription.objects.get()
    assert (saved.url, saved.public_key, saved.fingerprint, saved.added_by) == (
        publisher.root,
        info.raw,
        info.fingerprint,
        "keeper",
    )
    page = admin.get(LIST).content.decode()
    assert f"{info.fingerprint[:16]}…" in page
    assert "never pulled" in page
    pulled = admin.post(LIST, {"action": "pull_now", "_selected_action": [saved.pk]}, follow=True)
    assert messages(pulled.content) == [
        f"Loaded cs-aces-core 1.0.1 from {publisher.root}; 0 packs up to date."
    ]
    assert ContentPack.objects.get(pack_id="cs-aces-core").name == "Aces (corrected)"
    saved.refresh_from_db()
    assert saved.last_ok is True


def test_pull_now_says_why_nothing_was_loaded(admin: Client, publisher: Publisher) -> None:
    path = "/api/v1/packs/cs-aces-core/versions/1.0.1/file/"
    publisher.routes[path] = publisher.routes[path].replace(b"corrected", b"tampered!")
    info = public_key_info(publisher.key.public_key())
    saved = PackSubscription.objects.create(
        url=publisher.root, public_key=info.raw, fingerprint=info.fingerprint
    )
    pulled = admin.post(LIST, {"action": "pull_now", "_selected_action": [saved.pk]}, follow=True)
    (message,) = messages(pulled.content)
    assert message.startswith(
        f"Pull from {publisher.root} failed: cs-aces-core 1.0.1: the signature does not match "
        "the file: it was changed after it was signed, or signed by another key; nothing was "
        "loaded; cs-aces-core 1.0.1: checksum mismatch: "
    )
    assert ContentPack.objects.get(pack_id="cs-aces-core").version == "1.0.0"
    page = admin.get(LIST).content.decode()
    assert "the signature does not match the file" in page
    assert "(and 1 more)" in page


@pytest.mark.parametrize(
    ("form", "field", "error"),
    [
        (
            {"url": "ftp://example.org/", "public_key": "AAAA"},
            "url",
            "not a site address: give the publisher's http:// or https:// address",
        ),
        (
            {"url": "https://muster.example.org", "public_key": "c2hvcnQ="},
            "public_key",
            "the key is 5 bytes, not 32; give the publisher's Ed25519 public key: the base64 "
            "text of its 32 bytes (as its /packs/ page shows) or its PEM text "
            "(-----BEGIN PUBLIC KEY-----)",
        ),
    ],
)
def test_a_bad_address_or_key_is_refused_at_its_field(
    admin: Client, form: dict[str, Any], field: str, error: str
) -> None:
    response = admin.post(ADD, form)
    assert response.status_code == 200
    assert response.context["adminform"].form.errors[field] == [error]
    assert not PackSubscription.objects.exists()
