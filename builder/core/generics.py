"""Django's classes the code subscripts at run time (``admin.ModelAdmin[Figure]``), made
subscriptable for the type checker's sake.

django-stubs' ``monkeypatch()`` does the same for some forty classes, and imports feeds,
sitemaps, sessions and class-based views to reach them: at settings time, on every
start-up of every command. These are the ones the code subscripts where Python evaluates it
(a class's bases); the subclasses (``TabularInline``, ``UserAdmin``, ``UserCreationForm``)
inherit it.
"""

from __future__ import annotations

from typing import Any


def _class_getitem(cls: type, item: Any) -> type:
    return cls


def subscriptable() -> None:
    """Give the classes without it a ``__class_getitem__`` that returns the class itself."""
    from django.contrib.admin.options import BaseModelAdmin
    from django.core.paginator import Paginator
    from django.forms.models import BaseModelForm

    classes: tuple[Any, ...] = (BaseModelAdmin, BaseModelForm, Paginator)
    for cls in classes:
        if "__class_getitem__" not in vars(cls):
            cls.__class_getitem__ = classmethod(_class_getitem)
