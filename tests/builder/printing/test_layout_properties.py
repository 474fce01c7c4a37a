"""Invariants of the layout: cards fill pages in order, inside the margins."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from builder.printing.options import CARD_SIZES_MM, PAPERS_MM, PrintOptions
from builder.printing.render import MIN_MARGIN_MM, card_grid


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
