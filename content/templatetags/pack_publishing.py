"""``{% publish_notice original opts %}``: on every catalogue page where content is edited,
that edits reach players only once their pack is published, with the way there."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString

from content.admin_publish import change_count_text, publish_url
from content.models import CatalogueRecord, ContentPack
from content.services.publishing import unpublished_changes

register = template.Library()


@register.simple_tag
def publish_notice(original: Any, opts: Any) -> SafeString | str:
    """The notice for a pack's or a record's change page ('' on other pages)."""
    if isinstance(original, ContentPack):
        text = change_count_text(unpublished_changes(original))
        return format_html(
            '<p class="muster-publish-notice" id="publish-notice"><strong>{}</strong>. '
            '<a href="{}">See what publishing would change, and publish</a>.</p>',
            text,
            publish_url(original),
        )
    if isinstance(original, CatalogueRecord) and original.pack_id:
        pack = original.pack
        return format_html(
            '<p class="muster-publish-notice" id="publish-notice">Edits reach players when '
            'pack <strong>{}</strong> is published ({}). <a href="{}">Review and publish {}</a>.'
            "</p>",
            pack.pack_id,
            change_count_text(unpublished_changes(pack)).lower(),
            publish_url(pack),
            pack.pack_id,
        )
    model = getattr(opts, "model", None)
    if isinstance(model, type) and issubclass(model, CatalogueRecord):
        return format_html(
            '<p class="muster-publish-notice" id="publish-notice">{}</p>',
            "A new record reaches players when its pack is published: the pack's page says "
            "what is waiting and publishes it.",
        )
    return ""
