"""What the pages say about each game system: its name, what lists it builds, a blurb, all
read from the game's own home (``builder.games``); a URL naming no game is a 404."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache

from django.http import Http404

from builder.games import Game, Kind, game, games


@dataclass(frozen=True)
class SystemInfo:
    slug: str
    name: str
    blurb: str
    kinds: tuple[tuple[str, str], ...]
    """(list kind, what a player calls it), in the order the builder offers them."""


def _info(found: Game) -> SystemInfo:
    return SystemInfo(
        found.system, found.title, found.blurb, tuple((k.slug, k.label) for k in found.kinds)
    )


@cache
def _infos() -> dict[str, SystemInfo]:
    return {g.system: _info(g) for g in games()}


class _SystemInfos(Mapping[str, SystemInfo]):
    """Every game's ``SystemInfo`` by slug, in the engine's order, read when first asked
    (the games' modules load the pages' own)."""

    def __getitem__(self, slug: str) -> SystemInfo:
        return _infos()[slug]

    def __iter__(self) -> Iterator[str]:
        return iter(_infos())

    def __len__(self) -> int:
        return len(_infos())


SYSTEM_INFO: Mapping[str, SystemInfo] = _SystemInfos()


def game_for(slug: str) -> Game:
    """The game a URL names, or a 404 naming the slug."""
    try:
        return game(slug)
    except KeyError:
        raise Http404(f"No game system {slug!r}") from None


def system_info(slug: str) -> SystemInfo:
    """The system named by a URL, or a 404 naming the known ones."""
    return _infos()[game_for(slug).system]


def kind_of(slug: str, kind: str) -> Kind:
    """The list kind a URL names; a 404 when the system does not build it."""
    found = game_for(slug).kind(kind)
    if found is None:
        raise Http404(f"{slug} has no list kind {kind!r}")
    return found


def kind_label(slug: str, kind: str) -> str:
    """What a player calls a list kind; a 404 when the system does not build it."""
    return kind_of(slug, kind).label
