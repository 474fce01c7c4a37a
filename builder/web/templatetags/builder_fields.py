"""The builder's option lists, written in Python rather than by template loops.

A warband's entries each draw every archetype, weapon and upgrade as options: thousands of
them on an add or a remove, where a template loop spent most of the request's time (each
option paid for a loop step, an ``if``, lookups and a localised value). These tags write
exactly the markup the loops wrote, a few times faster.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable
from typing import Any

from django import template
from django.template.base import render_value_in_context
from django.template.context import Context
from django.utils.safestring import SafeString, mark_safe

from builder.games.forms import EntryField

register = template.Library()


def _texter(context: Context) -> Callable[[Any], str]:
    """How the template shows a value (``{{ value }}``): escaped, numbers localised."""

    def text(value: Any) -> str:
        if type(value) is str:  # not a SafeString, which is shown as it is
            return html.escape(value)  # what Django's escape does, without its wrappers
        return str(render_value_in_context(value, context))

    return text


def _within(value: Any, values: Any) -> bool:
    """The template's ``value in values``: false where ``values`` holds nothing to search."""
    try:
        return value in values
    except TypeError:
        return False


def _options(field: EntryField) -> Iterable[tuple[Any, Any, Any]]:
    return field.options or ()


@register.simple_tag(takes_context=True)
def select_options(context: Context, field: EntryField) -> SafeString:
    """A select's options after its blank one: the chosen one selected, the ones the rules
    or the collection refuse disabled, each note in brackets."""
    text = _texter(context)
    chosen, disabled = field.value, field.disabled
    parts = []
    for value, label, note in _options(field):
        if value == chosen:
            mark = " selected"
        elif _within(value, disabled):
            mark = " disabled"
        else:
            mark = ""
        said = f" ({text(note)})" if note else ""
        parts.append(f'<option value="{text(value)}"{mark}>{text(label)}{said}</option>')
    return mark_safe("".join(parts))  # every value escaped above


@register.simple_tag(takes_context=True)
def chosen_labels(context: Context, field: EntryField) -> SafeString:
    """The labels of a check list's ticked options, for its folded summary."""
    text = _texter(context)
    picked = field.value
    return mark_safe(  # every value escaped
        "".join(
            f"<span>{text(label)}</span>"
            for value, label, _note in _options(field)
            if _within(value, picked)
        )
    )


@register.simple_tag(takes_context=True)
def check_boxes(context: Context, index: Any, field: EntryField) -> SafeString:
    """A check list's boxes, named ``e<index>-<field>``, the chosen ones ticked.

    In a builder redrawn by htmx, a closed entry's boxes wait in a ``<template>`` (parsed,
    but no part of the page htmx walks) with the ticked values as hidden fields, so the
    form posts the same; the script puts the boxes in when the entry is opened. A warband
    holds thousands of boxes, nearly all in closed entries."""
    text = _texter(context)
    picked = field.value
    name = f"e{text(index)}-{text(field.name)}"
    parts = []
    for value, label, note in _options(field):
        v = text(value)
        ticked = " checked" if _within(value, picked) else ""
        parts.append(
            f'<label><input type="checkbox" id="{name}-{v}" name="{name}" value="{v}"{ticked}>'
            f' <span>{text(label)} <small class="muted">{text(note)}</small></span></label>'
        )
    boxes = "".join(parts)
    if not context.get("lean_closed") or index == context.get("open_entry"):
        return mark_safe(boxes)  # every value escaped above
    kept = "".join(
        f'<input type="hidden" name="{name}" value="{text(value)}" data-until-opened>'
        for value, _label, _note in _options(field)
        if _within(value, picked)
    )
    return mark_safe(f'{kept}<template class="boxes-to-open">{boxes}</template>')
