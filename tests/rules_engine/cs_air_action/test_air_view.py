"""``python -m rules_engine catalogue cs-air-action``: every record of the pack, with the
names the book prints."""

from collections import Counter

from rules_engine import load_catalogue
from rules_engine.catalogue import pack_files, read_pack_file
from rules_engine.cs_air_action import catalogue_view

CATALOGUE = load_catalogue()
PACK = next(read_pack_file(p) for p in pack_files() if p.parent.name == "cs-air-action")


def _shown(view):
    return Counter((key, e["id"]) for key, entries in view.items() if isinstance(entries, list)
                   for e in entries)


def test_every_record_of_the_pack_is_shown_once():
    shown = _shown(catalogue_view(CATALOGUE))

    assert sum(shown.values()) == len(PACK["records"])
    assert max(shown.values()) == 1


def test_each_kind_of_content_has_its_own_list():
    view = catalogue_view(CATALOGUE)
    by_type = Counter(r["type"] for r in PACK["records"])

    assert len(view["planes"]) == by_type["figure"]
    assert len(view["navigation_cards"]) == by_type["navigation_card"]
    assert len(view["speed_dials"]) == by_type["speed_dial"]
    assert len(view["combat_dials"]) == by_type["combat_dial"]
    assert [r["name"] for r in view["releases"]] == ["Ace Pack 1"]


def test_tables_and_cards_keep_the_books_names():
    view = catalogue_view(CATALOGUE)
    tables = {t["name"] for t in view["tables"]}
    cards = {c["name"]: c for c in view["navigation_cards"]}

    assert {"Victory points", "Victory tie-breakers", "Rules constants"} <= tables
    assert {"Shaken"} <= {a["name"] for a in view["abilities"]}
    assert cards["Side-Slip"]["basic"] is True
    assert sum(c["count"] for c in cards.values() if c["basic"]) == 12  # "Basic deck"
