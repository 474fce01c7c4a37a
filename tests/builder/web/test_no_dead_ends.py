"""No dead ends: every address the site prints or links to answers with something a person
can use. The API's own address is its index, the account page holds the tokens, every
breadcrumb leads to a page, the favicon is there, print jobs are named after what they
print, and every absolute link is built from the one configured site address."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from builder.accounts.models import ApiToken
from builder.lists.models import SavedList
from builder.lists.services import saved_list_create
from builder.printing.models import PrintJob
from builder.printing.services import print_job_create, saved_list_document
from tests.builder.web.conftest import example

pytestmark = pytest.mark.django_db
PASSWORD = "a-long-pass-phrase"


@pytest.fixture
def ada(db: Any) -> Any:
    return get_user_model().objects.create_user("ada", "ada@example.com", PASSWORD)


@pytest.fixture
def signed_in(client: Client, ada: Any) -> Client:
    client.force_login(ada)
    return client


@pytest.fixture
def bloodhawks(packs: Any, ada: Any) -> SavedList:
    return saved_list_create(owner=ada, document=example("cs-air-action/bloodhawks-200.json"))


def text_of(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


# --- /api/v1/ -------------------------------------------------------------------------------


def test_the_api_address_answers_with_an_index_of_its_sections(client: Client) -> None:
    response = client.get("/api/v1/")
    assert response.status_code == 200
    index = response.json()
    assert index["title"] == "Muster API"
    assert index["documentation"] == {
        "swagger": "http://testserver/api/docs/",
        "redoc": "http://testserver/api/docs/redoc/",
        "openapi": "http://testserver/api/v1/schema/",
    }
    sections = {s["key"]: s for s in index["sections"]}
    assert sections["figures"] == {
        "key": "figures",
        "title": "Figures",
        "url": "http://testserver/api/v1/figures/",
        "token_required": False,
        "about": "Planes, aces and characters, with points and dials.",
    }
    assert sections["lists"]["url"] == "http://testserver/api/v1/lists/"
    assert sections["lists"]["token_required"] is True
    assert "http://testserver/accounts/" in index["authentication"]


def test_every_link_of_the_api_index_leads_to_an_endpoint(client: Client, packs: Any) -> None:
    index = client.get("/api/v1/").json()
    for link in index["documentation"].values():
        assert client.get(link).status_code == 200, link
    for section in index["sections"]:
        status = client.get(section["url"]).status_code
        if section["token_required"]:
            # Asked without a token: refused as unauthenticated, or a POST-only endpoint.
            assert status in (401, 405), (section["key"], status)
        else:
            assert status in (200, 405), (section["key"], status)


def test_a_signed_in_caller_reaches_every_section_of_the_index(
    signed_in: Client, packs: Any
) -> None:
    for section in signed_in.get("/api/v1/").json()["sections"]:
        status = signed_in.get(section["url"]).status_code
        assert status in (200, 405), (section["key"], status)


def test_the_api_index_is_in_the_openapi_document(client: Client) -> None:
    paths = client.get("/api/v1/schema/").json()["paths"]
    assert paths["/api/v1/"]["get"]["operationId"] == "api_index"


# --- /accounts/ -----------------------------------------------------------------------------


def test_the_account_page_asks_a_visitor_to_sign_in(client: Client) -> None:
    response = client.get("/accounts/")
    assert (response.status_code, response["Location"]) == (302, "/accounts/login/?next=/accounts/")


def test_the_account_page_names_the_user_and_leads_to_password_tokens_and_sign_out(
    signed_in: Client,
) -> None:
    page = signed_in.get("/accounts/").content.decode()
    assert '<strong id="account-username">ada</strong> (ada@example.com)' in page
    assert '<a href="/accounts/password/">Change your password</a>' in page
    assert '<form method="post" action="/accounts/logout/">' in page
    assert "No tokens yet." in page
    assert '<form method="post" action="/accounts/" novalidate>' in page


def test_a_token_is_made_shown_once_listed_and_revoked_on_the_account_page(
    signed_in: Client, ada: Any
) -> None:
    made = signed_in.post("/accounts/", {"name": "my phone"}).content.decode()
    token = ApiToken.objects.get(owner=ada)
    assert token.name == "my phone"
    secret = re.search(r'id="secret" readonly value="([^"]+)"', made)
    assert secret is not None
    assert secret.group(1).startswith("mst_")
    api = Client(HTTP_AUTHORIZATION=f"Token {secret.group(1)}")
    assert api.get("/api/v1/auth/me/").status_code == 200

    again = signed_in.get("/accounts/").content.decode()
    assert "Copy your new token now" not in again
    assert secret.group(1) not in again
    assert "<strong>my phone</strong>" in again

    revoked = signed_in.post("/accounts/", {"revoke": token.pk}, follow=True)
    assert revoked.redirect_chain == [("/accounts/", 302)]
    page = revoked.content.decode()
    assert "Token “my phone” revoked: it no longer opens the API." in page
    assert "No tokens yet." in page
    assert not ApiToken.objects.exists()
    assert api.get("/api/v1/auth/me/").status_code == 401


def test_someone_elses_token_cannot_be_revoked(signed_in: Client) -> None:
    from builder.accounts.services import api_token_create

    cleo = get_user_model().objects.create_user("cleo", password=PASSWORD)
    token, _secret = api_token_create(owner=cleo, name="cleo's app")
    assert signed_in.post("/accounts/", {"revoke": token.pk}).status_code == 404
    assert ApiToken.objects.filter(pk=token.pk).exists()


def test_the_header_leads_a_signed_in_player_to_the_account_and_its_tokens(
    signed_in: Client,
) -> None:
    page = signed_in.get("/").content.decode()
    header = page[page.index('<header class="site">') : page.index("</header>")]
    assert (
        '<a href="/accounts/">ada<span class="visually-hidden">: your account and API tokens'
        "</span></a>" in header
    )


def test_the_old_tokens_address_is_the_account_page(signed_in: Client) -> None:
    page = signed_in.get("/accounts/tokens/").content.decode()
    assert "<h1>Your account</h1>" in page
    assert '<h2 id="tokens-heading">API tokens</h2>' in page


# --- The favicon -----------------------------------------------------------------------------


def test_every_page_names_its_icon_and_the_icon_is_served(client: Client) -> None:
    page = client.get("/").content.decode()
    assert '<link rel="icon" href="/static/web/favicon.svg" type="image/svg+xml">' in page
    assert '<link rel="icon" href="/static/web/favicon.ico" sizes="48x48">' in page
    response = client.get("/favicon.ico")
    assert (response.status_code, response["Location"]) == (302, "/static/web/favicon.ico")


def test_the_icon_files_are_static_files(client: Client) -> None:
    from django.contrib.staticfiles import finders

    svg = finders.find("web/favicon.svg")
    ico = finders.find("web/favicon.ico")
    assert svg is not None
    assert ico is not None
    with open(ico, "rb") as icon:
        assert icon.read(4) == b"\x00\x00\x01\x00"  # an ICO file's header
    with open(svg, encoding="utf-8") as drawing:
        assert drawing.read().startswith('<svg xmlns="http://www.w3.org/2000/svg"')


# --- Breadcrumbs -------------------------------------------------------------------------------

BREADCRUMB = re.compile(
    r"<(?:nav aria-label=\"Breadcrumb\"><p|p)>((?:(?!</p>).)*›(?:(?!</p>).)*)</p>"
)


def breadcrumb_links(page: str) -> list[str]:
    """Every link of the page's breadcrumb trails; a trail never ends on a bare "›"."""
    main = page[page.index("<main") :]
    trails = BREADCRUMB.findall(main)
    assert trails, "no breadcrumb on the page"
    for trail in trails:
        assert not text_of(trail).endswith("›"), text_of(trail)
    return [unescape(href) for trail in trails for href in re.findall(r'href="([^"]+)"', trail)]


def test_every_breadcrumb_leads_to_a_page(
    signed_in: Client, ada: Any, bloodhawks: SavedList
) -> None:
    job = print_job_create(owner=ada, kind="roster", what={"saved_list": str(bloodhawks.uuid)})
    pages = [
        "/catalogue/cs-air-action/",
        "/catalogue/cs-air-action/figure/charlie-steele-fury/",
        "/packs/cs-air-action-core/",
        f"/lists/{bloodhawks.uuid}/",
        f"/lists/{bloodhawks.uuid}/upgrade/",
        f"/print/{job.pk}/",
        "/accounts/password/",
    ]
    followed = set()
    for path in pages:
        response = signed_in.get(path)
        assert response.status_code == 200, path
        for href in breadcrumb_links(response.content.decode()):
            followed.add(href)
            assert signed_in.get(href).status_code == 200, (path, href)
    assert {"/catalogue/", "/lists/", "/print/", "/accounts/", "/packs/"} <= followed


def test_the_print_job_breadcrumb_ends_on_the_job_itself(
    signed_in: Client, ada: Any, bloodhawks: SavedList
) -> None:
    job = print_job_create(owner=ada, kind="roster", what={"saved_list": str(bloodhawks.uuid)})
    page = signed_in.get(f"/print/{job.pk}/").content.decode()
    assert (
        '<nav aria-label="Breadcrumb"><p><a href="/print/">Print</a> › '
        '<span aria-current="page">Roster: Bloodhawks</span></p></nav>' in page
    )


# --- Print jobs named after what they print ----------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "title"),
    [
        ("roster", "Roster: Bloodhawks"),
        ("cards", "Stat cards: Bloodhawks"),
    ],
)
def test_a_print_job_of_a_list_is_named_after_the_list(
    signed_in: Client, bloodhawks: SavedList, kind: str, title: str
) -> None:
    response = signed_in.post("/print/", {"kind": kind, "list": str(bloodhawks.uuid)})
    job = PrintJob.objects.get()
    assert response["Location"] == f"/print/{job.pk}/"
    assert job.title == title
    page = signed_in.get(f"/print/{job.pk}/").content.decode()
    assert f"<title>{title} · Muster</title>" in page
    assert f"<h1>{title}</h1>" in page
    listed = text_of(signed_in.get("/print/").content.decode())
    assert f"{title} Queued" in listed
    assert "sheet #" not in listed


def test_a_print_job_of_records_names_them(ada: Any, packs: Any) -> None:
    def title(*ids: str) -> str:
        refs = [f"cs-air-action/{i}" for i in ids]
        return print_job_create(owner=ada, kind="cards", what={"records": refs}).title

    assert title("charlie-steele-fury") == 'Stat cards: Charlotte "Charlie" Steele (Fury)'
    assert title("genghis-bloodhawk", "show-stopper-kestrel") == (
        "Stat cards: Genghis (Bloodhawk) and Show-stopper (Kestrel)"
    )
    PrintJob.objects.all().delete()
    assert title("genghis-bloodhawk", "show-stopper-kestrel", "loyle-crawford-devastator") == (
        "Stat cards: Genghis (Bloodhawk), Show-stopper (Kestrel) and 1 more"
    )
    navigation = print_job_create(owner=ada, kind="navigation", what={"records": ["glide"]})
    assert navigation.title == "Navigation cards: Glide"


def test_the_api_gives_a_print_job_its_title(ada: Any, bloodhawks: SavedList) -> None:
    from rest_framework.test import APIClient

    api = APIClient()
    api.force_authenticate(ada)
    made = api.post(
        "/api/v1/print-jobs/",
        {"kind": "roster", "what": {"saved_list": str(bloodhawks.uuid)}},
        format="json",
    )
    assert made.status_code == 202
    assert made.json()["title"] == "Roster: Bloodhawks"


# --- One site address for every absolute link -----------------------------------------------


def test_share_links_and_the_roster_qr_code_use_the_configured_site_address(
    signed_in: Client, settings: Any, bloodhawks: SavedList
) -> None:
    settings.SITE_URL = "http://127.0.0.1:8123"
    settings.SHARE_LINK_URL = ""
    bloodhawks.visibility = SavedList.Visibility.UNLISTED
    bloodhawks.save(update_fields=["visibility"])
    link = f"http://127.0.0.1:8123/lists/shared/{bloodhawks.share_token}/"

    page = signed_in.get(f"/lists/{bloodhawks.uuid}/").content.decode()
    shown = re.search(r'id="share-link">([^<]+)</a>', page)
    assert shown is not None
    assert shown.group(1) == link
    _document, qr_link = saved_list_document(list_uuid=bloodhawks.uuid, owner=None)
    assert qr_link == link
    assert signed_in.get(link.removeprefix("http://127.0.0.1:8123")).status_code == 200


def test_a_site_address_with_a_trailing_slash_makes_the_same_links(
    settings: Any, bloodhawks: SavedList
) -> None:
    from builder.core.site import share_link, site_url

    settings.SITE_URL = "https://muster.example/"
    settings.SHARE_LINK_URL = ""
    assert site_url("/lists/") == "https://muster.example/lists/"
    assert share_link("abc") == "https://muster.example/lists/shared/abc/"
    settings.SHARE_LINK_URL = "https://s.example/{token}"
    assert share_link("abc") == "https://s.example/abc"


def test_the_password_reset_mail_links_to_the_configured_site_address(
    client: Client, settings: Any, ada: Any
) -> None:
    from django.core import mail

    settings.SITE_URL = "https://muster.example:8443"
    client.post("/accounts/password/reset/", {"email": "ada@example.com"})
    client.post(
        "/api/v1/auth/password/reset/",
        {"email": "ada@example.com"},
        content_type="application/json",
    )
    site, api = (message.body for message in mail.outbox)
    assert "https://muster.example:8443/accounts/password/reset/" in site
    assert "https://muster.example:8443/api/v1/auth/password/reset/confirm/" in api
    assert "testserver" not in site + api
