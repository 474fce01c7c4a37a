"""Whole games at the table in Debian's Chromium: a refereed Air Action game of three turns on
server dice, one player on a phone, and a hex-map duel by post with hidden orders; each log
downloaded and checked with ``python -m rules_engine verify``, as anyone could."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from builder.lists.services import saved_list_create
from builder.play.models import Game
from content.services.packs import pack_load
from tests.browser import browser, signed_in_pages  # noqa: F401  (fixture)
from tests.builder.api_fixtures import ROOT, example_list
from tests.builder.play.test_play_browser import (
    LOG_IN,
    PASSWORD,
    PHONE,
    SCREENSHOTS,
    choose,
    shot,
)
from tests.conftest import pack_paths, read_pack

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

AIR_PHASES = [
    "Determine Initiative",
    "Set Throttle",
    "Navigation",
    "Movement",
    "Collisions with Other Planes",
    "Combat",
]


def shot_of(locator: Any, name: str) -> None:
    """One part of a page (the log), as ``shot()`` takes whole pages."""
    if SCREENSHOTS:
        Path(SCREENSHOTS).mkdir(parents=True, exist_ok=True)
        locator.screenshot(path=str(Path(SCREENSHOTS) / f"{name}.png"))


@pytest.fixture
def table(browser: Any, live_server: Any) -> Iterator[Any]:  # noqa: F811
    """``table(lists)``: rita (who referees), and ann and bob with the saved lists named."""
    pack_load(documents=[(str(p), read_pack(p)) for p in pack_paths()])
    users = get_user_model().objects

    def seat(lists: dict[str, str]) -> Any:
        users.create_user("rita", password=PASSWORD)
        for name, path in lists.items():
            user = users.create_user(name, password=PASSWORD)
            saved_list_create(owner=user, document=example_list(path))
        return opener

    with signed_in_pages(browser, live_server.url, PASSWORD) as opener:
        yield seat


def start_refereed(page: Any, site: str, title: str, game: str, dice: str) -> Game:
    page.goto(f"{site}/play/")
    page.fill("#title", title)
    page.check("input[name=referee]")
    page.select_option("#system", label=game)
    page.check(f"input[name=dice][value={dice}]")
    page.click("button:text-is('Start the game')")
    expect(page.get_by_role("heading", name=title, exact=True)).to_be_visible()
    return Game.objects.get(title=title)


def sit_down(page: Any, site: str, game: Game, list_name: str) -> None:
    page.goto(f"{site}/play/join/{game.invite_token}/")
    option = page.locator("#list option", has_text=list_name)
    page.select_option("#list", option.get_attribute("value"))
    page.click("button:text-is('Sit at the table')")
    expect(page.locator("#table-figures")).to_be_visible()


def next_phase(page: Any, heading: str) -> None:
    """The referee's "Next: ..." button, and the phase box then naming ``heading``."""
    page.locator("button", has_text=re.compile(r"^Next: ")).click()
    expect(page.locator("#table-phase")).to_have_text(heading)


def card(page: Any, side: int, name: str) -> Any:
    """The card of the figure ``name`` in the ``side``-th player's row of the table."""
    row = page.locator("#figures ul.figures").nth(side)
    return row.locator("li.figure").filter(has=page.get_by_role("heading", name=name, exact=True))


def stat(card_: Any, label: str) -> str:
    line = card_.locator("dl.stats > div").filter(
        has=card_.page.locator("dt", has_text=re.compile(f"^{re.escape(label)}$"))
    )
    return str(line.locator("dd").inner_text())


def pick(page: Any, role: str, name: str, side: str) -> None:
    page.select_option(f"#role_{role}", label=f"{name} ({side})")


def verified(path: Path) -> dict[str, Any]:
    """``python -m rules_engine verify`` on a downloaded log, with no database at hand."""
    run = subprocess.run(
        [sys.executable, "-m", "rules_engine", "verify", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    report: dict[str, Any] = json.loads(run.stdout)
    return report


def download_log(page: Any, folder: Path) -> Path:
    with page.expect_download() as download:
        page.click("a:text-is('Download the log')")
    path = folder / download.value.suggested_filename
    download.value.save_as(path)
    return path


# (shooter's player, attacker and side, target and side): one shot in each turn's Combat.
AIR_SHOTS = [
    ("ann", ('Charlotte "Charlie" Steele (Fury)', "A"), ("Show-stopper (Kestrel)", "B")),
    ("bob", ("Genghis (Bloodhawk)", "B"), ("Loyle Crawford (Devastator)", "A")),
    ("ann", ('Louis "Wild Card" Thibodeaux (Brigand)', "A"), ("Genghis (Bloodhawk)", "B")),
]


def test_three_refereed_turns_of_air_action_on_server_dice(
    table: Any, live_server: Any, tmp_path: Path
) -> None:
    site = live_server.url
    open_page = table(
        {"ann": "cs-air-action/devastators-200.json", "bob": "cs-air-action/bloodhawks-200.json"}
    )
    rita = open_page("rita", *LOG_IN)
    game = start_refereed(rita, site, "Over the Sierras", "Crimson Skies: Air Action", "server")
    expect(rita.locator("#table-phase")).to_have_text("Turn 1: Determine Initiative")

    ann = open_page("ann", *LOG_IN)
    sit_down(ann, site, game, "Devastators")
    bob = open_page("bob", *LOG_IN, viewport=PHONE, phone=True)
    sit_down(bob, site, game, "Bloodhawks")

    ann.click('summary:text-is("How you can trust the server\'s dice")')
    ann.fill("#entropy", "a kestrel over the sierras")
    ann.click("button:text-is('Mix them in')")
    expect(ann.locator(".messages")).to_contain_text(
        "Your words are mixed into every roll of this game."
    )

    # A hex-map maneuver is no example of Air Action orders.
    expect(ann.locator("#orders-text")).not_to_have_attribute("placeholder", "4L2F")
    pages = {"ann": ann, "bob": bob}
    for turn, (shooter, (attacker, a_side), (target, t_side)) in enumerate(AIR_SHOTS, start=1):
        if turn > 1:
            next_phase(rita, f"Turn {turn}: Determine Initiative")
        for name in AIR_PHASES[1:]:
            next_phase(rita, f"Turn {turn}: {name}")

        for reader in pages.values():
            # Neither player reloads: the phase box follows the referee within 2 seconds.
            expect(reader.locator("#table-phase")).to_have_text(
                f"Turn {turn}: Combat", timeout=4_000
            )
        page = pages[shooter]
        page.reload()  # the Combat phase's rolls come first in a fresh form
        # The Combat phase's rolls come first: the shot is picked already.
        expect(page.locator("#procedure")).to_have_value("shot")
        sides = {"A": 0, "B": 1}
        gunnery = stat(card(page, sides[a_side], attacker), "Front gunnery")
        silhouette = stat(card(page, sides[t_side], target), "Silhouette")
        clicks_before = int(stat(card(page, sides[t_side], target), "Click"))
        pick(page, "attacker", attacker, a_side)
        pick(page, "target", target, t_side)
        page.fill("#p_gunnery", gunnery)
        page.fill("#p_silhouette", silhouette)
        page.click("button:text-is('Roll and resolve')")

        entry = game.entries.order_by("-seq").first()
        assert entry is not None
        assert entry.record["procedure"] == "shot"
        record = entry.record
        assert record["params"]["gunnery"] == int(gunnery)
        assert record["params"]["silhouette"] == int(silhouette)
        assert record["source"] == "server"
        assert len(record["rolls"]) == int(gunnery)
        hits = sum(c.get("delta", 0) for c in record["changes"] if c["field"] == "clicks")
        outcome = record["explanation"][-1]["text"]
        faces = [str(f) for f in record["rolls"]]
        for reader in pages.values():
            # The other player's page was not reloaded: the log follows on its own.
            log_entry = reader.locator(f"#entry-{entry.seq}")
            expect(log_entry).to_contain_text(outcome, timeout=4_000)
            expect(log_entry.locator(".die")).to_have_text(faces)
            expect(log_entry).to_contain_text("server dice")
            if hits:
                clicks = "1 click" if hits == 1 else f"{hits} clicks"
                expect(log_entry.locator("p.muted")).to_have_text(f"{target}: {clicks} of damage.")
            # ... and so does the target's card, turned on one click per hit.
            expect(
                card(reader, sides[t_side], target).locator("dl.stats > div").first
            ).to_have_text(re.compile(f"Click\\s*{clicks_before + hits}$"))

    shot(ann, "play-table")
    shot(bob, "play-table-phone")
    shot_of(ann.locator("section[aria-labelledby=table-log]"), "play-log")
    width = bob.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the table is {width}px wide on a 390px phone"

    rita.click("button:text-is('End the game')")
    expect(rita.get_by_text("The game has ended; the seed is revealed.")).to_be_visible()
    rita.click('summary:text-is("How you can trust the server\'s dice")')
    rita.click("a:text-is('check them here')")
    dice = sum(len(e.record["rolls"]) for e in game.entries.all())
    expect(rita.locator("p.notice[role=status]")).to_have_text(
        "All 3 entries replay: every outcome is what the rules give for its dice, and all "
        f"{dice} server dice come from the seed promised before the first roll."
    )
    shot(rita, "play-verify")

    report = verified(download_log(ann, tmp_path))
    assert report["verified"] is True


def resolve(page: Any, game: Game, fields: dict[str, str], rolls: str = "") -> dict[str, Any]:
    """Fill the situation (``role_...`` selects by label, ``p_...`` fields), type the dice
    and resolve them: the new entry's record."""
    before = game.entries.count()
    for name, value in fields.items():
        if page.locator(f"#{name}").evaluate("e => e.tagName") == "SELECT":
            page.select_option(f"#{name}", label=value)
        else:
            page.fill(f"#{name}", value)
    page.fill("#rolls", rolls)
    page.click("button:text-is('Resolve these dice')")
    expect(page.locator(f"#entry-{before + 1}")).to_be_visible()
    record: dict[str, Any] = game.entries.get(seq=before + 1).record
    return record


def orders_shown(page: Any) -> list[str]:
    return [
        " ".join(t.split())
        for t in page.locator(
            "section[aria-labelledby=table-orders] ul.results li"
        ).all_inner_texts()
    ]


def test_a_hex_map_duel_by_post_keeps_each_players_orders_hidden_until_the_turn_ends(
    table: Any, live_server: Any, tmp_path: Path
) -> None:
    site = live_server.url
    open_page = table(
        {"ann": "cs-hex/light-fighter-legal.json", "bob": "cs-hex/heavy-fighter-turret-legal.json"}
    )
    rita = open_page("rita", *LOG_IN)
    game = start_refereed(
        rita, site, "Duel over the Channel", "Crimson Skies hex-map rules", "physical"
    )
    ann = open_page("ann", *LOG_IN)
    sit_down(ann, site, game, "Kestrel light fighter")
    bob = open_page("bob", *LOG_IN)
    sit_down(bob, site, game, "Bulwark heavy fighter")

    expect(ann.locator("#orders-text")).to_have_attribute("placeholder", "4L2F")
    for page, orders in ((ann, "4L2F"), (bob, "3S1A")):
        page.fill("#orders-text", orders)
        page.click("section[aria-labelledby=table-orders] button:text-is('Send')")
        expect(page.locator(".messages")).to_have_text("Your orders for turn 1 are sent.")
    ann.reload()
    # Each player reads only their own orders; the referee reads both.
    assert orders_shown(ann) == ["Turn 1, ann: 4L2F (not yet revealed)"]
    assert orders_shown(bob) == ["Turn 1, bob: 3S1A (not yet revealed)"]
    rita.reload()
    assert orders_shown(rita) == [
        "Turn 1, ann: 4L2F (not yet revealed)",
        "Turn 1, bob: 3S1A (not yet revealed)",
    ]

    # 1.2 Attack rolls: the Kestrel's .50 guns at the Bulwark (size 4), one hex away.
    next_phase(rita, "Turn 1: Attack rolls")
    kestrel, bulwark = "Kestrel light fighter (A)", "Bulwark heavy fighter (B)"
    choose(rita, "to-hit")
    hit = resolve(
        rita,
        game,
        {
            "role_attacker": kestrel,
            "p_weapon": ".50 calibre gun",
            "p_target_number": "4",
            "p_distance": "1",
        },
        "7",
    )
    assert hit["outcome"]["hit"] is True
    choose(rita, "hit-location")
    # No aimed area unless the shooter's Steady Hand is 9-10: the area is rolled too.
    expect(rita.locator("#p_aim_area option:checked")).to_have_text("None")
    where = resolve(rita, game, {}, "4 6")
    assert where["outcome"]["column"] == 6
    choose(rita, "damage")
    nose = stat(card(bob, 1, "Bulwark heavy fighter"), "Nose")
    assert nose == "80 of 80"
    resolve(
        rita,
        game,
        {"role_target": bulwark, "p_weapon": ".50 calibre gun", "p_column": "6"},
    )
    # Bob's page was not reloaded: the shaded square shows on his plane's card.
    expect(card(bob, 1, "Bulwark heavy fighter").locator("dl.stats > div").nth(4)).to_have_text(
        re.compile(r"Nose\s*79 of 80"), timeout=4_000
    )

    # 1.3-1.4: each plane flies the maneuver of its orders, against its card's ratings.
    next_phase(rita, "Turn 1: Movement declaration")
    next_phase(rita, "Turn 1: Rolls for exceeding the plane's ratings")
    for side, name, label, notation, difficulty in (
        (0, "Kestrel light fighter", kestrel, "4L2F", "3"),
        (1, "Bulwark heavy fighter", bulwark, "3S1A", "1"),
    ):
        plane = card(rita, side, name)
        choose(rita, "maneuver")
        flown = resolve(
            rita,
            game,
            {
                "role_plane": label,
                "p_notation": notation,
                "p_difficulty": difficulty,
                "p_g_rating": stat(plane, "G-rating"),
                "p_max_speed": stat(plane, "Max speed"),
            },
        )
        assert flown["outcome"]["maneuver"] == notation
        assert flown["outcome"]["all_passed"] is True
    for page in (ann, bob):
        expect(page.locator("#entry-5")).to_contain_text("3S1A", timeout=4_000)
    ann.reload()
    assert orders_shown(ann) == ["Turn 1, ann: 4L2F (not yet revealed)"]
    shot(rita, "play-orders-referee")
    shot(ann, "play-orders-player")

    rita.click("button:text-is('End turn 1 now and reveal its orders')")
    expect(rita.locator("#table-phase")).to_have_text("Turn 2: Attack declaration")
    for page in (ann, bob):
        page.reload()
        assert orders_shown(page) == ["Turn 1, ann: 4L2F", "Turn 1, bob: 3S1A"]

    report = verified(download_log(rita, tmp_path))
    assert report["verified"] is True
    assert report["entries"] == 5
