"""Turn and phase as each book orders them (rules_engine.turns, docs/rulings/*)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from rules_engine.errors import BadDocument
from rules_engine.systems import SYSTEMS
from rules_engine.turns import next_phase, phase, phases, repeat

HEX = "Порядок хода (Turn order)"

BOOK_ORDER = {
    "cs-air-action": [
        ("initiative", "Determine Initiative", "Determine Initiative"),
        ("throttle", "Set Throttle", "Set Throttle"),
        ("navigation", "Navigation", "Navigation"),
        ("movement", "Movement", "Movement"),
        ("collisions", "Collisions with Other Planes", "Collisions with Other Planes"),
        ("combat", "Combat", "Combat"),
    ],
    "cs-aces": [
        ("action", "Action", "Turns and Actions"),
        ("movement", "Movement", "Movement"),
        ("combat", "Combat", "Combat"),
    ],
    "crimson-dust": [
        ("activation", "Activation", "Turn Sequence"),
        ("action", "Action Points", "Action Points"),
        ("morale", "Morale Tests", "Morale Tests"),
    ],
    "black-skies": [
        ("reveal", "Moving", "Moving"),
        ("piloting", "Piloting Check", "Piloting Check"),
        ("move", "Maneuvers", "Maneuvers"),
        ("fire", "Combat", "Combat"),
        ("plan", "Next turn's maneuver", "Moving"),
    ],
    "cs-hex": [
        ("attack-declaration", "Attack declaration", f"{HEX} 1.1, Объявление атаки"),
        ("attack-rolls", "Attack rolls", f"{HEX} 1.2, Броски атаки"),
        ("movement-declaration", "Movement declaration", f"{HEX} 1.3, Объявление движения"),
        (
            "rating-rolls",
            "Rolls for exceeding the plane's ratings",
            f"{HEX} 1.4, Броски на превышение максимальных характеристик самолета",
        ),
        (
            "shooting",
            "Shots resolved by Quick Fire",
            f"{HEX} 2.1, Обработка заявок на стрельбу в порядке убывания навыка Быстрая стрельба",
        ),
        ("shock", "Shock checks", f"{HEX} 2.2, Броски на шок"),
        ("movement", "Movement resolved", f"{HEX} 2.3, Обработка заявок на движение"),
        ("collisions", "Collision rolls", f"{HEX} 2.4, Броски на столкновение"),
    ],
}


def test_every_system_has_its_turn() -> None:
    assert sorted(BOOK_ORDER) == sorted(SYSTEMS)


@pytest.mark.parametrize("system", sorted(BOOK_ORDER))
def test_phases_in_the_books_order_with_names_and_sections(system: str) -> None:
    assert [(p.key, p.name, p.section) for p in phases(system)] == BOOK_ORDER[system]
    assert all(p.text.endswith(".") for p in phases(system))


@pytest.mark.parametrize("system", sorted(BOOK_ORDER))
def test_every_procedure_named_exists_in_the_system(system: str) -> None:
    known = SYSTEMS[system].procedures()
    named = [name for p in phases(system) for name in p.procedures]
    assert named
    assert [name for name in named if name not in known] == []


@pytest.mark.parametrize(
    ("system", "key", "procedures"),
    [
        ("cs-air-action", "initiative", ("initiative",)),
        ("cs-air-action", "navigation", ()),
        ("cs-air-action", "collisions", ("collision", "daring-feat", "pilot-check")),
        ("cs-air-action", "combat", ("shot", "bail-out")),
        ("cs-aces", "movement", ("break-away",)),
        ("crimson-dust", "morale", ("morale",)),
        ("black-skies", "fire", ("volley", "damage", "crippling")),
        ("cs-hex", "attack-rolls", ("to-hit", "hit-location", "damage", "clear-jam")),
        ("cs-hex", "shock", ("shock-check",)),
    ],
)
def test_a_phase_names_the_dice_rolled_in_it(
    system: str, key: str, procedures: tuple[str, ...]
) -> None:
    assert phase(system, key).procedures == procedures


@pytest.mark.parametrize("system", sorted(BOOK_ORDER))
def test_next_phase_walks_the_turn_then_wraps_to_the_next(system: str) -> None:
    keys = [key for key, _name, _section in BOOK_ORDER[system]]
    walked = [(4, keys[0])]
    for _ in keys:
        walked.append(next_phase(system, *walked[-1]))
    assert walked == [(4, key) for key in keys] + [(5, keys[0])]


@pytest.mark.parametrize(
    ("system", "last", "first"),
    [
        ("cs-air-action", "combat", "navigation"),
        ("cs-aces", "combat", "action"),
        ("crimson-dust", "morale", "action"),
    ],
)
def test_again_goes_back_within_the_same_turn(system: str, last: str, first: str) -> None:
    block = repeat(system)
    assert block is not None
    assert (block.first, block.last) == (first, last)
    assert next_phase(system, 2, last, again=True) == (2, first)
    assert next_phase(system, 2, last) == (3, phases(system)[0].key)


def test_the_air_action_speeds_count_down_inside_one_turn() -> None:
    turn, key = 1, "initiative"
    seen = []
    for again in (False, False, False, False, False, True, False, False, False, False):
        turn, key = next_phase("cs-air-action", turn, key, again=again)
        seen.append((turn, key))
    assert seen[4:] == [
        (1, "combat"),
        (1, "navigation"),
        (1, "movement"),
        (1, "collisions"),
        (1, "combat"),
        (2, "initiative"),
    ]


@pytest.mark.parametrize(
    ("call", "path"),
    [
        (lambda: phases("warhammer"), "system"),
        (lambda: next_phase("cs-hex", 1, "landing"), "phase"),
        (lambda: next_phase("cs-hex", 0, "shock"), "turn"),
        (lambda: next_phase("cs-hex", 1, "collisions", again=True), "again"),
        (lambda: next_phase("cs-air-action", 1, "movement", again=True), "again"),
    ],
)
def test_bad_turns_are_bad_documents(call: Callable[[], object], path: str) -> None:
    with pytest.raises(BadDocument) as caught:
        call()
    assert caught.value.errors[0].path == path


def test_an_unknown_phase_names_the_systems_phases() -> None:
    with pytest.raises(BadDocument, match="its phases: reveal, piloting, move, fire, plan"):
        phase("black-skies", "movement")
