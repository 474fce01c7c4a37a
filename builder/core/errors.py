"""One error type for the players' apps; the API maps it (and Django's and the engine's) to
a single 4xx shape: ``{"code", "message", "details": [{"path", "field", "message"}]}``.

Every code the project answers is a member of ``ErrorCode``, spelt in snake_case like
DRF's own (``not_found``, ``throttled``, ``parse_error``); one condition has one code
wherever it happens. docs/api/errors.md lists them with their status and an example. The
engine's own codes (violation codes such as ``cs-aces.unknown-figure``, the CLI's JSON
error codes) are a separate vocabulary and keep their spelling.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class ErrorCode(StrEnum):
    """The ``code`` of every error answer and of every failed job's ``error``."""

    # The request itself
    INVALID = "invalid"
    """A field, query parameter or print option of the wrong type, range or name."""
    BAD_DOCUMENT = "bad_document"
    """A list, design, scenario or odds parameter the engine cannot read."""
    BAD_TEXT = "bad_text"
    """A control character in a path or query parameter, or a NUL in JSON text."""
    BAD_REQUEST = "bad_request"
    """A body the server cannot read at all (too many fields, a broken upload)."""
    PARSE_ERROR = "parse_error"
    """The body is not JSON or not UTF-8."""
    JSON_TOO_DEEP = "json_too_deep"
    """The body is nested deeper than the engine reads."""
    TOO_MANY_ENTRIES = "too_many_entries"
    """A list with more entries than the engine checks."""
    TOO_MANY_RUNS = "too_many_runs"
    """A simulation asking for more runs than one request may."""
    REQUEST_TOO_LARGE = "request_too_large"
    """A body over the size limit."""

    # Signing in and accounts
    NOT_AUTHENTICATED = "not_authenticated"
    """No token and no session."""
    AUTHENTICATION_FAILED = "authentication_failed"
    """A token that is wrong, expired or revoked."""
    PERMISSION_DENIED = "permission_denied"
    """Signed in, but not allowed to do this."""
    USERNAME_TAKEN = "username_taken"
    """A new account's username that another account has already, in any case."""
    INVALID_CREDENTIALS = "invalid_credentials"
    """A username or password (or the current password) that does not match."""
    LOCKED_OUT = "locked_out"
    """Too many failed log-ins from this client."""
    WEAK_PASSWORD = "weak_password"
    """A new password the password validators refuse."""
    INVALID_RESET_LINK = "invalid_reset_link"
    """A password-reset link that is wrong, used or expired."""
    TOO_MANY_TOKENS = "too_many_tokens"
    """Creating an API token past the per-user limit."""

    # Addresses and methods
    NOT_FOUND = "not_found"
    """No such resource, or it is someone else's (the two look the same)."""
    METHOD_NOT_ALLOWED = "method_not_allowed"
    """An HTTP method the address does not answer."""
    NOT_ACCEPTABLE = "not_acceptable"
    """An ``Accept`` header no renderer satisfies."""
    UNSUPPORTED_MEDIA_TYPE = "unsupported_media_type"
    """A body in a content type the address does not read."""
    THROTTLED = "throttled"
    """Too many requests; ``Retry-After`` says how long to wait."""
    SERVER_ERROR = "server_error"
    """Our bug: logged, answered without a traceback."""

    # Saved lists and their exchange files
    NO_CONTENT = "no_content"
    """A list for a game system with no content pack loaded."""
    IMMUTABLE_FIELD = "immutable_field"
    """A saved list's new document with another system or kind."""
    NOT_IN_TRASH = "not_in_trash"
    """Restoring a list that is not in the trash."""
    TRASH_EXPIRED = "trash_expired"
    """Restoring a list that has been in the trash too long."""
    BAD_FILE = "bad_file"
    """An exchange or backup file that is not one."""
    TOO_MANY_LISTS = "too_many_lists"
    """A backup holding more lists than one import takes."""
    IMPORT_REFUSED = "import_refused"
    """An import with any problem: nothing is imported."""
    STALE_RESULT = "stale_result"
    """Accepting a known-good list's result after the pack was edited again."""
    REPORT_CLOSED = "report_closed"
    """Acting on a list report that a maintainer has already handled."""

    # Collections and catalogue records
    UNKNOWN_SYSTEM = "unknown_system"
    """A game system slug with no system loaded."""
    UNKNOWN_RECORD = "unknown_record"
    """A record id that names nothing in the catalogue."""
    NOT_COLLECTABLE = "not_collectable"
    """A record type a collection does not hold."""
    DUPLICATE_ITEM = "duplicate_item"
    """Adding a record the collection holds already."""

    # Printing
    UNKNOWN_LIST = "unknown_list"
    """Printing a saved list that does not exist or is not yours."""
    NOTHING_TO_PRINT = "nothing_to_print"
    """A print request that selects no card."""
    NOT_PRINTABLE = "not_printable"
    """A record of a kind the requested sheet does not print."""
    NOT_A_PLANE = "not_a_plane"
    """A schematic of a list that is not a plane design."""
    RENDER_TIMEOUT = "render_timeout"
    """A print job whose sheet took longer than the render time limit."""
    RENDER_UNAVAILABLE = "render_unavailable"
    """A print job the machine could not render after its retries."""
    RENDER_FAILED = "render_failed"
    """A print job whose render failed unexpectedly (our bug, logged)."""

    # Jobs
    NOT_READY = "not_ready"
    """A job's result or PDF before it is done (a print job's also once it failed)."""
    SIMULATION_FAILED = "simulation_failed"
    """Asking for the result of a simulation job that failed."""
    SIMULATION_CANCELLED = "simulation_cancelled"
    """Asking for the result of a simulation job that was cancelled."""
    NOT_CANCELLABLE = "not_cancellable"
    """Cancelling a job that is done or failed."""
    JOB_QUOTA = "job_quota"
    """Starting a job while the per-user number of queued or running jobs is reached."""

    # The game table
    WRONG_SYSTEM = "wrong_system"
    """Bringing a list of another game system to a game."""
    ALREADY_SEATED = "already_seated"
    """Joining a game one is already playing or refereeing."""
    GAME_NOT_OPEN = "game_not_open"
    """Joining, or adding dice entropy, after the first roll."""
    GAME_NOT_PLAYING = "game_not_playing"
    """Acting in a game that has not started or has ended."""
    NOTHING_TO_UNDO = "nothing_to_undo"
    """A correction of an entry that is not a roll, or one already reversed."""

    # Campaigns
    NO_CAMPAIGN_RULES = "no_campaign_rules"
    """A campaign of a game whose book gives no campaign rules."""
    GAME_NOT_ENDED = "game_not_ended"
    """Reading or applying a campaign game's experience before the game has ended."""


@dataclass
class ApplicationError(Exception):
    """A request that cannot be honoured: a stable code, a player's message, and details."""

    code: ErrorCode
    message: str
    details: list[dict[str, Any]] = field(default_factory=list)
    status: int = 400

    def __str__(self) -> str:
        return self.message
