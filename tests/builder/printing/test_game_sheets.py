"""Which sheets each game's lists print, and the refusal for one they do not."""

from __future__ import annotations

import pytest

from builder.core.errors import ApplicationError
from builder.games import games
from builder.printing.services import KINDS
from builder.printing.sheets import sheet_offered

OFFERED = {
    ("cs-air-action", "squadron"): ("cards", "roster", "navigation"),
    ("cs-aces", "team"): ("cards", "roster"),
    ("crimson-dust", "warband"): ("cards", "roster"),
    ("black-skies", "fighter"): ("cards", "roster"),
    ("black-skies", "squadron"): ("cards", "roster"),
    ("cs-hex", "plane"): ("roster", "schematic"),
    ("cs-hex", "character"): ("roster", "character"),
}
REFUSED = {
    "cards": "not_printable",
    "navigation": "not_printable",
    "schematic": "not_a_plane",
    "character": "not_printable",
}


def test_each_kind_of_list_prints_the_sheets_its_game_declares() -> None:
    declared = {(g.system, k.slug): g.prints.sheets(k.slug) for g in games() for k in g.kinds}
    assert declared == OFFERED
    assert {s for sheets in declared.values() for s in sheets} == set(KINDS)


def test_a_sheet_only_one_game_prints_is_declared_by_that_game_alone() -> None:
    owners = {kind: [g.system for g in games() if kind in g.prints.extras] for kind in KINDS}
    assert owners == {
        "cards": [],
        "roster": [],
        "schematic": ["cs-hex"],
        "navigation": ["cs-air-action"],
        "character": ["cs-hex"],
    }


@pytest.mark.parametrize(
    ("system", "kind", "sheet"),
    [
        (system, kind, sheet)
        for (system, kind), sheets in OFFERED.items()
        for sheet in KINDS
        if sheet not in sheets
    ],
)
def test_a_list_is_refused_a_sheet_its_game_does_not_print(
    system: str, kind: str, sheet: str
) -> None:
    doc = {"format": "muster-list/1", "system": system, "kind": kind, "name": "Test"}
    with pytest.raises(ApplicationError) as caught:
        sheet_offered(sheet, doc)
    assert caught.value.code == REFUSED[sheet]
    assert [d["path"] for d in caught.value.details] in (["$.system"], ["$.kind"])


@pytest.mark.parametrize(("system", "kind"), list(OFFERED))
def test_a_list_is_offered_each_sheet_its_game_prints(system: str, kind: str) -> None:
    doc = {"format": "muster-list/1", "system": system, "kind": kind, "name": "Test"}
    for sheet in OFFERED[(system, kind)]:
        sheet_offered(sheet, doc)
