"""Security settings shared by every environment: log-in lockout and the content policy.

The Content-Security-Policy is the same in development and production, so a page that breaks
it breaks on a developer's machine first. HTTPS-only settings (HSTS, redirects, secure
cookies) live in ``production.py``.
"""

from csp.constants import NONE, SELF

# django-axes: repeated failed log-ins (admin and accounts pages) lock the username from
# that address for an hour; a successful log-in clears the count.
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = 1  # hours
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_ENABLE_ADMIN = True

# django-csp 4: scripts, styles, fonts and images only from this site.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}

X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
SESSION_COOKIE_HTTPONLY = True
# A locked-out API client gets the API's error shape; a browser gets a page.
AXES_LOCKOUT_CALLABLE = "builder.accounts.lockout.lockout_response"
