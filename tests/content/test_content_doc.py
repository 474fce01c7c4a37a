"""docs/content.md is generated from the packs; it must say what the packs say now."""

from content.packdocs import DOC_PATH, render


def test_docs_content_is_current():
    assert DOC_PATH.read_text(encoding="utf-8") == render(), (
        "docs/content.md is out of date: run `python -m content.packdocs`"
    )


def test_docs_content_lists_every_uncertain_value():
    text = render()
    assert "### Uncertain values" in text
    assert "| **total** |" in text
