"""How much work the engine takes on for one request, checked before any work starts.

Every limit here is documented in docs/limits.md; input past one is a ``BadDocument`` naming
the place and the limit, never a crash or a run that does not end.
"""

from __future__ import annotations

MAX_RUNS = 10_000_000
"""Runs per simulation. Runs are played in blocks, so memory does not grow with runs."""

MAX_SEED = 2**63 - 1
"""Seeds are whole numbers from 0 to this."""

BLOCK_RUNS = 10_000
"""Runs per block of a simulation; block i's random stream depends on (seed, i) only."""
