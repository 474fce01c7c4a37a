"""``/api/v1/`` itself: the API's front page, a JSON index of its sections with their links.

A person who opens the address ``make run`` prints, or a client finding its way, gets the
sections, what each holds, whether it needs a token, and where the documentation lives,
instead of a 404. Links are named routes reversed per request, so they follow the routes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.urls import reverse
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from builder.api.base import PublicApi, response_example


@dataclass(frozen=True)
class Section:
    key: str
    title: str
    route: str
    token: bool
    about: str


SECTIONS: tuple[Section, ...] = (
    Section(
        "systems",
        "Game systems",
        "api:system-list",
        False,
        "The five games and their kinds of list.",
    ),
    Section(
        "figures",
        "Figures",
        "api:figure-list",
        False,
        "Planes, aces and characters, with points and dials.",
    ),
    Section(
        "abilities",
        "Abilities",
        "api:ability-list",
        False,
        "Abilities, skills and speed effects with their rules.",
    ),
    Section("weapons", "Weapons", "api:weapon-list", False, "Weapon profiles of every game."),
    Section(
        "archetypes",
        "Archetypes",
        "api:archetype-list",
        False,
        "Crimson Dust profiles, upgrades and skill costs.",
    ),
    Section(
        "combat-dials",
        "Combat dials",
        "api:combat_dial-list",
        False,
        "Clix combat dials click by click.",
    ),
    Section(
        "speed-dials",
        "Speed dials",
        "api:speed_dial-list",
        False,
        "Speed dials with their effects.",
    ),
    Section(
        "navigation-cards",
        "Navigation cards",
        "api:navigation_card-list",
        False,
        "Flight paths and speed ratings.",
    ),
    Section(
        "mass-tables",
        "Mass tables",
        "api:mass_table-list",
        False,
        "Construction tables of the hex-map rules.",
    ),
    Section(
        "maneuvers", "Manoeuvres", "api:maneuver-list", False, "Black Skies and hex-map manoeuvres."
    ),
    Section(
        "fighter-weights",
        "Fighter weights",
        "api:fighter_weight-list",
        False,
        "Black Skies weight classes.",
    ),
    Section(
        "releases", "Releases", "api:release-list", False, "Sets and releases figures come in."
    ),
    Section("tables", "Tables", "api:table-list", False, "Other tables of the rule books."),
    Section(
        "packs",
        "Content packs",
        "api:pack-list",
        False,
        "Every pack version, its file and what changed.",
    ),
    Section(
        "public-lists", "Public lists", "api:list-public", False, "Lists their owners made public."
    ),
    Section(
        "check",
        "Check a list",
        "api:engine-check",
        True,
        "POST a list document: its verdict and points.",
    ),
    Section(
        "cost", "Price a list", "api:engine-cost", True, "POST a list document: its itemised price."
    ),
    Section(
        "simulate",
        "Simulate a fight",
        "api:engine-simulate",
        True,
        "POST two lists: a simulation job.",
    ),
    Section(
        "simulations",
        "Simulations",
        "api:simulation-list",
        True,
        "Your simulation jobs and their results.",
    ),
    Section(
        "lists", "Saved lists", "api:list-list", True, "Your lists: save, share, upgrade, export."
    ),
    Section(
        "games",
        "Games",
        "api:game-list",
        True,
        "Your games at the table: rolls resolved by the rules, the log, orders, fair dice.",
    ),
    Section(
        "collection",
        "Collection",
        "api:collection-list",
        True,
        "The figures you own, and which lists you can field.",
    ),
    Section(
        "print-jobs",
        "Print jobs",
        "api:print-job-list",
        True,
        "Cards, rosters and schematics rendered to PDF.",
    ),
    Section(
        "tokens",
        "API tokens",
        "api:token-list",
        True,
        "Your personal tokens: make and revoke them.",
    ),
    Section("me", "Your account", "api:auth-me", True, "Who the token belongs to."),
    Section(
        "login", "Log in", "api:auth-login", False, "POST a username and password: a new token."
    ),
    Section(
        "signup",
        "Sign up",
        "api:auth-signup",
        False,
        "POST a username and password: a new account.",
    ),
)
"""What the index lists, in reading order: the public catalogue, then the engine, then a
player's own things and the account."""

EXAMPLE = {
    "title": "Muster API",
    "version": "v1",
    "documentation": {
        "swagger": "http://127.0.0.1:8000/api/docs/",
        "redoc": "http://127.0.0.1:8000/api/docs/redoc/",
        "openapi": "http://127.0.0.1:8000/api/v1/schema/",
    },
    "authentication": "Send 'Authorization: Token <key>'; make a key at /accounts/.",
    "sections": [
        {
            "key": "systems",
            "title": "Game systems",
            "url": "http://127.0.0.1:8000/api/v1/systems/",
            "token_required": False,
            "about": "The five games and their kinds of list.",
        }
    ],
}


def api_index(request: Any) -> dict[str, Any]:
    """The index as data, every link absolute for the address the request came to."""

    def link(route: str) -> str:
        return str(request.build_absolute_uri(reverse(route)))

    return {
        "title": "Muster API",
        "version": "v1",
        "documentation": {
            "swagger": link("api-docs"),
            "redoc": link("api-redoc"),
            "openapi": link("api:schema"),
        },
        "authentication": (
            "Send 'Authorization: Token <key>'; make a key on your account page, "
            f"{link('account')}, or by POSTing to {link('api:auth-login')}."
        ),
        "sections": [
            {
                "key": s.key,
                "title": s.title,
                "url": link(s.route),
                "token_required": s.token,
                "about": s.about,
            }
            for s in SECTIONS
        ],
    }


_SECTION_FIELDS: dict[str, serializers.Field[Any, Any, Any, Any]] = {
    "key": serializers.CharField(),
    "title": serializers.CharField(),
    "url": serializers.URLField(),
    "token_required": serializers.BooleanField(),
    "about": serializers.CharField(),
}


class ApiIndexApi(PublicApi):
    """``GET /api/v1/``: where everything is."""

    @extend_schema(
        operation_id="api_index",
        tags=["api"],
        summary="The API's sections and their links",
        responses={
            200: inline_serializer(
                "ApiIndex",
                {
                    "title": serializers.CharField(),
                    "version": serializers.CharField(),
                    "documentation": serializers.DictField(child=serializers.URLField()),
                    "authentication": serializers.CharField(),
                    "sections": inline_serializer("ApiSection", _SECTION_FIELDS, many=True),
                },
            )
        },
        examples=[response_example("The index", EXAMPLE)],
    )
    def get(self, request: Request) -> Response:
        return Response(api_index(request))
