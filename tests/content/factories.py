"""factory_boy factories for catalogue rows (``.build()`` when no database is needed)."""

from __future__ import annotations

import factory

from content import models


class GameSystemFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = models.GameSystem
        django_get_or_create = ("slug",)

    slug = "cs-aces"
    name = "Crimson Skies: Aces"
    seed = "000_e4e1c8a4d28ca1dd.txt"


class FigureFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = models.Figure

    system = factory.SubFactory(GameSystemFactory)
    stable_id = factory.Sequence(lambda n: f"figure-{n}")
    name = factory.Sequence(lambda n: f"Figure {n}")
    source = factory.LazyFunction(lambda: {"seed": "000_e4e1c8a4d28ca1dd.txt", "section": "Aces"})
    data = factory.LazyFunction(lambda: {"kind": "ace", "point_value": 10})
