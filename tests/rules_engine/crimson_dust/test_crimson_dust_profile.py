"""The effective profile in a verdict's breakdown: what each model plays with."""

from __future__ import annotations

from rules_engine import check


def profile_of(catalogue, warband, entry, **extra):
    verdict = check(catalogue, warband(entry, **extra))
    return verdict.breakdown["models"][0]["effective"]


def test_contego_heavy_armour_costs_mv_as_and_df(catalogue, warband):
    # Regular Contego: Mv 6 Mr 3 Rg 7 As 7 Df 5 S 3 Av 4 Dc 2 In 3. Heavy Armour: "any model
    # with an Av of more than 3 suffers -1 Mv, As, and Df for each point over 3".
    eff = profile_of(catalogue, warband, {"archetype": "contego", "quality": "regular"})
    assert eff["profile"] == {"Mv": 5, "Mr": 3, "Rg": 7, "As": 6, "Df": 4, "S": 3, "Av": 4,
                              "Dc": 2, "In": 3}
    assert eff["can_run"] is False  # Running: "Models with an AV of 2 or less"


def test_the_bought_setting_spares_the_printed_armour(catalogue, warband):
    eff = profile_of(catalogue, warband, {"archetype": "contego", "quality": "regular",
                                          "upgrades": ["av-6"]},
                     settings={"heavy_armour_penalty": "bought"})
    # Av 6 (printed 4 + 2 bought): only the two bought points count.
    assert (eff["profile"]["Av"], eff["profile"]["Mv"], eff["profile"]["As"],
            eff["profile"]["Df"]) == (6, 4, 5, 3)


def test_contego_exchanges_one_point_of_rg_for_as(catalogue, warband):
    eff = profile_of(catalogue, warband, {"archetype": "contego", "quality": "green",
                                          "exchange": "rg-for-as"})
    # Green Contego Rg 6 As 6; exchange Rg 5 As 7; then heavy armour As 6.
    assert (eff["profile"]["Rg"], eff["profile"]["As"]) == (5, 6)
    eff = profile_of(catalogue, warband, {"archetype": "contego", "quality": "green",
                                          "exchange": "as-for-rg"})
    assert (eff["profile"]["Rg"], eff["profile"]["As"]) == (7, 4)


def test_a_rider_uses_the_bestias_mv_and_df_and_is_a_large_target(catalogue, warband):
    eff = profile_of(catalogue, warband, {"archetype": "medio", "quality": "green",
                                          "mount": {"archetype": "bestia",
                                                    "upgrades": ["plus-1-df", "plus-2-mv"]}})
    # Bestia Mv 12 Df 4, +2 Mv and +1 Df bought: Mv 14 Df 5; Green Medio Rg 6 kept.
    assert (eff["profile"]["Mv"], eff["profile"]["Df"], eff["profile"]["Rg"]) == (14, 5, 6)
    assert eff["mounted"] is True
    assert eff["large_target"] == 1


def test_neural_networking_adds_df_and_in(small_catalogue, warband):
    eff = profile_of(small_catalogue, warband, {"archetype": "trooper", "quality": "regular",
                                                "equipment": ["neural-networking"]})
    assert (eff["profile"]["Df"], eff["profile"]["In"]) == (7, 4)


def test_powered_armour_ignores_heavy_armour(small_catalogue, warband):
    eff = profile_of(small_catalogue, warband, {
        "archetype": "trooper", "quality": "regular", "upgrades": ["av-4"],
        "equipment": ["neural-networking", "powered-armour"]})
    assert (eff["profile"]["Av"], eff["profile"]["Mv"], eff["profile"]["As"]) == (4, 8, 7)
    plain = profile_of(small_catalogue, warband, {"archetype": "trooper", "quality": "regular",
                                                  "upgrades": ["av-4"]})
    assert (plain["profile"]["Mv"], plain["profile"]["As"], plain["profile"]["Df"]) == (7, 6, 5)
