"""The maintainers' docs have one index: every page under docs/ is linked from
docs/README.md, and every relative link in any page reaches a file."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[1] / "docs"
LINK = re.compile(r"\]\(([^)\s]+)\)")


def _links(page: Path) -> set[Path]:
    """The files a page's relative Markdown links point at (anchors and URLs left out)."""
    found = set()
    for target in LINK.findall(page.read_text(encoding="utf-8")):
        if "://" in target or target.startswith(("#", "mailto:")):
            continue
        found.add((page.parent / target.split("#", 1)[0]).resolve())
    return found


PAGES = sorted(p for p in DOCS.rglob("*.md") if p.name != "README.md" or p.parent != DOCS)


def test_every_page_is_in_the_index() -> None:
    indexed = _links(DOCS / "README.md")
    orphans = [str(p.relative_to(DOCS)) for p in PAGES if p.resolve() not in indexed]
    assert orphans == []


@pytest.mark.parametrize(
    "page", [DOCS / "README.md", *PAGES], ids=lambda p: str(p.relative_to(DOCS))
)
def test_relative_links_reach_a_file(page: Path) -> None:
    assert sorted(str(t) for t in _links(page) if not t.exists()) == []
