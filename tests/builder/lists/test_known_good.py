"""Known-good and known-bad lists hold a publication back while their result changes: the
gate finds the change in words, nothing is written, an accepted result lets that very
candidate through (and no other), and ``dumppack`` refuses the same way."""

from __future__ import annotations

import io
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from builder.core.errors import ApplicationError, ErrorCode
from builder.lists.known_good import known_good_accept, known_good_create
from builder.lists.models import KnownGoodList
from content.models import ContentPack, ContentPackVersion, Figure
from content.services import record_save
from content.services.packs import PackLoadError
from content.services.publishing import publish, publish_candidate
from tests.builder.players_fixtures import example

pytestmark = pytest.mark.django_db

CORE = "cs-air-action-core"


def core() -> ContentPack:
    return ContentPack.objects.get(pack_id=CORE)


def reprice(stable_id: str, points: int) -> None:
    figure = Figure.objects.get(stable_id=stable_id)
    figure.data = {**figure.data, "point_value": points}
    record_save(record=figure)


def versions() -> list[str]:
    return sorted(
        ContentPackVersion.objects.filter(pack__pack_id=CORE).values_list("version", flat=True)
    )


@pytest.fixture
def maintainer(db: Any, django_user_model: Any) -> Any:
    return django_user_model.objects.create_user("mo", "mo@example.com", "m-long-passphrase")


@pytest.fixture
def bloodhawks(packs: None, maintainer: Any) -> KnownGoodList:
    """Bloodhawks as a tournament's list: legal at 168 points on the published pack."""
    return known_good_create(
        pack=core(),
        document=example("cs-air-action/bloodhawks-200.json"),
        by=maintainer,
        note="Tournament X",
    )


@pytest.fixture
def over_the_limit(packs: None, maintainer: Any) -> KnownGoodList:
    """Bloodhawks with Charlie Steele's Fury too: a known-bad list, 232 of 200 points."""
    doc = example("cs-air-action/bloodhawks-200.json")
    doc["name"] = "Bloodhawks and Charlie"
    doc["entries"].append({"figure": "charlie-steele-fury"})
    return known_good_create(pack=core(), document=doc, by=maintainer, note="bug report #12")


def test_a_registered_list_expects_what_the_published_pack_gives(bloodhawks, over_the_limit):
    assert (bloodhawks.name, bloodhawks.legal, bloodhawks.points) == ("Bloodhawks", True, 168)
    assert bloodhawks.violation_codes == []
    assert (over_the_limit.legal, over_the_limit.points) == (False, 232)
    over_the_limit.refresh_from_db()
    assert over_the_limit.violation_codes == ["cs-air-action.over-build-total"]


def test_a_repriced_figure_is_found_and_the_publication_refused_with_nothing_written(
    bloodhawks,
):
    reprice("genghis-bloodhawk", 52)

    candidate = publish_candidate(core())
    [finding] = candidate.findings
    assert (finding.kind, finding.name, finding.note) == (
        "Known-good list",
        "Bloodhawks",
        "Tournament X",
    )
    assert (finding.expected, finding.got) == ("legal, 168 points", "legal, 172 points")
    assert finding.changes == ("Points 168 → 172",)
    assert candidate.refused

    with pytest.raises(PackLoadError) as refused:
        publish(core(), actor="mo")

    assert str(refused.value) == (
        "cs-air-action-core: Known-good list 'Bloodhawks': Points 168 → 172. Accept the new "
        "result or edit the list in the admin before publishing."
    )
    assert versions() == ["1.0.0"]
    assert core().version == "1.0.0"


def test_accepting_the_new_result_lets_the_publication_through(bloodhawks, maintainer):
    reprice("genghis-bloodhawk", 52)
    candidate = publish_candidate(core())

    accepted = known_good_accept(known_good=bloodhawks, by=maintainer, checksum=candidate.checksum)

    assert (accepted.legal, accepted.points, accepted.accepted_by) == (True, 172, maintainer)
    assert accepted.accepted_checksum == candidate.checksum
    assert publish_candidate(core()).findings[0].changes == ()
    version = publish(core(), actor="mo")
    assert version.version == "2.0.0"
    assert versions() == ["1.0.0", "2.0.0"]


def test_a_result_accepted_on_one_candidate_does_not_let_another_through(bloodhawks, maintainer):
    reprice("genghis-bloodhawk", 52)
    known_good_accept(
        known_good=bloodhawks, by=maintainer, checksum=publish_candidate(core()).checksum
    )
    reprice("genghis-bloodhawk", 55)

    with pytest.raises(PackLoadError) as refused:
        publish(core(), actor="mo")

    assert "Points 172 → 175" in str(refused.value)
    assert versions() == ["1.0.0"]


def test_accepting_what_the_pack_no_longer_gives_changes_nothing(bloodhawks, maintainer):
    reprice("genghis-bloodhawk", 52)
    shown = publish_candidate(core()).checksum
    reprice("genghis-bloodhawk", 55)

    with pytest.raises(ApplicationError) as stale:
        known_good_accept(known_good=bloodhawks, by=maintainer, checksum=shown)

    assert stale.value.code is ErrorCode.STALE_RESULT
    bloodhawks.refresh_from_db()
    assert (bloodhawks.points, bloodhawks.accepted_at) == (168, None)


def test_a_known_bad_list_that_becomes_legal_is_a_change(over_the_limit):
    reprice("charlie-steele-fury", 32)

    [finding] = publish_candidate(core()).findings

    assert finding.kind == "Known-bad list"
    assert (finding.expected, finding.got) == ("not legal, 232 points", "legal, 200 points")
    assert finding.changes == (
        "Verdict not legal → legal",
        "Points 232 → 200",
        "No longer breaks 1 rule it was expected to",
    )
    with pytest.raises(PackLoadError):
        publish(core(), actor="mo")
    assert versions() == ["1.0.0"]


def test_a_known_good_list_that_becomes_illegal_names_the_rule_in_words(bloodhawks):
    reprice("genghis-bloodhawk", 81)

    [finding] = publish_candidate(core()).findings

    assert finding.changes == ("Verdict legal → not legal", "Points 168 → 201")
    assert finding.problems == ("The squadron costs 201 points, 1 over its build total of 200",)


def test_an_edit_the_lists_do_not_notice_publishes_with_every_list_kept(bloodhawks, over_the_limit):
    reprice("louis-thibodeaux-brigand", 60)

    candidate = publish_candidate(core())

    assert [(f.name, f.changed) for f in candidate.findings] == [
        ("Bloodhawks", False),
        ("Bloodhawks and Charlie", False),
    ]
    assert publish(core(), actor="mo").version == "2.0.0"


def test_dumppack_refuses_with_the_findings_and_writes_no_file(bloodhawks, tmp_path):
    reprice("genghis-bloodhawk", 52)
    target = tmp_path / "air.json"

    with pytest.raises(CommandError) as refused:
        call_command(
            "dumppack", "cs-air-action", "--pack", CORE, "-o", str(target), stderr=io.StringIO()
        )

    assert str(refused.value) == (
        "cs-air-action-core: Known-good list 'Bloodhawks': Points 168 → 172. Accept the new "
        "result or edit the list in the admin before publishing."
    )
    assert not target.exists()
    assert versions() == ["1.0.0"]


def test_a_list_of_another_game_cannot_guard_the_pack(packs, maintainer):
    with pytest.raises(ApplicationError) as wrong:
        known_good_create(
            pack=core(), document=example("crimson-dust/dust-devils-500.json"), by=maintainer
        )
    assert wrong.value.message == (
        "A crimson-dust list cannot guard cs-air-action-core, a pack of Crimson Skies: Air Action."
    )
    assert not KnownGoodList.objects.exists()
