"""Invariants of the layout: rule text is split without loss, cards fill pages in order."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from builder.games.drawing import chunks
from builder.printing.options import CARD_SIZES_MM, PAPERS_MM, PrintOptions
from builder.printing.render import MIN_MARGIN_MM, card_grid

words = st.text(alphabet="abcdefghij .,", min_size=0, max_size=60)
blocks = st.lists(
    st.builds(
        lambda n, t: {"name": n, "text": t},
        st.text("XYZ", min_size=1, max_size=12),
        st.lists(words, max_size=60).map(" ".join),
    ),
    max_size=8,
)


def joined(parts: list[dict[str, str]]) -> str:
    text = " ".join(p["text"].removeprefix("… ").removesuffix(" …") for p in parts)
    return "".join(text.split())


@given(blocks, st.integers(min_value=300, max_value=1500))
def test_chunks_keep_every_word_and_respect_the_budget(
    texts: list[dict[str, str]], budget: int
) -> None:
    faces = chunks(texts, budget)
    for block in texts:
        parts = [p for face in faces for p in face if p["name"] == block["name"]]
        if block["text"]:
            assert "".join(block["text"].split()) in joined(parts) or any(
                b is not block and b["name"] == block["name"] for b in texts
            )
    for face in faces:
        assert sum(len(p["text"]) + len(p["name"]) + 10 for p in face) <= budget + 2


@given(st.sampled_from(list(PAPERS_MM)), st.sampled_from(list(CARD_SIZES_MM)))
def test_the_card_grid_fits_inside_the_margins(paper: str, card: str) -> None:
    grid = card_grid(PrintOptions(paper=paper, card=card))
    assert grid.per_page >= 2
    assert grid.left >= MIN_MARGIN_MM
    assert grid.top >= MIN_MARGIN_MM
    assert abs(2 * grid.left + grid.columns * grid.card_w - grid.page_w) < 0.02
    assert abs(2 * grid.top + grid.rows * grid.card_h - grid.page_h) < 0.02
    # one more column or row would cross the minimum margin
    assert (grid.columns + 1) * grid.card_w > grid.page_w - 2 * MIN_MARGIN_MM
    assert (grid.rows + 1) * grid.card_h > grid.page_h - 2 * MIN_MARGIN_MM
