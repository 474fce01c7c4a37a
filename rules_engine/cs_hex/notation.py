"""The book's maneuver notation: ``4L2F`` = speed 4, left, template row 2, ending facing F.

"Фаза движения": the first number is the maneuver's speed, the first letter its direction
(R right, L left, S straight), the second number the template row, the last letter the
hex side the plane faces at the end.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rules_engine.errors import BadDocument

_NOTATION = re.compile(r"^([1-9][0-9]?)([LRS])([1-9][0-9]?)([A-F])$")


@dataclass(frozen=True)
class Maneuver:
    speed: int
    direction: str
    row: int
    facing: str

    @property
    def notation(self) -> str:
        return f"{self.speed}{self.direction}{self.row}{self.facing}"


def parse_maneuver(text: str, path: str = "params.notation") -> Maneuver:
    """Read ``4L2F``-style notation (case-insensitive).

    Args:
        text: the maneuver as a player writes it.
        path: where the text came from, for the error.

    Raises:
        BadDocument: the text is not speed, L/R/S, row, A-F.
    """
    match = _NOTATION.match(str(text).strip().upper())
    if not match:
        raise BadDocument.at(path, f"{text!r} is not a maneuver: write speed, direction "
                                   "(L, R or S), template row and final facing (A-F), e.g. 4L2F")
    speed, direction, row, facing = match.groups()
    return Maneuver(int(speed), direction, int(row), facing)
