"""One door resolves every procedure: the situation and the dice are checked before any rule
is applied, and a mistake names what is wrong and how many of which die are needed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rules_engine.catalogue import load_catalogue
from rules_engine.errors import BadDocument
from rules_engine.procedures import Dice
from rules_engine.resolve import describe_procedures, dice_needed, group_rolls, resolve
from rules_engine.systems import SYSTEMS

ROOT = Path(__file__).resolve().parents[3]
CATALOGUE = load_catalogue()


def cli(*args: str) -> tuple[int, object, str]:
    done = subprocess.run(
        [sys.executable, "-m", "rules_engine", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    return done.returncode, json.loads(done.stdout), done.stderr.strip()


def errors(call) -> list[tuple[str, str]]:
    with pytest.raises(BadDocument) as caught:
        call()
    return [(e.path, e.message) for e in caught.value.errors]


def test_a_skill_test_is_resolved_with_each_step_in_words():
    answer = resolve(
        CATALOGUE, "crimson-dust", "skill-test", {"dice": 3, "difficulty": 2}, [4, 1, 6]
    )
    assert answer["outcome"]["passed"] is True
    assert answer["outcome"]["scored"] == 2
    assert answer["dice"] == [
        {
            "count": 3,
            "sides": 6,
            "notation": "3d6",
            "meaning": "the characteristic tested",
            "rolled": [4, 1, 6],
        }
    ]
    assert answer["section"] == "Skill Test"
    assert all(step["section"] and step["text"].endswith(".") for step in answer["explanation"])


def test_too_few_and_too_many_dice_say_what_is_needed():
    asked = [Dice(2, 6, "attack"), Dice(1, 10, "hit location")]
    need = "needs 3 dice: 2d6 (attack) then 1d10 (hit location)"
    assert errors(lambda: group_rolls(asked, [3, 4])) == [("rolls", f"{need}; got 2")]
    assert errors(lambda: group_rolls(asked, [3, 4, 5, 6])) == [("rolls", f"{need}; got 4")]


def test_a_face_the_die_does_not_have_is_named_by_its_place():
    asked = [Dice(2, 6, "attack"), Dice(1, 10, "hit location")]
    assert group_rolls(asked, [3, 4, 10]) == [[3, 4], [10]]
    assert errors(lambda: group_rolls(asked, [3, 7, 10])) == [
        ("rolls[1]", "a d6 (attack) shows 1 to 6, not 7")
    ]
    assert errors(lambda: group_rolls(asked, [3, 4, 0])) == [
        ("rolls[2]", "a d10 (hit location) shows 1 to 10, not 0")
    ]
    assert errors(lambda: group_rolls(asked, [3, True, 1]))[0][0] == "rolls[1]"


def test_the_dice_follow_the_situation():
    assert [
        d.notation for d in dice_needed(CATALOGUE, "crimson-dust", "skill-test", {"dice": 7})
    ] == ["7d6"]


def test_an_unknown_procedure_or_parameter_is_named():
    ((path, message),) = errors(lambda: resolve(CATALOGUE, "crimson-dust", "dragons", {}, []))
    assert path == "procedure"
    assert message.startswith("crimson-dust has no procedure 'dragons' (known: ")
    assert "skill-test" in message
    assert (
        errors(lambda: resolve(CATALOGUE, "crimson-dust", "skill-test", {"dice": 99}, []))[0][0]
        == "params.dice"
    )
    assert errors(lambda: resolve(CATALOGUE, "chess", "move", {}, []))[0][0] == "system"


@pytest.mark.parametrize("system", list(SYSTEMS))
def test_every_procedure_describes_its_parameters_and_dice(system):
    for described in describe_procedures(CATALOGUE, system):
        assert set(described) == {"procedure", "summary", "section", "params", "dice", "roles"}
        assert described["summary"]
        assert described["section"]
        for param in described["params"]:
            assert param["meaning"], (system, described["procedure"], param["name"])
        for die in described["dice"]:
            assert die["count"] >= 0
            assert die["sides"] >= 2
            assert die["meaning"]


def test_the_cli_resolves_and_describes():
    code, answer, _ = cli(
        "resolve",
        "crimson-dust",
        "skill-test",
        "dice=2",
        "difficulty=1",
        "state=pinned",
        "rolls=5,2",
    )
    assert code == 0
    assert answer["outcome"]["passed"] is True
    code, described, _ = cli("resolve", "crimson-dust", "--describe")
    assert code == 0
    assert described["procedures"] == describe_procedures(CATALOGUE, "crimson-dust")
    code, listed, _ = cli("resolve", "crimson-dust")
    assert code == 0
    assert "skill-test" in listed["procedures"]


@pytest.mark.parametrize(
    ("rolls", "stderr"),
    [
        ("rolls=5", "bad input: rolls: needs 2 dice: 2d6 (the characteristic tested); got 1"),
        ("rolls=5,2,2", "bad input: rolls: needs 2 dice: 2d6 (the characteristic tested); got 3"),
        ("rolls=5,9", "bad input: rolls[1]: a d6 (the characteristic tested) shows 1 to 6, not 9"),
        ("rolls=5,x", "bad input: rolls[1]: a face is a whole number, not 'x'"),
    ],
)
def test_the_cli_refuses_the_wrong_dice_with_exit_2(rolls, stderr):
    code, answer, err = cli("resolve", "crimson-dust", "skill-test", "dice=2", rolls)
    assert code == 2
    assert err == stderr
    assert answer["error"] == "bad_document"


def test_batch_mode_resolves_and_names_a_bad_line():
    lines = [
        {
            "op": "resolve",
            "id": 1,
            "system": "crimson-dust",
            "procedure": "skill-test",
            "params": {"dice": 1},
            "rolls": [6],
        },
        {
            "op": "resolve",
            "id": 2,
            "system": "crimson-dust",
            "procedure": "skill-test",
            "params": {"dice": 1},
            "rolls": [6, 6],
        },
    ]
    done = subprocess.run(
        [sys.executable, "-m", "rules_engine", "batch"],
        cwd=ROOT,
        check=False,
        input="\n".join(json.dumps(x) for x in lines),
        capture_output=True,
        text=True,
    )
    first, second = (json.loads(x) for x in done.stdout.splitlines())
    assert first["ok"] is True
    assert first["result"]["outcome"]["passed"] is True
    assert second["ok"] is False
    assert second["error"]["errors"] == [
        {"path": "rolls", "message": "needs 1 die: 1d6 (the characteristic tested); got 2"}
    ]


def _situations(procedure):
    """The default situation, then each true/false turned on and each choice taken."""
    yield {}
    for param in procedure.params:
        if param.type == "boolean":
            yield {param.name: True}
        for choice in param.choices or ():
            yield {param.name: choice}


@pytest.mark.parametrize("system", list(SYSTEMS))
def test_every_figure_a_resolution_changes_is_one_of_its_roles(system):
    """A table asks for the figures of a procedure's roles: a change to any other role would
    have no figure to change."""
    from random import Random

    from rules_engine.resolve import system_procedures

    rng = Random(23)
    for name, procedure in system_procedures(system).items():
        for situation in _situations(procedure):
            try:
                dice = dice_needed(CATALOGUE, system, name, situation)
            except BadDocument:
                continue
            for _ in range(25):
                rolls = [rng.randint(1, d.sides) for d in dice for _ in range(d.count)]
                try:
                    answer = resolve(CATALOGUE, system, name, situation, rolls)
                except BadDocument:
                    continue
                subjects = {c["subject"] for c in answer["changes"]}
                assert subjects <= set(procedure.roles), (name, situation, subjects)
