"""How a sheet is printed: paper, card size, cut marks, ink, card backs and bleed.

Options arrive as JSON (API body, admin form, command flags) and are checked here once, so
every renderer gets the same validated values and bad input names the field at fault.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from builder.core.errors import ApplicationError, ErrorCode

PAPERS_MM: dict[str, tuple[float, float]] = {"A4": (210.0, 297.0), "Letter": (215.9, 279.4)}
CARD_SIZES_MM: dict[str, tuple[float, float]] = {
    "poker": (63.0, 88.0),
    "bridge": (57.15, 88.9),  # 2¼ × 3½ inches
    "tarot": (70.0, 120.0),
}
DEFAULT_CARD = "poker"
BACKS: dict[str, str] = {
    "none": "no backs: every face is a card of its own",
    "duplex-long-edge": "after each page of fronts a page of backs, flipped on the long edge",
    "duplex-short-edge": "after each page of fronts a page of backs, flipped on the short edge",
    "fold-over": "front and back side by side, to fold along the line between them",
}
MAX_BLEED_MM = 5.0


@dataclass(frozen=True)
class PrintOptions:
    """Validated print options; ``card`` is a named size whose millimetres are fixed."""

    paper: str = "A4"
    card: str = DEFAULT_CARD
    cut_marks: bool = True
    greyscale: bool = False
    backs: str = "none"
    bleed: float = 0.0

    @property
    def paper_mm(self) -> tuple[float, float]:
        return PAPERS_MM[self.paper]

    @property
    def card_mm(self) -> tuple[float, float]:
        return CARD_SIZES_MM[self.card]

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


OPTION_NAMES = ("paper", "card", "cut_marks", "greyscale", "backs", "bleed")
# A rejected key is named in the error only up to this many characters.
_SHOWN_KEY = 40


def _error(key: str, message: str) -> dict[str, str]:
    shown = key if len(key) <= _SHOWN_KEY else key[:_SHOWN_KEY] + "…"
    return {"path": f"$.options.{shown}", "field": shown, "message": message}


def _choice(
    raw: Mapping[str, Any], key: str, choices: Mapping[str, Any], errors: list[dict[str, str]]
) -> str | None:
    """The named choice, or None (with an error) for any other value, of any type."""
    value = raw[key]
    if isinstance(value, str) and value in choices:
        return value
    errors.append(_error(key, f"must be one of {', '.join(choices)}"))
    return None


def _bool(raw: Mapping[str, Any], key: str, errors: list[dict[str, str]]) -> bool | None:
    value = raw[key]
    if isinstance(value, bool):
        return value
    errors.append(_error(key, "must be true or false"))
    return None


def _bleed(raw: Mapping[str, Any], errors: list[dict[str, str]]) -> float | None:
    """Millimetres of card background printed past the cut line, so a cut a little off
    its line leaves no white edge."""
    value = raw["bleed"]
    number = isinstance(value, int | float) and not isinstance(value, bool)
    if number and 0 <= value <= MAX_BLEED_MM:
        return float(value)
    errors.append(_error("bleed", f"must be a number of millimetres from 0 to {MAX_BLEED_MM:g}"))
    return None


def print_options_parse(raw: Any) -> PrintOptions:
    """Options from JSON, type-checked before use: every wrong option is reported at once
    with its JSON path, whatever the value's type, and never echoed back."""
    if raw is None:
        raw = {}
    if not isinstance(raw, Mapping):
        raise ApplicationError(
            ErrorCode.INVALID,
            "The print options are not valid.",
            [{"path": "$.options", "field": "options", "message": "must be an object"}],
        )
    errors: list[dict[str, str]] = []
    unknown = sorted(str(key) for key in raw if key not in OPTION_NAMES)
    for key in unknown:
        errors.append(_error(key, f"unknown option (known: {', '.join(sorted(OPTION_NAMES))})"))
    values: dict[str, Any] = {}
    for key, choices in (("paper", PAPERS_MM), ("card", CARD_SIZES_MM), ("backs", BACKS)):
        if key in raw:
            values[key] = _choice(raw, key, choices, errors)
    for key in ("cut_marks", "greyscale"):
        if key in raw:
            values[key] = _bool(raw, key, errors)
    if "bleed" in raw:
        values["bleed"] = _bleed(raw, errors)
    if errors:
        raise ApplicationError(ErrorCode.INVALID, "The print options are not valid.", errors)
    return PrintOptions(**values)
