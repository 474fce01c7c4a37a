"""What a simulation needs, checked before it runs inline or is queued as a job.

The API and the fight pages both refuse an unreadable list or too much work here, at
once, rather than letting a worker fail on it later.
"""

from __future__ import annotations

from typing import Any

from builder import engine
from content.api_selectors import engine_catalogue, list_pins


def simulation_checked(values: dict[str, Any]) -> int:
    """Everything a simulation needs is readable and its work within the engine's limit:
    refused now rather than failing in a worker. Returns the work (model-runs)."""
    return engine.simulation_inputs(
        simulation_catalogue(values["list_a"], values["list_b"]),
        values["list_a"],
        values["list_b"],
        scenario=values["scenario"],
        runs=values["runs"],
        seed=values["seed"],
    )


def simulation_catalogue(list_a: Any, list_b: Any) -> Any:
    """The catalogue both lists name (list_a's pins win where both pin the same pack)."""
    pins = {**list_pins(list_b if isinstance(list_b, dict) else {}), **list_pins(list_a)}
    return engine_catalogue(pins)
