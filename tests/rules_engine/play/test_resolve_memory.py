"""A situation read once is answered from memory the next time, with the same answer: a
caller changing its copy changes nothing for the next, and a bad situation is refused every
time."""

from __future__ import annotations

import pytest

from rules_engine.catalogue import load_catalogue
from rules_engine.errors import BadDocument
from rules_engine.resolve import resolve

CATALOGUE = load_catalogue()
SHOT = {"weapon": "boltgun", "band": "12-18", "rg": 5}
ROLLS = [4, 6, 2, 5, 1, 3, 5, 2, 6]


def test_a_situation_read_again_gives_the_same_resolution_and_a_copy_of_its_own() -> None:
    first = resolve(CATALOGUE, "crimson-dust", "shot", SHOT, ROLLS)
    first["params"]["rg"] = 9
    first["params"]["band"] = "0-6"
    again = resolve(CATALOGUE, "crimson-dust", "shot", SHOT, ROLLS)
    assert (again["params"]["rg"], again["params"]["band"]) == (5, "12-18")
    assert again["outcome"] == first["outcome"]


def test_equal_looking_values_of_another_type_are_read_on_their_own() -> None:
    resolve(CATALOGUE, "crimson-dust", "skill-test", {"dice": 3}, [4, 5, 1])
    for bad in ({"dice": 3.0}, {"dice": True}, {"dice": "3"}):
        for _ in range(2):
            with pytest.raises(BadDocument) as caught:
                resolve(CATALOGUE, "crimson-dust", "skill-test", bad, [4, 5, 1])
            assert caught.value.errors[0].path == "params.dice"
