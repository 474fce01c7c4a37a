"""docs/architecture.md says which files a game has ("Adding a sixth game"); every game
has each required one, and every file named after a game is one the page lists, so the
page stays the whole list of what a sixth game touches."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules_engine.systems import SYSTEMS

HOUSE = Path(__file__).resolve().parents[1]
PAGE = HOUSE / "docs" / "architecture.md"
SEARCHED = ("bench", "builder", "content", "docs", "rules_engine", "templates", "tests")
SKIPPED = {"__pycache__", "migrations"}


def _templates(heading: str) -> list[str]:
    """The path templates of the bullets after the paragraph starting ``heading``."""
    section = PAGE.read_text(encoding="utf-8").split("## Adding a sixth game", 1)[1]
    block = section.split(f"\n{heading}", 1)[1].split("\n\n", 2)[1]
    return re.findall(r"^- `([^`]+)`", block, flags=re.M)


REQUIRED = _templates("Required")
OPTIONAL = _templates("Optional")


def _pattern(template: str, slug: str) -> re.Pattern[str]:
    pkg = slug.replace("-", "_")
    text = re.escape(template.replace("<slug>", "\0s").replace("<pkg>", "\0p"))
    text = text.replace("\0s", re.escape(slug)).replace("\0p", re.escape(pkg))
    text = text.replace(r"\*\*", ".+").replace(r"\*", "[^/]*")
    return re.compile(f"^{text}$")


def _files() -> list[str]:
    found = []
    for top in SEARCHED:
        for path in (HOUSE / top).rglob("*"):
            if path.is_file() and not SKIPPED & set(path.parts):
                found.append(path.relative_to(HOUSE).as_posix())
    return found


FILES = _files()


def test_the_page_lists_the_files() -> None:
    assert "builder/games/<pkg>/page.py" in REQUIRED
    assert "rules_engine/<pkg>/__init__.py" in REQUIRED
    assert len(OPTIONAL) >= 5


@pytest.mark.parametrize("slug", list(SYSTEMS))
def test_every_game_has_every_required_file(slug: str) -> None:
    missing = [t for t in REQUIRED if not any(_pattern(t, slug).match(f) for f in FILES)]
    assert missing == []


@pytest.mark.parametrize("slug", list(SYSTEMS))
def test_every_file_named_after_a_game_is_on_the_page(slug: str) -> None:
    pkg = slug.replace("-", "_")
    named = [f for f in FILES if slug in f or pkg in f]
    patterns = [_pattern(t, slug) for t in REQUIRED + OPTIONAL]
    assert named
    assert [f for f in named if not any(p.match(f) for p in patterns)] == []
