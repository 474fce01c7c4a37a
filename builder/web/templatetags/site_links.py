"""Absolute links the pages hand out, built from the site's one configured address."""

from __future__ import annotations

from django import template

from builder.core.site import share_link as _share_link

register = template.Library()


@register.simple_tag
def share_link(token: str) -> str:
    """The address a player sends an opponent: the same one the roster's QR code prints."""
    return _share_link(token)
