"""The book's unpriced items reach people as one notice for the list, not one warning each."""

from __future__ import annotations

from builder.engine.wording import fold_unpriced


def _unpriced(id_: str, owner: str = "Vance") -> dict[str, str]:
    return {
        "code": "crimson-dust.price-not-given",
        "message": f"{owner}: the book gives no points cost for {id_}; priced 0",
        "path": "$.entries[0].weapons[0]",
        "severity": "warning",
        "unpriced": id_,
    }


OVER = {"code": "over", "message": "Over the limit", "path": "$", "severity": "error"}


def test_every_unpriced_item_folds_into_one_notice_naming_them_and_how_many() -> None:
    names = {"rifle": "Rifle", "pistol": "Pistol"}
    kept, notice = fold_unpriced(
        [_unpriced("rifle"), OVER, _unpriced("rifle", "Brick"), _unpriced("pistol")], names
    )
    assert kept == [OVER]
    assert notice is not None
    assert notice["message"] == (
        "The book prints no points for 3 items in this list (Rifle × 2 and Pistol): "
        "each counts 0 until your group agrees house prices."
    )
    assert (notice["severity"], notice["count"]) == ("notice", 3)
    assert notice["ids"] == ["rifle", "pistol"]


def test_one_item_is_said_in_the_singular_and_an_unknown_id_in_words() -> None:
    _, notice = fold_unpriced([_unpriced("saw-or-lmg")], {})
    assert notice is not None
    assert notice["message"] == (
        "The book prints no points for 1 item in this list (Saw or lmg): "
        "it counts 0 until your group agrees house prices."
    )


def test_a_list_with_every_price_given_has_no_notice() -> None:
    assert fold_unpriced([OVER], {}) == ([OVER], None)
