"""The public, stateless side of the API: the published catalogue (systems, packs, every
record type) and the engine's answers over it (check, cost, odds).

Endpoints need ``builder.api``'s base classes, and ``content`` sits below all of builder,
so its endpoints live here; ``builder.engine`` is below ``builder.api`` and holds none.
``owned=true`` filters by a collection, so this app sits above ``builder.collections``.
"""
