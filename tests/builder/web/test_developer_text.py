"""Every page of every game, in Debian's Chromium, read as a player reads it: no JSON paths,
no schema phrases, no Python enum names, no snake_case, no seed file names and no record
ids where a name belongs.

The builder is opened on one saved list per violation code the engine has
(``violation_lists.LISTS``), so every rule's message is read on a page; odds are worked out
for every query of every game with a record picked wherever the form offers one; a fight
of each game is played (eagerly) and its report read. Text inside a "technical details"
fold and ``<code>`` (API examples, checksums) is left out: it is there for programmers.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlencode

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from builder import engine
from builder.celery import app as celery_app
from builder.collections.requirements import collectable
from builder.lists.models import SavedList
from builder.lists.price_sheets import price_sheet_create
from builder.lists.services import saved_list_create, saved_list_set_share_token
from builder.printing.services import print_job_create
from builder.simulations.services import simulation_job_create
from builder.web.odds_form import RECORD_TYPES
from builder.web.selectors.catalogue import RECORD_MODELS, current_catalogue
from builder.web.systems import SYSTEM_INFO
from content.models import ContentPack
from content.services.packs import pack_load
from tests.browser import browser  # noqa: F401  (fixture)
from tests.builder.web.violation_lists import LISTS, engine_codes, example
from tests.conftest import pack_paths, read_pack

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

WAIT_MS = 15_000
RECORDS_PER_TYPE = 1
"""Records read per type and game: every kind of record page, in well under 90 s."""

FIGHTS = {
    "crimson-dust": "crimson-dust/dust-devils-500.json",
    "cs-aces": "cs-aces/kims-team.json",
    "cs-air-action": "cs-air-action/bloodhawks-200.json",
    "black-skies": "black-skies/tiger-squadron.squadron.json",
}
"""A list of each game that fights, played against itself."""

VISIBLE_TEXT = """() => {
  document.querySelectorAll('details').forEach(d => { d.open = true; });
  document.querySelectorAll('details.technical, code').forEach(n => n.remove());
  const options = Array.from(document.querySelectorAll('select option'), o => o.textContent);
  return document.body.innerText + '\\n' + options.join('\\n');
}"""
"""What a player can read: every fold opened, every option of every picker, without the
technical folds and code samples."""

DEVELOPER_TEXT: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("a JSON path", re.compile(r"\$\.[\w\[]")),
    (
        "a schema phrase",
        re.compile(
            r"is a required property|should be non-empty|is not of type|Expecting value"
            r"|is not one of \[|Additional properties are not allowed|does not match '"
        ),
    ),
    ("a Python enum name", re.compile(r"\b[A-Z][a-z]+\.[a-z_]+\b")),
    ("a snake_case word", re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b")),
    ("a seed file name", re.compile(r"\b\d{3}_[0-9a-f]{16}\.txt\b")),
)
_WORD = re.compile(r"(?<![\w/-])(?:[a-z0-9-]+/)?[a-z0-9]+(?:-[a-z0-9]+)+(?![\w-])")


def developer_text(text: str, ids: frozenset[str]) -> list[str]:
    """Each piece of developer text in ``text``: what it is and the words around it."""
    found = []
    for what, pattern in DEVELOPER_TEXT:
        found += [f"{what}: …{_around(text, m)}…" for m in pattern.finditer(text)]
    for m in _WORD.finditer(text):
        if m.group().rpartition("/")[2] in ids:
            found.append(f"a record id shown as a name: …{_around(text, m)}…")
    return found


def _around(text: str, match: re.Match[str]) -> str:
    return " ".join(text[max(0, match.start() - 40) : match.end() + 40].split())


def test_the_reader_finds_each_kind_of_developer_text() -> None:
    ids = frozenset({"charlie-steele-fury"})
    page = (
        "Charlie Steele is already on the team at $.entries[0]. [] should be non-empty. "
        "Outcome.pinned 1.8%. rear_arc on. Source: Navigation (001_b3fd56ffbc849938.txt). "
        "1 × charlie-steele-fury, owns 0."
    )
    assert [problem.split(":")[0] for problem in developer_text(page, ids)] == [
        "a JSON path",
        "a schema phrase",
        "a Python enum name",
        "a snake_case word",
        "a seed file name",
        "a record id shown as a name",
    ]
    assert developer_text("Charlotte “Charlie” Steele (Fury): 1 × Fury, re-roll 6s.", ids) == []


def test_every_engine_code_has_a_list() -> None:
    assert sorted(engine_codes() - set(LISTS)) == []


@pytest.fixture
def eager() -> Iterator[None]:
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = False


def _record_ids() -> frozenset[str]:
    """Every record's stable id written as ids are (two words or more, with hyphens) and
    not found in any record's name: "rifle" is a name as well as an id, and so are the
    "tie-breakers" of "Victory tie-breakers"."""
    ids: set[str] = set()
    names: list[str] = []
    for model in RECORD_MODELS.values():
        for stable_id, name in model.objects.values_list("stable_id", "name"):
            names.append(name.lower())
            if "-" in stable_id:
                ids.add(stable_id)
    spoken = " ".join(names)
    return frozenset(i for i in ids if not re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", spoken))


def _pages(player: Any) -> list[str]:
    """Every page kind of every game, as addresses on the site."""
    catalogue = current_catalogue()
    urls = ["/", "/catalogue/", "/build/", "/lists/", "/fights/", "/print/", "/packs/"]
    urls += ["/accounts/", "/accounts/password/"]
    for system in SYSTEM_INFO.values():
        urls.append(f"/catalogue/{system.slug}/")
        for type_, model in RECORD_MODELS.items():
            rows = model.objects.filter(system__slug=system.slug).order_by("stable_id")
            for stable_id in rows.values_list("stable_id", flat=True)[:RECORDS_PER_TYPE]:
                urls.append(f"/catalogue/{system.slug}/{type_}/{stable_id}/")
        urls += [f"/build/{system.slug}/{kind}/" for kind, _ in system.kinds]
        urls += [_odds_url(catalogue, system.slug, q) for q in engine.odds_queries(system.slug)]
        if collectable(system.slug):
            urls.append(f"/collection/{system.slug}/")
    urls += [f"/packs/{p}/" for p in ContentPack.objects.values_list("pack_id", flat=True)]
    for code in sorted(LISTS):
        document = LISTS[code]()
        document["name"] = f"Broken: {code.split('.')[1].replace('-', ' ')}"
        saved = saved_list_create(owner=player, document=document)
        RAISES[f"/lists/{saved.uuid}/"] = code
        urls.append(f"/lists/{saved.uuid}/")
    return urls


RAISES: dict[str, str] = {}
"""The builder page of each broken list -> the code its verdict must show."""


def _odds_url(catalogue: Any, system: str, query: dict[str, Any]) -> str:
    """The odds page for ``query`` with the first record picked in every record picker."""
    params = {"query": query["query"]}
    for param in query["params"]:
        ids = param.get("catalogue_ids")
        if ids:
            records = sorted(catalogue.records(system, RECORD_TYPES.get(ids, ids)))
            if records:
                params[param["name"]] = records[0]
    return f"/odds/{system}/?{urlencode(params)}"


def _fight_pages(player: Any) -> list[str]:
    """A fight of each game that has them, played by the workers at once."""
    urls = []
    for system, path in FIGHTS.items():
        document = example(path)
        saved_list_create(owner=player, document=document)
        job = simulation_job_create(
            owner=player, list_a=document, list_b=document, scenario={}, runs=20, seed=7
        )
        job.refresh_from_db()
        assert job.status == "done", (system, job.status, job.error)
        urls.append(f"/fights/{job.public_id}/")
    return urls


def _list_pages(player: Any) -> list[str]:
    """A shared list's page, the print page and a roster of a saved list, its upgrade page
    and the collection page that builds from what one owns."""
    saved = saved_list_create(owner=player, document=example("crimson-dust/dust-devils-500.json"))
    saved.visibility = SavedList.Visibility.UNLISTED
    saved.save(update_fields=["visibility"])
    shared = saved_list_set_share_token(saved_list=saved)
    job = print_job_create(owner=player, kind="roster", what={"saved_list": str(saved.uuid)})
    sheet = price_sheet_create(
        owner=player, system="crimson-dust", name="Tuesday club", prices={"rifle": 6, "pistol": 3}
    )
    design = example("black-skies/black-tiger.fighter.json") | {"name": "Dart list"}
    saved_list_create(owner=player, document=design)
    return [
        "/prices/",
        "/prices/new/crimson-dust/",
        f"/prices/{sheet.uuid}/",
        f"/prices/shared/{sheet.share_token}/",
        "/odds/black-skies/?query=volley",
        f"/lists/shared/{shared.share_token}/",
        f"/print/?saved_list={saved.uuid}",
        f"/print/{job.pk}/",
        f"/lists/{saved.uuid}/upgrade/",
        "/collection/crimson-dust/?from_collection=1",
    ]


@pytest.fixture
def player(live_server: Any) -> Any:
    pack_load(documents=[(str(p), read_pack(p)) for p in pack_paths()])
    return get_user_model().objects.create_user("ada", password="a-long-pass-phrase")


def test_no_page_shows_developer_text(
    browser: Any,  # noqa: F811
    live_server: Any,
    player: Any,
    eager: None,
) -> None:
    started = time.monotonic()
    urls = _pages(player) + _fight_pages(player) + _list_pages(player)
    print(f"set up in {time.monotonic() - started:.1f} s")
    ids = _record_ids()
    client = Client()
    client.force_login(player)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_cookies(
        [
            {
                "name": "sessionid",
                "value": client.cookies["sessionid"].value,
                "url": live_server.url,
            }
        ]
    )
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    problems: list[str] = []
    try:
        for url in urls:
            response = page.goto(f"{live_server.url}{url}")
            assert response is not None
            if response.status >= 400:
                problems.append(f"{url}: answered {response.status}")
                continue
            code = RAISES.get(url)
            if code and page.locator(f'[data-code="{code}"]').count() == 0:
                problems.append(f"{url}: the verdict does not show {code}")
            problems += [f"{url}: {p}" for p in developer_text(page.evaluate(VISIBLE_TEXT), ids)]
    finally:
        context.close()
    print(f"{len(urls)} pages read in {time.monotonic() - started:.1f} s")
    assert problems == [], f"{len(problems)} pieces of developer text:\n" + "\n".join(problems)
