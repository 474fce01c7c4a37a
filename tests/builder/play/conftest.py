"""Players, their saved lists and a game between them."""

from __future__ import annotations

from typing import Any

import pytest

from builder.lists.services import saved_list_create
from builder.play.services import game_create, game_join
from tests.builder.api_fixtures import example_list, make_user
from tests.builder.api_fixtures import packs as packs


@pytest.fixture
def ann(db: Any) -> Any:
    return make_user("ann")


@pytest.fixture
def bob(db: Any) -> Any:
    return make_user("bob")


@pytest.fixture
def ref(db: Any) -> Any:
    return make_user("rita")


def saved(owner: Any, name: str) -> Any:
    return saved_list_create(owner=owner, document=example_list(name))


@pytest.fixture
def dust_game(packs: Any, ann: Any, bob: Any) -> Any:
    """Ann's Dust Devils against Bob's copy of them, on physical dice."""
    game = game_create(
        owner=ann,
        system="crimson-dust",
        title="Dust at dawn",
        dice="physical",
        saved_list=saved(ann, "crimson-dust/dust-devils-500.json"),
    )
    game_join(game=game, user=bob, saved_list=saved(bob, "crimson-dust/dust-devils-500.json"))
    return game


@pytest.fixture
def server_game(packs: Any, ann: Any, bob: Any, ref: Any) -> Any:
    """A refereed Crimson Dust game on server dice."""
    game = game_create(owner=ref, system="crimson-dust", title="Refereed", referee=True)
    game_join(game=game, user=ann, saved_list=saved(ann, "crimson-dust/dust-devils-500.json"))
    game_join(game=game, user=bob, saved_list=saved(bob, "crimson-dust/dust-devils-500.json"))
    return game
