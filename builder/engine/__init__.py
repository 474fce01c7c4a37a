"""The one door from Django into the rules engine.

Pages, the API, saved lists, printing and simulations reach the engine only through here:
the checked list (``list_checked``: the verdict on a document against the catalogue the one
policy in ``content.catalogues`` resolves), the engine's calls as JSON, its limits, its
bounded JSON reader, and its errors in the API's shape (``bad_document_error``).
"""

from builder.engine.calls import (
    MAX_ENTRIES,
    MAX_JSON_DEPTH,
    MAX_MODEL_RUNS,
    MAX_RUNS,
    MAX_SEED,
    SYSTEMS,
    check,
    cost,
    dice_needed,
    dice_words,
    json_depth,
    merge_blocks,
    nesting_depth,
    odds,
    odds_queries,
    parse_json,
    plan_blocks,
    procedures,
    resolve,
    simulate,
    simulate_block,
    simulation_inputs,
    simulation_max_runs,
    simulation_work,
    system_module,
    unpriced_items,
    validate,
)
from builder.engine.checked import (
    CheckedList,
    checked_list,
    list_checked,
    list_checked_against,
    verdict_of,
)
from builder.engine.errors import bad_document_error, error_details
from builder.engine.paths import field_of
from builder.engine.wording import (
    error_summary,
    place_in_words,
    problem_in_words,
    schema_message_in_words,
)
from rules_engine import BadDocument, Catalogue, Record, Verdict
from rules_engine.catalogue import thaw
from rules_engine.listdoc import list_schema_path

__all__ = [
    "MAX_ENTRIES",
    "MAX_JSON_DEPTH",
    "MAX_MODEL_RUNS",
    "MAX_RUNS",
    "MAX_SEED",
    "SYSTEMS",
    "BadDocument",
    "Catalogue",
    "CheckedList",
    "Record",
    "Verdict",
    "bad_document_error",
    "check",
    "checked_list",
    "cost",
    "dice_needed",
    "dice_words",
    "error_details",
    "error_summary",
    "field_of",
    "json_depth",
    "list_checked",
    "list_checked_against",
    "list_schema_path",
    "merge_blocks",
    "nesting_depth",
    "odds",
    "odds_queries",
    "parse_json",
    "place_in_words",
    "plan_blocks",
    "problem_in_words",
    "procedures",
    "resolve",
    "schema_message_in_words",
    "simulate",
    "simulate_block",
    "simulation_inputs",
    "simulation_max_runs",
    "simulation_work",
    "system_module",
    "thaw",
    "unpriced_items",
    "validate",
    "verdict_of",
]
