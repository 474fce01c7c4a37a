"""Multi-target ranged attacks ("Targeting Multiple Enemies", "Resolving an Attack"): all the
attack dice are rolled, then one die is assigned to each target."""

from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine import load_catalogue
from rules_engine.clix.characters import character_from_record
from rules_engine.cs_aces.multi_target import UNUSED, assign_dice
from rules_engine.cs_aces.odds import _best_assignment

CATALOGUE = load_catalogue()


def starting_defense(figure):
    character = character_from_record(CATALOGUE, CATALOGUE.get("cs-aces", "figure", figure))
    return character.dial.column("defense")[0]


def test_tims_two_pistol_example_hits_show_stopper_and_not_genghis():
    # "Charlie has an attack value of 3. Tim rolls 3 six-sided dice, with results of 2, 3,
    # and 5. Tim assigns a 5 to Show-stopper so that he takes one hit. Neither the 2 nor the 3
    # hits Genghis." Defenses from the pack's (sample) starting clicks: 4 and 5.
    needs = [starting_defense("show-stopper"), starting_defense("genghis")]
    assert needs == [4, 5]
    hit, six = assign_dice([[2, 3, 5]], [needs])
    assert hit.tolist() == [[True, False]]
    assert six.tolist() == [[False, False]]
    assert _best_assignment((2, 3, 5), needs) == (0,)


def test_the_highest_die_goes_to_the_hardest_target_it_can_hit():
    # 6 and 4 against defenses 4 and 6: both targets hit, the 6 on the defense-6 target.
    hit, six = assign_dice([[4, 6, 1]], [[4, 6]])
    assert hit.tolist() == [[True, True]]
    assert six.tolist() == [[False, True]]


def test_more_targets_than_dice_and_unused_slots_are_never_hit():
    hit, _ = assign_dice([[6, 0, 0]], [[2, 2, UNUSED]])
    assert hit.tolist() == [[True, False, False]]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(1, 6), min_size=1, max_size=6),
       st.lists(st.integers(1, 6), min_size=2, max_size=4))
def test_as_many_targets_hit_as_the_best_assignment_of_the_odds(faces, needs):
    hit, _ = assign_dice([faces], [needs])
    assert int(hit.sum()) == len(_best_assignment(tuple(faces), needs))
