"""E-mail notices for play by post: who opted in hears when the table moves on without them.

Sent after the transaction commits, so a refused action sends nothing; the site's
``EMAIL_BACKEND`` decides how (the console by default, docs/operations.md).
"""

from __future__ import annotations

from django.conf import settings
from django.core.mail import send_mass_mail
from django.db import transaction
from django.urls import reverse

from builder.play.models import Game


def _recipients(game: Game, *, besides: int | None, referee_only: bool) -> list[str]:
    seats = [] if referee_only else game.seats.select_related("user").filter(notify=True)
    out = [s.user.email for s in seats if s.user_id != besides and s.user.email]
    referee = game.referee
    if game.referee_notify and referee is not None and referee.pk != besides and referee.email:
        out.append(referee.email)
    return sorted(set(out))


def _address(game: Game) -> str:
    site = str(getattr(settings, "SITE_URL", "")).rstrip("/")
    return f"{site}{reverse('web:game', kwargs={'public_id': game.public_id})}"


def notify(
    game: Game, what: str, *, besides: int | None = None, referee_only: bool = False
) -> None:
    """Tell everyone at ``game`` who asked for notices (but ``besides``) that ``what``;
    ``referee_only`` for what only the referee may read of (a player's orders came in)."""
    recipients = _recipients(game, besides=besides, referee_only=referee_only)
    if not recipients:
        return
    subject = f"{game.title}: {what}"[:150]
    body = f"{what}\n\nThe table: {_address(game)}\n"
    messages = [(subject, body, settings.DEFAULT_FROM_EMAIL, [r]) for r in recipients]
    transaction.on_commit(lambda: send_mass_mail(messages, fail_silently=True))
