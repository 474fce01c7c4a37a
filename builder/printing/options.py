"""How a sheet is printed: paper, card size, cut marks and ink.

Options arrive as JSON (API body, admin form, command flags) and are checked here once, so
every renderer gets the same validated values and bad input names the field at fault.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from builder.core.errors import ApplicationError

PAPERS_MM: dict[str, tuple[float, float]] = {"A4": (210.0, 297.0), "Letter": (215.9, 279.4)}
CARD_SIZES_MM: dict[str, tuple[float, float]] = {
    "poker": (63.0, 88.0),
    "bridge": (57.0, 89.0),
    "tarot": (70.0, 120.0),
}
DEFAULT_CARD = "poker"


@dataclass(frozen=True)
class PrintOptions:
    """Validated print options; ``card`` is a named size whose millimetres are fixed."""

    paper: str = "A4"
    card: str = DEFAULT_CARD
    cut_marks: bool = True
    greyscale: bool = False

    @property
    def paper_mm(self) -> tuple[float, float]:
        return PAPERS_MM[self.paper]

    @property
    def card_mm(self) -> tuple[float, float]:
        return CARD_SIZES_MM[self.card]

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def _bool(raw: Mapping[str, Any], key: str, default: bool, errors: list[dict[str, str]]) -> bool:
    value = raw.get(key, default)
    if not isinstance(value, bool):
        errors.append(
            {"path": f"$.options.{key}", "field": key, "message": "must be true or false"}
        )
        return default
    return value


def print_options_parse(raw: Mapping[str, Any] | None) -> PrintOptions:
    """Options from JSON; every wrong field is reported at once with its JSON path."""
    raw = dict(raw or {})
    errors: list[dict[str, str]] = []
    known = {"paper", "card", "cut_marks", "greyscale"}
    for key in sorted(set(raw) - known):
        errors.append(
            {
                "path": f"$.options.{key}",
                "field": key,
                "message": f"unknown option (known: {', '.join(sorted(known))})",
            }
        )
    paper = raw.get("paper", "A4")
    if paper not in PAPERS_MM:
        errors.append(
            {
                "path": "$.options.paper",
                "field": "paper",
                "message": f"unknown paper {paper!r} (known: {', '.join(PAPERS_MM)})",
            }
        )
        paper = "A4"
    card = raw.get("card", DEFAULT_CARD)
    if card not in CARD_SIZES_MM:
        errors.append(
            {
                "path": "$.options.card",
                "field": "card",
                "message": f"unknown card size {card!r} (known: {', '.join(CARD_SIZES_MM)})",
            }
        )
        card = DEFAULT_CARD
    options = PrintOptions(
        paper=paper,
        card=card,
        cut_marks=_bool(raw, "cut_marks", True, errors),
        greyscale=_bool(raw, "greyscale", False, errors),
    )
    if errors:
        raise ApplicationError("print.bad-options", "The print options are not valid.", errors)
    return options
