"""Security settings shared by every environment: log-in lockout and the content policy."""

AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = 1  # hours
