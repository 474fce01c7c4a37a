"""Invariants over generated teams: the stored verdict is the engine's verdict on the stored
document against the pinned packs, and an exported list imports back to the same verdict."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from builder.lists.exchange import list_export, lists_import
from builder.lists.services import saved_list_create, saved_list_update
from rules_engine.api import check
from rules_engine.catalogue import build_catalogue
from tests.builder.lists.conftest import pack_doc

pytestmark = pytest.mark.django_db

FIGURES = [
    "charlie",
    "vigilante",
    "sergeant",
    "tail-gunner",
    "soldier",
    "trusty-sidekick",
    "ruffian",
    "no-such-figure",
]
entries = st.lists(
    st.builds(
        lambda f, n: {"figure": f, "count": n, "points": 999},
        st.sampled_from(FIGURES),
        st.integers(1, 4),
    ),
    min_size=1,
    max_size=8,
)


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(first=entries, second=entries, limit=st.one_of(st.none(), st.integers(0, 400)))
def test_stored_verdict_is_the_engines(
    packs: Any,
    user: Any,
    other_user: Any,
    kims_team: Any,
    first: Any,
    second: Any,
    limit: Any,
) -> None:
    engine = build_catalogue([pack_doc("cs-aces"), pack_doc("cs-air-action")])
    saved = saved_list_create(
        owner=user, document={**kims_team, "entries": first, "points_limit": limit}
    )
    saved_list_update(saved_list=saved, document={**saved.document, "entries": second})
    saved.refresh_from_db()
    expected = check(engine, saved.document)
    assert (saved.legal, saved.points, saved.points_limit) == (
        expected.legal,
        expected.points,
        expected.limit,
    )
    assert saved.violations == [v.to_dict() for v in expected.violations]

    unknown = any(e["figure"] == "no-such-figure" for e in second)
    if unknown:
        with pytest.raises(Exception, match="Nothing was imported"):
            lists_import(owner=other_user, data=list_export(saved_list=saved))
        return
    report = lists_import(owner=other_user, data=list_export(saved_list=saved))
    (copy,) = report["created"]
    assert (copy.legal, copy.points, copy.violations) == (
        saved.legal,
        saved.points,
        saved.violations,
    )
    copy.delete()
