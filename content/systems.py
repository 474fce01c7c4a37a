"""The five game systems Muster knows, with the rule book each comes from."""

from __future__ import annotations

SYSTEMS: dict[str, tuple[str, str]] = {
    "cs-air-action": ("Crimson Skies: Air Action", "001_b3fd56ffbc849938.txt"),
    "cs-aces": ("Crimson Skies: Aces", "000_e4e1c8a4d28ca1dd.txt"),
    "crimson-dust": ("Crimson Dust", "003_157d3ea1ab1b2229.txt"),
    "black-skies": ("Black Skies", "002_9c61f0ebbfb1256c.txt"),
    "cs-hex": ("Crimson Skies hex-map rules", "004_5f35beb3cfa88850.txt"),
}
"""slug -> (name, seed file)."""
