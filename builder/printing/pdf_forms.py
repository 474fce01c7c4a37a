"""A laid-out page turned into a PDF form, so one layout can be drawn on many pages.

Cards on a sheet and tables on a card are both placed this way: WeasyPrint lays each out
once, and pypdf draws the result wherever it is printed.
"""

from __future__ import annotations

from typing import Any


def page_form(writer: Any, page: Any, width: float, height: float) -> Any:
    """``page``'s drawing as a form XObject of ``width`` × ``height`` points, added to
    ``writer`` (a blank page gives an empty form)."""
    from pypdf.generic import ArrayObject, DecodedStreamObject, FloatObject, NameObject

    form = DecodedStreamObject()
    contents = page.get_contents()
    form.set_data(contents.get_data() if contents is not None else b"")
    form[NameObject("/Type")] = NameObject("/XObject")
    form[NameObject("/Subtype")] = NameObject("/Form")
    form[NameObject("/BBox")] = ArrayObject(
        [FloatObject(0), FloatObject(0), FloatObject(width), FloatObject(height)]
    )
    form[NameObject("/Resources")] = page["/Resources"]
    return writer._add_object(form)
