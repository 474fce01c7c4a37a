"""Real Air Action game logs for campaign tests: each entry resolved by the rules on
physical dice (``rules_engine.game_log.entry_at``) and chained, as a table writes them."""

from __future__ import annotations

import copy
import json
from typing import Any

from rules_engine.catalogue import Catalogue, build_catalogue, load_catalogue
from rules_engine.game_log import FORMAT, GENESIS, correction_at, entry_at
from tests.conftest import PACK_DIR

SYSTEM = "cs-air-action"
CATALOGUE = load_catalogue()
TIME = "2026-12-04T10:00:00Z"

SQUADRON = {
    "format": "muster-list/1",
    "system": SYSTEM,
    "kind": "squadron",
    "name": "Red Wing",
    "entries": [{"figure": "charlie-steele-fury"}, {"figure": "loyle-crawford-devastator"}],
}
CHARLIE, LOYLE = "charlotte-charlie-steele", "loyle-crawford"


class GameLog:
    """A ``muster-game-log/1`` document built roll by roll."""

    def __init__(self, game: str = "game-1") -> None:
        self.doc: dict[str, Any] = {
            "format": FORMAT,
            "game": {"id": game, "system": SYSTEM, "title": "Dawn patrol"},
            "dice": {"mode": "physical"},
            "entries": [],
        }

    def _previous(self) -> tuple[int, str]:
        entries = self.doc["entries"]
        return len(entries) + 1, entries[-1]["chain"] if entries else GENESIS

    def roll(self, procedure: str, rolls: list[int], roles: dict[str, str], **params: Any) -> int:
        """Add one resolved roll; its sequence number."""
        seq, previous = self._previous()
        self.doc["entries"].append(
            entry_at(
                CATALOGUE,
                SYSTEM,
                "physical",
                seq,
                previous,
                who="ann",
                procedure=procedure,
                params=params,
                rolls=rolls,
                time=TIME,
                roles=roles,
            )
        )
        return seq

    def shoot_down(self, attacker: str, target: str) -> int:
        """Four hits on a plane with two clicks left: shot down ("Combat")."""
        return self.roll(
            "shot",
            [5, 5, 5, 5],
            {"attacker": attacker, "target": target},
            gunnery=4,
            silhouette=3,
            clicks_left=2,
        )

    def bail_out(self, pilot: str, made: bool, act: str = "none") -> int:
        """A bail out against value 7 (+ the act's): 6 and 6 makes it, 1 and 1 does not."""
        return self.roll(
            "bail-out",
            [6, 6] if made else [1, 1],
            {"pilot": pilot},
            bail_out_value=7,
            heroic_act=act,
        )

    def daring_feat(self, ace: str, feat: str, target: str = "b2") -> int:
        return self.roll("daring-feat", [5, 4], {"ace": ace, "target": target}, attack=3, feat=feat)

    def correct(self, reverses: int) -> int:
        seq, previous = self._previous()
        self.doc["entries"].append(
            correction_at(
                seq, previous, who="referee", reverses=reverses, reason="wrong", time=TIME
            )
        )
        return seq


def catalogue_with_veteran_fury() -> Catalogue:
    """The packs plus a Veteran figure of Charlie Steele's Fury, as a later release would
    print ("All Crimson Skies planes can be played at multiple experience levels")."""
    docs = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(PACK_DIR.glob("*/*.json"))]
    for doc in docs:
        if doc["system"] == SYSTEM:
            fury = next(r for r in doc["records"] if r["id"] == "charlie-steele-fury")
            veteran = copy.deepcopy(fury)
            veteran["id"] = "charlie-steele-fury-veteran"
            veteran["name"] = 'Charlotte "Charlie" Steele (Fury, Veteran)'
            veteran["data"]["experience_level"] = "veteran"
            doc["records"].append(veteran)
    return build_catalogue(docs, cache=False)
