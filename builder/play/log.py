"""A game's log as the ``muster-game-log/1`` file, and the next entry written to it.

The stored records are the file's entries exactly, so the export is the records in order
under a header, and ``python -m rules_engine verify`` replays what the table wrote.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.contrib.auth.models import User

from builder.engine import BadDocument
from builder.engine.play import DICE_SCHEME, GENESIS, LOG_FORMAT, entry_at, server_rolls
from builder.play.models import Game
from content.api_selectors import engine_catalogue


def dice_header(game: Game, *, with_seed: bool) -> dict[str, Any]:
    """The log's ``dice``: the mode, and for server dice the commitment, each player's
    entropy and, once revealed (or for the roller's own use), the seed."""
    if game.dice == Game.Dice.PHYSICAL:
        return {"mode": "physical"}
    entropy = {s.user.get_username(): s.entropy for s in game.seats.all() if s.entropy}
    return {
        "mode": "server",
        "scheme": DICE_SCHEME,
        "commitment": game.commitment,
        "entropy": entropy,
        "seed": game.seed if with_seed else None,
    }


def log_document(game: Game, *, with_seed: bool = False) -> dict[str, Any]:
    """The game's log file; the seed is in it only when revealed (or ``with_seed``)."""
    return {
        "format": LOG_FORMAT,
        "game": {"id": str(game.public_id), "system": game.system, "title": game.title},
        "dice": dice_header(game, with_seed=with_seed or game.seed_revealed),
        "entries": [e.record for e in game.entries.order_by("seq")],
    }


def place_of_next(game: Game) -> tuple[int, str]:
    """The next entry's number and the chain it follows, from the last entry alone."""
    last = game.entries.order_by("-seq").only("seq", "record").first()
    return (1, GENESIS) if last is None else (last.seq + 1, last.record["chain"])


def entry_for(
    game: Game,
    user: User,
    procedure: str,
    params: dict[str, Any],
    roles: dict[str, str],
    rolls: Sequence[Any] | None,
    time: str,
) -> dict[str, Any]:
    """The next entry: server dice rolled from the seed, or the player's physical dice."""
    seq, previous = place_of_next(game)
    catalogue = engine_catalogue()
    if game.dice == Game.Dice.SERVER:
        if rolls is not None:
            raise BadDocument.at("rolls", "this game rolls server dice: leave rolls out")
        dice = dice_header(game, with_seed=True)
        rolls = server_rolls(
            catalogue,
            dice,
            str(game.public_id),
            seq,
            game.system,
            {"procedure": procedure, "params": params},
        )
    elif not isinstance(rolls, list):
        raise BadDocument.at("rolls", "type the faces you rolled, e.g. [2, 3, 5]")
    return entry_at(
        catalogue,
        game.system,
        game.dice,
        seq,
        previous,
        who=user.get_username(),
        procedure=procedure,
        params=params,
        rolls=rolls,
        time=time,
        roles=roles,
    )
