"""``python -m rules_engine catalogue cs-aces``: every record of the pack, with the names
the book prints."""

from collections import Counter

from rules_engine import load_catalogue
from rules_engine.catalogue import pack_files, read_pack_file
from rules_engine.cs_aces import catalogue_view

CATALOGUE = load_catalogue()
PACK = next(read_pack_file(p) for p in pack_files() if p.parent.name == "cs-aces")


def test_every_record_of_the_pack_is_shown_once():
    view = catalogue_view(CATALOGUE)
    shown = Counter((key, e["id"]) for key, entries in view.items()
                    if isinstance(entries, list) for e in entries)

    assert sum(shown.values()) == len(PACK["records"])
    assert max(shown.values()) == 1


def test_abilities_and_tables_keep_the_books_names():
    view = catalogue_view(CATALOGUE)

    assert [a["name"] for a in view["abilities"]] == ["Old One-Two", "Second Wind"]
    assert sorted(t["name"] for t in view["tables"]) == [
        "Rules constants", "Terrain types", "Victory points", "Victory tie-breakers"]


def test_a_table_is_shown_with_its_rows_and_source():
    view = catalogue_view(CATALOGUE)
    table = next(t for t in view["tables"] if t["name"] == "Victory points")

    assert table["data"]["rows"]
    assert table["source"]["seed"] == "000_e4e1c8a4d28ca1dd.txt"
