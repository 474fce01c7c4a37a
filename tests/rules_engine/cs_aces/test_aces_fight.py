"""Whole Aces fights: reproducible by seed and well formed ("Victory!")."""

import json
from pathlib import Path

import pytest

from rules_engine import load_catalogue
from rules_engine.simulation import simulate

ROOT = Path(__file__).resolve().parents[3]
CATALOGUE = load_catalogue()
KIM = json.loads((ROOT / "docs/examples/cs-aces/kims-team.json").read_text())
GANG = json.loads((ROOT / "docs/examples/cs-aces/genghis-gang.json").read_text())


def test_same_seed_same_result():
    first = simulate(CATALOGUE, KIM, GANG, runs=1000, seed=9, scenario={})
    assert first == simulate(CATALOGUE, KIM, GANG, runs=1000, seed=9, scenario={})


def test_no_attacks_means_every_character_scores_for_its_own_side():
    result = simulate(CATALOGUE, KIM, GANG,
        runs=200, seed=1, scenario={"adjacent": 0, "in_range": 0, "max_turns": 4})
    assert result["victory_points"]["a"]["value"] == 100
    assert result["victory_points"]["b"]["value"] == 99
    assert result["outcome"]["a_wins"]["value"] == 1.0


def test_outcomes_add_up_and_captures_happen_only_when_allowed():
    result = simulate(CATALOGUE, KIM, GANG, runs=2000, seed=2, scenario={"capture": 0})
    outcome = result["outcome"]
    total = outcome["a_wins"]["value"] + outcome["draws"]["value"] + outcome["b_wins"]["value"]
    assert total == pytest.approx(1.0)
    assert all(f["captive_at_end"]["value"] == 0 for f in result["figures"])
