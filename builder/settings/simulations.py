"""Simulation settings: what answers inline, and how many jobs one user may keep going.

The engine's own limits (runs, models a side, the work of one simulation) live in
``rules_engine/limits.py`` and hold for every caller; these only choose how the site serves
work within them (docs/limits.md, "Simulations").
"""

from builder.settings.base import env

# Work (runs x the models of both sides) answered inline by POST /api/v1/engine/simulate/;
# more becomes a job. About 40,000 to 60,000 model-runs a second on one core: at most a
# few seconds, far inside a web worker's timeout.
SIMULATION_INLINE_MAX_WORK = env.int("SIMULATION_INLINE_MAX_WORK", default=150_000)
# Simulation jobs one user may have queued or running at once (at least 1); one more is a 429.
SIMULATION_JOBS_PER_USER = env.int("SIMULATION_JOBS_PER_USER", default=3)
